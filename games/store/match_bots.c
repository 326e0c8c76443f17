/*
 * match_bots.c - the bot workers (match_bots.h): threads that play the
 * seats a bot plays, through the store's public calls like any client.
 *
 * Calls go one way: this file calls matches.c (match_get_ref,
 * match_apply_async, ...); matches.c and match_writer.c reach it only
 * through the hooks it sets in the store (ms->bot_kick, ms->bot_stop,
 * ms->bot_known), so no circle of calls.
 *
 * Work items, under b->lock (a leaf lock, after any match's mutex):
 *  - a decision of a match (`now`): queued by a kick, once at a time per
 *    match (m->bot_queued); its bots' turns are taken seat by seat and the
 *    first action applied ends it (the change queues the next decision:
 *    one action a match at a time, so many matches share the workers);
 *  - a play (`later`, sorted by due time): a bot's chosen action waiting
 *    for its reaction time (m->bot_waiting marks the seat, whose turn the
 *    decisions skip meanwhile).  When due, it is applied if the match has
 *    not changed; else the bot decides again and a choice it would still
 *    make is applied at once, another one waits its own delay.
 * A decision reads the seat's view and legal actions under m->lock and
 * decides with no lock held; the action is applied with If-Match at the
 * version it saw, so a change in between is never overwritten (the change
 * queued a new decision).
 */
#include "match_bots.h"
#include "matches_int.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "rng.h"
#include "wb_err.h"
#include "wb_mem.h"

typedef struct bot_item {
    struct bot_item *next;
    char id[MATCH_ID_LEN + 1];
    int seat;         /* -1: a decision of the match; else a play of this seat */
    int64_t due;      /* a play: when it is applied */
    uint64_t version; /* a play: the version it was chosen at */
    json_t *action;   /* a play: the action */
} bot_item;

struct match_bots {
    match_store *ms;
    match_bots_config cfg;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bot_item *now_head, *now_tail; /* decisions, first in first out */
    bot_item *later;               /* plays, by due time */
    int stop;
    pthread_t *threads;
    unsigned nthreads;
    _Atomic uint64_t decisions, applied, fallbacks, decide_ns;
    _Atomic uint64_t bucket[MATCH_BOTS_BUCKETS]; /* decisions by time taken */
};

const double match_bots_bucket_s[MATCH_BOTS_BUCKETS - 1] = {0.001, 0.01, 0.1, 1};

static uint64_t mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* What a turn came to. */
enum { TURN_NONE, TURN_WAITING, TURN_APPLIED };

static void item_free(bot_item *it)
{
    json_decref(it->action);
    free(it);
}

/* Queue a decision of m: ms->bot_kick.  Under m->lock or none. */
static void kick(match_store *ms, match *m)
{
    match_bots *b = ms->bots;
    if (atomic_exchange(&m->bot_queued, 1))
        return; /* one is queued: it will read the newest state */
    bot_item *it = wb_calloc(1, sizeof *it);
    memcpy(it->id, m->id, sizeof it->id);
    it->seat = -1;
    pthread_mutex_lock(&b->lock);
    if (b->stop) { /* closing */
        pthread_mutex_unlock(&b->lock);
        free(it);
        return;
    }
    if (b->now_tail)
        b->now_tail->next = it;
    else
        b->now_head = it;
    b->now_tail = it;
    pthread_cond_signal(&b->cond);
    pthread_mutex_unlock(&b->lock);
}

static void play_later(match_bots *b, match *m, int seat, uint64_t version, json_t *action,
                       int64_t due)
{
    bot_item *it = wb_calloc(1, sizeof *it);
    memcpy(it->id, m->id, sizeof it->id);
    it->seat = seat;
    it->due = due;
    it->version = version;
    it->action = action;
    atomic_fetch_or(&m->bot_waiting, 1u << seat);
    pthread_mutex_lock(&b->lock);
    bot_item **p = &b->later;
    while (*p && (*p)->due <= due)
        p = &(*p)->next;
    it->next = *p;
    *p = it;
    pthread_cond_signal(&b->cond);
    pthread_mutex_unlock(&b->lock);
}

/* The seed of one decision: the same match, version and seat give the
 * same seed; it is drawn from the host token (random, never shown to a
 * seat), not from the game's seed, which orders the deck. */
