/*
 * config.h - the command line of wibbelld and its defaults.
 *
 *   wibbelld [--listen ADDR:PORT] [--data-dir DIR] [--dictionaries ID,...]
 *            [--build-jobs N]
 *            [--threads N] [--bot-threads N] [--max-body BYTES] [--max-matches N]
 *            [--abandon-after SECONDS] [--max-streams N]
 *            [--heartbeat SECONDS] [--max-connections N]
 *            [--max-connections-per-ip N] [--head-timeout SECONDS]
 *            [--instance NAME] [--access-log FILE|-] [--cors-origin LIST]
 *            [--store URL] [--lease-ms N]
 *            [-v|--verbose] [--help] [--version]
 *
 * Parsing is kept apart from main() so that every rule about arguments
 * (what is a usage error, where the data directory is by default) lives
 * in one place.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stddef.h>

#define CONFIG_DICTS_MAX 16

typedef struct config {
    char *host;         /* address to bind, without brackets: "::1" */
    unsigned port;      /* 0: any free port */
    char *data_dir;     /* where the dictionaries live */
    char *store;        /* NULL (LMDB in data_dir/games), or a PostgreSQL URL */
    unsigned lease_ms;  /* PostgreSQL: the lease of the shard (--lease-ms) */
    char **dicts;       /* dictionary ids, the first is the default */
    size_t ndicts;
    unsigned build_jobs; /* dictionaries built at once; 0: one per CPU, at most 4 */
    unsigned threads;   /* 0: one per CPU */
    unsigned bot_threads; /* bot workers (match_bots.h), 1.. */
    size_t max_body;    /* bytes */
    size_t max_matches; /* live (active, not abandoned) matches */
    long long abandon_s; /* an untouched active match is abandoned after */
    size_t keep_finished; /* finished/ended/abandoned matches kept at most */
    long long keep_finished_s; /* ... and this long after their last action */
    unsigned max_streams; /* open event streams */
    unsigned heartbeat_s; /* keep-alive comment on idle event streams */
    unsigned max_connections;        /* 0: from the descriptor limit */
    unsigned max_connections_per_ip; /* 0: 1024; API_UNLIMITED: no cap */
    unsigned head_timeout_s;         /* 0: 10 */
    char *instance;     /* NULL, or the match id prefix naming this daemon */
    char *access_log;   /* NULL, or the access log's file ("-": stdout) */
    char *cors_origins; /* NULL, or --cors-origin's list */
    int verbose;
} config;

enum {
    CONFIG_RUN,   /* parsed: run the daemon */
    CONFIG_EXIT,  /* --help or --version was answered: exit 0 */
    CONFIG_USAGE, /* a usage error was reported on stderr: exit 2 */
};

/* Parse argv into `cfg`, which gets the defaults for what is not given:
 * 127.0.0.1:8080; the data directory $WIBBELLD_DATA_DIR, else
 * $XDG_DATA_HOME/wibbelld, else $HOME/.local/share/wibbelld; the matches
 * in LMDB there, or in $WIBBELLD_STORE's PostgreSQL when that is set; en_US; one
 * thread per CPU and one bot thread; 64 KiB bodies; 1000 live matches, abandoned after a day
 * (86400 s) untouched; finished ones kept 1000 and 30 days; 256 event
 * streams with a heartbeat every 15 s; as many connections as the
 * descriptor limit allows, 1024 per client address, 10 s for a request
 * head.  --help and --version print to stdout,
 * errors go to stderr.  Returns CONFIG_RUN, CONFIG_EXIT or CONFIG_USAGE;
 * in every case `cfg` is to be released with config_free(). */
int config_parse(config *cfg, int argc, char **argv);

/* Release what config_parse() allocated.  Safe on a zeroed config. */
void config_free(config *cfg);

/* Split "ADDR:PORT" ("127.0.0.1:8080", "[::1]:0", "localhost:80",
 * ":8080" for 127.0.0.1) into a new host string and a port.  Returns 0, or
 * -1 with a reason in `why` (a static string). */
int config_parse_listen(const char *s, char **host, unsigned *port, const char **why);

#endif
