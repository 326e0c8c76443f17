/*
 * main.c - wibbelld: start, serve, stop.
 *
 * Start: parse the command line, make the data directory, build every
 * requested dictionary that is not built yet (in a child process, showing
 * progress on stderr),
 * open the dictionaries, open the match store (DATA_DIR/games: every match
 * resumes where it was), start the HTTP server and announce the real
 * address on stdout with one line, which scripts and tests wait for:
 *
 *   wibbelld: listening on http://127.0.0.1:8080
 *
 * and tell a service manager it is ready (notify.h: READY=1 to
 * $NOTIFY_SOCKET; STOPPING=1 when the shutdown begins).
 *
 * Stop: SIGTERM and SIGINT are blocked in every thread and taken with
 * sigwait() here, so shutdown runs in ordinary code, not in a signal
 * handler: stop the server (ending event streams, finishing requests in
 * flight), close the match store (its timers stop; every acknowledged
 * action is already on disk), close the dictionaries, exit 0.
 *
 * With PostgreSQL the store is opened by taking the shard's lease: while
 * another daemon holds it this one waits as a standby, not listening
 * (STATUS= says for whom), and SIGTERM or SIGINT ends the wait (exit 0).
 * A daemon that loses its lease (another took the shard) shuts down the
 * same way and exits 75 (EX_TEMPFAIL), for its service manager to start
 * it again as a standby.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "api.h"
#include "bots.h"
#include "config.h"
#include "dict.h"
#include "dict_build.h"
#include "match_bots.h"
#include "matches.h"
#include "notify.h"
#include "registry.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "wb_paths.h"

/* EXIT_LOST_LEASE: another daemon took this one's shard (PostgreSQL): the
 * service manager starts it again, as a standby (EX_TEMPFAIL). */
enum { EXIT_CLEAN = 0, EXIT_RUNTIME = 1, EXIT_USAGE = 2, EXIT_LOST_LEASE = 75 };

/* --- the lease of a shard (PostgreSQL) ---------------------------------- */

/* SIGTERM and SIGINT, blocked in every thread and taken here */
static sigset_t sigs;
static int standby_stopped; /* a signal ended the wait as a standby */

/* match_config.standby: while another daemon owns the shard, show why
 * (STATUS=) and end the wait on SIGTERM or SIGINT. */
static int on_standby(void *ctx, const char *status)
{
    (void)ctx;
    if (status) {
        /* ready as a standby: a service manager's start timeout must not
         * end a wait that may last as long as the owner lives */
        char st[512];
        snprintf(st, sizeof st, "READY=1\nSTATUS=%s", status);
        notify_send(st);
    }
    int sig = sigtimedwait(&sigs, NULL, &(struct timespec){0, 0});
    if (sig == SIGTERM || sig == SIGINT) {
        fprintf(stderr, "wibbelld: %s while a standby, shutting down\n",
                sig == SIGINT ? "SIGINT" : "SIGTERM");
        standby_stopped = 1;
        return 1;
    }
    return 0;
}

/* match_config.lost: the shard is another's; the normal shutdown follows
 * (main's sigwait), and the exit status says why. */
static void on_lost(void *ctx)
{
    (void)ctx;
    kill(getpid(), SIGTERM);
}

/* --- build progress ----------------------------------------------------- */

typedef struct progress {
    const char *id;
    int tty;            /* stderr is a terminal: one line, redrawn */
    char phase[64];
    int ended;          /* the current phase reported its end */
    int last;           /* last percentage (tty) or tenth (log) shown */
    size_t last_done;   /* for phases of unknown size */
    struct timespec t0; /* when the phase started */
} progress;

static double since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void progress_end_phase(progress *p)
{
    if (!p->phase[0] || p->ended)
        return;
    p->ended = 1;
    if (!p->tty)
        fprintf(stderr, "wibbelld: building %s: %s done (%.1f s)\n", p->id, p->phase,
                since(&p->t0));
}

static void on_progress(void *ctx, const char *phase, size_t done, size_t total)
{
    progress *p = ctx;
    if (!phase)
        phase = "";
    if (strncmp(p->phase, phase, sizeof p->phase - 1) != 0) {
        progress_end_phase(p);
        snprintf(p->phase, sizeof p->phase, "%s", phase);
        p->ended = 0;
        p->last = -1;
        p->last_done = 0;
        clock_gettime(CLOCK_MONOTONIC, &p->t0);
        if (!p->tty)
            fprintf(stderr, "wibbelld: building %s: %s...\n", p->id, p->phase);
    }
    if (p->tty) {
        if (total) {
            int pct = (int)(done >= total ? 100 : (double)done * 100.0 / (double)total);
            if (pct != p->last) {
                p->last = pct;
                fprintf(stderr, "\rwibbelld: building %s: %s %3d%%\033[K", p->id, p->phase, pct);
            }
        } else if (p->last < 0 || done >= p->last_done * 2 || done == 0) {
            p->last = 0;
            p->last_done = done ? done : 1;
            fprintf(stderr, "\rwibbelld: building %s: %s %zu\033[K", p->id, p->phase, done);
        }
        if (total && done >= total)
            p->ended = 1;
        return;
    }
    if (total) {
        if (done >= total) {
            progress_end_phase(p);
            return;
        }
        int tenth = (int)((double)done * 10.0 / (double)total);
        if (tenth > p->last && tenth > 0) {
            p->last = tenth;
            fprintf(stderr, "wibbelld: building %s: %s %d%%\n", p->id, p->phase, tenth * 10);
        }
    }
}

