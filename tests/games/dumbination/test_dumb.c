/*
 * test_dumb.c - World Dumbination (games/dumbination/), rule by rule.
 *
 * The board and deck data against every fact the rulebook gives; the
 * set-up for 2 to 5 players; then scenarios built on a real set-up whose
 * board is cleared and arranged piece by piece through the module's
 * internal header (the rules are plain C): strength and movement, the
 * rulebook's two combat examples literally, markers, the leaderboards,
 * the phases and the player order, the Nuclear Bomb and the peace track,
 * elimination and scoring.  Finally the game interface: secrets in the
 * views, save/load, and seeded random matches to the end for 2-5 players.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dumb.h"
#include "dumb_int.h"
#include "dumb_scene.h"
#include "game.h"
#include "rng.h"
#include "wb_err.h"

/* --- helpers (and dumb_scene.h) --------------------------------------------- */

/* The game interface (game.h), as matches.c drives it. */
static const game_kind *K = &game_dumbination;

static void *make(int n, const char *opts, uint64_t seed)
{
    static const char *const names[] = {"ann", "bob", "cy", "dee", "eve"};
    json_t *o = json_loads(opts, 0, NULL);
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    if (K->create(&ctx, names, (size_t)n, o, seed, &st, &why))
        fail_msg("create: %s", why);
    json_decref(o);
    return st;
}

static int act(void *st, int seat, const char *text, json_t **ev, char **why)
{
    json_t *a = json_loads(text, 0, NULL);
    game_ctx ctx = {NULL, 0};
    *ev = json_array();
    int rc = K->apply(st, &ctx, seat, a, *ev, why);
    json_decref(a);
    return rc;
}

static int view_has(void *st, int seat, const char *needle)
{
    json_t *v = K->view(st, seat);
    char *d = json_dumps(v, JSON_COMPACT);
    int has = strstr(d, needle) != NULL;
    free(d);
    json_decref(v);
    return has;
}

/* --- the board ---------------------------------------------------------------- */

static void test_board_facts(void **state)
{
    (void)state;
    char *why = NULL;
    const dm_board *b = dm_board_default(&why);
    int usa = 0, russia = 0, other[DM_NATIONS] = {0}, cubed[DM_NATIONS] = {0};
    int sea = 0, res = 0, war = 0, dumb = 0, ussr = 0, eu = 0;
    assert_non_null(b);
    /* "Game board with 253 hexagonal spaces." */
    assert_int_equal(b->nspaces, 253);
    for (int i = 0; i < b->nspaces; i++) {
        const dm_space *s = &b->sp[i];
        usa += s->nation == DM_USA;
        russia += s->nation == DM_RUSSIA;
        if (s->nation >= 0)
            other[s->nation]++;
        if (s->tags & DM_T_CUBED)
            cubed[s->nation]++;
        sea += !!(s->tags & DM_T_SEA);
        res += !!(s->tags & DM_T_RESOURCE);
        war += !!(s->tags & DM_T_WAR);
        dumb += !!(s->tags & DM_T_DUMB);
        ussr += !!(s->tags & DM_T_USSR);
        eu += !!(s->tags & DM_T_EU);
        /* No bases at sea: no start, flag or resource space is sea. */
        if (s->tags & DM_T_SEA)
            assert_int_equal(s->tags & (DM_T_START | DM_T_RESOURCE | DM_T_USSR | DM_T_EU), 0);
        /* Hexes: six neighbours, except on the top and bottom rows. */
        if (s->row > 0 && s->row < b->height - 1)
            assert_int_equal(s->nadj, 6);
    }
    /* "USA has 19 blue spaces, and Russia 28 red spaces.  The other
     * nations start with just 1 space each." */
    assert_int_equal(usa, 19);
    assert_int_equal(russia, 28);
    for (int n = DM_NKOREA; n < DM_NATIONS; n++) {
        assert_int_equal(other[n], 1);
        assert_true(b->sp[b->start[n]].tags & DM_T_START);
    }
    /* Cubes on the resource spaces: 3 for USA, 2 for Russia. */
    assert_int_equal(cubed[DM_USA], 3);
    assert_int_equal(cubed[DM_RUSSIA], 2);
    assert_int_equal(ussr, 1);
    assert_int_equal(eu, 1);
    assert_true(sea > 100 && res >= 10 && war >= 2 && dumb >= 4);
    /* The world wraps east-west: the first and last columns touch. */
    int a = 5 * b->width, z = 5 * b->width + b->width - 1, touch = 0;
    for (int k = 0; k < b->sp[a].nadj; k++)
        touch |= b->sp[a].adj[k] == z;
    assert_true(touch);
    assert_int_equal(b->dist[(size_t)a * (size_t)b->nspaces + (size_t)z], 1);
    /* Every space can be reached from every start space. */
    for (int i = 0; i < b->nspaces; i++)
        assert_true(b->dist[(size_t)b->start[DM_USA] * (size_t)b->nspaces + (size_t)i] < 100);
}

static void test_board_graph_and_svg(void **state)
{
    (void)state;
    const dm_board *b = dm_board_default(NULL);
    json_t *g = dm_board_graph(b);
    assert_int_equal(json_array_size(json_object_get(g, "nodes")), 253);
    json_t *n0 = json_array_get(json_object_get(g, "nodes"), 0);
    assert_string_equal(json_string_value(json_object_get(n0, "id")), "h0-0");
    assert_true(json_is_number(json_object_get(n0, "x")));
    /* Each edge once: the sum of degrees over two. */
    size_t deg = 0;
    for (int i = 0; i < b->nspaces; i++)
        deg += (size_t)b->sp[i].nadj;
    assert_int_equal(json_array_size(json_object_get(g, "edges")), deg / 2);
    json_decref(g);
    char *svg = dm_board_svg(b);
    int polys = 0;
    for (const char *p = svg; (p = strstr(p, "<polygon")); p++)
        polys++;
    assert_int_equal(polys, 253);
    assert_non_null(strstr(svg, "</svg>"));
    free(svg);
    assert_int_equal(dm_space_find(b, "h6-3"), 3 * 23 + 6);
    assert_int_equal(dm_space_find(b, "h06-3"), -1);
    assert_int_equal(dm_space_find(b, "h0-11"), -1);
}

static void test_board_parse_errors(void **state)
{
    (void)state;
    dm_board *b = NULL;
    char *why = NULL;
    assert_int_equal(dm_board_parse("grid 3 1\n~~~\n", 8 + 4, &b, &why), WB_EINVAL);
    assert_non_null(strstr(why, "start"));
    free(why);
    why = NULL;
    assert_int_equal(dm_board_parse("grid 3 1\n~x~\n", 12, &b, &why), WB_EINVAL);
    assert_non_null(strstr(why, "unknown"));
    free(why);
}

/* --- the decks ------------------------------------------------------------------ */

static const dm_card *named(const dm_deck *d, const char *id)
{
    int c = dm_card_find(d, id);
    if (c < 0)
        fail_msg("no card %s", id);
    return &d->c[c];
}

static void test_deck_counts_and_named_cards(void **state)
{
    (void)state;
    const dm_deck *d = dm_deck_default(NULL);
    int dumb = 0, l1 = 0, l2 = 0, goals[DM_NATIONS] = {0};
    assert_non_null(d);
    for (int i = 0; i < d->ncards; i++) {
        const dm_card *c = &d->c[i];
        if (c->type == DM_DUMBNESS)
            dumb++;
        else if (c->type == DM_GOAL)
            goals[c->nation]++, assert_int_equal(c->vp, 3); /* First Goals: 3 VP */
        else if (c->level == 1)
            l1++;
        else
            l2++;
    }
    /* "15 Dumbness cards, 50 Level 1 cards, 65 Level 2 cards"; 2 First
     * Goal cards per nation. */
    assert_int_equal(dumb, 15);
    assert_int_equal(l1, 50);
    assert_int_equal(l2, 65);
    for (int n = 0; n < DM_NATIONS; n++)
        assert_int_equal(goals[n], 2);
    /* Propaganda (Level 2): +1 popularity, 80. */
    const dm_card *c = named(d, "propaganda");
    assert_int_equal(c->level, 2);
    assert_int_equal(c->type, DM_GREEN);
    assert_int_equal(c->priority, 80);
    assert_int_equal(c->steps[0].op, DM_OP_POP);
    assert_int_equal(c->steps[0].n, 1);
    /* Olympics (Level 2): +2 ego or +2 popularity, 69. */
    c = named(d, "olympics");
    assert_int_equal(c->level, 2);
    assert_int_equal(c->priority, 69);
    assert_int_equal(c->steps[0].op, DM_OP_EGO);
    assert_int_equal(c->steps[0].n, 2);
    assert_int_equal(c->alt[0].op, DM_OP_POP);
    assert_int_equal(c->alt[0].n, 2);
    /* Take a Vacation (Level 1): 0. */
    c = named(d, "take-a-vacation");
    assert_int_equal(c->level, 1);
    assert_int_equal(c->priority, 0);
    assert_int_equal(c->steps[0].op, DM_OP_VACATION);
    /* The Nuclear Bomb: brown, the only card with rounds (2). */
    c = named(d, "nuclear-bomb");
    assert_int_equal(c->type, DM_BROWN);
    assert_int_equal(c->rounds, 2);
    for (int i = 0; i < d->ncards; i++)
        if (d->c[i].rounds)
            assert_int_equal(d->c[i].steps[0].op, DM_OP_NUKE);
    /* The last alien, the hidden geniuses and the alien ship are linked. */
    assert_true(named(d, "the-last-alien")->link);
    assert_true(named(d, "hidden-genius-rocket")->link);
    assert_true(named(d, "alien-ship")->link);
    assert_true(named(d, "alien-ship")->powerful);
    /* The named First Goals: Build a Wall (no corruption), Be most
     * peaceful, the U.S.S.R. and EU flags of Russia and Turkey. */
    assert_int_equal(named(d, "build-a-wall")->corrupt, 0);
    assert_true(named(d, "be-most-peaceful")->need_most_pop);
    assert_int_equal(named(d, "restore-the-ussr")->nation, DM_RUSSIA);
    assert_int_equal(named(d, "restore-the-ussr")->need_flag, DM_T_USSR);
    assert_int_equal(named(d, "join-the-eu")->nation, DM_TURKEY);
    assert_int_equal(named(d, "join-the-eu")->need_flag, DM_T_EU);
    for (int i = 0; i < d->ncards; i++)
        if (d->c[i].type == DM_GOAL && strcmp(d->c[i].id, "build-a-wall"))
            assert_true(d->c[i].corrupt == 10 || d->c[i].corrupt == 12);
}

static void test_deck_parse_errors(void **state)
{
    (void)state;
    dm_deck *d = NULL;
    char *why = NULL;
    json_t *j = json_loads("{\"cards\":[{\"id\":\"x\",\"name\":\"X\",\"type\":\"green\","
                           "\"level\":1,\"steps\":[[\"fly\",1]]}]}", 0, NULL);
    assert_int_equal(dm_deck_parse(j, &d, &why), WB_EINVAL);
    assert_non_null(strstr(why, "op"));
    free(why);
    json_decref(j);
    /* A bomb is a brown card whose first step is "nuke". */
    j = json_loads("{\"cards\":[{\"id\":\"x\",\"name\":\"X\",\"type\":\"green\","
                   "\"level\":1,\"steps\":[[\"nuke\",1]]}]}", 0, NULL);
    assert_int_equal(dm_deck_parse(j, &d, &why), WB_EINVAL);
    assert_non_null(strstr(why, "nuke"));
    free(why);
    json_decref(j);
}

