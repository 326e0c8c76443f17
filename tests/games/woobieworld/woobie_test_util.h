/*
 * woobie_test_util.h - what the Woobieworld test programs share
 * (test_woobie_setup.c, test_woobie_effects.c, test_woobie_play.c): matches
 * made, acted on and checked through the game interface in the shared
 * harness (game_test.h: gt_try_make, gt_act with its check that a refusal
 * changes nothing, gt_event) on the plain C state; scenes arranged by
 * editing the plain C state (woobie_int.h), keeping every card and piece in
 * exactly one place, so load() accepts every state a test makes.
 */
#ifndef WOOBIE_TEST_UTIL_H
#define WOOBIE_TEST_UTIL_H

#include <stdint.h>

#include <jansson.h>

#include "game.h"
#include "woobie_int.h"

extern const game_kind *const K;
int teardown(void **state);
int make_rc(int n, const char *opts, uint64_t seed, ww_state **st, char **why);
ww_state *make(int n, const char *opts, uint64_t seed);
void round_trip(const ww_state *st);

/* Apply `body` from `seat`; a refusal must change nothing (and its reason
 * is kept in `refused`). */
extern char refused[512];

int act(ww_state *st, int seat, const char *body);
void ok(ww_state *st, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int A(const ww_state *st, const char *id);
int card_named(const ww_state *st, const char *name);

/* Put the card called `name` (from the draw pile, the discard pile or
 * another hand) into the seat's hand in place of its first card, which
 * goes where the named card was. */
int give(ww_state *st, int seat, const char *name);

/* No environment comes into play unless a test puts it there: all of
 * them go to the discard pile. */
void calm(ww_state *st);

/* Take the `skip`-th card called `name` out of the draw or discard pile. */
int16_t take_card(ww_state *st, const char *name, int skip);

/* Put the card called `name` on top of the draw pile. */
void on_top(ww_state *st, const char *name, int skip);

/* Put the environment called `name` on the table. */
void to_table(ww_state *st, const char *name, int caretaker);

/* Set the pieces of `kind` at an area to n, through the supply. */
void put(ww_state *st, const char *area, int kind, int n);

void put_ind(ww_state *st, const char *area, int colour, int n);
int sup(const ww_state *st, const char *area, int kind);

/* Every seat picks its home in turn (homes[i] for seat i), red support. */
void homes(ww_state *st, const char *const *h);

/* Skip the support and industry phases of the player to act. */
void to_play(ww_state *st);

void play(ww_state *st, int card);
void decide(ww_state *st, const char *choice);
json_t *event(const char *type);

/* The default four-player table: homes Doom Grove (0), Woobania (1),
 * Cheeseport (2), Muckmire (3); the play phase of seat 0. */
extern const char *const four[];

ww_state *table4(uint64_t seed);
int in_hand_named(const ww_state *st, int seat, const char *name);

#endif
