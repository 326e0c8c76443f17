/*
 * woobie_save.c - Woobieworld: a match's state as JSON and back.
 *
 * The save holds everything, in order (the draw pile bottom first, the
 * rng, the interpreter's progress through a card), and a custom map or
 * deck itself (the built-in ones are read from the binary's data).  load()
 * trusts nothing: every member is checked for range, every card is in
 * exactly one place and of a kind that may be there, every piece is on
 * the board or in the unused pile, coloured support is in homes only, and
 * a pending decision has someone to answer it, so a state it accepts is
 * safe to play.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

#define WW_SAVE_FORMAT 1

/* --- save ---------------------------------------------------------------------------- */

static json_t *ints(const int *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        ww_push(a, json_integer(v[i]));
    return a;
}

static json_t *pile(const int16_t *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        ww_push(a, json_integer(v[i]));
    return a;
}

json_t *ww_save(const ww_state *s)
{
    char hex[65];
    json_t *o = json_object(), *sup = json_array(), *ind = json_array(), *seats = json_array(),
           *env = json_array();
    const ww_run *r = &s->run;
    rng_save(&s->r, hex);
    for (int a = 0; a < s->map->n; a++) {
        ww_push(sup, ints(s->support[a], WW_KINDS));
        ww_push(ind, ints(s->industries[a], WW_COLOURS));
    }
    for (int i = 0; i < s->nseats; i++)
        ww_push(seats, json_pack("{s:i, s:o, s:i, s:i}", "home", s->seat[i].home, "hand",
                                 pile(s->seat[i].hand, s->seat[i].nhand), "chosen",
                                 s->seat[i].chosen, "barred", s->seat[i].barred));
    for (int i = 0; i < s->nenv; i++)
        ww_push(env, json_pack("[i, i]", s->env[i].card, s->env[i].caretaker));
    json_object_set_new(o, "format", json_integer(WW_SAVE_FORMAT));
    json_object_set_new(o, "rng", json_string(hex));
    json_object_set_new(o, "nseats", json_integer(s->nseats));
    json_object_set_new(o, "speed", json_boolean(s->speed));
    json_object_set_new(o, "start_support", ints(s->start_support, WW_KINDS));
    json_object_set_new(o, "start_industries", ints(s->start_industries, WW_COLOURS));
    json_object_set_new(o, "map", s->custom_map ? json_deep_copy(s->custom_map) : json_null());
    json_object_set_new(o, "deck", s->custom_deck ? json_string(s->custom_deck) : json_null());
    json_object_set_new(o, "support", sup);
    json_object_set_new(o, "industries", ind);
    json_object_set_new(o, "supply", ints(s->supply, WW_KINDS));
    json_object_set_new(o, "supply_ind", ints(s->supply_ind, WW_COLOURS));
    json_object_set_new(o, "draw", pile(s->draw, s->ndraw));
    json_object_set_new(o, "discard", pile(s->discard, s->ndiscard));
    json_object_set_new(o, "removed", pile(s->removed, s->nremoved));
    json_object_set_new(o, "env", env);
    json_object_set_new(o, "volcano", pile(s->volcano, s->nvolcano));
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "phase", json_string(ww_phase_names[s->phase]));
    json_object_set_new(o, "player", json_integer(s->player));
    json_object_set_new(o, "turn", json_integer(s->turn));
    json_object_set_new(o, "cycle", json_integer(s->cycle));
    json_object_set_new(o, "order", ints(s->order, s->nseats));
    json_object_set_new(o, "order_pos", json_integer(s->order_pos));
    json_object_set_new(o, "support_left", json_integer(s->support_left));
    json_object_set_new(o, "must_rehome", json_boolean(s->must_rehome));
    json_object_set_new(o, "extra", json_boolean(s->extra));
    json_object_set_new(
        o, "run",
        json_pack("{s:i, s:i, s:i, s:i, s:i, s:[i,i], s:i, s:i, s:o, s:i, s:i, s:i, s:s, s:i}",
                  "card", r->card, "player", r->player, "side", r->side, "step", r->step, "end",
                  r->end, "reg", r->reg[0], r->reg[1], "colour", r->colour, "counter",
                  r->counter, "tally", ints(r->tally, WW_COLOURS), "unit", r->unit, "term",
                  r->term, "left", r->left, "ask", ww_ask_names[r->ask], "ask_seat",
                  r->ask_seat));
    if (json_object_size(o) != 28)
        abort(); /* a member failed to build: out of memory */
    return o;
}

/* --- load ------------------------------------------------------------------------------ */

/* A loader keeps the first problem it meets; the rest is skipped. */
typedef struct loader {
    const char *bad;
} loader;

