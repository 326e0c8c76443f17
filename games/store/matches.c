/*
 * matches.c - the store's public face (matches.h): opening and closing,
 * creating matches, the checks every action passes, staging actions for
 * the writer, ending and deleting, and the synchronous calls.  What the
 * store answers without changing a match is in match_read.c.
 *
 * Calls go one way, down (matches_int.h draws the floors): this file
 * calls match_read.c, the timer, the writer, replay and the table; the
 * timer and the writer report up through the callbacks handed to them
 * here (match_timer_start, match_writer_start), as an event loop calls
 * the handlers it was given.
 *
 * Every match lives in memory (its game state) and in LMDB (its record and
 * log).  An action is applied to the in-memory state under the match's
 * mutex, and its new record, log entry and answer are queued for the
 * writer, which commits them and only then gives the answer.  A game that
 * refuses an action may have changed its state before refusing: the state
 * is then loaded back from the record of the state before the action, so
 * a refusal never leaves a trace.
 */
#include "matches_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"

#define ID_LEN MATCH_ID_LEN
#define TOKEN_LEN MATCH_TOKEN_LEN
#define ACTION_DEPTH_MAX 8    /* nesting of an action body */
#define ACTION_BYTES_MAX 4096 /* an action body, as compact JSON */
#define RAW(t, lit) game_text_raw((t), (lit), strlen(lit))

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

/* A new match id: ID_LEN characters, random hex after the prefix and '-'
 * when there is a prefix (match_config.id_prefix). */
static void new_id(char out[ID_LEN + 1], const char *prefix)
{
    char hex[ID_LEN + 2];
    size_t p = prefix ? strlen(prefix) : 0;
    random_hex(hex, ID_LEN / 2);
    if (p == 0 || p > MATCH_PREFIX_MAX) {
        memcpy(out, hex, ID_LEN + 1);
        return;
    }
    memcpy(out, prefix, p);
    out[p] = '-';
    memcpy(out + p + 1, hex, ID_LEN - p - 1);
    out[ID_LEN] = '\0';
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

/* The match (a reference) whose join code is `code`, or NULL.  Codes are
 * fixed once created, so the scan reads them under ms->lock alone. */
static match *find_by_code(match_store *ms, const char *code)
{
    match *found = NULL;
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS && !found; b++)
        for (match *m = ms->buckets[b]; m && !found; m = m->next)
            if (m->join_code[0] && !atomic_load(&m->gone) &&
                match_class_code_eq(m->join_code, code))
                found = m;
    if (found)
        found->refs++;
    pthread_mutex_unlock(&ms->lock);
    return found;
}

/* A join code no match in the table has.  (Two classes created at the same
 * moment could draw the same of its 22^6 codes: about one in 10^8.) */
static void new_code(match_store *ms, char code[MATCH_CODE_LEN + 1])
{
    for (;;) {
        unsigned char r[MATCH_CODE_LEN];
        random_bytes(r, sizeof r);
        match_class_new_code(code, r);
        match *m = find_by_code(ms, code);
        if (!m)
            return;
        match_put_ref(ms, m);
    }
}

static const game_kind *kind_find(const match_store *ms, const char *name)
{
    for (size_t i = 0; i < ms->nkinds; i++)
        if (strcmp(ms->kinds[i]->name, name) == 0)
            return ms->kinds[i];
    return NULL;
}

/* --- records ---------------------------------------------------------- */

static char *seed_str(uint64_t seed, char buf[24])
{
    snprintf(buf, 24, "%" PRIu64, seed);
    return buf;
}

/* The record of `m` as it will be after this commit, as a JSON string:
 * what json_dumps(JSON_COMPACT) gives of {"game","version","seed",
 * "host_token","players":[{"name","token"[,"bot","level"]}],"created",
 * "updated","state"[,"ended":true]}, written directly from the game's
 * codec. */
/* Is m's record due with the action of `version` (its log entry
 * entry_len bytes)?  After MATCH_SNAPSHOT_EVERY actions, once their log
 * holds as many bytes as the latest record (matches_int.h).  Under
 * m->lock. */
static int snapshot_due(const match *m, uint64_t version, size_t entry_len)
{
    if (version - m->latest_snap < MATCH_SNAPSHOT_EVERY)
        return 0;
    size_t logged = entry_len;
    for (size_t i = m->ntail; i-- > 0 && m->tail[i].version > m->latest_snap;)
        logged += m->tail[i].len;
    return logged >= m->latest_len;
}

static char *record(const match *m, uint64_t version, int64_t updated, int ended)
{
    char sb[24];
    game_text t = {0};
    if (m->latest) /* about the size of the last one: no realloc */
        t.cap = strlen(m->latest) + 1024;
    RAW(&t, "{\"game\":");
    game_text_str(&t, m->kind->name);
    RAW(&t, ",\"version\":");
    game_text_int(&t, (json_int_t)version);
    RAW(&t, ",\"seed\":");
    game_text_str(&t, seed_str(m->seed, sb));
    RAW(&t, ",\"host_token\":");
    game_text_str(&t, m->host_token);
    RAW(&t, ",\"players\":");
    match_seats_text(m, &t);
    if (m->cls) {
        RAW(&t, ",\"class\":");
        match_class_text(m, &t);
    }
    if (m->nkeys) {
        RAW(&t, ",\"keys\":");
        match_keys_text(m, &t);
    }
    if (m->create_key[0]) {
        char kh[17];
        snprintf(kh, sizeof kh, "%016" PRIx64, m->create_hash);
        RAW(&t, ",\"create_key\":{\"key\":");
        game_text_str(&t, m->create_key);
        RAW(&t, ",\"kh\":");
        game_text_str(&t, kh);
        RAW(&t, "}");
    }
    RAW(&t, ",\"created\":");
    game_text_int(&t, (json_int_t)m->created);
    RAW(&t, ",\"updated\":");
    game_text_int(&t, (json_int_t)updated);
    RAW(&t, ",\"state\":");
    if (m->kind->save_text) {
        m->kind->save_text(m->state, &t);
    } else {
        json_t *st = m->kind->save(m->state);
        if (st)
            game_text_json(&t, st);
        else
            t.bad = 1;
        json_decref(st);
    }
    if (ended)
        RAW(&t, ",\"ended\":true");
    RAW(&t, "}");
    if (t.bad) {
        fprintf(stderr, "wibbelld: cannot serialise match %s\n", m->id);
        abort();
    }
    return t.s;
}

