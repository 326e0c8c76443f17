/* match_lease.c - a shard's lease, taken, renewed, lost (match_lease.h).
 *
 * One connection of its own, used by the acquiring caller and then by the
 * renewal thread only, so that a slow commit never delays a renewal. */
#include "match_lease.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb_err.h"
#include "wb_mem.h"

struct match_lease {
    match_lease_config cfg; /* its strings are the three below */
    char *url, *shard, *owner;
    char *prev_owner;
    PGconn *pg;
    char lease_s[24], epoch_s[24];
    _Atomic uint64_t epoch;
    _Atomic int64_t valid_until; /* monotonic ms */
    _Atomic int lost;            /* 1: lost for good (said, reported) */
    _Atomic int lost_pending;    /* a fence failed: to be said and reported */
    pthread_mutex_t mu;
    pthread_cond_t cond;
    int stop, running;
    pthread_t thread;
};

static int64_t mono_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

void match_lease_say(const char *what, const char *msg)
{
    char line[512];
    size_t n = 0;
    for (const char *p = msg; *p && n + 3 < sizeof line; p++) {
        if (*p == '\n' || *p == '\t') {
            while (p[1] == '\t' || p[1] == ' ' || p[1] == '\n')
                p++;
            if (p[1]) {
                line[n++] = ';';
                line[n++] = ' ';
            }
        } else {
            line[n++] = *p;
        }
    }
    line[n] = '\0';
    fprintf(stderr, "wibbelld: PostgreSQL (%s): %s\n", what, line);
}

static const char *shard_name(const char *s)
{
    return *s ? s : "\"\"";
}

PGconn *match_lease_connect(const char *url, const char *shard, const char *owner, char **err)
{
    /* what a connection has unless the URL says otherwise (it comes last,
     * so its settings win): a connection attempt, and over TCP a server
     * that went away silently, given up within seconds rather than hours */
    static const char *const keys[] = {"connect_timeout", "keepalives_idle",
                                       "keepalives_interval", "keepalives_count",
                                       "tcp_user_timeout", "application_name", "dbname",
                                       NULL};
    char app[64];
    snprintf(app, sizeof app, "wibbelld/%s/%s", shard, owner);
    const char *vals[] = {"5", "5", "2", "3", "10000", app, url, NULL};
    PGconn *pg = PQconnectdbParams(keys, vals, 1);
    *err = NULL;
    if (PQstatus(pg) != CONNECTION_OK) {
        *err = wb_strdup(PQerrorMessage(pg));
        PQfinish(pg);
        return NULL;
    }
    PQclear(PQexec(pg, "SET client_min_messages = warning"));
    return pg;
}

static int lease_connect(match_lease *l, int loud)
{
    char *err;
    if (l->pg && PQstatus(l->pg) == CONNECTION_OK)
        return WB_OK;
    PQfinish(l->pg);
    l->pg = match_lease_connect(l->cfg.url, l->cfg.shard, l->cfg.owner, &err);
    if (!l->pg) {
        if (loud)
            match_lease_say("lease", err);
        free(err);
        return WB_ESTORE;
    }
    /* a standby never hangs on the row of an owner that stopped mid-commit */
    char sql[64];
    snprintf(sql, sizeof sql, "SET lock_timeout = %d", l->cfg.lease_ms);
    PQclear(PQexec(l->pg, sql));
    return WB_OK;
}

static PGresult *q(match_lease *l, const char *sql, int n, const char *const *vals)
{
    return PQexecParams(l->pg, sql, n, NULL, vals, NULL, NULL, 0);
}

/* The lease's row: 1 with owner, epoch and whether it expired; 0 none;
 * -1 error. */
