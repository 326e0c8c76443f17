/*
 * dumb_data.c - World Dumbination's board and decks, read from data.
 *
 * The board is a hex text map (games/dumbination/board.txt describes the
 * format): one character a space, rows offset like bricks, the world
 * wrapping east-west.  The reader derives the adjacency and the distances
 * between all spaces (what unit strength and movement need), and checks
 * the facts the rulebook gives about its board, so a custom board that
 * passes can be played by the same rules.  The decks are JSON
 * (games/dumbination/cards.json): one card kind a line, copies expanded
 * here.  Both built-in ones are parsed once and shared read-only.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game.h"
#include "wb_err.h"
#include "wb_mem.h"

extern const unsigned char dumbination_board_txt[];
extern const size_t dumbination_board_txt_len;
extern const unsigned char dumbination_cards_json[];
extern const size_t dumbination_cards_json_len;

const char *const dm_nation_names[DM_NATIONS + 1] = {
    "usa", "russia", "north-korea", "venezuela", "turkey", "peace"};
const char *const dm_type_names[DM_NTYPES] = {"green", "brown", "blue", "dumbness", "goal"};
const char *const dm_op_names[DM_NOPS] = {
    "none", "ego", "popularity", "vp", "resources", "strength", "moves", "units", "upgrade",
    "hand", "income", "vacation", "target_ego", "target_popularity", "target_resources",
    "steal", "target_units", "target_base", "target_project", "sabotage", "target_card",
    "nuke", "all_ego", "all_popularity", "all_resources", "all_units", "auction",
    "alien_ship"};

/* --- the board -------------------------------------------------------- */

void dm_board_free(dm_board *b)
{
    if (b) {
        free(b->dist);
        game_graph_free(b->graph);
    }
    free(b);
}

void dm_space_id(const dm_board *b, int space, char out[16])
{
    snprintf(out, 16, "h%d-%d", b->sp[space].col, b->sp[space].row);
}

int dm_space_find(const dm_board *b, const char *id)
{
    int r, c, n = 0;
    if (!id || sscanf(id, "h%d-%d%n", &c, &r, &n) != 2 || id[n] || r < 0 || c < 0 ||
        r >= b->height || c >= b->width)
        return -1;
    char canon[16];
    int sp = r * b->width + c;
    dm_space_id(b, sp, canon);
    return strcmp(canon, id) == 0 ? sp : -1; /* no "h01-2" aliases */
}

static const struct {
    int tag;
    const char *name;
} tagnames[] = {
    {DM_T_SEA, "sea"}, {DM_T_RESOURCE, "resource"}, {DM_T_WAR, "war"},
    {DM_T_DUMB, "dumbness"}, {DM_T_START, "start"}, {DM_T_CUBED, "cubed"},
    {DM_T_USSR, "ussr-flag"}, {DM_T_EU, "eu-flag"},
};

static int code_tags(char ch, int *tags, int *nation)
{
    *nation = -1;
    switch (ch) {
    case '~': *tags = DM_T_SEA; return 0;
    case '*': *tags = DM_T_SEA | DM_T_DUMB; return 0;
    case '.': *tags = 0; return 0;
    case '$': *tags = DM_T_RESOURCE; return 0;
    case 'W': *tags = DM_T_WAR; return 0;
    case 'E': *tags = DM_T_EU; return 0;
    case 'F': *tags = DM_T_USSR; return 0;
    case 'u': *tags = 0; *nation = DM_USA; return 0;
    case 'U': *tags = DM_T_RESOURCE | DM_T_CUBED; *nation = DM_USA; return 0;
    case 'r': *tags = 0; *nation = DM_RUSSIA; return 0;
    case 'R': *tags = DM_T_RESOURCE | DM_T_CUBED; *nation = DM_RUSSIA; return 0;
    case '1': case '2': case '3': case '4': case '5':
        *tags = DM_T_START;
        *nation = ch - '1';
        return 0;
    default:
        return -1;
    }
}

