/*
 * test_whirlpool.c - Whirlpool Pond (Tube Wars), games/whirlpool/,
 * rule by rule.
 *
 * Matches run in the shared harness (game_test.h: gt_make, gt_act with
 * the all-or-nothing check, gt_patch).  Positions are built exactly with
 * load() of a saved state patched by hand (tubes, balloons, stash, phase,
 * whose turn), and the next die roll
 * is chosen by putting in an rng state found to give it, so every
 * scenario is a precise position from the rules text.  Coordinates are
 * [column, row] of the default pond (games/whirlpool/WHIRLPOOL.md):
 *
 *      0 1 2 3 4 5 6 7 8
 *   0  . x x x x . . . .
 *   1  . S 3 3 s 3 3 C x     S: suns 3   C: crowns 3   (ring 3, outer)
 *   2  . 3 S 2 2 2 C 3 x     s, c, m, a: where the tubes start
 *   3  . 3 2 S 1 C 2 3 x
 *   4  x a 2 1 O 1 2 c x     O: the whirlpool
 *   5  x 3 2 A 1 M 2 3 .
 *   6  x 3 A 2 2 2 M 3 .
 *   7  x A 3 3 m 3 3 M .     A: arms   M: moons
 *   8  . . . . x x x x .
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "game_data.h"
#include "game_test.h"
#include "rng.h"
#include "wb_err.h"
#include "whirlpool.h"
#include "whirlpool_board.h"
#include "whirlpool_int.h"

extern const unsigned char whirlpool_board_txt[];
extern const size_t whirlpool_board_txt_len;

static const game_kind *const K = &game_whirlpool;
static const game_ctx ctx = {NULL, 0};
static const char *const names[] = {"ann", "bob", "cy", "di"};

/* --- helpers: the shared harness (game_test.h), on the heap ------------------ */

static gt *create_opts(int n, uint64_t seed, const char *opts)
{
    gt *t = calloc(1, sizeof *t);
    gt_make(t, K, n, opts ? opts : "{}", seed);
    t->now = 0;
    return t;
}

static void done(gt *t)
{
    gt_free(t);
    free(t);
}

/* The rng state (hex) whose next die roll is `v` (the module rolls
 * rng_below(6) + 1). */
static void rng_for(int v, char out[65])
{
    for (uint64_t seed = 1;; seed++) {
        rng r, probe;
        rng_seed(&r, seed);
        probe = r;
        if ((int)rng_below(&probe, 6) + 1 == v) {
            rng_save(&r, out);
            return;
        }
    }
}

/* A fresh match of `n` players with `patch` (a JSON object) merged into
 * its saved state, loaded back (gt_patch). */
static const char *the_patch;
static void merge_patch(json_t *saved)
{
    json_error_t err;
    json_t *p = json_loads(the_patch, 0, &err);
    if (!p)
        fail_msg("patch: %s", err.text);
    assert_int_equal(json_object_update(saved, p), 0);
    json_decref(p);
}

static gt *patched(int n, const char *patch)
{
    gt *t = create_opts(n, 1, NULL);
    the_patch = patch;
    gt_patch(t, merge_patch);
    return t;
}

/* A position in the middle of the game: `tubes` is the JSON array of
 * tubes, `turn` moves, in `phase` ("roll" or "act"); when rolling, the
 * die will show `roll`; `stash` is a JSON array. */
static gt *scene(int n, const char *tubes, int turn, const char *phase, int roll,
                 const char *stash)
{
    char hex[65], patch[2048], rolls[32] = "[0,0", *p = rolls + strlen(rolls);
    for (int i = 2; i < n; i++, p += 2)
        memcpy(p, ",0", 3);
    strcat(rolls, "]");
    rng_for(roll ? roll : 1, hex);
    snprintf(patch, sizeof patch,
             "{\"tubes\":%s,\"phase\":\"%s\",\"turn\":%d,\"first\":%d,\"rolling\":[],"
             "\"rolls\":%s,\"rng\":\"%s\",\"stash\":%s,\"last_roll\":%d}",
             tubes, phase, turn, turn, rolls, hex, stash, roll);
    return patched(n, patch);
}

/* Apply `body` from `seat` (gt_act: a refusal changes nothing and says
 * why); the events (if asked) are a new reference, empty on a refusal. */
static int act(gt *st, int seat, const char *body, json_t **events)
{
    int rc = gt_act(st, seat, "%s", body);
    if (events)
        *events = rc ? json_array() : json_incref(st->ev);
    return rc;
}

static json_t *player(gt *st, int seat, json_t **view)
{
    *view = gt_view(st, GAME_SEAT_PUBLIC);
    return json_array_get(json_object_get(*view, "players"), (size_t)seat);
}

static void assert_at(gt *st, int seat, int col, int row)
{
    json_t *v, *p = player(st, seat, &v), *at = json_object_get(p, "at");
    if (col < 0) {
        assert_true(json_is_null(at));
        assert_false(json_is_true(json_object_get(p, "in_game")));
    } else {
        assert_int_equal(json_integer_value(json_array_get(at, 0)), col);
        assert_int_equal(json_integer_value(json_array_get(at, 1)), row);
    }
    json_decref(v);
}

/* Compare a JSON member with JSON text. */
static void assert_json(const json_t *got, const char *want)
{
    json_t *w = json_loads(want, JSON_DECODE_ANY, NULL);
    assert_non_null(w);
    if (!json_equal(got, w)) {
        char *g = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
        fprintf(stderr, "got %s, want %s\n", g ? g : "NULL", want);
        free(g);
    }
    assert_true(json_equal(got, w));
    json_decref(w);
}

static void assert_balloons(gt *st, int seat, const char *want)
{
    json_t *v, *p = player(st, seat, &v);
    assert_json(json_object_get(p, "balloons"), want);
    json_decref(v);
}

static void assert_view(gt *st, const char *key, const char *want)
{
    json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
    assert_json(json_object_get(v, key), want);
    json_decref(v);
}

/* The k-th event of `type` (0-based), or NULL. */
static json_t *event(json_t *events, const char *type, int k)
{
    size_t i;
    json_t *e;
    json_array_foreach(events, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0 && k-- == 0)
            return e;
    return NULL;
}

static char *saved_text(gt *st)
{
    json_t *s = K->save(st->st);
    char *t = json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(s);
    return t;
}

/* An illegal action must change nothing. */
static void assert_refused(gt *st, int seat, const char *body, int want)
{
    char *before = saved_text(st), *after;
    assert_int_equal(act(st, seat, body, NULL), want);
    after = saved_text(st);
    assert_string_equal(before, after);
    free(before);
    free(after);
}

static int count_actions(gt *st, int seat, const char *type)
{
    json_t *a = gt_actions(st, seat), *e;
    size_t i;
    int n = 0;
    json_array_foreach(a, i, e)
        n += !type || strcmp(json_string_value(json_object_get(e, "type")), type) == 0;
    json_decref(a);
    return n;
}

/* --- the pond --------------------------------------------------------------- */

static wp_board *default_board(void)
{
    wp_board *b = NULL;
    char *why = NULL;
    assert_int_equal(wp_board_parse((const char *)whirlpool_board_txt, whirlpool_board_txt_len,
                                    &b, &why),
                     WB_OK);
    return b;
}