static int ld_int(loader *l, const json_t *o, const char *key, int lo, int hi)
{
    json_t *v = json_object_get(o, key);
    if (l->bad)
        return lo;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        l->bad = key;
        return lo;
    }
    return (int)json_integer_value(v);
}

static int ld_bool(loader *l, const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    if (!l->bad && !json_is_boolean(v))
        l->bad = key;
    return json_is_true(v);
}

static int ld_enum(loader *l, const json_t *o, const char *key, const char *const *names, int n)
{
    const char *v = json_string_value(json_object_get(o, key));
    for (int i = 0; v && i < n; i++)
        if (strcmp(v, names[i]) == 0)
            return i;
    if (!l->bad)
        l->bad = key;
    return 0;
}

/* An array of exactly `n` (or, with n < 0, at most -n) integers in
 * [lo, hi]; returns how many. */
static int ld_ints(loader *l, const json_t *a, const char *what, int *out, int n, int lo, int hi)
{
    size_t i;
    json_t *v;
    int max = n < 0 ? -n : n;
    if (l->bad)
        return 0;
    if (!json_is_array(a) || (n >= 0 && (int)json_array_size(a) != n) ||
        (int)json_array_size(a) > max) {
        l->bad = what;
        return 0;
    }
    json_array_foreach(a, i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
            l->bad = what;
            return 0;
        }
        out[i] = (int)json_integer_value(v);
    }
    return (int)json_array_size(a);
}

static int ld_pile(loader *l, const json_t *o, const char *key, int16_t *out, int ncards)
{
    int tmp[WW_MAX_CARDS];
    int n = ld_ints(l, json_object_get(o, key), key, tmp, -WW_MAX_CARDS, 0, ncards - 1);
    for (int i = 0; i < n; i++)
        out[i] = (int16_t)tmp[i];
    return n;
}

/* Where a card is, for the one-place check. */
enum { IN_DRAW, IN_DISCARD, IN_REMOVED, IN_ENV, IN_VOLCANO, IN_HAND, IN_PLAY };

static int place_ok(ww_ctype t, int where)
{
    switch (t) {
    case WW_VOLCANO:
        return where == IN_DRAW || where == IN_VOLCANO;
    case WW_ENVIRONMENT:
        return where == IN_DRAW || where == IN_ENV || where == IN_DISCARD;
    default:
        return where != IN_ENV && where != IN_VOLCANO;
    }
}

static void mark(loader *l, const ww_state *s, int *seen, int card, int where)
{
    if (l->bad)
        return;
    if (seen[card]++ || !place_ok(s->deck->c[card].type, where))
        l->bad = "cards (each card in exactly one place it may be)";
}

