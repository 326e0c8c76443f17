/*
 * bench_games_load.c - the load generator of tests/bench/bench_games.sh
 * (not a test): N keep-alive HTTP/1.1 connections to wibbelld, each
 * playing its own match as a generic bot would.
 *
 * Each connection creates a match (POST /v1/games), then loops: take a
 * seat from the state's "to_act", fetch that seat's legal actions
 * (GET /v1/games/ID/actions), POST one of them at random (a template's
 * "$params" filled with a fixed value: -f), and read "to_act" and "status"
 * from the answer's state; a finished match is replaced by a new one.
 * One thread drives every connection with poll(), so the generator costs
 * little CPU per action and can be pinned to a core of its own.
 *
 * Only the measured window counts (after a warm-up): actions (POSTs
 * answered 200), their latency from the first byte sent to the last byte
 * of the answer, requests of every kind, and, with -p PID, the daemon's
 * CPU time (utime + stime of /proc/PID/stat) over the same window.  The
 * figures are printed as "key value" lines for the script to read.
 *
 * The JSON of the answers is walked by a small scanner (no tree is built):
 * the daemon's answers are trusted to be well-formed.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_SEATS 8
#define MAX_CONNS 4096
#define ID_MAX 64
#define TOKEN_MAX 128
#define REFUSED_MAX 16 /* refusals in a row before a match is given up */

enum { ST_CREATE, ST_LIST, ST_ACT };

typedef struct conn {
    int fd;
    int what;              /* the request in flight: ST_* */
    char *out;             /* the request */
    size_t out_len, out_off;
    char *in;              /* the answer so far */
    size_t in_len, in_cap;
    double sent_at;        /* when its first byte went out */
    char id[ID_MAX];
    char tokens[MAX_SEATS][TOKEN_MAX];
    int to_act[MAX_SEATS], nto_act, finished;
    int seat;              /* the seat acting now */
    int refused;           /* refusals in a row */
} conn;

static struct {
    struct sockaddr_in addr;
    char host[64];
    const char *game, *options, *fill;
    int players, nconns, pid;
    double warmup, duration;
    uint64_t rng;
} cfg = {.game = "wibbell", .options = "{\"tie_window_ms\":0}", .fill = "\"qzx\"",
         .players = 2, .nconns = 32, .warmup = 0.5, .duration = 5, .rng = 0x9e3779b97f4a7c15ull};

static struct {
    int measuring;
    uint64_t actions, requests, creates, refused, errors;
    uint32_t *lat_us; /* latencies of the measured actions */
    size_t nlat, cap;
} st;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t rnd(void)
{
    cfg.rng ^= cfg.rng << 13;
    cfg.rng ^= cfg.rng >> 7;
    cfg.rng ^= cfg.rng << 17;
    return cfg.rng;
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n);
    if (!p) {
        fprintf(stderr, "bench_games_load: out of memory\n");
        exit(1);
    }
    return p;
}

/* --- a JSON scanner over trusted text -------------------------------------- */

static const char *ws(const char *p, const char *e)
{
    while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    return p;
}

/* Past the string starting at p (on its opening quote). */
static const char *skip_str(const char *p, const char *e)
{
    for (p++; p < e && *p != '"'; p++)
        if (*p == '\\')
            p++;
    return p < e ? p + 1 : e;
}

/* Past the value starting at p. */
static const char *skip_val(const char *p, const char *e)
{
    p = ws(p, e);
    if (p >= e)
        return e;
    if (*p == '"')
        return skip_str(p, e);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (p < e) {
            if (*p == '"') {
                p = skip_str(p, e);
                continue;
            }
            if (*p == '{' || *p == '[')
                depth++;
            else if ((*p == '}' || *p == ']') && --depth == 0)
                return p + 1;
            p++;
        }
        return e;
    }
    while (p < e && *p != ',' && *p != '}' && *p != ']' && *p != ' ')
        p++;
    return p;
}

/* The value of member `key` of the object at p, or NULL. */
static const char *member(const char *p, const char *e, const char *key)
{
    size_t kl = strlen(key);
    p = ws(p, e);
    if (p >= e || *p != '{')
        return NULL;
    p++;
    for (;;) {
        p = ws(p, e);
        if (p >= e || *p != '"')
            return NULL;
        const char *k = p + 1, *ke = skip_str(p, e) - 1;
        p = ws(ke + 1, e);
        if (p >= e || *p != ':')
            return NULL;
        p = ws(p + 1, e);
        if ((size_t)(ke - k) == kl && memcmp(k, key, kl) == 0)
            return p;
        p = ws(skip_val(p, e), e);
        if (p >= e || *p != ',')
            return NULL;
        p++;
    }
}

