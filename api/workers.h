/*
 * workers.h - the HTTP worker threads of api/ (private to api/: server.c
 * includes it, and sse.c for api_workers_resume()).
 *
 * One listening socket, shared by N workers; each worker is a thread that
 * runs its own libmicrohttpd daemon in external epoll mode: it waits on the
 * daemon's epoll descriptor itself and then lets MHD_run() process what is
 * ready without blocking.  Why not MHD's internal threads: in
 * libmicrohttpd 0.9.75 (Debian 12) the internal epoll loop drains events in
 * batches of 128 and, while a batch comes back full, calls epoll_wait()
 * again with the blocking timeout; when exactly 128, 256, 384... sockets are
 * ready, the last call sleeps (up to the 60 s connection timeout) on
 * connections it has already been told are ready.  256 keep-alive clients
 * hit that all the time (~100 requests/s instead of ~120,000).  Polling
 * ourselves and running MHD without blocking has no such case.
 *
 * The workers also guard the connections:
 *  - a request head must arrive whole within `head_timeout_ms` of its first
 *    byte (a client trickling a byte every few seconds is answered 408 and
 *    cut off); an idle keep-alive connection is left to MHD's idle timeout;
 *  - one client address holds at most `per_ip_limit` connections (further
 *    ones are closed at once), so a flood from one address cannot take every
 *    connection slot and lock out /healthz.
 */
#ifndef API_WORKERS_H
#define API_WORKERS_H

#include <stddef.h>
#include <sys/socket.h>

#include <microhttpd.h>

typedef struct api_workers api_workers;

typedef struct api_workers_config {
    const struct sockaddr *addr; /* where to listen */
    socklen_t addrlen;
    unsigned threads;            /* workers, at least 1 */
    unsigned backlog;            /* listen() backlog */
    unsigned conn_limit;         /* open connections in all, at least threads */
    unsigned per_ip_limit;       /* connections per client address; 0: no cap */
    unsigned idle_timeout_s;     /* MHD's connection (inactivity) timeout */
    unsigned head_timeout_ms;    /* a request head's deadline; 0: none */
    const char *timeout_reply;   /* the raw HTTP response sent to a client
                                  * cut off by the head deadline; borrowed
                                  * for the life of the workers */
    size_t timeout_reply_len;
    const char *too_large_reply; /* the raw HTTP response sent to a client
                                  * whose request head MHD had no room for */
    size_t too_large_reply_len;
    MHD_AccessHandlerCallback access;   /* the request handler */
    void *access_cls;
    const struct MHD_OptionItem *opts;  /* more MHD options for every
                                         * daemon, ended by MHD_OPTION_END;
                                         * read during the call only */
} api_workers_config;

/* Bind, listen and start the workers.  Returns 0 and the workers in *out,
 * or -1 with the reason logged to stderr (address in use, no threads). */
int api_workers_start(const api_workers_config *cfg, api_workers **out);

/* The bound port (the real one when port 0 was asked for). */
unsigned api_workers_port(const api_workers *w);

/* Connection `c` has delivered the whole head of its request: the head
 * deadline no longer applies to it.  Called from MHD callbacks only. */
void api_workers_head_done(struct MHD_Connection *c);

/* Resume the suspended connection `c` from any thread, and wake the worker
 * that serves it (MHD's own wake-up does not reach our poll loop, which
 * would otherwise see the connection only at its next timeout). */
void api_workers_resume(struct MHD_Connection *c);

/* The request on `c` has ended; the next request head starts now (its
 * deadline runs from its first byte).  Called from MHD callbacks only. */
void api_workers_request_done(struct MHD_Connection *c);

/* MHD (libmicrohttpd 0.9.75) gave up on a request head too large for a
 * connection's memory: it answers in HTML (414, 431) or, when the head
 * left it no room for the answer's head (even ours, a 414 for a long
 * target), closes without a word.  Called from MHD's logger, in the
 * worker's thread, when it says so (before it sends or closes): the one
 * connection of this worker reading a head (or, `answered`, answering one)
 * that has brought at least `min_bytes` gets the raw 431 (too_large_reply),
 * and the worker stops writing to it; when no single connection fits,
 * MHD's own answer stands. */
void api_workers_head_too_large(size_t min_bytes, int answered);

/* Stop polling, join the threads, stop the daemons (closing every
 * connection) and free `w`.  NULL is allowed.  Suspended connections must
 * have been resumed before (MHD_stop_daemon() requires it). */
void api_workers_stop(api_workers *w);

#endif
