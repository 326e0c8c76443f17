/*
 * test_woobie_play.c - the Woobieworld module (games/woobieworld/), playing
 * cards: the speed variant's cycles and their secrets, a hand with no
 * playable card, disputed cards, counters, extra cards and draws, industries
 * moved by cards, custom cards, the cards read against their printed
 * sentences and every card of the default deck played
 * (woobie_test_util.h: scenes as plain C states).
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

/* The speed variant: cards chosen face down at once, secret until all
 * have chosen; whole turns in increasing card number. */
static void test_cycles(void **state)
{
    (void)state;
    ww_state *st = make(3, "{\"speed\":true}", 25);
    static const char *const h[] = {"doom-grove", "woobania", "cheeseport"};
    calm(st);
    homes(st, h);
    assert_int_equal(st->phase, P_CHOOSE);
    int c0 = give(st, 0, "Burning Ambition"); /* 209, red: playable */
    int c1 = give(st, 1, "Quicksand");        /* 100 */
    int c2 = give(st, 2, "Blue Skies");       /* 500: no blue at home */
    round_trip(st);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC), *to = json_object_get(v, "to_act");
    assert_int_equal(json_array_size(to), 3); /* everyone at once */
    json_decref(v);
    ok(st, 2, "{\"type\":\"choose_card\",\"card\":%d}", c2);
    json_t *priv = event("chose");
    assert_non_null(priv);
    assert_non_null(json_object_get(priv, "private_to"));
    assert_non_null(json_object_get(priv, "card")); /* the owner's copy */
    assert_int_equal(act(st, 2, "{\"type\":\"choose_card\",\"card\":0}"), WB_ENOTTURN);
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    /* Before the reveal no other seat sees a chosen card. */
    json_t *card2 = ww_card_json(st->deck, c2), *card0 = ww_card_json(st->deck, c0);
    for (int seat = GAME_SEAT_PUBLIC; seat < 3; seat++) {
        json_t *view = K->view(st, seat);
        char *d = json_dumps(view, JSON_COMPACT);
        if (seat != 2 && strstr(d, "\"Blue Skies\""))
            fail_msg("seat %d sees seat 2's chosen card", seat);
        if (seat != 0 && strstr(d, "\"Burning Ambition\""))
            fail_msg("seat %d sees seat 0's chosen card", seat);
        free(d);
        json_decref(view);
    }
    json_decref(card2);
    json_decref(card0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    /* Revealed: seat 1 (100), seat 0 (209), seat 2 (500). */
    json_t *rev = event("reveal");
    assert_non_null(rev);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 1)), 0);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 2)), 2);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->phase, P_SUPPORT);
    to_play(st);
    /* Only the chosen card is played. */
    ok(st, 1, "{\"type\":\"play\",\"card\":%d}", c1);
    decide(st, "doom-grove");
    assert_int_equal(st->player, 0);
    assert_int_equal(st->seat[1].nhand, 4);
    to_play(st);
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(st->player, 2);
    /* Blue Skies needs blue at home and the pile has blue: the support
     * phase must meet the requirement (the text allows taking a card back
     * only for one "he CANNOT MEET WITH THE USE OF HIS SUPPORT AND
     * INDUSTRY PHASES"). */
    assert_int_equal(act(st, 2, "{\"type\":\"support\",\"colour\":\"green\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 2, "{\"type\":\"skip\"}"), WB_EILLEGAL);
    json_t *acts = K->actions(st, 2);
    assert_int_equal(json_array_size(acts), 1); /* blue, nothing else */
    assert_string_equal(json_string_value(json_object_get(json_array_get(acts, 0), "colour")),
                        "blue");
    json_decref(acts);
    /* With no blue left in the pile seat 2 cannot meet it even with its
     * support phase... */
    st->start_support[WW_BLUE] -= st->supply[WW_BLUE];
    st->supply[WW_BLUE] = 0;
    ok(st, 2, "{\"type\":\"support\",\"colour\":\"green\"}");
    ok(st, 2, "{\"type\":\"skip\"}");
    char body[64];
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c2);
    assert_int_equal(act(st, 2, body), WB_EILLEGAL);
    ok(st, 2, "{\"type\":\"discard\",\"card\":%d}", c2);
    assert_int_equal(st->phase, P_CHOOSE);
    assert_int_equal(st->cycle, 2);
    K->destroy(st);
}

