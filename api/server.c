/*
 * server.c - libmicrohttpd wiring: the daemon, the request closure, the
 * body, the response and the access log.
 *
 * The connections are served by workers.c: one libmicrohttpd daemon per
 * worker thread, all on one listening socket, polled by our own loop (MHD's
 * internal epoll loop of 0.9.75 stalls; see workers.h), with a deadline on
 * request heads and a cap on connections per client address.  Each request
 * gets an api_conn closure, created in the URI
 * log callback (which sees the request target exactly as the client sent
 * it, before MHD unescapes anything) and freed in the completion callback,
 * whatever way the request ends.  The body is accumulated in the closure
 * up to the configured limit: a Content-Length over the limit is refused
 * before any of the body is read, a chunked body the moment it crosses the
 * limit.  Responses are destroyed right after queueing; MHD holds its own
 * reference until the response is sent.
 *
 * Event streams (sse.c) suspend their connection while they have nothing
 * to send, so the daemon allows suspension; on stop, the streams are ended
 * and resumed before the workers stop their daemons (MHD_stop_daemon() must
 * find none suspended).
 *
 * A handler whose answer comes from another thread (an action, answered
 * once the writer has made it durable) defers it (api_defer, request.c):
 * the connection is suspended, so no worker thread waits on the disk, and
 * resumed by api_resume() once the answer is in the request; MHD then calls
 * on_access again, which sends it.  The stop waits for deferred answers.
 */
#include "access_log.h"
#include "api.h"
#include "api_int.h"
#include "cors.h"
#include "gzip.h"
#include "metrics.h"
#include "request.h"
#include "sse.h"
#include "workers.h"

#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <limits.h>
#include <sched.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "wb_err.h"
#include "wb_mem.h"

#define CONN_TIMEOUT_S 60u
#define GZIP_LEVEL 4 /* bodies built per request: cheap and most of the gain */
#define LOG_URI_MAX 200
/* MHD's memory per connection: the request head is read into it (a
 * target of API_URI_MAX and 4 KB of other headers fit), the response head
 * written into it.  MHD zeroes all of it after every request; its default
 * of 32 KB made that 9% of the CPU time of a check. */
#define CONN_POOL (API_URI_MAX + 4096)

struct api_server {
    api_workers *workers;
    api_ctx ctx;
    char *timeout_reply; /* the raw 408 of the head deadline */
    char *too_large_reply; /* the raw 431 of a head MHD had no room for */
    int access_fd;       /* --access-log, or -1 */
    api_cors *cors;      /* --cors-origin, or NULL */
    api_gzip_cache *gz;  /* static bodies, compressed once */
    atomic_uint deferred; /* answers deferred and not yet resumed */
};

/* The closure of one request (MHD's *req_cls). */
typedef struct api_conn {
    api_server *srv;
    char *uri;              /* the request target, raw */
    struct timespec t0;     /* when the request line arrived */
    time_t wall;            /* the same, on the wall clock (access log) */
    char method[16];
    char version[12];       /* "HTTP/1.1" */
    char *body;
    size_t len, cap;
    int seen;               /* the access handler ran once */
    int too_large;          /* the body crossed the limit: discard the rest */
    size_t discarded;       /* bytes of body read since (and before) */
    int responded;
    api_stream *stream;     /* an event stream being sent, or NULL */
    api_req req;            /* the request being answered */
    api_wait wait;
    /* what was answered, for the log */
    unsigned route;         /* api_req.route */
    unsigned status;
    size_t out_len;
    const char *code;
    char *note;
    /* Room for the common small request and answer, so that they need no
     * allocation (not cleared between requests: keep it last). */
    char uri_room[128];
    char body_room[1024];
    char out_room[1024];
} api_conn;

#define CONN_CLEARED offsetof(api_conn, uri_room)

/* The body and target live in the closure's room or on the heap. */
static void body_free(api_conn *rc)
{
    if (rc->body != rc->body_room)
        free(rc->body);
    rc->body = NULL;
    rc->len = rc->cap = 0;
}

/* Closures are large (they hold the api_req), and glibc consolidates its
 * small-chunk bins at every allocation of 1 KiB or more: each worker
 * thread keeps a few freed closures for its next requests instead (a
 * connection's callbacks all run in the thread of the worker that
 * accepted it). */
