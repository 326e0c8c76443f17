/*
 * names.c - names where nouns are capitalised (see names.h).
 */
#include "names.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "freedict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

enum { N_NAME = 1, N_NOUN = 2, N_LOWER = 4 };

struct names {
    strtab *words;
    unsigned char *kind; /* N_* by id */
    size_t cap;
};

static void mark(names *n, const char *raw, size_t len, unsigned char k)
{
    char f[FOLD_CAP];
    if (norm_fold(raw, len, DICT_WORD_MAX, f, sizeof f))
        return;
    uint32_t id = strtab_intern(n->words, f);
    if (id >= n->cap) {
        size_t old = n->cap;
        n->kind = wb_grow(n->kind, &n->cap, id + 1, 1);
        memset(n->kind + old, 0, n->cap - old);
    }
    n->kind[id] |= k;
}

/* Is the tag list a noun's ("neut, n, sg", "n")? */
static int has_tag(const char *tags, const char *tag)
{
    size_t l = strlen(tag);
    for (const char *t = tags; (t = strstr(t, tag)); t++)
        if ((t == tags || t[-1] == ' ' || t[-1] == ',') && (t[l] == ',' || t[l] == '\0'))
            return 1;
    return 0;
}

static void fd_entry(void *ctx, const freedict_entry *e)
{
    names *n = ctx;
    if (!norm_starts_upper(e->head, strlen(e->head)) || e->ntr == 0)
        return;
    size_t upper = 0;
    for (size_t i = 0; i < e->ntr; i++)
        upper += norm_starts_upper(e->tr[i], strlen(e->tr[i])) != 0;
    /* Sezessionskrieg: American Civil War is a noun with a capitalised
     * translation; a place is labelled [geogr.] (Deutschland: Germany) */
    /* a plural head with a lower-case translation is a noun's (Daten:
     * data, Konten: accounts, which were refused as names); one with
     * capitalised ones only may be a name's (Alpen: Alps) */
    int noun = has_tag(e->tags, "n") || (has_tag(e->tags, "pl") && upper < e->ntr);
    if (upper == e->ntr && (e->geo || !noun))
        mark(n, e->head, strlen(e->head), N_NAME);
    else if (noun)
        mark(n, e->head, strlen(e->head), N_NOUN);
}

static void read_list(names *n, const char *path)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    if (!f)
        return;
    while ((len = getline(&line, &cap, f)) > 0) {
        size_t l = strcspn(line, "\r\n");
        if (l == 0 || memchr(line, '\'', l))
            continue;
        mark(n, line, l, norm_starts_upper(line, l) ? N_NAME : N_LOWER);
    }
    free(line);
    fclose(f);
}

names *names_load(const char *freedict_base, const char *lists)
{
    names *n = wb_calloc(1, sizeof *n);
    n->words = strtab_create();
    freedict *fd = freedict_base ? freedict_open(freedict_base) : NULL;
    if (fd) {
        freedict_each(fd, fd_entry, n);
        freedict_close(fd);
    }
    char path[4096];
    for (const char *s = lists; s && *s;) {
        size_t l = strcspn(s, ",");
        if (l > 0 && l < sizeof path) {
            memcpy(path, s, l);
            path[l] = '\0';
            read_list(n, path);
        }
        s += l + (s[l] == ',');
    }
    return n;
}

struct translated {
    void (*cb)(void *ctx, const char *name);
    void *ctx;
};

static void fd_translated(void *ctx, const freedict_entry *e)
{
    const struct translated *t = ctx;
    if (!norm_starts_upper(e->head, strlen(e->head)))
        return;
    for (size_t i = 0; i < e->ntr; i++)
        if (!strchr(e->tr[i], ' ') && norm_starts_upper(e->tr[i], strlen(e->tr[i])))
            t->cb(t->ctx, e->tr[i]);
}

void names_translated(const char *freedict_base, void (*cb)(void *ctx, const char *name),
                      void *ctx)
{
    freedict *fd = freedict_open(freedict_base);
    struct translated t = {cb, ctx};
    if (!fd)
        return;
    freedict_each(fd, fd_translated, &t);
    freedict_close(fd);
}

void names_free(names *n)
{
    if (!n)
        return;
    strtab_destroy(n->words);
    free(n->kind);
    free(n);
}

int names_say(const names *n, const char *folded)
{
    uint32_t id = strtab_find(n->words, folded);
    if (id == STRTAB_NONE || id >= n->cap)
        return 0;
    unsigned char k = n->kind[id];
    /* a noun by FreeDict, or a word of the lists in lower case (rose) */
    if (k & (N_NOUN | N_LOWER))
        return NAMES_NOUN;
    return k & N_NAME ? NAMES_NAME : 0;
}
