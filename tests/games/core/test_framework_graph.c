/*
 * test_framework_graph.c - the area-graph loader and the board generators
 * (game_graph.h): graphs parsed and refused, square and grid rings, grid
 * lines and positions, name look-ups, hex wrap, piles of ids by name.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "example.h"
#include "framework_test_util.h"
#include "game_data.h"
#include "game_def.h"
#include "game_graph.h"
#include "game_json.h"
#include "game_test.h"
#include "wb_err.h"

/* --- graphs ----------------------------------------------------------------- */

static void test_graph_load(void **state)
{
    (void)state;
    static const char text[] =
        "{\"nodes\":[{\"id\":\"doom-grove\",\"name\":\"Doom Grove\",\"tags\":[\"land\","
        "\"mountain\"],\"x\":120.5,\"y\":80},{\"id\":\"woobania\",\"tags\":[\"land\"]},"
        "{\"id\":\"sea\",\"tags\":[\"water\"]}],"
        "\"edges\":[[\"doom-grove\",\"woobania\"],[\"woobania\",\"sea\"]]}";
    game_graph *g = NULL;
    char *why = NULL;
    assert_int_equal(game_graph_parse(text, sizeof text - 1, &g, &why), WB_OK);
    assert_int_equal(g->n, 3);
    int dg = game_graph_find(g, "doom-grove"), wb = game_graph_find(g, "woobania");
    int sea = game_graph_find(g, "sea");
    assert_string_equal(g->nodes[dg].name, "Doom Grove");
    assert_string_equal(g->nodes[wb].name, "woobania");
    assert_true(g->nodes[dg].has_xy && g->nodes[dg].x == 120.5);
    assert_false(g->nodes[wb].has_xy);
    assert_true(game_graph_has(g, dg, "mountain"));
    assert_false(game_graph_has(g, wb, "mountain"));
    assert_true(g->nodes[sea].tags & game_graph_tag(g, "water"));
    assert_true(game_graph_adjacent(g, dg, wb) && game_graph_adjacent(g, wb, dg));
    assert_false(game_graph_adjacent(g, dg, sea));
    assert_int_equal(game_graph_find(g, "nowhere"), -1);
    /* Round trip through the format. */
    json_t *j = game_graph_json(g);
    game_graph *g2 = NULL;
    assert_int_equal(game_graph_load(j, &g2, &why), WB_OK);
    json_t *j2 = game_graph_json(g2);
    assert_true(json_equal(j, j2));
    json_decref(j);
    json_decref(j2);
    game_graph_free(g2);
    game_graph_free(g);
    static const char *const bad[] = {
        "[]", "{\"nodes\":[],\"edges\":[]}", "{\"nodes\":[{\"id\":\"A\"}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"a\"}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\"}],\"edges\":[[\"a\",\"b\"]]}",
        "{\"nodes\":[{\"id\":\"a\"}],\"edges\":[[\"a\",\"a\"]]}",
        "{\"nodes\":[{\"id\":\"a\"},{\"id\":\"b\"}],\"edges\":[[\"a\",\"b\"],[\"b\",\"a\"]]}",
        "{\"nodes\":[{\"id\":\"a\",\"x\":1}],\"edges\":[]}",
        "{\"nodes\":[{\"id\":\"a\",\"tags\":[1]}],\"edges\":[]}", "{\"nodes\":",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (game_graph_parse(bad[i], strlen(bad[i]), &g, &why) != WB_EINVAL)
            fail_msg("loaded %s", bad[i]);
        assert_non_null(why);
        assert_null(g);
        free(why);
        why = NULL;
    }
}

