/*
 * test_bots_hidden.c - the search bot decides from what its seat sees
 * and nothing else, for every registered game with a determinize hook.
 *
 * A match is played at random; at points along it, for each seat with
 * listed actions, a twin of the state is made that the seat cannot tell
 * from it (its view and its actions are the same) but that differs in
 * what it cannot see (the saves differ: other hands, the deck's order,
 * the dice).  Drawn with the same seed, both give the same sampled state
 * (the hook forgets what the seat cannot see), and the search bot,
 * handed each, makes the same decision with the same seed.  A game whose
 * hook kept any trace of the hidden part (an unsorted pool of cards, the
 * old rng) fails here.  A twin drawn by the hook itself cannot differ in
 * a part the hook forgets to draw, so Woobieworld also gets twins made by
 * hand (swapped_twin), and a second match in its speed variant (cards
 * face down), and World Dumbination a twin made by hand for each of its
 * secrets (test_dumbination_twins).
 *
 * Wibbell's bot is a word finder, not a search (bots.h): its twins are
 * checked by test_wibbell_word_finder below, the finder handed each twin's
 * true state within reach, which it must not read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "dict_fixture.h"
#include "bots.h"
#include "dict.h"
#include "game.h"
#include "registry.h"
#include "rng.h"
#include "wb_err.h"

static char *saved(const game_kind *k, const void *st)
{
    json_t *s = k->save(st);
    char *t = json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(s);
    return t;
}

/* The search's decision for `seat` handed the sample drawn from `st`. */
static json_t *decide(const game_kind *k, const void *st, int seat, size_t np, uint64_t seed,
                      char **sample)
{
    void *sampled = NULL;
    assert_int_equal(k->determinize(st, seat, seed, &sampled), WB_OK);
    *sample = saved(k, sampled);
    json_t *view = k->view(st, seat), *acts = k->actions(st, seat), *action = NULL;
    game_turn t = {k, "search", BOT_LEVEL_UNTIMED, seat, view, acts, seed + 1, NULL, sampled, np};
    int64_t delay;
    assert_int_equal(bot_decide(&t, &action, &delay), WB_OK);
    json_decref(view);
    json_decref(acts);
    k->destroy(sampled);
    return action;
}

/* The search's decision on `st` and the sample it was handed. */
typedef struct seen {
    json_t *decision;
    char *sample;
} seen;

/* `twin` against `st` (whose decision is `d`) for one seat at one point:
 * the seat cannot tell them apart, the search draws the same sample from
 * both and makes the same decision.  1 when the twin's save differs. */
static int check_pair(const game_kind *k, const void *st, const seen *d, const void *twin,
                      int seat, size_t np, uint64_t seed)
{
    json_t *v1 = k->view(st, seat), *v2 = k->view(twin, seat);
    json_t *a1 = k->actions(st, seat), *a2 = k->actions(twin, seat);
    assert_true(json_equal(v1, v2)); /* the seat cannot tell them apart */
    assert_true(json_equal(a1, a2));
    char *s1 = saved(k, st), *s2 = saved(k, twin);
    int differs = strcmp(s1, s2) != 0;
    char *p2;
    json_t *d2 = decide(k, twin, seat, np, seed, &p2);
    assert_string_equal(d->sample, p2); /* the same sample: nothing hidden kept */
    assert_true(json_equal(d->decision, d2));
    free(s1), free(s2), free(p2);
    json_decref(v1), json_decref(v2), json_decref(a1), json_decref(a2);
    json_decref(d2);
    return differs;
}

/* Woobieworld's twin made by hand, not by the hook under test (so a part
 * the hook forgot to draw again differs too): the save with a card of the
 * next seat's hand (not one it took back this turn: that one is public),
 * or its card face down while the cycle's cards are sealed, swapped with
 * a card of the draw pile, loaded back; NULL when no swap gives a state
 * the seat cannot tell apart (an environment or a volcano never loads in
 * a hand).  *sealed: the swap was of a card face down. */
