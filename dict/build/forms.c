/*
 * forms.c - forms and their roots, from the affix rules run forwards (see
 * forms.h).
 */
#include "forms.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "dict_build.h"
#include "expand.h"
#include "irregular.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

struct lang_forms {
    strtab *forms, *roots;
    uint32_t *pair;      /* (form id, root id) pairs, then sorted by form */
    size_t npair, cap;
    uint32_t *off;       /* CSR: roots of form i at root_of[off[i]..off[i+1]) */
    uint32_t *root_of;
    char last_root[FOLD_CAP], last_raw[FOLD_CAP];
    uint32_t last_root_id;
    unsigned char *declined; /* by root id: makes a form other than -s, -es */
    size_t ndeclined;
    irregular *irr;          /* irregular verb forms (irregular.h) */
};

static void on_form(void *ctx, const char *form, const char *root)
{
    lang_forms *f = ctx;
    char folded[FOLD_CAP];
    /* roots come in runs: fold each once */
    if (strcmp(root, f->last_raw) != 0) {
        size_t rl = strlen(root), keep = rl < sizeof f->last_raw ? rl : sizeof f->last_raw - 1;
        memcpy(f->last_raw, root, keep); /* cut as snprintf would */
        f->last_raw[keep] = '\0';
        if (norm_fold(root, rl, DICT_WORD_MAX, f->last_root, sizeof f->last_root))
            f->last_root[0] = '\0';
        else
            f->last_root_id = strtab_intern(f->roots, f->last_root);
    }
    if (!f->last_root[0] ||
        norm_fold(form, strlen(form), DICT_WORD_MAX, folded, sizeof folded) ||
        strcmp(folded, f->last_root) == 0)
        return;
    size_t rl = strlen(f->last_root);
    if (strncmp(folded, f->last_root, rl) != 0 ||
        (strcmp(folded + rl, "s") != 0 && strcmp(folded + rl, "es") != 0)) {
        if (f->last_root_id >= f->ndeclined) {
            size_t old = f->ndeclined;
            f->declined = wb_grow(f->declined, &f->ndeclined, f->last_root_id + 1, 1);
            memset(f->declined + old, 0, f->ndeclined - old);
        }
        f->declined[f->last_root_id] = 1;
    }
    f->pair = wb_grow(f->pair, &f->cap, 2 * (f->npair + 1), sizeof *f->pair);
    f->pair[2 * f->npair] = strtab_intern(f->forms, folded);
    f->pair[2 * f->npair + 1] = f->last_root_id;
    f->npair++;
}

static int pair_by_root(const void *x, const void *y)
{
    const uint32_t *a = x, *b = y;
    return a[1] != b[1] ? (a[1] < b[1] ? -1 : 1) : (a[0] < b[0] ? -1 : a[0] > b[0]);
}

/* German: a word list's compound whose last part is a root of the .dic
 * (Haustür: Tür) takes the forms the rules make of that part (Türen:
 * Haustüren), each with the compound as its root.  The rules make no
 * form of a compound the .dic does not list, while Hunspell accepts them
 * by its compounding (the build's classification still asks it of every
 * form).  The last part is the longest that is such a root, of 3 letters
 * or more after 2 or more. */
static void compound_forms(lang_forms *f, const char *list)
{
    FILE *in = fopen(list, "r");
    if (!in)
        return;
    size_t npair = f->npair;
    uint32_t *by_root = wb_malloc((npair + 1) * 2 * sizeof *by_root);
    memcpy(by_root, f->pair, npair * 2 * sizeof *by_root);
    qsort(by_root, npair, 2 * sizeof *by_root, pair_by_root);
    size_t nroots = strtab_count(f->roots);
    uint32_t *first = wb_calloc(nroots + 1, sizeof *first);
    for (size_t i = 0; i < npair; i++)
        first[by_root[2 * i + 1] + 1]++;
    for (size_t i = 0; i < nroots; i++)
        first[i + 1] += first[i];
    char *line = NULL, folded[FOLD_CAP], form[2 * FOLD_CAP];
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, in)) > 0) {
        size_t len = strcspn(line, "\r\n");
        if (!norm_starts_upper(line, len) || memchr(line, '\'', len) || memchr(line, '-', len) ||
            norm_fold(line, len, DICT_WORD_MAX, folded, sizeof folded))
            continue;
        if (strtab_find(f->roots, folded) != STRTAB_NONE ||
            strtab_find(f->forms, folded) != STRTAB_NONE)
            continue;
        size_t wl = strlen(folded);
        for (size_t k = 2; k + 3 <= wl; k++) {
            if ((folded[k] & 0xC0) == 0x80)
                continue;
            uint32_t r = strtab_find(f->roots, folded + k);
            if (r == STRTAB_NONE || r >= nroots || first[r] == first[r + 1])
                continue;
            uint32_t head = STRTAB_NONE;
            for (uint32_t j = first[r]; j < first[r + 1]; j++) {
                const char *tail = strtab_str(f->forms, by_root[2 * j]);
                if (snprintf(form, sizeof form, "%.*s%s", (int)k, folded, tail) >=
                    (int)sizeof form)
                    continue;
                if (head == STRTAB_NONE)
                    head = strtab_intern(f->roots, folded);
                f->pair = wb_grow(f->pair, &f->cap, 2 * (f->npair + 1), sizeof *f->pair);
                f->pair[2 * f->npair] = strtab_intern(f->forms, form);
                f->pair[2 * f->npair + 1] = head;
                f->npair++;
            }
            break;
        }
    }
    free(line);
    fclose(in);
    free(first);
    free(by_root);
}

