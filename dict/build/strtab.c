/* strtab.c - open-addressing string interning (FNV-1a, linear probing). */
#include "strtab.h"

#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

struct strtab {
    char **strs;     /* by id */
    size_t n, cap;
    uint32_t *slots; /* id + 1, 0 = empty */
    size_t nslots;   /* power of two */
};

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

strtab *strtab_create(void)
{
    strtab *t = wb_calloc(1, sizeof *t);
    t->nslots = 1024;
    t->slots = wb_calloc(t->nslots, sizeof *t->slots);
    return t;
}

void strtab_destroy(strtab *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->strs[i]);
    free(t->strs);
    free(t->slots);
    free(t);
}

static size_t probe(const strtab *t, const char *s)
{
    size_t i = (size_t)hash(s) & (t->nslots - 1);
    while (t->slots[i] && strcmp(t->strs[t->slots[i] - 1], s) != 0)
        i = (i + 1) & (t->nslots - 1);
    return i;
}

static void rehash(strtab *t)
{
    free(t->slots);
    t->nslots *= 2;
    t->slots = wb_calloc(t->nslots, sizeof *t->slots);
    for (size_t id = 0; id < t->n; id++)
        t->slots[probe(t, t->strs[id])] = (uint32_t)id + 1;
}

uint32_t strtab_intern(strtab *t, const char *s)
{
    size_t i = probe(t, s);
    if (t->slots[i])
        return t->slots[i] - 1;
    t->strs = wb_grow(t->strs, &t->cap, t->n + 1, sizeof *t->strs);
    t->strs[t->n] = wb_strdup(s);
    t->slots[i] = (uint32_t)++t->n;
    if (t->n * 2 > t->nslots)
        rehash(t);
    return (uint32_t)t->n - 1;
}

uint32_t strtab_find(const strtab *t, const char *s)
{
    size_t i = probe(t, s);
    return t->slots[i] ? t->slots[i] - 1 : STRTAB_NONE;
}

const char *strtab_str(const strtab *t, uint32_t id)
{
    return id < t->n ? t->strs[id] : NULL;
}

size_t strtab_count(const strtab *t)
{
    return t->n;
}
