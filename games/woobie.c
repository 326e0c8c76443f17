/*
 * woobie.c - Woobieworld as a game kind: the glue between the rules
 * (woobie_rules.c, woobie_fx.c) and the game interface (game.h): the
 * options, the views per seat, host and public, the legal-action list and
 * the dispatch of actions from the one table ww_actions, and the queries
 * "map" (the area graph and its SVG picture) and "deck" (every card).
 *
 * Dispatch: the table says who may send an action and in which phases
 * ("not you / not now": WB_ENOTTURN), the members are parsed into a
 * ww_body (malformed: WB_EINVAL), the action's check says whether the
 * rules allow it (WB_EILLEGAL with the reason) and only then the change is
 * made, on a copy whose events are handed over when it is done.  The list
 * of legal actions enumerates the members' domains through the same
 * checks, so a listed action is accepted by construction.
 */
#include "woobie.h"

#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
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
        ww_push(a, ww_card_json(s->deck, c[i]));
    return a;
}

static json_t *areas_json(const ww_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->map->n; i++) {
        int home = ww_home_of(s, i);
        ww_push(a, json_pack("{s:s, s:o, s:o, s:o}", "id", s->map->a[i].id, "home_of",
                             home >= 0 ? json_integer(home) : json_null(), "support",
                             kinds_json(s->support[i], WW_KINDS), "industries",
                             kinds_json(s->industries[i], WW_COLOURS)));
    }
    return a;
}

static json_t *pending_json(const ww_state *s)
{
    int c[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS];
    int n = ww_fx_candidates(s, c, (int)(sizeof c / sizeof c[0]));
    char buf[64], *prompt = ww_fx_prompt(s);
    json_t *choices = json_array();
    for (int i = 0; i < n; i++)
        ww_push(choices, json_string(ww_choice_str(s, c[i], buf)));
    json_t *o = json_pack("{s:i, s:s, s:s, s:o}", "seat", s->run.ask_seat, "ask",
                          ww_ask_names[s->run.ask], "prompt", prompt, "choices", choices);
    free(prompt);
    return o;
}