static void compute_dist(dm_board *b)
{
    int n = b->nspaces, *queue = wb_malloc(sizeof(int) * (size_t)n);
    b->dist = wb_malloc(sizeof(uint16_t) * (size_t)n * (size_t)n);
    for (int a = 0; a < n; a++) {
        uint16_t *d = b->dist + (size_t)a * (size_t)n;
        for (int i = 0; i < n; i++)
            d[i] = UINT16_MAX;
        int head = 0, tail = 0;
        d[a] = 0;
        queue[tail++] = a;
        while (head < tail) {
            int x = queue[head++];
            for (int k = 0; k < b->sp[x].nadj; k++) {
                int y = b->sp[x].adj[k];
                if (d[y] == UINT16_MAX) {
                    d[y] = (uint16_t)(d[x] + 1);
                    queue[tail++] = y;
                }
            }
        }
    }
    free(queue);
}

int dm_board_parse(const char *text, size_t len, dm_board **out, char **why)
{
    dm_board *b = wb_calloc(1, sizeof *b);
    int row = 0, line = 0, have_grid = 0, rc = WB_EINVAL;
    int count[DM_NATIONS] = {0}, cubed[DM_NATIONS] = {0}, starts[DM_NATIONS] = {0};
    int ussr = 0, eu = 0;
    const char *p = text, *end = text + len;
    *out = NULL;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        char buf[128];
        line++;
        if (n >= sizeof buf) {
            *why = game_why("board line %d: too long", line);
            goto out;
        }
        memcpy(buf, p, n);
        buf[n] = 0;
        p += n + (nl != NULL);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        while (n && (buf[n - 1] == ' ' || buf[n - 1] == '\r' || buf[n - 1] == '\t'))
            buf[--n] = 0;
        n = strlen(buf);
        if (n == 0)
            continue;
        if (!have_grid) {
            int w, h, k = 0;
            if (sscanf(buf, "grid %d %d%n", &w, &h, &k) != 2 || buf[k] || w < 3 || h < 1 ||
                w * h > DM_MAX_SPACES) {
                *why = game_why("board line %d: expected \"grid WIDTH HEIGHT\" (at most %d "
                                "spaces)", line, DM_MAX_SPACES);
                goto out;
            }
            b->width = w;
            b->height = h;
            have_grid = 1;
            continue;
        }
        if (row >= b->height) {
            *why = game_why("board line %d: more than %d rows", line, b->height);
            goto out;
        }
        if ((int)n != b->width) {
            *why = game_why("board line %d: a row has %d spaces, not %zu", line, b->width, n);
            goto out;
        }
        for (int c = 0; c < b->width; c++) {
            dm_space *s = &b->sp[row * b->width + c];
            if (code_tags(buf[c], &s->tags, &s->nation)) {
                *why = game_why("board line %d: unknown space '%c' in column %d", line,
                                buf[c], c);
                goto out;
            }
            s->row = row;
            s->col = c;
            s->code = buf[c];
            if (s->nation >= 0)
                count[s->nation]++;
            if (s->tags & DM_T_CUBED)
                cubed[s->nation]++;
            if (s->tags & DM_T_START) {
                starts[s->nation]++;
                b->start[s->nation] = row * b->width + c;
            }
            ussr += !!(s->tags & DM_T_USSR);
            eu += !!(s->tags & DM_T_EU);
        }
        row++;
    }
    if (!have_grid || row != b->height) {
        *why = game_why("board: %d rows of the grid's %d", row, have_grid ? b->height : 0);
        goto out;
    }
    b->nspaces = b->width * b->height;
    for (int k = 0; k < DM_NATIONS; k++)
        if (starts[k] != 1) {
            *why = game_why("board: %s needs exactly one start space (has %d)",
                            dm_nation_names[k], starts[k]);
            goto out;
        }
    if (ussr != 1 || eu != 1) {
        *why = game_why("board: exactly one U.S.S.R. flag (F) and one EU flag (E)");
        goto out;
    }
    for (int k = DM_NKOREA; k < DM_NATIONS; k++)
        if (count[k] != 1) {
            *why = game_why("board: %s owns just its start space", dm_nation_names[k]);
            goto out;
        }
    /* The adjacency is the framework's wrapping hex grid (odd rows half a
     * hex east, node i = row * width + col); the map tags its nodes. */
    b->graph = game_graph_hex(b->width, b->height, 1);
    for (int i = 0; i < b->nspaces; i++) {
        dm_space *s = &b->sp[i];
        const game_node *nd = &b->graph->nodes[i];
        for (int k = 0; k < nd->nadj && s->nadj < 6; k++)
            s->adj[s->nadj++] = nd->adj[k];
        for (size_t t = 0; t < sizeof tagnames / sizeof tagnames[0]; t++)
            if (s->tags & tagnames[t].tag)
                game_graph_add_tag(b->graph, i, tagnames[t].name);
        if (!(s->tags & DM_T_SEA))
            game_graph_add_tag(b->graph, i, "land");
        if (s->nation >= 0)
            game_graph_add_tag(b->graph, i, dm_nation_names[s->nation]);
    }
    compute_dist(b);
    (void)cubed;
    *out = b;
    b = NULL;
    rc = WB_OK;
