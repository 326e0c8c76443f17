/*
 * dict.c - the dictionary at run time: open, look up, check, match, walk.
 *
 * Each dictionary is a read-only LMDB environment (format.h).  Lookups of
 * single words, lemmas, members, definitions and trie nodes go to LMDB in
 * a short read transaction per call.  The match index (one record per word
 * plus 26 letter bitsets, a few MB) is copied out of LMDB into memory when
 * the dictionary is opened, because dict_match touches every candidate.
 */
#include "dict.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"
#include "dict_alt.h"
#include "format.h"
#include "normalise.h"
#include "store.h"
#include "wb_err.h"
#include "wb_mem.h"

#define FOLD_CAP (4 * DICT_WORD_MAX + 8)

struct dict {
    char *id, *language, *sources, *built_at;
    size_t words, proper, lemmas;
    int is_default;
    store_env *env;
    store_db db_words, db_lemmas, db_lemma_ids, db_members, db_defs, db_trie;
    fmt_rec *recs;
    size_t nrecs;
    char *strs;
    size_t nstrs;
    uint64_t *bits; /* 26 bitsets of nbits words each */
    size_t nbits;
    uint64_t *ge[4]; /* ge[k]: 26 bitsets, words with the letter > k times;
                        ge[0] is bits */
};

struct dict_lib {
    dict **d;
    size_t n;
    size_t def;
};

/* --- opening ------------------------------------------------------------ */

static char *meta_str(store_txn *t, store_db db, const char *k)
{
    store_val v;
    if (store_get(t, db, k, strlen(k), &v) || v.len == 0)
        return wb_strdup("");
    return wb_strndup(v.data, strnlen(v.data, v.len));
}

static int load_blob(store_txn *t, store_db db, const char *k, void **out,
                     size_t *len)
{
    store_val v;
    int rc = store_get(t, db, k, strlen(k), &v);
    if (rc)
        return rc == WB_ENOTFOUND ? WB_ECORRUPT : rc;
    *out = wb_malloc(v.len);
    memcpy(*out, v.data, v.len);
    *len = v.len;
    return WB_OK;
}

static void dict_free(dict *d)
{
    if (!d)
        return;
    store_env_close(d->env);
    free(d->id);
    free(d->language);
    free(d->sources);
    free(d->built_at);
    free(d->recs);
    free(d->strs);
    free(d->bits);
    for (int k = 1; k < 4; k++)
        free(d->ge[k]);
    free(d);
}

static int dict_open(const char *dir, dict **out)
{
    dict *d = wb_calloc(1, sizeof *d);
    store_txn *t = NULL;
    store_db meta, match;
    void *blob = NULL;
    size_t len = 0;
    char *fmt = NULL, *num;
    int rc = store_env_open(dir, STORE_RDONLY, (size_t)2 << 30, 16, &d->env);
    if (rc)
        goto out;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        goto out;
    if ((rc = store_db_open(t, DB_META, 0, &meta)))
        goto out;
    fmt = meta_str(t, meta, "format");
    if (strcmp(fmt, DICT_FORMAT) != 0) {
        rc = WB_ECORRUPT;
        goto out;
    }
    d->id = meta_str(t, meta, "id");
    d->language = meta_str(t, meta, "language");
    d->sources = meta_str(t, meta, "sources");
    d->built_at = meta_str(t, meta, "built_at");
    num = meta_str(t, meta, "words");
    d->words = strtoul(num, NULL, 10);
    free(num);
    num = meta_str(t, meta, "proper_nouns");
    d->proper = strtoul(num, NULL, 10);
    free(num);
    num = meta_str(t, meta, "lemmas");
    d->lemmas = strtoul(num, NULL, 10);
    free(num);
    rc = store_db_open(t, DB_WORDS, 0, &d->db_words);
    if (!rc) rc = store_db_open(t, DB_LEMMAS, 0, &d->db_lemmas);
    if (!rc) rc = store_db_open(t, DB_LEMMA_IDS, 0, &d->db_lemma_ids);
    if (!rc) rc = store_db_open(t, DB_MEMBERS, 0, &d->db_members);
    if (!rc) rc = store_db_open(t, DB_DEFS, 0, &d->db_defs);
    if (!rc) rc = store_db_open(t, DB_TRIE, 0, &d->db_trie);
    if (!rc) rc = store_db_open(t, DB_MATCH, 0, &match);
    if (rc)
        goto out;
    if ((rc = load_blob(t, match, "recs", &blob, &len)))
        goto out;
    d->recs = blob;
    d->nrecs = len / sizeof(fmt_rec);
    if ((rc = load_blob(t, match, "strs", &blob, &len)))
        goto out;
    d->strs = blob;
    d->nstrs = len;
    d->nbits = (d->nrecs + 63) / 64;
    d->bits = wb_calloc(26 * (d->nbits ? d->nbits : 1), sizeof *d->bits);
    for (int l = 0; l < 26 && !rc; l++) {
        char key[8] = "bits:a";
        store_val v;
        key[5] = (char)('a' + l);
        rc = store_get(t, match, key, 6, &v);
        if (!rc && v.len != d->nbits * 8)
            rc = WB_ECORRUPT;
        if (!rc)
            memcpy(d->bits + (size_t)l * d->nbits, v.data, v.len);
    }
    if (rc)
        goto out;
    /* Every record must point inside the strings. */
    d->ge[0] = d->bits;
    for (int k = 1; k < 4; k++)
        d->ge[k] = wb_calloc(26 * (d->nbits ? d->nbits : 1), sizeof *d->bits);
    for (size_t i = 0; i < d->nrecs; i++) {
        if (d->recs[i].str >= d->nstrs ||
            !memchr(d->strs + d->recs[i].str, '\0', d->nstrs - d->recs[i].str)) {
            rc = WB_ECORRUPT;
            goto out;
        }
        for (int l = 0; l < 26; l++)
            for (int k = 1; k < 4; k++)
                if (d->recs[i].counts[l] > k)
                    d->ge[k][(size_t)l * d->nbits + i / 64] |= 1ull << (i % 64);
    }
out:
    free(fmt);
    /* Commit, not abort: database handles opened in a transaction survive
     * only its commit. */
    if (t && !rc)
        rc = store_txn_commit(t);
    else
        store_txn_abort(t);
    if (rc) {
        dict_free(d);
        return rc;
    }
    *out = d;
    return WB_OK;
}

