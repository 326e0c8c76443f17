/*
 * api.h - the HTTP layer of wibbelld: the public API of api/.
 *
 * api/ turns HTTP requests into calls on the dictionary (dict.h) and the
 * game framework (matches.h) and the results into JSON responses (or
 * Server-Sent Events); errors become application/problem+json documents
 * (RFC 9457).  It is the only module, besides the daemon's
 * main, that knows libmicrohttpd; nothing of it shows through this header.
 *
 * A server runs its own threads (one per worker, each polling its own
 * libmicrohttpd daemon; see workers.h).  api_server_start() returns once the socket is bound
 * and listening; api_server_stop() returns once every request in flight
 * has finished and every thread has exited.
 *
 * The floors of api/, top down.  Calls go one way, down: a file calls
 * files of the floors below its own (and, on the bottom floor, those to
 * its right), never one above; `tests/house/house.py circles` fails on a
 * circle of calls between files.
 *
 *   server.c       libmicrohttpd: the daemon, each request's closure and
 *      |           body, sending the answer, the access log, start/stop
 *   route.c        the route table: a target to its handler; 404, 405,
 *      |           OPTIONS and CORS preflights
 *   h_meta.c  h_dict.c  h_games.c  h_web.c  metrics.c (GET /metrics)
 *      |           the handlers, one file per family of resources
 *   check_fast.c  auth.c  sse.c  csv.c
 *      |           what handlers share: the check's fast path, who is
 *      |           calling a match (tokens, stream tickets), event
 *      |           streams, CSV
 *   json.c > request.c > problem.c > reply.c    text.c
 *                  request and reply helpers: JSON bodies in and out;
 *                  headers, query parameters and deferred answers;
 *                  problem+json; extra headers and static bodies; UTF-8,
 *                  clipping, percent-decoding
 *
 * The server's parts sit beside it and call nothing above them:
 * workers.c (the poll loops; it also resumes a connection for request.c
 * and sse.c), gzip.c, cors.c (also asked by route.c), access_log.c and
 * metrics.c's counters.  A lower part that must report up is handed what
 * it needs instead of calling up: the counters get the routes' names from
 * the server at creation (api_metrics_create), a deferred answer comes
 * back through the callback a handler gives the match store, and an event
 * stream is woken by the callback sse.c gives match_subscribe.
 */
#ifndef API_H
#define API_H

#include <limits.h>
#include <stddef.h>

#include "dict.h"
#include "matches.h"

typedef struct api_server api_server;

#define API_PORT_DEFAULT 8080
#define API_MAX_BODY_DEFAULT ((size_t)64 * 1024) /* bytes of request body */
#define API_PER_IP_DEFAULT 1024u   /* connections from one client address */
#define API_HEAD_TIMEOUT_DEFAULT 10u /* seconds for a request head */
#define API_UNLIMITED UINT_MAX     /* per_ip_limit: no cap */

typedef struct api_config {
    const char *host;          /* address to bind: "127.0.0.1", "::1",
                                * "0.0.0.0", "localhost"...; NULL is
                                * 127.0.0.1 */
    unsigned port;             /* 0: any free port (see api_server_port) */
    unsigned threads;          /* worker threads; 0: one per CPU */
    size_t max_body;           /* largest request body; 0: the default */
    unsigned connection_limit; /* open connections; 0: from RLIMIT_NOFILE */
    unsigned per_ip_limit;     /* open connections from one client address
                                * (IPv6: one /64); further ones are closed
                                * at once; 0: 1024; API_UNLIMITED: no cap */
    unsigned head_timeout_s;   /* a request head must arrive whole within
                                * this many seconds of its first byte, or
                                * the client gets a 408 and is cut off;
                                * 0: 10 */
    int verbose;               /* log one line per request to stderr (5xx
                                * responses are logged always) */
    const dict_lib *dicts;     /* the dictionaries served; borrowed, must
                                * outlive the server */
    match_store *matches;      /* the matches served; borrowed, must
                                * outlive the server; NULL: no games */
    unsigned max_streams;      /* open event streams; 0: 256 */
    unsigned heartbeat_s;      /* keep-alive comment on an idle event
                                * stream every this many seconds; 0: 15 */
    const char *cors_origins;  /* NULL, or --cors-origin's list: origins
                                * that may call every route, and "*": any
                                * origin the read-only dictionary routes
                                * (api_cors_check() format) */
    const char *access_log;    /* NULL, or a file to append one line per
                                * request to ("-": standard output) */
    const char *instance;      /* NULL, or this daemon's name among several:
                                * every response carries it in
                                * X-Wibbelld-Instance; borrowed */
} api_config;

/* Fill `cfg` with the defaults: 127.0.0.1:8080, one thread per CPU, a
 * 64 KiB body limit, quiet, no dictionaries, no matches, 256 event streams
 * with a heartbeat every 15 s. */
void api_config_init(api_config *cfg);

/* Bind the address of `cfg` and start serving.  `cfg` is read during the
 * call only, except `dicts`, `matches` and `instance`, which are borrowed.  Returns WB_OK and the
 * server in *out; WB_EINVAL when `cfg` is unusable (no dictionaries, an
 * address that does not resolve), WB_EIO when the socket cannot be bound
 * (address in use, permission) or the threads cannot start; the reason is
 * also logged to stderr. */
int api_server_start(const api_config *cfg, api_server **out);

/* Is `list` a --cors-origin list: comma-separated origins, each "*" or
 * http(s)://HOST[:PORT]?  Returns 0, or -1 with the reason in *why (a
 * static string). */
int api_cors_check(const char *list, const char **why);

/* The port the server is bound to: the real one when 0 was asked for. */
unsigned api_server_port(const api_server *s);

/* Stop accepting, end the event streams (each sends what it has and
 * closes; clients resume with Last-Event-ID), finish the requests in
 * flight, join the threads and free `s`.  NULL is allowed.  The match
 * store may be closed once this returns. */
void api_server_stop(api_server *s);

#endif
