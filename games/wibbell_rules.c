/*
 * wibbell_rules.c - the Wibbell state machine: every action a match
 * accepts and what it does, by rules/wibbell.md.
 *
 * A turn: two cards in the centre, claims open (phase play).  A claim is
 * judged at once by dict_check against the centre, the claimant's
 * permanent handicaps and face-up round cards, and the words used to take
 * cards.  A refused claim is a mistake: the seat is out until the next
 * card is flipped.  The first valid claim opens the tie window; when it
 * closes (the framework's timer) the shortest word wins, then the first
 * alphabetically; identical best words redeal.  The winner takes a card
 * (phase take); the 3rd card of a round (4th in simple mode) ends the
 * round (phase keep for the permanent handicap).  The end of the deck is
 * handled in refill() and win_turn(); companion mode replaces the deck by
 * the host's flips.  Each choice is explained in games/WIBBELL.md.
 *
 * Every check that can refuse an action comes before the first change to
 * the state, so a refused action changes nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

/* One apply() call: the state, the context and the events it caused. */
typedef struct run {
    wibbell_state *st;
    const game_ctx *ctx;
    json_t *ev;
} run;

/* Events are built after the state has changed, so failing to build one
 * (Jansson out of memory) cannot be reported as "nothing changed": like
 * wb_malloc, give up loudly. */
static void emit(run *r, json_t *e)
{
    if (wibbell_push(r->ev, e)) {
        fprintf(stderr, "wibbell: out of memory building an event\n");
        abort();
    }
}

static const char *name_of(const wibbell_state *st, int seat)
{
    return seat >= 0 && (size_t)seat < st->nplayers ? st->p[seat].name : "nobody";
}

static void clear_claims(wibbell_state *st)
{
    for (size_t i = 0; i < st->nclaims; i++)
        free(st->claims[i].word);
    st->nclaims = 0;
    st->window_end = -1;
}

static void game_over(run *r, const char *reason)
{
    wibbell_state *st = r->st;
    clear_claims(st);
    st->phase = WIBBELL_OVER;
    st->winner = -1;
    st->barred = -1; /* the round is over too: the learning aid's bar lifts */
    free(st->end_reason);
    st->end_reason = wb_strdup(reason);
    emit(r, json_pack("{s:s,s:o,s:o,s:s}", "type", "game_over",
                      "scores", wibbell_scores_json(st),
                      "winners", wibbell_winners_json(st), "reason", reason));
}

/* Centre card `idx` goes face-up in front of `seat`. */
static int take_centre(run *r, int seat, size_t idx, const char *flag)
{
    wibbell_state *st = r->st;
    int id = st->centre.v[idx];
    json_t *e;
    wibbell_ids_remove(&st->centre, idx);
    wibbell_ids_push(&st->p[seat].up, id);
    e = json_pack("{s:s,s:i,s:o}", "type", "card_taken", "seat", seat,
                  "card", wibbell_card_json(st, id));
    if (e && flag && wibbell_set(e, flag, json_true())) {
        json_decref(e);
        e = NULL;
    }
    emit(r, e);
    return id;
}

static void flip_top(run *r)
{
    wibbell_state *st = r->st;
    int id = st->deck.v[0];
    wibbell_ids_remove(&st->deck, 0);
    wibbell_ids_push(&st->centre, id);
    emit(r, json_pack("{s:s,s:o,s:I}", "type", "card_flipped",
                      "card", wibbell_card_json(st, id),
                      "deck", (json_int_t)wibbell_remaining(st)));
}

/* Two cards are in the centre: a new turn, recorded for the hints query. */
static void start_turn(wibbell_state *st)
{
    wibbell_turn *t;
    clear_claims(st);
    for (size_t s = 0; s < st->nplayers; s++)
        st->p[s].out = 0;
    st->phase = WIBBELL_PLAY;
    st->winner = -1;

    st->turns = wb_grow(st->turns, &st->capturns, st->nturns + 1, sizeof *st->turns);
    t = &st->turns[st->nturns++];
    memset(t, 0, sizeof *t);
    t->round = st->round;
    t->ncentre = st->centre.n;
    for (size_t i = 0; i < st->centre.n && i < 2; i++)
        t->centre[i] = st->centre.v[i];
    t->nused = st->nused;
    t->cons = wb_calloc(st->nplayers, sizeof *t->cons);
    for (size_t s = 0; s < st->nplayers; s++) {
        for (size_t i = 0; i < st->p[s].hcap.n; i++)
            wibbell_ids_push(&t->cons[s], st->p[s].hcap.v[i]);
        for (size_t i = 0; i < st->p[s].up.n; i++)
            wibbell_ids_push(&t->cons[s], st->p[s].up.v[i]);
    }
}

