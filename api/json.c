/*
 * json.c - JSON and text helpers of the HTTP layer.
 *
 * Responses are serialised with Jansson (compact, UTF-8 as is).  Jansson
 * allocates through wb_malloc (set once by games/core/game_json.c: malloc that
 * aborts when memory runs out), so a serialised body is released with
 * free() wherever it ends up.  Setting the response (headers, a static
 * body) is reply.c's; problems are problem.c's.  Input is
 * checked here for UTF-8 before anything else looks at it: the dictionary
 * would reject bad UTF-8 too, but the client deserves to hear that it was
 * the encoding, not the word, that was wrong.
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

int api_utf8_valid(const char *str, size_t len)
{
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        size_t n;
        unsigned lo = 0x80, hi = 0xBF; /* range of the second byte */
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            if (c == 0xE0)
                lo = 0xA0; /* overlong */
            else if (c == 0xED)
                hi = 0x9F; /* surrogates */
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            if (c == 0xF0)
                lo = 0x90; /* overlong */
            else if (c == 0xF4)
                hi = 0x8F; /* above U+10FFFF */
        } else {
            return 0;
        }
        if (len - i <= n)
            return 0;
        if (s[i + 1] < lo || s[i + 1] > hi)
            return 0;
        for (size_t k = 2; k <= n; k++)
            if ((s[i + k] & 0xC0) != 0x80)
                return 0;
        i += n + 1;
    }
    return 1;
}

int api_clip(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return (int)len;
    size_t n = max;
    /* back off continuation bytes so the cut falls between characters */
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return (int)n;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t api_pct_decode(char *s, size_t len, int plus)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '%') {
            if (len - i < 3)
                return (size_t)-1;
            int a = hexval((unsigned char)s[i + 1]), b = hexval((unsigned char)s[i + 2]);
            if (a < 0 || b < 0)
                return (size_t)-1;
            s[o++] = (char)(a * 16 + b);
            i += 2;
        } else if (c == '+' && plus) {
            s[o++] = ' ';
        } else {
            s[o++] = c;
        }
    }
    s[o] = '\0';
    return o;
}
