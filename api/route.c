/*
 * route.c - from a raw request target to a handler.
 *
 * The routes are one table of (method, path pattern, handler); a pattern
 * segment "{}" takes any one non-empty path segment, which the handler
 * finds in r->arg[].  The target is taken raw (as the client sent it) and decoded
 * here, segment by segment, so that an escaped '/' (%2F) stays inside its
 * segment and a decoded segment is checked for UTF-8 before anyone reads
 * it.  A path that matches some route but not its method gets a 405 with
 * the Allow header; one that matches nothing gets a 404.  OPTIONS gets 204
 * with Allow, and answers a CORS preflight (cors.h).
 */
#include "api_int.h"
#include "check_fast.h"
#include "cors.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

enum { M_GET = 1, M_POST = 2, M_DELETE = 4, M_PUT = 8 };

typedef struct route {
    unsigned method;
    const char *path;
    api_handler fn;
} route;

/* The routes open to any origin with --cors-origin '*': read-only, no
 * token, the dictionary's and the service's own (see cors.h). */
static const api_handler public_routes[] = {
    api_h_healthz, api_h_openapi, api_h_version, api_h_dictionaries, api_h_word,
    api_h_match,   api_h_prefix,  api_h_pattern, api_h_check,
};

static int is_public(const route *rt)
{
    for (size_t i = 0; i < sizeof public_routes / sizeof public_routes[0]; i++)
        if (public_routes[i] == rt->fn)
            return 1;
    return 0;
}

static const route routes[] = {
    {M_GET, "/healthz", api_h_healthz},
    {M_GET, "/readyz", api_h_readyz},
    {M_GET, "/openapi.json", api_h_openapi},
    {M_GET, "/metrics", api_h_metrics},
    {M_GET, "/v1/version", api_h_version},
    {M_GET, "/v1/dictionaries", api_h_dictionaries},
    {M_GET, "/v1/dictionaries/{}/words/{}", api_h_word},
    {M_GET, "/v1/dictionaries/{}/match", api_h_match},
    {M_GET, "/v1/dictionaries/{}/prefix/{}", api_h_prefix},
    {M_GET, "/v1/dictionaries/{}/pattern/{}", api_h_pattern},
    {M_POST, "/v1/wibbell/check", api_h_check},
    {M_GET, "/v1/games", api_h_games},
    {M_POST, "/v1/games", api_h_game_create},
    {M_GET, "/v1/games/{}", api_h_game_view},
    {M_DELETE, "/v1/games/{}", api_h_game_delete},
    {M_GET, "/v1/games/{}/actions", api_h_game_actions},
    {M_POST, "/v1/games/{}/actions", api_h_game_act},
    {M_POST, "/v1/games/{}/end", api_h_game_end},
    {M_PUT, "/v1/games/{}/seats/{}", api_h_game_seat},
    {M_GET, "/v1/games/{}/log", api_h_game_log},
    {M_GET, "/v1/games/{}/events", api_h_game_events},
    {M_GET, "/v1/games/{}/query/{}", api_h_game_query},
    {M_GET, "/v1/matches", api_h_matches},
    {M_POST, "/v1/games/{}/tickets", api_h_game_ticket},
    {M_POST, "/v1/join", api_h_join},
    {M_PUT, "/v1/games/{}/members/{}", api_h_member_put},
    {M_DELETE, "/v1/games/{}/members/{}", api_h_member_delete},
    {M_POST, "/v1/games/{}/members/{}/token", api_h_member_token},
    {M_PUT, "/v1/games/{}/class", api_h_class_put},
    {M_GET, "/", api_h_web_index},
    {M_GET, "/web/{}", api_h_web_file},
};

static const char *const allow_hdr[] = {
    [M_GET] = "GET, HEAD",
    [M_POST] = "POST",
    [M_GET | M_POST] = "GET, HEAD, POST",
    [M_DELETE] = "DELETE",
    [M_GET | M_DELETE] = "GET, HEAD, DELETE",
    [M_POST | M_DELETE] = "POST, DELETE",
    [M_GET | M_POST | M_DELETE] = "GET, HEAD, POST, DELETE",
    [M_PUT] = "PUT",
    [M_PUT | M_DELETE] = "PUT, DELETE",
};