static void test_cycles_take_back(void **state)
{
    (void)state;
    ww_state *st = make(2, "{\"speed\":true}", 26);
    static const char *const h[] = {"doom-grove", "woobania"};
    char body[64];
    calm(st);
    homes(st, h);
    int c0 = give(st, 0, "Blue Skies"); /* unplayable: no blue */
    int c1 = give(st, 1, "Sunny Disposition"); /* unplayable too */
    /* ...even with the support phases: no blue or yellow in the pile. */
    for (int k = WW_YELLOW; k <= WW_BLUE; k += WW_BLUE - WW_YELLOW) {
        st->start_support[k] -= st->supply[k];
        st->supply[k] = 0;
    }
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    assert_int_equal(st->player, 1); /* 300 before 500 */
    to_play(st);
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c1);
    assert_int_equal(act(st, 1, body), WB_EILLEGAL);
    /* Play it for no effect: discard, draw, end the turn. */
    ok(st, 1, "{\"type\":\"discard\",\"card\":%d}", c1);
    assert_int_equal(st->player, 0);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 0);
    to_play(st);
    /* Or take it back and play another card (not that one). */
    ok(st, 0, "{\"type\":\"take_back\"}");
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(act(st, 0, body), WB_EILLEGAL);
    int other = give(st, 0, "Heat Wave");
    assert_true(other != c0);
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", other);
    assert_int_equal(st->phase, P_CHOOSE); /* a new cycle */
    assert_int_equal(st->cycle, 2);
    K->destroy(st);
}

/* The speed variant's take-back is for a requirement the player cannot
 * meet even with the support phase: with the colour in the pile, the
 * support phase places it (a new home too), and the card is then played,
 * not taken back; with an environment that frees colours nothing is
 * required. */
static void test_cycles_must_meet(void **state)
{
    (void)state;
    ww_state *st = make(2, "{\"speed\":true}", 39);
    static const char *const h[] = {"doom-grove", "woobania"};
    calm(st);
    homes(st, h);
    int c0 = give(st, 0, "Green Thumb"); /* 400 */
    int c1 = give(st, 1, "Sunny Disposition"); /* 300 */
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    assert_int_equal(st->player, 1);
    /* Seat 1's home is empty: the new home takes yellow. */
    put(st, "woobania", WW_RED, 0);
    st->must_rehome = 1;
    round_trip(st);
    assert_int_equal(act(st, 1, "{\"type\":\"new_home\",\"area\":\"snugglebury\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"new_home\",\"area\":\"snugglebury\",\"colour\":\"yellow\"}");
    ok(st, 1, "{\"type\":\"skip\"}");
    assert_int_equal(act(st, 1, "{\"type\":\"take_back\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"play\",\"card\":%d}", c1);
    assert_int_equal(sup(st, "snugglebury", WW_YELLOW), 3);
    /* Seat 0: no Anarch move instead of the green. */
    assert_int_equal(st->player, 0);
    put(st, "sea-of-despair", WW_ANARCH, 1);
    assert_int_equal(act(st, 0, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
                                "\"to\":\"doom-grove\"}"), WB_EILLEGAL);
    /* Open Borders on the table: nothing is required, any choice goes. */
    to_table(st, "Open Borders", 1);
    round_trip(st);
    ok(st, 0, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
              "\"to\":\"doom-grove\"}");
    ok(st, 0, "{\"type\":\"skip\"}");
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 2);
    assert_int_equal(st->phase, P_CHOOSE);
    K->destroy(st);
}

/* No card in hand can be played: one is discarded for no effect. */
static void test_no_playable_card(void **state)
{
    (void)state;
    ww_state *st = table4(27);
    to_play(st);
    const char *const blues[] = {"Blue Skies", "Sea Shanty", "Deep Blue", "Undertow"};
    for (int i = 0; i < 4; i++) {
        int c = give(st, 0, blues[i]);
        /* rotate so the next give does not replace it */
        int16_t t = st->seat[0].hand[0];
        memmove(&st->seat[0].hand[0], &st->seat[0].hand[1], 3 * sizeof t);
        st->seat[0].hand[3] = t;
        (void)c;
    }
    round_trip(st);
    json_t *acts = K->actions(st, 0);
    assert_int_equal(json_array_size(acts), 4);
    assert_string_equal(json_string_value(json_object_get(json_array_get(acts, 0), "type")),
                        "discard");
    json_decref(acts);
    ok(st, 0, "{\"type\":\"discard\",\"card\":%d}", st->seat[0].hand[2]);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 4);
    K->destroy(st);
}

