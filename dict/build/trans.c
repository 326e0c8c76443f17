/*
 * trans.c - FreeDict's translations into the dictionary (see trans.h).
 */
#include "trans.h"

#include <stdio.h>
#include <string.h>

#include "dict.h"
#include "format.h"
#include "freedict.h"
#include "normalise.h"
#include "wb_err.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

typedef struct collect {
    store_txn *t;
    store_db db;
    const char *lang;
    int (*is_word)(void *, const char *);
    void *ctx;
    char head[FOLD_CAP]; /* the word being collected */
    char val[2048];
    size_t nval, ntr;
    size_t words; /* words given a translation */
    int rc;
} collect;

static void flush(collect *c)
{
    if (c->ntr && !c->rc) {
        char key[FOLD_CAP + 8];
        int kl = snprintf(key, sizeof key, "%s:%s", c->lang, c->head);
        c->rc = store_put(c->t, c->db, key, (size_t)kl, c->val, c->nval, 0);
        c->words++;
    }
    c->ntr = c->nval = 0;
    c->head[0] = '\0';
}

static int seen(const collect *c, const char *tr, size_t tl)
{
    for (const char *p = c->val; p < c->val + c->nval;) {
        const char *nl = memchr(p, '\n', (size_t)(c->val + c->nval - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(c->val + c->nval - p);
        if (l == tl && memcmp(p, tr, tl) == 0)
            return 1;
        p += l + 1;
    }
    return 0;
}

static void on_entry(void *ctx, const freedict_entry *e)
{
    collect *c = ctx;
    char w[FOLD_CAP];
    if (norm_fold(e->head, strlen(e->head), DICT_WORD_MAX, w, sizeof w) || !c->is_word(c->ctx, w))
        return;
    if (strcmp(w, c->head) != 0) {
        flush(c);
        snprintf(c->head, sizeof c->head, "%s", w);
    }
    for (size_t i = 0; i < e->ntr && c->ntr < TRANS_MAX; i++) {
        size_t tl = strlen(e->tr[i]);
        if (tl == 0 || c->nval + tl + 1 > sizeof c->val || seen(c, e->tr[i], tl))
            continue;
        if (c->nval)
            c->val[c->nval++] = '\n';
        memcpy(c->val + c->nval, e->tr[i], tl);
        c->nval += tl;
        c->ntr++;
    }
}

int trans_write(store_txn *t, const char *dir, const char *spec,
                int (*is_word)(void *ctx, const char *w), void *ctx,
                char *langs, size_t cap, char *sources, size_t scap)
{
    collect c = {.t = t, .is_word = is_word, .ctx = ctx};
    char base[4096], code[8], lang[8];
    size_t nl = 0, ns = 0;
    langs[0] = sources[0] = '\0';
    int rc = store_db_open(t, DB_TRANS, 1, &c.db);
    for (const char *s = dir ? spec : NULL; !rc && s && *s;) {
        size_t l = strcspn(s, ",");
        const char *colon = memchr(s, ':', l);
        if (colon && (size_t)(colon - s) < sizeof code && l - (size_t)(colon - s) - 1 < sizeof lang) {
            snprintf(code, sizeof code, "%.*s", (int)(colon - s), s);
            snprintf(lang, sizeof lang, "%.*s", (int)(l - (size_t)(colon - s) - 1), colon + 1);
            snprintf(base, sizeof base, "%s/freedict-eng-%s", dir, code);
            freedict *fd = freedict_open(base);
            if (fd) {
                c.lang = lang;
                c.head[0] = '\0';
                freedict_each(fd, on_entry, &c);
                flush(&c);
                freedict_close(fd);
                rc = c.rc;
                if (nl + strlen(lang) + 2 < cap)
                    nl += (size_t)snprintf(langs + nl, cap - nl, "%s%s", nl ? "," : "", lang);
                if (ns + strlen(base) + 3 < scap)
                    ns += (size_t)snprintf(sources + ns, scap - ns, "%s%s", ns ? "; " : "",
                                           base);
            }
        }
        s += l + (s[l] == ',');
    }
    return rc;
}
