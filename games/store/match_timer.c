/*
 * match_timer.c - the timer thread: runs the timers of matches whose
 * deadline has come (tie windows, guessing windows), retries timers whose
 * commit failed (with the writer's backoff), and removes finished and
 * abandoned matches past what --keep-finished keeps.  It knows when, not
 * what: the store above it handed it the callback that stages the
 * {"type":"timer"} action (match_timer_start), and it queues deletions for
 * the writer below it.
 *
 * Lock order (matches_int.h): the scan holds only ms->lock and reads the
 * matches' atomics; the due matches are then run one by one under their
 * own mutex with no other lock held; ms->timer_lock is a leaf, held only
 * to sleep and to be kicked.  A kick bumps timer_gen, so a kick that
 * comes between a scan and the sleep is not lost.
 */
#include "matches_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb_err.h"
#include "wb_mem.h"

#define PRUNE_EVERY_MS 1000

/* When the timer of m is due (-1: none); read without m->lock. */
static int64_t due_at(const match *m)
{
    int64_t d = atomic_load(&m->deadline);
    if (d < 0 || atomic_load(&m->ended) || atomic_load(&m->gone))
        return -1;
    int64_t r = atomic_load(&m->retry_at);
    return r > d ? r : d;
}

/* The earliest due time (-1: none), and references to the matches due at
 * `now` in *due (malloc'd, *n of them). */
static int64_t scan(match_store *ms, int64_t now, match ***due, size_t *n)
{
    int64_t earliest = -1;
    size_t cap = 0;
    *due = NULL;
    *n = 0;
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next) {
            int64_t d = due_at(m);
            if (d < 0)
                continue;
            if (d <= now) {
                *due = wb_grow(*due, &cap, *n + 1, sizeof **due);
                m->refs++;
                (*due)[(*n)++] = m;
            } else if (earliest < 0 || d < earliest) {
                earliest = d;
            }
        }
    pthread_mutex_unlock(&ms->lock);
    return earliest;
}

/* Finished, ended and abandoned matches: those updated before the time
 * limit go, then the oldest while more than the count limit remain. */
static int by_updated(const void *a, const void *b)
{
    const match *x = *(match *const *)a, *y = *(match *const *)b;
    int64_t ux = atomic_load(&x->updated), uy = atomic_load(&y->updated);
    if (ux != uy)
        return ux < uy ? -1 : 1;
    if (x->created != y->created)
        return x->created < y->created ? -1 : 1;
    return strcmp(x->id, y->id);
}

static void prune(match_store *ms, int64_t now)
{
    match **done = NULL;
    size_t n = 0, cap = 0;
    if (match_serving(ms))
        return; /* the shard's lease is not held: later */
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next)
            /* a class session is the teacher's report: kept until the
             * teacher deletes it (its code is fixed once made) */
            if (!m->join_code[0] && (atomic_load(&m->finished) || atomic_load(&m->ended) ||
                                     match_is_abandoned(ms, m, now))) {
                done = wb_grow(done, &cap, n + 1, sizeof *done);
                m->refs++;
                done[n++] = m;
            }
    pthread_mutex_unlock(&ms->lock);
    if (n)
        qsort(done, n, sizeof *done, by_updated);
    for (size_t i = 0; i < n; i++) {
        match *m = done[i];
        int old = now - atomic_load(&m->updated) > ms->cfg.keep_finished_ms;
        int over = n - i > ms->cfg.keep_finished;
        if (old || over) {
            pthread_mutex_lock(&m->lock);
            int queued = !m->deleting && !atomic_load(&m->gone);
            if (queued) {
                match_job *j = wb_calloc(1, sizeof *j);
                j->type = JOB_DELETE;
                j->m = m;
                j->gen = m->gen;
                m->deleting = 1;
                m->inflight++;
                m = NULL; /* the reference is the job's now */
                match_writer_push(ms, j);
            }
            pthread_mutex_unlock(&done[i]->lock);
        }
        if (m)
            match_put_ref(ms, m);
    }
    free(done);
}

#define TIMER_RECHECK_MS 100

static void *timer_main(void *arg)
{
    match_store *ms = arg;
    for (;;) {
        pthread_mutex_lock(&ms->timer_lock);
        unsigned gen = ms->timer_gen;
        int stop = ms->timer_stop;
        pthread_mutex_unlock(&ms->timer_lock);
        if (stop)
            break;

        int64_t now = match_now_ms();
        match **due;
        size_t n;
        int64_t earliest = scan(ms, now, &due, &n);
        size_t ran = 0;
        for (size_t i = 0; i < n; i++) {
            pthread_mutex_lock(&due[i]->lock);
            /* the store's callback stages {"type":"timer"} */
            ran += (size_t)ms->timer_run(ms, due[i], match_now_ms());
            pthread_mutex_unlock(&due[i]->lock);
            match_put_ref(ms, due[i]);
        }
        free(due);
        if (ran)
            continue; /* deadlines moved: scan again */
        /* due but not run (the store not serving now: the lease; a match
         * being deleted): looked at again soon, not at the next prune */
        int64_t soon = n ? now + TIMER_RECHECK_MS : -1;
        if (now >= ms->next_prune) {
            prune(ms, now);
            ms->next_prune = now + PRUNE_EVERY_MS;
        }
        int64_t wake = ms->next_prune;
        if (earliest >= 0 && earliest < wake)
            wake = earliest;
        if (soon >= 0 && soon < wake)
            wake = soon;

        pthread_mutex_lock(&ms->timer_lock);
        if (ms->timer_gen == gen && !ms->timer_stop) {
            struct timespec ts;
            /* the deadlines are wall-clock (they are stored); sleep on the
             * same clock */
            ts.tv_sec = wake / 1000;
            ts.tv_nsec = (long)(wake % 1000) * 1000000;
            pthread_cond_timedwait(&ms->timer_cond, &ms->timer_lock, &ts);
        }
        pthread_mutex_unlock(&ms->timer_lock);
    }
    return NULL;
}

void match_timer_kick(match_store *ms)
{
    pthread_mutex_lock(&ms->timer_lock);
    ms->timer_gen++;
    pthread_cond_signal(&ms->timer_cond);
    pthread_mutex_unlock(&ms->timer_lock);
}

int match_timer_start(match_store *ms, match_timer_fn run)
{
    ms->timer_run = run;
    if (pthread_create(&ms->timer, NULL, timer_main, ms) != 0)
        return WB_ENOMEM;
    ms->timer_running = 1;
    return WB_OK;
}

void match_timer_stop(match_store *ms)
{
    if (!ms->timer_running)
        return;
    pthread_mutex_lock(&ms->timer_lock);
    ms->timer_stop = 1;
    pthread_cond_signal(&ms->timer_cond);
    pthread_mutex_unlock(&ms->timer_lock);
    pthread_join(ms->timer, NULL);
    ms->timer_running = 0;
}
