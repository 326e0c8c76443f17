/*
 * api_int.h - what the files of api/ share and nothing outside api/ sees.
 *
 * The server (server.c) turns an HTTP request into an api_req: the method,
 * the percent-decoded path segments, the decoded query parameters and the
 * body.  The router (route.c) finds the handler; a handler (h_*.c) reads
 * the api_req and sets its response with api_reply_json() or one of the
 * api_problem*() calls; the server then sends that response.  Nothing here
 * knows libmicrohttpd, so handlers can be read without it.
 */
#ifndef API_INT_H
#define API_INT_H

#include <jansson.h>
#include <stddef.h>

#include "dict.h"

#define API_URI_MAX 8192    /* longest request target accepted */
#define API_SEG_MAX 16      /* most path segments */
#define API_QUERY_MAX 64    /* most query parameters */
#define API_PARAMS_MAX 4    /* most {placeholders} in one route */

/* What every request of one server may read; fixed while it runs. */
typedef struct api_ctx {
    const dict_lib *dicts;
    size_t max_body;
    int verbose;
} api_ctx;

/* One decoded query parameter; key and val are NUL-terminated, valid
 * UTF-8 and free of NUL bytes, and point into the request's querybuf. */
typedef struct api_param {
    char *key;
    char *val;
    size_t vlen;
} api_param;

/* One request and, once handled, its response. */
typedef struct api_req {
    /* --- the request (set by the server and the router) --- */
    const api_ctx *ctx;
    const char *method;       /* "GET", "POST", ... as sent */
    char *pathbuf, *querybuf; /* decoded path and query (owned) */
    char *seg[API_SEG_MAX];   /* decoded path segments, NUL-terminated,
                               * pointing into pathbuf */
    size_t seglen[API_SEG_MAX];
    size_t nseg;
    const char *arg[API_PARAMS_MAX]; /* the route's {placeholders}, in order */
    size_t arglen[API_PARAMS_MAX];
    api_param query[API_QUERY_MAX];
    size_t nquery;
    const char *body;         /* the request body, not NUL-terminated */
    size_t body_len;

    /* --- the response (set by a handler or the router) --- */
    unsigned status;          /* 0 until a response is set */
    char *out;                /* body owned by the request (malloc) */
    const char *out_static;   /* or a static body */
    size_t out_len;
    const char *content_type;
    const char *cache_control;
    const char *allow;        /* the Allow header of a 405, or NULL */
    const char *code;         /* the problem code, for the log */
    char *note;               /* why a 5xx happened, for the log (malloc) */
} api_req;

typedef void (*api_handler)(api_req *r);

/* Release what the request owns (segments, query, response body if it
 * was not handed over, note).  The request itself is the caller's. */
void api_req_cleanup(api_req *r);

/* --- route.c ---------------------------------------------------------- */

/* Parse `uri` (the raw request target, as sent), find the route and run
 * its handler.  Always leaves a response in `r`. */
void api_route(api_req *r, const char *uri);

/* --- problem.c: the one table of errors ------------------------------- */

typedef enum api_prob {
    API_P_BAD_REQUEST,        /* 400 wrong JSON types, missing fields */
    API_P_BAD_JSON,           /* 400 the body is not JSON */
    API_P_BAD_UTF8,           /* 400 body, path or query not UTF-8 */
    API_P_BAD_WORD,           /* 400 a word that is not letters */
    API_P_BAD_CARD,           /* 400 a card that is not letters */
    API_P_BAD_PARAMETER,      /* 400 a query parameter is wrong */
    API_P_NOT_FOUND,          /* 404 no such route */
    API_P_UNKNOWN_DICTIONARY, /* 404 no such dictionary */
    API_P_METHOD_NOT_ALLOWED, /* 405 the route exists, not the method */
    API_P_CONFLICT,           /* 409 stale or conflicting state */
    API_P_BODY_TOO_LARGE,     /* 413 over the body limit */
    API_P_URI_TOO_LONG,       /* 414 over API_URI_MAX */
    API_P_INTERNAL,           /* 500 our fault */
    API_P_COUNT_
} api_prob;

/* Set a problem+json response of kind `p`; `fmt` gives the detail.  For
 * API_P_INTERNAL the detail is logged, and the client gets a generic one. */
void api_problem(api_req *r, api_prob p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The problem kind the table gives a wb_err code (WB_EUTF8: bad_utf8,
 * WB_ENOTWORD: bad_word, storage errors: internal, ...). */
api_prob api_prob_of_err(int err);

/* The HTTP status and the stable code of a problem kind. */
unsigned api_prob_status(api_prob p);
const char *api_prob_code(api_prob p);

/* --- json.c ----------------------------------------------------------- */

/* Set a JSON response: `body` is serialised compactly and released (the
 * reference is stolen).  A NULL body, or one that cannot be serialised,
 * gives a 500 instead. */
void api_reply_json(api_req *r, unsigned status, json_t *body);

/* Set a response with a static body that is sent as it is. */
void api_reply_static(api_req *r, unsigned status, const char *content_type,
                      const char *cache_control, const char *body, size_t len);

/* Parse the request body as a JSON object into *out (a new reference).
 * Returns 0, or -1 with a problem set (bad_utf8, bad_json, bad_request). */
int api_body_object(api_req *r, json_t **out);

/* A JSON array of the strings v[0..n), or NULL when out of memory. */
json_t *api_json_strings(char *const *v, size_t n);

/* Is s[0..len) well-formed UTF-8 (no overlongs, no surrogates, nothing
 * above U+10FFFF)? */
int api_utf8_valid(const char *s, size_t len);

/* The length of the longest prefix of s[0..len) that holds at most `max`
 * bytes and does not cut a UTF-8 sequence: for quoting input in details. */
int api_clip(const char *s, size_t len, size_t max);

/* Decode %XX escapes of s[0..len) in place (and '+' as a space when
 * `plus` is set); NUL-terminates.  Returns the new length, or (size_t)-1
 * for a malformed escape. */
size_t api_pct_decode(char *s, size_t len, int plus);

/* --- query parameters (route.c) --------------------------------------- */

/* The value of the first query parameter named `key`, or NULL. */
const char *api_query(const api_req *r, const char *key, size_t *len);

/* Read the unsigned decimal query parameter `key` into *out: `def` when it
 * is absent.  Returns 0, or -1 with a 400 bad_parameter set when it is not
 * a number in [min, max]. */
int api_query_size(api_req *r, const char *key, size_t def, size_t min,
                   size_t max, size_t *out);

/* --- handlers --------------------------------------------------------- */

void api_h_healthz(api_req *r);
void api_h_version(api_req *r);
void api_h_openapi(api_req *r);

void api_h_dictionaries(api_req *r);
void api_h_word(api_req *r);
void api_h_match(api_req *r);
void api_h_prefix(api_req *r);
void api_h_pattern(api_req *r);
void api_h_check(api_req *r);

/* The embedded OpenAPI document (generated from api/openapi.json). */
extern const unsigned char api_openapi_json[];
extern const size_t api_openapi_json_len;

#endif
