/*
 * check_fast.c - the common POST /v1/wibbell/check (see check_fast.h).
 *
 * The request's strings are copied once into a buffer on the stack, the
 * verdict comes from dict_check_buf (no allocation), and the answer is
 * written into another stack buffer, then copied into the room the server
 * lends for a small body (r->room, which outlives the handler until the
 * response is sent) or else into one allocation the server frees.  Output
 * is what json_dumps(JSON_COMPACT) makes of the
 * tree h_dict.c builds: keys in the same order, strings escaped the way
 * Jansson escapes them.
 */
#include "check_fast.h"

#include <stdlib.h>
#include <string.h>

#include "wb_err.h"

#define FAST_BODY_MAX 2048 /* larger bodies take the general path */
#define FAST_USED_MAX 64
#define FAST_OUT_MAX 8192

typedef struct fast_in {
    const char *word, *dict;
    size_t wlen;
    const char *cards[DICT_CARDS_MAX];
    const char *used[FAST_USED_MAX];
    size_t ncards, nused;
    int has_word, has_cards, has_used, has_dict, has_comp;
    unsigned opts; /* "compounds": DICT_COMPOUNDS or 0 */
    char buf[FAST_BODY_MAX + 64];
    size_t n;
} fast_in;

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* A plain string at p (p at the opening quote): printable ASCII, no
 * escapes.  Copied NUL-terminated into in->buf; returns the end or NULL. */
static const char *plain_string(fast_in *in, const char *p, const char *end, const char **out,
                                size_t *len)
{
    if (p >= end || *p != '"')
        return NULL;
    const char *s = ++p;
    while (p < end && *p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20 || c >= 0x7f || c == '\\')
            return NULL;
        p++;
    }
    if (p >= end)
        return NULL;
    size_t l = (size_t)(p - s);
    if (in->n + l + 1 > sizeof in->buf)
        return NULL;
    memcpy(in->buf + in->n, s, l);
    in->buf[in->n + l] = '\0';
    *out = in->buf + in->n;
    if (len)
        *len = l;
    in->n += l + 1;
    return p + 1;
}

/* An array of plain strings, at most max, or null (*n = 0, *present = 0). */
static const char *plain_array(fast_in *in, const char *p, const char *end, const char **v,
                               size_t max, size_t *n, int *present)
{
    *n = 0;
    *present = 1;
    if (end - p >= 4 && memcmp(p, "null", 4) == 0) {
        *present = 0;
        return p + 4;
    }
    if (p >= end || *p != '[')
        return NULL;
    p = skip_ws(p + 1, end);
    if (p < end && *p == ']')
        return p + 1;
    for (;;) {
        if (*n == max || !(p = plain_string(in, p, end, &v[*n], NULL)))
            return NULL;
        (*n)++;
        p = skip_ws(p, end);
        if (p < end && *p == ',') {
            p = skip_ws(p + 1, end);
            continue;
        }
        return p < end && *p == ']' ? p + 1 : NULL;
    }
}

static int parse(fast_in *in, const char *p, const char *end)
{
    p = skip_ws(p, end);
    if (p >= end || *p != '{')
        return 0;
    p = skip_ws(p + 1, end);
    if (p < end && *p == '}')
        p++;
    else
        for (;;) {
            const char *key;
            size_t kl;
            if (!(p = plain_string(in, p, end, &key, &kl)))
                return 0;
            in->n -= kl + 1; /* the key is not kept */
            p = skip_ws(p, end);
            if (p >= end || *p != ':')
                return 0;
            p = skip_ws(p + 1, end);
            int null = end - p >= 4 && memcmp(p, "null", 4) == 0;
            if (!strcmp(key, "word") && !in->has_word && !null) {
                in->has_word = 1;
                p = plain_string(in, p, end, &in->word, &in->wlen);
            } else if (!strcmp(key, "cards") && !in->has_cards && !null) {
                in->has_cards = 1;
                int present;
                p = plain_array(in, p, end, in->cards, DICT_CARDS_MAX, &in->ncards, &present);
            } else if (!strcmp(key, "used") && !in->has_used) {
                in->has_used = 1;
                int present;
                p = plain_array(in, p, end, in->used, FAST_USED_MAX, &in->nused, &present);
            } else if (!strcmp(key, "dictionary") && !in->has_dict && !null) {
                in->has_dict = 1;
                p = plain_string(in, p, end, &in->dict, NULL);
            } else if (!strcmp(key, "compounds") && !in->has_comp && !null) {
                const char *v;
                size_t vl;
                in->has_comp = 1;
                p = plain_string(in, p, end, &v, &vl);
                if (p && dict_compounds_parse(v, &in->opts) != WB_OK)
                    return 0; /* the general path says what is wrong */
                if (p)
                    in->n -= vl + 1;
            } else {
                return 0; /* another key, a repeated one, a null word... */
            }
            if (!p)
                return 0;
            p = skip_ws(p, end);
            if (p < end && *p == ',') {
                p = skip_ws(p + 1, end);
                continue;
            }
            if (p >= end || *p != '}')
                return 0;
            p++;
            break;
        }
    return skip_ws(p, end) == end && in->has_word && in->has_cards;
}

/* --- the answer ------------------------------------------------------------ */

typedef struct out {
    char *p;
    size_t n;
    int full;
} out;

static void put(out *o, const char *s, size_t l)
{
    if (o->full || o->n + l > FAST_OUT_MAX) {
        o->full = 1;
        return;
    }
    memcpy(o->p + o->n, s, l);
    o->n += l;
}

