/*
 * bot_words.c - Wibbell's word finder: the "word" of a bot's claim.
 *
 * From the seat's view only: the centre cards, the seat's own permanent
 * handicaps and face-up cards of the round (the cards its claim must
 * cover, as the game judges it), the used words and the match's
 * dictionary.  dict_match gives the words that cover those cards and are
 * neither used nor a derivative of a used word, shortest first.
 *
 * The level stands for a person's vocabulary and speed.  The dictionary
 * keeps no frequency or SCOWL size class (yet), so the vocabulary is
 * limited by word length: a low level knows words of 4 to 6 letters and
 * picks one of them at random, level 5 takes one of the shortest words
 * (what wins a tie window), at random among those of that length: two
 * level-5 bots that always shouted the very same word would tie, redeal
 * and tie again round the deck.  The reaction time is a person's: level 1
 * about 8 s, level 5 under 1 s, each +-25%.
 */
#include <stdlib.h>
#include <string.h>

#include "bot_int.h"
#include "wb_err.h"

/* By level 1..5: the word lengths known, how many of the shortest matches
 * are looked at, and the reaction time in ms. */
static const struct word_level {
    size_t min_len, max_len;
    size_t look;
    int shortest; /* only words of the shortest length found */
    int64_t react_ms;
} levels[BOT_LEVEL_MAX] = {
    {4, 6, 400, 0, 8000},
    {4, 7, 400, 0, 5000},
    {3, 8, 400, 0, 3000},
    {3, 9, 100, 0, 1800},
    {1, 64, 64, 1, 900},
};

#define CARDS_MAX 16 /* DICT_CARDS_MAX */

/* Append the letters of the cards in `a` ([{"letters":...}]). */
static void add_cards(const json_t *a, const char **cards, size_t *n)
{
    size_t i;
    json_t *c;
    json_array_foreach(a, i, c) {
        const char *l = json_string_value(json_object_get(c, "letters"));
        if (l && *n < CARDS_MAX)
            cards[(*n)++] = l;
    }
}

json_t *bot_wibbell_claim(const bot_turn *t, const json_t *tpl, rng *r, int64_t *delay_ms)
{
    const struct word_level *lv = &levels[t->level - 1];
    const char *cards[CARDS_MAX];
    size_t ncards = 0;
    json_t *me = json_array_get(json_object_get(t->view, "players"), (size_t)t->seat);
    const json_t *used = json_object_get(t->view, "used");
    const char *id = json_string_value(json_object_get(t->view, "dictionary"));
    const dict *d = !t->dicts ? NULL : id ? dict_lib_find(t->dicts, id) : NULL;
    if (!d && t->dicts)
        d = dict_lib_default(t->dicts);
    if (!d || !me)
        return NULL;
    add_cards(json_object_get(t->view, "centre"), cards, &ncards);
    add_cards(json_object_get(me, "handicaps"), cards, &ncards);
    add_cards(json_object_get(me, "face_up"), cards, &ncards);

    size_t nused = json_array_size(used);
    const char **uw = calloc(nused + 1, sizeof *uw);
    if (!uw)
        return NULL;
    for (size_t i = 0; i < nused; i++)
        uw[i] = json_string_value(json_array_get(used, i));
    dict_cards dc = {cards, ncards};
    dict_list *l = NULL;
    json_t *body = NULL;
    /* a class match: no word the class setting hides (dict_match_opt) */
    unsigned opts = json_is_true(json_object_get(t->view, "classroom")) ? DICT_LOOKUP_CLASS : 0;
    if (dict_match_opt(d, &dc, uw, nused, 0, lv->look, opts, &l) == WB_OK && l) {
        size_t fit[400], nfit = 0;
        for (size_t i = 0; i < l->nwords && nfit < sizeof fit / sizeof fit[0]; i++) {
            size_t len = strlen(l->words[i]);
            if (lv->shortest && nfit && len > strlen(l->words[fit[0]]))
                break;
            if (len >= lv->min_len && len <= lv->max_len)
                fit[nfit++] = i;
        }
        if (nfit) {
            body = json_deep_copy(tpl);
            json_object_del(body, "$params");
            json_object_set_new(body, "word",
                                json_string(l->words[fit[rng_below(r, nfit)]]));
        }
    }
    dict_list_free(l);
    free(uw);
    /* a person's time: 75% to 125% of the level's */
    *delay_ms = lv->react_ms * 3 / 4 + (int64_t)rng_below(r, (uint64_t)lv->react_ms / 2 + 1);
    return body;
}
