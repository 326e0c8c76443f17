/*
 * whirlpool_board.c - the reader of Whirlpool Pond board files.
 *
 * A board is a grid of one-character tokens (rings, the whirlpool, docks)
 * plus coin, rope and start records; see games/data/whirlpool-board.txt.
 * The reader checks everything the rules take for granted about the pond
 * (three closed square rings around the hole, a coin on every corner and
 * nowhere else, inward and outward steps that land on the neighbouring
 * ring) so that the game code can trust the board blindly, whether it
 * came with the binary or in a create request.
 */
#include "whirlpool_board.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_data.h"
#include "wb_err.h"
#include "wb_mem.h"

static const char *const suit_names[WP_NSUITS] = {"suns", "moons", "crowns", "arms"};

const char *wp_suit_name(int suit)
{
    return suit >= 0 && suit < WP_NSUITS ? suit_names[suit] : "?";
}

int wp_suit_find(const char *name)
{
    for (int i = 0; name && i < WP_NSUITS; i++)
        if (strcmp(name, suit_names[i]) == 0)
            return i;
    return -1;
}

int wp_board_space(const wp_board *b, int col, int row)
{
    if (col < 0 || row < 0 || col >= b->width || row >= b->height)
        return -1;
    return b->space_at[row * b->width + col];
}

void wp_board_free(wp_board *b)
{
    if (!b)
        return;
    free(b->cells);
    free(b->space_at);
    free(b->spaces);
    free(b);
}

char *wp_board_text(const wp_board *b)
{
    size_t cap = (size_t)((2 * b->width + 1) * b->height) + 64 * (WP_NCOINS + 8), n = 0;
    char *t = wb_malloc(cap);
    n += (size_t)snprintf(t + n, cap - n, "grid %d %d\n", b->width, b->height);
    for (int r = 0; r < b->height; r++)
        for (int c = 0; c < b->width; c++)
            n += (size_t)snprintf(t + n, cap - n, "%c%c", b->cells[r * b->width + c],
                                  c + 1 < b->width ? ' ' : '\n');
    for (int i = 0; i < WP_NCOINS; i++) {
        const wp_space *s = &b->spaces[b->coins[i].space];
        n += (size_t)snprintf(t + n, cap - n, "coin %s %d %d %d\n",
                              wp_suit_name(b->coins[i].suit), b->coins[i].value, s->col, s->row);
    }
    for (int r = 0; r < 2; r++) {
        n += (size_t)snprintf(t + n, cap - n, "rope");
        for (int k = 0; k < WP_NSUITS; k++)
            if (b->rope[k] == r)
                n += (size_t)snprintf(t + n, cap - n, " %s", wp_suit_name(k));
        n += (size_t)snprintf(t + n, cap - n, "\n");
    }
    for (int k = 0; k < WP_NSUITS; k++) {
        const wp_space *s = &b->spaces[b->start[k]];
        n += (size_t)snprintf(t + n, cap - n, "start %s %d %d\n", wp_suit_name(k), s->col,
                              s->row);
    }
    return t;
}

/* --- geometry ---------------------------------------------------------------- */

static int cell(const wp_board *b, int col, int row)
{
    if (col < 0 || row < 0 || col >= b->width || row >= b->height)
        return '.';
    return b->cells[row * b->width + col];
}

/* Link ring `k` counterclockwise and derive its corners and inward steps
 * and, from its corners, outward steps.  The interior of a ring walked
 * counterclockwise is on the left; on screen (rows grow downward) left of
 * a step (dx, dy) is (dy, -dx). */
