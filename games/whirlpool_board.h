/*
 * whirlpool_board.h - the pond of Whirlpool Pond (Tube Wars): its spaces,
 * rings, corner coins, ropes and starting spaces, read from a text file
 * (games/data/whirlpool-board.txt describes the format).  Private to
 * games/whirlpool*.c.
 *
 * The file gives positions; the loader derives from them what the rules
 * say about geometry: the counterclockwise order of each ring, its
 * corners, the space one ring inward of each space (orthogonal, diagonal
 * from a corner) and the corner one ring outward of each corner.  The
 * game code never looks at coordinates except to aim a water balloon.
 */
#ifndef WHIRLPOOL_BOARD_H
#define WHIRLPOOL_BOARD_H

#include <stddef.h>

/* The suits of the piecepack, in its usual order. */
enum { WP_SUNS, WP_MOONS, WP_CROWNS, WP_ARMS, WP_NSUITS };

#define WP_NRINGS 3  /* the pond has three rings around the whirlpool */
#define WP_NCOINS 12 /* the ace, #2 and #3 coins of the four suits */
#define WP_GRID_MAX 32

typedef struct wp_space {
    int col, row;  /* in the grid, 0-based from the top left */
    int ring;      /* 1 (innermost) .. WP_NRINGS (outermost) */
    int next;      /* the next space counterclockwise along the ring */
    int in;        /* one ring closer to the whirlpool; -1: into the whirlpool */
    int out;       /* from a corner: diagonally one ring outward (-1: none) */
    int corner;    /* the ring turns here */
    int coin;      /* index into wp_board.coins, or -1 */
    int near_rope; /* on a rope coin or orthogonally next to one */
} wp_space;

typedef struct wp_coin {
    int suit, value, space;
} wp_coin;

typedef struct wp_board {
    int width, height;
    char *cells;    /* width * height tokens, row by row: . x O 1 2 3 */
    int *space_at;  /* width * height: the space at a cell, or -1 */
    wp_space *spaces;
    int nspaces;
    wp_coin coins[WP_NCOINS];
    int rope[WP_NSUITS];  /* the rope (0 or 1) that holds each suit's coins */
    int start[WP_NSUITS]; /* the starting space of each suit's tube */
} wp_board;

/* Read a board from `len` bytes of `text`.  WB_OK and a new board in *out
 * (free with wp_board_free), or WB_EINVAL with *why (malloc'd) naming the
 * line and what is wrong. */
int wp_board_parse(const char *text, size_t len, wp_board **out, char **why);
void wp_board_free(wp_board *b);

/* The board in canonical form (records only, no comments) in a new
 * string the caller frees; wp_board_parse of it gives the same board and
 * the same canonical text.  Saved with every match. */
char *wp_board_text(const wp_board *b);

/* The space at (col, row), or -1 when that is not a water space. */
int wp_board_space(const wp_board *b, int col, int row);

/* "suns", "moons", "crowns", "arms"; and back (-1: not a suit). */
const char *wp_suit_name(int suit);
int wp_suit_find(const char *name);

#endif