/* --- staging ---------------------------------------------------------- */

/* Apply `action` of `seat` to m (under m->lock) and queue its commit; with
 * `end`, end the match instead (the host's).  On WB_OK the job is queued
 * and done(ctx, ...) will be called once it is durable or failed, its
 * answer holding the view of `caller` (the seat, or the class member who
 * acts as it); on an error the state is as it was and done is not
 * called. */
static int stage_locked(match_store *ms, match *m, int seat, int caller, const json_t *action,
                        int64_t now, int timer, int end, json_t *own, const match_key *key,
                        uint64_t khash, match_answer_fn done, void *ctx, char **why)
{
    game_ctx gctx = {ms->cfg.dicts, now};
    json_t *events = own ? own : json_array(); /* own: a seat change's, taken */
    if (end) {
        json_array_append_new(events, json_pack("{s:s}", "type", "match_ended"));
    } else if (!own) {
        /* the framework undoes a refusal itself, from the newest record
         * and the log after it: the game need not keep a copy */
        int changed = !m->kind->apply_raw; /* a game that promises it: checked anyway */
        int rc = m->kind->apply_raw ? m->kind->apply_raw(m->state, &gctx, seat, action,
                                                         events, why, &changed)
                                    : m->kind->apply(m->state, &gctx, seat, action, events, why);
        if (rc) {
            json_decref(events);
            if (changed) /* whatever the game did goes */
                match_restore(ms, m, m->latest, m->latest_snap, UINT64_MAX);
            return rc;
        }
    }
    uint64_t version = atomic_load(&m->version) + 1;
    /* the log entry: {"version","seat","action","at","events"} */
    game_text e = {.cap = 512};
    RAW(&e, "{\"version\":");
    game_text_int(&e, (json_int_t)version);
    RAW(&e, ",\"seat\":");
    game_text_int(&e, seat);
    RAW(&e, ",\"action\":");
    game_text_json(&e, action);
    RAW(&e, ",\"at\":");
    game_text_int(&e, (json_int_t)now);
    RAW(&e, ",\"events\":");
    game_text_json(&e, events);
    if (key && key->key) {
        /* a join is the system's for an anonymous caller: the key is that
         * caller's (a retry does not know the member it made) */
        int kcaller = seat == GAME_SEAT_SYSTEM ? GAME_SEAT_PUBLIC : caller;
        match_keys_entry_text(&e, key->key, kcaller, khash);
        match_keys_add(m, key->key, kcaller, khash, version); /* before the record */
    }
    RAW(&e, "}");
    char *es = e.s;
    if (e.bad) {
        fprintf(stderr, "wibbelld: match %s: cannot serialise a log entry\n", m->id);
        abort();
    }
    if (end)
        atomic_store(&m->ended, 1);
    int64_t old_deadline = atomic_load(&m->deadline);
    match_job *j = wb_calloc(1, sizeof *j);
    j->type = JOB_ACTION;
    j->timer = timer;
    j->m = m;
    j->gen = m->gen;
    j->version = version;
    j->entry = es;
    j->answer = done;
    j->ctx = ctx;
    atomic_store(&m->version, version);
    atomic_store(&m->updated, now);
    match_refresh(m);
    /* the whole state now and then; the log entry always */
    /* (a seat change's record holds the seat's new hands and token) */
    if (end || own || atomic_load(&m->finished) || snapshot_due(m, version, strlen(es))) {
        j->rec = record(m, version, now, end);
        m->latest = j->rec;
        m->latest_len = strlen(j->rec);
        m->latest_snap = version;
    }
    match_tail_add(m, version, es);
    if (done) {
        json_t *out = json_pack("{s:I, s:o, s:o}", "version", (json_int_t)version, "events",
                                match_events_for(events, seat), "state",
                                match_view_of(m, caller));
        j->text = game_text_dump(out, &j->text_len); /* NULL: a fault, once durable */
        json_decref(out);
    }
    json_decref(events);
    m->inflight++;
    match_take_ref(ms, m); /* the job's */
    match_writer_push(ms, j);
    if (atomic_load(&m->deadline) != old_deadline)
        match_timer_kick(ms);
    if (m->nbots && ms->bot_kick)
        ms->bot_kick(ms, m);
    return WB_OK;
}

/* Under m->lock: a match one of whose commits was uncertain is reloaded
 * from the store before it is used (WB_ESTORE while it cannot be). */
static int fresh_locked(match_store *ms, match *m)
{
    if (!m->reload)
        return WB_OK;
    if (match_reload_locked(ms, m) != WB_OK)
        return WB_ESTORE;
    match_timer_kick(ms); /* its deadline may have moved */
    return WB_OK;
}

