/*
 * whirlpool_board.c - the reader of Whirlpool Pond board files.
 *
 * A board is a grid of one-character tokens (rings, the whirlpool, docks)
 * plus coin, rope and start records; see games/whirlpool/board.txt.
 * The reader checks everything the rules take for granted about the pond
 * (three closed square rings around the hole, a coin on every corner and
 * nowhere else, inward and outward steps that land on the neighbouring
 * ring: the ring geometry is game_graph_grid_rings's) so that the game
 * code can trust the board blindly, whether it came with the binary or in
 * a create request.
 *
 * The pond of a match: the default one (games/whirlpool/board.txt,
 * embedded into the binary as whirlpool_board_txt) is parsed once per
 * process (pthread_once) and shared, read-only, by every state that has
 * it, its text too: a state loaded from a save (a search's every
 * determinization, a rollback) whose board is the default one points at
 * it instead of parsing the text again.  A custom pond is parsed per
 * state and freed with it.
 */
#include "whirlpool_board.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_data.h"
#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "whirlpool_int.h"

extern const unsigned char whirlpool_board_txt[];
extern const size_t whirlpool_board_txt_len;

const char *const wp_suit_names[WP_NSUITS + 1] = {"suns", "moons", "crowns", "arms", NULL};

int wp_board_coin(const wp_board *b, int space)
{
    for (int i = 0; i < WP_NCOINS; i++)
        if (b->coins[i].space == space)
            return i;
    return -1;
}

void wp_board_free(wp_board *b)
{
    if (!b)
        return;
    free(b->grid.c);
    game_graph_free(b->g);
    free(b);
}

/* --- records ------------------------------------------------------------------ */

typedef struct reader {
    wp_board *b;
    int ncoins, nropes, coin_seen[WP_NSUITS][4], rope_set, start_set;
    int line;
} reader;

static int at_space(reader *r, const char *cs, const char *rs, int *space, char **why)
{
    int col = game_data_num(cs, 0, WP_GRID_MAX - 1), row = game_data_num(rs, 0, WP_GRID_MAX - 1);
    *space = col < 0 || row < 0 ? -1 : wp_board_space(r->b, col, row);
    if (*space < 0)
        return game_refuse(why, WB_EINVAL, "board line %d: %s, %s is not a water space", r->line,
                           cs, rs);
    return WB_OK;
}

static int suit_of(reader *r, const char *name, int *suit, char **why)
{
    *suit = game_name_index(wp_suit_names, WP_NSUITS, name);
    if (*suit < 0)
        return game_refuse(why, WB_EINVAL, "board line %d: \"%s\" is not a suit (suns, moons, "
                           "crowns, arms)", r->line, name);
    return WB_OK;
}

/* The spaces, once the grid is read: the rings and their geometry (ring
 * 1 must surround the whirlpool, O).  WB_OK once they are there. */
static int rings(wp_board *b, char **why)
{
    return b->g || (b->g = game_grid_rings(&b->grid, WP_NRINGS, why)) ? WB_OK : WB_EINVAL;
}