static int id_cmp(const void *a, const void *b)
{
    const dict *x = *(dict *const *)a, *y = *(dict *const *)b;
    return strcmp(x->id, y->id);
}

int dict_lib_open(const char *data_dir, const char *default_id, dict_lib **out)
{
    char path[4096];
    dict_lib *lib = wb_calloc(1, sizeof *lib);
    size_t cap = 0;
    int rc = WB_OK;
    snprintf(path, sizeof path, "%s/dict", data_dir);
    DIR *dir = opendir(path);
    *out = NULL;
    if (!dir) {
        free(lib);
        return WB_ENOTFOUND;
    }
    for (struct dirent *e; (e = readdir(dir));) {
        if (e->d_name[0] == '.' || strchr(e->d_name, '.'))
            continue; /* ".", "..", "<id>.tmp", "<id>.old" */
        char sub[8192], mdb[8300];
        FILE *f;
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        snprintf(mdb, sizeof mdb, "%s/data.mdb", sub);
        if (!(f = fopen(mdb, "r")))
            continue;
        fclose(f);
        dict *d;
        if ((rc = dict_open(sub, &d)))
            break;
        lib->d = wb_grow(lib->d, &cap, lib->n + 1, sizeof *lib->d);
        lib->d[lib->n++] = d;
    }
    closedir(dir);
    if (!rc && lib->n == 0)
        rc = WB_ENOTFOUND;
    if (rc) {
        dict_lib_close(lib);
        return rc;
    }
    qsort(lib->d, lib->n, sizeof *lib->d, id_cmp);
    for (size_t i = 0; i < lib->n; i++)
        if (default_id && strcmp(lib->d[i]->id, default_id) == 0) {
            lib->def = i;
            break;
        }
    lib->d[lib->def]->is_default = 1;
    *out = lib;
    return WB_OK;
}

void dict_lib_close(dict_lib *lib)
{
    if (!lib)
        return;
    for (size_t i = 0; i < lib->n; i++)
        dict_free(lib->d[i]);
    free(lib->d);
    free(lib);
}

size_t dict_lib_count(const dict_lib *lib) { return lib->n; }

const dict *dict_lib_at(const dict_lib *lib, size_t i)
{
    return i < lib->n ? lib->d[i] : NULL;
}

const dict *dict_lib_find(const dict_lib *lib, const char *id)
{
    for (size_t i = 0; i < lib->n; i++)
        if (strcmp(lib->d[i]->id, id) == 0)
            return lib->d[i];
    return NULL;
}

const dict *dict_lib_default(const dict_lib *lib) { return lib->d[lib->def]; }

void dict_get_info(const dict *d, dict_info *info)
{
    info->id = d->id;
    info->language = d->language;
    info->sources = d->sources;
    info->built_at = d->built_at;
    info->words = d->words;
    info->proper_nouns = d->proper;
    info->lemmas = d->lemmas;
    info->is_default = d->is_default;
}

int dict_normalise(const char *in, size_t len, char *out, size_t cap)
{
    return norm_fold(in, len, DICT_WORD_MAX, out, cap);
}

/* --- word records ------------------------------------------------------- */

typedef struct wrec {
    int found;
    uint8_t flags;
    uint32_t id;
    uint32_t *lem, *fam; /* owned copies */
    size_t nlem, nfam;
} wrec;

static void wrec_clear(wrec *r)
{
    free(r->lem);
    free(r->fam);
    memset(r, 0, sizeof *r);
}

static int lemma_id(const dict *d, store_txn *t, const char *s, uint32_t *id)
{
    store_val v;
    int rc = store_get(t, d->db_lemma_ids, s, strlen(s), &v);
    if (rc)
        return rc;
    if (v.len != 4)
        return WB_ECORRUPT;
    memcpy(id, v.data, 4);
    return WB_OK;
}

/* Read the record of a folded word.  A word not in the dictionary has
 * found = 0, and as its own base form its lemma id if it has one. */