/* --- set-up ---------------------------------------------------------------------- */

static int count_where(const dm_state *s, int pile, int type)
{
    int n = 0;
    for (int i = 0; i < s->npile[pile]; i++)
        n += s->deck->c[s->pile[pile][i]].type == type;
    return n;
}

static void test_setup_two_players(void **state)
{
    (void)state;
    dm_state *s = setup_n(2, 7);
    /* 2 players: USA (with Turkey) and Russia (with Venezuela). */
    assert_int_equal(s->p[0].nation, DM_USA);
    assert_int_equal(s->p[1].nation, DM_RUSSIA);
    const dm_board *b = s->board;
    /* Two 4-bases each with one unit on each. */
    int bases[2] = {b->start[DM_USA], b->start[DM_TURKEY]};
    int rbases[2] = {b->start[DM_RUSSIA], b->start[DM_VENEZUELA]};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(s->cell[bases[i]].owner, 0);
        assert_int_equal(s->cell[bases[i]].base, 4);
        assert_int_equal(dm_units_on(s, 0, bases[i]), 1);
        assert_int_equal(s->cell[rbases[i]].owner, 1);
        assert_int_equal(s->cell[rbases[i]].base, 4);
        assert_int_equal(dm_units_on(s, 1, rbases[i]), 1);
    }
    /* "USA start with 7 resources and Russia 6." */
    assert_int_equal(dm_income(s, 0), 7);
    assert_int_equal(dm_income(s, 1), 6);
    /* 10 resources, 14 cubes less the cubed resource spaces (3, 2), five
     * Level 1 cards, VP 0. */
    assert_int_equal(s->p[0].res, 10);
    assert_int_equal(s->p[0].cubes, 11);
    assert_int_equal(s->p[1].cubes, 12);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(s->p[i].nhand, 5);
        for (int k = 0; k < 5; k++)
            assert_int_equal(s->deck->c[s->p[i].hand[k]].level, 1);
        assert_int_equal(s->p[i].vp, 0);
    }
    /* First round: North Korea, Russia, USA, ... : Russia, then USA. */
    assert_int_equal(s->order[0], 1);
    assert_int_equal(s->order[1], 0);
    /* 6 Dumbness cards in each pile. */
    assert_int_equal(count_where(s, 0, DM_DUMBNESS), 6);
    assert_int_equal(count_where(s, 1, DM_DUMBNESS), 6);
    /* The targets of a 2-player game: the opponent or peace. */
    json_t *ev = evs();
    char *why = NULL;
    s->phase = DM_PH_PLAN;
    assert_int_equal(dm_set_target(s, 0, DM_TURKEY, ev, &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 0, DM_PEACE, ev, &why), WB_OK);
    json_decref(ev);
    free(s);
}

static void test_setup_three_to_five(void **state)
{
    (void)state;
    static const int dumb_per_pile[6] = {0, 0, 6, 5, 4, 3};
    static const int income[DM_NATIONS] = {5, 4, 2, 2, 2};
    for (int n = 3; n <= 5; n++) {
        dm_state *s = setup_n(n, 100 + (uint64_t)n);
        int nations[DM_MAX_SEATS];
        dm_nations_for(n, nations);
        for (int i = 0; i < n; i++) {
            dm_player *p = &s->p[i];
            assert_int_equal(p->nation, nations[i]);
            int st = s->board->start[p->nation];
            assert_int_equal(s->cell[st].base, 4);
            assert_int_equal(dm_units_on(s, i, st), 2);
            assert_int_equal(dm_income(s, i), income[p->nation]);
            assert_int_equal(p->res, 10);
            assert_int_equal(p->nhand, 5);
            /* Ego and Popularity start where DUMBINATION.md says (the
             * text: "not the same for every nation"). */
            static const int ego[DM_NATIONS] = {7, 7, 8, 5, 6}, pop[DM_NATIONS] = {5, 4, 4, 6, 5};
            assert_int_equal(p->ego, ego[p->nation]);
            assert_int_equal(p->pop, pop[p->nation]);
        }
        /* 4 players: USA, Russia, Venezuela, Turkey (no North Korea). */
        if (n == 4)
            for (int i = 0; i < n; i++)
                assert_int_not_equal(s->p[i].nation, DM_NKOREA);
        assert_int_equal(count_where(s, 0, DM_DUMBNESS), dumb_per_pile[n]);
        assert_int_equal(count_where(s, 1, DM_DUMBNESS), dumb_per_pile[n]);
        /* First round: North Korea, Russia, USA, Turkey, Venezuela. */
        static const int first[DM_NATIONS] = {DM_NKOREA, DM_RUSSIA, DM_USA, DM_TURKEY,
                                              DM_VENEZUELA};
        int k = 0;
        for (int f = 0; f < DM_NATIONS; f++)
            if (dm_seat_of_nation(s, first[f]) >= 0)
                assert_int_equal(s->p[s->order[k++]].nation, first[f]);
        assert_int_equal(k, n);
        assert_int_equal(s->phase, DM_PH_GOAL);
        free(s);
    }
    char *why = NULL;
    dm_state *s = NULL;
    assert_int_equal(dm_setup(6, 0, 15, 0, 1, &s, &why), WB_EINVAL);
    free(why);
}

static void test_first_goal_pick_then_round_one(void **state)
{
    (void)state;
    dm_state *s = setup_n(3, 5);
    json_t *ev = evs();
    char *why = NULL;
    for (int i = 0; i < 3; i++) {
        int c = -1;
        for (int k = 0; k < s->deck->ncards; k++)
            if (s->where[k] == DM_IN_GOAL && s->deck->c[k].nation == s->p[i].nation)
                c = k;
        assert_int_equal(dm_pick_goal(s, i, c, ev, &why), WB_OK);
    }
    /* Everyone picked: round 1, draw (hands are full), then the plan. */
    assert_int_equal(s->round, 1);
    assert_int_equal(s->phase, DM_PH_PLAN);
    /* Not in the first round: the First Goal (flipped with "ready"). */
    s->p[0].target = DM_RUSSIA;
    assert_int_equal(dm_ready(s, 0, 1, 0, ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "first round"));
    s->p[0].target = -1;
    free(why);
    why = NULL;
    /* The right space is the First Goal's until it is done. */
    assert_int_equal(dm_place(s, 0, 1, s->p[0].hand[0], 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* A target is mandatory. */
    assert_int_equal(dm_ready(s, 0, 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

/* --- strength and movement --------------------------------------------------------- */

static void test_strength_from_the_strongest_base_in_reach(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int b4 = sp(s, 6, 6), b8 = sp(s, 6, 12);
    put_base(s, 0, b4, 4);
    /* "A Unit standing on a Base has the same strength as the Base"; -1 a
     * space; a unit next to a 4-base goes 2 more before it has none. */
    assert_int_equal(dm_strength_at(s, 0, b4), 4);
    for (int i = 0; i < s->board->nspaces; i++) {
        int d = dist(s, b4, i);
        assert_int_equal(dm_strength_at(s, 0, i), d < 4 ? 4 - d : 0);
    }
    /* Two bases: the strongest in reach, never summed. */
    put_base(s, 0, b8, 8);
    for (int i = 0; i < s->board->nspaces; i++) {
        int a = 4 - dist(s, b4, i), b = 8 - dist(s, b8, i), m = a > b ? a : b;
        assert_int_equal(dm_strength_at(s, 0, i), m > 0 ? m : 0);
    }
    /* Moves: half the strongest base, even for a unit near the weaker. */
    assert_int_equal(dm_moves(s, 0), 4);
    free(s);
}

static void test_movement_range_and_zero_strength(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 7, 12);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, base);
    int *reach = malloc(sizeof(int) * 253);
    dm_reach(s, 0, u, reach);
    for (int i = 0; i < 253; i++) {
        int d = dist(s, base, i);
        /* A 6-base: 3 spaces (war zones stop a unit: 2 for sure). */
        if (i == base)
            assert_int_equal(reach[i], -1);
        else if (d <= 2)
            assert_true(reach[i] >= 0);
        else if (d > 3)
            assert_int_equal(reach[i], -1);
    }
    /* No strength, no entry where it is not the player's own. */
    s->cell[base].base = 2; /* a 2-base gives strength 1 next to it only */
    dm_reach(s, 0, u, reach);
    for (int i = 0; i < 253; i++)
        if (reach[i] >= 0)
            assert_true(dist(s, base, i) <= 1);
    free(reach);
    free(s);
}

static void test_moving_into_cubed_space_conquers_and_stops(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12);
    put_base(s, 0, base, 8);
    int u = put_unit(s, 0, base);
    int next = land_at(s, base, 1, -1), far = -1;
    for (int i = 0; i < 253; i++)
        if (dist(s, base, i) == 2 && dist(s, next, i) == 1 &&
            (s->board->sp[i].tags & DM_T_SEA) == 0)
            far = i;
    assert_true(next >= 0 && far >= 0);
    /* Every route to `far` but through `next` is blocked by cubes too. */
    for (int i = 0; i < 253; i++)
        if (dist(s, base, i) == 1 || (dist(s, base, i) == 2 && i != far)) {
            s->cell[i].owner = 1;
            s->cell[i].cube = 1;
        }
    int *reach = malloc(sizeof(int) * 253);
    dm_reach(s, 0, u, reach);
    /* Units may not pass through opponents' cubed spaces. */
    assert_int_equal(reach[far], -1);
    assert_int_equal(reach[next], 1);
    json_t *ev = evs();
    char *why = NULL;
    int cubes1 = s->p[1].cubes;
    assert_int_equal(dm_move(s, 0, u, next, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[next].owner, 0);
    assert_int_equal(s->cell[next].cube, 0);
    assert_int_equal(s->p[1].cubes, cubes1 + 1); /* the cube goes home */
    assert_true(s->p[0].u[u].stopped);
    assert_int_equal(dm_reach(s, 0, u, reach), 0);
    free(reach);
    json_decref(ev);
    free(s);
}

static void test_war_zone_takes_an_extra_round(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int war = -1;
    for (int i = 0; i < 253 && war < 0; i++)
        if (s->board->sp[i].tags & DM_T_WAR)
            war = i;
    int base = land_at(s, war, 1, -1);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, base);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_move(s, 0, u, war, 1, ev, &why), WB_OK);
    assert_int_equal(s->p[0].u[u].war, 3);
    assert_int_not_equal(s->cell[war].owner, 0); /* not conquered yet */
    /* Nor by building a base there while the war goes on. */
    s->p[0].res = 20;
    assert_int_equal(dm_build_check(s, 0, war, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* Round 4: the unit lies down and cannot move; at the end of the
     * movement phase the war zone is won. */
    s->round = 4;
    s->p[0].u[u].stopped = 0;
    s->p[0].u[u].steps = 0;
    int *reach = malloc(sizeof(int) * 253);
    assert_int_equal(dm_reach(s, 0, u, reach), 0);
    free(reach);
    s->turn = 0;
    s->p[1].out = 0;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[war].owner, 0);
    assert_int_equal(s->p[0].u[u].war, 0);
    json_decref(ev);
    free(s);
}

/* "If a player suddenly has no Bases, the Units have no strength and
 * cannot move to conquer new spaces.  They can only move on the player's
 * own spaces." */
static void test_without_bases_units_move_only_on_own_spaces(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int a = sp(s, 6, 12), b = land_at(s, a, 1, -1);
    int u = put_unit(s, 0, a);
    s->cell[b].owner = 0;
    s->cell[b].cube = 1;
    assert_int_equal(dm_strength_at(s, 0, a), 0);
    int *reach = malloc(sizeof(int) * 253);
    assert_int_equal(dm_reach(s, 0, u, reach), 1);
    assert_int_equal(reach[b], 1);
    free(reach);
    free(s);
}

/* --- combat: the rulebook's examples, literally ----------------------------------- */

static void test_attack_losses_rule(void **state)
{
    (void)state;
    /* "3 Units ... 7 in strength each, and the defending player has 2
     * units with 8 in strength each.  The attacking player loses 2." */
    int three7[3] = {7, 7, 7};
    assert_int_equal(dm_attack_losses(three7, 3, 2 * 8), 2);
    /* "2 Units with 5 in strength attack a Base with 8 in strength, one
     * of the attacking Units are lost." */
    int two5[2] = {5, 5};
    assert_int_equal(dm_attack_losses(two5, 2, 8), 1);
    /* Only if stronger: a tie is no attack. */
    int two4[2] = {4, 4};
    assert_int_equal(dm_attack_losses(two4, 2, 8), -1);
    int one9[1] = {9};
    assert_int_equal(dm_attack_losses(one9, 1, 8), 0);
    /* The chapter's example: the red Unit has 7; "If yellow attacks with
     * the two Units [4 each, 8 together on its space], one of them will be
     * lost." */
    int two4y[2] = {4, 4};
    assert_int_equal(dm_attack_losses(two4y, 2, 7), 1);
}

static void test_three_sevens_against_two_eights(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    /* The target: two defending units with 8 each (2 away from their
     * 10-base).  The attackers: three units with 7 each at the target
     * (their 8-base next to it). */
    int target = sp(s, 5, 11);
    int dbase = -1, abase = -1;
    for (int i = 0; i < 253 && dbase < 0; i++)
        if (dist(s, target, i) == 2 && !(s->board->sp[i].tags & DM_T_SEA))
            dbase = i;
    for (int i = 0; i < 253 && abase < 0; i++)
        if (dist(s, target, i) == 1 && dist(s, dbase, i) >= 2 &&
            !(s->board->sp[i].tags & DM_T_SEA))
            abase = i;
    assert_true(dbase >= 0 && abase >= 0);
    put_base(s, 1, dbase, 10);
    put_unit(s, 1, target);
    put_unit(s, 1, target);
    put_base(s, 0, abase, 8);
    int units[3];
    for (int i = 0; i < 3; i++)
        units[i] = put_unit(s, 0, abase);
    assert_int_equal(dm_strength_at(s, 0, target), 7);
    assert_int_equal(dm_strength_at(s, 1, target), 8);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_attack(s, 0, target, units, 3, ev, &why), WB_OK);
    /* Loses two; the third stands on the conquered space and stops. */
    assert_int_equal(dm_units_on(s, 0, target), 1);
    assert_int_equal(dm_units_on(s, 1, target), 0);
    assert_int_equal(s->cell[target].owner, 0);
    int alive = 0;
    for (int k = 0; k < DM_UNITS; k++)
        alive += s->p[0].u[k].space >= 0;
    assert_int_equal(alive, 1);
    /* 1 VP per unit removed. */
    assert_int_equal(s->p[0].vp, 2);
    json_decref(ev);
    free(s);
}

static void test_two_fives_against_a_base_of_eight(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int target = sp(s, 5, 11);
    int abase = land_at(s, target, 1, -1);
    put_base(s, 1, target, 8);
    put_base(s, 0, abase, 6);
    int units[2] = {put_unit(s, 0, abase), put_unit(s, 0, abase)};
    assert_int_equal(dm_strength_at(s, 0, target), 5);
    json_t *ev = evs();
    char *why = NULL;
    /* One unit alone (5) is not stronger than 8: refused. */
    assert_int_equal(dm_attack(s, 0, target, units, 1, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_attack(s, 0, target, units, 2, ev, &why), WB_OK);
    assert_int_equal(dm_units_on(s, 0, target), 1);
    assert_int_equal(s->cell[target].base, 0);
    /* VP = the resources removed: a base of 8 gives 4. */
    assert_int_equal(s->p[0].vp, 4);
    /* The defender has nothing left: neutralized, the attacker overtakes. */
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].overtaker, 0);
    json_decref(ev);
    free(s);
}