/* A disputed card leaves the game and its player draws another. */
static void test_dispute(void **state)
{
    (void)state;
    ww_state *st = table4(28);
    to_play(st);
    int c = give(st, 0, "Quicksand");
    assert_int_equal(act(st, 0, "{\"type\":\"dispute\",\"card\":0}"), WB_ENOTTURN);
    ok(st, GAME_SEAT_HOST, "{\"type\":\"dispute\",\"card\":%d}", c);
    assert_int_equal(st->nremoved, 1);
    assert_int_equal(st->removed[0], c);
    assert_int_equal(st->seat[0].nhand, 4);
    assert_int_equal(st->phase, P_PLAY);
    assert_non_null(event("card_disputed"));
    K->destroy(st);
}

/* Counters: count, then gain that many. */
static void test_counter(void **state)
{
    (void)state;
    ww_state *st = table4(29);
    to_play(st);
    put(st, "doom-grove", WW_YELLOW, 1);
    put_ind(st, "doom-grove", WW_RED, 1);
    put_ind(st, "cheeseport", WW_GREEN, 2);
    put_ind(st, "muckmire", WW_BLUE, 1); /* not near */
    play(st, give(st, 0, "Lemonade Stand"));
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 4);
    K->destroy(st);
}

/* A card that beats the rules: "play another card"; and drawing extra. */
static void test_extra_and_draw(void **state)
{
    (void)state;
    ww_state *st = table4(31);
    to_play(st);
    int a = give(st, 0, "Emergency Session");
    /* keep the first card when giving the second */
    int16_t t = st->seat[0].hand[0];
    st->seat[0].hand[0] = st->seat[0].hand[1];
    st->seat[0].hand[1] = t;
    int b = give(st, 0, "Insider Tip");
    round_trip(st);
    play(st, a);
    assert_int_equal(st->phase, P_PLAY); /* the same player, another card */
    assert_int_equal(st->player, 0);
    assert_non_null(event("extra_play"));
    play(st, b);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 5); /* 4 - 2 played + 2 drawn + 1 */
    K->destroy(st);
}

/* The top card of the draw pile becomes an action card (one that goes to
 * a hand when drawn: no volcano, no environment). */
static void action_on_top(ww_state *st)
{
    for (int i = st->ndraw - 1; i >= 0; i--) {
        int t = st->deck->c[st->draw[i]].type;
        if (t != WW_VOLCANO && t != WW_ENVIRONMENT) {
            int16_t c = st->draw[i];
            st->draw[i] = st->draw[st->ndraw - 1];
            st->draw[st->ndraw - 1] = c;
            return;
        }
    }
    fail_msg("no action card left in the draw pile");
}

