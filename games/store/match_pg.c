/* match_pg.c - match records and event logs in PostgreSQL through libpq
 * (match_pg.h; the contract is match_db.h's).
 *
 * Two connections: the writer's, which runs one batch at a time, each
 * fenced by the shard's lease (match_lease.h), and the readers', so that
 * reading a log never waits for a commit.  Each is guarded by its own
 * mutex; a lost one is dropped and made again at its next use.  The
 * lease has a third, of its own. */
#include "match_pg.h"

#include <libpq-fe.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include "match_lease.h"
#include "store.h"
#include "wb_err.h"
#include "wb_mem.h"

/* pg_advisory_xact_lock's key while the schema is created or migrated:
 * "wibbelld" in ASCII */
#define LOCK_KEY "8604516737815964772"

/* The SQLSTATEs of wibbelld_fence: the lease is another's (the shard is
 * lost), or ours but expired (renewed late: a storage error) */
#define FENCE_LOST "WBL01"
#define FENCE_EXPIRED "WBL02"

typedef struct conn {
    pthread_mutex_t mu;
    PGconn *pg;   /* NULL: to be made at the next use */
    int down;     /* the last try failed: say so once, and when it is back */
    int writer;   /* runs the batches */
    const char *what;
} conn;

struct match_pg {
    char *url;
    char *shard, *owner;
    char epoch[24];
    match_lease *lease;
    conn w, r;
    /* the last batch's commit was sent and its answer lost (the writer's,
     * read by match_pg_landed): the server process that had it, and
     * whether the test builds' fault point says the check cannot tell */
    int uncertain, lost_pid, blind;
    /* the server processes of commits that could not be told (under
     * r.mu): until they are gone, one of them may still commit */
    int pending[8];
    size_t npending;
};

#define UNCERTAIN (-1)    /* run_pipeline: sent, its answer lost */
#define LANDED_TRIES 40   /* match_pg_landed, _settled: about 2 s in all */
#define LANDED_WAIT_MS 50

enum { OP_REC, OP_LOG, OP_DEL };

typedef struct op {
    int type;
    char id[40];
    char ver[24];
    char *data; /* OP_REC: the record, OP_LOG: the entry (owned) */
} op;

struct match_pg_batch {
    match_pg *db;
    op *ops;
    size_t n, cap;
};

static const struct {
    const char *name, *sql;
    int nparams;
    int writer;
} stmts[] = {
    /* first in every batch: aborts it unless the lease is still ours */
    {"fence", "SELECT wibbelld_fence($1, $2)", 2, 1},
    {"put_rec",
     "INSERT INTO wibbelld_matches (id, version, rec, shard, epoch) "
     "VALUES ($1, $2, $3, $4, $5) "
     "ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, rec = EXCLUDED.rec, "
     "shard = EXCLUDED.shard, epoch = EXCLUDED.epoch "
     "WHERE wibbelld_matches.version <= EXCLUDED.version", /* never an older over a newer */
     5, 1},
    /* never ON CONFLICT: a version stored twice is a fault, not an update */
    {"put_log",
     "INSERT INTO wibbelld_log (id, version, entry, epoch) VALUES ($1, $2, $3, $4)", 4, 1},
    {"del_rec", "DELETE FROM wibbelld_matches WHERE id = $1", 1, 1},
    {"del_log", "DELETE FROM wibbelld_log WHERE id = $1", 1, 1},
    {"each", "SELECT id, rec FROM wibbelld_matches WHERE shard = $1 ORDER BY id", 1, 0},
    {"log",
     "SELECT version, entry FROM wibbelld_log WHERE id = $1 AND version > $2 "
     "ORDER BY version",
     2, 0},
};

static int exec_ok(PGconn *pg, const char *sql, ExecStatusType want, PGresult **out)
{
    PGresult *r = PQexec(pg, sql);
    int ok = PQresultStatus(r) == want;
    if (!ok)
        match_lease_say("schema", PQresultErrorMessage(r));
    if (ok && out)
        *out = r;
    else
        PQclear(r);
    return ok;
}

