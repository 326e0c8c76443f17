/*
 * game_json.c - the state codec (one describing function, both ways) and
 * the aborting allocator for Jansson.  See game_json.h.
 */
#include "game_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"

#define IO_DEPTH 16

struct game_io {
    int loading;
    game_text *text;  /* saving to text (game_io_save_text), else NULL */
    char close[IO_DEPTH]; /* text: what closes each open container */
    int freeing;               /* game_io_free: only strings, lists, vectors */
    const char *bad; /* loading: the first problem */
    int depth;
    json_t *cur[IO_DEPTH];     /* the open containers; NULL after a bad one */
    size_t next[IO_DEPTH];     /* the next element of an open array */
    const char *name[IO_DEPTH]; /* their keys, to name a bad element */
    void **vec[IO_DEPTH];      /* freeing: the vector to free at its end */
};

/* Every Jansson allocation goes through wb_malloc, which aborts when
 * memory runs out: one policy for the whole daemon (game_json.h).  Run
 * before main, so before any Jansson value exists. */
__attribute__((constructor)) static void json_alloc_init(void)
{
    json_set_alloc_funcs(wb_malloc, free);
}

int game_io_loading(const game_io *io) { return io->loading; }
int game_io_freeing(const game_io *io) { return io->freeing; }
int game_io_ok(const game_io *io) { return !io->bad; }

void game_io_fail(game_io *io, const char *what)
{
    if (io->loading && !io->bad)
        io->bad = what;
}

/* Loading: the member `key` of the open object, or the next element of the
 * open array; NULL once something is bad. */
static json_t *get(game_io *io, const char *key)
{
    json_t *c = io->cur[io->depth - 1];
    if (io->bad || !c)
        return NULL;
    return key ? json_object_get(c, key) : json_array_get(c, io->next[io->depth - 1]++);
}

/* --- text ---------------------------------------------------------------- */

void game_text_grow(game_text *t, size_t n)
{
    size_t cap = t->cap > 64 ? t->cap : 64;
    while (cap < t->len + n + 1)
        cap *= 2;
    t->s = wb_realloc(t->s, cap);
    t->cap = cap;
}

/* The length a UTF-8 sequence with lead byte c claims (1: not a lead). */
static size_t utf8_need(unsigned char c)
{
    return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

/* The length of the valid UTF-8 sequence at s (lead byte >= 0x80), or 0:
 * what Jansson accepts (no overlong forms, no surrogates, <= U+10FFFF). */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0], cp;
    size_t n;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return n;
}

/* Are all 8 bytes of x printable ASCII other than '"' and '\\' (written
 * as they are)?  Bit tricks on a word: a byte below 0x20, equal to one of
 * the two, or with its high bit set shows in the 0x80 bits. */
static int plain8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
    uint64_t q = x ^ (ones * '"'), b = x ^ (ones * '\\');
    uint64_t any = ((x - ones * 0x20) & ~x) | ((q - ones) & ~q) | ((b - ones) & ~b) | x;
    return !(any & high);
}

void game_text_strn(game_text *t, const char *str, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0, run = 0;
    game_text_reserve(t, len + 2);
    t->s[t->len++] = '"';
    while (i < len) {
        uint64_t w;
        if (i + 8 <= len && (memcpy(&w, s + i, 8), plain8(w))) {
            i += 8;
            run += 8;
            continue;
        }
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
            i++;
            run++;
            continue;
        }
        if (c >= 0x80) { /* checked as Jansson checks it */
            size_t n = i + utf8_need(c) <= len ? utf8_len(s + i) : 0;
            if (!n) {
                t->bad = 1;
                n = 1;
            }
            i += n;
            run += n;
            continue;
        }
        game_text_raw(t, (const char *)s + i - run, run);
        run = 0;
        char esc[6] = {'\\', 0, '0', '0', hex[c >> 4], hex[c & 15]};
        size_t el = 2;
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default: esc[1] = 'u'; el = 6; break;
        }
        game_text_raw(t, esc, el);
        i++;
    }
    game_text_raw(t, (const char *)s + i - run, run);
    game_text_raw(t, "\"", 1);
}

void game_text_str(game_text *t, const char *s)
{
    game_text_strn(t, s, strlen(s));
}

void game_text_int(game_text *t, json_int_t v)
{
    char buf[24], *p = buf + sizeof buf;
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *--p = '-';
    game_text_raw(t, p, (size_t)(buf + sizeof buf - p));
}