static void *swapped_twin(const game_kind *k, const void *st, int seat, size_t np, int *sealed)
{
    json_t *save = k->save(st), *v = k->view(st, seat), *l = k->actions(st, seat);
    json_t *other = json_array_get(json_object_get(save, "seats"), (size_t)(seat + 1) % np);
    size_t ndraw = json_array_size(json_object_get(save, "draw"));
    size_t nhand = json_array_size(json_object_get(other, "hand"));
    json_int_t barred = json_integer_value(json_object_get(other, "barred"));
    *sealed = !strcmp(json_string_value(json_object_get(save, "phase")), "choose") &&
              json_integer_value(json_object_get(other, "chosen")) >= 0;
    void *twin = NULL;
    for (size_t i = 0; i < (*sealed ? 1 : nhand) && !twin; i++) {
        for (size_t j = ndraw; j-- > 0 && !twin;) {
            json_t *c = json_deep_copy(save);
            json_t *o = json_array_get(json_object_get(c, "seats"), (size_t)(seat + 1) % np);
            json_t *x = *sealed ? json_object_get(o, "chosen")
                                : json_array_get(json_object_get(o, "hand"), i);
            json_t *y = json_array_get(json_object_get(c, "draw"), j);
            json_int_t xv = json_integer_value(x), yv = json_integer_value(y);
            char *why = NULL;
            void *t = NULL;
            if (xv != barred && xv != yv) {
                json_integer_set(x, yv);
                json_integer_set(y, xv);
                if (k->load(c, &t, &why) == WB_OK) {
                    json_t *tv = k->view(t, seat), *tl = k->actions(t, seat);
                    if (json_equal(v, tv) && json_equal(l, tl))
                        twin = t, t = NULL;
                    json_decref(tv), json_decref(tl);
                }
            }
            if (t)
                k->destroy(t);
            free(why);
            json_decref(c);
        }
    }
    json_decref(save), json_decref(v), json_decref(l);
    return twin;
}

static int hand_twins, sealed_twins; /* checked on a twin made by hand */

/* One seat at one point: a twin drawn by the game's own hook with another
 * seed, and for Woobieworld one made by hand. */
static int check_seat(const game_kind *k, const void *st, int seat, size_t np, uint64_t seed)
{
    seen d;
    d.decision = decide(k, st, seat, np, seed, &d.sample);
    void *twin = NULL;
    assert_int_equal(k->determinize(st, seat, seed ^ 0xabcdef, &twin), WB_OK);
    int differs = check_pair(k, st, &d, twin, seat, np, seed);
    k->destroy(twin);
    int sealed = 0;
    if (!strcmp(k->name, "woobieworld") && (twin = swapped_twin(k, st, seat, np, &sealed))) {
        assert_int_equal(check_pair(k, st, &d, twin, seat, np, seed), 1);
        hand_twins++;
        sealed_twins += sealed;
        k->destroy(twin);
    }
    json_decref(d.decision);
    free(d.sample);
    return differs;
}

/* Play a match of `k` with `options` at random, checking every seat with
 * listed actions every fourth step (World Dumbination: every twelfth). */
static void play_checking(const game_kind *k, const char *options)
{
    static const char *const players[] = {"Ann", "Bob", "Cy", "Di"};
    size_t np = k->min_players < 2 ? 2 : k->min_players;
    game_ctx ctx = {NULL, 1000};
    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_loads(options, 0, NULL);
    assert_int_equal(k->create(&ctx, players, np, opts, 18, &st, &why), WB_OK);
    json_decref(opts);
    rng r;
    rng_seed(&r, 3);
    int checked = 0, differed = 0;
    hand_twins = sealed_twins = 0;
    /* a World Dumbination playout lists every move of every unit: fewer
     * points (test_dumbination_twins checks each of its secrets) */
    int every = strcmp(k->name, "world-dumbination") == 0 ? 12 : 4;
    for (int step = 0; step < 120 && !k->finished(st); step++) {
        json_t *pick = NULL;
        int who = -1;
        for (size_t s = 0; s < np; s++) {
            json_t *l = k->actions(st, (int)s);
            if (step % every == 0 && json_array_size(l)) {
                differed += check_seat(k, st, (int)s, np, (uint64_t)step * 7919);
                checked++;
            }
            size_t j, nfree = 0;
            json_t *a = NULL;
            json_array_foreach(l, j, a)
                nfree += !json_object_get(a, "$params");
            if (!pick && nfree) {
                size_t at = rng_below(&r, nfree);
                json_array_foreach(l, j, a)
                    if (!json_object_get(a, "$params") && at-- == 0)
                        break;
                pick = json_incref(a);
                who = (int)s;
            }
            json_decref(l);
        }
        json_t *ev = json_array();
        json_t *timer = json_pack("{s:s}", "type", "timer");
        int rc = pick ? k->apply(st, &ctx, who, pick, ev, &why)
                      : k->apply(st, &ctx, GAME_SEAT_SYSTEM, timer, ev, &why);
        json_decref(timer);
        free(why);
        why = NULL;
        json_decref(ev);
        json_decref(pick);
        if (rc != WB_OK)
            break;
    }
    printf("# %s %s: %d decisions checked, %d on a twin that differs; %d twins made by hand, "
           "%d of a card face down\n", k->name, options, checked, differed, hand_twins,
           sealed_twins);
    assert_true(checked > 0 && differed > 0);
    if (!strcmp(k->name, "woobieworld"))
        assert_true(hand_twins > 0 && (!strstr(options, "speed") || sealed_twins > 0));
    k->destroy(st);
}