static void test_board_geometry(void **state)
{
    (void)state;
    wp_board *b = default_board();
    int size[WP_NRINGS + 1] = {0}, corners = 0, docks = 0, holes = 0;
    for (int i = 0; i < b->grid.w * b->grid.h; i++) {
        docks += b->grid.c[i] == 'x';
        holes += b->grid.c[i] == 'O';
    }
    /* 16 tiles of 2x2 spaces: 48 ring spaces + 16 docks, a one-space hole. */
    assert_int_equal(holes, 1);
    assert_int_equal(b->grid.c[4 * b->grid.w + 4], 'O');
    assert_int_equal(b->g->n + docks, 16 * 4);
    for (int i = 0; i < b->g->n; i++) {
        const game_node *s = &b->g->nodes[i];
        size[s->ring]++;
        if (game_graph_has(b->g, i, "corner")) {
            corners++;
            /* Every corner is on one of the two diagonals through the hole. */
            assert_int_equal(fabs(s->x - 4), fabs(s->y - 4));
            assert_int_equal(fabs(s->x - 4), s->ring);
            /* A hit from a corner goes diagonally inward... */
            if (s->ring == 1) {
                assert_int_equal(s->in, -1);
            } else {
                assert_int_equal(fabs(b->g->nodes[s->in].x - s->x), 1);
                assert_int_equal(fabs(b->g->nodes[s->in].y - s->y), 1);
                assert_true(game_graph_has(b->g, s->in, "corner"));
            }
            /* ...and a rope pull diagonally outward, except on the outer ring. */
            if (s->ring == WP_NRINGS) {
                assert_int_equal(s->out, -1);
            } else {
                assert_int_equal(b->g->nodes[s->out].ring, s->ring + 1);
                assert_int_equal(fabs(b->g->nodes[s->out].x - s->x), 1);
                assert_int_equal(fabs(b->g->nodes[s->out].y - s->y), 1);
            }
        } else {
            assert_int_equal(s->out, -1);
            if (s->ring == 1) {
                assert_int_equal(s->in, -1); /* the smallest ring: into the whirlpool */
            } else {
                const game_node *in = &b->g->nodes[s->in];
                assert_int_equal(fabs(in->x - s->x) + fabs(in->y - s->y), 1);
                assert_int_equal(in->ring, s->ring - 1);
            }
        }
        /* Movement is orthogonal, along the same ring. */
        const game_node *n = &b->g->nodes[s->next];
        assert_int_equal(n->ring, s->ring);
        assert_int_equal(fabs(n->x - s->x) + fabs(n->y - s->y), 1);
    }
    assert_int_equal(size[1], 8);
    assert_int_equal(size[2], 16);
    assert_int_equal(size[3], 24);
    assert_int_equal(corners, 12);

    /* The corner coins: ace inside, 3 outside; each rope is one diagonal
     * (Crowns with Arms, Moons with Suns), its two suits at its two ends. */
    assert_int_equal(b->rope[WP_CROWNS], b->rope[WP_ARMS]);
    assert_int_equal(b->rope[WP_MOONS], b->rope[WP_SUNS]);
    assert_int_not_equal(b->rope[WP_CROWNS], b->rope[WP_SUNS]);
    for (int i = 0; i < WP_NCOINS; i++) {
        const wp_coin *c = &b->coins[i];
        const game_node *s = &b->g->nodes[c->space];
        assert_true(game_graph_has(b->g, c->space, "corner"));
        assert_int_equal(c->value, s->ring);
        if (b->rope[c->suit] == b->rope[WP_SUNS])
            assert_int_equal(s->x, s->y); /* top left to bottom right */
        else
            assert_int_equal(s->x + s->y, 8); /* top right to bottom left */
    }
    assert_int_equal(wp_board_coin(b, wp_board_space(b, 1, 1)) >= 0, 1);
    assert_int_equal(b->coins[wp_board_coin(b, wp_board_space(b, 1, 1))].suit, WP_SUNS);
    assert_int_equal(b->coins[wp_board_coin(b, wp_board_space(b, 5, 5))].suit, WP_MOONS);

    /* Counterclockwise: along the top edge to the left, a left turn at the
     * corner, down the left side. */
    int s41 = wp_board_space(b, 4, 1);
    assert_int_equal(b->g->nodes[s41].next, wp_board_space(b, 3, 1));
    assert_int_equal(b->g->nodes[wp_board_space(b, 1, 1)].next, wp_board_space(b, 1, 2));
    assert_int_equal(b->g->nodes[wp_board_space(b, 1, 7)].next, wp_board_space(b, 2, 7));
    assert_int_equal(b->g->nodes[wp_board_space(b, 7, 7)].next, wp_board_space(b, 7, 6));
    assert_int_equal(b->g->nodes[wp_board_space(b, 5, 3)].next, wp_board_space(b, 4, 3));

    /* Near a rope: on a coin or orthogonally next to one, in any ring. */
    assert_true(game_graph_has(b->g, wp_board_space(b, 2, 1), "near-rope"));
    assert_true(game_graph_has(b->g, wp_board_space(b, 3, 2), "near-rope"));
    assert_true(game_graph_has(b->g, wp_board_space(b, 3, 3), "near-rope"));
    assert_false(game_graph_has(b->g, wp_board_space(b, 4, 1), "near-rope"));
    assert_false(game_graph_has(b->g, wp_board_space(b, 4, 2), "near-rope"));
    /* Docks and the hole are not water spaces. */
    assert_int_equal(wp_board_space(b, 1, 0), -1);
    assert_int_equal(wp_board_space(b, 4, 4), -1);
    /* Each tube starts next to a dock, on the outer ring. */
    for (int k = 0; k < WP_NSUITS; k++)
        assert_int_equal(b->g->nodes[b->start[k]].ring, 3);

    /* The canonical text reads back to itself. */
    char *t = game_data_text((const char *)whirlpool_board_txt, whirlpool_board_txt_len),
         *why = NULL, *t2;
    wp_board *b2 = NULL;
    assert_int_equal(wp_board_parse(t, strlen(t), &b2, &why), WB_OK);
    t2 = game_data_text(t, strlen(t));
    assert_string_equal(t, t2);
    free(t);
    free(t2);
    wp_board_free(b2);
    wp_board_free(b);
}

static const char big_board[] =
    "# a pond around a 2x2 whirlpool\n"
    "grid 8 8\n"
    "3 3 3 3 3 3 3 3\n"
    "3 2 2 2 2 2 2 3\n"
    "3 2 1 1 1 1 2 3\n"
    "3 2 1 O O 1 2 3\n"
    "3 2 1 O O 1 2 3\n"
    "3 2 1 1 1 1 2 3\n"
    "3 2 2 2 2 2 2 3\n"
    "3 3 3 3 3 3 3 3\n"
    "coin suns 3 0 0\ncoin suns 2 1 1\ncoin suns 1 2 2\n"
    "coin moons 1 5 5\ncoin moons 2 6 6\ncoin moons 3 7 7\n"
    "coin crowns 3 7 0\ncoin crowns 2 6 1\ncoin crowns 1 5 2\n"
    "coin arms 1 2 5\ncoin arms 2 1 6\ncoin arms 3 0 7\n"
    "rope crowns arms\nrope moons suns\n"
    "start suns 3 0\nstart crowns 7 3\nstart moons 4 7\nstart arms 0 4\n";

static int parse_error(const char *text, const char *needle)
{
    wp_board *b = NULL;
    char *why = NULL;
    int rc = wp_board_parse(text, strlen(text), &b, &why);
    if (rc == WB_OK) {
        wp_board_free(b);
        return 0;
    }
    int found = why && strstr(why, needle) != NULL;
    if (!found)
        fprintf(stderr, "why: %s\n", why ? why : "NULL");
    free(why);
    return found && rc == WB_EINVAL && b == NULL;
}

/* Replace the first occurrence of `from` in big_board by `to`. */
static char *big_with(const char *from, const char *to)
{
    const char *p = strstr(big_board, from);
    assert_non_null(p);
    size_t n = strlen(big_board) - strlen(from) + strlen(to) + 1;
    char *t = malloc(n);
    snprintf(t, n, "%.*s%s%s", (int)(p - big_board), big_board, to, p + strlen(from));
    return t;
}