/* Calls fn on each element of the array at p; returns their number, or
 * -1 when p is no array. */
static int each_elem(const char *p, const char *e,
                     void (*fn)(void *ctx, const char *v, const char *ve), void *ctx)
{
    int n = 0;
    p = ws(p, e);
    if (p >= e || *p != '[')
        return -1;
    p = ws(p + 1, e);
    if (p < e && *p == ']')
        return 0;
    while (p < e) {
        const char *ve = skip_val(p, e);
        if (fn)
            fn(ctx, p, ve);
        n++;
        p = ws(ve, e);
        if (p >= e || *p != ',')
            break;
        p = ws(p + 1, e);
    }
    return n;
}

/* A string value at p copied into buf (no escapes expected); 0 or -1. */
static int str_into(const char *p, const char *e, char *buf, size_t size)
{
    if (!p || p >= e || *p != '"')
        return -1;
    const char *s = p + 1, *se = skip_str(p, e) - 1;
    if ((size_t)(se - s) >= size)
        return -1;
    memcpy(buf, s, (size_t)(se - s));
    buf[se - s] = '\0';
    return 0;
}

struct seats {
    conn *c;
};

static void seat_of(void *ctx, const char *v, const char *ve)
{
    conn *c = ((struct seats *)ctx)->c;
    (void)ve;
    if (c->nto_act < MAX_SEATS)
        c->to_act[c->nto_act++] = atoi(v);
}

/* Read "to_act" and "status" of the state at p. */
static int read_state(conn *c, const char *p, const char *e)
{
    struct seats s = {c};
    const char *ta = p ? member(p, e, "to_act") : NULL;
    const char *status = p ? member(p, e, "status") : NULL;
    c->nto_act = 0;
    if (!ta || !status || each_elem(ta, e, seat_of, &s) < 0)
        return -1;
    c->finished = strncmp(status, "\"finished\"", 10) == 0;
    return 0;
}

struct tokens {
    conn *c;
    int n, bad;
};

static void token_of(void *ctx, const char *v, const char *ve)
{
    struct tokens *t = ctx;
    if (t->n >= MAX_SEATS || str_into(member(v, ve, "token"), ve, t->c->tokens[t->n],
                                      TOKEN_MAX))
        t->bad = 1;
    t->n++;
}

struct pick {
    const char *v[256], *ve[256];
    int n;
};

static void action_of(void *ctx, const char *v, const char *ve)
{
    struct pick *pk = ctx;
    if (pk->n < 256) {
        pk->v[pk->n] = v;
        pk->ve[pk->n++] = ve;
    }
}

/* --- requests -------------------------------------------------------------- */

static void set_request(conn *c, const char *method, const char *path, const char *token,
                        const char *body, size_t blen)
{
    char head[1024];
    int n = snprintf(head, sizeof head,
                     "%s %s HTTP/1.1\r\nHost: %s\r\n%s%s%s%s", method, path, cfg.host,
                     token ? "Authorization: Bearer " : "", token ? token : "",
                     token ? "\r\n" : "",
                     body ? "Content-Type: application/json\r\n" : "");
    if (body)
        n += snprintf(head + n, sizeof head - (size_t)n, "Content-Length: %zu\r\n", blen);
    n += snprintf(head + n, sizeof head - (size_t)n, "\r\n");
    c->out = xrealloc(c->out, (size_t)n + blen + 1);
    memcpy(c->out, head, (size_t)n);
    if (body)
        memcpy(c->out + n, body, blen);
    c->out_len = (size_t)n + blen;
    c->out_off = 0;
    c->in_len = 0;
    c->sent_at = now_s();
}

static void req_create(conn *c)
{
    char body[4096], players[512];
    size_t k = 0;
    for (int i = 0; i < cfg.players; i++)
        k += (size_t)snprintf(players + k, sizeof players - k, "%s\"p%d\"", i ? "," : "", i);
    int n = snprintf(body, sizeof body,
                     "{\"game\":\"%s\",\"players\":[%s],\"options\":%s,\"seed\":%llu}", cfg.game,
                     players, cfg.options, (unsigned long long)(rnd() >> 12));
    c->what = ST_CREATE;
    c->refused = 0;
    set_request(c, "POST", "/v1/games", NULL, body, (size_t)n);
}

