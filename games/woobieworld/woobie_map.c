/*
 * woobie_map.c - Woobieworld's map: an area graph read from data, the
 * derived attributes, and a picture of it as SVG.
 *
 * The format is the area graph every game shares (game_graph.h):
 * {"nodes":[{"id","name","tags","x","y"}],"edges":[[a,b],...]}.  Tags the
 * game interprets: "land" or "water" (exactly one), "mountain".  "coastal"
 * is derived (a land area touching a body of water); a map may carry it
 * only where it agrees.  Other tags are kept out of the game.  The
 * framework's graph loader (game_graph.h) reads the format; this file
 * checks what Woobieworld needs of it and keeps adjacency as bit sets.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_graph.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* The embedded games/woobieworld/map.json (daemon/core/embed.c). */
extern const unsigned char woobie_map_json[];
extern const size_t woobie_map_json_len;

json_t *ww_map_default_json(void)
{
    json_t *m = json_loadb((const char *)woobie_map_json, woobie_map_json_len, 0, NULL);
    if (!m) {
        fprintf(stderr, "wibbelld: the built-in Woobieworld map is not JSON\n");
        abort();
    }
    return m;
}

int ww_area_find(const ww_map *m, const char *id)
{
    for (int i = 0; id && i < m->n; i++)
        if (strcmp(m->a[i].id, id) == 0)
            return i;
    return -1;
}

int ww_map_read(const json_t *graph, ww_map **out, char **why)
{
    const json_t *nodes = json_object_get(graph, "nodes");
    game_graph *g = NULL;
    ww_map *m = NULL;
    int rc = WB_EINVAL, land = 0;

    *out = NULL;
    if (!json_is_object(graph) || !json_is_array(nodes) || json_array_size(nodes) < 2 ||
        json_array_size(nodes) > WW_MAX_AREAS) {
        *why = game_why("a map is an area graph {\"nodes\":[...],\"edges\":[[a,b],...]} of "
                        "2..%d areas", WW_MAX_AREAS);
        return rc;
    }
    if ((rc = game_graph_load(graph, &g, why)))
        return rc;
    rc = WB_EINVAL;
    m = wb_calloc(1, sizeof *m);
    m->n = g->n;
    for (int i = 0; i < g->n; i++) {
        const game_node *node = &g->nodes[i];
        ww_area *a = &m->a[i];
        int is_land = game_graph_has(g, i, "land"), is_water = game_graph_has(g, i, "water");
        snprintf(a->id, sizeof a->id, "%s", node->id);
        if (strlen(node->name) > WW_NAME_MAX) {
            *why = game_why("map area \"%s\": a name of at most %d bytes", a->id, WW_NAME_MAX);
            goto out;
        }
        snprintf(a->name, sizeof a->name, "%s", node->name);
        if (is_land == is_water) {
            *why = game_why("map area \"%s\": tagged %s; an area is either \"land\" or "
                            "\"water\"", a->id, is_land ? "both land and water"
                                                      : "neither land nor water");
            goto out;
        }
        a->water = is_water;
        a->mountain = game_graph_has(g, i, "mountain");
        if (a->water && a->mountain) {
            *why = game_why("map area \"%s\": a body of water cannot be a mountain area", a->id);
            goto out;
        }
        a->has_xy = node->has_xy;
        a->x = node->x;
        a->y = node->y;
        if (a->has_xy && !(a->x > -1e6 && a->x < 1e6 && a->y > -1e6 && a->y < 1e6)) {
            *why = game_why("map area \"%s\": coordinates out of range", a->id);
            goto out;
        }
        for (int k = 0; k < node->nadj; k++)
            m->adj[i] |= UINT64_C(1) << node->adj[k];
    }
    /* Connected: every area reachable from the first. */
    uint64_t seen = 1, grow = 1;
    while (grow) {
        uint64_t next = 0;
        for (int k = 0; k < m->n; k++)
            if (grow >> k & 1)
                next |= m->adj[k];
        grow = next & ~seen;
        seen |= next;
    }
    for (int k = 0; k < m->n; k++) {
        ww_area *a = &m->a[k];
        int touches = 0;
        if (!(seen >> k & 1)) {
            *why = game_why("map area \"%s\" cannot be reached from \"%s\"", a->id, m->a[0].id);
            goto out;
        }
        for (int j = 0; j < m->n; j++)
            touches |= (m->adj[k] >> j & 1) && m->a[j].water;
        a->coastal = !a->water && touches;
        if (game_graph_has(g, k, "coastal") && !a->coastal) {
            *why = game_why("map area \"%s\" is tagged coastal but is %s", a->id,
                            a->water ? "a body of water" : "not next to a body of water");
            goto out;
        }
        land += !a->water;
    }
    if (!land) {
        *why = game_why("a map needs land areas for the homes");
        goto out;
    }
    *out = m;
    m = NULL;
    rc = WB_OK;
out:
    free(m);
    game_graph_free(g);
    return rc;
}

