/*
 * wibbell_rules.c - the Wibbell state machine: every action a match
 * accepts (the action table of games/core/game_def.h: who, when, the checks)
 * and what it does, by the rules games/wibbell/WIBBELL.md sums up.
 *
 * A turn: two cards in the centre, claims open (phase play).  A claim is
 * judged at once by dict_check against the centre, the claimant's
 * permanent handicaps and face-up round cards, and the words used to take
 * cards.  A refused claim is a mistake: the seat is out until the next
 * card is flipped.  The first valid claim opens the tie window, during
 * which each claim's word is its seat's secret (the others learn that a
 * claim was made); when it closes (the framework's timer) the claims are
 * revealed, the shortest word wins, then the first alphabetically;
 * identical best words redeal.  The winner must then choose a centre card
 * (phase take: a pending decision); the 3rd card of a round (4th in
 * simple mode) ends the round (phase keep: the winner's pending choice of
 * a permanent handicap).  The end of the deck is handled in refill() and
 * win_turn(); companion mode replaces the deck by the host's flips.  Each
 * choice is explained in games/wibbell/WIBBELL.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

static void clear_claims(wibbell_state *st)
{
    for (size_t i = 0; i < st->nclaims; i++)
        free(st->claims[i].word);
    st->nclaims = 0;
    st->window_end = -1;
}

/* A class session: the member who made the claim of vocabulary row `row`
 * on the event `e` ("member", "nickname"), when a member made it. */
static json_t *by_member(const wibbell_state *st, json_t *e, size_t row)
{
    const wibbell_vocab *v = &st->vocab[row];
    if (v->member >= 0)
        game_put(e, "{s:i, s:s}", "member", v->member, "nickname", v->nickname);
    return e;
}

/* The same on the event just appended to `ev`. */
static void last_by_member(const wibbell_state *st, json_t *ev, size_t row)
{
    by_member(st, json_array_get(ev, json_array_size(ev) - 1), row);
}

/* Centre card `idx` goes face-up in front of `seat`; the event has the
 * member `flag` set true ("final", "bonus"), or none when NULL. */
static int take_centre(wibbell_state *st, json_t *ev, int seat, size_t idx, const char *flag)
{
    int id = game_ids_take(&st->centre, idx, &st->p[seat].up);
    game_event(ev, "{s:s, s:i, s:o, s:o*}", "type", "card_taken", "seat", seat, "card",
               wibbell_card_json(st, id), flag ? flag : "", flag ? json_true() : NULL);
    return id;
}

/* The game ends; a single centre card goes to the winner of the latest
 * turn first (see refill). */
static void game_over(wibbell_state *st, json_t *ev, const char *reason)
{
    if (st->centre.n == 1 && st->last_winner >= 0)
        take_centre(st, ev, st->last_winner, 0, "final");
    clear_claims(st);
    st->phase = WIBBELL_OVER;
    st->winner = -1;
    st->barred = -1; /* the round is over too: the learning aid's bar lifts */
    free(st->end_reason);
    st->end_reason = wb_strdup(reason);
    json_t *e = json_pack("{s:s, s:s}", "type", "game_over", "reason", reason);
    game_def_put_result(st, e);
    json_array_append_new(ev, e);
}

/* Deck card `i` is flipped into the centre. */
static void flip(wibbell_state *st, json_t *ev, size_t i)
{
    int id = game_ids_take(&st->deck, i, &st->centre);
    game_event(ev, "{s:s,s:o,s:I}", "type", "card_flipped", "card", wibbell_card_json(st, id),
               "deck", (json_int_t)wibbell_remaining(st));
}

/* Two cards are in the centre: a new turn, recorded for the hints query. */
static void start_turn(wibbell_state *st)
{
    wibbell_turn *t;
    clear_claims(st);
    for (size_t s = 0; s < st->nplayers; s++)
        st->p[s].out = 0;
    st->out_members.n = 0;
    st->phase = WIBBELL_PLAY;
    st->winner = -1;

    st->turns = wb_grow(st->turns, &st->capturns, st->nturns + 1, sizeof *st->turns);
    t = &st->turns[st->nturns++];
    *t = (wibbell_turn){.round = st->round, .nused = st->nused, .ncons = st->nplayers,
                        .cons = wb_calloc(st->nplayers, sizeof *t->cons)};
    game_ids_append(&t->centre, &st->centre);
    for (size_t s = 0; s < st->nplayers; s++) {
        game_ids_append(&t->cons[s], &st->p[s].hcap);
        game_ids_append(&t->cons[s], &st->p[s].up);
    }
}

/* Bring the centre back to two cards and start a turn, or end the game
 * when the deck is out.  "Whomever wins the last turn of the game takes the
 * final card; if the round is reset when only 1 card is in the deck, the
 * round winner takes the final card": a single card that can no longer
 * be joined by a second goes to the winner of the latest turn (the round
 * winner after a reset). */
static void refill(wibbell_state *st, json_t *ev)
{
    while (st->centre.n < 2 && wibbell_remaining(st) > 0) {
        if (st->companion) {
            st->phase = WIBBELL_FLIP;
            st->winner = -1;
            return;
        }
        flip(st, ev, 0);
    }
    if (st->centre.n == 2)
        start_turn(st);
    else
        game_over(st, ev, "deck_out");
}

