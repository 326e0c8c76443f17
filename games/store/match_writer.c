/*
 * match_writer.c - group commit: one thread writes every match's records.
 *
 * Actions are applied in memory by whichever thread received them (under
 * the match's mutex) and queued here with their new record, their log
 * entry and their answer.  The writer takes everything queued at once,
 * puts it in one LMDB write transaction and commits it with one fsync;
 * only then is each job's answer given and its subscribers woken.  Actions
 * of different matches that arrive together so share one fsync, and no
 * HTTP worker ever waits on the disk.
 *
 * A failed commit fails every job of the batch: each match goes back to
 * its last durable record (and its generation goes up, so jobs it staged
 * on top of the failed ones fail too, without being written).  A failed
 * timer action is retried with a growing backoff by the timer thread,
 * which the writer tells through the callback the store handed it
 * (match_writer_start): the timer sits above the writer, which never calls it.
 *
 * An HTTP worker holds the writer (matches_hold) while it serves what one
 * turn of its event loop brought: the actions it stages queue up without
 * waking the writer, which is woken once at the end of the turn.  On one
 * core this is what makes the groups large: woken at each action, the
 * writer would take the core from the worker and commit them one by one.
 *
 * People first.  Bots stage actions as fast as their workers decide, and a
 * person's action that came behind a few hundred of them would wait for a
 * commit that writes them all.  So the writer does not take the whole
 * queue: it takes every job someone waits for (an HTTP request's, which
 * has an answer to give: match_job_awaited), every job of a match that
 * has such a job queued (a match's jobs are committed in the order they
 * were staged, or a crash between two commits could keep a version whose
 * predecessor is lost), and at most MATCH_COMMIT_UNAWAITED of the others
 * (bots' actions, timers, pruning), oldest first; the rest waits for the
 * next commit.  A person's action so waits for at most the commit in
 * progress, which holds at most that many others, and its own, which
 * holds at most that many too; the others still advance by that many a
 * commit, so none starves.  And the bot workers pace themselves
 * (match_writer_wait_room): they stage no more while twice that many are
 * queued, so the queue never holds a backlog the disk cannot keep up with.
 * Durability is unchanged: every job is answered only once its own commit
 * is durable.
 */
#include "matches_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb_err.h"
#include "wb_mem.h"

#define BACKOFF_MIN_MS 50
#define BACKOFF_MAX_MS 5000

static int64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void job_free(match_job *j)
{
    free(j->rec);
    free(j->entry);
    free(j->text);
    json_decref(j->out);
    free(j);
}

/* The commit of j is durable. */
static void job_succeeded(match_store *ms, match_job *j)
{
    match *m = j->m;
    pthread_mutex_lock(&m->lock);
    if (j->type == JOB_REPLAY) { /* wrote nothing: the match's earlier jobs are durable */
        if (--m->inflight == 0)
            pthread_cond_broadcast(&m->durable);
        pthread_mutex_unlock(&m->lock);
        if (j->done) { /* a creation's */
            j->done(j->ctx, WB_OK, j->out);
            j->out = NULL;
        } else {
            j->answer(j->ctx, WB_OK, j->text, j->text_len, j->version);
            j->text = NULL;
        }
        match_put_ref(ms, m);
        job_free(j);
        return;
    }
    if (j->type != JOB_DELETE && j->rec) {
        /* m->latest may point at this record: it stays alive as saved */
        free(m->saved);
        m->saved = j->rec;
        m->saved_snap = j->version;
        j->rec = NULL;
        match_tail_trim(m);
    }
    if (j->type != JOB_DELETE)
        m->saved_version = j->version;
    if (j->timer) {
        m->backoff_ms = 0;
        atomic_store(&m->retry_at, 0);
    }
    if (--m->inflight == 0)
        pthread_cond_broadcast(&m->durable);
    pthread_mutex_unlock(&m->lock);

    if (j->type == JOB_CREATE) {
        pthread_mutex_lock(&ms->lock);
        ms->pending_creates--;
        pthread_mutex_unlock(&ms->lock);
        match_insert(ms, m); /* the job's reference becomes the table's */
        if (m->nbots && ms->bot_kick)
            ms->bot_kick(ms, m); /* its bots may act now */
    }
    else if (j->type == JOB_DELETE)
        match_unlink(ms, m);
    if (j->type == JOB_ACTION)
        atomic_fetch_add(&ms->n_actions, 1);
    /* The caller's answer first, then the subscribers: on a busy core the
     * one who acted waits for its own answer only, not for a class's 41
     * streams to be woken and written (each reads the durable entry, so
     * the order changes nothing they see). */
    if (j->done) {
        j->done(j->ctx, WB_OK, j->out);
        j->out = NULL;
    }
    if (j->answer) {
        j->answer(j->ctx, WB_OK, j->text, j->text_len, j->version);
        j->text = NULL;
    }
    if (j->type != JOB_CREATE) {
        match_notify(ms, m);
        match_put_ref(ms, m);
    }
    job_free(j);
}

