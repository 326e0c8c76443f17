/*
 * bot_words.c - Wibbell's word finder: the "word" of a bot's claim.
 *
 * From the seat's view only: the centre cards, the seat's own permanent
 * handicaps and face-up cards of the round (the cards its claim must
 * cover, as the game judges it), the used words and the match's
 * dictionary.  dict_match_opt gives the words that cover those cards
 * and are neither used nor a derivative of a used word, shortest first,
 * within a vocabulary.
 *
 * The level stands for a person's vocabulary and speed.  In English the
 * vocabulary is SCOWL's size classes (dict_entry.size), narrowed for
 * levels 1 and 2 by how often WordNet's sense-tagged corpus (SemCor)
 * met the word or, for an inflection, its lemma (dict_tags): a size
 * class says how large a dictionary lists a word, not how often people
 * meet it (size 20 holds orient, mandatory, conjectured).  Level 1 (a
 * beginner) knows the words of size 20 or less that the corpus met
 * BOT_WORDS_TAGS_1 times or more (or, of those WordNet has no sense of,
 * the, from, they, size 10 or less), of at most BOT_WORDS_LEN_1
 * letters, and picks among the quarter of them met most; level 2 (a
 * secondary-school pupil) those of size 35 or less met BOT_WORDS_TAGS_2
 * times or more; 3 knows size 50, 4 size 70; each of 2-4 picks one at
 * random among the shortest matches it knows; level 5 knows every word
 * and takes one of the shortest (what wins a tie window), at random
 * among those of that length: two level-5 bots that always shouted the
 * very same word would tie, redeal and tie again round the deck.  How
 * common their words are, by an outside list (SUBTLEX-US):
 * docs/measurements/bots.md.  A dictionary without size classes (the
 * other languages) limits levels 1 to 4 by word length instead, a
 * stand-in.  The reaction time is a person's: level 1 about 8 s, level
 * 5 under 1 s, each +-25%.
 */
#include <stdlib.h>
#include <string.h>

#include "bot_int.h"
#include "dict.h"
#include "wb_err.h"

/* By level 1..5: the vocabulary (the largest SCOWL size class known, 0:
 * every word; the least tag count, dict_tags, of a word known, 0: any,
 * and the largest size class known of a word WordNet has no sense of;
 * without size classes, the word lengths known), how many of the
 * shortest matches are looked at, and the reaction time in ms. */
static const struct word_level {
    int max_size;
    long min_tags;
    int bare_size;
    size_t sized_len; /* English: the longest word known, 0 any */
    int common;       /* English: picks among the quarter of its words most often met */
    size_t min_len, max_len;
    size_t look;
    int shortest; /* only words of the shortest length found */
    int64_t react_ms;
    const char *about; /* bot_level_about */
} levels[BOT_LEVEL_MAX] = {
    {20, BOT_WORDS_TAGS_1, BOT_WORDS_BARE_1, BOT_WORDS_LEN_1, 1, 4, 6, 400, 0, 8000,
     "beginners: the common words every pupil knows (house, water, tried), about 8 s a word"},
    {35, BOT_WORDS_TAGS_2, BOT_WORDS_BARE_2, 0, 0, 4, 7, 400, 0, 5000,
     "secondary school: the words of school books and newspapers, about 5 s"},
    {50, 0, 0, 0, 0, 3, 8, 400, 0, 3000, "a large vocabulary: an adult who reads a lot, about 3 s"},
    {70, 0, 0, 0, 0, 3, 9, 100, 0, 1800, "an avid reader's words, rare ones too, about 2 s"},
    {0, 0, 0, 0, 0, 1, 64, 64, 1, 900, "every word, the shortest first, under 1 s"},
};

/* Does a level with a tag-count floor know word w: WordNet's
 * sense-tagged corpus met it (or its lemma) min_tags times or more, or
 * WordNet has no sense of it (the, from, they) and its size class is at
 * most bare_size. */
static int knows(const dict *d, const struct word_level *lv, const char *w, long *tags_out)
{
    long tags;
    int size;
    if (dict_tags(d, w, strlen(w), &tags, &size) != WB_OK)
        return 0;
    *tags_out = tags;
    return tags >= lv->min_tags || (tags < 0 && size > 0 && size <= lv->bare_size);
}

const char *bot_words_about(int level)
{
    return level >= BOT_LEVEL_MIN && level <= BOT_LEVEL_MAX ? levels[level - 1].about : NULL;
}

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
    unsigned grade = 0; /* at the match's grade (absent: school) */
    if (opts && dict_class_grade_parse(json_string_value(json_object_get(t->view, "class_grade")),
                                       &grade) == WB_OK)
        opts |= grade;
    /* compounds of used words are derivatives too, where the match says so */
    const char *comp = json_string_value(json_object_get(t->view, "compounds"));
    unsigned copt = 0;
    if (comp && dict_compounds_parse(comp, &copt) == WB_OK)
        opts |= copt;
    dict_info info;
    dict_get_info(d, &info);
    int sized = info.size_classes; /* else the word lengths stand in */
    if (sized && lv->max_size)
        opts |= DICT_MATCH_WITHIN(lv->max_size);
    if (dict_match_opt(d, &dc, uw, nused, 0, lv->look, opts, &l) == WB_OK && l) {
        size_t fit[400], nfit = 0;
        long tags[400];
        for (size_t i = 0; i < l->nwords && nfit < sizeof fit / sizeof fit[0]; i++) {
            size_t len = strlen(l->words[i]);
            if (lv->shortest && nfit && len > strlen(l->words[fit[0]]))
                break;
            tags[nfit] = 0;
            if (sized ? (!lv->sized_len || len <= lv->sized_len) &&
                            (!lv->min_tags || knows(d, lv, l->words[i], &tags[nfit]))
                      : len >= lv->min_len && len <= lv->max_len)
                fit[nfit++] = i;
        }
        if (nfit && sized && lv->common) {
            /* the quarter most often met (a stable sort by tag count:
             * among equals the shorter first, as matched) */
            for (size_t i = 1; i < nfit; i++) {
                size_t f = fit[i], j = i;
                long x = tags[i];
                for (; j > 0 && tags[j - 1] < x; j--) {
                    fit[j] = fit[j - 1];
                    tags[j] = tags[j - 1];
                }
                fit[j] = f;
                tags[j] = x;
            }
            nfit = (nfit + 3) / 4;
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
