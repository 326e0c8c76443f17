/*
 * request.c - what a handler reads of its request, and answering later.
 *
 * The request's headers (api_header: from libmicrohttpd's connection, so
 * that handlers need not know it), its decoded query parameters (route.c
 * decoded them) and an answer deferred to another thread (api_defer,
 * api_resume: the connection waits without a worker thread; the server
 * sends the answer once resumed, see server.c).  Below the handlers and the
 * router; it calls only the bottom (problem.c, text.c) and workers.c.
 */
#include "request.h"
#include "workers.h"

#include <microhttpd.h>
#include <netinet/in.h>
#include <time.h>
#include <stdint.h>
#include <string.h>

const char *api_header(const api_req *r, const char *name)
{
    if (!r->conn)
        return NULL;
    return MHD_lookup_connection_value(r->conn, MHD_HEADER_KIND, name);
}

int64_t api_mono_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

size_t api_client_ip(const api_req *r, unsigned char out[16])
{
    const union MHD_ConnectionInfo *ci =
        r->conn ? MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS) : NULL;
    const struct sockaddr *sa = ci ? ci->client_addr : NULL;
    if (sa && sa->sa_family == AF_INET) {
        memcpy(out, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
        return 4;
    }
    if (sa && sa->sa_family == AF_INET6) {
        memcpy(out, &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr, 16);
        return 16;
    }
    return 0;
}

void api_defer(api_req *r)
{
    api_wait *w = r->wait;
    w->deferred = 1;
    atomic_fetch_add(w->pending, 1);
}

int api_is_deferred(const api_req *r)
{
    return r->wait && r->wait->deferred;
}

void api_resume(api_req *r)
{
    api_wait *w = r->wait;
    atomic_uint *pending = w->pending;
    pthread_mutex_lock(&w->mu);
    int resume = w->suspended;
    w->suspended = 0;
    w->done = 1;
    pthread_mutex_unlock(&w->mu);
    /* After this the request may be answered and freed at any moment: touch
     * neither r nor w. */
    if (resume)
        api_workers_resume(w->c);
    atomic_fetch_sub(pending, 1);
}

const char *api_query(const api_req *r, const char *key, size_t *len)
{
    for (size_t i = 0; i < r->nquery; i++) {
        if (strcmp(r->query[i].key, key) == 0) {
            if (len)
                *len = r->query[i].vlen;
            return r->query[i].val;
        }
    }
    return NULL;
}

int api_parse_u64(const char *s, size_t len, uint64_t *out)
{
    if (len == 0 || len > 20)
        return -1;
    uint64_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (n > (UINT64_MAX - d) / 10)
            return -1;
        n = n * 10 + d;
    }
    *out = n;
    return 0;
}

int api_query_size(api_req *r, const char *key, size_t def, size_t min, size_t max,
                   size_t *out)
{
    size_t len;
    const char *v = api_query(r, key, &len);
    if (!v) {
        *out = def;
        return 0;
    }
    int ok = len > 0 && len <= 19;
    unsigned long long n = 0;
    for (size_t i = 0; ok && i < len; i++) {
        if (v[i] < '0' || v[i] > '9')
            ok = 0;
        else
            n = n * 10 + (unsigned)(v[i] - '0');
    }
    if (!ok || n < min || n > max) {
        api_problem(r, API_P_BAD_PARAMETER, "%s must be a whole number from %zu to %zu, not \"%.*s\"",
                    key, min, max, api_clip(v, len, 40), v);
        return -1;
    }
    *out = (size_t)n;
    return 0;
}