static uint64_t turn_seed(const match *m, uint64_t version, int seat)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *c = m->host_token; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h ^ (version * 0x9e3779b97f4a7c15ull) ^ ((uint64_t)seat << 56);
}

/* A listed action other than `not` (which the game refused), chosen at
 * random among those without a free member; NULL when none. */
static json_t *random_listed(const json_t *actions, const json_t *not, uint64_t seed)
{
    size_t n = 0, i;
    json_t *a;
    json_array_foreach(actions, i, a)
        n += !json_object_get(a, "$params") && !(not && json_equal(a, not));
    if (!n)
        return NULL;
    rng r;
    rng_seed(&r, seed);
    size_t pick = (size_t)rng_below(&r, n);
    json_array_foreach(actions, i, a)
        if (!json_object_get(a, "$params") && !(not && json_equal(a, not)) && pick-- == 0)
            return json_incref(a);
    return NULL;
}

/* Apply `action` of `seat` at `version`; a refusal by the rules plays a
 * random listed action instead. */
static int apply(match_bots *b, match *m, int seat, json_t *action, const json_t *actions,
                 uint64_t version, uint64_t seed)
{
    char *why = NULL;
    int rc = match_apply_async(b->ms, m->id, seat, action, version, NULL, NULL, &why);
    if (rc == WB_EILLEGAL || rc == WB_ENOTTURN || rc == WB_EINVAL) {
        json_t *other = actions ? random_listed(actions, action, seed + 1) : NULL;
        /* without another action to play it is a race lost (a Wibbell
         * claim after the tie window), not worth a line */
        if (other)
            fprintf(stderr, "wibbelld: match %s: the bot of seat %d erred (%s: %s); a random "
                            "action instead\n", m->id, seat, wb_strerror(rc), why ? why : "");
        free(why);
        why = NULL;
        rc = other ? match_apply_async(b->ms, m->id, seat, other, version, NULL, NULL, &why)
                   : rc;
        if (other && rc == WB_OK)
            atomic_fetch_add(&b->fallbacks, 1);
        json_decref(other);
    }
    free(why);
    if (rc == WB_OK)
        atomic_fetch_add(&b->applied, 1);
    return rc == WB_OK ? TURN_APPLIED : TURN_NONE;
}

/* One bot turn of `seat`: its view and actions, its choice, then the
 * action applied or put to wait its delay.  `before`: the action it chose
 * earlier for this seat, waited for while the match changed (a choice it
 * still makes is then applied at once). */
static int turn(match_bots *b, match *m, int seat, const json_t *before)
{
    match_store *ms = b->ms;
    pthread_mutex_lock(&m->lock);
    if (m->deleting || atomic_load(&m->gone) || atomic_load(&m->ended) ||
        atomic_load(&m->finished) || !m->bots[seat].bot[0]) {
        pthread_mutex_unlock(&m->lock);
        return TURN_NONE;
    }
    json_t *actions = m->kind->actions(m->state, seat);
    if (json_array_size(actions) == 0) {
        pthread_mutex_unlock(&m->lock);
        json_decref(actions);
        return TURN_NONE;
    }
    json_t *view = m->kind->view(m->state, seat);
    uint64_t version = atomic_load(&m->version);
    match_seat_bot who = m->bots[seat];
    uint64_t seed = turn_seed(m, version, seat);
    /* a search plays out a state drawn from the seat's view, never the
     * state itself */
    void *sampled = NULL;
    if (strcmp(who.bot, "search") == 0 && m->kind->determinize &&
        m->kind->determinize(m->state, seat, seed ^ 0x5eed5eed5eed5eedull, &sampled) != WB_OK)
        sampled = NULL;
    pthread_mutex_unlock(&m->lock);

    game_turn t = {m->kind, who.bot, who.level, seat, view, actions, seed, ms->cfg.dicts,
                   sampled, m->nseats};
    json_t *action = NULL;
    int64_t delay = 0;
    uint64_t t0 = mono_ns();
    int drc = b->cfg.decide(&t, &action, &delay);
    uint64_t took = mono_ns() - t0;
    size_t k = 0;
    while (k < MATCH_BOTS_BUCKETS - 1 && (double)took > match_bots_bucket_s[k] * 1e9)
        k++;
    atomic_fetch_add(&b->bucket[k], 1);
    atomic_fetch_add(&b->decide_ns, took);
    atomic_fetch_add(&b->decisions, 1);
    if (drc != WB_OK || !action) {
        json_decref(action);
        action = random_listed(actions, NULL, t.seed);
        delay = 0;
        if (action)
            atomic_fetch_add(&b->fallbacks, 1);
    }
    int r = TURN_NONE;
    if (action && before && json_equal(action, before))
        delay = 0;
    if (action && delay > 0) {
        play_later(b, m, seat, version, action, match_now_ms() + delay);
        action = NULL;
        r = TURN_WAITING;
    } else if (action) {
        r = apply(b, m, seat, action, actions, version, t.seed);
    }
    json_decref(action);
    json_decref(actions);
    json_decref(view);
    if (sampled)
        m->kind->destroy(sampled);
    return r;
}

