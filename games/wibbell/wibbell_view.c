/*
 * wibbell_view.c - what Wibbell shows: the views and the classroom
 * queries ("vocabulary", "hints", "study", "report").  Nothing here
 * changes a match; the state for the codec is wibbell_save.c's.
 *
 * The only secret between seats is a claim waiting in the tie window:
 * another seat sees that it was made, not its word, until the window
 * closes (game_secret_view); the host sees it all.  The host view adds
 * the face-down cards and the vocabulary log.  No view ever holds the
 * order of the deck, only its count.  The shapes are documented in
 * games/wibbell/WIBBELL.md.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell.h"
#include "wibbell_int.h"

/* --- views --------------------------------------------------------------- */

/* The classroom log as flat rows (also the "vocabulary" query), as `seat`
 * may see it; for class member `member` (>= 0) only that member's rows. */
static json_t *vocab_json(const wibbell_state *st, int seat, int member)
{
    json_t *a = json_array();
    for (size_t i = 0; i < st->nvocab; i++) {
        const wibbell_vocab *v = &st->vocab[i];
        int sealed = 0; /* the row of a claim still waiting in the tie window, of a seat
                           other than `seat` (the host: none): that seat's secret */
        for (size_t c = 0; seat >= 0 && c < st->nclaims; c++)
            sealed |= st->claims[c].row == i && st->claims[c].seat != seat;
        if (sealed)
            continue;
        if (member >= 0 && v->member != member)
            continue; /* a class member's own rows */
        json_t *row = json_pack("{s:I,s:i,s:s,s:s,s:b,s:b,s:s,s:s,s:s}", "turn",
                                (json_int_t)v->turn, "seat", v->seat, "player",
                                st->p[v->seat].name, "word", v->word, "accepted", v->accepted,
                                "won", v->won, "reasons", v->reasons, "pos", v->pos,
                                "definition", v->definition);
        if (st->class_session) /* the student beside the team */
            game_put(row, "{s:o, s:s}", "member",
                     v->member >= 0 ? json_integer(v->member) : json_null(), "nickname",
                     v->nickname);
        /* a column named for the language: "translation_fr" */
        if (st->learner) {
            char *key = wb_asprintf("translation_%s", st->learner);
            json_object_set_new(row, key, json_string(v->translation));
            free(key);
        }
        json_object_set_new(row, "at", json_integer(v->at));
        json_array_append_new(a, row);
    }
    return a;
}

static json_t *player_json(const wibbell_state *st, size_t s, int host)
{
    const wibbell_player *p = &st->p[s];
    json_t *hcap = wibbell_cards_json(st, &p->hcap);
    for (size_t i = 0; i < p->hcap.n; i++)
        json_object_set_new(json_array_get(hcap, i), "starting", json_boolean(i < p->nstart));
    return json_pack("{s:I, s:s, s:o, s:I, s:o, s:I, s:I, s:I, s:b, s:b, s:o*}", "seat",
                     (json_int_t)s, "name", p->name, "face_up", wibbell_cards_json(st, &p->up),
                     "face_down", (json_int_t)p->down.n, "handicaps", hcap, "score",
                     (json_int_t)wibbell_score(st, s), "cards_this_round", (json_int_t)p->won,
                     "rounds_won", (json_int_t)p->rounds_won, "out",
                     st->phase == WIBBELL_PLAY && p->out, "barred", st->barred == (int)s,
                     "face_down_cards", host ? wibbell_cards_json(st, &p->down) : NULL);
}

/* The claims in the tie window: a claim's word only to its seat and the
 * host. */
static json_t *claims_json(const wibbell_state *st, int seat)
{
    static const char *const hidden_word[] = {"word", NULL};
    json_t *a = json_array();
    for (size_t i = 0; i < st->nclaims; i++) {
        const wibbell_claim *c = &st->claims[i];
        json_t *full = json_pack("{s:i,s:s,s:I}", "seat", c->seat, "word", c->word, "at",
                                 (json_int_t)c->at);
        json_array_append_new(a, game_secret_view(full, seat, c->seat, 0, hidden_word));
        json_decref(full);
    }
    return a;
}

