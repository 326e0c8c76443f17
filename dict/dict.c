/*
 * dict.c - the dictionary at run time: opening dictionaries, and the word
 * records the questions of dict_word.c and dict_list.c are answered from.
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

#include "dict_int.h"
#include "normalise.h"
#include "store.h"
#include "wb_err.h"
#include "wb_mem.h"

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
    free(d->translations);
    free(d->translation_sources);
    free(d->definitions);
    free(d->classroom);
    free(d->recs);
    free(d->strs);
    free(d->bits);
    free(d->unfit);
    for (int g = 0; g < OFFENSIVE_NGRADES; g++) {
        free(d->hide[g]);
        free(d->listed[g]);
    }
    offensive_free(d->off);
    free(d->class_words);
    for (int k = 1; k < 4; k++)
        free(d->ge[k]);
    free(d->cls);
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
    d->translations = meta_str(t, meta, "translations");
    d->translation_sources = meta_str(t, meta, "translation_sources");
    d->definitions = meta_str(t, meta, "definitions");
    d->classroom = meta_str(t, meta, "classroom");
    if (d->classroom && !*d->classroom) { /* built without WordNet */
        free(d->classroom);
        d->classroom = NULL;
    }
    num = meta_str(t, meta, "class_list"); /* offensive.h: "" without one */
    if (*num) {
        d->off = offensive_load(num);
        d->class_words = meta_str(t, meta, "class_words");
    }
    free(num);
    num = meta_str(t, meta, "size_classes");
    d->sized = *num != '\0';
    free(num);
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
    if (!rc) rc = store_db_open(t, DB_TRANS, 0, &d->db_trans);
    if (!rc) rc = store_db_open(t, DB_COMPOUNDS, 0, &d->db_compounds);
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
    if (!rc) { /* the words a class does not see: optional (no WordNet) */
        store_val v;
        if (store_get(t, match, "bits:unfit", 10, &v) == WB_OK && v.len == d->nbits * 8) {
            d->unfit = wb_malloc(v.len + 8);
            memcpy(d->unfit, v.data, v.len);
        }
        /* what the class setting hides at each grade: unfit and the list's */
        for (int g = 0; g < OFFENSIVE_NGRADES; g++) {
            char key[32];
            snprintf(key, sizeof key, "bits:class:%d", g);
            int listed = store_get(t, match, key, strlen(key), &v) == WB_OK &&
                         v.len == d->nbits * 8;
            if (!listed && !d->unfit)
                continue;
            d->hide[g] = wb_calloc(d->nbits + 1, 8);
            if (listed) {
                d->listed[g] = wb_calloc(d->nbits + 1, 8);
                memcpy(d->listed[g], v.data, v.len);
            }
            for (size_t i = 0; i < d->nbits; i++)
                d->hide[g][i] = (listed ? d->listed[g][i] : 0) | (d->unfit ? d->unfit[i] : 0);
        }
    }
    if (rc)
        goto out;
    /* Every record must point inside the strings. */
    d->ge[0] = d->bits;
    if (d->sized)
        d->cls = wb_calloc(DICT_NCLASS * (d->nbits ? d->nbits : 1), sizeof *d->bits);
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
        if (d->cls)
            d->cls[(size_t)dict_class_rank(d->recs[i].size) * d->nbits + i / 64] |=
                1ull << (i % 64);
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

/* Open DATA_DIR/dict/<name> into `lib` when it holds a dictionary.
 * WB_ENOTFOUND when it does not. */
static int lib_add(dict_lib *lib, size_t *cap, const char *data_dir, const char *name)
{
    char sub[8192], mdb[8300];
    FILE *f;
    dict *d;
    int rc;
    snprintf(sub, sizeof sub, "%s/dict/%s", data_dir, name);
    snprintf(mdb, sizeof mdb, "%s/data.mdb", sub);
    if (!(f = fopen(mdb, "r")))
        return WB_ENOTFOUND;
    fclose(f);
    if ((rc = dict_open(sub, &d)))
        return rc;
    lib->d = wb_grow(lib->d, cap, lib->n + 1, sizeof *lib->d);
    lib->d[lib->n++] = d;
    return WB_OK;
}

/* Sort by id, mark the default (the first `default_id`, else the first). */
static int lib_finish(dict_lib *lib, const char *default_id, int rc, dict_lib **out)
{
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
    for (struct dirent *e; (e = readdir(dir)) && !rc;) {
        if (e->d_name[0] == '.' || strchr(e->d_name, '.'))
            continue; /* ".", "..", "<id>.tmp", "<id>.old" */
        rc = lib_add(lib, &cap, data_dir, e->d_name);
        if (rc == WB_ENOTFOUND)
            rc = WB_OK; /* a directory without a dictionary */
    }
    closedir(dir);
    return lib_finish(lib, default_id, rc, out);
}