/* Build dictionary `id` into `dir`.  Returns a wb_err code. */
static int build_dict(const char *dir, const char *id, int shared)
{
    dict_build_opts o;
    memset(&o, 0, sizeof o);
    int rc = dict_build_defaults(id, &o);
    if (rc != WB_OK) {
        fprintf(stderr, "wibbelld: dictionary %s is not built in %s, and there is no recipe "
                        "to build it: %s\n",
                id, dir, wb_strerror(rc));
        return rc;
    }
    progress p;
    memset(&p, 0, sizeof p);
    p.id = id;
    p.tty = !shared && isatty(STDERR_FILENO);
    p.last = -1;
    o.progress = on_progress;
    o.progress_ctx = &p;
    o.if_missing = 1; /* another daemon's build may have finished it */
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fprintf(stderr, "wibbelld: building dictionary %s in %s (once; later starts reuse it)\n", id,
            dir);
    rc = dict_build(dir, &o);
    progress_end_phase(&p);
    if (p.tty)
        fputc('\n', stderr);
    if (rc != WB_OK)
        fprintf(stderr, "wibbelld: cannot build dictionary %s: %s\n", id, wb_strerror(rc));
    else
        fprintf(stderr, "wibbelld: built dictionary %s in %.1f s\n", id, since(&t0));
    return rc;
}

/* Build dictionary `id` in a child process; its pid, or -1 (said why).
 * A build holds ~70 MB of Hunspell and word tables at its peak (Italian's
 * 1.6 GB); freed memory stays in the allocator's arenas, so building in
 * the daemon itself would keep the first start's resident size near 90 MB
 * for good.  The child's progress goes to the same stderr (each line
 * names its dictionary; `shared`: other builds run beside it, so no
 * terminal line rewritten in place).  The child dies with the daemon (a
 * daemon killed with SIGKILL, by the OOM killer or a service manager,
 * takes its build with it: no build goes on alone, adopted by init);
 * dict_build's lock keeps two builds off one dictionary whatever
 * happens. */
static pid_t build_dict_start(const char *dir, const char *id, int shared)
{
    fflush(stdout);
    fflush(stderr);
    pid_t daemon_pid = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "wibbelld: cannot fork to build dictionary %s: %s\n", id,
                strerror(errno));
        return -1;
    }
    if (pid == 0) {
        /* SIGKILL when the daemon dies; and if it died before this line
         * (the signal is asked for too late then: the child was adopted
         * already), the same death now. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != daemon_pid)
            raise(SIGKILL);
        int rc = build_dict(dir, id, shared);
        fflush(stderr);
        /* the wb_err code as exit status: small non-negative numbers */
        _exit(rc >= 0 && rc < 126 ? rc : 125);
    }
    return pid;
}

/* Wait for one build child (any): its pid, its result in *rc (a wb_err
 * code); -1 when there is none left. */
static pid_t build_dict_wait(int *rc)
{
    int st;
    pid_t pid;
    while ((pid = waitpid(-1, &st, 0)) < 0)
        if (errno != EINTR)
            return -1;
    if (WIFEXITED(st))
        *rc = WEXITSTATUS(st) == 125 ? WB_EIO : WEXITSTATUS(st);
    else
        *rc = -WTERMSIG(st); /* said by the caller, who knows the id */
    return pid;
}

/* Build the missing dictionaries of `ids`, `jobs` at once (0: as many as
 * there are CPUs; at most 4 either way), so that a first start with several languages takes
 * about its largest build rather than their sum.  At the first failure
 * the others are stopped (a build stopped leaves nothing: dict_build
 * renames a finished dictionary into place).  Returns a wb_err code. */