static void test_square_rings(void **state)
{
    (void)state;
    game_graph *g = game_graph_square_rings(3);
    assert_int_equal(g->n, 1 + 8 + 16 + 24);
    int centre = game_graph_find(g, "centre");
    assert_int_equal(g->nodes[centre].nadj, 8);
    for (int r = 1; r <= 3; r++) {
        char tag[16];
        int n = 0, corners = 0;
        snprintf(tag, sizeof tag, "ring-%d", r);
        for (int i = 0; i < g->n; i++)
            if (game_graph_has(g, i, tag)) {
                n++;
                corners += game_graph_has(g, i, "corner");
            }
        assert_int_equal(n, 8 * r);
        assert_int_equal(corners, 4);
    }
    /* The top-left corner of ring 2 is at (1, 1): its two ring
     * neighbours, the corner of ring 1 diagonally inward, and three of
     * ring 3 (the corner diagonally, two orthogonally). */
    int c2 = game_graph_find(g, "r2-0"), c1 = game_graph_find(g, "r1-0");
    int c3 = game_graph_find(g, "r3-0");
    assert_true(g->nodes[c2].x == 1 && g->nodes[c2].y == 1);
    assert_true(game_graph_adjacent(g, c2, c1) && game_graph_adjacent(g, c2, c3));
    assert_true(game_graph_adjacent(g, c2, game_graph_find(g, "r2-1")));
    assert_true(game_graph_adjacent(g, c2, game_graph_find(g, "r2-15")));
    assert_int_equal(g->nodes[c2].nadj, 6);
    /* A side cell: two along the ring, one in, one out. */
    int s2 = game_graph_find(g, "r2-2");
    assert_int_equal(g->nodes[s2].nadj, 4);
    assert_true(game_graph_adjacent(g, s2, game_graph_find(g, "r1-1")));
    /* The direction along the rings: counterclockwise, down the west side
     * first; inward to the centre from ring 1; a corner's way out. */
    assert_int_equal(g->nodes[c2].ring, 2);
    assert_int_equal(g->nodes[c2].next, game_graph_find(g, "r2-1"));
    assert_int_equal(g->nodes[game_graph_find(g, "r2-15")].next, c2);
    assert_true(g->nodes[g->nodes[c2].next].x == 1 && g->nodes[g->nodes[c2].next].y == 2);
    assert_int_equal(g->nodes[c1].in, centre);
    assert_int_equal(g->nodes[c2].in, c1);
    assert_int_equal(g->nodes[s2].in, game_graph_find(g, "r1-1"));
    assert_int_equal(g->nodes[c1].out, c2);
    assert_int_equal(g->nodes[c2].out, c3);
    assert_int_equal(g->nodes[c3].out, -1); /* the outermost ring */
    assert_int_equal(g->nodes[s2].out, -1); /* not a corner */
    assert_int_equal(g->nodes[centre].ring, 0);
    game_graph_free(g);
}