/* The commit of j failed with rc (or an earlier one of its match did);
 * `unknown`: it may have happened (an uncertain commit that could not be
 * checked), so the match is to be reloaded from the store before its next
 * use. */
static void job_failed(match_store *ms, match_job *j, int rc, int64_t now, int unknown)
{
    match *m = j->m;
    int kick = 0;
    pthread_mutex_lock(&m->lock);
    if (j->type == JOB_DELETE) {
        m->deleting = 0;
    } else if (j->gen == m->gen && j->type == JOB_ACTION) {
        /* the first failed job of this match: back to the durable state
         * (its last durable record and log); whatever was staged after it
         * is now stale */
        match_restore(ms, m, m->saved, m->saved_snap, m->saved_version);
        m->latest = m->saved;
        m->latest_len = strlen(m->saved);
        m->latest_snap = m->saved_snap;
        while (m->ntail && m->tail[m->ntail - 1].version > m->saved_version)
            free(m->tail[--m->ntail].entry);
        atomic_store(&m->version, m->saved_version);
        m->gen++;
        m->reload |= unknown;
        kick = 1;
    }
    if (j->timer) {
        m->backoff_ms = m->backoff_ms ? m->backoff_ms * 2 : BACKOFF_MIN_MS;
        if (m->backoff_ms > BACKOFF_MAX_MS)
            m->backoff_ms = BACKOFF_MAX_MS;
        atomic_store(&m->retry_at, now + m->backoff_ms);
        kick = 1;
    }
    if (--m->inflight == 0)
        pthread_cond_broadcast(&m->durable);
    pthread_mutex_unlock(&m->lock);
    if (j->timer)
        fprintf(stderr, "wibbelld: match %s: timer not stored (%s); retrying in %lld ms\n",
                m->id, wb_strerror(rc), (long long)m->backoff_ms);
    if (j->done)
        j->done(j->ctx, rc, NULL);
    if (j->answer)
        j->answer(j->ctx, rc, NULL, 0, 0);
    if (j->type == JOB_CREATE) {
        pthread_mutex_lock(&ms->lock);
        ms->pending_creates--;
        match_creating_drop_locked(ms, m->create_key);
        pthread_mutex_unlock(&ms->lock);
        match_free(m);
    } else {
        if (kick)
            match_notify(ms, m); /* the version went back */
        match_put_ref(ms, m);
    }
    job_free(j);
    if (kick)
        ms->writer_moved(ms); /* the store's: the timer looks again */
}

/* Storage errors as the API tells them: full, or unavailable. */
static int store_error(int rc)
{
    return rc == WB_EFULL ? WB_EFULL : WB_ESTORE;
}

/* The batch's commit was sent and its answer lost: did it happen?  Read
 * back whether the log entry of its first action is stored (`probe`;
 * match_db_landed reconnects and waits for the server to settle it).
 * WB_OK: it is, the batch committed; WB_ESTORE: it is not (the batch
 * fails and its matches go back, as for any failed commit), or it cannot
 * be told (*unknown: the matches go back and are reloaded from the store
 * before their next use, so that a retry finds what was stored). */
