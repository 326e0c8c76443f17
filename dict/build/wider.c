/*
 * wider.c - SCOWL's larger sizes and Hunspell's inflections (see wider.h).
 */
#include "wider.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

#define COND_MAX 16 /* elements of a rule's condition */
#define FORM_MAX 256

static int ends_with(const char *s, const char *end)
{
    size_t l = strlen(s), e = strlen(end);
    return l >= e && memcmp(s + l - e, end, e) == 0;
}

/* --- SCOWL's sizes -------------------------------------------------------- */

static void read_list(const char *path, int size, void (*cb)(void *, const char *, int),
                      void *ctx)
{
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    if (!f)
        return;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        /* lower-case entries only: capitalised ones are names; no
         * possessives */
        if (line[0] < 'a' || line[0] > 'z' || strchr(line, '\''))
            continue;
        cb(ctx, line, size);
    }
    free(line);
    fclose(f);
}

void wider_scowl_each(const char *dir, const char *spellings, int lo, int hi,
                      void (*cb)(void *ctx, const char *w, int size), void *ctx)
{
    static const int sizes[] = {10, 20, 35, 40, 50, 55, 60, 70, 80, 95};
    char path[4096], cat[64];
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        if (sizes[i] < lo || sizes[i] > hi)
            continue;
        for (const char *s = spellings; *s;) {
            size_t l = strcspn(s, ",");
            if (l > 0 && l < sizeof cat) {
                memcpy(cat, s, l);
                cat[l] = '\0';
                snprintf(path, sizeof path, "%s/%s-words.%d", dir, cat, sizes[i]);
                read_list(path, sizes[i], cb, ctx);
            }
            s += l + (s[l] == ',');
        }
    }
}

/* --- Hunspell's suffix rules ---------------------------------------------- */

typedef struct rule {
    unsigned char flag;
    char strip[16], add[24];
    unsigned char cond[COND_MAX][32]; /* a byte set per element */
    size_t ncond;
} rule;

typedef struct rules {
    rule *v;
    size_t n, cap;
} rules;

static void set_all(unsigned char set[32])
{
    memset(set, 0xff, 32);
}

static void set_byte(unsigned char set[32], unsigned char c)
{
    set[c >> 3] |= (unsigned char)(1u << (c & 7));
}

static int in_set(const unsigned char set[32], unsigned char c)
{
    return (set[c >> 3] >> (c & 7)) & 1;
}

/* Parse a condition ("[^aeiou]y", ".", "e"); -1 when malformed. */
static int parse_cond(const char *c, rule *r)
{
    r->ncond = 0;
    if (strcmp(c, ".") == 0)
        return 0;
    while (*c) {
        if (r->ncond == COND_MAX)
            return -1;
        unsigned char *set = r->cond[r->ncond++];
        memset(set, 0, 32);
        if (*c == '.') {
            set_all(set);
            c++;
        } else if (*c == '[') {
            int neg = c[1] == '^';
            c += neg ? 2 : 1;
            unsigned char tmp[32] = {0};
            while (*c && *c != ']')
                set_byte(tmp, (unsigned char)*c++);
            if (*c != ']')
                return -1;
            c++;
            for (int k = 0; k < 32; k++)
                set[k] = neg ? (unsigned char)~tmp[k] : tmp[k];
        } else {
            set_byte(set, (unsigned char)*c++);
        }
    }
    return 0;
}

static int load_rules(const char *aff, rules *rs)
{
    FILE *f = fopen(aff, "r");
    char *line = NULL;
    size_t cap = 0;
    if (!f)
        return -1;
    while (getline(&line, &cap, f) > 0) {
        char kind[8], flag[8], strip[64], add[64], cond[128];
        /* "SFX F strip add condition" (the header "SFX F Y n" has a
         * number where the condition would be, and fewer fields) */
        if (strncmp(line, "SFX ", 4) != 0 ||
            sscanf(line, "%7s %7s %63s %63s %127s", kind, flag, strip, add, cond) != 5 ||
            strlen(flag) != 1 || strchr(add, '/'))
            continue;
        rule r;
        memset(&r, 0, sizeof r);
        r.flag = (unsigned char)flag[0];
        if (strcmp(strip, "0") == 0)
            strip[0] = '\0';
        if (strcmp(add, "0") == 0)
            add[0] = '\0';
        if (strlen(strip) >= sizeof r.strip || strlen(add) >= sizeof r.add ||
            parse_cond(cond, &r))
            continue;
        memcpy(r.strip, strip, strlen(strip) + 1);
        memcpy(r.add, add, strlen(add) + 1);
        rs->v = wb_grow(rs->v, &rs->cap, rs->n + 1, sizeof *rs->v);
        rs->v[rs->n++] = r;
    }
    free(line);
    fclose(f);
    return 0;
}

/* Which inflection a rule makes of `stem`, or -1 for none. */
static int kind_of(const rule *r, const char *stem)
{
    const char *a = r->add;
    size_t al = strlen(a), sl = strlen(stem);
    if (al == 0 || strchr(a, '\''))
        return -1;
    if (ends_with(a, "ing"))
        return WIDER_ING;
    if (ends_with(a, "ed") || strcmp(a, "d") == 0)
        return WIDER_ED;
    if (ends_with(a, "est") || strcmp(a, "st") == 0)
        return WIDER_EST;
    if (strcmp(a, "er") == 0 || strcmp(a, "r") == 0 ||
        (al == 3 && ends_with(a, "er") && sl > 0 && a[0] == stem[sl - 1]))
        return WIDER_ER; /* bigger: a doubled consonant */
    if (strcmp(a, "s") == 0 || strcmp(a, "es") == 0 || strcmp(a, "ies") == 0 ||
        (al == 3 && ends_with(a, "es") && sl > 0 && a[0] == stem[sl - 1]))
        return WIDER_S; /* quizzes */
    return -1;
}

