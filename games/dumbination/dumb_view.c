/*
 * dumb_view.c - what World Dumbination shows: the views and the queries
 * (the board, its SVG picture, the cards).  Nothing here changes a match.
 *
 * Secrets: a seat sees its own hand, its face-down cards, its First Goal
 * and its target; the others see counts and "face_down" until the flip
 * (phase 4).  The First Goal pick and the plan are the framework's secret
 * simultaneous choices (game_secret_view here, game_secret_event in
 * dumb_round.c); the card drawn is private to its seat.
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"

/* The plan (phase 2) is the framework's secret simultaneous choice: the
 * cards (and a target a card uses: target_up) are face up from the flip
 * (phase 4) to the end of the round (moving, buying, a bomb's space being
 * chosen, the game over); before, only their owner and the host see them. */
static int flipped(const dm_state *s)
{
    return s->phase == DM_PH_MOVE || s->phase == DM_PH_BUY || s->phase == DM_PH_OVER ||
           s->phase == DM_PH_BOMB;
}

/* `full` as `viewer` may see it (game_secret_view): sealed, it is the
 * string "face_down" (the view's field keeps its shape). */
static json_t *secret(json_t *full, int viewer, int owner, int revealed)
{
    static const char *const hidden_all[] = {"card", "name", "target", NULL};
    json_t *v = game_secret_view(full, viewer, owner, revealed, hidden_all);
    json_decref(full);
    if (json_is_true(json_object_get(v, "sealed"))) {
        json_decref(v);
        return json_string("face_down");
    }
    if (json_object_get(v, "target")) {
        json_t *t = json_incref(json_object_get(v, "target"));
        json_decref(v);
        return t;
    }
    return v;
}

/* --- views ---------------------------------------------------------------- */

static json_t *slot_json(const dm_state *s, int seat, int k, int viewer)
{
    const dm_player *p = &s->p[seat];
    int c = p->slot[k];
    /* The First Goal lies face down on the right space until it is done,
     * flipped or not: whether it is flipped this round is secret too. */
    if (c == -1 && k == 1 && p->goal >= 0 && !p->goal_done && !p->out)
        return viewer == seat || viewer == GAME_SEAT_HOST ? json_null()
                                                          : json_string("face_down");
    if (c == -1)
        return json_null();
    const dm_card *cd = dm_card_at(s, c == DM_GOAL_SLOT ? p->goal : c);
    /* A used bomb held on the leaderboard lies face up. */
    int up = p->slot_hold[k] || (flipped(s) && p->slot_done[k]);
    return secret(json_pack("{s:s, s:s}", "card", cd->id, "name", cd->name), viewer, seat, up);
}

static json_t *seat_json(const dm_state *s, int seat, int viewer)
{
    const dm_player *p = &s->p[seat];
    int own = viewer == seat || viewer == GAME_SEAT_HOST;
    json_t *slots = json_array(), *proj = json_array(), *units = json_array();
    for (int k = 0; k < 2; k++)
        json_array_append_new(slots, slot_json(s, seat, k, viewer));
    for (int i = 0; i < p->nproj; i++)
        json_array_append_new(proj, json_string(dm_card_at(s, p->proj[i])->id));
    int inbox = 0;
    for (int k = 0; k < DM_UNITS; k++) {
        const dm_unit *u = &p->u[k];
        if (u->space < 0) {
            inbox++;
            continue;
        }
        json_array_append_new(units, json_pack("{s:i, s:o, s:i, s:i, s:b, s:b}", "unit", k,
                                               "space", dm_space_json(s, u->space), "strength",
                                               dm_strength_at(s, seat, u->space), "moved",
                                               u->steps, "stopped", u->stopped, "at_war",
                                               u->war != 0));
    }
    json_t *target = p->target < 0 ? json_null()
                     : secret(json_pack("{s:s}", "target", dm_nation_names[p->target]), viewer,
                              seat, p->target_up && flipped(s));
    json_t *o = json_pack(
        "{s:i, s:s, s:b, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:o, s:o, s:b, s:o, s:o, "
        "s:i, s:b, s:b}",
        "seat", seat, "nation", dm_nation_names[p->nation], "out", p->out, "ego", p->ego,
        "popularity", p->pop, "vp", p->vp, "resources", p->res, "income", dm_income(s, seat),
        "cubes", p->cubes, "hand", p->nhand, "units_in_box", inbox, "slots", slots, "target",
        target, "ready", p->ready, "projects", proj, "units", units, "moves",
        dm_moves(s, seat), "first_goal_done", p->goal_done, "on_vacation",
        dm_on_vacation(s, seat));
    if (p->sabotaged >= s->round)
        json_object_set_new(o, "sabotaged_until_round", json_integer(p->sabotaged));
    if (own) {
        json_t *hand = json_array();
        /* The card's face in short; the whole card is in query/cards. */
        for (int i = 0; i < p->nhand; i++) {
            const dm_card *c = dm_card_at(s, p->hand[i]);
            json_array_append_new(hand, json_pack("{s:s, s:s, s:s, s:i, s:i, s:i}", "id", c->id,
                                                  "name", c->name, "type",
                                                  dm_type_names[c->type], "priority",
                                                  c->priority, "cost", c->cost, "vp", c->vp));
        }
        json_object_set_new(o, "hand_cards", hand);
        json_object_set_new(o, "first_goal",
                            p->goal >= 0 ? dm_card_json(dm_card_at(s, p->goal)) : json_null());
    }
    return o;
}

