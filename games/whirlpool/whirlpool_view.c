/*
 * whirlpool_view.c - what Whirlpool Pond shows: the views.  Nothing at
 * the pond is hidden from a seat, so every seat, the host and the public
 * see the same match: the tubes, their balloons, the stash, the roll-off,
 * a deal under negotiation (as saved) and the pond itself.  The shapes are
 * documented in games/whirlpool/WHIRLPOOL.md.
 */
#include "game_data.h"
#include "whirlpool_int.h"

/* --- views ---------------------------------------------------------------- */

static json_t *board_json(const wp_state *s)
{
    const wp_board *b = s->board;
    json_t *coins = json_array(), *ropes = json_pack("[[],[]]");
    for (int i = 0; i < WP_NCOINS; i++)
        json_array_append_new(coins, json_pack("{s:s,s:i,s:o}", "suit",
                                               wp_suit_names[b->coins[i].suit], "value",
                                               b->coins[i].value, "at",
                                               wp_pos(s, b->coins[i].space)));
    for (int k = 0; k < WP_NSUITS; k++)
        json_array_append_new(json_array_get(ropes, (size_t)b->rope[k]),
                              json_string(wp_suit_names[k]));
    return json_pack("{s:i, s:i, s:o, s:o, s:o}", "width", b->grid.w, "height", b->grid.h,
                     "rows", game_grid_rows(&b->grid), "coins", coins, "ropes", ropes);
}

static json_t *players_json(const wp_state *s)
{
    json_t *a = json_array();
    for (int i = 0; i < s->nseats; i++) {
        int at = s->tube[i].at;
        json_array_append_new(a, json_pack("{s:i,s:s,s:b,s:o,s:o,s:o}", "seat", i, "suit",
                                           wp_suit_names[s->suit[i]], "in_game", at >= 0, "at",
                                           wp_pos(s, at), "ring",
                                           game_json_id(at >= 0 ? wp_space(s, at)->ring : -1),
                                           "balloons", wp_bal_json(s->tube[i].bal)));
    }
    return a;
}

static json_t *roll_off_json(const wp_state *s)
{
    if (s->phase != WP_PH_ROLL_OFF)
        return json_null();
    json_t *rolls = json_array();
    for (int i = 0; i < s->nseats; i++)
        json_array_append_new(rolls, s->rolls[i] ? json_integer(s->rolls[i]) : json_null());
    return json_pack("{s:o,s:o}", "rolling", game_json_seats(s->rolling, s->nseats), "rolls",
                     rolls);
}

void wp_view(const void *state, int seat, json_t *o)
{
    const wp_state *s = state;
    if (seat >= 0)
        game_put(o, "{s:i}", "seat", seat);
    game_put(o, "{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:b, s:o, s:o}", "phase",
             wp_phase_names[s->phase], "turn", game_json_id(s->turn), "first_player",
             game_json_id(s->first), "last_roll",
             s->last_roll ? json_integer(s->last_roll) : json_null(), "players", players_json(s),
             "stash", wp_bal_json(s->stash), "roll_off", roll_off_json(s), "extort_called_off",
             s->extort_off, "deal", game_io_member(wp_io_deal, s, "deal"), "board", board_json(s));
}