static int wrec_get(const dict *d, store_txn *t, const char *w, wrec *r)
{
    store_val v;
    fmt_word fw;
    memset(r, 0, sizeof *r);
    r->id = DICT_NONE;
    int rc = store_get(t, d->db_words, w, strlen(w), &v);
    if (rc == WB_ENOTFOUND) {
        uint32_t lid;
        if (lemma_id(d, t, w, &lid) == WB_OK) {
            r->lem = wb_malloc(4);
            r->fam = wb_malloc(4);
            r->lem[0] = r->fam[0] = lid;
            r->nlem = r->nfam = 1;
        }
        return WB_OK;
    }
    if (rc)
        return rc;
    if (v.len < sizeof fw)
        return WB_ECORRUPT;
    memcpy(&fw, v.data, sizeof fw);
    if (v.len != sizeof fw + 4 * ((size_t)fw.nlem + fw.nfam) ||
        (fw.id != DICT_NONE && fw.id >= d->nrecs))
        return WB_ECORRUPT;
    r->found = 1;
    r->flags = fw.flags;
    r->id = fw.id;
    r->nlem = fw.nlem;
    r->nfam = fw.nfam;
    r->lem = wb_malloc(4 * (r->nlem + 1));
    r->fam = wb_malloc(4 * (r->nfam + 1));
    memcpy(r->lem, (const char *)v.data + sizeof fw, 4 * r->nlem);
    memcpy(r->fam, (const char *)v.data + sizeof fw + 4 * r->nlem, 4 * r->nfam);
    return WB_OK;
}

/* Do two sorted id lists meet? */
static int meets(const uint32_t *a, size_t na, const uint32_t *b, size_t nb)
{
    size_t i = 0, j = 0;
    while (i < na && j < nb) {
        if (a[i] == b[j])
            return 1;
        if (a[i] < b[j])
            i++;
        else
            j++;
    }
    return 0;
}

/* The relation of morph.h: L(a) meets K(b). */
static int wrec_related(const wrec *a, const wrec *b)
{
    return meets(a->lem, a->nlem, b->fam, b->nfam);
}

static char *lemma_str(const dict *d, store_txn *t, uint32_t id)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    if (store_get(t, d->db_lemmas, key, 4, &v) || v.len == 0)
        return NULL;
    return wb_strndup(v.data, strnlen(v.data, v.len));
}

/* Visit the word ids that are members of lemma `id`. */
static int each_member(const dict *d, store_txn *t, uint32_t id,
                       void (*cb)(void *, uint32_t), void *ctx)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    int rc = store_get(t, d->db_members, key, 4, &v);
    if (rc == WB_ENOTFOUND)
        return WB_OK;
    if (rc)
        return rc;
    for (size_t i = 0; i + 4 <= v.len; i += 4) {
        uint32_t w;
        memcpy(&w, (const char *)v.data + i, 4);
        if (w < d->nrecs)
            cb(ctx, w);
    }
    return WB_OK;
}

static const char *word_str(const dict *d, uint32_t id)
{
    return d->strs + d->recs[id].str;
}

static int fold_word(const char *in, size_t len, char *out)
{
    return norm_fold(in, len, DICT_WORD_MAX, out, FOLD_CAP);
}

/* --- lookup ------------------------------------------------------------- */

typedef struct idvec {
    uint32_t *v;
    size_t n, cap;
} idvec;

static void idvec_push(void *ctx, uint32_t id)
{
    idvec *x = ctx;
    x->v = wb_grow(x->v, &x->cap, x->n + 1, sizeof *x->v);
    x->v[x->n++] = id;
}

static int u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void add_defs(const dict *d, store_txn *t, const char *w, dict_entry *e,
                     size_t max)
{
    store_val v;
    if (store_get(t, d->db_defs, w, strlen(w), &v))
        return;
    const unsigned char *p = v.data, *end = p + v.len;
    while (p + 3 <= end && e->ndefs < max) {
        size_t tl = (size_t)p[1] | ((size_t)p[2] << 8);
        if (p[0] > 3 || p + 3 + tl > end)
            break;
        dict_def *df = &e->defs[e->ndefs++];
        snprintf(df->pos, sizeof df->pos, "%s", fmt_pos_names[p[0]]);
        df->text = wb_strndup((const char *)p + 3, tl);
        p += 3 + tl;
    }
}

