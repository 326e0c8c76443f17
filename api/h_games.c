/*
 * h_games.c - handlers of the games: /v1/games/... and /v1/matches.
 *
 * Each handler works out who is calling (auth.c: the Bearer token gives a
 * seat, the host, or nobody, which is the public), checks its input,
 * calls one function of matches.h and turns the result into JSON.  The
 * game framework judges everything about the game itself; its reasons
 * (`why`) become the problem's detail.  The one event stream per caller is
 * in sse.c.
 *
 * Versions are HTTP entity tags: a view carries ETag "<version>";
 * If-None-Match with it gives 304, If-Match on an action gives 412 when
 * the match has moved on.
 */
#include "api_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bots.h"
#include "game_json.h"
#include "registry.h"
#include "wb_err.h"
#include "wb_mem.h"

#define QUOTE_MAX 80       /* bytes of input quoted in a detail */
#define SEED_MAX_INT (1ull << 53) /* largest seed sent as a JSON number */

/* --- common ---------------------------------------------------------------- */

/* api_reply_json for the games' answers, which go out on every action:
 * the same bytes, written without Jansson's dump (game_json.h). */
static void reply_json(api_req *r, unsigned status, json_t *body)
{
    size_t len = 0;
    char *text = game_text_dump(body, &len);
    json_decref(body);
    api_reply_text(r, status, text, len);
}

/* Games need a match store; a server without one has no such resources. */
static int have_games(api_req *r)
{
    if (r->ctx->matches)
        return 1;
    api_problem(r, API_P_NOT_FOUND, "this server runs no games");
    return 0;
}

/* A problem for error `err` of a matches.h call, with the game's reason
 * `why` (may be NULL; freed here) as the detail. */
static void match_err(api_req *r, int err, const char *fn, const char *id, char *why)
{
    api_prob p = api_prob_of_err(err);
    switch (err) {
    case WB_ENOTFOUND:
        api_no_match(r, id);
        break;
    case WB_EAUTH:
        api_problem(r, p, "%s", why ? why : "this needs a seat or host token: "
                                            "Authorization: Bearer <token>");
        break;
    case WB_EFORBIDDEN:
        api_problem(r, p, "%s", why ? why : "this token may not do that in this match");
        break;
    case WB_EFULL:
    case WB_ESTORE:
        free(why);
        why = NULL;
        api_problem(r, p, "%s", err == WB_EFULL
                                    ? "the server's storage is full, so nothing was changed; "
                                      "retry later"
                                    : "the server could not write to its storage, so nothing "
                                      "was changed; retry later");
        break;
    default:
        if (p == API_P_INTERNAL)
            api_problem(r, p, "%s: %s", fn, wb_strerror(err));
        else
            api_problem(r, p, "%s", why ? why : wb_strerror(err));
        break;
    }
    free(why);
}

static void set_etag(api_req *r, uint64_t version)
{
    api_add_header(r, "ETag", "\"%llu\"", (unsigned long long)version);
}

/* Split a list header (If-Match, If-None-Match) into its entity tags,
 * calling `fn` on each with the quotes and a weak "W/" taken off; stops
 * at the first non-zero return of `fn` and returns it.  "*" is passed as
 * it is. */
static int each_etag(const char *h, int (*fn)(void *ctx, const char *tag, size_t len, int weak),
                     void *ctx)
{
    const char *p = h;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (!*p)
            break;
        int weak = 0;
        if (p[0] == 'W' && p[1] == '/') {
            weak = 1;
            p += 2;
        }
        const char *s, *e;
        if (*p == '"') {
            s = ++p;
            while (*p && *p != '"')
                p++;
            e = p;
            if (*p == '"')
                p++;
        } else {
            s = p;
            while (*p && *p != ',' && *p != ' ' && *p != '\t')
                p++;
            e = p;
        }
        int rc = fn(ctx, s, (size_t)(e - s), weak);
        if (rc)
            return rc;
        while (*p && *p != ',')
            p++;
    }
    return 0;
}