/* The timer's callback (match_timer_fn): stage m's timer action if it is
 * due at `now`; under m->lock.  1 when staged. */
static int run_timer_locked(match_store *ms, match *m, int64_t now)
{
    if (m->reload && !m->deleting && fresh_locked(ms, m) != WB_OK) {
        atomic_store(&m->retry_at, now + 1000); /* the store is not back yet */
        return 0;
    }
    int64_t d = atomic_load(&m->deadline);
    if (match_serving(ms) || m->deleting || atomic_load(&m->gone) || atomic_load(&m->ended) || m->timer_refused ||
        d < 0 || d > now || atomic_load(&m->retry_at) > now)
        return 0;
    json_t *timer = json_pack("{s:s}", "type", "timer");
    char *why = NULL;
    int rc = stage_locked(ms, m, GAME_SEAT_SYSTEM, GAME_SEAT_SYSTEM, timer, now, 1, 0, NULL,
                          NULL, 0, NULL, NULL, &why);
    if (rc) {
        fprintf(stderr, "wibbelld: match %s: the game refused its timer: %s (%s)\n", m->id,
                wb_strerror(rc), why ? why : "");
        /* do not spin on a timer the game refuses; the next action
         * sets the deadline again */
        m->timer_refused = 1;
        atomic_store(&m->deadline, -1);
    }
    free(why);
    json_decref(timer);
    return rc == WB_OK;
}

/* --- request ids ------------------------------------------------------ */

struct one_entry {
    uint64_t version;
    char *text;
};

static int one_entry_cb(void *ctx, uint64_t version, const char *entry, size_t len)
{
    struct one_entry *o = ctx;
    if (version == o->version)
        o->text = wb_strndup(entry, len);
    return 1; /* the first after version - 1 is the one, or there is none */
}

/* Under m->lock: a request of `caller` with `key` (NULL or none: 0), its
 * route and body hashing to `h`.  0 when the match holds no such key (the
 * request goes on); else 1 with *rc what the call returns: WB_OK when the
 * first answer (its version and events, the caller's view as it is now)
 * is queued for done(), WB_ECONFLICT (+why, key->reused) when the key was
 * another request's.  An entry older than the match's last durable
 * record is read from the store with the lock dropped (a batch of the
 * writer holds the store and waits for the match's lock) and taken
 * again.  A join's (`token` not NULL: a buffer of MATCH_TOKEN_MAX + 1)
 * answers with the view of the member it made, and its token as it is now
 * into `token` before done() can run. */
static int key_held_locked(match_store *ms, match *m, int caller, match_key *key, uint64_t h,
                           match_answer_fn done, void *ctx, char **why, int *rc, char *token)
{
    if (!key || !key->key)
        return 0;
    const match_keyent *k = match_keys_find(m, key->key, caller);
    if (!k)
        return 0;
    if (k->hash != h) {
        key->reused = 1;
        *why = game_why("this Idempotency-Key came with another request to this match "
                        "(version %llu): a new request needs a new key",
                        (unsigned long long)k->version);
        *rc = WB_ECONFLICT;
        return 1;
    }
    uint64_t v = k->version;
    char *entry = NULL;
    for (size_t i = 0; i < m->ntail && !entry; i++)
        if (m->tail[i].version == v)
            entry = wb_strndup(m->tail[i].entry, m->tail[i].len);
    if (!entry) { /* durable, and older than the last record */
        struct one_entry o = {v, NULL};
        pthread_mutex_unlock(&m->lock);
        int drc = match_db_log(ms->db, m->id, v - 1, one_entry_cb, &o);
        pthread_mutex_lock(&m->lock);
        if (m->deleting || atomic_load(&m->gone)) {
            free(o.text);
            *rc = WB_ENOTFOUND;
            return 1;
        }
        if (!o.text) {
            *rc = drc == WB_EFULL ? WB_EFULL : WB_ESTORE;
            return 1;
        }
        entry = o.text;
    }
    json_t *e = json_loads(entry, 0, NULL);
    free(entry);
    int by = (int)json_integer_value(json_object_get(e, "seat"));
    int view = caller;
    json_t *member = json_object_get(json_object_get(e, "action"), "member");
    if (token && json_is_integer(member) && m->cls && json_integer_value(member) >= 0 &&
        (size_t)json_integer_value(member) < m->cls->n) {
        size_t mi = (size_t)json_integer_value(member);
        view = MATCH_MEMBER(mi);
        snprintf(token, MATCH_TOKEN_MAX + 1, "%s", m->cls->v[mi].token);
    }
    json_t *out = json_pack("{s:I, s:o, s:o}", "version", (json_int_t)v, "events",
                            match_events_for(json_object_get(e, "events"), by), "state",
                            match_view_of(m, view));
    json_decref(e);
    match_job *j = wb_calloc(1, sizeof *j);
    j->type = JOB_REPLAY;
    j->m = m;
    j->gen = m->gen;
    j->version = atomic_load(&m->version); /* of the view: the ETag */
    j->text = game_text_dump(out, &j->text_len);
    json_decref(out);
    j->answer = done;
    j->ctx = ctx;
    key->replayed = 1; /* before done() can run */
    m->inflight++;
    match_take_ref(ms, m); /* the job's */
    match_writer_push(ms, j);
    *rc = WB_OK;
    return 1;
}