static int link_ring(wp_board *b, int k, char **why)
{
    int first = -1, count = 0;
    char tk = (char)('0' + k);
    for (int i = 0; i < b->nspaces; i++) {
        wp_space *s = &b->spaces[i];
        if (s->ring != k)
            continue;
        int nb = (cell(b, s->col + 1, s->row) == tk) + (cell(b, s->col - 1, s->row) == tk) +
                 (cell(b, s->col, s->row + 1) == tk) + (cell(b, s->col, s->row - 1) == tk);
        if (nb != 2) {
            *why = game_why("board: ring %d is not a closed line of spaces at column %d, "
                            "row %d", k, s->col, s->row);
            return WB_EINVAL;
        }
        if (first < 0)
            first = i; /* spaces are numbered row by row: the top-left one */
        count++;
    }
    if (first < 0) {
        *why = game_why("board: ring %d has no spaces", k);
        return WB_EINVAL;
    }
    /* The top-left space has neighbours right and below; counterclockwise
     * is down the left side first. */
    int prev = wp_board_space(b, b->spaces[first].col + 1, b->spaces[first].row);
    int cur = first, n = 0;
    do {
        wp_space *s = &b->spaces[cur];
        static const int dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        int next = -1;
        for (int d = 0; d < 4 && next < 0; d++) {
            int o = wp_board_space(b, s->col + dirs[d][0], s->row + dirs[d][1]);
            if (o >= 0 && o != prev && b->spaces[o].ring == k)
                next = o;
        }
        const wp_space *p = &b->spaces[prev], *q = &b->spaces[next];
        int ix = s->col - p->col, iy = s->row - p->row; /* the step in */
        int ox = q->col - s->col, oy = q->row - s->row; /* the step out */
        s->next = next;
        s->corner = ix != ox || iy != oy;
        if (s->corner && (ox != iy || oy != -ix)) {
            *why = game_why("board: ring %d turns right at column %d, row %d: a ring must "
                            "be a rectangle", k, s->col, s->row);
            return WB_EINVAL;
        }
        int dx = s->corner ? ox - ix : oy, dy = s->corner ? oy - iy : -ox;
        int in = wp_board_space(b, s->col + dx, s->row + dy);
        if (k == 1 ? cell(b, s->col + dx, s->row + dy) != 'O'
                   : in < 0 || b->spaces[in].ring != k - 1) {
            *why = game_why("board: from column %d, row %d a hit tube must land %s",
                            s->col, s->row, k == 1 ? "in the whirlpool (O)"
                                                   : "on the next ring in");
            return WB_EINVAL;
        }
        s->in = k == 1 ? -1 : in;
        /* A rope pull from a corner is the reverse of a hit. */
        s->out = -1;
        if (s->corner && k < WP_NRINGS) {
            s->out = wp_board_space(b, s->col - dx, s->row - dy);
            if (s->out < 0 || b->spaces[s->out].ring != k + 1) {
                *why = game_why("board: from the corner at column %d, row %d a rope pull "
                                "must land on the next ring out", s->col, s->row);
                return WB_EINVAL;
            }
        }
        prev = cur;
        cur = next;
        n++;
    } while (cur != first && n <= count);
    if (cur != first || n != count) {
        *why = game_why("board: ring %d is not one closed loop", k);
        return WB_EINVAL;
    }
    return WB_OK;
}

/* --- records ------------------------------------------------------------------ */

typedef struct reader {
    wp_board *b;
    int grid_rows; /* rows of the grid still to read */
    int grid_done;
    int ncoins, nropes, coin_seen[WP_NSUITS][4], rope_set, start_set;
    int line;
} reader;

static int grid_row(reader *r, char **tok, int n, char **why)
{
    wp_board *b = r->b;
    int row = b->height - r->grid_rows;
    if (n != b->width) {
        *why = game_why("board line %d: a grid row of %d tokens, not %d", r->line, b->width, n);
        return WB_EINVAL;
    }
    for (int c = 0; c < n; c++) {
        char t = tok[c][0];
        if (tok[c][1] || !strchr(".xO123", t)) {
            *why = game_why("board line %d: \"%s\" is not one of . x O 1 2 3", r->line, tok[c]);
            return WB_EINVAL;
        }
        b->cells[row * b->width + c] = t;
    }
    if (--r->grid_rows == 0)
        r->grid_done = 1;
    return WB_OK;
}