/* Bring the centre back to two cards and start a turn, or end the game
 * when the deck is out.  "Whomever wins the last turn of the game takes the
 * final card; if the round is reset when only 1 card is in the deck, the
 * round winner takes the final card": a single card that can no longer
 * be joined by a second goes to the winner of the latest turn (the round
 * winner after a reset). */
static void refill(run *r)
{
    wibbell_state *st = r->st;
    while (st->centre.n < 2 && wibbell_remaining(st) > 0) {
        if (st->companion) {
            st->phase = WIBBELL_FLIP;
            st->winner = -1;
            return;
        }
        flip_top(r);
    }
    if (st->centre.n == 2) {
        start_turn(st);
        return;
    }
    if (st->centre.n == 1 && st->last_winner >= 0)
        take_centre(r, st->last_winner, 0, "final");
    game_over(r, "deck_out");
}

/* Everyone's round cards turn face-down; the next round starts. */
static void finish_round(run *r)
{
    wibbell_state *st = r->st;
    for (size_t s = 0; s < st->nplayers; s++) {
        wibbell_player *p = &st->p[s];
        for (size_t i = 0; i < p->up.n; i++)
            wibbell_ids_push(&p->down, p->up.v[i]);
        p->up.n = 0;
        p->won = 0;
        p->out = 0;
    }
    st->bonus = -1;
    st->winner = -1;
    if (wibbell_remaining(st) >= 2) {
        st->round++;
        st->barred = st->learning_aid ? st->last_round_winner : -1;
        emit(r, json_pack("{s:s,s:I}", "type", "round_started", "round", (json_int_t)st->round));
    }
    refill(r);
}

static void end_round(run *r, int seat)
{
    wibbell_state *st = r->st;
    st->p[seat].rounds_won++;
    st->last_round_winner = seat;
    emit(r, json_pack("{s:s,s:i,s:I}", "type", "round_won", "seat", seat,
                      "round", (json_int_t)st->round));
    if (st->mode == WIBBELL_SIMPLER) {
        finish_round(r);
        return;
    }
    st->phase = WIBBELL_KEEP;
    st->winner = seat;
}

/* The turn's winner takes centre card `k`. */
static void do_take(run *r, int seat, size_t k)
{
    wibbell_state *st = r->st;
    take_centre(r, seat, k, NULL);
    st->p[seat].won++;
    if (st->p[seat].won == wibbell_round_cards(st)) {
        /* simple mode: the other centre card is the bonus */
        st->bonus = take_centre(r, seat, 0, "bonus");
        end_round(r, seat);
        return;
    }
    refill(r);
}

/* `seat` won the turn, with `word` (normalised; NULL when collected
 * automatically without a claim).  `take`: the centre card chosen in
 * advance, or -1. */
static void win_turn(run *r, int seat, const char *word, int automatic, int take)
{
    wibbell_state *st = r->st;
    wibbell_player *p = &st->p[seat];
    int round_end = p->won + 1 == wibbell_round_cards(st);

    emit(r, json_pack("{s:s,s:i,s:o,s:b,s:I}", "type", "card_won", "seat", seat,
                      "word", word ? json_string(word) : json_null(),
                      "automatic", automatic, "turn", (json_int_t)st->nturns));
    if (word) {
        st->used = wb_grow(st->used, &st->capused, st->nused + 1, sizeof *st->used);
        st->used[st->nused++] = wb_strdup(word);
    }
    clear_claims(st);
    st->winner = seat;
    st->last_winner = seat;

    if (wibbell_remaining(st) == 0) {
        /* the last turn of the game: the winner takes the final card too */
        take_centre(r, seat, 0, NULL);
        p->won++;
        if (st->centre.n)
            take_centre(r, seat, 0, "final");
        if (round_end) {
            p->rounds_won++;
            st->last_round_winner = seat;
            emit(r, json_pack("{s:s,s:i,s:I}", "type", "round_won", "seat", seat,
                              "round", (json_int_t)st->round));
        }
        game_over(r, "deck_out");
        return;
    }
    if (round_end && st->mode != WIBBELL_SIMPLE) {
        /* "they take both cards from the centre" */
        take_centre(r, seat, 0, NULL);
        p->won++;
        take_centre(r, seat, 0, "bonus");
        end_round(r, seat);
        return;
    }
    if (take >= 0) {
        do_take(r, seat, (size_t)take);
        return;
    }
    st->phase = WIBBELL_TAKE;
}

