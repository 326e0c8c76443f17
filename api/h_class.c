/*
 * h_class.c - handlers of class sessions: a student joins with the join
 * code (POST /v1/join), the teacher changes members and locks the class
 * (/v1/games/{id}/members/..., /v1/games/{id}/class).  Everything else a
 * member does goes through the games' own routes with its token
 * (matches.h, "Class sessions").
 *
 * A join code is short, so it must not be found by trying: a client
 * address that gave JOIN_FAILS_MAX wrong codes within JOIN_WINDOW_MS is
 * answered 429 too_many_attempts for every join until the window has
 * passed (a class behind one school address mistypes far fewer).  An
 * IPv6 client is its /64, which one host can fill with addresses (as the
 * connection cap counts it).  Behind a proxy the address is the proxy's:
 * the proxy should limit instead.
 */
#include "api_int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"

#define JOIN_FAILS_MAX 30     /* wrong codes per address and window */
#define JOIN_WINDOW_MS 60000
#define JOIN_SLOTS 512        /* addresses remembered (the oldest goes) */
#define JOIN_KEY_MIN 16       /* a join's Idempotency-Key, at least */

/* --- the limit on wrong codes ------------------------------------------------ */

typedef struct join_slot {
    unsigned char addr[16];
    size_t alen; /* 0: free */
    int64_t since;
    unsigned fails;
} join_slot;

static pthread_mutex_t slots_mu = PTHREAD_MUTEX_INITIALIZER;
static join_slot slots[JOIN_SLOTS];

/* The slot of this address (a new one, or the oldest, when it has none);
 * under slots_mu.  Its window starts again once it has passed. */
static join_slot *slot_of(const unsigned char *addr, size_t alen, int64_t now)
{
    join_slot *old = &slots[0];
    for (size_t i = 0; i < JOIN_SLOTS; i++) {
        join_slot *s = &slots[i];
        if (s->alen == alen && memcmp(s->addr, addr, alen) == 0) {
            if (now - s->since >= JOIN_WINDOW_MS)
                s->since = now, s->fails = 0;
            return s;
        }
        if (!s->alen || s->since < old->since || (old->alen && now - s->since >= JOIN_WINDOW_MS))
            old = s;
    }
    memcpy(old->addr, addr, alen);
    old->alen = alen;
    old->since = now;
    old->fails = 0;
    return old;
}

/* Who is trying: the client's address, an IPv6 one's /64. */
static size_t client_key(const api_req *r, unsigned char addr[16])
{
    size_t alen = api_client_ip(r, addr);
    return alen == 16 ? 8 : alen;
}

/* May this address try a code now?  0, or the seconds until it may. */
static unsigned join_blocked(const api_req *r)
{
    unsigned char addr[16];
    size_t alen = client_key(r, addr);
    unsigned wait = 0;
    if (!alen)
        return 0;
    int64_t now = api_mono_ms();
    pthread_mutex_lock(&slots_mu);
    join_slot *s = slot_of(addr, alen, now);
    if (s->fails >= JOIN_FAILS_MAX)
        wait = (unsigned)((JOIN_WINDOW_MS - (now - s->since)) / 1000 + 1);
    pthread_mutex_unlock(&slots_mu);
    return wait;
}

static void join_failed(const api_req *r)
{
    unsigned char addr[16];
    size_t alen = client_key(r, addr);
    if (!alen)
        return;
    pthread_mutex_lock(&slots_mu);
    slot_of(addr, alen, api_mono_ms())->fails++;
    pthread_mutex_unlock(&slots_mu);
}

/* --- common ---------------------------------------------------------------------- */

/* The problem of a class's refusal, by the store's stable reason. */
static api_prob prob_of_reason(const char *reason, int rc)
{
    static const struct {
        const char *reason;
        api_prob prob;
    } tab[] = {
        {"unknown_join_code", API_P_UNKNOWN_JOIN_CODE}, {"unknown_team", API_P_NOT_FOUND},
        {"bad_nickname", API_P_BAD_NICKNAME},           {"class_locked", API_P_CLASS_LOCKED},
        {"class_full", API_P_CLASS_FULL},               {"class_over", API_P_CLASS_OVER},
        {"nickname_taken", API_P_NICKNAME_TAKEN},       {"team_full", API_P_TEAM_FULL},
    };
    for (size_t i = 0; reason && i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(tab[i].reason, reason) == 0)
            return tab[i].prob;
    return api_prob_of_err(rc);
}

/* A request that answers once durable: the request, what its answer
 * shows, and the token the store writes before it can be called. */
enum { ANSWER_JOINED, ANSWER_TOKEN, ANSWER_PLAIN };
typedef struct class_wait {
    api_req *r;
    int answer;
    char token[MATCH_TOKEN_MAX + 1];
    api_keyed k; /* a teacher's change: its Idempotency-Key */
} class_wait;

