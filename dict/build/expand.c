/*
 * expand.c - Hunspell's affix rules run forwards over the roots of a .dic
 * (see expand.h).
 */
#include "expand.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

#define SET_MAX 40   /* code points in one [...] of a condition */
#define COND_MAX 12  /* elements of a condition */
#define FLAGS_MAX 64 /* flags of a root or of a rule's continuation */
#define FORM_MAX 256

enum { FL_CHAR, FL_UTF8, FL_LONG };

typedef struct elem {
    int any, neg, n;
    uint32_t cp[SET_MAX];
} elem;

typedef struct xrule {
    char strip[32], add[64];
    size_t lstrip, ladd;
    int full; /* FULLSTRIP: strip may be the whole word (être: suis) */
    uint32_t cont[FLAGS_MAX];
    size_t ncont;
    elem cond[COND_MAX];
    size_t ncond;
} xrule;

typedef struct xclass {
    uint32_t flag;
    int sfx, cross;
    size_t first, n; /* its rules */
} xclass;

typedef struct affix_set {
    int mode, fullstrip;
    uint32_t onlyin, needaffix, circumfix, forbidden; /* 0: none */
    uint32_t cflag, cbegin, cend; /* COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDEND */
    xrule *r;
    size_t nr, rcap;
    xclass *c;
    size_t nc, ccap;
} affix_set;

/* One code point of UTF-8 at *s (advanced); 0 at the end. */
static uint32_t next_cp(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    uint32_t c = p[0];
    int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    if (c == 0)
        return 0;
    if (n > 1)
        c &= 0x3F >> (n - 1);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            *s += i;
            return 0xFFFD;
        }
        c = (c << 6) | (p[i] & 0x3F);
    }
    *s += n;
    return c;
}

/* Flags of `s` (`len` bytes) into out; returns how many. */
static size_t parse_flags(int mode, const char *s, size_t len, uint32_t *out, size_t max)
{
    size_t n = 0;
    const char *e = s + len;
    while (s < e && n < max) {
        if (mode == FL_LONG) {
            if (s + 1 >= e)
                break;
            out[n++] = ((uint32_t)(unsigned char)s[0] << 8) | (unsigned char)s[1];
            s += 2;
        } else if (mode == FL_UTF8) {
            out[n++] = next_cp(&s);
        } else {
            out[n++] = (unsigned char)*s++;
        }
    }
    return n;
}

static uint32_t one_flag(int mode, const char *s)
{
    uint32_t f[1] = {0};
    parse_flags(mode, s, strlen(s), f, 1);
    return f[0];
}

static int parse_cond(const char *s, xrule *r)
{
    r->ncond = 0;
    if (strcmp(s, ".") == 0)
        return 0;
    while (*s) {
        if (r->ncond >= COND_MAX)
            return -1;
        elem *e = &r->cond[r->ncond++];
        memset(e, 0, sizeof *e);
        if (*s == '.') {
            e->any = 1;
            s++;
        } else if (*s == '[') {
            s++;
            if (*s == '^') {
                e->neg = 1;
                s++;
            }
            while (*s && *s != ']') {
                uint32_t c = next_cp(&s);
                if (e->n < SET_MAX)
                    e->cp[e->n++] = c;
            }
            if (*s == ']')
                s++;
        } else {
            e->cp[e->n++] = next_cp(&s);
        }
    }
    return 0;
}

static int elem_ok(const elem *e, uint32_t c)
{
    if (e->any)
        return 1;
    int in = 0;
    for (int i = 0; i < e->n && !in; i++)
        in = e->cp[i] == c;
    return in != e->neg;
}

static xclass *find_class(const affix_set *a, uint32_t flag)
{
    size_t lo = 0, hi = a->nc;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (a->c[mid].flag < flag)
            lo = mid + 1;
        else if (a->c[mid].flag > flag)
            hi = mid;
        else
            return &a->c[mid];
    }
    return NULL;
}