static const char *const tables_v2[] = {
    "CREATE TABLE wibbelld_leases (shard text PRIMARY KEY, owner text NOT NULL, "
    "epoch bigint NOT NULL, expires timestamptz NOT NULL)",
    /* a batch's first statement: aborts the batch unless the shard's lease
     * is held at epoch e and not expired, holding the row FOR SHARE until
     * the commit (a standby's takeover waits for the batch, or the batch
     * sees the new epoch) */
    "CREATE FUNCTION wibbelld_fence(s text, e bigint) RETURNS void LANGUAGE plpgsql AS $f$ "
    "DECLARE held bigint; gone boolean; "
    "BEGIN "
    "SELECT epoch, expires <= now() INTO held, gone FROM wibbelld_leases "
    "WHERE shard = s FOR SHARE; "
    "IF held IS DISTINCT FROM e THEN "
    "RAISE EXCEPTION 'the lease of shard \"%\" is held at epoch %, not %', s, held, e "
    "USING ERRCODE = '" FENCE_LOST "'; END IF; "
    "IF gone THEN "
    "RAISE EXCEPTION 'the lease of shard \"%\" at epoch % expired', s, e "
    "USING ERRCODE = '" FENCE_EXPIRED "'; END IF; "
    "END $f$",
    "CREATE INDEX wibbelld_matches_shard ON wibbelld_matches (shard)",
    NULL,
};

static int exec_all(PGconn *pg, const char *const *sql)
{
    for (; *sql; sql++)
        if (!exec_ok(pg, *sql, PGRES_COMMAND_OK, NULL))
            return 0;
    return 1;
}

/* Create the schema on first use, migrate it from version 1 (knowingly),
 * or check that it is ours: in one transaction, under a transaction's
 * advisory lock (two daemons starting at once do it one after the other). */
static int schema(PGconn *pg)
{
    PGresult *r = NULL;
    int rc = WB_ESTORE;
    if (!exec_ok(pg, "BEGIN", PGRES_COMMAND_OK, NULL))
        return WB_ESTORE;
    if (!exec_ok(pg, "SELECT pg_advisory_xact_lock(" LOCK_KEY ")", PGRES_TUPLES_OK, NULL) ||
        !exec_ok(pg, "CREATE TABLE IF NOT EXISTS wibbelld_schema (version integer NOT NULL)",
                 PGRES_COMMAND_OK, NULL) ||
        !exec_ok(pg, "SELECT version FROM wibbelld_schema", PGRES_TUPLES_OK, &r))
        goto out;
    int have = PQntuples(r) == 1 ? atoi(PQgetvalue(r, 0, 0)) : -1;
    if (PQntuples(r) == 0) {
        static const char *const create[] = {
            "CREATE TABLE wibbelld_matches (id text PRIMARY KEY, "
            "version bigint NOT NULL, rec bytea NOT NULL, "
            "shard text NOT NULL DEFAULT '', epoch bigint)",
            "CREATE TABLE wibbelld_log (id text NOT NULL, version bigint NOT NULL, "
            "entry bytea NOT NULL, epoch bigint, PRIMARY KEY (id, version))",
            "INSERT INTO wibbelld_schema (version) VALUES (2)",
            NULL,
        };
        if (exec_all(pg, create) && exec_all(pg, tables_v2))
            rc = WB_OK;
    } else if (have == 1) {
        static const char *const migrate[] = {
            "ALTER TABLE wibbelld_matches ADD COLUMN shard text NOT NULL DEFAULT '', "
            "ADD COLUMN epoch bigint",
            /* a version 1 match's shard: its id's prefix, as --instance made it */
            "UPDATE wibbelld_matches SET shard = split_part(id, '-', 1) "
            "WHERE strpos(id, '-') > 0",
            "ALTER TABLE wibbelld_log ADD COLUMN epoch bigint",
            "UPDATE wibbelld_schema SET version = 2",
            NULL,
        };
        fprintf(stderr, "wibbelld: PostgreSQL: migrating the schema from version 1 to 2\n");
        if (exec_all(pg, migrate) && exec_all(pg, tables_v2))
            rc = WB_OK;
    } else if (have == MATCH_PG_SCHEMA) {
        rc = WB_OK;
    } else {
        fprintf(stderr,
                "wibbelld: PostgreSQL: the database holds a wibbelld schema of version %s; "
                "this wibbelld reads version %d (and migrates version 1) only "
                "(nothing was changed)\n",
                PQntuples(r) ? PQgetvalue(r, 0, 0) : "?", MATCH_PG_SCHEMA);
        rc = WB_ECORRUPT;
    }
out:
    PQclear(r);
    if (rc == WB_OK && !exec_ok(pg, "COMMIT", PGRES_COMMAND_OK, NULL))
        rc = WB_ESTORE;
    if (rc != WB_OK)
        PQclear(PQexec(pg, "ROLLBACK"));
    return rc;
}

