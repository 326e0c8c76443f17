/*
 * config.c - parsing the command line of wibbelld.
 *
 * Every usage error is reported here, with what was wrong and what was
 * expected, so that main() only has to exit with status 2.
 */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "matches.h"
#include "wb_config.h"
#include "wb_mem.h"
#include "wb_paths.h"

#define THREADS_MAX 1024
#define MAX_BODY_MAX ((size_t)1 << 30)
#define DICT_ID_MAX 64
#define MAX_MATCHES_DEFAULT 1000
#define MAX_MATCHES_MAX 10000000
#define ABANDON_DEFAULT_S 86400
#define ABANDON_MAX_S (100LL * 365 * 86400)
#define KEEP_DEFAULT_N 1000
#define KEEP_DEFAULT_S (30LL * 86400)
#define KEEP_MAX_N 10000000
#define MAX_STREAMS_DEFAULT 256
#define MAX_STREAMS_MAX 100000
#define HEARTBEAT_DEFAULT_S 15
#define HEARTBEAT_MAX_S 3600
#define CONNECTIONS_MAX 1000000
#define HEAD_TIMEOUT_MAX_S 3600
#define LEASE_DEFAULT_MS 3000
#define LEASE_MIN_MS 300
#define LEASE_MAX_MS 3600000

static const char usage_text[] =
    "Usage: wibbelld [OPTION]...\n"
    "Serve the Wibbell dictionary and games over HTTP (JSON).\n"
    "\n"
    "  -l, --listen ADDR:PORT     address to listen on (default 127.0.0.1:8080);\n"
    "                             IPv6 in brackets: [::1]:8080; port 0: any free port\n"
    "  -d, --data-dir DIR         where dictionaries are built and kept, and matches\n"
    "                             are stored (in DIR/games) (default\n"
    "                             $WIBBELLD_DATA_DIR, else $XDG_DATA_HOME/wibbelld,\n"
    "                             else ~/.local/share/wibbelld)\n"
    "      --dictionaries ID,...  dictionaries to serve, the first is the default\n"
    "                             (default en,en_GB,en_US: en takes either\n"
    "                             spelling; also fr, de, es, it, nl, pt, pt_BR);\n"
    "                             missing ones are built first\n"
    "      --build-jobs N         dictionaries built at once on a first start,\n"
    "                             1 to 4 (default: one per CPU, at most 4)\n"
    "  -t, --threads N            worker threads (default: one per CPU)\n"
    "      --bot-threads N        threads that play the seats bots play (default 1)\n"
    "      --max-body BYTES       largest request body, K and M suffixes allowed\n"
    "                             (default 64K)\n"
    "      --max-matches N        live matches at once; creating more answers 503\n"
    "                             (default 1000)\n"
    "      --abandon-after SECONDS\n"
    "                             an active match untouched this long is abandoned:\n"
    "                             it stops counting as live and its host may delete\n"
    "                             it (default 86400)\n"
    "      --keep-finished N[,SECONDS]\n"
    "                             finished, ended and abandoned matches are kept,\n"
    "                             at most N of them and for SECONDS after their\n"
    "                             last action, then removed oldest first\n"
    "                             (default 1000,2592000: 30 days)\n"
    "      --max-streams N        open event streams (GET /v1/games/ID/events) at\n"
    "                             once (default 256)\n"
    "      --heartbeat SECONDS    keep-alive comment on an idle event stream every\n"
    "                             SECONDS (default 15)\n"
    "      --max-connections N    open HTTP connections at once (default: what the\n"
    "                             descriptor limit allows, up to 100000)\n"
    "      --max-connections-per-ip N\n"
    "                             open connections from one client address (IPv6:\n"
    "                             one /64); more are closed at once; 0: no cap\n"
    "                             (default 1024; raise it behind a proxy)\n"
    "      --head-timeout SECONDS a request head must arrive whole within SECONDS of\n"
    "                             its first byte, or the client gets 408 and is cut\n"
    "                             off (default 10)\n"
    "      --instance NAME        name this daemon among several behind a proxy:\n"
    "                             new match ids start with NAME- (1 to 8 of a-z,\n"
    "                             0-9), and responses carry X-Wibbelld-Instance\n"
    "      --cors-origin LIST     let web pages of other origins read the answers:\n"
    "                             comma-separated origins (https://a.example)\n"
    "                             may call every route; * lets any origin call\n"
    "                             the read-only dictionary routes (default: none)\n"
    "";
