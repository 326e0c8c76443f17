/*
 * woobie_view.c - what Woobieworld shows: the view of a seat, of the host
 * and of the public, and the queries "map" (the area graph and its SVG
 * picture) and "deck" (every card).  Nothing here changes a match.
 *
 * A seat sees its own hand and face-down card; the others' hands only by
 * their size, and in the speed variant the chosen cards only once the
 * cycle is revealed.  The shapes are in games/woobieworld/WOOBIEWORLD.md.
 */
#include <stdlib.h>

#include "game_def.h"
#include "wb_err.h"
#include "woobie_int.h"

/* --- views ------------------------------------------------------------------------- */

static json_t *kinds_json(const int *n, int count)
{
    json_t *o = json_object();
    for (int k = 0; k < count; k++)
        json_object_set_new(o, ww_kind_names[k], json_integer(n[k]));
    return o;
}

static json_t *cards_json(const ww_state *s, const int16_t *c, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, ww_card_json(s->deck, c[i]));
    return a;
}

static json_t *areas_json(const ww_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->map->n; i++) {
        int home = ww_home_of(s, i);
        json_array_append_new(a, json_pack("{s:s, s:o, s:o, s:o}", "id", s->map->a[i].id,
                                           "home_of", game_json_id(home), "support",
                                           kinds_json(s->support[i], WW_KINDS), "industries",
                                           kinds_json(s->industries[i], WW_COLOURS)));
    }
    return a;
}

/* A chosen card in a cycle is secret until every seat has chosen. */
static const char *const hidden_card[] = {"card", NULL};

static json_t *chosen_json(const ww_state *s, int owner, int viewer)
{
    const ww_seat *p = &s->seat[owner];
    if (p->chosen < 0)
        return json_null();
    json_t *full = json_pack("{s:i, s:o}", "seat", owner, "card", ww_card_json(s->deck, p->chosen));
    json_t *v = game_secret_view(full, viewer, owner, s->phase != P_CHOOSE, hidden_card);
    json_decref(full);
    return v;
}

void ww_view(const void *st, int seat, json_t *o)
{
    const ww_state *s = st;
    int score[WW_MAX_SEATS], win[WW_MAX_SEATS];
    json_t *seats = json_array(), *envs = json_array();

    ww_scores(s, score, win);
    for (int i = 0; i < s->nseats; i++) {
        const ww_seat *p = &s->seat[i];
        int own = seat == i || seat == GAME_SEAT_HOST;
        json_t *e = json_pack("{s:i, s:o, s:i, s:i, s:o*, s:o*}", "seat", i, "home",
                              p->home >= 0 ? json_string(s->map->a[p->home].id) : json_null(),
                              "hand", p->nhand, "score", score[i], "chosen",
                              s->speed ? chosen_json(s, i, seat) : NULL, "cards",
                              own ? cards_json(s, p->hand, p->nhand) : NULL);
        json_array_append_new(seats, e);
    }
    for (int i = 0; i < s->nenv; i++)
        json_array_append_new(envs, json_pack("{s:o, s:i}", "card",
                                              ww_card_json(s->deck, s->env[i].card),
                                              "caretaker", s->env[i].caretaker));
    game_put(o, "{s:s, s:i, s:i, s:b}", "phase", ww_phase_names[s->phase], "player", s->player,
             "turn", s->turn, "speed", s->speed);
    if (s->speed) {
        json_t *order = json_array();
        for (int i = 0; s->phase != P_CHOOSE && s->phase != P_SETUP && i < s->nseats; i++)
            json_array_append_new(order, json_integer(s->order[i]));
        game_put(o, "{s:i, s:o}", "cycle", s->cycle, "order", order);
    }
    if (s->phase == P_SUPPORT)
        game_put(o, "{s:i, s:b}", "support_left", s->support_left, "must_rehome",
                 s->must_rehome);
    game_put(o, "{s:o, s:o, s:{s:o, s:o}, s:o, s:i, s:i, s:i, s:o, s:o}", "seats", seats, "areas",
             areas_json(s), "supply", "support", kinds_json(s->supply, WW_KINDS), "industries",
             kinds_json(s->supply_ind, WW_COLOURS), "environments", envs, "volcanoes",
             s->nvolcano, "draw_pile", s->ndraw, "discard_pile", s->ndiscard, "discard_top",
             s->ndiscard ? ww_card_json(s->deck, s->discard[s->ndiscard - 1]) : json_null(),
             "removed", cards_json(s, s->removed, s->nremoved));
    if (s->phase == P_EFFECT) {
        json_t *pending = json_object_get(o, "pending");
        char *prompt = ww_fx_prompt(s);
        json_object_set_new(o, "playing",
                            json_pack("{s:o, s:i, s:i}", "card", ww_card_json(s->deck, s->run.card),
                                      "seat", s->run.player, "step", s->run.step + 1));
        if (pending) {
            json_object_set_new(pending, "ask", json_string(ww_ask_names[s->run.ask]));
            json_object_set_new(pending, "detail", json_string(prompt));
            json_object_set_new(pending, "choices", ww_fx_choices_json(s));
        }
        free(prompt);
    }
}

/* --- queries -------------------------------------------------------------------------- */

GAME_ANSWER(answer_map)
{
    const ww_state *s = state;
    char *svg = ww_map_svg(s->map);
    *out = json_pack("{s:o, s:s}", "map", ww_map_json(s->map), "svg", svg);
    free(svg);
    return WB_OK;
}

GAME_ANSWER(answer_deck)
{
    const ww_state *s = state;
    json_t *rows = json_array();
    for (int i = 0; i < s->deck->n; i++) {
        const ww_card *c = &s->deck->c[i];
        json_array_append_new(
            rows, json_pack("{s:i, s:o, s:s, s:s, s:s, s:s, s:s}", "id", i, "number",
                            c->number ? json_integer(c->number) : json_null(), "type",
                            ww_ctype_names[c->type], "colour",
                            c->colour >= 0 ? ww_kind_names[c->colour] : "", "name", c->name,
                            "text", c->text, "quote", c->quote));
    }
    *out = json_pack("{s:o}", "rows", rows);
    return WB_OK;
}

const game_query ww_queries[] = {
    {"map", GAME_ROLE_ANYONE, answer_map},
    {"deck", GAME_ROLE_ANYONE, answer_deck},
    {NULL},
};