/* Does the path of `r` match `pattern`?  Fills r->arg on a match. */
static int route_match(api_req *r, const char *pattern)
{
    const char *p = pattern + 1; /* past the leading '/' */
    size_t i = 0, nargs = 0;
    if (!*p)
        return r->nseg == 0; /* "/" itself */
    for (;;) {
        const char *end = strchr(p, '/');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (i >= r->nseg)
            return 0;
        if (n == 2 && p[0] == '{' && p[1] == '}') {
            if (r->seglen[i] == 0)
                return 0; /* a placeholder takes a non-empty segment */
            if (nargs < API_PARAMS_MAX) {
                r->arg[nargs] = r->seg[i];
                r->arglen[nargs] = r->seglen[i];
                nargs++;
            }
        } else if (r->seglen[i] != n || memcmp(r->seg[i], p, n) != 0) {
            return 0;
        }
        i++;
        if (!end)
            break;
        p = end + 1;
    }
    return i == r->nseg;
}

/* Split and decode the path into r->seg.  Returns 0 or -1 with a problem. */
static int parse_path(api_req *r, const char *path, size_t len)
{
    r->pathbuf = wb_strndup(path, len);
    char *s = r->pathbuf + 1; /* past the leading '/' */
    char *end = r->pathbuf + len;
    if (len == 1)
        return 0; /* "/" has no segments */
    for (;;) {
        char *slash = memchr(s, '/', (size_t)(end - s));
        char *segend = slash ? slash : end;
        if (r->nseg == API_SEG_MAX) {
            api_problem(r, API_P_NOT_FOUND, "no resource has a path this deep");
            return -1;
        }
        size_t n = api_pct_decode(s, (size_t)(segend - s), 0);
        if (n == (size_t)-1) {
            api_problem(r, API_P_BAD_REQUEST,
                        "malformed percent-encoding in path segment %zu", r->nseg + 1);
            return -1;
        }
        if (!api_utf8_valid(s, n)) {
            api_problem(r, API_P_BAD_UTF8,
                        "path segment %zu is not valid UTF-8 once decoded", r->nseg + 1);
            return -1;
        }
        if (memchr(s, '\0', n)) {
            api_problem(r, API_P_BAD_REQUEST, "path segment %zu holds a NUL byte",
                        r->nseg + 1);
            return -1;
        }
        r->seg[r->nseg] = s;
        r->seglen[r->nseg] = n;
        r->nseg++;
        if (!slash)
            break;
        s = slash + 1;
    }
    return 0;
}

/* Split and decode the query string into r->query. */
static int parse_query(api_req *r, const char *q, size_t len)
{
    r->querybuf = wb_strndup(q, len);
    char *s = r->querybuf, *end = r->querybuf + len;
    while (s < end) {
        char *amp = memchr(s, '&', (size_t)(end - s));
        char *pend = amp ? amp : end;
        *pend = '\0';
        if (pend > s) { /* "a&&b": empty pieces are skipped */
            if (r->nquery == API_QUERY_MAX) {
                api_problem(r, API_P_BAD_PARAMETER, "more than %d query parameters",
                            API_QUERY_MAX);
                return -1;
            }
            char *eq = memchr(s, '=', (size_t)(pend - s));
            char *val = eq ? eq + 1 : pend;
            size_t klen = api_pct_decode(s, (size_t)((eq ? eq : pend) - s), 1);
            size_t vlen = eq ? api_pct_decode(val, (size_t)(pend - val), 1) : 0;
            if (klen == (size_t)-1 || vlen == (size_t)-1) {
                api_problem(r, API_P_BAD_PARAMETER,
                            "malformed percent-encoding in query parameter %zu", r->nquery + 1);
                return -1;
            }
            if (!api_utf8_valid(s, klen) || !api_utf8_valid(val, vlen)) {
                api_problem(r, API_P_BAD_UTF8,
                            "query parameter %zu is not valid UTF-8 once decoded", r->nquery + 1);
                return -1;
            }
            if (memchr(s, '\0', klen) || memchr(val, '\0', vlen)) {
                api_problem(r, API_P_BAD_PARAMETER, "query parameter %zu holds a NUL byte",
                            r->nquery + 1);
                return -1;
            }
            r->query[r->nquery].key = s;
            r->query[r->nquery].val = val;
            r->query[r->nquery].vlen = vlen;
            r->nquery++;
        }
        s = pend + 1;
    }
    return 0;
}

static unsigned method_bit(const char *m)
{
    if (strcmp(m, "GET") == 0 || strcmp(m, "HEAD") == 0)
        return M_GET;
    if (strcmp(m, "POST") == 0)
        return M_POST;
    if (strcmp(m, "DELETE") == 0)
        return M_DELETE;
    if (strcmp(m, "PUT") == 0)
        return M_PUT;
    return 0;
}

