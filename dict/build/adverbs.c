/*
 * adverbs.c - the adverbs in -mente and their adjectives (see adverbs.h).
 */
#include "adverbs.h"

#include <stdlib.h>
#include <string.h>

#include "strtab.h"
#include "wb_mem.h"

#define ADV_CAP 256

struct adverbs {
    int italian, portuguese;
    strtab *bases; /* the spellings handed out (out[] borrows them) */
};

adverbs *adverbs_create(const char *lang)
{
    if (!lang || (strcmp(lang, "es") && strcmp(lang, "it") && strcmp(lang, "pt") &&
                  strcmp(lang, "pt_BR")))
        return NULL;
    adverbs *a = wb_calloc(1, sizeof *a);
    a->italian = !strcmp(lang, "it");
    a->portuguese = !strncmp(lang, "pt", 2);
    a->bases = strtab_create();
    return a;
}

void adverbs_free(adverbs *a)
{
    if (!a)
        return;
    strtab_destroy(a->bases);
    free(a);
}

size_t adverb_roots(adverbs *a, const lang_forms *f, const char *w, const char **out, size_t n,
                    size_t max)
{
    static const char suffix[] = "mente";
    size_t len = strlen(w), sl = sizeof suffix - 1;
    /* a base of 3 letters or more: not demente (de), clemente */
    if (!a || len < sl + 3 || len >= ADV_CAP || strcmp(w + len - sl, suffix))
        return n;
    char base[4][ADV_CAP];
    size_t nb = 0, bl = len - sl;
    memcpy(base[nb], w, bl);
    base[nb++][bl] = '\0';
    /* Italian drops the e of -le, -re: facilmente, regolarmente */
    if (a->italian && (w[bl - 1] == 'l' || w[bl - 1] == 'r')) {
        memcpy(base[nb], w, bl);
        base[nb][bl] = 'e';
        base[nb++][bl + 1] = '\0';
    }
    /* Portuguese writes no accent before -mente (rápida: rapidamente,
     * fácil: facilmente): the base with one vowel accented, if the rules
     * know it */
    static const char *const acc[][2] = {{"a", "á"}, {"e", "é"}, {"i", "í"}, {"o", "ó"},
                                         {"u", "ú"}, {"a", "â"}, {"e", "ê"}, {"o", "ô"}};
    for (size_t k = 0; a->portuguese && k < bl && nb < 4; k++)
        for (size_t v = 0; v < sizeof acc / sizeof *acc && nb < 4; v++) {
            if (w[k] != acc[v][0][0] || bl + 2 >= ADV_CAP)
                continue;
            char *t = base[nb];
            memcpy(t, w, k);
            size_t al = strlen(acc[v][1]);
            memcpy(t + k, acc[v][1], al);
            memcpy(t + k + al, w + k + 1, bl - k - 1);
            t[bl - 1 + al] = '\0';
            if (forms_known(f, t))
                nb++;
        }
    for (size_t i = 0; i < nb; i++) {
        n = forms_add_root(strtab_str(a->bases, strtab_intern(a->bases, base[i])), out, n, max);
        const char *r[8];
        size_t k = forms_roots(f, base[i], r, 8);
        for (size_t j = 0; j < k; j++)
            n = forms_add_root(r[j], out, n, max);
    }
    return n;
}
