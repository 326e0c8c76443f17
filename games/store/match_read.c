/*
 * match_read.c - what the store answers without changing a match: who a
 * token is (match_auth), views, legal actions, the log, listings, queries,
 * versions, statistics, and subscriptions to a match's changes.  Staging
 * (matches.c) takes its answers' views and events from here, so a seat
 * sees the same in the answer to its action as in a view.
 *
 * Views and action lists wait (up to a second) for the match's commits in
 * flight, so they never show an action the log does not have yet.  The
 * lock hierarchy is written at the top of matches_int.h.
 */
#include "matches_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"

#define LIST_MAX 1000
#define DURABLE_WAIT_S 1 /* longest a view waits for a commit */

/* Compare without an early exit, so timing tells nothing of the token. */
static int token_eq(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned char d = (unsigned char)(la != lb);
    for (size_t i = 0; i < la && i < lb; i++)
        d |= (unsigned char)(a[i] ^ b[i]);
    return d == 0;
}

/* --- visibility ------------------------------------------------------- */

static int sees(const json_t *ev, int seat)
{
    json_t *to = json_object_get(ev, "private_to");
    size_t i;
    json_t *s;
    if (!to || seat == GAME_SEAT_HOST)
        return 1;
    json_array_foreach(to, i, s)
        if (json_integer_value(s) == seat)
            return 1;
    return 0;
}

/* The events `seat` may see, without their "private_to". */
json_t *match_events_for(const json_t *events, int seat)
{
    json_t *out = json_array(), *ev;
    size_t i;
    json_array_foreach(events, i, ev) {
        if (!sees(ev, seat))
            continue;
        if (!json_object_get(ev, "private_to")) { /* shared: nobody changes it */
            json_array_append(out, ev);
            continue;
        }
        json_t *c = json_deep_copy(ev);
        json_object_del(c, "private_to");
        json_array_append_new(out, c);
    }
    return out;
}

/* A log entry as `seat` may see it. */
static json_t *entry_for(const json_t *entry, int seat)
{
    int by = (int)json_integer_value(json_object_get(entry, "seat"));
    const json_t *action = json_object_get(entry, "action");
    json_t *a = (seat == GAME_SEAT_HOST || seat == by || by == GAME_SEAT_SYSTEM ||
                 by == GAME_SEAT_HOST)
                    ? json_deep_copy(action)
                    : json_pack("{s:O}", "type", json_object_get(action, "type"));
    json_t *out = json_object();
    json_object_set(out, "version", json_object_get(entry, "version"));
    json_object_set(out, "seat", json_object_get(entry, "seat"));
    json_object_set_new(out, "action", a ? a : json_object());
    json_object_set(out, "at", json_object_get(entry, "at"));
    json_object_set_new(out, "events", match_events_for(json_object_get(entry, "events"), seat));
    return out;
}

/* The view of `seat` with the common fields from the match (who looks,
 * the names: game_view_common), "id", "game" and "version"; a match its host
 * ended is over for everyone.  Under m->lock. */
json_t *match_view_of(const match *m, int caller)
{
    int seat, member;
    if (match_class_caller(m, caller, &seat, &member)) /* a member just removed */
        seat = GAME_SEAT_PUBLIC, member = -1;
    json_t *v = m->kind->view(m->state, seat);
    game_view_common(v, seat, (const char *const *)m->names, m->nseats);
    json_object_set_new(v, "id", json_string(m->id));
    json_object_set_new(v, "game", json_string(m->kind->name));
    json_object_set_new(v, "version", json_integer((json_int_t)atomic_load(&m->version)));
    if (m->nbots) {
        /* a seat the daemon plays says so where its name is */
        json_t *pl = json_object_get(v, "players");
        for (size_t i = 0; i < m->nseats; i++)
            if (m->bots[i].bot[0])
                json_object_set_new(json_array_get(pl, i), "bot", json_string(m->bots[i].bot));
        json_object_set_new(v, "bots", match_seats_bots(m));
    }
    if (atomic_load(&m->ended)) {
        json_object_set_new(v, "status", json_string("finished"));
        json_object_set_new(v, "ended", json_true());
        json_object_set_new(v, "to_act", json_array());
        json_object_set_new(v, "winners", json_array());
    }
    if (m->cls)
        json_object_set_new(v, "class", match_class_json(m, seat, member));
    return v;
}

/* --- the API: reading ------------------------------------------------- */