static int record(void *ctx, char **tok, int n, int line, char **why)
{
    reader *r = ctx;
    wp_board *b = r->b;
    r->line = line;
    int rc = game_grid_record(&b->grid, tok, n, line, why), s, suit, suit2;
    if (rc != GAME_GRID_OTHER)
        return rc;
    if ((rc = rings(b, why)))
        return rc;
    if (strcmp(tok[0], "coin") == 0) {
        int v = n == 5 ? game_data_num(tok[2], 1, 3) : -1;
        if (v < 0)
            return game_refuse(why, WB_EINVAL, "board line %d: \"coin SUIT VALUE COLUMN ROW\", "
                               "VALUE 1 to 3", r->line);
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = at_space(r, tok[3], tok[4], &s, why)))
            return rc;
        if (r->coin_seen[suit][v] || wp_board_coin(b, s) >= 0 || r->ncoins == WP_NCOINS)
            return game_refuse(why, WB_EINVAL, "board line %d: a second %s %d coin, or a second "
                               "coin on that space", r->line, tok[1], v);
        r->coin_seen[suit][v] = 1;
        b->coins[r->ncoins++] = (wp_coin){suit, v, s};
        return WB_OK;
    }
    if (strcmp(tok[0], "rope") == 0) {
        if (n != 3)
            return game_refuse(why, WB_EINVAL, "board line %d: \"rope SUIT SUIT\"", r->line);
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = suit_of(r, tok[2], &suit2, why)))
            return rc;
        if (suit == suit2 || (r->rope_set & (1 << suit)) || (r->rope_set & (1 << suit2)) ||
            r->nropes == 2)
            return game_refuse(why, WB_EINVAL, "board line %d: each suit is on exactly one of "
                               "two ropes", r->line);
        r->rope_set |= 1 << suit | 1 << suit2;
        b->rope[suit] = b->rope[suit2] = r->nropes++;
        return WB_OK;
    }
    if (strcmp(tok[0], "start") == 0) {
        if (n != 4)
            return game_refuse(why, WB_EINVAL, "board line %d: \"start SUIT COLUMN ROW\"", r->line);
        if ((rc = suit_of(r, tok[1], &suit, why)) || (rc = at_space(r, tok[2], tok[3], &s, why)))
            return rc;
        for (int o = 0; o < WP_NSUITS; o++)
            if ((r->start_set & (1 << o)) && (o == suit || b->start[o] == s))
                return game_refuse(why, WB_EINVAL, "board line %d: a second start for %s, or on "
                                   "the space of another", r->line, tok[1]);
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
    int rc;
    if ((rc = game_grid_end(&b->grid, why)) || (rc = rings(b, why)))
        return rc;
    const game_node *sp = b->g->nodes;
    for (int i = 0; i < r->ncoins; i++)
        if (!game_graph_has(b->g, b->coins[i].space, "corner"))
            return game_refuse(why, WB_EINVAL, "board: the coin at column %d, row %d is not "
                               "on a corner", (int)sp[b->coins[i].space].x,
                               (int)sp[b->coins[i].space].y);
    for (int i = 0; i < b->g->n; i++)
        if (game_graph_has(b->g, i, "corner") && wp_board_coin(b, i) < 0)
            return game_refuse(why, WB_EINVAL, "board: the corner at column %d, row %d has no "
                               "coin", (int)sp[i].x, (int)sp[i].y);
    if (r->ncoins != WP_NCOINS || r->nropes != 2 || r->start_set != (1 << WP_NSUITS) - 1)
        return game_refuse(why, WB_EINVAL, "board: needs the %d corner coins, 2 ropes and a "
                           "start for each suit", WP_NCOINS);
    /* Near a rope: on a coin or orthogonally next to one, whatever ring. */
    for (int i = 0; i < b->g->n; i++) {
        static const int d[5][2] = {{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 5; k++) {
            int o = wp_board_space(b, (int)sp[i].x + d[k][0], (int)sp[i].y + d[k][1]);
            if (o >= 0 && wp_board_coin(b, o) >= 0)
                game_graph_add_tag(b->g, i, "near-rope");
        }
    }
    return WB_OK;
}

int wp_board_parse(const char *text, size_t len, wp_board **out, char **why)
{
    reader r = {0};
    int rc;

    *out = NULL;
    if (!text || len > 16384 || memchr(text, '\0', len))
        return game_refuse(why, WB_EINVAL, "board: a text of at most 16384 bytes");
    r.b = wb_calloc(1, sizeof *r.b);
    r.b->grid = (game_grid){.what = "board", .cells = ".xO123", .min = 3, .max = WP_GRID_MAX};
    for (int i = 0; i < WP_NCOINS; i++)
        r.b->coins[i].space = -1; /* not read yet */
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

/* --- the pond of a match ----------------------------------------------------- */

/* The default pond, parsed once; its text as a match saves it. */
static pthread_once_t default_once = PTHREAD_ONCE_INIT;
static wp_board *default_board;
static char *default_text;

static void default_parse(void)
{
    char *why = NULL;
    const char *text = (const char *)whirlpool_board_txt;
    if (wp_board_parse(text, whirlpool_board_txt_len, &default_board, &why) != WB_OK) {
        fprintf(stderr, "wibbelld: whirlpool board.txt: %s\n", why ? why : "bad");
        abort(); /* embedded at build time and tested: cannot happen */
    }
    default_text = game_data_text(text, whirlpool_board_txt_len);
}

void wp_free(void *state)
{
    wp_state *s = state;
    /* a state with a board exists after default_parse ran */
    if (s->board && s->board != default_board)
        wp_board_free(s->board);
    if (s->board_text && s->board_text != default_text)
        free(s->board_text);
}

/* The board of `text` into s: the shared default one when it is the
 * default text (`canonical`: the text is as a save holds it already). */
int wp_use_board(wp_state *s, const char *text, size_t len, int canonical, char **why)
{
    pthread_once(&default_once, default_parse);
    char *mine = canonical ? NULL : game_data_text(text, len);
    if (strcmp(mine ? mine : text, default_text) == 0) {
        free(mine);
        s->board = default_board;
        s->board_text = default_text;
        return WB_OK;
    }
    wp_board *b = NULL;
    int rc = wp_board_parse(text, len, &b, why);
    if (!rc) {
        s->board = b;
        s->board_text = mine ? mine : wb_strdup(text); /* saved with the match */
        mine = NULL;
    }
    free(mine);
    return rc;
}