int dict_lib_open_only(const char *data_dir, const char *const *ids, size_t n,
                       dict_lib **out)
{
    dict_lib *lib = wb_calloc(1, sizeof *lib);
    size_t cap = 0;
    int rc = n ? WB_OK : WB_EINVAL;
    *out = NULL;
    for (size_t i = 0; i < n && !rc; i++) {
        int seen = 0;
        for (size_t j = 0; j < i; j++)
            seen |= strcmp(ids[i], ids[j]) == 0;
        if (!ids[i][0] || ids[i][0] == '.' || strchr(ids[i], '/'))
            rc = WB_EINVAL;
        else if (!seen)
            rc = lib_add(lib, &cap, data_dir, ids[i]);
    }
    return lib_finish(lib, n ? ids[0] : NULL, rc, out);
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
    info->translations = d->translations;
    info->translation_sources = d->translation_sources;
    info->definitions = d->definitions;
    info->classroom = d->classroom;
    info->size_classes = d->sized;
    info->class_words = d->class_words;
}

int dict_normalise(const char *in, size_t len, char *out, size_t cap)
{
    return norm_fold(in, len, DICT_WORD_MAX, out, cap);
}

/* --- word records ------------------------------------------------------- */


void dict_wrec_clear(wrec *r)
{
    free(r->heap);
    r->heap = NULL;
    r->lem = r->fam = r->comp = NULL;
    r->nlem = r->nfam = r->ncomp = 0;
    r->found = 0;
}

/* Room for nlem + nfam + ncomp lemma ids: inline when they fit. */
static void wrec_room(wrec *r, size_t nlem, size_t nfam, size_t ncomp)
{
    uint32_t *p = r->inl;
    if (nlem + nfam + ncomp > WREC_INLINE)
        p = r->heap = wb_malloc(4 * (nlem + nfam + ncomp));
    r->lem = p;
    r->fam = p + nlem;
    r->comp = p + nlem + nfam;
    r->nlem = nlem;
    r->nfam = nfam;
    r->ncomp = ncomp;
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
int dict_wrec_get(const dict *d, store_txn *t, const char *w, wrec *r)
{
    store_val v;
    fmt_word fw;
    r->found = 0;
    r->flags = 0;
    r->heap = r->lem = r->fam = r->comp = NULL;
    r->nlem = r->nfam = r->ncomp = 0;
    r->id = DICT_NONE;
    int rc = store_get(t, d->db_words, w, strlen(w), &v);
    if (rc == WB_ENOTFOUND) {
        uint32_t lid;
        if (lemma_id(d, t, w, &lid) == WB_OK) {
            wrec_room(r, 1, 1, 0);
            r->lem[0] = r->fam[0] = lid;
        }
        return WB_OK;
    }
    if (rc)
        return rc;
    if (v.len < sizeof fw)
        return WB_ECORRUPT;
    memcpy(&fw, v.data, sizeof fw);
    if (v.len != sizeof fw + 4 * ((size_t)fw.nlem + fw.nfam + fw.ncomp) ||
        (fw.id != DICT_NONE && fw.id >= d->nrecs))
        return WB_ECORRUPT;
    r->found = 1;
    r->flags = fw.flags;
    r->id = fw.id;
    wrec_room(r, fw.nlem, fw.nfam, fw.ncomp);
    memcpy(r->lem, (const char *)v.data + sizeof fw, 4 * r->nlem);
    memcpy(r->fam, (const char *)v.data + sizeof fw + 4 * r->nlem, 4 * r->nfam);
    memcpy(r->comp, (const char *)v.data + sizeof fw + 4 * (r->nlem + r->nfam), 4 * r->ncomp);
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

/* The relation of morph.h: L(a) meets K(b); with DICT_COMPOUNDS, C(a)
 * meets K(b) or C(b) meets K(a). */
int dict_wrec_related(const wrec *a, const wrec *b, unsigned opts)
{
    if (meets(a->lem, a->nlem, b->fam, b->nfam))
        return 1;
    return (opts & DICT_COMPOUNDS) && (meets(a->comp, a->ncomp, b->fam, b->nfam) ||
                                       meets(b->comp, b->ncomp, a->fam, a->nfam));
}

char *dict_lemma_str(const dict *d, store_txn *t, uint32_t id)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    if (store_get(t, d->db_lemmas, key, 4, &v) || v.len == 0)
        return NULL;
    return wb_strndup(v.data, strnlen(v.data, v.len));
}

/* Visit the word ids of lemma `id` in db (members or compounds). */
static int each_in(const dict *d, store_txn *t, store_db db, uint32_t id,
                   void (*cb)(void *, uint32_t), void *ctx)
{
    unsigned char key[4] = {(unsigned char)(id >> 24), (unsigned char)(id >> 16),
                            (unsigned char)(id >> 8), (unsigned char)id};
    store_val v;
    int rc = store_get(t, db, key, 4, &v);
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

int dict_each_member(const dict *d, store_txn *t, uint32_t id,
                     void (*cb)(void *, uint32_t), void *ctx)
{
    return each_in(d, t, d->db_members, id, cb, ctx);
}

int dict_each_compound(const dict *d, store_txn *t, uint32_t id,
                       void (*cb)(void *, uint32_t), void *ctx)
{
    return each_in(d, t, d->db_compounds, id, cb, ctx);
}

const char *dict_word_str(const dict *d, uint32_t id)
{
    return d->strs + d->recs[id].str;
}

int dict_fold_word(const char *in, size_t len, char *out)
{
    return norm_fold(in, len, DICT_WORD_MAX, out, FOLD_CAP);
}

int dict_u32_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}


int dict_str_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}
