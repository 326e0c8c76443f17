/*
 * api_int.h - what the files of api/ share and nothing outside api/ sees.
 *
 * The server (server.c) turns an HTTP request into an api_req: the method,
 * the percent-decoded path segments, the decoded query parameters and the
 * body.  The router (route.c) finds the handler; a handler (h_*.c) reads
 * the api_req and sets its response with api_reply_json() or one of the
 * api_problem*() calls; the server then sends that response.  Nothing here
 * knows libmicrohttpd, so handlers can be read without it: request headers
 * come through api_header(), and a streamed response (Server-Sent Events)
 * is an opaque api_stream that sse.c creates and server.c sends.
 *
 * The sections below go from the top of api/ down, in the order of the
 * floors that api.h draws: a file calls only the files of its own floor
 * or below.
 */
#ifndef API_INT_H
#define API_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "dict.h"
#include "matches.h"

#define API_URI_MAX 8192    /* longest request target accepted */
#define API_SEG_MAX 16      /* most path segments */
#define API_QUERY_MAX 64    /* most query parameters */
#define API_PARAMS_MAX 4    /* most {placeholders} in one route */
#define API_HDRS_MAX 6      /* most extra response headers */

typedef struct api_stream api_stream;   /* one Server-Sent Events stream */
typedef struct api_wait api_wait;       /* a deferred answer (request.h) */
typedef struct api_sse_hub api_sse_hub; /* the streams of one server */
typedef struct api_metrics api_metrics; /* the counters of one server (metrics.h) */
typedef struct api_cors api_cors;       /* the allowed origins (cors.h) */

/* What every request of one server may read; fixed while it runs (the
 * objects pointed to are thread-safe). */
typedef struct api_ctx {
    const dict_lib *dicts;
    match_store *matches;     /* NULL: this server runs no games */
    api_sse_hub *sse;         /* NULL when matches is NULL */
    size_t max_body;
    int verbose;
    const char *instance;     /* NULL, or X-Wibbelld-Instance's value */
    api_metrics *metrics;     /* the counters of GET /metrics */
    const api_cors *cors;     /* NULL: no cross-origin reads */
} api_ctx;

/* One extra response header; `val` is owned (malloc). */
typedef struct api_hdr {
    const char *name;
    char *val;
} api_hdr;

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
    unsigned route;           /* the route found: its index in route.c's
                               * table + 1; 0 when none matched */
    int preflight;            /* an OPTIONS request (CORS preflight) */
    const char *arg[API_PARAMS_MAX]; /* the route's {placeholders}, in order */
    size_t arglen[API_PARAMS_MAX];
    api_param query[API_QUERY_MAX];
    size_t nquery;
    const char *body;         /* the request body, not NUL-terminated */
    size_t body_len;
    void *conn;               /* the server's connection, for api_header() */
    char *room;               /* the server's room for a small response body
                               * (room_cap bytes, or NULL): a handler may
                               * write its body there and point out_static
                               * at it; valid until the response is sent */
    size_t room_cap;
    api_wait *wait;           /* the server's, for api_defer() */

    /* --- the response (set by a handler or the router) --- */
    unsigned status;          /* 0 until a response is set */
    char *out;                /* body owned by the request (malloc) */
    const char *out_static;   /* or a static body */
    size_t out_len;
    const char *content_type;
    const char *cache_control;
    const char *allow;        /* the Allow header of a 405, or NULL */
    api_hdr hdr[API_HDRS_MAX]; /* more headers (ETag, Location, ...) */
    size_t nhdr;
    api_stream *stream;       /* a streamed body instead of out (sse.c);
                               * owned until the server takes it */
    const char *code;         /* the problem code, for the log */
    char *note;               /* why a 5xx happened, for the log (malloc) */
} api_req;

typedef void (*api_handler)(api_req *r);

/* --- route.c: the router (top: only server.c calls it) ---------------- */

/* Parse `uri` (the raw request target, as sent), find the route and run
 * its handler.  Always leaves a response in `r`. */
