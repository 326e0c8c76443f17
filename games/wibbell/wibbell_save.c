/*
 * wibbell_save.c - what Wibbell stores: the state for the codec
 * (game_json.h: one description, both ways) and the invariants a loaded
 * state must hold, so a state it accepts is safe to play.  Nothing here
 * changes a match.
 */
#include <string.h>

#include "wb_err.h"
#include "wibbell.h"
#include "wibbell_int.h"

/* --- the state, both ways ------------------------------------------------- */

/* A vector of the state: its length (loading: allocated, zeroed; the
 * codec frees it too, so the state needs no free hook). */
#define io_vec(io, key, v, n) game_io_vec(io, key, (void **)&(v), &(n), sizeof *(v), 0, 1u << 20)

/* Is this a card as the deck parser makes it: 1 to 26 letters A-Z, a
 * value 0..99 (checked by io_cards), a lower-case border name? */
static int card_ok(const wibbell_card *c)
{
    size_t n = strlen(c->letters), b = strlen(c->border);
    return n > 0 && strspn(c->letters, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == n && b > 0 &&
           strspn(c->border, "abcdefghijklmnopqrstuvwxyz-") == b;
}

static void io_cards(game_io *io, wibbell_state *st)
{
    size_t n = game_io_vec(io, "cards", (void **)&st->cards, &st->ncards, sizeof *st->cards, 1,
                           WIBBELL_DECK_MAX);
    for (size_t i = 0; i < n; i++) {
        wibbell_card *c = &st->cards[i];
        game_io_array(io, NULL, 3, 3, 3);
        game_io_chars(io, NULL, c->letters, sizeof c->letters);
        game_io_int(io, NULL, &c->value, 0, 99);
        game_io_chars(io, NULL, c->border, sizeof c->border);
        game_io_end(io);
        if (game_io_loading(io) && !card_ok(c))
            game_io_fail(io, "cards");
    }
    game_io_end(io);
}

static void io_players(game_io *io, wibbell_state *st)
{
    size_t n = game_io_vec(io, "players", (void **)&st->p, &st->nplayers, sizeof *st->p, 2,
                           WIBBELL_SEATS_MAX);
    for (size_t s = 0; s < n; s++) {
        wibbell_player *p = &st->p[s];
        game_io_object(io, NULL);
        game_io_text(io, "name", &p->name);
        game_io_ids(io, "up", &p->up, (int)st->ncards - 1);
        game_io_ids(io, "down", &p->down, (int)st->ncards - 1);
        game_io_ids(io, "hcap", &p->hcap, (int)st->ncards - 1);
        game_io_size(io, "nstart", &p->nstart, p->hcap.n);
        game_io_size(io, "won", &p->won, wibbell_round_cards(st));
        game_io_bool(io, "out", &p->out);
        game_io_size(io, "rounds_won", &p->rounds_won, st->ncards);
        game_io_end(io);
    }
    game_io_end(io);
}

static void io_vocab(game_io *io, wibbell_state *st)
{
    size_t n = io_vec(io, "vocab", st->vocab, st->nvocab);
    for (size_t i = 0; i < n; i++) {
        wibbell_vocab *v = &st->vocab[i];
        int keep = game_io_loading(io) || game_io_freeing(io); /* the seat's: not ours */
        char *player = keep ? NULL : st->p[st->vocab[i].seat].name;
        game_io_object(io, NULL);
        game_io_size(io, "turn", &v->turn, INT32_MAX);
        game_io_int(io, "seat", &v->seat, 0, (int)st->nplayers - 1);
        game_io_str(io, "player", &player); /* shown, not kept: the seat's name */
        game_io_text(io, "word", &v->word);
        game_io_bool(io, "accepted", &v->accepted);
        game_io_bool(io, "won", &v->won);
        game_io_text(io, "reasons", &v->reasons);
        game_io_text(io, "pos", &v->pos);
        game_io_text(io, "definition", &v->definition);
        game_io_text(io, "translation", &v->translation);
        game_io_i64(io, "at", &v->at, INT64_MIN, INT64_MAX);
        game_io_int(io, "member", &v->member, -1, INT32_MAX);
        game_io_text(io, "nickname", &v->nickname);
        game_io_end(io);
        if (game_io_loading(io))
            free(player);
    }
    game_io_end(io);
}

static void io_claims(game_io *io, wibbell_state *st)
{
    size_t n = io_vec(io, "claims", st->claims, st->nclaims);
    for (size_t i = 0; i < n; i++) {
        wibbell_claim *c = &st->claims[i];
        game_io_object(io, NULL);
        game_io_int(io, "seat", &c->seat, 0, (int)st->nplayers - 1);
        game_io_text(io, "word", &c->word);
        game_io_i64(io, "at", &c->at, INT64_MIN, INT64_MAX);
        game_io_int(io, "take", &c->take, -1, 1);
        game_io_size(io, "row", &c->row, st->nvocab ? st->nvocab - 1 : 0);
        game_io_int(io, "member", &c->member, -1, INT32_MAX);
        game_io_end(io);
        /* one per seat (a class member's: one per member), each from a
         * seat that may still win the card */
        if (game_io_loading(io) &&
            (!st->nvocab || !wibbell_eligible(st, (size_t)c->seat) ||
             (c->member < 0 ? wibbell_claim_of(st, (size_t)c->seat)
                            : wibbell_member_claim(st, c->member)) != (long)i))
            game_io_fail(io, "claims");
    }
    game_io_end(io);
}

static void io_turns(game_io *io, wibbell_state *st)
{
    size_t n = io_vec(io, "turns", st->turns, st->nturns);
    for (size_t i = 0; i < n; i++) {
        wibbell_turn *t = &st->turns[i];
        game_io_object(io, NULL);
        game_io_size(io, "round", &t->round, INT32_MAX);
        game_io_ids(io, "centre", &t->centre, (int)st->ncards - 1);
        game_io_size(io, "nused", &t->nused, st->nused);
        size_t nc = game_io_vec(io, "cons", (void **)&t->cons, &t->ncons, sizeof *t->cons,
                                st->nplayers, st->nplayers);
        for (size_t s = 0; s < nc; s++)
            game_io_ids(io, NULL, &t->cons[s], (int)st->ncards - 1);
        game_io_end(io);
        game_io_end(io);
        if (game_io_loading(io) && (t->centre.n > 2 || t->round < 1))
            game_io_fail(io, "turns");
    }
    game_io_end(io);
}

/* The invariants the rules code relies on, so a damaged record cannot
 * make it read out of bounds, lose or copy cards, or stall. */
static const char *check_state(const wibbell_state *st)
{
    int ph = st->phase, chooser = ph == WIBBELL_TAKE || ph == WIBBELL_KEEP;
    const wibbell_player *w = chooser && st->winner >= 0 ? &st->p[st->winner] : NULL;
    /* every card id in at most one place: the deck, the centre or a
     * player's cards (cards are neither made nor copied) */
    const game_ids *lists[3 * WIBBELL_SEATS_MAX + 2] = {&st->deck, &st->centre};
    size_t nl = 2;
    for (size_t s = 0; s < st->nplayers; s++) {
        lists[nl++] = &st->p[s].up;
        lists[nl++] = &st->p[s].down;
        lists[nl++] = &st->p[s].hcap;
    }
    if (game_ids_once(lists, nl, st->ncards) < 0)
        return "cards";
    if (st->centre.n > 2)
        return "centre";
    if (st->learner && !wibbell_language_code(st->learner))
        return "learner_language";
    /* flip: fewer than 2 centre cards (companion mode only); play and
     * take: 2; keep: none, the winner's round cards hold the bonus */
    if ((ph == WIBBELL_FLIP && (!st->companion || st->centre.n >= 2)) ||
        (ph == WIBBELL_PLAY && st->centre.n != 2))
        return "phase";
    if (chooser && (!w || (ph == WIBBELL_KEEP && st->mode == WIBBELL_SIMPLER)))
        return "winner";
    if ((ph == WIBBELL_TAKE && st->centre.n != 2) ||
        (ph == WIBBELL_KEEP && (st->centre.n != 0 || w->up.n == 0 ||
                                (st->bonus >= 0 && game_ids_find(&w->up, st->bonus) < 0))))
        return "centre";
    /* a tie window is open exactly when valid claims wait in it (each
     * checked by io_claims) */
    if ((st->nclaims > 0) != (st->window_end >= 0) ||
        (st->nclaims && st->phase != WIBBELL_PLAY))
        return "claims";
    return NULL;
}

void wibbell_io(game_io *io, void *state)
{
    wibbell_state *st = state;
    int load = game_io_loading(io);
    game_io_enum(io, "mode", (int *)&st->mode, wibbell_mode_names, 3);
    game_io_bool(io, "companion", &st->companion);
    game_io_bool(io, "learning_aid", &st->learning_aid);
    game_io_bool(io, "shuffle", &st->shuffle);
    game_io_bool(io, "forgive_typos", &st->forgive_typos);
    game_io_bool(io, "classroom", &st->classroom);
    game_io_enum(io, "class_grade", &st->class_grade, wibbell_class_grade_names, 3);
    game_io_enum(io, "compounds", &st->compounds, wibbell_compounds_names, 2);
    game_io_bool(io, "class_session", &st->class_session);
    game_io_enum(io, "member_mistake", &st->member_mistake, wibbell_mistake_names, 2);
    game_io_i64(io, "tie_window_ms", &st->tie_ms, 0, WIBBELL_TIE_MAX);
    game_io_text(io, "dictionary", &st->dict_id);
    game_io_str(io, "learner_language", &st->learner);
    game_io_rng(io, "rng", &st->rng);
    io_cards(io, st);
    if (!game_io_ok(io))
        return; /* the ids below are read against the cards */
    game_io_ids(io, "deck", &st->deck, (int)st->ncards - 1);
    game_io_size(io, "ntrim", &st->ntrim, st->ncards);
    game_io_ids(io, "centre", &st->centre, (int)st->ncards - 1);
    game_io_ids(io, "out_members", &st->out_members, INT32_MAX);
    io_players(io, st);
    if (!game_io_ok(io))
        return;
    size_t n = io_vec(io, "used", st->used, st->nused);
    for (size_t i = 0; i < n; i++)
        game_io_text(io, NULL, &st->used[i]);
    game_io_end(io);
    game_io_enum(io, "phase", (int *)&st->phase, wibbell_phase_names, WIBBELL_OVER + 1);
    game_io_size(io, "round", &st->round, INT32_MAX);
    game_io_int(io, "winner", &st->winner, -1, (int)st->nplayers - 1);
    game_io_int(io, "bonus", &st->bonus, -1, (int)st->ncards - 1);
    game_io_int(io, "last_winner", &st->last_winner, -1, (int)st->nplayers - 1);
    game_io_int(io, "last_round_winner", &st->last_round_winner, -1, (int)st->nplayers - 1);
    game_io_int(io, "barred", &st->barred, -1, (int)st->nplayers - 1);
    game_io_i64(io, "window_end", &st->window_end, -1, INT64_MAX);
    game_io_str(io, "end_reason", &st->end_reason);
    game_io_str(io, "undo", &st->undo);
    io_vocab(io, st);
    io_claims(io, st);
    io_turns(io, st);
    if (!load || !game_io_ok(io))
        return;
    const char *bad = !st->round ? "dictionary" : check_state(st);
    if (bad)
        game_io_fail(io, bad);
}