static int build_missing(const char *dir, char *const *ids, size_t n, unsigned jobs)
{
    enum { MAX_AT_ONCE = 4 };
    const char **need = wb_calloc(n ? n : 1, sizeof *need);
    size_t nneed = 0;
    for (size_t i = 0; i < n; i++)
        if (!dict_build_exists(dir, ids[i]))
            need[nneed++] = ids[i];
    long cpus = jobs ? (long)jobs : sysconf(_SC_NPROCESSORS_ONLN);
    size_t at_once = cpus < 1 ? 1 : cpus > MAX_AT_ONCE ? MAX_AT_ONCE : (size_t)cpus;
    if (at_once > nneed)
        at_once = nneed;
    struct {
        pid_t pid;
        const char *id;
    } run[MAX_AT_ONCE];
    size_t nrun = 0, next = 0;
    int result = WB_OK;
    while (nrun || (next < nneed && result == WB_OK)) {
        while (result == WB_OK && nrun < at_once && next < nneed) {
            char st[128];
            snprintf(st, sizeof st, "STATUS=building dictionary %s (first start)", need[next]);
            notify_send(st);
            pid_t pid = build_dict_start(dir, need[next], at_once > 1);
            if (pid < 0) {
                result = WB_EIO;
                break;
            }
            run[nrun].pid = pid;
            run[nrun++].id = need[next++];
        }
        if (!nrun)
            break;
        int rc = WB_OK;
        pid_t pid = build_dict_wait(&rc);
        if (pid < 0) {
            fprintf(stderr, "wibbelld: waitpid: %s\n", strerror(errno));
            result = WB_EIO;
            break;
        }
        size_t k = 0;
        while (k < nrun && run[k].pid != pid)
            k++;
        if (k == nrun)
            continue; /* not a build of ours */
        if (rc < 0) {
            fprintf(stderr, "wibbelld: the build of dictionary %s died of signal %d\n", run[k].id,
                    -rc);
            rc = WB_EIO;
        }
        run[k] = run[--nrun];
        if (rc != WB_OK && result == WB_OK) {
            result = rc;
            for (size_t j = 0; j < nrun; j++)
                kill(run[j].pid, SIGKILL); /* waited for above, as they end */
        }
    }
    free(need);
    return result;
}

/* --- start-up helpers --------------------------------------------------- */

