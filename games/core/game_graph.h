/*
 * game_graph.h - boards as graphs: areas (nodes) with tags, undirected
 * edges, optional drawing coordinates.  Shared by the games with a map
 * (Whirlpool Pond's pond, Woobieworld's areas, World Dumbination's hexes).
 *
 * The data format (the area graph; docs/architecture.md), a JSON file:
 *   {"nodes":[{"id":"doom-grove","name":"Doom Grove","tags":["land"],
 *              "x":120.5,"y":80}],
 *    "edges":[["doom-grove","woobania"], ...]}
 * `id` a short lowercase ascii slug (a-z, 0-9, '-', '_'; at most
 * GAME_GRAPH_ID_MAX - 1 bytes), `name` optional (the id), `tags` free
 * strings the game interprets (at most 64 distinct in a graph), `x`, `y`
 * optional, edges undirected (a duplicate edge or a self-loop is refused).
 *
 * Generators build the two regular boards the games need: the square
 * rings of a pond around a centre, and hex grids that wrap east-west.
 *
 * Ownership: a graph is one heap object freed by game_graph_free; node
 * names and adjacency lists live as long as it.  Graphs are read-only
 * once built, so one graph may be shared by many matches and threads.
 */
#ifndef GAME_GRAPH_H
#define GAME_GRAPH_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "game_json.h"

#define GAME_GRAPH_ID_MAX 32
#define GAME_GRAPH_TAGS_MAX 64
#define GAME_GRAPH_NODES_MAX 4096

typedef struct game_node {
    char id[GAME_GRAPH_ID_MAX];
    char *name;
    uint64_t tags; /* bit i: graph.tags[i] */
    double x, y;
    int has_xy;
    int *adj; /* neighbours, in the order the edges were given */
    int nadj;
    /* Rings (game_graph_square_rings, game_graph_grid_rings; 0 and -1 in
     * other graphs): the ring the node is on (1 the innermost, 0 off the
     * rings), the next node along it counterclockwise, the node one ring
     * inward (orthogonally, diagonally from a corner; from ring 1 the
     * centre node, or -1 when the centre is a hole, not a node) and, from
     * a corner below the outermost ring, the node one ring outward. */
    int ring, next, in, out;
} game_node;

typedef struct game_graph {
    int n;
    game_node *nodes;
    int ntags;
    char *tags[GAME_GRAPH_TAGS_MAX];
    size_t cap_; /* private */
} game_graph;

/* Read the JSON format (a value, or text of `len` bytes).  WB_OK and a new
 * graph, or WB_EINVAL with *why (malloc'd) naming what is wrong. */
int game_graph_load(const json_t *j, game_graph **out, char **why);
int game_graph_parse(const char *text, size_t len, game_graph **out, char **why);
/* The graph in the JSON format (a new reference); load gives it back. */
json_t *game_graph_json(const game_graph *g);
void game_graph_free(game_graph *g);

/* The node with this id, or -1. */
int game_graph_find(const game_graph *g, const char *id);
/* The node drawn at (x, y), or -1. */
int game_graph_at(const game_graph *g, double x, double y);
/* Where `node` is drawn as [x, y], whole numbers (a grid's column and
 * row); null for -1. */
json_t *game_graph_xy(const game_graph *g, int node);
/* The eight directions of a drawing, clockwise from north (y grows
 * downward): "n", "ne", "e", "se", "s", "sw", "w", "nw", then NULL. */
extern const char *const game_graph_dirs[9];
/* The direction (an index into game_graph_dirs) from node `from` to node
 * `to` when they are drawn on one line, orthogonal or diagonal, with the
 * distance in whole steps in *dist; -1 otherwise (also for one spot). */
int game_graph_line(const game_graph *g, int from, int to, int *dist);
/* A node saved as where it is drawn, [x, y] (whole numbers, as
 * game_graph_xy), or null for -1, both ways (game_json.h); loading
 * refuses ("bad KEY") a position where no node is drawn. */
void game_io_xy(game_io *io, const char *key, const game_graph *g, int *node);
/* The bit of a tag (1 << index), or 0 when no node has it. */
uint64_t game_graph_tag(const game_graph *g, const char *tag);
int game_graph_has(const game_graph *g, int node, const char *tag);
int game_graph_adjacent(const game_graph *g, int a, int b);

/* Building (the loader and generators use these; games may too). */
game_graph *game_graph_new(void);
/* Add a node: its index, or -1 for a bad or duplicate id. */
int game_graph_add(game_graph *g, const char *id, const char *name);
/* Tag a node: WB_OK, or WB_ELIMIT past GAME_GRAPH_TAGS_MAX tags. */
int game_graph_add_tag(game_graph *g, int node, const char *tag);
/* WB_OK, or WB_EINVAL for a self-loop or a duplicate. */
int game_graph_add_edge(game_graph *g, int a, int b);

/* The square rings of a pond: rings 1..`rings` around a centre cell, ring
 * r the border of the (2r+1)-square, 8r cells counterclockwise from its
 * top-left corner.  Node "centre" (tag "centre") and "r<r>-<k>" (tags
 * "ring-<r>", and "corner" at the four corners); x, y are the grid column
 * and row (the centre at (rings, rings)).  Edges: along each ring, and
 * one ring inward (orthogonally; diagonally from a corner); ring 1 to the
 * centre. */
game_graph *game_graph_square_rings(int rings);

/* Rectangular rings read from a grid (a pond drawn by hand): `cells` holds
 * w x h tokens row by row, '1'..'0'+rings a cell of that ring, 'O' the
 * hole they surround, anything else off the board.  Each ring must be one
 * closed line of cells that only turns left when walked counterclockwise
 * (a rectangle), the inward step of each cell (orthogonal, diagonal from
 * a corner) must land on the next ring in (from ring 1: in the hole), and
 * the outward step of each corner below the outermost ring on the next
 * ring out.  Nodes "c<col>-<row>" row by row, x, y the column and row,
 * tags "ring-<r>" and "corner", the ring members above; edges along each
 * ring and inward.  NULL with *why (malloc'd) naming the ring or the cell
 * that breaks a rule. */
game_graph *game_graph_grid_rings(const char *cells, int w, int h, int rings, char **why);
/* The same of a grid read from a data file (game_data.h), *why naming
 * its subject ("board: ring 2 ..."). */
struct game_grid;
game_graph *game_grid_rings(const struct game_grid *grid, int rings, char **why);

/* A hex grid of `cols` x `rows` (rows of pointy-top hexes, odd rows
 * shifted half a hex east), node "h<col>-<row>"; with `wrap_ew` the east
 * edge joins the west edge (cols even then, so the shift stays regular).
 * Tags "north-edge", "south-edge" on the first and last rows (and "west-edge",
 * "east-edge" when not wrapping).  x, y: the centre of the hex, unit
 * spacing. */
game_graph *game_graph_hex(int cols, int rows, int wrap_ew);

#endif