static void test_board_custom(void **state)
{
    (void)state;
    /* A custom pond in the options: rings of 12, 20 and 28 spaces. */
    json_t *o = json_pack("{s:s}", "board", big_board);
    char *opts = json_dumps(o, 0);
    gt *st = create_opts(2, 3, opts);
    json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
    assert_json(json_object_get(json_object_get(v, "board"), "rows"),
                "[\"33333333\",\"32222223\",\"32111123\",\"321OO123\",\"321OO123\","
                "\"32111123\",\"32222223\",\"33333333\"]");
    json_decref(v);
    assert_at(st, 0, 3, 0);
    assert_at(st, 1, 7, 3);
    /* It is saved with the match. */
    json_t *saved = K->save(st->st);
    assert_non_null(strstr(json_string_value(json_object_get(saved, "board")), "3 2 1 O O"));
    json_decref(saved);
    done(st);
    free(opts);
    json_decref(o);

    /* Movement on it: the inner ring is 12 spaces, and a hit from its
     * corner falls diagonally into the 2x2 whirlpool. */
    wp_board *b = NULL;
    char *why = NULL;
    assert_int_equal(wp_board_parse(big_board, strlen(big_board), &b, &why), WB_OK);
    int s = wp_board_space(b, 2, 2), n = 0;
    do {
        s = b->g->nodes[s].next;
        n++;
    } while (s != wp_board_space(b, 2, 2));
    assert_int_equal(n, 12);
    assert_int_equal(b->g->nodes[wp_board_space(b, 2, 2)].in, -1);
    assert_int_equal(b->g->nodes[wp_board_space(b, 1, 1)].out, wp_board_space(b, 0, 0));
    wp_board_free(b);

    /* What a pond must be. */
    char *t;
    assert_true(parse_error(t = big_with("3 2 1 1 1 1 2 3\n3 2 2", "3 2 1 1 1 2 2 3\n3 2 2"),
                            "ring"));
    free(t);
    assert_true(parse_error(t = big_with("coin suns 2 1 1\n", ""), "corner"));
    free(t);
    assert_true(parse_error(t = big_with("coin suns 2 1 1", "coin suns 2 2 1"), "not on a corner"));
    free(t);
    assert_true(parse_error(t = big_with("coin suns 2 1 1", "coin suns 3 1 1"), "second"));
    free(t);
    assert_true(parse_error(t = big_with("coin suns 2 1 1", "coin suns 4 1 1"), "VALUE 1 to 3"));
    free(t);
    assert_true(parse_error(t = big_with("3 2 1 O O", "3 2 1 O Z"), "\"Z\""));
    free(t);
    assert_true(parse_error(t = big_with("rope moons suns\n", "rope moons crowns\n"),
                            "rope"));
    free(t);
    assert_true(parse_error(t = big_with("start arms 0 4\n", ""), "start"));
    free(t);
    assert_true(parse_error(t = big_with("start arms 0 4", "start arms 3 3"), "water"));
    free(t);
    assert_true(parse_error(t = big_with("O 1 2 3\n3 2 1 O O 1 2 3", "O 1 2 3\n3 2 1 O O 1 2"),
                            "grid row"));
    free(t);
    /* Ring 1 must surround the whirlpool. */
    assert_true(parse_error(t = big_with("3 2 1 O O 1 2 3\n3 2 1 O O", "3 2 1 x x 1 2 3\n3 2 "
                                                                       "1 x x"), "hole (O)"));
    free(t);
    assert_true(parse_error("grid 3 3\n", "grid"));
    assert_true(parse_error("coin suns 1 1 1\n", "grid comes first"));
    assert_true(parse_error("", "grid"));

    /* A bad custom board is a bad option. */
    void *bad = NULL;
    json_t *bo = json_pack("{s:s}", "board", "grid 2 2\n");
    why = NULL;
    assert_int_equal(K->create(&ctx, names, 2, bo, 1, &bad, &why), WB_EINVAL);
    assert_non_null(why);
    assert_null(bad);
    free(why);
    json_decref(bo);
}

static void test_options(void **state)
{
    (void)state;
    gt *st = NULL;
    json_t *o = K->options();
    assert_non_null(json_object_get(o, "suits"));
    assert_non_null(json_object_get(o, "board"));
    json_decref(o);
    assert_string_equal(K->name, "whirlpool-pond");
    assert_int_equal(K->min_players, 2);
    assert_int_equal(K->max_players, 4);

    /* Default suits: suns, crowns, moons, arms; each at its start. */
    st = create_opts(4, 1, NULL);
    json_t *v = gt_view(st, 2);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(v, "players"), 2), "suit")),
                        "moons");
    assert_int_equal(json_integer_value(json_object_get(v, "seat")), 2);
    json_decref(v);
    assert_at(st, 0, 4, 1);
    assert_at(st, 1, 7, 4);
    assert_at(st, 2, 4, 7);
    assert_at(st, 3, 1, 4);
    assert_balloons(st, 0, "[6,5]");
    assert_view(st, "stash", "[4,4,4,4]");
    done(st);

    st = create_opts(2, 1, "{\"suits\":[\"arms\",\"moons\"]}");
    assert_at(st, 0, 1, 4);
    assert_at(st, 1, 4, 7);
    done(st);

    const char *bad[] = {"{\"suits\":[\"arms\",\"arms\"]}", "{\"suits\":[\"arms\"]}",
                         "{\"suits\":[\"arms\",\"swords\"]}", "{\"colour\":1}",
                         "{\"board\":7}"};
    /* gt_create_rc: a refusal says why and makes no match. */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(gt_create_rc(K, 2, bad[i], 1), WB_EINVAL);
    void *raw = NULL;
    char *why = NULL;
    assert_int_equal(K->create(&ctx, names, 1, NULL, 1, &raw, &why), WB_EINVAL);
    free(why);
    why = NULL;
    assert_int_equal(K->create(&ctx, names, 5, NULL, 1, &raw, &why), WB_EINVAL);
    free(why);
}

/* The default of "suits" that options() advertises is a valid value for
 * any number of players (a client may send the defaults back as they
 * are): seat i plays the i-th suit of the list. */
static void test_options_suits_default(void **state)
{
    (void)state;
    json_t *opts = K->options();
    json_t *def = json_object_get(json_object_get(opts, "suits"), "default");
    for (int n = 2; n <= 4; n++) {
        json_t *o = json_pack("{s:O}", "suits", def);
        char *text = json_dumps(o, JSON_COMPACT);
        gt *st = create_opts(n, 1, text); /* fails the test when create does */
        free(text);
        assert_at(st, 0, 4, 1); /* suns */
        assert_at(st, 1, 7, 4); /* crowns */
        json_t *saved = K->save(st->st);
        assert_int_equal(json_array_size(json_object_get(saved, "suits")), (size_t)n);
        json_decref(saved);
        done(st);
        json_decref(o);
    }
    json_decref(opts);
    /* A longer list: the first suits; still all different, at most four. */
    gt *st = create_opts(2, 1, "{\"suits\":[\"arms\",\"moons\",\"suns\"]}");
    assert_at(st, 0, 1, 4);
    assert_at(st, 1, 4, 7);
    done(st);
    const char *bad[] = {"{\"suits\":[\"arms\",\"moons\",\"arms\"]}",
                         "{\"suits\":[\"arms\",\"moons\",\"suns\",\"crowns\",\"arms\"]}",
                         "{\"suits\":[\"arms\",\"moons\",\"swords\"]}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(gt_create_rc(K, 2, bad[i], 1), WB_EINVAL);
}

/* --- first player ---------------------------------------------------------- */

static void test_first_player(void **state)
{
    (void)state;
    int seen_tie2 = 0, seen_tie3 = 0, seen_plain = 0;
    for (uint64_t seed = 1; seed < 400 && !(seen_tie2 && seen_tie3 && seen_plain); seed++) {
        int n = seed % 2 ? 2 : 3;
        gt *st = create_opts(n, seed, NULL);
        json_t *ev = NULL, *evs[4];
        int value[4] = {0};
        assert_view(st, "to_act", n == 2 ? "[0,1]" : "[0,1,2]");
        assert_view(st, "phase", "\"roll_off\"");
        /* Nobody moves, throws or ends a turn before the roll-off is over
         * (not now: 409, the framework's code for every game). */
        assert_refused(st, 0, "{\"type\":\"end_turn\"}", WB_ENOTTURN);
        for (int i = n - 1; i >= 0; i--) { /* in any order */
            assert_int_equal(act(st, i, "{\"type\":\"roll\"}", &evs[i]), WB_OK);
            json_t *r = event(evs[i], "rolled", 0);
            assert_string_equal(json_string_value(json_object_get(r, "for")), "first_player");
            value[i] = (int)json_integer_value(json_object_get(r, "value"));
            assert_true(value[i] >= 1 && value[i] <= 6);
            if (i)
                assert_refused(st, i, "{\"type\":\"roll\"}", WB_ENOTTURN); /* once a round */
        }
        ev = evs[0];
        int best = 0, ntied = 0;
        for (int i = 0; i < n; i++)
            best = value[i] > best ? value[i] : best;
        for (int i = 0; i < n; i++)
            ntied += value[i] == best;
        if (ntied == 1) {
            json_t *f = event(ev, "first_player", 0);
            assert_non_null(f);
            int first = (int)json_integer_value(json_object_get(f, "seat"));
            assert_int_equal(value[first], best); /* high number wins */
            json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
            assert_int_equal(json_integer_value(json_object_get(v, "first_player")), first);
            assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "to_act"), 0)),
                             first);
            assert_string_equal(json_string_value(json_object_get(v, "phase")), "roll");
            json_decref(v);
            seen_plain = 1;
        } else {
            /* Only the seats tied for the highest roll roll again. */
            json_t *t = event(ev, "roll_off_tie", 0), *v = gt_view(st, GAME_SEAT_PUBLIC);
            assert_non_null(t);
            assert_true(json_equal(json_object_get(t, "seats"), json_object_get(v, "to_act")));
            assert_int_equal(json_array_size(json_object_get(v, "to_act")), (size_t)ntied);
            for (int i = 0; i < n; i++)
                if (value[i] != best)
                    assert_refused(st, i, "{\"type\":\"roll\"}", WB_ENOTTURN);
            json_decref(v);
            if (n == 3 && ntied == 2)
                seen_tie3 = 1;
            if (n == 2)
                seen_tie2 = 1;
            /* Until somebody wins the roll-off. */
            for (int round = 0; round < 50; round++) {
                json_t *ta = NULL, *v2 = gt_view(st, GAME_SEAT_PUBLIC);
                const char *ph = json_string_value(json_object_get(v2, "phase"));
                if (strcmp(ph, "roll_off") != 0) {
                    json_decref(v2);
                    break;
                }
                int s = (int)json_integer_value(json_array_get(json_object_get(v2, "to_act"), 0));
                json_decref(v2);
                assert_int_equal(act(st, s, "{\"type\":\"roll\"}", &ta), WB_OK);
                json_decref(ta);
            }
            assert_view(st, "phase", "\"roll\"");
        }
        for (int i = 0; i < n; i++)
            json_decref(evs[i]);
        done(st);
    }
    assert_true(seen_plain);
    assert_true(seen_tie2);
    assert_true(seen_tie3);
}