/* Many keep-alive clients need many descriptors: take what we may. */
static void raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return;
    rlim_t want = rl.rlim_max == RLIM_INFINITY || rl.rlim_max > 65536 ? 65536 : rl.rlim_max;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < want) {
        rl.rlim_cur = want;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

int main(int argc, char **argv)
{
    config cfg;
    dict_lib *lib = NULL;
    match_store *ms = NULL;
    api_server *srv = NULL;
    int status = EXIT_RUNTIME;
    int rc;

    switch (config_parse(&cfg, argc, argv)) {
    case CONFIG_EXIT:
        status = EXIT_CLEAN;
        goto out;
    case CONFIG_USAGE:
        status = EXIT_USAGE;
        goto out;
    default:
        break;
    }

    signal(SIGPIPE, SIG_IGN);
    raise_fd_limit();
    if (wb_mkdirs(cfg.data_dir) != WB_OK) {
        fprintf(stderr, "wibbelld: cannot create the data directory %s: %s\n", cfg.data_dir,
                strerror(errno));
        goto out;
    }

    /* Built before the signals are blocked: ^C during a long build just
     * ends the process, and a build never leaves half a dictionary. */
    rc = build_missing(cfg.data_dir, cfg.dicts, cfg.ndicts, cfg.build_jobs);
    if (rc != WB_OK) {
        status = rc == WB_ENOTFOUND ? EXIT_USAGE : EXIT_RUNTIME;
        goto out;
    }

    /* Blocked before any thread starts, so that every thread inherits
     * the mask and only sigwait() below takes them. */
    sigemptyset(&sigs);
    sigaddset(&sigs, SIGTERM);
    sigaddset(&sigs, SIGINT);
    if ((rc = pthread_sigmask(SIG_BLOCK, &sigs, NULL)) != 0) {
        fprintf(stderr, "wibbelld: cannot block signals: %s\n", strerror(rc));
        goto out;
    }

    rc = dict_lib_open_only(cfg.data_dir, (const char *const *)cfg.dicts, cfg.ndicts, &lib);
    if (rc != WB_OK) {
        fprintf(stderr, "wibbelld: cannot open the dictionaries in %s: %s\n", cfg.data_dir,
                wb_strerror(rc));
        lib = NULL;
        goto out;
    }

    match_config mc;
    memset(&mc, 0, sizeof mc);
    mc.data_dir = cfg.data_dir;
    mc.store = cfg.store;
    mc.max_live = cfg.max_matches;
    mc.abandon_ms = (int64_t)cfg.abandon_s * 1000;
    mc.keep_finished = cfg.keep_finished;
    mc.keep_finished_ms = (int64_t)cfg.keep_finished_s * 1000;
    mc.dicts = lib;
    mc.id_prefix = cfg.instance;
    mc.kinds = game_registry(&mc.nkinds);
    /* who owns the shard, in the lease row and the sessions' names
     * (wibbelld/SHARD/OWNER, cut at 63 bytes: the host name is cut to 20
     * so that the pid is always in) */
    char owner[256], hostname[64] = "";
    gethostname(hostname, sizeof hostname - 1);
    snprintf(owner, sizeof owner, "%.20s pid %ld %s%s%s:%u", hostname, (long)getpid(),
             strchr(cfg.host, ':') ? "[" : "", cfg.host, strchr(cfg.host, ':') ? "]" : "",
             cfg.port);
    mc.lease_ms = (int)cfg.lease_ms;
    mc.owner = owner;
    mc.standby = on_standby;
    mc.lost = on_lost;
    if (cfg.store)
        notify_send("STATUS=taking the lease of the shard");
    rc = match_store_open(&mc, &ms);
    if (rc != WB_OK && standby_stopped) {
        ms = NULL;
        status = EXIT_CLEAN;
        goto out;
    }
    if (rc != WB_OK) {
        if (cfg.store)
            fprintf(stderr, "wibbelld: cannot open the match store in PostgreSQL: %s\n",
                    rc == WB_ECONFLICT  ? "another wibbelld is using this database"
                    : rc == WB_ECORRUPT ? "its schema is of another version"
                                        : "the database cannot be reached or used (above)");
        else
            fprintf(stderr, "wibbelld: cannot open the match store in %s/games: %s\n",
                    cfg.data_dir,
                    rc == WB_ECONFLICT ? "another wibbelld is using this data directory"
                                       : wb_strerror(rc));
        ms = NULL;
        goto out;
    }
    match_bots_config bc = {cfg.bot_threads, bot_known, bot_decide};
    rc = match_bots_start(ms, &bc);
    if (rc != WB_OK) {
        fprintf(stderr, "wibbelld: cannot start the bot threads: %s\n", wb_strerror(rc));
        goto out;
    }

    api_config ac;
    api_config_init(&ac);
    ac.host = cfg.host;
    ac.port = cfg.port;
    ac.threads = cfg.threads;
    ac.max_body = cfg.max_body;
    ac.verbose = cfg.verbose;
    ac.dicts = lib;
    ac.matches = ms;
    ac.max_streams = cfg.max_streams;
    ac.heartbeat_s = cfg.heartbeat_s;
    ac.connection_limit = cfg.max_connections;
    ac.per_ip_limit = cfg.max_connections_per_ip;
    ac.head_timeout_s = cfg.head_timeout_s;
    ac.instance = cfg.instance;
    ac.access_log = cfg.access_log;
    ac.cors_origins = cfg.cors_origins;
    rc = api_server_start(&ac, &srv);
    if (rc != WB_OK) {
        fprintf(stderr, "wibbelld: cannot start the HTTP server: %s\n", wb_strerror(rc));
        srv = NULL;
        goto out;
    }

    int v6 = strchr(cfg.host, ':') != NULL;
    printf("wibbelld: listening on http://%s%s%s:%u\n", v6 ? "[" : "", cfg.host, v6 ? "]" : "",
           api_server_port(srv));
    fflush(stdout);
    if (notify_send("READY=1\nSTATUS=serving") < 0)
        fprintf(stderr, "wibbelld: cannot notify $NOTIFY_SOCKET: %s\n", strerror(errno));
    if (cfg.verbose) {
        const dict *d = dict_lib_default(lib);
        dict_info info;
        if (d)
            dict_get_info(d, &info);
        fprintf(stderr, "wibbelld: %zu dictionaries from %s, default %s\n", dict_lib_count(lib),
                cfg.data_dir, d ? info.id : "none");
        match_stats st;
        match_store_stats(ms, &st);
        if (cfg.store)
            fprintf(stderr, "wibbelld: %zu matches in PostgreSQL\n", st.stored);
        else
            fprintf(stderr, "wibbelld: %zu matches in %s/games\n", st.stored, cfg.data_dir);
    }

    int sig = 0;
    if ((rc = sigwait(&sigs, &sig)) != 0) {
        fprintf(stderr, "wibbelld: sigwait: %s\n", strerror(rc));
        goto out;
    }
    notify_send("STOPPING=1");
    if (match_store_lease_lost(ms)) {
        fprintf(stderr, "wibbelld: the shard's lease is lost, shutting down (exit status %d)\n",
                EXIT_LOST_LEASE);
        status = EXIT_LOST_LEASE;
    } else {
        fprintf(stderr, "wibbelld: %s, shutting down\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
        status = EXIT_CLEAN;
    }
out:
    api_server_stop(srv); /* first: no request may touch the store after */
    match_store_close(ms);
    if (lib)
        dict_lib_close(lib);
    config_free(&cfg);
    return status;
}
