/*
 * dict_int.h - what the files of the dictionary reader share: the struct
 * of an open dictionary and the word-record helpers.  Private to dict/.
 *
 *   dict.c       opening, the library of dictionaries, word records
 *   dict_word.c  questions about one word: lookup, check, related
 *   dict_list.c  lists over the whole dictionary: match, prefix, pattern
 */
#ifndef DICT_INT_H
#define DICT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "dict.h"
#include "format.h"
#include "offensive.h"
#include "store.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

struct dict {
    char *id, *language, *sources, *built_at;
    char *translations, *translation_sources; /* "fr,es,..." and their files */
    char *definitions; /* what FreeDict's glosses cover (other languages), or "" */
    char *classroom; /* what the class setting hides: "N words, M of K senses" */
    size_t words, proper, lemmas;
    int is_default;
    int sized; /* the match records hold SCOWL size classes */
    store_env *env;
    store_db db_words, db_lemmas, db_lemma_ids, db_members, db_defs, db_trie, db_trans;
    store_db db_compounds; /* lemma -> the words it is a part of (compound.h) */
    fmt_rec *recs;
    size_t nrecs;
    char *strs;
    size_t nstrs;
    uint64_t *bits; /* 26 bitsets of nbits words each */
    uint64_t *unfit; /* nbits words: hidden from a class (FMT_UNFIT), or NULL */
    /* nbits words by grade (DICT_CLASS_GRADE): what the class setting
     * hides, unfit and the list's words (offensive.h), or NULL for none */
    uint64_t *hide[OFFENSIVE_NGRADES];
    uint64_t *listed[OFFENSIVE_NGRADES]; /* the list's words alone, or NULL */
    offensive *off;    /* the list itself, for words the dictionary lacks */
    char *class_words; /* what the list hides: meta "class_words", or NULL */
    size_t nbits;
    uint64_t *ge[4]; /* ge[k]: 26 bitsets, words with the letter > k times;
                        ge[0] is bits */
    uint64_t *cls;   /* sized: DICT_NCLASS bitsets, the words of each size
                        class in order of commonness (dict_class_rank) */
};

/* SCOWL's size classes in order (10, 20 ... 95), then no class: the rank
 * of a record's size, 0 .. DICT_NCLASS - 1 (DICT_MATCH_COMMON). */
#define DICT_NCLASS 11
static inline int dict_class_rank(uint8_t size)
{
    static const uint8_t upto[DICT_NCLASS - 1] = {10, 20, 35, 40, 50, 55, 60, 70, 80, 95};
    for (int k = 0; size && k < DICT_NCLASS - 1; k++)
        if (size <= upto[k])
            return k;
    return DICT_NCLASS - 1;
}

/* A word's record, copied out of its LMDB transaction: into `inl` when
 * its lemma ids fit (most words: no allocation), else into `heap`. */
#define WREC_INLINE 48
typedef struct wrec {
    int found;
    uint8_t flags;
    uint32_t id;
    uint32_t *lem, *fam, *comp; /* into inl or heap */
    size_t nlem, nfam, ncomp;
    uint32_t *heap;      /* owned, or NULL */
    uint32_t inl[WREC_INLINE];
} wrec;

/* Read the record of a folded word; a word not in the dictionary has
 * found = 0 and, as its own base form, its lemma id if it has one. */
int dict_wrec_get(const dict *d, store_txn *t, const char *w, wrec *r);
void dict_wrec_clear(wrec *r);
/* The relation of morph.h: L(a) meets K(b) (symmetric).  With
 * DICT_COMPOUNDS also when one is a compound of a word related to the
 * other: C(a) meets K(b), or C(b) meets K(a) (compound.h). */
int dict_wrec_related(const wrec *a, const wrec *b, unsigned opts);
/* The lemma string of a lemma id (malloc'd), or NULL. */
char *dict_lemma_str(const dict *d, store_txn *t, uint32_t id);
/* Call cb for every word id whose base forms hold lemma `id`. */
int dict_each_member(const dict *d, store_txn *t, uint32_t id,
                     void (*cb)(void *, uint32_t), void *ctx);
/* Call cb for every word id whose compound parts C hold lemma `id`. */
int dict_each_compound(const dict *d, store_txn *t, uint32_t id,
                       void (*cb)(void *, uint32_t), void *ctx);
/* The grade of the class setting that `opts` holds (DICT_CLASS_GRADE), or
 * -1 without DICT_LOOKUP_CLASS. */
static inline int dict_opts_grade(unsigned opts)
{
    unsigned g = (opts >> 16) & 3;
    return !(opts & DICT_LOOKUP_CLASS) ? -1 : g < OFFENSIVE_NGRADES ? (int)g : 0;
}
/* Does the class setting of `opts` hide word id `id` (dict_match_opt)?
 * Never without DICT_LOOKUP_CLASS. */
static inline int dict_id_hidden(const dict *d, uint32_t id, unsigned opts)
{
    int g = dict_opts_grade(opts);
    const uint64_t *h = g >= 0 ? d->hide[g] : NULL;
    return h && id < d->nrecs && (h[id / 64] >> (id % 64) & 1);
}
/* The folded word of a word id (borrowed from the dictionary). */
const char *dict_word_str(const dict *d, uint32_t id);
/* dict_normalise into a FOLD_CAP buffer. */
int dict_fold_word(const char *in, size_t len, char *out);
/* qsort comparisons of uint32_t and of char *. */
int dict_u32_cmp(const void *a, const void *b);
int dict_str_cmp(const void *a, const void *b);

#endif