static json_t *ww_view(const void *state, int seat)
{
    const ww_state *s = state;
    int act[WW_MAX_SEATS], score[WW_MAX_SEATS], win[WW_MAX_SEATS];
    json_t *o = json_object(), *to_act = json_array(), *seats = json_array(),
           *envs = json_array(), *scores = json_array();

    ww_to_act(s, act);
    ww_scores(s, score, win);
    for (int i = 0; i < s->nseats; i++) {
        const ww_seat *p = &s->seat[i];
        if (act[i])
            ww_push(to_act, json_integer(i));
        ww_push(scores, json_integer(score[i]));
        json_t *e = json_pack("{s:i, s:o, s:i, s:i}", "seat", i, "home",
                              p->home >= 0 ? json_string(s->map->a[p->home].id) : json_null(),
                              "hand", p->nhand, "score", score[i]);
        if (s->speed)
            json_object_set_new(e, "chosen", json_boolean(p->chosen >= 0));
        if (seat == i || seat == GAME_SEAT_HOST) {
            json_object_set_new(e, "cards", cards_json(s, p->hand, p->nhand));
            if (p->chosen >= 0)
                json_object_set_new(e, "chosen_card", ww_card_json(s->deck, p->chosen));
        }
        ww_push(seats, e);
    }
    for (int i = 0; i < s->nenv; i++)
        ww_push(envs, json_pack("{s:o, s:i}", "card", ww_card_json(s->deck, s->env[i].card),
                                "caretaker", s->env[i].caretaker));
    json_object_set_new(o, "status", json_string(s->phase == P_OVER ? "finished" : "active"));
    json_object_set_new(o, "to_act", to_act);
    json_object_set_new(o, "phase", json_string(ww_phase_names[s->phase]));
    json_object_set_new(o, "player", json_integer(s->player));
    json_object_set_new(o, "turn", json_integer(s->turn));
    json_object_set_new(o, "speed", json_boolean(s->speed));
    if (s->speed) {
        json_t *order = json_array();
        for (int i = 0; s->phase != P_CHOOSE && s->phase != P_SETUP && i < s->nseats; i++)
            ww_push(order, json_integer(s->order[i]));
        json_object_set_new(o, "cycle", json_integer(s->cycle));
        json_object_set_new(o, "order", order);
    }
    if (s->phase == P_SUPPORT) {
        json_object_set_new(o, "support_left", json_integer(s->support_left));
        json_object_set_new(o, "must_rehome", json_boolean(s->must_rehome));
    }
    json_object_set_new(o, "seats", seats);
    json_object_set_new(o, "areas", areas_json(s));
    json_object_set_new(o, "supply",
                        json_pack("{s:o, s:o}", "support", kinds_json(s->supply, WW_KINDS),
                                  "industries", kinds_json(s->supply_ind, WW_COLOURS)));
    json_object_set_new(o, "environments", envs);
    json_object_set_new(o, "volcanoes", json_integer(s->nvolcano));
    json_object_set_new(o, "draw_pile", json_integer(s->ndraw));
    json_object_set_new(o, "discard_pile", json_integer(s->ndiscard));
    json_object_set_new(o, "discard_top", s->ndiscard
                                              ? ww_card_json(s->deck, s->discard[s->ndiscard - 1])
                                              : json_null());
    json_object_set_new(o, "removed", cards_json(s, s->removed, s->nremoved));
    if (s->phase == P_EFFECT) {
        json_t *cur = json_pack("{s:o, s:i, s:i}", "card", ww_card_json(s->deck, s->run.card),
                                "seat", s->run.player, "step", s->run.step + 1);
        json_object_set_new(o, "playing", cur);
        json_object_set_new(o, "pending", pending_json(s));
    }
    json_object_set_new(o, "scores", scores);
    if (s->phase == P_OVER) {
        json_t *w = json_array();
        for (int i = 0; i < s->nseats; i++)
            if (win[i])
                ww_push(w, json_integer(i));
        json_object_set_new(o, "winners", w);
    }
    return o;
}

/* --- dispatch ---------------------------------------------------------------------- */

static const ww_action *find_action(const char *type)
{
    for (size_t i = 0; type && i < ww_nactions; i++)
        if (strcmp(type, ww_actions[i].type) == 0)
            return &ww_actions[i];
    return NULL;
}

/* Who may send `act` now: WB_OK or WB_ENOTTURN with *why. */
static int may_act(const ww_state *s, const ww_action *act, int seat, char **why)
{
    int to[WW_MAX_SEATS];
    if (s->phase == P_OVER) {
        *why = game_why("the game is over");
        return WB_ENOTTURN;
    }
    if (act->host != (seat == GAME_SEAT_HOST)) {
        *why = game_why(act->host ? "only the host settles a disputed card"
                                  : "the host does not play; seats do");
        return WB_ENOTTURN;
    }
    ww_to_act(s, to);
    if (!act->host && (seat < 0 || seat >= s->nseats || !to[seat])) {
        *why = s->phase == P_CHOOSE
                   ? game_why("you have chosen your card; the others are choosing")
                   : game_why("seat %d is to act (%s)", s->phase == P_EFFECT ? s->run.ask_seat
                                                                             : s->player,
                              ww_phase_names[s->phase]);
        return WB_ENOTTURN;
    }
    if (!(act->phases >> s->phase & 1)) {
        *why = game_why("not in the %s phase", ww_phase_names[s->phase]);
        return WB_ENOTTURN;
    }
    return WB_OK;
}

static int parse_area(const ww_state *s, const json_t *a, const char *key, int *out, char **why)
{
    const char *id = json_string_value(json_object_get(a, key));
    if (!id) {
        *why = game_why("\"%s\": an area id is missing", key);
        return WB_EINVAL;
    }
    if ((*out = ww_area_find(s->map, id)) < 0) {
        *why = game_why("\"%s\": no area \"%s\" on this map", key, id);
        return WB_EILLEGAL;
    }
    return WB_OK;
}

