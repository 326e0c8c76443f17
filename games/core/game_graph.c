/*
 * game_graph.c - the area-graph loader and the board generators.  See
 * game_graph.h.
 */
#include "game_graph.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_data.h"
#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"

game_graph *game_graph_new(void) { return wb_calloc(1, sizeof(game_graph)); }

void game_graph_free(game_graph *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->n; i++) {
        free(g->nodes[i].name);
        free(g->nodes[i].adj);
    }
    for (int i = 0; i < g->ntags; i++)
        free(g->tags[i]);
    free(g->nodes);
    free(g);
}

int game_graph_find(const game_graph *g, const char *id)
{
    for (int i = 0; id && i < g->n; i++)
        if (strcmp(g->nodes[i].id, id) == 0)
            return i;
    return -1;
}

int game_graph_at(const game_graph *g, double x, double y)
{
    for (int i = 0; i < g->n; i++)
        if (g->nodes[i].has_xy && g->nodes[i].x == x && g->nodes[i].y == y)
            return i;
    return -1;
}

json_t *game_graph_xy(const game_graph *g, int node)
{
    if (node < 0)
        return json_null();
    return json_pack("[ii]", (int)g->nodes[node].x, (int)g->nodes[node].y);
}

const char *const game_graph_dirs[9] = {"n", "ne", "e", "se", "s", "sw", "w", "nw", NULL};