static int class_cmp(const void *x, const void *y)
{
    uint32_t a = ((const xclass *)x)->flag, b = ((const xclass *)y)->flag;
    return a < b ? -1 : a > b;
}

/* A rule line "SFX f strip add[/cont] cond ...". */
static void add_rule(affix_set *a, char **tok, size_t ntok)
{
    xrule r;
    memset(&r, 0, sizeof r);
    char *slash = strchr(tok[3], '/');
    if (slash) {
        *slash = '\0';
        r.ncont = parse_flags(a->mode, slash + 1, strlen(slash + 1), r.cont, FLAGS_MAX);
    }
    if (strcmp(tok[2], "0") != 0)
        snprintf(r.strip, sizeof r.strip, "%s", tok[2]);
    if (strcmp(tok[3], "0") != 0)
        snprintf(r.add, sizeof r.add, "%s", tok[3]);
    /* elisions and clitics (l'amico, mange-t-il) make no Wibbell word */
    if (strpbrk(r.add, "'-") || strstr(r.add, "\u2019"))
        return;
    r.lstrip = strlen(r.strip);
    r.ladd = strlen(r.add);
    r.full = a->fullstrip && r.ladd > 0;
    if (parse_cond(ntok > 4 ? tok[4] : ".", &r))
        return;
    a->r = wb_grow(a->r, &a->rcap, a->nr + 1, sizeof *a->r);
    a->r[a->nr++] = r;
    a->c[a->nc - 1].n++;
}

static int load_aff(const char *path, affix_set *a)
{
    FILE *f = fopen(path, "r");
    char *line = NULL, *tok[8];
    size_t cap = 0;
    int rc = 0;
    if (!f)
        return -1;
    while (getline(&line, &cap, f) > 0) {
        size_t nt = 0;
        for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t && nt < 8;
             t = strtok_r(NULL, " \t\r\n", &save))
            tok[nt++] = t;
        if (nt == 1 && !strcmp(tok[0], "FULLSTRIP"))
            a->fullstrip = 1;
        if (nt < 2)
            continue;
        if (!strcmp(tok[0], "FLAG")) {
            if (!strcmp(tok[1], "long"))
                a->mode = FL_LONG;
            else if (!strcmp(tok[1], "UTF-8"))
                a->mode = FL_UTF8;
            else if (!strcmp(tok[1], "num"))
                rc = -1;
        } else if (!strcmp(tok[0], "ONLYINCOMPOUND")) {
            a->onlyin = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "NEEDAFFIX")) {
            a->needaffix = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "CIRCUMFIX")) {
            a->circumfix = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "FORBIDDENWORD")) {
            a->forbidden = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "COMPOUNDFLAG")) {
            a->cflag = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "COMPOUNDBEGIN")) {
            a->cbegin = one_flag(a->mode, tok[1]);
        } else if (!strcmp(tok[0], "COMPOUNDEND")) {
            a->cend = one_flag(a->mode, tok[1]);
        } else if ((!strcmp(tok[0], "SFX") || !strcmp(tok[0], "PFX")) && nt >= 4) {
            uint32_t fl = one_flag(a->mode, tok[1]);
            int header = nt == 4 && (tok[2][0] == 'Y' || tok[2][0] == 'N') && !tok[2][1];
            if (header || a->nc == 0 || a->c[a->nc - 1].flag != fl) {
                a->c = wb_grow(a->c, &a->ccap, a->nc + 1, sizeof *a->c);
                a->c[a->nc++] = (xclass){.flag = fl, .sfx = tok[0][0] == 'S',
                                         .cross = header && tok[2][0] == 'Y',
                                         .first = a->nr};
            }
            if (!header)
                add_rule(a, tok, nt);
        }
    }
    free(line);
    fclose(f);
    /* a class may be declared twice (rare): the first declaration wins */
    qsort(a->c, a->nc, sizeof *a->c, class_cmp);
    return rc;
}