/* --- opening ---------------------------------------------------------- */

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
    uint64_t version = (uint64_t)json_integer_value(json_object_get(r, "version"));
    m->seed = strtoull(str_of(r, "seed"), NULL, 10);
    snprintf(m->host_token, sizeof m->host_token, "%s", str_of(r, "host_token"));
    m->created = json_integer_value(json_object_get(r, "created"));
    match_seats_load(m, players);
    match_class_load(m, json_object_get(r, "class"));
    match_keys_load(m, json_object_get(r, "keys"));
    const json_t *ck = json_object_get(r, "create_key");
    const char *ckey = json_string_value(json_object_get(ck, "key"));
    if (ckey && match_key_ok(ckey, strlen(ckey))) {
        snprintf(m->create_key, sizeof m->create_key, "%s", ckey);
        m->create_hash = strtoull(str_of(ck, "kh"), NULL, 16);
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
    m->saved_version = m->saved_snap = m->latest_snap = version;
    m->latest = m->saved;
    m->latest_len = len;
    atomic_store(&m->version, version);
    atomic_store(&m->updated, json_integer_value(json_object_get(r, "updated")));
    atomic_store(&m->ended, json_is_true(json_object_get(r, "ended")));
    match_refresh(m);
    match_insert(ms, m);
    json_decref(r);
    return 0;
}

/* The lease's local validity ran out (match_lease.h's paused): wake every
 * match's event streams, whose next read finds the shard not served and
 * ends them, so that no client waits on a daemon that may no longer own
 * its match; they come back through the proxy to whoever owns it. */
static void lease_paused(void *ctx)
{
    match_store *ms = ctx;
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next)
            match_notify(ms, m);
    pthread_mutex_unlock(&ms->lock);
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
    if (!ms->cfg.keep_finished)
        ms->cfg.keep_finished = 1000;
    if (!ms->cfg.keep_finished_ms)
        ms->cfg.keep_finished_ms = 30LL * 24 * 3600 * 1000;
    ms->kinds = cfg->kinds;
    ms->nkinds = cfg->nkinds;
    pthread_mutex_init(&ms->lock, NULL);
    pthread_mutex_init(&ms->sub_lock, NULL);
    pthread_mutex_init(&ms->timer_lock, NULL);
    pthread_cond_init(&ms->timer_cond, NULL);
    pthread_mutex_init(&ms->q_lock, NULL);
    pthread_cond_init(&ms->q_cond, NULL);
    pthread_cond_init(&ms->q_room, NULL);
    match_db_lease lease = {cfg->id_prefix, cfg->owner, cfg->lease_ms, cfg->standby,
                            cfg->lost, cfg->lease_ctx, lease_paused, ms};
    rc = match_db_open(cfg->data_dir, cfg->store, &lease, &ms->db);
    int64_t t0 = match_now_ms();
    if (!rc)
        rc = match_db_each(ms->db, load_one, ms);
    /* then each match's log after its record (one read at a time) */
    for (size_t b = 0; b < MATCH_BUCKETS && !rc; b++)
        for (match *m = ms->buckets[b]; m && !rc; m = m->next)
            rc = match_replay_stored(ms, m);
    const char *shard, *from = NULL;
    uint64_t epoch;
    if (!rc)
        from = match_db_took_over(ms->db, &shard, &epoch);
    if (from) {
        fprintf(stderr, "wibbelld: took over shard %s at epoch %llu from %s: %zu matches in "
                        "%lld ms\n",
                *shard ? shard : "\"\"", (unsigned long long)epoch, from, ms->nmatches,
                (long long)(match_now_ms() - t0));
    }
    if (!rc)
        rc = match_writer_start(ms, match_timer_kick);
    if (!rc)
        rc = match_timer_start(ms, run_timer_locked);
    if (rc) {
        match_store_close(ms);
        return rc;
    }
    *out = ms;
    return WB_OK;
}

int match_store_lease_lost(const match_store *ms)
{
    return ms && ms->db && match_db_lost(ms->db);
}

int match_store_is_pg(const char *store)
{
    return match_db_is_pg(store);
}

/* A record of every match changed since its last one, in one commit. */
static void snapshot_all(match_store *ms)
{
    match_db_batch *b = NULL;
    int rc = match_db_batch_begin(ms->db, &b);
    size_t n = 0;
    for (size_t i = 0; i < MATCH_BUCKETS && !rc; i++)
        for (match *m = ms->buckets[i]; m && !rc; m = m->next) {
            uint64_t v = atomic_load(&m->version);
            if (atomic_load(&m->gone) || v == m->saved_snap || v != m->saved_version)
                continue;
            char *rec = record(m, v, atomic_load(&m->updated), atomic_load(&m->ended));
            rc = match_db_batch_put(b, m->id, rec, v, NULL);
            free(rec);
            n++;
        }
    if (b && (rc = match_db_batch_end(b, rc == WB_OK)) != WB_OK)
        fprintf(stderr, "wibbelld: closing: the records of %zu match(es) not written (%s); "
                        "their logs replay at the next start\n", n, wb_strerror(rc));
}

void match_store_close(match_store *ms)
{
    if (!ms)
        return;
    if (ms->bot_stop)
        ms->bot_stop(ms, 0); /* no more bot actions */
    match_timer_stop(ms);  /* no more timer actions */
    match_writer_stop(ms); /* writes what is queued, answers it */
    if (ms->bot_stop)
        ms->bot_stop(ms, 1);
    if (ms->db)
        snapshot_all(ms); /* so the next opening replays nothing */
    for (size_t b = 0; b < MATCH_BUCKETS; b++) {
        match *m = ms->buckets[b];
        while (m) {
            match *next = m->next;
            match_notify(ms, m);
            match_free(m);
            m = next;
        }
    }
    match_db_close(ms->db);
    pthread_mutex_destroy(&ms->lock);
    pthread_mutex_destroy(&ms->sub_lock);
    pthread_mutex_destroy(&ms->timer_lock);
    pthread_cond_destroy(&ms->timer_cond);
    pthread_mutex_destroy(&ms->q_lock);
    pthread_cond_destroy(&ms->q_cond);
    pthread_cond_destroy(&ms->q_room);
    free(ms);
}

