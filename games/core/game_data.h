/*
 * game_data.h - small helpers for the games' data: record files (decks,
 * boxes, boards: one record a line, words split on blanks, '#' comments),
 * whole numbers, slugs, and growable lists of ids with their codec.
 *
 * Games keep their data as text files embedded into the binary (or given
 * in a create request); each reads them with game_data_read and a
 * function that takes one record.  Everything here is plain C; the lists
 * allocate with wb_malloc (aborts when memory runs out).
 */
#ifndef GAME_DATA_H
#define GAME_DATA_H

#include <stddef.h>

#include "game_json.h"

#define GAME_DATA_WORDS 64 /* words of one record, at most */

/* Call `record` for each record of text[0..len): the words of the line
 * (modified copies, valid for the call), their number (>= 1) and the line
 * number (1-based).  Blank lines and comments are skipped.  Returns WB_OK,
 * or the first error `record` returns (it sets *why), or WB_EINVAL with
 * *why for a line of more than GAME_DATA_WORDS words or a NUL byte. */
int game_data_read(const char *text, size_t len,
                   int (*record)(void *ctx, char **w, int nw, int line, char **why),
                   void *ctx, char **why);

/* The records of text[0..len) (a deck: one card a line) as a new vector
 * *v of *n elements of `size` bytes, at most `max`: `one` fills a zeroed
 * element from a record's words (WB_OK, or an error and *why).  Its
 * refusal reads "<what> line N: <why>" (just <why> when `what` is NULL:
 * a record given alone).  WB_OK, or the error with *why and nothing
 * allocated (free the elements' own allocations yourself). */
int game_data_vec(const char *text, size_t len, const char *what, size_t size, size_t max,
                  int (*one)(void *elem, char **w, int nw, char **why), void **v, size_t *n,
                  char **why);

/* The one record of `text` (a card given alone) into `elem`, as
 * game_data_vec reads it (its refusals without a line number), or
 * WB_EINVAL with *why when `text` holds none or more than one. */
int game_data_one(const char *text, size_t size,
                  int (*one)(void *elem, char **w, int nw, char **why), void *elem, char **why);

/* The records of text[0..len) in canonical form, a new string: one a
 * line, words joined by one space, comments and blank lines dropped (so
 * game_data_read sees the same records in it).  NULL when game_data_read
 * would refuse the text. */
char *game_data_text(const char *text, size_t len);

/* A grid drawn in a record file (a board): the record "grid WIDTH HEIGHT"
 * (each from min to max) and the HEIGHT records after it, the rows top
 * first, of WIDTH cells each: one-character words separated by blanks, or
 * one word of WIDTH characters.  A cell is one of the characters of
 * `cells`.  Set what, cells, min and max; the reader sets the rest. */
typedef struct game_grid {
    const char *what;  /* the messages' subject: "board" */
    const char *cells; /* the characters a cell may be */
    int min, max;      /* the allowed width and height */
    int w, h, rows;    /* rows: how many are read */
    char *c;           /* w * h cells, row by row (malloc'd: free it) */
} game_grid;
#define GAME_GRID_OTHER (-1)

/* Give the grid a record of its file (from a game_data_read record
 * function): WB_OK when it was the grid's, GAME_GRID_OTHER when the grid
 * is complete and the record is another's, WB_EINVAL with *why for a bad
 * grid record or for another record before the grid is complete. */
int game_grid_record(game_grid *g, char **w, int nw, int line, char **why);
/* At the end of the file: WB_OK, or WB_EINVAL with *why when the grid is
 * missing or incomplete. */
int game_grid_end(const game_grid *g, char **why);
/* The rows of a grid as strings, top first (for views). */
json_t *game_grid_rows(const game_grid *g);

/* The whole decimal number `s` when it is in [lo, hi], else -1 (so lo >= 0). */
long game_data_num(const char *s, long lo, long hi);
/* The n whole numbers w[0..n-1], each in [lo, hi], into out: 0, or -1
 * when one is not (out then partly written). */
int game_data_nums(char *const *w, int n, long lo, long hi, int *out);

/* Is `s` a slug of 1..max bytes of a-z, 0-9, '-' and '_'? */
int game_slug_ok(const char *s, size_t max);

/* A growable list of ids (cards, seats, areas), in order. */
typedef struct game_ids {
    int *v;
    size_t n, cap;
} game_ids;

void game_ids_push(game_ids *l, int id);
/* Insert `id` at index i (<= n), keeping the order of the others. */
void game_ids_insert(game_ids *l, size_t i, int id);
/* Remove the element at index i (< n), keeping the order. */
void game_ids_remove(game_ids *l, size_t i);
/* The index of `id` in l, or -1. */
long game_ids_find(const game_ids *l, int id);
/* Move the element at index i (< from->n) to the end of `to`: its id. */
int game_ids_take(game_ids *from, size_t i, game_ids *to);
/* Ids in at most one place (cards neither made nor copied): the lists
 * lists[0..nl-1] hold ids in [0, n).  The number of ids they hold when
 * no id is in two places (or twice in one), else -1; compare it with n
 * for conservation (every id somewhere). */
long game_ids_once(const game_ids *const *lists, size_t nl, size_t n);
/* Append every id of `from` to `to`, in order. */
void game_ids_append(game_ids *to, const game_ids *from);
/* The list as an array of ids in [0, hi], both ways (game_json.h). */
void game_io_ids(game_io *io, const char *key, game_ids *l, int hi);
/* More members for the codec: a slug (game_slug_ok) in a buffer of
 * `size` bytes; a list of lo..hi different slugs in rows of `size` bytes
 * from `rows` (its length: the return value); a seat 0..nseats-1, or
 * null for -1.  Loading refuses anything else ("bad KEY"). */
void game_io_slug(game_io *io, const char *key, char *buf, size_t size);
size_t game_io_slugs(game_io *io, const char *key, char *rows, size_t size, size_t n,
                     size_t lo, size_t hi);
void game_io_seat(game_io *io, const char *key, int *v, int nseats);

/* The index of `name` in names[0..n-1], or -1 (also for a NULL name). */
int game_name_index(const char *const *names, int n, const char *name);

#endif
