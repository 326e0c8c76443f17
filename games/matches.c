/*
 * matches.c - live matches: creation, views, actions, the event log,
 * subscribers and timers, over the LMDB records of match_db.c.
 *
 * Every match lives in memory (its game state) and in LMDB (its record and
 * log).  An action is applied to the in-memory state under the match's
 * mutex, then the new record and the log entry are committed in one
 * durable transaction; if the commit fails the in-memory state is restored
 * from the last committed record, so memory never runs ahead of the disk.
 *
 * Locks, always taken in this order: the store's table lock (briefly, to
 * find a match and take a reference), a match's mutex, the subscriber
 * lock.  Subscribers are called with only the subscriber lock held.
 */
#include "matches.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#include "match_db.h"
#include "wb_err.h"
#include "wb_mem.h"

#define NBUCKETS 1024
#define ID_LEN 32
#define TOKEN_LEN 43 /* 32 random bytes, base64url without padding */

typedef struct match match;

struct match_sub {
    match_store *ms;
    match *m;
    void (*fn)(void *ctx);
    void *ctx;
    match_sub *next, *prev;
};

struct match {
    char id[ID_LEN + 1];
    const game_kind *kind;
    void *state;
    uint64_t version, seed;
    char host_token[TOKEN_LEN + 1];
    size_t nseats;
    char **names;
    char (*tokens)[TOKEN_LEN + 1];
    int64_t created, updated;
    int64_t deadline; /* copy of kind->deadline(state), -1: none */
    int finished;
    int deleted;
    unsigned refs;    /* under the store's lock */
    char *saved;      /* the last committed record */
    pthread_mutex_t lock;
    match_sub *subs;  /* under the store's sub_lock */
    match *next;      /* bucket chain */
};

struct match_store {
    match_config cfg;
    const game_kind *const *kinds;
    size_t nkinds;
    match_db *db;
    pthread_mutex_t lock; /* buckets, refs, nmatches */
    pthread_mutex_t create_lock; /* the cap check and the insert, together */
    match *buckets[NBUCKETS];
    size_t nmatches;
    pthread_mutex_t sub_lock;
    pthread_mutex_t timer_lock;
    pthread_cond_t timer_cond;
    pthread_t timer;
    int timer_running, stopping;
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void random_bytes(unsigned char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = getrandom(buf + got, n - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            fprintf(stderr, "wibbelld: getrandom failed\n");
            abort();
        }
        got += (size_t)r;
    }
}