/* --- movement ----------------------------------------------------------------- */

static void test_move_corner(void **state)
{
    (void)state;
    /* Suns at (3,1) rolls 4: left to the corner coin (1,1), a 90 degree
     * left turn, down the left side to (1,3). */
    gt *st = scene(2, "[{\"at\":[3,1],\"balloons\":[6,5]},{\"at\":[7,4],\"balloons\":[6,5]}]",
                     0, "roll", 4, "[4]");
    json_t *ev = NULL;
    assert_view(st, "to_act", "[0]");
    assert_refused(st, 1, "{\"type\":\"roll\"}", WB_ENOTTURN);
    /* Not before rolling (not now: 409). */
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    json_t *m = event(ev, "moved", 0);
    assert_json(json_object_get(m, "from"), "[3,1]");
    assert_json(json_object_get(m, "to"), "[1,3]");
    assert_int_equal(json_integer_value(json_object_get(m, "spaces")), 4);
    assert_at(st, 0, 1, 3);
    assert_view(st, "last_roll", "4");
    /* Nothing to do from (1,3): the turn passes by itself. */
    json_t *te = event(ev, "turn_ended", 0);
    assert_non_null(te);
    assert_true(json_is_true(json_object_get(te, "no_action_possible")));
    assert_view(st, "to_act", "[1]");
    assert_view(st, "phase", "\"roll\"");
    json_decref(ev);
    done(st);

    /* The smallest ring: from (4,3), 6 spaces all but round: (5,4). */
    st = scene(2, "[{\"at\":[4,3],\"balloons\":[]},{\"at\":[1,7],\"balloons\":[]}]", 0, "roll",
               6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 5, 4);
    done(st);

    /* Seat 1 on the middle ring, through the bottom-right corner. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[]},{\"at\":[4,6],\"balloons\":[]}]", 1, "roll",
               5, "[]");
    assert_int_equal(act(st, 1, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 1, 6, 3); /* (5,6), the corner (6,6), then up: (6,5) (6,4) (6,3) */
    done(st);
}

