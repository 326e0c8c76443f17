/*
 * woodlouse.c - Woodlouse Chaos: how a turn is played, what each seat sees
 * and what it may do; the game kind the registry lists.
 *
 * A turn: the trainer draws (the card is private to them), performs the
 * code one signal at a time (public), then declares it complete; the
 * guessing is then open to every other seat until a right guess, or until
 * every guesser has passed or is out (or the host closes it, or the
 * guess_ms window ends).  A code that can no longer be right (a signal too
 * many, or complete too early) is the trainer's mistake and ends the turn
 * at once.  The box and the set-up are in woodlouse_box.c, save and load
 * in woodlouse_save.c.
 *
 * Every action is applied to a copy of the state and its events gathered
 * apart; only a step that succeeds replaces the state and hands its
 * events over, so a refused action changes nothing.
 */
#include "woodlouse.h"

#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "woodlouse_int.h"

/* --- reading the state ---------------------------------------------------- */

static int count_signals(const wl_state *s, char which)
{
    int n = 0;
    for (int i = 0; i < s->nsignals; i++)
        n += s->signals[i] == which;
    return n;
}

/* The species' position and the card's count: the code to perform. */
static int code_bangs(const wl_state *s) { return wl_position(s, WL_SPECIES(s->card)); }
static int code_claps(const wl_state *s) { return WL_COUNT(s->card); }

/* `seat` may shout a guess now. */
static int can_guess(const wl_state *s, int seat)
{
    return s->phase == WL_GUESS && seat >= 0 && seat < s->nseats && seat != s->trainer &&
           !s->seat[seat].passed && (s->score[seat].n > 0 || !s->seat[seat].free_used);
}

