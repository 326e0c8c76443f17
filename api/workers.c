/*
 * workers.c - the HTTP worker threads: one listening socket, N threads,
 * each running its own libmicrohttpd daemon in external epoll mode, and
 * the guards on connections (head deadline, per-address cap).
 *
 * Why the loop is ours and not MHD's: see workers.h.  Each worker waits in
 * poll() on its daemon's epoll descriptor and on the shared stop eventfd,
 * for at most what MHD_get_timeout() allows (and at most until the next
 * sweep of the head deadline), then calls MHD_run(), which never blocks.
 * A connection belongs to the worker whose daemon accepted it, and all of
 * its callbacks run in that worker's thread; so the per-connection guard
 * and the worker's list of guards need no lock.  The per-address counts
 * are shared by all workers and have a mutex.
 */
#include "workers.h"

#include <errno.h>
#include <limits.h>
#include <linux/tcp.h> /* struct tcp_info with tcpi_bytes_received */
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "matches.h"
#include "wb_mem.h"

#define SWEEP_MS 250     /* how often the head deadline is checked */
#define IP_BUCKETS 1024u /* per-address counts: hash buckets */

/* The guard of one connection (its MHD socket context). */
typedef struct worker worker;

typedef struct guard {
    struct guard *prev, *next; /* in the worker's list */
    worker *wk;       /* the worker serving the connection */
    int fd;
    int in_head;      /* waiting for, or reading, a request head */
    int cut;          /* cut off by the head deadline */
    uint64_t rx_mark; /* bytes received when the wait for a head began
                       * (RX_LATER: read at the next sweep) */
    int64_t head_t0;  /* when bytes of that head were first seen; 0: not yet */
    int counted;      /* counted in the per-address table */
    unsigned char key[17]; /* family byte + address */
    size_t keylen;
} guard;

typedef struct ip_count {
    struct ip_count *next;
    unsigned n;
    size_t keylen;
    unsigned char key[17];
} ip_count;

struct worker {
    api_workers *w;
    struct MHD_Daemon *mhd;
    int epfd;
    int wakefd;    /* eventfd: a connection of ours was resumed elsewhere */
    pthread_t thread;
    int started;
    guard *guards; /* this worker's connections */
};

struct api_workers {
    int lfd;    /* the listening socket (each daemon has a dup) */
    int stopfd; /* eventfd: readable once the workers must stop */
    unsigned port;
    unsigned nworkers;
    worker *wk;
    unsigned per_ip_limit;
    unsigned head_timeout_ms;
    const char *timeout_reply;
    size_t timeout_reply_len;
    const char *too_large_reply;
    size_t too_large_reply_len;
    pthread_mutex_t ip_mu;
    ip_count *ip[IP_BUCKETS];
    atomic_uint_fast64_t refused, cut; /* connections refused by the cap,
                                        * heads cut off by the deadline */
};

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* --- per-address counts ------------------------------------------------- */

/* The key of an address: its family and its bytes; 0 for other families. */
static size_t addr_key(const struct sockaddr *a, unsigned char key[17])
{
    if (!a)
        return 0;
    if (a->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)(const void *)a;
        key[0] = 4;
        memcpy(key + 1, &v4->sin_addr, 4);
        return 5;
    }
    if (a->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)(const void *)a;
        key[0] = 6;
        memcpy(key + 1, &v6->sin6_addr, 16);
        return 17;
    }
    return 0;
}

static unsigned key_hash(const unsigned char *k, size_t n)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ k[i]) * 16777619u;
    return h % IP_BUCKETS;
}

/* The count of `key` (locked by the caller), created when `make`. */
static ip_count *ip_find(api_workers *w, const unsigned char *key, size_t n, int make)
{
    ip_count **pp = &w->ip[key_hash(key, n)];
    for (ip_count *e = *pp; e; e = e->next)
        if (e->keylen == n && memcmp(e->key, key, n) == 0)
            return e;
    if (!make)
        return NULL;
    ip_count *e = wb_calloc(1, sizeof *e);
    e->keylen = n;
    memcpy(e->key, key, n);
    e->next = *pp;
    *pp = e;
    return e;
}

static void ip_release(api_workers *w, const unsigned char *key, size_t n)
{
    pthread_mutex_lock(&w->ip_mu);
    ip_count **pp = &w->ip[key_hash(key, n)];
    for (ip_count *e = *pp; e; pp = &e->next, e = e->next) {
        if (e->keylen == n && memcmp(e->key, key, n) == 0) {
            if (--e->n == 0) {
                *pp = e->next;
                free(e);
            }
            break;
        }
    }
    pthread_mutex_unlock(&w->ip_mu);
}

/* MHD's accept policy: refuse an address at its cap.  Counting happens
 * when the connection starts (on_connection), so that a connection MHD
 * drops after this call is never counted; workers accepting from the same
 * address at the same moment may each pass, so the cap can be exceeded by
 * at most the number of workers minus one. */