static json_t *board_json(const dm_state *s)
{
    json_t *a = json_array();
    /* Units by space and seat, counted once. */
    unsigned char count[DM_MAX_SPACES][DM_MAX_SEATS];
    memset(count, 0, sizeof count);
    for (int k = 0; k < s->nseats; k++)
        for (int u = 0; u < DM_UNITS; u++)
            if (s->p[k].u[u].space >= 0)
                count[s->p[k].u[u].space][k]++;
    for (int i = 0; i < s->board->nspaces; i++) {
        const dm_cell *c = &s->cell[i];
        int units[DM_MAX_SEATS], any = 0;
        for (int k = 0; k < s->nseats; k++)
            any |= (units[k] = count[i][k]) != 0;
        if (c->owner < 0 && !c->cube && !c->base && c->radio < 0 && c->dumb < 0 && !any)
            continue;
        json_t *o = json_pack("{s:o}", "space", dm_space_json(s, i));
        if (c->owner >= 0)
            json_object_set_new(o, "owner", json_integer(c->owner));
        if (c->cube)
            json_object_set_new(o, "cube", json_true());
        if (c->base)
            json_object_set_new(o, "base", json_integer(c->base));
        if (c->radio >= 0)
            json_object_set_new(o, "radioactive", json_integer(c->radio));
        if (c->dumb >= 0)
            json_object_set_new(o, "dumbness", c->dumb_up ? json_string(dm_card_at(s, c->dumb)->id)
                                                          : json_string("face_down"));
        for (int k = 0; k < s->nseats; k++)
            if (units[k])
                json_object_set_new(o, "units", json_pack("{s:i, s:i}", "seat", k, "count",
                                                          units[k]));
        json_array_append_new(a, o);
    }
    return a;
}

void dm_view(const void *state, int viewer, json_t *o)
{
    const dm_state *s = state;
    json_t *seats = json_array(), *order = json_array(), *peace = json_array();
    for (int i = 0; i < s->nseats; i++) {
        json_array_append_new(seats, seat_json(s, i, viewer));
        json_array_append_new(order, json_integer(s->order[i]));
    }
    for (int i = 0; i < DM_PEACE_SPOTS; i++)
        json_array_append_new(peace, game_json_id(s->peace[i]));
    game_put(o, "{s:s, s:i, s:o, s:i, s:i, s:b, s:o, s:o, s:i, s:i, s:o, s:o}", "phase",
             dm_phase_names[s->phase], "round", s->round, "order", order, "end_vp", s->end_vp,
             "max_rounds", s->max_rounds, "short_game", s->short_game, "last_round",
             s->last_round ? json_integer(s->last_round) : json_null(), "peace_track", peace,
             "level1_pile", s->npile[0], "level2_pile", s->npile[1], "seats", seats, "board",
             board_json(s));
    if (s->phase == DM_PH_AUCTION)
        game_put(o, "{s:{s:s, s:s, s:i, s:o, s:i}}", "auction", "card",
                 dm_card_at(s, s->auc_card)->id, "name", dm_card_at(s, s->auc_card)->name,
                 "high_bid", s->auc_high, "high_bidder", game_json_id(s->auc_bidder), "bidder",
                 s->order[s->auc_turn]);
    if (s->phase == DM_PH_BOMB)
        game_put(o, "{s:{s:i, s:i, s:s}}", "bomb", "seat", s->bomb_seat, "target",
                 s->bomb_target, "card", dm_card_at(s, s->bomb_card)->id);
    if (s->phase == DM_PH_OVER) {
        json_t *parts = json_array();
        for (int i = 0; i < s->nseats; i++) {
            int pt[5];
            dm_score(s, i, pt);
            json_array_append_new(parts, json_pack("{s:i, s:i, s:i, s:i, s:i}", "vp", pt[0],
                                                   "units", pt[1], "income", pt[2],
                                                   "popularity", pt[3], "peace", pt[4]));
        }
        json_object_set_new(o, "score_parts", parts);
    }
}

/* --- queries: the board and the cards ------------------------------------------ */

GAME_ANSWER(answer_board)
{
    *out = dm_board_graph(((const dm_state *)state)->board);
    return WB_OK;
}

GAME_ANSWER(answer_svg)
{
    char *svg = dm_board_svg(((const dm_state *)state)->board);
    *out = json_pack("{s:s}", "svg", svg);
    free(svg);
    return WB_OK;
}

GAME_ANSWER(answer_cards)
{
    const dm_state *s = state;
    json_t *a = json_array();
    for (int c = 0; c < s->deck->ncards; c++)
        json_array_append_new(a, dm_card_json(dm_card_at(s, c)));
    *out = json_pack("{s:o}", "cards", a);
    return WB_OK;
}

const game_query dm_queries[] = {
    {"board", GAME_ROLE_ANYONE, answer_board},
    {"board_svg", GAME_ROLE_ANYONE, answer_svg},
    {"cards", GAME_ROLE_ANYONE, answer_cards},
    {NULL},
};
