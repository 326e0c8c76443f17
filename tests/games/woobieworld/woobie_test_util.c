/*
 * woobie_test_util.c - see woobie_test_util.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "game_test.h"
#include "rng.h"
#include "wb_err.h"
#include "woobie.h"
#include "woobie_int.h"

#include "woobie_test_util.h"

const game_kind *const K = &game_woobie;

/* The events of the last accepted action (last.ev), for event(). */
static gt last;

int teardown(void **state)
{
    (void)state;
    json_decref(last.ev);
    last.ev = NULL;
    return 0;
}

int make_rc(int n, const char *opts, uint64_t seed, ww_state **st, char **why)
{
    gt t;
    int rc = gt_try_make(&t, K, n, opts, seed);
    *st = t.st;
    *why = t.why;
    return rc;
}

ww_state *make(int n, const char *opts, uint64_t seed)
{
    gt t;
    gt_make(&t, K, n, opts, seed);
    return t.st;
}

static int save_is(const ww_state *st, const json_t *saved)
{
    json_t *s = K->save(st);
    int eq = json_equal(s, saved);
    json_decref(s);
    return eq;
}

void round_trip(const ww_state *st)
{
    json_t *s = K->save(st);
    void *copy = NULL;
    char *why = NULL;
    if (K->load(s, &copy, &why))
        fail_msg("load of a saved state: %s", why);
    assert_true(save_is(copy, s));
    K->destroy(copy);
    json_decref(s);
}

/* Apply `body` from `seat`; a refusal must change nothing (and its reason
 * is kept in `refused`). */
char refused[512];

/* gt_act on st at GT_T0: a refusal changes nothing and says why. */
static int apply(ww_state *st, int seat, const char *body, char **why)
{
    gt t = {.k = K, .st = st, .dicts = gt_dicts, .now = GT_T0};
    int rc = gt_act(&t, seat, "%s", body);
    *why = t.why;
    if (!rc) {
        json_decref(last.ev);
        last.ev = t.ev;
        round_trip(st);
    }
    return rc;
}

int act(ww_state *st, int seat, const char *body)
{
    char *why = NULL;
    int rc = apply(st, seat, body, &why);
    snprintf(refused, sizeof refused, "%s", why ? why : "");
    free(why);
    return rc;
}

void ok(ww_state *st, int seat, const char *fmt, ...)
{
    char body[512], *why = NULL;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    if (apply(st, seat, body, &why))
        fail_msg("seat %d %s refused: %s", seat, body, why);
    free(why);
}

int A(const ww_state *st, const char *id)
{
    int a = ww_area_find(st->map, id);
    if (a < 0)
        fail_msg("no area %s", id);
    return a;
}

int card_named(const ww_state *st, const char *name)
{
    for (int i = 0; i < st->deck->n; i++)
        if (strcmp(st->deck->c[i].name, name) == 0)
            return i;
    fail_msg("no card %s", name);
    return -1;
}

/* Put the card called `name` (from the draw pile, the discard pile or
 * another hand) into the seat's hand in place of its first card, which
 * goes where the named card was. */
int give(ww_state *st, int seat, const char *name)
{
    int16_t *where[WW_MAX_CARDS * 2];
    int n = 0;
    for (int i = 0; i < st->seat[seat].nhand; i++)
        if (strcmp(st->deck->c[st->seat[seat].hand[i]].name, name) == 0)
            return st->seat[seat].hand[i];
    for (int i = 0; i < st->ndraw; i++)
        where[n++] = &st->draw[i];
    for (int i = 0; i < st->ndiscard; i++)
        where[n++] = &st->discard[i];
    for (int p = 0; p < st->nseats; p++)
        for (int i = 0; p != seat && i < st->seat[p].nhand; i++)
            where[n++] = &st->seat[p].hand[i];
    for (int i = 0; i < n; i++)
        if (strcmp(st->deck->c[*where[i]].name, name) == 0) {
            int16_t c = *where[i];
            *where[i] = st->seat[seat].hand[0];
            st->seat[seat].hand[0] = c;
            return c;
        }
    fail_msg("no %s to give", name);
    return -1;
}

/* No environment comes into play unless a test puts it there: all of
 * them go to the discard pile. */