struct etag_match {
    uint64_t version;
    int hit;
};

/* If-None-Match: a weak comparison, "*" matches any version. */
static int inm_one(void *ctx, const char *tag, size_t len, int weak)
{
    struct etag_match *m = ctx;
    uint64_t v;
    (void)weak;
    if ((len == 1 && tag[0] == '*') ||
        (api_parse_u64(tag, len, &v) == 0 && v == m->version)) {
        m->hit = 1;
        return 1;
    }
    return 0;
}

struct if_match {
    uint64_t current; /* the version now, to pick from a list */
    uint64_t pick;    /* the version to hand to match_apply; 0: none */
    int any;          /* "*" */
    int n;            /* tags seen */
    int bad;          /* a tag that is no version (never matches) */
};

/* If-Match: a strong comparison; weak tags never match. */
static int im_one(void *ctx, const char *tag, size_t len, int weak)
{
    struct if_match *m = ctx;
    uint64_t v;
    m->n++;
    if (len == 1 && tag[0] == '*' && !weak) {
        m->any = 1;
        return 0;
    }
    if (weak || api_parse_u64(tag, len, &v) != 0 || v == 0) {
        m->bad = 1;
        return 0;
    }
    if (!m->pick || v == m->current)
        m->pick = v;
    return 0;
}

/* The version an If-Match asks for: *out = 0 when there is none (or "*").
 * Returns 0, or -1 with a 412 set when no tag can be the current version. */
static int if_match_version(api_req *r, const char *id, uint64_t *out)
{
    *out = 0;
    const char *h = api_header(r, "If-Match");
    if (!h)
        return 0;
    struct if_match m = {match_version(r->ctx->matches, id), 0, 0, 0, 0};
    each_etag(h, im_one, &m);
    if (m.any)
        return 0;
    if (!m.pick) {
        api_problem(r, API_P_STALE_VERSION,
                    "If-Match names no version of this match; it is at version %llu",
                    (unsigned long long)m.current);
        if (m.current)
            set_etag(r, m.current);
        return -1;
    }
    *out = m.pick;
    return 0;
}

/* Read an unsigned query parameter as a u64: `def` when absent.  Returns 0
 * or -1 with a 400 bad_parameter. */
static int query_u64(api_req *r, const char *key, uint64_t def, uint64_t *out)
{
    size_t len;
    const char *v = api_query(r, key, &len);
    if (!v) {
        *out = def;
        return 0;
    }
    if (api_parse_u64(v, len, out)) {
        api_problem(r, API_P_BAD_PARAMETER, "%s must be a whole number, not \"%.*s\"", key,
                    api_clip(v, len, 40), v);
        return -1;
    }
    return 0;
}

/* --- GET /v1/games ---------------------------------------------------------- */

/* The bot kinds a seat of `k` may be played by: ["random", ...]. */
static json_t *bots_json(const game_kind *k)
{
    size_t n;
    const char *const *names = bot_names(&n);
    json_t *a = json_array();
    for (size_t i = 0; i < n; i++)
        if (bot_plays(k, names[i]))
            json_array_append_new(a, json_string(names[i]));
    return a;
}

/* The bots' levels; "about" what a bot knows at each, where the game says
 * (Wibbell's vocabularies). */
static json_t *levels_json(const game_kind *k)
{
    json_t *o = json_pack("{s:i, s:i, s:i}", "min", BOT_LEVEL_MIN, "max", BOT_LEVEL_MAX,
                          "default", BOT_LEVEL_DEFAULT);
    if (o && bot_level_about(k, BOT_LEVEL_MIN)) {
        json_t *a = json_array();
        for (int l = BOT_LEVEL_MIN; l <= BOT_LEVEL_MAX; l++)
            json_array_append_new(a, json_string(bot_level_about(k, l)));
        json_object_set_new(o, "about", a);
    }
    return o;
}

