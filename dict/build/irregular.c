/*
 * irregular.c - irregular verb forms from FreeDict and a built-in list
 * (see irregular.h).
 */
#include "irregular.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "freedict.h"
#include "normalise.h"
#include "strtab.h"
#include "wb_mem.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

/* The built-in lists (irregular_nl.c, irregular_lists.c): "infinitive
 * form form ..." strings, NULL-terminated. */
extern const char *const irregular_nl[], *const irregular_fr[], *const irregular_de[],
    *const irregular_es[], *const irregular_it[];

static const struct {
    const char *lang;
    const char *const *list;
} lists[] = {{"nl", irregular_nl}, {"fr", irregular_fr}, {"de", irregular_de},
             {"es", irregular_es}, {"it", irregular_it}};

/* fit() of a pair from a list or a .dic's own lemma: trusted (see
 * irregular_lemmas) */
#define LISTED UINT16_MAX

struct irregular {
    strtab *forms, *lemmas;
    uint32_t *pair; /* (lemma id, next pair of the same form or UINT32_MAX) */
    size_t npair, cap;
    uint32_t *first; /* by form id: its first pair */
    size_t nfirst;
    uint16_t *fit;   /* by form id: how well its infinitives fit (fit()) */
    size_t nfit;
    /* while loading from FreeDict */
    strtab *verbs;  /* folded verbs (heads tagged <v>) */
    char **tokens;  /* by verb id: its English words, " word word " */
    size_t ntokens;
    strtab *exc;    /* WordNet's verb.exc as "went go" keys */
};

/* Link form to lemma; of a form's candidates only those that fit best
 * are kept (`fit`: fit(), or LISTED). */
static void add_pair(irregular *ir, const char *form, const char *lemma, size_t fit)
{
    uint32_t f = strtab_intern(ir->forms, form), l = strtab_intern(ir->lemmas, lemma);
    if (f >= ir->nfirst) {
        size_t old = ir->nfirst;
        ir->first = wb_grow(ir->first, &ir->nfirst, f + 1, sizeof *ir->first);
        memset(ir->first + old, 0xff, (ir->nfirst - old) * sizeof *ir->first);
        old = ir->nfit;
        ir->fit = wb_grow(ir->fit, &ir->nfit, f + 1, sizeof *ir->fit);
        memset(ir->fit + old, 0, (ir->nfit - old) * sizeof *ir->fit);
    }
    if (fit > LISTED)
        fit = LISTED;
    if (fit < ir->fit[f])
        return;
    if (fit > ir->fit[f]) {
        ir->first[f] = UINT32_MAX; /* the worse ones are dropped */
        ir->fit[f] = (uint16_t)fit;
    }
    for (uint32_t i = ir->first[f]; i != UINT32_MAX; i = ir->pair[2 * i + 1])
        if (ir->pair[2 * i] == l)
            return;
    ir->pair = wb_grow(ir->pair, &ir->cap, 2 * (ir->npair + 1), sizeof *ir->pair);
    ir->pair[2 * ir->npair] = l;
    ir->pair[2 * ir->npair + 1] = ir->first[f];
    ir->first[f] = (uint32_t)ir->npair++;
}

/* Does the tag list hold one of the comma-separated `want` ("n,fem")? */
static int has_tag(const char *tags, const char *want)
{
    for (const char *t = tags; *t;) {
        size_t l = strcspn(t, ", ");
        for (const char *w = want; *w;) {
            size_t k = strcspn(w, ",");
            if (k == l && memcmp(w, t, l) == 0)
                return 1;
            w += k + (w[k] == ',');
        }
        t += l;
        t += strspn(t, ", ");
    }
    return 0;
}