void api_route(api_req *r, const char *uri);

/* The routes of the table, for the server (the metrics' labels, CORS):
 * how many, and the method
 * ("GET", "POST", "DELETE") and path pattern ("/v1/games/{}") of route
 * i < api_route_count() (api_req.route - 1); static strings. */
size_t api_route_count(void);
const char *api_route_method(size_t i);
const char *api_route_path(size_t i);
/* Is route i read-only and open to any origin under --cors-origin '*'
 * (the dictionary's routes, /openapi.json, /v1/version, /healthz)? */
int api_route_public(size_t i);

/* --- handlers (h_*.c, metrics.c): called by route.c's table only ------ */

void api_h_healthz(api_req *r);
void api_h_readyz(api_req *r);
void api_h_version(api_req *r);
void api_h_openapi(api_req *r);
void api_h_metrics(api_req *r);      /* GET /metrics (metrics.c) */

void api_h_join(api_req *r);          /* h_class.c */
void api_h_member_put(api_req *r);
void api_h_member_delete(api_req *r);
void api_h_member_token(api_req *r);
void api_h_class_put(api_req *r);

void api_h_dictionaries(api_req *r);
void api_h_word(api_req *r);
void api_h_match(api_req *r);
void api_h_prefix(api_req *r);
void api_h_pattern(api_req *r);
void api_h_check(api_req *r);

void api_h_games(api_req *r);        /* GET /v1/games */
void api_h_game_create(api_req *r);  /* POST /v1/games */
void api_h_game_view(api_req *r);    /* GET /v1/games/{id} */
void api_h_game_delete(api_req *r);  /* DELETE /v1/games/{id} */
void api_h_game_actions(api_req *r); /* GET /v1/games/{id}/actions */
void api_h_game_act(api_req *r);     /* POST /v1/games/{id}/actions */
void api_h_game_end(api_req *r);     /* POST /v1/games/{id}/end */
void api_h_game_seat(api_req *r);    /* PUT /v1/games/{id}/seats/{n} */
void api_h_game_log(api_req *r);     /* GET /v1/games/{id}/log */
void api_h_game_events(api_req *r);  /* GET /v1/games/{id}/events */
void api_h_game_query(api_req *r);   /* GET /v1/games/{id}/query/{name} */
void api_h_matches(api_req *r);      /* GET /v1/matches */

void api_h_web_index(api_req *r);    /* GET / (the word judge) */
void api_h_web_file(api_req *r);     /* GET /web/{file} */
void api_h_game_ticket(api_req *r);  /* POST /v1/games/{id}/tickets */

/* The embedded OpenAPI document (generated from api/openapi.json). */
extern const unsigned char api_openapi_json[];
extern const size_t api_openapi_json_len;

/* --- auth.c: who is calling a match (for the handlers) ---------------- */

#define API_TICKET_HEX 32   /* a stream ticket: 16 random bytes in hex */
#define API_TICKET_TTL_S 60 /* how long a ticket stays good, unused */

/* Who is calling match `id` by its Authorization header: *seat gets a
 * seat, GAME_SEAT_HOST or GAME_SEAT_PUBLIC (no Authorization).  Returns 0,
 * or -1 with a problem set: 401 for a malformed Authorization, 403 for a
 * token that is not this match's, 404 for no such match. */
int api_caller(api_req *r, const char *id, int *seat);

/* Set the 404 unknown_match problem for match `id` (quoted, clipped). */
void api_no_match(api_req *r, const char *id);

/* A new stream ticket for `seat` of match `id` into hex (NUL-terminated).
 * Returns 0, or -1 with a problem set (503 too_many_streams when the table
 * is full, 500 when no randomness). */
int api_ticket_new(api_req *r, const char *id, int seat, char hex[API_TICKET_HEX + 1]);

/* Use up stream ticket hex[0..len) of match `id`: *seat gets the seat it
 * stands for.  Returns 0, or -1 with a 403 set when the ticket is unknown,
 * used, expired or another match's. */