void api_h_games(api_req *r)
{
    size_t n;
    const game_kind *const *kinds = game_registry(&n);
    json_t *a = json_array();
    int rc = !a;
    for (size_t i = 0; !rc && i < n; i++) {
        const game_kind *k = kinds[i];
        json_t *opts = k->options ? k->options() : json_object();
        json_t *o = json_object();
        rc |= !o || !opts;
        rc |= json_object_set_new(o, "name", json_string(k->name));
        rc |= json_object_set_new(o, "title", json_string(k->title));
        rc |= json_object_set_new(o, "min_players", json_integer(k->min_players));
        rc |= json_object_set_new(o, "max_players", json_integer(k->max_players));
        rc |= json_object_set_new(o, "options", opts);
        rc |= json_object_set_new(o, "bots", bots_json(k));
        rc |= json_object_set_new(o, "levels", levels_json(k));
        rc |= json_array_append_new(a, o);
    }
    json_t *body = rc ? NULL : json_pack("{s:o}", "games", a);
    if (rc)
        json_decref(a);
    api_reply_json(r, 200, body);
}

/* --- POST /v1/games ---------------------------------------------------------- */

/* The seed of a create body: absent or null, a JSON integer 0..2^53, or a
 * string of digits for any u64.  Returns 0 or -1 with a problem. */
static int body_seed(api_req *r, const json_t *js, uint64_t *seed, int *has)
{
    *has = 0;
    if (!js || json_is_null(js))
        return 0;
    if (json_is_integer(js)) {
        json_int_t v = json_integer_value(js);
        if (v < 0 || (unsigned long long)v > SEED_MAX_INT) {
            api_problem(r, API_P_BAD_REQUEST,
                        "seed must be from 0 to 2^53 as a number; send larger ones as a "
                        "string of digits");
            return -1;
        }
        *seed = (uint64_t)v;
        *has = 1;
        return 0;
    }
    if (json_is_string(js) &&
        api_parse_u64(json_string_value(js), json_string_length(js), seed) == 0) {
        *has = 1;
        return 0;
    }
    api_problem(r, API_P_BAD_REQUEST,
                "seed must be a whole number from 0 to 2^53, or a string of digits up to "
                "18446744073709551615");
    return -1;
}

/* The creation is durable (or failed): answer it. */
static void created(void *ctx, int rc, json_t *out)
{
    api_keyed *k = ctx;
    api_req *r = k->r;
    const char *id = json_string_value(json_object_get(out, "id"));
    if (rc) {
        match_err(r, rc, "match_create", "", NULL);
    } else if (!id) {
        api_problem(r, API_P_INTERNAL, "match_create gave no id");
    } else {
        api_add_header(r, "Location", "/v1/games/%s", id);
        set_etag(r, 1);
        api_idem_answered(r, k);
        /* the headers survive: reply_json() does not touch them */
        reply_json(r, 201, out);
        out = NULL;
    }
    json_decref(out);
    free(k);
    api_resume(r);
}

