/*
 * sse.c - Server-Sent Events: GET /v1/games/{id}/events.
 *
 * A stream sends, as `event: view` (id: the version), the caller's view of
 * the match, then one `event: action` per applied action (id: its version,
 * data: the log entry as the caller may see it), and `event: end` once the
 * match is finished (or gone), after which it closes.  With Last-Event-ID
 * it sends the missed log entries instead of the view.  An idle stream
 * gets a comment (": keep-alive") every heartbeat.
 *
 * Threads.  No thread ever waits for an event.  The body comes from a
 * libmicrohttpd content reader (sse_read), run by the worker thread of the
 * connection: it reads what is new (match_log, match_view) and, when there
 * is nothing, suspends the connection and returns 0.  Three things resume
 * it: the match store's subscription callback (after an action is
 * durable, from the thread that applied it), the hub's heartbeat thread,
 * and the shutdown.  A suspended connection costs a socket and a little
 * memory, no thread, so open streams never starve the worker pool.
 *
 * Locks and lifetimes.  st->mu guards the wake-up flags and `suspended`;
 * it is held around MHD_suspend_connection() (so a wake-up cannot slip
 * between "nothing to send" and the suspension) but never around
 * MHD_resume_connection(): a waker claims the suspension under st->mu
 * (suspended = 0, resuming++), resumes without it, then drops resuming.
 * The connection stays valid meanwhile, since libmicrohttpd does not close
 * a suspended connection, and the shutdown waits for resuming to drop to 0
 * before the daemon stops.  A stream is referenced by its response (freed
 * with it) and by its request (released in the completion callback, which
 * first unsubscribes: after match_unsubscribe() the callback cannot run).
 * The heartbeat thread takes a reference for the time it touches a stream.
 */
#include "sse.h"
#include "workers.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb_err.h"
#include "wb_mem.h"

#define SSE_BLOCK 16384 /* bytes asked of the reader at a time */
#define FILL_ROUNDS 16  /* log reads per wake-up before giving up the turn */

struct api_stream {
    api_sse_hub *hub;
    pthread_mutex_t mu;
    struct MHD_Connection *conn; /* set before the reader first runs */
    match_sub *sub;
    char *id;
    int seat;
    atomic_int refs;
    _Atomic int64_t last_write; /* ms, monotonic: for the heartbeat */

    /* under mu */
    int dirty;     /* the match changed (or never read yet) */
    int beat;      /* a heartbeat is due */
    int stop;      /* the server is stopping */
    int suspended; /* we suspended the connection; nobody resumed it yet */
    int resuming;  /* wakers between claiming and resuming */
    int closed;    /* the request completed */

    /* the reader's own (one thread at a time) */
    uint64_t last;  /* the last version sent */
    int need_view;  /* the first event is the view */
    size_t sent;    /* action events written by the last match_log_each */
    int checked;    /* the status was read at least once */
    int ended;      /* `end` was queued, or the server stops: close */
    char *buf;
    size_t len, pos, cap;

    api_stream *prev, *next; /* in the hub's list, under hub->mu */
};

struct api_sse_hub {
    match_store *ms;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    api_stream *head;
    unsigned n, max;
    int64_t heartbeat_ms;
    int stopping;
    int thread_started;
    pthread_t thread;
};

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* --- references ----------------------------------------------------------- */

static void stream_release(api_stream *st)
{
    if (atomic_fetch_sub(&st->refs, 1) != 1)
        return;
    pthread_mutex_destroy(&st->mu);
    free(st->id);
    free(st->buf);
    free(st);
}

/* Wake `st` for `why` (a flag under mu): set it and, if the reader is
 * suspended, resume the connection (outside the lock, see above). */
static void stream_wake(api_stream *st, int *flag)
{
    pthread_mutex_lock(&st->mu);
    *flag = 1;
    int resume = st->suspended && !st->closed;
    if (resume) {
        st->suspended = 0;
        st->resuming++;
    }
    pthread_mutex_unlock(&st->mu);
    if (!resume)
        return;
    api_workers_resume(st->conn);
    pthread_mutex_lock(&st->mu);
    st->resuming--;
    pthread_mutex_unlock(&st->mu);
}