void calm(ww_state *st)
{
    int k = 0;
    while (st->nenv)
        st->discard[st->ndiscard++] = st->env[--st->nenv].card;
    for (int i = 0; i < st->ndraw; i++) {
        if (st->deck->c[st->draw[i]].type == WW_ENVIRONMENT)
            st->discard[st->ndiscard++] = st->draw[i];
        else
            st->draw[k++] = st->draw[i];
    }
    st->ndraw = k;
}

/* Take the `skip`-th card called `name` out of the draw or discard pile. */
int16_t take_card(ww_state *st, const char *name, int skip)
{
    int16_t *piles[2] = {st->draw, st->discard};
    int *n[2] = {&st->ndraw, &st->ndiscard};
    for (int p = 0; p < 2; p++)
        for (int i = *n[p] - 1; i >= 0; i--)
            if (strcmp(st->deck->c[piles[p][i]].name, name) == 0 && skip-- == 0) {
                int16_t c = piles[p][i];
                memmove(&piles[p][i], &piles[p][i + 1], (size_t)(*n[p] - i - 1) * sizeof c);
                (*n[p])--;
                return c;
            }
    fail_msg("no %s in the draw or discard pile", name);
    return -1;
}

/* Put the card called `name` on top of the draw pile. */
void on_top(ww_state *st, const char *name, int skip)
{
    int16_t c = take_card(st, name, skip);
    st->draw[st->ndraw++] = c;
}

/* Put the environment called `name` on the table. */
void to_table(ww_state *st, const char *name, int caretaker)
{
    int16_t c = take_card(st, name, 0);
    st->env[st->nenv++] = (ww_table_card){c, (int8_t)caretaker};
}

/* Set the pieces of `kind` at an area to n, through the supply. */
void put(ww_state *st, const char *area, int kind, int n)
{
    int a = A(st, area);
    st->supply[kind] += st->support[a][kind] - n;
    st->support[a][kind] = n;
    assert_true(st->supply[kind] >= 0);
}

void put_ind(ww_state *st, const char *area, int colour, int n)
{
    int a = A(st, area);
    st->supply_ind[colour] += st->industries[a][colour] - n;
    st->industries[a][colour] = n;
    assert_true(st->supply_ind[colour] >= 0);
}

int sup(const ww_state *st, const char *area, int kind)
{
    return st->support[A(st, area)][kind];
}

/* Every seat picks its home in turn (homes[i] for seat i), red support. */
void homes(ww_state *st, const char *const *h)
{
    for (int i = 0; i < st->nseats; i++)
        ok(st, i, "{\"type\":\"home\",\"area\":\"%s\",\"colour\":\"red\"}", h[i]);
}

/* Skip the support and industry phases of the player to act. */
void to_play(ww_state *st)
{
    int p = st->player;
    assert_int_equal(st->phase, P_SUPPORT);
    ok(st, p, "{\"type\":\"skip\"}");
    if (st->phase == P_INDUSTRY)
        ok(st, p, "{\"type\":\"skip\"}");
    assert_int_equal(st->phase, P_PLAY);
}

void play(ww_state *st, int card)
{
    ok(st, st->player, "{\"type\":\"play\",\"card\":%d}", card);
}

void decide(ww_state *st, const char *choice)
{
    assert_int_equal(st->phase, P_EFFECT);
    ok(st, st->run.ask_seat, "{\"type\":\"decide\",\"choice\":\"%s\"}", choice);
}

json_t *event(const char *type)
{
    return gt_event(&last, type);
}

/* The default four-player table: homes Doom Grove (0), Woobania (1),
 * Cheeseport (2), Muckmire (3); the play phase of seat 0. */
const char *const four[] = {"doom-grove", "woobania", "cheeseport", "muckmire"};

ww_state *table4(uint64_t seed)
{
    ww_state *st = make(4, "{}", seed);
    calm(st);
    homes(st, four);
    return st;
}

int in_hand_named(const ww_state *st, int seat, const char *name)
{
    for (int i = 0; i < st->seat[seat].nhand; i++)
        if (strcmp(st->deck->c[st->seat[seat].hand[i]].name, name) == 0)
            return 1;
    return 0;
}