int match_auth(match_store *ms, const char *id, const char *token, int *seat)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    int rc = WB_EFORBIDDEN;
    if (!m)
        return WB_ENOTFOUND;
    if (!token) {
        *seat = GAME_SEAT_PUBLIC;
        rc = WB_OK;
    } else if (token_eq(token, m->host_token)) {
        *seat = GAME_SEAT_HOST;
        rc = WB_OK;
    } else {
        pthread_mutex_lock(&m->lock); /* a seat's token changes when it changes hands */
        for (size_t i = 0; i < m->nseats; i++)
            if (token_eq(token, m->tokens[i])) {
                *seat = (int)i;
                rc = WB_OK;
            }
        for (size_t i = 0; m->cls && i < m->cls->n; i++)
            if (m->cls->v[i].token[0] && token_eq(token, m->cls->v[i].token)) {
                *seat = MATCH_MEMBER(i);
                rc = WB_OK;
            }
        pthread_mutex_unlock(&m->lock);
    }
    match_put_ref(ms, m);
    return rc;
}

/* Under m->lock: wait (a bounded time) until what was applied is durable,
 * so that a view never runs ahead of the log.  A disk that stalls longer
 * gets the in-memory state, rather than a reader that waits with it. */
static void wait_durable(match_store *ms, match *m)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += DURABLE_WAIT_S;
    if (m->inflight > 0)
        match_writer_wake_held();
    while (m->inflight > 0)
        if (pthread_cond_timedwait(&m->durable, &m->lock, &until) != 0)
            break;
    /* a commit of it was uncertain: what is stored first (or, while the
     * store cannot be read, what memory holds) */
    if (m->reload && match_reload_locked(ms, m) == WB_OK)
        ms->writer_moved(ms); /* its deadline may have moved */
}

int match_view(match_store *ms, const char *id, int seat, json_t **view,
               uint64_t *version)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    wait_durable(ms, m);
    *view = match_view_of(m, seat);
    if (version)
        *version = atomic_load(&m->version);
    pthread_mutex_unlock(&m->lock);
    match_put_ref(ms, m);
    return WB_OK;
}

int match_actions(match_store *ms, const char *id, int seat, json_t **out)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    wait_durable(ms, m);
    int member;
    if (match_class_caller(m, seat, &seat, &member))
        seat = GAME_SEAT_PUBLIC;
    json_t *a = seat == GAME_SEAT_PUBLIC || atomic_load(&m->ended)
                    ? json_array()
                    : m->kind->actions(m->state, seat);
    pthread_mutex_unlock(&m->lock);
    *out = json_pack("{s:o}", "actions", a ? a : json_array());
    match_put_ref(ms, m);
    return WB_OK;
}

struct log_ctx {
    json_t *entries;
    int seat;
};

static int log_one(void *ctx, uint64_t version, const char *entry, size_t len)
{
    struct log_ctx *c = ctx;
    json_t *e = json_loadb(entry, len, 0, NULL);
    (void)version;
    if (e)
        json_array_append_new(c->entries, entry_for(e, c->seat));
    json_decref(e);
    return 0;
}

/* The seat whose view of the log `caller` gets (a member's team as it is
 * now, GAME_SEAT_PUBLIC for a member removed). */
static int log_seat(match *m, int caller)
{
    int seat = caller, member;
    if (caller < MATCH_MEMBER_BASE)
        return caller;
    pthread_mutex_lock(&m->lock);
    if (match_class_caller(m, caller, &seat, &member))
        seat = GAME_SEAT_PUBLIC;
    pthread_mutex_unlock(&m->lock);
    return seat;
}

int match_log(match_store *ms, const char *id, int seat, uint64_t after, json_t **out)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    struct log_ctx c = {json_array(), seat};
    int rc;
    *out = NULL;
    if (!m) {
        json_decref(c.entries);
        return WB_ENOTFOUND;
    }
    c.seat = log_seat(m, seat);
    rc = match_db_log(ms->db, m->id, after, log_one, &c);
    match_put_ref(ms, m);
    if (rc) {
        json_decref(c.entries);
        return rc;
    }
    *out = json_pack("{s:o}", "entries", c.entries);
    return WB_OK;
}

/* --- the log as text, for the streams ---------------------------------- */

/* m's cache of the latest entries as JSON text, by version and seat: every
 * stream of a match sends each new entry, so a class's 41 streams (five
 * seats at most) would parse, filter and write it 41 times.  It holds the
 * latest MATCH_LOG_CACHE versions, enough for a burst of a class's shouts
 * to reach every stream before it is overwritten (a stream further behind
 * reads the log).  Only durable entries (read from
 * the log) go in, and a durable version is never taken back: an entry
 * never goes stale.  A copy of the text (malloc'd, *len) or NULL. */
