/*
 * test_woobie_effects.c - the Woobieworld module (games/woobieworld/), the
 * cards' effects rule by rule: NEIGHBOURING including itself, the supply
 * running dry, clockwise order, rounding in the loser's favour, the
 * Quicksand worked example (literally), OR cards, moving Anarchs,
 * environments and the cards that beat or remove them, the fourth volcano,
 * scores with negatives and ties (woobie_test_util.h: scenes as plain C
 * states).
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
#include "rng.h"
#include "wb_err.h"
#include "woobie.h"
#include "woobie_int.h"
#include "woobie_test_util.h"

/* --- cards -------------------------------------------------------------------------- */

/* "Choose a red industry.  Every neighbouring home gains +1R": the home
 * the industry is in counts as a neighbour. */
static void test_neighbouring_includes_itself(void **state)
{
    (void)state;
    ww_state *st = table4(14);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Red Alert")); /* one red industry: chosen at once */
    assert_int_equal(sup(st, "woobania", WW_RED), 2);   /* itself */
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* borders Woobania */
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1); /* does not */
    assert_int_equal(sup(st, "muckmire", WW_RED), 1);
    K->destroy(st);
}

/* Several homes gain clockwise from the card's player, each in full,
 * until the supply runs dry; the card still plays. */
static void test_supply_dry_clockwise(void **state)
{
    (void)state;
    ww_state *st = table4(15);
    to_play(st);
    play(st, give(st, 0, "Heat Wave"));
    to_play(st);
    play(st, give(st, 1, "Heat Wave"));
    to_play(st); /* seat 2 plays */
    st->start_support[WW_RED] -= st->supply[WW_RED] - 2;
    st->supply[WW_RED] = 2; /* two red left */
    play(st, give(st, 2, "Rally"));
    assert_int_equal(sup(st, "cheeseport", WW_RED), 2); /* seat 2 first */
    assert_int_equal(sup(st, "muckmire", WW_RED), 2);   /* then seat 3 */
    assert_int_equal(sup(st, "doom-grove", WW_RED), 1); /* dry: nothing */
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    assert_int_equal(st->supply[WW_RED], 0);
    /* A card about pieces that are partly gone does what it still can. */
    to_play(st);
    play(st, give(st, 3, "Mixed Blessing"));
    assert_int_equal(sup(st, "muckmire", WW_RED), 2);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 1);
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 2);
    assert_int_equal(st->player, 0);
    K->destroy(st);
}

/* "Loses half of all support", odd: the loss is rounded down, and the
 * loser (not the card's player) chooses which pieces. */
static void test_half_rounding(void **state)
{
    (void)state;
    ww_state *st = table4(16);
    to_play(st);
    put(st, "woobania", WW_YELLOW, 2);
    put(st, "woobania", WW_ANARCH, 2); /* 1R 2Y 2A: five pieces */
    play(st, give(st, 0, "Stampede"));
    decide(st, "woobania");
    assert_int_equal(st->run.ask, ASK_LOSE);
    assert_int_equal(st->run.ask_seat, 1); /* the loser chooses */
    assert_int_equal(st->run.left, 2);     /* 5 / 2 = 2: keeps the odd one */
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"anarch\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 1, "{\"type\":\"decide\",\"choice\":\"green\"}"), WB_EILLEGAL);
    decide(st, "anarch");
    decide(st, "anarch"); /* "support" includes Anarchs */
    assert_int_equal(ww_pieces(st, A(st, "woobania")), 3);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 0);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 2);
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

static void test_half_of_one(void **state)
{
    (void)state;
    ww_state *st = table4(17);
    to_play(st);
    play(st, give(st, 0, "Stampede"));
    decide(st, "woobania"); /* 1 red: loses 0 */
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    assert_int_equal(st->player, 1);
    /* Coloured only: Anarchs do not count and are not taken. */
    to_play(st);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_ANARCH, 5);
    put(st, "woobania", WW_YELLOW, 1); /* seat 1 can play yellow */
    play(st, give(st, 1, "Sunstroke"));
    decide(st, "doom-grove");
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* 3 / 2 = 1 lost */
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 5);
    assert_int_equal(st->player, 2);
    K->destroy(st);
}