static class_wait *class_wait_new(api_req *r, int answer)
{
    class_wait *w = wb_calloc(1, sizeof *w);
    w->r = r;
    w->answer = answer;
    return w;
}

/* Durable (or not): a join answers 201 with who the member is (the view's
 * "class"."you"), its token and its view; a new token 200 with the member
 * (its event) and the token; any other change the action's answer. */
static void class_answer(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    class_wait *w = ctx;
    api_req *r = w->r;
    json_t *out = rc ? NULL : json_loadb(text ? text : "", text ? len : 0, 0, NULL);
    json_t *state = json_object_get(out, "state");
    json_t *who = w->answer == ANSWER_JOINED
                      ? json_object_get(json_object_get(state, "class"), "you")
                      : json_array_get(json_object_get(out, "events"), 0);
    free(text);
    if (rc) {
        api_problem(r, api_prob_of_err(rc), "%s",
                    rc == WB_EFULL ? "the server's storage is full, so nothing was changed; "
                                     "retry later"
                                   : "the server could not write to its storage, so nothing "
                                     "was changed; retry later");
    } else if (!json_is_object(out) || !json_is_object(who)) {
        api_problem(r, API_P_INTERNAL, "the class's answer has no member");
    } else {
        if (w->answer != ANSWER_PLAIN) {
            json_t *a = json_pack("{s:O, s:O, s:O, s:O, s:s}", "member",
                                  json_object_get(who, "member"), "nickname",
                                  json_object_get(who, "nickname"), "seat",
                                  json_object_get(who, "seat"), "team",
                                  json_object_get(who, "team"), "token", w->token);
            if (w->answer == ANSWER_JOINED)
                json_object_update_new(a, json_pack("{s:O, s:O}", "id",
                                                    json_object_get(state, "id"), "game",
                                                    json_object_get(state, "game")));
            if (!w->token[0]) /* a readmit's replay: the token was the first answer's */
                json_object_del(a, "token");
            json_object_update(a, out);
            json_decref(out);
            out = a;
        }
        api_add_header(r, "ETag", "\"%llu\"", (unsigned long long)version);
        api_idem_answered(r, &w->k);
        api_reply_json(r, w->answer == ANSWER_JOINED ? 201 : 200, out);
        out = NULL;
    }
    json_decref(out);
    free(w);
    api_resume(r);
}

/* --- POST /v1/join --------------------------------------------------------------------- */

void api_h_join(api_req *r)
{
    json_t *body = NULL;
    char *why = NULL;
    const char *reason = NULL;
    if (!r->ctx->matches) {
        api_problem(r, API_P_NOT_FOUND, "this server runs no games");
        return;
    }
    unsigned wait = join_blocked(r);
    if (wait) {
        api_problem(r, API_P_TOO_MANY_ATTEMPTS,
                    "too many wrong join codes from this address: try again in %u s", wait);
        api_clear_headers(r);
        api_add_header(r, "Retry-After", "%u", wait);
        return;
    }
    if (api_body_object(r, &body))
        return;
    const json_t *jc = json_object_get(body, "code"), *jn = json_object_get(body, "nickname");
    const json_t *jt = json_object_get(body, "team");
    const char *key;
    json_t *v;
    json_object_foreach(body, key, v)
        if (strcmp(key, "code") && strcmp(key, "nickname") && strcmp(key, "team")) {
            api_problem(r, API_P_BAD_REQUEST, "unknown member \"%.*s\": a join is {\"code\", "
                        "\"nickname\"[, \"team\"]}", api_clip(key, strlen(key), 40), key);
            goto out;
        }
    if (!json_is_string(jc) || !json_is_string(jn) || (jt && !json_is_integer(jt))) {
        api_problem(r, API_P_BAD_REQUEST, "a join is {\"code\": \"the class's code\", "
                    "\"nickname\": \"your name in the class\"[, \"team\": 0]}");
        goto out;
    }
    json_int_t team = jt ? json_integer_value(jt) : -1;
    if (jt && (team < 0 || team > 1000)) {
        api_problem(r, API_P_NOT_FOUND, "no team %lld: teams are numbered from 0",
                    (long long)team);
        goto out;
    }
    class_wait *w = class_wait_new(r, ANSWER_JOINED);
    if (api_idem_read(r, &w->k)) {
        free(w);
        goto out;
    }
    /* a retry's answer holds the member's token: its key is as secret */
    if (w->k.k.key && strlen(w->k.k.key) < JOIN_KEY_MIN) {
        api_problem(r, API_P_BAD_IDEMPOTENCY_KEY,
                    "a join's Idempotency-Key must be %d to %d characters (a retry is "
                    "answered with the member's token, so the key must not be guessed)",
                    JOIN_KEY_MIN, MATCH_KEY_MAX);
        free(w);
        goto out;
    }
    api_defer(r);
    int rc = match_join_async(r->ctx->matches, json_string_value(jc), json_string_value(jn),
                              (int)team, &w->k.k, class_answer, w, w->token, &reason, &why);
    if (rc) {
        int reused = api_idem_refused(r, &w->k, why);
        free(w);
        if (reused)
            ; /* the key came with another join */
        else {
            if (reason && strcmp(reason, "unknown_join_code") == 0)
                join_failed(r);
            api_problem(r, prob_of_reason(reason, rc), "%s", why ? why : wb_strerror(rc));
        }
        api_resume(r); /* answered at once */
    }
out:
    free(why);
    json_decref(body);
}