int dict_lookup(const dict *d, const char *word, size_t len, size_t max_family,
                size_t max_defs, dict_entry **out)
{
    char w[FOLD_CAP];
    store_txn *t = NULL;
    wrec r = {0};
    idvec fam = {0};
    dict_entry *e = NULL;
    int rc = fold_word(word, len, w);

    *out = NULL;
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    if ((rc = wrec_get(d, t, w, &r)))
        goto out;
    e = wb_calloc(1, sizeof *e);
    e->word = wb_strdup(w);
    e->valid = r.found && (r.flags & FMT_VALID);
    e->proper_noun = r.found && !(r.flags & FMT_VALID) && (r.flags & FMT_PROPER);
    if (!e->valid)
        goto out;

    e->stems = wb_calloc(r.nlem + 1, sizeof *e->stems);
    for (size_t i = 0; i < r.nlem; i++) {
        char *s = lemma_str(d, t, r.lem[i]);
        if (s && strcmp(s, w) != 0)
            e->stems[e->nstems++] = s;
        else
            free(s);
    }
    if (e->nstems == 0)
        e->stems[e->nstems++] = wb_strdup(w);

    for (size_t i = 0; i < r.nfam && !rc; i++)
        rc = each_member(d, t, r.fam[i], idvec_push, &fam);
    if (rc)
        goto out;
    /* Members of the word's family keys, each once, less the word. */
    qsort(fam.v, fam.n, sizeof *fam.v, u32_cmp);
    {
        const char **names = wb_calloc(fam.n + 1, sizeof *names);
        size_t k = 0;
        for (size_t i = 0; i < fam.n; i++)
            if (fam.v[i] != r.id && (i == 0 || fam.v[i] != fam.v[i - 1]))
                names[k++] = word_str(d, fam.v[i]);
        qsort(names, k, sizeof *names, str_cmp);
        if (k > max_family)
            k = max_family;
        e->family = wb_calloc(k + 1, sizeof *e->family);
        for (size_t i = 0; i < k; i++)
            e->family[i] = wb_strdup(names[i]);
        e->nfamily = k;
        free(names);
    }

    e->defs = wb_calloc(max_defs + 1, sizeof *e->defs);
    add_defs(d, t, w, e, max_defs);
    for (size_t i = 0; i < e->nstems; i++)
        if (strcmp(e->stems[i], w) != 0)
            add_defs(d, t, e->stems[i], e, max_defs);
out:
    store_txn_abort(t);
    wrec_clear(&r);
    free(fam.v);
    if (rc) {
        dict_entry_free(e);
        return rc;
    }
    *out = e;
    return WB_OK;
}

void dict_entry_free(dict_entry *e)
{
    if (!e)
        return;
    free(e->word);
    for (size_t i = 0; i < e->nstems; i++)
        free(e->stems[i]);
    free(e->stems);
    for (size_t i = 0; i < e->nfamily; i++)
        free(e->family[i]);
    free(e->family);
    for (size_t i = 0; i < e->ndefs; i++)
        free(e->defs[i].text);
    free(e->defs);
    free(e);
}

/* --- check -------------------------------------------------------------- */

const char *dict_reason_name(dict_reason_code code)
{
    switch (code) {
    case DICT_NOT_A_WORD: return "not_a_word";
    case DICT_PROPER_NOUN: return "proper_noun";
    case DICT_CARDS_NOT_COVERED: return "cards_not_covered";
    case DICT_ALREADY_USED: return "already_used";
    case DICT_DERIVATIVE: return "derivative";
    }
    return "unknown";
}

static void add_reason(dict_verdict *v, dict_reason_code code, char *detail,
                       const char *of)
{
    v->reasons = wb_realloc(v->reasons, (v->nreasons + 1) * sizeof *v->reasons);
    v->reasons[v->nreasons++] = (dict_reason){code, detail, of ? wb_strdup(of) : NULL};
}

/* Explain why the cards are not covered: which cards find no letter of
 * theirs at all, or else that they compete for too few letters. */
static char *cover_detail(const dict_cards *cards, const cards_set *cs,
                          uint32_t wmask)
{
    size_t cap = 256, n = 0;
    char *s = wb_malloc(cap);
    int missing = 0;
    s[0] = '\0';
    for (size_t i = 0; i < cs->n; i++) {
        if (cs->mask[i] & wmask)
            continue;
        const char *c = cards->cards[i];
        size_t need = n + strlen(c) + 64;
        s = wb_grow(s, &cap, need, 1);
        n += (size_t)snprintf(s + n, cap - n, "%s%s", missing ? ", " : "", c);
        missing++;
    }
    if (missing) {
        char *r = wb_asprintf("the word has no letter of card%s %s",
                              missing > 1 ? "s" : "", s);
        free(s);
        return r;
    }
    free(s);
    return wb_strdup("the word does not have a separate letter for each card "
                     "(cards that share a letter need it once each)");
}

