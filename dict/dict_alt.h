/*
 * dict_alt.h - alternative strategies for the same questions, kept for the
 * benchmark (tests/bench) and the tests that compare them with the served
 * ones.  Private to dict/ and its tests; not part of the service API.
 */
#ifndef DICT_ALT_H
#define DICT_ALT_H

#include "dict.h"

/* dict_match by a naive scan over every word: letters-count prefilter off,
 * bitmask prefilter `use_mask`, then the card check per word. */
int dict_match_scan(const dict *d, const dict_cards *cards,
                    const char *const *used, size_t nused, size_t offset,
                    size_t limit, int use_mask, dict_list **out);

/* dict_prefix by walking the trie stored in LMDB. */
int dict_prefix_trie(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out);

/* dict_prefix by a naive scan of the sorted word strings. */
int dict_prefix_scan(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out);

/* dict_pattern by a naive scan of every word. */
int dict_pattern_scan(const dict *d, const char *pattern, size_t len,
                      size_t limit, dict_list **out);

#endif
