/*
 * whirlpool_board.h - the pond of Whirlpool Pond (Tube Wars): its spaces,
 * rings, corner coins, ropes and starting spaces, read from a text file
 * (games/whirlpool/board.txt describes the format).  Private to
 * games/whirlpool/.
 *
 * The file gives positions; the spaces are a game_graph of rings drawn on
 * a grid (game_graph_grid_rings), which derives what the rules say about
 * geometry: the counterclockwise order of each ring (node.next), its
 * corners (tag "corner"), the space one ring inward of each space
 * (node.in: orthogonal, diagonal from a corner; -1 into the whirlpool)
 * and the corner one ring outward of each corner (node.out).  This file
 * adds the coins, the ropes, the starts and the spaces near a rope (tag
 * "near-rope").  The game code never looks at coordinates except to aim a
 * water balloon.
 */
#ifndef WHIRLPOOL_BOARD_H
#define WHIRLPOOL_BOARD_H

#include <stddef.h>

#include "game_data.h"
#include "game_graph.h"

/* The suits of the piecepack, in its usual order. */
enum { WP_SUNS, WP_MOONS, WP_CROWNS, WP_ARMS, WP_NSUITS };

#define WP_NRINGS 3  /* the pond has three rings around the whirlpool */
#define WP_NCOINS 12 /* the ace, #2 and #3 coins of the four suits */
#define WP_GRID_MAX 32

typedef struct wp_coin {
    int suit, value, space;
} wp_coin;

typedef struct wp_board {
    game_grid grid; /* the tokens as drawn, row by row: . x O 1 2 3 */
    game_graph *g;  /* the water spaces (the rings), numbered row by row */
    wp_coin coins[WP_NCOINS];
    int rope[WP_NSUITS];  /* the rope (0 or 1) that holds each suit's coins */
    int start[WP_NSUITS]; /* the starting space of each suit's tube */
} wp_board;

/* Read a board from `len` bytes of `text`.  WB_OK and a new board in *out
 * (free with wp_board_free), or WB_EINVAL with *why (malloc'd) naming the
 * line and what is wrong. */
int wp_board_parse(const char *text, size_t len, wp_board **out, char **why);
void wp_board_free(wp_board *b);

/* A match saves its board as game_data_text of the text it was read from
 * (records only, no comments): parsing that gives the same board, and
 * its canonical text is itself. */

/* The space at (col, row), or -1 when that is not a water space. */
#define wp_board_space(b, col, row) game_graph_at((b)->g, col, row)
/* The coin on a space (an index into coins), or -1. */
int wp_board_coin(const wp_board *b, int space);

/* "suns", "moons", "crowns", "arms" (by suit), then NULL. */
extern const char *const wp_suit_names[WP_NSUITS + 1];

#endif
