/*
 * reply.c - the response primitives of the HTTP layer: extra headers and
 * static bodies on an api_req.  The bottom of api/'s helpers: problem.c
 * (problem+json) and json.c (JSON bodies) build on it, it uses neither.
 */
#include "api_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

void api_add_header(api_req *r, const char *name, const char *fmt, ...)
{
    if (r->nhdr == API_HDRS_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    r->hdr[r->nhdr].name = name;
    r->hdr[r->nhdr].val = wb_strdup(buf);
    r->nhdr++;
}

void api_clear_headers(api_req *r)
{
    for (size_t i = 0; i < r->nhdr; i++)
        free(r->hdr[i].val);
    r->nhdr = 0;
}

void api_reply_static(api_req *r, unsigned status, const char *content_type,
                      const char *cache_control, const char *body, size_t len)
{
    free(r->out);
    r->out = NULL;
    r->out_static = body;
    r->out_len = len;
    r->status = status;
    r->content_type = content_type;
    r->cache_control = cache_control;
    r->code = NULL;
}