void api_h_game_create(api_req *r)
{
    json_t *body = NULL;
    char *why = NULL;
    api_keyed *k = NULL;
    if (!have_games(r))
        goto out;
    k = wb_calloc(1, sizeof *k);
    if (api_idem_read(r, k) || api_body_object(r, &body))
        goto out;

    json_t *jg = json_object_get(body, "game");
    if (!json_is_string(jg)) {
        api_problem(r, API_P_BAD_REQUEST,
                    "game is required: the name of a game, as GET /v1/games lists them");
        goto out;
    }
    const char *game = json_string_value(jg);
    if (!game_find(game)) {
        api_problem(r, API_P_UNKNOWN_GAME,
                    "there is no game \"%.*s\"; GET /v1/games lists them",
                    api_clip(game, json_string_length(jg), QUOTE_MAX), game);
        goto out;
    }
    json_t *players = json_object_get(body, "players");
    if (!json_is_array(players)) {
        api_problem(r, API_P_BAD_REQUEST, "players is required: an array of names (and "
                                          "{\"name\",\"bot\",\"level\"} for bots)");
        goto out;
    }
    json_t *options = json_object_get(body, "options");
    if (json_is_null(options))
        options = NULL;
    if (options && !json_is_object(options)) {
        api_problem(r, API_P_BAD_REQUEST, "options must be an object");
        goto out;
    }
    uint64_t seed = 0;
    int has_seed;
    if (body_seed(r, json_object_get(body, "seed"), &seed, &has_seed))
        goto out;

    api_defer(r);
    int rc = match_create_async(r->ctx->matches, game, players, options, seed, has_seed, &k->k,
                                created, k, &why);
    if (rc && api_idem_refused(r, k, why))
        ; /* the key came with another request */
    else if (rc == WB_ENOTFOUND)
        api_problem(r, API_P_UNKNOWN_GAME, "there is no game \"%.*s\"",
                    api_clip(game, json_string_length(jg), QUOTE_MAX), game);
    else if (rc == WB_ELIMIT)
        api_problem(r, API_P_MATCH_LIMIT,
                    "%s", why ? why : "the server holds as many live matches as it may; "
                                      "finish or delete one, or retry later");
    else if (rc) {
        match_err(r, rc, "match_create", "", why);
        why = NULL;
    }
    if (!rc)
        k = NULL; /* the answer's */
    if (rc)
        api_resume(r); /* answered at once */
out:
    free(k);
    free(why);
    json_decref(body);
}

/* --- GET /v1/games/{id} ----------------------------------------------------- */

void api_h_game_view(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;
    const char *inm = api_header(r, "If-None-Match");
    if (inm) {
        struct etag_match m = {match_version(r->ctx->matches, id), 0};
        if (m.version && (each_etag(inm, inm_one, &m), m.hit)) {
            api_reply_static(r, 304, NULL, "private, no-cache", "", 0);
            set_etag(r, m.version);
            api_add_header(r, "Vary", "Authorization");
            return;
        }
    }
    json_t *view = NULL;
    uint64_t version = 0;
    int rc = match_view(r->ctx->matches, id, seat, &view, &version);
    if (rc) {
        match_err(r, rc, "match_view", id, NULL);
        return;
    }
    reply_json(r, 200, view);
    if (r->status == 200) {
        /* one URL, one view per token: caches must keep them apart */
        r->cache_control = "private, no-cache";
        set_etag(r, version);
        api_add_header(r, "Vary", "Authorization");
    }
}

/* --- DELETE /v1/games/{id} ---------------------------------------------------- */

/* The deletion is durable (or failed): answer it. */
static void deleted(void *ctx, int rc, json_t *out)
{
    api_req *r = ctx;
    json_decref(out);
    if (rc)
        match_err(r, rc, "match_delete", r->arg[0], NULL);
    else
        api_reply_static(r, 204, NULL, "no-store", "", 0);
    api_resume(r);
}

void api_h_game_delete(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;
    if (seat == GAME_SEAT_PUBLIC) {
        api_problem(r, API_P_UNAUTHORIZED, "deleting a match needs its host token");
        return;
    }
    api_defer(r);
    int rc = match_delete_async(r->ctx->matches, id, seat, deleted, r);
    if (rc == WB_EFORBIDDEN)
        api_problem(r, API_P_FORBIDDEN, "only the host token may delete a match");
    else if (rc)
        match_err(r, rc, "match_delete", id, NULL);
    if (rc)
        api_resume(r); /* answered at once */
}

/* --- GET and POST /v1/games/{id}/actions ------------------------------------ */

void api_h_game_actions(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;
    json_t *out = NULL;
    int rc = match_actions(r->ctx->matches, id, seat, &out);
    if (rc) {
        match_err(r, rc, "match_actions", id, NULL);
        return;
    }
    reply_json(r, 200, out);
}

/* The action is durable (or its commit failed): answer it. */
static void acted(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    api_keyed *k = ctx;
    api_req *r = k->r;
    if (rc) {
        match_err(r, rc, "match_apply", r->arg[0], NULL);
    } else {
        api_reply_text(r, 200, text, len);
        if (r->status == 200 && version > 0)
            set_etag(r, version);
        if (r->status == 200)
            api_idem_answered(r, k);
    }
    free(k);
    api_resume(r);
}