static json_t *signals_json(const wl_state *s)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; a && i < s->nsignals; i++)
        rc |= json_array_append_new(a, json_string(s->signals[i] == 'b' ? "bang" : "clap"));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *sequence_json(const wl_state *s)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; a && i < s->nseq; i++)
        rc |= json_array_append_new(a, json_string(s->species[s->seq[i]]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *to_act_json(const wl_state *s)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; a && i < s->nseats; i++)
        if (((s->phase == WL_DRAW || s->phase == WL_CODE) && i == s->trainer) ||
            can_guess(s, i))
            rc |= json_array_append_new(a, json_integer(i));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* The final count: cards, then the sum of their values; every seat level
 * with the best on both wins. */
static void final_count(const wl_state *s, int cards[], int values[], int winner[])
{
    int best = -1;
    for (int i = 0; i < s->nseats; i++) {
        cards[i] = s->score[i].n;
        values[i] = 0;
        for (int k = 0; k < s->score[i].n; k++)
            values[i] += WL_COUNT(s->score[i].c[k]);
        if (best < 0 || cards[i] > cards[best] ||
            (cards[i] == cards[best] && values[i] > values[best]))
            best = i;
    }
    for (int i = 0; i < s->nseats; i++)
        winner[i] = cards[i] == cards[best] && values[i] == values[best];
}

/* Adds "winners", "scores" (cards) and "values" (their sum) to `o`. */
static int put_result(const wl_state *s, json_t *o)
{
    int cards[WL_MAX_SEATS], values[WL_MAX_SEATS], win[WL_MAX_SEATS];
    json_t *w = json_array(), *sc = json_array(), *va = json_array();
    int rc = !w || !sc || !va;
    final_count(s, cards, values, win);
    for (int i = 0; !rc && i < s->nseats; i++) {
        if (win[i])
            rc |= json_array_append_new(w, json_integer(i));
        rc |= json_array_append_new(sc, json_integer(cards[i]));
        rc |= json_array_append_new(va, json_integer(values[i]));
    }
    rc |= json_object_set_new(o, "winners", w);
    rc |= json_object_set_new(o, "scores", sc);
    rc |= json_object_set_new(o, "values", va);
    return rc;
}

/* --- views ---------------------------------------------------------------- */

static json_t *last_turn_json(const wl_state *s)
{
    if (s->last_outcome == WL_NONE)
        return json_null();
    json_t *o = json_pack("{s:i, s:i, s:s, s:o}", "turn", s->last_turn, "trainer",
                          s->last_trainer, "outcome", wl_outcome_names[s->last_outcome],
                          "card", wl_card_json(s, s->last_card));
    if (o && s->last_outcome == WL_GUESSED &&
        json_object_set_new(o, "winner", json_integer(s->last_winner))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *seats_json(const wl_state *s)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; a && i < s->nseats; i++)
        rc |= json_array_append_new(
            a, json_pack("{s:i, s:i, s:i, s:b, s:b, s:b}", "seat", i, "score_pile",
                         s->score[i].n, "wrong_guesses", s->seat[i].wrong, "passed",
                         s->seat[i].passed, "free_guess_used", s->seat[i].free_used,
                         "can_guess", can_guess(s, i)));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* What only the host sees: the face-down piles.  The draw pile is shown
 * as a tally, never in order, even to the host. */
static int put_host(const wl_state *s, json_t *o)
{
    json_t *piles = json_array();
    int rc = !piles;
    for (int i = 0; piles && i < s->nseats; i++) {
        json_t *p = json_array();
        rc |= !p;
        for (int k = 0; p && k < s->score[i].n; k++)
            rc |= json_array_append_new(p, wl_card_json(s, s->score[i].c[k]));
        rc |= json_array_append_new(piles, p);
    }
    rc |= json_object_set_new(o, "score_piles", piles);
    rc |= json_object_set_new(o, "draw_cards", wl_pile_tally(s, &s->draw));
    rc |= json_object_set_new(o, "out_of_game", wl_pile_tally(s, &s->out));
    return rc;
}

static json_t *wl_view(const void *state, int seat)
{
    const wl_state *s = state;
    json_t *o = json_object(), *species = json_array();
    int rc = !o || !species;
    if (rc) {
        json_decref(o);
        json_decref(species);
        return NULL;
    }
    for (int sp = 0; sp < s->nspecies; sp++)
        if (wl_position(s, sp))
            rc |= json_array_append_new(species, json_string(s->species[sp]));
    rc |= json_object_set_new(o, "status",
                              json_string(s->phase == WL_OVER ? "finished" : "active"));
    rc |= json_object_set_new(o, "to_act", to_act_json(s));
    rc |= json_object_set_new(o, "variant", json_string(s->variant));
    rc |= json_object_set_new(o, "reshuffle", json_boolean(s->reshuffle));
    rc |= json_object_set_new(o, "species", species);
    rc |= json_object_set_new(o, "sequence", sequence_json(s));
    rc |= json_object_set_new(o, "phase", json_string(wl_phase_names[s->phase]));
    rc |= json_object_set_new(o, "turn", json_integer(s->turn));
    rc |= json_object_set_new(o, "round", json_integer(s->round));
    rc |= json_object_set_new(o, "trainer", json_integer(s->trainer));
    rc |= json_object_set_new(o, "signals", signals_json(s));
    rc |= json_object_set_new(o, "draw_pile", json_integer(s->draw.n));
    rc |= json_object_set_new(o, "seats", seats_json(s));
    rc |= json_object_set_new(o, "last_turn", last_turn_json(s));
    if (s->phase == WL_GUESS && s->deadline >= 0)
        rc |= json_object_set_new(o, "guess_deadline", json_integer((json_int_t)s->deadline));
    /* The card is the trainer's secret until the turn ends. */
    if ((s->phase == WL_CODE || s->phase == WL_GUESS) &&
        (seat == s->trainer || seat == GAME_SEAT_HOST))
        rc |= json_object_set_new(o, "card", wl_card_json(s, s->card));
    if (s->phase == WL_OVER)
        rc |= put_result(s, o);
    if (seat == GAME_SEAT_HOST)
        rc |= put_host(s, o);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- actions -------------------------------------------------------------- */

static int add_type(json_t *a, const char *type)
{
    return json_array_append_new(a, json_pack("{s:s}", "type", type));
}

static json_t *wl_actions(const void *state, int seat)
{
    const wl_state *s = state;
    json_t *a = json_array();
    int rc = !a;
    if (!a || s->phase == WL_OVER)
        return a;
    if (seat == GAME_SEAT_HOST && s->phase == WL_GUESS) {
        rc |= add_type(a, "close");
    } else if (seat == s->trainer && s->phase == WL_DRAW) {
        rc |= add_type(a, "draw");
    } else if (seat == s->trainer && s->phase == WL_CODE) {
        /* The rules: the trainer "must always communicate the code
         * correctly".  So the legal signals are those that keep it right;
         * any other is accepted too, as the mistake the rules punish. */
        int bangs = count_signals(s, 'b'), claps = count_signals(s, 'c');
        if (bangs < code_bangs(s))
            rc |= add_type(a, "bang");
        if (claps < code_claps(s))
            rc |= add_type(a, "clap");
        if (bangs == code_bangs(s) && claps == code_claps(s))
            rc |= add_type(a, "done");
    } else if (can_guess(s, seat)) {
        for (int sp = 0; sp < s->nspecies; sp++)
            for (int c = 1; wl_position(s, sp) && c <= WL_VALUES; c++)
                rc |= json_array_append_new(a, json_pack("{s:s, s:s, s:i}", "type", "guess",
                                                         "species", s->species[sp],
                                                         "count", c));
        rc |= add_type(a, "pass");
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* --- the end of a turn ---------------------------------------------------- */

/* Settle the turn: the card goes where `outcome` says, it is shown to all,
 * the trainer role moves clockwise, the sequence is reshuffled after a
 * round, and the game ends when the draw pile is empty. */
static int end_turn(wl_state *t, json_t *ev, wl_outcome outcome, int winner)
{
    int tr = t->trainer, returned = 0, rc = 0;
    json_t *e = json_pack("{s:s, s:i, s:i, s:s, s:o, s:o}", "type", "turn_end", "turn",
                          t->turn, "trainer", tr, "outcome", wl_outcome_names[outcome],
                          "card", wl_card_json(t, t->card), "signals", signals_json(t));
    if (outcome == WL_GUESSED) {
        wl_push(&t->score[winner], t->card);
    } else if (outcome == WL_KEPT) {
        wl_push(&t->score[tr], t->card);
    } else {
        /* The card, and under it one card of the trainer's score pile (if
         * any), go to the bottom of the draw pile. */
        wl_push_bottom(&t->draw, t->card);
        returned++;
        if (t->score[tr].n > 0) {
            wl_push_bottom(&t->draw, wl_pop(&t->score[tr]));
            returned++;
        }
    }
    rc |= !e;
    if (e && outcome == WL_GUESSED)
        rc |= json_object_set_new(e, "winner", json_integer(winner));
    if (e && outcome == WL_MISTAKE)
        rc |= json_object_set_new(e, "returned", json_integer(returned));
    t->last_outcome = outcome;
    t->last_turn = t->turn;
    t->last_trainer = tr;
    t->last_winner = outcome == WL_GUESSED ? winner : -1;
    t->last_card = t->card;
    t->card = 0;
    t->nsignals = 0;
    t->deadline = -1;
    memset(t->seat, 0, sizeof t->seat);
    t->round_turns++;
    if (t->draw.n == 0) {
        t->phase = WL_OVER;
        if (e)
            rc |= json_object_set_new(e, "draw_pile", json_integer(0));
        rc |= json_array_append_new(ev, e);
        json_t *over = json_pack("{s:s}", "type", "game_over");
        rc |= !over || put_result(t, over);
        rc |= json_array_append_new(ev, over);
        return rc;
    }
    t->phase = WL_DRAW;
    t->trainer = (tr + 1) % t->nseats;
    t->turn++;
    if (e) {
        rc |= json_object_set_new(e, "draw_pile", json_integer(t->draw.n));
        rc |= json_object_set_new(e, "next_trainer", json_integer(t->trainer));
    }
    rc |= json_array_append_new(ev, e);
    if (t->round_turns == t->nseats) {
        t->round++;
        t->round_turns = 0;
        if (t->reshuffle)
            rng_shuffle(&t->r, t->seq, (size_t)t->nseq, sizeof t->seq[0]);
        rc |= json_array_append_new(
            ev, json_pack("{s:s, s:i, s:b, s:o}", "type", "round", "round", t->round,
                          "reshuffled", t->reshuffle, "sequence", sequence_json(t)));
    }
    return rc;
}

/* After a wrong guess or a pass: with nobody left to guess, the trainer
 * keeps the card. */
static int maybe_kept(wl_state *t, json_t *ev)
{
    for (int i = 0; i < t->nseats; i++)
        if (can_guess(t, i))
            return 0;
    return end_turn(t, ev, WL_KEPT, -1);
}

/* --- the steps of a turn -------------------------------------------------- */

/* A step works on a copy of the state and gathers its events; it returns
 * WB_OK, WB_EINVAL / WB_EILLEGAL with *why, or WB_ENOMEM. */
typedef int (*wl_step_fn)(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                          json_t *ev, char **why);

static int step_draw(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                     json_t *ev, char **why)
{
    (void)ctx, (void)a, (void)why;
    int rc = 0;
    t->card = wl_pop(&t->draw);
    t->phase = WL_CODE;
    t->nsignals = 0;
    rc |= json_array_append_new(ev, json_pack("{s:s, s:i, s:i, s:i}", "type", "draw",
                                              "trainer", seat, "turn", t->turn,
                                              "draw_pile", t->draw.n));
    /* Flat members: the card is never an object another view could hold. */
    rc |= json_array_append_new(ev, json_pack("{s:s, s:i, s:s, s:i, s:[i]}", "type", "card",
                                              "trainer", seat, "species",
                                              t->species[WL_SPECIES(t->card)], "count",
                                              WL_COUNT(t->card), "private_to", seat));
    return rc ? WB_ENOMEM : WB_OK;
}

static int step_signal(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                       json_t *ev, char **why)
{
    (void)ctx;
    const char *type = json_string_value(json_object_get(a, "type"));
    int rc = 0;
    if (t->nsignals >= WL_MAX_SIGNALS) { /* cannot be: a wrong code ends the turn */
        *why = game_why("the code is too long");
        return WB_EILLEGAL;
    }
    t->signals[t->nsignals++] = type[0];
    rc |= json_array_append_new(ev, json_pack("{s:s, s:i, s:i}", "type", type, "trainer",
                                              seat, "signals", t->nsignals));
    /* A signal too many: the code cannot be right any more. */
    if (count_signals(t, 'b') > code_bangs(t) || count_signals(t, 'c') > code_claps(t))
        rc |= end_turn(t, ev, WL_MISTAKE, -1);
    return rc ? WB_ENOMEM : WB_OK;
}

static int step_done(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                     json_t *ev, char **why)
{
    (void)a, (void)why;
    int rc = 0;
    if (count_signals(t, 'b') != code_bangs(t) || count_signals(t, 'c') != code_claps(t))
        return end_turn(t, ev, WL_MISTAKE, -1) ? WB_ENOMEM : WB_OK;
    t->phase = WL_GUESS;
    memset(t->seat, 0, sizeof t->seat);
    t->deadline = t->guess_ms ? ctx->now_ms + t->guess_ms : -1;
    json_t *e = json_pack("{s:s, s:i, s:o}", "type", "code_complete", "trainer", seat,
                          "signals", signals_json(t));
    if (e && t->deadline >= 0)
        rc |= json_object_set_new(e, "guess_deadline", json_integer((json_int_t)t->deadline));
    rc |= json_array_append_new(ev, e);
    return rc ? WB_ENOMEM : WB_OK;
}

static int step_guess(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                      json_t *ev, char **why)
{
    json_t *jsp = json_object_get(a, "species"), *jc = json_object_get(a, "count");
    int rc = 0, sp, count, tr = t->trainer;
    if (!json_is_string(jsp) || !json_is_integer(jc)) {
        *why = game_why("a guess is {\"type\":\"guess\",\"species\":NAME,\"count\":1..5}");
        return WB_EINVAL;
    }
    sp = wl_species_find(t, json_string_value(jsp));
    if (sp < 0 || !wl_position(t, sp)) {
        *why = game_why("no %s in this game: the species in play are on the sequence cards",
                        json_string_value(jsp));
        return WB_EILLEGAL;
    }
    if (json_integer_value(jc) < 1 || json_integer_value(jc) > WL_VALUES) {
        *why = game_why("a card shows 1 to %d animals", WL_VALUES);
        return WB_EILLEGAL;
    }
    if (t->deadline >= 0 && ctx->now_ms >= t->deadline) {
        *why = game_why("the time for guesses is up");
        return WB_EILLEGAL;
    }
    count = (int)json_integer_value(jc);
    if (WL_SPECIES(t->card) == sp && WL_COUNT(t->card) == count) {
        rc |= json_array_append_new(ev, json_pack("{s:s, s:i, s:s, s:i, s:b}", "type", "guess",
                                                  "seat", seat, "species", t->species[sp],
                                                  "count", count, "correct", 1));
        rc |= end_turn(t, ev, WL_GUESSED, seat);
        return rc ? WB_ENOMEM : WB_OK;
    }
    /* A wrong guess costs the top card of the guesser's score pile, at
     * once; with an empty pile it is the one free guess of the turn. */
    int paid = t->score[seat].n > 0;
    if (paid)
        wl_push(&t->score[tr], wl_pop(&t->score[seat]));
    else
        t->seat[seat].free_used = 1;
    t->seat[seat].wrong++;
    rc |= json_array_append_new(ev, json_pack("{s:s, s:i, s:s, s:i, s:b, s:b}", "type",
                                              "guess", "seat", seat, "species",
                                              t->species[sp], "count", count, "correct", 0,
                                              "paid", paid));
    rc |= maybe_kept(t, ev);
    return rc ? WB_ENOMEM : WB_OK;
}

static int step_pass(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                     json_t *ev, char **why)
{
    (void)ctx, (void)a, (void)why;
    int rc = 0;
    t->seat[seat].passed = 1;
    rc |= json_array_append_new(ev, json_pack("{s:s, s:i}", "type", "pass", "seat", seat));
    rc |= maybe_kept(t, ev);
    return rc ? WB_ENOMEM : WB_OK;
}

/* The host, or the guess_ms timer, closes the guessing. */
static int step_close(wl_state *t, const game_ctx *ctx, int seat, const json_t *a,
                      json_t *ev, char **why)
{
    (void)ctx, (void)a, (void)why;
    int rc = json_array_append_new(
        ev, json_pack("{s:s, s:s}", "type", "guessing_closed", "by",
                      seat == GAME_SEAT_SYSTEM ? "timer" : "host"));
    rc |= end_turn(t, ev, WL_KEPT, -1);
    return rc ? WB_ENOMEM : WB_OK;
}

typedef enum wl_who { WL_TRAINER, WL_GUESSER, WL_HOST, WL_SYSTEM } wl_who;

/* Every action: its type, who may send it, in which phase, what it does. */
static const struct wl_rule {
    const char *type;
    wl_who who;
    wl_phase phase;
    wl_step_fn step;
} rules[] = {
    {"draw", WL_TRAINER, WL_DRAW, step_draw},
    {"bang", WL_TRAINER, WL_CODE, step_signal},
    {"clap", WL_TRAINER, WL_CODE, step_signal},
    {"done", WL_TRAINER, WL_CODE, step_done},
    {"guess", WL_GUESSER, WL_GUESS, step_guess},
    {"pass", WL_GUESSER, WL_GUESS, step_pass},
    {"close", WL_HOST, WL_GUESS, step_close},
    {"timer", WL_SYSTEM, WL_GUESS, step_close},
};

/* May `seat` send an action of `rule` now?  WB_OK, or the refusal. */
static int may_act(const wl_state *s, const struct wl_rule *rule, int seat,
                   const game_ctx *ctx, char **why)
{
    static const char *const now[] = {
        [WL_DRAW] = "the trainer (seat %d) is to draw a card",
        [WL_CODE] = "the trainer (seat %d) is performing the code",
        [WL_GUESS] = "the code of the trainer (seat %d) is complete: the others guess",
        [WL_OVER] = "the game is over (the last trainer was seat %d)",
    };
    if (s->phase == WL_OVER) {
        *why = game_why(now[WL_OVER], s->last_trainer);
        return WB_ENOTTURN;
    }
    switch (rule->who) {
    case WL_TRAINER:
        if (seat != s->trainer) {
            *why = game_why("only the animal trainer (seat %d) may %s", s->trainer,
                            rule->type);
            return WB_ENOTTURN;
        }
        break;
    case WL_GUESSER:
        if (seat < 0 || seat >= s->nseats || seat == s->trainer) {
            *why = game_why("the trainer's fellow players guess, not %s",
                            seat == s->trainer ? "the trainer" : "this caller");
            return WB_ENOTTURN;
        }
        break;
    case WL_HOST:
        if (seat != GAME_SEAT_HOST) {
            *why = game_why("only the host may close the guessing");
            return WB_ENOTTURN;
        }
        break;
    case WL_SYSTEM:
        if (seat != GAME_SEAT_SYSTEM) {
            *why = game_why("timers come from the daemon itself");
            return WB_ENOTTURN;
        }
        if (s->phase != WL_GUESS || s->deadline < 0 || ctx->now_ms < s->deadline) {
            *why = game_why("no timer is due");
            return WB_EILLEGAL;
        }
        break;
    }
    if (s->phase != rule->phase) {
        *why = game_why(now[s->phase], s->trainer);
        return WB_ENOTTURN;
    }
    if (rule->who == WL_GUESSER && s->seat[seat].passed) {
        *why = game_why("you passed this turn");
        return WB_ENOTTURN;
    }
    if (rule->who == WL_GUESSER && !can_guess(s, seat)) {
        *why = game_why("your score pile is empty: you may guess once per turn of the "
                        "trainer, and you have guessed");
        return WB_EILLEGAL;
    }
    return WB_OK;
}

static int wl_apply(void *state, const game_ctx *ctx, int seat, const json_t *action,
                    json_t *events, char **why)
{
    wl_state *s = state, *t = NULL;
    const char *type = json_string_value(json_object_get(action, "type"));
    const struct wl_rule *rule = NULL;
    json_t *ev = NULL;
    int rc;

    for (size_t i = 0; type && i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(type, rules[i].type) == 0)
            rule = &rules[i];
    if (!rule) {
        *why = type ? game_why("unknown action \"%s\": draw, bang, clap, done, guess, pass "
                               "(the players) or close (the host)", type)
                    : game_why("an action is an object with a string \"type\"");
        return WB_EINVAL;
    }
    if ((rc = may_act(s, rule, seat, ctx, why)))
        return rc;
    t = wb_malloc(sizeof *t);
    memcpy(t, s, sizeof *t);
    ev = json_array();
    rc = ev ? rule->step(t, ctx, seat, action, ev, why) : WB_ENOMEM;
    if (!rc && json_array_extend(events, ev))
        rc = WB_ENOMEM;
    if (!rc)
        memcpy(s, t, sizeof *s);
    free(t);
    json_decref(ev);
    return rc;
}

/* --- the game kind -------------------------------------------------------- */

static int wl_create(const game_ctx *ctx, const char *const *players, size_t nplayers,
                     const json_t *options, uint64_t seed, void **state, char **why)
{
    (void)ctx, (void)players;
    wl_state *s = NULL;
    int rc = wl_setup(nplayers, options, seed, &s, why);
    *state = s;
    return rc;
}

static void wl_destroy(void *state) { free(state); }

static json_t *wl_kind_save(const void *state) { return wl_save(state); }

static int wl_kind_load(const json_t *saved, void **state, char **why)
{
    wl_state *s = NULL;
    int rc = wl_load(saved, &s, why);
    *state = s;
    return rc;
}

static int64_t wl_deadline(const void *state)
{
    const wl_state *s = state;
    return s->phase == WL_GUESS ? s->deadline : -1;
}

const game_kind game_woodlouse = {
    .name = "woodlouse-chaos",
    .title = "Woodlouse Chaos",
    .min_players = WL_MIN_SEATS,
    .max_players = WL_MAX_SEATS,
    .options = wl_options,
    .create = wl_create,
    .destroy = wl_destroy,
    .save = wl_kind_save,
    .load = wl_kind_load,
    .view = wl_view,
    .actions = wl_actions,
    .apply = wl_apply,
    .deadline = wl_deadline,
    .query = NULL,
};