json_t *ww_map_json(const ww_map *m)
{
    json_t *nodes = json_array(), *edges = json_array();
    for (int i = 0; i < m->n; i++) {
        const ww_area *a = &m->a[i];
        json_t *tags = json_array(), *node;
        json_array_append_new(tags, json_string(a->water ? "water" : "land"));
        if (a->mountain)
            json_array_append_new(tags, json_string("mountain"));
        if (a->coastal)
            json_array_append_new(tags, json_string("coastal"));
        node = json_pack("{s:s, s:s, s:o}", "id", a->id, "name", a->name, "tags", tags);
        if (node && a->has_xy) {
            json_object_set_new(node, "x", json_real(a->x));
            json_object_set_new(node, "y", json_real(a->y));
        }
        json_array_append_new(nodes, node);
        for (int j = i + 1; j < m->n; j++)
            if (m->adj[i] >> j & 1)
                json_array_append_new(edges, json_pack("[s, s]", a->id, m->a[j].id));
    }
    json_t *o = json_pack("{s:o, s:o}", "nodes", nodes, "edges", edges);
    if (!o)
        abort();
    return o;
}

/* --- the picture ------------------------------------------------------------ */

typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        b->p = wb_grow(b->p, &b->cap, b->len + (size_t)n + 1, 1);
    }
}

/* Text for XML: the five special characters escaped. */
static void sb_xml(sbuf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': sb_printf(b, "&amp;"); break;
        case '<': sb_printf(b, "&lt;"); break;
        case '>': sb_printf(b, "&gt;"); break;
        case '"': sb_printf(b, "&quot;"); break;
        case '\'': sb_printf(b, "&apos;"); break;
        default: sb_printf(b, "%c", *s);
        }
    }
}

char *ww_map_svg(const ww_map *m)
{
    double x[WW_MAX_AREAS], y[WW_MAX_AREAS], x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
    sbuf b = {0};
    /* Areas without coordinates go on a grid. */
    for (int i = 0; i < m->n; i++) {
        x[i] = m->a[i].has_xy ? m->a[i].x : 100.0 + 150 * (i % 6);
        y[i] = m->a[i].has_xy ? m->a[i].y : 100.0 + 120 * (i / 6);
        x0 = x[i] < x0 ? x[i] : x0, y0 = y[i] < y0 ? y[i] : y0;
        x1 = x[i] > x1 ? x[i] : x1, y1 = y[i] > y1 ? y[i] : y1;
    }
    x0 -= 60, y0 -= 60, x1 += 60, y1 += 60;
    sb_printf(&b,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"%.0f %.0f %.0f %.0f\" "
              "font-family=\"sans-serif\" font-size=\"13\" text-anchor=\"middle\">\n"
              "<title>Woobieworld</title>\n<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
              "height=\"%.0f\" fill=\"#cfe8f7\"/>\n",
              x0, y0, x1 - x0, y1 - y0, x0, y0, x1 - x0, y1 - y0);
    for (int i = 0; i < m->n; i++)
        for (int j = i + 1; j < m->n; j++)
            if (m->adj[i] >> j & 1)
                sb_printf(&b,
                          "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                          "stroke=\"%s\" stroke-width=\"3\"/>\n",
                          x[i], y[i], x[j], y[j],
                          m->a[i].water || m->a[j].water ? "#7fb2d9" : "#8a7a5c");
    for (int i = 0; i < m->n; i++) {
        const ww_area *a = &m->a[i];
        sb_printf(&b, "<g id=\"%s\" class=\"%s%s%s\">", a->id, a->water ? "water" : "land",
                  a->mountain ? " mountain" : "", a->coastal ? " coastal" : "");
        sb_printf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"%s\" "
                      "stroke-width=\"2\"/>",
                  x[i], y[i], a->water ? 44 : 34, a->water ? "#4f8fc9" : "#9fd38a",
                  a->coastal ? "#e0c068" : "#5d7a4f");
        if (a->mountain)
            sb_printf(&b, "<path d=\"M%.1f %.1fl12 -20l12 20z\" fill=\"#7a5a3a\"/>", x[i] - 12,
                      y[i] - 6);
        sb_printf(&b, "<text x=\"%.1f\" y=\"%.1f\">", x[i], y[i] + (a->mountain ? 28 : 5));
        sb_xml(&b, a->name);
        sb_printf(&b, "</text></g>\n");
    }
    sb_printf(&b, "</svg>\n");
    return b.p;
}