static char *cached_text(match *m, uint64_t version, int seat, size_t *len)
{
    size_t k = (size_t)(seat - GAME_SEAT_SYSTEM);
    char *t = NULL;
    if (k >= MATCH_LOG_SEATS)
        return NULL;
    pthread_mutex_lock(&m->logc_lock);
    const match_log_cached *c = m->logc ? &m->logc[version % MATCH_LOG_CACHE] : NULL;
    if (c && c->version == version && c->text[k]) {
        *len = c->len[k];
        t = wb_malloc(*len + 1);
        memcpy(t, c->text[k], *len + 1);
    }
    pthread_mutex_unlock(&m->logc_lock);
    return t;
}

/* The slot of `version` in m's cache, emptied when it held another
 * version (under logc_lock). */
static match_log_cached *cache_slot(match *m, uint64_t version)
{
    if (!m->logc) /* made for a match whose log someone reads */
        m->logc = wb_calloc(MATCH_LOG_CACHE, sizeof *m->logc);
    match_log_cached *c = &m->logc[version % MATCH_LOG_CACHE];
    if (c->version != version) {
        json_decref(c->entry);
        c->entry = NULL;
        for (size_t i = 0; i < MATCH_LOG_SEATS; i++) {
            free(c->text[i]);
            c->text[i] = NULL;
        }
        c->version = version;
    }
    return c;
}

static void cache_text(match *m, uint64_t version, int seat, const char *text, size_t len)
{
    size_t k = (size_t)(seat - GAME_SEAT_SYSTEM);
    if (k >= MATCH_LOG_SEATS)
        return;
    pthread_mutex_lock(&m->logc_lock);
    match_log_cached *c = cache_slot(m, version);
    if (!c->text[k]) {
        c->text[k] = wb_strndup(text, len);
        c->len[k] = len;
    }
    pthread_mutex_unlock(&m->logc_lock);
}

/* Seats' readers share the parsed entry, read-only, from their threads:
 * jansson allows that where its reference counts are atomic. */
#ifndef JANSSON_THREAD_SAFE_REFCOUNT
#error "the log cache shares parsed entries between threads: needs jansson's atomic refcounts"
#endif

/* The entry of `version` parsed (a new reference): from the cache, where
 * the first seat to read it left it, or parsed now and left there.  The
 * seats of a class each make their own text of it, from one parse. */
static json_t *cached_entry(match *m, uint64_t version, const char *entry, size_t len)
{
    pthread_mutex_lock(&m->logc_lock);
    match_log_cached *c = cache_slot(m, version);
    json_t *e = json_incref(c->entry);
    pthread_mutex_unlock(&m->logc_lock);
    if (e)
        return e;
    e = json_loadb(entry, len, 0, NULL);
    if (!e)
        return NULL;
    pthread_mutex_lock(&m->logc_lock);
    c = cache_slot(m, version);
    if (!c->entry)
        c->entry = json_incref(e);
    pthread_mutex_unlock(&m->logc_lock);
    return e;
}

struct text_ctx {
    match *m;
    int seat;
    match_entry_fn fn;
    void *ctx;
    uint64_t last; /* the last version given to fn */
};

/* Give fn the entry of `version`, from the cache or made now. */
static int text_give(struct text_ctx *c, uint64_t version, const char *entry, size_t len)
{
    size_t n = 0;
    char *t = cached_text(c->m, version, c->seat, &n);
    if (!t && entry) {
        json_t *e = cached_entry(c->m, version, entry, len), *seen = e ? entry_for(e, c->seat) : NULL;
        t = seen ? game_text_dump(seen, &n) : NULL;
        json_decref(seen);
        json_decref(e);
        if (t)
            cache_text(c->m, version, c->seat, t, n);
    }
    if (!t)
        return 0;
    int rc = c->fn(c->ctx, version, t, n);
    free(t);
    c->last = version;
    return rc;
}

static int text_one(void *ctx, uint64_t version, const char *entry, size_t len)
{
    return text_give(ctx, version, entry, len);
}

int match_log_each(match_store *ms, const char *id, int seat, uint64_t after,
                   match_entry_fn fn, void *ctx)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    struct text_ctx c = {m, log_seat(m, seat), fn, ctx, after};
    int rc = WB_OK;
    /* the cached ones first, in order, without the log; the log for the
     * rest (and to learn that there is no more) */
    size_t n = 0;
    char *t;
    while ((t = cached_text(m, c.last + 1, c.seat, &n)) != NULL) {
        uint64_t v = c.last + 1;
        int stop = fn(ctx, v, t, n);
        free(t);
        c.last = v;
        if (stop)
            break;
    }
    /* the log only for what the cache did not have: not when the caller
     * has every durable version already (a stream woken by a commit whose
     * entry the cache held, as a class's 41 streams are each shout) */
    pthread_mutex_lock(&m->lock);
    uint64_t durable = m->saved_version;
    pthread_mutex_unlock(&m->lock);
    if (!t && c.last < durable)
        rc = match_db_log(ms->db, m->id, c.last, text_one, &c);
    match_put_ref(ms, m);
    return rc;
}