static int parse_body(const ww_state *s, const ww_action *act, const json_t *a, ww_body *b,
                      char **why)
{
    int rc;
    *b = (ww_body){-1, -1, -1, -1, -1, -1};
    if (act->members & M_COLOUR) {
        const char *c = json_string_value(json_object_get(a, "colour"));
        for (int k = 0; c && k < WW_COLOURS; k++)
            if (strcmp(c, ww_kind_names[k]) == 0)
                b->colour = k;
        if (b->colour < 0) {
            *why = game_why("\"colour\": red, yellow, green or blue");
            return WB_EINVAL;
        }
    }
    if (((act->members & M_AREA) && (rc = parse_area(s, a, "area", &b->area, why))) ||
        ((act->members & M_FROM) && (rc = parse_area(s, a, "from", &b->from, why))) ||
        ((act->members & M_TO) && (rc = parse_area(s, a, "to", &b->to, why))))
        return rc;
    if (act->members & M_CARD) {
        const json_t *c = json_object_get(a, "card");
        if (!json_is_integer(c)) {
            *why = game_why("\"card\": a card id (an integer)");
            return WB_EINVAL;
        }
        if (json_integer_value(c) < 0 || json_integer_value(c) >= s->deck->n) {
            *why = game_why("no card %lld in this deck", (long long)json_integer_value(c));
            return WB_EILLEGAL;
        }
        b->card = (int)json_integer_value(c);
    }
    if (act->members & M_CHOICE) {
        const char *c = json_string_value(json_object_get(a, "choice"));
        if (!c) {
            *why = game_why("\"choice\": a string, one of the pending decision's choices");
            return WB_EINVAL;
        }
        b->choice = ww_choice_parse(s, c);
    }
    return WB_OK;
}

static int ww_apply(void *state, const game_ctx *ctx, int seat, const json_t *action,
                    json_t *events, char **why)
{
    (void)ctx;
    ww_state *s = state, *t;
    const ww_action *act = find_action(json_string_value(json_object_get(action, "type")));
    ww_body b;
    int rc;
    if (!json_is_object(action) || !act) {
        *why = game_why("unknown action: home, support, move_anarch, new_home, industry, skip, "
                        "play, take_back, discard, choose_card, decide (seats) or dispute "
                        "(the host)");
        return WB_EINVAL;
    }
    if ((rc = may_act(s, act, seat, why)) || (rc = parse_body(s, act, action, &b, why)) ||
        (rc = act->check(s, seat, &b, why)))
        return rc;
    /* The change is made on a copy; the events follow it when it is done. */
    t = wb_malloc(sizeof *t);
    ww_state_copy(t, s);
    json_t *ev = json_array();
    if (!ev)
        abort();
    act->apply(t, seat, &b, ev);
    if (json_array_extend(events, ev))
        abort();
    ww_state_copy(s, t);
    free(t);
    json_decref(ev);
    return WB_OK;
}

/* --- legal actions ------------------------------------------------------------------- */

