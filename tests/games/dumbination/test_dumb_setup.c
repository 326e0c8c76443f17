/*
 * test_dumb_setup.c - World Dumbination (games/dumbination/), rule by
 * rule: the board and deck data against every fact the rulebook gives, and
 * their parse errors; the set-up for 2 to 5 players and the first goal.
 * Scenarios are built on a real set-up whose board is cleared and arranged
 * piece by piece through the module's internal header (the rules are plain
 * C; dumb_scene.h), matches through the game interface (dumb_test_util.h).
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
#include "dumb_test_util.h"
#include "game.h"
#include "rng.h"
#include "wb_err.h"

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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