static enum MHD_Result accept_policy(void *cls, const struct sockaddr *addr, socklen_t addrlen)
{
    api_workers *w = cls;
    unsigned char key[17];
    size_t n = addr_key(addr, key);
    if (!w->per_ip_limit || n == 0)
        return MHD_YES;
    pthread_mutex_lock(&w->ip_mu);
    ip_count *e = ip_find(w, key, n, 0);
    int ok = !e || e->n < w->per_ip_limit;
    pthread_mutex_unlock(&w->ip_mu);
    if (!ok)
        atomic_fetch_add(&w->refused, 1);
    return ok ? MHD_YES : MHD_NO;
}

/* --- the head deadline -------------------------------------------------- */

/* Bytes received on TCP socket `fd` so far; -1 when unknown. */
static int tcp_received(int fd, uint64_t *out)
{
    struct tcp_info ti;
    socklen_t len = sizeof ti;
    memset(&ti, 0, sizeof ti);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) != 0 ||
        len < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof ti.tcpi_bytes_received)
        return -1;
    *out = ti.tcpi_bytes_received;
    return 0;
}

/* rx_mark: not read yet (the next sweep reads it), or unknown */
#define RX_LATER (UINT64_MAX - 1)
#define RX_UNKNOWN UINT64_MAX

/* The request on g has ended: the next head is waited for.  The bytes
 * received so far are read at the next sweep, not here: one getsockopt()
 * less per request (5% of a check's CPU).  A head that starts before that
 * sweep and then stops is left to MHD's idle timeout like an idle
 * connection; one trickled over several sweeps is cut off as before. */
static void guard_wait_head(guard *g)
{
    g->in_head = 1;
    g->head_t0 = 0;
    g->rx_mark = RX_LATER;
}

/* Check the heads being read on worker `wk`; cut off the overdue ones.
 * Called in the worker's thread between MHD_run() calls. */
static void sweep(worker *wk, int64_t now)
{
    api_workers *w = wk->w;
    for (guard *g = wk->guards; g; g = g->next) {
        if (!g->in_head || g->cut)
            continue;
        if (g->head_t0 == 0) {
            uint64_t rx;
            if (g->rx_mark == RX_LATER) {
                if (tcp_received(g->fd, &g->rx_mark) != 0)
                    g->rx_mark = RX_UNKNOWN; /* the deadline runs from now on */
                continue;
            }
            if (g->rx_mark != RX_UNKNOWN && tcp_received(g->fd, &rx) == 0 && rx <= g->rx_mark)
                continue; /* idle: no byte of a head yet (MHD's idle timeout) */
            g->head_t0 = now;
            continue;
        }
        if (now - g->head_t0 < (int64_t)w->head_timeout_ms)
            continue;
        /* Nothing is being sent on this connection (its previous response
         * is complete), so the 408 cannot interleave with MHD's output.
         * Shutting the socket down makes MHD read the end of the stream
         * and close the connection in its own time. */
        g->cut = 1;
        atomic_fetch_add(&w->cut, 1);
        (void)!send(g->fd, w->timeout_reply, w->timeout_reply_len, MSG_NOSIGNAL | MSG_DONTWAIT);
        shutdown(g->fd, SHUT_RDWR);
    }
}

/* The worker whose thread this is (MHD's logger runs in it). */
static _Thread_local worker *this_worker;

/* Bytes of the head being read on g so far, as far as the socket tells:
 * for a connection's first head exact, for a later one an upper bound. */
static uint64_t head_bytes(const guard *g)
{
    uint64_t rx;
    if (tcp_received(g->fd, &rx) != 0)
        return 0;
    uint64_t mark = g->rx_mark == RX_LATER || g->rx_mark == RX_UNKNOWN ? 0 : g->rx_mark;
    return rx > mark ? rx - mark : 0;
}