/* The store serves nothing now (PostgreSQL: its shard's lease is not
 * held): `it` again in BOT_RETRY_MS, a copy (the caller frees `it`). */
#define BOT_RETRY_MS 250
static void retry_later(match_bots *b, const bot_item *it)
{
    bot_item *c = wb_calloc(1, sizeof *c);
    *c = *it;
    c->action = json_incref(it->action);
    c->due = match_now_ms() + BOT_RETRY_MS;
    pthread_mutex_lock(&b->lock);
    bot_item **p = &b->later;
    while (*p && (*p)->due <= c->due)
        p = &(*p)->next;
    c->next = *p;
    *p = c;
    pthread_cond_signal(&b->cond);
    pthread_mutex_unlock(&b->lock);
}

static void run(match_bots *b, bot_item *it)
{
    match *m = match_get_ref(b->ms, it->id);
    if (!m)
        return;
    if (match_serving(b->ms)) { /* checked before deciding or acting */
        retry_later(b, it);
        match_put_ref(b->ms, m);
        return;
    }
    if (it->seat < 0) {
        atomic_store(&m->bot_queued, 0); /* a change from here on queues another */
        for (size_t s = 0; s < m->nseats; s++)
            if (!(atomic_load(&m->bot_waiting) & (1u << s)) &&
                turn(b, m, (int)s, NULL) == TURN_APPLIED)
                break;
    } else {
        atomic_fetch_and(&m->bot_waiting, ~(1u << it->seat));
        if (atomic_load(&m->version) == it->version && !atomic_load(&m->ended))
            apply(b, m, it->seat, it->action, NULL, it->version,
                  turn_seed(m, it->version, it->seat));
        else
            turn(b, m, it->seat, it->action);
    }
    match_put_ref(b->ms, m);
}

/* How much lower than the daemon's the workers' scheduling priority is
 * (nice steps).  A search decision keeps a core busy for hundreds of
 * milliseconds; at the daemon's own priority the HTTP worker that a
 * request wakes on that core, and the writer that a finished fsync wakes,
 * wait for the bot's turn to end (a check's p99 went 8 -> 16 ms with
 * 1,000 bot matches playing).  At a lower one they take the core at once,
 * and the bots still get every cycle no person's request wants. */
#define BOT_NICE 10

/* Lower this thread's priority alone (Linux: a thread id names one thread
 * for setpriority); where that fails the bots play at the daemon's. */
static void lower_priority(void)
{
    errno = 0;
    int now = getpriority(PRIO_PROCESS, (id_t)gettid());
    if (errno == 0 && setpriority(PRIO_PROCESS, (id_t)gettid(), now + BOT_NICE) != 0)
        fprintf(stderr, "wibbelld: bot worker: cannot lower its priority; it plays at the "
                        "daemon's\n");
}