static int has_event(const json_t *evs, const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(evs, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return 1;
    return 0;
}

/* The hand limit: a hand holds at most WW_MAX_HAND cards.  A card drawn
 * into a hand one short of it is kept (the hand is then full); a card drawn
 * into a full hand goes straight to the discard pile. */
static void test_hand_limit(void **state)
{
    (void)state;
    ww_state *st = table4(31);
    ww_seat *p = &st->seat[0];
    while (p->nhand < WW_MAX_HAND - 1) {
        action_on_top(st);
        p->hand[p->nhand++] = st->draw[--st->ndraw];
    }
    int discards = st->ndiscard;
    json_t *evs = json_array();
    action_on_top(st);
    assert_int_equal(ww_draw(st, 0, evs), 0);
    assert_int_equal(p->nhand, WW_MAX_HAND); /* one short: kept */
    assert_true(has_event(evs, "drew"));
    assert_false(has_event(evs, "hand_full"));
    assert_int_equal(st->ndiscard, discards);
    json_decref(evs);
    evs = json_array();
    action_on_top(st);
    int16_t top = st->draw[st->ndraw - 1];
    assert_int_equal(ww_draw(st, 0, evs), 0);
    assert_int_equal(p->nhand, WW_MAX_HAND); /* full: discarded */
    assert_true(has_event(evs, "hand_full"));
    assert_int_equal(st->ndiscard, discards + 1);
    assert_int_equal(st->discard[st->ndiscard - 1], top);
    json_decref(evs);
    round_trip(st);
    K->destroy(st);
}

/* The seat's hand becomes exactly the cards named (taken from the draw or
 * discard pile); its old cards go to the bottom of the draw pile. */
static void hand_of(ww_state *st, int seat, const char *const *names, int n)
{
    ww_seat *p = &st->seat[seat];
    memmove(&st->draw[p->nhand], &st->draw[0], (size_t)st->ndraw * sizeof st->draw[0]);
    memcpy(&st->draw[0], p->hand, (size_t)p->nhand * sizeof p->hand[0]);
    st->ndraw += p->nhand;
    p->nhand = 0;
    for (int i = 0; i < n; i++)
        p->hand[p->nhand++] = take_card(st, names[i], 0);
    round_trip(st);
}

/* "Play another card this turn" with no card that can be played: there
 * is no other card, the turn goes on to the draw and nothing is discarded;
 * a player with no card at all skips the play phase.  (Without this a
 * hand emptied by extra plays left nobody able to act.) */
static void test_extra_without_card(void **state)
{
    (void)state;
    ww_state *st = table4(34);
    static const char *const es_blue[] = {"Emergency Session", "Blue Skies"};
    to_play(st);
    hand_of(st, 0, es_blue, 2); /* Blue Skies: no blue at home */
    play(st, card_named(st, "Emergency Session"));
    assert_non_null(event("extra_play"));
    assert_non_null(event("extra_play_void"));
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 2); /* Blue Skies kept, one drawn */
    assert_true(in_hand_named(st, 0, "Blue Skies"));
    /* No card at all: the support and industry phases, then the draw. */
    hand_of(st, 1, NULL, 0);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"blue\"}");
    ok(st, 1, "{\"type\":\"skip\"}");
    assert_non_null(event("no_card"));
    assert_int_equal(st->player, 2);
    assert_int_equal(st->seat[1].nhand, 1);
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    /* The extra card the last in hand: the hand is empty, the turn ends. */
    static const char *const es[] = {"Emergency Session"};
    to_play(st);
    hand_of(st, 2, es, 1); /* back from the discard pile */
    play(st, card_named(st, "Emergency Session"));
    assert_non_null(event("extra_play_void"));
    assert_int_equal(st->player, 3);
    assert_int_equal(st->seat[2].nhand, 1);
    K->destroy(st);
}

/* Industries never move again, except by cards. */
static void test_move_industry(void **state)
{
    (void)state;
    ww_state *st = table4(32);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Factory Relocation"));
    assert_int_equal(st->run.ask, ASK_AREA); /* the industry was the only one */
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"muckmire\"}"), WB_EILLEGAL);
    decide(st, "snugglebury");
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_RED], 1);
    K->destroy(st);
}