/* The next request after the state was read: list a seat's actions, or
 * a new match. */
static void req_next(conn *c)
{
    if (c->finished || c->nto_act == 0 || c->refused > REFUSED_MAX) {
        req_create(c);
        return;
    }
    char path[160];
    c->seat = c->to_act[rnd() % (uint64_t)c->nto_act];
    if (c->seat < 0 || c->seat >= cfg.players) {
        req_create(c);
        return;
    }
    snprintf(path, sizeof path, "/v1/games/%s/actions", c->id);
    c->what = ST_LIST;
    set_request(c, "GET", path, c->tokens[c->seat], NULL, 0);
}

/* POST one of the listed actions (v..ve, an object), a template filled. */
static void req_act(conn *c, const char *v, const char *ve)
{
    char body[8192], path[160];
    size_t n = 0;
    const char *params = member(v, ve, "$params");
    if (!params) {
        n = (size_t)(ve - v);
        if (n >= sizeof body)
            n = 0;
        memcpy(body, v, n);
    } else {
        /* copy every member but $params, then each parameter = fill */
        const char *p = ws(v, ve) + 1;
        body[n++] = '{';
        int first = 1;
        for (;;) {
            p = ws(p, ve);
            if (p >= ve || *p != '"')
                break;
            const char *k = p, *ke = skip_str(p, ve);
            const char *val = ws(ws(ke, ve) + 1, ve), *vale = skip_val(val, ve);
            if (!((size_t)(ke - k) == 9 && memcmp(k, "\"$params\"", 9) == 0) &&
                n + (size_t)(vale - k) + 2 < sizeof body) {
                if (!first)
                    body[n++] = ',';
                memcpy(body + n, k, (size_t)(vale - k));
                n += (size_t)(vale - k);
                first = 0;
            }
            p = ws(vale, ve);
            if (p >= ve || *p != ',')
                break;
            p++;
        }
        p = ws(params, ve) + 1;
        for (;;) {
            p = ws(p, ve);
            if (p >= ve || *p != '"')
                break;
            const char *k = p, *ke = skip_str(p, ve);
            const char *val = ws(ws(ke, ve) + 1, ve);
            n += (size_t)snprintf(body + n, sizeof body - n, "%s%.*s:%s", first ? "" : ",",
                                  (int)(ke - k), k, cfg.fill);
            first = 0;
            p = ws(skip_val(val, ve), ve);
            if (p >= ve || *p != ',')
                break;
            p++;
        }
        body[n++] = '}';
    }
    snprintf(path, sizeof path, "/v1/games/%s/actions", c->id);
    c->what = ST_ACT;
    set_request(c, "POST", path, c->tokens[c->seat], body, n);
}

/* --- answers --------------------------------------------------------------- */

static void note_latency(double s)
{
    if (st.nlat == st.cap) {
        st.cap = st.cap ? 2 * st.cap : 1 << 16;
        st.lat_us = xrealloc(st.lat_us, st.cap * sizeof *st.lat_us);
    }
    st.lat_us[st.nlat++] = (uint32_t)(s * 1e6);
}

static void answered(conn *c, int status, const char *b, const char *e)
{
    double t = now_s();
    if (st.measuring)
        st.requests++;
    switch (c->what) {
    case ST_CREATE: {
        struct tokens tk = {c, 0, 0};
        if (status != 201 || str_into(member(b, e, "id"), e, c->id, ID_MAX) ||
            each_elem(member(b, e, "players"), e, token_of, &tk) != cfg.players || tk.bad ||
            read_state(c, member(b, e, "state"), e)) {
            st.errors += st.measuring;
            if (st.errors > 100000)
                exit(1);
            req_create(c);
            return;
        }
        st.creates += st.measuring;
        break;
    }
    case ST_LIST: {
        struct pick pk = {.n = 0};
        if (status != 200 || each_elem(member(b, e, "actions"), e, action_of, &pk) < 0) {
            st.errors += st.measuring;
            req_create(c);
            return;
        }
        if (pk.n == 0) { /* this seat has nothing: another, or a new match */
            c->refused++;
            req_next(c);
            return;
        }
        int i = (int)(rnd() % (uint64_t)pk.n);
        req_act(c, pk.v[i], pk.ve[i]);
        return;
    }
    case ST_ACT:
        if (status == 200) {
            if (st.measuring) {
                st.actions++;
                note_latency(t - c->sent_at);
            }
            c->refused = 0;
            if (read_state(c, member(b, e, "state"), e)) {
                st.errors += st.measuring;
                req_create(c);
                return;
            }
        } else if (status >= 400 && status < 500 && status != 404) {
            st.refused += st.measuring; /* a template filled wrongly, a race */
            c->refused++;
        } else {
            st.errors += st.measuring;
            req_create(c);
            return;
        }
        break;
    }
    req_next(c);
}

