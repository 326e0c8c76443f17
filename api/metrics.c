/*
 * metrics.c - the counters of metrics.h and GET /metrics.
 *
 * Per route (the lines of route.c's table, and one slot for requests that
 * matched none): answers by status, and a latency histogram with its sum.
 * Statuses are the few this daemon sends, each a slot; anything else falls
 * in "other".  The counters are relaxed atomics: the numbers of a scrape
 * may be a request apart from each other, never torn.
 *
 * The rest is read at scrape time: the match store's statistics (live and
 * stored matches, actions, commits and their time), the open event
 * streams, the dictionaries' sizes, and the process's CPU time and memory.
 */
#include "metrics.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "match_bots.h"
#include "wb_config.h"
#include "wb_mem.h"

#define ROUTES_MAX 64 /* route.c's table, with room */

static const unsigned statuses[] = {200, 201, 204, 304, 400, 401, 403, 404, 405, 408,
                                    409, 412, 413, 414, 415, 422, 500, 503};
#define NSTATUS (sizeof statuses / sizeof statuses[0] + 1) /* + other */

/* Upper bounds of the latency buckets, in seconds (and nanoseconds). */
static const char *const le_text[] = {"0.0001", "0.00025", "0.0005", "0.001", "0.0025",
                                      "0.005",  "0.01",    "0.025",  "0.05",  "0.1",
                                      "0.25",   "0.5",     "1",      "2.5",   "10"};
static const uint64_t le_ns[] = {100000,    250000,    500000,     1000000,    2500000,
                                 5000000,   10000000,  25000000,   50000000,   100000000,
                                 250000000, 500000000, 1000000000, 2500000000, 10000000000};
#define NBUCKET (sizeof le_ns / sizeof le_ns[0] + 1) /* + Inf */

typedef struct route_counts {
    atomic_uint_fast64_t status[NSTATUS];
    atomic_uint_fast64_t bucket[NBUCKET]; /* not cumulative: each its own range */
    atomic_uint_fast64_t sum_ns;
} route_counts;

/* The counters are kept in shards, a thread adding to its own (threads
 * numbered as they first count, modulo SHARDS), and summed at scrape time:
 * one set shared by every HTTP worker bounced its cache lines between the
 * cores on every request (three atomic additions a request). */
#define SHARDS 16

struct api_metrics {
    route_counts route[SHARDS][ROUTES_MAX + 1]; /* [0]: no route */
    size_t nroutes;                     /* named below, at most ROUTES_MAX */
    const char *method[ROUTES_MAX + 1]; /* the routes' labels: static strings */
    const char *path[ROUTES_MAX + 1];
    struct timespec started;            /* CLOCK_REALTIME */
};

api_metrics *api_metrics_create(size_t nroutes, api_route_name_fn method, api_route_name_fn path)
{
    api_metrics *m = wb_calloc(1, sizeof *m);
    clock_gettime(CLOCK_REALTIME, &m->started);
    m->nroutes = nroutes < ROUTES_MAX ? nroutes : ROUTES_MAX;
    m->method[0] = "";
    m->path[0] = "none";
    for (size_t i = 0; i < m->nroutes; i++) {
        m->method[i + 1] = method(i);
        m->path[i + 1] = path(i);
    }
    return m;
}

void api_metrics_destroy(api_metrics *m)
{
    free(m);
}

static size_t status_slot(unsigned status)
{
    for (size_t i = 0; i < NSTATUS - 1; i++)
        if (statuses[i] == status)
            return i;
    return NSTATUS - 1;
}

/* This thread's shard. */
static unsigned shard(void)
{
    static atomic_uint next;
    static _Thread_local unsigned mine; /* shard + 1; 0: none yet */
    if (!mine)
        mine = atomic_fetch_add_explicit(&next, 1, memory_order_relaxed) % SHARDS + 1;
    return mine - 1;
}

/* A counter summed over the shards: route i, the member at `off` bytes
 * into its route_counts. */
static uint64_t sum(const api_metrics *m, size_t i, size_t off)
{
    uint64_t n = 0;
    for (size_t k = 0; k < SHARDS; k++) {
        const atomic_uint_fast64_t *c =
            (const atomic_uint_fast64_t *)((const char *)&m->route[k][i] + off);
        n += atomic_load_explicit(c, memory_order_relaxed);
    }
    return n;
}