static int read_row(match_lease *l, char **owner, uint64_t *epoch, int *expired)
{
    const char *vals[1] = {l->cfg.shard};
    PGresult *r = q(l, "SELECT owner, epoch, expires <= now() FROM wibbelld_leases "
                       "WHERE shard = $1", 1, vals);
    int rc = -1;
    if (PQresultStatus(r) == PGRES_TUPLES_OK) {
        rc = PQntuples(r) == 1;
        if (rc) {
            *owner = wb_strdup(PQgetvalue(r, 0, 0));
            *epoch = strtoull(PQgetvalue(r, 0, 1), NULL, 10);
            *expired = strcmp(PQgetvalue(r, 0, 2), "t") == 0;
        }
    }
    PQclear(r);
    return rc;
}

/* One try at taking the lease: 1 taken (l->epoch set), 0 not, -1 error.
 * Takes it only when free or expired, in one statement. */
static int try_take(match_lease *l)
{
    const char *vals[3] = {l->cfg.shard, l->cfg.owner, l->lease_s};
    PGresult *r = q(l,
                    "INSERT INTO wibbelld_leases AS l (shard, owner, epoch, expires) "
                    "VALUES ($1, $2, 1, now() + $3::int * interval '1 millisecond') "
                    "ON CONFLICT (shard) DO UPDATE SET owner = EXCLUDED.owner, "
                    "epoch = l.epoch + 1, expires = EXCLUDED.expires "
                    "WHERE l.expires <= now() RETURNING epoch",
                    3, vals);
    int rc = -1;
    if (PQresultStatus(r) == PGRES_TUPLES_OK) {
        rc = PQntuples(r) == 1;
        if (rc)
            atomic_store(&l->epoch, strtoull(PQgetvalue(r, 0, 0), NULL, 10));
    } else if (PQstatus(l->pg) == CONNECTION_OK) {
        match_lease_say("lease", PQresultErrorMessage(r));
    }
    PQclear(r);
    return rc;
}

/* End the sessions of `owner` on this shard (a stopped owner's open
 * transaction would hold the lease row, and its connections its writes). */