/* Options that reach hidden parts the defaults do not: Woobieworld's
 * speed variant (cards face down until every seat has chosen). */
static const struct {
    const char *game, *options;
} variants[] = {
    {"woobieworld", "{\"speed\": true}"},
};

static void test_same_decision(void **state)
{
    (void)state;
    size_t nk, hooked = 0;
    const game_kind *const *kinds = game_registry(&nk);
    for (size_t i = 0; i < nk; i++) {
        const game_kind *k = kinds[i];
        if (!k->determinize || !bot_plays(k, "search")) /* Wibbell: below */
            continue;
        hooked++;
        play_checking(k, "{}");
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
            if (strcmp(k->name, variants[v].game) == 0)
                play_checking(k, variants[v].options);
    }
    /* Whirlpool Pond, Woodlouse Chaos, Woobieworld and World Dumbination */
    assert_true(hooked >= 4);
}

/* --- World Dumbination: twins made by hand ------------------------------
 * The loop above makes each twin with the hook itself, so a hook that
 * forgot a hidden part would pass there.  Here seat 0 plans in round 2 and
 * seat 1 is ready (a card face down on its left space, its target placed,
 * its First Goal flipped); the twin differs, in the saved state, in each
 * thing seat 0 cannot see: a card of seat 1's hand swapped with one of its
 * level's pile, a hand card past the hand's end, the pile's order, seat
 * 1's face-down card swapped with one of its hand, its OR side, its
 * target, which First Goal it picked and whether it flips it, a face-down
 * Dumbness card on the board swapped with one in the box, the dice. */

static const game_kind *kind_named(const char *name)
{
    size_t nk;
    const game_kind *const *kinds = game_registry(&nk);
    for (size_t i = 0; i < nk; i++)
        if (strcmp(kinds[i]->name, name) == 0)
            return kinds[i];
    fail();
    return NULL;
}

/* The first listed action of `seat` whose type comes first in `prefer`:
 * a card on the left space, a target once, "ready" flipping the First Goal
 * where it may (else plainly), or NULL. */
static json_t *scripted(const game_kind *k, const void *st, int seat,
                        const char *const *prefer)
{
    json_t *l = k->actions(st, seat), *a, *pick = NULL, *v = k->view(st, seat);
    int targeted = !json_is_null(
        json_object_get(json_array_get(json_object_get(v, "seats"), (size_t)seat), "target"));
    json_decref(v);
    for (const char *const *p = prefer; *p && !pick; p++) {
        if (targeted && strcmp(*p, "target") == 0)
            continue;
        size_t i;
        json_array_foreach(l, i, a) {
            const char *slot = json_string_value(json_object_get(a, "slot"));
            if (strcmp(json_string_value(json_object_get(a, "type")), *p) == 0 &&
                (!slot || strcmp(slot, "left") == 0) &&
                !json_is_false(json_object_get(a, "fund_goal")) &&
                !json_is_true(json_object_get(a, "corrupt"))) {
                pick = json_incref(a);
                break;
            }
        }
    }
    for (size_t i = 0; !pick && i < json_array_size(l); i++) /* "ready" without the goal */
        if (strcmp(json_string_value(json_object_get(json_array_get(l, i), "type")), "ready") == 0)
            pick = json_incref(json_array_get(l, i));
    json_decref(l);
    return pick;
}

#define IN_BOX 0 /* dumb_int.h's DM_IN_* as saved */
#define IN_HAND 5
#define IN_SLOT 6
#define IN_BOARD 8
#define IN_GOAL 10
#define NATION_PEACE 5

