/*
 * wordnet.h - the parts of the WordNet database the dictionary build uses.
 *
 * Private to dict/build/.  Reads index.*, data.* and *.exc from
 * a WordNet 3.0 database directory (Debian's wordnet-base puts it in
 * /usr/share/wordnet) and answers: is this a lemma (and of which parts of
 * speech), what are its base forms by the exception lists, which lemmas are
 * one derivational link away, and what are its glosses.  Only single
 * words are kept (collocations with '_' or '-' are skipped).
 */
#ifndef WORDNET_H
#define WORDNET_H

#include <stddef.h>

typedef struct wordnet wordnet;

enum { WN_NOUN = 1, WN_VERB = 2, WN_ADJ = 4, WN_ADV = 8 };

/* Load the database in `dir`.  WB_EDATA when files are missing. */
int wn_load(const char *dir, wordnet **out);
void wn_free(wordnet *wn);

/* Parts of speech (WN_* bits) for which `w` is a lemma; 0 if none. */
unsigned wn_lemma_pos(const wordnet *wn, const char *w);

/* WordNet's detachment rules (morphy): a word of part of speech `pos`
 * ending in `suffix` may be a form of the lemma that ends in `ending`
 * instead (walked -> walk, boxes -> box, larger -> large). */
typedef struct wn_detach {
    unsigned pos;
    const char *suffix, *ending;
} wn_detach;
extern const wn_detach wn_detach_rules[];
extern const size_t wn_ndetach;

/* Rule r applied to w: w less r's suffix plus r's ending into out (cap
 * bytes), when w ends in the suffix after `stem` letters or more and the
 * result fits: 1; else 0 (walked -> walk).  Whether the result is a
 * lemma is the caller's to ask (wn_lemma_pos & r->pos). */
int wn_detach_apply(const wn_detach *r, const char *w, size_t stem, char *out, size_t cap);

/* Is x no base of w = x + ing or x + ed, w being the form of x + e, a
 * word of WordNet, instead?  When x is a word of one syllable that ends in
 * one vowel and one consonant (not w, x, y), which English doubles (hop,
 * hopping, hopped; verb.exc lists such forms: tarring -> tar), while a
 * verb in -e drops its e (hope, hoping, hoped); or x is no verb at all
 * and x + e is one (fir: fired is fire's: Hunspell's .dic puts such forms
 * on the shorter stem by its flags G and D, which add -ing and -ed
 * without doubling).  Forms the exception lists give for x itself are
 * theirs to say (wn_exc).  0 when w is not x + ing or x + ed. */
int wn_e_verb_form(const wordnet *wn, const char *w, const char *x);

/* Base forms of `w` from the exception lists (geese -> goose).  Fills up
 * to `max` borrowed strings into `out`; returns how many there are. */
size_t wn_exc(const wordnet *wn, const char *w, const char **out, size_t max);

/* Lemmas one derivational or pertainym link away from `w` (symmetric:
 * explore <-> exploration), through common senses of both words only (see
 * wn_common_glosses).  As wn_exc. */
size_t wn_links(const wordnet *wn, const char *w, const char **out, size_t max);

/* Antonyms of `w` (kind <-> unkind, obey <-> disobey), as wn_exc. */
size_t wn_antonyms(const wordnet *wn, const char *w, const char **out, size_t max);

/* Lemmas one derivational link away from `w` in any of their senses
 * (disenchantment <-> disenchant, a sense no table met), as wn_exc. */
size_t wn_links_any(const wordnet *wn, const char *w, const char **out, size_t max);

/* Are a and b one derivational link apart in any of their senses? */
int wn_linked_any_sense(const wordnet *wn, const char *a, const char *b);

/* Is h a word of a hypernym of a sense of w (overcharge: charge)? */
int wn_is_hypernym(const wordnet *wn, const char *w, const char *h);

/* Is w the opposite of b by way of a synonym: does a word or collocation
 * of w's first sense in a part of speech, other than w, belong to a
 * synset that an antonym pointer of a sense of b names, from any word of
 * that sense (dismount "get off": mount "hop on, get on" has, through
 * hop_on, the antonym "hop out, get off")?  Or are they adjectives whose
 * heads are antonyms, WordNet's indirect antonyms (inapplicable is like
 * irrelevant, applicable like relevant)?  Senses in which w or b is a
 * name are left out of the first. */
int wn_opposite(const wordnet *wn, const char *w, const char *b);

/* The other single words of w's first sense in each part of speech of
 * `pos` (WN_* bits), as wn_exc (disgrace: dishonor, shame ...). */
size_t wn_first_synonyms(const wordnet *wn, const char *w, unsigned pos, const char **out,
                         size_t max);

/* Glosses of `w`, most frequent sense first, up to `max`: calls `cb` with
 * the part of speech ("noun", "verb", "adjective", "adverb") and the gloss
 * text (definition only, examples removed).  Returns the number given. */
size_t wn_glosses(const wordnet *wn, const char *w, size_t max,
                  void (*cb)(void *ctx, const char *pos, const char *text),
                  void *ctx);

/* As wn_glosses, only the common senses: those the sense-tagged corpus
 * has met, or the first of a part of speech. */
size_t wn_common_glosses(const wordnet *wn, const char *w, size_t max,
                         void (*cb)(void *ctx, const char *pos, const char *text),
                         void *ctx);

/* As wn_common_glosses, plus the first three senses of a part of speech
 * in which the corpus never met the word (overcharge, disown): nothing
 * tells its common senses from its rare ones. */
size_t wn_known_glosses(const wordnet *wn, const char *w, size_t max,
                        void (*cb)(void *ctx, const char *pos, const char *text),
                        void *ctx);

/* A sense of a word, as wn_senses gives it. */
typedef struct wn_sense_info {
    const char *pos;  /* "noun", "verb", "adjective", "adverb" */
    const char *text; /* the definition, examples removed */
    unsigned count;   /* times the sense-tagged corpus met it (cntlist.rev) */
    int unfit;        /* unfit for a class (classroom.h) */
} wn_sense_info;

/* As wn_glosses, with each sense's tag count and class mark. */
size_t wn_senses(const wordnet *wn, const char *w, size_t max,
                 void (*cb)(void *ctx, const wn_sense_info *si), void *ctx);

/* Has `w` senses (names aside), every one of them unfit for a class? */
int wn_word_unfit(const wordnet *wn, const char *w);

/* The content words of a gloss, lower-case words of five letters or more
 * less a few empty ones, cut to WN_STEM - 1 letters ("gratitude" ->
 * "gratitu"), each once; returns how many (at most max). */
#define WN_STEM 7
#define WN_GLOSS_STEMS 48
size_t wn_gloss_stems(const char *text, char out[][WN_STEM], size_t max);
/* How many synset glosses hold this stem. */
size_t wn_stem_df(const wordnet *wn, const char *stem);

/* Every single-word lemma and exception form, each once. */
void wn_each_word(const wordnet *wn, void (*cb)(void *ctx, const char *w),
                  void *ctx);

/* Has `w` a sense of its own: one in which it is written in lower case
 * and its synset holds no longer word that it shortens (the same first
 * letter, its letters in order: kb is kilobyte's, lm lumen's, atm
 * atmosphere's; cwm, nth and tsk have senses of their own)? */
int wn_own_sense(const wordnet *wn, const char *w);

/* The sense count in the index of lemma `w` in all parts of speech. */
size_t wn_sense_count(const wordnet *wn, const char *w);

#endif