/* the rest (one literal would pass the 4095 characters C99 promises) */
static const char usage_text2[] =
    "      --store URL            keep the matches in PostgreSQL, at a libpq URL\n"
    "                             postgresql://[USER@]HOST[:PORT]/DB (a password\n"
    "                             in ~/.pgpass) (default $WIBBELLD_STORE, else\n"
    "                             LMDB in DIR/games)\n"
    "      --lease-ms N           with PostgreSQL: this daemon owns its shard (its\n"
    "                             --instance) through a lease of N ms, renewed\n"
    "                             every N/3; another daemon of the same instance\n"
    "                             and store waits as a standby, not listening, and\n"
    "                             takes the shard over once the lease expires\n"
    "                             (300 to 3600000, default 3000)\n"
    "      --access-log FILE|-    append one line per request to FILE (-: standard\n"
    "                             output): address, time, request line, status,\n"
    "                             bytes, seconds; never a token (default: none)\n"
    "  -v, --verbose              log every request to stderr\n"
    "  -h, --help                 show this help and exit\n"
    "  -V, --version              show the version and exit\n"
    "\n"
    "Once listening, wibbelld prints one line to stdout:\n"
    "  wibbelld: listening on http://HOST:PORT\n"
    "and runs until SIGTERM or SIGINT.  Exit status: 0 after a clean shutdown,\n"
    "1 on a runtime error, 2 on a usage error, 75 when another daemon took\n"
    "over this one's shard (PostgreSQL; to be started again, as a standby).\n";

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("wibbelld: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\nTry 'wibbelld --help' for more information.\n", stderr);
    va_end(ap);
    return CONFIG_USAGE;
}

/* A whole unsigned number in [0, max], with an optional K or M suffix
 * (powers of 1024) when `suffix` is set. */
static int parse_num(const char *s, unsigned long long max, int suffix,
                     unsigned long long *out)
{
    unsigned long long n = 0;
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (n > max)
            return -1; /* and so no overflow either */
        n = n * 10 + (unsigned)(*p - '0');
    }
    if (suffix && (*p == 'K' || *p == 'k') && p[1] == '\0') {
        if (n > max / 1024)
            return -1;
        n *= 1024;
        p++;
    } else if (suffix && (*p == 'M' || *p == 'm') && p[1] == '\0') {
        if (n > max / (1024 * 1024))
            return -1;
        n *= 1024 * 1024;
        p++;
    }
    if (*p != '\0' || n > max)
        return -1;
    *out = n;
    return 0;
}

int config_parse_listen(const char *s, char **host, unsigned *port, const char **why)
{
    const char *h, *hend, *p;
    *host = NULL;
    if (s[0] == '[') {
        hend = strchr(s, ']');
        if (!hend || hend[1] != ':') {
            *why = "an IPv6 address goes in brackets followed by the port: [::1]:8080";
            return -1;
        }
        h = s + 1;
        p = hend + 2;
    } else {
        const char *colon = strrchr(s, ':');
        if (!colon) {
            *why = "expected ADDR:PORT, e.g. 127.0.0.1:8080";
            return -1;
        }
        if (memchr(s, ':', (size_t)(colon - s))) {
            *why = "an IPv6 address goes in brackets: [::1]:8080";
            return -1;
        }
        h = s;
        hend = colon;
        p = colon + 1;
    }
    unsigned long long n;
    if (parse_num(p, 65535, 0, &n)) {
        *why = "the port is a number from 0 to 65535";
        return -1;
    }
    if (hend == h) {
        if (s[0] == '[') {
            *why = "the brackets hold no address";
            return -1;
        }
        *host = wb_strdup("127.0.0.1");
    } else {
        *host = wb_strndup(h, (size_t)(hend - h));
    }
    *port = (unsigned)n;
    return 0;
}

static int valid_dict_id(const char *s, size_t n)
{
    if (n == 0 || n > DICT_ID_MAX)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* An instance name: the prefix of match ids (games/store/matches.h). */
static int valid_instance(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > MATCH_PREFIX_MAX)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9')))
            return 0;
    return 1;
}

