/*
 * freedict.h - FreeDict bilingual dictionaries in dictd format (build time).
 *
 * Private to dict/build/.  Debian's dict-freedict-XXX-YYY packages install
 * /usr/share/dictd/freedict-XXX-YYY.index (headword, offset, length in
 * dictd's base 64) and .dict.dz (the entries, dictzip: gzip that zlib
 * reads whole).  No dictd server is involved.  An entry is a head line
 * ("Haus /hˈaʊs/ <neut, n, sg>"), then its translations ("house <n>,
 * home <n>", or numbered senses "1. 議院, 家" each followed by a gloss),
 * then indented examples, notes, synonyms and "see:" references.
 */
#ifndef FREEDICT_H
#define FREEDICT_H

#include <stddef.h>

typedef struct freedict freedict;

/* Open `base`.index and `base`.dict.dz.  NULL when either is missing or
 * unreadable. */
freedict *freedict_open(const char *base);
void freedict_close(freedict *fd);

/* One parsed entry; strings point into `buf`. */
#define FREEDICT_TR_MAX 24
typedef struct freedict_entry {
    const char *head;  /* the headword as written (Haus, not haus) */
    const char *tags;  /* what the head line's <...> says ("neut, n, sg"), or "" */
    const char *tr[FREEDICT_TR_MAX]; /* translations, without their tags and labels */
    unsigned char sense[FREEDICT_TR_MAX]; /* tr[i]'s sense number, 0 if unnumbered */
    size_t ntr;
    int geo;           /* the translations are labelled [geogr.] */
    int labelled;      /* the translations carry a label ([ugs.], [techn.]) */
    int examples;      /* example lines ("      \"Lass uns gehen!\"  - Let's go!") */
    char buf[2048];
    /* the entry's "see:" references ({gehen}, {ich/er/sie ging}), in order */
#define FREEDICT_SEE_MAX 48
    const char *see[FREEDICT_SEE_MAX];
    size_t nsee;
    char seebuf[2048];
} freedict_entry;

/* Call cb for every entry, in the index's order (dictd folds headwords
 * to lower case there: all senses of "Haus" and "haus" follow one
 * another). */
void freedict_each(const freedict *fd, void (*cb)(void *ctx, const freedict_entry *e),
                   void *ctx);

#endif