/* Both centre cards go under the deck and two are flipped. */
static void redeal(run *r, const char *reason)
{
    wibbell_state *st = r->st;
    json_t *cards = wibbell_cards_json(st, &st->centre);
    emit(r, json_pack("{s:s,s:o,s:s}", "type", "redeal", "cards", cards, "reason", reason));
    for (size_t i = 0; i < st->centre.n; i++) {
        int id = st->centre.v[i];
        if (st->companion) {
            /* back among the unseen cards, kept in id order */
            size_t at = 0;
            while (at < st->deck.n && st->deck.v[at] < id)
                at++;
            wibbell_ids_push(&st->deck, id);
            memmove(st->deck.v + at + 1, st->deck.v + at,
                    (st->deck.n - at - 1) * sizeof *st->deck.v);
            st->deck.v[at] = id;
        } else {
            wibbell_ids_push(&st->deck, id);
        }
    }
    st->centre.n = 0;
    clear_claims(st);
    refill(r);
}

/* After a mistake: "if only one player is competing for a card, they
 * collect it automatically"; if nobody is, the centre is redealt. */
static void after_mistake(run *r)
{
    wibbell_state *st = r->st;
    size_t n = 0;
    int last = -1;
    for (size_t s = 0; s < st->nplayers; s++)
        if (wibbell_eligible(st, s)) {
            n++;
            last = (int)s;
        }
    if (n == 0) {
        redeal(r, "nobody_eligible");
        return;
    }
    if (n > 1)
        return;
    long c = wibbell_claim_of(st, (size_t)last);
    if (c >= 0) {
        wibbell_claim cl = st->claims[c];
        char *w = wb_strdup(cl.word);
        st->vocab[cl.row].won = 1;
        win_turn(r, last, w, 1, cl.take);
        free(w);
    } else {
        win_turn(r, last, NULL, 1, -1);
    }
}

/* Letters (code points) in a UTF-8 word. */
static size_t letters(const char *w)
{
    size_t n = 0;
    for (; *w; w++)
        n += ((unsigned char)*w & 0xC0) != 0x80;
    return n;
}

/* The tie window closed: the best pending claim wins. */
static void resolve_window(run *r)
{
    wibbell_state *st = r->st;
    size_t best = 0, same = 0;
    for (size_t i = 1; i < st->nclaims; i++) {
        const char *a = st->claims[i].word, *b = st->claims[best].word;
        size_t la = letters(a), lb = letters(b);
        if (la < lb || (la == lb && strcmp(a, b) < 0))
            best = i;
    }
    for (size_t i = 0; i < st->nclaims; i++)
        same += strcmp(st->claims[i].word, st->claims[best].word) == 0;
    if (same > 1) {
        redeal(r, "identical_words");
        return;
    }
    wibbell_claim cl = st->claims[best];
    char *w = wb_strdup(cl.word);
    st->vocab[cl.row].won = 1;
    win_turn(r, cl.seat, w, 0, cl.take);
    free(w);
}

/* --- judging a claim ----------------------------------------------------- */

static const char *phase_why(const wibbell_state *st, char **why)
{
    switch (st->phase) {
    case WIBBELL_TAKE:
        *why = game_why("%s won this card and is choosing which centre card to take",
                        name_of(st, st->winner));
        break;
    case WIBBELL_KEEP:
        *why = game_why("the round is over: %s is choosing a permanent handicap",
                        name_of(st, st->winner));
        break;
    case WIBBELL_FLIP:
        *why = game_why("no turn is under way: the host has to flip a card first");
        break;
    case WIBBELL_OVER:
        *why = game_why("the game is over");
        break;
    default:
        *why = game_why("not now");
        break;
    }
    return *why;
}