static void drop(conn *c)
{
    PQfinish(c->pg);
    c->pg = NULL;
}

/* Make c's connection if it has none (with c->mu held): connect, quiet
 * the notices and prepare the statements.  `first`: the opening, which
 * also creates, migrates or checks the schema (the writer). */
static int ensure(match_pg *db, conn *c, int first)
{
    PGresult *r;
    int rc = WB_ESTORE;
    char *err = NULL;
    if (c->pg && PQstatus(c->pg) == CONNECTION_OK)
        return WB_OK;
    drop(c);
    c->pg = match_lease_connect(db->url, db->shard, db->owner, &err);
    if (!c->pg) {
        if (!c->down || first)
            match_lease_say(c->what, err);
        free(err);
        goto out;
    }
    if (c->writer && first && (rc = schema(c->pg)) != WB_OK)
        goto out;
    rc = WB_ESTORE;
    for (size_t i = 0; i < sizeof stmts / sizeof stmts[0]; i++) {
        if (stmts[i].writer != c->writer)
            continue;
        r = PQprepare(c->pg, stmts[i].name, stmts[i].sql, stmts[i].nparams, NULL);
        int ok = PQresultStatus(r) == PGRES_COMMAND_OK;
        if (!ok && (!c->down || first))
            match_lease_say(c->what, PQresultErrorMessage(r));
        PQclear(r);
        if (!ok)
            goto out;
    }
    rc = WB_OK;
out:
    if (rc) {
        drop(c);
        c->down = 1;
    } else if (c->down) {
        if (!first)
            fprintf(stderr, "wibbelld: PostgreSQL (%s): connected again\n", c->what);
        c->down = 0;
    }
    return rc;
}

static void conn_init(conn *c, int writer)
{
    pthread_mutex_init(&c->mu, NULL);
    c->writer = writer;
    c->what = writer ? "writer" : "reader";
}

void match_pg_close(match_pg *db)
{
    if (!db)
        return;
    drop(&db->w);
    drop(&db->r);
    match_lease_release(db->lease); /* last: a standby takes over at once */
    pthread_mutex_destroy(&db->w.mu);
    pthread_mutex_destroy(&db->r.mu);
    free(db->url);
    free(db->shard);
    free(db->owner);
    free(db);
}

int match_pg_open(const char *url, const match_db_lease *lease, match_pg **out)
{
    match_pg *db = wb_calloc(1, sizeof *db);
    int rc;
    *out = NULL;
    db->url = wb_strdup(url);
    db->shard = wb_strdup(lease && lease->shard ? lease->shard : "");
    db->owner = wb_strdup(lease && lease->owner ? lease->owner : "wibbelld");
    conn_init(&db->w, 1);
    conn_init(&db->r, 0);
    rc = ensure(db, &db->w, 1);
    if (!rc) {
        match_lease_config c;
        memset(&c, 0, sizeof c);
        c.url = url;
        c.shard = db->shard;
        c.owner = db->owner;
        if (lease) {
            c.lease_ms = lease->lease_ms;
            c.standby = lease->standby;
            c.lost = lease->lost;
            c.ctx = lease->ctx;
            c.paused = lease->paused;
            c.pctx = lease->pctx;
        }
        rc = match_lease_acquire(&c, &db->lease);
    }
    if (!rc) {
        snprintf(db->epoch, sizeof db->epoch, "%llu",
                 (unsigned long long)match_lease_epoch(db->lease));
        /* a standby's writer may have waited for hours: a new one, so that
         * the first commit does not find it gone */
        drop(&db->w);
        rc = ensure(db, &db->w, 0);
    }
    if (!rc)
        rc = ensure(db, &db->r, 1);
    if (rc) {
        match_pg_close(db);
        return rc;
    }
    *out = db;
    return WB_OK;
}

int match_pg_serving(const match_pg *db)
{
    return match_lease_ok(db->lease);
}

int64_t match_pg_unserved_ms(const match_pg *db)
{
    return match_lease_unserved_ms(db->lease);
}

int match_pg_lost(const match_pg *db)
{
    return match_lease_is_lost(db->lease);
}

const char *match_pg_took_over(const match_pg *db, const char **shard, uint64_t *epoch)
{
    *shard = match_lease_shard(db->lease);
    *epoch = match_lease_epoch(db->lease);
    return match_lease_prev_owner(db->lease);
}