void api_workers_head_too_large(size_t min_bytes, int answered)
{
    worker *wk = this_worker;
    if (!wk)
        return;
    /* The one connection of this worker reading a head (or, `answered`,
     * answering one) that has brought at least min_bytes; none when it is
     * not clear. */
    guard *hit = NULL;
    for (guard *g = wk->guards; g; g = g->next) {
        if ((!g->in_head && !answered) || g->cut || head_bytes(g) < min_bytes)
            continue;
        if (hit)
            return;
        hit = g;
    }
    if (!hit)
        return;
    /* Answer, then stop writing: MHD's own answer (if it sends one) fails
     * and MHD closes the connection.  What is readable of the rest of the
     * head is read and dropped, so that the close does not reset the
     * connection before the client reads the answer. */
    api_workers *w = wk->w;
    char sink[4096];
    hit->cut = 1;
    if (send(hit->fd, w->too_large_reply, w->too_large_reply_len, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
        return;
    shutdown(hit->fd, SHUT_WR);
    for (int i = 0; i < 64 && recv(hit->fd, sink, sizeof sink, MSG_DONTWAIT) > 0; i++)
        ;
}

static guard *guard_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *ci =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return ci ? ci->socket_context : NULL;
}

void api_workers_head_done(struct MHD_Connection *c)
{
    guard *g = guard_of(c);
    if (g)
        g->in_head = 0;
}

void api_workers_resume(struct MHD_Connection *c)
{
    /* The guard first: once resumed, the connection may end at any time. */
    guard *g = guard_of(c);
    worker *wk = g ? g->wk : NULL;
    MHD_resume_connection(c);
    if (wk) {
        uint64_t one = 1;
        (void)!write(wk->wakefd, &one, sizeof one);
    }
}

void api_workers_request_done(struct MHD_Connection *c)
{
    guard *g = guard_of(c);
    if (g && !g->cut)
        guard_wait_head(g);
}

static void on_connection(void *cls, struct MHD_Connection *c, void **socket_context,
                          enum MHD_ConnectionNotificationCode toe)
{
    worker *wk = cls;
    api_workers *w = wk->w;
    if (toe == MHD_CONNECTION_NOTIFY_STARTED) {
        guard *g = wb_calloc(1, sizeof *g);
        g->wk = wk;
        const union MHD_ConnectionInfo *ci =
            MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        g->fd = ci ? ci->connect_fd : -1;
        ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        g->keylen = addr_key(ci ? ci->client_addr : NULL, g->key);
        if (w->per_ip_limit && g->keylen) {
            pthread_mutex_lock(&w->ip_mu);
            ip_find(w, g->key, g->keylen, 1)->n++;
            pthread_mutex_unlock(&w->ip_mu);
            g->counted = 1;
        }
        g->in_head = 1;
        g->rx_mark = 0; /* bytes sent before the accept belong to the head */
        g->next = wk->guards;
        if (wk->guards)
            wk->guards->prev = g;
        wk->guards = g;
        *socket_context = g;
        return;
    }
    guard *g = *socket_context;
    if (!g)
        return;
    *socket_context = NULL;
    if (g->counted)
        ip_release(w, g->key, g->keylen);
    if (g->prev)
        g->prev->next = g->next;
    else
        wk->guards = g->next;
    if (g->next)
        g->next->prev = g->prev;
    free(g);
}

/* --- the threads -------------------------------------------------------- */

static void *worker_main(void *arg)
{
    worker *wk = arg;
    api_workers *w = wk->w;
    int64_t next_sweep = now_ms() + SWEEP_MS;
    this_worker = wk;
    for (;;) {
        int ms = -1;
        MHD_UNSIGNED_LONG_LONG to;
        if (MHD_get_timeout(wk->mhd, &to) == MHD_YES)
            ms = to > INT_MAX ? INT_MAX : (int)to;
        if (w->head_timeout_ms) {
            int64_t left = next_sweep - now_ms();
            if (left < 0)
                left = 0;
            if (ms < 0 || left < ms)
                ms = (int)left;
        }
        struct pollfd p[3] = {{wk->epfd, POLLIN, 0}, {w->stopfd, POLLIN, 0},
                              {wk->wakefd, POLLIN, 0}};
        if (poll(p, 3, ms) < 0 && errno != EINTR) {
            fprintf(stderr, "wibbelld: http: poll: %s\n", strerror(errno));
            struct timespec pause = {0, 10 * 1000000L};
            nanosleep(&pause, NULL);
        }
        if (p[1].revents)
            break;
        if (p[2].revents) {
            uint64_t n;
            (void)!read(wk->wakefd, &n, sizeof n);
        }
        matches_hold(); /* what this turn stages is committed together */
        MHD_run(wk->mhd);
        matches_release();
        if (w->head_timeout_ms) {
            int64_t now = now_ms();
            if (now >= next_sweep) {
                sweep(wk, now);
                next_sweep = now + SWEEP_MS;
            }
        }
    }
    return NULL;
}

static int listen_on(const api_workers_config *cfg, api_workers *w)
{
    int fd = socket(cfg->addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        fprintf(stderr, "wibbelld: socket: %s\n", strerror(errno));
        return -1;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (cfg->addr->sa_family == AF_INET6)
        setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one);
    if (bind(fd, cfg->addr, cfg->addrlen) != 0 ||
        listen(fd, cfg->backlog ? (int)cfg->backlog : SOMAXCONN) != 0) {
        fprintf(stderr, "wibbelld: cannot listen: %s\n", strerror(errno));
        close(fd);
        return -1;
    }
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) == 0)
        w->port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                 : ((struct sockaddr_in *)&ss)->sin_port);
    w->lfd = fd;
    return 0;
}

