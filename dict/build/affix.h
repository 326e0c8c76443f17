/*
 * affix.h - derivational bases by English affixes (build time).
 *
 * Private to dict/build/.  For a word w, every split into a derivational affix
 * and a base (thank|ful, bright|en, un|kind, re|pay), with the spelling
 * rules that join them (sun|n|y doubling, creat|e|ive e-drop, happ|i|ness
 * y -> i, -able/-ible, in-/im-/il-/ir-), is tried.  A split counts only
 * when
 *   - the base is a word of the dictionary, of AFFIX_MIN_STEM letters or
 *     more, never a bare string prefix (the whole affix, exactly);
 *   - w has the part of speech the affix makes, when WordNet lists w;
 *   - and there is evidence that the split is real:
 *       productive: the dictionary's Hunspell makes w from the base by its
 *                   affix flags, and does not list w as a word of its own
 *                   (disobey from obey, not discover from cover);
 *       mention:    a common sense of w is defined by the base
 *                   (unkind "lacking kindness", repay "pay back");
 *       shared:     a common sense of w and one of the base share a rare
 *                   defining word (thankful "showing gratitude", thank
 *                   "express gratitude");
 *     and the others dict/LAYOUT.md lists (antonym, link, hypernym,
 *     sense, plain: -ful, -less, -en and un- of adjectives, participles
 *     and verbs; again: re- "begin again"; parallel: disengagement as
 *     disengage/engage; opposite: the not- prefixes' w is b's antonym by
 *     way of a synonym or a gloss; reversal: dis- flagged by Hunspell with
 *     a first sense that undoes; a gloss naming the prefix on the base's
 *     own base: discreditable "bring discredit").
 * See dict/LAYOUT.md for the figures on the evaluation table and on the
 * outside reference (tests/data/gcide-pairs.tsv).
 */
#ifndef AFFIX_H
#define AFFIX_H

#include <stddef.h>

#include "wordnet.h"

#define AFFIX_MIN_STEM 3
#define AFFIX_MAX 16
#define AFFIX_WORD 80

typedef struct affix_env {
    const wordnet *wn; /* may be NULL: then only productive splits count */
    /* Is s a word of the dictionary? */
    int (*is_word)(void *ctx, const char *s);
    /* Does Hunspell make w from base by affix flags, w not being a word
     * of its own in the Hunspell dictionary? */
    int (*productive)(void *ctx, const char *w, const char *base);
    /* Does Hunspell make w from base by an affix flag, listed or not
     * (disgrace from grace/E)?  May be NULL. */
    int (*flagged)(void *ctx, const char *w, const char *base);
    void *ctx;
} affix_env;

/* The derivational bases of w, at most AFFIX_MAX, into out; returns how
 * many.  `cls` (may be NULL) receives the affix of each. */
size_t affix_bases(const affix_env *env, const char *w, char out[][AFFIX_WORD],
                   const char **cls, size_t max);

#endif
