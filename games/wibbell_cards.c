/*
 * wibbell_cards.c - Wibbell's cards and decks (the deck-file parser, id
 * lists), and the small facts about a state that the rules and the views
 * both read (scores, who may still win, who is to act).  Nothing here
 * changes a match.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

const char *const wibbell_mode_names[] = {"standard", "simple", "simpler", NULL};
const char *const wibbell_phase_names[] = {"flip", "play", "take", "keep", "over"};

/* --- id lists and cards ---------------------------------------------------- */

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

void wibbell_result(const void *state, int *winner, json_int_t *score)
{
    const wibbell_state *st = state;
    size_t best = 0;
    for (size_t s = 0; s < st->nplayers; s++) {
        score[s] = (json_int_t)wibbell_score(st, s);
        best = wibbell_score(st, s) > best ? wibbell_score(st, s) : best;
    }
    for (size_t s = 0; s < st->nplayers; s++)
        winner[s] = wibbell_score(st, s) == best;
}

json_t *wibbell_card_json(const wibbell_state *st, int id)
{
    const wibbell_card *c = &st->cards[id];
    return json_pack("{s:i, s:s, s:i, s:s}", "id", id, "letters", c->letters, "value",
                     c->value, "border", c->border);
}

json_t *wibbell_cards_json(const wibbell_state *st, const wibbell_ids *l)
{
    json_t *a = json_array();
    for (size_t i = 0; i < l->n; i++)
        json_array_append_new(a, wibbell_card_json(st, l->v[i]));
    return a;
}

void wibbell_free(void *state)
{
    wibbell_state *st = state;
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

