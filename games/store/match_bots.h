/*
 * match_bots.h - the store's bot workers: the threads that play the seats
 * of matches that a bot plays (docs/bots.md).
 *
 * Whenever a match with bot seats changes (its creation, any action, a
 * timer, the store opening), its bots get their turn on a bot worker:
 * each bot seat with a legal action is given its seat's view and
 * legal-action list (never the state) through the `decide` callback, and
 * what it chooses is applied as that seat's action through the same path
 * as an HTTP action (match_apply_async: checked, logged, committed,
 * streamed), against the version it decided on.  Only the chosen action
 * is logged, so replay and crash recovery are as for any action.  A bot
 * that errs (no choice, or a choice the game refuses) plays a random
 * listed action instead.  A choice that comes with a delay (a person's
 * reaction time) is applied when the delay has passed, if the bot would
 * still choose it then.  Ending or deleting a match stops its bots; the
 * workers yield between decisions, so many bot matches share them.
 *
 * Bots never slow people: the workers (threads named "wb-bot") run 10
 * nice steps below the daemon, so a request's thread and the writer take
 * a core from a searching bot at once; and they stage no action while the
 * writer has 32 bots' (unawaited) jobs queued, while the writer commits a
 * person's action first, beside at most 16 of those (match_writer.c).
 *
 * The store never calls up into the bots: the daemon hands the callbacks
 * here (games/bots/ provides them).
 */
#ifndef MATCH_BOTS_H
#define MATCH_BOTS_H

#include <jansson.h>
#include <stdint.h>

#include "game.h"
#include "matches.h"

typedef struct match_bots_config {
    unsigned threads; /* bot worker threads; 0: 1 */
    /* 1 when a seat may be played by bot `bot` of `level` */
    int (*known)(const game_kind *kind, const char *bot, int level);
    /* Choose t->seat's action: WB_OK with *action (a new reference) and
     * *delay_ms (>= 0, how long to wait before applying it); any error:
     * nothing to send.  Called on a bot worker, with no lock held. */
    int (*decide)(const game_turn *t, json_t **action, int64_t *delay_ms);
} match_bots_config;

/* Start the bot workers of `ms` (once, right after match_store_open and
 * before any other call): from then on create requests may name bots, and
 * every active match with bot seats is resumed.  The workers stop in
 * match_store_close.  WB_ENOMEM/WB_EINTERNAL when a thread cannot start
 * (then none runs and bot seats are refused). */
int match_bots_start(match_store *ms, const match_bots_config *cfg);

/* What the bots have done since the start. */
#define MATCH_BOTS_BUCKETS 5
typedef struct match_bots_stats {
    uint64_t decisions; /* decisions asked of the bots */
    uint64_t applied;   /* actions applied */
    uint64_t fallbacks; /* random actions played for a bot that erred */
    double decide_seconds; /* the time the decisions took, in all */
    /* decisions that took at most match_bots_bucket_s[i] seconds (the
     * last bucket: +Inf, all of them) */
    uint64_t within[MATCH_BOTS_BUCKETS];
} match_bots_stats;
extern const double match_bots_bucket_s[MATCH_BOTS_BUCKETS - 1];
void match_bots_get_stats(match_store *ms, match_bots_stats *out);

#endif