/* Run a prepared read on the readers' connection; on success *out is its
 * result (rows in binary), to be PQclear()ed.  The lock is not held after
 * it returns, so the caller's callbacks run free of it. */
static int read_query(match_pg *db, const char *name, int n, const char *const *vals,
                      PGresult **out)
{
    conn *c = &db->r;
    int rc;
    *out = NULL;
    pthread_mutex_lock(&c->mu);
    /* a connection found dead (the server restarted, the session was
     * ended) is made again and the read tried once more: a read changes
     * nothing, so trying it twice is safe */
    for (int tries = 0; tries < 2; tries++) {
        rc = ensure(db, c, 0);
        if (rc)
            break;
        PGresult *r = PQexecPrepared(c->pg, name, n, vals, NULL, NULL, 1);
        if (PQresultStatus(r) == PGRES_TUPLES_OK) {
            *out = r;
            break;
        }
        rc = WB_ESTORE;
        int lost = PQstatus(c->pg) != CONNECTION_OK;
        if (!lost || tries)
            match_lease_say(c->what, PQresultErrorMessage(r));
        PQclear(r);
        if (!lost)
            break;
        drop(c);
    }
    pthread_mutex_unlock(&c->mu);
    return rc;
}

static uint64_t be64(const char *p)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | (unsigned char)p[i];
    return v;
}

int match_pg_each(match_pg *db, int (*cb)(void *, const char *, const char *, size_t),
                  void *ctx)
{
    PGresult *r;
    const char *vals[1] = {db->shard};
    int rc = read_query(db, "each", 1, vals, &r);
    for (int i = 0; !rc && i < PQntuples(r); i++) {
        char *id = wb_strndup(PQgetvalue(r, i, 0), (size_t)PQgetlength(r, i, 0));
        size_t len = (size_t)PQgetlength(r, i, 1);
        char *rec = wb_strndup(PQgetvalue(r, i, 1), len);
        int stop = cb(ctx, id, rec, len);
        free(id);
        free(rec);
        if (stop)
            break;
    }
    PQclear(r);
    return rc;
}

int match_pg_log(match_pg *db, const char *id, uint64_t after,
                 int (*cb)(void *, uint64_t, const char *, size_t), void *ctx)
{
    char ver[24];
    const char *vals[2] = {id, ver};
    PGresult *r;
    snprintf(ver, sizeof ver, "%llu", (unsigned long long)after);
    int rc = read_query(db, "log", 2, vals, &r);
    for (int i = 0; !rc && i < PQntuples(r); i++) {
        if (PQgetlength(r, i, 0) != 8) {
            rc = WB_ECORRUPT;
            break;
        }
        size_t len = (size_t)PQgetlength(r, i, 1);
        char *entry = wb_strndup(PQgetvalue(r, i, 1), len);
        int stop = cb(ctx, be64(PQgetvalue(r, i, 0)), entry, len);
        free(entry);
        if (stop)
            break;
    }
    PQclear(r);
    return rc;
}

int match_pg_batch_begin(match_pg *db, match_pg_batch **out)
{
    match_pg_batch *b = wb_calloc(1, sizeof *b);
    pthread_mutex_lock(&db->w.mu); /* one batch at a time; released by _end */
    b->db = db;
    *out = b;
    return WB_OK;
}

static op *add_op(match_pg_batch *b, int type, const char *id)
{
    op *o;
    if (strlen(id) >= sizeof o->id)
        return NULL;
    b->ops = wb_grow(b->ops, &b->cap, b->n + 1, sizeof *b->ops);
    o = &b->ops[b->n++];
    memset(o, 0, sizeof *o);
    o->type = type;
    strcpy(o->id, id);
    return o;
}

int match_pg_batch_put(match_pg_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry)
{
    for (int k = 0; k < 2; k++) {
        const char *data = k ? entry : rec;
        if (!data)
            continue;
        op *o = add_op(b, k ? OP_LOG : OP_REC, id);
        if (!o)
            return WB_EINVAL;
        snprintf(o->ver, sizeof o->ver, "%llu", (unsigned long long)version);
        o->data = wb_strdup(data);
    }
    return WB_OK;
}

int match_pg_batch_del(match_pg_batch *b, const char *id)
{
    return add_op(b, OP_DEL, id) ? WB_OK : WB_EINVAL;
}

/* Cut pg's connection at the test builds' fault point: the server gets
 * what was sent, then the end of the stream (so it ends the transaction:
 * committed once the sync came, else aborted), and its answer is never
 * read. */
