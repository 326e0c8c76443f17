/*
 * fr_forms.c - French agreed participles and reformed spellings no rule of
 * the .aff makes (see fr_forms.h).
 */
#include "fr_forms.h"

#include <string.h>

#include "dict.h"

#define FR_CAP (4 * DICT_WORD_MAX + 8)

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

/* Add the roots of `form` that are infinitives to out, once each. */
static size_t add_roots(const lang_forms *f, const char *form, const char **out, size_t n,
                        size_t max)
{
    const char *r[8];
    size_t k = forms_roots(f, form, r, 8);
    for (size_t i = 0; i < k && n < max; i++) {
        int seen = 0;
        for (size_t j = 0; j < n && !seen; j++)
            seen = strcmp(out[j], r[i]) == 0;
        if (!seen && infinitive(r[i]))
            out[n++] = r[i];
    }
    return n;
}

size_t fr_more_roots(const lang_forms *f, const char *w, const char **out, size_t max)
{
    static const char *const agree[] = {"es", "e", "s"};
    static const char *const participle[] = {"é", "i", "u", "s", "t"};
    char p[FR_CAP];
    size_t len = strlen(w), n = 0;
    if (len >= sizeof p)
        return 0;
    /* aberrées: aberré + es, a form of aberrer */
    for (size_t i = 0; i < sizeof agree / sizeof *agree && !n; i++) {
        size_t al = strlen(agree[i]);
        if (len < al + 3 || !ends_with(w, len, agree[i]))
            continue;
        memcpy(p, w, len - al);
        p[len - al] = '\0';
        for (size_t k = 0; k < sizeof participle / sizeof *participle; k++)
            if (ends_with(p, len - al, participle[k]))
                n = add_roots(f, p, out, n, max);
    }
    /* cèderai: céderai, a form of céder (è and é are two bytes each) */
    const char *e = NULL;
    for (const char *s = strstr(w, "è"); s; s = strstr(s + 2, "è"))
        e = s;
    if (e) {
        memcpy(p, w, len + 1);
        memcpy(p + (e - w), "é", 2);
        n = add_roots(f, p, out, n, max);
    }
    return n;
}