int dict_check(const dict *d, const char *word, size_t len,
               const dict_cards *cards, const char *const *used, size_t nused,
               dict_verdict **out)
{
    char w[FOLD_CAP], u[FOLD_CAP], base[FOLD_CAP];
    size_t offs[DICT_WORD_MAX], lens[DICT_WORD_MAX], nlet = 0;
    size_t pos[DICT_CARDS_MAX];
    cards_set cs;
    store_txn *t = NULL;
    wrec r = {0}, ur = {0};
    dict_verdict *v = NULL;
    int rc;

    *out = NULL;
    if ((rc = fold_word(word, len, w)))
        return rc;
    if ((rc = cards_parse(cards->cards, cards->ncards, &cs)))
        return rc;
    for (size_t i = 0; i < nused; i++)
        if (!used[i] || (rc = fold_word(used[i], strlen(used[i]), u)))
            return used[i] ? rc : WB_EINVAL;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    if ((rc = wrec_get(d, t, w, &r)))
        goto out;

    v = wb_calloc(1, sizeof *v);
    v->word = wb_strdup(w);
    if (r.found && !(r.flags & FMT_VALID) && (r.flags & FMT_PROPER))
        add_reason(v, DICT_PROPER_NOUN,
                   wb_asprintf("'%s' is a proper noun (a name of a person, "
                               "place or thing), not a word", w), NULL);
    else if (!r.found || !(r.flags & FMT_VALID))
        add_reason(v, DICT_NOT_A_WORD,
                   wb_asprintf("'%s' is not in the %s dictionary", w, d->id), NULL);

    int based = norm_base(w, base, sizeof base) == WB_OK &&
                norm_letter_spans(w, offs, lens, DICT_WORD_MAX, &nlet) == WB_OK;
    if (based && cards_cover(&cs, base, strlen(base), pos)) {
        v->assign = wb_calloc(cs.n + 1, sizeof *v->assign);
        v->nassign = cs.n;
        for (size_t i = 0; i < cs.n; i++) {
            dict_assign *a = &v->assign[i];
            a->card = i;
            a->position = pos[i];
            size_t l = lens[pos[i]] < sizeof a->letter ? lens[pos[i]] : sizeof a->letter - 1;
            memcpy(a->letter, w + offs[pos[i]], l);
            a->letter[l] = '\0';
        }
    } else if (cs.n > 0) {
        add_reason(v, DICT_CARDS_NOT_COVERED,
                   cover_detail(cards, &cs, based ? cards_word_mask(base, strlen(base)) : 0),
                   NULL);
    }

    for (size_t i = 0; i < nused; i++) {
        fold_word(used[i], strlen(used[i]), u);
        if (strcmp(u, w) == 0) {
            add_reason(v, DICT_ALREADY_USED,
                       wb_asprintf("'%s' was already used this game", w), used[i]);
            continue;
        }
        if ((rc = wrec_get(d, t, u, &ur)))
            goto out;
        if (wrec_related(&r, &ur))
            add_reason(v, DICT_DERIVATIVE,
                       wb_asprintf("'%s' is a derivative of '%s', already used "
                                   "this game", w, u), used[i]);
        wrec_clear(&ur);
    }
    v->valid = v->nreasons == 0;
out:
    store_txn_abort(t);
    wrec_clear(&r);
    wrec_clear(&ur);
    if (rc) {
        dict_verdict_free(v);
        return rc;
    }
    *out = v;
    return WB_OK;
}

void dict_verdict_free(dict_verdict *v)
{
    if (!v)
        return;
    free(v->word);
    for (size_t i = 0; i < v->nreasons; i++) {
        free(v->reasons[i].detail);
        free(v->reasons[i].of);
    }
    free(v->reasons);
    free(v->assign);
    free(v);
}

int dict_related(const dict *d, const char *a, size_t alen, const char *b,
                 size_t blen, int *related)
{
    char fa[FOLD_CAP], fb[FOLD_CAP];
    store_txn *t = NULL;
    wrec ra = {0}, rb = {0};
    int rc = fold_word(a, alen, fa);
    if (!rc)
        rc = fold_word(b, blen, fb);
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    rc = wrec_get(d, t, fa, &ra);
    if (!rc)
        rc = wrec_get(d, t, fb, &rb);
    if (!rc)
        *related = strcmp(fa, fb) == 0 || wrec_related(&ra, &rb);
    store_txn_abort(t);
    wrec_clear(&ra);
    wrec_clear(&rb);
    return rc;
}

/* --- lists -------------------------------------------------------------- */

static dict_list *list_new(size_t limit)
{
    dict_list *l = wb_calloc(1, sizeof *l);
    l->words = wb_calloc(limit + 1, sizeof *l->words);
    return l;
}

void dict_list_free(dict_list *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->nwords; i++)
        free(l->words[i]);
    free(l->words);
    free(l);
}

static void set_bit(void *ctx, uint32_t id)
{
    uint64_t *bits = ctx;
    bits[id / 64] |= 1ull << (id % 64);
}

/* Fill `excl` (nbits words) with the used words and their derivatives. */
static int exclusions(const dict *d, const char *const *used, size_t nused,
                      uint64_t *excl)
{
    char u[FOLD_CAP];
    store_txn *t = NULL;
    wrec r = {0};
    int rc;
    for (size_t i = 0; i < nused; i++)
        if (!used[i] || (rc = fold_word(used[i], strlen(used[i]), u)))
            return used[i] ? rc : WB_EINVAL;
    if (nused == 0)
        return WB_OK;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    for (size_t i = 0; i < nused && !rc; i++) {
        fold_word(used[i], strlen(used[i]), u);
        if ((rc = wrec_get(d, t, u, &r)))
            break;
        if (r.id != DICT_NONE)
            set_bit(excl, r.id);
        /* Words whose L meets K(u) are exactly the members of K(u). */
        for (size_t k = 0; k < r.nfam && !rc; k++)
            rc = each_member(d, t, r.fam[k], set_bit, excl);
        wrec_clear(&r);
    }
    store_txn_abort(t);
    return rc;
}

static void take(dict_list *l, const dict *d, uint32_t id, size_t offset,
                 size_t limit)
{
    if (l->total >= offset && l->nwords < limit)
        l->words[l->nwords++] = wb_strdup(word_str(d, id));
    l->total++;
}

/* Hall's condition: a word covers the cards exactly when every set S of
 * cards finds at least |S| positions holding letters of S.  Sets of one
 * card are the candidate bitsets; groups of cards that share no letter
 * with each other are independent.  So only sets of two or more cards
 * inside one group of overlapping cards remain, and since a letter with
 * count c gives min(c, |S|) = sum over j <= |S| of [c >= j] positions, each
 * set is checked for 64 words at a time with bit-sliced counters over the
 * "letter occurs at least j times" bitsets. */