static void test_attackers_must_stand_next_and_not_have_moved(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int target = sp(s, 5, 11);
    int abase = land_at(s, target, 2, -1);
    put_base(s, 1, target, 4);
    put_base(s, 0, abase, 10);
    int u = put_unit(s, 0, abase);
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "next"));
    free(why);
    why = NULL;
    int step = -1;
    for (int i = 0; i < 253 && step < 0; i++)
        if (dist(s, abase, i) == 1 && dist(s, target, i) == 1 &&
            !(s->board->sp[i].tags & DM_T_SEA))
            step = i;
    assert_int_equal(dm_move(s, 0, u, step, 1, ev, &why), WB_OK);
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "moved"));
    free(why);
    json_decref(ev);
    free(s);
}

/* --- markers ------------------------------------------------------------------------- */

static void test_markers_where_units_began(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12);
    put_base(s, 0, base, 8);
    int a = land_at(s, base, 1, -1);
    int b = land_at(s, a, 1, base), c = -1;
    for (int i = 0; i < 253; i++)
        if (dist(s, b, i) == 1 && dist(s, a, i) == 2 && !(s->board->sp[i].tags & DM_T_SEA))
            c = i;
    int u = put_unit(s, 0, a);
    json_t *ev = evs();
    char *why = NULL;
    int cubes = s->p[0].cubes;
    /* a -> b -> c in two moves: a cube on a (where it began), none on b. */
    assert_int_equal(dm_move(s, 0, u, b, 1, ev, &why), WB_OK);
    assert_int_equal(dm_move(s, 0, u, c, 1, ev, &why), WB_OK);
    assert_true(s->cell[a].cube);
    assert_int_equal(s->cell[a].owner, 0);
    assert_false(s->cell[b].cube);
    assert_int_equal(s->cell[b].owner, -1);
    assert_int_equal(s->p[0].cubes, cubes - 1);
    json_decref(ev);
    free(s);
}

static void test_unmarked_resource_space_loses_income(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int res = -1;
    for (int i = 0; i < 253 && res < 0; i++)
        if ((s->board->sp[i].tags & DM_T_RESOURCE) && s->board->sp[i].nation < 0)
            res = i;
    int base = land_at(s, res, 1, -1);
    put_base(s, 0, base, 6);
    int u = put_unit(s, 0, res);
    assert_int_equal(dm_income(s, 0), 3 + 1);
    int to = land_at(s, res, 1, base);
    json_t *ev = evs();
    char *why = NULL;
    /* Leaving without a cube ("mark": false): the income is lost. */
    assert_int_equal(dm_move(s, 0, u, to, 0, ev, &why), WB_OK);
    assert_int_equal(dm_income(s, 0), 3);
    assert_int_equal(s->cell[res].owner, -1);
    json_decref(ev);
    free(s);
}

static void test_out_of_cubes_keeps_nothing(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    int base = sp(s, 6, 12), a = land_at(s, base, 1, -1), b = land_at(s, a, 1, base);
    put_base(s, 0, base, 8);
    int u = put_unit(s, 0, a);
    s->p[0].cubes = 0;
    json_t *ev = evs();
    char *why = NULL;
    assert_int_equal(dm_move(s, 0, u, b, 1, ev, &why), WB_OK);
    assert_int_equal(s->cell[a].owner, -1);
    json_decref(ev);
    free(s);
}

/* --- leaderboards ------------------------------------------------------------------------ */

static void test_low_ego_or_popularity_blocks_the_left_space(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->phase = DM_PH_PLAN;
    for (int v = 1; v <= 10; v++) {
        s->p[0].ego = v;
        s->p[0].pop = 5;
        assert_int_equal(dm_can_place_left(s, 0), !(v == 2 || v == 3));
        s->p[0].ego = 5;
        s->p[0].pop = v;
        assert_int_equal(dm_can_place_left(s, 0), !(v == 2 || v == 3));
    }
    s->p[0].pop = 3;
    assert_int_equal(dm_place(s, 0, 0, s->p[0].hand[0], 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

static void test_popularity_ten_gives_five_income(void **state)
{
    (void)state;
    dm_state *s = setup_n(3, 9);
    int before = dm_income(s, 0);
    s->p[0].pop = 10;
    assert_int_equal(dm_income(s, 0), before + 5);
    s->p[0].pop = 9;
    assert_int_equal(dm_income(s, 0), before);
    free(s);
}

static void test_order_by_lowest_funded_card(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    s->order[0] = 2, s->order[1] = 0, s->order[2] = 1;
    /* Seat 0 plays priority 80, seat 1 priority 12, seat 2 nothing; seat
     * 1 goes first, then seat 0, and seat 2 (no card) last. */
    s->p[1].res = 20;
    int left[3] = {find(s, "propaganda"), find(s, "press-conference"), -1};
    int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->order[0], 1);
    assert_int_equal(s->order[1], 0);
    assert_int_equal(s->order[2], 2);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
}

static void test_unfunded_card_is_fined_and_does_not_count(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    s->order[0] = 0, s->order[1] = 1;
    /* Seat 1's card has the lower number but cannot be paid: discarded,
     * 1 resource fine, and its number ignored for the order. */
    s->p[1].res = 1;
    int left[2] = {find(s, "propaganda"), find(s, "press-conference")};
    int target[2] = {DM_RUSSIA, DM_USA};
    s->order[0] = 1, s->order[1] = 0;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].res, 0);
    assert_int_equal(s->order[0], 0);
    assert_int_equal(s->order[1], 1);
    assert_int_equal(s->where[find(s, "press-conference")], DM_IN_DISCARD1);
    assert_int_equal(s->p[0].pop, 7); /* Propaganda: +1 Popularity */
    json_decref(ev);
    free(s);
}

static void test_cube_moving_onto_left_space_discards(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* Seat 0's Public Humiliation (6) takes seat 1 from Ego 4 to 2 before
     * seat 1's Rally (20) acts: the Rally is discarded unplayed. */
    s->p[1].ego = 4;
    int left[2] = {find(s, "humiliation"), find(s, "rally")};
    int target[2] = {DM_RUSSIA, DM_USA};
    s->p[0].ego = 6;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].ego, 2);
    assert_int_equal(s->where[find(s, "rally")], DM_IN_DISCARD1);
    json_decref(ev);
    free(s);
}

static void test_zero_popularity_eliminates(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    s->p[1].pop = 2;
    int left[3] = {find(s, "propaganda-war"), -1, -1};
    int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_true(s->p[1].out);
    /* The pieces stay on the board to be conquered. */
    assert_int_equal(dm_units_on(s, 1, s->board->start[DM_RUSSIA]), 1);
    /* "Remove all Target tokens for the nation": no target on it. */
    char *why = NULL;
    s->phase = DM_PH_PLAN;
    s->p[2].ready = 0;
    s->p[2].target = -1;
    assert_int_equal(dm_set_target(s, 2, DM_RUSSIA, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
    /* Ego 0 too. */
    s = plan_scene(3);
    ev = evs();
    s->p[1].ego = 1;
    int left2[3] = {find(s, "social-media-insult"), -1, -1};
    plan_round(s, left2, target, ev);
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].ego, 0);
    json_decref(ev);
    free(s);
}

/* "If a nation gets neutralized, the LAST PLAYER ATTACKING the nation
 * will stand as the OVERTAKER.  Remove the neutralized nations Target
 * Tokens.  REPLACE already placed and locked targets with the overtaking
 * nation!" */