#define CONN_CACHE 16
static _Thread_local api_conn *conn_cache[CONN_CACHE];
static _Thread_local unsigned conn_cached;
static pthread_key_t conn_cache_key; /* its destructor frees a thread's cache */
static pthread_once_t conn_cache_once = PTHREAD_ONCE_INIT;

static void conn_cache_drop(void *unused)
{
    (void)unused;
    while (conn_cached)
        free(conn_cache[--conn_cached]);
}

static void conn_cache_init(void)
{
    pthread_key_create(&conn_cache_key, conn_cache_drop);
}

static api_conn *conn_new(void)
{
    api_conn *rc = conn_cached ? conn_cache[--conn_cached] : wb_calloc(1, sizeof *rc);
    pthread_mutex_init(&rc->wait.mu, NULL);
    return rc;
}

static void conn_free(api_conn *rc)
{
    if (rc->uri != rc->uri_room)
        free(rc->uri);
    body_free(rc);
    free(rc->note);
    pthread_mutex_destroy(&rc->wait.mu);
    if (conn_cached < CONN_CACHE) {
        memset(rc, 0, CONN_CLEARED);
        conn_cache[conn_cached++] = rc;
        /* freed when the worker thread ends (the leak checker looks) */
        pthread_once(&conn_cache_once, conn_cache_init);
        pthread_setspecific(conn_cache_key, conn_cache);
        return;
    }
    free(rc);
}

/* --- the log -------------------------------------------------------------- */

static void mhd_log(void *cls, const char *fmt, va_list ap)
{
    const api_server *s = cls;
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    size_t n = strlen(buf);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
        buf[--n] = '\0';
    /* MHD gave up on a request head too large for the connection's memory
     * (CONN_POOL): the worker answers problem+json 431 instead (workers.h).
     * Without room for the answer's head, the request's head filled the
     * memory; MHD's own 414 or 431 may come from a head of few bytes but
     * many records (200 short header lines). */
    if (strstr(buf, "failed to create response header"))
        api_workers_head_too_large(CONN_POOL / 2, 1);
    else if (strstr(buf, "<title>Request too big</title>"))
        api_workers_head_too_large(1024, 0);
    /* A malformed request, or a client that went away in the middle of a
     * response (an event stream's reader closing its tab), is the client's
     * business, not the operator's, unless asked to log requests.  (MHD
     * hands most messages as "%s", so the text is what is matched.) */
    if (!s->ctx.verbose && (strncmp(buf, "Error processing request", 24) == 0 ||
                            strncmp(buf, "Failed to send", 14) == 0 ||
                            strncmp(buf, "Closing connection (failed to create response header", 52) == 0))
        return;
    fprintf(stderr, "wibbelld: http: %s\n", buf);
}

/* The client's address as text into addr[0..cap) ("-" when unknown). */
static void client_addr(struct MHD_Connection *c, char *addr, size_t cap)
{
    snprintf(addr, cap, "-");
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (ci && ci->client_addr) {
        socklen_t alen = ci->client_addr->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                                                                : sizeof(struct sockaddr_in);
        if (getnameinfo(ci->client_addr, alen, addr, (socklen_t)cap, NULL, 0, NI_NUMERICHOST))
            snprintf(addr, cap, "-");
    }
}

/* The seconds since the request line arrived. */
static double elapsed(const api_conn *rc)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - rc->t0.tv_sec) + (double)(t1.tv_nsec - rc->t0.tv_nsec) / 1e9;
}

/* One line per request (-v): client, request line, status, size, time. */
static void log_request(struct MHD_Connection *c, const api_conn *rc,
                        enum MHD_RequestTerminationCode toe)
{
    char addr[64];
    client_addr(c, addr, sizeof addr);
    /* the target is the client's: keep control bytes, broken UTF-8 and
     * stream tickets out of the log */
    char uri[LOG_URI_MAX + 4];
    api_log_target(rc->uri ? rc->uri : "-", uri, sizeof uri);

    double ms = elapsed(rc) * 1e3;
    char status[16];
    if (rc->responded)
        snprintf(status, sizeof status, "%u", rc->status);
    else
        snprintf(status, sizeof status, "-");