out:
    dm_board_free(b);
    return rc;
}

json_t *dm_board_graph(const dm_board *b)
{
    return game_graph_json(b->graph);
}

/* A growing string. */
typedef struct sbuf {
    char *s;
    size_t n, cap;
} sbuf;

static void __attribute__((format(printf, 2, 3))) sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k >= 0 && (size_t)k < b->cap - b->n) {
            b->n += (size_t)k;
            return;
        }
        b->cap = b->cap * 2 + (size_t)(k > 0 ? k : 64) + 1;
        b->s = wb_realloc(b->s, b->cap);
    }
}

char *dm_board_svg(const dm_board *b)
{
    static const char *const nation_fill[DM_NATIONS] = {"#3b6fd8", "#d83b3b", "#8a3bd8",
                                                        "#e0c020", "#2fa84f"};
    const double R = 20, W = 1.7320508 * R;
    sbuf sb = {wb_malloc(4096), 0, 4096};
    double width = W * (b->width + 0.5) + 2 * R + 20, height = 1.5 * R * b->height + R + 20;
    sb_printf(&sb,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" "
              "font-family=\"sans-serif\" font-size=\"9\">\n"
              "<title>World Dumbination: %d spaces, wrapping east-west</title>\n",
              width, height, b->nspaces);
    for (int i = 0; i < b->nspaces; i++) {
        const dm_space *s = &b->sp[i];
        double cx = R + 10 + W * (s->col + 0.5 * (s->row & 1)) + W / 2, cy = R + 10 + 1.5 * R * s->row;
        const char *fill = s->tags & DM_T_SEA ? "#9cc9ef"
                           : s->nation >= 0   ? nation_fill[s->nation]
                           : s->tags & DM_T_WAR ? "#8b6b4a"
                                                : "#d9e8b0";
        char id[16];
        dm_space_id(b, i, id);
        sb_printf(&sb, "<polygon id=\"%s\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%s\" points=\"",
                  id, fill, s->tags & DM_T_RESOURCE ? "#d4a017" : "#555",
                  s->tags & DM_T_RESOURCE ? "3" : "1");
        for (int k = 0; k < 6; k++) {
            static const double ux[6] = {0, 0.8660254, 0.8660254, 0, -0.8660254, -0.8660254};
            static const double uy[6] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
            sb_printf(&sb, "%.1f,%.1f%s", cx + ux[k] * (R - 1), cy + uy[k] * (R - 1),
                      k < 5 ? " " : "\"/>\n");
        }
        const char *mark = s->tags & DM_T_START ? "S" : s->tags & DM_T_CUBED ? "\u25a0"
                           : s->tags & DM_T_WAR ? "war" : s->tags & DM_T_USSR ? "USSR"
                           : s->tags & DM_T_EU ? "EU" : s->tags & DM_T_DUMB ? "?" : NULL;
        if (mark)
            sb_printf(&sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", cx,
                      cy + 3, mark);
    }
    /* The row letters at both edges: where a unit leaves and comes back. */
    for (int r = 0; r < b->height; r++) {
        double cy = R + 10 + 1.5 * R * r + 3;
        sb_printf(&sb, "<text x=\"4\" y=\"%.1f\">%c</text><text x=\"%.1f\" y=\"%.1f\">%c</text>\n",
                  cy, 'A' + r % 26, width - 10, cy, 'A' + r % 26);
    }
    sb_printf(&sb, "</svg>\n");
    return sb.s;
}