/* Parse a whole answer in c->in if there is one: 1 handled, 0 need more,
 * -1 broken. */
static int try_answer(conn *c)
{
    c->in[c->in_len] = '\0';
    char *he = strstr(c->in, "\r\n\r\n");
    if (!he)
        return 0;
    int status = 0;
    if (sscanf(c->in, "HTTP/1.%*d %d", &status) != 1)
        return -1;
    long clen = -1;
    for (char *l = strstr(c->in, "\r\n"); l && l < he; l = strstr(l + 2, "\r\n"))
        if (strncasecmp(l + 2, "Content-Length:", 15) == 0)
            clen = strtol(l + 17, NULL, 10);
    if (clen < 0)
        return -1;
    size_t total = (size_t)(he + 4 - c->in) + (size_t)clen;
    if (c->in_len < total)
        return 0;
    if (c->in_len > total)
        return -1; /* one request at a time: nothing may follow */
    answered(c, status, he + 4, he + 4 + clen);
    return 1;
}

static int open_conn(conn *c)
{
    int one = 1;
    c->fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c->fd < 0 || connect(c->fd, (struct sockaddr *)&cfg.addr, sizeof cfg.addr) != 0) {
        perror("bench_games_load: connect");
        return -1;
    }
    setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* The connection broke: count it, open a new one, start a new match. */
static void reopen(conn *c)
{
    st.errors += st.measuring;
    close(c->fd);
    if (open_conn(c))
        exit(1);
    req_create(c);
}

/* --- the daemon's CPU time ------------------------------------------------- */

/* utime + stime of process pid in seconds (-1 when unknown); *sys gets
 * stime alone. */
static double proc_cpu_s(int pid, double *sys)
{
    char path[64], buf[2048];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')'); /* the command may hold spaces */
    unsigned long long ut = 0, stt = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut,
                     &stt) != 2)
        return -1;
    *sys = (double)stt / (double)sysconf(_SC_CLK_TCK);
    return (double)(ut + stt) / (double)sysconf(_SC_CLK_TCK);
}

