/*
 * problem.c - the one table from error to HTTP status and problem code.
 *
 * Every error response of wibbelld is an RFC 9457 problem document:
 *
 *   {"type":"https://wibbelld.invalid/problems/bad_word","title":"...",
 *    "status":400,"detail":"...","code":"bad_word"}
 *
 * `code` is stable: clients switch on it.  Which wb_err code becomes which
 * problem is decided here too, so a status never gets chosen in a handler.
 */
#include "api_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"

#define PROBLEM_TYPE_BASE "https://wibbelld.invalid/problems/"

static const struct {
    unsigned status;
    const char *code;
    const char *title;
    const char *hdr, *hdr_val; /* a header the status calls for, or NULL */
} probtab[API_P_COUNT_] = {
    [API_P_BAD_REQUEST] = {400, "bad_request", "The request is not what this endpoint takes"},
    [API_P_BAD_JSON] = {400, "bad_json", "The body is not valid JSON"},
    [API_P_BAD_UTF8] = {400, "bad_utf8", "The input is not valid UTF-8"},
    [API_P_BAD_WORD] = {400, "bad_word", "Not a word made of letters"},
    [API_P_BAD_CARD] = {400, "bad_card", "Not a card: a card is one or more letters"},
    [API_P_BAD_PARAMETER] = {400, "bad_parameter", "A query parameter is invalid"},
    [API_P_NOT_FOUND] = {404, "not_found", "No such resource"},
    [API_P_UNKNOWN_DICTIONARY] = {404, "unknown_dictionary", "No such dictionary"},
    [API_P_METHOD_NOT_ALLOWED] = {405, "method_not_allowed", "Method not allowed on this resource"},
    [API_P_CONFLICT] = {409, "conflict", "Conflicting or stale state"},
    [API_P_BODY_TOO_LARGE] = {413, "body_too_large", "The request body is too large"},
    [API_P_URI_TOO_LONG] = {414, "uri_too_long", "The request target is too long"},
    [API_P_INTERNAL] = {500, "internal", "Internal server error"},
    [API_P_UNKNOWN_GAME] = {400, "unknown_game", "No such game"},
    [API_P_UNAUTHORIZED] = {401, "unauthorized", "A token is required", "WWW-Authenticate",
                            "Bearer"},
    [API_P_FORBIDDEN] = {403, "forbidden", "This token does not allow this"},
    [API_P_UNKNOWN_MATCH] = {404, "unknown_match", "No such match"},
    [API_P_NOT_YOUR_TURN] = {409, "not_your_turn", "This seat may not act now"},
    [API_P_STALE_VERSION] = {412, "stale_version", "The match has moved on since that version"},
    [API_P_ILLEGAL_ACTION] = {422, "illegal_action", "The rules do not allow this action"},
    [API_P_MATCH_LIMIT] = {503, "match_limit", "Too many live matches", "Retry-After", "60"},
    [API_P_TOO_MANY_STREAMS] = {503, "too_many_streams", "Too many event streams are open",
                                "Retry-After", "5"},
    [API_P_UNSUPPORTED_MEDIA_TYPE] = {415, "unsupported_media_type",
                                      "The body must be sent as application/json", "Accept-Post",
                                      "application/json"},
    [API_P_REQUEST_TIMEOUT] = {408, "request_timeout", "The request came too slowly"},
    [API_P_HEAD_TOO_LARGE] = {431, "head_too_large", "The request head is too large"},
    [API_P_STORAGE_FULL] = {503, "storage_full", "The server's storage is full",
                            "Retry-After", "30"},
    [API_P_STORAGE_UNAVAILABLE] = {503, "storage_unavailable",
                                   "The server cannot write to its storage now", "Retry-After",
                                   "10"},
    [API_P_UNKNOWN_JOIN_CODE] = {404, "unknown_join_code", "No class has this join code"},
    [API_P_TOO_MANY_ATTEMPTS] = {429, "too_many_attempts",
                                 "Too many wrong join codes from this address"},
    [API_P_BAD_NICKNAME] = {400, "bad_nickname", "This nickname cannot be used in the class"},
    [API_P_NICKNAME_TAKEN] = {409, "nickname_taken", "Someone in the class has this nickname"},
    [API_P_CLASS_LOCKED] = {409, "class_locked", "The teacher has locked the class"},
    [API_P_CLASS_FULL] = {409, "class_full", "The class is full"},
    [API_P_TEAM_FULL] = {409, "team_full", "The team is full"},
    [API_P_CLASS_OVER] = {409, "class_over", "The class's game is over"},
    [API_P_BAD_IDEMPOTENCY_KEY] = {400, "bad_idempotency_key",
                                   "An Idempotency-Key is 1 to 64 visible ASCII characters"},
    [API_P_IDEMPOTENCY_KEY_REUSED] = {422, "idempotency_key_reused",
                                      "This Idempotency-Key was used for another request"},
};

