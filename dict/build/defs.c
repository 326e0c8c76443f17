/*
 * defs.c - the definitions of a dictionary's words and their class marks.
 */
#include "defs.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "wb_mem.h"

struct defbuf {
    unsigned char *p;
    size_t n, cap;
    size_t *count; /* senses written, unfit senses written */
};

static void def_cb(void *ctx, const wn_sense_info *si)
{
    struct defbuf *d = ctx;
    size_t tl = strlen(si->text);
    uint8_t pi = 0;
    unsigned cnt = si->count > 65535 ? 65535 : si->count;
    if (tl > 65535)
        tl = 65535;
    for (uint8_t k = 0; k < 4; k++)
        if (strcmp(si->pos, fmt_pos_names[k]) == 0)
            pi = k;
    d->p = wb_grow(d->p, &d->cap, d->n + FMT_DEF_HEAD + tl, 1);
    d->p[d->n] = (unsigned char)(pi | (si->unfit ? FMT_DEF_UNFIT : 0));
    d->p[d->n + 1] = (unsigned char)(tl & 0xff);
    d->p[d->n + 2] = (unsigned char)(tl >> 8);
    d->p[d->n + 3] = (unsigned char)(cnt & 0xff);
    d->p[d->n + 4] = (unsigned char)(cnt >> 8);
    memcpy(d->p + d->n + FMT_DEF_HEAD, si->text, tl);
    d->n += FMT_DEF_HEAD + tl;
    d->count[0]++;
    d->count[1] += si->unfit != 0;
}

int defs_write(const wordnet *wn, store_txn *t, const char *const *words, size_t n,
               size_t count[2])
{
    store_db db;
    struct defbuf d = {.count = count};
    int rc = store_db_open(t, DB_DEFS, 1, &db);
    if (!wn)
        return rc;
    for (size_t k = 0; k < n && !rc; k++) {
        d.n = 0;
        wn_senses(wn, words[k], FMT_DEFS_MAX, def_cb, &d);
        if (d.n)
            rc = store_put(t, db, words[k], strlen(words[k]), d.p, d.n, 0);
    }
    free(d.p);
    return rc;
}

int defs_word_unfit(const wordnet *wn, const morph_sets *ms, const char *w,
                    const uint32_t *lem, size_t nlem)
{
    int any = 0;
    if (!wn)
        return 0;
    if (wn_sense_count(wn, w)) {
        if (!wn_word_unfit(wn, w))
            return 0;
        any = 1;
    }
    for (size_t k = 0; k < nlem; k++) {
        const char *s = morph_lemma_str(ms, lem[k]);
        if (!s || strcmp(s, w) == 0 || !wn_sense_count(wn, s))
            continue;
        if (!wn_word_unfit(wn, s))
            return 0;
        any = 1;
    }
    return any;
}
