/*
 * game_data.c - record files, numbers, slugs and id lists for the games'
 * data.  See game_data.h.
 */
#include "game_data.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"

int game_data_read(const char *text, size_t len,
                   int (*record)(void *ctx, char **w, int nw, int line, char **why),
                   void *ctx, char **why)
{
    int line = 0, rc = WB_OK;
    if (memchr(text, '\0', len)) {
        *why = game_why("a data file holds no NUL byte");
        return WB_EINVAL;
    }
    for (size_t i = 0; i < len && !rc; line++) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t n = (size_t)((nl ? nl : text + len) - (text + i));
        char *buf = wb_strndup(text + i, n), *w[GAME_DATA_WORDS], *save = NULL, *tok;
        char *hash = strchr(buf, '#');
        int nw = 0;
        i += n + 1;
        if (hash)
            *hash = '\0';
        for (tok = strtok_r(buf, " \t\r\f\v", &save); tok && nw <= GAME_DATA_WORDS;
             tok = strtok_r(NULL, " \t\r\f\v", &save))
            if (nw++ < GAME_DATA_WORDS)
                w[nw - 1] = tok;
        if (nw > GAME_DATA_WORDS) {
            *why = game_why("line %d: more than %d words", line + 1, GAME_DATA_WORDS);
            rc = WB_EINVAL;
        } else if (nw) {
            rc = record(ctx, w, nw, line + 1, why);
        }
        free(buf);
    }
    return rc;
}

/* game_data_vec's reader: the vector so far. */
typedef struct vec_rd {
    const char *what;
    int (*one)(void *elem, char **w, int nw, char **why);
    size_t size, max, n, cap;
    char *v;
} vec_rd;

static int vec_record(void *ctx, char **w, int nw, int line, char **why)
{
    vec_rd *r = ctx;
    char *w1 = NULL;
    const char *what = r->what ? r->what : "", *sp = r->what ? " " : "";
    if (r->n == r->max) {
        *why = game_why("%s%sline %d: at most %zu record%s", what, sp, line, r->max,
                        r->max == 1 ? "" : "s");
        return WB_EINVAL;
    }
    r->v = wb_grow(r->v, &r->cap, r->n + 1, r->size);
    memset(r->v + r->n * r->size, 0, r->size);
    int rc = r->one(r->v + r->n * r->size, w, nw, &w1);
    if (rc == WB_OK) {
        r->n++;
        return WB_OK;
    }
    *why = r->what ? game_why("%s line %d: %s", r->what, line, w1) : w1;
    if (r->what)
        free(w1);
    return rc;
}

int game_data_vec(const char *text, size_t len, const char *what, size_t size, size_t max,
                  int (*one)(void *elem, char **w, int nw, char **why), void **v, size_t *n,
                  char **why)
{
    vec_rd r = {what, one, size, max, 0, 0, NULL};
    int rc = game_data_read(text, len, vec_record, &r, why);
    if (rc) {
        free(r.v);
        return rc;
    }
    *v = r.v;
    *n = r.n;
    return WB_OK;
}

int game_data_one(const char *text, size_t size,
                  int (*one)(void *elem, char **w, int nw, char **why), void *elem, char **why)
{
    void *v = NULL;
    size_t n = 0;
    int rc = game_data_vec(text, strlen(text), NULL, size, 1, one, &v, &n, why);
    if (!rc && n == 0) {
        *why = game_why("'%s' holds no record", text);
        rc = WB_EINVAL;
    }
    if (!rc)
        memcpy(elem, v, size);
    free(v);
    return rc;
}

/* game_data_text's record function: append the words, one line (the
 * buffer has room: never longer than the text plus a last newline). */
static int text_record(void *ctx, char **w, int nw, int line, char **why)
{
    (void)line, (void)why;
    char *out = ctx;
    size_t n = strlen(out);
    for (int i = 0; i < nw; i++) {
        size_t k = strlen(w[i]);
        memcpy(out + n, w[i], k);
        n += k;
        out[n++] = i + 1 < nw ? ' ' : '\n';
    }
    out[n] = '\0';
    return WB_OK;
}

char *game_data_text(const char *text, size_t len)
{
    char *out = wb_calloc(len + 2, 1), *why = NULL;
    if (game_data_read(text, len, text_record, out, &why)) {
        free(why);
        free(out);
        return NULL;
    }
    return out;
}

long game_data_num(const char *s, long lo, long hi)
{
    char *end = NULL;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    errno = 0;
    long v = strtol(s, &end, 10);
    return errno || *end || v < lo || v > hi ? -1 : v;
}

int game_data_nums(char *const *w, int n, long lo, long hi, int *out)
{
    for (int i = 0; i < n; i++) {
        long v = game_data_num(w[i], lo, hi);
        if (v < 0)
            return -1;
        out[i] = (int)v;
    }
    return 0;
}

