/*
 * cors.h - cross-origin requests (--cors-origin), private to api/.
 *
 * None by default: a page of another origin can read no answer.  The
 * operator lists origins ("https://a.example,http://localhost:5173"),
 * which may call every route, and/or "*", which lets any origin call the
 * read-only dictionary routes (and /openapi.json, /v1/version, /healthz)
 * and nothing else.  Tokens travel in Authorization, never in cookies, so
 * credentials are never allowed: a listed origin's page sends the token
 * its user gave it.
 *
 * A preflight (OPTIONS with Origin and Access-Control-Request-Method) is
 * answered 204 with the route's methods and the request headers a client
 * needs (Authorization, Content-Type, If-Match, If-None-Match,
 * Last-Event-ID) when the origin may call it; any other OPTIONS gets 204
 * with Allow only, which a browser takes as a refusal.  Answers that
 * depend on the Origin say so (Vary: Origin).
 */
#ifndef API_CORS_H
#define API_CORS_H

typedef struct api_cors api_cors;

/* The origins of `list` (api_cors_check() format); NULL for NULL or an
 * empty list. */
api_cors *api_cors_create(const char *list);
void api_cors_destroy(api_cors *c);

/* The Access-Control-Allow-Origin value for a request with header Origin
 * `origin` (may be NULL) to a route that is `public` (read-only
 * dictionary) or not: `origin` itself, "*", or NULL when it may not read
 * the answer.  `c` may be NULL (no CORS).  The value lives as long as
 * `origin` or `c`. */
const char *api_cors_allow(const api_cors *c, const char *origin, int public);

/* Does the answer to such a request vary with Origin (listed origins for
 * this route), so caches must keep them apart? */
int api_cors_varies(const api_cors *c, int public);

#endif
