/*
 * auth.c - who is calling a match: the seat or host token of the
 * Authorization header (api_caller), or a stream ticket standing for it.
 *
 * Tickets.  A browser's EventSource cannot send Authorization, so a page
 * trades its seat or host token for a ticket (POST .../tickets with the
 * token, h_web.c) and opens .../events?ticket=T.  A ticket is 128 random
 * bits in hex, stands for one seat of one match, is good for
 * API_TICKET_TTL_S and is used up by the stream it opens: a ticket that
 * reaches a log is worth nothing.  A page whose stream drops asks for a
 * new one and resumes with last_event_id.  The tickets of the process are
 * one small table (they are few and short-lived, and a match id is unique
 * across servers).
 *
 * What the game handlers (h_games.c) and the pages' ticket handler
 * (h_web.c) share, below both: it calls only request.c (the header),
 * problem.c and text.c, and the match store.
 */
#include "api_int.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>

#include "wb_err.h"

#define QUOTE_MAX 80       /* bytes of a match id quoted in a detail */
#define TOKEN_MAX 256      /* longest bearer token looked at */
#define TICKETS_MAX 1024   /* tickets alive at once */
#define MATCH_ID_MAX 64

/* --- the caller ------------------------------------------------------------ */

void api_no_match(api_req *r, const char *id)
{
    api_problem(r, API_P_UNKNOWN_MATCH, "there is no match \"%.*s\"",
                api_clip(id, strlen(id), QUOTE_MAX), id);
}

/* Is c a character of an RFC 6750 token (token68)? */
static int token68_char(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '.' || c == '_' || c == '~' || c == '+' || c == '/' || c == '=';
}

/* Who is calling match `id`: *seat gets a seat, GAME_SEAT_HOST or
 * GAME_SEAT_PUBLIC (no Authorization).  Returns 0, or -1 with a problem
 * set: 401 for a malformed Authorization, 403 for a token that is not this
 * match's, 404 for no such match. */
int api_caller(api_req *r, const char *id, int *seat)
{
    char tok[TOKEN_MAX + 1];
    const char *token = NULL;
    const char *h = api_header(r, "Authorization");
    if (h) {
        while (*h == ' ' || *h == '\t')
            h++;
        if (strncasecmp(h, "Bearer", 6) != 0 || (h[6] != ' ' && h[6] != '\t')) {
            api_problem(r, API_P_UNAUTHORIZED,
                        "Authorization must be \"Bearer <token>\", with the seat or host "
                        "token of this match");
            return -1;
        }
        h += 6;
        while (*h == ' ' || *h == '\t')
            h++;
        size_t n = strlen(h);
        while (n > 0 && (h[n - 1] == ' ' || h[n - 1] == '\t'))
            n--;
        size_t i = 0;
        while (i < n && token68_char((unsigned char)h[i]))
            i++;
        if (n == 0 || i != n) {
            api_problem(r, API_P_UNAUTHORIZED,
                        "the bearer token is empty or holds characters no token has");
            return -1;
        }
        if (n > TOKEN_MAX) {
            api_problem(r, API_P_FORBIDDEN, "this token is not one of this match's");
            return -1;
        }
        memcpy(tok, h, n);
        tok[n] = '\0';
        token = tok;
    }
    int rc = match_auth(r->ctx->matches, id, token, seat);
    if (rc == WB_EFORBIDDEN) {
        api_problem(r, API_P_FORBIDDEN, "this token is not one of this match's");
        return -1;
    }
    if (rc) {
        if (rc == WB_ENOTFOUND)
            api_no_match(r, id);
        else if (rc == WB_ESTORE) /* the store does not serve its shard now */
            api_problem(r, API_P_STORAGE_UNAVAILABLE,
                        "this server does not hold its matches' lease now; retry later");
        else /* match_auth fails in no other way */
            api_problem(r, API_P_INTERNAL, "match_auth: %s", wb_strerror(rc));
        return -1;
    }
    return 0;
}

/* --- tickets -------------------------------------------------------------- */

typedef struct ticket {
    char hex[API_TICKET_HEX + 1]; /* "" = a free slot */
    char match[MATCH_ID_MAX + 1];
    int seat;
    int64_t until; /* ms, monotonic */
} ticket;

static pthread_mutex_t tickets_mu = PTHREAD_MUTEX_INITIALIZER;
static ticket tickets[TICKETS_MAX];

static int random_hex(char out[API_TICKET_HEX + 1])
{
    unsigned char b[API_TICKET_HEX / 2];
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

int api_ticket_new(api_req *r, const char *id, int seat, char hex[API_TICKET_HEX + 1])
{
    if (strlen(id) > MATCH_ID_MAX) { /* match_auth knew it, so it cannot be */
        api_problem(r, API_P_INTERNAL, "a match id longer than %d bytes", MATCH_ID_MAX);
        return -1;
    }
    if (random_hex(hex)) {
        api_problem(r, API_P_INTERNAL, "getrandom failed");
        return -1;
    }
    int64_t now = api_mono_ms();
    pthread_mutex_lock(&tickets_mu);
    ticket *slot = NULL;
    for (size_t i = 0; i < TICKETS_MAX && !slot; i++)
        if (!tickets[i].hex[0] || tickets[i].until <= now)
            slot = &tickets[i];
    if (slot) {
        memcpy(slot->hex, hex, API_TICKET_HEX + 1);
        snprintf(slot->match, sizeof slot->match, "%s", id);
        slot->seat = seat;
        slot->until = now + API_TICKET_TTL_S * 1000;
    }
    pthread_mutex_unlock(&tickets_mu);
    if (!slot) {
        api_problem(r, API_P_TOO_MANY_STREAMS,
                    "%d stream tickets are waiting to be used, the most this server keeps; "
                    "retry later", TICKETS_MAX);
        return -1;
    }
    return 0;
}

int api_ticket_redeem(api_req *r, const char *id, const char *hex, size_t len, int *seat)
{
    int found = 0;
    if (len == API_TICKET_HEX) {
        int64_t now = api_mono_ms();
        pthread_mutex_lock(&tickets_mu);
        for (size_t i = 0; i < TICKETS_MAX; i++) {
            ticket *t = &tickets[i];
            if (t->hex[0] && hex_eq(t->hex, hex, API_TICKET_HEX)) {
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
                    API_TICKET_TTL_S);
        return -1;
    }
    return 0;
}