static void test_the_overtaker_replaces_targets(void **state)
{
    (void)state;
    dm_state *s = scene(3);
    json_t *ev = evs();
    char *why = NULL;
    int target = sp(s, 5, 11), abase = land_at(s, target, 1, -1);
    put_base(s, 1, target, 4);
    put_base(s, 0, abase, 8);
    int u = put_unit(s, 0, abase);
    /* Seat 2's target is Russia, locked (Ego 10); seat 0's too. */
    s->p[2].ego = 10;
    s->p[2].target = s->p[2].prev_target = DM_RUSSIA;
    s->p[0].target = s->p[0].prev_target = DM_RUSSIA;
    assert_int_equal(dm_attack(s, 0, target, &u, 1, ev, &why), WB_OK);
    assert_true(s->p[1].out);
    assert_int_equal(s->p[1].overtaker, 0);
    assert_int_equal(s->p[2].target, DM_USA);
    assert_int_equal(s->p[2].prev_target, DM_USA);
    assert_int_equal(s->p[0].target, -1); /* not itself */
    json_decref(ev);
    free(s);
}

static void test_ten_vp_gives_one_ego(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    s->p[0].vp = 8;
    s->p[0].ego = 5;
    int left[2] = {find(s, "moon-base"), -1};
    put_base(s, 0, s->board->start[DM_USA], 8); /* Moon Base needs a base of 8 */
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[0].vp, 12);
    assert_int_equal(s->p[0].ego, 6);
    json_decref(ev);
    free(s);
}

