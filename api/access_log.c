/*
 * access_log.c - the lines of --access-log (see access_log.h).
 */
#include "access_log.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "api_int.h"

/* Query parameters whose values never reach a log. */
static const char *const secret_keys[] = {"ticket", "token", "access_token"};

int api_access_log_open(const char *path)
{
    if (strcmp(path, "-") == 0)
        return fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
    return open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640);
}

static int secret_key(const char *k, size_t n)
{
    for (size_t i = 0; i < sizeof secret_keys / sizeof secret_keys[0]; i++)
        if (strlen(secret_keys[i]) == n && strncasecmp(k, secret_keys[i], n) == 0)
            return 1;
    return 0;
}

void api_log_target(const char *uri, char *out, size_t cap)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t len = strcspn(uri, "#");
    int utf8 = api_utf8_valid(uri, len);
    size_t n = 0;
    const char *key = NULL; /* the current query parameter's name */
    int in_query = 0, skip = 0;
    if (cap < 8) {
        if (cap)
            out[0] = '\0';
        return;
    }
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)uri[i];
        if (n + 8 > cap) {
            memcpy(out + n, "...", 3);
            n += 3;
            break;
        }
        if (ch == '?' && !in_query) {
            in_query = 1;
            key = uri + i + 1;
        } else if (in_query && ch == '&') {
            skip = 0;
            key = uri + i + 1;
        } else if (in_query && ch == '=' && key && !skip) {
            out[n++] = '=';
            if (secret_key(key, (size_t)(uri + i - key))) {
                out[n++] = '-';
                skip = 1;
            }
            key = NULL;
            continue;
        }
        if (skip)
            continue;
        if (ch <= 0x20 || ch == 0x7f || ch == '"' || ch == '\\' || (ch >= 0x80 && !utf8)) {
            out[n++] = '%';
            out[n++] = hex[ch >> 4];
            out[n++] = hex[ch & 15];
        } else {
            out[n++] = (char)ch;
        }
    }
    out[n] = '\0';
}

/* A method or protocol version as sent, with anything but visible ASCII
 * other than '"' and '\\' as '?'. */
static void token(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; s && *s && n + 1 < cap; s++)
        out[n++] = (*s > 0x20 && *s < 0x7f && *s != '"' && *s != '\\') ? *s : '?';
    if (n == 0)
        out[n++] = '-';
    out[n] = '\0';
}

void api_access_log_write(int fd, const char *addr, time_t when, const char *method,
                          const char *target, const char *version, unsigned status,
                          size_t bytes, double seconds)
{
    char t[40], st[12] = "-", by[24] = "-", m[16], v[16], line[2048];
    struct tm tm;
    gmtime_r(&when, &tm);
    strftime(t, sizeof t, "%d/%b/%Y:%H:%M:%S +0000", &tm);
    if (status)
        snprintf(st, sizeof st, "%u", status);
    if (bytes)
        snprintf(by, sizeof by, "%zu", bytes);
    token(method, m, sizeof m);
    token(version, v, sizeof v);
    int n = snprintf(line, sizeof line, "%s - - [%s] \"%s %s %s\" %s %s %.6f\n", addr, t, m,
                     target, v, st, by, seconds);
    if (n < 0)
        return;
    size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    line[len - 1] = '\n';
    /* one write: lines of concurrent workers never interleave (O_APPEND);
     * a full disk loses lines, never the service */
    while (write(fd, line, len) < 0 && errno == EINTR)
        ;
}
