/*
 * strtab.h - a string interning table used while building a dictionary.
 *
 * Private to dict/build/.  Maps strings to dense ids (0, 1, 2, ... in order of
 * first insertion) and back.  Build-time only; not thread-safe.
 */
#ifndef STRTAB_H
#define STRTAB_H

#include <stddef.h>
#include <stdint.h>

#define STRTAB_NONE UINT32_MAX

typedef struct strtab strtab;

strtab *strtab_create(void);
void strtab_destroy(strtab *t);
/* The id of `s`, adding it when new. */
uint32_t strtab_intern(strtab *t, const char *s);
/* The id of `s`, or STRTAB_NONE. */
uint32_t strtab_find(const strtab *t, const char *s);
/* The string of `id`, valid as long as the table. */
const char *strtab_str(const strtab *t, uint32_t id);
size_t strtab_count(const strtab *t);

#endif
