/*
 * woobie_save.c - Woobieworld: a match's state described once for the
 * framework's codec (game_json.h), which saves and loads through it.
 *
 * The save holds everything, in order (the draw pile bottom first, the
 * rng, the interpreter's progress through a card), and a custom map (as
 * JSON text) or deck itself (null for the built-in ones, read from the
 * binary's data).  Loading trusts nothing: every member is range-checked
 * by the codec, then every card must be in exactly one place it may be,
 * every piece on the board or in the unused pile, coloured support in
 * homes only, and a pending decision must have a choice, so a state it
 * accepts is safe to play.
 */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* The first broken invariant, for game_io_fail. */
typedef struct loader {
    const char *bad;
} loader;

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


/* A pile of card ids, both ways. */
static int io_pile(game_io *io, const char *key, int16_t *v, int n, int ncards, int max)
{
    n = (int)game_io_array(io, key, (size_t)n, 0, (size_t)max);
    for (int i = 0; i < n; i++) {
        int c = v[i];
        game_io_int(io, NULL, &c, 0, ncards - 1);
        v[i] = (int16_t)c;
    }
    game_io_end(io);
    return n;
}

static void io_run(game_io *io, ww_run *r, int nseats, int nareas, int ncards)
{
    int ask = r->ask;
    game_io_object(io, "run");
    game_io_int(io, "card", &r->card, -1, ncards - 1);
    game_io_int(io, "player", &r->player, 0, nseats - 1);
    game_io_int(io, "side", &r->side, -1, 1);
    game_io_int(io, "step", &r->step, 0, WW_MAX_STEPS);
    game_io_int(io, "end", &r->end, 0, WW_MAX_STEPS);
    game_io_ints(io, "reg", r->reg, 2, -1, nareas - 1);
    game_io_int(io, "colour", &r->colour, -1, WW_COLOURS - 1);
    game_io_int(io, "counter", &r->counter, 0, 100000);
    game_io_ints(io, "tally", r->tally, WW_COLOURS, 0, 100000);
    game_io_int(io, "unit", &r->unit, 0, WW_MAX_AREAS);
    game_io_int(io, "term", &r->term, 0, WW_MAX_TERMS);
    game_io_int(io, "left", &r->left, -1, 100000);
    game_io_enum(io, "ask", &ask, ww_ask_names, ASK_COUNT_);
    game_io_int(io, "ask_seat", &r->ask_seat, 0, nseats - 1);
    game_io_end(io);
    r->ask = (ww_ask)ask;
}

void ww_io(game_io *io, void *st)
{
    ww_state *s = st;
    int loading = game_io_loading(io), phase = s->phase, nc, n;
    char *map = NULL;

    game_io_rng(io, "rng", &s->r);
    game_io_int(io, "nseats", &s->nseats, WW_MIN_SEATS, WW_MAX_SEATS);
    game_io_bool(io, "speed", &s->speed);
    game_io_ints(io, "start_support", s->start_support, WW_KINDS, 0, 200);
    game_io_ints(io, "start_industries", s->start_industries, WW_COLOURS, 0, 50);
    /* A custom map as JSON text (sorted keys: the same text every save). */
    if (!loading && s->custom_map)
        map = json_dumps(s->custom_map, JSON_COMPACT | JSON_SORT_KEYS);
    game_io_str(io, "map", &map);
    if (loading && map && !(s->custom_map = json_loads(map, 0, NULL)))
        game_io_fail(io, "map");
    free(map);
    game_io_str(io, "deck", &s->custom_deck);
    if (loading && game_io_ok(io)) {
        char *why = NULL;
        if (ww_state_tables(s, &why))
            game_io_fail(io, "map or deck (a custom one that does not read)");
        free(why);
    }
    if (!s->map || !s->deck)
        return; /* loading failed: nothing sized by them can be read */
    n = s->map->n;
    nc = s->deck->n;

    /* The board and the unused pile. */
    game_io_array(io, "support", (size_t)n, (size_t)n, (size_t)n);
    for (int a = 0; a < n; a++)
        game_io_ints(io, NULL, s->support[a], WW_KINDS, 0, 200);
    game_io_end(io);
    game_io_array(io, "industries", (size_t)n, (size_t)n, (size_t)n);
    for (int a = 0; a < n; a++)
        game_io_ints(io, NULL, s->industries[a], WW_COLOURS, 0, 50);
    game_io_end(io);
    game_io_ints(io, "supply", s->supply, WW_KINDS, 0, 200);
    game_io_ints(io, "supply_ind", s->supply_ind, WW_COLOURS, 0, 50);

    /* The cards. */
    s->ndraw = io_pile(io, "draw", s->draw, s->ndraw, nc, WW_MAX_CARDS);
    s->ndiscard = io_pile(io, "discard", s->discard, s->ndiscard, nc, WW_MAX_CARDS);
    s->nremoved = io_pile(io, "removed", s->removed, s->nremoved, nc, WW_MAX_CARDS);
    s->nvolcano = io_pile(io, "volcano", s->volcano, s->nvolcano, nc, WW_MAX_CARDS);
    s->nenv = (int)game_io_array(io, "env", (size_t)s->nenv, 0, WW_MAX_CARDS);
    for (int i = 0; i < s->nenv; i++) {
        int card = s->env[i].card, keeper = s->env[i].caretaker;
        game_io_array(io, NULL, 2, 2, 2);
        game_io_int(io, NULL, &card, 0, nc - 1);
        game_io_int(io, NULL, &keeper, 0, s->nseats - 1);
        game_io_end(io);
        s->env[i] = (ww_table_card){(int16_t)card, (int8_t)keeper};
    }
    game_io_end(io);
    game_io_array(io, "seats", (size_t)s->nseats, (size_t)s->nseats, (size_t)s->nseats);
    for (int i = 0; i < s->nseats; i++) {
        ww_seat *p = &s->seat[i];
        game_io_object(io, NULL);
        game_io_int(io, "home", &p->home, -1, n - 1);
        p->nhand = io_pile(io, "hand", p->hand, p->nhand, nc, WW_MAX_HAND);
        game_io_int(io, "chosen", &p->chosen, -1, nc - 1);
        game_io_int(io, "barred", &p->barred, -1, nc - 1);
        game_io_end(io);
    }
    game_io_end(io);

    /* Progress. */
    game_io_enum(io, "phase", &phase, ww_phase_names, P_OVER + 1);
    s->phase = (ww_phase)phase;
    game_io_int(io, "player", &s->player, 0, s->nseats - 1);
    game_io_int(io, "turn", &s->turn, 0, 1 << 30);
    game_io_int(io, "cycle", &s->cycle, 0, 1 << 30);
    game_io_ints(io, "order", s->order, (size_t)s->nseats, 0, s->nseats - 1);
    game_io_int(io, "order_pos", &s->order_pos, 0, s->nseats - 1);
    game_io_int(io, "support_left", &s->support_left, 0, 2);
    game_io_bool(io, "must_rehome", &s->must_rehome);
    game_io_bool(io, "extra", &s->extra);
    io_run(io, &s->run, s->nseats, n, nc);
    if (loading && game_io_ok(io)) {
        loader l = {0};
        check_consistency(&l, s);
        if (l.bad)
            game_io_fail(io, l.bad);
    }
}
