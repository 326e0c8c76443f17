/*
 * morph.h - which words are derivatives of which (build time).
 *
 * Private to dict/build/.  For every valid word w the build computes two sets of
 * lemma ids:
 *   L(w), its base forms: w itself, WordNet's exception-list bases
 *         (taught -> teach, geese -> goose), WordNet's detachment rules
 *         (walked -> walk), Hunspell's stems (exploring -> explore) and
 *         derivational bases by affix (thankful -> thank, unkind -> kind;
 *         affix.h);
 *   K(w), its family keys: L(w) plus every lemma one WordNet derivational
 *         or pertainym link away from a member of L(w) (explore <->
 *         exploration, exploratory; beauty <-> beautiful).
 * Two words are related when L(a) meets K(b).  Links are made symmetric,
 * so that test is symmetric too, and links are followed one at a time:
 * followed transitively they would merge law, legal, judge and justice.
 *
 * When w is itself a WordNet lemma (butter, evening, number), a rule-made
 * base is kept only if Hunspell gives the same stem: "butter" is not
 * "butt" + er, and "evening" is not "even" + ing.  See dict/LAYOUT.md.
 */
#ifndef MORPH_H
#define MORPH_H

#include <hunspell/hunspell.h>
#include <stddef.h>
#include <stdint.h>

#include "dict_build.h"
#include "wordnet.h"

typedef struct morph_input {
    Hunhandle *hun;            /* the dictionary's own Hunspell */
    Hunhandle *stem_hun;       /* the Hunspell trusted for stems */
    const wordnet *wn;         /* may be NULL */
    const char *const *words;  /* valid folded words, by word id */
    const uint8_t *dic_root;   /* by word id: listed in its own right in
                                  the Hunspell .dic (not only made by an
                                  affix flag); may be NULL */
    size_t nwords;
    /* English: WordNet's rules and the English affixes (affix.h); other
     * languages: Hunspell's stems alone. */
    int english;
    /* By word id: the spelling to ask Hunspell (Häuser for häuser), or
     * NULL entries (the folded word); the array may be NULL. */
    const char *const *surface;
    /* Not English: the roots whose affix rules make a folded word (forms.h),
     * into out, at most max; returns how many.  NULL: ask Hunspell. */
    size_t (*roots)(void *ctx, const char *w, const char **out, size_t max);
    void *roots_ctx;
    dict_progress_fn progress;
    void *progress_ctx;
} morph_input;

typedef struct morph_sets morph_sets;

morph_sets *morph_build(const morph_input *in);
void morph_free(morph_sets *ms);

size_t morph_lemma_count(const morph_sets *ms);
const char *morph_lemma_str(const morph_sets *ms, uint32_t lemma);
/* L(w) and K(w) of word id `w`, sorted ascending; borrowed. */
void morph_sets_of(const morph_sets *ms, uint32_t w, const uint32_t **lem,
                   size_t *nlem, const uint32_t **fam, size_t *nfam);
/* The word ids whose L contains `lemma`, sorted; borrowed. */
void morph_members(const morph_sets *ms, uint32_t lemma, const uint32_t **w,
                   size_t *n);

#endif