/* A custom card reading the chosen colour C in a second industry choice
 * ("chooseind Y C", which the deck reader accepts) is offered the
 * industries of that colour; it used to be offered none and did nothing. */
static void test_choose_industry_of_colour_c(void **state)
{
    (void)state;
    char opts[2048] = "{\"deck\":[\"action | 10 | Pair | t | chooseind X red ; chooseind Y C ; "
                      "removeind Y C 1 | \"";
    for (int i = 0; i < 10; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 ",\"action | %d | Fill %d | t | gain me 1R | \"", 20 + i, i);
    for (int i = 0; i < 4; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 ",\"volcano | - | V | boom | - | \"%s", i < 3 ? "" : "]}");
    ww_state *st = make(2, opts, 35);
    static const char *const h[] = {"doom-grove", "woobania"};
    homes(st, h);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    put_ind(st, "cheeseport", WW_RED, 1);
    put_ind(st, "muckmire", WW_YELLOW, 1);
    play(st, give(st, 0, "Pair"));
    decide(st, "woobania:red");
    assert_int_equal(st->run.ask, ASK_INDUSTRY);
    json_t *v = K->view(st, 0);
    json_t *choices = json_object_get(json_object_get(v, "pending"), "choices");
    assert_int_equal(json_array_size(choices), 2); /* the red ones, not the yellow */
    assert_string_equal(json_string_value(json_array_get(choices, 0)), "woobania:red");
    assert_string_equal(json_string_value(json_array_get(choices, 1)), "cheeseport:red");
    json_decref(v);
    decide(st, "cheeseport:red");
    assert_int_equal(st->industries[A(st, "cheeseport")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 1);
    assert_int_equal(st->industries[A(st, "muckmire")][WW_YELLOW], 1);
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

/* Equal card numbers in a cycle (a custom deck): seat order. */
static void test_cycle_ties(void **state)
{
    (void)state;
    char opts[4096] = "{\"speed\":true,\"deck\":[";
    for (int i = 0; i < 16; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 "\"action | %d | Card %d | t | gain me 1R | \",", i < 14 ? 5 : 3, i);
    for (int i = 0; i < 4; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 "\"volcano | - | V | boom | - | \"%s", i < 3 ? "," : "]}");
    ww_state *st = make(3, opts, 33);
    static const char *const h[] = {"doom-grove", "woobania", "cheeseport"};
    homes(st, h);
    int low = give(st, 2, "Card 14"); /* number 3 */
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", st->seat[0].hand[0]);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", st->seat[1].hand[0]);
    ok(st, 2, "{\"type\":\"choose_card\",\"card\":%d}", low);
    assert_int_equal(st->order[0], 2);
    assert_int_equal(st->order[1], 0); /* 5 and 5: seat order */
    assert_int_equal(st->order[2], 1);
    K->destroy(st);
}

/* The pending decision's choices, as one string "a b c". */
static void choices_are(ww_state *st, const char *want)
{
    json_t *v = K->view(st, GAME_SEAT_HOST), *c;
    char got[512] = "";
    size_t i;
    json_array_foreach(json_object_get(json_object_get(v, "pending"), "choices"), i, c)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "",
                 json_string_value(c));
    json_decref(v);
    assert_string_equal(got, want);
}

/* Cards read against their printed sentences, one mechanism each not
 * stated elsewhere (homes: Doom Grove 0, Woobania 1, Cheeseport 2,
 * Muckmire 3, one red each). */