/* Call cb for each lower-case English word of e's translations. */
static void each_token(const freedict_entry *e, void (*cb)(void *, const char *), void *ctx)
{
    char tok[64];
    for (size_t i = 0; i < e->ntr; i++) {
        for (const char *p = e->tr[i]; *p;) {
            size_t n = 0;
            while (p[n] && ((p[n] | 32) >= 'a' && (p[n] | 32) <= 'z'))
                n++;
            if (n > 0 && n < sizeof tok) {
                for (size_t k = 0; k < n; k++)
                    tok[k] = (char)(p[k] | 32);
                tok[n] = '\0';
                cb(ctx, tok);
            }
            p += n ? n : 1;
        }
    }
}

struct verb_ctx {
    irregular *ir;
    uint32_t id;
};

static void add_token(void *ctx, const char *tok)
{
    struct verb_ctx *v = ctx;
    irregular *ir = v->ir;
    char *old = ir->tokens[v->id], key[80];
    snprintf(key, sizeof key, " %s ", tok);
    if (old && strstr(old, key))
        return;
    char *s = wb_asprintf("%s%s ", old ? old : " ", tok);
    free(old);
    ir->tokens[v->id] = s;
}

static void on_verb(void *ctx, const freedict_entry *e)
{
    irregular *ir = ctx;
    char w[FOLD_CAP];
    if (!has_tag(e->tags, "v,vt,vi") || strchr(e->head, ' ') ||
        norm_fold(e->head, strlen(e->head), DICT_WORD_MAX, w, sizeof w))
        return;
    struct verb_ctx v = {ir, strtab_intern(ir->verbs, w)};
    if (v.id >= ir->ntokens) {
        size_t old = ir->ntokens;
        ir->tokens = wb_grow(ir->tokens, &ir->ntokens, v.id + 1, sizeof *ir->tokens);
        memset(ir->tokens + old, 0, (ir->ntokens - old) * sizeof *ir->tokens);
    }
    each_token(e, add_token, &v);
}

/* Is English t an inflection of u (went, walked, gone, going, walks)? */
static int english_inflects(const irregular *ir, const char *t, const char *u)
{
    static const char *const ends[] = {"ed", "d", "ing", "s", "es", "en", "n"};
    char key[160];
    size_t ul = strlen(u), tl = strlen(t);
    snprintf(key, sizeof key, "%s %s", t, u);
    if (ir->exc && strtab_find(ir->exc, key) != STRTAB_NONE)
        return 1;
    if (tl <= ul || strncmp(t, u, ul) != 0) {
        /* carried, carries: y -> ied, ies; making: e dropped */
        if (ul > 2 && strncmp(t, u, ul - 1) == 0)
            return (u[ul - 1] == 'y' && (!strcmp(t + ul - 1, "ied") || !strcmp(t + ul - 1, "ies"))) ||
                   (u[ul - 1] == 'e' && !strcmp(t + ul - 1, "ing"));
        return 0;
    }
    const char *rest = t + ul;
    if (rest[0] == u[ul - 1] && rest[1]) /* stopped, running */
        rest++;
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++)
        if (!strcmp(rest, ends[i]))
            return 1;
    return 0;
}

static size_t common(const char *a, const char *b)
{
    size_t n = 0;
    while (a[n] && a[n] == b[n])
        n++;
    return n;
}

static int vowel(const char *s)
{
    unsigned char c = (unsigned char)s[0];
    return (c && strchr("aeiouy", c)) || (c == 0xC3 && s[1] && strchr("\xA4\xB6\xBC", s[1]));
}

/* Do form f and verb v part where a strong verb's vowel changes (ging,
 * gehen; sprach, sprechen: both go on with a vowel), or where v's ending
 * begins (geheftet, heften), or not at all (gelesen, lesen)?  a: f's
 * rest, b: v's, after `n` common bytes. */
static size_t fits(const char *a, const char *b, size_t n)
{
    int ok = (vowel(a) && vowel(b)) || (!*a && !*b) || !strcmp(b, "n") || !strcmp(b, "en");
    return ok ? n : 0;
}

/* How well form f fits verb v: the bytes they share, past a participle's
 * ge- (gegangen, angeschlossen, gegeben), when they part as a verb's forms
 * do; 0 when they do not (gelaufen: gehen; abgeschnitten: abtrennen). */