void wibbell_view(const void *state, int seat, json_t *o)
{
    const wibbell_state *st = state;
    int host = seat == GAME_SEAT_HOST;
    json_t *players = json_array();
    for (size_t s = 0; s < st->nplayers; s++)
        json_array_append_new(players, player_json(st, s, host));
    game_put(o, "{s:o*}", "awaiting", wibbell_awaiting(st, seat)); /* NULL but in companion mode */
    game_put(o, "{s:s, s:o*}", "phase", wibbell_phase_names[st->phase], "seat",
             game_json_opt(seat));
    game_put(o, "{s:o}", "learner_language", st->learner ? json_string(st->learner) : json_null());
    game_put(o, "{s:b}", "classroom", st->classroom);
    game_put(o, "{s:s}", "class_grade", wibbell_class_grade_names[st->class_grade]);
    game_put(o, "{s:s}", "compounds", wibbell_compounds_names[st->compounds]);
    game_put(o, "{s:s, s:b, s:b, s:b, s:I, s:s, s:I, s:I, s:I, s:o, s:o, s:o, s:o, s:o, s:o}",
             "mode", wibbell_mode_names[st->mode], "companion", st->companion, "learning_aid",
             st->learning_aid, "forgive_typos", st->forgive_typos, "tie_window_ms",
             (json_int_t)st->tie_ms, "dictionary", st->dict_id, "round", (json_int_t)st->round,
             "turn", (json_int_t)st->nturns, "deck", (json_int_t)wibbell_remaining(st), "centre",
             wibbell_cards_json(st, &st->centre), "players", players, "used",
             game_json_strs((const char *const *)st->used, st->nused), "claims",
             claims_json(st, seat), "window_until",
             st->window_end >= 0 ? json_integer(st->window_end) : json_null(), "turn_winner",
             game_json_id(st->winner));
    if (st->phase == WIBBELL_KEEP)
        game_put(o, "{s:o, s:o}", "keep_choices", wibbell_keep_choices(st, seat), "bonus",
                 st->bonus >= 0 ? wibbell_card_json(st, st->bonus) : json_null());
    game_put(o, "{s:o}", "last_round_winner", game_json_id(st->last_round_winner));
    if (st->phase != WIBBELL_OVER)
        game_def_put_result(st, o); /* scores while playing; winners are dropped */
    if (st->phase != WIBBELL_OVER)
        json_object_del(o, "winners");
    else
        game_put(o, "{s:s}", "end_reason", st->end_reason ? st->end_reason : "");
    if (st->class_session) {
        json_t *out = json_array();
        for (size_t i = 0; i < st->out_members.n; i++)
            json_array_append_new(out, json_integer(st->out_members.v[i]));
        game_put(o, "{s:b, s:s, s:o}", "class_session", 1, "member_mistake",
                 wibbell_mistake_names[st->member_mistake], "out_members", out);
    }
    game_put(o, "{s:o*}", "vocabulary", host ? vocab_json(st, seat, -1) : NULL);
}

/* --- queries ------------------------------------------------------------- */

/* The classroom log, the host's and the players' of this match (not the
 * public's): rows name players and show every refused word. */
GAME_ANSWER(query_vocabulary)
{
    long member;
    int rc = game_arg_long(args, "member", -1, 0, INT32_MAX, &member, why);
    if (rc)
        return rc;
    *out = json_pack("{s:o}", "rows", vocab_json(state, seat, (int)member));
    return WB_OK;
}