/* The match store's callback: an action is durable, or the match is gone. */
static void on_match(void *ctx)
{
    api_stream *st = ctx;
    stream_wake(st, &st->dirty);
}

/* --- formatting ----------------------------------------------------------- */

static void put(api_stream *st, const char *s, size_t n)
{
    st->buf = wb_grow(st->buf, &st->cap, st->len + n, 1);
    memcpy(st->buf + st->len, s, n);
    st->len += n;
}

static void puts_(api_stream *st, const char *s)
{
    put(st, s, strlen(s));
}

/* "event: <name>\nid: <id>\ndata: <json>\n\n".  Compact JSON has no raw
 * line breaks (they are escaped inside strings), so one data line holds
 * it.  Returns -1 when it cannot be serialised. */
static int put_event(api_stream *st, const char *name, uint64_t id, const json_t *data)
{
    char *js = json_dumps(data, JSON_COMPACT);
    if (!js)
        return -1;
    char head[96];
    snprintf(head, sizeof head, "event: %s\nid: %llu\ndata: ", name, (unsigned long long)id);
    puts_(st, head);
    puts_(st, js);
    puts_(st, "\n\n");
    free(js);
    return 0;
}

/* An action's event, its entry's JSON text as the store wrote it
 * (match_log_each: one line, as compact JSON is). */
static int put_entry(void *ctx, uint64_t version, const char *text, size_t len)
{
    api_stream *st = ctx;
    char head[96];
    if (version <= st->last)
        return 0;
    snprintf(head, sizeof head, "event: action\nid: %llu\ndata: ", (unsigned long long)version);
    puts_(st, head);
    put(st, text, len);
    puts_(st, "\n\n");
    st->last = version;
    st->sent++;
    return 0;
}

/* The `end` event; `view` is the finished match's view, or NULL when the
 * match is gone. */
static int put_end(api_stream *st, const json_t *view)
{
    json_t *o = json_object();
    int rc = !o;
    rc |= json_object_set_new(o, "version", json_integer((json_int_t)st->last));
    if (view) {
        rc |= json_object_set_new(o, "status", json_string("finished"));
        json_t *w = json_object_get(view, "winners");
        json_t *s = json_object_get(view, "scores");
        if (w)
            rc |= json_object_set(o, "winners", w);
        if (s)
            rc |= json_object_set(o, "scores", s);
    } else {
        rc |= json_object_set_new(o, "status", json_string("gone"));
    }
    if (!rc)
        rc = put_event(st, "end", st->last, o);
    json_decref(o);
    st->ended = 1;
    return rc ? -1 : 0;
}

static int is_finished(const json_t *view)
{
    const char *s = json_string_value(json_object_get(view, "status"));
    return s && strcmp(s, "finished") == 0;
}

/* Queue what is new since st->last.  Runs in the reader, no lock held.
 * Returns 0, or -1 on an error that ends the stream. */