/* Everyone's round cards turn face-down; the next round starts. */
static void finish_round(wibbell_state *st, json_t *ev)
{
    for (size_t s = 0; s < st->nplayers; s++) {
        wibbell_player *p = &st->p[s];
        game_ids_append(&p->down, &p->up);
        p->up.n = 0;
        p->won = 0;
        p->out = 0;
    }
    st->out_members.n = 0;
    st->bonus = -1;
    st->winner = -1;
    if (wibbell_remaining(st) >= 2) {
        st->round++;
        st->barred = st->learning_aid ? st->last_round_winner : -1;
        game_event(ev, "{s:s,s:I}", "type", "round_started", "round", (json_int_t)st->round);
    }
    refill(st, ev);
}

static void end_round(wibbell_state *st, json_t *ev, int seat)
{
    st->p[seat].rounds_won++;
    st->last_round_winner = seat;
    game_event(ev, "{s:s,s:i,s:I}", "type", "round_won", "seat", seat, "round",
               (json_int_t)st->round);
    if (st->mode == WIBBELL_SIMPLER) {
        finish_round(st, ev);
        return;
    }
    st->phase = WIBBELL_KEEP;
    st->winner = seat;
}

/* The turn's winner takes centre card `k`. */
static void do_take(wibbell_state *st, json_t *ev, int seat, size_t k)
{
    take_centre(st, ev, seat, k, NULL);
    st->p[seat].won++;
    if (st->p[seat].won == wibbell_round_cards(st)) {
        /* simple mode: the other centre card is the bonus */
        st->bonus = take_centre(st, ev, seat, 0, "bonus");
        end_round(st, ev, seat);
        return;
    }
    refill(st, ev);
}

/* `seat` won the turn, with claim `cl` (its word normalised, the centre
 * card it chose in advance or -1; NULL when collected automatically
 * without a claim). */
static void win_turn(wibbell_state *st, json_t *ev, int seat, const wibbell_claim *cl,
                     int automatic)
{
    wibbell_player *p = &st->p[seat];
    int round_end = p->won + 1 == wibbell_round_cards(st), take = cl ? cl->take : -1;

    game_event(ev, "{s:s,s:i,s:o,s:b,s:I}", "type", "card_won", "seat", seat, "word",
               cl ? json_string(cl->word) : json_null(), "automatic", automatic, "turn",
               (json_int_t)st->nturns);
    if (cl)
        last_by_member(st, ev, cl->row);
    if (cl) {
        st->vocab[cl->row].won = 1;
        st->used = wb_grow(st->used, &st->capused, st->nused + 1, sizeof *st->used);
        st->used[st->nused++] = wb_strdup(cl->word);
    }
    clear_claims(st); /* frees the word of cl */
    st->winner = seat;
    st->last_winner = seat;

    if (wibbell_remaining(st) == 0) {
        /* the last turn of the game: the winner takes the final card too */
        take_centre(st, ev, seat, 0, NULL);
        p->won++;
        if (st->centre.n)
            take_centre(st, ev, seat, 0, "final");
        if (round_end) {
            p->rounds_won++;
            st->last_round_winner = seat;
            game_event(ev, "{s:s,s:i,s:I}", "type", "round_won", "seat", seat, "round",
                       (json_int_t)st->round);
        }
        game_over(st, ev, "deck_out");
        return;
    }
    if (round_end && st->mode != WIBBELL_SIMPLE) {
        /* "they take both cards from the centre" */
        take_centre(st, ev, seat, 0, NULL);
        p->won++;
        take_centre(st, ev, seat, 0, "bonus");
        end_round(st, ev, seat);
        return;
    }
    if (take >= 0)
        do_take(st, ev, seat, (size_t)take);
    else
        st->phase = WIBBELL_TAKE;
}

/* Both centre cards go under the deck and two are flipped. */
static void redeal(wibbell_state *st, json_t *ev, const char *reason)
{
    json_t *cards = wibbell_cards_json(st, &st->centre);
    game_event(ev, "{s:s,s:o,s:s}", "type", "redeal", "cards", cards, "reason", reason);
    for (size_t i = 0; i < st->centre.n; i++) {
        /* companion mode: back among the unseen cards, kept in id order */
        size_t at = st->companion ? 0 : st->deck.n;
        while (at < st->deck.n && st->deck.v[at] < st->centre.v[i])
            at++;
        game_ids_insert(&st->deck, at, st->centre.v[i]);
    }
    st->centre.n = 0;
    clear_claims(st);
    refill(st, ev);
}

/* After a mistake: "if only one player is competing for a card, they
 * collect it automatically"; if nobody is, the centre is redealt. */
static void after_mistake(wibbell_state *st, json_t *ev)
{
    size_t n = 0;
    int last = -1;
    for (size_t s = 0; s < st->nplayers; s++)
        if (wibbell_eligible(st, s)) {
            n++;
            last = (int)s;
        }
    long c = last >= 0 ? wibbell_claim_of(st, (size_t)last) : -1;
    if (n == 0)
        redeal(st, ev, "nobody_eligible");
    else if (n == 1)
        win_turn(st, ev, last, c >= 0 ? &st->claims[c] : NULL, 1);
}

