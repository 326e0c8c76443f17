/*
 * wibbell.c - the Wibbell game kind: its options, the set-up of a match,
 * the deck file parser and the helpers the module's files share.
 *
 * The state machine is in wibbell_rules.c, the views, save/load and
 * queries in wibbell_io.c (the seam: what changes a match, and what only
 * reads it).  The default deck is data (data/wibbell-deck.txt), embedded
 * into the binary at build time.
 */
#include "wibbell.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

/* --- small shared helpers ------------------------------------------------ */

void wibbell_ids_push(wibbell_ids *l, int id)
{
    l->v = wb_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
    l->v[l->n++] = id;
}

void wibbell_ids_remove(wibbell_ids *l, size_t i)
{
    if (i >= l->n)
        return;
    memmove(l->v + i, l->v + i + 1, (l->n - i - 1) * sizeof *l->v);
    l->n--;
}

long wibbell_ids_find(const wibbell_ids *l, int id)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i] == id)
            return (long)i;
    return -1;
}

/* Upper-case of an ASCII letter, whatever the locale. */
static char ascii_upper(char ch)
{
    return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch;
}

static int cmp_char(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

void wibbell_card_key(const char *letters, char out[WIBBELL_LETTERS_MAX + 1])
{
    size_t n = 0;
    for (; letters[n] && n < WIBBELL_LETTERS_MAX; n++)
        out[n] = ascii_upper(letters[n]);
    out[n] = '\0';
    qsort(out, n, 1, cmp_char);
}

const char *wibbell_mode_name(wibbell_mode m)
{
    static const char *const names[] = {"standard", "simple", "simpler"};
    return names[m];
}

const char *wibbell_phase_name(wibbell_phase ph)
{
    static const char *const names[] = {"flip", "play", "take", "keep", "over"};
    return names[ph];
}

size_t wibbell_round_cards(const wibbell_state *st)
{
    return st->mode == WIBBELL_SIMPLE ? 4 : 3;
}

size_t wibbell_remaining(const wibbell_state *st)
{
    if (!st->companion)
        return st->deck.n;
    return st->deck.n > st->ntrim ? st->deck.n - st->ntrim : 0;
}

size_t wibbell_score(const wibbell_state *st, size_t seat)
{
    const wibbell_player *p = &st->p[seat];
    return p->up.n + p->down.n + (p->hcap.n - p->nstart);
}

int wibbell_eligible(const wibbell_state *st, size_t seat)
{
    return !st->p[seat].out && st->barred != (int)seat;
}

long wibbell_claim_of(const wibbell_state *st, size_t seat)
{
    for (size_t i = 0; i < st->nclaims; i++)
        if (st->claims[i].seat == (int)seat)
            return (long)i;
    return -1;
}

int wibbell_to_act(const wibbell_state *st, size_t seat)
{
    switch (st->phase) {
    case WIBBELL_PLAY: {
        /* a seat with more cards to cover than a claim can be judged
         * against has no claim to make (see WIBBELL.md) */
        const char *cards[DICT_CARDS_MAX];
        return wibbell_eligible(st, seat) && wibbell_claim_of(st, seat) < 0 &&
               wibbell_claim_cards(st, seat, cards) <= DICT_CARDS_MAX;
    }
    case WIBBELL_TAKE:
    case WIBBELL_KEEP:
        return st->winner == (int)seat;
    default:
        return 0;
    }
}

size_t wibbell_claim_cards(const wibbell_state *st, size_t seat,
                           const char *out[DICT_CARDS_MAX])
{
    const wibbell_player *p = &st->p[seat];
    size_t n = 0;
    const wibbell_ids *lists[] = {&st->centre, &p->hcap, &p->up};
    for (size_t l = 0; l < 3; l++)
        for (size_t i = 0; i < lists[l]->n; i++, n++)
            if (n < DICT_CARDS_MAX)
                out[n] = st->cards[lists[l]->v[i]].letters;
    return n;
}

int wibbell_set(json_t *o, const char *key, json_t *v)
{
    return json_object_set_new(o, key, v) ? 1 : 0;
}

int wibbell_push(json_t *a, json_t *v)
{
    return json_array_append_new(a, v) ? 1 : 0;
}

json_t *wibbell_card_json(const wibbell_state *st, int id)
{
    const wibbell_card *c = &st->cards[id];
    json_t *o = json_object();
    int rc = !o;
    if (o) {
        rc |= wibbell_set(o, "id", json_integer(id));
        rc |= wibbell_set(o, "letters", json_string(c->letters));
        rc |= wibbell_set(o, "value", json_integer(c->value));
        rc |= wibbell_set(o, "border", json_string(c->border));
    }
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

json_t *wibbell_cards_json(const wibbell_state *st, const wibbell_ids *l)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; a && i < l->n; i++)
        rc |= wibbell_push(a, wibbell_card_json(st, l->v[i]));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *wibbell_scores_json(const wibbell_state *st)
{
    json_t *a = json_array();
    int rc = !a;
    for (size_t s = 0; a && s < st->nplayers; s++)
        rc |= wibbell_push(a, json_integer((json_int_t)wibbell_score(st, s)));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *wibbell_winners_json(const wibbell_state *st)
{
    size_t best = 0;
    json_t *a = json_array();
    int rc = !a;
    for (size_t s = 0; s < st->nplayers; s++)
        if (wibbell_score(st, s) > best)
            best = wibbell_score(st, s);
    for (size_t s = 0; a && s < st->nplayers; s++)
        if (wibbell_score(st, s) == best)
            rc |= wibbell_push(a, json_integer((json_int_t)s));
    if (rc) {
        json_decref(a);
        return NULL;
    }
    return a;
}

void wibbell_free(wibbell_state *st)
{
    if (!st)
        return;
    free(st->dict_id);
    free(st->cards);
    free(st->deck.v);
    free(st->centre.v);
    for (size_t s = 0; s < st->nplayers && st->p; s++) {
        free(st->p[s].name);
        free(st->p[s].up.v);
        free(st->p[s].down.v);
        free(st->p[s].hcap.v);
    }
    free(st->p);
    for (size_t i = 0; i < st->nused; i++)
        free(st->used[i]);
    free(st->used);
    free(st->end_reason);
    for (size_t i = 0; i < st->nclaims; i++)
        free(st->claims[i].word);
    free(st->claims);
    for (size_t i = 0; i < st->nvocab; i++) {
        free(st->vocab[i].word);
        free(st->vocab[i].reasons);
        free(st->vocab[i].pos);
        free(st->vocab[i].definition);
    }
    free(st->vocab);
    for (size_t i = 0; i < st->nturns; i++) {
        for (size_t s = 0; s < st->nplayers && st->turns[i].cons; s++)
            free(st->turns[i].cons[s].v);
        free(st->turns[i].cons);
    }
    free(st->turns);
    free(st);
}

/* --- the deck file ------------------------------------------------------- */

/* a-z or A-Z, whatever the locale (cards are matched on a-z base letters). */
static int ascii_letter(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

int wibbell_card_parse(const char *line, wibbell_card *c, char **why)
{
    char letters[64] = "", border[64] = "plain", extra[2];
    long value = 1;
    int at = 0;
    size_t n;

    memset(c, 0, sizeof *c);
    if (sscanf(line, " %63s%n", letters, &at) != 1) {
        *why = game_why("bad card '%s': write LETTERS [VALUE [BORDER]]", line);
        return WB_EINVAL;
    }
    line += at;
    line += strspn(line, " \t");
    if (*line) {
        char *end;
        value = strtol(line, &end, 10);
        if (end == line || (*end && !isspace((unsigned char)*end)) ||
            sscanf(end, " %63s %1s", border, extra) == 2) {
            *why = game_why("bad card '%s %s': write LETTERS [VALUE [BORDER]]",
                            letters, line);
            return WB_EINVAL;
        }
    }
    for (n = 0; letters[n]; n++)
        if (!ascii_letter(letters[n]) || n >= WIBBELL_LETTERS_MAX) {
            *why = game_why("bad card '%s': a card is 1 to %d letters a-z",
                            letters, WIBBELL_LETTERS_MAX);
            return WB_EINVAL;
        }
    if (value < 0 || value > 99) {
        *why = game_why("bad card '%s': its value must be 0 to 99", letters);
        return WB_EINVAL;
    }
    if (strlen(border) >= WIBBELL_BORDER_MAX ||
        strspn(border, "abcdefghijklmnopqrstuvwxyz-") != strlen(border)) {
        *why = game_why("bad card '%s': a border is a short lower-case name", letters);
        return WB_EINVAL;
    }
    for (size_t i = 0; i < n; i++)
        c->letters[i] = ascii_upper(letters[i]);
    c->value = (int)value;
    strcpy(c->border, border);
    return WB_OK;
}

int wibbell_deck_parse(const char *text, size_t len, wibbell_card **cards,
                       size_t *ncards, char **why)
{
    wibbell_card *v = NULL;
    size_t n = 0, cap = 0, lineno = 0;
    int rc = WB_OK;

    for (size_t i = 0; i < len;) {
        size_t e = i;
        while (e < len && text[e] != '\n')
            e++;
        lineno++;
        char *line = wb_strndup(text + i, e - i);
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        size_t l = strlen(line);
        while (l && isspace((unsigned char)line[l - 1]))
            line[--l] = '\0';
        if (strspn(line, " \t") < l) {
            v = wb_grow(v, &cap, n + 1, sizeof *v);
            char *w = NULL;
            rc = wibbell_card_parse(line, &v[n], &w);
            if (rc) {
                *why = game_why("deck line %zu: %s", lineno, w);
                free(w);
                free(line);
                goto out;
            }
            n++;
        }
        free(line);
        i = e + 1;
    }
out:
    if (rc) {
        free(v);
        return rc;
    }
    *cards = v;
    *ncards = n;
    return WB_OK;
}

/* --- options ------------------------------------------------------------- */

static json_t *wb_options(void)
{
    json_t *o = json_object(), *mode;
    int rc = !o;
    if (!o)
        return NULL;
    mode = game_option("string", json_string("standard"),
                  "standard: a round ends when someone takes their 3rd card, "
                  "they take both centre cards and keep one of their 4 as a "
                  "permanent handicap; simple: a round ends on the 4th card, "
                  "the 5th is a bonus that cannot be the handicap; simpler: "
                  "a round ends on the 3rd card, the 4th is a bonus, no "
                  "permanent handicaps");
    if (mode)
        rc |= wibbell_set(mode, "enum", json_pack("[sss]", "standard", "simple", "simpler"));
    rc |= wibbell_set(o, "mode", mode);
    rc |= wibbell_set(o, "learning_aid",
        game_option("boolean", json_false(),
               "the winner of a round may not claim during the next round"));
    rc |= wibbell_set(o, "tie_window_ms",
        game_option("integer", json_integer(400),
               "claims within this many ms of the first valid claim compete: "
               "the shortest word wins, then the first alphabetically; "
               "identical words redeal; 0: the first valid claim wins (0 to 5000)"));
    rc |= wibbell_set(o, "dictionary",
        game_option("string", json_null(),
               "the dictionary that judges claims (en_US, en_GB, ...); "
               "null: the daemon's default"));
    rc |= wibbell_set(o, "deck",
        game_option("array", json_null(),
               "a custom deck: one string a card, \"LETTERS [VALUE [BORDER]]\" "
               "(\"NZ\", \"NZ 2 dots\"), or {\"letters\",\"value\",\"border\"}; "
               "null: the default 48-card deck"));
    rc |= wibbell_set(o, "shuffle",
        game_option("boolean", json_true(),
               "shuffle the deck; false: the first card of the deck is flipped "
               "first (removed cards for 2 or 3 players come from the end)"));
    rc |= wibbell_set(o, "handicaps",
        game_option("array", json_array(),
               "starting permanent handicaps by seat, which do not score: "
               "a count 0..2 dealt from the deck, or an array of up to 2 card "
               "letter strings taken from the deck (required form in "
               "companion mode)"));
    rc |= wibbell_set(o, "companion",
        game_option("boolean", json_false(),
               "referee a physical table: the host records flips, shouts, "
               "takes and keeps; the seats only watch"));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* --- create -------------------------------------------------------------- */

/* The parsed options, before the state exists. */
typedef struct setup {
    wibbell_mode mode;
    int companion, learning_aid, shuffle;
    int64_t tie_ms;
    const char *dict_id;
    wibbell_card *cards;
    size_t ncards;
    const json_t *handicaps;
} setup;

static int parse_mode(const json_t *v, setup *su, char **why)
{
    static const char *const names[] = {"standard", "simple", "simpler"};
    for (size_t i = 0; json_is_string(v) && i < 3; i++)
        if (strcmp(json_string_value(v), names[i]) == 0) {
            su->mode = (wibbell_mode)i;
            return WB_OK;
        }
    *why = game_why("option mode must be \"standard\", \"simple\" or \"simpler\"");
    return WB_EINVAL;
}

static int parse_bool(const json_t *v, const char *name, int *out, char **why)
{
    if (!json_is_boolean(v)) {
        *why = game_why("option %s must be true or false", name);
        return WB_EINVAL;
    }
    *out = json_is_true(v);
    return WB_OK;
}

static int parse_deck(const json_t *v, setup *su, char **why)
{
    size_t n = json_array_size(v);
    if (!json_is_array(v) || n < 2 || n > WIBBELL_DECK_MAX) {
        *why = game_why("option deck must be an array of 2 to %d cards",
                        WIBBELL_DECK_MAX);
        return WB_EINVAL;
    }
    su->cards = wb_calloc(n, sizeof *su->cards);
    su->ncards = n;
    for (size_t i = 0; i < n; i++) {
        const json_t *c = json_array_get(v, i);
        char *w = NULL, *line = NULL;
        int rc;
        if (json_is_string(c)) {
            line = wb_strdup(json_string_value(c));
        } else if (json_is_object(c) && json_is_string(json_object_get(c, "letters"))) {
            const json_t *val = json_object_get(c, "value"), *b = json_object_get(c, "border");
            if ((val && !json_is_integer(val)) || (b && !json_is_string(b))) {
                *why = game_why("deck card %zu: value is an integer, border a string", i);
                return WB_EINVAL;
            }
            line = wb_asprintf("%s %lld %s", json_string_value(json_object_get(c, "letters")),
                               val ? (long long)json_integer_value(val) : 1LL,
                               b ? json_string_value(b) : "plain");
        } else {
            *why = game_why("deck card %zu must be a string such as \"NZ\" or "
                            "an object {\"letters\":\"NZ\"}", i);
            return WB_EINVAL;
        }
        rc = wibbell_card_parse(line, &su->cards[i], &w);
        free(line);
        if (rc) {
            *why = game_why("deck card %zu: %s", i, w);
            free(w);
            return rc;
        }
    }
    return WB_OK;
}

static int parse_options(const game_ctx *ctx, const json_t *options, size_t nplayers,
                         setup *su, char **why)
{
    const char *key;
    const json_t *v;
    int rc = WB_OK;

    su->mode = WIBBELL_STANDARD;
    su->shuffle = 1;
    su->tie_ms = 400;
    if (options && !json_is_object(options)) {
        *why = game_why("options must be an object");
        return WB_EINVAL;
    }
    json_object_foreach((json_t *)(uintptr_t)options, key, v) {
        if (strcmp(key, "mode") == 0)
            rc = parse_mode(v, su, why);
        else if (strcmp(key, "learning_aid") == 0)
            rc = parse_bool(v, key, &su->learning_aid, why);
        else if (strcmp(key, "companion") == 0)
            rc = parse_bool(v, key, &su->companion, why);
        else if (strcmp(key, "shuffle") == 0)
            rc = parse_bool(v, key, &su->shuffle, why);
        else if (strcmp(key, "tie_window_ms") == 0) {
            if (!json_is_integer(v) || json_integer_value(v) < 0 ||
                json_integer_value(v) > WIBBELL_TIE_MAX) {
                *why = game_why("option tie_window_ms must be an integer from 0 to %d",
                                WIBBELL_TIE_MAX);
                rc = WB_EINVAL;
            } else {
                su->tie_ms = json_integer_value(v);
            }
        } else if (strcmp(key, "dictionary") == 0) {
            if (json_is_null(v))
                continue;
            if (!json_is_string(v)) {
                *why = game_why("option dictionary must be a dictionary id such as \"en_US\"");
                rc = WB_EINVAL;
            } else {
                su->dict_id = json_string_value(v);
            }
        } else if (strcmp(key, "deck") == 0) {
            if (!json_is_null(v))
                rc = parse_deck(v, su, why);
        } else if (strcmp(key, "handicaps") == 0) {
            if (!json_is_array(v) || json_array_size(v) > nplayers) {
                *why = game_why("option handicaps must be an array with at most "
                                "one entry per seat");
                rc = WB_EINVAL;
            }
            su->handicaps = v;
        } else {
            *why = game_why("unknown option '%s' (Wibbell takes mode, learning_aid, "
                            "tie_window_ms, dictionary, deck, shuffle, handicaps, "
                            "companion)", key);
            rc = WB_EINVAL;
        }
        if (rc)
            return rc;
    }

    if (ctx && ctx->dicts) {
        if (su->dict_id && !dict_lib_find(ctx->dicts, su->dict_id)) {
            *why = game_why("unknown dictionary '%s'", su->dict_id);
            return WB_EINVAL;
        }
        if (!su->dict_id) {
            dict_info in;
            dict_get_info(dict_lib_default(ctx->dicts), &in);
            su->dict_id = in.id;
        }
    } else if (!su->dict_id) {
        su->dict_id = "en_US"; /* judged when a claim comes; see WIBBELL.md */
    }

    if (!su->cards) {
        char *w = NULL;
        rc = wibbell_deck_parse((const char *)wibbell_deck_txt, wibbell_deck_txt_len,
                                &su->cards, &su->ncards, &w);
        if (rc) {
            *why = game_why("the default deck is broken: %s", w);
            free(w);
        }
    }
    return rc;
}

/* Take the first card of the deck with these letters out of it. */
static int take_named(wibbell_state *st, const char *letters, int *id)
{
    char want[WIBBELL_LETTERS_MAX + 1], have[WIBBELL_LETTERS_MAX + 1];
    wibbell_card_key(letters, want);
    for (size_t i = 0; i < st->deck.n; i++) {
        wibbell_card_key(st->cards[st->deck.v[i]].letters, have);
        if (strcmp(want, have) == 0) {
            *id = st->deck.v[i];
            wibbell_ids_remove(&st->deck, i);
            return WB_OK;
        }
    }
    return WB_ENOTFOUND;
}

/* Starting handicaps: first those named by letters, then the trim for 2 or
 * 3 players from the bottom, then those dealt by count from the top. */
static int deal_handicaps(wibbell_state *st, const json_t *h, size_t trim, char **why)
{
    for (size_t s = 0; s < json_array_size(h); s++) {
        const json_t *e = json_array_get(h, s);
        if (json_is_integer(e)) {
            if (json_integer_value(e) < 0 || json_integer_value(e) > WIBBELL_HANDICAPS_MAX) {
                *why = game_why("handicaps[%zu]: a seat starts with 0 to %d handicaps",
                                s, WIBBELL_HANDICAPS_MAX);
                return WB_EINVAL;
            }
            if (json_integer_value(e) > 0 && st->companion) {
                *why = game_why("handicaps[%zu]: in companion mode name the cards, "
                                "e.g. [\"QU\"]", s);
                return WB_EINVAL;
            }
            continue;
        }
        if (!json_is_array(e) || json_array_size(e) > WIBBELL_HANDICAPS_MAX) {
            *why = game_why("handicaps[%zu] must be a count 0..%d or an array of up "
                            "to %d card letters", s, WIBBELL_HANDICAPS_MAX,
                            WIBBELL_HANDICAPS_MAX);
            return WB_EINVAL;
        }
        for (size_t k = 0; k < json_array_size(e); k++) {
            const json_t *c = json_array_get(e, k);
            int id;
            if (!json_is_string(c) || take_named(st, json_string_value(c), &id)) {
                *why = game_why("handicaps[%zu]: no card %s in the deck", s,
                                json_is_string(c) ? json_string_value(c) : "(not a string)");
                return WB_EINVAL;
            }
            wibbell_ids_push(&st->p[s].hcap, id);
        }
    }
    if (st->companion) {
        st->ntrim = trim;
    } else {
        st->deck.n = st->deck.n > trim ? st->deck.n - trim : 0;
    }
    for (size_t s = 0; s < json_array_size(h); s++) {
        const json_t *e = json_array_get(h, s);
        for (json_int_t k = 0; json_is_integer(e) && k < json_integer_value(e); k++) {
            if (st->deck.n == 0)
                break;
            wibbell_ids_push(&st->p[s].hcap, st->deck.v[0]);
            wibbell_ids_remove(&st->deck, 0);
        }
    }
    for (size_t s = 0; s < st->nplayers; s++)
        st->p[s].nstart = st->p[s].hcap.n;
    if (wibbell_remaining(st) < 2) {
        *why = game_why("the deck is too small: fewer than 2 cards are left for "
                        "the centre after set-up");
        return WB_EINVAL;
    }
    return WB_OK;
}

static int wb_create(const game_ctx *ctx, const char *const *players,
                     size_t nplayers, const json_t *options, uint64_t seed,
                     void **state, char **why)
{
    setup su = {0};
    wibbell_state *st = NULL;
    json_t *events = NULL;
    size_t trim;
    int rc;

    *state = NULL;
    if (nplayers < game_wibbell.min_players || nplayers > game_wibbell.max_players) {
        *why = game_why("Wibbell is for %u to %u players, not %zu",
                        game_wibbell.min_players, game_wibbell.max_players, nplayers);
        return WB_EINVAL;
    }
    if ((rc = parse_options(ctx, options, nplayers, &su, why)))
        goto out;

    st = wb_calloc(1, sizeof *st);
    st->mode = su.mode;
    st->companion = su.companion;
    st->learning_aid = su.learning_aid;
    st->shuffle = su.shuffle;
    st->tie_ms = su.tie_ms;
    st->dict_id = wb_strdup(su.dict_id);
    st->cards = su.cards;
    st->ncards = su.ncards;
    su.cards = NULL;
    rng_seed(&st->rng, seed);
    st->nplayers = nplayers;
    st->p = wb_calloc(nplayers, sizeof *st->p);
    for (size_t s = 0; s < nplayers; s++)
        st->p[s].name = wb_strdup(players[s] ? players[s] : "");
    st->round = 1;
    st->winner = st->bonus = st->last_winner = -1;
    st->last_round_winner = st->barred = -1;
    st->window_end = -1;

    for (size_t i = 0; i < st->ncards; i++)
        wibbell_ids_push(&st->deck, (int)i);
    if (st->shuffle && !st->companion && st->deck.n > 1)
        rng_shuffle(&st->rng, st->deck.v, st->deck.n, sizeof *st->deck.v);
    /* The rules: 2 players remove half the deck (24 of 48), 3 players a
     * quarter (12 of 48); the same shares of a custom deck. */
    trim = nplayers == 2 ? st->ncards / 2 : nplayers == 3 ? st->ncards / 4 : 0;
    if ((rc = deal_handicaps(st, su.handicaps, trim, why)))
        goto out;

    events = json_array();
    if (!events) {
        rc = WB_ENOMEM;
        goto out;
    }
    rc = wibbell_start(st, events);
out:
    json_decref(events);
    free(su.cards);
    if (rc) {
        wibbell_free(st);
        return rc;
    }
    *state = st;
    return WB_OK;
}

static void wb_destroy(void *state)
{
    wibbell_free(state);
}

const game_kind game_wibbell = {
    .name = "wibbell",
    .title = "Wibbell",
    .min_players = 2,
    .max_players = 7,
    .options = wb_options,
    .create = wb_create,
    .destroy = wb_destroy,
    .save = wibbell_save,
    .load = wibbell_load,
    .view = wibbell_view,
    .actions = wibbell_actions,
    .apply = wibbell_apply,
    .deadline = wibbell_deadline,
    .query = wibbell_query,
};
