/*
 * access_log.h - the access log of --access-log (private to api/).
 *
 * One line per request, the Common Log Format with the time taken added:
 *
 *   127.0.0.1 - - [24/Nov/2026:11:04:42 +0000] "GET /v1/games/ID HTTP/1.1" 200 734 0.000412
 *
 * (client address, request time in UTC, request line, status, body bytes,
 * seconds from the request line to the last byte sent).  Each line is one
 * write(2) on a descriptor opened with O_APPEND, so workers never take a
 * lock and lines never interleave.  No token reaches it: tokens travel in
 * the Authorization header (never logged) or a page's #fragment (never
 * sent); the values of query parameters that hold secrets (`ticket`, and
 * `token` should a client put one there) are written as "-", and a
 * fragment sent by a broken client is dropped.
 */
#ifndef API_ACCESS_LOG_H
#define API_ACCESS_LOG_H

#include <stddef.h>
#include <time.h>

/* Open the log for appending ("-": standard output).  Returns a descriptor,
 * or -1 with errno set. */
int api_access_log_open(const char *path);

/* The request target `uri` as a log shows it, into out[0..cap): the path
 * and query as sent, secret values replaced by "-", the fragment dropped,
 * bytes that would break the line (controls, quotes, backslash, space,
 * non-UTF-8) as %XX; "..." when cut. */
void api_log_target(const char *uri, char *out, size_t cap);

/* Write one line to `fd`: `status` 0 is written "-" (no answer was sent),
 * `bytes` 0 as "-". */
void api_access_log_write(int fd, const char *addr, time_t when, const char *method,
                          const char *target, const char *version, unsigned status,
                          size_t bytes, double seconds);

#endif