void game_text_json(game_text *t, const json_t *v)
{
    size_t i, n = 0;
    const char *key;
    json_t *x;
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        game_text_raw(t, "{", 1);
        json_object_foreach((json_t *)(uintptr_t)v, key, x) {
            if (n++)
                game_text_raw(t, ",", 1);
            game_text_str(t, key);
            game_text_raw(t, ":", 1);
            game_text_json(t, x);
        }
        game_text_raw(t, "}", 1);
        break;
    case JSON_ARRAY:
        game_text_raw(t, "[", 1);
        json_array_foreach(v, i, x) {
            if (i)
                game_text_raw(t, ",", 1);
            game_text_json(t, x);
        }
        game_text_raw(t, "]", 1);
        break;
    case JSON_STRING:
        game_text_strn(t, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        game_text_int(t, json_integer_value(v));
        break;
    case JSON_TRUE:
        game_text_raw(t, "true", 4);
        break;
    case JSON_FALSE:
        game_text_raw(t, "false", 5);
        break;
    case JSON_NULL:
        game_text_raw(t, "null", 4);
        break;
    default: { /* a real: rare, and Jansson's own formatting */
        char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
        if (s)
            game_text_raw(t, s, strlen(s));
        else
            t->bad = 1;
        free(s);
    }
    }
}

char *game_text_dump(const json_t *v, size_t *len)
{
    game_text t = {.cap = 4096}; /* a view fits: no realloc */
    if (v)
        game_text_json(&t, v);
    if (!v || t.bad) {
        free(t.s);
        return NULL;
    }
    *len = t.len;
    return t.s;
}

/* Saving to text: the comma before a second element, and the key of a
 * member. */
static void tkey(game_io *io, const char *key)
{
    game_text *t = io->text;
    size_t n = key ? strlen(key) : 0;
    game_text_reserve(t, n + 4);
    if (io->next[io->depth - 1]++)
        t->s[t->len++] = ',';
    if (!key)
        return;
    /* a key is a C string of the describing function's: copied as it is
     * unless it holds something to escape */
    char *d = t->s + t->len + 1;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)key[i];
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
            game_text_str(t, key);
            game_text_raw(t, ":", 1);
            return;
        }
        d[i] = (char)c;
    }
    t->s[t->len] = '"';
    t->len += n + 1;
    t->s[t->len++] = '"';
    t->s[t->len++] = ':';
    t->s[t->len] = '\0';
}

static void tlit(game_io *io, const char *key, const char *lit)
{
    tkey(io, key);
    game_text_raw(io->text, lit, strlen(lit));
}

static void tstr(game_io *io, const char *key, const char *s)
{
    tkey(io, key);
    game_text_str(io->text, s);
}

/* --- the codec ------------------------------------------------------------- */

/* Saving: add `v` to the open container (freeing: there is none). */
static void put(game_io *io, const char *key, json_t *v)
{
    json_t *c = io->cur[io->depth - 1];
    if (!c)
        json_decref(v);
    else if (key)
        json_object_set_new(c, key, v);
    else
        json_array_append_new(c, v);
}

static void bad(game_io *io, const char *key)
{
    game_io_fail(io, key ? key : io->name[io->depth - 1]);
}

void game_io_i64(game_io *io, const char *key, int64_t *v, int64_t lo, int64_t hi)
{
    if (!io->loading) {
        if (io->text) {
            tkey(io, key);
            game_text_int(io->text, (json_int_t)*v);
        } else if (!io->freeing) {
            put(io, key, json_integer((json_int_t)*v));
        }
        return;
    }
    json_t *x = get(io, key);
    if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
        bad(io, key);
    else
        *v = (int64_t)json_integer_value(x);
}

void game_io_int(game_io *io, const char *key, int *v, int lo, int hi)
{
    int64_t x = *v;
    game_io_i64(io, key, &x, lo, hi);
    *v = (int)x;
}

void game_io_size(game_io *io, const char *key, size_t *v, size_t hi)
{
    int64_t x = (int64_t)*v;
    game_io_i64(io, key, &x, 0, hi > INT64_MAX ? INT64_MAX : (int64_t)hi);
    *v = (size_t)x;
}

void game_io_bool(game_io *io, const char *key, int *v)
{
    if (!io->loading) {
        if (io->text)
            tlit(io, key, *v ? "true" : "false");
        else if (!io->freeing)
            put(io, key, json_boolean(*v));
        return;
    }
    json_t *x = get(io, key);
    if (!json_is_boolean(x))
        bad(io, key);
    else
        *v = json_is_true(x);
}

