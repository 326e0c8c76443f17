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
        put(io, key, json_integer((json_int_t)*v));
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

void game_io_rng(game_io *io, const char *key, rng *r)
{
    if (!io->loading) {
        char hex[65];
        rng_save(r, hex);
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
        if (is_null)
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

static void enter(game_io *io, const char *key, json_t *c)
{
    if (io->depth == IO_DEPTH) {
        fprintf(stderr, "wibbelld: game_io nested too deep\n");
        abort();
    }
    io->cur[io->depth] = c;
    io->vec[io->depth] = NULL;
    io->next[io->depth] = 0;
    io->name[io->depth] = key ? key : io->name[io->depth - 1];
    io->depth++;
}

size_t game_io_array(game_io *io, const char *key, size_t n, size_t lo, size_t hi)
{
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
