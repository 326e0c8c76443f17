/*
 * json.c - JSON bodies of the HTTP layer: a JSON response, the request's
 * body as a JSON object.
 *
 * Responses are serialised with Jansson (compact, UTF-8 as is).  Jansson
 * allocates through wb_malloc (set once by games/core/game_json.c: malloc that
 * aborts when memory runs out), so a serialised body is released with
 * free() wherever it ends up.  Setting the response (headers, a static
 * body) is reply.c's; problems are problem.c's; the UTF-8 check is
 * text.c's.  A body is checked for UTF-8 before anything else looks at it:
 * the dictionary would reject bad UTF-8 too, but the client deserves to
 * hear that it was the encoding, not the word, that was wrong.
 */
#include "api_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wb_mem.h"

void api_reply_json(api_req *r, unsigned status, json_t *body)
{
    char *s = body ? json_dumps(body, JSON_COMPACT) : NULL;
    json_decref(body);
    api_reply_text(r, status, s, s ? strlen(s) : 0);
}

void api_reply_text(api_req *r, unsigned status, char *text, size_t len)
{
    if (!text) {
        api_problem(r, API_P_INTERNAL, "cannot build the JSON response");
        return;
    }
    free(r->out);
    r->out = text;
    r->out_static = NULL;
    r->out_len = len;
    r->status = status;
    r->content_type = "application/json";
    r->cache_control = "no-store";
    r->code = NULL;
}

/* Is `ct` (a Content-Type value) application/json, with or without
 * parameters (charset=utf-8)?  Media types are case-insensitive. */
static int is_json_type(const char *ct)
{
    static const char want[] = "application/json";
    while (*ct == ' ' || *ct == '\t')
        ct++;
    if (strncasecmp(ct, want, sizeof want - 1) != 0)
        return 0;
    ct += sizeof want - 1;
    while (*ct == ' ' || *ct == '\t')
        ct++;
    return *ct == '\0' || *ct == ';';
}

int api_body_object(api_req *r, json_t **out)
{
    *out = NULL;
    /* A browser sends a cross-site POST without asking first (no CORS
     * preflight) only when it is text/plain, a form, or without a
     * Content-Type; demanding application/json keeps every other site's
     * pages from acting through a visitor's browser. */
    const char *ct = api_header(r, "Content-Type");
    if (!ct) {
        api_problem(r, API_P_UNSUPPORTED_MEDIA_TYPE,
                    "the body has no Content-Type; send it as application/json "
                    "(curl: --json, or -H 'Content-Type: application/json')");
        return -1;
    }
    if (!is_json_type(ct)) {
        char got[64];
        snprintf(got, sizeof got, "%.*s", api_clip(ct, strlen(ct), 40), ct);
        for (char *p = got; *p; p++)
            if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '"')
                *p = '?';
        api_problem(r, API_P_UNSUPPORTED_MEDIA_TYPE,
                    "the body is sent as \"%s\"; send it as application/json", got);
        return -1;
    }
    if (r->body_len == 0) {
        api_problem(r, API_P_BAD_JSON, "the request body is empty; a JSON object is required");
        return -1;
    }
    if (!api_utf8_valid(r->body, r->body_len)) {
        api_problem(r, API_P_BAD_UTF8, "the request body is not valid UTF-8");
        return -1;
    }
    json_error_t err;
    json_t *j = json_loadb(r->body, r->body_len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
    if (!j) {
        api_problem(r, API_P_BAD_JSON, "malformed JSON at line %d, column %d: %s",
                    err.line, err.column, err.text);
        return -1;
    }
    if (!json_is_object(j)) {
        json_decref(j);
        api_problem(r, API_P_BAD_REQUEST, "the body must be a JSON object");
        return -1;
    }
    *out = j;
    return 0;
}

json_t *api_json_strings(char *const *v, size_t n)
{
    json_t *a = json_array();
    if (!a)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        if (json_array_append_new(a, json_string(v[i]))) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}
