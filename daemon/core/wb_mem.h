/*
 * wb_mem.h - allocation wrappers for the project's own small allocations.
 *
 * They abort with a message on out-of-memory, so callers need not check.
 * Returns from foreign libraries (Jansson, ICU, LMDB, Hunspell) are never
 * allocated through these and are always checked by their callers.
 */
#ifndef WB_MEM_H
#define WB_MEM_H

#include <stddef.h>

void *wb_malloc(size_t n);
void *wb_calloc(size_t count, size_t size);
void *wb_realloc(void *p, size_t n);
/* Grow array `p` of `*cap` elements of `size` bytes to hold at least `need`. */
void *wb_grow(void *p, size_t *cap, size_t need, size_t size);
char *wb_strdup(const char *s);
char *wb_strndup(const char *s, size_t n);
/* printf into a new string the caller frees. */
char *wb_asprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