/* --- the API: create, act, end, delete -------------------------------- */

/* What a creation answers (and a retry of it, with the view as it is
 * now); under m->lock or before m is shared. */
static json_t *creation_answer(const match *m)
{
    char sb[24];
    json_t *seed_v = m->seed <= (1ull << 53) ? json_integer((json_int_t)m->seed)
                                             : json_string(seed_str(m->seed, sb));
    return json_pack("{s:s, s:s, s:i, s:o, s:s, s:o, s:o}", "id", m->id, "game",
                     m->kind->name, "version", 1, "seed", seed_v, "host_token", m->host_token,
                     "players", match_seats_json(m), "state",
                     match_view_of(m, GAME_SEAT_HOST));
}

/* A creation with request id `key` (its request hashing to h): 1 with *rc
 * when it is answered (the match created with the key: its creation
 * answer queued for done(); another request with the key, or the first
 * still being committed: WB_ECONFLICT), else 0, the key reserved in
 * ms->creating (*reserved) while there is room. */
static int create_key_held(match_store *ms, match_key *key, uint64_t h, match_done_fn done,
                           void *ctx, char **why, int *rc, int *reserved)
{
    match *found = NULL;
    int busy = 0;
    pthread_mutex_lock(&ms->lock);
    for (size_t b = 0; b < MATCH_BUCKETS && !found; b++)
        for (match *m = ms->buckets[b]; m && !found; m = m->next)
            if (!atomic_load(&m->gone) && strcmp(m->create_key, key->key) == 0)
                found = m;
    for (size_t i = 0; i < ms->ncreating && !found; i++)
        busy |= strcmp(ms->creating[i], key->key) == 0;
    if (found) {
        found->refs++;
    } else if (!busy && ms->ncreating < MATCH_CREATING_KEYS) {
        snprintf(ms->creating[ms->ncreating++], sizeof ms->creating[0], "%s", key->key);
        *reserved = 1;
    }
    pthread_mutex_unlock(&ms->lock);
    if (busy) {
        *why = game_why("a match is being created with this Idempotency-Key: retry in a moment");
        *rc = WB_ECONFLICT;
        return 1;
    }
    if (!found)
        return 0;
    pthread_mutex_lock(&found->lock);
    if (found->create_hash != h || found->deleting) {
        if (found->deleting) {
            *why = game_why("the match created with this Idempotency-Key is being deleted");
        } else {
            key->reused = 1;
            *why = game_why("this Idempotency-Key created match %s with another request: a new "
                            "request needs a new key", found->id);
        }
        pthread_mutex_unlock(&found->lock);
        match_put_ref(ms, found);
        *rc = WB_ECONFLICT;
        return 1;
    }
    match_job *j = wb_calloc(1, sizeof *j);
    j->type = JOB_REPLAY;
    j->m = found; /* our reference is the job's */
    j->gen = found->gen;
    j->version = 1;
    j->out = creation_answer(found);
    j->done = done;
    j->ctx = ctx;
    key->replayed = 1; /* before done() can run */
    found->inflight++;
    match_writer_push(ms, j);
    pthread_mutex_unlock(&found->lock);
    *rc = WB_OK;
    return 1;
}