void api_metrics_count(api_metrics *m, unsigned route, unsigned status, uint64_t ns)
{
    if (!m)
        return;
    route_counts *rc = &m->route[shard()][route <= ROUTES_MAX ? route : 0];
    size_t b = 0;
    while (b < NBUCKET - 1 && ns > le_ns[b])
        b++;
    atomic_fetch_add_explicit(&rc->status[status_slot(status)], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&rc->bucket[b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&rc->sum_ns, ns, memory_order_relaxed);
}

/* --- the text format ------------------------------------------------------ */

typedef struct out {
    char *s;
    size_t len, cap;
} out;

static void put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(out *o, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->s + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
        if (n < 0)
            return;
        if ((size_t)n < o->cap - o->len) {
            o->len += (size_t)n;
            return;
        }
        o->s = wb_grow(o->s, &o->cap, o->len + (size_t)n + 1, 1);
    }
}

static void head(out *o, const char *name, const char *type, const char *help)
{
    put(o, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void requests(out *o, const api_metrics *m)
{
    size_t nroutes = m->nroutes;
    head(o, "wibbelld_http_requests_total", "counter",
         "HTTP requests answered, by route (method and path pattern; none: no route matched) "
         "and status");
    for (size_t i = 0; i <= nroutes; i++)
        for (size_t s = 0; s < NSTATUS; s++) {
            uint64_t n = sum(m, i, offsetof(route_counts, status) + s * sizeof(atomic_uint_fast64_t));
            if (!n)
                continue;
            if (s < NSTATUS - 1)
                put(o, "wibbelld_http_requests_total{method=\"%s\",route=\"%s\",code=\"%u\"} %llu\n",
                    m->method[i], m->path[i], statuses[s], (unsigned long long)n);
            else
                put(o, "wibbelld_http_requests_total{method=\"%s\",route=\"%s\",code=\"other\"} %llu\n",
                    m->method[i], m->path[i], (unsigned long long)n);
        }
    head(o, "wibbelld_http_request_duration_seconds", "histogram",
         "Time from the request line to the answer queued (an event stream: to its start), "
         "by route");
    for (size_t i = 0; i <= nroutes; i++) {
        uint64_t cum = 0;
        uint64_t b[NBUCKET];
        for (size_t k = 0; k < NBUCKET; k++)
            b[k] = sum(m, i, offsetof(route_counts, bucket) + k * sizeof(atomic_uint_fast64_t));
        for (size_t k = 0; k < NBUCKET; k++)
            cum += b[k];
        if (!cum)
            continue;
        uint64_t total = cum;
        cum = 0;
        for (size_t k = 0; k < NBUCKET; k++) {
            cum += b[k];
            put(o, "wibbelld_http_request_duration_seconds_bucket{method=\"%s\",route=\"%s\",le=\"%s\"} %llu\n",
                m->method[i], m->path[i], k < NBUCKET - 1 ? le_text[k] : "+Inf", (unsigned long long)cum);
        }
        put(o, "wibbelld_http_request_duration_seconds_sum{method=\"%s\",route=\"%s\"} %.9f\n",
            m->method[i], m->path[i],
            (double)sum(m, i, offsetof(route_counts, sum_ns)) / 1e9);
        put(o, "wibbelld_http_request_duration_seconds_count{method=\"%s\",route=\"%s\"} %llu\n",
            m->method[i], m->path[i], (unsigned long long)total);
    }
}

static void matches(out *o, const api_ctx *ctx)
{
    match_stats st;
    match_store_stats(ctx->matches, &st);
    head(o, "wibbelld_matches_live", "gauge", "Active matches (not finished, ended or abandoned)");
    put(o, "wibbelld_matches_live %zu\n", st.live);
    head(o, "wibbelld_matches_stored", "gauge", "Matches in the store, of every status");
    put(o, "wibbelld_matches_stored %zu\n", st.stored);
    head(o, "wibbelld_actions_applied_total", "counter",
         "Actions made durable since the store was opened");
    put(o, "wibbelld_actions_applied_total %llu\n", (unsigned long long)st.actions);
    head(o, "wibbelld_commit_duration_seconds", "summary",
         "Durable write transactions of the match store (group commits: each holds every "
         "change queued meanwhile) and the time spent in them");
    put(o, "wibbelld_commit_duration_seconds_sum %.9f\n", st.commit_seconds);
    put(o, "wibbelld_commit_duration_seconds_count %llu\n", (unsigned long long)st.commits);
    head(o, "wibbelld_commit_failures_total", "counter", "Commits that failed (disk full, I/O)");
    put(o, "wibbelld_commit_failures_total %llu\n", (unsigned long long)st.commit_failures);
    head(o, "wibbelld_storage_writable", "gauge", "1 while commits succeed, 0 while they fail");
    put(o, "wibbelld_storage_writable %d\n", st.writable ? 1 : 0);
    head(o, "wibbelld_event_streams_open", "gauge", "Server-Sent Events streams open now");
    put(o, "wibbelld_event_streams_open %u\n", api_sse_open_count(ctx->sse));
}

/* The bot workers' (match_bots.h): their decisions as a histogram. */
static void bots(out *o, const api_ctx *ctx)
{
    match_bots_stats st;
    match_bots_get_stats(ctx->matches, &st);
    head(o, "wibbelld_bot_decision_seconds", "histogram",
         "Decisions of the bots (a seat's view and legal actions to a chosen action)");
    for (size_t i = 0; i < MATCH_BOTS_BUCKETS - 1; i++)
        put(o, "wibbelld_bot_decision_seconds_bucket{le=\"%g\"} %llu\n", match_bots_bucket_s[i],
            (unsigned long long)st.within[i]);
    put(o, "wibbelld_bot_decision_seconds_bucket{le=\"+Inf\"} %llu\n",
        (unsigned long long)st.within[MATCH_BOTS_BUCKETS - 1]);
    put(o, "wibbelld_bot_decision_seconds_sum %.9f\n", st.decide_seconds);
    put(o, "wibbelld_bot_decision_seconds_count %llu\n", (unsigned long long)st.decisions);
    head(o, "wibbelld_bot_actions_total", "counter", "Actions the bots applied");
    put(o, "wibbelld_bot_actions_total %llu\n", (unsigned long long)st.applied);
    head(o, "wibbelld_bot_fallbacks_total", "counter",
         "Random listed actions played for a bot that chose nothing or a refused action");
    put(o, "wibbelld_bot_fallbacks_total %llu\n", (unsigned long long)st.fallbacks);
}

static void dictionaries(out *o, const api_ctx *ctx)
{
    static const struct {
        const char *name, *help;
    } kinds[] = {
        {"wibbelld_dictionary_words", "Valid (non-proper) word forms of a dictionary"},
        {"wibbelld_dictionary_proper_nouns", "Entries of a dictionary that are proper nouns only"},
        {"wibbelld_dictionary_lemmas", "Base forms of a dictionary"},
    };
    size_t n = dict_lib_count(ctx->dicts);
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        head(o, kinds[k].name, "gauge", kinds[k].help);
        for (size_t i = 0; i < n; i++) {
            dict_info info;
            dict_get_info(dict_lib_at(ctx->dicts, i), &info);
            size_t v = k == 0 ? info.words : k == 1 ? info.proper_nouns : info.lemmas;
            put(o, "%s{dictionary=\"%s\"} %zu\n", kinds[k].name, info.id, v);
        }
    }
}

static void process(out *o, const api_metrics *m)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
                 (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    head(o, "process_cpu_seconds_total", "counter", "User and system CPU time of the daemon");
    put(o, "process_cpu_seconds_total %.6f\n", cpu);
    long pages = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        long size;
        if (fscanf(f, "%ld %ld", &size, &pages) != 2)
            pages = 0;
        fclose(f);
    }
    head(o, "process_resident_memory_bytes", "gauge", "Resident memory of the daemon");
    put(o, "process_resident_memory_bytes %lld\n", (long long)pages * sysconf(_SC_PAGESIZE));
    head(o, "process_start_time_seconds", "gauge", "When the server started, since the epoch");
    put(o, "process_start_time_seconds %lld\n", (long long)m->started.tv_sec);
    head(o, "wibbelld_build_info", "gauge", "The daemon's version (the value is always 1)");
    put(o, "wibbelld_build_info{version=\"%s\"} 1\n", WB_VERSION);
}

void api_h_metrics(api_req *r)
{
    const api_ctx *ctx = r->ctx;
    out o = {NULL, 0, 0};
    o.s = wb_grow(NULL, &o.cap, 8192, 1);
    o.s[0] = '\0';
    requests(&o, ctx->metrics);
    if (ctx->matches) {
        matches(&o, ctx);
        bots(&o, ctx);
    }
    dictionaries(&o, ctx);
    process(&o, ctx->metrics);
    free(r->out);
    r->out = o.s;
    r->out_static = NULL;
    r->out_len = o.len;
    r->status = 200;
    r->content_type = "text/plain; version=0.0.4; charset=utf-8";
    r->cache_control = "no-store";
    r->code = NULL;
}