static char *join_reasons(const dict_verdict *v)
{
    char *s = wb_strdup("");
    for (size_t i = 0; i < v->nreasons; i++) {
        char *t = wb_asprintf("%s%s%s", s, i ? "; " : "", v->reasons[i].detail);
        free(s);
        s = t;
    }
    return s;
}

static json_t *reasons_json(const dict_verdict *v)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < v->nreasons; i++) {
        const dict_reason *re = &v->reasons[i];
        json_t *o = json_pack("{s:s,s:s}", "code", dict_reason_name(re->code),
                              "detail", re->detail ? re->detail : "");
        if (o && re->of)
            rc |= wibbell_set(o, "of", json_string(re->of));
        rc |= wibbell_push(a, o);
    }
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

/* Append a row to the vocabulary log; returns its index. */
static size_t log_word(wibbell_state *st, const dict *d, int seat, const dict_verdict *v,
                       int64_t now)
{
    wibbell_vocab *row;
    dict_entry *e = NULL;
    st->vocab = wb_grow(st->vocab, &st->capvocab, st->nvocab + 1, sizeof *st->vocab);
    row = &st->vocab[st->nvocab];
    memset(row, 0, sizeof *row);
    row->turn = st->nturns;
    row->seat = seat;
    row->word = wb_strdup(v->word);
    row->accepted = v->valid;
    row->reasons = join_reasons(v);
    row->at = now;
    /* the definition at the time of the claim, so a replay is exact even
     * when the dictionary is rebuilt later */
    if (dict_lookup(d, v->word, strlen(v->word), 0, 1, &e) == WB_OK && e->ndefs > 0) {
        row->pos = wb_strdup(e->defs[0].pos);
        row->definition = wb_strdup(e->defs[0].text ? e->defs[0].text : "");
    } else {
        row->pos = wb_strdup("");
        row->definition = wb_strdup("");
    }
    dict_entry_free(e);
    return st->nvocab++;
}