/* Listing order: creation time, then id. */
static int by_created(const void *a, const void *b)
{
    const match *x = *(match *const *)a, *y = *(match *const *)b;
    if (x->created != y->created)
        return x->created < y->created ? -1 : 1;
    return strcmp(x->id, y->id);
}

/* Is m after the cursor (created, id)? */
static int after_cursor(const match *m, int64_t c_created, const char *c_id)
{
    return m->created > c_created || (m->created == c_created && strcmp(m->id, c_id) > 0);
}

int match_list(match_store *ms, const char *status, const char *cursor, size_t limit,
               json_t **out)
{
    if (match_serving(ms))
        return WB_ESTORE;
    int64_t now = match_now_ms(), c_created = INT64_MIN;
    char c_id[MATCH_ID_LEN + 1] = "";
    match **all = NULL;
    size_t n = 0, cap = 0;
    *out = NULL;
    if (cursor) {
        char *end = NULL;
        errno = 0;
        long long v = strtoll(cursor, &end, 10);
        if (errno || end == cursor || *end != '.' || strlen(end + 1) != MATCH_ID_LEN)
            return WB_EINVAL;
        c_created = v;
        memcpy(c_id, end + 1, MATCH_ID_LEN + 1);
    }
    if (limit == 0 || limit > LIST_MAX)
        limit = LIST_MAX;
    /* A snapshot of references under the table lock, read without it:
     * what a listing shows is fixed at creation or kept in atomics. */
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next) {
            int fin = atomic_load(&m->finished) || atomic_load(&m->ended);
            int ab = match_is_abandoned(ms, m, now) || atomic_load(&m->ended);
            if (status && !(strcmp(status, fin ? "finished" : "active") == 0 ||
                            (strcmp(status, "abandoned") == 0 && ab)))
                continue;
            if (!after_cursor(m, c_created, c_id))
                continue;
            all = wb_grow(all, &cap, n + 1, sizeof *all);
            m->refs++;
            all[n++] = m;
        }
    pthread_mutex_unlock(&ms->lock);
    if (n)
        qsort(all, n, sizeof *all, by_created);
    json_t *list = json_array();
    for (size_t i = 0; i < n && i < limit; i++) {
        match *m = all[i];
        int ended = atomic_load(&m->ended);
        json_t *names = json_array();
        pthread_mutex_lock(&m->lock); /* a name changes when its seat changes hands */
        for (size_t k = 0; k < m->nseats; k++)
            json_array_append_new(names, json_string(m->names[k]));
        pthread_mutex_unlock(&m->lock);
        json_array_append_new(
            list,
            json_pack("{s:s, s:s, s:s, s:I, s:o, s:I, s:I, s:b, s:b}", "id", m->id, "game",
                      m->kind->name, "status",
                      atomic_load(&m->finished) || ended ? "finished" : "active", "version",
                      (json_int_t)atomic_load(&m->version), "players", names, "created",
                      (json_int_t)m->created, "updated",
                      (json_int_t)atomic_load(&m->updated), "abandoned",
                      match_is_abandoned(ms, m, now) || ended, "ended", ended));
    }
    json_t *next = json_null();
    if (n > limit) {
        char buf[64];
        snprintf(buf, sizeof buf, "%lld.%s", (long long)all[limit - 1]->created,
                 all[limit - 1]->id);
        next = json_string(buf);
    }
    for (size_t i = 0; i < n; i++)
        match_put_ref(ms, all[i]);
    free(all);
    *out = json_pack("{s:o, s:o}", "matches", list, "next", next);
    return WB_OK;
}

/* A class member's name is one fact: in an answer of a class session's
 * match, every object naming a member ("member", "nickname") gets the
 * member's nickname as it is now, and the one it had there, when it
 * differs, as "shouted_as" (a renamed student's earlier words). */