static double self_cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static double pct_ms(double p)
{
    if (!st.nlat)
        return 0;
    size_t i = (size_t)(p * (double)st.nlat);
    if (i >= st.nlat)
        i = st.nlat - 1;
    return st.lat_us[i] / 1000.0;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: bench_games_load [-c CONNS] [-d SECONDS] [-w WARMUP] [-g GAME] [-n PLAYERS]\n"
            "                        [-o OPTIONS_JSON] [-f FILL_JSON] [-p DAEMON_PID] "
            "HOST:PORT\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int opt;
    while ((opt = getopt(argc, argv, "c:d:w:g:n:o:f:p:s:")) != -1) {
        switch (opt) {
        case 'c': cfg.nconns = atoi(optarg); break;
        case 'd': cfg.duration = atof(optarg); break;
        case 'w': cfg.warmup = atof(optarg); break;
        case 'g': cfg.game = optarg; break;
        case 'n': cfg.players = atoi(optarg); break;
        case 'o': cfg.options = optarg; break;
        case 'f': cfg.fill = optarg; break;
        case 'p': cfg.pid = atoi(optarg); break;
        case 's': cfg.rng = strtoull(optarg, NULL, 10) | 1; break;
        default: usage();
        }
    }
    if (optind != argc - 1 || cfg.nconns < 1 || cfg.nconns > MAX_CONNS || cfg.players < 1 ||
        cfg.players > MAX_SEATS || cfg.duration <= 0)
        usage();
    char *colon = strrchr(argv[optind], ':');
    if (!colon)
        usage();
    snprintf(cfg.host, sizeof cfg.host, "%.*s", (int)(colon - argv[optind]), argv[optind]);
    cfg.addr.sin_family = AF_INET;
    cfg.addr.sin_port = htons((uint16_t)atoi(colon + 1));
    if (inet_pton(AF_INET, cfg.host, &cfg.addr.sin_addr) != 1)
        usage();

    conn *cs = calloc((size_t)cfg.nconns, sizeof *cs);
    struct pollfd *pf = calloc((size_t)cfg.nconns, sizeof *pf);
    if (!cs || !pf)
        return 1;
    for (int i = 0; i < cfg.nconns; i++) {
        cs[i].in_cap = 1 << 16;
        cs[i].in = xrealloc(NULL, cs[i].in_cap + 1);
        if (open_conn(&cs[i]))
            return 1;
        req_create(&cs[i]);
    }

    double t_start = now_s(), t_measure = t_start + cfg.warmup,
           t_end = t_measure + cfg.duration, cpu0 = 0, self0 = 0, t0 = 0, t1 = 0;
    double cpu1 = 0, self1 = 0, sys0 = 0, sys1 = 0;
    for (;;) {
        double t = now_s();
        if (!st.measuring && t >= t_measure) {
            st.measuring = 1;
            t0 = t;
            cpu0 = cfg.pid ? proc_cpu_s(cfg.pid, &sys0) : 0;
            self0 = self_cpu_s();
        }
        if (t >= t_end) {
            t1 = t;
            cpu1 = cfg.pid ? proc_cpu_s(cfg.pid, &sys1) : 0;
            self1 = self_cpu_s();
            break;
        }
        for (int i = 0; i < cfg.nconns; i++) {
            pf[i].fd = cs[i].fd;
            pf[i].events = cs[i].out_off < cs[i].out_len ? POLLOUT : POLLIN;
            pf[i].revents = 0;
        }
        int n = poll(pf, (nfds_t)cfg.nconns, 100);
        if (n < 0 && errno != EINTR) {
            perror("bench_games_load: poll");
            return 1;
        }
        for (int i = 0; n > 0 && i < cfg.nconns; i++) {
            conn *c = &cs[i];
            if (!pf[i].revents)
                continue;
            if (c->out_off < c->out_len) {
                ssize_t w = send(c->fd, c->out + c->out_off, c->out_len - c->out_off,
                                 MSG_NOSIGNAL);
                if (w < 0 && errno != EAGAIN && errno != EINTR)
                    reopen(c);
                else if (w > 0)
                    c->out_off += (size_t)w;
                continue;
            }
            if (c->in_len == c->in_cap) {
                c->in_cap *= 2;
                c->in = xrealloc(c->in, c->in_cap + 1);
            }
            ssize_t r = recv(c->fd, c->in + c->in_len, c->in_cap - c->in_len, 0);
            if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
                reopen(c);
                continue;
            }
            if (r > 0) {
                c->in_len += (size_t)r;
                if (try_answer(c) < 0)
                    reopen(c);
            }
        }
    }

    double el = t1 - t0;
    qsort(st.lat_us, st.nlat, sizeof *st.lat_us, cmp_u32);
    printf("connections %d\n", cfg.nconns);
    printf("seconds %.3f\n", el);
    printf("actions %llu\n", (unsigned long long)st.actions);
    printf("actions_per_s %.0f\n", (double)st.actions / el);
    printf("requests %llu\n", (unsigned long long)st.requests);
    printf("creates %llu\n", (unsigned long long)st.creates);
    printf("refused %llu\n", (unsigned long long)st.refused);
    printf("errors %llu\n", (unsigned long long)st.errors);
    printf("p50_ms %.2f\n", pct_ms(0.50));
    printf("p90_ms %.2f\n", pct_ms(0.90));
    printf("p99_ms %.2f\n", pct_ms(0.99));
    printf("max_ms %.2f\n", pct_ms(1.0));
    if (cfg.pid && cpu0 >= 0 && cpu1 >= 0) {
        printf("daemon_cpu_s %.3f\n", cpu1 - cpu0);
        printf("daemon_cores %.2f\n", (cpu1 - cpu0) / el);
        if (st.actions) {
            printf("daemon_cpu_ms_per_action %.4f\n", (cpu1 - cpu0) * 1000 / (double)st.actions);
            printf("daemon_sys_ms_per_action %.4f\n", (sys1 - sys0) * 1000 / (double)st.actions);
        }
    }
    printf("generator_cores %.2f\n", (self1 - self0) / el);
    for (int i = 0; i < cfg.nconns; i++) {
        close(cs[i].fd);
        free(cs[i].out);
        free(cs[i].in);
    }
    free(cs);
    free(pf);
    free(st.lat_us);
    return 0;
}