static int has_flag(const uint32_t *fl, size_t n, uint32_t f)
{
    for (size_t i = 0; f && i < n; i++)
        if (fl[i] == f)
            return 1;
    return 0;
}

/* A rule's form leads on only into a compound or to a further affix. */
static int dead_end(const affix_set *a, const xrule *r)
{
    return has_flag(r->cont, r->ncont, a->onlyin) || has_flag(r->cont, r->ncont, a->needaffix) ||
           has_flag(r->cont, r->ncont, a->circumfix);
}

/* Apply a suffix rule to w (`len` bytes): the form into out, or 0. */
static int apply_sfx(const xrule *r, const char *w, size_t len, char *out)
{
    uint32_t cps[FORM_MAX];
    size_t n = 0;
    if (len < r->lstrip + !r->full || memcmp(w + len - r->lstrip, r->strip, r->lstrip) != 0)
        return 0;
    if (r->ncond) {
        for (const char *s = w; *s && n < FORM_MAX;)
            cps[n++] = next_cp(&s);
        if (n < r->ncond)
            return 0;
        for (size_t i = 0; i < r->ncond; i++)
            if (!elem_ok(&r->cond[i], cps[n - r->ncond + i]))
                return 0;
    }
    if (len - r->lstrip + r->ladd >= FORM_MAX)
        return 0;
    memcpy(out, w, len - r->lstrip);
    memcpy(out + len - r->lstrip, r->add, r->ladd + 1);
    return 1;
}

static int apply_pfx(const xrule *r, const char *w, size_t len, char *out)
{
    if (len < r->lstrip + !r->full || memcmp(w, r->strip, r->lstrip) != 0)
        return 0;
    const char *s = w;
    for (size_t i = 0; i < r->ncond; i++)
        if (!*s || !elem_ok(&r->cond[i], next_cp(&s)))
            return 0;
    if (len - r->lstrip + r->ladd >= FORM_MAX)
        return 0;
    memcpy(out, r->add, r->ladd);
    memcpy(out + r->ladd, w + r->lstrip, len - r->lstrip + 1);
    return 1;
}

typedef struct emitter {
    const affix_set *a;
    const char *root;
    const uint32_t *fl;
    size_t nfl;
    void (*cb)(void *, const char *, const char *);
    void *ctx;
} emitter;

/* The cross products: prefixes of the root's flags on a suffixed form. */
static void cross_prefixes(const emitter *e, const char *w)
{
    char out[FORM_MAX];
    for (size_t i = 0; i < e->nfl; i++) {
        const xclass *p = find_class(e->a, e->fl[i]);
        if (!p || p->sfx || !p->cross)
            continue;
        for (size_t k = p->first; k < p->first + p->n; k++)
            if (!dead_end(e->a, &e->a->r[k]) && apply_pfx(&e->a->r[k], w, strlen(w), out))
                e->cb(e->ctx, out, e->root);
    }
}

/* The suffixes of class c on w, and one level of continuation suffixes. */
static void suffixes(const emitter *e, const xclass *c, const char *w, int level)
{
    char out[FORM_MAX];
    size_t len = strlen(w);
    for (size_t k = c->first; k < c->first + c->n; k++) {
        const xrule *r = &e->a->r[k];
        if (!apply_sfx(r, w, len, out))
            continue;
        if (!dead_end(e->a, r)) {
            e->cb(e->ctx, out, e->root);
            if (c->cross && level == 0)
                cross_prefixes(e, out);
        }
        for (size_t j = 0; level == 0 && j < r->ncont; j++) {
            const xclass *c2 = find_class(e->a, r->cont[j]);
            if (c2 && c2->sfx)
                suffixes(e, c2, out, 1);
        }
    }
}