static size_t fit(const char *f, const char *v)
{
    size_t c = common(f, v), best = c ? fits(f + c, v + c, c) : 0, k;
    if (!strncmp(f + c, "ge", 2) && (k = c + common(f + c + 2, v + c)) > 0 &&
        fits(f + 2 + k, v + k, k) > best)
        best = k;
    if (!strncmp(f, "ge", 2) && (k = common(f + 2, v)) > 0 && fits(f + 2 + k, v + k, k) > best)
        best = k;
    return best;
}

struct form_ctx {
    irregular *ir;
    const char *form;
    const char *verb_tokens;
    int hit;
};

static void match_token(void *ctx, const char *t)
{
    struct form_ctx *c = ctx;
    char u[64];
    for (const char *p = c->verb_tokens; !c->hit && p && *p;) {
        p += strspn(p, " ");
        size_t n = strcspn(p, " ");
        if (n == 0 || n >= sizeof u)
            break;
        memcpy(u, p, n);
        u[n] = '\0';
        c->hit = english_inflects(c->ir, t, u);
        p += n;
    }
}

static void on_form(void *ctx, const freedict_entry *e)
{
    static const char *const pronouns[] = {"ich/er/sie ", "wir/sie ", "er/sie/es ", "er/sie ",
                                           "du ", "ihr "};
    irregular *ir = ctx;
    const char *h = e->head;
    char f[FOLD_CAP], v[FOLD_CAP];
    for (size_t i = 0; i < sizeof pronouns / sizeof *pronouns; i++)
        if (!strncmp(h, pronouns[i], strlen(pronouns[i]))) {
            h += strlen(pronouns[i]);
            break;
        }
    if (e->nsee == 0 || strchr(h, ' ') || strchr(h, '/') || has_tag(e->tags, "n,fem,masc,neut") ||
        norm_fold(h, strlen(h), DICT_WORD_MAX, f, sizeof f))
        return;
    /* of the verbs that fit, those sharing the longest beginning with the
     * form (entschlüsselt: entschlüsseln, not its synonym entziffern;
     * gelaufen: laufen, not gehen) */
    char best[8][FOLD_CAP];
    size_t nbest = 0, bestcp = 0;
    for (size_t i = 0; i < e->nsee; i++) {
        /* most references are phrases: no fold for those */
        if (strchr(e->see[i], ' ') || strchr(e->see[i], '/') ||
            norm_fold(e->see[i], strlen(e->see[i]), DICT_WORD_MAX, v, sizeof v) ||
            !strcmp(v, f))
            continue;
        uint32_t id = strtab_find(ir->verbs, v);
        if (id == STRTAB_NONE || id >= ir->ntokens || !ir->tokens[id])
            continue;
        struct form_ctx c = {ir, f, ir->tokens[id], 0};
        each_token(e, match_token, &c);
        size_t cp = fit(f, v);
        if (!c.hit || cp == 0 || cp < bestcp)
            continue;
        if (cp > bestcp)
            nbest = 0;
        bestcp = cp;
        if (nbest < 8)
            snprintf(best[nbest++], FOLD_CAP, "%s", v);
    }
    for (size_t i = 0; i < nbest && bestcp > 0; i++)
        add_pair(ir, f, best[i], bestcp);
}

static void read_exc(irregular *ir, const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[256];
    if (!fp)
        return;
    ir->exc = strtab_create();
    while (fgets(line, sizeof line, fp)) {
        char form[64], base[64];
        int off = 0;
        if (sscanf(line, "%63s%n", form, &off) != 1)
            continue;
        for (const char *p = line + off; sscanf(p, "%63s%n", base, &off) == 1; p += off) {
            char key[160];
            snprintf(key, sizeof key, "%s %s", form, base);
            strtab_intern(ir->exc, key);
        }
    }
    fclose(fp);
}