void api_h_game_act(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    uint64_t if_match;
    json_t *body = NULL;
    char *why = NULL;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;
    if (seat == GAME_SEAT_PUBLIC) {
        api_problem(r, API_P_UNAUTHORIZED,
                    "acting needs a seat or host token: Authorization: Bearer <token>");
        return;
    }
    api_keyed *k = wb_calloc(1, sizeof *k);
    if (api_idem_read(r, k) || if_match_version(r, id, &if_match) ||
        api_body_object(r, &body)) {
        free(k);
        goto out;
    }
    api_defer(r);
    int rc = match_apply_async(r->ctx->matches, id, seat, body, if_match, &k->k, acted, k, &why);
    if (rc && api_idem_refused(r, k, why)) {
        /* the key came with another request */
    } else if (rc == WB_ESTALE) {
        uint64_t cur = match_version(r->ctx->matches, id);
        api_problem(r, API_P_STALE_VERSION,
                    "the match is at version %llu, not %llu; read it again and retry",
                    (unsigned long long)cur, (unsigned long long)if_match);
        if (cur)
            set_etag(r, cur);
    } else if (rc) {
        match_err(r, rc, "match_apply", id, why);
        why = NULL;
    }
    if (rc) {
        free(k);
        api_resume(r); /* answered at once */
    }
out:
    free(why);
    json_decref(body);
}

/* --- POST /v1/games/{id}/end ------------------------------------------------ */

void api_h_game_end(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    char *why = NULL;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;
    if (seat == GAME_SEAT_PUBLIC) {
        api_problem(r, API_P_UNAUTHORIZED, "ending a match needs its host token");
        return;
    }
    api_keyed *k = wb_calloc(1, sizeof *k);
    if (api_idem_read(r, k)) {
        free(k);
        return;
    }
    api_defer(r);
    int rc = match_end_async(r->ctx->matches, id, seat, &k->k, acted, k, &why);
    if (rc && api_idem_refused(r, k, why)) {
        /* the key came with another request */
    } else if (rc == WB_EFORBIDDEN) {
        api_problem(r, API_P_FORBIDDEN, "only the host token may end a match");
    } else if (rc) {
        match_err(r, rc, "match_end", id, why);
        why = NULL;
    }
    if (rc) {
        free(k);
        api_resume(r); /* answered at once */
    }
    free(why);
}

/* --- PUT /v1/games/{id}/seats/{n} ------------------------------------------- */

/* The seat changed hands, durably (or not): the action's answer with the
 * seat's new hands on top ({"seat","name","bot"[,"level"]|"token"}), from
 * its seat_changed event. */
static void seated(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    api_keyed *k = ctx;
    api_req *r = k->r;
    json_t *out = rc ? NULL : json_loadb(text ? text : "", text ? len : 0, 0, NULL);
    json_t *ev = json_array_get(json_object_get(out, "events"), 0);
    free(text);
    if (rc) {
        match_err(r, rc, "match_seat", r->arg[0], NULL);
    } else if (!ev) {
        json_decref(out);
        api_problem(r, API_P_INTERNAL, "match_seat gave no event");
    } else {
        json_t *seat = json_deep_copy(ev);
        json_object_del(seat, "type");
        json_object_update(out, seat);
        json_decref(seat);
        set_etag(r, version);
        api_idem_answered(r, k);
        reply_json(r, 200, out);
    }
    free(k);
    api_resume(r);
}