static void test_bump(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Moons at (2,1) is 2 spaces ahead of Suns at (4,1), who rolls 4: Suns
     * stops behind it at (3,1); Moons moves the 3 spaces Suns did not use,
     * round the corner to (1,3), and drops its lowest balloon. */
    gt *st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[2,1],\"balloons\":[6,5]}]",
                     0, "roll", 4, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 3, 1);
    assert_at(st, 1, 1, 3);
    json_t *b = event(ev, "bumped", 0);
    assert_non_null(b);
    assert_int_equal(json_integer_value(json_object_get(b, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(b, "by")), 0);
    assert_int_equal(json_integer_value(json_object_get(b, "spaces")), 3);
    assert_int_equal(json_integer_value(json_object_get(b, "lost")), 5);
    assert_json(json_object_get(event(ev, "moved", 1), "to"), "[1,3]");
    assert_balloons(st, 1, "[6]");
    assert_balloons(st, 0, "[6,5]");
    assert_view(st, "stash", "[5]");
    json_decref(ev);
    done(st);

    /* One space between and a roll of 2: fewer spaces between than to
     * move, so a bump (Moons pushed 1 space onto the corner). */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[2,1],\"balloons\":[4]}]", 0,
               "roll", 2, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 3, 1);
    assert_at(st, 1, 1, 1);
    assert_balloons(st, 1, "[]");
    assert_view(st, "stash", "[4]");
    done(st);

    /* Two spaces between and a roll of 2: no bump, Suns stops right
     * behind; nobody ever shares a space or passes. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[1,1],\"balloons\":[6,5]}]", 0,
               "roll", 2, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_null(event(ev, "bumped", 0));
    assert_at(st, 0, 2, 1);
    assert_at(st, 1, 1, 1);
    assert_balloons(st, 1, "[6,5]");
    json_decref(ev);
    done(st);

    /* Right behind and a roll of 6: the mover does not move at all, the
     * bumped tube moves all 6. A bumped tube without balloons loses none. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[3,1],\"balloons\":[]}]", 0,
               "roll", 6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 4, 1);
    assert_at(st, 1, 1, 5);
    assert_true(json_is_null(json_object_get(event(ev, "bumped", 0), "lost")));
    assert_int_equal(json_integer_value(json_object_get(event(ev, "moved", 0), "spaces")), 0);
    json_decref(ev);
    done(st);

    /* Tubes on other rings are not in the way. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[3,2],\"balloons\":[6,5]}]", 0,
               "roll", 3, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 0, 1, 1);
    assert_at(st, 1, 3, 2);
    done(st);
}

static void test_chain_bump(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Suns (5,1) rolls 5 with Crowns right ahead at (4,1) and Moons at
     * (2,1): Suns stays, Crowns moves 1 (to (3,1), behind Moons), Moons
     * moves the remaining 4, round the corner to (1,4).  Both bumped
     * players lose their lowest balloon. */
    gt *st = scene(3,
                     "[{\"at\":[5,1],\"balloons\":[6,5]},{\"at\":[4,1],\"balloons\":[6,5]},"
                     "{\"at\":[2,1],\"balloons\":[6,4]}]",
                     0, "roll", 5, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 5, 1);
    assert_at(st, 1, 3, 1);
    assert_at(st, 2, 1, 4);
    json_t *b1 = event(ev, "bumped", 0), *b2 = event(ev, "bumped", 1);
    assert_int_equal(json_integer_value(json_object_get(b1, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(b1, "spaces")), 5);
    assert_int_equal(json_integer_value(json_object_get(b2, "seat")), 2);
    assert_int_equal(json_integer_value(json_object_get(b2, "by")), 1);
    assert_int_equal(json_integer_value(json_object_get(b2, "spaces")), 4);
    assert_balloons(st, 0, "[6,5]");
    assert_balloons(st, 1, "[6]");
    assert_balloons(st, 2, "[6]");
    assert_view(st, "stash", "[5,4]");
    json_decref(ev);
    done(st);

    /* On the smallest ring (8 spaces) a chain can come round to the mover:
     * Suns (4,3) rolls 6 with Crowns right ahead (3,3), Moons at (3,5) and
     * Arms at (5,4).  Crowns moves 1 and bumps Moons, who moves 2 and
     * bumps Arms, who moves 1 and runs into Suns from behind: by the same
     * rule Suns is bumped too (loses a balloon, moves the 2 left over)
     * and bumps Crowns once more, who moves the last space. */
    st = scene(4,
               "[{\"at\":[4,3],\"balloons\":[6,5]},{\"at\":[3,3],\"balloons\":[6,5]},"
               "{\"at\":[3,5],\"balloons\":[6,5]},{\"at\":[5,4],\"balloons\":[6,5]}]",
               0, "roll", 6, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
    assert_at(st, 0, 3, 3);
    assert_at(st, 1, 3, 5);
    assert_at(st, 2, 5, 5);
    assert_at(st, 3, 5, 3);
    int by[5] = {0, 1, 2, 3, 0}, who[5] = {1, 2, 3, 0, 1}, spaces[5] = {6, 5, 3, 2, 1};
    for (int k = 0; k < 5; k++) {
        json_t *b = event(ev, "bumped", k);
        assert_non_null(b);
        assert_int_equal(json_integer_value(json_object_get(b, "seat")), who[k]);
        assert_int_equal(json_integer_value(json_object_get(b, "by")), by[k]);
        assert_int_equal(json_integer_value(json_object_get(b, "spaces")), spaces[k]);
    }
    assert_null(event(ev, "bumped", 5));
    assert_balloons(st, 0, "[6]");
    assert_balloons(st, 1, "[]");
    assert_balloons(st, 2, "[6]");
    assert_balloons(st, 3, "[6]");
    assert_view(st, "stash", "[6,5,5,5,5]");
    json_decref(ev);
    done(st);
}

/* --- throw --------------------------------------------------------------------- */

static void test_throw(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Suns at (4,1); Crowns at (4,6), 5 spaces south, beyond Moons at
     * (4,2) and the whirlpool: the #5 reaches (over both), the #4 does not. */
    const char *tubes = "[{\"at\":[4,1],\"balloons\":[5,4]},{\"at\":[4,6],\"balloons\":[6]},"
                        "{\"at\":[4,2],\"balloons\":[]}]";
    gt *st = scene(3, tubes, 0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":0,\"balloon\":5}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5,\"direction\":\"n\"}",
                   WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":\"bob\",\"balloon\":5}", WB_EINVAL);
    assert_refused(st, 1, "{\"type\":\"throw\",\"target\":0,\"balloon\":6}", WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5,"
                                "\"direction\":\"s\"}", &ev), WB_OK);
    json_t *t = event(ev, "thrown", 0);
    assert_json(json_object_get(t, "from"), "[4,6]");
    assert_json(json_object_get(t, "to"), "[4,5]");
    assert_at(st, 1, 4, 5); /* one ring in, orthogonally */
    assert_balloons(st, 0, "[4]");
    assert_view(st, "stash", "[5]"); /* the used balloon goes to the stash */
    assert_view(st, "to_act", "[1]"); /* the action ends the turn */
    json_decref(ev);
    done(st);

    /* Blocked: the space the target would be knocked onto is taken. */
    st = scene(3, "[{\"at\":[4,1],\"balloons\":[5]},{\"at\":[4,6],\"balloons\":[6]},"
                  "{\"at\":[4,5],\"balloons\":[]}]",
               0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", WB_EILLEGAL);
    /* ... but the blocker itself can be hit, into the whirlpool. */
    assert_int_equal(count_actions(st, 0, "throw"), 1);
    done(st);

    /* Not on a straight line: no throw. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[5,6],\"balloons\":[6]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "throw"), 0);
    done(st);

    /* A corner hit moves diagonally: from the Moons #3 corner (7,7) to the
     * Moons #2 (6,6); the null flies 6, the #5 only 5, diagonally. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[6,5]},{\"at\":[7,7],\"balloons\":[]}]", 0,
               "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", &ev), WB_OK);
    assert_string_equal(json_string_value(json_object_get(event(ev, "thrown", 0), "direction")),
                        "se");
    assert_at(st, 1, 6, 6);
    json_decref(ev);
    done(st);
}

static void test_whirlpool_and_game_over(void **state)
{
    (void)state;
    json_t *ev = NULL;
    /* Three players: Crowns on the smallest ring is hit into the
     * whirlpool, out of the game, its balloons to the stash; the turn
     * skips it from then on. */
    gt *st = scene(3, "[{\"at\":[4,1],\"balloons\":[4]},{\"at\":[4,3],\"balloons\":[6,5]},"
                  "{\"at\":[7,7],\"balloons\":[6,5]}]",
               0, "act", 0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", &ev), WB_OK);
    assert_true(json_is_null(json_object_get(event(ev, "thrown", 0), "to")));
    json_t *el = event(ev, "eliminated", 0);
    assert_int_equal(json_integer_value(json_object_get(el, "seat")), 1);
    assert_json(json_object_get(el, "balloons"), "[6,5]");
    assert_at(st, 1, -1, -1);
    assert_balloons(st, 1, "[]");
    assert_view(st, "stash", "[6,5,4]");
    assert_view(st, "status", "\"active\"");
    assert_view(st, "to_act", "[2]"); /* seat 1 is skipped */
    assert_int_equal(json_integer_value(json_object_get(event(ev, "turn_ended", 0), "next")), 2);
    assert_refused(st, 1, "{\"type\":\"roll\"}", WB_ENOTTURN);
    json_decref(ev);
    done(st);

    /* Two players: a corner of the smallest ring falls in diagonally; the
     * last tube left wins. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[4]},{\"at\":[3,3],\"balloons\":[5]}]", 0, "act",
               0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", &ev), WB_OK);
    assert_non_null(event(ev, "game_over", 0));
    assert_json(json_object_get(event(ev, "game_over", 0), "winners"), "[0]");
    json_t *v = gt_view(st, 1);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_json(json_object_get(v, "to_act"), "[]");
    assert_json(json_object_get(v, "winners"), "[0]");
    assert_json(json_object_get(v, "scores"), "[1,0]");
    json_decref(v);
    assert_refused(st, 0, "{\"type\":\"roll\"}", WB_ENOTTURN);
    assert_int_equal(count_actions(st, 0, NULL), 0);
    json_decref(ev);

    /* A finished game saves and loads too. */
    json_t *saved = K->save(st->st);
    void *st2 = NULL;
    char *why = NULL;
    assert_int_equal(K->load(saved, &st2, &why), WB_OK);
    json_t *saved2 = K->save(st2);
    assert_true(json_equal(saved, saved2));
    json_decref(saved);
    json_decref(saved2);
    K->destroy(st2);
    done(st);
}

/* --- extort ------------------------------------------------------------------- */

/* Suns at (4,1) with [6,5] has Crowns at (4,6) (5 spaces south, [6,5])
 * in its sights, and Moons (third seat, if any) at (3,2), diagonally
 * next to it. */
static gt *extortion(int n)
{
    return scene(n, n == 2 ? "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[4,6],\"balloons\":[6,5]}]"
                           : "[{\"at\":[4,1],\"balloons\":[6,5]},{\"at\":[4,6],\"balloons\":[6,5]},"
                             "{\"at\":[3,2],\"balloons\":[4]}]",
                 0, "act", 0, "[4]");
}

static void test_extort_pay(void **state)
{
    (void)state;
    json_t *ev = NULL;
    gt *st = extortion(2);
    /* The demand must be balloons the target has. */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,6]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[4]}", WB_EILLEGAL);
    /* A value that is no balloon: outside the member's allowed values (422). */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[9]}", WB_EILLEGAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[\"6\"]}", WB_EINVAL);
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1}", WB_EINVAL);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", &ev), WB_OK);
    assert_non_null(event(ev, "extortion", 0));
    json_decref(ev);
    /* Both may act: the target answers, the thrower may hit at any moment. */
    assert_view(st, "to_act", "[0,1]");
    assert_view(st, "phase", "\"extort\"");
    json_t *v = gt_view(st, GAME_SEAT_PUBLIC);
    assert_json(json_object_get(v, "deal"), "{\"thrower\":0,\"target\":1,\"demand\":[6],"
                                            "\"offer\":null,\"waiting_for\":\"target\"}");
    json_decref(v);
    assert_int_equal(count_actions(st, 1, NULL), 3); /* pay, offer, refuse */
    assert_int_equal(count_actions(st, 0, "throw"), 2);
    assert_int_equal(count_actions(st, 0, "accept"), 0);
    /* The target cannot throw, the thrower cannot pay for them nor end
     * the turn while the deal is open (not you / not now: 409). */
    assert_refused(st, 1, "{\"type\":\"throw\",\"target\":0,\"balloon\":6}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"pay\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"end_turn\"}", WB_ENOTTURN);
    /* He pays: the balloons change hands, he is not hit, the turn ends. */
    assert_int_equal(act(st, 1, "{\"type\":\"pay\"}", &ev), WB_OK);
    assert_json(json_object_get(event(ev, "paid", 0), "balloons"), "[6]");
    assert_balloons(st, 0, "[6,6,5]");
    assert_balloons(st, 1, "[5]");
    assert_at(st, 1, 4, 6);
    assert_view(st, "to_act", "[1]");
    assert_view(st, "phase", "\"roll\"");
    assert_view(st, "deal", "null");
    json_decref(ev);
    done(st);
}

static void test_extort_refuse_then_hit(void **state)
{
    (void)state;
    gt *st = extortion(3);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 1, "{\"type\":\"refuse\"}", NULL), WB_OK);
    /* Now only the thrower acts; the target waits. */
    assert_view(st, "to_act", "[0]");
    assert_refused(st, 1, "{\"type\":\"pay\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"accept\"}", WB_EILLEGAL); /* nothing offered */
    /* While extorting Crowns, only Crowns can be hit. */
    assert_refused(st, 0, "{\"type\":\"throw\",\"target\":2,\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":6}", NULL), WB_OK);
    assert_at(st, 1, 4, 5);
    assert_balloons(st, 1, "[6,5]");
    assert_balloons(st, 0, "[5]");
    assert_view(st, "to_act", "[1]");
    assert_view(st, "deal", "null");
    done(st);

    /* Hit in the middle of the talks, before the target has answered. */
    st = extortion(2);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":5}", NULL), WB_OK);
    assert_at(st, 1, 4, 5);
    assert_balloons(st, 1, "[6,5]");
    done(st);
}