typedef struct hall {
    uint32_t mask[64];
    uint8_t size[64];
    size_t n;
    int exact; /* 0: a group of more than 4 cards; use the matcher */
} hall;

static void hall_plan(const cards_set *cs, hall *h)
{
    int group[DICT_CARDS_MAX];
    h->n = 0;
    h->exact = 1;
    for (size_t i = 0; i < cs->n; i++)
        group[i] = (int)i;
    for (size_t i = 0; i < cs->n; i++)
        for (size_t j = i + 1; j < cs->n; j++)
            if ((cs->mask[i] & cs->mask[j]) && group[j] != group[i]) {
                int from = group[j], to = group[i];
                for (size_t k = 0; k < cs->n; k++)
                    if (group[k] == from)
                        group[k] = to;
            }
    for (size_t g = 0; g < cs->n && h->exact; g++) {
        size_t idx[DICT_CARDS_MAX], m = 0;
        for (size_t i = 0; i < cs->n; i++)
            if (group[i] == (int)g)
                idx[m++] = i;
        if (m < 2)
            continue;
        if (m > 4) {
            h->exact = 0;
            break;
        }
        for (uint32_t sub = 1; sub < (1u << m); sub++) {
            int size = __builtin_popcount(sub);
            if (size < 2)
                continue;
            uint32_t u = 0;
            for (size_t k = 0; k < m; k++)
                if (sub & (1u << k))
                    u |= cs->mask[idx[k]];
            h->mask[h->n] = u;
            h->size[h->n++] = (uint8_t)size;
        }
    }
}

/* Keep in cand[i] only the words meeting every set of the plan. */
static void hall_filter(const dict *d, const hall *h, uint64_t *cand)
{
    size_t nb = d->nbits;
    for (size_t i = 0; i < nb; i++) {
        if (!cand[i])
            continue;
        for (size_t s = 0; s < h->n && cand[i]; s++) {
            /* c2 c1 c0: a saturating count (>= 4 keeps c2 set). */
            uint64_t c0 = 0, c1 = 0, c2 = 0;
            for (uint32_t m = h->mask[s]; m; m &= m - 1) {
                size_t l = (size_t)__builtin_ctz(m);
                for (int j = 0; j < h->size[s]; j++) {
                    uint64_t x = d->ge[j][l * nb + i];
                    uint64_t k0 = c0 & x;
                    c0 ^= x;
                    uint64_t k1 = c1 & k0;
                    c1 ^= k0;
                    c2 |= k1;
                }
            }
            uint64_t ok = h->size[s] == 2 ? (c1 | c2)
                        : h->size[s] == 3 ? ((c1 & c0) | c2)
                                          : c2;
            cand[i] &= ok;
        }
    }
}

int dict_match(const dict *d, const dict_cards *cards, const char *const *used,
               size_t nused, size_t offset, size_t limit, dict_list **out)
{
    cards_set cs;
    hall h;
    size_t nb = d->nbits;
    int rc = cards_parse(cards->cards, cards->ncards, &cs);
    *out = NULL;
    if (rc)
        return rc;
    uint64_t *cand = wb_malloc((nb + 1) * 8), *acc = wb_malloc((nb + 1) * 8);
    uint64_t *excl = wb_calloc(nb + 1, 8);
    if ((rc = exclusions(d, used, nused, excl))) {
        free(cand);
        free(acc);
        free(excl);
        return rc;
    }
    /* Candidates: for every card, some letter of the card is in the word
     * (AND over cards of the OR of the card's letter bitsets). */
    for (size_t i = 0; i < nb; i++)
        cand[i] = ~excl[i];
    if (d->nrecs % 64)
        cand[nb - 1] &= (1ull << (d->nrecs % 64)) - 1;
    for (size_t c = 0; c < cs.n; c++) {
        memset(acc, 0, nb * 8);
        for (uint32_t m = cs.mask[c]; m; m &= m - 1) {
            const uint64_t *b = d->bits + (size_t)__builtin_ctz(m) * nb;
            for (size_t i = 0; i < nb; i++)
                acc[i] |= b[i];
        }
        for (size_t i = 0; i < nb; i++)
            cand[i] &= acc[i];
    }
    hall_plan(&cs, &h);
    if (h.exact)
        hall_filter(d, &h, cand);
    dict_list *l = list_new(limit);
    for (size_t i = 0; i < nb; i++) {
        uint64_t w = cand[i];
        if (h.exact && (l->nwords == limit || l->total + (size_t)__builtin_popcountll(w) <= offset)) {
            /* Nothing to collect from this block: just count it. */
            l->total += (size_t)__builtin_popcountll(w);
            continue;
        }
        while (w) {
            uint32_t id = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(w));
            w &= w - 1;
            if (!h.exact && !cards_cover_counts(&cs, d->recs[id].counts))
                continue;
            take(l, d, id, offset, limit);
        }
    }
    free(cand);
    free(acc);
    free(excl);
    *out = l;
    return WB_OK;
}

