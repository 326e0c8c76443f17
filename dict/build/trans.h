/*
 * trans.h - translations of a dictionary's words, from FreeDict (build
 * time).
 *
 * Private to dict/build/.  For every language of `spec`, the FreeDict dictionary
 * from English (Debian's dict-freedict-eng-XXX, /usr/share/dictd) is read
 * with zlib (freedict.h) and the translations of each head that is a word
 * of the dictionary are stored in DB_TRANS under "<lang>:<word>", one a
 * line, at most TRANS_MAX, in FreeDict's order.  A language whose files
 * are missing is left out.
 */
#ifndef TRANS_H
#define TRANS_H

#include <stddef.h>

#include "store.h"

#define TRANS_MAX 8

/* `spec`: "fra:fr,spa:es,..." (FreeDict's code, then ours); `dir`: where
 * the files are.  is_word(ctx, folded) says which heads to keep.  Writes
 * the languages found ("fr,es") into langs (cap bytes) and the sources
 * (one path each, "; "-separated) into sources.  Returns a wb_err code. */
int trans_write(store_txn *t, const char *dir, const char *spec,
                int (*is_word)(void *ctx, const char *w), void *ctx,
                char *langs, size_t cap, char *sources, size_t scap);

#endif