/* a string literal (only: sizeof must be its length) */
#define PUTS(o, lit) put((o), "" lit, sizeof(lit) - 1)

/* A JSON string as Jansson writes it (JSON_COMPACT, UTF-8 as is). */
static void put_str(out *o, const char *s, size_t l)
{
    static const char hex[] = "0123456789ABCDEF";
    PUTS(o, "\"");
    size_t run = 0;
    for (size_t i = 0; i < l; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\') {
            run++;
            continue;
        }
        put(o, s + i - run, run);
        run = 0;
        char esc[6] = {'\\', 0};
        switch (c) {
        case '"': esc[1] = '"'; put(o, esc, 2); break;
        case '\\': esc[1] = '\\'; put(o, esc, 2); break;
        case '\b': esc[1] = 'b'; put(o, esc, 2); break;
        case '\f': esc[1] = 'f'; put(o, esc, 2); break;
        case '\n': esc[1] = 'n'; put(o, esc, 2); break;
        case '\r': esc[1] = 'r'; put(o, esc, 2); break;
        case '\t': esc[1] = 't'; put(o, esc, 2); break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 15];
            put(o, esc, 6);
        }
    }
    put(o, s + l - run, run);
    PUTS(o, "\"");
}

static void put_cstr(out *o, const char *s)
{
    put_str(o, s, strlen(s));
}

static void put_size(out *o, size_t v)
{
    char num[24];
    size_t i = sizeof num;
    do
        num[--i] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    put(o, num + i, sizeof num - i);
}

static int write_verdict(out *o, const dict_verdict *v, const char *id, const char *const *cards,
                         size_t ncards)
{
    PUTS(o, "{\"valid\":");
    if (v->valid)
        PUTS(o, "true");
    else
        PUTS(o, "false");
    PUTS(o, ",\"word\":");
    put_cstr(o, v->word);
    PUTS(o, ",\"dictionary\":");
    put_cstr(o, id);
    PUTS(o, ",\"reasons\":[");
    for (size_t i = 0; i < v->nreasons; i++) {
        const dict_reason *re = &v->reasons[i];
        if (i)
            PUTS(o, ",");
        PUTS(o, "{\"code\":");
        put_cstr(o, dict_reason_name(re->code));
        PUTS(o, ",\"detail\":");
        put_cstr(o, re->detail ? re->detail : "");
        if (re->of) {
            PUTS(o, ",\"of\":");
            put_cstr(o, re->of);
        }
        if (re->cards) {
            PUTS(o, ",\"cards\":[");
            for (size_t c = 0, n = 0; c < ncards && c < 32; c++)
                if ((re->cards >> c) & 1) {
                    if (n++)
                        PUTS(o, ",");
                    put_cstr(o, cards[c]);
                }
            PUTS(o, "]");
        }
        PUTS(o, "}");
    }
    PUTS(o, "],\"assignment\":[");
    for (size_t i = 0; i < v->nassign; i++) {
        const dict_assign *a = &v->assign[i];
        if (a->card >= ncards)
            return -1;
        if (i)
            PUTS(o, ",");
        PUTS(o, "{\"card\":");
        put_cstr(o, cards[a->card]);
        PUTS(o, ",\"letter\":");
        put_str(o, a->letter, strnlen(a->letter, sizeof a->letter));
        PUTS(o, ",\"position\":");
        put_size(o, a->position);
        PUTS(o, "}");
    }
    PUTS(o, "]}");
    return o->full ? -1 : 0;
}

int api_check_fast(api_req *r)
{
    /* The general path checks the media type, the body and its UTF-8 and
     * says what is wrong; here only the plain case goes. */
    const char *ct = api_header(r, "Content-Type");
    if (!ct || strcmp(ct, "application/json") != 0 || r->body_len == 0 ||
        r->body_len > FAST_BODY_MAX)
        return 0;
    fast_in in;
    in.n = 0;
    in.has_word = in.has_cards = in.has_used = in.has_dict = in.has_comp = 0;
    in.opts = 0;
    in.ncards = in.nused = 0;
    if (!parse(&in, r->body, r->body + r->body_len))
        return 0;

    const dict_lib *lib = r->ctx->dicts;
    const dict *d = !in.has_dict || !strcmp(in.dict, "default") ? dict_lib_default(lib)
                                                                  : dict_lib_find(lib, in.dict);
    if (!d)
        return 0;
    dict_cards dc = {in.cards, in.ncards};
    dict_verdict_buf vb;
    if (dict_check_buf(d, in.word, in.wlen, &dc, in.used, in.nused, in.opts, &vb) != WB_OK)
        return 0;
    dict_info info;
    dict_get_info(d, &info);
    char buf[FAST_OUT_MAX];
    out o = {buf, 0, 0};
    if (write_verdict(&o, &vb.v, info.id, in.cards, in.ncards))
        return 0;
    free(r->out);
    r->out = NULL;
    if (r->room && o.n <= r->room_cap) {
        memcpy(r->room, buf, o.n);
        r->out_static = r->room;
    } else {
        char *body = malloc(o.n + 1);
        if (!body)
            return 0;
        memcpy(body, buf, o.n);
        body[o.n] = '\0';
        r->out = body;
        r->out_static = NULL;
    }
    r->out_len = o.n;
    r->status = 200;
    r->content_type = "application/json";
    r->cache_control = "no-store";
    r->code = NULL;
    return 1;
}