/* Four seats at home in Snugglebury, Doom Grove, Cheeseport and Muckmire,
 * seat 0 in its play phase: the table of the Quicksand tests. */
static ww_state *quicksand_table(void)
{
    static const char *const h[] = {"snugglebury", "doom-grove", "cheeseport", "muckmire"};
    ww_state *st = make(4, "{}", 18);
    calm(st);
    homes(st, h);
    to_play(st);
    return st;
}

/* The rules' worked example, literally.  Doom Grove is an opponent's home
 * and coastal; its industries and those of Margaritaville, Woobania,
 * Sulfer Springs, BamBooton, Cheeseport and the Sea of Despair come off
 * the board (two yellow, two red, one blue); every neighbouring home then
 * loses a support of the matching colour per removed industry, as far as
 * it has them: no yellow means nothing, one red of two goes and the
 * excess is forgotten, green and Anarchs are untouched. */
static void test_quicksand(void **state)
{
    (void)state;
    ww_state *st = quicksand_table();
    put_ind(st, "doom-grove", WW_YELLOW, 1);
    put_ind(st, "margaritaville", WW_RED, 1);
    put_ind(st, "sea-of-despair", WW_YELLOW, 1);
    put_ind(st, "bambooton", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "muckmire", WW_RED, 1);   /* not a neighbour: stays */
    put_ind(st, "snugglebury", WW_GREEN, 1);
    /* The opponent in Doom Grove: no yellow, one red, two blue, green,
     * Anarchs. */
    put(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_BLUE, 2);
    put(st, "doom-grove", WW_GREEN, 3);
    put(st, "doom-grove", WW_ANARCH, 2);
    /* Cheeseport borders Doom Grove: 3 yellow, 3 red. */
    put(st, "cheeseport", WW_YELLOW, 3);
    put(st, "cheeseport", WW_RED, 3);
    put(st, "muckmire", WW_YELLOW, 2); /* not a neighbour */
    play(st, give(st, 0, "Quicksand"));
    /* First sentence: choose a coastal area. */
    assert_int_equal(st->run.ask, ASK_AREA);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"woobania\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"sea-of-despair\"}"),
                     WB_EILLEGAL);
    decide(st, "doom-grove");
    /* Second: every neighbouring industry, Doom Grove's too. */
    json_t *rem = event("industries_removed");
    assert_non_null(rem);
    assert_int_equal(json_integer_value(json_object_get(rem, "n")), 5);
    assert_int_equal(st->industries[A(st, "doom-grove")][WW_YELLOW], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 0);
    assert_int_equal(st->industries[A(st, "sea-of-despair")][WW_YELLOW], 0);
    assert_int_equal(st->industries[A(st, "muckmire")][WW_RED], 1);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    assert_int_equal(st->supply_ind[WW_YELLOW], 8);
    /* Third: 2 yellow, 2 red, 1 blue per neighbouring home. */
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 0);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 0);   /* one of two */
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 1);
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 3); /* untouched */
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 2);
    assert_int_equal(sup(st, "cheeseport", WW_YELLOW), 1);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 2);  /* not a neighbour */
    assert_int_equal(sup(st, "snugglebury", WW_RED), 1);
    /* And with a smug smile the turn is over. */
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

/* "All neighbouring industries are removed" (Quicksand): the event counts
 * them colour by colour (tally: red, yellow, green, blue), the count the
 * next sentence spends ("for each industry that was removed"). */
static void test_removed_industries_by_colour(void **state)
{
    (void)state;
    ww_state *st = quicksand_table();
    put_ind(st, "margaritaville", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 2);
    play(st, give(st, 0, "Quicksand"));
    decide(st, "doom-grove");
    json_t *tally = json_object_get(event("industries_removed"), "tally");
    assert_int_equal(json_array_size(tally), 4);
    assert_int_equal(json_integer_value(json_array_get(tally, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(tally, 1)), 0);
    assert_int_equal(json_integer_value(json_array_get(tally, 2)), 0);
    assert_int_equal(json_integer_value(json_array_get(tally, 3)), 2);
    K->destroy(st);
}

/* An OR card: the player picks a side and the other is ignored. */
static void test_or(void **state)
{
    (void)state;
    ww_state *st = table4(19);
    to_play(st);
    put(st, "doom-grove", WW_ANARCH, 3);
    int c = give(st, 0, "Clean Sweep");
    play(st, c);
    assert_int_equal(st->run.ask, ASK_SIDE);
    json_t *acts = K->actions(st, 0);
    assert_int_equal(json_array_size(acts), 2);
    json_decref(acts);
    decide(st, "second");
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 3); /* first side ignored */
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 1);
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 1);
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 1);
    to_play(st);
    put(st, "doom-grove", WW_RED, 2);
    play(st, give(st, 1, "Tough Choices"));
    decide(st, "first");
    decide(st, "blue");
    decide(st, "green");
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* second side ignored */
    K->destroy(st);
}

