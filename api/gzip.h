/*
 * gzip.h - gzip content coding of answers (private to api/; zlib).
 *
 * The server (server.c) compresses an answer when the client's
 * Accept-Encoding takes gzip, the body is at least API_GZIP_MIN bytes and
 * of a text type (JSON, problem+json, HTML, CSS, JavaScript, CSV, SVG,
 * plain text); event streams never (each event must reach the client as
 * it happens).  Such answers carry Vary: Accept-Encoding whether or not
 * this one was compressed.  Bodies built per request are compressed each
 * time at a cheap level; static bodies (the OpenAPI document, the web
 * files) once, at the best level, and kept for the server's life.
 *
 * An ETag stays what it is when the body is compressed: a view's names
 * the match's version (clients send it back in If-Match), a file's its
 * content.  Strong validators differ between codings only for the sake of
 * byte ranges, which this server does not serve, and caches keep the two
 * codings apart by Vary.
 */
#ifndef API_GZIP_H
#define API_GZIP_H

#include <stddef.h>

#define API_GZIP_MIN 1024 /* smaller answers are sent as they are */

typedef struct api_gzip_cache api_gzip_cache;

/* Is `content_type` (may be NULL) worth compressing? */
int api_gzip_type(const char *content_type);

/* Does an Accept-Encoding value take gzip (named, or "*", with q > 0)? */
int api_gzip_accepted(const char *accept_encoding);

/* body[0..len) as one gzip member at `level` (1-9): a new buffer of *out
 * bytes (the caller frees it), or NULL when compressing would not make it
 * smaller (or zlib failed). */
char *api_gzip(const void *body, size_t len, int level, size_t *out);

/* The cache of static bodies' compressed forms. */
api_gzip_cache *api_gzip_cache_create(void);
void api_gzip_cache_destroy(api_gzip_cache *c);

/* The compressed form of static body[0..len) (keyed by its address): *out
 * bytes valid until the cache is destroyed, or NULL (not smaller, or the
 * cache is full).  Any thread. */
const char *api_gzip_static(api_gzip_cache *c, const void *body, size_t len, size_t *out);

#endif