static void test_extort_offer(void **state)
{
    (void)state;
    json_t *ev = NULL;
    gt *st = extortion(2);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6,5]}", NULL),
                     WB_OK);
    assert_refused(st, 1, "{\"type\":\"offer\",\"balloons\":[4]}", WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"offer\",\"balloons\":[5]}", NULL), WB_OK);
    assert_view(st, "to_act", "[0]");
    assert_int_equal(count_actions(st, 0, "accept"), 1);
    /* A new demand withdraws the offer from the table. */
    assert_int_equal(act(st, 0, "{\"type\":\"demand\",\"balloons\":[6]}", NULL), WB_OK);
    assert_view(st, "to_act", "[0,1]");
    assert_refused(st, 0, "{\"type\":\"accept\"}", WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"offer\",\"balloons\":[5]}", NULL), WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"accept\"}", &ev), WB_OK);
    json_t *p = event(ev, "paid", 0);
    assert_int_equal(json_integer_value(json_object_get(p, "seat")), 1);
    assert_int_equal(json_integer_value(json_object_get(p, "to")), 0);
    assert_balloons(st, 0, "[6,5,5]");
    assert_balloons(st, 1, "[6]");
    assert_at(st, 1, 4, 6);
    assert_view(st, "to_act", "[1]");
    json_decref(ev);
    done(st);
}

static void test_extort_call_off(void **state)
{
    (void)state;
    gt *st = extortion(3);
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"call_off\"}", NULL), WB_OK);
    assert_view(st, "phase", "\"act\"");
    assert_view(st, "to_act", "[0]");
    assert_view(st, "extort_called_off", "true");
    /* A different action, then: not another extortion. */
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[6]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    assert_int_equal(count_actions(st, 0, "throw"), 4);
    assert_int_equal(act(st, 0, "{\"type\":\"end_turn\"}", NULL), WB_OK);
    assert_view(st, "to_act", "[1]");
    assert_view(st, "extort_called_off", "false");
    assert_balloons(st, 1, "[6,5]");
    done(st);

    /* Nothing to take: no extortion of a player without balloons. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,6],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    done(st);

    /* Not in the sights (not on a straight line): no extortion. */
    st = scene(2, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[5,6],\"balloons\":[5]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "extort"), 0);
    done(st);

    /* In line but the knock-back space is taken: not in the sights either. */
    st = scene(3, "[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,6],\"balloons\":[5]},"
                  "{\"at\":[4,5],\"balloons\":[]}]", 0, "act", 0, "[]");
    assert_refused(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", WB_EILLEGAL);
    done(st);
}

/* --- friend toss and rope pull ---------------------------------------------- */

static void test_toss(void **state)
{
    (void)state;
    /* On a rope coin (the Suns #3 at (1,1)), stash [5,4]: take the #5. */
    gt *st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0,
                     "act", 0, "[5,4]");
    assert_int_equal(count_actions(st, 0, "toss"), 2);
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":6}", WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"toss\",\"balloon\":5}", NULL), WB_OK);
    assert_balloons(st, 0, "[5]");
    assert_view(st, "stash", "[4]");
    assert_view(st, "to_act", "[1]");
    done(st);

    /* Orthogonally next to a coin (of any rope), even on another ring. */
    st = scene(2, "[{\"at\":[3,2],\"balloons\":[6]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[4]");
    assert_int_equal(act(st, 0, "{\"type\":\"toss\",\"balloon\":4}", NULL), WB_OK);
    assert_balloons(st, 0, "[6,4]"); /* no limit on how many */
    done(st);

    /* Not near a rope. */
    st = scene(2, "[{\"at\":[4,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act", 0,
               "[4]");
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":4}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "toss"), 0);
    done(st);

    /* Empty stash. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"toss\",\"balloon\":4}", WB_EILLEGAL);
    done(st);
}

static void test_pull(void **state)
{
    (void)state;
    /* Suns on the Suns #2 coin (2,2) pulls diagonally out to (1,1). */
    gt *st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0,
                     "act", 0, "[]");
    assert_int_equal(count_actions(st, 0, "pull"), 1);
    json_t *ev = NULL;
    assert_int_equal(act(st, 0, "{\"type\":\"pull\"}", &ev), WB_OK);
    assert_json(json_object_get(event(ev, "pulled", 0), "to"), "[1,1]");
    assert_at(st, 0, 1, 1);
    assert_view(st, "to_act", "[1]");
    json_decref(ev);
    done(st);

    /* The rope partner's coin works: Suns on the Moons ace (5,5). */
    st = scene(2, "[{\"at\":[5,5],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"pull\"}", NULL), WB_OK);
    assert_at(st, 0, 6, 6);
    done(st);

    /* The other rope: Suns on the Crowns #2 (6,2). */
    st = scene(2, "[{\"at\":[6,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    assert_int_equal(count_actions(st, 0, "pull"), 0);
    done(st);

    /* Already in the outside ring: the Suns #3 (1,1). */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Another tube in the way. */
    st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[1,1],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Not on a coin at all. */
    st = scene(2, "[{\"at\":[3,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[]");
    assert_refused(st, 0, "{\"type\":\"pull\"}", WB_EILLEGAL);
    done(st);

    /* Landing on a coin by the roll, then pulling: Arms (seat 1) on the
     * middle ring at (2,5) rolls 1 onto its own #2 coin at (2,6). */
    char hex[65], patch[256];
    rng_for(1, hex);
    snprintf(patch, sizeof patch,
             "{\"suits\":[\"suns\",\"arms\"],\"tubes\":[{\"at\":[7,4],\"balloons\":[]},"
             "{\"at\":[2,5],\"balloons\":[]}],\"phase\":\"roll\",\"turn\":1,\"first\":1,"
             "\"rolling\":[],\"rolls\":[0,0],\"stash\":[],\"rng\":\"%s\"}",
             hex);
    st = patched(2, patch);
    assert_int_equal(act(st, 1, "{\"type\":\"roll\"}", NULL), WB_OK);
    assert_at(st, 1, 2, 6);
    assert_view(st, "phase", "\"act\"");
    assert_int_equal(act(st, 1, "{\"type\":\"pull\"}", NULL), WB_OK);
    assert_at(st, 1, 1, 7);
    done(st);
}

/* --- the list of actions ------------------------------------------------------- */

static void test_actions_list(void **state)
{
    (void)state;
    gt *st = extortion(2);
    json_t *a = gt_actions(st, 0);
    assert_json(a, "[{\"type\":\"throw\",\"target\":1,\"balloon\":6,\"direction\":\"s\"},"
                   "{\"type\":\"throw\",\"target\":1,\"balloon\":5,\"direction\":\"s\"},"
                   "{\"type\":\"extort\",\"target\":1,\"$params\":{\"demand\":"
                   "\"the balloons you want for not hitting them: an array of balloon values, "
                   "a non-empty selection of seat 1's balloons [6, 5], e.g. [5]\"}},"
                   "{\"type\":\"end_turn\"}]");
    /* Every listed body (templates filled) is accepted. */
    size_t i;
    json_t *e;
    json_array_foreach(a, i, e) {
        json_t *saved = K->save(st->st), *body = json_deep_copy(e), *ev = json_array();
        void *copy = NULL;
        char *why = NULL;
        assert_int_equal(K->load(saved, &copy, &why), WB_OK);
        if (json_object_get(body, "$params")) {
            json_object_del(body, "$params");
            json_object_set_new(body, "demand", json_pack("[i]", 5));
        }
        assert_int_equal(K->apply(copy, &ctx, 0, body, ev, &why), WB_OK);
        K->destroy(copy);
        json_decref(saved);
        json_decref(body);
        json_decref(ev);
    }
    json_decref(a);
    /* Others have nothing to do; the host and the public do not play. */
    assert_int_equal(count_actions(st, 1, NULL), 0);
    assert_int_equal(count_actions(st, GAME_SEAT_HOST, NULL), 0);
    assert_int_equal(count_actions(st, GAME_SEAT_PUBLIC, NULL), 0);
    assert_refused(st, GAME_SEAT_HOST, "{\"type\":\"end_turn\"}", WB_ENOTTURN);
    assert_refused(st, 0, "{\"type\":\"dance\"}", WB_EINVAL);
    assert_refused(st, 0, "{\"type\":\"roll\"}", WB_ENOTTURN); /* rolled already: not now */
    done(st);

    /* On a rope coin of its own rope with balloons in the stash: toss by
     * value and pull are listed. */
    st = scene(2, "[{\"at\":[2,2],\"balloons\":[]},{\"at\":[7,4],\"balloons\":[]}]", 0, "act",
               0, "[6,4,4]");
    a = gt_actions(st, 0);
    assert_json(a, "[{\"type\":\"toss\",\"balloon\":6},{\"type\":\"toss\",\"balloon\":4},"
                   "{\"type\":\"pull\"},{\"type\":\"end_turn\"}]");
    json_decref(a);
    done(st);
}