/* Move the industry / Anarchs; the destination is a decision. */
static void test_moving_anarchs(void **state)
{
    (void)state;
    ww_state *st = table4(20);
    to_play(st);
    put(st, "sea-of-despair", WW_ANARCH, 3);
    put(st, "soggy-sound", WW_ANARCH, 1);
    play(st, give(st, 0, "Anarchy in the Streets"));
    decide(st, "sea-of-despair");
    assert_int_equal(st->run.ask, ASK_AREA);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"sea-of-despair\"}"),
                     WB_EILLEGAL); /* a bordering area, not itself */
    decide(st, "cheeseport");
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 3);
    assert_int_equal(sup(st, "sea-of-despair", WW_ANARCH), 0);
    /* Refugees: from my home to another's. */
    to_play(st);
    put(st, "woobania", WW_ANARCH, 5);
    play(st, give(st, 1, "Refugees"));
    decide(st, "muckmire");
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 3);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 2);
    K->destroy(st);
}

extern const unsigned char woobie_deck_txt[];

/* "Remove an ENVIRONMENT card from the table" (Greenpeace): the player
 * removes the one chosen, whichever card of the deck it is - the first
 * too, on a custom deck that begins with Industrial Strike. */
static void test_the_chosen_environment_goes(void **state)
{
    (void)state;
    json_t *lines = json_array();
    char *text = strdup((const char *)woobie_deck_txt), *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (l[0] != '#' && l[0] != '\0')
            json_array_insert_new(lines, strstr(l, "| Industrial Strike |") ? 0 : json_array_size(lines),
                                  json_string(l));
    free(text);
    json_t *o = json_pack("{s:o}", "deck", lines);
    char *opts = json_dumps(o, 0);
    json_decref(o);
    ww_state *st = make(4, opts, 21);
    free(opts);
    assert_string_equal(st->deck->c[0].name, "Industrial Strike");
    calm(st);
    homes(st, four);
    to_play(st);
    to_table(st, "Baby Boom", 1);
    to_table(st, "Industrial Strike", 2);
    put(st, four[0], WW_GREEN, 1); /* a green action needs green support at home */
    play(st, give(st, 0, "Greenpeace"));
    assert_int_equal(st->run.ask, ASK_ENV);
    decide(st, "0");
    assert_int_equal(st->nenv, 1);
    assert_string_equal(st->deck->c[st->env[0].card].name, "Baby Boom");
    K->destroy(st);
}

/* Environments change the rules while on the table; the card beats the
 * rules; cards remove them. */
static void test_environments(void **state)
{
    (void)state;
    ww_state *st = table4(21);
    char body[96];
    /* Drawn: on the table at once, the drawer its caretaker, another drawn. */
    to_play(st);
    on_top(st, "Industrial Strike", 0);
    play(st, give(st, 0, "Heat Wave"));
    assert_int_equal(st->nenv, 1);
    assert_int_equal(st->env[0].caretaker, 0);
    assert_int_equal(st->seat[0].nhand, 4);
    assert_true(ww_hook_on(st, H_NO_INDUSTRY));
    /* No industry phase while it is there... */
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"red\"}");
    assert_int_equal(st->phase, P_PLAY);
    /* ...but a card that places one beats the rule. */
    play(st, give(st, 1, "Boom Town"));
    decide(st, "snugglebury");
    decide(st, "green");
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    /* Open Borders: colour actions without their colour. */
    to_table(st, "Open Borders", 1);
    round_trip(st);
    ok(st, 2, "{\"type\":\"skip\"}");
    int c = give(st, 2, "Green Thumb");
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c);
    ok(st, 2, "%s", body);
    assert_int_equal(sup(st, "cheeseport", WW_GREEN), 2);
    /* Greenpeace removes one: the player chooses which of the two. */
    ok(st, 3, "{\"type\":\"skip\"}");
    play(st, give(st, 3, "Greenpeace"));
    assert_int_equal(st->run.ask, ASK_ENV);
    snprintf(body, sizeof body, "%d", card_named(st, "Industrial Strike"));
    decide(st, body);
    assert_false(ww_hook_on(st, H_NO_INDUSTRY));
    assert_true(ww_hook_on(st, H_FREE_COLOUR));
    assert_non_null(event("environment_removed"));
    /* Back to seat 0: the industry phase is there again. */
    ok(st, 0, "{\"type\":\"skip\"}");
    assert_int_equal(st->phase, P_INDUSTRY);
    K->destroy(st);
}