static void test_cards_as_printed(void **state)
{
    (void)state;
    ww_state *st;
    /* Sabotage: "Choose an industry. It is removed. Every neighbouring
     * home loses -1 of its colour." */
    st = table4(41);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Sabotage"));
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(sup(st, "woobania", WW_RED), 0);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 0);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1); /* does not border Woobania */
    K->destroy(st);
    /* Firestorm: only the red industries neighbouring; -1R per red one. */
    st = table4(42);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_BLUE, 2);
    play(st, give(st, 0, "Firestorm"));
    decide(st, "doom-grove");
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 1);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 1); /* two red removed */
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 2);
    assert_int_equal(sup(st, "woobania", WW_RED), 0);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 0);
    assert_int_equal(sup(st, "muckmire", WW_RED), 1);
    K->destroy(st);
    /* Census: two volcanoes on the table, +2A each from the player
     * clockwise; three Anarchs in the pile: 2, 1, then dry. */
    st = table4(43);
    to_play(st);
    for (int k = 0; k < 2; k++) {
        on_top(st, "Mount Saint Woobie", 0);
        st->volcano[st->nvolcano++] = st->draw[--st->ndraw];
    }
    st->start_support[WW_ANARCH] -= st->supply[WW_ANARCH] - 3;
    st->supply[WW_ANARCH] = 3;
    play(st, give(st, 0, "Census"));
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 2);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 1);
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 0);
    K->destroy(st);
    /* Envy: "loses -1G, then -1 support; its owner chooses which". */
    st = table4(44);
    to_play(st);
    put(st, "doom-grove", WW_GREEN, 1);
    put(st, "woobania", WW_GREEN, 2);
    put(st, "woobania", WW_YELLOW, 1);
    play(st, give(st, 0, "Envy"));
    decide(st, "woobania");
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(st->run.ask, ASK_LOSE);
    assert_int_equal(st->run.ask_seat, 1);
    decide(st, "yellow");
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 0);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    K->destroy(st);
    /* Banana Split, second side: "Every home neighbouring yours" (yours
     * too). */
    st = table4(45);
    to_play(st);
    put(st, "doom-grove", WW_YELLOW, 1);
    play(st, give(st, 0, "Banana Split"));
    decide(st, "second");
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 2);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 1);
    assert_int_equal(sup(st, "cheeseport", WW_YELLOW), 1);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 0);
    K->destroy(st);
    /* Lush Valley: "a land area that is not coastal". */
    st = table4(46);
    to_play(st);
    put(st, "doom-grove", WW_GREEN, 1);
    play(st, give(st, 0, "Lush Valley"));
    choices_are(st, "woobania mount-saint-woobie sulfer-springs grumble-hills");
    decide(st, "sulfer-springs");
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 2);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "cheeseport", WW_GREEN), 0);
    K->destroy(st);
    /* Shipwreck: "a blue industry in a coastal area" (Woobania's is
     * inland, so Cheeseport's, chosen at once). */
    st = table4(47);
    to_play(st);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "cheeseport", WW_BLUE, 1);
    put(st, "doom-grove", WW_BLUE, 2);
    put(st, "cheeseport", WW_BLUE, 1);
    play(st, give(st, 0, "Shipwreck"));
    assert_int_equal(st->industries[A(st, "cheeseport")][WW_BLUE], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 1);
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 1);
    assert_int_equal(sup(st, "cheeseport", WW_BLUE), 0);
    K->destroy(st);
    /* Rabble Rousers: +1A for me, +2A for every other home. */
    st = table4(48);
    to_play(st);
    play(st, give(st, 0, "Rabble Rousers"));
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 1);
    for (int i = 1; i < 4; i++)
        assert_int_equal(sup(st, four[i], WW_ANARCH), 2);
    K->destroy(st);
    /* Big Top: "a land area that is nobody's home. It gains +2A. Place an
     * industry of your choice there." */
    st = table4(49);
    to_play(st);
    play(st, give(st, 0, "Big Top"));
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"woobania\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"soggy-sound\"}"),
                     WB_EILLEGAL);
    decide(st, "snugglebury");
    decide(st, "green");
    assert_int_equal(sup(st, "snugglebury", WW_ANARCH), 2);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    K->destroy(st);
}

/* Every card of the default deck plays: from a board with something
 * everywhere, each ACTION and COLOUR ACTION is played by seat 0 and its
 * decisions answered (an area where something is, else the first choice)
 * until the card is done, and the card changed the board, the table or a
 * hand: no effect is silently dropped. */
