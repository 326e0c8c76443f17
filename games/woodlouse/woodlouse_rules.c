/*
 * woodlouse_rules.c - Woodlouse Chaos: how a turn is played.  The action
 * table and everything an action does, and the reading of a state that
 * the views share (the card and the signals as shown, who may guess).
 *
 * A turn: the trainer draws (the card is private to them), performs the
 * code one signal at a time (public), then declares it complete; the
 * guessing is then open to every other seat until a right guess, or until
 * every guesser has passed or is out (or the host closes it, or the
 * guess_ms window ends).  A code that can no longer be right (a signal too
 * many, or complete too early) is the trainer's mistake and ends the turn
 * at once.  The box and the set-up are in woodlouse_box.c; the state's
 * names, save and load in woodlouse_save.c, below this file.
 *
 * The actions are a table (game_def.h): who sends each, in which phase,
 * its members and its check; the framework validates bodies, refuses,
 * lists the legal actions and applies all-or-nothing (the state is flat:
 * a step works on a copy).
 */
#include <string.h>

#include "game_data.h"
#include "wb_err.h"
#include "woodlouse_int.h"

/* --- reading the state ---------------------------------------------------- */

/* The species' position and the card's count: the code to perform. */
static int code_bangs(const wl_state *s) { return wl_position(s, WL_SPECIES(s->card)); }
static int code_claps(const wl_state *s) { return WL_COUNT(s->card); }

/* `seat` may shout a guess now. */
int wl_can_guess(const wl_state *s, int seat)
{
    return s->phase == WL_GUESS && seat >= 0 && seat < s->nseats && seat != s->trainer &&
           !s->seat[seat].passed && (s->score[seat].n > 0 || !s->seat[seat].free_used);
}

/* A card as the API shows it: {"species": "spider", "count": 4}. */
json_t *wl_card_json(const wl_state *s, int c)
{
    return json_pack("{s:s, s:i}", "species", s->species[WL_SPECIES(c)], "count", WL_COUNT(c));
}

json_t *wl_signals_json(const wl_state *s)
{
    json_t *a = json_array();
    for (int i = 0; s->signals[i]; i++)
        json_array_append_new(a, json_string(s->signals[i] == 'b' ? "bang" : "clap"));
    return a;
}

/* The sequence cards as the names of their species, position 1 first. */
json_t *wl_sequence_json(const wl_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nseq; i++)
        json_array_append_new(a, json_string(s->species[s->seq[i]]));
    return a;
}

/* The species in play, in box order: what a guess may name (and the view
 * shows). */
json_t *wl_species_in_play(const void *state, int seat)
{
    (void)seat;
    const wl_state *s = state;
    json_t *a = json_array();
    for (int sp = 0; sp < s->nspecies; sp++)
        if (wl_position(s, sp))
            json_array_append_new(a, json_string(s->species[sp]));
    return a;
}

/* --- the end of a turn ---------------------------------------------------- */

static void push(wl_pile *p, int c) { p->c[p->n++] = c; }
static int pop(wl_pile *p) { return p->c[--p->n]; }
static void push_bottom(wl_pile *p, int c)
{
    memmove(p->c + 1, p->c, (size_t)p->n++ * sizeof p->c[0]);
    p->c[0] = c;
}

/* Settle the turn: the card goes where `outcome` says, it is shown to all,
 * the trainer role moves clockwise, the sequence is reshuffled after a
 * round, and the game ends when the draw pile is empty. */
