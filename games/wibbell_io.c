/*
 * wibbell_io.c - what Wibbell shows and stores: the views, the lists of
 * legal actions, save/load of the whole state, and the classroom queries
 * ("vocabulary", "hints").  Nothing here changes a match.
 *
 * Nothing in Wibbell is secret between seats, so the public and seat
 * views differ only by "seat"; the host view adds the face-down cards and
 * the vocabulary log.  No view ever holds the order of the deck, only its
 * count.  The shapes are documented in games/WIBBELL.md.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell.h"
#include "wibbell_int.h"

/* --- views --------------------------------------------------------------- */

static json_t *handicaps_json(const wibbell_state *st, const wibbell_player *p)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < p->hcap.n; i++) {
        json_t *c = wibbell_card_json(st, p->hcap.v[i]);
        if (c)
            rc |= wibbell_set(c, "starting", json_boolean(i < p->nstart));
        rc |= wibbell_push(a, c);
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *player_json(const wibbell_state *st, size_t s, int host)
{
    const wibbell_player *p = &st->p[s];
    json_t *o = json_object();
    int rc = !o;
    if (!o)
        return NULL;
    rc |= wibbell_set(o, "seat", json_integer((json_int_t)s));
    rc |= wibbell_set(o, "name", json_string(p->name));
    rc |= wibbell_set(o, "face_up", wibbell_cards_json(st, &p->up));
    rc |= wibbell_set(o, "face_down", json_integer((json_int_t)p->down.n));
    if (host)
        rc |= wibbell_set(o, "face_down_cards", wibbell_cards_json(st, &p->down));
    rc |= wibbell_set(o, "handicaps", handicaps_json(st, p));
    rc |= wibbell_set(o, "score", json_integer((json_int_t)wibbell_score(st, s)));
    rc |= wibbell_set(o, "cards_this_round", json_integer((json_int_t)p->won));
    rc |= wibbell_set(o, "rounds_won", json_integer((json_int_t)p->rounds_won));
    rc |= wibbell_set(o, "out", json_boolean(st->phase == WIBBELL_PLAY && p->out));
    rc |= wibbell_set(o, "barred", json_boolean(st->barred == (int)s));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *strings_json(char *const *v, size_t n)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < n; i++)
        rc |= wibbell_push(a, json_string(v[i]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *claims_json(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < st->nclaims; i++)
        rc |= wibbell_push(a, json_pack("{s:i,s:s,s:I}", "seat", st->claims[i].seat,
                                        "word", st->claims[i].word,
                                        "at", (json_int_t)st->claims[i].at));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* A row of a claim still waiting in the tie window, of a seat other than
 * `seat` (a seat, or the host: none)?  Its word is that seat's secret
 * until the window closes. */
static int sealed_row(const wibbell_state *st, size_t row, int seat)
{
    for (size_t i = 0; seat >= 0 && i < st->nclaims; i++)
        if (st->claims[i].row == row && st->claims[i].seat != seat)
            return 1;
    return 0;
}

/* The classroom log as flat rows (also the "vocabulary" query), as `seat`
 * may see it. */
static json_t *vocab_json(const wibbell_state *st, int seat)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < st->nvocab; i++) {
        const wibbell_vocab *v = &st->vocab[i];
        if (sealed_row(st, i, seat))
            continue;
        rc |= wibbell_push(a, json_pack(
            "{s:I,s:i,s:s,s:s,s:b,s:b,s:s,s:s,s:s,s:I}",
            "turn", (json_int_t)v->turn, "seat", v->seat, "player", st->p[v->seat].name,
            "word", v->word, "accepted", v->accepted, "won", v->won,
            "reasons", v->reasons, "pos", v->pos, "definition", v->definition,
            "at", (json_int_t)v->at));
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *keep_choices_json(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    const wibbell_player *p = &st->p[st->winner];
    for (size_t i = 0; a && i < p->up.n; i++)
        if (p->up.v[i] != st->bonus)
            rc |= wibbell_push(a, json_integer(p->up.v[i]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *wibbell_view(const void *state, int seat)
{
    const wibbell_state *st = state;
    int host = seat == GAME_SEAT_HOST, over = st->phase == WIBBELL_OVER;
    json_t *o = json_object(), *to_act = json_array(), *awaiting = json_array();
    json_t *players = json_array();
    int rc = !o || !to_act || !awaiting || !players;

    /* In companion mode no seat acts (the host records everything); the
     * seats whose shout or choice the host is to record are "awaiting". */
    for (size_t s = 0; !rc && s < st->nplayers; s++) {
        if (wibbell_to_act(st, s))
            rc |= wibbell_push(st->companion ? awaiting : to_act,
                               json_integer((json_int_t)s));
        rc |= wibbell_push(players, player_json(st, s, host));
    }
    if (rc) {
        json_decref(to_act);
        json_decref(awaiting);
        json_decref(players);
        goto out;
    }
    rc |= wibbell_set(o, "status", json_string(over ? "finished" : "active"));
    rc |= wibbell_set(o, "to_act", to_act);
    if (st->companion)
        rc |= wibbell_set(o, "awaiting", awaiting);
    else
        json_decref(awaiting);
    rc |= wibbell_set(o, "phase", json_string(wibbell_phase_name(st->phase)));
    if (seat >= 0)
        rc |= wibbell_set(o, "seat", json_integer(seat));
    rc |= wibbell_set(o, "mode", json_string(wibbell_mode_name(st->mode)));
    rc |= wibbell_set(o, "companion", json_boolean(st->companion));
    rc |= wibbell_set(o, "learning_aid", json_boolean(st->learning_aid));
    rc |= wibbell_set(o, "tie_window_ms", json_integer(st->tie_ms));
    rc |= wibbell_set(o, "dictionary", json_string(st->dict_id));
    rc |= wibbell_set(o, "round", json_integer((json_int_t)st->round));
    rc |= wibbell_set(o, "turn", json_integer((json_int_t)st->nturns));
    rc |= wibbell_set(o, "deck", json_integer((json_int_t)wibbell_remaining(st)));
    rc |= wibbell_set(o, "centre", wibbell_cards_json(st, &st->centre));
    rc |= wibbell_set(o, "players", players);
    rc |= wibbell_set(o, "used", strings_json(st->used, st->nused));
    rc |= wibbell_set(o, "claims", claims_json(st));
    rc |= wibbell_set(o, "window_until",
                      st->window_end >= 0 ? json_integer(st->window_end) : json_null());
    rc |= wibbell_set(o, "turn_winner",
                      st->winner >= 0 ? json_integer(st->winner) : json_null());
    if (st->phase == WIBBELL_KEEP) {
        rc |= wibbell_set(o, "keep_choices", keep_choices_json(st));
        rc |= wibbell_set(o, "bonus", st->bonus >= 0 ? wibbell_card_json(st, st->bonus)
                                                      : json_null());
    }
    rc |= wibbell_set(o, "last_round_winner", st->last_round_winner >= 0
                          ? json_integer(st->last_round_winner) : json_null());
    rc |= wibbell_set(o, "scores", wibbell_scores_json(st));
    if (over) {
        rc |= wibbell_set(o, "winners", wibbell_winners_json(st));
        rc |= wibbell_set(o, "end_reason", json_string(st->end_reason ? st->end_reason : ""));
    }
    if (host)
        rc |= wibbell_set(o, "vocabulary", vocab_json(st, seat));
out:
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- actions ------------------------------------------------------------- */

static json_t *claim_template(int seat)
{
    json_t *o = json_pack("{s:s,s:{s:s}}", "type", "claim", "$params", "word",
                          "a word holding its own letter of each centre card and "
                          "of each of your face-up cards and permanent handicaps");
    if (o && seat >= 0 && wibbell_set(o, "seat", json_integer(seat))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The choices of the turn's or round's winner; `who` >= 0 adds "seat"
 * (the host recording them in companion mode). */
static int choices(const wibbell_state *st, json_t *a, int who)
{
    int rc = 0;
    if (st->phase == WIBBELL_TAKE)
        for (size_t k = 0; k < st->centre.n; k++)
            rc |= wibbell_push(a, who >= 0
                ? json_pack("{s:s,s:i,s:I}", "type", "take", "seat", who, "card", (json_int_t)k)
                : json_pack("{s:s,s:I}", "type", "take", "card", (json_int_t)k));
    if (st->phase == WIBBELL_KEEP) {
        const wibbell_player *p = &st->p[st->winner];
        for (size_t i = 0; i < p->up.n; i++) {
            if (p->up.v[i] == st->bonus)
                continue;
            rc |= wibbell_push(a, who >= 0
                ? json_pack("{s:s,s:i,s:i}", "type", "keep", "seat", who, "card", p->up.v[i])
                : json_pack("{s:s,s:i}", "type", "keep", "card", p->up.v[i]));
        }
    }
    return rc;
}

json_t *wibbell_actions(const void *state, int seat)
{
    const wibbell_state *st = state;
    json_t *a = json_array();
    int rc = !a;
    if (!a)
        return NULL;
    if (st->phase == WIBBELL_OVER)
        return a;
    if (st->companion && seat == GAME_SEAT_HOST) {
        if (st->phase == WIBBELL_FLIP)
            rc |= wibbell_push(a, json_pack("{s:s,s:{s:s}}", "type", "flip", "$params",
                                            "card", "the letters of the card turned up"));
        for (size_t s = 0; st->phase == WIBBELL_PLAY && s < st->nplayers; s++)
            if (wibbell_to_act(st, s))
                rc |= wibbell_push(a, claim_template((int)s));
        if (st->phase == WIBBELL_PLAY)
            rc |= wibbell_push(a, json_pack("{s:s}", "type", "redeal"));
        if (st->phase == WIBBELL_PLAY || st->phase == WIBBELL_FLIP)
            rc |= wibbell_push(a, json_pack("{s:s}", "type", "end"));
        rc |= choices(st, a, st->winner);
    } else if (!st->companion && seat >= 0 && (size_t)seat < st->nplayers &&
               wibbell_to_act(st, (size_t)seat)) {
        const char *cards[DICT_CARDS_MAX];
        if (st->phase == WIBBELL_PLAY &&
            wibbell_claim_cards(st, (size_t)seat, cards) <= DICT_CARDS_MAX)
            rc |= wibbell_push(a, claim_template(-1));
        rc |= choices(st, a, -1);
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* --- save ---------------------------------------------------------------- */

static json_t *ids_json(const wibbell_ids *l)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < l->n; i++)
        rc |= wibbell_push(a, json_integer(l->v[i]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *save_players(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t s = 0; a && s < st->nplayers; s++) {
        const wibbell_player *p = &st->p[s];
        rc |= wibbell_push(a, json_pack("{s:s,s:o,s:o,s:o,s:I,s:I,s:b,s:I}",
            "name", p->name, "up", ids_json(&p->up), "down", ids_json(&p->down),
            "hcap", ids_json(&p->hcap), "nstart", (json_int_t)p->nstart,
            "won", (json_int_t)p->won, "out", p->out,
            "rounds_won", (json_int_t)p->rounds_won));
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *save_cards(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < st->ncards; i++)
        rc |= wibbell_push(a, json_pack("[s,i,s]", st->cards[i].letters,
                                        st->cards[i].value, st->cards[i].border));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *save_claims(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < st->nclaims; i++) {
        const wibbell_claim *c = &st->claims[i];
        rc |= wibbell_push(a, json_pack("{s:i,s:s,s:I,s:i,s:I}", "seat", c->seat,
                                        "word", c->word, "at", (json_int_t)c->at,
                                        "take", c->take, "row", (json_int_t)c->row));
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

static json_t *save_turns(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < st->nturns; i++) {
        const wibbell_turn *t = &st->turns[i];
        wibbell_ids centre = {.v = (int *)(uintptr_t)t->centre, .n = t->ncentre};
        json_t *cons = json_array();
        rc |= !cons;
        for (size_t s = 0; cons && s < st->nplayers; s++)
            rc |= wibbell_push(cons, ids_json(&t->cons[s]));
        rc |= wibbell_push(a, json_pack("{s:I,s:o,s:I,s:o}", "round", (json_int_t)t->round,
                                        "centre", ids_json(&centre),
                                        "nused", (json_int_t)t->nused, "cons", cons));
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *wibbell_save(const void *state)
{
    const wibbell_state *st = state;
    char hex[65];
    json_t *o = json_object();
    int rc = !o;
    if (!o)
        return NULL;
    rng_save(&st->rng, hex);
    rc |= wibbell_set(o, "format", json_integer(1));
    rc |= wibbell_set(o, "mode", json_string(wibbell_mode_name(st->mode)));
    rc |= wibbell_set(o, "companion", json_boolean(st->companion));
    rc |= wibbell_set(o, "learning_aid", json_boolean(st->learning_aid));
    rc |= wibbell_set(o, "shuffle", json_boolean(st->shuffle));
    rc |= wibbell_set(o, "tie_window_ms", json_integer(st->tie_ms));
    rc |= wibbell_set(o, "dictionary", json_string(st->dict_id));
    rc |= wibbell_set(o, "rng", json_string(hex));
    rc |= wibbell_set(o, "cards", save_cards(st));
    rc |= wibbell_set(o, "deck", ids_json(&st->deck));
    rc |= wibbell_set(o, "ntrim", json_integer((json_int_t)st->ntrim));
    rc |= wibbell_set(o, "centre", ids_json(&st->centre));
    rc |= wibbell_set(o, "players", save_players(st));
    rc |= wibbell_set(o, "used", strings_json(st->used, st->nused));
    rc |= wibbell_set(o, "phase", json_string(wibbell_phase_name(st->phase)));
    rc |= wibbell_set(o, "round", json_integer((json_int_t)st->round));
    rc |= wibbell_set(o, "winner", json_integer(st->winner));
    rc |= wibbell_set(o, "bonus", json_integer(st->bonus));
    rc |= wibbell_set(o, "last_winner", json_integer(st->last_winner));
    rc |= wibbell_set(o, "last_round_winner", json_integer(st->last_round_winner));
    rc |= wibbell_set(o, "barred", json_integer(st->barred));
    rc |= wibbell_set(o, "window_end", json_integer(st->window_end));
    rc |= wibbell_set(o, "end_reason", st->end_reason ? json_string(st->end_reason)
                                                      : json_null());
    rc |= wibbell_set(o, "claims", save_claims(st));
    rc |= wibbell_set(o, "vocab", vocab_json(st, GAME_SEAT_HOST));
    rc |= wibbell_set(o, "turns", save_turns(st));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- load ---------------------------------------------------------------- */

/* A reader of saved JSON that remembers the first thing that was wrong. */
typedef struct rd {
    const char *bad; /* the member that failed, or NULL */
} rd;

static json_int_t rd_int(rd *r, const json_t *o, const char *k, json_int_t lo, json_int_t hi)
{
    const json_t *v = json_object_get(o, k);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        if (!r->bad)
            r->bad = k;
        return lo;
    }
    return json_integer_value(v);
}

static int rd_bool(rd *r, const json_t *o, const char *k)
{
    const json_t *v = json_object_get(o, k);
    if (!json_is_boolean(v) && !r->bad)
        r->bad = k;
    return json_is_true(v);
}

static char *rd_str(rd *r, const json_t *o, const char *k)
{
    const json_t *v = json_object_get(o, k);
    if (!json_is_string(v)) {
        if (!r->bad)
            r->bad = k;
        return wb_strdup("");
    }
    return wb_strdup(json_string_value(v));
}

static int rd_enum(rd *r, const json_t *o, const char *k, const char *(*name)(int), int n)
{
    const char *s = json_string_value(json_object_get(o, k));
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, name(i)) == 0)
            return i;
    if (!r->bad)
        r->bad = k;
    return 0;
}

static const char *mode_name(int i)
{
    return wibbell_mode_name((wibbell_mode)i);
}

static const char *phase_name(int i)
{
    return wibbell_phase_name((wibbell_phase)i);
}

/* An array of card ids; `k` names it in the complaint. */
static void rd_id_array(rd *r, const json_t *a, const char *k, size_t ncards,
                        wibbell_ids *out)
{
    const json_t *v;
    size_t i;
    if (!json_is_array(a)) {
        if (!r->bad)
            r->bad = k;
        return;
    }
    json_array_foreach(a, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 ||
            (size_t)json_integer_value(v) >= ncards) {
            if (!r->bad)
                r->bad = k;
            return;
        }
        wibbell_ids_push(out, (int)json_integer_value(v));
    }
}

static void rd_ids(rd *r, const json_t *o, const char *k, size_t ncards, wibbell_ids *out)
{
    rd_id_array(r, json_object_get(o, k), k, ncards, out);
}

static void load_cards(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "cards"), *c;
    size_t i;
    if (!json_is_array(a) || json_array_size(a) == 0 ||
        json_array_size(a) > WIBBELL_DECK_MAX) {
        r->bad = "cards";
        return;
    }
    st->ncards = json_array_size(a);
    st->cards = wb_calloc(st->ncards, sizeof *st->cards);
    json_array_foreach(a, i, c) {
        const char *l = json_string_value(json_array_get(c, 0));
        const char *b = json_string_value(json_array_get(c, 2));
        const json_t *v = json_array_get(c, 1);
        wibbell_card *card = &st->cards[i];
        if (!l || !b || !json_is_integer(v) || strlen(l) > WIBBELL_LETTERS_MAX ||
            strlen(b) >= WIBBELL_BORDER_MAX || json_integer_value(v) < 0 ||
            json_integer_value(v) > 99) {
            r->bad = "cards";
            return;
        }
        strcpy(card->letters, l);
        strcpy(card->border, b);
        card->value = (int)json_integer_value(v);
    }
}

static void load_players(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "players"), *p;
    size_t s;
    if (!json_is_array(a) || json_array_size(a) < game_wibbell.min_players ||
        json_array_size(a) > game_wibbell.max_players) {
        r->bad = "players";
        return;
    }
    st->nplayers = json_array_size(a);
    st->p = wb_calloc(st->nplayers, sizeof *st->p);
    json_array_foreach(a, s, p) {
        wibbell_player *pl = &st->p[s];
        pl->name = rd_str(r, p, "name");
        rd_ids(r, p, "up", st->ncards, &pl->up);
        rd_ids(r, p, "down", st->ncards, &pl->down);
        rd_ids(r, p, "hcap", st->ncards, &pl->hcap);
        pl->nstart = (size_t)rd_int(r, p, "nstart", 0, (json_int_t)pl->hcap.n);
        pl->won = (size_t)rd_int(r, p, "won", 0, (json_int_t)st->ncards);
        pl->out = rd_bool(r, p, "out");
        pl->rounds_won = (size_t)rd_int(r, p, "rounds_won", 0, (json_int_t)st->ncards);
    }
}

static void load_words(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "used"), *w;
    size_t i;
    if (!json_is_array(a)) {
        r->bad = "used";
        return;
    }
    json_array_foreach(a, i, w) {
        if (!json_is_string(w)) {
            r->bad = "used";
            return;
        }
        st->used = wb_grow(st->used, &st->capused, st->nused + 1, sizeof *st->used);
        st->used[st->nused++] = wb_strdup(json_string_value(w));
    }
}

static void load_vocab(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "vocab"), *o;
    size_t i;
    if (!json_is_array(a)) {
        r->bad = "vocab";
        return;
    }
    json_array_foreach(a, i, o) {
        wibbell_vocab *v;
        st->vocab = wb_grow(st->vocab, &st->capvocab, st->nvocab + 1, sizeof *st->vocab);
        v = &st->vocab[st->nvocab++];
        memset(v, 0, sizeof *v);
        v->turn = (size_t)rd_int(r, o, "turn", 0, INT32_MAX);
        v->seat = (int)rd_int(r, o, "seat", 0, (json_int_t)st->nplayers - 1);
        v->word = rd_str(r, o, "word");
        v->accepted = rd_bool(r, o, "accepted");
        v->won = rd_bool(r, o, "won");
        v->reasons = rd_str(r, o, "reasons");
        v->pos = rd_str(r, o, "pos");
        v->definition = rd_str(r, o, "definition");
        v->at = rd_int(r, o, "at", INT64_MIN, INT64_MAX);
    }
}

static void load_claims(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "claims"), *o;
    size_t i;
    if (!json_is_array(a)) {
        r->bad = "claims";
        return;
    }
    json_array_foreach(a, i, o) {
        wibbell_claim *c;
        st->claims = wb_grow(st->claims, &st->capclaims, st->nclaims + 1, sizeof *st->claims);
        c = &st->claims[st->nclaims++];
        c->seat = (int)rd_int(r, o, "seat", 0, (json_int_t)st->nplayers - 1);
        c->word = rd_str(r, o, "word");
        c->at = rd_int(r, o, "at", INT64_MIN, INT64_MAX);
        c->take = (int)rd_int(r, o, "take", -1, 1);
        c->row = (size_t)rd_int(r, o, "row", 0, st->nvocab ? (json_int_t)st->nvocab - 1 : -1);
    }
}

static void load_turns(rd *r, const json_t *saved, wibbell_state *st)
{
    const json_t *a = json_object_get(saved, "turns"), *o;
    size_t i;
    if (!json_is_array(a)) {
        r->bad = "turns";
        return;
    }
    json_array_foreach(a, i, o) {
        wibbell_turn *t;
        wibbell_ids centre = {0};
        const json_t *cons = json_object_get(o, "cons");
        st->turns = wb_grow(st->turns, &st->capturns, st->nturns + 1, sizeof *st->turns);
        t = &st->turns[st->nturns++];
        memset(t, 0, sizeof *t);
        t->cons = wb_calloc(st->nplayers, sizeof *t->cons);
        t->round = (size_t)rd_int(r, o, "round", 1, INT32_MAX);
        t->nused = (size_t)rd_int(r, o, "nused", 0, (json_int_t)st->nused);
        rd_ids(r, o, "centre", st->ncards, &centre);
        if (centre.n > 2 && !r->bad)
            r->bad = "turns";
        for (size_t k = 0; k < centre.n && k < 2; k++)
            t->centre[k] = centre.v[k];
        t->ncentre = centre.n < 2 ? centre.n : 2;
        free(centre.v);
        if (json_array_size(cons) != st->nplayers) {
            if (!r->bad)
                r->bad = "turns";
            continue;
        }
        for (size_t s = 0; s < st->nplayers; s++)
            rd_id_array(r, json_array_get(cons, s), "turns", st->ncards, &t->cons[s]);
    }
}

/* Is this a card as the deck parser makes it: 1 to 26 letters A-Z, a
 * value 0..99 (checked by load_cards), a lower-case border name? */
static int card_ok(const wibbell_card *c)
{
    size_t n = strlen(c->letters), b = strlen(c->border);
    return n > 0 && strspn(c->letters, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == n && b > 0 &&
           strspn(c->border, "abcdefghijklmnopqrstuvwxyz-") == b;
}

/* Every card id in at most one place: the deck, the centre or a player's
 * cards (cards are neither made nor copied). */
static int ids_once(const wibbell_state *st)
{
    unsigned char *seen = wb_calloc(st->ncards ? st->ncards : 1, 1);
    const wibbell_ids *lists[3];
    int ok = 1;
    for (size_t s = 0; ok && s <= st->nplayers; s++) {
        size_t nl = 0;
        if (s == st->nplayers) {
            lists[nl++] = &st->deck;
            lists[nl++] = &st->centre;
        } else {
            lists[nl++] = &st->p[s].up;
            lists[nl++] = &st->p[s].down;
            lists[nl++] = &st->p[s].hcap;
        }
        for (size_t l = 0; ok && l < nl; l++)
            for (size_t i = 0; ok && i < lists[l]->n; i++)
                ok = !seen[lists[l]->v[i]]++;
    }
    free(seen);
    return ok;
}

/* The invariants the rules code relies on, so a damaged record cannot
 * make it read out of bounds, lose or copy cards, or stall. */
static const char *check_state(const wibbell_state *st)
{
    json_int_t n = (json_int_t)st->nplayers;
    for (size_t i = 0; i < st->ncards; i++)
        if (!card_ok(&st->cards[i]))
            return "cards";
    if (!ids_once(st))
        return "cards";
    if (st->centre.n > 2)
        return "centre";
    if (st->winner >= n || st->last_winner >= n || st->last_round_winner >= n ||
        st->barred >= n)
        return "seats";
    if (st->bonus >= (int)st->ncards)
        return "bonus";
    for (size_t s = 0; s < st->nplayers; s++)
        if (st->p[s].won > wibbell_round_cards(st))
            return "players";
    switch (st->phase) {
    case WIBBELL_FLIP:
        if (!st->companion || st->centre.n >= 2)
            return "phase";
        break;
    case WIBBELL_PLAY:
        if (st->centre.n != 2)
            return "phase";
        break;
    case WIBBELL_TAKE:
        if (st->winner < 0)
            return "winner";
        if (st->centre.n != 2)
            return "centre";
        break;
    case WIBBELL_KEEP:
        if (st->winner < 0 || st->mode == WIBBELL_SIMPLER)
            return "winner";
        if (st->centre.n != 0 || st->p[st->winner].up.n == 0 ||
            (st->bonus >= 0 && wibbell_ids_find(&st->p[st->winner].up, st->bonus) < 0))
            return "centre";
        break;
    default:
        break;
    }
    /* a tie window is open exactly when valid claims wait in it, one per
     * seat, each from a seat that may still win the card */
    if ((st->nclaims > 0) != (st->window_end >= 0) ||
        (st->nclaims && st->phase != WIBBELL_PLAY))
        return "claims";
    for (size_t i = 0; i < st->nclaims; i++)
        if (!wibbell_eligible(st, (size_t)st->claims[i].seat) ||
            wibbell_claim_of(st, (size_t)st->claims[i].seat) != (long)i)
            return "claims";
    return NULL;
}

int wibbell_load(const json_t *saved, void **state, char **why)
{
    rd r = {0};
    wibbell_state *st = NULL;
    char *s;
    const json_t *er;

    *state = NULL;
    if (!json_is_object(saved) || rd_int(&r, saved, "format", 1, 1) != 1 || r.bad) {
        *why = game_why("not a saved Wibbell match (format 1)");
        return WB_ECORRUPT;
    }
    st = wb_calloc(1, sizeof *st);
    st->mode = (wibbell_mode)rd_enum(&r, saved, "mode", mode_name, 3);
    st->companion = rd_bool(&r, saved, "companion");
    st->learning_aid = rd_bool(&r, saved, "learning_aid");
    st->shuffle = rd_bool(&r, saved, "shuffle");
    st->tie_ms = rd_int(&r, saved, "tie_window_ms", 0, WIBBELL_TIE_MAX);
    st->dict_id = rd_str(&r, saved, "dictionary");
    s = rd_str(&r, saved, "rng");
    if (!r.bad && rng_load(&st->rng, s))
        r.bad = "rng";
    free(s);
    load_cards(&r, saved, st);
    if (r.bad)
        goto out;
    rd_ids(&r, saved, "deck", st->ncards, &st->deck);
    st->ntrim = (size_t)rd_int(&r, saved, "ntrim", 0, (json_int_t)st->ncards);
    rd_ids(&r, saved, "centre", st->ncards, &st->centre);
    load_players(&r, saved, st);
    if (r.bad)
        goto out;
    load_words(&r, saved, st);
    st->phase = (wibbell_phase)rd_enum(&r, saved, "phase", phase_name, 5);
    st->round = (size_t)rd_int(&r, saved, "round", 1, INT32_MAX);
    st->winner = (int)rd_int(&r, saved, "winner", -1, INT32_MAX);
    st->bonus = (int)rd_int(&r, saved, "bonus", -1, INT32_MAX);
    st->last_winner = (int)rd_int(&r, saved, "last_winner", -1, INT32_MAX);
    st->last_round_winner = (int)rd_int(&r, saved, "last_round_winner", -1, INT32_MAX);
    st->barred = (int)rd_int(&r, saved, "barred", -1, INT32_MAX);
    st->window_end = rd_int(&r, saved, "window_end", -1, INT64_MAX);
    er = json_object_get(saved, "end_reason");
    if (json_is_string(er))
        st->end_reason = wb_strdup(json_string_value(er));
    else if (!json_is_null(er) && !r.bad)
        r.bad = "end_reason";
    load_vocab(&r, saved, st);
    load_claims(&r, saved, st);
    load_turns(&r, saved, st);
    if (!r.bad)
        r.bad = check_state(st);
out:
    if (r.bad) {
        *why = game_why("saved Wibbell match is damaged at '%s'", r.bad);
        wibbell_free(st);
        return WB_ECORRUPT;
    }
    *state = st;
    return WB_OK;
}

/* --- queries ------------------------------------------------------------- */

/* A decimal argument in [lo, hi]; absent gives `def`. */
static int arg_num(const json_t *args, const char *k, long def, long lo, long hi,
                   long *out, char **why)
{
    const char *s = json_string_value(json_object_get(args, k));
    char *end;
    long v;
    if (!json_object_get(args, k)) {
        *out = def;
        return WB_OK;
    }
    errno = 0;
    v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < lo || v > hi) {
        *why = game_why("%s must be a number from %ld to %ld", k, lo, hi);
        return WB_EINVAL;
    }
    *out = v;
    return WB_OK;
}

static int query_hints(const wibbell_state *st, const game_ctx *ctx, const json_t *args,
                       json_t **out, char **why)
{
    const char *cards[DICT_CARDS_MAX];
    const wibbell_turn *t;
    const dict *d = ctx && ctx->dicts ? dict_lib_find(ctx->dicts, st->dict_id) : NULL;
    dict_cards dc = {.cards = cards};
    dict_list *l = NULL;
    json_t *o = NULL, *letters = NULL;
    long turn, seat, limit;
    int rc;

    if (st->nturns == 0) {
        *why = game_why("no turn has been played yet");
        return WB_EINVAL;
    }
    if ((rc = arg_num(args, "turn", (long)st->nturns, 1, (long)st->nturns, &turn, why)) ||
        (rc = arg_num(args, "seat", -1, 0, (long)st->nplayers - 1, &seat, why)) ||
        (rc = arg_num(args, "limit", 20, 1, WIBBELL_HINTS_MAX, &limit, why)))
        return rc;
    if (!d) {
        *why = game_why("the dictionary %s of this match is not loaded", st->dict_id);
        return WB_EINVAL;
    }
    t = &st->turns[turn - 1];
    for (size_t i = 0; i < t->ncentre; i++)
        cards[dc.ncards++] = st->cards[t->centre[i]].letters;
    if (seat >= 0) {
        const wibbell_ids *c = &t->cons[seat];
        if (c->n + dc.ncards > DICT_CARDS_MAX) {
            *why = game_why("seat %ld had more cards to cover than a search takes (%d)",
                            seat, DICT_CARDS_MAX);
            return WB_EINVAL;
        }
        for (size_t i = 0; i < c->n; i++)
            cards[dc.ncards++] = st->cards[c->v[i]].letters;
    }
    rc = dict_match(d, &dc, (const char *const *)st->used, t->nused, 0, (size_t)limit, &l);
    if (rc) {
        *why = game_why("the dictionary failed: %s", wb_strerror(rc));
        return rc;
    }
    letters = json_array();
    rc = !letters;
    for (size_t i = 0; letters && i < dc.ncards; i++)
        rc |= wibbell_push(letters, json_string(cards[i]));
    o = json_object();
    rc |= !o;
    if (o) {
        rc |= wibbell_set(o, "turn", json_integer(turn));
        rc |= wibbell_set(o, "seat", seat >= 0 ? json_integer(seat) : json_null());
        rc |= wibbell_set(o, "cards", letters);
        letters = NULL;
        rc |= wibbell_set(o, "used", strings_json(st->used, t->nused));
        rc |= wibbell_set(o, "words", strings_json(l->words, l->nwords));
        rc |= wibbell_set(o, "total", json_integer((json_int_t)l->total));
    }
    dict_list_free(l);
    json_decref(letters);
    if (rc) {
        json_decref(o);
        return WB_ENOMEM;
    }
    *out = o;
    return WB_OK;
}

int wibbell_query(const void *state, const game_ctx *ctx, int seat,
                  const char *name, const json_t *args, json_t **out,
                  char **why)
{
    const wibbell_state *st = state;
    *out = NULL;
    if (strcmp(name, "vocabulary") == 0) {
        /* The host's, and the players' of this match (not the public's):
         * rows name players and show every refused word. */
        if (seat == GAME_SEAT_PUBLIC) {
            *why = game_why("the vocabulary log is for the host and the players of this "
                            "match: send a seat or host token");
            return WB_EAUTH;
        }
        json_t *rows = vocab_json(st, seat);
        *out = rows ? json_pack("{s:o}", "rows", rows) : NULL;
        return *out ? WB_OK : WB_ENOMEM;
    }
    if (strcmp(name, "hints") == 0) {
        if (seat != GAME_SEAT_HOST) {
            *why = game_why("only the host may ask which words would have worked");
            return WB_EFORBIDDEN;
        }
        return query_hints(st, ctx, args, out, why);
    }
    *why = game_why("Wibbell answers the queries vocabulary and hints, not '%s'", name);
    return WB_ENOTFOUND;
}