static int settle(match_store *ms, const match_job *probe, size_t n, int *unknown)
{
    int landed = probe ? match_db_landed(ms->db, probe->m->id, probe->version) : -1;
    fprintf(stderr, "wibbelld: commit of %zu change(s): its answer was lost; %s\n", n,
            landed == 1   ? "it is stored: committed"
            : landed == 0 ? "it is not stored: failed"
                          : "whether it is stored cannot be told: its matches reload "
                            "before their next use");
    if (landed == 1)
        return WB_OK;
    *unknown = landed < 0;
    return WB_ESTORE;
}

static void write_batch(match_store *ms, match_job *batch)
{
    match_db_batch *b = NULL;
    int rc = WB_OK;
    size_t n = 0;

    for (match_job *j = batch; j && !b && !rc; j = j->next)
        if (j->type != JOB_REPLAY) /* a batch of replays alone writes nothing */
            rc = match_db_batch_begin(ms->db, &b);
    match_job *probe = NULL; /* the first job that writes a log entry */
    for (match_job *j = batch; j && b; j = j->next, n++) {
        if (rc)
            break;
        if (j->type == JOB_REPLAY)
            continue;
        pthread_mutex_lock(&j->m->lock);
        int stale = j->gen != j->m->gen;
        pthread_mutex_unlock(&j->m->lock);
        if (stale)
            continue; /* failed below, never written */
        if (!probe && j->type == JOB_ACTION && j->entry)
            probe = j;
        rc = j->type == JOB_DELETE ? match_db_batch_del(b, j->m->id)
                                   : match_db_batch_put(b, j->m->id, j->rec, j->version, j->entry);
    }
    int64_t now = match_now_ms();
    int unknown = 0;
    if (b || rc) {
        int64_t t0 = mono_ns();
        if (b) {
            int crc = match_db_batch_end(b, rc == WB_OK);
            if (!rc && crc && match_db_uncertain(ms->db))
                crc = settle(ms, probe, n, &unknown);
            if (!rc)
                rc = crc;
        }
        now = match_now_ms();
        atomic_fetch_add(&ms->commit_ns, (uint64_t)(mono_ns() - t0));
        atomic_fetch_add(&ms->n_batches, 1);
        if (rc) {
            rc = store_error(rc);
            atomic_fetch_add(&ms->n_commit_failures, 1);
            if (atomic_exchange(&ms->writable, 0))
                atomic_store(&ms->failing_since, now);
            fprintf(stderr, "wibbelld: commit of %zu change(s) failed: %s\n", n,
                    wb_strerror(rc));
        } else {
            atomic_fetch_add(&ms->n_commits, 1);
            atomic_store(&ms->writable, 1);
        }
    }
    while (batch) {
        match_job *j = batch;
        batch = j->next;
        pthread_mutex_lock(&j->m->lock);
        int stale = j->gen != j->m->gen;
        pthread_mutex_unlock(&j->m->lock);
        if (stale)
            job_failed(ms, j, rc ? rc : WB_ESTORE, now, 0);
        else if (rc)
            job_failed(ms, j, rc, now, unknown);
        else
            job_succeeded(ms, j);
    }
}

int match_job_awaited(const match_job *j)
{
    return j->done != NULL || j->answer != NULL;
}

