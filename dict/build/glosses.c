/*
 * glosses.c - FreeDict's English glosses as definitions (see glosses.h).
 */
#include "glosses.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "format.h"
#include "freedict.h"
#include "normalise.h"
#include "wb_err.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

/* A definition waiting for its head's other entries, to be ranked. */
typedef struct gdef {
    int rank;          /* lower first */
    unsigned order;    /* FreeDict's order among equals */
    unsigned char pos;
    size_t off, len;   /* its text in pool */
} gdef;

#define GDEF_MAX 64

typedef struct gl {
    store_txn *t;
    store_db db;
    int (*is_word)(void *, const char *);
    void *ctx;
    char head[FOLD_CAP]; /* the word being collected */
    gdef defs[GDEF_MAX];
    size_t ndefs;
    char pool[16384];
    size_t npool;
    unsigned char val[4096];
    size_t words;
    int rc;
} gl;

/* The part of speech of FreeDict's tags ("n, fem", "v, intr", "adj"). */
static unsigned char tag_pos(const char *tags)
{
    static const struct {
        const char *tag;
        unsigned char pos;
    } map[] = {{"n", 0}, {"fem", 0}, {"masc", 0}, {"neut", 0}, {"v", 1}, {"vt", 1},
               {"vi", 1}, {"adj", 2}, {"adv", 3}};
    for (const char *t = tags; *t;) {
        size_t l = strcspn(t, ", ");
        for (size_t k = 0; k < sizeof map / sizeof *map; k++)
            if (strlen(map[k].tag) == l && memcmp(map[k].tag, t, l) == 0)
                return map[k].pos;
        t += l;
        t += strspn(t, ", ");
    }
    return FMT_POS_OTHER;
}

static int gdef_cmp(const void *x, const void *y)
{
    const gdef *a = x, *b = y;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Rank the head's definitions, keep the first GLOSSES_MAX distinct ones,
 * and merge into what an earlier run of the same head stored (dictd sorts
 * case-blind, so "Haus" and "haus" meet; a head can still recur). */
static void flush(gl *g)
{
    size_t nval = 0, kept = 0;
    qsort(g->defs, g->ndefs, sizeof *g->defs, gdef_cmp);
    for (size_t i = 0; i < g->ndefs && kept < GLOSSES_MAX; i++) {
        const gdef *d = &g->defs[i];
        int dup = 0;
        for (size_t j = 0; j < i && !dup; j++)
            dup = g->defs[j].len == d->len &&
                  !memcmp(g->pool + g->defs[j].off, g->pool + d->off, d->len);
        if (dup || nval + FMT_DEF_HEAD + d->len > sizeof g->val)
            continue;
        /* (pos, u16 length, u16 tag count: none here, text): format.h */
        g->val[nval] = d->pos;
        g->val[nval + 1] = (unsigned char)(d->len & 0xff);
        g->val[nval + 2] = (unsigned char)(d->len >> 8);
        g->val[nval + 3] = g->val[nval + 4] = 0;
        memcpy(g->val + nval + FMT_DEF_HEAD, g->pool + d->off, d->len);
        nval += FMT_DEF_HEAD + d->len;
        kept++;
    }
    if (kept && !g->rc) {
        store_val old;
        size_t hl = strlen(g->head);
        if (store_get(g->t, g->db, g->head, hl, &old) == WB_OK &&
            old.len + nval <= sizeof g->val) {
            memmove(g->val + old.len, g->val, nval);
            memcpy(g->val, old.data, old.len);
            nval += old.len;
        } else {
            g->words++;
        }
        g->rc = store_put(g->t, g->db, g->head, hl, g->val, nval, 0);
    }
    g->ndefs = g->npool = 0;
    g->head[0] = '\0';
}

static void add_def(gl *g, int rank, unsigned char pos, const char *text, size_t tl)
{
    if (tl == 0 || tl > 65535 || g->ndefs >= GDEF_MAX || g->npool + tl > sizeof g->pool)
        return;
    memcpy(g->pool + g->npool, text, tl);
    g->defs[g->ndefs] = (gdef){rank, (unsigned)g->ndefs, pos, g->npool, tl};
    g->npool += tl;
    g->ndefs++;
}

static void on_entry(void *ctx, const freedict_entry *e)
{
    gl *g = ctx;
    char w[FOLD_CAP], text[1024];
    if (e->ntr == 0 || norm_fold(e->head, strlen(e->head), DICT_WORD_MAX, w, sizeof w) ||
        !g->is_word(g->ctx, w))
        return;
    if (strcmp(w, g->head) != 0) {
        flush(g);
        snprintf(g->head, sizeof g->head, "%s", w);
    }
    /* FreeDict (Ding, for German) lists a head's entries in no order of
     * use: the common senses are those with examples (gehen: walk, go),
     * the labelled ones ([ugs.], [techn.]) the rare */
    int rank = (e->labelled ? 1000 : 0) - (e->examples > 99 ? 99 : e->examples);
    unsigned char pos = tag_pos(e->tags);
    /* one definition per sense: its translations joined by ", " */
    for (size_t i = 0; i < e->ntr;) {
        size_t tl = 0;
        size_t j = i;
        for (; j < e->ntr && e->sense[j] == e->sense[i]; j++) {
            int n = snprintf(text + tl, sizeof text - tl, "%s%s", j > i ? ", " : "", e->tr[j]);
            if (n < 0 || (size_t)n >= sizeof text - tl)
                break;
            tl += (size_t)n;
        }
        for (; j < e->ntr && e->sense[j] == e->sense[i]; j++)
            ;
        add_def(g, rank, pos, text, tl);
        i = j;
    }
}

int glosses_write(store_txn *t, const char *base, const glosses_words *w)
{
    gl g = {.t = t, .is_word = w->is_word, .ctx = w->ctx};
    char summary[128];
    store_db meta;
    int rc = store_db_open(t, DB_DEFS, 1, &g.db);
    freedict *fd = !rc && base ? freedict_open(base) : NULL;
    if (!fd)
        return rc;
    freedict_each(fd, on_entry, &g);
    flush(&g);
    freedict_close(fd);
    size_t lemmas = 0, covered = 0;
    store_val v;
    for (size_t k = 0; k < w->n && !g.rc; k++) {
        const char *s = strtab_str(w->cands, w->order[k]), *r[1];
        if (w->forms && forms_roots(w->forms, s, r, 1))
            continue;
        lemmas++;
        covered += store_get(t, g.db, s, strlen(s), &v) == WB_OK;
    }
    int n = snprintf(summary, sizeof summary, "%zu words; %zu of %zu lemmas (%.1f%%)", g.words,
                     covered, lemmas, lemmas ? 100.0 * (double)covered / (double)lemmas : 0.0);
    if (!g.rc)
        g.rc = store_db_open(t, DB_META, 1, &meta);
    if (!g.rc && n > 0)
        g.rc = store_put(t, meta, "definitions", 11, summary, (size_t)n + 1, 0);
    return g.rc;
}