void game_io_enum(game_io *io, const char *key, int *v, const char *const *names, int n)
{
    if (!io->loading) {
        if (io->text)
            tstr(io, key, names[*v]);
        else if (!io->freeing)
            put(io, key, json_string(names[*v]));
        return;
    }
    const char *s = json_string_value(get(io, key));
    for (int i = 0; s && i < n; i++)
        if (strcmp(s, names[i]) == 0) {
            *v = i;
            return;
        }
    bad(io, key);
}

void game_io_chars(game_io *io, const char *key, char *buf, size_t size)
{
    if (!io->loading) {
        if (io->text)
            tstr(io, key, buf);
        else if (!io->freeing)
            put(io, key, json_string(buf));
        return;
    }
    json_t *x = get(io, key);
    if (!json_is_string(x) || json_string_length(x) >= size ||
        strlen(json_string_value(x)) != json_string_length(x))
        bad(io, key);
    else
        memcpy(buf, json_string_value(x), json_string_length(x) + 1);
}

void game_io_str(game_io *io, const char *key, char **v)
{
    if (io->freeing) {
        free(*v);
        *v = NULL;
        return;
    }
    if (!io->loading) {
        if (io->text && *v)
            tstr(io, key, *v);
        else if (io->text)
            tlit(io, key, "null");
        else
            put(io, key, *v ? json_string(*v) : json_null());
        return;
    }
    json_t *x = get(io, key);
    if (json_is_null(x))
        return;
    if (!json_is_string(x) || strlen(json_string_value(x)) != json_string_length(x))
        bad(io, key);
    else
        *v = wb_strdup(json_string_value(x));
}

void game_io_text(game_io *io, const char *key, char **v)
{
    game_io_str(io, key, v);
    if (io->loading && !*v)
        bad(io, key);
}

void game_io_rng(game_io *io, const char *key, rng *r)
{
    if (!io->loading) {
        char hex[65];
        if (io->freeing)
            return;
        rng_save(r, hex);
        if (io->text)
            tstr(io, key, hex);
        else
            put(io, key, json_string(hex));
        return;
    }
    json_t *x = get(io, key);
    if (!x || rng_load(r, json_string_value(x)))
        bad(io, key);
}

void game_io_ints(game_io *io, const char *key, int *v, size_t n, int lo, int hi)
{
    if (game_io_array(io, key, n, n, n) == n)
        for (size_t i = 0; i < n; i++)
            game_io_int(io, NULL, &v[i], lo, hi);
    game_io_end(io);
}

int game_io_null(game_io *io, const char *key, int is_null)
{
    if (!io->loading) {
        if (is_null && io->text)
            tlit(io, key, "null");
        else if (is_null && !io->freeing)
            put(io, key, json_null());
        return is_null;
    }
    json_t *c = io->cur[io->depth - 1];
    if (io->bad || !c)
        return 0;
    if (key)
        return json_is_null(json_object_get(c, key));
    /* An element: consume it only when it is null. */
    if (!json_is_null(json_array_get(c, io->next[io->depth - 1])))
        return 0;
    io->next[io->depth - 1]++;
    return 1;
}

int game_io_present(game_io *io, const char *key, int has)
{
    if (game_io_null(io, key, !has) == has) {
        bad(io, key);
        return 0;
    }
    return has && !io->bad;
}

static void enter(game_io *io, const char *key, json_t *c)
{
    if (io->depth == IO_DEPTH) {
        fprintf(stderr, "wibbelld: game_io nested too deep\n");
        abort();
    }
    io->cur[io->depth] = c;
    io->close[io->depth] = json_is_array(c) ? ']' : '}';
    io->vec[io->depth] = NULL;
    io->next[io->depth] = 0;
    io->name[io->depth] = key ? key : io->name[io->depth - 1];
    io->depth++;
}

size_t game_io_enum_set(game_io *io, const char *key, int *v, size_t n, size_t lo, size_t hi,
                        const char *const *names, int nnames)
{
    n = game_io_array(io, key, n, lo, hi);
    for (size_t i = 0; i < n; i++) {
        game_io_enum(io, NULL, &v[i], names, nnames);
        for (size_t k = 0; io->loading && k < i; k++)
            if (v[k] == v[i])
                game_io_fail(io, key ? key : "names");
    }
    game_io_end(io);
    return n;
}

void game_io_flags(game_io *io, const char *key, int *flag, size_t n)
{
    size_t set = 0;
    for (size_t i = 0; !io->loading && i < n; i++)
        set += flag[i] != 0;
    set = game_io_array(io, key, set, 0, n);
    if (io->loading) {
        memset(flag, 0, n * sizeof *flag);
        for (size_t k = 0; k < set; k++) {
            int i = 0;
            game_io_int(io, NULL, &i, 0, (int)n - 1);
            if (flag[i])
                game_io_fail(io, key ? key : "flags");
            flag[i] = 1;
        }
    } else {
        for (int i = 0; i < (int)n; i++)
            if (flag[i])
                game_io_int(io, NULL, &i, 0, (int)n - 1);
    }
    game_io_end(io);
}