int game_grid_record(game_grid *g, char **w, int nw, int line, char **why)
{
    if (strcmp(w[0], "grid") == 0) {
        long x = nw == 3 ? game_data_num(w[1], g->min, g->max) : -1;
        long y = nw == 3 ? game_data_num(w[2], g->min, g->max) : -1;
        if (g->c || x < 0 || y < 0)
            return game_refuse(why, WB_EINVAL, "%s line %d: one \"grid WIDTH HEIGHT\" (%d to "
                               "%d)", g->what, line, g->min, g->max);
        g->w = (int)x;
        g->h = (int)y;
        g->c = wb_calloc((size_t)(x * y), 1);
        return WB_OK;
    }
    if (!g->c)
        return game_refuse(why, WB_EINVAL, "%s line %d: the grid comes first", g->what, line);
    if (g->rows == g->h)
        return GAME_GRID_OTHER;
    int chars = nw == 1 && g->w > 1, n = chars ? (int)strlen(w[0]) : nw;
    if (n != g->w)
        return game_refuse(why, WB_EINVAL, "%s line %d: a grid row of %d cells, not %d",
                           g->what, line, g->w, n);
    for (int x = 0; x < n; x++) {
        char cell = chars ? w[0][x] : w[x][0];
        if ((!chars && w[x][1]) || !cell || !strchr(g->cells, cell)) {
            char list[128] = "";
            for (size_t k = 0; g->cells[k] && k < 60; k++)
                strcat(strncat(list, g->cells + k, 1), g->cells[k + 1] ? " " : "");
            if (chars)
                return game_refuse(why, WB_EINVAL, "%s line %d: '%c' is not one of %s",
                                   g->what, line, cell, list);
            return game_refuse(why, WB_EINVAL, "%s line %d: \"%s\" is not one of %s",
                               g->what, line, w[x], list);
        }
        g->c[g->rows * g->w + x] = cell;
    }
    g->rows++;
    return WB_OK;
}

int game_grid_end(const game_grid *g, char **why)
{
    if (!g->c || g->rows < g->h)
        return game_refuse(why, WB_EINVAL, "%s: no complete grid", g->what);
    return WB_OK;
}

json_t *game_grid_rows(const game_grid *g)
{
    json_t *rows = json_array();
    for (int y = 0; y < g->h; y++) {
        char *row = wb_strndup(g->c + (size_t)(y * g->w), (size_t)g->w);
        json_array_append_new(rows, json_string(row));
        free(row);
    }
    return rows;
}

int game_slug_ok(const char *s, size_t max)
{
    size_t n = strlen(s);
    return n > 0 && n <= max && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_") == n;
}

void game_ids_push(game_ids *l, int id)
{
    l->v = wb_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
    l->v[l->n++] = id;
}

void game_ids_insert(game_ids *l, size_t i, int id)
{
    game_ids_push(l, id);
    memmove(l->v + i + 1, l->v + i, (l->n - i - 1) * sizeof *l->v);
    l->v[i] = id;
}

void game_ids_remove(game_ids *l, size_t i)
{
    memmove(l->v + i, l->v + i + 1, (l->n - i - 1) * sizeof *l->v);
    l->n--;
}

long game_ids_find(const game_ids *l, int id)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i] == id)
            return (long)i;
    return -1;
}

int game_ids_take(game_ids *from, size_t i, game_ids *to)
{
    int id = from->v[i];
    game_ids_remove(from, i);
    game_ids_push(to, id);
    return id;
}

long game_ids_once(const game_ids *const *lists, size_t nl, size_t n)
{
    unsigned char *seen = wb_calloc(n ? n : 1, 1);
    long count = 0;
    for (size_t l = 0; count >= 0 && l < nl; l++)
        for (size_t i = 0; count >= 0 && i < lists[l]->n; i++)
            count = seen[lists[l]->v[i]]++ ? -1 : count + 1;
    free(seen);
    return count;
}

void game_ids_append(game_ids *to, const game_ids *from)
{
    for (size_t i = 0; i < from->n; i++)
        game_ids_push(to, from->v[i]);
}

void game_io_slug(game_io *io, const char *key, char *buf, size_t size)
{
    game_io_chars(io, key, buf, size);
    if (game_io_loading(io) && game_io_ok(io) && !game_slug_ok(buf, size - 1))
        game_io_fail(io, key ? key : "slug");
}

size_t game_io_slugs(game_io *io, const char *key, char *rows, size_t size, size_t n,
                     size_t lo, size_t hi)
{
    n = game_io_array(io, key, n, lo, hi);
    for (size_t i = 0; i < n; i++) {
        game_io_chars(io, NULL, rows + i * size, size);
        for (size_t k = 0; game_io_loading(io) && k < i; k++)
            if (strcmp(rows + k * size, rows + i * size) == 0)
                game_io_fail(io, key ? key : "slugs");
        if (game_io_loading(io) && !game_slug_ok(rows + i * size, size - 1))
            game_io_fail(io, key ? key : "slugs");
    }
    game_io_end(io);
    return n;
}

void game_io_seat(game_io *io, const char *key, int *v, int nseats)
{
    if (game_io_null(io, key, *v < 0))
        *v = -1;
    else
        game_io_int(io, key, v, 0, nseats - 1);
}

void game_io_ids(game_io *io, const char *key, game_ids *l, int hi)
{
    if (game_io_freeing(io)) {
        free(l->v);
        *l = (game_ids){0};
        return;
    }
    size_t n = game_io_array(io, key, l->n, 0, (size_t)hi + 1);
    for (size_t i = 0; i < n; i++) {
        int id = game_io_loading(io) ? 0 : l->v[i];
        game_io_int(io, NULL, &id, 0, hi);
        if (game_io_loading(io))
            game_ids_push(l, id);
    }
    game_io_end(io);
}

int game_name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcmp(name, names[i]) == 0)
            return i;
    return -1;
}