/* The words that would have worked on a turn: the host's only. */
GAME_ANSWER(query_hints)
{
    const wibbell_state *st = state;
    const char *cards[DICT_CARDS_MAX];
    const wibbell_turn *t;
    const dict *d = ctx && ctx->dicts ? dict_lib_find(ctx->dicts, st->dict_id) : NULL;
    dict_cards dc = {.cards = cards};
    dict_list *l = NULL;
    long turn, of, limit; /* of: the seat asked about, or -1 */
    const char *sort = json_string_value(json_object_get(args, "sort"));
    int rc;

    if (st->nturns == 0)
        return game_refuse(why, WB_EINVAL, "no turn has been played yet");
    if ((rc = game_arg_long(args, "turn", (long)st->nturns, 1, (long)st->nturns, &turn, why)) ||
        (rc = game_arg_long(args, "seat", -1, 0, (long)st->nplayers - 1, &of, why)) ||
        (rc = game_arg_long(args, "limit", 20, 1, WIBBELL_HINTS_MAX, &limit, why)))
        return rc;
    if (sort && strcmp(sort, "common") != 0 && strcmp(sort, "short") != 0)
        return game_refuse(why, WB_EINVAL, "sort is common (the commonest words first) or "
                           "short (the shortest first, the default)");
    if (!d)
        return game_refuse(why, WB_EINVAL, "the dictionary %s of this match is not loaded",
                           st->dict_id);
    t = &st->turns[turn - 1];
    for (size_t i = 0; i < t->centre.n; i++)
        cards[dc.ncards++] = st->cards[t->centre.v[i]].letters;
    if (of >= 0) {
        const game_ids *c = &t->cons[of];
        if (c->n + dc.ncards > DICT_CARDS_MAX)
            return game_refuse(why, WB_EINVAL, "seat %ld had more cards to cover than a search "
                               "takes (%d)", of, DICT_CARDS_MAX);
        for (size_t i = 0; i < c->n; i++)
            cards[dc.ncards++] = st->cards[c->v[i]].letters;
    }
    rc = dict_match_opt(d, &dc, (const char *const *)st->used, t->nused, 0, (size_t)limit,
                        wibbell_class_opts(st) |
                            (st->compounds ? DICT_COMPOUNDS : 0) |
                            (sort && strcmp(sort, "common") == 0 ? DICT_MATCH_COMMON : 0),
                        &l);
    if (rc)
        return game_refuse(why, rc, "the dictionary failed: %s", wb_strerror(rc));
    *out = json_pack("{s:i, s:o, s:o, s:o, s:o, s:I}", "turn", (int)turn, "seat",
                     of >= 0 ? json_integer(of) : json_null(), "cards",
                     game_json_strs(cards, dc.ncards), "used",
                     game_json_strs((const char *const *)st->used, t->nused), "words",
                     game_json_strs((const char *const *)l->words, l->nwords), "total",
                     (json_int_t)l->total);
    dict_list_free(l);
    return WB_OK;
}

/* Up to `limit` words that would have worked for seat `seat` on turn
 * `t` (an index), commonest first (DICT_MATCH_COMMON: by SCOWL's size
 * classes where the dictionary has them), in the class setting when the
 * match has it; a new array of {"word"}. */
static json_t *worked(const wibbell_state *st, const dict *d, size_t t, int seat, size_t limit)
{
    const char *cards[DICT_CARDS_MAX];
    const wibbell_turn *tu = &st->turns[t];
    dict_cards dc = {.cards = cards};
    dict_list *l = NULL;
    json_t *a = json_array();
    for (size_t i = 0; i < tu->centre.n; i++)
        cards[dc.ncards++] = st->cards[tu->centre.v[i]].letters;
    for (size_t i = 0; i < tu->cons[seat].n && dc.ncards < DICT_CARDS_MAX; i++)
        cards[dc.ncards++] = st->cards[tu->cons[seat].v[i]].letters;
    if (dict_match_opt(d, &dc, (const char *const *)st->used, tu->nused, 0, limit,
                       DICT_MATCH_COMMON | wibbell_class_opts(st) |
                           (st->compounds ? DICT_COMPOUNDS : 0),
                       &l) == WB_OK)
        for (size_t i = 0; i < l->nwords; i++)
            json_array_append_new(a, json_pack("{s:s}", "word", l->words[i]));
    dict_list_free(l);
    return a;
}

/* A word's first definition as the match shows it, into `o`. */
static void define(const wibbell_state *st, const dict *d, json_t *o)
{
    const char *w = json_string_value(json_object_get(o, "word"));
    dict_entry *e = NULL;
    if (d && dict_lookup_opt(d, w, strlen(w), 0, 1, wibbell_class_opts(st),
                             &e) == WB_OK &&
        e->ndefs > 0)
        game_put(o, "{s:s, s:s}", "pos", e->defs[0].pos, "definition",
                 e->defs[0].text ? e->defs[0].text : "");
    else
        game_put(o, "{s:s, s:s}", "pos", "", "definition", "");
    dict_entry_free(e);
    if (st->learner) {
        dict_list *l = NULL;
        json_t *tr = json_array();
        if (d && dict_translate(d, w, strlen(w), st->learner, &l, NULL) == WB_OK)
            for (size_t i = 0; i < l->nwords; i++)
                json_array_append_new(tr, json_string(l->words[i]));
        dict_list_free(l);
        game_put(o, "{s:o}", "translations", tr);
    }
}

/* A class member's study list: the member's own words (every one tried,
 * with its verdict, definition and translation), and for each turn the
 * member shouted on, up to `limit` words that would have worked for the
 * team then (commonest first, defined).  The member comes from the token
 * (the store sets the "member" argument); a seat, the host or the public
 * has no study list. */