/* Rings drawn on a grid: a rectangular pond around a 3x1 hole. */
static void test_grid_rings(void **state)
{
    (void)state;
    static const char pond[] = "2222222"
                               "2111112"
                               "21OOO12"
                               "2111112"
                               "2222222";
    char *why = NULL;
    game_graph *g = game_graph_grid_rings(pond, 7, 5, 2, &why);
    assert_non_null(g);
    assert_int_equal(g->n, 12 + 20);
    int c11 = game_graph_at(g, 1, 1), c00 = game_graph_at(g, 0, 0), corners = 0;
    assert_int_equal(game_graph_find(g, "c1-1"), c11);
    assert_int_equal(game_graph_at(g, 3, 2), -1); /* the hole */
    json_t *xy = game_graph_xy(g, c11), *none = game_graph_xy(g, -1);
    assert_true(json_integer_value(json_array_get(xy, 0)) == 1 &&
                json_integer_value(json_array_get(xy, 1)) == 1 && json_is_null(none));
    json_decref(xy);
    for (int i = 0; i < g->n; i++) {
        int len = 0, k = i;
        corners += game_graph_has(g, i, "corner");
        do /* around the ring, back where it started */
            k = g->nodes[k].next, len++;
        while (k != i && len < 100);
        assert_int_equal(len, g->nodes[i].ring == 1 ? 12 : 20);
        assert_true(game_graph_adjacent(g, i, g->nodes[i].next));
        if (g->nodes[i].ring == 1)
            assert_int_equal(g->nodes[i].in, -1); /* into the hole */
        else
            assert_int_equal(g->nodes[g->nodes[i].in].ring, 1);
    }
    assert_int_equal(corners, 8);
    /* Counterclockwise: down the west side, west along the top. */
    assert_int_equal(g->nodes[c11].next, game_graph_at(g, 1, 2));
    assert_int_equal(g->nodes[game_graph_at(g, 3, 1)].next, game_graph_at(g, 2, 1));
    assert_int_equal(g->nodes[game_graph_at(g, 3, 0)].in, game_graph_at(g, 3, 1));
    assert_int_equal(g->nodes[c00].in, c11); /* diagonally from a corner */
    assert_int_equal(g->nodes[c11].out, c00);
    assert_int_equal(g->nodes[game_graph_at(g, 3, 1)].out, -1);
    assert_int_equal(g->nodes[c00].out, -1);
    game_graph_free(g);

    /* What rings must be. */
    static const struct {
        const char *cells, *needle;
    } bad[] = {
        {"2222222" "2111112" "21OOO12" "2111122" "2222222", "ring 1"}, /* not closed */
        {"2222222" "2111112" "21xxx12" "2111112" "2222222", "hole"},
        {"2222222" "2111112" "21OOO12" "2111112" "22222..", "outward"},
        {"2222222" "2111112" "21OOO12" "2111112" "222.222", "ring 2 is not"},
        {"2222...", "ring 1 has no spaces"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int h = (int)strlen(bad[i].cells) / 7;
        assert_null(game_graph_grid_rings(bad[i].cells, 7, h, 2, &why));
        if (!strstr(why, bad[i].needle))
            fail_msg("%s: %s", bad[i].needle, why);
        free(why);
    }
}

/* Grid geometry for the games drawn on a grid: the line (direction and
 * distance) between two nodes, and a node saved as where it is drawn. */
typedef struct at_state {
    const game_graph *g;
    int at[2];
} at_state;

static void at_io(game_io *io, void *st)
{
    at_state *s = st;
    game_io_xy(io, "a", s->g, &s->at[0]);
    game_io_xy(io, "b", s->g, &s->at[1]);
}

static void test_grid_lines_and_positions(void **state)
{
    (void)state;
    game_graph *g = game_graph_square_rings(2); /* a 5 x 5 square, the centre at (2, 2) */
    int c = game_graph_at(g, 2, 2), d = -1;
    static const int to[][2] = {{2, 0}, {4, 0}, {4, 2}, {3, 3}, {2, 4}, {0, 4}, {1, 2}, {0, 0}};
    for (int k = 0; k < 8; k++) {
        assert_int_equal(game_graph_line(g, c, game_graph_at(g, to[k][0], to[k][1]), &d), k);
        assert_int_equal(d, k == 3 || k == 6 ? 1 : 2);
    }
    assert_string_equal(game_graph_dirs[5], "sw");
    assert_null(game_graph_dirs[8]);
    assert_int_equal(game_graph_line(g, c, c, &d), -1);
    assert_int_equal(game_graph_line(g, c, game_graph_at(g, 3, 0), &d), -1); /* a knight's move */

    at_state a = {g, {game_graph_at(g, 4, 1), -1}}, b = {g, {0, 0}};
    const char *what = NULL;
    json_t *j = game_io_save(at_io, &a);
    gt_match(j, "{\"a\":[4,1],\"b\":null}");
    assert_int_equal(game_io_load(at_io, j, &b, &what), WB_OK);
    assert_int_equal(b.at[0], a.at[0]);
    assert_int_equal(b.at[1], -1);
    static const char *const bad[] = {"{\"a\":[5,1]}", "{\"a\":[4]}", "{\"a\":\"c4-1\"}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_t *x = json_deep_copy(j), *p = json_loads(bad[i], 0, NULL);
        json_object_update(x, p);
        assert_int_equal(game_io_load(at_io, x, &b, &what), WB_EINVAL);
        assert_string_equal(what, "a");
        json_decref(x);
        json_decref(p);
    }
    json_decref(j);
    game_graph_free(g);
}

/* Name look-ups. */
static void test_name_index(void **state)
{
    (void)state;
    static const char *const names[] = {"suns", "moons", "crowns"};
    assert_int_equal(game_name_index(names, 3, "crowns"), 2);
    assert_int_equal(game_name_index(names, 2, "crowns"), -1);
    assert_int_equal(game_name_index(names, 3, NULL), -1);
}

static void test_hex_wrap(void **state)
{
    (void)state;
    game_graph *g = game_graph_hex(8, 5, 1);
    assert_int_equal(g->n, 40);
    /* Inner hexes have six neighbours, the east edge wraps to the west. */
    for (int i = 0; i < g->n; i++) {
        int north = game_graph_has(g, i, "north-edge"), south = game_graph_has(g, i, "south-edge");
        assert_int_equal(g->nodes[i].nadj, north || south ? 4 : 6);
    }
    assert_true(game_graph_adjacent(g, game_graph_find(g, "h7-2"), game_graph_find(g, "h0-2")));
    assert_true(game_graph_adjacent(g, game_graph_find(g, "h7-1"), game_graph_find(g, "h0-2")));
    assert_false(game_graph_has(g, 0, "west-edge"));
    game_graph_free(g);
    g = game_graph_hex(4, 3, 0);
    assert_false(game_graph_adjacent(g, game_graph_find(g, "h3-1"), game_graph_find(g, "h0-1")));
    assert_true(game_graph_has(g, game_graph_find(g, "h0-1"), "west-edge"));
    assert_int_equal(g->nodes[game_graph_find(g, "h1-1")].nadj, 6);
    game_graph_free(g);
}

/* A pile of ids in order (repeats allowed), by name or as ints, from the
 * codec's arrays, enums and ints; game_io_present; game_opt_names: an
 * option naming different things. */
typedef struct piles {
    int na, a[4], nb, b[4], top; /* top: there when na > 0 (game_io_present) */
} piles;

static void io_pile(game_io *io, const char *key, int *v, int *n, int max,
                    const char *const *names, int nnames)
{
    *n = (int)game_io_array(io, key, (size_t)*n, 0, (size_t)max);
    for (int i = 0; i < *n; i++)
        if (names)
            game_io_enum(io, NULL, &v[i], names, nnames);
        else
            game_io_int(io, NULL, &v[i], 0, nnames - 1);
    game_io_end(io);
}

static void piles_io(game_io *io, void *st)
{
    static const char *const names[] = {"ant", "bee", "cow"};
    piles *p = st;
    io_pile(io, "named", p->a, &p->na, 4, names, 3);
    io_pile(io, "ids", p->b, &p->nb, 4, NULL, 3);
    if (game_io_present(io, "top", p->na > 0))
        game_io_int(io, "top", &p->top, 0, 2);
}

static void test_piles_and_names(void **state)
{
    (void)state;
    piles a = {3, {2, 0, 2}, 2, {1, 1}, 2}, b = {0}, e = {0};
    const char *what = NULL,
               *want = "{\"named\":[\"cow\",\"ant\",\"cow\"],\"ids\":[1,1],\"top\":2}";
    json_t *j = saved_as(piles_io, &a, want);
    assert_int_equal(game_io_load(piles_io, j, &b, &what), WB_OK);
    assert_true(b.na == 3 && b.a[0] == 2 && b.a[1] == 0 && b.a[2] == 2);
    assert_true(b.nb == 2 && b.b[0] == 1 && b.b[1] == 1 && b.top == 2);
    json_decref(j);
    j = game_io_save(piles_io, &e);
    gt_match(j, "{\"named\":[],\"ids\":[],\"top\":null}");
    assert_int_equal(game_io_load(piles_io, j, &b, &what), WB_OK);
    assert_int_equal(b.na, 0);
    json_decref(j);
    static const char *const bad[][2] = {
        {"{\"named\":[\"dog\"],\"ids\":[]}", "named"},
        {"{\"named\":[\"Ant\"],\"ids\":[]}", "named"},
        {"{\"named\":[\"ant\",\"ant\",\"ant\",\"ant\",\"ant\"],\"ids\":[]}", "named"},
        {"{\"named\":[],\"ids\":[3],\"top\":null}", "ids"},
        {"{\"named\":[],\"ids\":[-1],\"top\":null}", "ids"},
        {"{\"named\":[],\"top\":null}", "ids"},
        {"{\"named\":[],\"ids\":[],\"top\":1}", "top"},
        {"{\"named\":[\"ant\"],\"ids\":[],\"top\":null}", "top"},
        {"{\"named\":[\"ant\"],\"ids\":[]}", "top"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        piles x = {0};
        json_t *c = json_loads(bad[i][0], 0, NULL);
        assert_int_equal(game_io_load(piles_io, c, &x, &what), WB_EINVAL);
        assert_string_equal(what, bad[i][1]);
        json_decref(c);
    }

    static const char *const kinds[] = {"ant", "bee", "cow", NULL};
    int idx[4] = {0};
    char *why = NULL;
    json_t *o = json_pack("{s:[s,s]}", "k", "Cow", "ant");
    assert_int_equal(game_opt_names(o, "k", kinds, 1, 3, idx, &why), 2);
    assert_true(idx[0] == 2 && idx[1] == 0);
    assert_null(why);
    json_decref(o);
    static const char *const refused[] = {
        "{\"k\":[\"ant\",\"ANT\"]}", "{\"k\":[\"dog\"]}", "{\"k\":[]}",
        "{\"k\":\"ant\"}", "{\"k\":[1]}", "{\"k\":[\"ant\",\"bee\",\"cow\",\"ant\"]}",
        "{}",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        o = json_loads(refused[i], 0, NULL);
        assert_int_equal(game_opt_names(o, "k", kinds, 1, 3, idx, &why), -1);
        assert_string_equal(why, "k must be an array of 1 to 3 different names of ant, bee, cow");
        free(why);
        why = NULL;
        json_decref(o);
    }
    o = json_pack("{s:[s]}", "k", "bee");
    assert_int_equal(game_opt_names(o, "k", kinds, 2, 2, idx, &why), -1);
    assert_string_equal(why, "k must be an array of 2 different names of ant, bee, cow");
    free(why);
    json_decref(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_graph_load),
        cmocka_unit_test(test_square_rings),
        cmocka_unit_test(test_grid_rings),
        cmocka_unit_test(test_hex_wrap),
        cmocka_unit_test(test_grid_lines_and_positions),
        cmocka_unit_test(test_name_index),
        cmocka_unit_test(test_piles_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