static void end_turn(wl_state *t, json_t *ev, wl_outcome outcome, int winner)
{
    int tr = t->trainer, returned = -1; /* -1: not a mistake */
    json_t *card = wl_card_json(t, t->card), *signals = wl_signals_json(t);
    if (outcome != WL_MISTAKE) { /* to the guesser who won it, or kept */
        push(&t->score[outcome == WL_GUESSED ? winner : tr], t->card);
    } else {
        /* The card, and under it one card of the trainer's score pile (if
         * any), go to the bottom of the draw pile. */
        push_bottom(&t->draw, t->card);
        returned = 1 + (t->score[tr].n > 0);
        if (returned == 2)
            push_bottom(&t->draw, pop(&t->score[tr]));
    }
    t->last_outcome = outcome;
    t->last_turn = t->turn;
    t->last_trainer = tr;
    t->last_winner = outcome == WL_GUESSED ? winner : -1;
    t->last_card = t->card;
    memset(t->signals, 0, sizeof t->signals);
    t->deadline = -1;
    memset(t->seat, 0, sizeof t->seat);
    t->round_turns++;
    if (t->draw.n > 0) {
        t->phase = WL_DRAW;
        t->trainer = (tr + 1) % t->nseats;
        t->turn++;
    } else {
        t->phase = WL_OVER;
    }
    game_event(ev, "{s:s, s:i, s:i, s:s, s:o, s:o, s:o*, s:o*, s:i, s:o*}", "type", "turn_end",
               "turn", t->last_turn, "trainer", tr, "outcome", wl_outcome_names[outcome], "card",
               card, "signals", signals, "winner", game_json_opt(t->last_winner), "returned",
               game_json_opt(returned), "draw_pile", t->draw.n, "next_trainer",
               game_json_opt(t->phase == WL_DRAW ? t->trainer : -1));
    if (t->phase == WL_OVER) {
        json_t *over = json_pack("{s:s}", "type", "game_over");
        game_def_put_result(t, over);
        json_array_append_new(ev, over);
    } else if (t->round_turns == t->nseats) {
        t->round++;
        t->round_turns = 0;
        if (t->reshuffle)
            rng_shuffle(&t->r, t->seq, (size_t)t->nseq, sizeof t->seq[0]);
        game_event(ev, "{s:s, s:i, s:b, s:o}", "type", "round", "round", t->round, "reshuffled",
                   t->reshuffle, "sequence", wl_sequence_json(t));
    }
}

/* After a wrong guess or a pass: with nobody left to guess, the trainer
 * keeps the card. */
static void maybe_kept(wl_state *t, json_t *ev)
{
    for (int i = 0; i < t->nseats; i++)
        if (wl_can_guess(t, i))
            return;
    end_turn(t, ev, WL_KEPT, -1);
}

/* --- the actions ---------------------------------------------------------- */

GAME_APPLY(step_draw)
{
    wl_state *t = state;
    t->card = pop(&t->draw);
    t->phase = WL_CODE;
    game_event(ev, "{s:s, s:i, s:i, s:i}", "type", "draw", "trainer", seat, "turn", t->turn,
               "draw_pile", t->draw.n);
    /* Flat members: the card is never an object another view could hold. */
    game_event(ev, "{s:s, s:i, s:s, s:i, s:[i]}", "type", "card", "trainer", seat, "species",
               t->species[WL_SPECIES(t->card)], "count", WL_COUNT(t->card), "private_to", seat);
    return WB_OK;
}

/* The rules: the trainer "must always communicate the code correctly".
 * So the listed signals are those that keep it right; any other is
 * accepted too, as the mistake the rules punish. */
GAME_OFFERED(offer_bang) { return wl_signals(state, 'b') < code_bangs(state); }
GAME_OFFERED(offer_clap) { return wl_signals(state, 'c') < code_claps(state); }
GAME_OFFERED(offer_done) { return !offer_bang(state, seat) && !offer_clap(state, seat); }

/* No check: the code never outgrows signals[], as a signal too many ends
 * the turn at once (WL_MAX_SIGNALS is one more than the longest code). */
GAME_APPLY(step_signal)
{
    wl_state *t = state;
    const char *type = json_string_value(json_object_get(a, "type"));
    size_t n = strlen(t->signals);
    t->signals[n] = type[0];
    game_event(ev, "{s:s, s:i, s:i}", "type", type, "trainer", seat, "signals", (int)n + 1);
    /* A signal too many: the code cannot be right any more. */
    if (wl_signals(t, 'b') > code_bangs(t) || wl_signals(t, 'c') > code_claps(t))
        end_turn(t, ev, WL_MISTAKE, -1);
    return WB_OK;
}

GAME_APPLY(step_done)
{
    wl_state *t = state;
    if (wl_signals(t, 'b') != code_bangs(t) || wl_signals(t, 'c') != code_claps(t)) {
        end_turn(t, ev, WL_MISTAKE, -1);
        return WB_OK;
    }
    t->phase = WL_GUESS; /* the seats' flags are clear since the turn began */
    t->deadline = t->guess_ms ? ctx->now_ms + t->guess_ms : -1;
    game_event(ev, "{s:s, s:i, s:o, s:o*}", "type", "code_complete", "trainer", seat, "signals",
               wl_signals_json(t), "guess_deadline", game_json_opt(t->deadline));
    return WB_OK;
}

/* A guesser who passed is done for the turn (not now); one who has used
 * the free guess with an empty pile may not guess (the rules). */
