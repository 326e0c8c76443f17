/*
 * cards.h - does a word give every card its own letter?
 *
 * Private to dict/.  A card is a set of letters (a-z); a word covers a set
 * of cards when each card can be given its own distinct position in the
 * word holding one of the card's letters.  That is a bipartite matching
 * (cards to positions), found here with augmenting paths; with at most
 * DICT_CARDS_MAX cards and DICT_WORD_MAX letters it takes nanoseconds.
 */
#ifndef CARDS_H
#define CARDS_H

#include <stddef.h>
#include <stdint.h>

#include "dict.h"

typedef struct cards_set {
    uint32_t mask[DICT_CARDS_MAX]; /* bit i: letter 'a' + i */
    size_t n;
    int overlap; /* some two cards share a letter */
} cards_set;

/* Parse cards (UTF-8 strings of letters; case and diacritics ignored).
 * WB_EINVAL for a card that is empty, holds a non-letter or a letter
 * without an a-z base, or for more than DICT_CARDS_MAX cards. */
int cards_parse(const char *const *cards, size_t n, cards_set *out);

/* Mask of the letters of `base` (a-z). */
uint32_t cards_word_mask(const char *base, size_t len);

/* Cover by positions: `base` is the word's a-z letters.  Returns 1 and
 * fills pos[i] (the position given to card i) when covered, else 0. */
int cards_cover(const cards_set *c, const char *base, size_t len, size_t *pos);

/* The cards that lack a letter of `base` (a-z letters; other bytes are
 * no letter), as a mask (bit i: card i), when the word does not cover
 * them: the cards none of whose letters the word holds, if any; else the
 * smallest group found competing for too few letters (SG and SH against
 * the one S of "sin": they need a letter each, the word has one for
 * both).  0 when the word covers every card. */
uint32_t cards_short(const cards_set *c, const char *base, size_t len);

/* Cover by letter counts (the word's count of each letter): the same
 * answer as cards_cover, without positions. */
int cards_cover_counts(const cards_set *c, const uint8_t counts[26]);

#endif
