/*
 * woodlouse_save.c - Woodlouse Chaos: a match's state as JSON and back.
 *
 * The save holds everything, in order (the draw pile and the score piles
 * bottom first, the rng): the framework stores it with every action, and
 * loading it must give a state that saves the same.  load() trusts
 * nothing: it checks every member, that the turn, round and trainer
 * counters agree, that what the seats did this turn fits the phase, that
 * the code so far fits the card, and that every card of the species in
 * play is in exactly one place, so a state it accepts is safe to play
 * (and every state play leads it to saves and loads again).
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woodlouse_int.h"

#define WL_SAVE_FORMAT 1

/* --- save ----------------------------------------------------------------- */

/* A card in a save: "spider:4". */
static json_t *card_str(const wl_state *s, wl_card c)
{
    return json_sprintf("%s:%d", s->species[WL_SPECIES(c)], WL_COUNT(c));
}

static json_t *pile_json(const wl_state *s, const wl_pile *p)
{
    json_t *a = json_array();
    int rc = !a;
    for (int i = 0; a && i < p->n; i++)
        rc |= json_array_append_new(a, card_str(s, p->c[i]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *wl_save(const wl_state *s)
{
    char hex[65];
    json_t *o = json_object(), *species = json_array(), *counts = json_array(),
           *seq = json_array(), *seats = json_array();
    int rc = !o || !species || !counts || !seq || !seats;

    rng_save(&s->r, hex);
    for (int i = 0; !rc && i < s->nspecies; i++) {
        json_t *c = json_array();
        rc |= json_array_append_new(species, json_string(s->species[i]));
        for (int k = 0; c && k < WL_VALUES; k++)
            rc |= json_array_append_new(c, json_integer(s->counts[i][k]));
        rc |= json_array_append_new(counts, c);
    }
    for (int i = 0; !rc && i < s->nseq; i++)
        rc |= json_array_append_new(seq, json_string(s->species[s->seq[i]]));
    for (int i = 0; !rc && i < s->nseats; i++)
        rc |= json_array_append_new(
            seats, json_pack("{s:b, s:b, s:i, s:o}", "passed", s->seat[i].passed,
                             "free_used", s->seat[i].free_used, "wrong", s->seat[i].wrong,
                             "score", pile_json(s, &s->score[i])));
    if (!rc) {
        int has_card = s->phase == WL_CODE || s->phase == WL_GUESS;
        rc |= json_object_set_new(o, "format", json_integer(WL_SAVE_FORMAT));
        rc |= json_object_set_new(o, "rng", json_string(hex));
        rc |= json_object_set(o, "species", species);
        rc |= json_object_set(o, "counts", counts);
        rc |= json_object_set_new(o, "variant", json_string(s->variant));
        rc |= json_object_set_new(o, "reshuffle", json_boolean(s->reshuffle));
        rc |= json_object_set_new(o, "guess_ms", json_integer(s->guess_ms));
        rc |= json_object_set_new(o, "first_trainer", json_integer(s->first_trainer));
        rc |= json_object_set(o, "sequence", seq);
        rc |= json_object_set_new(o, "phase", json_string(wl_phase_names[s->phase]));
        rc |= json_object_set_new(o, "trainer", json_integer(s->trainer));
        rc |= json_object_set_new(o, "turn", json_integer(s->turn));
        rc |= json_object_set_new(o, "round", json_integer(s->round));
        rc |= json_object_set_new(o, "round_turns", json_integer(s->round_turns));
        rc |= json_object_set_new(o, "card", has_card ? card_str(s, s->card) : json_null());
        rc |= json_object_set_new(o, "signals", json_stringn(s->signals,
                                                             (size_t)s->nsignals));
        rc |= json_object_set_new(o, "deadline", json_integer((json_int_t)s->deadline));
        rc |= json_object_set(o, "seats", seats);
        rc |= json_object_set_new(o, "draw", pile_json(s, &s->draw));
        rc |= json_object_set_new(o, "out", pile_json(s, &s->out));
        rc |= json_object_set_new(
            o, "last",
            json_pack("{s:s, s:i, s:i, s:i, s:o}", "outcome",
                      wl_outcome_names[s->last_outcome], "turn", s->last_turn, "trainer",
                      s->last_trainer, "winner", s->last_winner, "card",
                      s->last_outcome != WL_NONE ? card_str(s, s->last_card) : json_null()));
    }
    json_decref(species);
    json_decref(counts);
    json_decref(seq);
    json_decref(seats);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- load ----------------------------------------------------------------- */

/* A loader keeps the first problem it meets; the rest is skipped. */
typedef struct loader {
    const char *bad; /* the member that is wrong, or NULL */
} loader;

static json_int_t ld_int(loader *l, const json_t *o, const char *key, json_int_t lo,
                         json_int_t hi)
{
    json_t *v = json_object_get(o, key);
    if (l->bad)
        return lo;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        l->bad = key;
        return lo;
    }
    return json_integer_value(v);
}

static int ld_bool(loader *l, const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!l->bad && !json_is_boolean(v))
        l->bad = key;
    return json_is_true(v);
}

/* The index of string member `key` among `names` (n of them), or 0. */
static int ld_enum(loader *l, const json_t *o, const char *key, const char *const *names,
                   int n)
{
    const char *v = json_string_value(json_object_get(o, key));
    for (int i = 0; v && i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    if (!l->bad)
        l->bad = key;
    return 0;
}

static wl_card ld_card(loader *l, const wl_state *s, const json_t *v, const char *what)
{
    const char *str = json_string_value(v), *colon = str ? strrchr(str, ':') : NULL;
    char name[WL_NAME_MAX + 1];
    int sp = -1;
    if (colon && (size_t)(colon - str) <= WL_NAME_MAX) {
        memcpy(name, str, (size_t)(colon - str));
        name[colon - str] = '\0';
        for (int i = 0; i < s->nspecies; i++)
            if (strcmp(s->species[i], name) == 0)
                sp = i;
        /* One digit, 1..WL_VALUES. */
        if (sp >= 0 && colon[1] >= '1' && colon[1] <= '0' + WL_VALUES && !colon[2])
            return WL_CARD(sp, colon[1] - '0');
    }
    if (!l->bad)
        l->bad = what;
    return 0;
}

static void ld_pile(loader *l, const wl_state *s, const json_t *a, wl_pile *p,
                    const char *what)
{
    size_t i;
    json_t *v;
    if (!json_is_array(a) || json_array_size(a) > WL_MAX_CARDS) {
        if (!l->bad)
            l->bad = what;
        return;
    }
    json_array_foreach(a, i, v)
        wl_push(p, ld_card(l, s, v, what));
}

/* Every card of the species in play is somewhere, once; no other card is. */
static int cards_conserved(const wl_state *s)
{
    int n[WL_MAX_SPECIES][WL_VALUES] = {{0}};
    const wl_pile *piles[WL_MAX_SEATS + 2];
    int np = 0;
    for (int i = 0; i < s->nseats; i++)
        piles[np++] = &s->score[i];
    piles[np++] = &s->draw;
    piles[np++] = &s->out;
    for (int q = 0; q < np; q++)
        for (int i = 0; i < piles[q]->n; i++)
            n[WL_SPECIES(piles[q]->c[i])][WL_COUNT(piles[q]->c[i]) - 1]++;
    if (s->phase == WL_CODE || s->phase == WL_GUESS)
        n[WL_SPECIES(s->card)][WL_COUNT(s->card) - 1]++;
    for (int sp = 0; sp < s->nspecies; sp++)
        for (int k = 0; k < WL_VALUES; k++)
            if (n[sp][k] != (wl_position(s, sp) ? s->counts[sp][k] : 0))
                return 0;
    return 1;
}

/* The code so far fits the card (no signal too many); in the guessing
 * phase it is complete. */
static int code_fits(const wl_state *s)
{
    int bangs = 0, claps = 0;
    for (int i = 0; i < s->nsignals; i++) {
        if (s->signals[i] != 'b' && s->signals[i] != 'c')
            return 0;
        bangs += s->signals[i] == 'b';
        claps += s->signals[i] == 'c';
    }
    if (s->phase == WL_DRAW || s->phase == WL_OVER)
        return s->nsignals == 0;
    int pos = wl_position(s, WL_SPECIES(s->card)), count = WL_COUNT(s->card);
    if (s->phase == WL_GUESS)
        return bangs == pos && claps == count;
    return pos && bangs <= pos && claps <= count;
}

/* The counters agree with each other as play leaves them: the trainer
 * moves one seat a turn from the first trainer, a round is nseats turns,
 * and a finished game has counted its last turn but not started another.
 * A round_turns of nseats in a game still going, say, would never reach
 * nseats again: no reshuffle, and a save that no longer loads. */
static int counters_fit(const wl_state *s)
{
    int over = s->phase == WL_OVER, done = s->turn - 1; /* turns finished before this one */
    if (s->trainer != (s->first_trainer + done) % s->nseats ||
        s->round != done / s->nseats + 1 || s->round_turns != done % s->nseats + over)
        return 0;
    if (s->last_outcome == WL_NONE)
        return done == 0 && !over && s->last_turn == 0 && s->last_trainer == 0;
    return s->last_turn == (over ? s->turn : done) &&
           (over || s->last_trainer == (s->trainer + s->nseats - 1) % s->nseats) &&
           (!over || s->last_trainer == s->trainer);
}

/* What the seats did this turn and the guessing window fit the phase:
 * only guessers in the guessing phase have passed, guessed or used their
 * one free guess (which needs an empty pile: a guesser's pile never grows
 * during a turn); a window is open exactly when guess_ms asks for one; and
 * while the guessing is open somebody may still guess (play ends the turn
 * the moment nobody may). */
static int turn_fits(const wl_state *s)
{
    int guessing = s->phase == WL_GUESS, window = guessing && s->guess_ms;
    if (window ? s->deadline < 0 : s->deadline != -1)
        return 0;
    int open = 0; /* seats that may still guess: none ends the turn */
    for (int i = 0; i < s->nseats; i++) {
        const wl_seat *q = &s->seat[i];
        if ((!guessing || i == s->trainer) && (q->passed || q->free_used || q->wrong))
            return 0;
        if (q->free_used && (s->score[i].n > 0 || q->wrong < 1))
            return 0;
        open += i != s->trainer && !q->passed && (s->score[i].n > 0 || !q->free_used);
    }
    return !guessing || open > 0;
}

/* The box, the variant and the sequence: what the cards are read against. */
static void load_table(loader *l, const json_t *saved, wl_state *s)
{
    json_t *species = json_object_get(saved, "species");
    json_t *counts = json_object_get(saved, "counts");
    json_t *seq = json_object_get(saved, "sequence");
    const char *variant = json_string_value(json_object_get(saved, "variant"));
    size_t i;
    json_t *v;

    if (!json_is_array(species) || json_array_size(species) < 1 ||
        json_array_size(species) > WL_MAX_SPECIES || !json_is_array(counts) ||
        json_array_size(counts) != json_array_size(species)) {
        l->bad = "species";
        return;
    }
    json_array_foreach(species, i, v) {
        const char *name = json_string_value(v);
        json_t *c = json_array_get(counts, i);
        if (!name || !wl_name_ok(name) || wl_species_find(s, name) >= 0) {
            l->bad = "species";
            return;
        }
        strcpy(s->species[s->nspecies], name);
        for (int k = 0; k < WL_VALUES; k++) {
            json_t *x = json_array_get(c, (size_t)k);
            if (!json_is_integer(x) || json_integer_value(x) < 0 ||
                json_integer_value(x) > WL_MAX_PER_VALUE || json_array_size(c) != WL_VALUES) {
                l->bad = "counts";
                return;
            }
            s->counts[s->nspecies][k] = (int)json_integer_value(x);
        }
        s->nspecies++;
    }
    if (!variant || !wl_name_ok(variant)) {
        l->bad = "variant";
        return;
    }
    strcpy(s->variant, variant);
    if (!json_is_array(seq) || json_array_size(seq) < 1 ||
        json_array_size(seq) > (size_t)s->nspecies) {
        l->bad = "sequence";
        return;
    }
    json_array_foreach(seq, i, v) {
        const char *name = json_string_value(v);
        int sp = name ? wl_species_find(s, name) : -1;
        if (sp < 0 || strcmp(name, s->species[sp]) != 0 || wl_position(s, sp)) {
            l->bad = "sequence";
            return;
        }
        s->seq[s->nseq++] = sp;
    }
}

int wl_load(const json_t *saved, wl_state **out, char **why)
{
    wl_state *s = wb_calloc(1, sizeof *s);
    loader l = {NULL};
    json_t *seats = json_object_get(saved, "seats"), *card = json_object_get(saved, "card");
    json_t *last = json_object_get(saved, "last");
    const char *signals = json_string_value(json_object_get(saved, "signals"));
    int rc = WB_EINVAL;

    *out = NULL;
    if (!json_is_object(saved) || ld_int(&l, saved, "format", WL_SAVE_FORMAT,
                                         WL_SAVE_FORMAT) != WL_SAVE_FORMAT || l.bad) {
        l.bad = l.bad ? l.bad : "format";
        goto out;
    }
    if (rng_load(&s->r, json_string_value(json_object_get(saved, "rng")))) {
        l.bad = "rng";
        goto out;
    }
    if (!json_is_array(seats) || json_array_size(seats) < WL_MIN_SEATS ||
        json_array_size(seats) > WL_MAX_SEATS) {
        l.bad = "seats";
        goto out;
    }
    s->nseats = (int)json_array_size(seats);
    load_table(&l, saved, s);
    if (l.bad)
        goto out;
    s->reshuffle = ld_bool(&l, saved, "reshuffle");
    s->guess_ms = (int)ld_int(&l, saved, "guess_ms", 0, WL_MAX_GUESS_MS);
    s->first_trainer = (int)ld_int(&l, saved, "first_trainer", 0, s->nseats - 1);
    s->phase = (wl_phase)ld_enum(&l, saved, "phase", wl_phase_names, WL_OVER + 1);
    s->trainer = (int)ld_int(&l, saved, "trainer", 0, s->nseats - 1);
    s->turn = (int)ld_int(&l, saved, "turn", 1, 1 << 30);
    s->round = (int)ld_int(&l, saved, "round", 1, 1 << 30);
    s->round_turns = (int)ld_int(&l, saved, "round_turns", 0, s->nseats);
    s->deadline = (int64_t)ld_int(&l, saved, "deadline", -1, INT64_MAX);
    if (s->phase == WL_CODE || s->phase == WL_GUESS)
        s->card = ld_card(&l, s, card, "card");
    else if (!json_is_null(card) && !l.bad)
        l.bad = "card";
    if (!signals || strlen(signals) > WL_MAX_SIGNALS) {
        l.bad = l.bad ? l.bad : "signals";
    } else {
        s->nsignals = (int)strlen(signals);
        memcpy(s->signals, signals, (size_t)s->nsignals);
    }
    for (int i = 0; i < s->nseats && !l.bad; i++) {
        json_t *st = json_array_get(seats, (size_t)i);
        s->seat[i].passed = ld_bool(&l, st, "passed");
        s->seat[i].free_used = ld_bool(&l, st, "free_used");
        s->seat[i].wrong = (int)ld_int(&l, st, "wrong", 0, WL_MAX_CARDS * 4);
        ld_pile(&l, s, json_object_get(st, "score"), &s->score[i], "seats");
    }
    ld_pile(&l, s, json_object_get(saved, "draw"), &s->draw, "draw");
    ld_pile(&l, s, json_object_get(saved, "out"), &s->out, "out");
    s->last_outcome = (wl_outcome)ld_enum(&l, last, "outcome", wl_outcome_names,
                                          WL_MISTAKE + 1);
    s->last_turn = (int)ld_int(&l, last, "turn", 0, 1 << 30);
    s->last_trainer = (int)ld_int(&l, last, "trainer", 0, s->nseats - 1);
    s->last_winner = (int)ld_int(&l, last, "winner", -1, s->nseats - 1);
    if (s->last_outcome != WL_NONE)
        s->last_card = ld_card(&l, s, json_object_get(last, "card"), "last");
    else if (!json_is_null(json_object_get(last, "card")) && !l.bad)
        l.bad = "last";
    if (((s->last_outcome == WL_GUESSED) != (s->last_winner >= 0) ||
         (s->last_winner >= 0 && s->last_winner == s->last_trainer)) && !l.bad)
        l.bad = "last";
    if (l.bad)
        goto out;
    if (!counters_fit(s)) {
        l.bad = "turn, round or trainer (they disagree)";
        goto out;
    }
    if (!turn_fits(s)) {
        l.bad = "seats or deadline (they do not fit the phase)";
        goto out;
    }
    if (!code_fits(s)) {
        l.bad = "signals";
        goto out;
    }
    if (!cards_conserved(s)) {
        l.bad = "cards (every card of the species in play must be in one place)";
        goto out;
    }
    if ((s->phase == WL_OVER) != (s->draw.n == 0) && s->phase != WL_CODE &&
        s->phase != WL_GUESS) {
        l.bad = "phase";
        goto out;
    }
    *out = s;
    s = NULL;
    rc = WB_OK;
out:
    if (rc)
        *why = game_why("not a Woodlouse Chaos state: bad %s", l.bad ? l.bad : "state");
    free(s);
    return rc;
}
