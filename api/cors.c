/*
 * cors.c - the origins of --cors-origin (see cors.h).
 */
#include "cors.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api.h"
#include "wb_mem.h"

#define ORIGINS_MAX 32
#define ORIGIN_MAX 256

struct api_cors {
    int any_public;            /* "*": any origin, public routes */
    size_t n;
    char *origin[ORIGINS_MAX]; /* listed origins, lower case */
};

/* Is s[0..n) "*" or scheme://host[:port] with scheme http or https and
 * nothing after the host and port? */
static int valid_origin(const char *s, size_t n, const char **why)
{
    if (n == 1 && s[0] == '*')
        return 1;
    size_t skip;
    if (n > 7 && strncasecmp(s, "http://", 7) == 0)
        skip = 7;
    else if (n > 8 && strncasecmp(s, "https://", 8) == 0)
        skip = 8;
    else {
        *why = "an origin is * or http(s)://HOST[:PORT], e.g. https://example.org";
        return 0;
    }
    if (n > ORIGIN_MAX) {
        *why = "an origin is at most 256 bytes";
        return 0;
    }
    for (size_t i = skip; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '-' || c == ':' || c == '[' || c == ']')) {
            *why = "an origin has no path, query or trailing slash: http(s)://HOST[:PORT]";
            return 0;
        }
    }
    return 1;
}

int api_cors_check(const char *list, const char **why)
{
    size_t count = 0;
    const char *s = list;
    if (!*list) {
        *why = "the list is empty";
        return -1;
    }
    for (;;) {
        size_t n = strcspn(s, ",");
        if (n == 0) {
            *why = "an empty origin in the list";
            return -1;
        }
        if (!valid_origin(s, n, why))
            return -1;
        if (++count > ORIGINS_MAX) {
            *why = "at most 32 origins";
            return -1;
        }
        if (!s[n])
            return 0;
        s += n + 1;
    }
}

api_cors *api_cors_create(const char *list)
{
    const char *why;
    if (!list || !*list || api_cors_check(list, &why) != 0)
        return NULL;
    api_cors *c = wb_calloc(1, sizeof *c);
    const char *s = list;
    for (;;) {
        size_t n = strcspn(s, ",");
        if (n == 1 && s[0] == '*') {
            c->any_public = 1;
        } else {
            char *o = wb_strndup(s, n);
            for (char *p = o; *p; p++)
                if (*p >= 'A' && *p <= 'Z')
                    *p = (char)(*p - 'A' + 'a');
            c->origin[c->n++] = o;
        }
        if (!s[n])
            break;
        s += n + 1;
    }
    return c;
}

void api_cors_destroy(api_cors *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        free(c->origin[i]);
    free(c);
}

const char *api_cors_allow(const api_cors *c, const char *origin, int public)
{
    if (!c || !origin)
        return NULL;
    if (public && c->any_public)
        return "*";
    for (size_t i = 0; i < c->n; i++)
        if (strcasecmp(c->origin[i], origin) == 0)
            return origin;
    return NULL;
}

int api_cors_varies(const api_cors *c, int public)
{
    return c && c->n > 0 && !(public && c->any_public);
}