/* wb_err -> problem.  Codes not named here are the server's fault. */
static const struct {
    int err;
    api_prob prob;
} errtab[] = {
    {WB_EINVAL, API_P_BAD_REQUEST},
    {WB_EUTF8, API_P_BAD_UTF8},
    {WB_ENOTWORD, API_P_BAD_WORD},
    {WB_ETOOBIG, API_P_BAD_WORD}, /* from dict: a word too long to hold */
    {WB_ENOTFOUND, API_P_NOT_FOUND},
    {WB_EEXIST, API_P_CONFLICT},
    {WB_ECONFLICT, API_P_CONFLICT},
    {WB_EILLEGAL, API_P_ILLEGAL_ACTION},
    {WB_ENOTTURN, API_P_NOT_YOUR_TURN},
    {WB_EAUTH, API_P_UNAUTHORIZED},
    {WB_EFORBIDDEN, API_P_FORBIDDEN},
    {WB_ESTALE, API_P_STALE_VERSION},
    {WB_ELIMIT, API_P_MATCH_LIMIT},
    {WB_EFULL, API_P_STORAGE_FULL},
    {WB_ESTORE, API_P_STORAGE_UNAVAILABLE},
};

api_prob api_prob_of_err(int err)
{
    for (size_t i = 0; i < sizeof errtab / sizeof errtab[0]; i++)
        if (errtab[i].err == err)
            return errtab[i].prob;
    return API_P_INTERNAL;
}

unsigned api_prob_status(api_prob p)
{
    return (unsigned)p < API_P_COUNT_ ? probtab[p].status : 500;
}

const char *api_prob_code(api_prob p)
{
    return (unsigned)p < API_P_COUNT_ ? probtab[p].code : "internal";
}

/* The problem document, or NULL when Jansson is out of memory. */
static json_t *problem_doc(api_prob p, const char *detail)
{
    char type[96];
    snprintf(type, sizeof type, PROBLEM_TYPE_BASE "%s", probtab[p].code);
    json_t *o = json_object();
    if (!o)
        return NULL;
    /* A detail quotes input; it was validated as UTF-8, but should it not
     * be, json_string() fails and the title stands in for it. */
    json_t *jd = json_string(detail);
    if (!jd)
        jd = json_string(probtab[p].title);
    int rc = 0;
    rc |= json_object_set_new(o, "type", json_string(type));
    rc |= json_object_set_new(o, "title", json_string(probtab[p].title));
    rc |= json_object_set_new(o, "status", json_integer(probtab[p].status));
    rc |= json_object_set_new(o, "detail", jd);
    rc |= json_object_set_new(o, "code", json_string(probtab[p].code));
    if (rc) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Used when even the problem document cannot be built. */
static const char oom_body[] =
    "{\"type\":\"" PROBLEM_TYPE_BASE "internal\",\"title\":\"Internal server "
    "error\",\"status\":500,\"detail\":\"out of memory\",\"code\":\"internal\"}";

void api_problem(api_req *r, api_prob p, const char *fmt, ...)
{
    if ((unsigned)p >= API_P_COUNT_)
        p = API_P_INTERNAL;

    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);

    const char *detail = buf;
    if (p == API_P_INTERNAL) {
        /* The client learns nothing of our insides; the log does. */
        free(r->note);
        r->note = wb_strdup(buf);
        detail = "the server failed to handle this request; it has been logged";
    }

    free(r->out);
    r->out = NULL;
    r->out_static = NULL;
    api_clear_headers(r);
    if (probtab[p].hdr)
        api_add_header(r, probtab[p].hdr, "%s", probtab[p].hdr_val);
    r->code = probtab[p].code;
    r->content_type = "application/problem+json";
    r->cache_control = "no-store";

    json_t *doc = problem_doc(p, detail);
    char *s = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
    json_decref(doc);
    if (!s) {
        r->status = 500;
        r->code = probtab[API_P_INTERNAL].code;
        r->out_static = oom_body;
        r->out_len = sizeof oom_body - 1;
        return;
    }
    r->status = probtab[p].status;
    r->out = s;
    r->out_len = strlen(s);
}