static int fill(api_stream *st)
{
    match_store *ms = st->hub->ms;
    json_t *view = NULL;
    uint64_t v = 0;
    int rc;

    if (st->need_view) {
        rc = match_view(ms, st->id, st->seat, &view, &v);
        if (rc == WB_ENOTFOUND)
            return put_end(st, NULL);
        if (rc)
            return -1;
        rc = put_event(st, "view", v, view);
        st->last = v;
        st->need_view = 0;
        st->checked = 1;
        if (!rc && is_finished(view))
            rc = put_end(st, view);
        json_decref(view);
        return rc;
    }
    int round;
    for (round = 0; round < FILL_ROUNDS && !st->ended; round++) {
        st->sent = 0;
        rc = match_log_each(ms, st->id, st->seat, st->last, put_entry, st);
        if (rc == WB_ENOTFOUND)
            return put_end(st, NULL);
        if (rc)
            return -1;
        size_t n = st->sent;
        /* Only an action finishes a match: look at the status when one
         * came, and once for a stream that resumed from Last-Event-ID. */
        if (n == 0 && st->checked)
            break;
        st->checked = 1;
        /* the view only for a match that is over: the end event's (a
         * class's 41 streams would otherwise build 41 views an action) */
        int over;
        rc = match_finished(ms, st->id, &over);
        if (rc == WB_ENOTFOUND)
            return put_end(st, NULL);
        if (rc == WB_OK && !over)
            break;
        rc = match_view(ms, st->id, st->seat, &view, &v);
        if (rc == WB_ENOTFOUND)
            return put_end(st, NULL);
        if (rc)
            return -1;
        int fin = is_finished(view);
        if (fin && v <= st->last)
            rc = put_end(st, view);
        json_decref(view);
        if (rc)
            return -1;
        if (!fin || st->ended)
            break;
        /* finished at a version not sent yet: read the log again */
    }
    if (round == FILL_ROUNDS) {
        /* send this much first; come back for the rest */
        pthread_mutex_lock(&st->mu);
        st->dirty = 1;
        pthread_mutex_unlock(&st->mu);
    }
    return 0;
}

/* --- the content reader ---------------------------------------------------- */

static ssize_t sse_read(void *cls, uint64_t pos, char *buf, size_t max)
{
    api_stream *st = cls;
    for (;;) {
        if (st->pos < st->len) {
            size_t n = st->len - st->pos < max ? st->len - st->pos : max;
            memcpy(buf, st->buf + st->pos, n);
            st->pos += n;
            atomic_store_explicit(&st->last_write, now_ms(), memory_order_relaxed);
            return (ssize_t)n;
        }
        st->pos = st->len = 0;
        if (st->ended)
            return MHD_CONTENT_READER_END_OF_STREAM;

        pthread_mutex_lock(&st->mu);
        int dirty = st->dirty, beat = st->beat, stop = st->stop;
        st->dirty = st->beat = 0;
        if (!dirty && !beat && !stop) {
            /* Nothing to send: sleep until a waker resumes us.  Under the
             * lock, so that a wake-up sees `suspended` only once the
             * connection really is suspended. */
            st->suspended = 1;
            MHD_suspend_connection(st->conn);
            pthread_mutex_unlock(&st->mu);
            return 0;
        }
        pthread_mutex_unlock(&st->mu);

        if (dirty && fill(st) != 0) {
            fprintf(stderr, "wibbelld: event stream of match %s ended on an error\n", st->id);
            return MHD_CONTENT_READER_END_WITH_ERROR;
        }
        if (stop)
            st->ended = 1; /* send what we have; the client resumes later */
        else if (beat && st->len == 0)
            puts_(st, ": keep-alive\n\n");
    }
}

static void sse_free(void *cls)
{
    stream_release(cls);
}

/* --- the hub --------------------------------------------------------------- */

/* Streams of the hub, each with a reference taken; *n set.  Under no lock
 * afterwards: the caller releases each. */
static api_stream **hub_snapshot(api_sse_hub *h, size_t *n)
{
    pthread_mutex_lock(&h->mu);
    api_stream **v = wb_calloc(h->n ? h->n : 1, sizeof *v);
    size_t k = 0;
    for (api_stream *st = h->head; st && k < h->n; st = st->next) {
        atomic_fetch_add(&st->refs, 1);
        v[k++] = st;
    }
    pthread_mutex_unlock(&h->mu);
    *n = k;
    return v;
}