static void expand_root(const emitter *e)
{
    char out[FORM_MAX];
    size_t len = strlen(e->root);
    for (size_t i = 0; i < e->nfl; i++) {
        const xclass *c = find_class(e->a, e->fl[i]);
        if (!c)
            continue;
        if (c->sfx) {
            suffixes(e, c, e->root, 0);
            continue;
        }
        for (size_t k = c->first; k < c->first + c->n; k++) {
            const xrule *r = &e->a->r[k];
            if (!dead_end(e->a, r) && apply_pfx(r, e->root, len, out))
                e->cb(e->ctx, out, e->root);
        }
    }
}

/* Where a root's flags let it into a compound (expand.h): EXPAND_BEGIN,
 * EXPAND_END, or both, by a flag of its own or one a rule of its classes
 * passes on (German's "SFX j 0 0/xoc": the root as a first part). */
static unsigned compound_roles(const affix_set *a, const uint32_t *fl, size_t nfl)
{
    unsigned how = 0;
    for (size_t i = 0; i < nfl; i++) {
        if (fl[i] == a->cflag)
            how |= EXPAND_BEGIN | EXPAND_END;
        if (fl[i] == a->cbegin)
            how |= EXPAND_BEGIN;
        if (fl[i] == a->cend)
            how |= EXPAND_END;
        const xclass *c = find_class(a, fl[i]);
        for (size_t k = c ? c->first : 0; c && k < c->first + c->n; k++) {
            const xrule *r = &a->r[k];
            if (has_flag(r->cont, r->ncont, a->cflag))
                how |= EXPAND_BEGIN | EXPAND_END;
            if (has_flag(r->cont, r->ncont, a->cbegin))
                how |= EXPAND_BEGIN;
            if (has_flag(r->cont, r->ncont, a->cend))
                how |= EXPAND_END;
        }
    }
    return how;
}

typedef struct walk {
    void (*form)(void *ctx, const char *form, const char *root);
    void (*compound)(void *ctx, const char *root, unsigned how);
    void *ctx;
} walk;

/* Read the .dic and call w's callbacks for each root not forbidden. */
static int walk_dic(const char *aff, const char *dic, const walk *w)
{
    affix_set a;
    memset(&a, 0, sizeof a);
    int rc = load_aff(aff, &a);
    FILE *f = rc ? NULL : fopen(dic, "r");
    char *line = NULL, root[FORM_MAX];
    size_t cap = 0;
    uint32_t fl[FLAGS_MAX];
    if (!f) {
        free(a.r);
        free(a.c);
        return -1;
    }
    int first = 1;
    while (getline(&line, &cap, f) > 0) {
        if (first) { /* the count */
            first = 0;
            continue;
        }
        size_t wl = strcspn(line, "/\t \r\n");
        if (line[wl] != '/' || wl == 0 || wl >= sizeof root)
            continue;
        memcpy(root, line, wl);
        root[wl] = '\0';
        const char *fs = line + wl + 1;
        size_t nfl = parse_flags(a.mode, fs, strcspn(fs, "\t \r\n"), fl, FLAGS_MAX);
        if (has_flag(fl, nfl, a.forbidden))
            continue;
        if (w->form) {
            emitter e = {&a, root, fl, nfl, w->form, w->ctx};
            expand_root(&e);
        }
        unsigned how = w->compound ? compound_roles(&a, fl, nfl) : 0;
        if (how)
            w->compound(w->ctx, root, how);
    }
    free(line);
    fclose(f);
    free(a.r);
    free(a.c);
    return 0;
}

int expand_each(const char *aff, const char *dic,
                void (*cb)(void *ctx, const char *form, const char *root), void *ctx)
{
    walk w = {.form = cb, .ctx = ctx};
    return walk_dic(aff, dic, &w);
}

int expand_compound_roots(const char *aff, const char *dic,
                          void (*cb)(void *ctx, const char *root, unsigned how), void *ctx)
{
    walk w = {.compound = cb, .ctx = ctx};
    return walk_dic(aff, dic, &w);
}