    char line[1024];
    snprintf(line, sizeof line, "wibbelld: %s \"%s %s\" %s %zu %.3fms%s%s%s%s%s\n", addr,
             rc->method[0] ? rc->method : "-", uri, status, rc->out_len, ms,
             rc->code ? " " : "", rc->code ? rc->code : "", rc->note ? ": " : "",
             rc->note ? rc->note : "",
             toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (connection ended early)");
    fputs(line, stderr);
}

/* --- responses ---------------------------------------------------------- */

/* Compress the body of `r` when the client takes gzip and it is worth it
 * (gzip.h).  Returns 1 when the answer varies with Accept-Encoding, 2 when
 * it was also compressed, 0 when neither. */
static int gzip_body(struct MHD_Connection *c, api_server *s, api_req *r)
{
    if (r->stream || r->out_len < API_GZIP_MIN || !api_gzip_type(r->content_type))
        return 0;
    const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                 MHD_HTTP_HEADER_ACCEPT_ENCODING);
    if (!ae || !api_gzip_accepted(ae))
        return 1;
    size_t n;
    /* a body in the closure's room (check_fast.c) is built per request
     * too, whatever out_static says */
    uintptr_t p = (uintptr_t)r->out_static, room = (uintptr_t)r->room;
    if (r->out || (r->room && p >= room && p < room + r->room_cap)) {
        char *gz = api_gzip(r->out ? r->out : r->out_static, r->out_len, GZIP_LEVEL, &n);
        if (!gz)
            return 1;
        free(r->out);
        r->out = gz;
        r->out_static = NULL;
    } else {
        const char *gz = api_gzip_static(s->gz, r->out_static, r->out_len, &n);
        if (!gz)
            return 1;
        r->out_static = gz;
    }
    r->out_len = n;
    return 2;
}

/* Append `what` to the Vary list in vary[0..cap). */
static void vary_add(char *vary, size_t cap, const char *what)
{
    size_t n = strlen(vary);
    snprintf(vary + n, cap - n, "%s%s", n ? ", " : "", what);
}

/* Queue the response held by `r` and note it for the log. */
static enum MHD_Result send_req(struct MHD_Connection *c, api_conn *rc, api_req *r)
{
    struct MHD_Response *resp;
    int coded = gzip_body(c, rc->srv, r);
    if (r->stream) {
        api_stream *st = r->stream;
        r->stream = NULL;
        resp = api_sse_response(st, c);
        if (resp)
            rc->stream = st; /* closed in on_completed, whatever happens */
    } else if (r->out) {
        resp = MHD_create_response_from_buffer_with_free_callback(r->out_len, r->out, free);
        if (resp)
            r->out = NULL; /* MHD frees it now */
    } else {
        /* MHD does not write to a persistent buffer; the cast only drops
         * const from a static body */
        resp = MHD_create_response_from_buffer(r->out_len, (void *)(uintptr_t)r->out_static,
                                               MHD_RESPMEM_PERSISTENT);
    }
    if (!resp) {
        fprintf(stderr, "wibbelld: cannot create a response (out of memory)\n");
        return MHD_NO;
    }
    int ok = 1;
    if (r->content_type)
        ok &= MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, r->content_type) ==
              MHD_YES;
    if (r->cache_control)
        ok &= MHD_add_response_header(resp, MHD_HTTP_HEADER_CACHE_CONTROL, r->cache_control) ==
              MHD_YES;
    if (r->allow)
        ok &= MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, r->allow) == MHD_YES;
    /* one Vary for all it varies with: the handler's (Authorization),
     * the coding's and the origin's */
    char vary[96] = "";
    for (size_t i = 0; i < r->nhdr; i++) {
        if (strcasecmp(r->hdr[i].name, "Vary") == 0)
            vary_add(vary, sizeof vary, r->hdr[i].val);
        else
            ok &= MHD_add_response_header(resp, r->hdr[i].name, r->hdr[i].val) == MHD_YES;
    }
    ok &= MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff") == MHD_YES;
    if (coded)
        vary_add(vary, sizeof vary, "Accept-Encoding");
    if (coded == 2)
        ok &= MHD_add_response_header(resp, "Content-Encoding", "gzip") == MHD_YES;
    if (rc->srv->ctx.instance)
        ok &= MHD_add_response_header(resp, "X-Wibbelld-Instance", rc->srv->ctx.instance) ==
              MHD_YES;
    const api_cors *cors = rc->srv->ctx.cors;
    if (cors) {
        int pub = r->route && api_route_public(r->route - 1);
        const char *acao = api_cors_allow(
            cors, MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin"), pub);
        if (acao) {
            ok &= MHD_add_response_header(resp, "Access-Control-Allow-Origin", acao) == MHD_YES;
            if (!r->preflight)
                ok &= MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                                              "ETag, Location, Retry-After, WWW-Authenticate, "
                                              "X-Wibbelld-Instance") == MHD_YES;
        }
        if (api_cors_varies(cors, pub))
            vary_add(vary, sizeof vary, "Origin");
    }
    if (vary[0])
        ok &= MHD_add_response_header(resp, "Vary", vary) == MHD_YES;

    rc->route = r->route;
    rc->status = r->status;
    rc->out_len = r->out_len;
    rc->code = r->code;
    free(rc->note);
    rc->note = r->note;
    r->note = NULL;

    enum MHD_Result ret = ok ? MHD_queue_response(c, r->status, resp) : MHD_NO;
    MHD_destroy_response(resp);
    if (ret == MHD_YES) {
        rc->responded = 1;
        struct timespec t1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        int64_t ns = (int64_t)(t1.tv_sec - rc->t0.tv_sec) * 1000000000 +
                     (t1.tv_nsec - rc->t0.tv_nsec);
        api_metrics_count(rc->srv->ctx.metrics, r->preflight ? 0 : r->route, r->status,
                          ns > 0 ? (uint64_t)ns : 0);
    }
    return ret;
}