static int set_dicts(config *cfg, const char *list)
{
    for (size_t i = 0; i < cfg->ndicts; i++)
        free(cfg->dicts[i]);
    cfg->ndicts = 0;
    const char *s = list;
    for (;;) {
        size_t n = strcspn(s, ",");
        if (!valid_dict_id(s, n))
            return usage_error("--dictionaries: '%s' is not a list of ids such as en_US,en_GB",
                               list);
        if (cfg->ndicts == CONFIG_DICTS_MAX)
            return usage_error("--dictionaries: too many (%s)", list);
        cfg->dicts[cfg->ndicts++] = wb_strndup(s, n);
        if (!s[n])
            break;
        s += n + 1;
    }
    return CONFIG_RUN;
}

/* The store of matches: "lmdb" (the default, DATA_DIR/games) or a
 * PostgreSQL URL, whether it came from --store or $WIBBELLD_STORE. */
static int set_store(config *cfg, const char *s, const char *from)
{
    free(cfg->store);
    cfg->store = NULL;
    if (strcmp(s, "lmdb") == 0)
        return CONFIG_RUN;
    if (!match_store_is_pg(s))
        /* not repeated: it may hold a password */
        return usage_error("%s: neither lmdb nor a PostgreSQL URL (postgresql://HOST/DB)",
                           from);
    cfg->store = wb_strdup(s);
    return CONFIG_RUN;
}

void config_free(config *cfg)
{
    free(cfg->host);
    free(cfg->data_dir);
    free(cfg->store);
    free(cfg->instance);
    free(cfg->access_log);
    free(cfg->cors_origins);
    for (size_t i = 0; i < cfg->ndicts; i++)
        free(cfg->dicts[i]);
    free(cfg->dicts);
    memset(cfg, 0, sizeof *cfg);
}