static void cut(PGconn *pg)
{
    PQflush(pg);
    shutdown(PQsocket(pg), SHUT_WR);
}

/* Send the batch's statements in one pipeline and its synchronisation,
 * which commits them as one transaction; WB_OK once the commit is
 * acknowledged.  UNCERTAIN when the connection was lost once the
 * synchronisation was sent: the commit may have happened.  The fence goes
 * first: a lease another daemon holds aborts the whole transaction. */
static int run_pipeline(match_pg *db, conn *c, const match_pg_batch *b)
{
    PGconn *pg = c->pg;
    size_t sent = 0, ends = 0;
    int rc = WB_OK, lost = 0;
    int fault = store_fault_lose();
    db->blind = fault == STORE_FAULT_LOSE_BLIND;
    if (!PQenterPipelineMode(pg))
        return WB_ESTORE;
    const char *fence[2] = {db->shard, db->epoch};
    if (!PQsendQueryPrepared(pg, "fence", 2, fence, NULL, NULL, 0))
        return WB_ESTORE;
    sent++;
    for (size_t i = 0; i < b->n; i++) {
        const op *o = &b->ops[i];
        const char *vals[5] = {o->id, o->ver, o->data, o->type == OP_REC ? db->shard : db->epoch,
                               db->epoch};
        int lens[5] = {0, 0, o->data ? (int)strlen(o->data) : 0, 0, 0};
        int fmts[5] = {0, 0, 1, 0, 0}; /* the record and the entry as bytes */
        int nvals = o->type == OP_DEL ? 1 : o->type == OP_REC ? 5 : 4;
        for (int k = 0; k < (o->type == OP_DEL ? 2 : 1); k++) {
            const char *name = o->type == OP_REC   ? "put_rec"
                               : o->type == OP_LOG ? "put_log"
                               : k                 ? "del_log"
                                                   : "del_rec";
            if (!PQsendQueryPrepared(pg, name, nvals, vals, lens, fmts, 0))
                return WB_ESTORE; /* still in the pipeline: dropped */
            sent++;
        }
    }
    if (fault == STORE_FAULT_LOSE_UNSENT) {
        cut(pg); /* the server never sees the sync: nothing commits */
        return UNCERTAIN;
    }
    if (!PQpipelineSync(pg))
        return PQstatus(pg) == CONNECTION_OK ? WB_ESTORE : UNCERTAIN;
    if (fault) {
        cut(pg);
        return UNCERTAIN;
    }
    /* each statement's results end with a NULL; after an error the rest
     * come back aborted; the sync's result says the transaction is over
     * (committed unless something failed) */
    for (;;) {
        PGresult *r = PQgetResult(pg);
        if (!r) {
            if (PQstatus(pg) != CONNECTION_OK)
                return UNCERTAIN;
            if (++ends > sent)
                return WB_ESTORE;
            continue;
        }
        ExecStatusType st = PQresultStatus(r);
        if (st == PGRES_PIPELINE_SYNC) {
            PQclear(r);
            break;
        }
        if (st == PGRES_FATAL_ERROR) {
            const char *state = PQresultErrorField(r, PG_DIAG_SQLSTATE);
            if (state && strcmp(state, FENCE_LOST) == 0)
                lost = 1; /* the lease says so */
            else if (rc == WB_OK)
                match_lease_say(c->what, PQresultErrorMessage(r));
            rc = WB_ESTORE;
        } else if (st == PGRES_PIPELINE_ABORTED) {
            rc = WB_ESTORE;
        }
        PQclear(r);
    }
    if (lost)
        match_lease_lost(db->lease);
    if (!PQexitPipelineMode(pg))
        return WB_ESTORE;
    return rc;
}