static void *worker(void *arg)
{
    match_bots *b = arg;
    pthread_setname_np(pthread_self(), "wb-bot"); /* as top -H and the tests see it */
    lower_priority();
    pthread_mutex_lock(&b->lock);
    while (!b->stop) {
        int64_t now = match_now_ms();
        bot_item *it = NULL;
        if (b->later && b->later->due <= now) {
            it = b->later;
            b->later = it->next;
        } else if (b->now_head) {
            it = b->now_head;
            b->now_head = it->next;
            if (!b->now_head)
                b->now_tail = NULL;
        }
        if (!it) {
            if (b->later) {
                struct timespec until;
                int64_t due = b->later->due;
                until.tv_sec = (time_t)(due / 1000);
                until.tv_nsec = (long)(due % 1000) * 1000000L;
                pthread_cond_timedwait(&b->cond, &b->lock, &until);
            } else {
                pthread_cond_wait(&b->cond, &b->lock);
            }
            continue;
        }
        pthread_mutex_unlock(&b->lock);
        /* no more while the writer has a commit's worth of bots' actions
         * queued beside the one it writes: a person's action then never
         * waits behind a backlog (match_writer.c) */
        match_writer_wait_room(b->ms, 2 * MATCH_COMMIT_UNAWAITED);
        run(b, it);
        item_free(it);
        sched_yield(); /* between decisions: the other threads first */
        pthread_mutex_lock(&b->lock);
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

static void free_list(bot_item *it)
{
    while (it) {
        bot_item *next = it->next;
        item_free(it);
        it = next;
    }
}

/* ms->bot_stop: at closing, before the timer and the writer stop, the
 * workers stop (a kick from the writer is then dropped); after the writer
 * stopped (`release`), the rest goes. */
static void stop(match_store *ms, int release)
{
    match_bots *b = ms->bots;
    if (release) {
        free_list(b->now_head);
        free_list(b->later);
        free(b->threads);
        pthread_mutex_destroy(&b->lock);
        pthread_cond_destroy(&b->cond);
        free(b);
        ms->bots = NULL;
        return;
    }
    pthread_mutex_lock(&b->lock);
    b->stop = 1;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->lock);
    for (unsigned i = 0; i < b->nthreads; i++)
        pthread_join(b->threads[i], NULL);
    b->nthreads = 0;
}

int match_bots_start(match_store *ms, const match_bots_config *cfg)
{
    match_bots *b = wb_calloc(1, sizeof *b);
    b->ms = ms;
    b->cfg = *cfg;
    if (!b->cfg.threads)
        b->cfg.threads = 1;
    pthread_mutex_init(&b->lock, NULL);
    /* timed waits are against the wall clock: due times are match_now_ms */
    pthread_cond_init(&b->cond, NULL);
    b->threads = wb_calloc(b->cfg.threads, sizeof *b->threads);
    ms->bots = b;
    ms->bot_stop = stop;
    for (unsigned i = 0; i < b->cfg.threads; i++) {
        if (pthread_create(&b->threads[i], NULL, worker, b) != 0) {
            stop(ms, 0);
            stop(ms, 1);
            ms->bot_stop = NULL;
            return WB_ENOMEM;
        }
        b->nthreads++;
    }
    ms->bot_known = cfg->known;
    ms->bot_kick = kick;
    /* resume: every active match with bot seats gets a decision */
    match **all = NULL;
    size_t n = 0, cap = 0;
    pthread_mutex_lock(&ms->lock);
    for (size_t i = 0; i < MATCH_BUCKETS; i++)
        for (match *m = ms->buckets[i]; m; m = m->next)
            if (m->nbots && !atomic_load(&m->finished) && !atomic_load(&m->ended)) {
                all = wb_grow(all, &cap, n + 1, sizeof *all);
                m->refs++;
                all[n++] = m;
            }
    pthread_mutex_unlock(&ms->lock);
    for (size_t i = 0; i < n; i++) {
        kick(ms, all[i]);
        match_put_ref(ms, all[i]);
    }
    free(all);
    return WB_OK;
}

void match_bots_get_stats(match_store *ms, match_bots_stats *out)
{
    match_bots *b = ms->bots;
    memset(out, 0, sizeof *out);
    if (!b)
        return;
    out->decisions = atomic_load(&b->decisions);
    out->applied = atomic_load(&b->applied);
    out->fallbacks = atomic_load(&b->fallbacks);
    out->decide_seconds = (double)atomic_load(&b->decide_ns) / 1e9;
    uint64_t sum = 0;
    for (size_t i = 0; i < MATCH_BOTS_BUCKETS; i++)
        out->within[i] = sum += atomic_load(&b->bucket[i]);
}