/* The reasons of a refusal as [{code, detail, of?, cards?}]: `cards` names
 * the cards (of the n the claim was judged against) that lack a letter. */
static json_t *reasons_json(const dict_verdict *v, const char *const *cards, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < v->nreasons; i++) {
        const dict_reason *re = &v->reasons[i];
        json_t *lack = NULL;
        for (size_t c = 0; re->cards && c < n && c < 32; c++)
            if ((re->cards >> c) & 1) {
                if (!lack)
                    lack = json_array();
                json_array_append_new(lack, json_string(cards[c]));
            }
        json_array_append_new(a, json_pack("{s:s, s:s, s:s*, s:o*}", "code",
                                           dict_reason_name(re->code), "detail",
                                           re->detail ? re->detail : "", "of", re->of,
                                           "cards", lack));
    }
    return a;
}

/* A refused claim is a mistake: the seat is out for this card, unless
 * forgive_typos takes a non-word for a typo; a class member's mistake bars
 * that member alone unless member_mistake is "team".  Returns 1 for a
 * mistake that put the seat out. */
static int refuse(wibbell_state *st, json_t *ev, int seat, const dict_verdict *v, size_t row)
{
    int typo = st->forgive_typos && v->nreasons && v->reasons[0].code == DICT_NOT_A_WORD;
    const char *cards[DICT_CARDS_MAX]; /* as judge() gave them: the state has not moved */
    size_t n = wibbell_claim_cards(st, (size_t)seat, cards);
    game_event(ev, "{s:s, s:i, s:s, s:o, s:I, s:o*}", "type", "claim_refused", "seat", seat,
               "word", v->word, "reasons", reasons_json(v, cards, n), "turn",
               (json_int_t)st->nturns,
               "forgiven", typo ? json_true() : NULL);
    last_by_member(st, ev, row);
    if (typo)
        return 0;
    int member = st->vocab[row].member;
    if (member >= 0 && st->member_mistake == 0) {
        game_ids_push(&st->out_members, member);
        return 0;
    }
    st->p[seat].out = 1;
    return 1;
}

/* Letters (code points) in a UTF-8 word. */
static size_t letters(const char *w)
{
    size_t n = 0;
    for (; *w; w++)
        n += ((unsigned char)*w & 0xC0) != 0x80;
    return n;
}

/* The tie window closed: its claims are revealed to every seat, and the
 * best one wins. */