/* Release what the request owns (segments, query, response body and
 * stream if they were not handed over, headers, note).  The request itself
 * is the closure's. */
static void req_cleanup(api_req *r)
{
    if (r->stream)
        api_sse_discard(r->stream);
    r->stream = NULL;
    api_clear_headers(r);
    free(r->pathbuf);
    free(r->querybuf);
    free(r->out);
    free(r->note);
    r->pathbuf = r->querybuf = r->out = r->note = NULL;
    r->nseg = r->nquery = 0;
}

/* Send the answer held in rc->req and release the request. */
static enum MHD_Result finish(struct MHD_Connection *c, api_conn *rc)
{
    enum MHD_Result ret = send_req(c, rc, &rc->req);
    req_cleanup(&rc->req);
    body_free(rc);
    rc->wait.deferred = 0;
    return ret;
}

/* Route and answer the request whose body (if any) is complete. */
static enum MHD_Result handle(struct MHD_Connection *c, api_conn *rc)
{
    api_req *r = &rc->req;
    memset(r, 0, sizeof *r);
    r->ctx = &rc->srv->ctx;
    r->conn = c;
    r->wait = &rc->wait;
    r->method = rc->method;
    r->body = rc->body;
    r->body_len = rc->len;
    r->room = rc->out_room;
    r->room_cap = sizeof rc->out_room;
    rc->wait.c = c;
    rc->wait.deferred = rc->wait.done = rc->wait.suspended = 0;
    api_route(r, rc->uri ? rc->uri : "/");
    if (rc->wait.deferred) {
        pthread_mutex_lock(&rc->wait.mu);
        if (!rc->wait.done) {
            /* under the lock, so api_resume() sees `suspended` only once
             * the connection really is suspended */
            rc->wait.suspended = 1;
            MHD_suspend_connection(c);
            pthread_mutex_unlock(&rc->wait.mu);
            return MHD_YES;
        }
        pthread_mutex_unlock(&rc->wait.mu);
    }
    return finish(c, rc);
}

static enum MHD_Result reply_too_large(struct MHD_Connection *c, api_conn *rc)
{
    api_req r;
    memset(&r, 0, sizeof r);
    r.ctx = &rc->srv->ctx;
    r.conn = c;
    api_problem(&r, API_P_BODY_TOO_LARGE, "the request body is larger than %zu bytes",
                rc->srv->ctx.max_body);
    enum MHD_Result ret = send_req(c, rc, &r);
    req_cleanup(&r);
    return ret;
}

/* --- MHD callbacks ------------------------------------------------------ */

