/*
 * match_replay.c - a match's state from its last record and its log.
 *
 * A match's record (its whole state) is not written at every action: at
 * its creation, every MATCH_SNAPSHOT_EVERY actions (a large record: once
 * the log since it is as large, matches_int.h), when it finishes or is
 * ended, and for every match changed since when the store closes.  Every
 * action's log entry is written, in the commit that acknowledges it.  The
 * state at any version is therefore the last record before it with the
 * log entries after it applied again: games are deterministic in (state,
 * seat, action, time), which the conformance harness checks for every
 * game.  That is how a match is opened after a crash, how a refused action
 * whose game had already changed the state is undone, and how a failed
 * commit goes back to what is durable.  For the last two, a match keeps
 * the entries after its last durable record in memory: its tail (kept by
 * match_table.c).
 */
#include "matches_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"

/* Replace the state by the one in record `rec` (under m->lock).  The
 * record was made from a state of this very match, so it loads; if it
 * does not, memory and disk can no longer be kept equal: stop. */
static void rollback(match *m, const char *rec)
{
    json_t *r = json_loads(rec, 0, NULL);
    void *st = NULL;
    char *why = NULL;
    if (!r || m->kind->load(json_object_get(r, "state"), &st, &why) != WB_OK) {
        fprintf(stderr, "wibbelld: match %s: cannot restore state: %s\n", m->id,
                why ? why : "bad record");
        abort();
    }
    m->kind->destroy(m->state);
    m->state = st;
    atomic_store(&m->ended, json_is_true(json_object_get(r, "ended")));
    atomic_store(&m->updated, json_integer_value(json_object_get(r, "updated")));
    match_seats_load(m, json_object_get(r, "players")); /* a seat change undone too */
    match_class_load(m, json_object_get(r, "class")); /* and a class's change */
    match_keys_load(m, json_object_get(r, "keys"));    /* the request ids it held */
    json_decref(r);
    match_refresh(m);
}

/* Apply one log entry to m's state again (under m->lock, or while the
 * store opens).  On a refusal *changed says whether the game may have
 * changed the state before refusing. */
static int replay_entry(match_store *ms, match *m, const char *entry, size_t len,
                        int *changed, char **why)
{
    json_t *e = json_loadb(entry, len, 0, NULL);
    json_t *action = json_object_get(e, "action");
    const char *type = json_string_value(json_object_get(action, "type"));
    json_int_t at = json_integer_value(json_object_get(e, "at"));
    int rc = WB_OK;
    if (!e || !type) {
        *why = wb_strdup("a log entry without an action");
        rc = WB_ECORRUPT;
    } else if (strcmp(type, "abandon") == 0) { /* the host ended it: no game's type */
        atomic_store(&m->ended, 1);
    } else if (strcmp(type, "seat_change") == 0 || strcmp(type, "class_change") == 0) {
        /* a seat changed hands, or a class's members changed: nothing for
         * the game; the seats and members are in the record written with
         * it (always), which the log never replays across */
    } else {
        game_ctx gctx = {ms->cfg.dicts, at};
        int seat = (int)json_integer_value(json_object_get(e, "seat"));
        json_t *events = json_array();
        *changed = !m->kind->apply_raw; /* as in staging: undone anyway */
        rc = m->kind->apply_raw
                 ? m->kind->apply_raw(m->state, &gctx, seat, action, events, why, changed)
                 : m->kind->apply(m->state, &gctx, seat, action, events, why);
        json_decref(events);
    }
    if (!rc) {
        atomic_store(&m->version, (uint64_t)json_integer_value(json_object_get(e, "version")));
        atomic_store(&m->updated, at);
        match_keys_entry(m, e); /* its request id, if it came with one */
    }
    json_decref(e);
    return rc;
}

void match_restore(match_store *ms, match *m, const char *rec, uint64_t from, uint64_t upto)
{
    rollback(m, rec);
    for (size_t i = 0; i < m->ntail; i++) {
        const match_tail_entry *t = &m->tail[i];
        if (t->version <= from || t->version > upto)
            continue;
        char *why = NULL;
        int changed;
        if (replay_entry(ms, m, t->entry, strlen(t->entry), &changed, &why)) {
            /* it was accepted from this very state before */
            fprintf(stderr, "wibbelld: match %s: version %llu does not replay: %s\n", m->id,
                    (unsigned long long)t->version, why ? why : "");
            abort();
        }
    }
    match_refresh(m);
}

struct opening {
    match_store *ms;
    match *m;
    int failed;
    int reloading; /* match_reload_locked: not the opening's count */
};

static int replay_stored(void *ctx, uint64_t version, const char *entry, size_t len)
{
    struct opening *o = ctx;
    char *why = NULL;
    int changed = 0;
    uint64_t at = atomic_load(&o->m->version);
    if (version != at + 1 || replay_entry(o->ms, o->m, entry, len, &changed, &why)) {
        if (changed) /* back to the last version that replayed */
            match_restore(o->ms, o->m, o->m->saved, o->m->saved_snap, at);
        fprintf(stderr,
                "wibbelld: match %s: its log does not replay from version %llu (%s); it stays "
                "at version %llu\n",
                o->m->id, (unsigned long long)version, why ? why : "a gap in the log",
                (unsigned long long)atomic_load(&o->m->version));
        free(why);
        o->failed = 1;
        return 1;
    }
    match_tail_add(o->m, version, entry); /* NUL-terminated by match_db */
    if (!o->reloading)
        o->ms->n_replayed++;
    return 0;
}

int match_reload_locked(match_store *ms, match *m)
{
    struct opening o = {ms, m, 0, 1};
    uint64_t from = atomic_load(&m->version);
    int rc = match_db_settled(ms->db); /* no lost commit still to land */
    if (rc)
        return rc;
    rc = match_db_log(ms->db, m->id, from, replay_stored, &o);
    if (rc && !o.failed)
        return rc;
    m->saved_version = atomic_load(&m->version);
    m->reload = 0;
    match_refresh(m);
    if (m->saved_version != from) {
        fprintf(stderr, "wibbelld: match %s: reloaded to version %llu, from %llu (its commit "
                        "had been stored)\n", m->id, (unsigned long long)m->saved_version,
                (unsigned long long)from);
        match_notify(ms, m);
    }
    return WB_OK;
}

int match_replay_stored(match_store *ms, match *m)
{
    struct opening o = {ms, m, 0, 0};
    int rc = match_db_log(ms->db, m->id, m->saved_snap, replay_stored, &o);
    m->saved_version = atomic_load(&m->version);
    match_refresh(m);
    return o.failed ? WB_OK : rc;
}
