/*
 * woobie_map.c - Woobieworld's map: an area graph read from data, the
 * derived attributes, and a picture of it as SVG.
 *
 * The format is the area graph every game shares (COORD.md, issue 8):
 * {"nodes":[{"id","name","tags","x","y"}],"edges":[[a,b],...]}.  Tags the
 * game interprets: "land" or "water" (exactly one), "mountain".  "coastal"
 * is derived (a land area touching a body of water); a map may carry it
 * only where it agrees.  Other tags are kept out of the game.  This is a
 * small private reader until the framework's graph loader lands; the map
 * then moves onto it unchanged (same format).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* The embedded data/woobieworld/map.json (daemon/core/embed.c). */
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

static int slug_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || n > WW_ID_MAX)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-'))
            return 0;
    return 1;
}

static int read_node(ww_map *m, int i, const json_t *node, char **why)
{
    ww_area *a = &m->a[i];
    const char *id = json_string_value(json_object_get(node, "id"));
    const json_t *name = json_object_get(node, "name"), *tags = json_object_get(node, "tags");
    const json_t *x = json_object_get(node, "x"), *y = json_object_get(node, "y");
    int land = 0, water = 0, coastal_tag = 0;
    size_t k;
    json_t *t;

    if (!json_is_object(node) || !id || !slug_ok(id)) {
        *why = game_why("map node %d: \"id\" must be 1..%d of a-z, 0-9 and '-'", i, WW_ID_MAX);
        return WB_EINVAL;
    }
    if (ww_area_find(m, id) >= 0) {
        *why = game_why("map node %d: id \"%s\" is used twice", i, id);
        return WB_EINVAL;
    }
    snprintf(a->id, sizeof a->id, "%s", id);
    if (name && (!json_is_string(name) || json_string_length(name) == 0 ||
                 json_string_length(name) > WW_NAME_MAX)) {
        *why = game_why("map node \"%s\": \"name\" must be a string of 1..%d bytes", id,
                        WW_NAME_MAX);
        return WB_EINVAL;
    }
    snprintf(a->name, sizeof a->name, "%s", name ? json_string_value(name) : id);
    if (!json_is_array(tags)) {
        *why = game_why("map node \"%s\": \"tags\" must be an array holding \"land\" or "
                        "\"water\"", id);
        return WB_EINVAL;
    }
    json_array_foreach(tags, k, t) {
        const char *tag = json_string_value(t);
        if (!tag) {
            *why = game_why("map node \"%s\": tags are strings", id);
            return WB_EINVAL;
        }
        land |= strcmp(tag, "land") == 0;
        water |= strcmp(tag, "water") == 0;
        a->mountain |= strcmp(tag, "mountain") == 0;
        coastal_tag |= strcmp(tag, "coastal") == 0;
    }
    if (land == water) {
        *why = game_why("map node \"%s\": tagged %s; an area is either \"land\" or \"water\"",
                        id, land ? "both land and water" : "neither land nor water");
        return WB_EINVAL;
    }
    if (water && a->mountain) {
        *why = game_why("map node \"%s\": a body of water cannot be a mountain area", id);
        return WB_EINVAL;
    }
    a->water = water;
    a->coastal = coastal_tag ? 2 : 0; /* checked against the edges later */
    if ((x && !json_is_number(x)) || (y && !json_is_number(y)) || (!x != !y)) {
        *why = game_why("map node \"%s\": \"x\" and \"y\" are numbers, both or neither", id);
        return WB_EINVAL;
    }
    if (x) {
        a->has_xy = 1;
        a->x = json_number_value(x);
        a->y = json_number_value(y);
        if (!(a->x > -1e6 && a->x < 1e6 && a->y > -1e6 && a->y < 1e6)) { /* NaN fails too */
            *why = game_why("map node \"%s\": coordinates out of range", id);
            return WB_EINVAL;
        }
    }
    return WB_OK;
}

int ww_map_read(const json_t *graph, ww_map **out, char **why)
{
    const json_t *nodes = json_object_get(graph, "nodes"), *edges = json_object_get(graph, "edges");
    ww_map *m = wb_calloc(1, sizeof *m);
    int rc = WB_EINVAL, land = 0;
    size_t i;
    json_t *v;

    *out = NULL;
    if (!json_is_object(graph) || !json_is_array(nodes) || !json_is_array(edges)) {
        *why = game_why("a map is an object {\"nodes\":[...],\"edges\":[[a,b],...]}");
        goto out;
    }
    if (json_array_size(nodes) < 2 || json_array_size(nodes) > WW_MAX_AREAS) {
        *why = game_why("a map has 2..%d areas, not %zu", WW_MAX_AREAS, json_array_size(nodes));
        goto out;
    }
    json_array_foreach(nodes, i, v) {
        if (read_node(m, (int)i, v, why))
            goto out;
        m->n++;
    }
    json_array_foreach(edges, i, v) {
        int a = ww_area_find(m, json_string_value(json_array_get(v, 0)));
        int b = ww_area_find(m, json_string_value(json_array_get(v, 1)));
        if (!json_is_array(v) || json_array_size(v) != 2 || a < 0 || b < 0) {
            *why = game_why("map edge %zu: a pair of known area ids", i);
            goto out;
        }
        if (a == b) {
            *why = game_why("map edge %zu: \"%s\" cannot border itself", i, m->a[a].id);
            goto out;
        }
        m->adj[a] |= UINT64_C(1) << b;
        m->adj[b] |= UINT64_C(1) << a;
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
        int coastal = !a->water && touches;
        if (a->coastal == 2 && !coastal) {
            *why = game_why("map area \"%s\" is tagged coastal but is %s", a->id,
                            a->water ? "a body of water" : "not next to a body of water");
            goto out;
        }
        a->coastal = coastal;
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
    return rc;
}

json_t *ww_map_json(const ww_map *m)
{
    json_t *nodes = json_array(), *edges = json_array();
    for (int i = 0; i < m->n; i++) {
        const ww_area *a = &m->a[i];
        json_t *tags = json_array(), *node;
        ww_push(tags, json_string(a->water ? "water" : "land"));
        if (a->mountain)
            ww_push(tags, json_string("mountain"));
        if (a->coastal)
            ww_push(tags, json_string("coastal"));
        node = json_pack("{s:s, s:s, s:o}", "id", a->id, "name", a->name, "tags", tags);
        if (node && a->has_xy) {
            json_object_set_new(node, "x", json_real(a->x));
            json_object_set_new(node, "y", json_real(a->y));
        }
        ww_push(nodes, node);
        for (int j = i + 1; j < m->n; j++)
            if (m->adj[i] >> j & 1)
                ww_push(edges, json_pack("[s, s]", a->id, m->a[j].id));
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
