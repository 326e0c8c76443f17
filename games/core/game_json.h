/*
 * game_json.h - the one state codec of the games, and the out-of-memory
 * policy for Jansson.
 *
 * A game describes its state once, in one function that works both ways:
 * game_io_* calls name each member, its type and its allowed range.  The
 * framework (game_def.h) runs that function to save (C -> JSON) and to load
 * (JSON -> C, every value checked).  Loading keeps the first problem it
 * meets and skips the rest, so the describing function needs no error
 * handling; invariants that tie members together are checked at the end
 * with game_io_fail().  Saving and loading through the same function means
 * load(save(x)) saves as x by construction.
 *
 * Out of memory: the games library sets Jansson's allocator to the
 * aborting wb_malloc (once, before main), so Jansson calls that build JSON
 * never fail for lack of memory: games call json_object_set_new and
 * friends without checking.  They still fail on a NULL value or invalid
 * UTF-8, which game code never passes (strings in a state are checked when
 * they enter it).
 */
#ifndef GAME_JSON_H
#define GAME_JSON_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rng.h"

typedef struct game_io game_io;

/* 1 while loading, 0 while saving. */
int game_io_loading(const game_io *io);
/* 1 while freeing: game_io_free runs the describing function to free
 * what a state points to (the framework does, for a state that is not
 * flat and has no free hook).  game_io_loading is then 0: the function
 * reads the state as it does to save it; game_io_str frees the string,
 * game_io_ids the list, game_io_vec the vector (after its elements);
 * nothing else is touched.  A function must not free or save through
 * game_io_str/game_io_ids what the state does not own (a borrowed
 * pointer, a list over a fixed array): pass a local NULL while freeing. */
int game_io_freeing(const game_io *io);
/* 1 while no problem was met (always 1 while saving). */
int game_io_ok(const game_io *io);
/* Loading: record that the state is bad, `what` (a static string: the
 * member or the invariant) unless a problem was already recorded. */
void game_io_fail(game_io *io, const char *what);

/* Values.  In an object, `key` names the member; in an array, pass NULL:
 * the next element.  Loading checks the type and the range [lo, hi]. */
void game_io_int(game_io *io, const char *key, int *v, int lo, int hi);
void game_io_i64(game_io *io, const char *key, int64_t *v, int64_t lo, int64_t hi);
void game_io_size(game_io *io, const char *key, size_t *v, size_t hi);
void game_io_bool(game_io *io, const char *key, int *v);
/* An enum saved by name: names[0..n-1]. */
void game_io_enum(game_io *io, const char *key, int *v, const char *const *names, int n);
/* A string into a fixed buffer of `size` bytes (with the NUL); loading
 * refuses a longer one. */
void game_io_chars(game_io *io, const char *key, char *buf, size_t size);
/* A malloc'd string; NULL is saved as null and loads back as NULL. */
void game_io_str(game_io *io, const char *key, char **v);
/* The same, never NULL: loading refuses null. */
void game_io_text(game_io *io, const char *key, char **v);
void game_io_rng(game_io *io, const char *key, rng *r);
/* `n` ints, saved as an array of exactly n. */
void game_io_ints(game_io *io, const char *key, int *v, size_t n, int lo, int hi);
/* A list of lo..hi different names of names[0..nnames-1] (an enum each),
 * into v[]: its length (saving writes v[0..n-1]).  Loading refuses a name
 * twice ("bad KEY"). */
size_t game_io_enum_set(game_io *io, const char *key, int *v, size_t n, size_t lo, size_t hi,
                        const char *const *names, int nnames);
/* Flags flag[0..n-1] (0 or 1), saved as the array of the indexes set, in
 * order; loading clears the others and refuses an index twice. */
void game_io_flags(game_io *io, const char *key, int *flag, size_t n);

/* Saving: write null for `key` and return 1 when `is_null`.  Loading:
 * return 1 when the member is null (or, in an array, the next element). */
int game_io_null(game_io *io, const char *key, int is_null);
/* A member that is there exactly when `has`, else null: saving writes null
 * when !has; loading refuses ("bad KEY") a null when `has` and a value
 * when not.  1 when the caller is to describe the value now. */