match_job *match_queue_take(match_job **head, match_job **tail, size_t cap, unsigned pass,
                            size_t *unawaited)
{
    match_job *taken = NULL, **tnext = &taken, *left = NULL, **lnext = &left, *last = NULL;
    size_t others = 0;
    /* first the matches with a job someone waits for: all their jobs go */
    for (match_job *j = *head; j; j = j->next)
        if (match_job_awaited(j))
            j->m->taken_pass = pass;
    *unawaited = 0;
    for (match_job *j = *head, *next; j; j = next) {
        next = j->next;
        j->next = NULL;
        int awaited = match_job_awaited(j);
        /* once `cap` others are taken no more of an unmarked match are, so
         * what stays of each match comes after what goes */
        if (awaited || j->m->taken_pass == pass || others < cap) {
            *tnext = j;
            tnext = &j->next;
            if (!awaited) {
                others++;
                ++*unawaited;
            }
        } else {
            *lnext = j;
            lnext = &j->next;
            last = j;
        }
    }
    *head = left;
    *tail = last;
    return taken;
}

static void *writer_main(void *arg)
{
    match_store *ms = arg;
    pthread_setname_np(pthread_self(), "wb-writer");
    pthread_mutex_lock(&ms->q_lock);
    for (;;) {
        while (!ms->q_head && !ms->writer_stop)
            pthread_cond_wait(&ms->q_cond, &ms->q_lock);
        if (!ms->q_head)
            break; /* stopping, and everything queued is written */
        size_t unawaited = 0;
        match_job *batch = match_queue_take(&ms->q_head, &ms->q_tail, MATCH_COMMIT_UNAWAITED,
                                            ++ms->q_pass, &unawaited);
        ms->q_unawaited -= unawaited;
        pthread_cond_broadcast(&ms->q_room);
        pthread_mutex_unlock(&ms->q_lock);
        write_batch(ms, batch);
        pthread_mutex_lock(&ms->q_lock);
    }
    pthread_mutex_unlock(&ms->q_lock);
    return NULL;
}

/* Held by this thread (matches_hold): jobs queued for held_for have not
 * woken its writer yet. */
static __thread int held;
static __thread match_store *held_for;

static void wake(match_store *ms)
{
    pthread_mutex_lock(&ms->q_lock);
    pthread_cond_signal(&ms->q_cond);
    pthread_mutex_unlock(&ms->q_lock);
}

void match_writer_push(match_store *ms, match_job *j)
{
    j->next = NULL;
    if (held_for && held_for != ms)
        match_writer_wake_held();
    pthread_mutex_lock(&ms->q_lock);
    if (ms->q_tail)
        ms->q_tail->next = j;
    else
        ms->q_head = j;
    ms->q_tail = j;
    if (!match_job_awaited(j))
        ms->q_unawaited++;
    if (held)
        held_for = ms;
    else
        pthread_cond_signal(&ms->q_cond);
    pthread_mutex_unlock(&ms->q_lock);
}

void match_writer_wait_room(match_store *ms, size_t most)
{
    pthread_mutex_lock(&ms->q_lock);
    /* the writer takes some at every commit, failed or not, and runs until
     * after the bot workers stopped: the room comes */
    while (ms->writer_running && !ms->writer_stop && ms->q_unawaited >= most)
        pthread_cond_wait(&ms->q_room, &ms->q_lock);
    pthread_mutex_unlock(&ms->q_lock);
}

void match_writer_wake_held(void)
{
    match_store *ms = held_for;
    held_for = NULL;
    if (ms)
        wake(ms);
}

void matches_hold(void)
{
    held = 1;
}

void matches_release(void)
{
    held = 0;
    match_writer_wake_held();
}

int match_writer_start(match_store *ms, match_kick_fn moved)
{
    ms->writer_moved = moved;
    atomic_store(&ms->writable, 1);
    if (pthread_create(&ms->writer, NULL, writer_main, ms) != 0)
        return WB_ENOMEM;
    ms->writer_running = 1;
    return WB_OK;
}

void match_writer_stop(match_store *ms)
{
    if (!ms->writer_running)
        return;
    pthread_mutex_lock(&ms->q_lock);
    ms->writer_stop = 1;
    pthread_cond_signal(&ms->q_cond);
    pthread_cond_broadcast(&ms->q_room);
    pthread_mutex_unlock(&ms->q_lock);
    pthread_join(ms->writer, NULL);
    ms->writer_running = 0;
}
