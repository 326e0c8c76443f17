/*
 * match_pg.h - the store of matches in PostgreSQL (through libpq), the
 * option for a daemon whose matches should outlive its machine.  Chosen by
 * a store URL (postgresql://... or postgres://..., libpq's connection URI:
 * what it does not say, libpq takes from PGHOST, PGUSER, PGPASSWORD,
 * ~/.pgpass and the rest of its environment).
 *
 * The schema (created on first use, in the database's search_path):
 *
 *   wibbelld_schema (version integer)   one row: the schema's version (1)
 *   wibbelld_matches (id text primary key, version bigint, rec bytea)
 *                                       the match record and its version
 *   wibbelld_log (id text, version bigint, entry bytea,
 *                 primary key (id, version))
 *                                       the log entries, one row each
 *
 * Records and entries are stored as the bytes match_db.h gives (UTF-8
 * JSON), whatever the database's encoding.  A log entry is inserted,
 * never overwritten: a version written twice fails the transaction rather
 * than replace what was acknowledged.  A batch is one transaction: its
 * statements go to the server in one pipeline and are committed by its
 * synchronisation, durably (synchronous_commit as the server has it:
 * `on`, PostgreSQL's default, waits for the WAL on disk).
 *
 * One daemon per database: the store holds a session advisory lock
 * (pg_try_advisory_lock on a key of its own) for as long as it is open; a
 * second daemon gets WB_ECONFLICT (after 5 s of trying: a daemon killed
 * just before holds it until its server process sees the connection end).  A lost connection is re-made at the
 * next call (and the lock taken again); meanwhile, and when the lock is
 * someone else's, calls fail with WB_ESTORE.
 *
 * Private to games/store/: the functions are match_db.h's, with that
 * contract, for this store; only match_db.c calls them.  The reasons for
 * a failed open or commit are written to stderr (libpq's own message).
 */
#ifndef MATCH_PG_H
#define MATCH_PG_H

#include <stddef.h>
#include <stdint.h>

typedef struct match_pg match_pg;
typedef struct match_pg_batch match_pg_batch;

/* The schema version this code reads and writes. */
#define MATCH_PG_SCHEMA 1

int match_pg_open(const char *url, match_pg **out);
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