lang_forms *forms_build(const dict_build_opts *o)
{
    lang_forms *f = wb_calloc(1, sizeof *f);
    f->forms = strtab_create();
    f->roots = strtab_create();
    f->irr = irregular_load(o->irregular_freedict, o->irregular_exc, o->irregular_list,
                            o->irregular_dic);
    if (expand_each(o->aff, o->dic, on_form, f)) {
        forms_free(f);
        return NULL;
    }
    if (o->nouns_capitalised && o->wordlist)
        compound_forms(f, o->wordlist);
    size_t nf = strtab_count(f->forms);
    f->off = wb_calloc(nf + 1, sizeof *f->off);
    f->root_of = wb_malloc((f->npair + 1) * sizeof *f->root_of);
    for (size_t i = 0; i < f->npair; i++)
        f->off[f->pair[2 * i] + 1]++;
    for (size_t i = 0; i < nf; i++)
        f->off[i + 1] += f->off[i];
    uint32_t *fill = wb_calloc(nf + 1, sizeof *fill);
    for (size_t i = 0; i < f->npair; i++) {
        uint32_t form = f->pair[2 * i], root = f->pair[2 * i + 1];
        uint32_t *at = f->root_of + f->off[form], n = fill[form];
        int seen = 0;
        for (uint32_t k = 0; k < n && !seen; k++)
            seen = at[k] == root;
        if (!seen)
            at[fill[form]++] = root;
    }
    /* duplicates left holes at the end of a form's run: close them */
    size_t k = 0;
    for (size_t i = 0; i < nf; i++) {
        uint32_t start = f->off[i];
        f->off[i] = (uint32_t)k;
        memmove(f->root_of + k, f->root_of + start, fill[i] * sizeof *f->root_of);
        k += fill[i];
    }
    f->off[nf] = (uint32_t)k;
    free(fill);
    free(f->pair);
    f->pair = NULL;
    f->npair = k;
    return f;
}

void forms_free(lang_forms *f)
{
    if (!f)
        return;
    strtab_destroy(f->forms);
    strtab_destroy(f->roots);
    free(f->pair);
    free(f->off);
    free(f->root_of);
    free(f->declined);
    irregular_free(f->irr);
    free(f);
}

void forms_each(const lang_forms *f, void (*cb)(void *ctx, const char *form), void *ctx)
{
    size_t n = strtab_count(f->forms);
    for (uint32_t i = 0; i < n; i++)
        cb(ctx, strtab_str(f->forms, i));
}

/* Add the infinitives of irregular form w to out[0..*n), each once (only
 * those of a list or the .dic's own lemmas when `listed`). */
static void add_irregular(const lang_forms *f, const char *w, int listed, const char **out,
                          size_t *n, size_t max)
{
    const char *inf[8];
    size_t k = irregular_lemmas(f->irr, w, listed, inf, 8);
    for (size_t i = 0; i < k && *n < max; i++) {
        int seen = strcmp(inf[i], w) == 0;
        for (size_t j = 0; j < *n && !seen; j++)
            seen = strcmp(out[j], inf[i]) == 0;
        if (!seen)
            out[(*n)++] = inf[i];
    }
}

size_t forms_roots(const lang_forms *f, const char *form, const char **out, size_t max)
{
    uint32_t id = strtab_find(f->forms, form);
    size_t n = 0;
    if (id != STRTAB_NONE)
        for (uint32_t k = f->off[id]; k < f->off[id + 1] && n < max; k++)
            out[n++] = strtab_str(f->roots, f->root_of[k]);
    /* a form the rules make is no irregular form of its own by FreeDict
     * (trottet is trotten's, whatever its synonyms say), but is by a list
     * or the .dic's lemmas (suis: suivre, être; wist: wissen, weten); its
     * roots may be (gingen: ging, gehen) */
    size_t nrule = n;
    add_irregular(f, form, nrule > 0, out, &n, max);
    for (size_t k = 0; k < nrule; k++)
        add_irregular(f, out[k], 0, out, &n, max);
    return n;
}

void forms_count(const lang_forms *f, size_t *nforms, size_t *npairs)
{
    *nforms = strtab_count(f->forms);
    *npairs = f->npair;
}

int forms_known(const lang_forms *f, const char *w)
{
    return strtab_find(f->forms, w) != STRTAB_NONE || strtab_find(f->roots, w) != STRTAB_NONE;
}

int forms_declined(const lang_forms *f, const char *root)
{
    uint32_t id = strtab_find(f->roots, root);
    return id != STRTAB_NONE && id < f->ndeclined && f->declined[id];
}

int forms_is_root(const lang_forms *f, const char *w)
{
    return strtab_find(f->roots, w) != STRTAB_NONE;
}

size_t forms_add_root(const char *s, const char **out, size_t n, size_t max)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(out[i], s))
            return n;
    if (n < max)
        out[n++] = s;
    return n;
}