static void random_hex(char *out, size_t nbytes)
{
    unsigned char b[64];
    random_bytes(b, nbytes);
    for (size_t i = 0; i < nbytes; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
}

/* 32 random bytes as base64url (43 characters): an unguessable token. */
static void random_token(char out[TOKEN_LEN + 1])
{
    static const char al[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    unsigned char b[33];
    random_bytes(b, 32);
    b[32] = 0;
    size_t k = 0;
    for (size_t i = 0; i < 33 && k < TOKEN_LEN; i += 3) {
        uint32_t v = (uint32_t)b[i] << 16 | (uint32_t)(i + 1 < 33 ? b[i + 1] : 0) << 8 |
                     (uint32_t)(i + 2 < 33 ? b[i + 2] : 0);
        for (int j = 3; j >= 0 && k < TOKEN_LEN; j--)
            out[k++] = al[(v >> (6 * j)) & 63];
    }
    out[TOKEN_LEN] = '\0';
}

/* Compare without an early exit, so timing tells nothing of the token. */
static int token_eq(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    unsigned char d = (unsigned char)(la != lb);
    for (size_t i = 0; i < la && i < lb; i++)
        d |= (unsigned char)(a[i] ^ b[i]);
    return d == 0;
}

static const game_kind *kind_find(const match_store *ms, const char *name)
{
    for (size_t i = 0; i < ms->nkinds; i++)
        if (strcmp(ms->kinds[i]->name, name) == 0)
            return ms->kinds[i];
    return NULL;
}

static size_t bucket_of(const char *id)
{
    size_t h = 5381;
    for (; *id; id++)
        h = h * 33 + (unsigned char)*id;
    return h % NBUCKETS;
}

/* --- references --------------------------------------------------------- */

static void match_free(match *m)
{
    if (!m)
        return;
    if (m->state)
        m->kind->destroy(m->state);
    for (size_t i = 0; i < m->nseats; i++)
        free(m->names[i]);
    free(m->names);
    free(m->tokens);
    free(m->saved);
    pthread_mutex_destroy(&m->lock);
    free(m);
}

/* Find a match and take a reference, or NULL. */
static match *get(match_store *ms, const char *id)
{
    match *m;
    if (!id || strlen(id) != ID_LEN)
        return NULL;
    pthread_mutex_lock(&ms->lock);
    for (m = ms->buckets[bucket_of(id)]; m; m = m->next)
        if (strcmp(m->id, id) == 0) {
            m->refs++;
            break;
        }
    pthread_mutex_unlock(&ms->lock);
    return m;
}

static void put(match_store *ms, match *m)
{
    int gone;
    pthread_mutex_lock(&ms->lock);
    gone = --m->refs == 0 && m->deleted;
    pthread_mutex_unlock(&ms->lock);
    if (gone)
        match_free(m);
}

static void insert(match_store *ms, match *m)
{
    size_t b = bucket_of(m->id);
    pthread_mutex_lock(&ms->lock);
    m->next = ms->buckets[b];
    ms->buckets[b] = m;
    ms->nmatches++;
    pthread_mutex_unlock(&ms->lock);
}

static void notify(match_store *ms, match *m)
{
    pthread_mutex_lock(&ms->sub_lock);
    for (match_sub *s = m->subs; s; s = s->next)
        s->fn(s->ctx);
    pthread_mutex_unlock(&ms->sub_lock);
}

static void timer_kick(match_store *ms)
{
    pthread_mutex_lock(&ms->timer_lock);
    pthread_cond_signal(&ms->timer_cond);
    pthread_mutex_unlock(&ms->timer_lock);
}

/* --- records ------------------------------------------------------------ */

static char *seed_str(uint64_t seed, char buf[24])
{
    snprintf(buf, 24, "%" PRIu64, seed);
    return buf;
}

/* The record of `m` as it will be after this commit, as a JSON string. */
static char *record(const match *m, uint64_t version, int64_t updated)
{
    char sb[24];
    json_t *players = json_array();
    for (size_t i = 0; i < m->nseats; i++)
        json_array_append_new(players, json_pack("{s:s, s:s}", "name", m->names[i],
                                                 "token", m->tokens[i]));
    json_t *r = json_pack("{s:s, s:I, s:s, s:s, s:o, s:I, s:I, s:o}",
                          "game", m->kind->name, "version", (json_int_t)version,
                          "seed", seed_str(m->seed, sb), "host_token", m->host_token,
                          "players", players, "created", (json_int_t)m->created,
                          "updated", (json_int_t)updated, "state", m->kind->save(m->state));
    char *s = r ? json_dumps(r, JSON_COMPACT) : NULL;
    json_decref(r);
    if (!s) {
        fprintf(stderr, "wibbelld: cannot serialise match %s\n", m->id);
        abort();
    }
    return s;
}

static int status_finished(const match *m)
{
    json_t *v = m->kind->view(m->state, GAME_SEAT_PUBLIC);
    const char *st = json_string_value(json_object_get(v, "status"));
    int fin = st && strcmp(st, "finished") == 0;
    json_decref(v);
    return fin;
}

static void refresh(match *m)
{
    m->deadline = m->kind->deadline ? m->kind->deadline(m->state) : -1;
    m->finished = status_finished(m);
}

/* Restore the state from the last committed record. */
static void rollback(match *m)
{
    json_t *rec = json_loads(m->saved, 0, NULL);
    void *st = NULL;
    char *why = NULL;
    if (!rec || m->kind->load(json_object_get(rec, "state"), &st, &why) != WB_OK) {
        fprintf(stderr, "wibbelld: match %s: cannot restore state: %s\n", m->id,
                why ? why : "bad record");
        abort();
    }
    m->kind->destroy(m->state);
    m->state = st;
    json_decref(rec);
    refresh(m);
}

/* --- visibility --------------------------------------------------------- */

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

static json_t *events_for(const json_t *events, int seat)
{
    json_t *out = json_array(), *ev;
    size_t i;
    json_array_foreach(events, i, ev) {
        if (!sees(ev, seat))
            continue;
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
    json_object_set_new(out, "events", events_for(json_object_get(entry, "events"), seat));
    return out;
}

/* --- applying ----------------------------------------------------------- */

/* Apply under m->lock.  On WB_OK *entry (if asked) is the committed entry. */
static int apply_locked(match_store *ms, match *m, int seat, const json_t *action,
                        int64_t now, json_t **entry, char **why)
{
    game_ctx ctx = {ms->cfg.dicts, now};
    json_t *events = json_array();
    int rc = m->kind->apply(m->state, &ctx, seat, action, events, why);
    if (rc) {
        json_decref(events);
        return rc;
    }
    uint64_t version = m->version + 1;
    json_t *e = json_pack("{s:I, s:i, s:O, s:I, s:o}", "version", (json_int_t)version,
                          "seat", seat, "action", action, "at", (json_int_t)now,
                          "events", events);
    char *es = e ? json_dumps(e, JSON_COMPACT) : NULL;
    char *rec = record(m, version, now);
    rc = es ? match_db_commit(ms->db, m->id, rec, version, es) : WB_ENOMEM;
    free(es);
    if (rc) {
        free(rec);
        json_decref(e);
        rollback(m);
        return rc;
    }
    free(m->saved);
    m->saved = rec;
    m->version = version;
    m->updated = now;
    int64_t old_deadline = m->deadline;
    refresh(m);
    if (m->deadline != old_deadline)
        timer_kick(ms);
    if (entry)
        *entry = e;
    else
        json_decref(e);
    return WB_OK;
}

/* Apply a due timer, if any, under m->lock.  Returns 1 when one ran. */
static int run_timer_locked(match_store *ms, match *m, int64_t now)
{
    if (m->deleted || m->deadline < 0 || m->deadline > now)
        return 0;
    json_t *timer = json_pack("{s:s}", "type", "timer");
    char *why = NULL;
    int rc = apply_locked(ms, m, GAME_SEAT_SYSTEM, timer, now, NULL, &why);
    if (rc) {
        fprintf(stderr, "wibbelld: match %s: timer failed: %s (%s)\n", m->id,
                wb_strerror(rc), why ? why : "");
        /* Do not spin on a timer the game refuses. */
        m->deadline = -1;
    }
    free(why);
    json_decref(timer);
    return rc == WB_OK;
}

static void *timer_main(void *arg)
{
    match_store *ms = arg;
    pthread_mutex_lock(&ms->timer_lock);
    while (!ms->stopping) {
        int64_t earliest = -1;
        pthread_mutex_lock(&ms->lock);
        for (size_t b = 0; b < NBUCKETS; b++)
            for (match *m = ms->buckets[b]; m; m = m->next)
                if (m->deadline >= 0 && (earliest < 0 || m->deadline < earliest))
                    earliest = m->deadline;
        pthread_mutex_unlock(&ms->lock);
        int64_t now = now_ms();
        if (earliest < 0) {
            pthread_cond_wait(&ms->timer_cond, &ms->timer_lock);
            continue;
        }
        if (earliest > now) {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            int64_t wake = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000 + (earliest - now);
            ts.tv_sec = wake / 1000;
            ts.tv_nsec = (long)(wake % 1000) * 1000000;
            pthread_cond_timedwait(&ms->timer_cond, &ms->timer_lock, &ts);
            continue;
        }
        pthread_mutex_unlock(&ms->timer_lock);
        /* Take references to the due matches, then run them unlocked. */
        match **due = NULL;
        size_t n = 0, cap = 0;
        pthread_mutex_lock(&ms->lock);
        for (size_t b = 0; b < NBUCKETS; b++)
            for (match *m = ms->buckets[b]; m; m = m->next)
                if (m->deadline >= 0 && m->deadline <= now) {
                    due = wb_grow(due, &cap, n + 1, sizeof *due);
                    m->refs++;
                    due[n++] = m;
                }
        pthread_mutex_unlock(&ms->lock);
        for (size_t i = 0; i < n; i++) {
            pthread_mutex_lock(&due[i]->lock);
            int ran = run_timer_locked(ms, due[i], now_ms());
            pthread_mutex_unlock(&due[i]->lock);
            if (ran)
                notify(ms, due[i]);
            put(ms, due[i]);
        }
        free(due);
        pthread_mutex_lock(&ms->timer_lock);
    }
    pthread_mutex_unlock(&ms->timer_lock);
    return NULL;
}

/* --- opening ------------------------------------------------------------ */

static match *match_new(const game_kind *kind, size_t nseats)
{
    match *m = wb_calloc(1, sizeof *m);
    m->kind = kind;
    m->nseats = nseats;
    m->names = wb_calloc(nseats + 1, sizeof *m->names);
    m->tokens = wb_calloc(nseats + 1, sizeof *m->tokens);
    m->deadline = -1;
    pthread_mutex_init(&m->lock, NULL);
    return m;
}

/* A string member of `o`, or "" when absent. */
static const char *str_of(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s ? s : "";
}

static int load_one(void *ctx, const char *id, const char *rec, size_t len)
{
    match_store *ms = ctx;
    json_error_t jerr;
    json_t *r = json_loadb(rec, len, 0, &jerr), *players = json_object_get(r, "players");
    const char *game = json_string_value(json_object_get(r, "game"));
    const game_kind *kind = game ? kind_find(ms, game) : NULL;
    char *why = NULL;
    if (!r || !kind || !json_is_array(players)) {
        fprintf(stderr, "wibbelld: match %s: skipped (%s)\n", id,
                !r ? jerr.text : !kind ? "unknown game" : "bad record");
        json_decref(r);
        return 0;
    }
    match *m = match_new(kind, json_array_size(players));
    snprintf(m->id, sizeof m->id, "%s", id);
    m->version = (uint64_t)json_integer_value(json_object_get(r, "version"));
    m->seed = strtoull(str_of(r, "seed"), NULL, 10);
    snprintf(m->host_token, sizeof m->host_token, "%s", str_of(r, "host_token"));
    m->created = json_integer_value(json_object_get(r, "created"));
    m->updated = json_integer_value(json_object_get(r, "updated"));
    for (size_t i = 0; i < m->nseats; i++) {
        json_t *p = json_array_get(players, i);
        m->names[i] = wb_strdup(str_of(p, "name"));
        snprintf(m->tokens[i], sizeof m->tokens[i], "%s", str_of(p, "token"));
    }
    if (kind->load(json_object_get(r, "state"), &m->state, &why) != WB_OK ||
        strlen(m->host_token) != TOKEN_LEN) {
        fprintf(stderr, "wibbelld: match %s: skipped (%s)\n", id, why ? why : "bad record");
        free(why);
        m->state = NULL;
        match_free(m);
        json_decref(r);
        return 0;
    }
    m->saved = wb_strndup(rec, len);
    refresh(m);
    insert(ms, m);
    json_decref(r);
    return 0;
}

int match_store_open(const match_config *cfg, match_store **out)
{
    match_store *ms = wb_calloc(1, sizeof *ms);
    int rc;
    *out = NULL;
    ms->cfg = *cfg;
    if (!ms->cfg.max_live)
        ms->cfg.max_live = 1000;
    if (!ms->cfg.abandon_ms)
        ms->cfg.abandon_ms = 24LL * 3600 * 1000;
    ms->kinds = cfg->kinds;
    ms->nkinds = cfg->nkinds;
    if (!ms->kinds)
        ms->kinds = game_registry(&ms->nkinds);
    pthread_mutex_init(&ms->lock, NULL);
    pthread_mutex_init(&ms->create_lock, NULL);
    pthread_mutex_init(&ms->sub_lock, NULL);
    pthread_mutex_init(&ms->timer_lock, NULL);
    pthread_cond_init(&ms->timer_cond, NULL);
    rc = match_db_open(cfg->data_dir, &ms->db);
    if (!rc)
        rc = match_db_each(ms->db, load_one, ms);
    if (!rc && pthread_create(&ms->timer, NULL, timer_main, ms) != 0)
        rc = WB_ENOMEM;
    if (rc) {
        match_store_close(ms);
        return rc;
    }
    ms->timer_running = 1;
    *out = ms;
    return WB_OK;
}

void match_store_close(match_store *ms)
{
    if (!ms)
        return;
    if (ms->timer_running) {
        pthread_mutex_lock(&ms->timer_lock);
        ms->stopping = 1;
        pthread_cond_signal(&ms->timer_cond);
        pthread_mutex_unlock(&ms->timer_lock);
        pthread_join(ms->timer, NULL);
    }
    for (size_t b = 0; b < NBUCKETS; b++) {
        match *m = ms->buckets[b];
        while (m) {
            match *next = m->next;
            notify(ms, m);
            match_free(m);
            m = next;
        }
    }
    match_db_close(ms->db);
    pthread_mutex_destroy(&ms->lock);
    pthread_mutex_destroy(&ms->create_lock);
    pthread_mutex_destroy(&ms->sub_lock);
    pthread_mutex_destroy(&ms->timer_lock);
    pthread_cond_destroy(&ms->timer_cond);
    free(ms);
}

/* --- the API ------------------------------------------------------------ */

static int is_abandoned(const match_store *ms, const match *m, int64_t now)
{
    return !m->finished && now - m->updated > ms->cfg.abandon_ms;
}

static size_t live_count(match_store *ms, int64_t now)
{
    size_t n = 0;
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < NBUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next) {
            pthread_mutex_lock(&m->lock);
            n += !m->finished && !is_abandoned(ms, m, now);
            pthread_mutex_unlock(&m->lock);
        }
    pthread_mutex_unlock(&ms->lock);
    return n;
}

int match_create(match_store *ms, const char *game, const json_t *players,
                 const json_t *options, uint64_t seed, int has_seed,
                 json_t **out, char **why)
{
    const game_kind *kind = kind_find(ms, game);
    int64_t now = now_ms();
    const char **names = NULL;
    size_t n = json_array_size(players);
    match *m = NULL;
    int rc = WB_OK, locked = 0;

    *out = NULL;
    if (!kind)
        return WB_ENOTFOUND;
    if (!json_is_array(players) || n < kind->min_players || n > kind->max_players) {
        *why = game_why("%s takes %u to %u players", kind->title, kind->min_players,
                        kind->max_players);
        return WB_EINVAL;
    }
    names = wb_calloc(n + 1, sizeof *names);
    for (size_t i = 0; i < n; i++) {
        names[i] = json_string_value(json_array_get(players, i));
        if (!names[i] || !*names[i] || strlen(names[i]) > 64) {
            *why = game_why("players[%zu] must be a name of 1 to 64 bytes", i);
            rc = WB_EINVAL;
            goto out;
        }
    }
    if (options && !json_is_object(options)) {
        *why = game_why("options must be an object");
        rc = WB_EINVAL;
        goto out;
    }
    /* Creations are serialised from the cap check to the insert, so
     * concurrent creates cannot overshoot the cap. */
    pthread_mutex_lock(&ms->create_lock);
    locked = 1;
    if (live_count(ms, now) >= ms->cfg.max_live) {
        rc = WB_ELIMIT;
        goto out;
    }
    if (!has_seed)
        random_bytes((unsigned char *)&seed, sizeof seed);
    json_t *opts = options ? json_incref((json_t *)(uintptr_t)options) : json_object();
    game_ctx ctx = {ms->cfg.dicts, now};
    m = match_new(kind, n);
    rc = kind->create(&ctx, names, n, opts, seed, &m->state, why);
    json_decref(opts);
    if (rc)
        goto out;
    random_hex(m->id, ID_LEN / 2);
    random_token(m->host_token);
    for (size_t i = 0; i < n; i++) {
        m->names[i] = wb_strdup(names[i]);
        random_token(m->tokens[i]);
    }
    m->seed = seed;
    m->version = 1;
    m->created = m->updated = now;
    m->saved = record(m, 1, now);
    if ((rc = match_db_commit(ms->db, m->id, m->saved, 0, NULL)))
        goto out;
    refresh(m);

    char sb[24];
    json_t *pl = json_array();
    for (size_t i = 0; i < n; i++)
        json_array_append_new(pl, json_pack("{s:I, s:s, s:s}", "seat", (json_int_t)i,
                                            "name", m->names[i], "token", m->tokens[i]));
    json_t *seed_v = seed <= (1ull << 53) ? json_integer((json_int_t)seed)
                                          : json_string(seed_str(seed, sb));
    *out = json_pack("{s:s, s:s, s:i, s:o, s:s, s:o, s:o}", "id", m->id, "game",
                     kind->name, "version", 1, "seed", seed_v, "host_token",
                     m->host_token, "players", pl, "state",
                     kind->view(m->state, GAME_SEAT_HOST));
    insert(ms, m);
    if (m->deadline >= 0)
        timer_kick(ms);
    m = NULL;
out:
    if (locked)
        pthread_mutex_unlock(&ms->create_lock);
    if (m && rc)
        match_free(m);
    free(names);
    return rc;
}

int match_auth(match_store *ms, const char *id, const char *token, int *seat)
{
    match *m = get(ms, id);
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
        for (size_t i = 0; i < m->nseats; i++)
            if (token_eq(token, m->tokens[i])) {
                *seat = (int)i;
                rc = WB_OK;
            }
    }
    put(ms, m);
    return rc;
}

static json_t *view_of(const match *m, int seat)
{
    json_t *v = m->kind->view(m->state, seat);
    json_object_set_new(v, "id", json_string(m->id));
    json_object_set_new(v, "game", json_string(m->kind->name));
    json_object_set_new(v, "version", json_integer((json_int_t)m->version));
    return v;
}

int match_view(match_store *ms, const char *id, int seat, json_t **view,
               uint64_t *version)
{
    match *m = get(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    *view = view_of(m, seat);
    if (version)
        *version = m->version;
    pthread_mutex_unlock(&m->lock);
    put(ms, m);
    return WB_OK;
}

int match_actions(match_store *ms, const char *id, int seat, json_t **out)
{
    match *m = get(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    json_t *a = seat == GAME_SEAT_PUBLIC ? json_array() : m->kind->actions(m->state, seat);
    pthread_mutex_unlock(&m->lock);
    *out = json_pack("{s:o}", "actions", a ? a : json_array());
    put(ms, m);
    return WB_OK;
}

int match_apply(match_store *ms, const char *id, int seat, const json_t *action,
                uint64_t if_match, json_t **out, char **why)
{
    match *m = get(ms, id);
    json_t *entry = NULL;
    int rc;
    *out = NULL;
    if (!m)
        return WB_ENOTFOUND;
    if (seat == GAME_SEAT_PUBLIC || seat == GAME_SEAT_SYSTEM) {
        put(ms, m);
        return WB_EAUTH;
    }
    pthread_mutex_lock(&m->lock);
    int64_t now = now_ms();
    int timed = run_timer_locked(ms, m, now);
    if (m->deleted)
        rc = WB_ENOTFOUND;
    else if (if_match && if_match != m->version)
        rc = WB_ESTALE;
    else if (!json_is_object(action) || !json_is_string(json_object_get(action, "type"))) {
        *why = game_why("an action is an object with a \"type\"");
        rc = WB_EINVAL;
    } else
        rc = apply_locked(ms, m, seat, action, now, &entry, why);
    if (!rc) {
        *out = json_pack("{s:I, s:o, s:o}", "version", (json_int_t)m->version, "events",
                         events_for(json_object_get(entry, "events"), seat), "state",
                         view_of(m, seat));
        json_decref(entry);
    }
    pthread_mutex_unlock(&m->lock);
    if (!rc || timed)
        notify(ms, m);
    put(ms, m);
    return rc;
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

int match_log(match_store *ms, const char *id, int seat, uint64_t after, json_t **out)
{
    match *m = get(ms, id);
    struct log_ctx c = {json_array(), seat};
    int rc;
    *out = NULL;
    if (!m) {
        json_decref(c.entries);
        return WB_ENOTFOUND;
    }
    rc = match_db_log(ms->db, m->id, after, log_one, &c);
    put(ms, m);
    if (rc) {
        json_decref(c.entries);
        return rc;
    }
    *out = json_pack("{s:o}", "entries", c.entries);
    return WB_OK;
}

int match_list(match_store *ms, const char *status, json_t **out)
{
    json_t *list = json_array();
    int64_t now = now_ms();
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < NBUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next) {
            pthread_mutex_lock(&m->lock);
            int ab = is_abandoned(ms, m, now);
            const char *st = m->finished ? "finished" : "active";
            if (!status || strcmp(status, st) == 0 ||
                (strcmp(status, "abandoned") == 0 && ab)) {
                json_t *names = json_array();
                for (size_t i = 0; i < m->nseats; i++)
                    json_array_append_new(names, json_string(m->names[i]));
                json_array_append_new(
                    list, json_pack("{s:s, s:s, s:s, s:I, s:o, s:I, s:I, s:b}", "id", m->id,
                                    "game", m->kind->name, "status", st, "version",
                                    (json_int_t)m->version, "players", names, "created",
                                    (json_int_t)m->created, "updated",
                                    (json_int_t)m->updated, "abandoned", ab));
            }
            pthread_mutex_unlock(&m->lock);
        }
    pthread_mutex_unlock(&ms->lock);
    *out = json_pack("{s:o}", "matches", list);
    return WB_OK;
}

int match_delete(match_store *ms, const char *id, int seat, char **why)
{
    match *m = get(ms, id);
    int rc = WB_OK;
    if (!m)
        return WB_ENOTFOUND;
    if (seat != GAME_SEAT_HOST) {
        put(ms, m);
        return WB_EFORBIDDEN;
    }
    pthread_mutex_lock(&m->lock);
    if (m->deleted) {
        rc = WB_ENOTFOUND;
    } else if (!m->finished && !is_abandoned(ms, m, now_ms())) {
        *why = game_why("the match is still being played; it can be deleted once "
                        "finished or abandoned");
        rc = WB_ECONFLICT;
    } else if (!(rc = match_db_delete(ms->db, m->id))) {
        m->deleted = 1;
        m->deadline = -1;
    }
    pthread_mutex_unlock(&m->lock);
    if (!rc) {
        pthread_mutex_lock(&ms->lock);
        for (match **p = &ms->buckets[bucket_of(m->id)]; *p; p = &(*p)->next)
            if (*p == m) {
                *p = m->next;
                ms->nmatches--;
                break;
            }
        pthread_mutex_unlock(&ms->lock);
        notify(ms, m);
    }
    put(ms, m);
    return rc;
}

int match_query(match_store *ms, const char *id, int seat, const char *name,
                const json_t *args, json_t **out, char **why)
{
    match *m = get(ms, id);
    int rc;
    *out = NULL;
    if (!m)
        return WB_ENOTFOUND;
    pthread_mutex_lock(&m->lock);
    game_ctx ctx = {ms->cfg.dicts, now_ms()};
    json_t *a = args ? json_incref((json_t *)(uintptr_t)args) : json_object();
    rc = m->kind->query ? m->kind->query(m->state, &ctx, seat, name, a, out, why)
                        : WB_ENOTFOUND;
    json_decref(a);
    pthread_mutex_unlock(&m->lock);
    put(ms, m);
    return rc;
}

int match_subscribe(match_store *ms, const char *id, void (*fn)(void *ctx), void *ctx,
                    match_sub **out)
{
    match *m = get(ms, id); /* the reference is the subscription's */
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
    put(ms, s->m);
    free(s);
}

uint64_t match_version(match_store *ms, const char *id)
{
    match *m = get(ms, id);
    uint64_t v = 0;
    if (!m)
        return 0;
    pthread_mutex_lock(&m->lock);
    v = m->deleted ? 0 : m->version;
    pthread_mutex_unlock(&m->lock);
    put(ms, m);
    return v;
}