static void test_ego_ten_locks_the_target(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 10;
    s->p[0].prev_target = DM_RUSSIA;
    s->round = 4;
    s->phase = DM_PH_BUY;
    s->turn = 3;
    /* A new plan phase: the target is already placed and locked. */
    s->phase = DM_PH_DRAW;
    for (int i = 0; i < 3; i++)
        s->p[i].draw_left = 0;
    assert_int_equal(dm_draw(s, 0, 1, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    s->p[0].draw_left = 1;
    assert_int_equal(dm_draw(s, 0, 1, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_PLAN);
    assert_int_equal(s->p[0].target, DM_RUSSIA);
    assert_int_equal(dm_set_target(s, 0, DM_NKOREA, ev, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

static void test_first_goal_funding_and_corruption(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int usa = find(s, "make-america-great"), rus = find(s, "restore-the-ussr");
    s->p[0].goal = usa, s->p[1].goal = rus;
    s->where[usa] = s->where[rus] = DM_IN_GOAL;
    s->p[0].goal_done = s->p[1].goal_done = 0;
    s->p[0].ego = 7;
    /* The right space is the First Goal's: no card goes there. */
    s->p[0].hand[s->p[0].nhand++] = find(s, "rally");
    s->where[find(s, "rally")] = DM_IN_HAND;
    assert_int_equal(dm_place(s, 0, 1, find(s, "rally"), 0, 0, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* Flip it with "ready" to fund it (needs Ego 7, cost 6).  Russia
     * does not hold the U.S.S.R. flag: corruption buys it for 12, without
     * the needs ("Build a Wall" excepted); corruption without the goal is
     * refused. */
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 0, 1, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 1, DM_USA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 1, ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_ready(s, 1, 1, 1, ev, &why), WB_OK);
    assert_true(s->p[0].goal_done);
    assert_int_equal(s->p[0].vp, 3);
    assert_int_equal(s->p[0].res, 20 - 6);
    assert_int_equal(s->where[usa], DM_IN_PROJECT);
    assert_true(s->p[1].goal_done);
    assert_int_equal(s->p[1].res, 20 - 12);
    assert_int_equal(s->p[1].ego, 7); /* its bonus: +1 Ego */
    json_decref(ev);
    free(s);
    /* Build a Wall cannot be corrupted; an unfundable goal is fined and
     * stays face down for a later round. */
    s = plan_scene(2);
    ev = evs();
    int wall = find(s, "build-a-wall");
    s->p[0].goal = wall;
    s->where[wall] = DM_IN_GOAL;
    s->p[0].goal_done = 0;
    s->p[0].target = DM_RUSSIA;
    assert_int_equal(dm_ready_check(s, 0, 1, 1, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    assert_int_equal(dm_ready(s, 0, 1, 0, ev, &why), WB_OK); /* needs a base of 6: only a 4 */
    assert_int_equal(dm_set_target(s, 1, DM_USA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 0, ev, &why), WB_OK);
    assert_false(s->p[0].goal_done);
    assert_int_equal(s->p[0].res, 19);
    assert_int_equal(s->p[0].goal, wall);
    assert_int_equal(s->where[wall], DM_IN_GOAL);
    json_decref(ev);
    free(s);
}

static void test_level_two_draws_after_the_first_goal(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    /* Seat 0's goal is done, seat 1's not: at the next draw seat 0
     * chooses the pile of each card, seat 1 draws Level 1 at once. */
    s->p[1].goal_done = 0;
    s->phase = DM_PH_BUY;
    s->turn = 0;
    s->last_round = 0;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_DRAW);
    assert_int_equal(s->p[1].nhand, 5);
    assert_int_equal(s->p[0].draw_left, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_int_equal(s->p[0].nhand, 5);
    for (int k = 0; k < 5; k++)
        assert_int_equal(s->deck->c[s->p[0].hand[k]].level, 2);
    for (int k = 0; k < 5; k++)
        assert_int_equal(s->deck->c[s->p[1].hand[k]].level, 1);
    assert_int_equal(s->phase, DM_PH_PLAN);
    json_decref(ev);
    free(s);
}

/* --- nuclear bomb and the peace track -------------------------------------------------- */

static void test_nuclear_bomb(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 9;
    s->p[1].pop = 7;
    int rst = s->board->start[DM_RUSSIA], vz = s->board->start[DM_VENEZUELA];
    put_unit(s, 1, rst); /* 2 units and a 4-base */
    put_base(s, 1, vz, 4);
    put_unit(s, 1, vz);
    /* Seat 1's Nobel Campaign (96) acts after the bomb (90). */
    int left[2] = {find(s, "nuclear-bomb"), find(s, "nobel-campaign")};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    /* "removes everything on a space of the board": the bomber chooses
     * the space, a pending decision; the resolution waits for it. */
    assert_int_equal(s->phase, DM_PH_BOMB);
    assert_int_equal(s->bomb_seat, 0);
    assert_int_equal(s->bomb_target, 1);
    assert_int_equal(s->where[find(s, "nobel-campaign")], DM_IN_SLOT);
    int act[DM_MAX_SEATS];
    dm_to_act(s, act);
    assert_true(act[0] && !act[1]);
    /* The legal spaces: those Russia holds or has units on. */
    int sp[DM_MAX_SPACES], n = dm_bomb_spaces(s, 1, sp), has_rst = 0, has_vz = 0;
    for (int i = 0; i < n; i++) {
        assert_true(s->cell[sp[i]].owner == 1 || dm_units_on(s, 1, sp[i]));
        has_rst |= sp[i] == rst;
        has_vz |= sp[i] == vz;
    }
    assert_true(has_rst && has_vz);
    assert_int_equal(dm_bomb(s, 1, rst, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    assert_int_equal(dm_bomb(s, 0, s->board->start[DM_USA], ev, &why), WB_EILLEGAL);
    free(why);
    why = NULL;
    /* The player need not take the most valuable: Venezuela's space. */
    assert_int_equal(dm_bomb(s, 0, vz, ev, &why), WB_OK);
    /* Everything on the space replaced by a radioactive token of the
     * loser; 1 VP for the unit, 2 for the 4-base; no cube for bomb
     * losses. */
    assert_int_equal(s->cell[vz].radio, 1);
    assert_int_equal(s->cell[vz].base, 0);
    assert_int_equal(s->cell[vz].owner, -1);
    assert_int_equal(dm_units_on(s, 1, vz), 0);
    assert_false(s->cell[vz].cube);
    assert_int_equal(s->p[0].vp, 3);
    assert_int_equal(dm_units_on(s, 1, rst), 2);
    assert_false(s->p[1].out);
    /* The resolution went on: the Nobel Campaign was funded; then the
     * movement phase. */
    assert_int_equal(s->where[find(s, "nobel-campaign")], DM_IN_PROJECT);
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_int_equal(s->bomb_seat, -1);
    /* The bomb stays on the leaderboard for 2 rounds. */
    assert_int_equal(s->p[0].slot_hold[0], 2);
    /* A radioactive space is a no-go zone and no longer a bomb's space. */
    n = dm_bomb_spaces(s, 1, sp);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(sp[i], vz);
    json_decref(ev);
    free(s);
}

/* The bomb's choice over the game interface: the pending decision, the
 * listed spaces, and save/load while it waits. */
static void test_bomb_space_is_a_pending_decision(void **state)
{
    (void)state;
    void *st = make(2, "{}", 5);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL;
    for (int i = 0; i < 2; i++) {
        json_t *acts = K->actions(st, i);
        char *body = json_dumps(json_array_get(acts, 0), 0);
        assert_int_equal(act(st, i, body, &ev, &why), WB_OK);
        free(body);
        json_decref(acts);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_PLAN);
    int bomb = find(s, "nuclear-bomb");
    s->where[s->p[0].hand[0]] = DM_IN_DISCARD1;
    s->p[0].hand[0] = bomb;
    s->where[bomb] = DM_IN_HAND;
    s->p[0].ego = 9;
    s->p[0].res = 20;
    assert_int_equal(act(st, 0, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"nuclear-bomb\"}",
                         &ev, &why), WB_OK);
    json_decref(ev);
    const char *plan[][2] = {{"0", "{\"type\":\"target\",\"nation\":\"russia\"}"},
                             {"0", "{\"type\":\"ready\"}"},
                             {"1", "{\"type\":\"target\",\"nation\":\"usa\"}"},
                             {"1", "{\"type\":\"ready\"}"}};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(act(st, plan[k][0][0] - '0', plan[k][1], &ev, &why), WB_OK);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_BOMB);
    json_t *v = K->view(st, 1);
    assert_string_equal(json_string_value(json_object_get(v, "phase")), "bomb");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "to_act"), 0)), 0);
    assert_non_null(json_object_get(v, "pending"));
    assert_int_equal(json_integer_value(json_object_get(json_object_get(v, "bomb"), "target")), 1);
    json_decref(v);
    json_t *acts = K->actions(st, 1);
    assert_int_equal(json_array_size(acts), 0);
    json_decref(acts);
    /* Seat 0's list: one "bomb" per space Russia holds or has units on. */
    acts = K->actions(st, 0);
    int sp[DM_MAX_SPACES], n = dm_bomb_spaces(s, 1, sp);
    assert_int_equal(json_array_size(acts), (size_t)n);
    assert_true(n >= 2);
    /* Saved and loaded while it waits. */
    json_t *saved = K->save(st);
    void *again = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    assert_int_equal(((dm_state *)again)->bomb_seat, 0);
    K->destroy(again);
    json_decref(saved);
    char *body = json_dumps(json_array_get(acts, n - 1), 0);
    assert_int_equal(act(st, 0, body, &ev, &why), WB_OK);
    free(body);
    json_decref(ev);
    json_decref(acts);
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_int_equal(s->cell[sp[n - 1]].radio, 1);
    K->destroy(st);
}

/* A saved state of format 1 (before the bomb's choice) still loads. */
static void test_format_one_loads(void **state)
{
    (void)state;
    void *st = make(3, "{}", 6);
    json_t *saved = K->save(st);
    const char *gone[] = {"rq_n", "rq_at", "rq_seat", "rq_slot", "bomb_seat", "bomb_target",
                          "bomb_card", "bomb_next", "bomb_alt", "used"};
    for (size_t i = 0; i < sizeof gone / sizeof gone[0]; i++)
        json_object_del(saved, gone[i]);
    json_object_set_new(saved, "format", json_integer(1));
    void *again = NULL;
    char *why = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    json_t *a = K->save(st), *b = K->save(again);
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    json_decref(saved);
    K->destroy(again);
    K->destroy(st);
}

static void test_radioactive_tokens_recycle(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    int spaces[4];
    int k = 0;
    for (int i = 0; i < 253 && k < 4; i++)
        if (!(s->board->sp[i].tags & DM_T_SEA) && s->cell[i].owner < 0)
            spaces[k++] = i;
    for (int i = 0; i < 4; i++) {
        put_unit(s, 1, spaces[i]);
        s->p[0].target = DM_RUSSIA;
        s->p[0].ego = 9;
        s->p[0].slot[0] = find(s, "nuclear-bomb");
    }
    /* Four bombs on Russia: three tokens, the oldest moved to the last. */
    for (int i = 0; i < 4; i++) {
        s->p[0].res = 20;
        int bomb = find(s, "nuclear-bomb");
        s->p[0].slot[0] = -1;
        s->p[0].slot_hold[0] = 0;
        int left[3] = {bomb, -1, -1};
        int target[3] = {DM_RUSSIA, DM_USA, DM_USA};
        s->phase = DM_PH_PLAN;
        for (int j = 0; j < 3; j++)
            s->p[j].ready = 0, s->p[j].target = -1;
        plan_round(s, left, target, ev);
        char *why = NULL;
        assert_int_equal(s->phase, DM_PH_BOMB);
        assert_int_equal(dm_bomb(s, 0, spaces[i], ev, &why), WB_OK);
    }
    assert_int_equal(s->p[1].nradio, 3);
    int radio = 0;
    for (int i = 0; i < 253; i++)
        radio += s->cell[i].radio == 1;
    assert_int_equal(radio, 3);
    /* "remove the player's first placed radioactive token and place it on
     * the latest nuked space.  The old space is back to normal, but lost." */
    assert_int_equal(s->cell[spaces[0]].radio, -1);
    assert_int_equal(s->cell[spaces[0]].owner, -1);
    for (int i = 1; i < 4; i++)
        assert_int_equal(s->cell[spaces[i]].radio, 1);
    json_decref(ev);
    free(s);
}

static void test_peace_track(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* A bomb with the peace target: disarmed. +1 Popularity, a cube on
     * the lowest spot (4), pay 4, the card onto the spot. */
    int left[2] = {find(s, "nuclear-bomb"), -1};
    int target[2] = {DM_PEACE, DM_USA};
    s->p[0].ego = 5; /* no Ego needed to disarm */
    int res = s->p[0].res, cubes = s->p[0].cubes, pop = s->p[0].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->peace[0], 0);
    assert_int_equal(s->p[0].res, res - 4);
    assert_int_equal(s->p[0].cubes, cubes - 1);
    assert_int_equal(s->p[0].pop, pop + 1);
    assert_int_equal(s->where[find(s, "nuclear-bomb")], DM_IN_PEACE);
    /* Two in one round (goal done: both spaces): only the last is paid. */
    s->phase = DM_PH_PLAN;
    for (int j = 0; j < 2; j++)
        s->p[j].ready = 0, s->p[j].target = -1;
    char *why = NULL;
    int b2 = find(s, "nuclear-bomb-2"), b3 = find(s, "nuclear-bomb-3");
    s->p[1].hand[0] = b2, s->p[1].hand[1] = b3, s->p[1].nhand = 2;
    s->where[b2] = s->where[b3] = DM_IN_HAND;
    res = s->p[1].res;
    assert_int_equal(dm_place(s, 1, 0, b2, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_place(s, 1, 1, b3, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 1, DM_PEACE, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 1, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_set_target(s, 0, DM_RUSSIA, ev, &why), WB_OK);
    assert_int_equal(dm_ready(s, 0, 0, 0, ev, &why), WB_OK);
    assert_int_equal(s->peace[1], 1);
    assert_int_equal(s->peace[2], 1);
    assert_int_equal(s->p[1].res, res - 8);
    /* Scores: everyone with a cube gets the highest occupied spot, once. */
    int parts[5];
    dm_score(s, 0, parts);
    assert_int_equal(parts[4], 8);
    dm_score(s, 1, parts);
    assert_int_equal(parts[4], 8);
    /* The fourth spot ends the game at once. */
    s->phase = DM_PH_PLAN;
    for (int j = 0; j < 2; j++)
        s->p[j].ready = 0, s->p[j].target = -1;
    int left2[2] = {find(s, "nuclear-bomb-4"), -1};
    int target2[2] = {DM_PEACE, DM_USA};
    plan_round(s, left2, target2, ev);
    assert_int_equal(s->phase, DM_PH_OVER);
    assert_true(s->peace_over);
    json_decref(ev);
    free(s);
}

/* "A nuclear disarmament requires a cube"; "You cannot disarm a Nuclear
 * Bomb that has already been used": neither can be funded, so the card is
 * discarded with the fine and no spot is taken. */
static void test_disarmament_needs_a_cube_and_an_unused_bomb(void **state)
{
    (void)state;
    for (int k = 0; k < 2; k++) {
        dm_state *s = plan_scene(3);
        json_t *ev = evs();
        int bomb = find(s, "nuclear-bomb");
        if (k == 0)
            s->p[0].cubes = 0;
        else
            s->used[bomb] = 1;
        int res = s->p[0].res;
        int left[3] = {bomb, -1, -1};
        int target[3] = {DM_PEACE, DM_USA, DM_USA};
        plan_round(s, left, target, ev);
        assert_int_equal(s->peace[0], -1);
        assert_int_equal(s->p[0].res, res - 1);
        assert_true(event_index(ev, "unfunded", 0) >= 0);
        json_decref(ev);
        free(s);
    }
    /* A bomb fired is on record as used. */
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].ego = 9;
    int left[2] = {find(s, "nuclear-bomb"), -1}, target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(dm_bomb(s, 0, s->board->start[DM_RUSSIA], ev, &why), WB_OK);
    assert_true(s->used[find(s, "nuclear-bomb")]);
    json_decref(ev);
    free(s);
}


static void test_two_player_disarmament_first(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* "In a 2 player game flip the Peace Target Token first": seat 1's
     * bomb (90) with the peace target is disarmed before seat 0's Press
     * Conference (12). */
    int left[2] = {find(s, "press-conference"), find(s, "nuclear-bomb")};
    int target[2] = {DM_RUSSIA, DM_PEACE};
    plan_round(s, left, target, ev);
    int d = event_index(ev, "disarmed", 1), p = event_index(ev, "card_played", 0);
    assert_true(d >= 0 && p >= 0);
    assert_true(d < p);
    json_decref(ev);
    free(s);
    /* With three players the numbers decide. */
    s = plan_scene(3);
    ev = evs();
    int left3[3] = {find(s, "press-conference"), find(s, "nuclear-bomb"), -1};
    int target3[3] = {DM_RUSSIA, DM_PEACE, DM_USA};
    plan_round(s, left3, target3, ev);
    assert_true(event_index(ev, "disarmed", 1) > event_index(ev, "card_played", 0));
    json_decref(ev);
    free(s);
}

/* "Flip the Target token when using these cards (except in a 2 player
 * game)": with two players brown cards hit the opponent whatever the
 * token (the peace token there is for disarming); with more, the token
 * decides and the peace token aims at nobody. */
static void test_two_player_brown_cards_hit_the_opponent(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int left[2] = {find(s, "smear-campaign"), -1};
    int target[2] = {DM_PEACE, DM_USA};
    int pop = s->p[1].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].pop, pop - 1);
    json_decref(ev);
    free(s);
    s = plan_scene(3);
    ev = evs();
    int left3[3] = {find(s, "smear-campaign"), -1, -1};
    int target3[3] = {DM_PEACE, DM_USA, DM_USA};
    int pops[3] = {s->p[0].pop, s->p[1].pop, s->p[2].pop};
    plan_round(s, left3, target3, ev);
    for (int i = 0; i < 3; i++)
        assert_int_equal(s->p[i].pop, pops[i]);
    json_decref(ev);
    free(s);
}

/* Lay a Dumbness card face down on the first Dumbness spot. */
static int lay(dm_state *s, const char *id)
{
    int c = find(s, id);
    for (int i = 0; i < s->board->nspaces; i++)
        if ((s->board->sp[i].tags & DM_T_DUMB) && s->cell[i].dumb < 0) {
            s->cell[i].dumb = c;
            s->where[c] = DM_IN_BOARD;
            return i;
        }
    fail_msg("no Dumbness spot");
    return -1;
}

static void test_dumbness_auction(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    char *why = NULL;
    int spot = lay(s, "auction-crown-jewels"), c = find(s, "auction-crown-jewels");
    int none[3] = {-1, -1, -1}, target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, none, target, ev);
    /* Revealed after the plan, before the flip; bids in player order. */
    assert_int_equal(s->phase, DM_PH_AUCTION);
    assert_int_equal(dm_bid(s, 1, 5, ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    assert_int_equal(dm_bid(s, 0, 3, ev, &why), WB_EILLEGAL); /* lowest bid: 4 */
    free(why);
    why = NULL;
    assert_int_equal(dm_bid(s, 0, 4, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 1, 5, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 2, 0, ev, &why), WB_OK); /* pass */
    assert_int_equal(dm_bid(s, 0, 0, ev, &why), WB_OK); /* pass: seat 1 wins */
    assert_int_equal(s->p[1].res, 20 - 5);
    assert_int_equal(s->p[1].vp, 3);
    assert_int_equal(s->where[c], DM_IN_PROJECT);
    assert_int_equal(s->cell[spot].dumb, -1);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
    /* Nobody bids: the card stays on the board, face up, for next round. */
    s = plan_scene(2);
    ev = evs();
    spot = lay(s, "auction-moon-rocks");
    int none2[2] = {-1, -1}, target2[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, none2, target2, ev);
    assert_int_equal(dm_bid(s, 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_bid(s, 1, 0, ev, &why), WB_OK);
    assert_int_equal(s->cell[spot].dumb, find(s, "auction-moon-rocks"));
    assert_true(s->cell[spot].dumb_up);
    assert_int_equal(s->phase, DM_PH_MOVE);
    json_decref(ev);
    free(s);
}

static void test_alien_ship_takes_jimi_and_the_geniuses(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int none[2] = {-1, -1}, target[2] = {DM_RUSSIA, DM_USA};
    /* No alien in play: the ship waits on the board. */
    int spot = lay(s, "alien-ship");
    plan_round(s, none, target, ev);
    assert_int_equal(s->cell[spot].dumb, find(s, "alien-ship"));
    /* Jimi works for seat 0 (+2 income) and a genius for seat 1. */
    int jimi = find(s, "the-last-alien"), gen = find(s, "hidden-genius-economist");
    int inc0 = dm_income(s, 0);
    s->p[0].proj[s->p[0].nproj++] = jimi;
    s->p[1].proj[s->p[1].nproj++] = gen;
    s->where[jimi] = s->where[gen] = DM_IN_PROJECT;
    assert_int_equal(dm_income(s, 0), inc0 + 2);
    s->round++;
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 2; i++)
        s->p[i].ready = 0, s->p[i].target = -1;
    plan_round(s, none, target, ev);
    assert_int_equal(s->where[jimi], DM_IN_OUT);
    assert_int_equal(s->where[gen], DM_IN_OUT);
    assert_int_equal(s->p[0].nproj, 0);
    assert_int_equal(s->p[1].nproj, 0);
    assert_int_equal(dm_income(s, 0), inc0);
    assert_int_equal(s->cell[spot].dumb, -1);
    json_decref(ev);
    free(s);
}

static void test_take_a_vacation(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* Seat 1 takes a vacation (0): the hand is discarded, nothing but
     * projects this round; seat 0 attacks it by card and loses 1
     * Popularity. */
    for (int k = 0; k < 3; k++) {
        int c = s->pile[0][--s->npile[0]];
        s->p[1].hand[s->p[1].nhand++] = c;
        s->where[c] = DM_IN_HAND;
    }
    s->p[1].goal_done = 0; /* so its next draw is Level 1, at once */
    int left[2] = {find(s, "smear-campaign"), find(s, "take-a-vacation")};
    int target[2] = {DM_RUSSIA, DM_USA};
    int pop0 = s->p[0].pop, pop1 = s->p[1].pop;
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].nhand, 0);
    assert_int_equal(s->p[1].vacation, s->round);
    assert_int_equal(s->p[0].pop, pop0 - 1);
    assert_int_equal(s->p[1].pop, pop1 - 1);
    /* Phases 5 and 6 pass seat 1 by. */
    int act[DM_MAX_SEATS];
    dm_to_act(s, act);
    assert_true(act[0]);
    assert_false(act[1]);
    char *why = NULL;
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_BUY);
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    /* Next round: seat 1 draws up to its hand again. */
    assert_int_equal(s->round, 4);
    assert_int_equal(s->p[1].nhand, 5);
    json_decref(ev);
    free(s);
}

/* Illegal card actions: "A player caught having too many cards must
 * discard down to the correct hand limit.  A fine of 1 resource for each
 * card the player has over the hand limit is paid to the bank." */
static void test_over_the_hand_limit_is_fined(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    /* A University (+1 hand) let seat 0 hold 6; sabotaged, the limit is
     * 5 again: with 7 cards at the next draw, 2 go and 2 resources. */
    int uni = find(s, "university");
    s->p[0].proj[s->p[0].nproj++] = uni;
    s->where[uni] = DM_IN_PROJECT;
    for (int k = 0; k < 7; k++) {
        int c = s->pile[0][--s->npile[0]];
        if (s->deck->c[c].type == DM_DUMBNESS) {
            k--;
            continue;
        }
        s->p[0].hand[s->p[0].nhand++] = c;
        s->where[c] = DM_IN_HAND;
    }
    s->p[0].sabotaged = 4;
    s->phase = DM_PH_BUY;
    s->turn = 0;
    int res = s->p[0].res + dm_income(s, 0);
    play_out_round(s, ev);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->p[0].nhand, 5);
    assert_int_equal(s->p[0].res, res - 2);
    assert_int_equal(event_index(ev, "over_hand_limit", 0) >= 0, 1);
    json_decref(ev);
    free(s);
}

/* The seven phases in their order, everyone finishing one before the
 * next: 1 draw, 2 plan, 3 Dumbness cards revealed and resolved before the
 * flip, 4 flip (the order track re-sorted, then the cards act), 5 move,
 * 6 buy, 7 income, then the next round's draw. */
static void test_a_round_runs_the_seven_phases_in_order(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    lay(s, "royal-wedding");
    s->phase = DM_PH_BUY;
    s->turn = 1; /* round 3 ends with the last "done": round 4 from its draw */
    s->p[0].hand[s->p[0].nhand++] = find(s, "rally");
    s->where[find(s, "rally")] = DM_IN_HAND;
    play_out_round(s, ev); /* to round 4 */
    json_decref(ev);
    ev = evs();
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_DRAW);
    char *why = NULL;
    /* Not a phase ahead: no move while drawing. */
    assert_int_equal(dm_done(s, s->order[0], ev, &why), WB_ENOTTURN);
    free(why);
    why = NULL;
    /* Draw, then the plan with seat 0's Rally on the left. */
    while (s->phase == DM_PH_DRAW)
        for (int i = 0; i < 2; i++)
            if (s->p[i].draw_left > 0)
                assert_int_equal(dm_draw(s, i, 1, ev, &why), WB_OK);
    assert_int_equal(s->phase, DM_PH_PLAN);
    int rally = find(s, "rally");
    if (s->where[rally] != DM_IN_HAND)
        fail_msg("rally was discarded");
    assert_int_equal(dm_place(s, 0, 0, rally, 0, 0, ev, &why), WB_OK);
    play_out_round(s, ev);
    assert_int_equal(s->round, 5);
    const char *seq[] = {"phase", "ready", "dumbness_revealed", "flipped", "player_order",
                         "card_played", "phase", "phase", "income", "phase"};
    const char *ph[] = {"plan", NULL, NULL, NULL, NULL, NULL, "move", "buy", NULL, "draw"};
    size_t i, at = 0;
    json_t *e;
    json_array_foreach(ev, i, e) {
        if (at < sizeof seq / sizeof seq[0] &&
            strcmp(json_string_value(json_object_get(e, "type")), seq[at]) == 0 &&
            (!ph[at] || strcmp(json_string_value(json_object_get(e, "phase")), ph[at]) == 0))
            at++;
    }
    assert_int_equal(at, sizeof seq / sizeof seq[0]);
    json_decref(ev);
    free(s);
}

