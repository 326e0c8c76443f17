/*
 * gzip.c - gzip content coding (see gzip.h).
 */
#include "gzip.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "wb_mem.h"

#define LEVEL_STATIC 9
#define CACHE_MAX 64 /* the embedded files and the OpenAPI document, with room */

typedef struct cached {
    const void *body; /* the static body: its address is the key */
    size_t len;
    char *gz;         /* NULL: not worth compressing */
    size_t gzlen;
} cached;

struct api_gzip_cache {
    pthread_mutex_t mu;
    size_t n;
    cached v[CACHE_MAX];
};

int api_gzip_type(const char *ct)
{
    static const char *const types[] = {
        "application/json", "application/problem+json", "application/manifest+json",
        "image/svg+xml",    "text/",
    };
    if (!ct)
        return 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        size_t n = strlen(types[i]);
        if (strncasecmp(ct, types[i], n) == 0 &&
            (types[i][n - 1] == '/' || ct[n] == '\0' || ct[n] == ';' || ct[n] == ' '))
            return strncasecmp(ct, "text/event-stream", 17) != 0;
    }
    return 0;
}

/* The q of one Accept-Encoding element's parameters p[0..n): 1 when
 * absent; 0 for q=0, q=0.0, q=0.00, q=0.000. */
static int q_nonzero(const char *p, size_t n)
{
    const char *end = p + n;
    while (p < end) {
        while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
            p++;
        if (end - p >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
            p += 2;
            if (p < end && *p == '1')
                return 1;
            if (p < end && *p == '0') {
                p++;
                if (p < end && *p == '.')
                    for (p++; p < end && *p >= '0' && *p <= '9'; p++)
                        if (*p != '0')
                            return 1;
                return 0;
            }
            return 0; /* not a qvalue: take it as a refusal */
        }
        while (p < end && *p != ';')
            p++;
    }
    return 1;
}

int api_gzip_accepted(const char *ae)
{
    int gzip = -1, star = -1; /* -1: not named */
    const char *p = ae;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        size_t n = strcspn(p, ",");
        size_t tok = strcspn(p, ";, \t");
        if (tok > n)
            tok = n;
        int q = q_nonzero(p + tok, n - tok);
        if ((tok == 4 && strncasecmp(p, "gzip", 4) == 0) ||
            (tok == 6 && strncasecmp(p, "x-gzip", 6) == 0))
            gzip = q;
        else if (tok == 1 && *p == '*')
            star = q;
        p += n;
    }
    return gzip >= 0 ? gzip : star > 0;
}

char *api_gzip(const void *body, size_t len, int level, size_t *out)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    /* 15 + 16: a gzip wrapper, not zlib's */
    if (deflateInit2(&zs, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    size_t cap = deflateBound(&zs, (uLong)len);
    char *buf = wb_malloc(cap);
    zs.next_in = (Bytef *)(uintptr_t)body; /* zlib does not write to its input */
    zs.avail_in = (uInt)len;
    zs.next_out = (Bytef *)buf;
    zs.avail_out = (uInt)cap;
    int rc = deflate(&zs, Z_FINISH);
    size_t n = cap - zs.avail_out;
    deflateEnd(&zs);
    if (rc != Z_STREAM_END || n >= len) {
        free(buf);
        return NULL;
    }
    *out = n;
    return buf;
}

api_gzip_cache *api_gzip_cache_create(void)
{
    api_gzip_cache *c = wb_calloc(1, sizeof *c);
    pthread_mutex_init(&c->mu, NULL);
    return c;
}

void api_gzip_cache_destroy(api_gzip_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        free(c->v[i].gz);
    pthread_mutex_destroy(&c->mu);
    free(c);
}

const char *api_gzip_static(api_gzip_cache *c, const void *body, size_t len, size_t *out)
{
    const char *gz = NULL;
    pthread_mutex_lock(&c->mu);
    size_t i = 0;
    while (i < c->n && !(c->v[i].body == body && c->v[i].len == len))
        i++;
    if (i == c->n && c->n < CACHE_MAX) {
        /* compressed under the lock: once per file for the server's life */
        cached *e = &c->v[c->n++];
        e->body = body;
        e->len = len;
        e->gz = api_gzip(body, len, LEVEL_STATIC, &e->gzlen);
    }
    if (i < c->n && c->v[i].gz) {
        gz = c->v[i].gz;
        *out = c->v[i].gzlen;
    }
    pthread_mutex_unlock(&c->mu);
    return gz;
}
