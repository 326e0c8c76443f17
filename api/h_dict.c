/*
 * h_dict.c - handlers of the dictionary service: /v1/dictionaries/...
 * and POST /v1/wibbell/check.
 *
 * Each handler checks the shape of its input (JSON types, counts, query
 * numbers), calls one function of dict.h and turns the result into JSON.
 * When dict.h rejects the input as a whole, the handler finds out which
 * part was wrong (the word, card 3, used word 7) so that the problem's
 * detail names it; that costs a few normalisations on the error path only.
 */
#include "api_int.h"
#include "check_fast.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"

#define LIMIT_DEFAULT 20
#define LIMIT_MAX 1000
#define OFFSET_MAX 1000000000
#define FAMILY_DEFAULT 50
#define FAMILY_MAX 1000
#define DEFS_DEFAULT 10
#define DEFS_MAX 100
#define TRANSLATE_MAX 9 /* languages in one ?translate= */
#define USED_MAX 1000
#define NORM_CAP 1024 /* DICT_WORD_MAX letters, each growing when folded */
#define QUOTE_MAX 80  /* bytes of input quoted in a detail */

/* The dictionary named by the first path placeholder ("default" too). */
static const dict *path_dict(api_req *r)
{
    const char *id = r->arg[0];
    const dict_lib *lib = r->ctx->dicts;
    const dict *d = strcmp(id, "default") == 0 ? dict_lib_default(lib) : dict_lib_find(lib, id);
    if (!d)
        api_problem(r, API_P_UNKNOWN_DICTIONARY,
                    "there is no dictionary \"%.*s\"; GET /v1/dictionaries lists them",
                    api_clip(id, r->arglen[0], QUOTE_MAX), id);
    return d;
}

static const char *dict_id(const dict *d)
{
    dict_info info;
    dict_get_info(d, &info);
    return info.id;
}

/* A problem for error `err` of dict function `fn` about input `what`. */
static void input_err(api_req *r, int err, const char *fn, const char *what,
                      const char *s, size_t len)
{
    api_prob p = api_prob_of_err(err);
    int q = api_clip(s, len, QUOTE_MAX);
    switch (p) {
    case API_P_BAD_WORD:
        api_problem(r, p, "%s \"%.*s\" is not a word: a word is 1 to %d letters",
                    what, q, s, DICT_WORD_MAX);
        break;
    case API_P_BAD_UTF8:
        api_problem(r, p, "%s is not valid UTF-8", what);
        break;
    case API_P_INTERNAL:
        api_problem(r, p, "%s: %s", fn, wb_strerror(err));
        break;
    default:
        api_problem(r, p, "%s \"%.*s\": %s", what, q, s, wb_strerror(err));
        break;
    }
}

/* dict_check() or dict_match() refused its input with `err`: say which
 * part of it was at fault. */
static void diagnose(api_req *r, int err, const char *fn, const char *word, size_t wlen,
                     const char *const *cards, size_t ncards, const char *const *used,
                     size_t nused)
{
    char buf[NORM_CAP];
    char what[32];
    int rc;

    if (api_prob_of_err(err) == API_P_INTERNAL) {
        input_err(r, err, fn, "", "", 0);
        return;
    }
    if (word && (rc = dict_normalise(word, wlen, buf, sizeof buf)) != WB_OK) {
        input_err(r, rc, fn, "word", word, wlen);
        return;
    }
    for (size_t i = 0; i < ncards; i++) {
        size_t n = strlen(cards[i]);
        if (dict_normalise(cards[i], n, buf, sizeof buf) != WB_OK) {
            api_problem(r, API_P_BAD_CARD,
                        "cards[%zu] \"%.*s\" is not a card: a card is one or more letters", i,
                        api_clip(cards[i], n, QUOTE_MAX), cards[i]);
            return;
        }
    }
    for (size_t i = 0; i < nused; i++) {
        size_t n = strlen(used[i]);
        if ((rc = dict_normalise(used[i], n, buf, sizeof buf)) != WB_OK) {
            snprintf(what, sizeof what, "used[%zu]", i);
            input_err(r, rc, fn, what, used[i], n);
            return;
        }
    }
    if (err == WB_EINVAL)
        api_problem(r, API_P_BAD_CARD, "the cards are not valid: each is one or more letters");
    else
        input_err(r, err, fn, "the input", "", 0);
}