static int at_space(reader *r, const char *cs, const char *rs, int *space, char **why)
{
    int col = game_data_num(cs, 0, WP_GRID_MAX - 1), row = game_data_num(rs, 0, WP_GRID_MAX - 1);
    *space = col < 0 || row < 0 ? -1 : wp_board_space(r->b, col, row);
    if (*space < 0) {
        *why = game_why("board line %d: %s, %s is not a water space", r->line, cs, rs);
        return WB_EINVAL;
    }
    return WB_OK;
}

static int suit_of(reader *r, const char *name, int *suit, char **why)
{
    *suit = wp_suit_find(name);
    if (*suit < 0) {
        *why = game_why("board line %d: \"%s\" is not a suit (suns, moons, crowns, arms)",
                        r->line, name);
        return WB_EINVAL;
    }
    return WB_OK;
}

/* Number the spaces row by row, once the grid is read. */
static void number_spaces(wp_board *b)
{
    for (int i = 0; i < b->width * b->height; i++)
        if (b->cells[i] >= '1' && b->cells[i] <= '3')
            b->nspaces++;
    b->spaces = wb_calloc((size_t)b->nspaces, sizeof *b->spaces);
    for (int i = 0, k = 0; i < b->width * b->height; i++) {
        b->space_at[i] = -1;
        if (b->cells[i] < '1' || b->cells[i] > '3')
            continue;
        wp_space *s = &b->spaces[k];
        s->col = i % b->width;
        s->row = i / b->width;
        s->ring = b->cells[i] - '0';
        s->coin = -1;
        b->space_at[i] = k++;
    }
}

static int record(void *ctx, char **tok, int n, int line, char **why)
{
    reader *r = ctx;
    wp_board *b = r->b;
    r->line = line;
    int rc = WB_OK, s, suit, suit2;
    if (r->grid_rows)
        return grid_row(r, tok, n, why);
    if (strcmp(tok[0], "grid") == 0) {
        int w = n == 3 ? game_data_num(tok[1], 3, WP_GRID_MAX) : -1;
        int h = n == 3 ? game_data_num(tok[2], 3, WP_GRID_MAX) : -1;
        if (b->cells || w < 0 || h < 0) {
            *why = game_why("board line %d: one \"grid WIDTH HEIGHT\" (3 to %d)", r->line,
                            WP_GRID_MAX);
            return WB_EINVAL;
        }
        b->width = w;
        b->height = h;
        b->cells = wb_calloc((size_t)(w * h), 1);
        b->space_at = wb_calloc((size_t)(w * h), sizeof *b->space_at);
        r->grid_rows = h;
        return WB_OK;
    }
    if (!r->grid_done) {
        *why = game_why("board line %d: the grid comes first", r->line);
        return WB_EINVAL;
    }
    if (!b->spaces)
        number_spaces(b);
    if (strcmp(tok[0], "coin") == 0) {
        int v = n == 5 ? game_data_num(tok[2], 1, 3) : -1;
        if (v < 0) {
            *why = game_why("board line %d: \"coin SUIT VALUE COLUMN ROW\", VALUE 1 to 3",
                            r->line);
            return WB_EINVAL;
        }
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = at_space(r, tok[3], tok[4], &s, why)))
            return rc;
        if (r->coin_seen[suit][v] || b->spaces[s].coin >= 0 || r->ncoins == WP_NCOINS) {
            *why = game_why("board line %d: a second %s %d coin, or a second coin on that "
                            "space", r->line, tok[1], v);
            return WB_EINVAL;
        }
        r->coin_seen[suit][v] = 1;
        b->coins[r->ncoins] = (wp_coin){suit, v, s};
        b->spaces[s].coin = r->ncoins++;
        return WB_OK;
    }
    if (strcmp(tok[0], "rope") == 0) {
        if (n != 3) {
            *why = game_why("board line %d: \"rope SUIT SUIT\"", r->line);
            return WB_EINVAL;
        }
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = suit_of(r, tok[2], &suit2, why)))
            return rc;
        if (suit == suit2 || (r->rope_set & (1 << suit)) || (r->rope_set & (1 << suit2)) ||
            r->nropes == 2) {
            *why = game_why("board line %d: each suit is on exactly one of two ropes", r->line);
            return WB_EINVAL;
        }
        r->rope_set |= 1 << suit | 1 << suit2;
        b->rope[suit] = b->rope[suit2] = r->nropes++;
        return WB_OK;
    }
    if (strcmp(tok[0], "start") == 0) {
        if (n != 4) {
            *why = game_why("board line %d: \"start SUIT COLUMN ROW\"", r->line);
            return WB_EINVAL;
        }
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = at_space(r, tok[2], tok[3], &s, why)))
            return rc;
        for (int o = 0; o < WP_NSUITS; o++)
            if ((r->start_set & (1 << o)) && (o == suit || b->start[o] == s)) {
                *why = game_why("board line %d: a second start for %s, or on the space of "
                                "another", r->line, tok[1]);
                return WB_EINVAL;
            }
        r->start_set |= 1 << suit;
        b->start[suit] = s;
        return WB_OK;
    }
    *why = game_why("board line %d: unknown record \"%s\"", r->line, tok[0]);
    return WB_EINVAL;
}

