/*
 * wordnet.h - the parts of the WordNet database the dictionary build uses.
 *
 * Private to dict/, build-time only.  Reads index.*, data.* and *.exc from
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

/* Base forms of `w` from the exception lists (geese -> goose).  Fills up
 * to `max` borrowed strings into `out`; returns how many there are. */
size_t wn_exc(const wordnet *wn, const char *w, const char **out, size_t max);

/* Lemmas one derivational or pertainym link away from `w` (symmetric:
 * explore <-> exploration).  As wn_exc. */
size_t wn_links(const wordnet *wn, const char *w, const char **out, size_t max);

/* Glosses of `w`, most frequent sense first, up to `max`: calls `cb` with
 * the part of speech ("noun", "verb", "adjective", "adverb") and the gloss
 * text (definition only, examples removed).  Returns the number given. */
size_t wn_glosses(const wordnet *wn, const char *w, size_t max,
                  void (*cb)(void *ctx, const char *pos, const char *text),
                  void *ctx);

/* Every single-word lemma and exception form, each once. */
void wn_each_word(const wordnet *wn, void (*cb)(void *ctx, const char *w),
                  void *ctx);

/* The sense count in the index of lemma `w` in all parts of speech. */
size_t wn_sense_count(const wordnet *wn, const char *w);

#endif