/* --- the teacher's changes ---------------------------------------------------------- */

/* The caller must be the host of match `id`: 0, or -1 with the problem set. */
static int host_only(api_req *r, const char *id, const char *what)
{
    int caller;
    if (!r->ctx->matches) {
        api_problem(r, API_P_NOT_FOUND, "this server runs no games");
        return -1;
    }
    if (api_caller(r, id, &caller))
        return -1;
    if (caller == GAME_SEAT_HOST)
        return 0;
    api_problem(r, caller == GAME_SEAT_PUBLIC ? API_P_UNAUTHORIZED : API_P_FORBIDDEN,
                "only the teacher (the match's host token) may %s", what);
    return -1;
}

/* Change member r->arg[1] of match r->arg[0] with `body`; `fresh`: the
 * answer holds its new token. */
static void member_change(api_req *r, json_t *body, int fresh)
{
    const char *id = r->arg[0];
    uint64_t n;
    char *why = NULL;
    const char *reason = NULL;
    if (api_parse_u64(r->arg[1], strlen(r->arg[1]), &n) || n > MATCH_MEMBERS_MAX * 100) {
        api_problem(r, API_P_NOT_FOUND, "no member \"%.*s\": members are numbered from 0",
                    api_clip(r->arg[1], strlen(r->arg[1]), 40), r->arg[1]);
        return;
    }
    class_wait *w = class_wait_new(r, fresh ? ANSWER_TOKEN : ANSWER_PLAIN);
    if (api_idem_read(r, &w->k)) {
        free(w);
        return;
    }
    api_defer(r);
    int rc = match_member_async(r->ctx->matches, id, GAME_SEAT_HOST, (size_t)n, body, &w->k.k,
                                class_answer, w, w->token, &reason, &why);
    if (rc) {
        int reused = api_idem_refused(r, &w->k, why);
        free(w);
        if (reused)
            ; /* the key came with another request */
        else if (rc == WB_ENOTFOUND && !why)
            api_no_match(r, id);
        else
            api_problem(r, prob_of_reason(reason, rc), "%s", why ? why : wb_strerror(rc));
        api_resume(r);
    }
    free(why);
}

/* PUT /v1/games/{id}/members/{n}: rename or move. */
void api_h_member_put(api_req *r)
{
    json_t *body = NULL;
    if (host_only(r, r->arg[0], "rename or move a member") || api_body_object(r, &body))
        return;
    if (json_object_get(body, "removed") || json_object_get(body, "new_token")) {
        api_problem(r, API_P_BAD_REQUEST, "a member's change is {\"nickname\"} or "
                    "{\"seat\"}: DELETE removes a member, POST .../token readmits one");
    } else {
        member_change(r, body, 0);
    }
    json_decref(body);
}

/* DELETE /v1/games/{id}/members/{n}: remove a member (its words stay). */
void api_h_member_delete(api_req *r)
{
    if (host_only(r, r->arg[0], "remove a member"))
        return;
    json_t *body = json_pack("{s:b}", "removed", 1);
    member_change(r, body, 0);
    json_decref(body);
}

/* POST /v1/games/{id}/members/{n}/token: readmit a member whose phone is
 * gone, with a new token (the old one stops working). */
void api_h_member_token(api_req *r)
{
    if (host_only(r, r->arg[0], "readmit a member"))
        return;
    json_t *body = json_pack("{s:b}", "new_token", 1);
    member_change(r, body, 1);
    json_decref(body);
}

/* PUT /v1/games/{id}/class: {"locked": bool}. */
void api_h_class_put(api_req *r)
{
    json_t *body = NULL;
    char *why = NULL;
    if (host_only(r, r->arg[0], "lock or open the class") || api_body_object(r, &body))
        return;
    class_wait *w = class_wait_new(r, ANSWER_PLAIN);
    if (api_idem_read(r, &w->k)) {
        free(w);
        json_decref(body);
        return;
    }
    api_defer(r);
    int rc = match_class_async(r->ctx->matches, r->arg[0], GAME_SEAT_HOST, body, &w->k.k,
                               class_answer, w, &why);
    if (rc) {
        int reused = api_idem_refused(r, &w->k, why);
        free(w);
        if (reused)
            ; /* the key came with another request */
        else if (rc == WB_ENOTFOUND && !why)
            api_no_match(r, r->arg[0]);
        else
            api_problem(r, api_prob_of_err(rc), "%s", why ? why : wb_strerror(rc));
        api_resume(r);
    }
    free(why);
    json_decref(body);
}