static void test_environment_hooks(void **state)
{
    (void)state;
    ww_state *st = table4(22);
    const char *const names[] = {"Baby Boom", "Martial Law", "Clean Water Act",
                                 "Mountain Retreat"};
    for (int i = 0; i < 4; i++)
        to_table(st, names[i], 0);
    round_trip(st);
    /* The hooks act from the next turn; end this one. */
    to_play(st);
    play(st, give(st, 0, "Heat Wave"));
    /* Baby Boom: two support placements. */
    assert_int_equal(st->support_left, 2);
    put(st, "sea-of-despair", WW_ANARCH, 1);
    /* Martial Law: no Anarch moves. */
    assert_int_equal(act(st, 1, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
                                "\"to\":\"doom-grove\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"red\"}");
    assert_int_equal(st->phase, P_SUPPORT);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"blue\"}");
    assert_int_equal(sup(st, "woobania", WW_RED), 2);
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    /* Clean Water Act: no industry in the water in the industry phase. */
    assert_int_equal(st->phase, P_INDUSTRY);
    assert_int_equal(act(st, 1, "{\"type\":\"industry\",\"area\":\"bay-of-burps\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"industry\",\"area\":\"woobania\",\"colour\":\"red\"}");
    /* Mountain Retreat: a mountain home loses nothing for Anarchs. */
    int score[4], win[4];
    st->seat[3].home = A(st, "grumble-hills");
    put(st, "muckmire", WW_RED, 0);
    put(st, "grumble-hills", WW_RED, 2);
    put(st, "grumble-hills", WW_ANARCH, 3);
    ww_scores(st, score, win);
    assert_int_equal(score[3], 4);
    st->nenv--; /* Mountain Retreat leaves the table */
    st->discard[st->ndiscard++] = (int16_t)card_named(st, "Mountain Retreat");
    ww_scores(st, score, win);
    assert_int_equal(score[3], 4 - 9);
    round_trip(st);
    K->destroy(st);
}

/* Draw: a Mount Saint Woobie card drawn goes on the table and another is
 * drawn; before the fourth the game goes on. */
static void test_draw_volcano(void **state)
{
    (void)state;
    ww_state *st = table4(38);
    to_play(st);
    on_top(st, "Rally", 0);
    on_top(st, "Mount Saint Woobie", 0);
    int rally = st->draw[st->ndraw - 2];
    play(st, give(st, 0, "Heat Wave"));
    assert_int_equal(st->nvolcano, 1);
    assert_non_null(event("volcano"));
    assert_int_equal(st->seat[0].nhand, 4);
    assert_true(in_hand_named(st, 0, "Rally"));
    assert_int_equal(st->seat[0].hand[3], rally);
    assert_int_equal(st->phase, P_SUPPORT);
    assert_int_equal(st->player, 1);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC);
    assert_int_equal(json_integer_value(json_object_get(v, "volcanoes")), 1);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
    json_decref(v);
    K->destroy(st);
}