static void test_every_card(void **state)
{
    (void)state;
    ww_state *probe = make(4, "{}", 1);
    int ncards = probe->deck->n;
    K->destroy(probe);
    for (int id = 0; id < ncards; id++) {
        ww_state *st = table4(40 + (uint64_t)id);
        const ww_card *c = &st->deck->c[id];
        if (c->type != WW_ACTION && c->type != WW_COLOUR_ACTION) {
            K->destroy(st);
            continue;
        }
        to_play(st);
        for (int k = 0; k < WW_COLOURS; k++)
            put(st, "doom-grove", k, 2);
        put(st, "doom-grove", WW_ANARCH, 2);
        put(st, "woobania", WW_YELLOW, 3);
        put(st, "sea-of-despair", WW_ANARCH, 2);
        put_ind(st, "woobania", WW_RED, 1);
        put_ind(st, "cheeseport", WW_BLUE, 1);
        put_ind(st, "sea-of-despair", WW_YELLOW, 1);
        put_ind(st, "lollipop-peaks", WW_GREEN, 1);
        put_ind(st, "bambooton", WW_GREEN, 1);
        to_table(st, "Baby Boom", 1);
        int card = give(st, 0, c->name);
        assert_int_equal(card, id);
        round_trip(st);
        static int before[WW_MAX_AREAS][WW_KINDS], ind[WW_MAX_AREAS][WW_COLOURS];
        int nenv = st->nenv, nhand = st->seat[0].nhand;
        memcpy(before, st->support, sizeof before);
        memcpy(ind, st->industries, sizeof ind);
        play(st, card);
        for (int guard = 0; st->phase == P_EFFECT; guard++) {
            json_t *v = K->view(st, GAME_SEAT_HOST);
            json_t *choices = json_object_get(json_object_get(v, "pending"), "choices");
            if (guard > 60 || !json_array_size(choices))
                fail_msg("%s: stuck in a decision", c->name);
            /* Areas where something is: Doom Grove first, then the sea. */
            static const char *const prefer[] = {"doom-grove", "sea-of-despair", "woobania",
                                                 "mount-saint-woobie"};
            const char *pick = json_string_value(json_array_get(choices, 0));
            for (int k = 3; k >= 0; k--)
                for (size_t i = 0; i < json_array_size(choices); i++)
                    if (!strcmp(json_string_value(json_array_get(choices, i)), prefer[k]))
                        pick = prefer[k];
            decide(st, pick);
            json_decref(v);
        }
        assert_true(st->phase == P_SUPPORT || st->phase == P_PLAY || st->phase == P_OVER);
        /* It did something: no effect is silently dropped (Census counts
         * the volcanoes on the table, none here). */
        int changed = memcmp(before, st->support, sizeof before) ||
                      memcmp(ind, st->industries, sizeof ind) || st->nenv != nenv ||
                      st->seat[0].nhand != nhand || st->phase == P_PLAY;
        if (!changed && strcmp(c->name, "Census") != 0)
            fail_msg("%s: played on a full board and changed nothing", c->name);
        K->destroy(st);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_cycles, teardown),
        cmocka_unit_test_teardown(test_cycles_take_back, teardown),
        cmocka_unit_test_teardown(test_cycles_must_meet, teardown),
        cmocka_unit_test_teardown(test_no_playable_card, teardown),
        cmocka_unit_test_teardown(test_dispute, teardown),
        cmocka_unit_test_teardown(test_counter, teardown),
        cmocka_unit_test_teardown(test_extra_and_draw, teardown),
        cmocka_unit_test_teardown(test_extra_without_card, teardown),
        cmocka_unit_test_teardown(test_move_industry, teardown),
        cmocka_unit_test_teardown(test_cycle_ties, teardown),
        cmocka_unit_test_teardown(test_choose_industry_of_colour_c, teardown),
        cmocka_unit_test_teardown(test_cards_as_printed, teardown),
        cmocka_unit_test_teardown(test_every_card, teardown),
        cmocka_unit_test_teardown(test_hand_limit, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