static void *heartbeat_main(void *arg)
{
    api_sse_hub *h = arg;
    /* look a few times per period, so an idle stream hears within 1.25 */
    int64_t step = h->heartbeat_ms / 4 > 100 ? h->heartbeat_ms / 4 : 100;
    for (;;) {
        pthread_mutex_lock(&h->mu);
        if (!h->stopping) {
            struct timespec until;
            clock_gettime(CLOCK_MONOTONIC, &until);
            until.tv_sec += (time_t)(step / 1000);
            until.tv_nsec += (long)(step % 1000) * 1000000L;
            if (until.tv_nsec >= 1000000000L)
                until.tv_sec++, until.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&h->cv, &h->mu, &until);
        }
        int stopping = h->stopping;
        pthread_mutex_unlock(&h->mu);
        if (stopping)
            break;

        size_t n;
        api_stream **v = hub_snapshot(h, &n);
        int64_t t = now_ms();
        for (size_t i = 0; i < n; i++) {
            int64_t lw = atomic_load_explicit(&v[i]->last_write, memory_order_relaxed);
            if (t - lw >= h->heartbeat_ms)
                stream_wake(v[i], &v[i]->beat);
            stream_release(v[i]);
        }
        free(v);
    }
    return NULL;
}

int api_sse_hub_create(match_store *ms, unsigned max_streams, unsigned heartbeat_s,
                       api_sse_hub **out)
{
    api_sse_hub *h = wb_calloc(1, sizeof *h);
    h->ms = ms;
    h->max = max_streams ? max_streams : API_SSE_MAX_DEFAULT;
    h->heartbeat_ms = (int64_t)(heartbeat_s ? heartbeat_s : API_SSE_HEARTBEAT_DEFAULT) * 1000;
    pthread_mutex_init(&h->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&h->cv, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&h->thread, NULL, heartbeat_main, h) != 0) {
        fprintf(stderr, "wibbelld: cannot start the event stream heartbeat thread\n");
        api_sse_hub_destroy(h);
        *out = NULL;
        return WB_EIO;
    }
    h->thread_started = 1;
    *out = h;
    return WB_OK;
}

void api_sse_hub_shutdown(api_sse_hub *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->mu);
    h->stopping = 1;
    pthread_cond_broadcast(&h->cv);
    pthread_mutex_unlock(&h->mu);
    if (h->thread_started) {
        pthread_join(h->thread, NULL);
        h->thread_started = 0;
    }
    /* No stream suspends again once `stop` is set; resume those that are,
     * and wait out the wakers still resuming, so that MHD_stop_daemon()
     * finds no suspended connection. */
    size_t n;
    api_stream **v = hub_snapshot(h, &n);
    for (size_t i = 0; i < n; i++) {
        api_stream *st = v[i];
        stream_wake(st, &st->stop);
        struct timespec ms1 = {0, 1000000L};
        for (;;) {
            pthread_mutex_lock(&st->mu);
            int busy = st->resuming;
            pthread_mutex_unlock(&st->mu);
            if (!busy)
                break;
            nanosleep(&ms1, NULL);
        }
        stream_release(st);
    }
    free(v);
}

unsigned api_sse_open_count(api_sse_hub *h)
{
    if (!h)
        return 0;
    pthread_mutex_lock(&h->mu);
    unsigned n = h->n;
    pthread_mutex_unlock(&h->mu);
    return n;
}

void api_sse_hub_destroy(api_sse_hub *h)
{
    if (!h)
        return;
    if (h->thread_started)
        api_sse_hub_shutdown(h);
    if (h->n)
        fprintf(stderr, "wibbelld: %u event streams still open at exit\n", h->n);
    pthread_cond_destroy(&h->cv);
    pthread_mutex_destroy(&h->mu);
    free(h);
}

/* --- streams ---------------------------------------------------------------- */