int game_graph_line(const game_graph *g, int from, int to, int *dist)
{
    static const int dx8[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int dy8[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    const game_node *a = &g->nodes[from], *b = &g->nodes[to];
    int dx = (int)(b->x - a->x), dy = (int)(b->y - a->y), ax = abs(dx), ay = abs(dy);
    if ((!dx && !dy) || (dx && dy && ax != ay))
        return -1;
    *dist = ax > ay ? ax : ay;
    for (int d = 0; d < 8; d++)
        if (dx8[d] == (dx > 0) - (dx < 0) && dy8[d] == (dy > 0) - (dy < 0))
            return d;
    return -1;
}

void game_io_xy(game_io *io, const char *key, const game_graph *g, int *node)
{
    int xy[2] = {0, 0};
    if (game_io_null(io, key, *node < 0)) {
        *node = -1;
        return;
    }
    if (*node >= 0 && !game_io_loading(io)) {
        xy[0] = (int)g->nodes[*node].x;
        xy[1] = (int)g->nodes[*node].y;
    }
    game_io_ints(io, key, xy, 2, INT_MIN, INT_MAX);
    if (game_io_loading(io) && game_io_ok(io) && (*node = game_graph_at(g, xy[0], xy[1])) < 0)
        game_io_fail(io, key ? key : "node");
}

uint64_t game_graph_tag(const game_graph *g, const char *tag)
{
    for (int i = 0; i < g->ntags; i++)
        if (strcmp(g->tags[i], tag) == 0)
            return (uint64_t)1 << i;
    return 0;
}

int game_graph_has(const game_graph *g, int node, const char *tag)
{
    return (g->nodes[node].tags & game_graph_tag(g, tag)) != 0;
}

int game_graph_adjacent(const game_graph *g, int a, int b)
{
    for (int i = 0; i < g->nodes[a].nadj; i++)
        if (g->nodes[a].adj[i] == b)
            return 1;
    return 0;
}

int game_graph_add(game_graph *g, const char *id, const char *name)
{
    if (!game_slug_ok(id, GAME_GRAPH_ID_MAX - 1) || game_graph_find(g, id) >= 0 || g->n >= GAME_GRAPH_NODES_MAX)
        return -1;
    g->nodes = wb_grow(g->nodes, &g->cap_, (size_t)g->n + 1, sizeof *g->nodes);
    game_node *nd = &g->nodes[g->n];
    memset(nd, 0, sizeof *nd);
    strcpy(nd->id, id);
    nd->name = wb_strdup(name ? name : id);
    nd->next = nd->in = nd->out = -1;
    return g->n++;
}

int game_graph_add_tag(game_graph *g, int node, const char *tag)
{
    uint64_t bit = game_graph_tag(g, tag);
    if (!bit) {
        if (g->ntags == GAME_GRAPH_TAGS_MAX)
            return WB_ELIMIT;
        g->tags[g->ntags] = wb_strdup(tag);
        bit = (uint64_t)1 << g->ntags++;
    }
    g->nodes[node].tags |= bit;
    return WB_OK;
}

static void adj_push(game_node *nd, int to)
{
    nd->adj = wb_realloc(nd->adj, (size_t)(nd->nadj + 1) * sizeof *nd->adj);
    nd->adj[nd->nadj++] = to;
}

int game_graph_add_edge(game_graph *g, int a, int b)
{
    if (a == b || game_graph_adjacent(g, a, b))
        return WB_EINVAL;
    adj_push(&g->nodes[a], b);
    adj_push(&g->nodes[b], a);
    return WB_OK;
}

/* --- the JSON format ------------------------------------------------------- */

int game_graph_load(const json_t *j, game_graph **out, char **why)
{
    game_graph *g = game_graph_new();
    json_t *nodes = json_object_get(j, "nodes"), *edges = json_object_get(j, "edges"), *v;
    size_t i;
    *out = NULL;
    if (!json_is_array(nodes) || !json_is_array(edges) || json_array_size(nodes) == 0) {
        *why = game_why("a graph is {\"nodes\":[...],\"edges\":[...]}");
        goto bad;
    }
    json_array_foreach(nodes, i, v) {
        const char *id = json_string_value(json_object_get(v, "id"));
        json_t *name = json_object_get(v, "name"), *tags = json_object_get(v, "tags");
        json_t *x = json_object_get(v, "x"), *y = json_object_get(v, "y"), *t;
        size_t k;
        int n = id && (!name || json_is_string(name))
                    ? game_graph_add(g, id, json_string_value(name))
                    : -1;
        if (n < 0) {
            *why = game_why("nodes[%zu]: an id is a new slug of a-z, 0-9, - and _ "
                            "(at most %d bytes), a name a string",
                            i, GAME_GRAPH_ID_MAX - 1);
            goto bad;
        }
        if ((tags && !json_is_array(tags)) || (!x != !y) ||
            (x && (!json_is_number(x) || !json_is_number(y)))) {
            *why = game_why("node %s: tags are an array of strings, x and y numbers (both or none)",
                            id);
            goto bad;
        }
        json_array_foreach(tags, k, t) {
            if (!json_is_string(t) || game_graph_add_tag(g, n, json_string_value(t))) {
                *why = game_why("node %s: a tag is a string (at most %d distinct)", id,
                                GAME_GRAPH_TAGS_MAX);
                goto bad;
            }
        }
        if (x) {
            g->nodes[n].x = json_number_value(x);
            g->nodes[n].y = json_number_value(y);
            g->nodes[n].has_xy = 1;
        }
    }
    json_array_foreach(edges, i, v) {
        int a = game_graph_find(g, json_string_value(json_array_get(v, 0)));
        int b = game_graph_find(g, json_string_value(json_array_get(v, 1)));
        if (json_array_size(v) != 2 || a < 0 || b < 0 || game_graph_add_edge(g, a, b)) {
            *why = game_why("edges[%zu]: a pair of two different known ids, once", i);
            goto bad;
        }
    }
    *out = g;
    return WB_OK;
bad:
    game_graph_free(g);
    return WB_EINVAL;
}

int game_graph_parse(const char *text, size_t len, game_graph **out, char **why)
{
    json_error_t err;
    json_t *j = json_loadb(text, len, 0, &err);
    *out = NULL;
    if (!j) {
        *why = game_why("graph: line %d: %s", err.line, err.text);
        return WB_EINVAL;
    }
    int rc = game_graph_load(j, out, why);
    json_decref(j);
    return rc;
}

json_t *game_graph_json(const game_graph *g)
{
    json_t *nodes = json_array(), *edges = json_array();
    for (int i = 0; i < g->n; i++) {
        const game_node *nd = &g->nodes[i];
        json_t *o = json_pack("{s:s, s:s}", "id", nd->id, "name", nd->name), *tags = json_array();
        for (int t = 0; t < g->ntags; t++)
            if (nd->tags & ((uint64_t)1 << t))
                json_array_append_new(tags, json_string(g->tags[t]));
        json_object_set_new(o, "tags", tags);
        if (nd->has_xy) {
            json_object_set_new(o, "x", json_real(nd->x));
            json_object_set_new(o, "y", json_real(nd->y));
        }
        json_array_append_new(nodes, o);
        for (int k = 0; k < nd->nadj; k++)
            if (nd->adj[k] > i)
                json_array_append_new(edges, json_pack("[s, s]", nd->id, g->nodes[nd->adj[k]].id));
    }
    return json_pack("{s:o, s:o}", "nodes", nodes, "edges", edges);
}

/* --- generators ------------------------------------------------------------ */

static int add_xy(game_graph *g, const char *id, double x, double y)
{
    int n = game_graph_add(g, id, NULL);
    g->nodes[n].x = x;
    g->nodes[n].y = y;
    g->nodes[n].has_xy = 1;
    return n;
}

/* The cell k (0..8r-1) of ring r, counterclockwise from the top-left
 * corner: down the west side, along the south, up the east, back west
 * along the north. */
static void ring_cell(int r, int k, int *dx, int *dy)
{
    int side = k / (2 * r), off = k % (2 * r);
    static const int sx[4] = {-1, -1, 1, 1}, sy[4] = {-1, 1, 1, -1};
    static const int mx[4] = {0, 1, 0, -1}, my[4] = {1, 0, -1, 0};
    *dx = r * sx[side] + off * mx[side];
    *dy = r * sy[side] + off * my[side];
}

static int ring_find(game_graph *g, int r, int dx, int dy)
{
    char id[GAME_GRAPH_ID_MAX];
    for (int k = 0; k < 8 * r; k++) {
        int x, y;
        ring_cell(r, k, &x, &y);
        if (x == dx && y == dy) {
            snprintf(id, sizeof id, "r%d-%d", r, k);
            return game_graph_find(g, id);
        }
    }
    return -1;
}

static int sign(int v) { return (v > 0) - (v < 0); }

game_graph *game_graph_square_rings(int rings)
{
    game_graph *g = game_graph_new();
    int centre = add_xy(g, "centre", rings, rings);
    char id[GAME_GRAPH_ID_MAX], tag[GAME_GRAPH_ID_MAX];
    game_graph_add_tag(g, centre, "centre");
    for (int r = 1; r <= rings; r++) {
        int first = g->n;
        snprintf(tag, sizeof tag, "ring-%d", r);
        for (int k = 0; k < 8 * r; k++) {
            int dx, dy;
            ring_cell(r, k, &dx, &dy);
            snprintf(id, sizeof id, "r%d-%d", r, k);
            int n = add_xy(g, id, rings + dx, rings + dy);
            game_graph_add_tag(g, n, tag);
            if (abs(dx) == r && abs(dy) == r)
                game_graph_add_tag(g, n, "corner");
            if (k > 0)
                game_graph_add_edge(g, n - 1, n);
            /* Inward: orthogonally, or diagonally from a corner. */
            int ix = abs(dx) == r ? dx - sign(dx) : dx, iy = abs(dy) == r ? dy - sign(dy) : dy;
            g->nodes[n].ring = r;
            g->nodes[n].next = k + 1 < 8 * r ? n + 1 : first;
            g->nodes[n].in = r == 1 ? centre : ring_find(g, r - 1, ix, iy);
            game_graph_add_edge(g, n, g->nodes[n].in);
            if (abs(dx) == r && abs(dy) == r && r > 1) /* the corner inward looks back out */
                g->nodes[g->nodes[n].in].out = n;
        }
        game_graph_add_edge(g, g->n - 1, first);
    }
    return g;
}

/* --- rings drawn on a grid --------------------------------------------------- */

static char grid_cell(const char *cells, int w, int h, int x, int y)
{
    return x < 0 || y < 0 || x >= w || y >= h ? '.' : cells[y * w + x];
}

/* The node of ring k at (x, y), or -1. */
static int ring_at(const game_graph *g, int x, int y, int k)
{
    int n = game_graph_at(g, x, y);
    return n >= 0 && g->nodes[n].ring == k ? n : -1;
}

/* Link ring k counterclockwise: next, corners, the inward step and, from
 * corners, the outward step.  The interior of a ring walked
 * counterclockwise is on the left; on screen (rows grow downward) left of
 * a step (dx, dy) is (dy, -dx). */
static char *grid_ring(game_graph *g, const char *cells, int w, int h, int k, int rings)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    char tk = (char)('0' + k);
    int first = -1, count = 0;
    for (int i = 0; i < g->n; i++) {
        int x = (int)g->nodes[i].x, y = (int)g->nodes[i].y, nb = 0;
        if (g->nodes[i].ring != k)
            continue;
        for (int d = 0; d < 4; d++)
            nb += grid_cell(cells, w, h, x + dirs[d][0], y + dirs[d][1]) == tk;
        if (nb != 2)
            return game_why("ring %d is not a closed line of spaces at column %d, row %d", k,
                            x, y);
        if (first < 0)
            first = i; /* nodes are numbered row by row: the top-left one */
        count++;
    }
    if (first < 0)
        return game_why("ring %d has no spaces", k);
    /* The top-left cell has neighbours right and below; counterclockwise
     * is down the left side first. */
    int prev = ring_at(g, (int)g->nodes[first].x + 1, (int)g->nodes[first].y, k);
    int cur = first, n = 0;
    do {
        game_node *s = &g->nodes[cur];
        int x = (int)s->x, y = (int)s->y, next = -1;
        for (int d = 0; d < 4 && next < 0; d++) {
            int o = ring_at(g, x + dirs[d][0], y + dirs[d][1], k);
            next = o != prev ? o : -1;
        }
        const game_node *p = &g->nodes[prev], *q = &g->nodes[next];
        int ix = x - (int)p->x, iy = y - (int)p->y; /* the step in */
        int ox = (int)q->x - x, oy = (int)q->y - y; /* the step out */
        int corner = ix != ox || iy != oy;
        s->next = next;
        if (corner && (ox != iy || oy != -ix))
            return game_why("ring %d turns right at column %d, row %d: a ring must be a "
                            "rectangle", k, x, y);
        if (corner)
            game_graph_add_tag(g, cur, "corner");
        int dx = corner ? ox - ix : oy, dy = corner ? oy - iy : -ox;
        s->in = k == 1 ? -1 : ring_at(g, x + dx, y + dy, k - 1);
        if (k == 1 ? grid_cell(cells, w, h, x + dx, y + dy) != 'O' : s->in < 0)
            return game_why("from column %d, row %d the step inward must land %s", x, y,
                            k == 1 ? "in the hole (O)" : "on the next ring in");
        if (s->in >= 0)
            game_graph_add_edge(g, cur, s->in);
        game_graph_add_edge(g, cur, next);
        /* From a corner, the step outward is the reverse of the step in. */
        if (corner && k < rings && (s->out = ring_at(g, x - dx, y - dy, k + 1)) < 0)
            return game_why("from the corner at column %d, row %d the step outward must "
                            "land on the next ring out", x, y);
        prev = cur;
        cur = next;
        n++;
    } while (cur != first && n <= count);
    if (cur != first || n != count)
        return game_why("ring %d is not one closed loop", k);
    return NULL;
}

game_graph *game_graph_grid_rings(const char *cells, int w, int h, int rings, char **why)
{
    game_graph *g = game_graph_new();
    char id[GAME_GRAPH_ID_MAX], tag[GAME_GRAPH_ID_MAX];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int r = cells[y * w + x] - '0';
            if (r < 1 || r > rings)
                continue;
            snprintf(id, sizeof id, "c%d-%d", x, y);
            snprintf(tag, sizeof tag, "ring-%d", r);
            int n = add_xy(g, id, x, y);
            game_graph_add_tag(g, n, tag);
            g->nodes[n].ring = r;
        }
    for (int k = 1; k <= rings; k++)
        if ((*why = grid_ring(g, cells, w, h, k, rings))) {
            game_graph_free(g);
            return NULL;
        }
    return g;
}