/* --- the decks --------------------------------------------------------- */

int dm_card_find(const dm_deck *d, const char *id)
{
    for (int i = 0; id && i < d->ncards; i++)
        if (strcmp(d->c[i].id, id) == 0)
            return i;
    return -1;
}

static json_t *steps_json(const dm_step *st, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_pack("[si]", dm_op_names[st[i].op], st[i].n));
    return a;
}

json_t *dm_card_json(const dm_card *c)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:i, s:i, s:i, s:s}", "id", c->id, "name",
                          c->name, "type", dm_type_names[c->type], "level", c->level,
                          "priority", c->priority, "cost", c->cost, "vp", c->vp, "text",
                          c->text);
    json_t *needs = json_object();
    if (c->need_ego)
        json_object_set_new(needs, "ego", json_integer(c->need_ego));
    if (c->need_pop)
        json_object_set_new(needs, "popularity", json_integer(c->need_pop));
    if (c->need_base)
        json_object_set_new(needs, "base", json_integer(c->need_base));
    if (c->need_flag)
        json_object_set_new(needs, "flag", json_string(c->need_flag == DM_T_USSR ? "ussr" : "eu"));
    if (c->need_most_pop)
        json_object_set_new(needs, "most_popular", json_true());
    json_object_set_new(o, "needs", needs);
    json_object_set_new(o, "steps", steps_json(c->steps, c->nsteps));
    if (c->nalt)
        json_object_set_new(o, "either", steps_json(c->alt, c->nalt));
    if (c->rounds)
        json_object_set_new(o, "rounds", json_integer(c->rounds));
    if (c->corrupt)
        json_object_set_new(o, "corrupt", json_integer(c->corrupt));
    if (c->nation >= 0)
        json_object_set_new(o, "nation", json_string(dm_nation_names[c->nation]));
    if (c->link)
        json_object_set_new(o, "link", json_string("alien"));
    if (c->powerful)
        json_object_set_new(o, "powerful", json_true());
    return o;
}

