/*
 * scowl.c - SCOWL's abbreviation lists and size classes (see scowl.h).
 */
#include "scowl.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"
#include "wider.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)
#define RARE 95 /* SCOWL's largest size: a word in no list counts as one of it */

/* --- abbreviations -------------------------------------------------------- */

static void each_entry(const char *path, int word,
                       void (*cb)(void *ctx, const char *w, int word), void *ctx)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    if (!f)
        return;
    while ((n = getline(&line, &cap, f)) > 0) {
        size_t len = strcspn(line, "\r\n");
        line[len] = '\0';
        /* Abbreviations in capitals (ASAP, PS) stand for their lower-case
         * spelling too; a word list's capitalised entries are names. */
        for (size_t i = 0; word != 1 && i < len; i++)
            if (line[i] >= 'A' && line[i] <= 'Z')
                line[i] = (char)(line[i] - 'A' + 'a');
        if (len > 0 && line[0] >= 'a' && line[0] <= 'z')
            cb(ctx, line, word);
    }
    free(line);
    fclose(f);
}

void scowl_each_listed(const char *dir, void (*cb)(void *ctx, const char *w, int word),
                       void *ctx)
{
    static const char *const kinds[] = {"abbreviations", "words"};
    static const char *const spellings[] = {"english", "american", "british", "british_z",
                                            "canadian", "australian", "variant_1",
                                            "variant_2"};
    char path[4096];
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d)
        return;
    for (int k = 0; k < 2; k++) {
        rewinddir(d);
        for (struct dirent *e; (e = readdir(d));) {
            for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
                size_t sl = strlen(spellings[i]), kl = strlen(kinds[k]);
                if (strncmp(e->d_name, spellings[i], sl) == 0 && e->d_name[sl] == '-' &&
                    strncmp(e->d_name + sl + 1, kinds[k], kl) == 0 &&
                    e->d_name[sl + 1 + kl] == '.') {
                    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                    each_entry(path, k, cb, ctx);
                }
            }
        }
    }
    /* the Roman numerals (special-roman-numerals.35: ii, iv, xl), as 2 */
    rewinddir(d);
    for (struct dirent *e; (e = readdir(d));)
        if (strncmp(e->d_name, "special-roman-numerals.", 23) == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            each_entry(path, 2, cb, ctx);
        }
    closedir(d);
}

/* --- size classes --------------------------------------------------------- */

struct scowl_sizes {
    strtab *words;
    uint8_t *size; /* by strtab id: the smallest size seen */
    size_t cap;
};

static void put(scowl_sizes *s, const char *w, int size)
{
    size_t before = strtab_count(s->words);
    uint32_t id = strtab_intern(s->words, w);
    if (id < before) /* lists are read in order of size: seen smaller */
        return;
    s->size = wb_grow(s->size, &s->cap, id + 1, 1);
    s->size[id] = (uint8_t)size;
}

static void seen(void *ctx, const char *w, int size)
{
    scowl_sizes *s = ctx;
    char folded[FOLD_CAP], base[FOLD_CAP];
    for (const char *c = w; *c; c++)
        if ((unsigned char)*c >= 0x80) {
            /* café: folded as the candidates are, and its spelling without
             * accents too (cafe, which SCOWL does not list) */
            if (norm_fold(w, strlen(w), DICT_WORD_MAX, folded, sizeof folded))
                return;
            put(s, folded, size);
            if (!norm_base(folded, base, sizeof base))
                put(s, base, size);
            return;
        }
    put(s, w, size);
}

scowl_sizes *scowl_sizes_load(const dict_build_opts *o)
{
    if (!o->scowl_dir || !o->wider_spellings || (o->lang && strcmp(o->lang, "en") != 0))
        return NULL;
    char *spellings = wb_asprintf("%s%s", o->wider_spellings, o->oxford_ize ? ",british_z" : "");
    scowl_sizes *s = wb_calloc(1, sizeof *s);
    s->words = strtab_create();
    wider_scowl_each(o->scowl_dir, spellings, 10, RARE, seen, s);
    free(spellings);
    if (strtab_count(s->words) == 0) { /* no lists there */
        scowl_sizes_free(s);
        return NULL;
    }
    return s;
}

void scowl_sizes_free(scowl_sizes *s)
{
    if (!s)
        return;
    strtab_destroy(s->words);
    free(s->size);
    free(s);
}

static int own(const scowl_sizes *s, const char *w)
{
    uint32_t id = strtab_find(s->words, w);
    return id == STRTAB_NONE ? RARE + 1 : s->size[id];
}

uint8_t scowl_size_class(const scowl_sizes *s, const wordnet *wn, const char *w)
{
    if (!s)
        return 0;
    int best = own(s, w);
    if (wn && best > 10) {
        const char *base[8];
        char buf[FOLD_CAP];
        size_t n = wn_exc(wn, w, base, 8);
        unsigned pos = wn_lemma_pos(wn, w);
        for (size_t i = 0; i < n && i < 8; i++)
            if (own(s, base[i]) < best)
                best = own(s, base[i]);
        for (size_t i = 0; i < wn_ndetach; i++) {
            const wn_detach *r = &wn_detach_rules[i];
            /* a noun or verb of its own is no comparative (number: numb),
             * as in morph.c */
            if ((r->pos == WN_ADJ && (pos & (WN_NOUN | WN_VERB))) ||
                !wn_detach_apply(r, w, 2, buf, sizeof buf))
                continue;
            if ((wn_lemma_pos(wn, buf) & r->pos) && own(s, buf) < best &&
                !wn_e_verb_form(wn, w, buf))
                best = own(s, buf);
        }
    }
    return (uint8_t)(best > RARE ? RARE : best);
}
