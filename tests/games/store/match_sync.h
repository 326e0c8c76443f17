/*
 * match_sync.h - the store's calls waited for, for the store's unit test:
 * match_create, match_apply, match_end and match_delete as the
 * asynchronous calls of matches.h with a wait for their callback.  The
 * daemon itself only ever uses the asynchronous ones.  Header-only (one
 * test program includes it).
 */
#ifndef MATCH_SYNC_H
#define MATCH_SYNC_H

#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "matches.h"
#include "wb_err.h"

struct waiter {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done, rc;
    json_t *out;
};

static void waiter_init(struct waiter *w)
{
    memset(w, 0, sizeof *w);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
}

static void waiter_wake(void *ctx, int rc, json_t *out)
{
    struct waiter *w = ctx;
    pthread_mutex_lock(&w->mu);
    w->rc = rc;
    w->out = out;
    w->done = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

/* An action's answer, parsed back. */
static void waiter_answer(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    (void)version;
    json_t *out = NULL;
    if (rc == WB_OK) {
        out = text ? json_loadb(text, len, 0, NULL) : NULL;
        if (!out)
            rc = WB_EUTF8; /* the only text game_text_json refuses */
    }
    free(text);
    waiter_wake(ctx, rc, out);
}

/* Wait if `rc` says a call is under way; its outcome. */
static int waiter_wait(struct waiter *w, int rc, json_t **out)
{
    if (rc == WB_OK) {
        pthread_mutex_lock(&w->mu);
        while (!w->done)
            pthread_cond_wait(&w->cv, &w->mu);
        pthread_mutex_unlock(&w->mu);
        rc = w->rc;
        if (out)
            *out = w->out;
        else
            json_decref(w->out);
    }
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    return rc;
}

static int match_create(match_store *ms, const char *game, const json_t *players,
                        const json_t *options, uint64_t seed, int has_seed, json_t **out,
                        char **why)
{
    struct waiter w;
    waiter_init(&w);
    *out = NULL;
    return waiter_wait(&w, match_create_async(ms, game, players, options, seed, has_seed, NULL,
                                              waiter_wake, &w, why),
                       out);
}

/* With the request id `key` (k: the store's answer about it). */
static int match_apply_keyed(match_store *ms, const char *id, int seat, const json_t *action,
                             match_key *k, json_t **out, char **why)
{
    struct waiter w;
    waiter_init(&w);
    *out = NULL;
    return waiter_wait(&w, match_apply_async(ms, id, seat, action, 0, k, waiter_answer, &w, why),
                       out);
}

static int match_apply(match_store *ms, const char *id, int seat, const json_t *action,
                       uint64_t if_match, json_t **out, char **why)
{
    struct waiter w;
    waiter_init(&w);
    *out = NULL;
    return waiter_wait(&w, match_apply_async(ms, id, seat, action, if_match, NULL, waiter_answer,
                                             &w, why),
                       out);
}

static int match_end(match_store *ms, const char *id, int seat, json_t **out, char **why)
{
    struct waiter w;
    waiter_init(&w);
    *out = NULL;
    return waiter_wait(&w, match_end_async(ms, id, seat, NULL, waiter_answer, &w, why), out);
}

static int match_delete(match_store *ms, const char *id, int seat, char **why)
{
    struct waiter w;
    (void)why;
    waiter_init(&w);
    return waiter_wait(&w, match_delete_async(ms, id, seat, waiter_wake, &w), NULL);
}

#endif