static int act_claim(run *r, int seat, const json_t *a, char **why)
{
    wibbell_state *st = r->st;
    wibbell_player *p;
    const json_t *jw = json_object_get(a, "word"), *jt = json_object_get(a, "take");
    const char *word, *cards[DICT_CARDS_MAX];
    const dict *d = NULL;
    dict_verdict *v = NULL;
    dict_cards dc;
    int64_t now = r->ctx ? r->ctx->now_ms : 0;
    int take = -1, rc;
    size_t ncards;

    if (!json_is_string(jw) || !*json_string_value(jw)) {
        *why = game_why("a claim needs a word: {\"type\":\"claim\",\"word\":\"kissing\"}");
        return WB_EINVAL;
    }
    word = json_string_value(jw);
    if (jt && !json_is_null(jt)) {
        if (!json_is_integer(jt) || json_integer_value(jt) < 0 || json_integer_value(jt) > 1) {
            *why = game_why("take, when given with a claim, is 0 or 1 (the centre card)");
            return WB_EINVAL;
        }
        take = (int)json_integer_value(jt);
    }
    if (st->phase != WIBBELL_PLAY) {
        phase_why(st, why);
        return WB_EILLEGAL;
    }
    p = &st->p[seat];
    if (p->out) {
        *why = game_why("%s already made a mistake on this card and can no longer win it; "
                        "claims open again when the next card is flipped", p->name);
        return WB_EILLEGAL;
    }
    if (st->barred == seat) {
        *why = game_why("learning aid: %s won the previous round and may not win this "
                        "one; let the others find the words", p->name);
        return WB_EILLEGAL;
    }
    if (wibbell_claim_of(st, (size_t)seat) >= 0) {
        *why = game_why("%s already claimed '%s' for this card; wait for the tie "
                        "window to close", p->name,
                        st->claims[wibbell_claim_of(st, (size_t)seat)].word);
        return WB_EILLEGAL;
    }
    if (st->window_end >= 0 && now > st->window_end) {
        *why = game_why("too late: '%s' was claimed first and the tie window for this "
                        "card has closed", st->claims[0].word);
        return WB_EILLEGAL;
    }
    ncards = wibbell_claim_cards(st, (size_t)seat, cards);
    if (ncards > DICT_CARDS_MAX) {
        *why = game_why("%s must cover %zu cards, more than the %d any claim can be "
                        "judged against", p->name, ncards, DICT_CARDS_MAX);
        return WB_EILLEGAL;
    }
    if (r->ctx && r->ctx->dicts)
        d = dict_lib_find(r->ctx->dicts, st->dict_id);
    if (!d) {
        *why = game_why("the dictionary %s of this match is not loaded, so no claim "
                        "can be judged", st->dict_id);
        return WB_EILLEGAL;
    }
    dc.cards = cards;
    dc.ncards = ncards;
    rc = dict_check(d, word, strlen(word), &dc, (const char *const *)st->used, st->nused, &v);
    if (rc == WB_ENOTWORD || rc == WB_EUTF8 || rc == WB_ETOOBIG) {
        *why = game_why("'%s' is not one word of letters (at most %d), so it cannot be "
                        "judged", word, DICT_WORD_MAX);
        return WB_EINVAL;
    }
    if (rc) {
        *why = game_why("the dictionary could not judge '%s': %s", word, wb_strerror(rc));
        return rc;
    }

    /* From here on the claim is judged and the state changes. */
    size_t row = log_word(st, d, seat, v, now);
    if (!v->valid) {
        p->out = 1;
        emit(r, json_pack("{s:s,s:i,s:s,s:o,s:I}", "type", "claim_refused", "seat", seat,
                          "word", v->word, "reasons", reasons_json(v),
                          "turn", (json_int_t)st->nturns));
        after_mistake(r);
        goto out;
    }
    if (st->companion || st->tie_ms == 0) {
        emit(r, json_pack("{s:s,s:i,s:s,s:I}", "type", "claim_accepted", "seat", seat,
                          "word", v->word, "turn", (json_int_t)st->nturns));
        st->vocab[row].won = 1;
        win_turn(r, seat, v->word, 0, take);
        goto out;
    }
    if (st->window_end < 0)
        st->window_end = now + st->tie_ms;
    st->claims = wb_grow(st->claims, &st->capclaims, st->nclaims + 1, sizeof *st->claims);
    st->claims[st->nclaims++] = (wibbell_claim){
        .seat = seat, .word = wb_strdup(v->word), .at = now, .take = take, .row = row};
    emit(r, json_pack("{s:s,s:i,s:s,s:I,s:I}", "type", "claim_accepted", "seat", seat,
                      "word", v->word, "turn", (json_int_t)st->nturns,
                      "window_until", (json_int_t)st->window_end));
out:
    dict_verdict_free(v);
    return WB_OK;
}

/* --- the other actions --------------------------------------------------- */

/* The "seat" member the host gives in companion mode, checked against the
 * seat that must act; absent means that seat. */
static int host_seat(const wibbell_state *st, const json_t *a, char **why)
{
    const json_t *js = json_object_get(a, "seat");
    if (!js || json_is_null(js) || (json_is_integer(js) && json_integer_value(js) == st->winner))
        return WB_OK;
    if (!json_is_integer(js)) {
        *why = game_why("seat must be a seat number");
        return WB_EINVAL;
    }
    *why = game_why("seat %lld is not the one choosing: %s (seat %d) won",
                    (long long)json_integer_value(js), name_of(st, st->winner), st->winner);
    return WB_EILLEGAL;
}

/* The winner makes the choice; the host may record it for them. */
static int chooser(const wibbell_state *st, int seat, const json_t *a, const char *won,
                   char **why)
{
    if (seat == GAME_SEAT_HOST)
        return host_seat(st, a, why);
    if (seat != st->winner) {
        *why = game_why("%s won %s", name_of(st, st->winner), won);
        return WB_ENOTTURN;
    }
    return WB_OK;
}

static int act_take(run *r, int seat, const json_t *a, char **why)
{
    wibbell_state *st = r->st;
    const json_t *jc = json_object_get(a, "card");
    int rc;
    if (!json_is_integer(jc)) {
        *why = game_why("take needs the centre card: {\"type\":\"take\",\"card\":0}");
        return WB_EINVAL;
    }
    if (st->phase != WIBBELL_TAKE) {
        if (st->phase == WIBBELL_PLAY)
            *why = game_why("nobody has won the centre cards yet: claim a word first");
        else
            phase_why(st, why);
        return WB_EILLEGAL;
    }
    if ((rc = chooser(st, seat, a, "this card and chooses which one to take", why)))
        return rc;
    if (json_integer_value(jc) < 0 || (size_t)json_integer_value(jc) >= st->centre.n) {
        *why = game_why("card is the index of a centre card: 0 or 1");
        return WB_EILLEGAL;
    }
    do_take(r, st->winner, (size_t)json_integer_value(jc));
    return WB_OK;
}