int api_ticket_redeem(api_req *r, const char *id, const char *hex, size_t len, int *seat);

/* --- sse.c: Server-Sent Events (for the handlers) --------------------- */

/* Answer the request with the event stream of match `id` as `seat` sees
 * it: the view first (unless `has_after`), then the log entries after
 * version `after` (or the view's), then each new one as it is applied,
 * and `end` once the match is finished or gone.  Sets r->stream and a 200,
 * or a problem (503 too_many_streams, 404 unknown_match). */
void api_sse_open(api_req *r, const char *id, int seat, int has_after, uint64_t after);

/* Release a stream that was never handed to the server. */
void api_sse_discard(api_stream *st);

/* The streams open now on hub `h` (0 for NULL). */
unsigned api_sse_open_count(api_sse_hub *h);

/* --- csv.c: tables as CSV (for the handlers) -------------------------- */

/* {"rows":[{...},...]} as RFC 4180 CSV: a new buffer of *len bytes (not
 * NUL-terminated; the caller frees it), or NULL when `res` has no such
 * form. */
char *api_csv(const json_t *res, size_t *len);

/* --- request.c: what a handler reads of its request ------------------- */

/* The value of request header `name` (case-insensitive), or NULL; valid
 * until the request ends. */
const char *api_header(const api_req *r, const char *name);

/* Milliseconds of the monotonic clock (for the tickets' and the join
 * limit's windows). */
int64_t api_mono_ms(void);

/* The client's IP address (4 or 16 bytes) into out: its length, or 0 when
 * unknown. */
size_t api_client_ip(const api_req *r, unsigned char out[16]);

/* Answer later, from another thread: a handler calls api_defer(r) before
 * it starts work that finishes elsewhere, and returns; the server then
 * holds the connection without a worker thread.  Whoever finishes sets the
 * response in r (api_reply_json, api_problem, api_add_header; never
 * api_header) and calls api_resume(r) exactly once; r may be gone as soon
 * as api_resume() returns.  A handler whose work failed at once sets its
 * problem and calls api_resume(r) itself. */
void api_defer(api_req *r);
void api_resume(api_req *r);
/* Did the handler defer its answer?  Only for the thread that ran it. */
int api_is_deferred(const api_req *r);

/* The value of the first query parameter named `key`, or NULL. */
const char *api_query(const api_req *r, const char *key, size_t *len);

/* Read the unsigned decimal query parameter `key` into *out: `def` when it
 * is absent.  Returns 0, or -1 with a 400 bad_parameter set when it is not
 * a number in [min, max]. */
int api_query_size(api_req *r, const char *key, size_t def, size_t min,
                   size_t max, size_t *out);

/* Read the unsigned decimal s[0..len) into *out (at most UINT64_MAX).
 * Returns 0, or -1 when it is not such a number. */
int api_parse_u64(const char *s, size_t len, uint64_t *out);

/* --- idem.c: request ids, the Idempotency-Key header (for the handlers) -- */

/* A request to a match that changes it, with its key (matches.h's
 * match_key) and the room for it, from the handler to its answer. */
typedef struct api_keyed {
    api_req *r;
    match_key k;
    char key[MATCH_KEY_MAX + 1];
} api_keyed;

/* Read the Idempotency-Key header of r into k (k->k.key NULL when there
 * is none; the draft's form, a quoted string, is taken without its
 * quotes): 0, or -1 with a 400 bad_idempotency_key set. */
int api_idem_read(api_req *r, api_keyed *k);
/* On a successful answer: the header Idempotent-Replayed: true when the
 * store answered it as the first request with its key. */
void api_idem_answered(api_req *r, const api_keyed *k);
/* After a refusal: when it was the key's (k->k.reused), the 422
 * idempotency_key_reused with `why`, and 1; else 0. */
int api_idem_refused(api_req *r, const api_keyed *k, const char *why);

/* --- json.c: JSON bodies, in and out ---------------------------------- */

/* Set a JSON response: `body` is serialised compactly and released (the
 * reference is stolen).  A NULL body, or one that cannot be serialised,
 * gives a 500 instead. */
