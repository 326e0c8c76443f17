/*
 * idem.c - request ids: the Idempotency-Key header (the IETF httpapi
 * draft's) on the requests that change a match, read for the store
 * (matches.h, "Request ids"), and what the answer says of it.
 *
 * A client that got no answer (a connection lost, a 503 whose commit may
 * have happened) sends the same request with the same key again: the
 * store answers it as the first time, with Idempotent-Replayed: true,
 * and applies nothing twice.  The draft writes the key as a structured
 * field string ("..."); a bare token is taken as well.
 */
#include "api_int.h"

#include <string.h>

int api_idem_read(api_req *r, api_keyed *k)
{
    const char *h = api_header(r, "Idempotency-Key");
    k->r = r;
    k->k.key = NULL;
    if (!h)
        return 0;
    size_t len = strlen(h);
    if (len >= 2 && h[0] == '"' && h[len - 1] == '"') { /* the draft's sf-string */
        h++;
        len -= 2;
    }
    if (!match_key_ok(h, len)) {
        api_problem(r, API_P_BAD_IDEMPOTENCY_KEY,
                    "Idempotency-Key must be 1 to %d visible ASCII characters (no spaces "
                    "or controls), got %zu bytes", MATCH_KEY_MAX, len);
        return -1;
    }
    memcpy(k->key, h, len);
    k->key[len] = '\0';
    k->k.key = k->key;
    return 0;
}

void api_idem_answered(api_req *r, const api_keyed *k)
{
    if (k->k.replayed)
        api_add_header(r, "Idempotent-Replayed", "true");
}

int api_idem_refused(api_req *r, const api_keyed *k, const char *why)
{
    if (!k->k.reused)
        return 0;
    api_problem(r, API_P_IDEMPOTENCY_KEY_REUSED, "%s",
                why ? why : "this Idempotency-Key came with another request to this match");
    return 1;
}
