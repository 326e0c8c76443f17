/*
 * wider.h - the wider vocabulary of a dictionary (build time).
 *
 * Private to dict/build/.  Two sources beyond the word list, each with a guard
 * against junk (see dict/LAYOUT.md for the figures):
 *   - SCOWL's larger sizes (Debian's scowl, /usr/share/dict/scowl): the
 *     lower-case entries of `<spelling>-words.<size>` for sizes 55, 60, 70
 *     and 80 (the word lists hold sizes up to 50);
 *   - Hunspell's inflections of the stems of a .dic under its .aff's
 *     suffix rules: plurals and third persons (-s, -es, -ies), -ed, -ing,
 *     and comparatives (-er, -est), the forms no list holds (attaches,
 *     fetes, upskills).  Derivational suffixes (-ness, -ly, -er of agents,
 *     -ers, ...) and prefixes are not expanded.
 */
#ifndef WIDER_H
#define WIDER_H

#include <stddef.h>

#include "wordnet.h"

/* Call cb(ctx, word, size) for every lower-case entry (no possessive) of
 * SCOWL's word lists in `dir` of the comma-separated spelling categories
 * `spellings` ("english,american") at SCOWL's sizes from `lo` to `hi`
 * (10, 20, 35, 40, 50, 55, 60, 70, 80, 95), in order of size: the wider
 * vocabulary reads 55 to 80, the size classes (scowl.h) 10 to 95. */
void wider_scowl_each(const char *dir, const char *spellings, int lo, int hi,
                      void (*cb)(void *ctx, const char *w, int size), void *ctx);

/* The inflection kinds of an expanded form. */
typedef enum { WIDER_S, WIDER_ED, WIDER_ING, WIDER_ER, WIDER_EST } wider_kind;

/* Call cb(ctx, form, stem, kind) for every inflection that the suffix
 * rules of `aff` make of the stems of `dic` carrying their flags.  The
 * files are Hunspell's plain format with one-character flags and no
 * continuation classes (Debian's en_US and en_GB).  Returns 0, or -1 when
 * a file cannot be read. */
int wider_expand(const char *aff, const char *dic,
                 void (*cb)(void *ctx, const char *form, const char *stem, wider_kind kind),
                 void *ctx);

/* Would a word game take `form` as this inflection of `stem`, whose
 * WordNet parts of speech are `pos` (WN_* bits)?  Plurals and third
 * persons of nouns and verbs (not of abstract or Latin nouns: warinesses,
 * refractivities, dorsums), -ed and
 * -ing of verbs, comparatives of adjectives of one syllable or of two
 * ending in -y, -le, -ow or -er (rheumier; not knowinger, fearfullest);
 * stems of three letters or more. */
int wider_inflection_ok(const char *form, const char *stem, wider_kind kind, unsigned pos);

/* Does WordNet know `w`: a lemma, a form of its exception lists, or a
 * form its detachment rules take to a lemma of the right part of speech
 * (bearberries: bearberry)? */
int wider_wordnet_knows(const wordnet *wn, const char *w);

/* Is `w` a plural of a -ness noun (liquidnesses)?  SCOWL's larger sizes
 * hold many; no word game wants them. */
int wider_nesses(const char *w);

/* Is `w` a plural of an abstract or Latin noun (refractivities,
 * telegrapheses, isms, dorsums)?  Taken from SCOWL's size 70 only when
 * WordNet lists the plural itself, never from Hunspell's inflections. */
int wider_abstract_plural(const char *w);

#endif