void api_reply_json(api_req *r, unsigned status, json_t *body);
/* The same with the body's JSON text already written (malloc'd: the
 * request takes it; NULL: it could not be written, a 500). */
void api_reply_text(api_req *r, unsigned status, char *text, size_t len);

/* Parse the request body as a JSON object into *out (a new reference).
 * Returns 0, or -1 with a problem set (bad_utf8, bad_json, bad_request). */
int api_body_object(api_req *r, json_t **out);

/* A JSON array of the strings v[0..n), or NULL when out of memory. */
json_t *api_json_strings(char *const *v, size_t n);

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
    API_P_UNKNOWN_GAME,       /* 400 no game of that name */
    API_P_UNAUTHORIZED,       /* 401 no or malformed credentials */
    API_P_FORBIDDEN,          /* 403 credentials that do not allow this */
    API_P_UNKNOWN_MATCH,      /* 404 no such match */
    API_P_NOT_YOUR_TURN,      /* 409 this seat may not act now */
    API_P_STALE_VERSION,      /* 412 If-Match is not the current version */
    API_P_ILLEGAL_ACTION,     /* 422 the rules do not allow it */
    API_P_MATCH_LIMIT,        /* 503 too many live matches */
    API_P_TOO_MANY_STREAMS,   /* 503 too many event streams open */
    API_P_UNSUPPORTED_MEDIA_TYPE, /* 415 a body that is not application/json */
    API_P_REQUEST_TIMEOUT,    /* 408 the request head came too slowly */
    API_P_HEAD_TOO_LARGE,     /* 431 a head larger than a connection holds */
    API_P_STORAGE_FULL,       /* 503 a commit failed: disk or map full */
    API_P_STORAGE_UNAVAILABLE, /* 503 a commit failed: I/O or storage error */
    API_P_UNKNOWN_JOIN_CODE,  /* 404 no class has that join code */
    API_P_TOO_MANY_ATTEMPTS,  /* 429 too many wrong join codes from one address */
    API_P_BAD_NICKNAME,       /* 400 not a nickname, or one the class refuses */
    API_P_NICKNAME_TAKEN,     /* 409 a member of the class has it */
    API_P_CLASS_LOCKED,       /* 409 the teacher locked the class */
    API_P_CLASS_FULL,         /* 409 the class has its most members */
    API_P_TEAM_FULL,          /* 409 the team has its most members */
    API_P_CLASS_OVER,         /* 409 the class's match is over */
    API_P_BAD_IDEMPOTENCY_KEY, /* 400 an Idempotency-Key that is not one */
    API_P_IDEMPOTENCY_KEY_REUSED, /* 422 a key already used for another request */
    API_P_COUNT_
} api_prob;

/* Set a problem+json response of kind `p`; `fmt` gives the detail.  For
 * API_P_INTERNAL the detail is logged, and the client gets a generic one.
 * Extra headers set before are dropped; the kind's own header (Retry-After
 * of a 503, WWW-Authenticate of a 401) is added. */
void api_problem(api_req *r, api_prob p, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The problem kind the table gives a wb_err code (WB_EUTF8: bad_utf8,
 * WB_ENOTWORD: bad_word, storage errors: internal, ...). */
api_prob api_prob_of_err(int err);

/* The HTTP status and the stable code of a problem kind. */
unsigned api_prob_status(api_prob p);
const char *api_prob_code(api_prob p);

/* --- reply.c: the response primitives --------------------------------- */

/* Add response header `name` (a static string) with a printf value; at
 * most API_HDRS_MAX, more are dropped.  Setting a problem clears them. */
void api_add_header(api_req *r, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Drop the extra response headers. */
void api_clear_headers(api_req *r);

/* Set a response with a static body that is sent as it is. */
void api_reply_static(api_req *r, unsigned status, const char *content_type,
                      const char *cache_control, const char *body, size_t len);

/* --- text.c: bytes ---------------------------------------------------- */

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

#endif