/* The shorter game: "play without the First Goal cards.  Each player
 * starts with 15 resources and 5 Victory Points.  The first 5 cards are
 * distributed from the Level 1 card pile, but Level 2 cards can be drawn
 * in the next round." */
static void test_the_shorter_game(void **state)
{
    (void)state;
    dm_state *s = NULL;
    char *why = NULL;
    assert_int_equal(dm_setup(3, 1, 15, 0, 4, &s, &why), WB_OK);
    assert_int_equal(s->round, 1);
    assert_int_equal(s->phase, DM_PH_PLAN);
    for (int c = 0; c < s->deck->ncards; c++)
        assert_int_not_equal(s->where[c], DM_IN_GOAL);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(s->p[i].res, 15);
        assert_int_equal(s->p[i].vp, 5);
        assert_int_equal(s->p[i].goal, -1);
        assert_int_equal(s->p[i].nhand, 5);
        for (int k = 0; k < 5; k++)
            assert_int_equal(s->deck->c[s->p[i].hand[k]].level, 1);
    }
    /* No First Goal holds the right card space. */
    json_t *ev = evs();
    s->p[0].ego = s->p[0].pop = 6;
    assert_int_equal(dm_place(s, 0, 1, s->p[0].hand[0], 0, 0, ev, &why), WB_OK);
    assert_int_equal(dm_place(s, 0, 0, s->p[0].hand[0], 0, 0, ev, &why), WB_OK);
    /* Round 2: seat 0 chooses the pile of its two cards: Level 2 too. */
    s->p[0].res = 100;
    play_out_round(s, ev);
    assert_int_equal(s->round, 2);
    assert_int_equal(s->phase, DM_PH_DRAW);
    assert_true(s->p[0].draw_left > 0);
    int before = s->p[0].nhand;
    assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_int_equal(s->deck->c[s->p[0].hand[before]].level, 2);
    json_decref(ev);
    free(s);
}

/* Markers: "Also place cubes on spaces you lose Units or Bases when
 * attacked by cards (except for Nuclear Bomb attacks)." */
static void test_cards_removing_units_leave_the_losers_cube(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    int rst = s->board->start[DM_RUSSIA], far = land_at(s, rst, 3, -1);
    int k = put_unit(s, 1, far); /* the weakest: 3 from its base */
    assert_int_equal(s->cell[far].owner, 1);
    int cubes = s->p[1].cubes;
    int left[2] = {find(s, "air-strike"), -1};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].u[k].space, -1);
    assert_true(s->cell[far].cube);
    assert_int_equal(s->cell[far].owner, 1);
    assert_int_equal(s->p[1].cubes, cubes - 1);
    assert_int_equal(s->p[0].vp, 1);
    json_decref(ev);
    free(s);
}

/* Blue projects "can be sabotaged (temporarily) or attacked (removed)";
 * "Popularity, Ego and VPs from Blue Project Cards will stay with you";
 * First Goals cannot be "attacked or sabotaged"; "Player-owned Dumbness
 * Cards may be sabotaged but not attacked!" */
static void test_projects_sabotaged_and_attacked(void **state)
{
    (void)state;
    dm_state *s = plan_scene(3);
    json_t *ev = evs();
    int goal = find(s, "pipeline-empire"), dumb = find(s, "auction-spare-continent");
    int factory = find(s, "factory");
    int own[3] = {goal, dumb, factory};
    for (int i = 0; i < 3; i++) {
        s->p[1].proj[s->p[1].nproj++] = own[i];
        s->where[own[i]] = DM_IN_PROJECT;
    }
    s->p[1].vp = 7;
    int base = dm_income(s, 1) - 3; /* +1 goal, +1 owned Dumbness, +1 factory */
    /* Sabotage: until the end of next round nothing but the First Goal
     * works. */
    int left[3] = {find(s, "spy-scandal"), -1, -1}, target[3] = {DM_RUSSIA, DM_USA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[1].sabotaged, 4);
    assert_int_equal(dm_income(s, 1), base + 1);
    s->round = 5;
    assert_int_equal(dm_income(s, 1), base + 3);
    /* Attacked: the factory goes, the goal and the owned Dumbness card
     * stay; the VP stay. */
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 3; i++)
        s->p[i].ready = 0, s->p[i].target = -1, s->p[i].slot[0] = -1;
    int left2[3] = {find(s, "cyber-attack"), -1, -1};
    plan_round(s, left2, target, ev);
    assert_int_equal(s->where[factory], DM_IN_DISCARD1);
    assert_int_equal(s->where[goal], DM_IN_PROJECT);
    assert_int_equal(s->where[dumb], DM_IN_PROJECT);
    assert_int_equal(s->p[1].nproj, 2);
    assert_int_equal(s->p[1].vp, 7);
    /* A second attack finds no project it may remove. */
    s->phase = DM_PH_PLAN;
    for (int i = 0; i < 3; i++)
        s->p[i].ready = 0, s->p[i].target = -1, s->p[i].slot[0] = -1;
    int left3[3] = {find(s, "cyber-attack-2"), -1, -1};
    plan_round(s, left3, target, ev);
    assert_int_equal(s->p[1].nproj, 2);
    json_decref(ev);
    free(s);
}

/* "If either pile is empty, shuffle the corresponding discard pile as the
 * new pile." */
static void test_an_empty_pile_takes_its_discards(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int n2 = s->npile[1];
    for (int i = 0; i < n2; i++) { /* the Level 2 pile onto its discards */
        int c = s->pile[1][i];
        if (s->deck->c[c].type == DM_DUMBNESS) {
            s->where[c] = DM_IN_BOX;
            continue;
        }
        s->disc[1][s->ndisc[1]++] = c;
        s->where[c] = DM_IN_DISCARD2;
    }
    s->npile[1] = 0;
    int disc = s->ndisc[1];
    s->phase = DM_PH_DRAW;
    s->p[0].draw_left = 1;
    s->p[1].draw_left = 0;
    assert_int_equal(dm_draw(s, 0, 2, ev, &why), WB_OK);
    assert_true(event_index(ev, "reshuffled", -1) >= 0);
    assert_int_equal(s->ndisc[1], 0);
    assert_int_equal(s->npile[1], disc - 1);
    assert_int_equal(s->deck->c[s->p[0].hand[0]].level, 2);
    json_decref(ev);
    free(s);
}

/* --- end and scoring --------------------------------------------------------------------- */