/* The fourth Mount Saint Woobie card on the table ends the game at once. */
static void test_fourth_volcano(void **state)
{
    (void)state;
    ww_state *st = table4(23);
    to_play(st);
    /* Three on the table already; the fourth on top of the draw pile. */
    for (int k = 0; k < 3; k++) {
        for (int i = st->ndraw - 1; i >= 0; i--)
            if (st->deck->c[st->draw[i]].type == WW_VOLCANO) {
                st->volcano[st->nvolcano++] = st->draw[i];
                memmove(&st->draw[i], &st->draw[i + 1], (size_t)(st->ndraw - i - 1) * 2);
                st->ndraw--;
                break;
            }
    }
    on_top(st, "Mount Saint Woobie", 0);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_ANARCH, 1); /* 9 - 1 = 8 */
    put(st, "woobania", WW_ANARCH, 2);   /* 1 - 4 = -3 */
    play(st, give(st, 0, "Heat Wave"));  /* everyone loses one Anarch first */
    assert_int_equal(st->phase, P_OVER);
    assert_int_equal(st->nvolcano, 4);
    json_t *over = event("game_over");
    assert_non_null(over);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "scores"), 0)), 9);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "scores"), 1)), 0);
    assert_int_equal(json_array_size(json_object_get(v, "winners")), 1);
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 0);
    json_decref(v);
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_ENOTTURN);
    json_t *acts = K->actions(st, 1);
    assert_int_equal(json_array_size(acts), 0);
    json_decref(acts);
    K->destroy(st);
}

/* "At once": the fourth volcano drawn by a card (Insider Tip) ends the
 * game in the middle of the turn; nothing after it happens. */
static void test_fourth_volcano_mid_card(void **state)
{
    (void)state;
    ww_state *st = table4(50);
    to_play(st);
    for (int k = 0; k < 3; k++) {
        on_top(st, "Mount Saint Woobie", 0);
        st->volcano[st->nvolcano++] = st->draw[--st->ndraw];
    }
    on_top(st, "Mount Saint Woobie", 0);
    int nhand = st->seat[0].nhand, ndraw = st->ndraw;
    play(st, give(st, 0, "Insider Tip"));
    assert_int_equal(st->phase, P_OVER);
    assert_int_equal(st->nvolcano, 4);
    assert_non_null(event("game_over"));
    assert_null(event("drew")); /* neither the second card nor the turn's draw */
    assert_int_equal(st->seat[0].nhand, nhand - 1);
    assert_int_equal(st->ndraw, ndraw - 1);
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_ENOTTURN);
    K->destroy(st);
}

/* Squares of each colour, minus the square of the Anarchs; negative
 * scores allowed; ties share the win. */
static void test_scores(void **state)
{
    (void)state;
    ww_state *st = table4(24);
    int score[4], win[4];
    put(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_ANARCH, 3); /* 1 - 9 */
    put(st, "woobania", WW_RED, 2);
    put(st, "woobania", WW_BLUE, 3);     /* 4 + 9 */
    put(st, "cheeseport", WW_RED, 0);
    put(st, "cheeseport", WW_GREEN, 2);
    put(st, "cheeseport", WW_YELLOW, 3); /* 4 + 9 */
    put(st, "muckmire", WW_RED, 0);
    put(st, "muckmire", WW_ANARCH, 1);   /* -1 */
    ww_scores(st, score, win);
    assert_int_equal(score[0], -8);
    assert_int_equal(score[1], 13);
    assert_int_equal(score[2], 13);
    assert_int_equal(score[3], -1);
    assert_int_equal(win[0] + win[1] * 2 + win[2] * 4 + win[3] * 8, 6);
    K->destroy(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_neighbouring_includes_itself, teardown),
        cmocka_unit_test_teardown(test_supply_dry_clockwise, teardown),
        cmocka_unit_test_teardown(test_half_rounding, teardown),
        cmocka_unit_test_teardown(test_half_of_one, teardown),
        cmocka_unit_test_teardown(test_quicksand, teardown),
        cmocka_unit_test_teardown(test_removed_industries_by_colour, teardown),
        cmocka_unit_test_teardown(test_or, teardown),
        cmocka_unit_test_teardown(test_moving_anarchs, teardown),
        cmocka_unit_test_teardown(test_environments, teardown),
        cmocka_unit_test_teardown(test_the_chosen_environment_goes, teardown),
        cmocka_unit_test_teardown(test_environment_hooks, teardown),
        cmocka_unit_test_teardown(test_draw_volcano, teardown),
        cmocka_unit_test_teardown(test_fourth_volcano, teardown),
        cmocka_unit_test_teardown(test_fourth_volcano_mid_card, teardown),
        cmocka_unit_test_teardown(test_scores, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