game_graph *game_grid_rings(const game_grid *grid, int rings, char **why)
{
    char *w = NULL;
    game_graph *g = game_graph_grid_rings(grid->c, grid->w, grid->h, rings, &w);
    if (!g)
        *why = game_why("%s: %s", grid->what, w);
    free(w);
    return g;
}

game_graph *game_graph_hex(int cols, int rows, int wrap_ew)
{
    game_graph *g = game_graph_new();
    char id[GAME_GRAPH_ID_MAX];
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            snprintf(id, sizeof id, "h%d-%d", c, r);
            int n = add_xy(g, id, c + 0.5 * (r & 1), r * 0.8660254037844386);
            if (r == 0)
                game_graph_add_tag(g, n, "north-edge");
            if (r == rows - 1)
                game_graph_add_tag(g, n, "south-edge");
            if (!wrap_ew && c == 0)
                game_graph_add_tag(g, n, "west-edge");
            if (!wrap_ew && c == cols - 1)
                game_graph_add_tag(g, n, "east-edge");
        }
    /* East, south-west and south-east neighbours of each hex (odd rows
     * shifted east): every edge once. */
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            int n = r * cols + c, sw = c - 1 + (r & 1), se = c + (r & 1);
            int east = c + 1;
            if (wrap_ew || east < cols)
                if (cols > 1 && (east % cols) != c)
                    game_graph_add_edge(g, n, r * cols + east % cols);
            for (int k = 0; r + 1 < rows && k < 2; k++) {
                int x = k ? se : sw;
                if (wrap_ew)
                    x = (x + cols) % cols;
                else if (x < 0 || x >= cols)
                    continue;
                game_graph_add_edge(g, n, (r + 1) * cols + x);
            }
        }
    return g;
}