/* Everything that relates members to each other. */
static void check_consistency(loader *l, const ww_state *s)
{
    int seen[WW_MAX_CARDS] = {0}, tot[WW_KINDS] = {0}, toti[WW_COLOURS] = {0};
    const ww_run *r = &s->run;
    if (l->bad)
        return;
    for (int i = 0; i < s->ndraw; i++)
        mark(l, s, seen, s->draw[i], IN_DRAW);
    for (int i = 0; i < s->ndiscard; i++)
        mark(l, s, seen, s->discard[i], IN_DISCARD);
    for (int i = 0; i < s->nremoved; i++)
        mark(l, s, seen, s->removed[i], IN_REMOVED);
    for (int i = 0; i < s->nenv; i++)
        mark(l, s, seen, s->env[i].card, IN_ENV);
    for (int i = 0; i < s->nvolcano; i++)
        mark(l, s, seen, s->volcano[i], IN_VOLCANO);
    for (int i = 0; i < s->nseats; i++) {
        for (int k = 0; k < s->seat[i].nhand; k++)
            mark(l, s, seen, s->seat[i].hand[k], IN_HAND);
        if (s->seat[i].chosen >= 0)
            mark(l, s, seen, s->seat[i].chosen, IN_PLAY);
    }
    if (r->card >= 0)
        mark(l, s, seen, r->card, IN_PLAY);
    for (int c = 0; !l->bad && c < s->deck->n; c++)
        if (!seen[c])
            l->bad = "cards (a card is missing)";
    if (!l->bad && (s->nvolcano >= WW_VOLCANOES_END) != (s->phase == P_OVER))
        l->bad = "volcano";

    /* Homes: distinct land areas, set for the seats that have picked. */
    for (int i = 0; !l->bad && i < s->nseats; i++) {
        int h = s->seat[i].home, picked = s->phase != P_SETUP || i < s->player;
        if ((h >= 0) != picked || (h >= 0 && (s->map->a[h].water || ww_home_of(s, h) != i)))
            l->bad = "seats (homes)";
        if (!s->speed && (s->seat[i].chosen >= 0 || s->seat[i].barred >= 0))
            l->bad = "seats (chosen cards outside the speed variant)";
    }
    /* Pieces: on the board or in the pile; coloured ones only in homes. */
    for (int a = 0; !l->bad && a < s->map->n; a++) {
        int home = ww_home_of(s, a) >= 0;
        for (int k = 0; k < WW_KINDS; k++) {
            tot[k] += s->support[a][k];
            if (k < WW_COLOURS && !home && s->support[a][k])
                l->bad = "support (coloured support outside a home)";
        }
        for (int k = 0; k < WW_COLOURS; k++)
            toti[k] += s->industries[a][k];
    }
    for (int k = 0; !l->bad && k < WW_KINDS; k++)
        if (tot[k] + s->supply[k] != s->start_support[k] ||
            (k < WW_COLOURS && toti[k] + s->supply_ind[k] != s->start_industries[k]))
            l->bad = "supply (pieces must add up to the starting piles)";

    /* Progress. */
    if (!l->bad && s->phase != P_SETUP && s->phase != P_CHOOSE && s->phase != P_OVER &&
        s->speed && s->order[s->order_pos] != s->player)
        l->bad = "order_pos";
    if (!l->bad) {
        int in[WW_MAX_SEATS] = {0};
        for (int i = 0; i < s->nseats; i++)
            if (in[s->order[i]]++)
                l->bad = "order";
    }
    if (!l->bad && (s->phase == P_EFFECT) != (r->card >= 0))
        l->bad = "run (a card is being played exactly in the effect phase)";
    if (!l->bad && r->card >= 0) {
        const ww_card *c = &s->deck->c[r->card];
        int cand[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS];
        if (c->type != WW_ACTION && c->type != WW_COLOUR_ACTION)
            l->bad = "run.card";
        else if (r->side < -1 || r->side > 1 || (r->side < 0 && c->or_at && r->ask != ASK_SIDE) ||
                 (r->side >= 0 && !c->or_at))
            l->bad = "run.side";
        else if (r->end != (r->side == 0 ? c->or_at : c->nsteps) || r->step < 0 ||
                 r->step >= r->end)
            l->bad = "run.step";
        else if (r->term > c->s[r->step].nterms || (r->ask == ASK_LOSE && r->term >= c->s[r->step].nterms))
            l->bad = "run.term";
        else if (r->ask == ASK_NONE || ww_fx_candidates(s, cand, 1) < 1)
            l->bad = "run.ask (a pending decision with no choice)";
        else if (r->player != s->player)
            l->bad = "run.player";
    }
}

