/*
 * match_pg.h - the store of matches in PostgreSQL (through libpq), the
 * option for a daemon whose matches should outlive its machine.  Chosen by
 * a store URL (postgresql://... or postgres://..., libpq's connection URI:
 * what it does not say, libpq takes from PGHOST, PGUSER, PGPASSWORD,
 * ~/.pgpass and the rest of its environment).
 *
 * The schema (created on first use, in the database's search_path):
 *
 *   wibbelld_schema (version integer)   one row: the schema's version (2)
 *   wibbelld_matches (id text primary key, version bigint, rec bytea,
 *                     shard text, epoch bigint)
 *                                       the match record and its version,
 *                                       its shard, the writer's epoch
 *   wibbelld_log (id text, version bigint, entry bytea, epoch bigint,
 *                 primary key (id, version))
 *                                       the log entries, one row each
 *   wibbelld_leases (shard text primary key, owner text, epoch bigint,
 *                    expires timestamptz)
 *                                       who owns each shard (match_lease.h)
 *   wibbelld_fence(shard, epoch)        the check in front of every batch
 *
 * Records and entries are stored as the bytes match_db.h gives (UTF-8
 * JSON), whatever the database's encoding.  A log entry is inserted,
 * never overwritten: a version written twice fails the transaction rather
 * than replace what was acknowledged.  A batch is one transaction: its
 * statements go to the server in one pipeline and are committed by its
 * synchronisation, durably (synchronous_commit as the server has it:
 * `on`, PostgreSQL's default, waits for the WAL on disk).
 *
 * Shards: the matches of shard S (the instance name, "" without one) are
 * the rows whose `shard` is S; a daemon reads and writes its shard's only,
 * and owns it through its lease (match_lease.h, a row of wibbelld_leases,
 * schema version 2).  Every batch begins with wibbelld_fence(shard, epoch)
 * in its transaction, which aborts it unless the lease is held at this
 * daemon's epoch and has not expired; every row written carries the
 * epoch.  A fence that finds another epoch loses the lease
 * (match_lease_lost): from then on nothing more is sent.  Every
 * connection is named wibbelld/SHARD/OWNER (application_name), so that a
 * standby can end them.  A version 1 database is migrated at the opening,
 * in one transaction, saying so on stderr.
 *
 * A lost connection is made again at the next call; meanwhile calls fail
 * with WB_ESTORE.
 *
 * Private to games/store/: the functions are match_db.h's, with that
 * contract, for this store; only match_db.c calls them.  The reasons for
 * a failed open or commit are written to stderr (libpq's own message).
 */
#ifndef MATCH_PG_H
#define MATCH_PG_H

#include <stddef.h>
#include <stdint.h>

#include "match_db.h"

typedef struct match_pg match_pg;
typedef struct match_pg_batch match_pg_batch;

/* The schema version this code reads and writes. */
#define MATCH_PG_SCHEMA 2

/* Open: check or make the schema, take the shard's lease (waiting as a
 * standby: match_lease.h's match_lease_acquire, whose WB_ECONFLICT is a
 * stopped wait), connect the readers.  `lease` may be NULL (the
 * defaults: shard "", owner "wibbelld"). */
int match_pg_open(const char *url, const match_db_lease *lease, match_pg **out);
/* match_lease_ok, match_lease_is_lost of the store's lease. */
int match_pg_serving(const match_pg *db);
int match_pg_lost(const match_pg *db);
/* match_lease_unserved_ms of the store's lease. */
int64_t match_pg_unserved_ms(const match_pg *db);
/* The shard, its epoch and the owner it was taken from (NULL: none). */
const char *match_pg_took_over(const match_pg *db, const char **shard, uint64_t *epoch);
void match_pg_close(match_pg *db);
int match_pg_each(match_pg *db,
                  int (*cb)(void *ctx, const char *id, const char *rec, size_t len),
                  void *ctx);
int match_pg_batch_begin(match_pg *db, match_pg_batch **out);
int match_pg_batch_put(match_pg_batch *b, const char *id, const char *rec,
                       uint64_t version, const char *entry);
int match_pg_batch_del(match_pg_batch *b, const char *id);
int match_pg_batch_end(match_pg_batch *b, int commit);
int match_pg_log(match_pg *db, const char *id, uint64_t after,
                 int (*cb)(void *ctx, uint64_t version, const char *entry, size_t len),
                 void *ctx);
int match_pg_uncertain(const match_pg *db);
int match_pg_landed(match_pg *db, const char *id, uint64_t version);
int match_pg_settled(match_pg *db);

#endif