static void end_sessions(match_lease *l, const char *owner)
{
    char app[64];
    snprintf(app, sizeof app, "wibbelld/%s/%s", l->cfg.shard, owner);
    const char *vals[1] = {app};
    PGresult *r = q(l, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE application_name = $1 AND pid <> pg_backend_pid()", 1, vals);
    if (PQresultStatus(r) != PGRES_TUPLES_OK && PQstatus(l->pg) == CONNECTION_OK)
        match_lease_say("lease", PQresultErrorMessage(r));
    PQclear(r);
}

static void report_lost(match_lease *l)
{
    char *owner = NULL;
    uint64_t epoch = 0;
    int expired = 0, row = -1;
    if (atomic_exchange(&l->lost, 1))
        return;
    /* twice: the session may be one the new owner ended */
    for (int tries = 0; tries < 2 && row < 0; tries++) {
        if (tries) {
            PQfinish(l->pg);
            l->pg = NULL;
        }
        if (lease_connect(l, 0) == WB_OK)
            row = read_row(l, &owner, &epoch, &expired);
    }
    if (row == 1)
        fprintf(stderr, "wibbelld: lost the lease of shard %s (epoch %llu, now held by %s "
                        "at epoch %llu); stopping\n",
                shard_name(l->cfg.shard), (unsigned long long)atomic_load(&l->epoch), owner,
                (unsigned long long)epoch);
    else
        fprintf(stderr, "wibbelld: lost the lease of shard %s (epoch %llu, %s); stopping\n",
                shard_name(l->cfg.shard), (unsigned long long)atomic_load(&l->epoch),
                row == 0 ? "its row is gone" : "its holder unknown");
    free(owner);
    if (l->cfg.lost)
        l->cfg.lost(l->cfg.ctx);
}

static void *renew_thread(void *arg)
{
    match_lease *l = arg;
    int64_t period = l->cfg.lease_ms / 3, margin = l->cfg.lease_ms / 6;
    int64_t next = mono_ms() + period;
    int paused = 0;
    pthread_mutex_lock(&l->mu);
    for (;;) {
        while (!l->stop && !atomic_load(&l->lost_pending) && mono_ms() < next) {
            int64_t at = next;
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            int64_t wait = at - mono_ms();
            ts.tv_sec += wait / 1000;
            ts.tv_nsec += (wait % 1000) * 1000000;
            if (ts.tv_nsec >= 1000000000) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000;
            }
            pthread_cond_timedwait(&l->cond, &l->mu, &ts);
        }
        if (l->stop)
            break;
        pthread_mutex_unlock(&l->mu);
        if (atomic_load(&l->lost_pending)) {
            report_lost(l);
            pthread_mutex_lock(&l->mu);
            break;
        }
        int64_t sent = mono_ms();
        if (sent >= atomic_load(&l->valid_until) && !paused) {
            paused = 1; /* once per period without a renewal */
            if (l->cfg.paused)
                l->cfg.paused(l->cfg.pctx);
        }
        int ok = -1;
        if (lease_connect(l, 0) == WB_OK) {
            const char *vals[3] = {l->cfg.shard, l->epoch_s, l->lease_s};
            PGresult *r = q(l,
                            "UPDATE wibbelld_leases SET expires = now() + $3::int * "
                            "interval '1 millisecond' WHERE shard = $1 AND epoch = $2",
                            3, vals);
            if (PQresultStatus(r) == PGRES_COMMAND_OK)
                ok = atoi(PQcmdTuples(r)) == 1;
            PQclear(r);
        }
        if (ok == 1) {
            atomic_store(&l->valid_until, sent + l->cfg.lease_ms - margin);
            paused = 0;
            next = sent + period;
        } else if (ok == 0) {
            atomic_store(&l->lost_pending, 1);
            report_lost(l);
            pthread_mutex_lock(&l->mu);
            break;
        } else {
            /* the server or the connection is gone: tried again soon; the
             * local validity runs out meanwhile */
            PQfinish(l->pg);
            l->pg = NULL;
            next = mono_ms() + 100;
        }
        pthread_mutex_lock(&l->mu);
    }
    pthread_mutex_unlock(&l->mu);
    return NULL;
}

static void lease_free(match_lease *l)
{
    PQfinish(l->pg);
    free(l->url);
    free(l->shard);
    free(l->owner);
    free(l->prev_owner);
    pthread_mutex_destroy(&l->mu);
    pthread_cond_destroy(&l->cond);
    free(l);
}

