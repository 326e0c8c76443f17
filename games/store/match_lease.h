/*
 * match_lease.h - a shard's lease in PostgreSQL: which daemon owns the
 * shard's matches, with an epoch that fences every write (match_pg.c).
 *
 * A shard is the daemon's instance name (matches.h: id_prefix; "" when it
 * has none).  Its lease is one row of
 *
 *   wibbelld_leases (shard text primary key, owner text, epoch bigint,
 *                    expires timestamptz)
 *
 * taken when it is free or expired (by PostgreSQL's clock, never this
 * machine's), raising the epoch by one, and renewed every lease/3 on a
 * connection and a thread of its own (UPDATE ... WHERE shard AND epoch).
 * A daemon that finds it held waits as a standby, polling every lease/10
 * (at most 250 ms); when it finds it expired it first ends the old
 * owner's sessions (by their application_name, wibbelld/SHARD/OWNER, so
 * that a stopped owner's open transaction cannot hold the row), then
 * takes it.
 *
 * Locally the lease counts as valid until the monotonic time at which the
 * last successful renewal was sent, plus the lease, less a margin of
 * lease/6: past that match_lease_ok() says no, before anything is heard
 * from the server.  A renewal that finds the row of another epoch (or no
 * row), or a commit whose fence fails (match_lease_lost), loses the lease
 * for good: the lease says so on stderr and calls `lost`, once.  A
 * validity that merely ran out (the server unreachable) comes back with
 * the next successful renewal, if no one took the lease meanwhile (a
 * restarted server costs 503s for a while, not the shard).
 *
 * Private to games/store/ (match_pg.c).  Thread safe.
 */
#ifndef MATCH_LEASE_H
#define MATCH_LEASE_H

#include <libpq-fe.h>
#include <stdint.h>

typedef struct match_lease match_lease;

#define MATCH_LEASE_MS_DEFAULT 3000
#define MATCH_LEASE_MS_MIN 300

typedef struct match_lease_config {
    const char *url;   /* libpq's conninfo (a postgresql:// URL) */
    const char *shard; /* "" for a daemon without instance */
    const char *owner; /* who: host name, pid, listen address */
    int lease_ms;      /* 0: MATCH_LEASE_MS_DEFAULT */
    /* Called about every poll while the lease is another's: `status` the
     * line said on stderr when the wait begins or the holder changes,
     * else NULL.  A non-zero return stops the wait (match_lease_acquire
     * gives WB_ECONFLICT).  May be NULL. */
    int (*standby)(void *ctx, const char *status);
    /* Called once, on the lease's thread, when the lease is lost for
     * good (after the line on stderr).  May be NULL. */
    void (*lost)(void *ctx);
    void *ctx;
    /* Called on the lease's thread each time the local validity ran out
     * without a renewal (the server silent, or this process stopped past
     * it), before the next renewal is tried, so that what waits on the
     * shard's matches (their event streams) is woken and ends rather than
     * stay open on a daemon that may no longer own them.  May be NULL. */
    void (*paused)(void *pctx);
    void *pctx;
} match_lease_config;

/* libpq's message `msg` (of a connection or a result) on one line, to
 * stderr, as "wibbelld: PostgreSQL (WHAT): ..."; the store's own too. */
void match_lease_say(const char *what, const char *msg);

/* A connection of the store, named wibbelld/SHARD/OWNER (cut to what
 * PostgreSQL keeps, 63 bytes), with its timeouts; NULL on failure with
 * the reason in *err (malloc'd). */
PGconn *match_lease_connect(const char *url, const char *shard, const char *owner,
                            char **err);

/* Take the shard's lease, waiting as a standby while it is another's, then
 * start renewing it.  `cfg`'s strings are copied.  WB_ESTORE when the
 * server cannot be reached at the first try (the reason on stderr),
 * WB_ECONFLICT when cfg->standby stopped the wait. */
int match_lease_acquire(const match_lease_config *cfg, match_lease **out);

/* Stop renewing; unless lost, give the lease up at once (expires = now),
 * so that a standby takes it without waiting.  NULL accepted. */
void match_lease_release(match_lease *l);

/* Whether the shard may be served now: not lost and locally valid.  Cheap
 * (a clock read and two atomics). */
int match_lease_ok(const match_lease *l);
/* Whether the lease is lost for good. */
int match_lease_is_lost(const match_lease *l);
/* For how many milliseconds the shard has not been served (its local
 * validity ran out, or the lease was lost): 0 while match_lease_ok. */
int64_t match_lease_unserved_ms(const match_lease *l);
/* A commit's fence failed: the lease is another's.  Returns at once (the
 * lease's thread says who holds it now, then calls `lost`). */
void match_lease_lost(match_lease *l);

uint64_t match_lease_epoch(const match_lease *l);
const char *match_lease_shard(const match_lease *l);
/* The owner the lease was taken from (it had expired), or NULL when it
 * was free or new. */
const char *match_lease_prev_owner(const match_lease *l);

#endif
