/*
 * dumb_scene.h - World Dumbination's test scenes: a real set-up, cleared
 * and arranged piece by piece (the rules are plain C, dumb_int.h), and the
 * rounds played on from it.  Failures end the test (cmocka's fail_msg).
 */
#ifndef DUMB_SCENE_H
#define DUMB_SCENE_H

#include <stdint.h>

#include <jansson.h>

#include "dumb_int.h"

/* The built-in board and cards, as embedded (board.txt, cards.json). */
extern const unsigned char dumbination_board_txt[];
extern const unsigned char dumbination_cards_json[];

/* A set-up of n players with this seed (a state to free()). */
dm_state *setup_n(int n, uint64_t seed);
/* The space at row, column of the board. */
int sp(const dm_state *s, int row, int col);
/* The set-up of `n` players with every piece taken off the board and
 * every cube home, in the movement phase of round 3 in seat order. */
dm_state *scene(int n);
/* A scene in the plan phase (no Dumbness cards around): each seat with
 * Ego and Popularity 6, 20 resources, an empty hand and a 4-base with a
 * unit on its nation's start space. */
dm_state *plan_scene(int n);
void put_base(dm_state *s, int seat, int space, int strength);
/* A unit of `seat` (its index) on `space`, which it owns if no one does. */
int put_unit(dm_state *s, int seat, int space);
/* Spaces between a and b on the board. */
int dist(const dm_state *s, int a, int b);
/* A new events array (to json_decref). */
json_t *evs(void);
/* A land space at exactly distance d from `from` (not `not`), -1 none. */
int land_at(const dm_state *s, int from, int d, int not);
/* The deck index of a card by id. */
int find(const dm_state *s, const char *id);
/* The first event of `type` (by `seat`, or any for -1) in ev, -1 none. */
int event_index(const json_t *ev, const char *type, int seat);
/* One round of the plan: each seat's left card (-1 none) and target. */
void plan_round(dm_state *s, const int *left, const int *target, json_t *ev);
/* Play the state on to the next round (or the end): Level 1 draws,
 * targets (the next seat's nation) and ready, auctions passed, done in
 * movement and buying. */
void play_out_round(dm_state *s, json_t *ev);

#endif