GAME_MAY(may_guess)
{
    if (((const wl_state *)state)->seat[seat].passed)
        return game_refuse(why, WB_ENOTTURN, "you passed this turn");
    return WB_OK;
}

GAME_CHECK(check_guesser)
{
    if (!wl_can_guess(state, seat))
        return game_refuse(why, WB_EILLEGAL, "your score pile is empty: you may guess once "
                                             "per turn of the trainer, and you have guessed");
    return WB_OK;
}

GAME_CHECK(check_guess)
{
    const wl_state *s = state;
    const char *name = json_string_value(json_object_get(a, "species"));
    int sp = wl_rows_find(s->species[0], sizeof s->species[0], s->nspecies, name);
    if (check_guesser(state, ctx, seat, a, why))
        return WB_EILLEGAL;
    if (sp < 0 || !wl_position(s, sp))
        return game_refuse(why, WB_EILLEGAL, "no %s in this game: the species in play are on "
                                             "the sequence cards", name);
    if (s->deadline >= 0 && ctx->now_ms >= s->deadline)
        return game_refuse(why, WB_EILLEGAL, "the time for guesses is up");
    return WB_OK;
}

GAME_APPLY(step_guess)
{
    wl_state *t = state;
    const char *name = json_string_value(json_object_get(a, "species"));
    int sp = wl_rows_find(t->species[0], sizeof t->species[0], t->nspecies, name);
    int count = (int)json_integer_value(json_object_get(a, "count"));
    int right = WL_SPECIES(t->card) == sp && WL_COUNT(t->card) == count;
    int paid = !right && t->score[seat].n > 0;
    /* A wrong guess costs the top card of the guesser's score pile, at
     * once; with an empty pile it is the one free guess of the turn. */
    if (paid)
        push(&t->score[t->trainer], pop(&t->score[seat]));
    t->seat[seat].free_used |= !right && !paid;
    t->seat[seat].wrong += !right;
    game_event(ev, "{s:s, s:i, s:s, s:i, s:b, s:o*}", "type", "guess", "seat", seat, "species",
               t->species[sp], "count", count, "correct", right, "paid",
               right ? NULL : json_boolean(paid));
    if (right)
        end_turn(t, ev, WL_GUESSED, seat);
    else
        maybe_kept(t, ev);
    return WB_OK;
}

GAME_APPLY(step_pass)
{
    wl_state *t = state;
    t->seat[seat].passed = 1;
    game_event(ev, "{s:s, s:i}", "type", "pass", "seat", seat);
    maybe_kept(t, ev);
    return WB_OK;
}

/* The host, or the guess_ms timer, closes the guessing. */
GAME_APPLY(step_close)
{
    game_event(ev, "{s:s, s:s}", "type", "guessing_closed", "by",
               seat == GAME_SEAT_SYSTEM ? "timer" : "host");
    end_turn(state, ev, WL_KEPT, -1);
    return WB_OK;
}

#define TRAINER (1u << 1)
#define GUESSER (1u << 2)
#define PH(p) (1u << (p))

unsigned wl_roles(const void *st, int seat)
{
    return seat == ((const wl_state *)st)->trainer ? TRAINER : GUESSER;
}

static const game_member guess_members[] = {
    {.name = "species", .type = GAME_T_STRING, .desc = "a species in play",
     .domain = wl_species_in_play},
    {.name = "count", .type = GAME_T_INT, .desc = "how many animals, 1 to 5",
     .has_range = 1, .min = 1, .max = WL_VALUES},
    {NULL},
};

const game_action wl_actions[] = {
    {"draw", TRAINER, PH(WL_DRAW), NULL, NULL, NULL, step_draw, 0, NULL},
    {"bang", TRAINER, PH(WL_CODE), NULL, NULL, NULL, step_signal, 0, offer_bang},
    {"clap", TRAINER, PH(WL_CODE), NULL, NULL, NULL, step_signal, 0, offer_clap},
    {"done", TRAINER, PH(WL_CODE), NULL, NULL, NULL, step_done, 0, offer_done},
    {"guess", GUESSER, PH(WL_GUESS), guess_members, may_guess, check_guess, step_guess, 0,
     NULL},
    {"pass", GUESSER, PH(WL_GUESS), NULL, may_guess, check_guesser, step_pass, 0, NULL},
    {"close", GAME_ROLE_HOST, PH(WL_GUESS), NULL, NULL, NULL, step_close, 0, NULL},
    {"timer", GAME_ROLE_SYSTEM, 0, NULL, NULL, NULL, step_close, 1, NULL}, /* when due */
    {NULL},
};