int match_create_async(match_store *ms, const char *game, const json_t *players,
                       const json_t *options, uint64_t seed, int has_seed, match_key *key,
                       match_done_fn done, void *ctx, char **why)
{
    const game_kind *kind = kind_find(ms, game);
    int64_t now = match_now_ms();
    size_t n = json_array_size(players);
    const char **names = NULL;
    match_seat_bot *bots = NULL;
    match *m = NULL;
    int rc = WB_OK, counted = 0, reserved = 0;
    uint64_t khash = 0;

    if (match_serving(ms))
        return WB_ESTORE;
    if (!kind)
        return WB_ENOTFOUND;
    if (!json_is_array(players) || n < kind->min_players || n > kind->max_players) {
        *why = game_why("%s takes %u to %u players", kind->title, kind->min_players,
                        kind->max_players);
        return WB_EINVAL;
    }
    names = wb_calloc(n + 1, sizeof *names);
    bots = wb_calloc(n + 1, sizeof *bots);
    if (key && key->key) {
        json_t *req = json_pack("{s:s, s:O, s:O?}", "game", game, "players", players,
                                "options", options);
        char sb[24];
        if (has_seed)
            json_object_set_new(req, "seed", json_string(seed_str(seed, sb)));
        khash = match_key_hash("create", -1, req);
        json_decref(req);
        if (create_key_held(ms, key, khash, done, ctx, why, &rc, &reserved))
            goto out;
    }
    if ((rc = match_seats_parse(ms, kind, players, names, bots, why)))
        goto out;
    if (options && !json_is_object(options)) {
        *why = game_why("options must be an object");
        rc = WB_EINVAL;
        goto out;
    }
    /* The cap counts creations still being committed, so concurrent
     * creations cannot overshoot it. */
    pthread_mutex_lock(&ms->lock);
    if (match_live_count_locked(ms, now) + ms->pending_creates >= ms->cfg.max_live)
        rc = WB_ELIMIT;
    else
        ms->pending_creates++, counted = 1;
    pthread_mutex_unlock(&ms->lock);
    if (rc)
        goto out;
    if (!has_seed)
        random_bytes((unsigned char *)&seed, sizeof seed);
    json_t *opts = options ? json_incref((json_t *)(uintptr_t)options) : json_object();
    game_ctx gctx = {ms->cfg.dicts, now};
    m = match_new(kind, n);
    rc = kind->create(&gctx, names, n, opts, seed, &m->state, why);
    json_decref(opts);
    if (rc)
        goto out;
    for (size_t i = 0; i < n; i++) {
        m->names[i] = wb_strdup(names[i]);
        random_token(m->tokens[i]);
        m->bots[i] = bots[i];
        m->nbots += bots[i].bot[0] != 0;
    }
    char *no = m->nbots && kind->no_bots ? kind->no_bots(m->state) : NULL;
    if (no) {
        *why = no;
        rc = WB_EINVAL;
        goto out;
    }
    new_id(m->id, ms->cfg.id_prefix);
    random_token(m->host_token);
    if (kind->teams && kind->teams(m->state)) {
        m->cls = match_class_create();
        new_code(ms, m->join_code);
    }
    m->seed = seed;
    m->created = now;
    if (reserved) { /* a key with no room in ms->creating is not kept */
        snprintf(m->create_key, sizeof m->create_key, "%s", key->key);
        m->create_hash = khash;
    }
    atomic_store(&m->version, 1);
    atomic_store(&m->updated, now);
    match_refresh(m);

    match_job *j = wb_calloc(1, sizeof *j);
    j->type = JOB_CREATE;
    j->m = m;
    j->version = 1;
    j->rec = record(m, 1, now, 0);
    j->done = done;
    j->ctx = ctx;
    j->out = creation_answer(m);
    m->latest = j->rec;
    m->latest_len = strlen(j->rec);
    m->latest_snap = 1;
    m->inflight = 1;
    m = NULL;
    counted = reserved = 0; /* the writer takes the pending creation from here */
    match_writer_push(ms, j);
out:
    if (counted || reserved) {
        pthread_mutex_lock(&ms->lock);
        if (counted)
            ms->pending_creates--;
        if (reserved)
            match_creating_drop_locked(ms, key->key);
        pthread_mutex_unlock(&ms->lock);
    }
    if (m)
        match_free(m);
    free(names);
    free(bots);
    return rc;
}

/* How deeply arrays and objects nest in v (0 for a scalar). */
static size_t depth_of(const json_t *v, size_t limit)
{
    size_t d = 0, i;
    const char *k;
    json_t *x;
    if (limit == 0)
        return 1;
    if (json_is_object(v)) {
        json_object_foreach((json_t *)(uintptr_t)v, k, x) {
            size_t dx = depth_of(x, limit - 1);
            if (dx > d)
                d = dx;
        }
        return d + 1;
    }
    if (json_is_array(v)) {
        json_array_foreach(v, i, x) {
            size_t dx = depth_of(x, limit - 1);
            if (dx > d)
                d = dx;
        }
        return d + 1;
    }
    return 0;
}

/* The shape every action must have before a game sees it. */
static int check_action(const json_t *action, char **why)
{
    if (!json_is_object(action) || !json_is_string(json_object_get(action, "type"))) {
        *why = game_why("an action is an object with a \"type\"");
        return WB_EINVAL;
    }
    if (depth_of(action, ACTION_DEPTH_MAX + 1) > ACTION_DEPTH_MAX) {
        *why = game_why("an action nests at most %d levels of objects and arrays",
                        ACTION_DEPTH_MAX);
        return WB_EINVAL;
    }
    if (json_dumpb(action, NULL, 0, JSON_COMPACT) > ACTION_BYTES_MAX) {
        *why = game_why("an action is at most %d bytes of JSON", ACTION_BYTES_MAX);
        return WB_EINVAL;
    }
    return WB_OK;
}

/* A class member's body of one of the game's member_actions carries the
 * member ("member", "nickname"); anyone else's carries neither.  The new
 * body (a new reference), or NULL when `action` is right as it is. */
static json_t *stamp(const match *m, const json_t *action, int member)
{
    const char *type = json_string_value(json_object_get(action, "type"));
    const char *const *t = m->kind->member_actions;
    while (t && *t && strcmp(*t, type) != 0)
        t++;
    if (!t || !*t ||
        (member < 0 && !json_object_get(action, "member") && !json_object_get(action, "nickname")))
        return NULL;
    json_t *c = json_copy((json_t *)(uintptr_t)action);
    json_object_del(c, "member");
    json_object_del(c, "nickname");
    if (member >= 0)
        json_object_update_new(c, json_pack("{s:i, s:s}", "member", member, "nickname",
                                            m->cls->v[member].nickname));
    return c;
}

/* Stage an action or the end of the match (`end`), with the checks every
 * action passes first. */