static void list_action(const ww_state *s, const ww_action *act, int seat, json_t *out)
{
    int cand[WW_MAX_AREAS * WW_COLOURS + WW_MAX_CARDS], nc = 0;
    int n1 = 1, n2 = 1;
    char buf[64];
    if (act->members & M_CHOICE)
        nc = n1 = ww_fx_candidates(s, cand, (int)(sizeof cand / sizeof cand[0]));
    else if (act->members & M_CARD)
        n1 = s->deck->n;
    else if (act->members & (M_AREA | M_FROM))
        n1 = s->map->n;
    if (act->members & M_COLOUR)
        n2 = WW_COLOURS;
    if (act->members & M_TO)
        n2 = s->map->n;
    (void)nc;
    for (int i = 0; i < n1; i++)
        for (int j = 0; j < n2; j++) {
            ww_body b = {-1, -1, -1, -1, -1, -1};
            char *why = NULL;
            json_t *body;
            if (act->members & M_CHOICE)
                b.choice = cand[i];
            if (act->members & M_CARD)
                b.card = i;
            if (act->members & M_AREA)
                b.area = i;
            if (act->members & M_FROM)
                b.from = i;
            if (act->members & M_COLOUR)
                b.colour = j;
            if (act->members & M_TO)
                b.to = j;
            if (act->check(s, seat, &b, &why)) {
                free(why);
                continue;
            }
            body = json_pack("{s:s}", "type", act->type);
            if (b.choice >= 0)
                json_object_set_new(body, "choice", json_string(ww_choice_str(s, b.choice, buf)));
            if (b.card >= 0)
                json_object_set_new(body, "card", json_integer(b.card));
            if (b.area >= 0)
                json_object_set_new(body, "area", json_string(s->map->a[b.area].id));
            if (b.from >= 0)
                json_object_set_new(body, "from", json_string(s->map->a[b.from].id));
            if (b.to >= 0)
                json_object_set_new(body, "to", json_string(s->map->a[b.to].id));
            if (b.colour >= 0)
                json_object_set_new(body, "colour", json_string(ww_kind_names[b.colour]));
            ww_push(out, body);
        }
}

static json_t *ww_actions_list(const void *state, int seat)
{
    const ww_state *s = state;
    json_t *out = json_array();
    for (size_t i = 0; i < ww_nactions; i++) {
        char *why = NULL;
        if (may_act(s, &ww_actions[i], seat, &why) == WB_OK)
            list_action(s, &ww_actions[i], seat, out);
        free(why);
    }
    return out;
}

/* --- queries -------------------------------------------------------------------------- */

static int ww_query(const void *state, const game_ctx *ctx, int seat, const char *name,
                    const json_t *args, json_t **out, char **why)
{
    (void)ctx, (void)seat, (void)args, (void)why;
    const ww_state *s = state;
    if (strcmp(name, "map") == 0) {
        char *svg = ww_map_svg(s->map);
        *out = json_pack("{s:o, s:s}", "map", ww_map_json(s->map), "svg", svg);
        free(svg);
        return *out ? WB_OK : WB_ENOMEM;
    }
    if (strcmp(name, "deck") == 0) {
        json_t *rows = json_array();
        for (int i = 0; i < s->deck->n; i++) {
            const ww_card *c = &s->deck->c[i];
            ww_push(rows, json_pack("{s:i, s:o, s:s, s:s, s:s, s:s, s:s}", "id", i, "number",
                                    c->number ? json_integer(c->number) : json_null(), "type",
                                    ww_ctype_names[c->type], "colour",
                                    c->colour >= 0 ? ww_kind_names[c->colour] : "", "name",
                                    c->name, "text", c->text, "quote", c->quote));
        }
        *out = json_pack("{s:o}", "rows", rows);
        return *out ? WB_OK : WB_ENOMEM;
    }
    return WB_ENOTFOUND;
}

/* --- the game kind ---------------------------------------------------------------------- */

static int ww_create(const game_ctx *ctx, const char *const *players, size_t nplayers,
                     const json_t *options, uint64_t seed, void **state, char **why)
{
    (void)ctx, (void)players;
    ww_state *s = NULL;
    int rc = ww_setup(nplayers, options, seed, &s, why);
    *state = s;
    return rc;
}

static void ww_destroy(void *state) { ww_state_free(state); }

static json_t *ww_kind_save(const void *state) { return ww_save(state); }

static int ww_kind_load(const json_t *saved, void **state, char **why)
{
    ww_state *s = NULL;
    int rc = ww_load(saved, &s, why);
    *state = s;
    return rc;
}

const game_kind game_woobie = {
    .name = "woobieworld",
    .title = "Woobieworld",
    .min_players = WW_MIN_SEATS,
    .max_players = WW_MAX_SEATS,
    .options = ww_options,
    .create = ww_create,
    .destroy = ww_destroy,
    .save = ww_kind_save,
    .load = ww_kind_load,
    .view = ww_view,
    .actions = ww_actions_list,
    .apply = ww_apply,
    .deadline = NULL,
    .query = ww_query,
};