static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    api_conn *rc = conn_new();
    rc->srv = cls;
    rc->wait.pending = &rc->srv->deferred;
    size_t l = uri ? strlen(uri) : 0;
    rc->uri = l < sizeof rc->uri_room ? rc->uri_room : wb_malloc(l + 1);
    memcpy(rc->uri, uri ? uri : "", l);
    rc->uri[l] = '\0';
    /* Next MHD parses the query string into the connection's memory
     * pool, a record of about 56 bytes per parameter: a few hundred of
     * them fill the pool (CONN_POOL), and MHD then closes the connection
     * without an answer, as it has no room left to write one.  route.c
     * parses the copy above and nothing asks MHD for the arguments, so
     * MHD is handed an empty query: the NUL written after the '?' ends
     * the string it parses (in place, in its own read buffer; MHD 0.9.75
     * found the '?' before calling us).  A request then reaches the
     * router whatever its number of parameters, and gets its answer
     * (400 past API_QUERY_MAX).  tests/e2e/test_http.py holds this. */
    char *q = uri ? strchr(uri, '?') : NULL;
    if (q)
        q[1] = '\0';
    clock_gettime(CLOCK_MONOTONIC, &rc->t0);
    if (rc->srv->access_fd >= 0)
        rc->wall = time(NULL);
    return rc;
}

/* MHD would unescape the path in place, merging an escaped '/' into the
 * path; route.c decodes segment by segment instead. */
static size_t unescape_none(void *cls, struct MHD_Connection *c, char *s)
{
    return strlen(s);
}

/* How much of a chunked body over the limit is read (and thrown away)
 * before the connection is dropped instead of answered. */
static size_t discard_max(size_t max)
{
    size_t m = max > SIZE_MAX / 16 ? SIZE_MAX : max * 16;
    return m < ((size_t)1 << 20) ? (size_t)1 << 20 : m;
}

/* Parse a Content-Length value; -1 when it is not a plain number. */
static long long content_length(const char *s)
{
    if (!s || !*s)
        return -1;
    long long n = 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || n > (LLONG_MAX - 9) / 10)
            return -1;
        n = n * 10 + (*s - '0');
    }
    return n;
}

static enum MHD_Result on_access(void *cls, struct MHD_Connection *c, const char *url,
                                 const char *method, const char *version,
                                 const char *upload_data, size_t *upload_data_size,
                                 void **req_cls)
{
    api_server *s = cls;
    api_conn *rc = *req_cls;
    size_t max = s->ctx.max_body;

    if (!rc) { /* the URI log callback always runs first; be safe anyway */
        rc = on_uri(s, url, c);
        *req_cls = rc;
    }
    if (!rc->seen) {
        rc->seen = 1;
        api_workers_head_done(c);
        size_t ml = strnlen(method, sizeof rc->method - 1);
        memcpy(rc->method, method, ml);
        rc->method[ml] = '\0';
        size_t vl = strnlen(version ? version : "", sizeof rc->version - 1);
        memcpy(rc->version, version ? version : "", vl);
        rc->version[vl] = '\0';
        const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                     MHD_HTTP_HEADER_CONTENT_LENGTH);
        long long n = content_length(cl);
        if (n > 0 && (unsigned long long)n > max) {
            rc->too_large = 1;
            /* A client waiting for 100-continue, or a body far over the
             * limit: refuse before reading a byte of it; MHD closes the
             * connection after the answer, as the body is left unread.
             * Else read it and throw it away, and answer at its end:
             * closing with unread data resets the connection, and a
             * proxy in front (which sends the body at once) would lose
             * the 413 and answer 502 instead. */
            const char *ex = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                         MHD_HTTP_HEADER_EXPECT);
            if ((ex && strcasecmp(ex, "100-continue") == 0) ||
                (unsigned long long)n > discard_max(max))
                return reply_too_large(c, rc);
            return MHD_YES;
        }
        /* Answering now, before MHD has seen the end of the request,
         * would cost the keep-alive: wait for the call that ends it. */
        if (n > 0) {
            rc->body = (size_t)n <= sizeof rc->body_room ? rc->body_room : wb_malloc((size_t)n);
            rc->cap = (size_t)n;
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        size_t n = *upload_data_size;
        *upload_data_size = 0;
        if (rc->too_large) {
            /* MHD cannot answer in the middle of a body: read on, so the
             * client hears 413 at its end, but not forever */
            rc->discarded += n;
            if (rc->discarded > discard_max(max)) {
                free(rc->note);
                rc->note = wb_strdup("body far over the limit: connection closed");
                return MHD_NO;
            }
            return MHD_YES;
        }
        if (n > max - rc->len) {
            rc->too_large = 1;
            rc->discarded = rc->len + n;
            body_free(rc);
            return MHD_YES;
        }
        if (rc->body == rc->body_room && rc->len + n > rc->cap) {
            /* more than its Content-Length said: to the heap */
            char *b = wb_malloc(rc->len + n);
            memcpy(b, rc->body, rc->len);
            rc->body = b;
            rc->cap = rc->len + n;
        }
        rc->body = wb_grow(rc->body, &rc->cap, rc->len + n, 1);
        memcpy(rc->body + rc->len, upload_data, n);
        rc->len += n;
        return MHD_YES;
    }
    if (rc->responded)
        return MHD_YES;
    if (rc->wait.deferred) {
        /* resumed: the deferred answer is in */
        pthread_mutex_lock(&rc->wait.mu);
        int done = rc->wait.done;
        pthread_mutex_unlock(&rc->wait.mu);
        return done ? finish(c, rc) : MHD_YES;
    }
    if (rc->too_large)
        return reply_too_large(c, rc);
    return handle(c, rc);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **req_cls,
                         enum MHD_RequestTerminationCode toe)
{
    api_conn *rc = *req_cls;
    api_workers_request_done(c);
    if (!rc)
        return;
    *req_cls = NULL;
    if (rc->stream)
        api_sse_close(rc->stream);
    if (rc->srv->ctx.verbose || (rc->responded && rc->status >= 500))
        log_request(c, rc, toe);
    if (rc->srv->access_fd >= 0) {
        char addr[64], target[LOG_URI_MAX + 4];
        client_addr(c, addr, sizeof addr);
        api_log_target(rc->uri ? rc->uri : "-", target, sizeof target);
        api_access_log_write(rc->srv->access_fd, addr, rc->wall, rc->method[0] ? rc->method : "-",
                             target, rc->version, rc->responded ? rc->status : 0, rc->out_len,
                             elapsed(rc));
    }
    conn_free(rc);
}