static void test_scoring_and_ties(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    s->p[0].vp = 10, s->p[0].pop = 5, s->p[0].ego = 4;
    s->p[1].vp = 10, s->p[1].pop = 5, s->p[1].ego = 7;
    int parts[5];
    /* VP + units + income (a 4-base: 2) + Popularity + peace. */
    assert_int_equal(dm_score(s, 0, parts), 10 + 1 + 2 + 5 + 0);
    int score[2], win[2];
    dm_result(s, score, win);
    assert_int_equal(score[0], score[1]);
    /* Ties: most Ego. */
    assert_false(win[0]);
    assert_true(win[1]);
    /* Tied on Ego too: both win. */
    s->p[0].ego = 7;
    dm_result(s, score, win);
    assert_true(win[0] && win[1]);
    s->p[0].ego = 4;
    /* Income counts at most 24. */
    for (int i = 0; i < 6; i++)
        put_base(s, 0, sp(s, 6, 10 + i), 10);
    dm_score(s, 0, parts);
    assert_int_equal(parts[2], 24);
    free(s);
}

static void test_game_ends_one_round_after_fifteen(void **state)
{
    (void)state;
    dm_state *s = plan_scene(2);
    json_t *ev = evs();
    char *why = NULL;
    s->p[0].vp = 14;
    int left[2] = {find(s, "stadium"), -1};
    int target[2] = {DM_RUSSIA, DM_USA};
    plan_round(s, left, target, ev);
    assert_int_equal(s->p[0].vp, 15);
    assert_int_equal(s->last_round, 4);
    /* Round 3 ends; round 4 is played through; then the end. */
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 0, ev, &why), WB_OK);
    assert_int_equal(dm_done(s, 1, ev, &why), WB_OK);
    assert_int_equal(s->round, 4);
    assert_int_not_equal(s->phase, DM_PH_OVER);
    /* "Play the next round through and finish the game!" */
    play_out_round(s, ev);
    assert_int_equal(s->round, 4);
    assert_int_equal(s->phase, DM_PH_OVER);
    assert_true(event_index(ev, "game_over", -1) >= 0);
    json_decref(ev);
    free(s);
}

/* --- buying ------------------------------------------------------------------------------ */

static void test_buy_and_upgrade(void **state)
{
    (void)state;
    dm_state *s = scene(2);
    json_t *ev = evs();
    char *why = NULL;
    int base = sp(s, 6, 12), land = land_at(s, base, 1, -1), sea = -1;
    for (int i = 0; i < 253 && sea < 0; i++)
        if (s->board->sp[i].tags & DM_T_SEA && dist(s, base, i) <= 2)
            sea = i;
    put_base(s, 0, base, 4);
    put_unit(s, 0, land);
    put_unit(s, 0, sea);
    s->phase = DM_PH_BUY;
    s->p[0].res = 30;
    /* New bases only where the player has units, never at sea. */
    assert_int_equal(dm_build_check(s, 0, sp(s, 8, 12), &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_build_check(s, 0, sea, &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_build(s, 0, land, ev, &why), WB_OK);
    assert_int_equal(s->p[0].res, 26);
    /* Building counts as the base's step this round. */
    assert_int_equal(dm_upgrade(s, 0, land, ev, &why), WB_EILLEGAL);
    free(why);
    assert_int_equal(dm_upgrade(s, 0, base, ev, &why), WB_OK);
    assert_int_equal(s->cell[base].base, 6);
    assert_int_equal(s->p[0].res, 20);
    /* A unit costs its base's strength; then no more bases. */
    assert_int_equal(dm_recruit(s, 0, base, ev, &why), WB_OK);
    assert_int_equal(s->p[0].res, 14);
    assert_int_equal(dm_units_on(s, 0, base), 1);
    assert_int_equal(dm_upgrade_check(s, 0, base, &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    free(s);
}

/* --- the game interface ------------------------------------------------------------------ */

static void test_views_hide_hands_cards_and_targets(void **state)
{
    (void)state;
    void *st = make(3, "{}", 42);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL;
    /* Before the first round nobody has taken a vacation. */
    assert_int_equal(s->round, 0);
    assert_false(view_has(st, GAME_SEAT_HOST, "\"on_vacation\":true"));
    for (int i = 0; i < 3; i++) {
        json_t *acts = K->actions(st, i);
        char *body = json_dumps(json_array_get(acts, 0), 0);
        assert_int_equal(act(st, i, body, &ev, &why), WB_OK);
        free(body);
        json_decref(acts);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_PLAN);
    /* Hands: only their owner sees the card ids. */
    char needle[64];
    snprintf(needle, sizeof needle, "\"id\":\"%s\"", s->deck->c[s->p[0].hand[0]].id);
    assert_true(view_has(st, 0, needle));
    assert_false(view_has(st, 1, needle));
    assert_false(view_has(st, GAME_SEAT_PUBLIC, needle));
    assert_true(view_has(st, GAME_SEAT_HOST, needle));
    /* A placed card and a target: face down for the others. */
    const char *cid = s->deck->c[s->p[0].hand[0]].id;
    char body[160], cardneedle[80];
    snprintf(cardneedle, sizeof cardneedle, "\"%s\"", cid);
    snprintf(body, sizeof body, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"%s\"}", cid);
    if (dm_can_place_left(s, 0)) {
        assert_int_equal(act(st, 0, body, &ev, &why), WB_OK);
        json_decref(ev);
        assert_true(view_has(st, 0, cardneedle));
        assert_false(view_has(st, 1, cardneedle));
        assert_true(view_has(st, 1, "face_down"));
    }
    assert_int_equal(act(st, 0, "{\"type\":\"target\",\"nation\":\"russia\"}", &ev, &why), WB_OK);
    json_decref(ev);
    assert_true(view_has(st, 0, "\"target\":\"russia\""));
    assert_false(view_has(st, 1, "\"target\":\"russia\""));
    assert_false(view_has(st, GAME_SEAT_PUBLIC, "\"target\":\"russia\""));
    K->destroy(st);
}

/* Does `seat` (GAME_SEAT_PUBLIC: a reader without a seat) see event `e`?
 * As matches.c shows them: "private_to" lists who may. */
static int sees(const json_t *e, int seat)
{
    json_t *to = json_object_get(e, "private_to"), *v;
    size_t i;
    if (!to)
        return 1;
    json_array_foreach(to, i, v)
        if (json_integer_value(v) == seat)
            return 1;
    return 0;
}

/* The events of `ev` that `seat` sees, as one string. */
static char *seen(const json_t *ev, int seat)
{
    json_t *a = json_array(), *e;
    size_t i;
    json_array_foreach(ev, i, e)
        if (sees(e, seat))
            json_array_append(a, e);
    char *d = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    return d;
}

/* Phase 2 is a secret simultaneous choice (the framework's): until every
 * seat has planned and the cards are flipped, no other seat and no
 * reader without a seat learns a placed card, a target, a First Goal or
 * whether it is flipped, from the views or the events; they learn that a
 * seat placed, targeted and is ready. */
static void test_the_plan_is_secret_until_the_flip(void **state)
{
    (void)state;
    void *st = make(3, "{}", 42);
    dm_state *s = st;
    json_t *ev;
    char *why = NULL, needle[96];
    const int others[] = {1, 2, GAME_SEAT_PUBLIC};
    for (int i = 0; i < 3; i++) {
        char body[96];
        int c = -1;
        for (int k = 0; k < s->deck->ncards && c < 0; k++)
            if (s->where[k] == DM_IN_GOAL && s->deck->c[k].nation == s->p[i].nation)
                c = k;
        snprintf(body, sizeof body, "{\"type\":\"pick_goal\",\"card\":\"%s\"}",
                 s->deck->c[c].id);
        assert_int_equal(act(st, i, body, &ev, &why), WB_OK);
        /* The pick: the others see that, not which. */
        snprintf(needle, sizeof needle, "\"%s\"", s->deck->c[c].id);
        for (int j = 0; j < 3; j++) {
            char *d = seen(ev, j);
            assert_int_equal(strstr(d, needle) != NULL, j == i);
            assert_non_null(strstr(d, "goal_picked"));
            free(d);
        }
        char *d = seen(ev, GAME_SEAT_PUBLIC);
        assert_null(strstr(d, needle));
        free(d);
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_PLAN);
    /* Round 2, so that the First Goal may be flipped. */
    s->round = 2;
    s->p[0].ego = s->p[0].pop = 8;
    s->p[0].res = 30;
    const char *cid = s->deck->c[s->p[0].hand[0]].id;
    const char *goal = s->deck->c[s->p[0].goal].id;
    char body[160], cardneedle[80], goalneedle[80];
    snprintf(cardneedle, sizeof cardneedle, "\"%s\"", cid);
    snprintf(goalneedle, sizeof goalneedle, "\"%s\"", goal);
    snprintf(body, sizeof body, "{\"type\":\"place\",\"slot\":\"left\",\"card\":\"%s\"}", cid);
    /* The First Goal is never placed: it lies on the right space. */
    char gbody[160];
    snprintf(gbody, sizeof gbody, "{\"type\":\"place\",\"slot\":\"right\",\"card\":\"%s\"}",
             goal);
    assert_int_equal(act(st, 0, gbody, &ev, &why), WB_EILLEGAL);
    assert_non_null(strstr(why, "fund_goal"));
    free(why);
    why = NULL;
    json_decref(ev);
    json_t *all = json_array();
    const char *plan[] = {body, "{\"type\":\"take_back\",\"slot\":\"left\"}", body,
                          "{\"type\":\"target\",\"nation\":\"russia\"}",
                          "{\"type\":\"ready\",\"fund_goal\":true}"};
    for (size_t k = 0; k < sizeof plan / sizeof plan[0]; k++) {
        assert_int_equal(act(st, 0, plan[k], &ev, &why), WB_OK);
        json_array_extend(all, ev);
        json_decref(ev);
        /* The views of the others and of the public, after each step. */
        for (size_t j = 0; j < 3; j++) {
            json_t *v = K->view(st, others[j]);
            char *d = json_dumps(v, JSON_COMPACT);
            assert_null(strstr(d, cardneedle));
            assert_null(strstr(d, goalneedle));
            assert_null(strstr(d, "\"target\":\"russia\""));
            json_t *me = json_array_get(json_object_get(v, "seats"), 0);
            /* The First Goal lies face down on the right, flipped or not. */
            assert_string_equal(json_string_value(json_array_get(json_object_get(me, "slots"), 1)),
                                "face_down");
            free(d);
            json_decref(v);
        }
    }
    /* The owner sees it all. */
    json_t *v = K->view(st, 0);
    json_t *me = json_array_get(json_object_get(v, "seats"), 0);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(me, "slots"), 0), "card")), cid);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(json_object_get(me, "slots"), 1), "card")), goal);
    assert_string_equal(json_string_value(json_object_get(me, "target")), "russia");
    json_decref(v);
    /* The others: that a card lies on the left, a target is placed and the
     * seat is ready; not what. */
    v = K->view(st, 1);
    me = json_array_get(json_object_get(v, "seats"), 0);
    assert_string_equal(json_string_value(json_array_get(json_object_get(me, "slots"), 0)),
                        "face_down");
    assert_string_equal(json_string_value(json_object_get(me, "target")), "face_down");
    assert_true(json_is_true(json_object_get(me, "ready")));
    json_decref(v);
    /* The events as each other seat and the public read them. */
    for (size_t j = 0; j < 3; j++) {
        char *d = seen(all, others[j]);
        assert_null(strstr(d, cardneedle));
        assert_null(strstr(d, goalneedle));
        assert_null(strstr(d, "russia"));
        assert_null(strstr(d, "fund_goal"));
        if (others[j] != GAME_SEAT_PUBLIC) {
            assert_non_null(strstr(d, "\"type\":\"placed\""));
            assert_non_null(strstr(d, "\"type\":\"target_placed\""));
            assert_non_null(strstr(d, "\"type\":\"ready\""));
        }
        free(d);
    }
    char *d = seen(all, 0);
    assert_non_null(strstr(d, cardneedle));
    assert_non_null(strstr(d, "\"target\":\"russia\""));
    assert_non_null(strstr(d, "\"fund_goal\":true"));
    free(d);
    json_decref(all);
    /* Everyone planned: the flip shows the cards and the target. */
    for (int i = 1; i < 3; i++) {
        assert_int_equal(act(st, i, "{\"type\":\"target\",\"nation\":\"usa\"}", &ev, &why),
                         WB_OK);
        json_decref(ev);
        assert_int_equal(act(st, i, "{\"type\":\"ready\"}", &ev, &why), WB_OK);
        if (i == 2) {
            d = seen(ev, 1);
            assert_non_null(strstr(d, "\"type\":\"flipped\""));
            assert_non_null(strstr(d, goalneedle));
            free(d);
        }
        json_decref(ev);
    }
    assert_int_equal(s->phase, DM_PH_MOVE);
    assert_true(view_has(st, 1, "\"target\":\"russia\""));
    assert_true(view_has(st, GAME_SEAT_PUBLIC, "\"target\":\"russia\""));
    K->destroy(st);
}