/* A .dic whose entries name their lemma (pt_PT: "sou/PL\t[$ser$CAT=v,...]"). */
static void read_lemma_dic(irregular *ir, const char *path)
{
    FILE *fp = fopen(path, "r");
    char *line = NULL, f[FOLD_CAP], l[FOLD_CAP];
    size_t cap = 0;
    if (!fp)
        return;
    while (getline(&line, &cap, fp) > 0) {
        const char *m = strstr(line, "\t[$"), *end;
        size_t wl = strcspn(line, "/\t");
        if (!m || (end = strchr(m + 3, '$')) == NULL ||
            norm_fold(line, wl, DICT_WORD_MAX, f, sizeof f) ||
            norm_fold(m + 3, (size_t)(end - m - 3), DICT_WORD_MAX, l, sizeof l) || !strcmp(f, l))
            continue;
        add_pair(ir, f, l, LISTED);
    }
    free(line);
    fclose(fp);
}

static void read_list(irregular *ir, const char *const *list)
{
    /* "lopen liep liepen gelopen": the infinitive, then its forms */
    char inf[64], form[64], fi[FOLD_CAP], ff[FOLD_CAP];
    int off = 0;
    for (const char *const *p = list; *p; p++) {
        if (sscanf(*p, "%63s%n", inf, &off) != 1 ||
            norm_fold(inf, strlen(inf), DICT_WORD_MAX, fi, sizeof fi))
            continue;
        for (const char *q = *p + off; sscanf(q, "%63s%n", form, &off) == 1; q += off)
            if (!norm_fold(form, strlen(form), DICT_WORD_MAX, ff, sizeof ff) && strcmp(ff, fi))
                add_pair(ir, ff, fi, LISTED);
    }
}

irregular *irregular_load(const char *freedict_base, const char *verb_exc, const char *lang,
                          const char *lemma_dic)
{
    irregular *ir = wb_calloc(1, sizeof *ir);
    ir->forms = strtab_create();
    ir->lemmas = strtab_create();
    freedict *fd = freedict_base ? freedict_open(freedict_base) : NULL;
    if (fd) {
        ir->verbs = strtab_create();
        if (verb_exc)
            read_exc(ir, verb_exc);
        freedict_each(fd, on_verb, ir);
        freedict_each(fd, on_form, ir);
        freedict_close(fd);
        for (size_t i = 0; i < ir->ntokens; i++)
            free(ir->tokens[i]);
        free(ir->tokens);
        ir->tokens = NULL;
        strtab_destroy(ir->verbs);
        strtab_destroy(ir->exc);
        ir->verbs = ir->exc = NULL;
    }
    for (size_t i = 0; lang && i < sizeof lists / sizeof *lists; i++)
        if (!strcmp(lang, lists[i].lang))
            read_list(ir, lists[i].list);
    if (lemma_dic)
        read_lemma_dic(ir, lemma_dic);
    return ir;
}

void irregular_free(irregular *ir)
{
    if (!ir)
        return;
    strtab_destroy(ir->forms);
    strtab_destroy(ir->lemmas);
    free(ir->pair);
    free(ir->first);
    free(ir->fit);
    free(ir);
}

size_t irregular_lemmas(const irregular *ir, const char *w, int listed, const char **out,
                        size_t max)
{
    uint32_t f = strtab_find(ir->forms, w);
    size_t n = 0;
    if (f == STRTAB_NONE || f >= ir->nfirst || (listed && ir->fit[f] != LISTED))
        return 0;
    for (uint32_t i = ir->first[f]; i != UINT32_MAX && n < max; i = ir->pair[2 * i + 1])
        out[n++] = strtab_str(ir->lemmas, ir->pair[2 * i]);
    return n;
}

size_t irregular_count(const irregular *ir)
{
    size_t n = 0;
    for (size_t f = 0; f < ir->nfirst; f++)
        for (uint32_t i = ir->first[f]; i != UINT32_MAX; i = ir->pair[2 * i + 1])
            n++;
    return n;
}