static int act_keep(run *r, int seat, const json_t *a, char **why)
{
    wibbell_state *st = r->st;
    const json_t *jc = json_object_get(a, "card");
    wibbell_player *p;
    long at;
    int rc, id;
    if (!json_is_integer(jc)) {
        *why = game_why("keep needs a card id: {\"type\":\"keep\",\"card\":17}");
        return WB_EINVAL;
    }
    if (st->phase != WIBBELL_KEEP) {
        if (st->phase == WIBBELL_PLAY || st->phase == WIBBELL_TAKE)
            *why = game_why("a permanent handicap is kept only at the end of a round");
        else
            phase_why(st, why);
        return WB_EILLEGAL;
    }
    if ((rc = chooser(st, seat, a, "the round and chooses the permanent handicap", why)))
        return rc;
    p = &st->p[st->winner];
    id = json_integer_value(jc) < 0 || json_integer_value(jc) > INT32_MAX
             ? -1 : (int)json_integer_value(jc);
    at = id < 0 ? -1 : wibbell_ids_find(&p->up, id);
    if (at < 0) {
        *why = game_why("card %lld is not one of %s's cards of this round",
                        (long long)json_integer_value(jc), p->name);
        return WB_EILLEGAL;
    }
    if (id == st->bonus) {
        *why = game_why("the bonus card %s cannot be the permanent handicap: keep one "
                        "of the 4 cards won", st->cards[id].letters);
        return WB_EILLEGAL;
    }
    wibbell_ids_remove(&p->up, (size_t)at);
    wibbell_ids_push(&p->hcap, id);
    emit(r, json_pack("{s:s,s:i,s:o}", "type", "handicap_kept", "seat", st->winner,
                      "card", wibbell_card_json(st, id)));
    finish_round(r);
    return WB_OK;
}

static int act_timer(run *r, int seat, char **why)
{
    wibbell_state *st = r->st;
    if (seat != GAME_SEAT_SYSTEM) {
        *why = game_why("timers come from the daemon's clock, not from players");
        return WB_ENOTTURN;
    }
    if (st->phase != WIBBELL_PLAY || st->window_end < 0) {
        *why = game_why("no tie window is open");
        return WB_EILLEGAL;
    }
    resolve_window(r);
    return WB_OK;
}

static int act_flip(run *r, const json_t *a, char **why)
{
    wibbell_state *st = r->st;
    const json_t *jc = json_object_get(a, "card");
    wibbell_card c;
    char want[WIBBELL_LETTERS_MAX + 1], have[WIBBELL_LETTERS_MAX + 1], *w = NULL;
    if (!json_is_string(jc) || wibbell_card_parse(json_string_value(jc), &c, &w)) {
        free(w);
        *why = game_why("flip needs the letters of the card turned up: "
                        "{\"type\":\"flip\",\"card\":\"NZ\"}");
        return WB_EINVAL;
    }
    if (st->phase != WIBBELL_FLIP) {
        if (st->phase == WIBBELL_PLAY)
            *why = game_why("the centre already holds two cards");
        else
            phase_why(st, why);
        return WB_EILLEGAL;
    }
    wibbell_card_key(c.letters, want);
    for (size_t i = 0; i < st->deck.n; i++) {
        int id = st->deck.v[i];
        wibbell_card_key(st->cards[id].letters, have);
        if (strcmp(want, have) != 0)
            continue;
        wibbell_ids_remove(&st->deck, i);
        wibbell_ids_push(&st->centre, id);
        emit(r, json_pack("{s:s,s:o,s:I}", "type", "card_flipped",
                          "card", wibbell_card_json(st, id),
                          "deck", (json_int_t)wibbell_remaining(st)));
        refill(r);
        return WB_OK;
    }
    *why = game_why("no card %s is left in the deck of this match (every card of "
                    "the deck is either in play or was already flipped)", c.letters);
    return WB_EILLEGAL;
}