/* OPTIONS: 204 with Allow; for a CORS preflight from an origin that may
 * call the route of the method it asks about, also the methods and request
 * headers it may use (the server adds Access-Control-Allow-Origin, as to
 * every answer; see cors.h). */
static void options(api_req *r)
{
    const char *acrm = api_header(r, "Access-Control-Request-Method");
    unsigned want = acrm ? method_bit(acrm) : 0, allowed = 0;
    const route *hit = NULL;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (!route_match(r, routes[i].path))
            continue;
        allowed |= routes[i].method;
        if (routes[i].method == want)
            hit = &routes[i];
    }
    if (!allowed) {
        api_problem(r, API_P_NOT_FOUND, "no resource at this path; see /openapi.json");
        return;
    }
    api_reply_static(r, 204, NULL, "no-store", "", 0);
    r->allow = allow_hdr[allowed];
    r->preflight = 1;
    if (!hit)
        return;
    r->route = (unsigned)(hit - routes) + 1;
    if (!api_cors_allow(r->ctx->cors, api_header(r, "Origin"), is_public(hit)))
        return;
    api_add_header(r, "Access-Control-Allow-Methods", "%s", allow_hdr[hit->method]);
    api_add_header(r, "Access-Control-Allow-Headers",
                   "Authorization, Content-Type, If-Match, If-None-Match, Last-Event-ID");
    api_add_header(r, "Access-Control-Max-Age", "600");
}

/* The check's route number (api_req.route), for the answers of its fast
 * path: found once, then one relaxed load. */
static unsigned check_route(void)
{
    static atomic_uint id;
    unsigned v = atomic_load_explicit(&id, memory_order_relaxed);
    if (v)
        return v;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (routes[i].fn == api_h_check)
            v = (unsigned)i + 1;
    atomic_store_explicit(&id, v, memory_order_relaxed);
    return v;
}

void api_route(api_req *r, const char *uri)
{
    /* the check's common request, before any parsing (check_fast.c) */
    if (strcmp(uri, "/v1/wibbell/check") == 0 && strcmp(r->method, "POST") == 0 &&
        api_check_fast(r)) {
        r->route = check_route();
        return;
    }
    size_t len = strlen(uri);
    if (len > API_URI_MAX) {
        api_problem(r, API_P_URI_TOO_LONG, "the request target is longer than %d bytes",
                    API_URI_MAX);
        return;
    }
    /* absolute-form ("http://host/path"): the path starts after the host */
    if (strncmp(uri, "http://", 7) == 0 || strncmp(uri, "https://", 8) == 0) {
        const char *p = strchr(strstr(uri, "//") + 2, '/');
        uri = p ? p : "/";
        len = strlen(uri);
    }
    size_t plen = strcspn(uri, "?#");
    if (uri[0] != '/') {
        api_problem(r, API_P_NOT_FOUND, "no resource here");
        return;
    }
    if (parse_path(r, uri, plen))
        return;

    if (strcmp(r->method, "OPTIONS") == 0) {
        options(r);
        return;
    }
    unsigned mbit = method_bit(r->method);

    const route *hit = NULL;
    unsigned allowed = 0;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (!route_match(r, routes[i].path))
            continue;
        allowed |= routes[i].method;
        if (routes[i].method == mbit) {
            hit = &routes[i];
            break;
        }
    }
    if (!hit) {
        if (allowed) {
            api_problem(r, API_P_METHOD_NOT_ALLOWED, "%s is not allowed here; use %s",
                        r->method, allow_hdr[allowed]);
            r->allow = allow_hdr[allowed];
        } else {
            api_problem(r, API_P_NOT_FOUND, "no resource at this path; see /openapi.json");
        }
        return;
    }
    if (uri[plen] == '?') {
        const char *q = uri + plen + 1;
        if (parse_query(r, q, strcspn(q, "#")))
            return;
    }
    r->route = (unsigned)(hit - routes) + 1;
    hit->fn(r);
    if (!api_is_deferred(r) && r->status == 0)
        api_problem(r, API_P_INTERNAL, "handler of %s set no response", hit->path);
}

size_t api_route_count(void)
{
    return sizeof routes / sizeof routes[0];
}

const char *api_route_method(size_t i)
{
    unsigned m = i < api_route_count() ? routes[i].method : 0;
    return m == M_GET ? "GET" : m == M_POST ? "POST" : m == M_DELETE ? "DELETE"
                              : m == M_PUT  ? "PUT"  : "";
}

const char *api_route_path(size_t i)
{
    return i < api_route_count() ? routes[i].path : "";
}

int api_route_public(size_t i)
{
    return i < api_route_count() && is_public(&routes[i]);
}