size_t game_io_array(game_io *io, const char *key, size_t n, size_t lo, size_t hi)
{
    if (!io->loading && io->text) {
        tlit(io, key, "[");
        enter(io, key, NULL);
        io->close[io->depth - 1] = ']';
        return n;
    }
    if (!io->loading) {
        json_t *a = io->freeing ? NULL : json_array();
        put(io, key, a);
        enter(io, key, a);
        return n;
    }
    json_t *x = get(io, key);
    if (!json_is_array(x) || json_array_size(x) < lo || json_array_size(x) > hi) {
        bad(io, key);
        x = NULL;
    }
    enter(io, key, x);
    return x ? json_array_size(x) : 0;
}

void game_io_object(game_io *io, const char *key)
{
    if (!io->loading && io->text) {
        tlit(io, key, "{");
        enter(io, key, NULL);
        io->close[io->depth - 1] = '}';
        return;
    }
    if (!io->loading) {
        json_t *o = io->freeing ? NULL : json_object();
        put(io, key, o);
        enter(io, key, o);
        return;
    }
    json_t *x = get(io, key);
    if (!json_is_object(x)) {
        bad(io, key);
        x = NULL;
    }
    enter(io, key, x);
}

size_t game_io_vec(game_io *io, const char *key, void **v, size_t *n, size_t size, size_t lo,
                   size_t hi)
{
    size_t len = game_io_array(io, key, *n, lo, hi);
    if (io->loading) {
        *v = wb_calloc(len ? len : 1, size);
        *n = len;
    } else if (io->freeing) {
        io->vec[io->depth - 1] = v;
    }
    return len;
}

void game_io_end(game_io *io)
{
    if (io->depth <= 1)
        return;
    io->depth--;
    if (io->text)
        game_text_raw(io->text, &io->close[io->depth], 1);
    if (io->vec[io->depth]) {
        free(*io->vec[io->depth]);
        *io->vec[io->depth] = NULL;
    }
}

void game_io_free(void (*describe)(game_io *, void *), void *state)
{
    game_io io = {0};
    io.freeing = 1;
    io.name[0] = "state";
    io.depth = 1;
    describe(&io, state);
}

json_t *game_io_save(void (*describe)(game_io *, void *), const void *state)
{
    game_io io = {0};
    json_t *root = json_object();
    io.cur[0] = root;
    io.name[0] = "state";
    io.depth = 1;
    describe(&io, (void *)(uintptr_t)state); /* saving only reads */
    return root;
}

json_t *game_io_member(void (*describe)(game_io *, void *), const void *state, const char *key)
{
    json_t *all = game_io_save(describe, state), *m = json_incref(json_object_get(all, key));
    json_decref(all);
    return m;
}

void game_io_save_text(void (*describe)(game_io *, void *), const void *state,
                       void (*tail)(game_io *, const void *state), game_text *out)
{
    game_io io = {0};
    io.text = out;
    io.name[0] = "state";
    io.close[0] = '}';
    io.depth = 1;
    game_text_raw(out, "{", 1);
    describe(&io, (void *)(uintptr_t)state); /* saving only reads */
    if (tail)
        tail(&io, state);
    while (io.depth > 1) /* a describing function that forgot an end */
        game_io_end(&io);
    game_text_raw(out, "}", 1);
}

int game_io_load(void (*describe)(game_io *, void *), const json_t *saved, void *state,
                 const char **what)
{
    game_io io = {0};
    io.loading = 1;
    io.cur[0] = json_is_object(saved) ? (json_t *)(uintptr_t)saved : NULL;
    io.name[0] = "state";
    io.depth = 1;
    if (!io.cur[0])
        io.bad = "state";
    else
        describe(&io, state);
    *what = io.bad;
    return io.bad ? WB_EINVAL : WB_OK;
}

json_t *game_json_ints(const int *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

json_t *game_json_strs(const char *const *v, size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(a, json_string(v[i]));
    return a;
}

json_t *game_json_seats(const int *flag, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        if (flag[i])
            json_array_append_new(a, json_integer(i));
    return a;
}

json_t *game_json_id(json_int_t v) { return v >= 0 ? json_integer(v) : json_null(); }

json_t *game_json_opt(json_int_t v) { return v >= 0 ? json_integer(v) : NULL; }

