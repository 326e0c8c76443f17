/*
 * adverbs.h - the adverbs in -mente of Spanish, Italian and Portuguese
 * and the adjectives they are made of (build time).
 *
 * Private to dict/build/.  The adverb is the adjective's feminine + -mente
 * (rápida: rápidamente; lenta: lentamente), an adjective in -e or a
 * consonant + -mente (feliz: felizmente, felice: felicemente), and in
 * Italian an adjective in -le, -re less its e (facile: facilmente,
 * regolare: regolarmente).  The affix rules of these languages make no
 * adverb, so nothing linked it to its adjective (dict/LANGUAGES.md).
 */
#ifndef ADVERBS_H
#define ADVERBS_H

#include <stddef.h>

#include "forms.h"

typedef struct adverbs adverbs;

/* NULL for a language without the rule (only es, it, pt, pt_BR have it). */
adverbs *adverbs_create(const char *lang);
void adverbs_free(adverbs *a);
/* Append to out[n..max) the bases of folded w when it is such an adverb:
 * the adjective's spellings (lenta, facile) and their roots by the rules
 * (lento), each once; returns the new count.  A base the dictionary does
 * not hold as a word is dropped by the build. */
size_t adverb_roots(adverbs *a, const lang_forms *f, const char *w, const char **out, size_t n,
                    size_t max);

#endif