void api_sse_open(api_req *r, const char *id, int seat, int has_after, uint64_t after)
{
    api_sse_hub *h = r->ctx->sse;
    match_store *ms = r->ctx->matches;
    uint64_t cur = match_version(ms, id);
    if (cur == 0) {
        api_problem(r, API_P_UNKNOWN_MATCH, "there is no match \"%.*s\"",
                    api_clip(id, strlen(id), 80), id);
        return;
    }

    api_stream *st = wb_calloc(1, sizeof *st);
    st->hub = h;
    pthread_mutex_init(&st->mu, NULL);
    st->id = wb_strdup(id);
    st->seat = seat;
    atomic_init(&st->refs, 1);
    atomic_init(&st->last_write, now_ms());
    st->dirty = 1;
    /* A Last-Event-ID from the future (another daemon, a reset store)
     * cannot be resumed from: start over with the view. */
    if (has_after && after <= cur)
        st->last = after;
    else
        st->need_view = 1;

    pthread_mutex_lock(&h->mu);
    int full = h->stopping || h->n >= h->max;
    if (!full) {
        st->next = h->head;
        if (h->head)
            h->head->prev = st;
        h->head = st;
        h->n++;
    }
    unsigned max = h->max;
    pthread_mutex_unlock(&h->mu);
    if (full) {
        stream_release(st);
        api_problem(r, API_P_TOO_MANY_STREAMS,
                    "%u event streams are open, the most this server keeps; retry later", max);
        return;
    }

    int rc = match_subscribe(ms, id, on_match, st, &st->sub);
    if (rc != WB_OK) {
        st->sub = NULL;
        api_sse_discard(st);
        if (rc == WB_ENOTFOUND)
            api_problem(r, API_P_UNKNOWN_MATCH, "there is no match \"%.*s\"",
                        api_clip(id, strlen(id), 80), id);
        else
            api_problem(r, API_P_INTERNAL, "match_subscribe: %s", wb_strerror(rc));
        return;
    }
    free(r->out);
    r->out = NULL;
    r->out_static = NULL;
    r->out_len = 0;
    r->stream = st;
    r->status = 200;
    r->content_type = "text/event-stream";
    r->cache_control = "no-store";
    r->code = NULL;
}

/* Unsubscribe and leave the hub (idempotent); the caller's reference is
 * not released here. */
static void stream_detach(api_stream *st)
{
    if (st->sub) {
        match_unsubscribe(st->sub); /* no lock held: the callback takes st->mu */
        st->sub = NULL;
    }
    pthread_mutex_lock(&st->mu);
    int was = st->closed;
    st->closed = 1;
    pthread_mutex_unlock(&st->mu);
    if (was)
        return;
    api_sse_hub *h = st->hub;
    pthread_mutex_lock(&h->mu);
    if (st->prev)
        st->prev->next = st->next;
    else
        h->head = st->next;
    if (st->next)
        st->next->prev = st->prev;
    st->prev = st->next = NULL;
    h->n--;
    pthread_mutex_unlock(&h->mu);
}

void api_sse_discard(api_stream *st)
{
    if (!st)
        return;
    stream_detach(st);
    stream_release(st);
}

struct MHD_Response *api_sse_response(api_stream *st, struct MHD_Connection *c)
{
    struct MHD_Response *resp =
        MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, SSE_BLOCK, sse_read, st, sse_free);
    if (!resp) {
        api_sse_discard(st);
        return NULL;
    }
    /* one reference for the response (sse_free), one for the request
     * (api_sse_close) */
    atomic_fetch_add(&st->refs, 1);
    pthread_mutex_lock(&st->mu);
    st->conn = c;
    pthread_mutex_unlock(&st->mu);
    /* the heartbeat keeps the stream alive; a dead client shows when a
     * heartbeat cannot be written */
    MHD_set_connection_option(c, MHD_CONNECTION_OPTION_TIMEOUT, 0u);
    /* X-Accel-Buffering: proxies must pass events on at once.  Connection:
     * close, so that a client reading to the end of the stream sees it
     * end after `end` (a stream never shares its connection). */
    if (MHD_add_response_header(resp, "X-Accel-Buffering", "no") != MHD_YES ||
        MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close") != MHD_YES) {
        MHD_destroy_response(resp); /* releases the response's reference */
        api_sse_discard(st);
        return NULL;
    }
    return resp;
}

void api_sse_close(api_stream *st)
{
    if (!st)
        return;
    stream_detach(st);
    stream_release(st);
}