static int cond_ok(const rule *r, const char *stem, size_t sl)
{
    if (sl < r->ncond)
        return 0;
    for (size_t i = 0; i < r->ncond; i++)
        if (!in_set(r->cond[i], (unsigned char)stem[sl - r->ncond + i]))
            return 0;
    size_t tl = strlen(r->strip);
    return tl < sl && memcmp(stem + sl - tl, r->strip, tl) == 0;
}

int wider_expand(const char *aff, const char *dic,
                 void (*cb)(void *ctx, const char *form, const char *stem, wider_kind kind),
                 void *ctx)
{
    rules rs = {0};
    rule *by_flag = NULL; /* the rules sorted by flag: start[f] .. start[f + 1] */
    size_t start[257];
    FILE *f;
    if (load_rules(aff, &rs) || !(f = fopen(dic, "r"))) {
        free(rs.v);
        return -1;
    }
    memset(start, 0, sizeof start);
    for (size_t i = 0; i < rs.n; i++)
        start[rs.v[i].flag + 1]++;
    for (int c = 0; c < 256; c++)
        start[c + 1] += start[c];
    by_flag = wb_malloc((rs.n + 1) * sizeof *by_flag);
    size_t fill[256];
    memcpy(fill, start, sizeof fill);
    for (size_t i = 0; i < rs.n; i++)
        by_flag[fill[rs.v[i].flag]++] = rs.v[i];
    char *line = NULL, form[FORM_MAX];
    size_t cap = 0;
    int head = 1;
    while (getline(&line, &cap, f) > 0) {
        if (head) { /* the count */
            head = 0;
            continue;
        }
        char *slash = strchr(line, '/');
        if (!slash || line[0] < 'a' || line[0] > 'z')
            continue;
        *slash = '\0';
        char *flags = slash + 1;
        flags[strcspn(flags, " \t\r\n")] = '\0';
        const char *stem = line;
        size_t sl = strlen(stem);
        for (const char *fp = flags; *fp; fp++) {
            unsigned char fl = (unsigned char)*fp;
            for (size_t i = start[fl]; i < start[fl + 1]; i++) {
                const rule *r = &by_flag[i];
                if (!cond_ok(r, stem, sl))
                    continue;
                int k = kind_of(r, stem);
                size_t tl = strlen(r->strip), al = strlen(r->add);
                if (k < 0 || sl - tl + al >= sizeof form)
                    continue;
                memcpy(form, stem, sl - tl);
                memcpy(form + sl - tl, r->add, al + 1);
                cb(ctx, form, stem, (wider_kind)k);
            }
        }
    }
    free(line);
    fclose(f);
    free(rs.v);
    free(by_flag);
    return 0;
}

/* --- the guard ------------------------------------------------------------ */

static int vowel(const char *s, size_t i)
{
    return strchr("aeiou", s[i]) || (s[i] == 'y' && i > 0);
}

/* Comparatives are for adjectives of one syllable (braver, bigger) or of
 * two ending in -y, -le, -ow or -er (happier, simpler, narrower,
 * cleverer). */
static int short_adjective(const char *stem)
{
    char s[FORM_MAX];
    size_t l = strlen(stem);
    if (l >= sizeof s)
        return 0;
    memcpy(s, stem, l + 1);
    if (l > 2 && s[l - 1] == 'e' && s[l - 2] != 'l')
        s[--l] = '\0'; /* a silent e: brave */
    int groups = 0;
    for (size_t i = 0; i < l; i++)
        if (vowel(s, i) && (i == 0 || !vowel(s, i - 1)))
            groups++;
    return groups == 1 || (groups == 2 && (ends_with(s, "y") || ends_with(s, "le") ||
                                           ends_with(s, "ow") || ends_with(s, "er")));
}

int wider_nesses(const char *w)
{
    return ends_with(w, "nesses");
}

int wider_abstract_plural(const char *w)
{
    return ends_with(w, "ities") || ends_with(w, "eses") || ends_with(w, "isms") ||
           ends_with(w, "ums") || wider_nesses(w);
}

int wider_inflection_ok(const char *form, const char *stem, wider_kind kind, unsigned pos)
{
    if (strlen(stem) < 3 || wider_nesses(form))
        return 0;
    switch (kind) {
    case WIDER_S:
        return (pos & (WN_NOUN | WN_VERB)) != 0 && !wider_abstract_plural(form);
    case WIDER_ED:
    case WIDER_ING:
        return (pos & WN_VERB) != 0;
    case WIDER_ER:
    case WIDER_EST:
        return (pos & WN_ADJ) && short_adjective(stem);
    }
    return 0;
}

int wider_wordnet_knows(const wordnet *wn, const char *w)
{
    const char *base[8];
    char buf[FORM_MAX];
    if (!wn)
        return 0;
    if (wn_lemma_pos(wn, w))
        return 1;
    size_t n = wn_exc(wn, w, base, 8);
    for (size_t i = 0; i < n && i < 8; i++)
        if (wn_lemma_pos(wn, base[i]))
            return 1;
    for (size_t i = 0; i < wn_ndetach; i++)
        if (wn_detach_apply(&wn_detach_rules[i], w, 3, buf, sizeof buf) &&
            (wn_lemma_pos(wn, buf) & wn_detach_rules[i].pos))
            return 1;
    return 0;
}
