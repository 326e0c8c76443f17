/*
 * match_keys.c - a match's request ids (matches.h, "Request ids"): the
 * keys clients sent with the changes they asked for, so that a request
 * retried after an answer that was lost (a dropped connection, a 503 whose
 * commit may have happened) gets the first answer instead of a second
 * change.
 *
 * A match holds the keys of its latest MATCH_KEYS_KEPT keyed changes, in
 * a ring, oldest first.  Each is stored twice: in the log entry of its
 * change ("key", "by": the caller, "kh": the hash of the request) and in
 * every record of the match ("keys"), so that a match loaded from its last
 * record and the log after it (at opening, after a failed commit, after a
 * refusal: match_replay.c) holds exactly the keys it held.  64 keys are
 * minutes of play for a busy match and hours for most: a client retries
 * within seconds, and a retry older than that is applied as new.
 *
 * A leaf: it calls no other file of the store.
 */
#include "matches_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_json.h"
#include "wb_mem.h"

#define RAW(t, lit) game_text_raw((t), (lit), strlen(lit))

int match_key_ok(const char *key, size_t len)
{
    if (!key || len == 0 || len > MATCH_KEY_MAX)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (key[i] < 0x21 || key[i] > 0x7e)
            return 0;
    return 1;
}

/* FNV-1a, 64 bits: a retry sends the same request, any change shows. */
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t match_key_hash(const char *what, long n, const json_t *body)
{
    char num[24];
    uint64_t h = fnv(0xcbf29ce484222325ull, what, strlen(what) + 1);
    h = fnv(h, num, (size_t)snprintf(num, sizeof num, "%ld", n) + 1);
    if (body) {
        /* canonical: the same JSON written in another order or spacing is
         * the same request */
        char *s = json_dumps(body, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
        if (s)
            h = fnv(h, s, strlen(s));
        free(s);
    }
    return h;
}

void match_keys_add(match *m, const char *key, int caller, uint64_t hash, uint64_t version)
{
    if (!m->keys)
        m->keys = wb_calloc(MATCH_KEYS_KEPT, sizeof *m->keys);
    size_t at;
    if (m->nkeys < MATCH_KEYS_KEPT) {
        at = (m->key0 + m->nkeys++) % MATCH_KEYS_KEPT;
    } else { /* the oldest goes */
        at = m->key0;
        m->key0 = (m->key0 + 1) % MATCH_KEYS_KEPT;
    }
    match_keyent *e = &m->keys[at];
    snprintf(e->key, sizeof e->key, "%s", key);
    e->caller = caller;
    e->hash = hash;
    e->version = version;
}

const match_keyent *match_keys_find(const match *m, const char *key, int caller)
{
    for (size_t i = 0; i < m->nkeys; i++) {
        const match_keyent *e = &m->keys[(m->key0 + i) % MATCH_KEYS_KEPT];
        if (e->caller == caller && strcmp(e->key, key) == 0)
            return e;
    }
    return NULL;
}

static void hash_text(char out[17], uint64_t hash)
{
    snprintf(out, 17, "%016" PRIx64, hash);
}

void match_keys_text(const match *m, game_text *t)
{
    char h[17];
    RAW(t, "[");
    for (size_t i = 0; i < m->nkeys; i++) {
        const match_keyent *e = &m->keys[(m->key0 + i) % MATCH_KEYS_KEPT];
        if (i)
            RAW(t, ",");
        RAW(t, "{\"key\":");
        game_text_str(t, e->key);
        RAW(t, ",\"by\":");
        game_text_int(t, e->caller);
        hash_text(h, e->hash);
        RAW(t, ",\"kh\":");
        game_text_str(t, h);
        RAW(t, ",\"version\":");
        game_text_int(t, (json_int_t)e->version);
        RAW(t, "}");
    }
    RAW(t, "]");
}

/* One key from an object with "key", "by", "kh" and "version". */
static void add_from(match *m, const json_t *o)
{
    const char *key = json_string_value(json_object_get(o, "key"));
    const char *kh = json_string_value(json_object_get(o, "kh"));
    json_t *by = json_object_get(o, "by");
    if (!key || !kh || !json_is_integer(by) || !match_key_ok(key, strlen(key)))
        return;
    match_keys_add(m, key, (int)json_integer_value(by), strtoull(kh, NULL, 16),
                   (uint64_t)json_integer_value(json_object_get(o, "version")));
}

void match_keys_load(match *m, const json_t *keys)
{
    size_t i;
    const json_t *o;
    m->nkeys = m->key0 = 0;
    json_array_foreach(keys, i, o)
        add_from(m, o);
}

void match_keys_entry(match *m, const json_t *entry)
{
    if (json_object_get(entry, "key"))
        add_from(m, entry);
}

void match_keys_entry_text(game_text *t, const char *key, int caller, uint64_t hash)
{
    char h[17];
    RAW(t, ",\"key\":");
    game_text_str(t, key);
    RAW(t, ",\"by\":");
    game_text_int(t, caller);
    hash_text(h, hash);
    RAW(t, ",\"kh\":");
    game_text_str(t, h);
}