int api_workers_start(const api_workers_config *cfg, api_workers **out)
{
    *out = NULL;
    api_workers *w = wb_calloc(1, sizeof *w);
    w->lfd = w->stopfd = -1;
    pthread_mutex_init(&w->ip_mu, NULL);
    w->per_ip_limit = cfg->per_ip_limit;
    w->head_timeout_ms = cfg->head_timeout_ms;
    w->timeout_reply = cfg->timeout_reply;
    w->timeout_reply_len = cfg->timeout_reply_len;
    w->too_large_reply = cfg->too_large_reply;
    w->too_large_reply_len = cfg->too_large_reply_len;
    w->nworkers = cfg->threads ? cfg->threads : 1;
    w->wk = wb_calloc(w->nworkers, sizeof *w->wk);
    for (unsigned i = 0; i < w->nworkers; i++)
        w->wk[i].wakefd = -1;

    if (listen_on(cfg, w) != 0)
        goto fail;
    w->stopfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (w->stopfd < 0) {
        fprintf(stderr, "wibbelld: eventfd: %s\n", strerror(errno));
        goto fail;
    }
    unsigned per = cfg->conn_limit / w->nworkers;
    if (per == 0)
        per = 1;
    unsigned flags = MHD_USE_EPOLL | MHD_USE_ERROR_LOG | MHD_ALLOW_SUSPEND_RESUME;
    if (cfg->addr->sa_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    for (unsigned i = 0; i < w->nworkers; i++) {
        worker *wk = &w->wk[i];
        wk->w = w;
        int fd = dup(w->lfd); /* each daemon closes its own at stop */
        if (fd < 0) {
            fprintf(stderr, "wibbelld: dup: %s\n", strerror(errno));
            goto fail;
        }
        wk->mhd = MHD_start_daemon(
            flags, 0, accept_policy, w, cfg->access, cfg->access_cls,
            /* first: the array starts with the logger, which MHD wants
             * before any other option (it warns on stderr otherwise) */
            MHD_OPTION_ARRAY, cfg->opts,
            MHD_OPTION_LISTEN_SOCKET, fd,
            MHD_OPTION_CONNECTION_LIMIT, per,
            MHD_OPTION_CONNECTION_TIMEOUT, cfg->idle_timeout_s,
            MHD_OPTION_NOTIFY_CONNECTION, on_connection, (void *)wk,
            MHD_OPTION_END);
        if (!wk->mhd) {
            close(fd);
            fprintf(stderr, "wibbelld: cannot start the HTTP daemon\n");
            goto fail;
        }
        wk->wakefd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        if (wk->wakefd < 0) {
            fprintf(stderr, "wibbelld: eventfd: %s\n", strerror(errno));
            goto fail;
        }
        const union MHD_DaemonInfo *di = MHD_get_daemon_info(wk->mhd, MHD_DAEMON_INFO_EPOLL_FD);
        wk->epfd = di ? di->epoll_fd : -1;
        if (wk->epfd < 0) {
            fprintf(stderr, "wibbelld: the HTTP daemon has no epoll descriptor\n");
            goto fail;
        }
    }
    for (unsigned i = 0; i < w->nworkers; i++) {
        int e = pthread_create(&w->wk[i].thread, NULL, worker_main, &w->wk[i]);
        if (e != 0) {
            fprintf(stderr, "wibbelld: cannot start an HTTP worker: %s\n", strerror(e));
            goto fail;
        }
        w->wk[i].started = 1;
    }
    *out = w;
    return 0;
fail:
    api_workers_stop(w);
    return -1;
}

unsigned api_workers_port(const api_workers *w)
{
    return w->port;
}

void api_workers_stop(api_workers *w)
{
    if (!w)
        return;
    if (w->stopfd >= 0) {
        uint64_t one = 1;
        (void)!write(w->stopfd, &one, sizeof one);
    }
    for (unsigned i = 0; i < w->nworkers; i++)
        if (w->wk[i].started)
            pthread_join(w->wk[i].thread, NULL);
    for (unsigned i = 0; i < w->nworkers; i++) {
        if (w->wk[i].mhd)
            MHD_stop_daemon(w->wk[i].mhd); /* closes its connections: guards freed */
        if (w->wk[i].wakefd >= 0)
            close(w->wk[i].wakefd);
    }
    for (unsigned i = 0; i < IP_BUCKETS; i++) {
        while (w->ip[i]) {
            ip_count *e = w->ip[i];
            w->ip[i] = e->next;
            free(e);
        }
    }
    if (w->stopfd >= 0)
        close(w->stopfd);
    if (w->lfd >= 0)
        close(w->lfd);
    pthread_mutex_destroy(&w->ip_mu);
    free(w->wk);
    free(w);
}
