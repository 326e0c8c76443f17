/*
 * wibbell_cards.c - Wibbell's cards and decks (the deck-file parser, id
 * lists), and the small facts about a state that the rules and the views
 * both read (scores, who may still win, who is to act).  Nothing here
 * changes a match.
 */
#include <stdlib.h>
#include <string.h>

#include "game_data.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

const char *const wibbell_mode_names[] = {"standard", "simple", "simpler", NULL};
const char *const wibbell_compounds_names[] = {"separate", "derivative", NULL};
const char *const wibbell_class_grade_names[] = {"school", "adult", "young", NULL};
const char *const wibbell_phase_names[] = {"flip", "play", "take", "keep", "over"};
const char *const wibbell_mistake_names[] = {"member", "team", NULL};

/* --- id lists and cards ---------------------------------------------------- */

/* Upper-case of an ASCII letter, whatever the locale. */
static char ascii_upper(char ch)
{
    return ch >= 'a' && ch <= 'z' ? (char)(ch - 'a' + 'A') : ch;
}

static int cmp_char(const void *a, const void *b)
{
    return *(const char *)a - *(const char *)b;
}

/* The letters of a card as a comparable key: upper-case, sorted. */
static void card_key(const char *letters, char out[WIBBELL_LETTERS_MAX + 1])
{
    size_t n = 0;
    for (; letters[n] && n < WIBBELL_LETTERS_MAX; n++)
        out[n] = ascii_upper(letters[n]);
    out[n] = '\0';
    qsort(out, n, 1, cmp_char);
}

long wibbell_find(const wibbell_state *st, const game_ids *l, const char *letters, int skip)
{
    char want[WIBBELL_LETTERS_MAX + 1], have[WIBBELL_LETTERS_MAX + 1];
    card_key(letters, want);
    for (size_t i = 0; i < l->n; i++) {
        card_key(st->cards[l->v[i]].letters, have);
        if (l->v[i] != skip && strcmp(want, have) == 0)
            return (long)i;
    }
    return -1;
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

long wibbell_member_claim(const wibbell_state *st, int member)
{
    for (size_t i = 0; i < st->nclaims; i++)
        if (st->claims[i].member == member)
            return (long)i;
    return -1;
}

int wibbell_member_out(const wibbell_state *st, int member)
{
    return member >= 0 && game_ids_find(&st->out_members, member) >= 0;
}

int wibbell_to_act(const wibbell_state *st, size_t seat)
{
    const char *cards[DICT_CARDS_MAX];
    if (st->phase == WIBBELL_TAKE || st->phase == WIBBELL_KEEP)
        return st->winner == (int)seat;
    /* a seat with more cards to cover than a claim can be judged against
     * has no claim to make (see WIBBELL.md) */
    /* in a class session a team's members claim one each: a pending
     * claim of one member leaves the others free to shout */
    return st->phase == WIBBELL_PLAY && wibbell_eligible(st, seat) &&
           (st->class_session || wibbell_claim_of(st, seat) < 0) &&
           wibbell_claim_cards(st, seat, cards) <= DICT_CARDS_MAX;
}

size_t wibbell_claim_cards(const wibbell_state *st, size_t seat,
                           const char *out[DICT_CARDS_MAX])
{
    const wibbell_player *p = &st->p[seat];
    size_t n = 0;
    const game_ids *lists[] = {&st->centre, &p->hcap, &p->up};
    for (size_t l = 0; l < 3; l++)
        for (size_t i = 0; i < lists[l]->n; i++, n++)
            if (n < DICT_CARDS_MAX)
                out[n] = st->cards[lists[l]->v[i]].letters;
    return n;
}

json_t *wibbell_card_json(const wibbell_state *st, int id)
{
    const wibbell_card *c = &st->cards[id];
    return json_pack("{s:i, s:s, s:i, s:s}", "id", id, "letters", c->letters, "value",
                     c->value, "border", c->border);
}

json_t *wibbell_cards_json(const wibbell_state *st, const game_ids *l)
{
    json_t *a = json_array();
    for (size_t i = 0; i < l->n; i++)
        json_array_append_new(a, wibbell_card_json(st, l->v[i]));
    return a;
}

/* --- the deck file ------------------------------------------------------- */

/* A card from the words of its line: LETTERS [VALUE [BORDER]]. */
static int card_words(void *card, char **w, int nw, char **why)
{
    wibbell_card *c = card;
    size_t n = strlen(w[0]);
    long value = nw > 1 ? game_data_num(w[1], 0, 99) : 1;
    const char *border = nw > 2 ? w[2] : "plain";
    if (nw > 3)
        *why = game_why("bad card '%s': write LETTERS [VALUE [BORDER]]", w[0]);
    else if (n > WIBBELL_LETTERS_MAX ||
             strspn(w[0], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != n)
        *why = game_why("bad card '%s': a card is 1 to %d letters a-z", w[0],
                        WIBBELL_LETTERS_MAX);
    else if (value < 0)
        *why = game_why("bad card '%s': its value must be 0 to 99", w[0]);
    else if (strlen(border) >= WIBBELL_BORDER_MAX ||
             strspn(border, "abcdefghijklmnopqrstuvwxyz-") != strlen(border))
        *why = game_why("bad card '%s': a border is a short lower-case name", w[0]);
    if (*why)
        return WB_EINVAL;
    for (size_t i = 0; i < n; i++)
        c->letters[i] = ascii_upper(w[0][i]);
    c->value = (int)value;
    strcpy(c->border, border);
    return WB_OK;
}

int wibbell_card_parse(const char *line, wibbell_card *c, char **why)
{
    return game_data_one(line, sizeof *c, card_words, c, why);
}

int wibbell_deck_parse(const char *text, size_t len, wibbell_card **cards, size_t *ncards,
                       char **why)
{
    return game_data_vec(text, len, "deck", sizeof **cards, (size_t)-1, card_words,
                         (void **)cards, ncards, why);
}

int wibbell_language_code(const char *s)
{
    size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz");
    return n >= 2 && n <= 8 && !s[n];
}