int dict_match_scan(const dict *d, const dict_cards *cards,
                    const char *const *used, size_t nused, size_t offset,
                    size_t limit, int use_mask, dict_list **out)
{
    cards_set cs;
    char base[FOLD_CAP];
    size_t pos[DICT_CARDS_MAX];
    int rc = cards_parse(cards->cards, cards->ncards, &cs);
    *out = NULL;
    if (rc)
        return rc;
    uint64_t *excl = wb_calloc(d->nbits + 1, 8);
    if ((rc = exclusions(d, used, nused, excl))) {
        free(excl);
        return rc;
    }
    uint32_t need = 0;
    for (size_t c = 0; c < cs.n; c++)
        need |= cs.mask[c];
    dict_list *l = list_new(limit);
    for (uint32_t id = 0; id < d->nrecs; id++) {
        if (excl[id / 64] & (1ull << (id % 64)))
            continue;
        if (use_mask) {
            int ok = 1;
            for (size_t c = 0; c < cs.n && ok; c++)
                ok = (d->recs[id].mask & cs.mask[c]) != 0;
            if (!ok || !cards_cover_counts(&cs, d->recs[id].counts))
                continue;
        } else if (norm_base(word_str(d, id), base, sizeof base) ||
                   !cards_cover(&cs, base, strlen(base), pos)) {
            continue;
        }
        take(l, d, id, offset, limit);
    }
    (void)need;
    free(excl);
    *out = l;
    return WB_OK;
}

static int prefix_fold(const char *prefix, size_t len, char *p)
{
    if (len == 0) {
        p[0] = '\0';
        return WB_OK;
    }
    return fold_word(prefix, len, p);
}

int dict_prefix(const dict *d, const char *prefix, size_t len, size_t limit,
                dict_list **out)
{
    char p[FOLD_CAP];
    store_txn *t = NULL;
    store_cur *c = NULL;
    store_val k, v;
    int rc = prefix_fold(prefix, len, p);
    size_t pl = strlen(p);
    *out = NULL;
    if (rc)
        return rc;
    if ((rc = store_txn_begin(d->env, 0, &t)))
        return rc;
    dict_list *l = list_new(limit);
    rc = store_cur_open(t, d->db_words, &c);
    if (!rc)
        rc = store_cur_seek(c, pl ? p : NULL, pl, &k, &v);
    while (!rc && k.len >= pl && memcmp(k.data, p, pl) == 0) {
        fmt_word fw;
        if (v.len >= sizeof fw) {
            memcpy(&fw, v.data, sizeof fw);
            if (fw.flags & FMT_VALID) {
                if (l->nwords == limit) {
                    l->total++;
                    break;
                }
                l->words[l->nwords++] = wb_strndup(k.data, k.len);
                l->total++;
            }
        }
        rc = store_cur_next(c, &k, &v);
    }
    if (rc == WB_ENOTFOUND)
        rc = WB_OK;
    store_cur_close(c);
    store_txn_abort(t);
    if (rc) {
        dict_list_free(l);
        return rc;
    }
    *out = l;
    return WB_OK;
}

int dict_prefix_scan(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = prefix_fold(prefix, len, p);
    size_t pl = strlen(p), n = 0, cap = 0;
    const char **hits = NULL;
    *out = NULL;
    if (rc)
        return rc;
    for (uint32_t id = 0; id < d->nrecs; id++)
        if (strncmp(word_str(d, id), p, pl) == 0) {
            hits = wb_grow(hits, &cap, n + 1, sizeof *hits);
            hits[n++] = word_str(d, id);
        }
    if (n)
        qsort(hits, n, sizeof *hits, str_cmp);
    dict_list *l = list_new(limit);
    for (size_t i = 0; i < n && i < limit; i++)
        l->words[l->nwords++] = wb_strdup(hits[i]);
    l->total = n > limit ? limit + 1 : n;
    free(hits);
    *out = l;
    return WB_OK;
}

/* --- trie walks --------------------------------------------------------- */

typedef struct walk {
    const dict *d;
    store_txn *t;
    const char *pat; /* folded pattern, '?' = any letter */
    size_t patlen;
    dict_list *l;
    size_t limit;
    int prefix_mode; /* words under the node, pattern is a prefix */
    int more;
} walk;

static int node_get(walk *w, uint32_t id, fmt_trie_node *n, const unsigned char **ch)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    int rc = store_get(w->t, w->d->db_trie, key, 4, &v);
    if (rc)
        return rc == WB_ENOTFOUND ? WB_ECORRUPT : rc;
    if (v.len < sizeof *n)
        return WB_ECORRUPT;
    memcpy(n, v.data, sizeof *n);
    if (v.len != sizeof *n + 5 * (size_t)n->nchild ||
        (n->word != DICT_NONE && n->word >= w->d->nrecs))
        return WB_ECORRUPT;
    *ch = (const unsigned char *)v.data + sizeof *n;
    return WB_OK;
}

static int emit(walk *w, uint32_t word)
{
    if (w->l->nwords == w->limit) {
        w->more = 1;
        return 1;
    }
    w->l->words[w->l->nwords++] = wb_strdup(word_str(w->d, word));
    return 0;
}

/* Walk node `id` at pattern offset `pi`; `cont` continuation bytes of a
 * multi-byte letter matched by '?' are still to be consumed.  Returns <0
 * on error, 1 when the limit was reached, else 0. */