int config_parse(config *cfg, int argc, char **argv)
{
    enum { OPT_DICTS = 256, OPT_MAX_BODY, OPT_MAX_MATCHES, OPT_ABANDON, OPT_MAX_STREAMS,
           OPT_HEARTBEAT, OPT_MAX_CONN, OPT_MAX_CONN_IP, OPT_HEAD_TIMEOUT, OPT_KEEP,
           OPT_INSTANCE, OPT_ACCESS_LOG, OPT_CORS, OPT_BOT_THREADS, OPT_STORE,
           OPT_LEASE, OPT_BUILD_JOBS };
    static const struct option longopts[] = {
        {"listen", required_argument, NULL, 'l'},
        {"data-dir", required_argument, NULL, 'd'},
        {"dictionaries", required_argument, NULL, OPT_DICTS},
        {"threads", required_argument, NULL, 't'},
        {"bot-threads", required_argument, NULL, OPT_BOT_THREADS},
        {"build-jobs", required_argument, NULL, OPT_BUILD_JOBS},
        {"max-body", required_argument, NULL, OPT_MAX_BODY},
        {"max-matches", required_argument, NULL, OPT_MAX_MATCHES},
        {"abandon-after", required_argument, NULL, OPT_ABANDON},
        {"max-streams", required_argument, NULL, OPT_MAX_STREAMS},
        {"keep-finished", required_argument, NULL, OPT_KEEP},
        {"heartbeat", required_argument, NULL, OPT_HEARTBEAT},
        {"max-connections", required_argument, NULL, OPT_MAX_CONN},
        {"max-connections-per-ip", required_argument, NULL, OPT_MAX_CONN_IP},
        {"head-timeout", required_argument, NULL, OPT_HEAD_TIMEOUT},
        {"instance", required_argument, NULL, OPT_INSTANCE},
        {"access-log", required_argument, NULL, OPT_ACCESS_LOG},
        {"cors-origin", required_argument, NULL, OPT_CORS},
        {"store", required_argument, NULL, OPT_STORE},
        {"lease-ms", required_argument, NULL, OPT_LEASE},
        {"verbose", no_argument, NULL, 'v'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    const char *why;
    int c, rc;

    memset(cfg, 0, sizeof *cfg);
    cfg->host = wb_strdup("127.0.0.1");
    cfg->port = API_PORT_DEFAULT;
    cfg->max_body = API_MAX_BODY_DEFAULT;
    cfg->max_matches = MAX_MATCHES_DEFAULT;
    cfg->bot_threads = 1;
    cfg->abandon_s = ABANDON_DEFAULT_S;
    cfg->keep_finished = KEEP_DEFAULT_N;
    cfg->keep_finished_s = KEEP_DEFAULT_S;
    cfg->max_streams = MAX_STREAMS_DEFAULT;
    cfg->heartbeat_s = HEARTBEAT_DEFAULT_S;
    cfg->lease_ms = LEASE_DEFAULT_MS;
    cfg->dicts = wb_calloc(CONFIG_DICTS_MAX, sizeof *cfg->dicts);
    cfg->dicts[cfg->ndicts++] = wb_strdup("en");
    cfg->dicts[cfg->ndicts++] = wb_strdup("en_GB");
    cfg->dicts[cfg->ndicts++] = wb_strdup("en_US");

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":l:d:t:vhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'l':
            free(cfg->host);
            if (config_parse_listen(optarg, &cfg->host, &cfg->port, &why)) {
                fprintf(stderr, "wibbelld: --listen '%s': %s\n", optarg, why);
                fputs("Try 'wibbelld --help' for more information.\n", stderr);
                return CONFIG_USAGE;
            }
            break;
        case 'd':
            if (!*optarg)
                return usage_error("--data-dir: the directory name is empty");
            free(cfg->data_dir);
            cfg->data_dir = wb_strdup(optarg);
            break;
        case OPT_DICTS:
            if ((rc = set_dicts(cfg, optarg)) != CONFIG_RUN)
                return rc;
            break;
        case 't':
            if (parse_num(optarg, THREADS_MAX, 0, &n))
                return usage_error("--threads: '%s' is not a number from 0 to 1024", optarg);
            cfg->threads = (unsigned)n;
            break;
        case OPT_MAX_BODY:
            if (parse_num(optarg, MAX_BODY_MAX, 1, &n) || n == 0)
                return usage_error("--max-body: '%s' is not a size from 1 to 1G bytes "
                                   "(K and M suffixes allowed)",
                                   optarg);
            cfg->max_body = (size_t)n;
            break;
        case OPT_BUILD_JOBS:
            if (parse_num(optarg, 4, 0, &n) || n == 0)
                return usage_error("--build-jobs: '%s' is not a number from 1 to 4", optarg);
            cfg->build_jobs = (unsigned)n;
            break;
        case OPT_BOT_THREADS:
            if (parse_num(optarg, 64, 0, &n) || n == 0)
                return usage_error("--bot-threads: '%s' is not a number from 1 to 64", optarg);
            cfg->bot_threads = (unsigned)n;
            break;
        case OPT_MAX_MATCHES:
            if (parse_num(optarg, MAX_MATCHES_MAX, 0, &n) || n == 0)
                return usage_error("--max-matches: '%s' is not a number from 1 to %d", optarg,
                                   MAX_MATCHES_MAX);
            cfg->max_matches = (size_t)n;
            break;
        case OPT_ABANDON:
            if (parse_num(optarg, ABANDON_MAX_S, 0, &n) || n == 0)
                return usage_error("--abandon-after: '%s' is not a number of seconds from 1 "
                                   "to %lld",
                                   optarg, ABANDON_MAX_S);
            cfg->abandon_s = (long long)n;
            break;
        case OPT_KEEP: {
            char num[32];
            const char *comma = strchr(optarg, ',');
            size_t len = comma ? (size_t)(comma - optarg) : strlen(optarg);
            unsigned long long secs = (unsigned long long)cfg->keep_finished_s;
            snprintf(num, sizeof num, "%.*s", (int)(len < sizeof num ? len : sizeof num - 1),
                     optarg);
            if (len >= sizeof num || parse_num(num, KEEP_MAX_N, 0, &n) || n == 0 ||
                (comma && (parse_num(comma + 1, ABANDON_MAX_S, 0, &secs) || secs == 0)))
                return usage_error("--keep-finished: '%s' is not N or N,SECONDS (N from 1 "
                                   "to %d, SECONDS from 1)",
                                   optarg, KEEP_MAX_N);
            cfg->keep_finished = (size_t)n;
            cfg->keep_finished_s = (long long)secs;
            break;
        }
        case OPT_MAX_STREAMS:
            if (parse_num(optarg, MAX_STREAMS_MAX, 0, &n) || n == 0)
                return usage_error("--max-streams: '%s' is not a number from 1 to %d", optarg,
                                   MAX_STREAMS_MAX);
            cfg->max_streams = (unsigned)n;
            break;
        case OPT_HEARTBEAT:
            if (parse_num(optarg, HEARTBEAT_MAX_S, 0, &n) || n == 0)
                return usage_error("--heartbeat: '%s' is not a number of seconds from 1 to %d",
                                   optarg, HEARTBEAT_MAX_S);
            cfg->heartbeat_s = (unsigned)n;
            break;
        case OPT_MAX_CONN:
            if (parse_num(optarg, CONNECTIONS_MAX, 0, &n) || n == 0)
                return usage_error("--max-connections: '%s' is not a number from 1 to %d", optarg,
                                   CONNECTIONS_MAX);
            cfg->max_connections = (unsigned)n;
            break;
        case OPT_MAX_CONN_IP:
            if (parse_num(optarg, CONNECTIONS_MAX, 0, &n))
                return usage_error("--max-connections-per-ip: '%s' is not a number from 0 "
                                   "(no cap) to %d",
                                   optarg, CONNECTIONS_MAX);
            cfg->max_connections_per_ip = n == 0 ? API_UNLIMITED : (unsigned)n;
            break;
        case OPT_HEAD_TIMEOUT:
            if (parse_num(optarg, HEAD_TIMEOUT_MAX_S, 0, &n) || n == 0)
                return usage_error("--head-timeout: '%s' is not a number of seconds from 1 to %d",
                                   optarg, HEAD_TIMEOUT_MAX_S);
            cfg->head_timeout_s = (unsigned)n;
            break;
        case OPT_INSTANCE:
            if (!valid_instance(optarg))
                return usage_error("--instance: '%s' is not 1 to %d of a-z and 0-9", optarg,
                                   MATCH_PREFIX_MAX);
            free(cfg->instance);
            cfg->instance = wb_strdup(optarg);
            break;
        case OPT_ACCESS_LOG:
            if (!*optarg)
                return usage_error("--access-log: the file name is empty (- is standard output)");
            free(cfg->access_log);
            cfg->access_log = wb_strdup(optarg);
            break;
        case OPT_CORS:
            if (api_cors_check(optarg, &why))
                return usage_error("--cors-origin: '%s': %s", optarg, why);
            free(cfg->cors_origins);
            cfg->cors_origins = wb_strdup(optarg);
            break;
        case OPT_LEASE:
            if (parse_num(optarg, LEASE_MAX_MS, 0, &n) || n < LEASE_MIN_MS)
                return usage_error("--lease-ms: '%s' is not a number of milliseconds from %d "
                                   "to %d",
                                   optarg, LEASE_MIN_MS, LEASE_MAX_MS);
            cfg->lease_ms = (unsigned)n;
            break;
        case OPT_STORE:
            if ((rc = set_store(cfg, optarg, "--store")) != CONFIG_RUN)
                return rc;
            break;
        case 'v':
            cfg->verbose = 1;
            break;
        case 'h':
            fputs(usage_text, stdout);
            fputs(usage_text2, stdout);
            return CONFIG_EXIT;
        case 'V':
            printf("wibbelld %s\n", WB_VERSION);
            return CONFIG_EXIT;
        case ':':
            return usage_error("option '%s' needs an argument", argv[optind - 1]);
        default:
            if (optopt)
                return usage_error("unknown option '-%c'", optopt);
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    const char *env_store = getenv("WIBBELLD_STORE");
    if (!cfg->store && env_store && *env_store &&
        (rc = set_store(cfg, env_store, "WIBBELLD_STORE")) != CONFIG_RUN)
        return rc;
    if (!cfg->data_dir) {
        cfg->data_dir = wb_default_data_dir(); /* wb_paths.h */
        if (!cfg->data_dir)
            return usage_error("no data directory: give --data-dir, or set "
                               "WIBBELLD_DATA_DIR or HOME");
    }
    return CONFIG_RUN;
}