static int act(match_store *ms, const char *id, int seat, const json_t *action,
               uint64_t if_match, int end, match_key *key, match_answer_fn done, void *ctx,
               char **why)
{
    if (match_serving(ms))
        return WB_ESTORE;
    int rc, as, member;
    if (!end && (rc = check_action(action, why)))
        return rc;
    match *m = match_get_ref(ms, id);
    if (!m)
        return WB_ENOTFOUND;
    if (seat == GAME_SEAT_PUBLIC || seat == GAME_SEAT_SYSTEM) {
        match_put_ref(ms, m);
        return WB_EAUTH;
    }
    if (end && seat != GAME_SEAT_HOST) {
        match_put_ref(ms, m);
        return WB_EFORBIDDEN;
    }
    pthread_mutex_lock(&m->lock);
    int64_t now = match_now_ms();
    uint64_t khash = key && key->key ? match_key_hash(end ? "end" : "act", -1,
                                                      end ? NULL : action)
                                     : 0;
    if (m->deleting || atomic_load(&m->gone)) {
        rc = WB_ENOTFOUND;
    } else if ((rc = fresh_locked(ms, m)) != WB_OK) {
        /* the store cannot be read */
    } else if (key_held_locked(ms, m, seat, key, khash, done, ctx, why, &rc, NULL)) {
        /* answered as the first time, or refused */
    } else if (atomic_load(&m->ended)) {
        *why = game_why("the host has ended this match");
        rc = WB_ECONFLICT;
    } else if ((rc = match_class_caller(m, seat, &as, &member)) != WB_OK) {
        *why = game_why("this member was removed from the class");
    } else if (member >= 0 && !m->cls->started) {
        *why = game_why("the class has not started yet: the game begins when the teacher "
                        "starts it (and locks joining)");
        rc = WB_ENOTTURN;
    } else {
        run_timer_locked(ms, m, now); /* a due timer comes first */
        json_t *stamped = end ? NULL : stamp(m, action, member);
        if (if_match && if_match != atomic_load(&m->version))
            rc = WB_ESTALE;
        else
            rc = stage_locked(ms, m, as, seat, stamped ? stamped : action, now, 0, end, NULL,
                              key, khash, done, ctx, why);
        json_decref(stamped);
    }
    pthread_mutex_unlock(&m->lock);
    match_put_ref(ms, m);
    return rc;
}

int match_apply_async(match_store *ms, const char *id, int seat, const json_t *action,
                      uint64_t if_match, match_key *key, match_answer_fn done, void *ctx,
                      char **why)
{
    return act(ms, id, seat, action, if_match, 0, key, done, ctx, why);
}

int match_end_async(match_store *ms, const char *id, int seat, match_key *key,
                    match_answer_fn done, void *ctx, char **why)
{
    json_t *a = json_pack("{s:s}", "type", "abandon");
    int rc = act(ms, id, seat, a, 0, 1, key, done, ctx, why);
    json_decref(a);
    return rc;
}

int match_delete_async(match_store *ms, const char *id, int seat, match_done_fn done,
                       void *ctx)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    int rc = WB_OK;
    if (!m)
        return WB_ENOTFOUND;
    if (seat != GAME_SEAT_HOST) {
        match_put_ref(ms, m);
        return WB_EFORBIDDEN;
    }
    pthread_mutex_lock(&m->lock);
    if (m->deleting || atomic_load(&m->gone)) {
        rc = WB_ENOTFOUND;
    } else {
        match_job *j = wb_calloc(1, sizeof *j);
        j->type = JOB_DELETE;
        j->m = m; /* our reference is the job's now */
        j->gen = m->gen;
        j->done = done;
        j->ctx = ctx;
        m->deleting = 1;
        m->inflight++;
        match_writer_push(ms, j);
    }
    pthread_mutex_unlock(&m->lock);
    if (rc)
        match_put_ref(ms, m);
    return rc;
}

/* --- class sessions ----------------------------------------------------- */

int match_join_async(match_store *ms, const char *code, const char *nickname, int team,
                     match_key *key, match_answer_fn done, void *ctx, char *token,
                     const char **reason, char **why)
{
    if (match_serving(ms))
        return WB_ESTORE;
    int rc;
    *reason = "bad_nickname";
    if ((rc = match_class_nickname_ok(nickname, why)))
        return rc;
    *reason = "unknown_join_code";
    match *m = find_by_code(ms, code);
    if (!m) {
        *why = game_why("no class has the join code '%.*s': check it on the projector",
                        MATCH_CODE_LEN + 4, code);
        return WB_ENOTFOUND;
    }
    pthread_mutex_lock(&m->lock);
    int64_t now = match_now_ms();
    run_timer_locked(ms, m, now); /* a due timer comes first */
    char *refused = NULL;
    uint64_t khash = 0;
    if (key && key->key) {
        json_t *req = json_pack("{s:s, s:s, s:i}", "code", code, "nickname", nickname, "team",
                                team);
        khash = match_key_hash("join", 0, req);
        json_decref(req);
    }
    if (m->deleting || atomic_load(&m->gone)) {
        *why = game_why("no class has the join code '%s' any more", m->join_code);
        rc = WB_ENOTFOUND;
    } else if ((rc = fresh_locked(ms, m)) != WB_OK) {
        *reason = NULL; /* the store cannot be read */
    } else if (key_held_locked(ms, m, GAME_SEAT_PUBLIC, key, khash, done, ctx, why, &rc,
                               token)) {
        /* answered as the first time (the member's token again), or refused */
        *reason = key->reused ? "idempotency_key_reused" : NULL;
    } else if (atomic_load(&m->ended) || atomic_load(&m->finished)) {
        *why = game_why("this class's game is over: no one can join it now");
        *reason = "class_over";
        rc = WB_ECONFLICT;
    } else if (m->kind->nickname_refused &&
               (refused = m->kind->nickname_refused(m->state, ms->cfg.dicts, nickname))) {
        *why = refused;
        *reason = "bad_nickname";
        rc = WB_EINVAL;
    } else {
        json_t *action = NULL, *event = NULL;
        size_t k;
        random_token(token);
        rc = match_class_join(m, nickname, team, token, now, &action, &event, &k, reason, why);
        if (rc == WB_OK)
            rc = stage_locked(ms, m, GAME_SEAT_SYSTEM, MATCH_MEMBER(k), action, now, 0, 0,
                              json_pack("[o]", event), key, khash, done, ctx, why);
        json_decref(action);
    }
    pthread_mutex_unlock(&m->lock);
    match_put_ref(ms, m);
    return rc;
}

