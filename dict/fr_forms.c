/*
 * fr_forms.c - French agreed participles, reformed spellings and adverbs
 * in -ment that the affix rules do not give (see fr_forms.h).
 */
#include "fr_forms.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define FR_CAP (4 * DICT_WORD_MAX + 8)
#define FR_BASES 3

struct fr_forms {
    strtab *adverbs; /* the .dic's adverbs in -ment, folded */
    strtab *bases;   /* their adjectives as spelt by adverb_bases() */
};

static int ends_with(const char *w, size_t len, const char *end)
{
    size_t el = strlen(end);
    return len >= el && memcmp(w + len - el, end, el) == 0;
}

static int infinitive(const char *r)
{
    size_t len = strlen(r);
    return len > 3 &&
           (ends_with(r, len, "er") || ends_with(r, len, "ir") || ends_with(r, len, "re"));
}

/* The spellings the adjective of the adverb w may have: w less -ment
 * (rapide, lente, vrai, absolu), less -ément + e (énorme, précise), and
 * -emment, -amment, -ûment as -ent, -ant, -u.  Returns how many. */
static size_t adverb_bases(const char *w, char out[FR_BASES][FR_CAP])
{
    static const char *const alt[][2] = {{"ément", "e"}, {"emment", "ent"}, {"amment", "ant"},
                                         {"ûment", "u"}};
    size_t len = strlen(w), n = 0;
    if (len >= FR_CAP || len < 7 || !ends_with(w, len, "ment"))
        return 0;
    snprintf(out[n++], FR_CAP, "%.*s", (int)(len - 4), w);
    for (size_t i = 0; i < sizeof alt / sizeof *alt && n < FR_BASES; i++) {
        size_t al = strlen(alt[i][0]);
        if (ends_with(w, len, alt[i][0]))
            snprintf(out[n++], FR_CAP, "%.*s%s", (int)(len - al), w, alt[i][1]);
    }
    return n;
}

fr_forms *fr_forms_load(const char *dic)
{
    FILE *f = fopen(dic, "r");
    if (!f)
        return NULL;
    fr_forms *fr = wb_calloc(1, sizeof *fr);
    fr->adverbs = strtab_create();
    fr->bases = strtab_create();
    char line[1024], folded[FR_CAP], b[FR_BASES][FR_CAP];
    while (fgets(line, sizeof line, f)) {
        if (!strstr(line, "po:adv"))
            continue;
        size_t wl = strcspn(line, "/ \t\n");
        if (norm_fold(line, wl, DICT_WORD_MAX, folded, sizeof folded))
            continue;
        size_t n = adverb_bases(folded, b);
        if (n)
            strtab_intern(fr->adverbs, folded);
        for (size_t i = 0; i < n; i++)
            strtab_intern(fr->bases, b[i]);
    }
    fclose(f);
    return fr;
}

void fr_forms_free(fr_forms *fr)
{
    if (!fr)
        return;
    strtab_destroy(fr->adverbs);
    strtab_destroy(fr->bases);
    free(fr);
}

/* Add s (borrowed) to out unless there. */
static size_t add_one(const char *s, const char **out, size_t n, size_t max)
{
    for (size_t j = 0; j < n; j++)
        if (strcmp(out[j], s) == 0)
            return n;
    if (n < max)
        out[n++] = s;
    return n;
}

/* Add the roots of `form` (all, or the infinitives only) to out. */
static size_t add_roots(const lang_forms *f, const char *form, int verbs, const char **out,
                        size_t n, size_t max)
{
    const char *r[8];
    size_t k = forms_roots(f, form, r, 8);
    for (size_t i = 0; i < k; i++)
        if (!verbs || infinitive(r[i]))
            n = add_one(r[i], out, n, max);
    return n;
}

/* aberrées: aberré + es, a form of aberrer; cèderai: céderai, of céder */
static size_t verb_roots(const lang_forms *f, const char *w, const char **out, size_t max)
{
    static const char *const agree[] = {"es", "e", "s"};
    static const char *const participle[] = {"é", "i", "u", "s", "t"};
    char p[FR_CAP];
    size_t len = strlen(w), n = 0;
    if (len >= sizeof p)
        return 0;
    for (size_t i = 0; i < sizeof agree / sizeof *agree && !n; i++) {
        size_t al = strlen(agree[i]);
        if (len < al + 3 || !ends_with(w, len, agree[i]))
            continue;
        memcpy(p, w, len - al);
        p[len - al] = '\0';
        for (size_t k = 0; k < sizeof participle / sizeof *participle; k++)
            if (ends_with(p, len - al, participle[k]))
                n = add_roots(f, p, 1, out, n, max);
    }
    /* è and é are two bytes each */
    const char *e = NULL;
    for (const char *s = strstr(w, "è"); s; s = strstr(s + 2, "è"))
        e = s;
    if (e) {
        memcpy(p, w, len + 1);
        memcpy(p + (e - w), "é", 2);
        n = add_roots(f, p, 1, out, n, max);
    }
    return n;
}

size_t fr_roots(const fr_forms *fr, const lang_forms *f, const char *w, int dic_root,
                const char **out, size_t max)
{
    size_t n = forms_roots(f, w, out, max);
    if (!n && !dic_root)
        return verb_roots(f, w, out, max);
    char b[FR_BASES][FR_CAP];
    size_t nb = strtab_find(fr->adverbs, w) != STRTAB_NONE ? adverb_bases(w, b) : 0;
    for (size_t i = 0; i < nb; i++) {
        /* the adjective as spelt (the build keeps it if it is a word),
         * and its roots (lente: lent) */
        n = add_one(strtab_str(fr->bases, strtab_find(fr->bases, b[i])), out, n, max);
        n = add_roots(f, b[i], 0, out, n, max);
    }
    return n;
}