GAME_ANSWER(query_study)
{
    const wibbell_state *st = state;
    const dict *d = ctx && ctx->dicts ? dict_lib_find(ctx->dicts, st->dict_id) : NULL;
    long member, limit;
    int rc;
    if ((rc = game_arg_long(args, "member", -1, 0, INT32_MAX, &member, why)) ||
        (rc = game_arg_long(args, "limit", 5, 1, 20, &limit, why)))
        return rc;
    if (!st->class_session || member < 0)
        return game_refuse(why, WB_EINVAL, "a study list is a class member's: ask with the "
                           "token a student got when joining the class");
    json_t *words = vocab_json(st, seat, (int)member), *turns = json_array(), *row;
    size_t i, last = SIZE_MAX;
    json_array_foreach(words, i, row) {
        size_t t = (size_t)json_integer_value(json_object_get(row, "turn"));
        int on = (int)json_integer_value(json_object_get(row, "seat"));
        if (t == last || t == 0 || t > st->nturns)
            continue;
        last = t;
        json_t *w = d ? worked(st, d, t - 1, on, (size_t)limit) : json_array(), *x;
        size_t k;
        json_array_foreach(w, k, x)
            define(st, d, x);
        json_array_append_new(turns, json_pack("{s:I, s:o}", "turn", (json_int_t)t, "worked", w));
    }
    *out = json_pack("{s:I, s:o, s:o}", "member", (json_int_t)member, "words", words, "turns",
                     turns);
    return WB_OK;
}

/* The teacher's report: every row of the log grouped by student (in the
 * order of their first shout; a student's seat and team are those of its
 * first shout, each row has its own), and each team's cards and score; the
 * host's alone.  Students who never shouted are in the view's roster. */
GAME_ANSWER(query_report)
{
    (void)ctx;
    (void)args;
    const wibbell_state *st = state;
    json_t *rows = vocab_json(st, seat, -1), *students = json_array(), *teams = json_array();
    json_t *row;
    size_t i;
    json_array_foreach(rows, i, row) {
        json_t *m = json_object_get(row, "member"), *who = NULL, *s;
        size_t k;
        /* a student by member (a moved one too), a seat's own claims by seat */
        int by_member = json_is_integer(m);
        json_array_foreach(students, k, s)
            if (json_equal(json_object_get(s, "member"), m ? m : json_null()) &&
                (by_member || json_equal(json_object_get(s, "seat"), json_object_get(row, "seat"))))
                who = s;
        if (!who) {
            who = json_pack("{s:O, s:O, s:O, s:O, s:I, s:I, s:I, s:[]}", "member",
                            m ? m : json_null(), "nickname",
                            json_object_get(row, json_object_get(row, "nickname") ? "nickname"
                                                                                  : "player"),
                            "seat", json_object_get(row, "seat"), "team",
                            json_object_get(row, "player"), "tried", (json_int_t)0, "accepted",
                            (json_int_t)0, "won", (json_int_t)0, "words");
            json_array_append_new(students, who);
        }
        json_object_set_new(who, "tried",
                            json_integer(json_integer_value(json_object_get(who, "tried")) + 1));
        if (json_is_true(json_object_get(row, "accepted")))
            json_object_set_new(
                who, "accepted",
                json_integer(json_integer_value(json_object_get(who, "accepted")) + 1));
        if (json_is_true(json_object_get(row, "won")))
            json_object_set_new(who, "won",
                                json_integer(json_integer_value(json_object_get(who, "won")) + 1));
        json_array_append(json_object_get(who, "words"), row);
    }
    for (size_t t = 0; t < st->nplayers; t++) {
        const wibbell_player *p = &st->p[t];
        game_ids all = {0};
        game_ids_append(&all, &p->down);
        game_ids_append(&all, &p->up);
        game_ids_append(&all, &p->hcap);
        json_array_append_new(teams, json_pack("{s:I, s:s, s:I, s:o}", "seat", (json_int_t)t,
                                               "name", p->name, "score",
                                               (json_int_t)wibbell_score(st, t), "cards",
                                               wibbell_cards_json(st, &all)));
        free(all.v);
    }
    json_decref(rows);
    *out = json_pack("{s:o, s:o}", "students", students, "teams", teams);
    return WB_OK;
}

const game_query wibbell_queries[] = {
    {"vocabulary", GAME_ROLE_HOST | GAME_ROLE_SEAT, query_vocabulary},
    {"hints", GAME_ROLE_HOST, query_hints},
    {"study", GAME_ROLE_SEAT, query_study},
    {"report", GAME_ROLE_HOST, query_report},
    {NULL},
};
