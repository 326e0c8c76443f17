/*
 * normalise.h - Unicode normalisation of words and cards (ICU).
 *
 * Private to dict/.  Two forms of a word matter:
 *  - the folded form: NFC, then full case folding (what the dictionary is
 *    keyed by and what clients see);
 *  - the base letters: the folded form decomposed with the combining marks
 *    removed, so that only a-z remain (what cards are matched against;
 *    "café" has the base letters "cafe").
 */
#ifndef NORMALISE_H
#define NORMALISE_H

#include <stddef.h>

/* Fold `in` (`len` bytes of UTF-8) into `out` (NUL-terminated).  Every code
 * point must be a letter (or a combining mark following one).
 * WB_EUTF8, WB_ENOTWORD (empty, non-letter, more than `max_letters`
 * letters), WB_ETOOBIG (out too small). */
int norm_fold(const char *in, size_t len, size_t max_letters, char *out,
              size_t cap);

/* The base letters of a folded word, as ASCII a-z into `out` (cap >= the
 * length of `folded` + 1).  WB_ENOTWORD when a letter has no a-z base
 * (æ, ø, þ, Greek ...). */
int norm_base(const char *folded, char *out, size_t cap);

/* The folded word with its first letter upper-cased (for asking Hunspell
 * whether "Paris" is a word), into `out`.  WB_ETOOBIG when too small. */
int norm_titlecase(const char *folded, char *out, size_t cap);

/* Does `s` (`len` bytes of UTF-8) begin with an upper- or title-case
 * letter (Paris, Änderung, Élysée)? */
int norm_starts_upper(const char *s, size_t len);

/* Offsets: for each base letter i of `folded`, the byte offset of the code
 * point it came from and its length; `n` is the number of base letters
 * (same as strlen of norm_base).  Arrays hold at least `cap` entries. */
int norm_letter_spans(const char *folded, size_t *offs, size_t *lens,
                      size_t cap, size_t *n);

#endif