int game_io_present(game_io *io, const char *key, int has);

/* Containers.  game_io_array enters an array: saving writes `n` elements
 * (the caller's loop), loading returns the array's length, refused outside
 * [lo, hi] (then 0).  game_io_object enters an object.  Every enter is
 * closed by game_io_end. */
size_t game_io_array(game_io *io, const char *key, size_t n, size_t lo, size_t hi);
void game_io_object(game_io *io, const char *key);
void game_io_end(game_io *io);
/* A heap array *v of *n elements of `size` bytes (a vector), as an array
 * of lo..hi elements: enters it like game_io_array and returns its length
 * for the caller's loop over the elements.  Loading allocates it zeroed
 * and sets *v and *n; freeing frees it at the matching game_io_end. */
size_t game_io_vec(game_io *io, const char *key, void **v, size_t *n, size_t size, size_t lo,
                   size_t hi);

/* Run a describing function: save `state` (a new reference) or load
 * `saved` into `state` (WB_OK, or WB_EINVAL with *what set to the first
 * problem, static).  Used by the framework; games need not call these. */
json_t *game_io_save(void (*describe)(game_io *, void *), const void *state);
/* What `describe` saves of `state` as member `key` (a new reference, or
 * NULL when there is none): for a view that shows part of a state as it
 * is saved, built by the same function. */
json_t *game_io_member(void (*describe)(game_io *, void *), const void *state, const char *key);
int game_io_load(void (*describe)(game_io *, void *), const json_t *saved, void *state,
                 const char **what);
/* Free what `state` points to (game_io_freeing above). */
void game_io_free(void (*describe)(game_io *, void *), void *state);

/* Saving straight to JSON text, for the records the framework stores on
 * every action: the text json_dumps(save, JSON_COMPACT) would give (keys
 * in the order described, strings escaped as Jansson escapes them), but
 * without building the tree.  A game_text is a growing buffer: start it
 * zeroed (or with a guess of its size in cap and s NULL); s is
 * NUL-terminated and malloc'd, the caller frees it.  `bad` is set when a
 * string is not valid UTF-8 (Jansson would refuse it). */
typedef struct game_text {
    char *s;
    size_t len, cap;
    int bad;
} game_text;

/* Room for n more bytes (and the NUL). */
void game_text_grow(game_text *t, size_t n);
static inline void game_text_reserve(game_text *t, size_t n)
{
    if (!t->s || t->len + n + 1 > t->cap)
        game_text_grow(t, n);
}
static inline void game_text_raw(game_text *t, const char *s, size_t n)
{
    game_text_reserve(t, n);
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}
/* A JSON string: NUL-terminated, or of len bytes. */
void game_text_str(game_text *t, const char *s);
void game_text_strn(game_text *t, const char *s, size_t len);
void game_text_int(game_text *t, json_int_t v);
/* Any Jansson value, as json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY)
 * writes it (keys in the object's order). */
void game_text_json(game_text *t, const json_t *v);
/* The same as a new string (malloc'd; its length in *len), or NULL when
 * v is NULL or holds text that is not UTF-8. */
char *game_text_dump(const json_t *v, size_t *len);

/* Save `state` through `describe` as an object appended to `out`; `tail`
 * (may be NULL) is called before the object is closed, to add members of
 * the caller's (game_def adds "format"). */
void game_io_save_text(void (*describe)(game_io *, void *), const void *state,
                       void (*tail)(game_io *, const void *state), game_text *out);

/* Small builders (no failure: see the allocator above). */
json_t *game_json_ints(const int *v, size_t n);
json_t *game_json_strs(const char *const *v, size_t n);
/* The seats i < n with flag[i] set, as an array. */
json_t *game_json_seats(const int *flag, int n);
/* v, or null when v < 0 (a seat or an id that may be none). */
json_t *game_json_id(json_int_t v);
/* v, or NULL when v < 0: a member left out ("s:o*" in game_event/game_put). */
json_t *game_json_opt(json_int_t v);

#endif
