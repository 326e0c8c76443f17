/*
 * compound.h - German and Dutch compounds: the words a compound is made of
 * (build time; dict/COMPOUNDS.md, dict/LAYOUT.md "Compounds").
 *
 * Private to dict/build/.  A compound is a word w = X + link + Y where the head
 * Y and the modifier X are words of the dictionary of 3 letters or more,
 * the link one of the language's linking elements (German -s-, -es-, -n-,
 * -en-, -e-, or a dropped -e: Schulbuch; Dutch -s-, -en-, -e-, also after
 * a doubled consonant: zonnebril), and the split has evidence: in German
 * a noun compound has a noun for head (a capitalised entry), and its
 * modifier is a noun or one Hunspell's compounding data lets begin a
 * compound; in Dutch Hunspell's data (COMPOUNDBEGIN, COMPOUNDEND) lets X
 * begin or Y end one (its .aff: "just don't flag the dangerous ones").
 * C(w), the parts of w, is the union of L(X), L(Y) and the parts of X and
 * Y over every such split: Haustür has haus and tür, Häuserblock häuser
 * and haus, Haustürschlüssel haustür, haus, tür and schlüssel.  A word
 * that merely contains another (Hausierer) has no split and no parts.
 *
 * The reader keeps C(w) beside L and K (fmt_word.ncomp) and an index from
 * a lemma to the words it is a part of (DB_COMPOUNDS): the check and the
 * match take compounds for derivatives only when asked (DICT_COMPOUNDS).
 */
#ifndef COMPOUND_H
#define COMPOUND_H

#include <stddef.h>
#include <stdint.h>

#include "morph.h"
#include "store.h"
#include "strtab.h"

enum { COMPOUND_CAP = 1, COMPOUND_LOW = 2 };

typedef struct compound_input {
    const char *lang;               /* "de" or "nl"; others have no compounds */
    const char *aff, *dic;          /* Hunspell's compounding data */
    const char *const *words;       /* valid folded words by word id, shortest first */
    /* By word id: how the sources wrote it, COMPOUND_CAP with a capital
     * (a German noun: Haus), COMPOUND_LOW without, or both (Schule, and
     * schule of schulen). */
    const uint8_t *cased;
    size_t nwords;
    /* The candidates of the build and their word ids (UINT32_MAX: none). */
    const strtab *cands;
    const uint32_t *wid;
    const morph_sets *ms;           /* L(w) */
} compound_input;

typedef struct compound_sets compound_sets;

/* The parts of every word, or NULL for a language without compounds. */
compound_sets *compound_build(const compound_input *in);
void compound_free(compound_sets *cs);
/* C(w) of word id w, sorted lemma ids (borrowed; none: n = 0, also for
 * a w that is no word id and for more parts than a record holds, 65535).
 * cs may be NULL. */
void compound_parts(const compound_sets *cs, uint32_t w, const uint32_t **ids, size_t *n);
/* How many words have parts. */
size_t compound_count(const compound_sets *cs);
/* Write DB_COMPOUNDS: u32be lemma id -> the word ids whose C holds it. */
int compound_write(const compound_sets *cs, size_t nlemmas, store_txn *t);

#endif