/* --- views, save/load, determinism ---------------------------------------------- */

static void test_views_and_load_errors(void **state)
{
    (void)state;
    gt *st = extortion(2);
    int seats[] = {0, 1, GAME_SEAT_PUBLIC, GAME_SEAT_HOST};
    json_t *saved = K->save(st->st);
    const char *rng_hex = json_string_value(json_object_get(saved, "rng"));
    for (size_t i = 0; i < 4; i++) {
        json_t *v = gt_view(st, seats[i]);
        char *d = json_dumps(v, 0);
        assert_null(strstr(d, rng_hex)); /* never the rng */
        assert_null(json_object_get(v, "rng"));
        assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
        assert_true(json_is_array(json_object_get(v, "to_act")));
        free(d);
        json_decref(v);
    }

    const char *bad[] = {
        "{\"rng\":\"zz\"}",
        "{\"suits\":[\"suns\"]}",
        "{\"phase\":\"dance\"}",
        "{\"tubes\":[{\"at\":[4,1],\"balloons\":[6]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"tubes\":[{\"at\":[4,4],\"balloons\":[6]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"tubes\":[{\"at\":[4,2],\"balloons\":[7]},{\"at\":[4,1],\"balloons\":[6]}]}",
        "{\"turn\":5}",
        "{\"phase\":\"extort\",\"deal\":null}",
        "{\"phase\":\"extort\",\"deal\":{\"thrower\":0,\"target\":1,\"demand\":[4],"
        "\"offer\":null,\"waiting_for\":\"target\"}}",
        "{\"deal\":{\"thrower\":0,\"target\":1,\"demand\":[6],\"offer\":null,"
        "\"waiting_for\":\"target\"}}",
        "{\"board\":\"grid 3 3\"}",
        "{\"phase\":\"finished\",\"winner\":null}",
        "{\"last_roll\":9}",
        "{\"rolls\":[0,0,0,0,0,0,0,0,0]}",
        "{\"rolls\":[3,0]}",
        "{\"rolling\":[0,7]}",
        "{\"phase\":\"roll_off\",\"turn\":null,\"rolling\":[]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *copy = json_deep_copy(saved), *p = json_loads(bad[i], 0, NULL);
        void *out = NULL;
        char *why = NULL;
        assert_non_null(p);
        json_object_update(copy, p);
        int rc = K->load(copy, &out, &why);
        if (rc == WB_OK)
            fprintf(stderr, "accepted: %s\n", bad[i]);
        assert_int_equal(rc, WB_EINVAL);
        assert_non_null(why);
        assert_null(out);
        free(why);
        json_decref(copy);
        json_decref(p);
    }
    /* The saved state carries its format version; a save from before
     * there was one (same layout) loads as format 0 and saves as 1; a
     * newer or unknown format is refused. */
    {
        json_t *old = json_deep_copy(saved);
        void *st2 = NULL;
        char *w = NULL;
        assert_int_equal(json_integer_value(json_object_get(saved, "format")), 1);
        json_object_del(old, "format");
        assert_int_equal(K->load(old, &st2, &w), WB_OK);
        json_t *again = K->save(st2);
        assert_true(json_equal(again, saved));
        json_decref(again);
        K->destroy(st2);
        json_object_set_new(old, "format", json_integer(2));
        assert_int_equal(K->load(old, &st2, &w), WB_EINVAL);
        assert_non_null(strstr(w, "bad format"));
        free(w);
        json_decref(old);
    }
    json_t *nothing = json_object();
    void *out = NULL;
    char *why = NULL;
    assert_int_equal(K->load(nothing, &out, &why), WB_EINVAL);
    free(why);
    json_decref(nothing);
    json_decref(saved);
    done(st);
}

/* load() of `base` with `patch` merged in: the return code. */
static int load_patched(const json_t *base, const char *patch)
{
    json_t *copy = json_deep_copy(base), *p = json_loads(patch, 0, NULL);
    void *out = NULL;
    char *why = NULL;
    assert_non_null(p);
    assert_int_equal(json_object_update(copy, p), 0);
    int rc = K->load(copy, &out, &why);
    if (rc) {
        assert_non_null(why);
        assert_null(out);
    }
    free(why);
    K->destroy(out);
    json_decref(copy);
    json_decref(p);
    return rc;
}

/* load() takes only states the game can reach: a tube in the whirlpool
 * gave its balloons to the stash; nobody is to move in a finished game;
 * the first player is known exactly when the roll-off is over; an
 * extortion is only ever called off while choosing an action (the game
 * over clears it). */
static void test_load_consistency(void **state)
{
    (void)state;
    gt *st = extortion(2);
    json_t *saved = K->save(st->st);
    const char *over = "{\"phase\":\"finished\",\"winner\":0,\"turn\":null,\"deal\":null,"
                       "\"tubes\":[{\"at\":[4,1],\"balloons\":[6,5]},"
                       "{\"at\":null,\"balloons\":%s}]%s}";
    char patch[512];
    snprintf(patch, sizeof patch, over, "[]", "");
    assert_int_equal(load_patched(saved, patch), WB_OK); /* the control */
    snprintf(patch, sizeof patch, over, "[5]", "");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    snprintf(patch, sizeof patch, over, "[]", ",\"turn\":0");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    /* (A finished game with the flag set was saved by an earlier version:
     * it still loads.) */
    snprintf(patch, sizeof patch, over, "[]", ",\"extort_off\":true");
    assert_int_equal(load_patched(saved, patch), WB_OK);
    const char *deal = "{\"phase\":\"extort\",\"deal\":{\"thrower\":0,\"target\":1,"
                       "\"demand\":[6],\"offer\":null,\"waiting_for\":\"target\"}%s}";
    snprintf(patch, sizeof patch, deal, "");
    assert_int_equal(load_patched(saved, patch), WB_OK);
    snprintf(patch, sizeof patch, deal, ",\"extort_off\":true");
    assert_int_equal(load_patched(saved, patch), WB_EINVAL);
    assert_int_equal(load_patched(saved, "{\"phase\":\"act\",\"extort_off\":true}"), WB_OK);
    assert_int_equal(load_patched(saved, "{\"phase\":\"roll\",\"deal\":null,"
                                         "\"extort_off\":true}"), WB_EINVAL);
    assert_int_equal(load_patched(saved, "{\"phase\":\"roll\",\"deal\":null,"
                                         "\"first\":null}"), WB_EINVAL);
    json_decref(saved);
    done(st);

    /* In the roll-off nobody has won it yet. */
    st = create_opts(2, 1, NULL);
    saved = K->save(st->st);
    assert_int_equal(load_patched(saved, "{}"), WB_OK);
    assert_int_equal(load_patched(saved, "{\"first\":1}"), WB_EINVAL);
    json_decref(saved);
    done(st);

    /* A game won right after calling an extortion off: the finished state
     * carries no "called off" flag, and saves and loads. */
    st = scene(2, "[{\"at\":[1,1],\"balloons\":[4]},{\"at\":[3,3],\"balloons\":[5]}]", 0,
               "act", 0, "[]");
    assert_int_equal(act(st, 0, "{\"type\":\"extort\",\"target\":1,\"demand\":[5]}", NULL),
                     WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"call_off\"}", NULL), WB_OK);
    assert_int_equal(act(st, 0, "{\"type\":\"throw\",\"target\":1,\"balloon\":4}", NULL),
                     WB_OK);
    assert_view(st, "status", "\"finished\"");
    assert_view(st, "extort_called_off", "false");
    saved = K->save(st->st);
    assert_int_equal(load_patched(saved, "{}"), WB_OK);
    json_decref(saved);
    done(st);
}

/* A tiny deterministic chooser for the random games below. */
static uint64_t lcg(uint64_t *x)
{
    *x = *x * 6364136223846793005ull + 1442695040888963407ull;
    return *x >> 33;
}

static int total_balloons(json_t *view)
{
    size_t i;
    json_t *p;
    int n = (int)json_array_size(json_object_get(view, "stash"));
    json_array_foreach(json_object_get(view, "players"), i, p)
        n += (int)json_array_size(json_object_get(p, "balloons"));
    return n;
}

/* Play a whole game choosing among the listed actions; check invariants and
 * that every state saves, loads and saves identically.  Returns the log. */
