/*
 * test_whirlpool_pond.c - Whirlpool Pond (Tube Wars), games/whirlpool/,
 * rule by rule: the pond (the default board and board files, the rings,
 * set-up) and the first player.  Positions and coordinates:
 * whirlpool_test_util.h.
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
#include "whirlpool_test_util.h"

extern const unsigned char whirlpool_board_txt[];

extern const size_t whirlpool_board_txt_len;

static const char *const names[] = {"ann", "bob", "cy", "di"};

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_geometry),
        cmocka_unit_test(test_board_custom),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_options_suits_default),
        cmocka_unit_test(test_first_player),
    };
    return cmocka_run_group_tests_name("whirlpool-pond", tests, NULL, NULL);
}