void api_h_game_seat(api_req *r)
{
    const char *id = r->arg[0];
    int caller;
    uint64_t n;
    json_t *body = NULL;
    char *why = NULL;
    if (!have_games(r) || api_caller(r, id, &caller))
        return;
    if (caller == GAME_SEAT_PUBLIC) {
        api_problem(r, API_P_UNAUTHORIZED, "handing a seat over needs the host token");
        return;
    }
    if (caller != GAME_SEAT_HOST) {
        api_problem(r, API_P_FORBIDDEN, "only the host token may hand a seat over");
        return;
    }
    if (api_parse_u64(r->arg[1], strlen(r->arg[1]), &n) || n > 1000) {
        api_problem(r, API_P_NOT_FOUND, "no seat \"%.*s\": seats are numbered from 0",
                    api_clip(r->arg[1], strlen(r->arg[1]), QUOTE_MAX), r->arg[1]);
        return;
    }
    api_keyed *k = wb_calloc(1, sizeof *k);
    if (api_idem_read(r, k) || api_body_object(r, &body)) {
        free(k);
        return;
    }
    api_defer(r);
    int rc = match_seat_async(r->ctx->matches, id, caller, (size_t)n, body, &k->k, seated, k,
                              &why);
    if (rc && api_idem_refused(r, k, why)) {
        /* the key came with another request */
    } else if (rc == WB_ENOTFOUND && why) {
        api_problem(r, API_P_NOT_FOUND, "%s", why);
    } else if (rc) {
        match_err(r, rc, "match_seat", id, why);
        why = NULL;
    }
    if (rc) {
        free(k);
        api_resume(r); /* answered at once */
    }
    free(why);
    json_decref(body);
}

/* --- GET /v1/games/{id}/log ------------------------------------------------- */

void api_h_game_log(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    uint64_t after;
    if (!have_games(r) || api_caller(r, id, &seat) || query_u64(r, "after", 0, &after))
        return;
    json_t *out = NULL;
    int rc = match_log(r->ctx->matches, id, seat, after, &out);
    if (rc) {
        match_err(r, rc, "match_log", id, NULL);
        return;
    }
    api_reply_json(r, 200, out);
}

/* --- GET /v1/games/{id}/events ---------------------------------------------- */

void api_h_game_events(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    size_t tlen;
    /* a browser's EventSource cannot send Authorization: a ticket
     * (auth.c) stands for the seat instead */
    const char *ticket = api_query(r, "ticket", &tlen);
    if (!have_games(r) ||
        (ticket ? api_ticket_redeem(r, id, ticket, tlen, &seat) : api_caller(r, id, &seat)))
        return;
    /* the browser's EventSource sends Last-Event-ID; a client that cannot
     * set headers may give last_event_id in the query */
    uint64_t after = 0;
    int has_after = 0;
    const char *h = api_header(r, "Last-Event-ID");
    size_t len;
    const char *q = api_query(r, "last_event_id", &len);
    if (h) {
        while (*h == ' ')
            h++;
        size_t n = strlen(h);
        while (n > 0 && h[n - 1] == ' ')
            n--;
        if (n > 0 && api_parse_u64(h, n, &after)) {
            api_problem(r, API_P_BAD_PARAMETER,
                        "Last-Event-ID must be a version (a whole number), not \"%.*s\"",
                        api_clip(h, n, 40), h);
            return;
        }
        has_after = n > 0;
    } else if (q) {
        if (api_parse_u64(q, len, &after)) {
            api_problem(r, API_P_BAD_PARAMETER,
                        "last_event_id must be a version (a whole number), not \"%.*s\"",
                        api_clip(q, len, 40), q);
            return;
        }
        has_after = 1;
    }
    api_sse_open(r, id, seat, has_after, after);
}

/* --- GET /v1/games/{id}/query/{name} ------------------------------------------ */