/* --- GET /v1/dictionaries ---------------------------------------------- */

static json_t *info_json(const dict *d)
{
    dict_info info;
    dict_get_info(d, &info);
    json_t *o = json_object();
    if (!o)
        return NULL;
    int rc = 0;
    rc |= json_object_set_new(o, "id", json_string(info.id));
    rc |= json_object_set_new(o, "language", info.language ? json_string(info.language) : json_null());
    rc |= json_object_set_new(o, "words", json_integer((json_int_t)info.words));
    rc |= json_object_set_new(o, "proper_nouns", json_integer((json_int_t)info.proper_nouns));
    rc |= json_object_set_new(o, "lemmas", json_integer((json_int_t)info.lemmas));
    rc |= json_object_set_new(o, "built_at", info.built_at ? json_string(info.built_at) : json_null());
    rc |= json_object_set_new(o, "sources", info.sources ? json_string(info.sources) : json_null());
    rc |= json_object_set_new(o, "default", json_boolean(info.is_default));
    rc |= json_object_set_new(o, "size_classes", json_boolean(info.size_classes));
    /* translations: the languages of ?translate= and their FreeDict files */
    rc |= json_object_set_new(o, "translations",
                              json_string(info.translations ? info.translations : ""));
    rc |= json_object_set_new(o, "translation_sources",
                              json_string(info.translation_sources ? info.translation_sources
                                                                   : ""));
    /* other languages: what FreeDict's English glosses cover */
    rc |= json_object_set_new(o, "definitions",
                              json_string(info.definitions ? info.definitions : ""));
    /* what the class setting's list of offensive words hides, by grade */
    rc |= json_object_set_new(o, "class_words", info.class_words ? json_string(info.class_words)
                                                                 : json_null());
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

void api_h_dictionaries(api_req *r)
{
    const dict_lib *lib = r->ctx->dicts;
    json_t *a = json_array();
    json_t *o = json_object();
    int rc = !a || !o;
    for (size_t i = 0, n = dict_lib_count(lib); !rc && i < n; i++)
        rc |= json_array_append_new(a, info_json(dict_lib_at(lib, i)));
    if (!rc)
        rc |= json_object_set(o, "dictionaries", a);
    json_decref(a);
    if (rc) {
        json_decref(o);
        o = NULL;
    }
    api_reply_json(r, 200, o);
}

/* --- GET /v1/dictionaries/{dict}/words/{word} -------------------------- */

/* ?class=1 and ?grade= (school, the default, adult or young): the class
 * setting and the grade of its list of offensive words (dict.h,
 * DICT_CLASS_GRADE) into *opts; a grade alone asks for the setting, a
 * grade with class=0 is refused.  0, or -1 with a problem set. */
static int class_opts(api_req *r, unsigned *opts)
{
    size_t cls, gl = 0;
    const char *gq = api_query(r, "grade", &gl);
    unsigned grade = 0;
    char name[16];
    *opts = 0;
    if (api_query_size(r, "class", 0, 0, 1, &cls))
        return -1;
    if (gq) {
        snprintf(name, sizeof name, "%.*s", gl < sizeof name ? (int)gl : 0, gq);
        if (dict_class_grade_parse(name, &grade)) {
            api_problem(r, API_P_BAD_PARAMETER, "grade must be school, adult or young");
            return -1;
        }
        if (!cls && api_query(r, "class", NULL)) {
            api_problem(r, API_P_BAD_PARAMETER, "grade is the class setting's: class=0 has "
                        "none");
            return -1;
        }
        cls = 1;
    }
    *opts = cls ? DICT_LOOKUP_CLASS | grade : 0;
    return 0;
}

static json_t *entry_json(const dict_entry *e, const char *id, int cls)
{
    json_t *o = json_object();
    json_t *defs = json_array();
    int rc = !o || !defs;
    for (size_t i = 0; !rc && i < e->ndefs; i++) {
        json_t *d = json_object();
        rc |= !d;
        rc |= json_object_set_new(d, "pos",
                                  json_stringn(e->defs[i].pos, strnlen(e->defs[i].pos, sizeof e->defs[i].pos)));
        rc |= json_object_set_new(d, "text", json_string(e->defs[i].text));
        if (e->defs[i].of) /* a base form's sense, not the word's own */
            rc |= json_object_set_new(d, "of", json_string(e->defs[i].of));
        rc |= json_array_append_new(defs, d);
    }
    if (!rc) {
        rc |= json_object_set_new(o, "word", json_string(e->word));
        rc |= json_object_set_new(o, "dictionary", json_string(id));
        rc |= json_object_set_new(o, "valid", json_boolean(e->valid));
        rc |= json_object_set_new(o, "proper_noun", json_boolean(e->proper_noun));
        rc |= json_object_set_new(o, "stems", api_json_strings(e->stems, e->nstems));
        rc |= json_object_set_new(o, "family", api_json_strings(e->family, e->nfamily));
        rc |= json_object_set(o, "definitions", defs);
        if (cls) {
            rc |= json_object_set_new(o, "hidden_senses", json_integer((json_int_t)e->hidden));
            rc |= json_object_set_new(o, "hidden_word", json_boolean(e->unfit || e->listed));
        }
        if (e->size) /* English: the SCOWL size class */
            rc |= json_object_set_new(o, "size", json_integer(e->size));
    }
    json_decref(defs);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static size_t query_list(api_req *r, const char *key, const char **v, size_t max,
                         int keep_empty);

/* ?translate=fr,es: "translations": {"fr": [...]}, and "translated_from":
 * {"fr": "house"} where a base form's were taken.  0, or -1 with a problem
 * set (a language this dictionary does not translate into). */
static int add_translations(api_req *r, const dict *d, json_t *o)
{
    const char *langs[TRANSLATE_MAX];
    size_t n = query_list(r, "translate", langs, TRANSLATE_MAX, 0);
    if (n == (size_t)-1)
        return -1;
    if (n == 0)
        return 0;
    json_t *tr = json_object(), *from = json_object();
    int rc = !tr || !from;
    for (size_t i = 0; !rc && i < n; i++) {
        dict_list *l = NULL;
        char *base = NULL;
        int e = dict_translate(d, r->arg[1], r->arglen[1], langs[i], &l, &base);
        if (e == WB_ENOTFOUND) {
            dict_info info;
            dict_get_info(d, &info);
            api_problem(r, API_P_BAD_PARAMETER,
                        "translate: dictionary %s has no translations into \"%.*s\" (it has: %s)",
                        info.id, api_clip(langs[i], strlen(langs[i]), QUOTE_MAX), langs[i],
                        info.translations && *info.translations ? info.translations : "none");
            dict_list_free(l);
            json_decref(tr);
            json_decref(from);
            return -1;
        }
        rc |= e != WB_OK;
        if (!rc)
            rc |= json_object_set_new(tr, langs[i], api_json_strings(l->words, l->nwords));
        if (!rc && base)
            rc |= json_object_set_new(from, langs[i], json_string(base));
        dict_list_free(l);
        free(base);
    }
    if (!rc)
        rc |= json_object_set(o, "translations", tr);
    if (!rc && json_object_size(from))
        rc |= json_object_set(o, "translated_from", from);
    json_decref(tr);
    json_decref(from);
    if (rc) {
        api_problem(r, API_P_INTERNAL, "translations of a word could not be read");
        return -1;
    }
    return 0;
}

void api_h_word(api_req *r)
{
    const dict *d = path_dict(r);
    size_t fam, ndefs;
    unsigned cls;
    if (!d || api_query_size(r, "family_limit", FAMILY_DEFAULT, 0, FAMILY_MAX, &fam) ||
        api_query_size(r, "definitions_limit", DEFS_DEFAULT, 0, DEFS_MAX, &ndefs) ||
        class_opts(r, &cls))
        return;
    dict_entry *e = NULL;
    /* ?class=1: the class setting (dict_lookup_opt), at ?grade= */
    int rc = dict_lookup_opt(d, r->arg[1], r->arglen[1], fam, ndefs, cls, &e);
    if (rc) {
        input_err(r, rc, "dict_lookup", "word", r->arg[1], r->arglen[1]);
        return;
    }
    json_t *o = entry_json(e, dict_id(d), cls != 0);
    dict_entry_free(e);
    if (o && add_translations(r, d, o)) {
        json_decref(o);
        return;
    }
    api_reply_json(r, 200, o);
}

/* --- lists --------------------------------------------------------------- */

/* {"words":[...], <key>: <extra>} from a list; `key` may be NULL.  The
 * reference to `extra` is stolen.  (json_object_set_new() releases its
 * value even when it fails, also on a NULL object.) */
static json_t *list_json(const dict_list *l, const char *key, json_t *extra)
{
    json_t *o = json_object();
    int rc = json_object_set_new(o, "words", api_json_strings(l->words, l->nwords));
    if (key)
        rc |= json_object_set_new(o, key, extra);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Split the values of every query parameter `key` at commas into v[],
 * at most `max`; empty pieces are kept when `keep_empty`.  Returns the
 * count, or (size_t)-1 with a problem set when there are more than max. */
static size_t query_list(api_req *r, const char *key, const char **v, size_t max,
                         int keep_empty)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nquery; i++) {
        if (strcmp(r->query[i].key, key) != 0)
            continue;
        char *s = r->query[i].val;
        for (;;) {
            char *comma = strchr(s, ',');
            if (comma)
                *comma = '\0';
            if (*s || keep_empty) {
                if (n == max) {
                    api_problem(r, API_P_BAD_PARAMETER, "%s: at most %zu values", key, max);
                    return (size_t)-1;
                }
                v[n++] = s;
            }
            if (!comma)
                break;
            s = comma + 1;
        }
    }
    return n;
}

void api_h_match(api_req *r)
{
    const char *cards[DICT_CARDS_MAX];
    const char **used = NULL;
    dict_list *l = NULL;
    size_t limit, offset, ncards, nused;

    const dict *d = path_dict(r);
    if (!d)
        goto out;
    if (!api_query(r, "cards", NULL)) {
        api_problem(r, API_P_BAD_PARAMETER, "cards is required, e.g. cards=NZ,IQ,SG,SH");
        goto out;
    }
    ncards = query_list(r, "cards", cards, DICT_CARDS_MAX, 1);
    if (ncards == (size_t)-1)
        goto out;
    if (ncards == 0 || (ncards == 1 && cards[0][0] == '\0')) {
        api_problem(r, API_P_BAD_PARAMETER, "cards must name 1 to %d cards", DICT_CARDS_MAX);
        goto out;
    }
    used = wb_calloc(USED_MAX, sizeof *used);
    nused = query_list(r, "used", used, USED_MAX, 0);
    if (nused == (size_t)-1)
        goto out;
    unsigned cls;
    if (api_query_size(r, "limit", LIMIT_DEFAULT, 0, LIMIT_MAX, &limit) ||
        api_query_size(r, "offset", 0, 0, OFFSET_MAX, &offset) || class_opts(r, &cls))
        goto out;

    unsigned comp = 0;
    const char *cq = api_query(r, "compounds", NULL);
    if (cq && dict_compounds_parse(cq, &comp)) {
        api_problem(r, API_P_BAD_PARAMETER, "compounds must be separate or derivative");
        goto out;
    }
    /* ?sort=common: the commonest words first (DICT_MATCH_COMMON);
     * short, the default, shortest first as before */
    unsigned order = 0;
    size_t sl = 0;
    const char *sq = api_query(r, "sort", &sl);
    if (sq && sl == 6 && !memcmp(sq, "common", 6))
        order = DICT_MATCH_COMMON;
    else if (sq && !(sl == 5 && !memcmp(sq, "short", 5))) {
        api_problem(r, API_P_BAD_PARAMETER, "sort must be common or short");
        goto out;
    }
    dict_cards dc = {cards, ncards};
    /* ?class=1: without the words the class setting hides (at ?grade=);
     * ?compounds=derivative: without compounds of used words
     * (dict_match_opt) */
    int rc = dict_match_opt(d, &dc, used, nused, offset, limit, cls | comp | order, &l);
    if (rc) {
        diagnose(r, rc, "dict_match", NULL, 0, cards, ncards, used, nused);
        goto out;
    }
    api_reply_json(r, 200, list_json(l, "total", json_integer((json_int_t)l->total)));
out:
    if (l)
        dict_list_free(l);
    free(used);
}

void api_h_prefix(api_req *r)
{
    size_t limit;
    unsigned cls;
    const dict *d = path_dict(r);
    if (!d || api_query_size(r, "limit", LIMIT_DEFAULT, 0, LIMIT_MAX, &limit) ||
        class_opts(r, &cls))
        return;
    dict_list *l = NULL;
    /* ?class=1: without the words the class setting hides (at ?grade=) */
    int rc = dict_prefix_opt(d, r->arg[1], r->arglen[1], limit, cls, &l);
    if (rc) {
        input_err(r, rc, "dict_prefix", "prefix", r->arg[1], r->arglen[1]);
        return;
    }
    api_reply_json(r, 200, list_json(l, "more", json_boolean(l->total > l->nwords)));
    dict_list_free(l);
}

void api_h_pattern(api_req *r)
{
    size_t limit;
    unsigned cls;
    const dict *d = path_dict(r);
    if (!d || api_query_size(r, "limit", LIMIT_DEFAULT, 0, LIMIT_MAX, &limit) ||
        class_opts(r, &cls))
        return;
    /* '?' has to be escaped in a path (%3F); '_' and '.' need not be */
    char *pat = wb_strndup(r->arg[1], r->arglen[1]);
    for (char *p = pat; *p; p++)
        if (*p == '_' || *p == '.')
            *p = '?';
    dict_list *l = NULL;
    int rc = dict_pattern_opt(d, pat, r->arglen[1], limit, cls, &l); /* ?class=1 */
    free(pat);
    if (rc) {
        int q = api_clip(r->arg[1], r->arglen[1], QUOTE_MAX);
        if (api_prob_of_err(rc) == API_P_INTERNAL)
            input_err(r, rc, "dict_pattern", "pattern", r->arg[1], r->arglen[1]);
        else if (rc == WB_EUTF8)
            api_problem(r, API_P_BAD_UTF8, "pattern is not valid UTF-8");
        else
            api_problem(r, API_P_BAD_WORD,
                        "pattern \"%.*s\" is not a pattern: 1 to %d letters, with ? (or _ "
                        "or .) for any one letter",
                        q, r->arg[1], DICT_WORD_MAX);
        return;
    }
    api_reply_json(r, 200, list_json(l, NULL, NULL));
    dict_list_free(l);
}

/* --- POST /v1/wibbell/check -------------------------------------------- */

/* An array of strings from the body: field `name` of `body`, at most
 * `max` strings, into a new array *out (borrowing Jansson's strings).
 * Absent or null: *n = 0 unless `required`.  Returns 0 or -1 with a
 * problem set. */
static int body_strings(api_req *r, json_t *body, const char *name, int required, size_t max,
                        const char ***out, size_t *n)
{
    json_t *a = json_object_get(body, name);
    *out = NULL;
    *n = 0;
    if (!a || json_is_null(a)) {
        if (required) {
            api_problem(r, API_P_BAD_REQUEST, "%s is required: an array of strings", name);
            return -1;
        }
        return 0;
    }
    if (!json_is_array(a)) {
        api_problem(r, API_P_BAD_REQUEST, "%s must be an array of strings", name);
        return -1;
    }
    size_t len = json_array_size(a);
    if (len > max) {
        api_problem(r, API_P_BAD_REQUEST, "%s: at most %zu strings, not %zu", name, max, len);
        return -1;
    }
    const char **v = wb_calloc(len ? len : 1, sizeof *v);
    for (size_t i = 0; i < len; i++) {
        json_t *s = json_array_get(a, i);
        if (!json_is_string(s)) {
            api_problem(r, API_P_BAD_REQUEST, "%s[%zu] must be a string", name, i);
            free(v);
            return -1;
        }
        v[i] = json_string_value(s);
    }
    *out = v;
    *n = len;
    return 0;
}

static json_t *verdict_json(const dict_verdict *v, const char *id, const char *const *cards,
                            size_t ncards)
{
    json_t *o = json_object();
    json_t *reasons = json_array();
    json_t *assign = json_array();
    int rc = !o || !reasons || !assign;
    for (size_t i = 0; !rc && i < v->nreasons; i++) {
        const dict_reason *re = &v->reasons[i];
        json_t *x = json_object();
        rc |= !x;
        rc |= json_object_set_new(x, "code", json_string(dict_reason_name(re->code)));
        rc |= json_object_set_new(x, "detail", json_string(re->detail ? re->detail : ""));
        if (re->of)
            rc |= json_object_set_new(x, "of", json_string(re->of));
        if (re->cards) {
            json_t *cs = json_array();
            rc |= !cs;
            for (size_t c = 0; !rc && c < ncards && c < 32; c++)
                if ((re->cards >> c) & 1)
                    rc |= json_array_append_new(cs, json_string(cards[c]));
            rc |= json_object_set_new(x, "cards", cs);
        }
        rc |= json_array_append_new(reasons, x);
    }
    for (size_t i = 0; !rc && i < v->nassign; i++) {
        const dict_assign *a = &v->assign[i];
        json_t *x = json_object();
        rc |= !x || a->card >= ncards;
        if (!rc)
            rc |= json_object_set_new(x, "card", json_string(cards[a->card]));
        rc |= json_object_set_new(x, "letter",
                                  json_stringn(a->letter, strnlen(a->letter, sizeof a->letter)));
        rc |= json_object_set_new(x, "position", json_integer((json_int_t)a->position));
        rc |= json_array_append_new(assign, x);
    }
    if (!rc) {
        rc |= json_object_set_new(o, "valid", json_boolean(v->valid));
        rc |= json_object_set_new(o, "word", json_string(v->word));
        rc |= json_object_set_new(o, "dictionary", json_string(id));
        rc |= json_object_set(o, "reasons", reasons);
        rc |= json_object_set(o, "assignment", assign);
    }
    json_decref(reasons);
    json_decref(assign);
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

void api_h_check(api_req *r)
{
    json_t *body = NULL;
    const char **cards = NULL, **used = NULL;
    size_t ncards = 0, nused = 0;
    dict_verdict *v = NULL;

    if (api_check_fast(r))
        return;
    if (api_body_object(r, &body))
        goto out;
    json_t *jw = json_object_get(body, "word");
    if (!jw || json_is_null(jw)) {
        api_problem(r, API_P_BAD_REQUEST, "word is required: a string");
        goto out;
    }
    if (!json_is_string(jw)) {
        api_problem(r, API_P_BAD_REQUEST, "word must be a string");
        goto out;
    }
    if (body_strings(r, body, "cards", 1, DICT_CARDS_MAX, &cards, &ncards) ||
        body_strings(r, body, "used", 0, USED_MAX, &used, &nused))
        goto out;

    const dict *d;
    json_t *jd = json_object_get(body, "dictionary");
    if (!jd || json_is_null(jd)) {
        d = dict_lib_default(r->ctx->dicts);
    } else if (!json_is_string(jd)) {
        api_problem(r, API_P_BAD_REQUEST, "dictionary must be a string (an id, or \"default\")");
        goto out;
    } else {
        const char *id = json_string_value(jd);
        d = strcmp(id, "default") == 0 ? dict_lib_default(r->ctx->dicts)
                                       : dict_lib_find(r->ctx->dicts, id);
        if (!d) {
            api_problem(r, API_P_UNKNOWN_DICTIONARY,
                        "there is no dictionary \"%.*s\"; GET /v1/dictionaries lists them",
                        api_clip(id, json_string_length(jd), QUOTE_MAX), id);
            goto out;
        }
    }
    if (!d) {
        api_problem(r, API_P_INTERNAL, "no default dictionary");
        goto out;
    }

    unsigned opts = 0;
    json_t *jc = json_object_get(body, "compounds");
    if (jc && !json_is_null(jc) &&
        (!json_is_string(jc) || dict_compounds_parse(json_string_value(jc), &opts))) {
        api_problem(r, API_P_BAD_REQUEST,
                    "compounds must be \"separate\" (a compound is a word of its own, the "
                    "default) or \"derivative\" (a German or Dutch compound of a used word "
                    "is a derivative of it)");
        goto out;
    }
    const char *word = json_string_value(jw);
    size_t wlen = json_string_length(jw);
    dict_cards dc = {cards, ncards};
    int rc = dict_check_opt(d, word, wlen, &dc, used, nused, opts, &v);
    if (rc) {
        v = NULL;
        diagnose(r, rc, "dict_check", word, wlen, cards, ncards, used, nused);
        goto out;
    }
    api_reply_json(r, 200, verdict_json(v, dict_id(d), cards, ncards));
out:
    if (v)
        dict_verdict_free(v);
    free(cards);
    free(used);
    json_decref(body);
}