/* Everything the records together must satisfy. */
static int finish(reader *r, char **why)
{
    wp_board *b = r->b;
    int rc = WB_OK, holes = 0;
    if (!r->grid_done) {
        *why = game_why("board: no complete grid");
        return WB_EINVAL;
    }
    if (!b->spaces)
        number_spaces(b);
    for (int i = 0; i < b->width * b->height; i++)
        holes += b->cells[i] == 'O';
    if (!holes) {
        *why = game_why("board: no whirlpool (O)");
        return WB_EINVAL;
    }
    for (int k = 1; k <= WP_NRINGS; k++)
        if ((rc = link_ring(b, k, why)))
            return rc;
    for (int i = 0; i < b->nspaces; i++)
        if (!b->spaces[i].corner && b->spaces[i].coin >= 0) {
            *why = game_why("board: the coin at column %d, row %d is not on a corner",
                            b->spaces[i].col, b->spaces[i].row);
            return WB_EINVAL;
        }
    for (int i = 0; i < b->nspaces; i++)
        if (b->spaces[i].corner && b->spaces[i].coin < 0) {
            *why = game_why("board: the corner at column %d, row %d has no coin",
                            b->spaces[i].col, b->spaces[i].row);
            return WB_EINVAL;
        }
    if (r->ncoins != WP_NCOINS || r->nropes != 2 || r->start_set != (1 << WP_NSUITS) - 1) {
        *why = game_why("board: needs the %d corner coins, 2 ropes and a start for each "
                        "suit", WP_NCOINS);
        return WB_EINVAL;
    }
    /* Near a rope: on a coin or orthogonally next to one, whatever ring. */
    for (int i = 0; i < b->nspaces; i++) {
        wp_space *s = &b->spaces[i];
        static const int d[5][2] = {{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 5; k++) {
            int o = wp_board_space(b, s->col + d[k][0], s->row + d[k][1]);
            if (o >= 0 && b->spaces[o].coin >= 0)
                s->near_rope = 1;
        }
    }
    return WB_OK;
}

int wp_board_parse(const char *text, size_t len, wp_board **out, char **why)
{
    reader r = {0};
    int rc;

    *out = NULL;
    if (!text || len > 16384 || memchr(text, '\0', len)) {
        *why = game_why("board: a text of at most 16384 bytes");
        return WB_EINVAL;
    }
    r.b = wb_calloc(1, sizeof *r.b);
    rc = game_data_read(text, len, record, &r, why);
    if (!rc)
        rc = finish(&r, why);
    if (rc) {
        wp_board_free(r.b);
        return rc;
    }
    *out = r.b;
    return WB_OK;
}