void api_h_game_query(api_req *r)
{
    const char *id = r->arg[0];
    const char *name = r->arg[1];
    int seat;
    json_t *args = NULL, *out = NULL;
    char *why = NULL;
    if (!have_games(r) || api_caller(r, id, &seat))
        return;

    size_t flen = 0;
    const char *format = api_query(r, "format", &flen);
    int csv = 0, svg = 0;
    if (format) {
        if (strcmp(format, "csv") == 0) {
            csv = 1;
        } else if (strcmp(format, "svg") == 0) {
            svg = 1;
        } else if (strcmp(format, "json") != 0) {
            api_problem(r, API_P_BAD_PARAMETER, "format must be json, csv or svg, not \"%.*s\"",
                        api_clip(format, flen, 40), format);
            return;
        }
    }
    /* every other parameter is an argument of the question, as a string */
    args = json_object();
    for (size_t i = 0; args && i < r->nquery; i++) {
        const api_param *p = &r->query[i];
        if (strcmp(p->key, "format") == 0)
            continue;
        if (json_object_get(args, p->key)) {
            api_problem(r, API_P_BAD_PARAMETER, "%s is given twice", p->key);
            goto out;
        }
        if (json_object_set_new(args, p->key, json_stringn(p->val, p->vlen))) {
            api_problem(r, API_P_INTERNAL, "cannot build the query arguments");
            goto out;
        }
    }
    if (!args) {
        api_problem(r, API_P_INTERNAL, "out of memory");
        goto out;
    }
    int rc = match_query(r->ctx->matches, id, seat, name, args, &out, &why);
    if (rc == WB_ENOTFOUND) {
        free(why);
        why = NULL;
        if (match_version(r->ctx->matches, id) == 0)
            api_no_match(r, id);
        else
            api_problem(r, API_P_NOT_FOUND, "this game answers no question \"%.*s\"",
                        api_clip(name, r->arglen[1], QUOTE_MAX), name);
        goto out;
    }
    if (rc) {
        match_err(r, rc, "match_query", id, why);
        why = NULL;
        goto out;
    }
    if (!csv && !svg) {
        api_reply_json(r, 200, out);
        out = NULL;
        goto out;
    }
    size_t len = 0;
    /* A picture: an answer with an "svg" string (Woobieworld's map). */
    const char *pic = svg ? json_string_value(json_object_get(out, "svg")) : NULL;
    char *text = svg ? (pic ? wb_strdup(pic) : NULL) : api_csv(out, &len);
    if (svg && !text) {
        api_problem(r, API_P_BAD_PARAMETER,
                    "the answer to \"%.*s\" is not a picture; ask for format=json",
                    api_clip(name, r->arglen[1], QUOTE_MAX), name);
        goto out;
    }
    if (svg)
        len = strlen(text);
    if (!text) {
        api_problem(r, API_P_BAD_PARAMETER,
                    "the answer to \"%.*s\" is not a table of rows; ask for format=json",
                    api_clip(name, r->arglen[1], QUOTE_MAX), name);
        goto out;
    }
    free(r->out);
    r->out = text;
    r->out_static = NULL;
    r->out_len = len;
    r->status = 200;
    r->content_type = svg ? "image/svg+xml" : "text/csv; charset=utf-8";
    r->cache_control = "no-store";
    r->code = NULL;
out:
    free(why);
    json_decref(out);
    json_decref(args);
}

/* --- GET /v1/matches ----------------------------------------------------------- */

void api_h_matches(api_req *r)
{
    if (!have_games(r))
        return;
    size_t len = 0;
    const char *status = api_query(r, "status", &len);
    if (status && strcmp(status, "active") != 0 && strcmp(status, "finished") != 0 &&
        strcmp(status, "abandoned") != 0) {
        api_problem(r, API_P_BAD_PARAMETER,
                    "status must be active, finished or abandoned, not \"%.*s\"",
                    api_clip(status, len, 40), status);
        return;
    }
    size_t limit, clen = 0;
    if (api_query_size(r, "limit", 100, 1, 1000, &limit))
        return;
    const char *cursor = api_query(r, "after", &clen);
    json_t *out = NULL;
    int rc = match_list(r->ctx->matches, status, cursor, limit, &out);
    if (rc == WB_EINVAL) {
        api_problem(r, API_P_BAD_PARAMETER,
                    "after must be the \"next\" of an earlier page, not \"%.*s\"",
                    api_clip(cursor, clen, 60), cursor);
        return;
    }
    if (rc) {
        match_err(r, rc, "match_list", "", NULL);
        return;
    }
    api_reply_json(r, 200, out);
}