/* --- the server --------------------------------------------------------- */

static unsigned cpu_count(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        return (unsigned)CPU_COUNT(&set);
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (unsigned)n : 1;
}

/* Leave room under the descriptor limit for the dictionaries and logs. */
static unsigned default_connection_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return 10000;
    if (rl.rlim_cur <= 256)
        return (unsigned)(rl.rlim_cur / 2);
    rlim_t n = rl.rlim_cur - 128;
    return n > 100000 ? 100000 : (unsigned)n;
}

void api_config_init(api_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->host = "127.0.0.1";
    cfg->port = API_PORT_DEFAULT;
    cfg->max_body = API_MAX_BODY_DEFAULT;
    cfg->max_streams = API_SSE_MAX_DEFAULT;
    cfg->heartbeat_s = API_SSE_HEARTBEAT_DEFAULT;
}

/* A raw response the workers send past MHD: a problem document built by
 * the one problem table, with Connection: close. */
static char *raw_reply(api_server *s, api_prob prob, const char *reason, size_t *len,
                       const char *fmt, unsigned n)
{
    api_req r;
    memset(&r, 0, sizeof r);
    r.ctx = &s->ctx;
    api_problem(&r, prob, fmt, n);
    char *out = wb_asprintf("HTTP/1.1 %u %s\r\nContent-Type: %s\r\n"
                            "Content-Length: %zu\r\nConnection: close\r\n\r\n%.*s",
                            r.status, reason, r.content_type, r.out_len, (int)r.out_len,
                            r.out ? r.out : r.out_static);
    req_cleanup(&r);
    *len = strlen(out);
    return out;
}

