/* wb_mem.c - allocation wrappers that abort on out-of-memory. */
#include "wb_mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void oom(size_t n)
{
    fprintf(stderr, "wibbelld: out of memory allocating %zu bytes\n", n);
    abort();
}

void *wb_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *wb_calloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        oom(count * size);
    return p;
}

void *wb_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

void *wb_grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    p = wb_realloc(p, n * size);
    *cap = n;
    return p;
}

char *wb_strdup(const char *s)
{
    return wb_strndup(s, strlen(s));
}

char *wb_strndup(const char *s, size_t n)
{
    char *p = wb_malloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *wb_asprintf(const char *fmt, ...)
{
    va_list ap;
    if (!fmt) /* never; tells GCC so (UBSan at -O1 warned of a null format) */
        abort();
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        abort();
    char *s = wb_malloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}