static int walk_node(walk *w, uint32_t id, size_t pi, int cont, int depth)
{
    fmt_trie_node n;
    const unsigned char *ch;
    int rc = node_get(w, id, &n, &ch);
    if (rc)
        return -rc;
    if (depth > 4 * DICT_WORD_MAX + 8)
        return -WB_ECORRUPT;
    int at_end = cont == 0 && pi == w->patlen;
    if (n.word != DICT_NONE && at_end && emit(w, n.word))
        return 1;
    for (uint16_t i = 0; i < n.nchild; i++) {
        unsigned char by = ch[5 * i];
        uint32_t child;
        memcpy(&child, ch + 5 * i + 1, 4);
        size_t npi = pi;
        int ncont = cont;
        if (cont > 0) {
            if ((by & 0xC0) != 0x80)
                continue;
            ncont = cont - 1;
        } else if (pi == w->patlen) {
            if (!w->prefix_mode)
                continue;
        } else if (w->pat[pi] == '?') {
            if (by >= 0xF0) ncont = 3;
            else if (by >= 0xE0) ncont = 2;
            else if (by >= 0xC0) ncont = 1;
            else if (by >= 0x80) continue;
            npi = pi + 1;
        } else {
            if ((unsigned char)w->pat[pi] != by)
                continue;
            npi = pi + 1;
        }
        /* In prefix mode, past the pattern every byte is taken. */
        rc = walk_node(w, child, npi, ncont, depth + 1);
        if (rc)
            return rc;
    }
    return 0;
}

static int walk_run(const dict *d, const char *pat, size_t limit,
                    int prefix_mode, dict_list **out)
{
    walk w = {.d = d, .pat = pat, .patlen = strlen(pat), .limit = limit,
              .prefix_mode = prefix_mode};
    int rc = store_txn_begin(d->env, 0, &w.t);
    *out = NULL;
    if (rc)
        return rc;
    w.l = list_new(limit);
    rc = d->nrecs ? walk_node(&w, 0, 0, 0, 0) : 0;
    store_txn_abort(w.t);
    if (rc < 0) {
        dict_list_free(w.l);
        return -rc;
    }
    w.l->total = w.l->nwords + (w.more ? 1 : 0);
    *out = w.l;
    return WB_OK;
}

int dict_prefix_trie(const dict *d, const char *prefix, size_t len,
                     size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    int rc = prefix_fold(prefix, len, p);
    if (rc)
        return rc;
    return walk_run(d, p, limit, 1, out);
}

/* Fold a pattern: runs of letters are folded, '?' kept. */
static int pattern_fold(const char *pat, size_t len, char *out)
{
    size_t n = 0, letters = 0, i = 0;
    char seg[FOLD_CAP];
    if (len == 0)
        return WB_ENOTWORD;
    while (i < len) {
        if (pat[i] == '?') {
            if (n + 2 > FOLD_CAP || ++letters > DICT_WORD_MAX)
                return WB_ENOTWORD;
            out[n++] = '?';
            i++;
            continue;
        }
        size_t j = i;
        while (j < len && pat[j] != '?')
            j++;
        int rc = fold_word(pat + i, j - i, seg);
        if (rc)
            return rc;
        size_t sl = strlen(seg);
        if (n + sl + 1 > FOLD_CAP)
            return WB_ENOTWORD;
        memcpy(out + n, seg, sl);
        n += sl;
        letters += sl; /* bytes >= letters; a bound is all we need */
        i = j;
    }
    out[n] = '\0';
    return WB_OK;
}

int dict_pattern(const dict *d, const char *pattern, size_t len, size_t limit,
                 dict_list **out)
{
    char p[FOLD_CAP];
    int rc = pattern_fold(pattern, len, p);
    *out = NULL;
    if (rc)
        return rc;
    return walk_run(d, p, limit, 0, out);
}

/* Does folded `w` match folded pattern `p` ('?' = one letter)? */
static int pattern_hit(const char *w, const char *p)
{
    while (*p && *w) {
        if (*p == '?') {
            unsigned char c = (unsigned char)*w++;
            if (c >= 0xC0)
                while ((*w & 0xC0) == 0x80)
                    w++;
        } else if (*p != *w) {
            return 0;
        } else {
            w++;
        }
        p++;
    }
    return !*p && !*w;
}

int dict_pattern_scan(const dict *d, const char *pattern, size_t len,
                      size_t limit, dict_list **out)
{
    char p[FOLD_CAP];
    size_t n = 0, cap = 0;
    const char **hits = NULL;
    int rc = pattern_fold(pattern, len, p);
    *out = NULL;
    if (rc)
        return rc;
    for (uint32_t id = 0; id < d->nrecs; id++)
        if (pattern_hit(word_str(d, id), p)) {
            hits = wb_grow(hits, &cap, n + 1, sizeof *hits);
            hits[n++] = word_str(d, id);
        }
    if (n)
        qsort(hits, n, sizeof *hits, str_cmp);
    dict_list *l = list_new(limit);
    for (size_t i = 0; i < n && i < limit; i++)
        l->words[l->nwords++] = wb_strdup(hits[i]);
    l->total = n > limit ? limit + 1 : n;
    free(hits);
    *out = l;
    return WB_OK;
}
