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
 * trades its seat or host token for a ticket (POST .../tickets with the
 * token) and opens .../events?ticket=T.  A ticket is 128 random bits in
 * hex, stands for one seat of one match, is good for TICKET_TTL_MS and is
 * used up by the stream it opens: a ticket that reaches a log is worth
 * nothing.  A page whose stream drops asks for a new one and resumes with
 * last_event_id.  The tickets of the process are one small table (they
 * are few and short-lived, and a match id is unique across servers).
 */
#include "api_int.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define TICKET_TTL_MS 60000 /* how long a ticket stays good, unused */
#define TICKETS_MAX 1024    /* tickets alive at once */
#define TICKET_HEX 32       /* 16 random bytes */
#define MATCH_ID_MAX 64

/* --- the pages ---------------------------------------------------------------- */

extern const size_t api_web_count;
extern const char *const api_web_names[];
extern const unsigned char *const api_web_data[];
extern const size_t api_web_lens[];
extern const char *const api_web_etags[];

static const struct {
    const char *ext, *type;
} types[] = {
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

/* --- tickets -------------------------------------------------------------------- */

typedef struct ticket {
    char hex[TICKET_HEX + 1]; /* "" = a free slot */
    char match[MATCH_ID_MAX + 1];
    int seat;
    int64_t until; /* ms, monotonic */
} ticket;

static pthread_mutex_t tickets_mu = PTHREAD_MUTEX_INITIALIZER;
static ticket tickets[TICKETS_MAX];

static int64_t mono_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int random_hex(char out[TICKET_HEX + 1])
{
    unsigned char b[TICKET_HEX / 2];
    size_t got = 0;
    while (got < sizeof b) {
        ssize_t n = getrandom(b + got, sizeof b - got, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return -1;
        got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof b; i++)
        snprintf(out + 2 * i, 3, "%02x", b[i]);
    return 0;
}

/* Compare without an early exit, so timing tells nothing of a ticket. */
static int hex_eq(const char *a, const char *b, size_t n)
{
    unsigned d = 0;
    for (size_t i = 0; i < n; i++)
        d |= (unsigned char)a[i] ^ (unsigned char)b[i];
    return d == 0;
}

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
    if (r->arglen[0] > MATCH_ID_MAX) { /* match_auth knew it, so it cannot be */
        api_problem(r, API_P_INTERNAL, "a match id longer than %d bytes", MATCH_ID_MAX);
        return;
    }
    char hex[TICKET_HEX + 1];
    if (random_hex(hex)) {
        api_problem(r, API_P_INTERNAL, "getrandom failed");
        return;
    }
    int64_t now = mono_ms();
    pthread_mutex_lock(&tickets_mu);
    ticket *slot = NULL;
    for (size_t i = 0; i < TICKETS_MAX && !slot; i++)
        if (!tickets[i].hex[0] || tickets[i].until <= now)
            slot = &tickets[i];
    if (slot) {
        memcpy(slot->hex, hex, sizeof hex);
        snprintf(slot->match, sizeof slot->match, "%s", id);
        slot->seat = seat;
        slot->until = now + TICKET_TTL_MS;
    }
    pthread_mutex_unlock(&tickets_mu);
    if (!slot) {
        api_problem(r, API_P_TOO_MANY_STREAMS,
                    "%d stream tickets are waiting to be used, the most this server keeps; "
                    "retry later", TICKETS_MAX);
        return;
    }
    char *url = NULL;
    if (asprintf(&url, "/v1/games/%s/events?ticket=%s", id, hex) < 0)
        url = NULL;
    json_t *o = url ? json_pack("{s:s,s:i,s:s}", "ticket", hex, "expires_in",
                                TICKET_TTL_MS / 1000, "events", url)
                    : NULL;
    free(url);
    api_reply_json(r, 200, o);
}

int api_ticket_redeem(api_req *r, const char *id, const char *hex, size_t len, int *seat)
{
    int found = 0;
    if (len == TICKET_HEX) {
        int64_t now = mono_ms();
        pthread_mutex_lock(&tickets_mu);
        for (size_t i = 0; i < TICKETS_MAX; i++) {
            ticket *t = &tickets[i];
            if (t->hex[0] && hex_eq(t->hex, hex, TICKET_HEX)) {
                found = t->until > now && strcmp(t->match, id) == 0;
                if (found)
                    *seat = t->seat;
                t->hex[0] = '\0'; /* used up, or dead: either way gone */
                break;
            }
        }
        pthread_mutex_unlock(&tickets_mu);
    }
    if (!found) {
        api_problem(r, API_P_FORBIDDEN,
                    "this ticket is unknown, used or expired; a ticket opens one stream "
                    "within %d s: ask for another (POST /v1/games/{id}/tickets)",
                    TICKET_TTL_MS / 1000);
        return -1;
    }
    return 0;
}
