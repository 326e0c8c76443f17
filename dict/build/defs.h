/*
 * defs.h - the definitions of a dictionary's words (DB_DEFS), with each
 * sense's tag count and class mark, and which words a class does not see.
 * Private to dict/build/.
 */
#ifndef DEFS_H
#define DEFS_H

#include <stddef.h>

#include "morph.h"
#include "store.h"
#include "wordnet.h"

/* Write the WordNet senses of each of the `n` words (up to 8 a word) into
 * DB_DEFS: (u8 part of speech | FMT_DEF_UNFIT, u16 length, u16 tag
 * count, text), in the index's order.  Adds to count[0] the senses
 * written, to count[1] those unfit for a class. */
int defs_write(const wordnet *wn, store_txn *t, const char *const *words, size_t n,
               size_t count[2]);

/* Is `w` a word a class does not see (FMT_UNFIT): every sense WordNet
 * gives of it and of its base forms (its `nlem` lemmas) is unfit, and
 * there is one (fucked: fuck; not kissing, whose only sense of its own
 * is unfit but whose base form kiss is not)? */
int defs_word_unfit(const wordnet *wn, const morph_sets *ms, const char *w,
                    const uint32_t *lem, size_t nlem);

#endif