int match_pg_batch_end(match_pg_batch *b, int commit)
{
    match_pg *db = b->db;
    conn *c = &db->w;
    int rc = WB_OK;
    db->uncertain = 0;
    if (commit && b->n) {
        rc = store_fault_commit(); /* test builds' fault point, as LMDB's */
        if (!rc && match_lease_is_lost(db->lease))
            rc = WB_ESTORE; /* the shard is another's: nothing more is sent */
        if (!rc)
            rc = ensure(db, c, 0);
        if (!rc) {
            int pid = PQbackendPID(c->pg);
            rc = run_pipeline(db, c, b);
            if (rc == UNCERTAIN) {
                db->uncertain = 1;
                db->lost_pid = pid;
                rc = WB_ESTORE;
                if (PQstatus(c->pg) == CONNECTION_OK) /* the fault point's cut */
                    fprintf(stderr, "wibbelld: PostgreSQL (writer): connection cut after "
                                    "a commit was sent (fault injection)\n");
            }
            if (rc && (PQstatus(c->pg) != CONNECTION_OK ||
                       PQpipelineStatus(c->pg) != PQ_PIPELINE_OFF)) {
                if (PQstatus(c->pg) != CONNECTION_OK && !c->down)
                    match_lease_say(c->what, PQerrorMessage(c->pg));
                drop(c);
                c->down = 1;
            }
        }
    }
    pthread_mutex_unlock(&c->mu);
    for (size_t i = 0; i < b->n; i++)
        free(b->ops[i].data);
    free(b->ops);
    free(b);
    return rc;
}

int match_pg_uncertain(const match_pg *db)
{
    return db->uncertain;
}

int match_pg_landed(match_pg *db, const char *id, uint64_t version)
{
    conn *c = &db->r;
    char ver[24], pid[16];
    const char *vals[3] = {id, ver, pid};
    snprintf(ver, sizeof ver, "%llu", (unsigned long long)version);
    snprintf(pid, sizeof pid, "%d", db->lost_pid);
    /* The entry there: the commit happened.  Not there, and the server
     * process that had the commit gone: it never will.  Not there and the
     * process still running (it has not yet read the end of its
     * connection): ask again. */
    for (int tries = 0; tries < LANDED_TRIES && !db->blind; tries++) {
        int there = -1, running = 1;
        pthread_mutex_lock(&c->mu);
        if (ensure(db, c, 0) == WB_OK) {
            PGresult *r = PQexecParams(
                c->pg,
                "SELECT EXISTS (SELECT 1 FROM wibbelld_log WHERE id = $1 AND version = $2), "
                "EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $3)",
                3, NULL, vals, NULL, NULL, 0);
            if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) {
                there = strcmp(PQgetvalue(r, 0, 0), "t") == 0;
                running = strcmp(PQgetvalue(r, 0, 1), "t") == 0;
            } else if (PQstatus(c->pg) != CONNECTION_OK) {
                drop(c);
            }
            PQclear(r);
        }
        pthread_mutex_unlock(&c->mu);
        if (there == 1)
            return 1;
        if (there == 0 && !running)
            return 0;
        nanosleep(&(struct timespec){0, LANDED_WAIT_MS * 1000000L}, NULL);
    }
    pthread_mutex_lock(&c->mu);
    if (db->npending == sizeof db->pending / sizeof db->pending[0]) /* the oldest goes */
        memmove(db->pending, db->pending + 1, --db->npending * sizeof db->pending[0]);
    db->pending[db->npending++] = db->lost_pid;
    pthread_mutex_unlock(&c->mu);
    return -1;
}

int match_pg_settled(match_pg *db)
{
    conn *c = &db->r;
    for (int tries = 0; tries < LANDED_TRIES; tries++) {
        char list[8 * 12 + 3] = "{";
        pthread_mutex_lock(&c->mu);
        if (db->npending == 0) {
            pthread_mutex_unlock(&c->mu);
            return WB_OK;
        }
        for (size_t i = 0; i < db->npending; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d", i ? "," : "",
                     db->pending[i]);
        strcat(list, "}");
        const char *vals[1] = {list};
        if (ensure(db, c, 0) == WB_OK) {
            PGresult *r = PQexecParams(c->pg,
                                       "SELECT pid FROM pg_stat_activity "
                                       "WHERE pid = ANY ($1::int[])",
                                       1, NULL, vals, NULL, NULL, 0);
            if (PQresultStatus(r) == PGRES_TUPLES_OK) {
                size_t keep = 0; /* those still running stay */
                for (size_t i = 0; i < db->npending; i++)
                    for (int k = 0; k < PQntuples(r); k++)
                        if (atoi(PQgetvalue(r, k, 0)) == db->pending[i]) {
                            db->pending[keep++] = db->pending[i];
                            break;
                        }
                db->npending = keep;
            } else if (PQstatus(c->pg) != CONNECTION_OK) {
                drop(c);
            }
            PQclear(r);
        }
        int left = db->npending != 0;
        pthread_mutex_unlock(&c->mu);
        if (!left)
            return WB_OK;
        nanosleep(&(struct timespec){0, LANDED_WAIT_MS * 1000000L}, NULL);
    }
    return WB_ESTORE;
}