int ww_load(const json_t *saved, ww_state **out, char **why)
{
    loader l = {0};
    ww_state *s = wb_calloc(1, sizeof *s);
    const json_t *v, *seats, *run, *sup, *ind, *env;
    size_t i;
    int rc = WB_EINVAL, tmp[WW_MAX_CARDS];

    *out = NULL;
    if (json_is_object(saved))
        ld_int(&l, saved, "format", WW_SAVE_FORMAT, WW_SAVE_FORMAT);
    if (!json_is_object(saved) || l.bad) {
        *why = game_why("not a saved Woobieworld match (format %d)", WW_SAVE_FORMAT);
        goto out;
    }
    if (rng_load(&s->r, json_string_value(json_object_get(saved, "rng")))) {
        *why = game_why("saved match: bad rng");
        goto out;
    }
    s->nseats = ld_int(&l, saved, "nseats", WW_MIN_SEATS, WW_MAX_SEATS);
    s->speed = ld_bool(&l, saved, "speed");
    ld_ints(&l, json_object_get(saved, "start_support"), "start_support", s->start_support,
            WW_KINDS, 0, 200);
    ld_ints(&l, json_object_get(saved, "start_industries"), "start_industries",
            s->start_industries, WW_COLOURS, 0, 50);
    v = json_object_get(saved, "map");
    if (json_is_object(v))
        s->custom_map = json_deep_copy(v);
    else if (!json_is_null(v) && !l.bad)
        l.bad = "map";
    v = json_object_get(saved, "deck");
    if (json_is_string(v))
        s->custom_deck = wb_strdup(json_string_value(v));
    else if (!json_is_null(v) && !l.bad)
        l.bad = "deck";
    if (l.bad) {
        *why = game_why("saved match: bad \"%s\"", l.bad);
        goto out;
    }
    if (ww_state_tables(s, why))
        goto out;

    int n = s->map->n, nc = s->deck->n;
    sup = json_object_get(saved, "support");
    ind = json_object_get(saved, "industries");
    if (!json_is_array(sup) || !json_is_array(ind) || (int)json_array_size(sup) != n ||
        (int)json_array_size(ind) != n)
        l.bad = "support";
    for (int a = 0; !l.bad && a < n; a++) {
        ld_ints(&l, json_array_get(sup, (size_t)a), "support", s->support[a], WW_KINDS, 0, 200);
        ld_ints(&l, json_array_get(ind, (size_t)a), "industries", s->industries[a], WW_COLOURS,
                0, 50);
    }
    ld_ints(&l, json_object_get(saved, "supply"), "supply", s->supply, WW_KINDS, 0, 200);
    ld_ints(&l, json_object_get(saved, "supply_ind"), "supply_ind", s->supply_ind, WW_COLOURS,
            0, 50);
    s->ndraw = ld_pile(&l, saved, "draw", s->draw, nc);
    s->ndiscard = ld_pile(&l, saved, "discard", s->discard, nc);
    s->nremoved = ld_pile(&l, saved, "removed", s->removed, nc);
    s->nvolcano = ld_pile(&l, saved, "volcano", s->volcano, nc);
    env = json_object_get(saved, "env");
    if (!l.bad && (!json_is_array(env) || json_array_size(env) > WW_MAX_CARDS))
        l.bad = "env";
    json_array_foreach(env, i, v) {
        int pair[2];
        ld_ints(&l, v, "env", pair, 2, 0, nc - 1);
        if (!l.bad && pair[1] >= s->nseats)
            l.bad = "env";
        s->env[s->nenv++] = (ww_table_card){(int16_t)pair[0], (int8_t)pair[1]};
        if (l.bad)
            break;
    }
    seats = json_object_get(saved, "seats");
    if (!l.bad && (!json_is_array(seats) || (int)json_array_size(seats) != s->nseats))
        l.bad = "seats";
    for (int k = 0; !l.bad && k < s->nseats; k++) {
        const json_t *p = json_array_get(seats, (size_t)k);
        ww_seat *st = &s->seat[k];
        st->home = ld_int(&l, p, "home", -1, n - 1);
        st->chosen = ld_int(&l, p, "chosen", -1, nc - 1);
        st->barred = ld_int(&l, p, "barred", -1, nc - 1);
        st->nhand = ld_ints(&l, json_object_get(p, "hand"), "seats (hand)", tmp, -WW_MAX_HAND, 0,
                            nc - 1);
        for (int c = 0; c < st->nhand; c++)
            st->hand[c] = (int16_t)tmp[c];
    }
    s->phase = (ww_phase)ld_enum(&l, saved, "phase", ww_phase_names, P_OVER + 1);
    s->player = ld_int(&l, saved, "player", 0, s->nseats - 1);
    s->turn = ld_int(&l, saved, "turn", 0, 1 << 30);
    s->cycle = ld_int(&l, saved, "cycle", 0, 1 << 30);
    ld_ints(&l, json_object_get(saved, "order"), "order", s->order, s->nseats, 0, s->nseats - 1);
    s->order_pos = ld_int(&l, saved, "order_pos", 0, s->nseats - 1);
    s->support_left = ld_int(&l, saved, "support_left", 0, 2);
    s->must_rehome = ld_bool(&l, saved, "must_rehome");
    s->extra = ld_bool(&l, saved, "extra");
    run = json_object_get(saved, "run");
    if (!l.bad && !json_is_object(run))
        l.bad = "run";
    if (!l.bad) {
        ww_run *r = &s->run;
        int reg[2];
        r->card = ld_int(&l, run, "card", -1, nc - 1);
        r->player = ld_int(&l, run, "player", 0, s->nseats - 1);
        r->side = ld_int(&l, run, "side", -1, 1);
        r->step = ld_int(&l, run, "step", 0, WW_MAX_STEPS);
        r->end = ld_int(&l, run, "end", 0, WW_MAX_STEPS);
        ld_ints(&l, json_object_get(run, "reg"), "run.reg", reg, 2, -1, n - 1);
        r->reg[0] = reg[0], r->reg[1] = reg[1];
        r->colour = ld_int(&l, run, "colour", -1, WW_COLOURS - 1);
        r->counter = ld_int(&l, run, "counter", 0, 1000);
        ld_ints(&l, json_object_get(run, "tally"), "run.tally", r->tally, WW_COLOURS, 0, 1000);
        r->unit = ld_int(&l, run, "unit", 0, WW_MAX_AREAS);
        r->term = ld_int(&l, run, "term", 0, WW_MAX_TERMS);
        r->left = ld_int(&l, run, "left", -1, 1000);
        r->ask = (ww_ask)ld_enum(&l, run, "ask", ww_ask_names, ASK_COUNT_);
        r->ask_seat = ld_int(&l, run, "ask_seat", 0, s->nseats - 1);
    }
    check_consistency(&l, s);
    if (l.bad) {
        *why = game_why("saved match: bad \"%s\"", l.bad);
        goto out;
    }
    *out = s;
    s = NULL;
    rc = WB_OK;
out:
    ww_state_free(s);
    return rc;
}
