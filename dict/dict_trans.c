/*
 * dict_trans.c - translations of a word, with its base forms as the
 * fallback (dict.h, dict_translate; built by trans.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict_int.h"
#include "wb_err.h"
#include "wb_mem.h"

/* Is `lang` one of the comma-separated `langs`? */
static int has_lang(const char *langs, const char *lang)
{
    size_t l = strlen(lang);
    for (const char *s = langs; s && *s;) {
        size_t k = strcspn(s, ",");
        if (k == l && l > 0 && memcmp(s, lang, l) == 0)
            return 1;
        s += k + (s[k] == ',');
    }
    return 0;
}

/* The stored translations of folded w into a new list, or NULL. */
static dict_list *stored(const dict *d, store_txn *t, const char *lang, const char *w)
{
    char key[FOLD_CAP + 16];
    store_val v;
    int kl = snprintf(key, sizeof key, "%s:%s", lang, w);
    if (kl < 0 || (size_t)kl >= sizeof key || store_get(t, d->db_trans, key, (size_t)kl, &v))
        return NULL;
    dict_list *l = wb_calloc(1, sizeof *l);
    const char *p = v.data, *end = p + v.len;
    l->words = wb_calloc(v.len / 2 + 2, sizeof *l->words);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (n)
            l->words[l->nwords++] = wb_strndup(p, n);
        p += n + 1;
    }
    l->total = l->nwords;
    return l;
}

static size_t common_prefix(const char *a, const char *b)
{
    size_t n = 0;
    while (a[n] && a[n] == b[n])
        n++;
    return n;
}

/* Is w an English inflection of b (houses, studies, walked, running,
 * bigger, happiest), not a derivative (happiness, kindly)?  Only those take
 * b's translations: a derivative means something else. */
static int inflection_of(const char *w, const char *b)
{
    static const char *const ends[] = {"s", "es", "ies", "ed", "d", "ied", "ing",
                                       "er", "r", "ier", "est", "st", "iest"};
    size_t cp = common_prefix(w, b);
    if (cp < 2 || strlen(b + cp) > 1)
        return 0;
    const char *tail = w + cp;
    if (tail[0] && tail[0] == w[cp - 1] && tail[1]) /* a doubled consonant */
        tail++;
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++)
        if (strcmp(tail, ends[i]) == 0)
            return 1;
    return 0;
}

int dict_translate(const dict *d, const char *word, size_t len, const char *lang,
                   dict_list **out, char **from)
{
    char w[FOLD_CAP];
    store_txn *t = NULL;
    wrec r = {0};
    *out = NULL;
    if (from)
        *from = NULL;
    int rc = dict_fold_word(word, len, w);
    if (rc)
        return rc;
    if (!has_lang(d->translations, lang))
        return WB_ENOTFOUND;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    dict_list *l = stored(d, t, lang, w);
    if (!l && !(rc = dict_wrec_get(d, t, w, &r)) && r.found) {
        /* the base forms it inflects, the closest in spelling first */
        char *best = NULL;
        size_t best_len = 0;
        for (size_t i = 0; i < r.nlem; i++) {
            char *s = dict_lemma_str(d, t, r.lem[i]);
            dict_list *x = s && inflection_of(w, s) ? stored(d, t, lang, s) : NULL;
            size_t cp = s ? common_prefix(s, w) + 1 : 0;
            if (x && cp > best_len) {
                dict_list_free(l);
                free(best);
                l = x;
                best = s;
                best_len = cp;
            } else {
                dict_list_free(x);
                free(s);
            }
        }
        if (from)
            *from = best;
        else
            free(best);
    }
    dict_wrec_clear(&r);
    store_txn_abort(t);
    if (!l) {
        l = wb_calloc(1, sizeof *l);
        l->words = wb_calloc(1, sizeof *l->words);
    }
    *out = l;
    return rc;
}