int api_server_start(const api_config *cfg, api_server **out)
{
    int rc = WB_OK;
    struct addrinfo *ai = NULL;
    api_server *s = NULL;
    const char *host = cfg->host ? cfg->host : "127.0.0.1";

    *out = NULL;
    if (!cfg->dicts || cfg->port > 65535) {
        rc = WB_EINVAL;
        goto out;
    }
    char port[8];
    snprintf(port, sizeof port, "%u", cfg->port);
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    int gai = getaddrinfo(host, port, &hints, &ai);
    if (gai != 0 || !ai) {
        fprintf(stderr, "wibbelld: cannot resolve the address %s: %s\n", host,
                gai ? gai_strerror(gai) : "no address");
        rc = WB_EINVAL;
        goto out;
    }

    s = wb_calloc(1, sizeof *s);
    s->access_fd = -1;
    if (cfg->access_log && (s->access_fd = api_access_log_open(cfg->access_log)) < 0) {
        fprintf(stderr, "wibbelld: cannot open the access log %s: %s\n", cfg->access_log,
                strerror(errno));
        rc = WB_EIO;
        goto out;
    }
    s->ctx.metrics = api_metrics_create(api_route_count(), api_route_method, api_route_path);
    s->cors = api_cors_create(cfg->cors_origins);
    s->ctx.cors = s->cors;
    s->gz = api_gzip_cache_create();
    s->ctx.dicts = cfg->dicts;
    s->ctx.matches = cfg->matches;
    if (cfg->matches &&
        (rc = api_sse_hub_create(cfg->matches, cfg->max_streams, cfg->heartbeat_s,
                                 &s->ctx.sse)) != WB_OK)
        goto out;
    s->ctx.max_body = cfg->max_body ? cfg->max_body : API_MAX_BODY_DEFAULT;
    s->ctx.verbose = cfg->verbose;
    s->ctx.instance = cfg->instance && *cfg->instance ? cfg->instance : NULL;

    unsigned head_s = cfg->head_timeout_s ? cfg->head_timeout_s : API_HEAD_TIMEOUT_DEFAULT;
    api_workers_config wc;
    memset(&wc, 0, sizeof wc);
    wc.addr = ai->ai_addr;
    wc.addrlen = ai->ai_addrlen;
    wc.threads = cfg->threads ? cfg->threads : cpu_count();
    wc.backlog = SOMAXCONN;
    wc.conn_limit = cfg->connection_limit ? cfg->connection_limit : default_connection_limit();
    if (wc.conn_limit < wc.threads)
        wc.conn_limit = wc.threads;
    wc.per_ip_limit = cfg->per_ip_limit == API_UNLIMITED ? 0
                      : cfg->per_ip_limit ? cfg->per_ip_limit
                                          : API_PER_IP_DEFAULT;
    wc.idle_timeout_s = CONN_TIMEOUT_S;
    wc.head_timeout_ms = head_s * 1000u;
    s->timeout_reply = raw_reply(s, API_P_REQUEST_TIMEOUT, "Request Timeout",
                                 &wc.timeout_reply_len,
                                 "the request head did not arrive within %u seconds of its "
                                 "first byte", head_s);
    wc.timeout_reply = s->timeout_reply;
    s->too_large_reply = raw_reply(s, API_P_HEAD_TOO_LARGE, "Request Header Fields Too Large",
                                   &wc.too_large_reply_len,
                                   "the request line and header fields are larger than the %u "
                                   "bytes a connection holds", CONN_POOL);
    wc.too_large_reply = s->too_large_reply;
    wc.access = on_access;
    wc.access_cls = s;
    struct MHD_OptionItem opts[] = {
        {MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)mhd_log, s},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)on_uri, s},
        {MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)unescape_none, NULL},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)on_completed, s},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)CONN_POOL, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    wc.opts = opts;
    if (api_workers_start(&wc, &s->workers) != 0) {
        fprintf(stderr, "wibbelld: cannot listen on %s port %u\n", host, cfg->port);
        rc = WB_EIO;
        goto out;
    }
    *out = s;
    s = NULL;
out:
    if (ai)
        freeaddrinfo(ai);
    if (s) {
        api_sse_hub_destroy(s->ctx.sse);
        api_metrics_destroy(s->ctx.metrics);
        api_cors_destroy(s->cors);
        api_gzip_cache_destroy(s->gz);
        if (s->access_fd >= 0)
            close(s->access_fd);
        free(s->timeout_reply);
        free(s->too_large_reply);
    }
    free(s);
    return rc;
}

unsigned api_server_port(const api_server *s)
{
    return api_workers_port(s->workers);
}

void api_server_stop(api_server *s)
{
    if (!s)
        return;
    api_sse_hub_shutdown(s->ctx.sse);
    /* Deferred answers come from the match store's writer, which runs
     * until the store closes (after this): wait for them, since
     * MHD_stop_daemon() must find no connection suspended. */
    while (atomic_load(&s->deferred) > 0) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    api_workers_stop(s->workers);
    /* the stop closed connections from this thread, whose key destructor
     * may never run (the main thread's does not) */
    conn_cache_drop(NULL);
    api_sse_hub_destroy(s->ctx.sse);
    api_metrics_destroy(s->ctx.metrics);
    api_cors_destroy(s->cors);
    api_gzip_cache_destroy(s->gz);
    if (s->access_fd >= 0)
        close(s->access_fd);
    free(s->timeout_reply);
    free(s->too_large_reply);
    free(s);
}