static json_t *card(json_t *cards, json_t *id)
{
    return json_array_get(cards, (size_t)json_integer_value(id));
}

static int is_type(json_t *cards, json_t *id, const char *type)
{
    return strcmp(json_string_value(json_object_get(card(cards, id), "type")), type) == 0;
}

static void set_int(json_t *arr, size_t i, json_int_t v)
{
    json_array_set_new(arr, i, json_integer(v));
}

/* Swap where[] of two cards. */
static void swap_where(json_t *where, json_t *a, json_t *b)
{
    size_t x = (size_t)json_integer_value(a), y = (size_t)json_integer_value(b);
    json_int_t wx = json_integer_value(json_array_get(where, x));
    set_int(where, x, json_integer_value(json_array_get(where, y)));
    set_int(where, y, wx);
}

static void test_dumbination_twins(void **state)
{
    (void)state;
    const game_kind *k = kind_named("world-dumbination");
    static const char *const players[] = {"Ann", "Bob"};
    static const char *const seat0[] = {"pick_goal", "draw", "ready", "target", "pass",
                                        "bomb", "done", NULL};
    static const char *const seat1[] = {"pick_goal", "draw", "place", "ready", "target",
                                        "pass", "bomb", "done", NULL};
    game_ctx ctx = {NULL, 1000};
    void *st = NULL;
    char *why = NULL;
    /* the first seed whose round 2 has a Dumbness card face down */
    for (uint64_t seed = 1; seed < 100; seed++) {
        json_t *opts = json_object();
        assert_int_equal(k->create(&ctx, players, 2, opts, seed, &st, &why), WB_OK);
        json_decref(opts);
        for (int step = 0; step < 400; step++) {
            json_t *v = k->view(st, GAME_SEAT_HOST);
            json_t *p1 = json_array_get(json_object_get(v, "seats"), 1);
            int there = json_integer_value(json_object_get(v, "round")) >= 2 &&
                        strcmp(json_string_value(json_object_get(v, "phase")), "plan") == 0 &&
                        json_is_true(json_object_get(p1, "ready"));
            json_decref(v);
            if (there)
                break;
            json_t *a = scripted(k, st, 1, seat1);
            int who = 1;
            if (!a)
                a = scripted(k, st, who = 0, seat0);
            assert_non_null(a);
            json_t *ev = json_array();
            assert_int_equal(k->apply(st, &ctx, who, a, ev, &why), WB_OK);
            json_decref(ev);
            json_decref(a);
        }
        json_t *v = k->view(st, 0), *sp;
        size_t i;
        int face_down = 0;
        json_array_foreach(json_object_get(v, "board"), i, sp)
            face_down |= json_is_string(json_object_get(sp, "dumbness")) &&
                         !strcmp(json_string_value(json_object_get(sp, "dumbness")), "face_down");
        json_decref(v);
        if (face_down)
            break;
        k->destroy(st);
        st = NULL;
    }
    assert_non_null(st);
    json_t *cards = NULL;
    assert_int_equal(k->query(st, &ctx, 0, "cards", NULL, &cards, &why), WB_OK);
    json_t *cl = json_object_get(cards, "cards");
    json_t *sv = k->save(st), *where = json_object_get(sv, "where");
    json_t *p1 = json_array_get(json_object_get(sv, "players"), 1);
    json_t *hand = json_object_get(p1, "hand"), *slot = json_object_get(p1, "slot");
    int edits = 0;
    /* a hand card and a card of its level's pile */
    json_t *h = json_incref(json_array_get(hand, 0));
    json_t *pile = json_object_get(
        sv, json_integer_value(json_object_get(card(cl, h), "level")) == 2 ? "pile2" : "pile1");
    for (size_t j = 0; j < json_array_size(pile); j++)
        if (!is_type(cl, json_array_get(pile, j), "dumbness")) {
            swap_where(where, h, json_array_get(pile, j));
            json_array_set(hand, 0, json_array_get(pile, j));
            json_array_set(pile, j, h);
            edits++;
            break;
        }
    json_decref(h);
    /* a card past the hand's end (what a hand held before) */
    size_t nhand = (size_t)json_integer_value(json_object_get(p1, "nhand"));
    set_int(hand, nhand, json_integer_value(json_array_get(hand, 1)));
    /* the pile's order */
    json_t *p1pile = json_object_get(sv, "pile1"), *rev = json_array();
    for (size_t j = json_array_size(p1pile); j-- > 0;)
        json_array_append(rev, json_array_get(p1pile, j));
    json_object_set_new(sv, "pile1", rev);
    /* the face-down card on the left space, its OR side */
    json_t *left = json_incref(json_array_get(slot, 0));
    assert_true(json_integer_value(left) >= 0);
    swap_where(where, left, json_array_get(hand, 1));
    json_array_set(slot, 0, json_array_get(hand, 1));
    json_array_set(hand, 1, left);
    json_decref(left);
    if (json_object_get(card(cl, json_array_get(slot, 0)), "either"))
        set_int(json_object_get(p1, "slot_alt"), 0, 1);
    edits++;
    /* the target, and whether (and which) First Goal it flips */
    json_int_t t = json_integer_value(json_object_get(p1, "target"));
    json_object_set_new(p1, "target", json_integer(t == NATION_PEACE ? 0 : NATION_PEACE));
    json_object_set_new(p1, "prev_target", json_integer(t));
    assert_int_equal(json_integer_value(json_array_get(slot, 1)), -2); /* flipped */
    set_int(slot, 1, -1);
    json_t *goal = json_object_get(p1, "goal");
    for (size_t c = 0; c < json_array_size(cl); c++) {
        json_t *id = json_integer((json_int_t)c);
        if ((json_int_t)c != json_integer_value(goal) && is_type(cl, id, "goal") &&
            json_equal(json_object_get(card(cl, id), "nation"),
                       json_object_get(card(cl, goal), "nation"))) {
            swap_where(where, id, goal);
            json_object_set(p1, "goal", id);
            edits++;
        }
        json_decref(id);
    }
    /* a face-down Dumbness card on the board and one in the box */
    json_t *cells = json_object_get(sv, "cells"), *cell;
    size_t i;
    json_array_foreach(cells, i, cell) {
        json_t *d = json_array_get(cell, 6); /* [space, owner, cube, base, stepped, radio, dumb, up, round] */
        if (json_integer_value(d) < 0 || json_integer_value(json_array_get(cell, 7)))
            continue;
        for (size_t c = 0; c < json_array_size(cl) && edits < 4; c++) {
            json_t *id = json_integer((json_int_t)c);
            if (is_type(cl, id, "dumbness") &&
                json_integer_value(json_array_get(where, c)) == IN_BOX) {
                swap_where(where, id, d);
                json_array_set(cell, 6, id);
                edits++;
            }
            json_decref(id);
        }
        break;
    }
    /* the dice */
    char *r = strdup(json_string_value(json_object_get(sv, "rng")));
    r[0] = r[0] == '0' ? '1' : '0';
    json_object_set_new(sv, "rng", json_string(r));
    free(r);
    assert_int_equal(edits, 4); /* the seed gives a state with all of them */
    void *twin = NULL;
    int rc = k->load(sv, &twin, &why);
    if (rc)
        fail_msg("the twin does not load: %s", why);
    seen d;
    d.decision = decide(k, st, 0, 2, 99, &d.sample);
    assert_int_equal(check_pair(k, st, &d, twin, 0, 2, 99), 1);
    json_decref(d.decision);
    free(d.sample);
    json_decref(sv);
    json_decref(cards);
    k->destroy(twin);
    k->destroy(st);
}