static int act_end(run *r, char **why)
{
    wibbell_state *st = r->st;
    if (st->phase != WIBBELL_FLIP && st->phase != WIBBELL_PLAY) {
        phase_why(st, why);
        return WB_EILLEGAL;
    }
    if (st->phase == WIBBELL_FLIP && st->centre.n == 1 && st->last_winner >= 0)
        take_centre(r, st->last_winner, 0, "final");
    game_over(r, "host_ended");
    return WB_OK;
}

static int act_redeal(run *r, char **why)
{
    if (r->st->phase != WIBBELL_PLAY) {
        phase_why(r->st, why);
        return WB_EILLEGAL;
    }
    redeal(r, "host");
    return WB_OK;
}

/* --- apply ---------------------------------------------------------------- */

static int companion_apply(run *r, const char *type, const json_t *a, char **why)
{
    if (strcmp(type, "flip") == 0)
        return act_flip(r, a, why);
    if (strcmp(type, "claim") == 0) {
        const json_t *js = json_object_get(a, "seat");
        if (!json_is_integer(js) || json_integer_value(js) < 0 ||
            (size_t)json_integer_value(js) >= r->st->nplayers) {
            *why = game_why("in companion mode a claim names the seat that shouted: "
                            "{\"type\":\"claim\",\"seat\":2,\"word\":\"kissing\"}");
            return WB_EINVAL;
        }
        return act_claim(r, (int)json_integer_value(js), a, why);
    }
    if (strcmp(type, "take") == 0)
        return act_take(r, GAME_SEAT_HOST, a, why);
    if (strcmp(type, "keep") == 0)
        return act_keep(r, GAME_SEAT_HOST, a, why);
    if (strcmp(type, "redeal") == 0)
        return act_redeal(r, why);
    return act_end(r, why);
}

int wibbell_apply(void *state, const game_ctx *ctx, int seat,
                  const json_t *action, json_t *events, char **why)
{
    static const char *const types[] = {"claim", "take", "keep", "timer",
                                        "flip", "redeal", "end"};
    run r = {.st = state, .ctx = ctx, .ev = events};
    wibbell_state *st = state;
    const json_t *jt = json_object_get(action, "type");
    const char *type = json_string_value(jt);
    size_t k = 0;
    int rc;

    *why = NULL;
    while (type && k < sizeof types / sizeof *types && strcmp(type, types[k]) != 0)
        k++;
    if (!json_is_object(action) || !type || k == sizeof types / sizeof *types) {
        *why = game_why("a Wibbell action is an object whose type is claim, take or "
                        "keep (companion mode host: flip, claim, take, keep, redeal, end)");
        return WB_EINVAL;
    }
    if (strcmp(type, "timer") == 0)
        return act_timer(&r, seat, why);
    if (seat == GAME_SEAT_SYSTEM) {
        *why = game_why("the daemon's clock only sends timers");
        return WB_EINVAL;
    }
    if (st->phase == WIBBELL_OVER) {
        *why = game_why("the game is over");
        return WB_EILLEGAL;
    }
    if (st->companion) {
        if (seat != GAME_SEAT_HOST) {
            *why = game_why("companion mode: the host records every action at the "
                            "table; seats only watch");
            return WB_ENOTTURN;
        }
        rc = companion_apply(&r, type, action, why);
    } else if (k >= 4) {
        *why = game_why("'%s' is a host action of companion mode; here the daemon "
                        "deals the cards", type);
        return WB_EINVAL;
    } else if (seat < 0) {
        *why = game_why("the host referees but does not play: the seats claim, take "
                        "and keep");
        return WB_ENOTTURN;
    } else if ((size_t)seat >= st->nplayers) {
        *why = game_why("there is no seat %d", seat);
        return WB_EINVAL;
    } else if (k == 0) {
        rc = act_claim(&r, seat, action, why);
    } else if (k == 1) {
        rc = act_take(&r, seat, action, why);
    } else {
        rc = act_keep(&r, seat, action, why);
    }
    return rc;
}

int wibbell_start(wibbell_state *st, json_t *events)
{
    run r = {.st = st, .ev = events};
    refill(&r);
    return WB_OK;
}

int64_t wibbell_deadline(const void *state)
{
    const wibbell_state *st = state;
    return st->phase == WIBBELL_PLAY ? st->window_end : -1;
}