int match_lease_acquire(const match_lease_config *cfg, match_lease **out)
{
    match_lease *l = wb_calloc(1, sizeof *l);
    int64_t poll;
    char *said = NULL;
    int rc = WB_OK;
    *out = NULL;
    l->cfg = *cfg;
    if (l->cfg.lease_ms <= 0)
        l->cfg.lease_ms = MATCH_LEASE_MS_DEFAULT;
    if (l->cfg.lease_ms < MATCH_LEASE_MS_MIN)
        l->cfg.lease_ms = MATCH_LEASE_MS_MIN;
    l->cfg.url = l->url = wb_strdup(cfg->url);
    l->cfg.shard = l->shard = wb_strdup(cfg->shard ? cfg->shard : "");
    l->cfg.owner = l->owner = wb_strdup(cfg->owner ? cfg->owner : "wibbelld");
    snprintf(l->lease_s, sizeof l->lease_s, "%d", l->cfg.lease_ms);
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->cond, NULL);
    poll = l->cfg.lease_ms / 10 < 250 ? l->cfg.lease_ms / 10 : 250;

    if (lease_connect(l, 1) != WB_OK) {
        lease_free(l);
        return WB_ESTORE;
    }
    for (int down = 0;;) {
        char *owner = NULL;
        uint64_t epoch = 0;
        int expired = 0, row = -1, got = -1;
        int64_t sent = mono_ms();
        if (lease_connect(l, !down) == WB_OK) {
            row = read_row(l, &owner, &epoch, &expired);
            if (row == 1 && expired)
                end_sessions(l, owner);
            if (row == 0 || (row == 1 && expired))
                got = try_take(l);
            else if (row == 1)
                got = 0;
        }
        if (got == 1) {
            atomic_store(&l->valid_until, sent + l->cfg.lease_ms - l->cfg.lease_ms / 6);
            if (row == 1)
                l->prev_owner = owner;
            else
                free(owner);
            break;
        }
        if (got < 0) {
            if (!down)
                fprintf(stderr, "wibbelld: the lease of shard %s cannot be read now; "
                                "trying again\n",
                        shard_name(l->cfg.shard));
            down = 1;
            PQfinish(l->pg);
            l->pg = NULL;
        } else {
            down = 0;
        }
        const char *status = NULL;
        char line[400];
        if (got == 0 && row == 1 && !expired && (!said || strcmp(said, owner) != 0)) {
            snprintf(line, sizeof line, "standby for shard %s: held by %s (epoch %llu)",
                     shard_name(l->cfg.shard), owner, (unsigned long long)epoch);
            fprintf(stderr, "wibbelld: %s\n", line);
            free(said);
            said = wb_strdup(owner);
            status = line;
        }
        free(owner);
        if (cfg->standby && cfg->standby(cfg->ctx, status)) {
            rc = WB_ECONFLICT;
            break;
        }
        nanosleep(&(struct timespec){poll / 1000, (poll % 1000) * 1000000L}, NULL);
        if (cfg->standby && cfg->standby(cfg->ctx, NULL)) {
            rc = WB_ECONFLICT;
            break;
        }
    }
    free(said);
    if (rc) {
        lease_free(l);
        return rc;
    }
    snprintf(l->epoch_s, sizeof l->epoch_s, "%llu", (unsigned long long)atomic_load(&l->epoch));
    if (pthread_create(&l->thread, NULL, renew_thread, l) != 0) {
        lease_free(l);
        return WB_ENOMEM;
    }
    l->running = 1;
    *out = l;
    return WB_OK;
}

void match_lease_release(match_lease *l)
{
    if (!l)
        return;
    if (l->running) {
        pthread_mutex_lock(&l->mu);
        l->stop = 1;
        pthread_cond_broadcast(&l->cond);
        pthread_mutex_unlock(&l->mu);
        pthread_join(l->thread, NULL);
    }
    if (!atomic_load(&l->lost) && !atomic_load(&l->lost_pending) &&
        lease_connect(l, 0) == WB_OK) {
        const char *vals[2] = {l->cfg.shard, l->epoch_s};
        PQclear(q(l, "UPDATE wibbelld_leases SET expires = now() "
                     "WHERE shard = $1 AND epoch = $2", 2, vals));
    }
    lease_free(l);
}

int match_lease_ok(const match_lease *l)
{
    return !atomic_load(&l->lost_pending) && !atomic_load(&l->lost) &&
           mono_ms() < atomic_load(&l->valid_until);
}

int64_t match_lease_unserved_ms(const match_lease *l)
{
    if (match_lease_ok(l))
        return 0;
    int64_t late = mono_ms() - atomic_load(&l->valid_until);
    return late > 0 ? late : 1; /* lost while still valid: just now */
}

int match_lease_is_lost(const match_lease *l)
{
    return atomic_load(&l->lost_pending) || atomic_load(&l->lost);
}

void match_lease_lost(match_lease *l)
{
    if (atomic_exchange(&l->lost_pending, 1))
        return;
    pthread_mutex_lock(&l->mu);
    pthread_cond_broadcast(&l->cond);
    pthread_mutex_unlock(&l->mu);
}

uint64_t match_lease_epoch(const match_lease *l)
{
    return atomic_load(&l->epoch);
}

const char *match_lease_shard(const match_lease *l)
{
    return l->cfg.shard;
}

const char *match_lease_prev_owner(const match_lease *l)
{
    return l->prev_owner;
}
