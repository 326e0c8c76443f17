/*
 * scowl.h - what the build reads from SCOWL (Debian's scowl,
 * /usr/share/dict/scowl) beyond the wider vocabulary (wider.h): its
 * abbreviation lists against its word lists, and each English word's
 * size class.
 *
 * Private to dict/build/.  SCOWL files its words in lists by
 * size: 10 and 20 the words everyone knows, 35 the
 * everyday vocabulary of most dictionaries, 50 a large one, 70 an
 * unabridged one, 80 the rare words of word games, 95 the rest.  A word's
 * size class is the smallest size whose list holds it or, for an
 * inflection, its lemma (dogs: 20, but dog: 10, so dogs is 10); a word
 * SCOWL lists only with accents takes their size (cafe: café, 20).  The
 * build keeps it in the word's match record (fmt_rec.size), which the
 * reader answers with (dict_entry.size, DICT_MATCH_WITHIN); see
 * dict/LAYOUT.md, "Size classes" and "What a word is" (abbreviations).
 */
#ifndef SCOWL_H
#define SCOWL_H

#include <stdint.h>

#include "dict_build.h"
#include "wordnet.h"

/* Call cb(ctx, w, 0) for every entry of SCOWL's abbreviation lists in
 * `dir`, of every size and spelling, then cb(ctx, w, 1) for every entry of
 * its word lists; only entries beginning with a-z (abbreviations in
 * capitals, ASAP, are given in lower case; a word list's capitalised
 * entries are names, left out).  An entry of both is a word: SCOWL files
 * clipped words such as "max" and "intro" under abbreviations too, and
 * interjections such as "hmm" and "shh" under words.  Last, cb(ctx, w, 2)
 * for every entry of its list of Roman numerals (special-roman-numerals:
 * ii, iv, xl, in lower case). */
void scowl_each_listed(const char *dir, void (*cb)(void *ctx, const char *w, int word),
                       void *ctx);

/* The classes, as the dictionary's meta names them ("size_classes"). */
#define SCOWL_SIZE_CLASSES "10,20,35,40,50,55,60,70,80,95"

typedef struct scowl_sizes scowl_sizes;

/* Read SCOWL's word lists of the dictionary's spellings (o->wider_spellings,
 * and british_z where -ize spellings are words: o->oxford_ize) at every
 * size from o->scowl_dir.  NULL for a dictionary without them (not
 * English, no SCOWL directory or spellings). */
scowl_sizes *scowl_sizes_load(const dict_build_opts *o);
void scowl_sizes_free(scowl_sizes *s);

/* The size class of the folded word `w`: the smallest size of w's own
 * lists and of those of its inflectional bases by WordNet (`wn`, may be
 * NULL): the exception lists (geese: goose) and the detachment rules to a
 * lemma of the rule's part of speech (dogs: dog).  A word in none of
 * them (a WordNet lemma or Hunspell stem no list holds) is 95, SCOWL's
 * rare words.  0 when `s` is NULL. */
uint8_t scowl_size_class(const scowl_sizes *s, const wordnet *wn, const char *w);

#endif