static int int_member(const json_t *o, const char *key, int def, int lo, int hi, int *out)
{
    json_t *v = json_object_get(o, key);
    if (!v) {
        *out = def;
        return 0;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return -1;
    *out = (int)json_integer_value(v);
    return 0;
}

static int parse_steps(const json_t *a, dm_step *out, int *n)
{
    size_t i;
    json_t *v;
    *n = 0;
    if (!a)
        return 0;
    if (!json_is_array(a) || json_array_size(a) > DM_MAX_STEPS)
        return -1;
    json_array_foreach(a, i, v) {
        const char *op = json_string_value(json_array_get(v, 0));
        json_t *num = json_array_get(v, 1);
        int k = 1;
        while (op && k < DM_NOPS && strcmp(op, dm_op_names[k]) != 0)
            k++;
        if (!json_is_array(v) || json_array_size(v) != 2 || !op || k == DM_NOPS ||
            !json_is_integer(num) || json_integer_value(num) < -10 ||
            json_integer_value(num) > 10)
            return -1;
        out[*n].op = k;
        out[*n].n = (int)json_integer_value(num);
        (*n)++;
    }
    return 0;
}

static int parse_kind(const json_t *k, dm_card *c, int *count, char **why)
{
    const char *id = json_string_value(json_object_get(k, "id"));
    const char *name = json_string_value(json_object_get(k, "name"));
    const char *type = json_string_value(json_object_get(k, "type"));
    const char *text = json_string_value(json_object_get(k, "text"));
    const char *nation = json_string_value(json_object_get(k, "nation"));
    const char *link = json_string_value(json_object_get(k, "link"));
    json_t *needs = json_object_get(k, "needs");
    memset(c, 0, sizeof *c);
    c->nation = -1;
    if (!id || strlen(id) + 4 >= DM_ID_MAX || strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(id)) {
        *why = game_why("a card needs an \"id\" of a-z, 0-9 and '-' (at most %d)", DM_ID_MAX - 5);
        return -1;
    }
    snprintf(c->id, sizeof c->id, "%s", id);
    if (!name || strlen(name) >= DM_NAME_MAX || (text && strlen(text) >= DM_TEXT_MAX)) {
        *why = game_why("card %s: a \"name\" under %d bytes and a \"text\" under %d", id,
                        DM_NAME_MAX, DM_TEXT_MAX);
        return -1;
    }
    snprintf(c->name, sizeof c->name, "%s", name);
    snprintf(c->text, sizeof c->text, "%s", text ? text : "");
    c->type = DM_NTYPES;
    for (int t = 0; type && t < DM_NTYPES; t++)
        if (strcmp(type, dm_type_names[t]) == 0)
            c->type = t;
    if (c->type == DM_NTYPES) {
        *why = game_why("card %s: \"type\" is green, brown, blue, dumbness or goal", id);
        return -1;
    }
    if (int_member(k, "level", c->type == DM_DUMBNESS || c->type == DM_GOAL ? 0 : -1, 0, 2,
                   &c->level) ||
        int_member(k, "count", 1, 1, 20, count) || int_member(k, "priority", 0, 0, 200, &c->priority) ||
        int_member(k, "cost", 0, 0, 50, &c->cost) || int_member(k, "vp", 0, 0, 20, &c->vp) ||
        int_member(k, "rounds", 0, 0, 5, &c->rounds) ||
        int_member(k, "corrupt", 0, 0, 50, &c->corrupt) ||
        int_member(needs, "ego", 0, 0, 10, &c->need_ego) ||
        int_member(needs, "popularity", 0, 0, 10, &c->need_pop) ||
        int_member(needs, "base", 0, 0, 10, &c->need_base) ||
        ((c->type == DM_GREEN || c->type == DM_BROWN || c->type == DM_BLUE) && c->level < 1)) {
        *why = game_why("card %s: a number out of range (level 1 or 2 for green, brown and "
                        "blue; count 1-20; priority 0-200; cost, vp, corrupt 0-50)", id);
        return -1;
    }
    if (needs && !json_is_object(needs)) {
        *why = game_why("card %s: \"needs\" is an object", id);
        return -1;
    }
    const char *flag = json_string_value(json_object_get(needs, "flag"));
    if (flag)
        c->need_flag = strcmp(flag, "ussr") == 0 ? DM_T_USSR : strcmp(flag, "eu") == 0 ? DM_T_EU : -1;
    if (c->need_flag < 0) {
        *why = game_why("card %s: the flag a card needs is \"ussr\" or \"eu\"", id);
        return -1;
    }
    c->need_most_pop = json_is_true(json_object_get(needs, "most_popular"));
    c->powerful = json_is_true(json_object_get(k, "powerful"));
    c->link = link != NULL;
    if (nation) {
        for (int n = 0; n < DM_NATIONS; n++)
            if (strcmp(nation, dm_nation_names[n]) == 0)
                c->nation = n;
    }
    if ((c->type == DM_GOAL) != (c->nation >= 0)) {
        *why = game_why("card %s: First Goals, and only they, name a \"nation\"", id);
        return -1;
    }
    if (parse_steps(json_object_get(k, "steps"), c->steps, &c->nsteps) ||
        parse_steps(json_object_get(k, "either"), c->alt, &c->nalt)) {
        *why = game_why("card %s: \"steps\" and \"either\" are arrays of up to %d [op, n] "
                        "with n from -10 to 10 and a known op", id, DM_MAX_STEPS);
        return -1;
    }
    /* A bomb is a brown card whose first step is "nuke" (its player then
     * chooses the space, or disarms it with the peace target). */
    for (int i = 0; i < c->nsteps + c->nalt; i++) {
        const dm_step *st = i < c->nsteps ? &c->steps[i] : &c->alt[i - c->nsteps];
        if (st->op == DM_OP_NUKE && (c->type != DM_BROWN || st != &c->steps[0])) {
            *why = game_why("card %s: \"nuke\" is only the first step of a brown card", id);
            return -1;
        }
    }
    return 0;
}

int dm_deck_parse(const json_t *j, dm_deck **out, char **why)
{
    json_t *cards = json_object_get(j, "cards"), *k;
    size_t i;
    int ngoal[DM_NATIONS] = {0};
    dm_deck *d = wb_calloc(1, sizeof *d);
    *out = NULL;
    if (!json_is_array(cards)) {
        *why = game_why("the decks are {\"cards\": [card kinds]}");
        goto bad;
    }
    json_array_foreach(cards, i, k) {
        dm_card c;
        int count;
        if (!json_is_object(k)) {
            *why = game_why("card %zu is not an object", i);
            goto bad;
        }
        if (parse_kind(k, &c, &count, why))
            goto bad;
        for (int n = 0; n < count; n++) {
            if (d->ncards == DM_MAX_CARDS) {
                *why = game_why("at most %d cards", DM_MAX_CARDS);
                goto bad;
            }
            dm_card *cc = &d->c[d->ncards];
            *cc = c;
            if (n > 0) {
                snprintf(cc->id, sizeof cc->id, "%.*s-%d", DM_ID_MAX - 5, c.id, (n + 1) % 100);
                cc->priority = c.priority + n;
            }
            if (dm_card_find(d, cc->id) >= 0) {
                *why = game_why("two cards with the id %s", cc->id);
                goto bad;
            }
            d->ncards++;
            if (c.type == DM_GOAL)
                ngoal[c.nation]++;
        }
    }
    for (int n = 0; n < DM_NATIONS; n++)
        if (ngoal[n] != 2) {
            *why = game_why("every nation has 2 First Goal cards (%s has %d)",
                            dm_nation_names[n], ngoal[n]);
            goto bad;
        }
    *out = d;
    return WB_OK;
bad:
    free(d);
    return WB_EINVAL;
}

/* --- the built-in ones, parsed once ------------------------------------- */

static pthread_once_t once = PTHREAD_ONCE_INIT;
static dm_board *def_board;
static dm_deck *def_deck;
static char *def_why;

static void load_defaults(void)
{
    json_error_t err;
    json_t *j = NULL;
    if (dm_board_parse((const char *)dumbination_board_txt, dumbination_board_txt_len,
                       &def_board, &def_why))
        return;
    j = json_loadb((const char *)dumbination_cards_json, dumbination_cards_json_len, 0, &err);
    if (!j) {
        def_why = game_why("cards.json line %d: %s", err.line, err.text);
        return;
    }
    dm_deck_parse(j, &def_deck, &def_why);
    json_decref(j);
}

const dm_board *dm_board_default(char **why)
{
    pthread_once(&once, load_defaults);
    if (!def_board && why)
        *why = game_why("the built-in board: %s", def_why ? def_why : "?");
    return def_board;
}

const dm_deck *dm_deck_default(char **why)
{
    pthread_once(&once, load_defaults);
    if (!def_deck && why)
        *why = game_why("the built-in decks: %s", def_why ? def_why : "?");
    return def_deck;
}

/* --- custom ones --------------------------------------------------------- */

int dm_custom(dm_state *s, const char *board_text, const char *cards_text, char **why)
{
    if (board_text) {
        char *w = NULL;
        if (dm_board_parse(board_text, strlen(board_text), &s->own_board, &w)) {
            *why = game_why("option board: %s", w);
            free(w);
            return WB_EINVAL;
        }
        s->board = s->own_board;
        s->board_text = wb_strdup(board_text);
    }
    if (cards_text) {
        json_error_t err;
        char *w = NULL;
        json_t *j = json_loads(cards_text, 0, &err);
        int rc = j ? dm_deck_parse(j, &s->own_deck, &w) : WB_EINVAL;
        json_decref(j);
        if (rc) {
            *why = game_why("option cards: %s", w ? w : err.text);
            free(w);
            return WB_EINVAL;
        }
        s->deck = s->own_deck;
        s->cards_text = wb_strdup(cards_text);
    }
    return WB_OK;
}

void dm_release(dm_state *s)
{
    dm_board_free(s->own_board);
    free(s->own_deck);
    free(s->board_text);
    free(s->cards_text);
    s->own_board = NULL;
    s->own_deck = NULL;
    s->board_text = s->cards_text = NULL;
}