/* The host's change of a match's hands under m->lock (a seat's, a class
 * member's, the class's lock): the checks every such change passes (the
 * host's, the match still there, a due timer first), then `change` makes
 * its own checks, the log's action and the event, which are staged as the
 * host's with the record that holds the change. */
typedef int (*host_change_fn)(match_store *ms, match *m, const void *arg, json_t **action,
                              json_t **event, char **why);

/* `what`, `n` and `body` name the request, for its key. */
typedef struct host_request {
    const char *what;
    long n;
    const json_t *body;
    match_key *key;
} host_request;

static int host_change_async(match_store *ms, const char *id, int caller, host_change_fn change,
                             const void *arg, const host_request *req, match_answer_fn done,
                             void *ctx, char **why)
{
    if (match_serving(ms))
        return WB_ESTORE;
    match *m = match_get_ref(ms, id);
    int rc;
    if (!m)
        return WB_ENOTFOUND;
    if (caller != GAME_SEAT_HOST) {
        match_put_ref(ms, m);
        return caller == GAME_SEAT_PUBLIC ? WB_EAUTH : WB_EFORBIDDEN;
    }
    pthread_mutex_lock(&m->lock);
    int64_t now = match_now_ms();
    match_key *key = req->key;
    uint64_t khash = key && key->key ? match_key_hash(req->what, req->n, req->body) : 0;
    if (m->deleting || atomic_load(&m->gone)) {
        rc = WB_ENOTFOUND;
    } else if ((rc = fresh_locked(ms, m)) != WB_OK) {
        /* the store cannot be read */
    } else if (key_held_locked(ms, m, caller, key, khash, done, ctx, why, &rc, NULL)) {
        /* answered as the first time, or refused */
    } else {
        json_t *action = NULL, *event = NULL;
        run_timer_locked(ms, m, now); /* a due timer comes first */
        rc = change(ms, m, arg, &action, &event, why);
        if (rc == WB_OK)
            rc = stage_locked(ms, m, GAME_SEAT_HOST, GAME_SEAT_HOST, action, now, 0, 0,
                              json_pack("[o]", event), key, khash, done, ctx, why);
        json_decref(action);
    }
    pthread_mutex_unlock(&m->lock);
    match_put_ref(ms, m);
    return rc;
}

struct seat_change {
    size_t seat;
    const json_t *body;
};

static int change_seat(match_store *ms, match *m, const void *arg, json_t **action,
                       json_t **event, char **why)
{
    const struct seat_change *c = arg;
    char token[TOKEN_LEN + 1];
    if (atomic_load(&m->ended) || atomic_load(&m->finished)) {
        *why = game_why(atomic_load(&m->ended) ? "the host has ended this match"
                                               : "this match is over");
        return WB_ECONFLICT;
    }
    random_token(token);
    return match_seats_change(ms, m, c->seat, c->body, token, action, event, why);
}

int match_seat_async(match_store *ms, const char *id, int caller, size_t seat,
                     const json_t *body, match_key *key, match_answer_fn done, void *ctx,
                     char **why)
{
    struct seat_change c = {seat, body};
    host_request req = {"seat", (long)seat, body, key};
    return host_change_async(ms, id, caller, change_seat, &c, &req, done, ctx, why);
}

/* A class's changes: only in a class session. */
static int no_class(const match *m, char **why)
{
    if (m->cls)
        return WB_OK;
    *why = game_why("match %s is not a class session: it has no members", m->id);
    return WB_ENOTFOUND;
}

struct member_change {
    size_t member;
    const json_t *body;
    char *token;
    const char **reason;
};

static int change_member(match_store *ms, match *m, const void *arg, json_t **action,
                         json_t **event, char **why)
{
    const struct member_change *c = arg;
    const char *nick = json_string_value(json_object_get(c->body, "nickname"));
    if (no_class(m, why))
        return WB_ENOTFOUND;
    if (nick && m->kind->nickname_refused &&
        (*why = m->kind->nickname_refused(m->state, ms->cfg.dicts, nick)))
        return WB_EINVAL;
    random_token(c->token);
    return match_class_change(m, c->member, c->body, c->token, action, event, c->reason, why);
}

static int change_lock(match_store *ms, match *m, const void *arg, json_t **action,
                       json_t **event, char **why)
{
    (void)ms;
    return no_class(m, why) ? WB_ENOTFOUND : match_class_lock(m, arg, action, event, why);
}

int match_member_async(match_store *ms, const char *id, int caller, size_t member,
                       const json_t *body, match_key *key, match_answer_fn done, void *ctx,
                       char *token, const char **reason, char **why)
{
    struct member_change c = {member, body, token, reason};
    host_request req = {"member", (long)member, body, key};
    *reason = NULL;
    token[0] = '\0'; /* stays so when the answer is a replay */
    return host_change_async(ms, id, caller, change_member, &c, &req, done, ctx, why);
}

int match_class_async(match_store *ms, const char *id, int caller, const json_t *body,
                      match_key *key, match_answer_fn done, void *ctx, char **why)
{
    host_request req = {"class", -1, body, key};
    return host_change_async(ms, id, caller, change_lock, body, &req, done, ctx, why);
}