static void test_refusals_change_nothing(void **state)
{
    (void)state;
    void *st = make(2, "{}", 3);
    json_t *before = K->save(st), *ev;
    char *why = NULL;
    assert_int_equal(act(st, 0, "{\"type\":\"fly\"}", &ev, &why), WB_EINVAL);
    free(why);
    json_decref(ev);
    assert_int_equal(act(st, 0, "{\"type\":\"move\",\"unit\":0,\"to\":\"h7-3\"}", &ev, &why),
                     WB_ENOTTURN);
    free(why);
    json_decref(ev);
    assert_int_equal(act(st, 0, "{\"type\":\"pick_goal\",\"card\":\"restore-the-ussr\"}", &ev,
                         &why), WB_EILLEGAL);
    free(why);
    json_decref(ev);
    json_t *after = K->save(st);
    assert_true(json_equal(before, after));
    json_decref(before);
    json_decref(after);
    K->destroy(st);
}

static void test_options(void **state)
{
    (void)state;
    json_t *o = K->options();
    assert_non_null(json_object_get(o, "end_vp"));
    assert_non_null(json_object_get(o, "short_game"));
    json_decref(o);
    /* The shorter game: no First Goals, 15 resources, 5 VP each. */
    dm_state *s = make(4, "{\"short_game\":true}", 8);
    assert_int_equal(s->phase, DM_PH_PLAN);
    assert_int_equal(s->round, 1);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(s->p[i].res, 15);
        assert_int_equal(s->p[i].vp, 5);
    }
    K->destroy(s);
    game_ctx ctx = {NULL, 0};
    static const char *const names[] = {"a", "b"};
    json_t *bad = json_loads("{\"end_vp\":0}", 0, NULL);
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(K->create(&ctx, names, 2, bad, 1, &st, &why), WB_EINVAL);
    free(why);
    json_decref(bad);
}

static void test_custom_board_and_decks(void **state)
{
    (void)state;
    /* The built-in board with one more resource space (h0-0, sea, made
     * land with a golden frame) and decks with Propaganda renumbered. */
    char *board = strdup((const char *)dumbination_board_txt);
    char *grid = strstr(board, "grid 23 11\n");
    assert_non_null(grid);
    grid[strlen("grid 23 11\n")] = '$';
    json_t *cards = json_loads((const char *)dumbination_cards_json, 0, NULL);
    json_t *kinds = json_object_get(cards, "cards"), *k;
    size_t i;
    json_array_foreach(kinds, i, k)
        if (strcmp(json_string_value(json_object_get(k, "id")), "propaganda") == 0)
            json_object_set_new(k, "priority", json_integer(81));
    json_t *opts = json_pack("{s:s, s:O}", "board", board, "cards", cards);
    static const char *const names[] = {"ann", "bob", "cy"};
    game_ctx ctx = {NULL, 0};
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_OK);
    dm_state *s = st;
    assert_true(s->board->sp[0].tags & DM_T_RESOURCE);
    assert_int_equal(s->deck->c[dm_card_find(s->deck, "propaganda")].priority, 81);
    /* Saved with the match, read again on load. */
    json_t *saved = K->save(st);
    void *again = NULL;
    assert_int_equal(K->load(saved, &again, &why), WB_OK);
    assert_true(((dm_state *)again)->board->sp[0].tags & DM_T_RESOURCE);
    json_t *saved2 = K->save(again);
    assert_true(json_equal(saved, saved2));
    json_decref(saved);
    json_decref(saved2);
    K->destroy(again);
    K->destroy(st);
    json_decref(opts);
    /* Broken ones are refused with the reason. */
    opts = json_pack("{s:s}", "board", "grid 3 1\n~~~\n");
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_EINVAL);
    assert_non_null(strstr(why, "option board"));
    free(why);
    why = NULL;
    json_decref(opts);
    json_array_remove(kinds, json_array_size(kinds) - 1); /* a Venezuelan goal */
    opts = json_pack("{s:O}", "cards", cards);
    assert_int_equal(K->create(&ctx, names, 3, opts, 9, &st, &why), WB_EINVAL);
    assert_non_null(strstr(why, "venezuela"));
    free(why);
    json_decref(opts);
    json_decref(cards);
    free(board);
}

/* Random matches through the interface: listed actions are accepted,
 * save/load round-trips, and the match ends (by VP or the peace track in
 * most; the round limit catches the rest). */
static void play_random(int n, uint64_t seed, int *by_vp)
{
    char opts[64];
    snprintf(opts, sizeof opts, "{\"max_rounds\":30}");
    void *st = make(n, opts, seed);
    rng r;
    rng_seed(&r, seed);
    game_ctx ctx = {NULL, 0};
    int steps = 0;
    for (; steps < 20000; steps++) {
        dm_state *s = st;
        if (s->phase == DM_PH_OVER)
            break;
        int who[DM_MAX_SEATS], nw = 0;
        dm_to_act(s, who);
        for (int i = 0; i < n; i++)
            if (who[i])
                who[nw++] = i;
        assert_true(nw > 0);
        int seat = who[rng_below(&r, (uint64_t)nw)];
        json_t *acts = K->actions(st, seat), *ev = json_array();
        assert_true(json_array_size(acts) > 0);
        json_t *a = json_array_get(acts, rng_below(&r, json_array_size(acts)));
        char *why = NULL;
        if (K->apply(st, &ctx, seat, a, ev, &why))
            fail_msg("listed %s refused: %s", json_dumps(a, 0), why);
        json_decref(ev);
        json_decref(acts);
        if (steps % 97 == 0) {
            json_t *sv = K->save(st);
            void *cp = NULL;
            assert_int_equal(K->load(sv, &cp, &why), WB_OK);
            json_t *sv2 = K->save(cp);
            assert_true(json_equal(sv, sv2));
            json_decref(sv);
            json_decref(sv2);
            K->destroy(cp);
        }
    }
    dm_state *s = st;
    assert_int_equal(s->phase, DM_PH_OVER);
    *by_vp += s->last_round > 0 || s->peace_over;
    K->destroy(st);
}

static void test_random_matches_end(void **state)
{
    (void)state;
    int by_vp = 0, total = 0;
    for (int n = 2; n <= 5; n++)
        for (uint64_t seed = 1; seed <= 2; seed++, total++)
            play_random(n, seed * 31 + (uint64_t)n, &by_vp);
    printf("# %d random matches ended, %d by the VP goal or world peace\n", total, by_vp);
    assert_true(by_vp > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board_facts),
        cmocka_unit_test(test_board_graph_and_svg),
        cmocka_unit_test(test_board_parse_errors),
        cmocka_unit_test(test_deck_counts_and_named_cards),
        cmocka_unit_test(test_deck_parse_errors),
        cmocka_unit_test(test_setup_two_players),
        cmocka_unit_test(test_setup_three_to_five),
        cmocka_unit_test(test_first_goal_pick_then_round_one),
        cmocka_unit_test(test_strength_from_the_strongest_base_in_reach),
        cmocka_unit_test(test_movement_range_and_zero_strength),
        cmocka_unit_test(test_moving_into_cubed_space_conquers_and_stops),
        cmocka_unit_test(test_war_zone_takes_an_extra_round),
        cmocka_unit_test(test_without_bases_units_move_only_on_own_spaces),
        cmocka_unit_test(test_cards_removing_units_leave_the_losers_cube),
        cmocka_unit_test(test_attack_losses_rule),
        cmocka_unit_test(test_three_sevens_against_two_eights),
        cmocka_unit_test(test_two_fives_against_a_base_of_eight),
        cmocka_unit_test(test_attackers_must_stand_next_and_not_have_moved),
        cmocka_unit_test(test_markers_where_units_began),
        cmocka_unit_test(test_unmarked_resource_space_loses_income),
        cmocka_unit_test(test_out_of_cubes_keeps_nothing),
        cmocka_unit_test(test_low_ego_or_popularity_blocks_the_left_space),
        cmocka_unit_test(test_popularity_ten_gives_five_income),
        cmocka_unit_test(test_order_by_lowest_funded_card),
        cmocka_unit_test(test_unfunded_card_is_fined_and_does_not_count),
        cmocka_unit_test(test_cube_moving_onto_left_space_discards),
        cmocka_unit_test(test_zero_popularity_eliminates),
        cmocka_unit_test(test_the_overtaker_replaces_targets),
        cmocka_unit_test(test_ten_vp_gives_one_ego),
        cmocka_unit_test(test_ego_ten_locks_the_target),
        cmocka_unit_test(test_first_goal_funding_and_corruption),
        cmocka_unit_test(test_level_two_draws_after_the_first_goal),
        cmocka_unit_test(test_nuclear_bomb),
        cmocka_unit_test(test_bomb_space_is_a_pending_decision),
        cmocka_unit_test(test_format_one_loads),
        cmocka_unit_test(test_radioactive_tokens_recycle),
        cmocka_unit_test(test_peace_track),
        cmocka_unit_test(test_two_player_disarmament_first),
        cmocka_unit_test(test_disarmament_needs_a_cube_and_an_unused_bomb),
        cmocka_unit_test(test_two_player_brown_cards_hit_the_opponent),
        cmocka_unit_test(test_dumbness_auction),
        cmocka_unit_test(test_alien_ship_takes_jimi_and_the_geniuses),
        cmocka_unit_test(test_take_a_vacation),
        cmocka_unit_test(test_projects_sabotaged_and_attacked),
        cmocka_unit_test(test_an_empty_pile_takes_its_discards),
        cmocka_unit_test(test_over_the_hand_limit_is_fined),
        cmocka_unit_test(test_a_round_runs_the_seven_phases_in_order),
        cmocka_unit_test(test_the_shorter_game),
        cmocka_unit_test(test_scoring_and_ties),
        cmocka_unit_test(test_game_ends_one_round_after_fifteen),
        cmocka_unit_test(test_buy_and_upgrade),
        cmocka_unit_test(test_views_hide_hands_cards_and_targets),
        cmocka_unit_test(test_the_plan_is_secret_until_the_flip),
        cmocka_unit_test(test_refusals_change_nothing),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_custom_board_and_decks),
        cmocka_unit_test(test_random_matches_end),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
