/*
 * freedict.c - reading FreeDict's dictd files with zlib (see freedict.h).
 */
#include "freedict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "wb_mem.h"

struct freedict {
    char *index;        /* the .index file, NUL-terminated */
    size_t nindex;
    unsigned char *data; /* the .dict.dz inflated */
    size_t ndata;
};

static char *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    size_t cap = 0;
    char *p = NULL;
    *n = 0;
    if (!f)
        return NULL;
    for (;;) {
        p = wb_grow(p, &cap, *n + 65536 + 1, 1);
        size_t got = fread(p + *n, 1, 65536, f);
        *n += got;
        if (got < 65536)
            break;
    }
    fclose(f);
    p[*n] = '\0';
    return p;
}

static unsigned char *inflate_file(const char *path, size_t *n)
{
    gzFile g = gzopen(path, "rb");
    size_t cap = 0;
    unsigned char *p = NULL;
    *n = 0;
    if (!g)
        return NULL;
    for (;;) {
        p = wb_grow(p, &cap, *n + (1 << 20) + 1, 1);
        int got = gzread(g, p + *n, 1 << 20);
        if (got < 0) {
            free(p);
            gzclose(g);
            return NULL;
        }
        *n += (size_t)got;
        if (got == 0)
            break;
    }
    gzclose(g);
    p[*n] = '\0';
    return p;
}

freedict *freedict_open(const char *base)
{
    char path[4096];
    freedict *fd = wb_calloc(1, sizeof *fd);
    snprintf(path, sizeof path, "%s.index", base);
    fd->index = slurp(path, &fd->nindex);
    snprintf(path, sizeof path, "%s.dict.dz", base);
    fd->data = fd->index ? inflate_file(path, &fd->ndata) : NULL;
    if (!fd->data) {
        freedict_close(fd);
        return NULL;
    }
    return fd;
}

void freedict_close(freedict *fd)
{
    if (!fd)
        return;
    free(fd->index);
    free(fd->data);
    free(fd);
}

/* dictd's base 64 number of `s` up to a tab or end of line; -1 if bad. */
static long b64num(const char *s, const char **end)
{
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    long v = 0;
    for (; *s && *s != '\t' && *s != '\n'; s++) {
        const char *d = strchr(digits, *s);
        if (!d || !*s || v > (1L << 40))
            return -1;
        v = v * 64 + (d - digits);
    }
    *end = s;
    return v;
}

/* Trim spaces at both ends of s[0..n) in place; returns the start. */
static char *trim(char *s)
{
    while (*s == ' ')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* Remove "<...>" tags and "[...]" labels, in place. */
static void strip_marks(char *s)
{
    char *w = s;
    int depth = 0;
    for (char *r = s; *r; r++) {
        if (*r == '<' || *r == '[')
            depth++;
        else if ((*r == '>' || *r == ']') && depth)
            depth--;
        else if (!depth)
            *w++ = *r;
    }
    *w = '\0';
}

static void add_translations(freedict_entry *e, char *line, unsigned sense)
{
    e->geo |= strstr(line, "[geogr.]") != NULL;
    e->labelled |= strchr(line, '[') != NULL;
    strip_marks(line);
    for (char *save = NULL, *t = strtok_r(line, ",;", &save); t; t = strtok_r(NULL, ",;", &save)) {
        t = trim(t);
        if (*t && e->ntr < FREEDICT_TR_MAX) {
            e->sense[e->ntr] = (unsigned char)(sense > 255 ? 255 : sense);
            e->tr[e->ntr++] = t;
        }
    }
}

/* A numbered sense line ("2. 家, 家屋"): what follows the number, or NULL. */
static char *sense_number(char *l)
{
    size_t d = strspn(l, "0123456789");
    return d > 0 && d < 4 && l[d] == '.' && l[d + 1] == ' ' ? l + d + 2 : NULL;
}

/* The {references} of a " see: " line (ending at '\n' or NUL) into e. */
static void add_see(freedict_entry *e, const char *l)
{
    size_t used = 0;
    for (size_t i = 0; i < e->nsee; i++)
        used += strlen(e->see[i]) + 1;
    for (const char *p = l; *p && *p != '\n' && e->nsee < FREEDICT_SEE_MAX;) {
        const char *open = strchr(p, '{'), *close = open ? strchr(open, '}') : NULL;
        const char *eol = strchr(p, '\n');
        if (!close || (eol && close > eol))
            break;
        size_t len = (size_t)(close - open - 1);
        if (used + len + 1 > sizeof e->seebuf)
            break;
        memcpy(e->seebuf + used, open + 1, len);
        e->seebuf[used + len] = '\0';
        e->see[e->nsee++] = e->seebuf + used;
        used += len + 1;
        p = close + 1;
    }
}

/* Parse the entry text `s` (`n` bytes) into e. */
static void parse_entry(const char *s, size_t n, freedict_entry *e)
{
    if (n >= sizeof e->buf)
        n = sizeof e->buf - 1;
    memcpy(e->buf, s, n);
    e->buf[n] = '\0';
    e->ntr = 0;
    e->geo = e->labelled = e->examples = 0;
    e->nsee = 0;
    e->tags = "";
    char *line = e->buf, *next = strchr(line, '\n');
    if (next)
        *next++ = '\0';
    /* head line: headword, " /pronunciation/", " <tags>" */
    char *tag = strchr(line, '<');
    if (tag) {
        *tag++ = '\0';
        char *close = strchr(tag, '>');
        if (close)
            *close = '\0';
        e->tags = tag;
    }
    char *slash = strstr(line, " /");
    if (slash)
        *slash = '\0';
    e->head = trim(line);
    /* translations: the numbered sense lines if there are any, else the
     * first line that is not indented */
    int numbered = 0;
    for (char *l = next; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        numbered |= sense_number(l) != NULL;
        e->examples += strncmp(l, "      \"", 7) == 0;
        if (strncmp(l, " see: ", 6) == 0)
            add_see(e, l + 6);
    }
    for (char *l = next; l && *l;) {
        char *nl = strchr(l, '\n');
        if (nl)
            *nl = '\0';
        if (numbered && sense_number(l)) {
            add_translations(e, sense_number(l), (unsigned)atoi(l));
        } else if (!numbered && *l) {
            /* the first line after the head; a domain label may stand
             * one space in (" [geogr.] Germany") */
            if (l[0] != ' ' || l[1] == '[')
                add_translations(e, l, 0);
            break;
        }
        l = nl ? nl + 1 : NULL;
    }
}

void freedict_each(const freedict *fd, void (*cb)(void *ctx, const freedict_entry *e),
                   void *ctx)
{
    freedict_entry *e = wb_malloc(sizeof *e);
    for (const char *p = fd->index; *p;) {
        const char *tab = strchr(p, '\t'), *end;
        const char *eol = strchr(p, '\n');
        if (!eol)
            eol = p + strlen(p);
        if (tab && tab < eol && tab > p) {
            long off = b64num(tab + 1, &end), len = -1;
            if (off >= 0 && *end == '\t')
                len = b64num(end + 1, &end);
            if (len > 0 && (size_t)off + (size_t)len <= fd->ndata) {
                parse_entry((const char *)fd->data + off, (size_t)len, e);
                cb(ctx, e);
            }
        }
        p = *eol ? eol + 1 : eol;
    }
    free(e);
}
