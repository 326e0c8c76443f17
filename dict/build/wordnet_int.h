/*
 * wordnet_int.h - the tables wordnet.c loads and wordnet_query.c reads.
 *
 * Private to wordnet.c and wordnet_query.c (see wordnet.h for the
 * interface).
 */
#ifndef WORDNET_INT_H
#define WORDNET_INT_H

#include <stddef.h>
#include <stdint.h>

#include "strtab.h"
#include "wordnet.h"

#define NPOS 4

typedef struct pair {
    uint32_t a, b;
} pair;

typedef struct pairs {
    pair *v;
    size_t n, cap;
} pairs;

/* Adjacency: for word id a, targets are tgt[off[a] .. off[a+1]). */
typedef struct csr {
    uint32_t *off;
    uint32_t *tgt;
} csr;

typedef struct synset {
    long offset;
    uint32_t *words; /* word ids in the synset, in order */
    uint8_t nwords;
    uint64_t proper; /* bit i: word i is capitalised here (a name: Teach) */
    uint64_t common; /* bit i: this synset is a common sense of word i */
    uint64_t unfit_words; /* bit i: word i is marked unfit for a class here */
    char *gloss;
    char *head;      /* the first word as written, lower case ("ethnic_slur") */
    uint32_t *up;    /* hypernyms: pos << 30 | index into syns[pos] */
    uint32_t *opp;   /* synsets an antonym pointer of this one names, as up */
    uint32_t *sim;   /* an adjective satellite's heads ("similar to"), as up */
    uint32_t *phr;   /* NULL, or by word: a collocation's id in phrases ("get_off") */
    uint8_t nup, nopp, nsim;
    uint8_t unfit;   /* the sense is unfit for a class (classroom.h) */
} synset;

typedef struct sense {
    uint32_t word;
    uint16_t rank; /* order of the sense in the index line */
    uint8_t pos;
    uint8_t common; /* tagged in the sense-tagged corpus, or the first sense */
    uint8_t untagged; /* no sense of the word in this part of speech is */
    uint16_t count; /* times tagged in the sense-tagged corpus (cntlist.rev) */
    uint32_t syn;  /* index into syns[pos] */
} sense;

struct wordnet {
    strtab *words;
    strtab *phrases;  /* the collocations of synsets, kept only to compare members */
    uint8_t *posbits; /* by word id */
    size_t nposbits;
    synset *syns[NPOS];
    size_t nsyns[NPOS];
    csr exc, links, ants, hypers, links_all;
    sense *senses; /* sorted by word, then rank */
    size_t nsenses;
    uint32_t *sense_off;
    strtab *stems;  /* gloss word stems (wn_stem) */
    uint32_t *df;   /* by stem id: how many glosses hold the stem */
    size_t ndf;
};

/* Is word i of synset s capitalised there (a name: Teach)? */
static inline int is_proper(const synset *s, size_t i)
{
    return i < 64 && (s->proper & (1ull << i));
}

#endif
