/*
 * h_web.c - the web pages (GET / and /web/{file}) and stream tickets
 * (POST /v1/games/{id}/tickets).
 *
 * Pages.  The files of api/web/ are embedded into the binary at build time
 * (daemon/core/embed.c, table mode), so the daemon serves its pages with
 * no install path and nothing fetched at run time: a laptop on a phone
 * hotspot is enough.  Each file carries a strong ETag computed at build
 * time; pages are sent with "no-cache" (revalidate, 304 when unchanged),
 * since their names carry no version.  HTML gets a Content-Security-Policy
 * that allows only the daemon's own scripts, styles and connections.
 *
 * Tickets.  A browser's EventSource cannot send Authorization, so a page
 * trades its seat or host token for a ticket here and opens
 * .../events?ticket=T; the tickets themselves (how long they last, how
 * they are used up) are auth.c's, beside the token check they stand in
 * for.
 */
#include "api_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the pages ---------------------------------------------------------------- */

extern const size_t api_web_count;
extern const char *const api_web_names[];
extern const unsigned char *const api_web_data[];
extern const size_t api_web_lens[];
extern const char *const api_web_etags[];

typedef struct page_type {
    const char *ext, *type;
} page_type;

static const page_type types[] = {
    {".html", "text/html; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".svg", "image/svg+xml"},
    {".json", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".txt", "text/plain; charset=utf-8"},
};

static const char *type_of(const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        size_t e = strlen(types[i].ext);
        if (n > e && strcmp(name + n - e, types[i].ext) == 0)
            return types[i].type;
    }
    return "application/octet-stream";
}

/* Does If-None-Match `h` name entity tag `etag` (quoted), or "*"?  A weak
 * comparison, as RFC 9110 wants for If-None-Match. */
static int inm_hit(const char *h, const char *etag)
{
    size_t elen = strlen(etag);
    const char *p = h;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == ',')
            p++;
        if (*p == '*')
            return 1;
        if (p[0] == 'W' && p[1] == '/')
            p += 2;
        size_t n = strcspn(p, ", \t");
        if (n == elen && memcmp(p, etag, n) == 0)
            return 1;
        p += n;
    }
    return 0;
}

static void send_file(api_req *r, const char *name, size_t namelen)
{
    size_t i;
    for (i = 0; i < api_web_count; i++)
        if (strlen(api_web_names[i]) == namelen && memcmp(api_web_names[i], name, namelen) == 0)
            break;
    if (i == api_web_count) {
        api_problem(r, API_P_NOT_FOUND,
                    "there is no page \"%.*s\"; the word judge is at /, the lobby at "
                    "/web/lobby.html",
                    api_clip(name, namelen, 80), name);
        return;
    }
    const char *type = type_of(api_web_names[i]);
    const char *inm = api_header(r, "If-None-Match");
    if (inm && inm_hit(inm, api_web_etags[i]))
        api_reply_static(r, 304, NULL, "no-cache", "", 0);
    else
        api_reply_static(r, 200, type, "no-cache", (const char *)api_web_data[i],
                         api_web_lens[i]);
    api_add_header(r, "ETag", "%s", api_web_etags[i]);
    if (strncmp(type, "text/html", 9) == 0) {
        api_add_header(r, "Content-Security-Policy",
                       "default-src 'self'; img-src 'self' data:; object-src 'none'; "
                       "base-uri 'none'; frame-ancestors 'none'");
        api_add_header(r, "Referrer-Policy", "no-referrer");
    }
}

void api_h_web_index(api_req *r)
{
    send_file(r, "index.html", 10);
}

void api_h_web_file(api_req *r)
{
    send_file(r, r->arg[0], r->arglen[0]);
}

/* --- POST /v1/games/{id}/tickets (auth.c keeps them) ------------------------ */

void api_h_game_ticket(api_req *r)
{
    const char *id = r->arg[0];
    int seat;
    if (!r->ctx->matches) {
        api_problem(r, API_P_NOT_FOUND, "this server runs no games");
        return;
    }
    if (api_caller(r, id, &seat))
        return;
    if (seat == GAME_SEAT_PUBLIC) {
        api_problem(r, API_P_UNAUTHORIZED,
                    "a ticket stands for a seat or host token: send one as "
                    "Authorization: Bearer <token> (the public stream needs no ticket)");
        return;
    }
    char hex[API_TICKET_HEX + 1];
    if (api_ticket_new(r, id, seat, hex))
        return;
    char *url = NULL;
    if (asprintf(&url, "/v1/games/%s/events?ticket=%s", id, hex) < 0)
        url = NULL;
    json_t *o = url ? json_pack("{s:s,s:i,s:s}", "ticket", hex, "expires_in",
                                API_TICKET_TTL_S, "events", url)
                    : NULL;
    free(url);
    api_reply_json(r, 200, o);
}