static void current_nicknames(const match *m, json_t *v)
{
    size_t i;
    const char *key;
    json_t *x;
    if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            current_nicknames(m, x);
        return;
    }
    if (!json_is_object(v))
        return;
    json_t *jm = json_object_get(v, "member"), *jn = json_object_get(v, "nickname");
    if (json_is_integer(jm) && json_is_string(jn) && json_integer_value(jm) >= 0 &&
        (size_t)json_integer_value(jm) < m->cls->n) {
        const char *now = m->cls->v[json_integer_value(jm)].nickname;
        if (strcmp(now, json_string_value(jn)) != 0) {
            json_object_set(v, "shouted_as", jn);
            json_object_set_new(v, "nickname", json_string(now));
        }
    }
    json_object_foreach(v, key, x)
        if (json_is_array(x) || json_is_object(x))
            current_nicknames(m, x);
}

int match_query(match_store *ms, const char *id, int seat, const char *name,
                const json_t *args, json_t **out, char **why)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    int rc;
    *out = NULL;
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    game_ctx ctx = {ms->cfg.dicts, match_now_ms()};
    json_t *a = args ? json_incref((json_t *)(uintptr_t)args) : json_object();
    int member;
    if (match_class_caller(m, seat, &seat, &member) == WB_OK && member >= 0) {
        /* a member asks as itself: its own rows, its study list */
        json_t *c = json_copy(a);
        char buf[24];
        snprintf(buf, sizeof buf, "%d", member);
        json_object_set_new(c, "member", json_string(buf));
        json_decref(a);
        a = c;
    } else if (seat >= MATCH_MEMBER_BASE) {
        seat = GAME_SEAT_PUBLIC; /* removed */
    }
    rc = m->kind->query ? m->kind->query(m->state, &ctx, seat, name, a, out, why)
                        : WB_ENOTFOUND;
    if (rc == WB_OK && m->cls)
        current_nicknames(m, *out);
    json_decref(a);
    pthread_mutex_unlock(&m->lock);
    match_put_ref(ms, m);
    return rc;
}

int match_subscribe(match_store *ms, const char *id, void (*fn)(void *ctx), void *ctx,
                    match_sub **out)
{
    match *m = match_get_ref(ms, id); /* the reference is the subscription's */
    if (!m)
        return WB_ENOTFOUND;
    match_sub *s = wb_calloc(1, sizeof *s);
    s->ms = ms;
    s->m = m;
    s->fn = fn;
    s->ctx = ctx;
    pthread_mutex_lock(&ms->sub_lock);
    s->next = m->subs;
    if (m->subs)
        m->subs->prev = s;
    m->subs = s;
    pthread_mutex_unlock(&ms->sub_lock);
    *out = s;
    return WB_OK;
}

void match_unsubscribe(match_sub *s)
{
    if (!s)
        return;
    match_store *ms = s->ms;
    pthread_mutex_lock(&ms->sub_lock);
    if (s->prev)
        s->prev->next = s->next;
    else
        s->m->subs = s->next;
    if (s->next)
        s->next->prev = s->prev;
    pthread_mutex_unlock(&ms->sub_lock);
    match_put_ref(ms, s->m);
    free(s);
}

uint64_t match_version(match_store *ms, const char *id)
{
    match *m = match_get_ref(ms, id);
    uint64_t v = 0;
    if (!m)
        return 0;
    v = m->deleting || atomic_load(&m->gone) ? 0 : atomic_load(&m->version);
    match_put_ref(ms, m);
    return v;
}

int match_finished(match_store *ms, const char *id, int *finished)
{
    match *m = match_get_ref(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    int gone = m->deleting || atomic_load(&m->gone);
    *finished = atomic_load(&m->finished) || atomic_load(&m->ended);
    match_put_ref(ms, m);
    return gone ? WB_ENOTFOUND : WB_OK;
}

void match_store_stats(match_store *ms, match_stats *out)
{
    int64_t now = match_now_ms();
    memset(out, 0, sizeof *out);
    pthread_mutex_lock(&ms->lock);
    out->stored = ms->nmatches;
    out->live = match_live_count_locked(ms, now);
    pthread_mutex_unlock(&ms->lock);
    out->actions = atomic_load(&ms->n_actions);
    out->commits = atomic_load(&ms->n_commits);
    out->commit_failures = atomic_load(&ms->n_commit_failures);
    out->commit_seconds = (double)atomic_load(&ms->commit_ns) / 1e9;
    out->replayed = ms->n_replayed; /* written before the store was returned */
    int commits_ok = atomic_load(&ms->writable);
    int64_t unserved = match_db_unserved_ms(ms->db);
    out->writable = commits_ok && !unserved;
    /* commits failing, or only the lease invalid (no commit tried): since
     * the earlier of the two */
    out->failing_since = out->writable ? 0 : commits_ok ? now - unserved
                         : unserved && now - unserved < atomic_load(&ms->failing_since)
                             ? now - unserved
                             : atomic_load(&ms->failing_since);
}