static json_t *play(int n, uint64_t seed, uint64_t choice, int *finished, json_t *seen)
{
    gt *st = create_opts(n, seed, NULL);
    json_t *log = json_array();
    *finished = 0;
    for (int step = 0; step < 600; step++) {
        json_t *v = gt_view(st, GAME_SEAT_PUBLIC), *to_act = json_object_get(v, "to_act");
        /* Balloons never appear or vanish: 2 per player and 4 in the stash. */
        assert_int_equal(total_balloons(v), 2 * n + 4);
        /* No two tubes on a space. */
        for (int a = 0; a < n; a++)
            for (int b = a + 1; b < n; b++) {
                json_t *pa = json_object_get(json_array_get(json_object_get(v, "players"),
                                                            (size_t)a), "at");
                json_t *pb = json_object_get(json_array_get(json_object_get(v, "players"),
                                                            (size_t)b), "at");
                assert_false(!json_is_null(pa) && json_equal(pa, pb));
            }
        if (strcmp(json_string_value(json_object_get(v, "status")), "finished") == 0) {
            *finished = 1;
            json_decref(v);
            break;
        }
        int seat = (int)json_integer_value(
            json_array_get(to_act, (size_t)(lcg(&choice) % json_array_size(to_act))));
        json_decref(v);
        json_t *acts = gt_actions(st, seat);
        assert_true(json_array_size(acts) > 0);
        /* Prefer throwing, so that games end. */
        size_t k = (size_t)(lcg(&choice) % json_array_size(acts));
        for (size_t j = 0; j < json_array_size(acts) && lcg(&choice) % 3; j++)
            if (strcmp(json_string_value(json_object_get(json_array_get(acts, j), "type")),
                       "throw") == 0)
                k = j;
        json_t *body = json_deep_copy(json_array_get(acts, k));
        json_t *params = json_object_get(body, "$params");
        if (params) {
            /* Fill a template with the lowest balloon of the target. */
            json_t *view = gt_view(st, GAME_SEAT_PUBLIC), *deal = json_object_get(view, "deal");
            int target = deal && !json_is_null(deal)
                             ? (int)json_integer_value(json_object_get(deal, "target"))
                             : (int)json_integer_value(json_object_get(body, "target"));
            json_t *bal = json_object_get(
                json_array_get(json_object_get(view, "players"), (size_t)target), "balloons");
            const char *key = json_object_iter_key(json_object_iter(params));
            json_object_set_new(body, key,
                                json_pack("[O]", json_array_get(bal, json_array_size(bal) - 1)));
            json_object_del(body, "$params");
            json_decref(view);
        }
        json_t *ev = json_array();
        char *why = NULL;
        int rc = K->apply(st->st, &ctx, seat, body, ev, &why);
        if (rc)
            fprintf(stderr, "refused a listed action: %s\n", why);
        assert_int_equal(rc, WB_OK);
        size_t ei;
        json_t *e1;
        json_array_foreach(ev, ei, e1)
            json_object_set_new(seen, json_string_value(json_object_get(e1, "type")),
                                json_true());
        json_array_append_new(log, json_pack("{s:i,s:o,s:o}", "seat", seat, "action", body,
                                             "events", ev));
        json_decref(acts);

        /* save -> load -> save is the identity. */
        json_t *s1 = K->save(st->st);
        void *st2 = NULL;
        assert_int_equal(K->load(s1, &st2, &why), WB_OK);
        json_t *s2 = K->save(st2);
        char *d1 = json_dumps(s1, JSON_COMPACT), *d2 = json_dumps(s2, JSON_COMPACT);
        assert_string_equal(d1, d2);
        free(d1);
        free(d2);
        json_decref(s1);
        json_decref(s2);
        /* Go on with the reloaded state: nothing may be lost in the trip. */
        K->destroy(st->st); /* play on from the loaded copy */
        st->st = st2;
    }
    json_t *final = K->save(st->st);
    json_array_append_new(log, final);
    done(st);
    return log;
}

static void test_random_games_and_determinism(void **state)
{
    (void)state;
    int finished_games = 0, fin;
    json_t *seen = json_object();
    for (uint64_t g = 0; g < 60; g++) {
        int n = 2 + (int)(g % 3);
        json_t *a = play(n, 1000 + g, g, &fin, seen), *b = play(n, 1000 + g, g, &fin, seen);
        /* Same seed, same actions: the same game, event for event. */
        assert_true(json_equal(a, b));
        finished_games += fin;
        json_decref(a);
        json_decref(b);
    }
    assert_true(finished_games > 50); /* throwing often, games end */
    /* The random games went through every kind of event. */
    const char *kinds[] = {"rolled", "roll_off_tie", "first_player", "moved", "bumped",
                           "thrown", "eliminated", "extortion", "demanded", "offered",
                           "refused", "paid", "called_off", "tossed", "pulled",
                           "turn_ended", "game_over"};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (!json_object_get(seen, kinds[i]))
            fprintf(stderr, "never seen: %s\n", kinds[i]);
        assert_non_null(json_object_get(seen, kinds[i]));
    }
    json_decref(seen);

    /* The seed matters: the first rolls of seeds 1..20 are not all alike. */
    int first_roll[20], alike = 1;
    for (int i = 0; i < 20; i++) {
        gt *x = create_opts(2, (uint64_t)i + 1, NULL);
        json_t *ev = NULL;
        assert_int_equal(act(x, 0, "{\"type\":\"roll\"}", &ev), WB_OK);
        first_roll[i] = (int)json_integer_value(json_object_get(event(ev, "rolled", 0), "value"));
        alike &= first_roll[i] == first_roll[0];
        json_decref(ev);
        done(x);
    }
    assert_false(alike);
}

/* A hand of balloons (bal[v] of value v, 4 to 6): counted, compared, its
 * lowest, read from a body, as text, as JSON and saved highest first. */
typedef struct hand {
    int bal[WP_NVAL];
} hand;

static void hand_io(game_io *io, void *st) { wp_bal_io(io, "bal", ((hand *)st)->bal); }

static void test_balloons(void **state)
{
    (void)state;
    int a[WP_NVAL] = {0, 0, 0, 0, 1, 2, 0}, b[WP_NVAL] = {0, 0, 0, 0, 1, 1, 1};
    int c[WP_NVAL] = {9, 9};
    assert_int_equal(wp_bal_count(a), 3);
    assert_true(wp_bal_sub(b, b));
    assert_false(wp_bal_sub(a, b)); /* two 5s, b has one */
    assert_int_equal(wp_bal_lowest(a), 4);
    assert_int_equal(wp_bal_lowest(c), -1);
    char *t = wp_bal_str(a), *none = wp_bal_str(c);
    assert_string_equal(t, "5, 5, 4");
    assert_string_equal(none, "");
    free(t);
    free(none);
    json_t *v = json_loads("[6,4,6,9]", 0, NULL);
    wp_bal_of(v, c); /* clears c[0..6]; 9 is outside */
    assert_true(c[0] == 0 && c[4] == 1 && c[5] == 0 && c[6] == 2);
    json_decref(v);
    v = wp_bal_json(a);
    gt_match(v, "[5,5,4]");
    json_decref(v);

    hand h = {{0, 0, 0, 0, 1, 0, 2}}, g = {{9, 9, 9, 9, 9, 9, 9}};
    const char *what = NULL;
    json_t *j = game_io_save(hand_io, &h);
    gt_match(j, "{\"bal\":[6,6,4]}");
    assert_int_equal(game_io_load(hand_io, j, &g, &what), WB_OK);
    assert_memory_equal(g.bal, h.bal, sizeof h.bal); /* cleared first */
    json_decref(j);
    static const char *const bad[] = {"{\"bal\":[3]}", "{\"bal\":[7]}", "{\"bal\":[\"6\"]}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        j = json_loads(bad[i], 0, NULL);
        assert_int_equal(game_io_load(hand_io, j, &g, &what), WB_EINVAL);
        json_decref(j);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_geometry),
        cmocka_unit_test(test_board_custom),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_options_suits_default),
        cmocka_unit_test(test_first_player),
        cmocka_unit_test(test_move_corner),
        cmocka_unit_test(test_bump),
        cmocka_unit_test(test_chain_bump),
        cmocka_unit_test(test_throw),
        cmocka_unit_test(test_whirlpool_and_game_over),
        cmocka_unit_test(test_extort_pay),
        cmocka_unit_test(test_extort_refuse_then_hit),
        cmocka_unit_test(test_extort_offer),
        cmocka_unit_test(test_extort_call_off),
        cmocka_unit_test(test_toss),
        cmocka_unit_test(test_pull),
        cmocka_unit_test(test_actions_list),
        cmocka_unit_test(test_views_and_load_errors),
        cmocka_unit_test(test_load_consistency),
        cmocka_unit_test(test_random_games_and_determinism),
        cmocka_unit_test(test_balloons),
    };
    return cmocka_run_group_tests_name("whirlpool", tests, NULL, NULL);
}