/* --- Wibbell: the word finder --------------------------------------------- */


/* The word finder's claim for `seat` at every level, the state `st` in
 * reach as t->sampled (it must read the view and the list alone), as one
 * JSON text. */
static char *finder_claims(const game_kind *k, const void *st, int seat, size_t np,
                           uint64_t seed)
{
    json_t *view = k->view(st, seat), *acts = k->actions(st, seat), *all = json_array();
    for (int level = BOT_LEVEL_MIN; level <= BOT_LEVEL_MAX; level++) {
        game_turn t = {k, "random", level, seat, view, acts, seed, fixture_lib, st, np};
        json_t *action = NULL;
        int64_t delay = -1;
        int rc = bot_decide(&t, &action, &delay);
        json_array_append_new(all, rc == WB_OK ? json_pack("{s:o,s:I}", "action", action,
                                                          "delay", (json_int_t)delay)
                                               : json_integer(rc));
    }
    char *text = json_dumps(all, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(all), json_decref(view), json_decref(acts);
    return text;
}

/* Is card `id` in one of the lists `o` holds: the deck, the centre, a
 * player's cards? */
static int placed(json_t *o, json_int_t id)
{
    json_t *p, *c;
    size_t i, j;
    json_array_foreach(json_object_get(o, "deck"), i, c)
        if (json_integer_value(c) == id)
            return 1;
    json_array_foreach(json_object_get(o, "centre"), i, c)
        if (json_integer_value(c) == id)
            return 1;
    json_array_foreach(json_object_get(o, "players"), i, p) {
        static const char *const lists[] = {"up", "down", "hcap"};
        for (size_t l = 0; l < 3; l++)
            json_array_foreach(json_object_get(p, lists[l]), j, c)
                if (json_integer_value(c) == id)
                    return 1;
    }
    return 0;
}

/* A twin of a Wibbell state for `seat`, made by hand from its save (not by
 * determinize, which is under test): the deck in reverse order with a card
 * that was set aside (3 players: a quarter of the deck) on top instead of
 * its own, and the other seats' words sealed in the tie window (and their
 * rows of the classroom log) changed, their cards chosen in advance too. */
static void *hand_twin(const game_kind *k, const void *st, int seat)
{
    json_t *sv = k->save(st), *c;
    json_t *o = json_object_get(sv, "state") ? json_object_get(sv, "state") : sv;
    json_t *deck = json_object_get(o, "deck"), *rev = json_array();
    size_t i, n = json_array_size(deck);
    for (size_t j = n; j-- > 0;)
        json_array_append(rev, json_array_get(deck, j));
    json_int_t ncards = (json_int_t)json_array_size(json_object_get(o, "cards"));
    for (json_int_t id = 0; n && id < ncards; id++)
        if (!placed(o, id)) {
            json_array_set_new(rev, 0, json_integer(id));
            break;
        }
    json_object_set_new(o, "deck", rev);
    json_array_foreach(json_object_get(o, "claims"), i, c) {
        if (json_integer_value(json_object_get(c, "seat")) == seat)
            continue;
        json_t *row = json_array_get(json_object_get(o, "vocab"),
                                     (size_t)json_integer_value(json_object_get(c, "row")));
        char w[32];
        snprintf(w, sizeof w, "%sq", json_string_value(json_object_get(c, "word")));
        json_object_set_new(c, "word", json_string(w));
        json_object_set_new(c, "take", json_integer(json_integer_value(json_object_get(c, "take"))
                                                    >= 0 ? -1 : 0));
        json_object_set_new(row, "word", json_string(w));
        json_object_set_new(row, "translation", json_string("q")); /* learner_language's */
    }
    void *twin = NULL;
    char *why = NULL;
    assert_int_equal(k->load(sv, &twin, &why), WB_OK);
    json_decref(sv);
    return twin;
}

/* One seat at one point of a Wibbell match: the twin (hand_twin) looks the
 * same to the seat, determinize forgets the difference, and the finder
 * claims alike.  1 when the twin's save differs. */
static int check_wibbell_seat(const game_kind *k, const void *st, int seat, size_t np,
                              uint64_t seed)
{
    void *twin = hand_twin(k, st, seat), *d1 = NULL, *d2 = NULL;
    json_t *v1 = k->view(st, seat), *v2 = k->view(twin, seat);
    json_t *a1 = k->actions(st, seat), *a2 = k->actions(twin, seat);
    assert_true(json_equal(v1, v2));
    assert_true(json_equal(a1, a2));
    assert_int_equal(k->determinize(st, seat, seed, &d1), WB_OK);
    assert_int_equal(k->determinize(twin, seat, seed, &d2), WB_OK);
    char *s1 = saved(k, st), *s2 = saved(k, twin), *p1 = saved(k, d1), *p2 = saved(k, d2);
    int differs = strcmp(s1, s2) != 0;
    assert_string_equal(p1, p2); /* no trace of the hidden part */
    char *c1 = finder_claims(k, st, seat, np, seed), *c2 = finder_claims(k, twin, seat, np, seed);
    assert_string_equal(c1, c2);
    free(s1), free(s2), free(p1), free(p2), free(c1), free(c2);
    json_decref(v1), json_decref(v2), json_decref(a1), json_decref(a2);
    k->destroy(twin), k->destroy(d1), k->destroy(d2);
    return differs;
}

/* How many claims of other seats wait in the tie window, their words sealed
 * for `seat`. */
static size_t others_claims(const game_kind *k, const void *st, int seat)
{
    json_t *v = k->view(st, seat), *c;
    size_t i, n = 0;
    json_array_foreach(json_object_get(v, "claims"), i, c) {
        if (json_integer_value(json_object_get(c, "seat")) != seat) {
            assert_null(json_object_get(c, "word")); /* sealed */
            n++;
        }
    }
    json_decref(v);
    return n;
}

/* Seat `s`'s move: a listed body at random, else the finder's claim. */
static json_t *wibbell_move(const game_kind *k, const void *st, int s, size_t np, rng *r)
{
    json_t *l = k->actions(st, s), *a, *pick = NULL;
    size_t j, nfree = 0;
    json_array_foreach(l, j, a)
        nfree += !json_object_get(a, "$params");
    size_t at = nfree ? rng_below(r, nfree) : 0;
    json_array_foreach(l, j, a)
        if (nfree && !json_object_get(a, "$params") && at-- == 0)
            pick = json_incref(a);
    if (!pick && json_array_size(l)) {
        json_t *view = k->view(st, s);
        game_turn t = {k, "random", BOT_LEVEL_MAX, s, view, l, rng_next(r), fixture_lib, NULL, np};
        int64_t delay;
        if (bot_decide(&t, &pick, &delay) != WB_OK)
            pick = NULL;
        json_decref(view);
    }
    json_decref(l);
    return pick;
}

static void test_wibbell_word_finder(void **state)
{
    (void)state;
    size_t nk;
    const game_kind *const *kinds = game_registry(&nk), *k = NULL;
    for (size_t i = 0; i < nk; i++)
        if (strcmp(kinds[i]->name, "wibbell") == 0)
            k = kinds[i];
    assert_non_null(k);
    assert_non_null(k->determinize);
    assert_false(bot_plays(k, "search")); /* its bot is the word finder */
    static const char *const players[] = {"Ann", "Bob", "Cy"};
    size_t np = 3; /* a quarter of the deck set aside, unseen */
    game_ctx ctx = {fixture_lib, 1000};
    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_pack("{s:i,s:s}", "tie_window_ms", 5000, "learner_language", "fr");
    assert_int_equal(k->create(&ctx, players, np, opts, 18, &st, &why), WB_OK);
    json_decref(opts);
    rng r;
    rng_seed(&r, 5);
    int checked = 0, differed = 0, sealed = 0;
    for (int step = 0; step < 400 && !k->finished(st); step++) {
        ctx.now_ms += 100;
        for (size_t s = 0; s < np && step % 3 == 0; s++) {
            json_t *l = k->actions(st, (int)s);
            if (json_array_size(l)) {
                differed += check_wibbell_seat(k, st, (int)s, np, (uint64_t)step * 7919);
                checked++;
                sealed += others_claims(k, st, (int)s) > 0;
            }
            json_decref(l);
        }
        json_t *pick = NULL;
        int who = GAME_SEAT_SYSTEM;
        for (size_t i = 0; i < np && !pick; i++)
            if ((pick = wibbell_move(k, st, (int)((step + i) % np), np, &r)))
                who = (int)((step + i) % np);
        if (!pick) { /* everyone has claimed or is out: the window closes */
            ctx.now_ms = k->deadline(st) > ctx.now_ms ? k->deadline(st) : ctx.now_ms;
            pick = json_pack("{s:s}", "type", "timer");
        }
        json_t *ev = json_array();
        int rc = k->apply(st, &ctx, who, pick, ev, &why);
        free(why);
        why = NULL;
        json_decref(ev);
        json_decref(pick);
        assert_int_equal(rc, WB_OK);
    }
    printf("# wibbell: %d seats' decisions checked (5 levels each), %d on a twin that differs, "
           "%d with another seat's word sealed\n", checked, differed, sealed);
    assert_true(k->finished(st));
    assert_true(checked > 0 && differed > 0 && sealed > 0);
    k->destroy(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_decision),
        cmocka_unit_test(test_dumbination_twins),
        cmocka_unit_test(test_wibbell_word_finder),
    };
    return cmocka_run_group_tests(tests, dict_fixture_setup, dict_fixture_teardown);
}