static void resolve_window(wibbell_state *st, json_t *ev)
{
    size_t best = 0, same = 0;
    json_t *claims = json_array();
    for (size_t i = 0; i < st->nclaims; i++)
        json_array_append_new(claims, by_member(st, json_pack("{s:i, s:s}", "seat",
                                                              st->claims[i].seat, "word",
                                                              st->claims[i].word),
                                                st->claims[i].row));
    game_event(ev, "{s:s, s:o}", "type", "claims_revealed", "claims", claims);
    for (size_t i = 1; i < st->nclaims; i++) {
        const char *a = st->claims[i].word, *b = st->claims[best].word;
        size_t la = letters(a), lb = letters(b);
        if (la < lb || (la == lb && strcmp(a, b) < 0))
            best = i;
    }
    /* identical words of two seats redeal; two members of one team who
     * found the same word make one claim, the team's */
    for (size_t i = 0; i < st->nclaims; i++)
        same += st->claims[i].seat != st->claims[best].seat &&
                strcmp(st->claims[i].word, st->claims[best].word) == 0;
    if (same > 0)
        redeal(st, ev, "identical_words");
    else
        win_turn(st, ev, st->claims[best].seat, &st->claims[best], 0);
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

/* The word's translations into the learner language, ", "-joined (a base
 * form's for an inflected word, as dict_translate gives them), or "". */
static char *translation(const wibbell_state *st, const dict *d, const char *word)
{
    dict_list *l = NULL;
    char *s = wb_strdup("");
    if (st->learner && dict_translate(d, word, strlen(word), st->learner, &l, NULL) == WB_OK)
        for (size_t i = 0; i < l->nwords; i++) {
            char *t = wb_asprintf("%s%s%s", s, i ? ", " : "", l->words[i]);
            free(s);
            s = t;
        }
    dict_list_free(l);
    return s;
}

/* Append a row to the vocabulary log; returns its index. */
static size_t log_word(wibbell_state *st, const dict *d, int seat, int member,
                       const char *nickname, const dict_verdict *v, int64_t now)
{
    dict_entry *e = NULL;
    /* the definition and translation at the time of the claim, so a replay
     * is exact even when the dictionary is rebuilt later; in the class
     * setting's choice of senses */
    int def = dict_lookup_opt(d, v->word, strlen(v->word), 0, 1,
                              wibbell_class_opts(st), &e) == WB_OK &&
              e->ndefs > 0;
    st->vocab = wb_grow(st->vocab, &st->capvocab, st->nvocab + 1, sizeof *st->vocab);
    st->vocab[st->nvocab] = (wibbell_vocab){
        .turn = st->nturns, .seat = seat, .word = wb_strdup(v->word), .accepted = v->valid,
        .reasons = join_reasons(v), .pos = wb_strdup(def ? e->defs[0].pos : ""),
        .definition = wb_strdup(def && e->defs[0].text ? e->defs[0].text : ""),
        .translation = translation(st, d, v->word), .at = now, .member = member,
        .nickname = wb_strdup(member >= 0 && nickname ? nickname : "")};
    dict_entry_free(e);
    return st->nvocab++;
}

/* --- who may act, and when --------------------------------------------------- */

#define PH(p) (1u << (p))

int wibbell_pending(const void *state, game_pending *out)
{
    const wibbell_state *st = state;
    *out = (game_pending){st->winner, st->phase == WIBBELL_TAKE
                                          ? "choose which centre card to take"
                                          : "choose the permanent handicap"};
    return st->phase == WIBBELL_TAKE || st->phase == WIBBELL_KEEP;
}

char *wibbell_situation(const void *state)
{
    const wibbell_state *st = state;
    const char *who = st->companion ? "companion mode: the host records every action at the "
                                      "table, the seats only watch; "
                                    : "";
    if (st->phase == WIBBELL_TAKE)
        return game_why("%s%s won this card and is choosing which centre card to take", who,
                        st->p[st->winner].name);
    if (st->phase == WIBBELL_KEEP)
        return game_why("%sthe round is over: %s is choosing a permanent handicap", who,
                        st->p[st->winner].name);
    if (st->phase == WIBBELL_FLIP)
        return game_why("%sno turn is under way: the host has to flip a card first", who);
    if (st->phase == WIBBELL_PLAY)
        return game_why("%sclaims are open: nobody has won the centre cards yet (the host "
                        "referees and does not play)", who);
    return game_why("the game is over");
}

/* The host's actions are companion mode's. */
GAME_MAY(may_host)
{
    if (!((const wibbell_state *)state)->companion)
        return game_refuse(why, WB_ENOTTURN, "the host referees but does not play: here the "
                           "daemon deals the cards and the seats claim, take and keep");
    return WB_OK;
}

/* The seats claim and the winner chooses, or in companion mode the host
 * records their shouts and the choice. */
GAME_MAY(may_seat)
{
    const wibbell_state *st = state;
    if (seat == GAME_SEAT_HOST)
        return may_host(state, ctx, seat, why);
    if (st->companion)
        return game_refuse(why, WB_ENOTTURN, "companion mode: the host records every action "
                           "at the table; seats only watch");
    return WB_OK;
}

/* The "seat" member the host gives in companion mode must be the winner's. */
static int check_chooser(const wibbell_state *st, const json_t *a, char **why)
{
    const json_t *js = json_object_get(a, "seat");
    if (!js || json_integer_value(js) == st->winner)
        return WB_OK;
    return game_refuse(why, WB_EILLEGAL, "seat %lld is not the one choosing: %s (seat %d) won",
                       (long long)json_integer_value(js), st->p[st->winner].name, st->winner);
}

/* --- undo (companion mode) ----------------------------------------------------- */

/* Companion mode: each host action keeps {"action","state"}, the state
 * before it (saved without its own undo: one level), for `undo`. */
static void remember(void *state, const json_t *a)
{
    wibbell_state *st = state;
    if (!st->companion)
        return;
    game_text t = {0};
    free(st->undo);
    st->undo = NULL;
    game_text_raw(&t, "{\"action\":", 10);
    game_text_json(&t, a);
    game_text_raw(&t, ",\"state\":", 9);
    game_def_save_text(st, &t); /* the codec's text: no tree built */
    game_text_raw(&t, "}", 1);
    st->undo = t.s;
}

GAME_CHECK(check_undo)
{
    if (((const wibbell_state *)state)->undo)
        return WB_OK;
    return game_refuse(why, WB_EILLEGAL, "nothing to undo: the host's last action can be "
                       "undone once, and none was recorded since");
}

/* Back to the state before the host's last action (a shout recorded
 * against the wrong seat, a mistyped flip); event undone with its body. */
GAME_APPLY(apply_undo)
{
    json_t *j = json_loads(((wibbell_state *)state)->undo, 0, NULL);
    char *w = NULL;
    if (!j || game_def_restore(state, json_object_get(j, "state"), &w)) {
        free(w);
        json_decref(j);
        return game_refuse(why, WB_EILLEGAL, "the state before the last action is damaged");
    }
    game_event(ev, "{s:s, s:O?}", "type", "undone", "action", json_object_get(j, "action"));
    json_decref(j);
    return WB_OK;
}

/* --- claims ------------------------------------------------------------------ */

/* The seat a claim is for: the caller, or in companion mode the seat the
 * host names.  -1 with *why (WB_EINVAL) when the host names none. */
static int claimant(const wibbell_state *st, int seat, const json_t *a, char **why)
{
    const json_t *js = json_object_get(a, "seat"); /* an integer when there (its type) */
    if (!st->companion)
        return seat;
    if (!js || json_integer_value(js) < 0 || (size_t)json_integer_value(js) >= st->nplayers)
        return game_refuse(why, -1, "in companion mode a claim names the seat that shouted: "
                           "{\"type\":\"claim\",\"seat\":2,\"word\":\"kissing\"}");
    return (int)json_integer_value(js);
}

/* The class member a claim is from (the store stamps it: matches.h), or
 * -1; and that member's nickname. */
static int member_of(const json_t *a)
{
    const json_t *m = json_object_get(a, "member");
    return m ? (int)json_integer_value(m) : -1;
}

static const char *nickname_of(const json_t *a)
{
    const char *n = json_string_value(json_object_get(a, "nickname"));
    return n ? n : "";
}

/* May seat `who` (class member `member`, or -1) claim now?  WB_EILLEGAL
 * with *why if not. */
static int claim_ok(const wibbell_state *st, const game_ctx *ctx, int who, int member,
                    const char *nick, char **why)
{
    const char *cards[DICT_CARDS_MAX];
    const wibbell_player *p = &st->p[who];
    if (p->out)
        *why = game_why("%s already made a mistake on this card and can no longer win it; "
                        "claims open again when the next card is flipped", p->name);
    else if (wibbell_member_out(st, member))
        *why = game_why("%s already made a mistake on this card and can no longer win it "
                        "for %s; the rest of the team still can, and claims open again "
                        "when the next card is flipped", nick, p->name);
    else if (st->barred == who)
        *why = game_why("learning aid: %s won the previous round and may not win this "
                        "one; let the others find the words", p->name);
    else if (member >= 0 && wibbell_member_claim(st, member) >= 0)
        *why = game_why("%s already claimed a word for this card; wait for the tie window "
                        "to close", nick);
    else if (member < 0 && wibbell_claim_of(st, (size_t)who) >= 0)
        *why = game_why("%s already claimed a word for this card; wait for the tie window "
                        "to close", p->name);
    else if (st->window_end >= 0 && ctx->now_ms > st->window_end)
        *why = game_why("too late: a word was claimed first and the tie window for this "
                        "card has closed");
    else if (wibbell_claim_cards(st, (size_t)who, cards) > DICT_CARDS_MAX)
        *why = game_why("%s must cover %zu cards, more than the %d any claim can be judged "
                        "against", p->name, wibbell_claim_cards(st, (size_t)who, cards),
                        DICT_CARDS_MAX);
    else if (ctx->now_ms >= 0 && !(ctx->dicts && dict_lib_find(ctx->dicts, st->dict_id)))
        *why = game_why("the dictionary %s of this match is not loaded, so no claim can be "
                        "judged", st->dict_id);
    return *why ? WB_EILLEGAL : WB_OK;
}

GAME_CHECK(check_claim)
{
    int who = claimant(state, seat, a, why);
    return who < 0 ? WB_EINVAL : claim_ok(state, ctx, who, member_of(a), nickname_of(a), why);
}

/* Judge `word` for `seat` and log it: WB_OK with the verdict and its row,
 * WB_EINVAL when it is not one word of letters and cannot be judged. */
static int judge(wibbell_state *st, const game_ctx *ctx, int seat, int member,
                 const char *nickname, const char *word, dict_verdict **v, size_t *row,
                 char **why)
{
    const char *cards[DICT_CARDS_MAX];
    const dict *d = dict_lib_find(ctx->dicts, st->dict_id);
    dict_cards dc = {cards, wibbell_claim_cards(st, (size_t)seat, cards)};
    int rc = dict_check_opt(d, word, strlen(word), &dc, (const char *const *)st->used, st->nused,
                            st->compounds ? DICT_COMPOUNDS : 0, v);
    if (rc == WB_ENOTWORD || rc == WB_EUTF8 || rc == WB_ETOOBIG)
        return game_refuse(why, WB_EINVAL, "'%s' is not one word of letters (at most %d), so it "
                           "cannot be judged", word, DICT_WORD_MAX);
    if (rc)
        return game_refuse(why, rc, "the dictionary could not judge '%s': %s", word,
                           wb_strerror(rc));
    *row = log_word(st, d, seat, member, nickname, *v, ctx->now_ms);
    return WB_OK;
}

GAME_APPLY(apply_claim)
{
    remember(state, a);
    static const char *const hidden_word[] = {"word", NULL};
    wibbell_state *st = state;
    const json_t *jt = json_object_get(a, "take");
    dict_verdict *v = NULL;
    int64_t now = ctx->now_ms;
    int take = jt ? (int)json_integer_value(jt) : -1, member = member_of(a);
    size_t row;

    seat = claimant(st, seat, a, why);
    int rc = judge(st, ctx, seat, member, nickname_of(a),
                   json_string_value(json_object_get(a, "word")), &v, &row, why);
    if (rc)
        return rc;
    /* From here on the claim is judged and the state changes. */
    if (!v->valid) {
        if (refuse(st, ev, seat, v, row))
            after_mistake(st, ev);
    } else if (st->companion || st->tie_ms == 0) {
        game_event(ev, "{s:s,s:i,s:s,s:I}", "type", "claim_accepted", "seat", seat, "word",
                   v->word, "turn", (json_int_t)st->nturns);
        last_by_member(st, ev, row);
        win_turn(st, ev, seat, &(wibbell_claim){seat, v->word, now, take, row, member}, 0);
    } else {
        /* In the tie window: the word is the seat's secret until it closes. */
        if (st->window_end < 0)
            st->window_end = now + st->tie_ms;
        st->claims = wb_grow(st->claims, &st->capclaims, st->nclaims + 1, sizeof *st->claims);
        st->claims[st->nclaims++] = (wibbell_claim){.seat = seat, .word = wb_strdup(v->word),
                                                    .at = now, .take = take, .row = row,
                                                    .member = member};
        game_secret_event(ev,
                          by_member(st,
                                    json_pack("{s:s,s:i,s:s,s:I,s:I}", "type",
                                              "claim_accepted", "seat", seat, "word", v->word,
                                              "turn", (json_int_t)st->nturns, "window_until",
                                              (json_int_t)st->window_end),
                                    row),
                          seat, (int)st->nplayers, hidden_word);
    }
    dict_verdict_free(v);
    return WB_OK;
}

/* Companion mode: shouts the table could not order ("if you can't decide
 * who finished first").  Each is judged; the valid ones compete as in a
 * tie window: the shortest word wins, then the first alphabetically, and
 * identical words redeal. */
GAME_CHECK(check_simultaneous)
{
    const wibbell_state *st = state;
    const json_t *sh = json_object_get(a, "shouts"), *s;
    unsigned seen = 0;
    size_t i;
    if (sh && json_array_size(sh) < 2)
        return game_refuse(why, WB_EINVAL, "simultaneous needs 2 or more shouts");
    json_array_foreach(sh, i, s) {
        const json_t *js = json_object_get(s, "seat");
        json_int_t who = json_integer_value(js);
        if (!json_is_integer(js) || who < 0 || (size_t)who >= st->nplayers ||
            !json_is_string(json_object_get(s, "word")) || json_object_size(s) != 2)
            return game_refuse(why, WB_EINVAL, "each shout is {\"seat\":N,\"word\":\"...\"} with "
                               "a seat 0..%zu", st->nplayers - 1);
        if (seen & 1u << who)
            return game_refuse(why, WB_EILLEGAL, "seat %d shouted twice", (int)who);
        if (claim_ok(st, ctx, (int)who, -1, "", why))
            return WB_EILLEGAL;
        seen |= 1u << who;
    }
    return WB_OK;
}

GAME_APPLY(apply_simultaneous)
{
    remember(state, a);
    wibbell_state *st = state;
    const json_t *s;
    size_t i, row;
    int mistakes = 0;
    json_array_foreach(json_object_get(a, "shouts"), i, s) {
        int who = (int)json_integer_value(json_object_get(s, "seat"));
        dict_verdict *v = NULL;
        int rc = judge(st, ctx, who, -1, "", json_string_value(json_object_get(s, "word")), &v,
                       &row, why);
        if (rc)
            return rc;
        if (!v->valid) {
            mistakes += refuse(st, ev, who, v, row);
        } else {
            game_event(ev, "{s:s,s:i,s:s,s:I}", "type", "claim_accepted", "seat", who, "word",
                       v->word, "turn", (json_int_t)st->nturns);
            st->claims = wb_grow(st->claims, &st->capclaims, st->nclaims + 1,
                                 sizeof *st->claims);
            st->claims[st->nclaims++] = (wibbell_claim){
                .seat = who, .word = wb_strdup(v->word), .at = ctx->now_ms, .take = -1,
                .row = row, .member = -1};
        }
        dict_verdict_free(v);
    }
    if (st->nclaims)
        resolve_window(st, ev);
    else if (mistakes)
        after_mistake(st, ev);
    return WB_OK;
}

/* Companion mode: the table counted a different number of cards left in
 * its deck (it removed more or fewer for 2 or 3 players, or lost one). */
GAME_CHECK(check_deck)
{
    const wibbell_state *st = state;
    const json_t *c = json_object_get(a, "count");
    if (c && (size_t)json_integer_value(c) > st->deck.n)
        return game_refuse(why, WB_EILLEGAL, "at most %zu cards can be left: the other %zu cards "
                           "of the deck are in play", st->deck.n, st->ncards - st->deck.n);
    return WB_OK;
}

GAME_APPLY(apply_deck)
{
    remember(state, a);
    wibbell_state *st = state;
    size_t n = (size_t)json_integer_value(json_object_get(a, "count"));
    game_event(ev, "{s:s,s:I,s:I}", "type", "deck_corrected", "deck", (json_int_t)n, "was",
               (json_int_t)wibbell_remaining(st));
    st->ntrim = st->deck.n - n;
    if (st->phase == WIBBELL_FLIP)
        refill(st, ev); /* no card left: the game ends */
    return WB_OK;
}

/* --- the other actions ----------------------------------------------------- */

/* A take or keep names its card by "card" or by "letters" (any case, any
 * order: wibbell_find), not both. */
static int one_card(const json_t *a, char **why)
{
    if (!json_object_get(a, "card") != !json_object_get(a, "letters"))
        return WB_OK;
    return game_refuse(why, WB_EINVAL, "name the card by \"card\" or by its \"letters\" "
                       "(\"NZ\"), one of them");
}

GAME_CHECK(check_take)
{
    const wibbell_state *st = state;
    json_int_t k = json_integer_value(json_object_get(a, "card"));
    const char *l = json_string_value(json_object_get(a, "letters"));
    if (one_card(a, why))
        return WB_EINVAL;
    if (l && wibbell_find(st, &st->centre, l, -1) < 0)
        *why = game_why("no centre card has the letters %s", l);
    else if (json_object_get(a, "card") && (k < 0 || (size_t)k >= st->centre.n))
        *why = game_why("card is the index of a centre card: 0 or 1");
    return *why ? WB_EILLEGAL : check_chooser(st, a, why);
}

GAME_APPLY(apply_take)
{
    remember(state, a);
    wibbell_state *st = state;
    const json_t *jc = json_object_get(a, "card");
    const char *l = json_string_value(json_object_get(a, "letters"));
    do_take(st, ev, st->winner, jc ? (size_t)json_integer_value(jc)
                                   : (size_t)wibbell_find(st, &st->centre, l, -1));
    return WB_OK;
}

GAME_CHECK(check_keep)
{
    const wibbell_state *st = state;
    const wibbell_player *p = &st->p[st->winner];
    const json_t *jl = json_object_get(a, "letters");
    long at = jl ? wibbell_find(st, &p->up, json_string_value(jl), st->bonus) : -1;
    json_int_t id = at >= 0 ? p->up.v[at] : json_integer_value(json_object_get(a, "card"));
    if (one_card(a, why))
        return WB_EINVAL;
    if (jl && at < 0)
        *why = game_why("%s won no card %s this round that can be kept", p->name,
                        json_string_value(jl));
    else if (id < 0 || id > INT32_MAX || game_ids_find(&p->up, (int)id) < 0)
        *why = game_why("card %lld is not one of %s's cards of this round", (long long)id,
                        p->name);
    else if (id == st->bonus)
        *why = game_why("the bonus card %s cannot be the permanent handicap: keep one of "
                        "the 4 cards won", st->cards[id].letters);
    return *why ? WB_EILLEGAL : check_chooser(st, a, why);
}

GAME_APPLY(apply_keep)
{
    remember(state, a);
    wibbell_state *st = state;
    wibbell_player *p = &st->p[st->winner];
    const json_t *jc = json_object_get(a, "card"), *jl = json_object_get(a, "letters");
    int id = jc ? (int)json_integer_value(jc)
                : p->up.v[wibbell_find(st, &p->up, json_string_value(jl), st->bonus)];
    game_ids_take(&p->up, (size_t)game_ids_find(&p->up, id), &p->hcap);
    game_event(ev, "{s:s,s:i,s:o}", "type", "handicap_kept", "seat", st->winner, "card",
               wibbell_card_json(st, id));
    finish_round(st, ev);
    return WB_OK;
}

GAME_CHECK(check_timer)
{
    const wibbell_state *st = state;
    if (st->phase != WIBBELL_PLAY || st->window_end < 0)
        return game_refuse(why, WB_EILLEGAL, "no tie window is open");
    return WB_OK;
}

GAME_APPLY(apply_timer)
{
    resolve_window(state, ev);
    return WB_OK;
}

/* The deck card the host flips, by its letters: its index in the deck;
 * -1 with *why when there is none, -2 when the card is not letters. */
static long flipped(const wibbell_state *st, const json_t *a, char **why)
{
    wibbell_card c;
    char *w = NULL;
    int bad = wibbell_card_parse(json_string_value(json_object_get(a, "card")), &c, &w);
    free(w);
    if (bad)
        return game_refuse(why, -2, "flip needs the letters of the card turned up: "
                           "{\"type\":\"flip\",\"card\":\"NZ\"}");
    long i = wibbell_find(st, &st->deck, c.letters, -1);
    if (i < 0)
        *why = game_why("no card %s is left in the deck of this match (every card of the "
                        "deck is either in play or was already flipped)", c.letters);
    return i;
}

GAME_CHECK(check_flip)
{
    long i = json_object_get(a, "card") ? flipped(state, a, why) : 0;
    return i >= 0 ? WB_OK : i == -1 ? WB_EILLEGAL : WB_EINVAL;
}

GAME_APPLY(apply_flip)
{
    remember(state, a);
    flip(state, ev, (size_t)flipped(state, a, why));
    refill(state, ev);
    return WB_OK;
}

GAME_APPLY(apply_end)
{
    game_over(state, ev, "host_ended"); /* a single centre card too (phase flip) */
    return WB_OK;
}

/* The host's redeal (a digital match too: the teacher's "nobody can find
 * a word"), never over a claim waiting in the tie window. */
GAME_CHECK(check_redeal)
{
    if (((const wibbell_state *)state)->window_end < 0)
        return WB_OK;
    return game_refuse(why, WB_EILLEGAL, "a word was claimed: the tie window settles this card");
}

GAME_APPLY(apply_redeal)
{
    remember(state, a);
    redeal(state, ev, "host");
    return WB_OK;
}

/* --- the table ---------------------------------------------------------------- */

/* Companion mode: the seats whose shout the host may record. */
json_t *wibbell_awaiting(const void *state, int seat)
{
    (void)seat;
    const wibbell_state *st = state;
    int act[GAME_MAX_SEATS] = {0};
    for (size_t s = 0; st->companion && s < st->nplayers; s++)
        act[s] = wibbell_to_act(st, s);
    return st->companion ? game_json_seats(act, (int)st->nplayers) : NULL;
}

/* Companion mode: the host names the winner who chooses. */
GAME_DOMAIN(winner_seat)
{
    const wibbell_state *st = state;
    return st->companion ? json_pack("[i]", st->winner) : NULL;
}

/* Phase take: the two centre cards. */
GAME_DOMAIN(centre_cards)
{
    return json_pack("[i, i]", 0, 1);
}

json_t *wibbell_keep_choices(const void *state, int seat)
{
    (void)seat;
    const wibbell_state *st = state;
    const wibbell_player *p = &st->p[st->winner];
    json_t *a = json_array();
    for (size_t i = 0; i < p->up.n; i++)
        if (p->up.v[i] != st->bonus)
            json_array_append_new(a, json_integer(p->up.v[i]));
    return a;
}

static const game_member claim_members[] = {
    {.name = "word", .type = GAME_T_STRING,
     .desc = "a word holding its own letter of each centre card and of each of your face-up "
             "cards and permanent handicaps"},
    {.name = "take", .type = GAME_T_INT, .optional = 1, .has_range = 1, .min = 0, .max = 1,
     .desc = "the centre card (0 or 1) to take if the claim wins"},
    {.name = "seat", .type = GAME_T_INT, .optional = 1, .domain = wibbell_awaiting,
     .desc = "companion mode: the seat that shouted"},
    {.name = "member", .type = GAME_T_INT, .optional = 1, .has_range = 1, .min = 0,
     .max = INT32_MAX,
     .desc = "class session: the member who shouted, set by the daemon from the member's "
             "token (what a client sends here is replaced)"},
    {.name = "nickname", .type = GAME_T_STRING, .optional = 1,
     .desc = "class session: that member's nickname, set by the daemon"},
    {NULL},
};

static const game_member take_members[] = {
    {.name = "card", .type = GAME_T_INT, .desc = "the centre card: 0 or 1",
     .domain = centre_cards, .optional = 1},
    {.name = "letters", .type = GAME_T_STRING, .optional = 1,
     .desc = "instead of card: the letters of the centre card (\"NZ\")"},
    {.name = "seat", .type = GAME_T_INT, .optional = 1, .domain = winner_seat,
     .desc = "companion mode: the seat that won"},
    {NULL},
};

static const game_member keep_members[] = {
    {.name = "card", .type = GAME_T_INT, .desc = "the id of a card won this round",
     .domain = wibbell_keep_choices, .optional = 1},
    {.name = "letters", .type = GAME_T_STRING, .optional = 1,
     .desc = "instead of card: the letters of a card won this round (\"NZ\")"},
    {.name = "seat", .type = GAME_T_INT, .optional = 1, .domain = winner_seat,
     .desc = "companion mode: the seat that won"},
    {NULL},
};

static const game_member flip_members[] = {
    {.name = "card", .type = GAME_T_STRING, .desc = "the letters of the card turned up"},
    {NULL},
};

static const game_member shouts_members[] = {
    {.name = "shouts", .type = GAME_T_ARRAY,
     .desc = "2 or more shouts heard at the same time: [{\"seat\":0,\"word\":\"hints\"},"
             "{\"seat\":2,\"word\":\"sing\"}]"},
    {NULL},
};

static const game_member deck_members[] = {
    {.name = "count", .type = GAME_T_INT, .has_range = 1, .min = 0, .max = WIBBELL_DECK_MAX,
     .desc = "the cards left in the table's face-down deck"},
    {NULL},
};

#define CHOOSER (GAME_ROLE_PENDING | GAME_ROLE_HOST)

const game_action wibbell_actions[] = {
    {.type = "claim", .who = GAME_ROLE_SEAT | GAME_ROLE_HOST, .phases = PH(WIBBELL_PLAY),
     .members = claim_members, .may = may_seat, .check = check_claim, .apply = apply_claim},
    {.type = "take", .who = CHOOSER, .phases = PH(WIBBELL_TAKE), .members = take_members,
     .may = may_seat, .check = check_take, .apply = apply_take},
    {.type = "keep", .who = CHOOSER, .phases = PH(WIBBELL_KEEP), .members = keep_members,
     .may = may_seat, .check = check_keep, .apply = apply_keep},
    {.type = "flip", .who = GAME_ROLE_HOST, .phases = PH(WIBBELL_FLIP),
     .members = flip_members, .may = may_host, .check = check_flip, .apply = apply_flip},
    {.type = "simultaneous", .who = GAME_ROLE_HOST, .phases = PH(WIBBELL_PLAY),
     .members = shouts_members, .may = may_host, .check = check_simultaneous,
     .apply = apply_simultaneous},
    {.type = "deck", .who = GAME_ROLE_HOST, .phases = PH(WIBBELL_FLIP) | PH(WIBBELL_PLAY),
     .members = deck_members, .may = may_host, .check = check_deck, .apply = apply_deck},
    {.type = "redeal", .who = GAME_ROLE_HOST, .phases = PH(WIBBELL_PLAY),
     .check = check_redeal, .apply = apply_redeal},
    {.type = "end", .who = GAME_ROLE_HOST, .phases = PH(WIBBELL_FLIP) | PH(WIBBELL_PLAY),
     .apply = apply_end},
    {.type = "undo", .who = GAME_ROLE_HOST, .phases = ~PH(WIBBELL_OVER), .may = may_host,
     .check = check_undo, .apply = apply_undo},
    {.type = "timer", .who = GAME_ROLE_SYSTEM, .check = check_timer, .apply = apply_timer,
     .unlisted = 1},
    {NULL},
};

void wibbell_start(wibbell_state *st)
{
    json_t *events = json_array();
    refill(st, events);
    json_decref(events);
}
