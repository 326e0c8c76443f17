/*
 * match_table.c - a match in memory and the table of them: the bottom of
 * the store, called by every other file of it and calling none of them.
 *
 * A match is created (match_new), put in the table once its creation is
 * durable (match_insert), found by id with a reference (match_get_ref,
 * match_put_ref), taken out when deleted (match_unlink) and freed with its
 * last reference.  Its derived fields (deadline, finished) are refreshed
 * after every change of its state, and it keeps the log entries after its
 * last durable record in memory, its tail (match_replay.c replays them).
 * The lock hierarchy is written at the top of matches_int.h.
 */
#include "matches_int.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wb_mem.h"

int64_t match_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static size_t bucket_of(const char *id)
{
    size_t h = 5381;
    for (; *id; id++)
        h = h * 33 + (unsigned char)*id;
    return h % MATCH_BUCKETS;
}

/* --- a match ---------------------------------------------------------- */

match *match_new(const game_kind *kind, size_t nseats)
{
    match *m = wb_calloc(1, sizeof *m);
    m->kind = kind;
    m->nseats = nseats;
    m->names = wb_calloc(nseats + 1, sizeof *m->names);
    m->tokens = wb_calloc(nseats + 1, sizeof *m->tokens);
    m->bots = wb_calloc(nseats + 1, sizeof *m->bots);
    atomic_store(&m->deadline, -1);
    pthread_mutex_init(&m->lock, NULL);
    pthread_mutex_init(&m->logc_lock, NULL);
    pthread_cond_init(&m->durable, NULL);
    return m;
}

void match_free(match *m)
{
    if (!m)
        return;
    if (m->state)
        m->kind->destroy(m->state);
    for (size_t i = 0; i < m->nseats; i++)
        free(m->names[i]);
    free(m->names);
    free(m->tokens);
    free(m->bots);
    match_class_free(m->cls);
    free(m->keys);
    free(m->saved);
    match_tail_free(m);
    for (size_t i = 0; m->logc && i < MATCH_LOG_CACHE; i++) {
        json_decref(m->logc[i].entry);
        for (size_t k = 0; k < MATCH_LOG_SEATS; k++)
            free(m->logc[i].text[k]);
    }
    free(m->logc);
    pthread_mutex_destroy(&m->lock);
    pthread_mutex_destroy(&m->logc_lock);
    pthread_cond_destroy(&m->durable);
    free(m);
}

static int status_finished(const match *m)
{
    if (m->kind->finished)
        return m->kind->finished(m->state);
    json_t *v = m->kind->view(m->state, GAME_SEAT_PUBLIC);
    const char *st = json_string_value(json_object_get(v, "status"));
    int fin = st && strcmp(st, "finished") == 0;
    json_decref(v);
    return fin;
}

/* After the state changed, under m->lock. */
void match_refresh(match *m)
{
    atomic_store(&m->deadline, m->kind->deadline ? m->kind->deadline(m->state) : -1);
    atomic_store(&m->finished, status_finished(m));
    m->timer_refused = 0;
}

/* --- its tail: the log after its last durable record ------------------ */

void match_tail_trim(match *m)
{
    size_t drop = 0;
    while (drop < m->ntail && m->tail[drop].version <= m->saved_snap)
        free(m->tail[drop++].entry);
    if (drop) {
        memmove(m->tail, m->tail + drop, (m->ntail - drop) * sizeof *m->tail);
        m->ntail -= drop;
    }
}

void match_tail_add(match *m, uint64_t version, const char *entry)
{
    match_tail_trim(m);
    m->tail = wb_grow(m->tail, &m->captail, m->ntail + 1, sizeof *m->tail);
    match_tail_entry *t = &m->tail[m->ntail++];
    t->version = version;
    t->len = strlen(entry);
    t->entry = wb_strndup(entry, t->len);
}

void match_tail_free(match *m)
{
    for (size_t i = 0; i < m->ntail; i++)
        free(m->tail[i].entry);
    free(m->tail);
    m->tail = NULL;
    m->ntail = m->captail = 0;
}

/* --- references and the table ----------------------------------------- */

/* Find a match and take a reference, or NULL. */
match *match_get_ref(match_store *ms, const char *id)
{
    match *m;
    if (!id || strlen(id) != MATCH_ID_LEN)
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

void match_take_ref(match_store *ms, match *m)
{
    pthread_mutex_lock(&ms->lock);
    m->refs++;
    pthread_mutex_unlock(&ms->lock);
}

void match_put_ref(match_store *ms, match *m)
{
    int gone;
    pthread_mutex_lock(&ms->lock);
    gone = --m->refs == 0 && !m->in_table;
    pthread_mutex_unlock(&ms->lock);
    if (gone)
        match_free(m);
}

void match_creating_drop_locked(match_store *ms, const char *key)
{
    for (size_t i = 0; key[0] && i < ms->ncreating; i++)
        if (strcmp(ms->creating[i], key) == 0) {
            memcpy(ms->creating[i], ms->creating[--ms->ncreating], sizeof ms->creating[i]);
            return;
        }
}

void match_insert(match_store *ms, match *m)
{
    size_t b = bucket_of(m->id);
    pthread_mutex_lock(&ms->lock);
    match_creating_drop_locked(ms, m->create_key); /* in the table, so found there */
    m->next = ms->buckets[b];
    ms->buckets[b] = m;
    m->in_table = 1;
    ms->nmatches++;
    pthread_mutex_unlock(&ms->lock);
}

/* Take a deleted match out of the table; it is freed with its last
 * reference. */
void match_unlink(match_store *ms, match *m)
{
    atomic_store(&m->gone, 1);
    pthread_mutex_lock(&ms->lock);
    for (match **p = &ms->buckets[bucket_of(m->id)]; *p; p = &(*p)->next)
        if (*p == m) {
            *p = m->next;
            m->in_table = 0;
            ms->nmatches--;
            break;
        }
    pthread_mutex_unlock(&ms->lock);
}

void match_notify(match_store *ms, match *m)
{
    pthread_mutex_lock(&ms->sub_lock);
    for (match_sub *s = m->subs; s; s = s->next)
        s->fn(s->ctx);
    pthread_mutex_unlock(&ms->sub_lock);
}

int match_is_abandoned(const match_store *ms, const match *m, int64_t now)
{
    return !atomic_load(&m->finished) && !atomic_load(&m->ended) &&
           now - atomic_load(&m->updated) > ms->cfg.abandon_ms;
}

static int is_live(const match_store *ms, const match *m, int64_t now)
{
    return !atomic_load(&m->finished) && !atomic_load(&m->ended) &&
           !match_is_abandoned(ms, m, now);
}

/* Active matches (under ms->lock). */
size_t match_live_count_locked(match_store *ms, int64_t now)
{
    size_t n = 0;
    for (size_t b = 0; b < MATCH_BUCKETS; b++)
        for (match *m = ms->buckets[b]; m; m = m->next)
            n += (size_t)is_live(ms, m, now);
    return n;
}
