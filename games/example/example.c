/*
 * example.c - Sealed Bids (example.h): a whole game on game_def.h.
 *
 * Read it top to bottom as the recipe for a game: the state (a plain C
 * struct starting with game_base), its description for the codec, the
 * options, set-up, the hooks for the common view fields, the view, then
 * each action as a check and an apply, the action table and the def.
 */
#include "example.h"

#include <string.h>

#include "game_def.h"
#include "wb_err.h"

#define EX_MAX_SEATS 4
#define EX_PRIZES 6

enum { EX_BID, EX_PICK, EX_OVER };
static const char *const phase_names[] = {"bid", "pick", "over"};

typedef struct ex_state {
    game_base base; /* first: the framework finds the def through it */
    int nseats, rounds, round, phase;
    int coins[EX_MAX_SEATS];
    int bid[EX_MAX_SEATS]; /* this round's bids; -1: not yet */
    int won[EX_MAX_SEATS]; /* prize points */
    int nprizes;
    int prizes[EX_PRIZES]; /* on offer, in the order dealt */
    int picker;            /* EX_PICK: the seat that must pick */
} ex_state;

/* --- the state, both ways (game_json.h) ------------------------------------ */

static void ex_io(game_io *io, void *st)
{
    ex_state *s = st;
    game_io_int(io, "round", &s->round, 1, EX_PRIZES);
    game_io_int(io, "rounds", &s->rounds, s->round, EX_PRIZES);
    game_io_enum(io, "phase", &s->phase, phase_names, 3);
    s->nseats = (int)game_io_array(io, "seats", (size_t)s->nseats, 2, EX_MAX_SEATS);
    for (int i = 0; i < s->nseats; i++) {
        game_io_object(io, NULL);
        game_io_int(io, "coins", &s->coins[i], 0, 20);
        game_io_int(io, "bid", &s->bid[i], -1, s->coins[i]);
        if (game_io_loading(io) && s->phase != EX_BID && s->bid[i] >= 0)
            game_io_fail(io, "bid");
        game_io_int(io, "won", &s->won[i], 0, 6 * EX_PRIZES);
        game_io_end(io);
    }
    game_io_end(io);
    s->nprizes = (int)game_io_array(io, "prizes", (size_t)s->nprizes, 0, EX_PRIZES);
    for (int i = 0; i < s->nprizes; i++)
        game_io_int(io, NULL, &s->prizes[i], 1, 6);
    game_io_end(io);
    game_io_int(io, "picker", &s->picker, -1, s->nseats - 1);
    if (game_io_loading(io) && (s->phase == EX_PICK) != (s->picker >= 0))
        game_io_fail(io, "picker");
}

/* --- options and set-up ---------------------------------------------------- */

static const game_member ex_options[] = {
    {.name = "coins", .type = GAME_T_INT, .def = "10", .has_range = 1, .min = 1, .max = 20,
     .desc = "coins each seat starts with"},
    {.name = "rounds", .type = GAME_T_INT, .def = "3", .has_range = 1, .min = 1,
     .max = EX_PRIZES, .desc = "rounds (one prize each at most)"},
    {NULL},
};

static int ex_create(void *st, const game_ctx *ctx, const char *const *players, size_t n,
                     const json_t *options, uint64_t seed, char **why)
{
    (void)ctx, (void)players, (void)why;
    ex_state *s = st;
    rng r;
    s->nseats = (int)n;
    s->rounds = (int)game_opt_int(options, "rounds");
    s->round = 1;
    s->picker = -1;
    for (int i = 0; i < s->nseats; i++) {
        s->coins[i] = (int)game_opt_int(options, "coins");
        s->bid[i] = -1;
    }
    s->nprizes = EX_PRIZES;
    for (int i = 0; i < EX_PRIZES; i++)
        s->prizes[i] = i + 1;
    rng_seed(&r, seed);
    rng_shuffle(&r, s->prizes, EX_PRIZES, sizeof s->prizes[0]);
    return WB_OK;
}

/* --- the common view fields ------------------------------------------------ */


static void ex_result(const void *st, int *winner, json_int_t *score)
{
    const ex_state *s = st;
    (void)winner; /* the most points win: .highest_wins */
    for (int i = 0; i < s->nseats; i++)
        score[i] = s->won[i] + s->coins[i];
}

/* The winner of the bidding must now pick a prize. */
static int ex_pending(const void *st, game_pending *out)
{
    const ex_state *s = st;
    if (s->phase != EX_PICK)
        return 0;
    *out = (game_pending){s->picker, "pick a prize"};
    return 1;
}

static const char *const hidden_amount[] = {"amount", NULL};

/* Bids are secret until every seat has bid: the others see that a seat
 * has bid, not how much (game_secret_view). */
static void ex_view(const void *st, int seat, json_t *o)
{
    const ex_state *s = st;
    json_t *bids = json_array();
    for (int i = 0; i < s->nseats; i++) {
        json_t *b = json_pack("{s:i, s:i}", "seat", i, "amount", s->bid[i]);
        json_array_append_new(bids, s->bid[i] < 0 ? json_null()
                                                  : game_secret_view(b, seat, i, 0,
                                                                     hidden_amount));
        json_decref(b);
    }
    json_object_set_new(o, "phase", json_string(phase_names[s->phase]));
    json_object_set_new(o, "round", json_integer(s->round));
    json_object_set_new(o, "rounds", json_integer(s->rounds));
    json_object_set_new(o, "coins", game_json_ints(s->coins, (size_t)s->nseats));
    json_object_set_new(o, "won", game_json_ints(s->won, (size_t)s->nseats));
    json_object_set_new(o, "prizes", game_json_ints(s->prizes, (size_t)s->nprizes));
    json_object_set_new(o, "bids", bids);
}

/* --- the actions ----------------------------------------------------------- */

static void next_round(ex_state *s, json_t *ev)
{
    s->phase = EX_BID;
    s->picker = -1;
    for (int i = 0; i < s->nseats; i++)
        s->bid[i] = -1;
    if (++s->round > s->rounds || s->nprizes == 0) {
        s->round = s->rounds;
        s->phase = EX_OVER;
        json_t *over = json_pack("{s:s}", "type", "game_over");
        game_def_put_result(s, over);
        json_array_append_new(ev, over);
    }
}

static int may_bid(const void *st, const game_ctx *ctx, int seat, char **why)
{
    (void)ctx;
    if (((const ex_state *)st)->bid[seat] >= 0) {
        *why = game_why("you have bid this round: the others are still bidding");
        return WB_ENOTTURN;
    }
    return WB_OK;
}

static int check_bid(const void *st, const game_ctx *ctx, int seat, const json_t *a,
                     char **why)
{
    (void)ctx;
    const ex_state *s = st;
    if (json_integer_value(json_object_get(a, "amount")) > s->coins[seat]) {
        *why = game_why("you have %d coins", s->coins[seat]);
        return WB_EILLEGAL;
    }
    return WB_OK;
}

static int do_bid(void *st, const game_ctx *ctx, int seat, const json_t *a, json_t *ev,
                  char **why)
{
    (void)ctx, (void)why;
    ex_state *s = st;
    int top = -1, n = 0;
    s->bid[seat] = (int)json_integer_value(json_object_get(a, "amount"));
    game_secret_event(ev, json_pack("{s:s, s:i, s:i}", "type", "bid", "seat", seat, "amount",
                                    s->bid[seat]), seat, s->nseats, hidden_amount);
    for (int i = 0; i < s->nseats; i++) {
        if (s->bid[i] < 0)
            return WB_OK; /* still secret */
        if (top < 0 || s->bid[i] > s->bid[top])
            top = i, n = 0;
        n += s->bid[i] == s->bid[top];
    }
    json_array_append_new(ev, json_pack("{s:s, s:o, s:i}", "type", "reveal", "bids",
                                        game_json_ints(s->bid, (size_t)s->nseats), "winner",
                                        n == 1 ? top : -1));
    if (n > 1) {
        next_round(s, ev);
        return WB_OK;
    }
    s->coins[top] -= s->bid[top];
    for (int i = 0; i < s->nseats; i++)
        s->bid[i] = -1;
    s->phase = EX_PICK;
    s->picker = top;
    return WB_OK;
}

static json_t *prizes_on_offer(const void *st, int seat)
{
    (void)seat;
    const ex_state *s = st;
    return game_json_ints(s->prizes, (size_t)s->nprizes);
}

static int find_prize(const ex_state *s, const json_t *a)
{
    for (int i = 0; i < s->nprizes; i++)
        if (s->prizes[i] == json_integer_value(json_object_get(a, "prize")))
            return i;
    return -1;
}

static int check_pick(const void *st, const game_ctx *ctx, int seat, const json_t *a,
                      char **why)
{
    (void)ctx, (void)seat;
    if (find_prize(st, a) < 0) {
        *why = game_why("that prize is not on offer");
        return WB_EILLEGAL;
    }
    return WB_OK;
}

static int do_pick(void *st, const game_ctx *ctx, int seat, const json_t *a, json_t *ev,
                   char **why)
{
    (void)ctx, (void)why;
    ex_state *s = st;
    int k = find_prize(s, a), v = s->prizes[k];
    s->won[seat] += v;
    memmove(&s->prizes[k], &s->prizes[k + 1], (size_t)(s->nprizes - k - 1) * sizeof(int));
    s->nprizes--;
    json_array_append_new(ev, json_pack("{s:s, s:i, s:i}", "type", "pick", "seat", seat,
                                        "prize", v));
    next_round(s, ev);
    return WB_OK;
}

static const game_member bid_members[] = {
    {.name = "amount", .type = GAME_T_INT, .desc = "coins to bid, e.g. 3", .has_range = 1,
     .min = 0, .max = 20},
    {NULL},
};

static const game_member pick_members[] = {
    {.name = "prize", .type = GAME_T_INT, .desc = "a prize on offer",
     .domain = prizes_on_offer},
    {NULL},
};

static const game_action ex_actions[] = {
    {.type = "bid", .who = GAME_ROLE_SEAT, .phases = 1u << EX_BID, .members = bid_members,
     .may = may_bid, .check = check_bid, .apply = do_bid},
    {.type = "pick", .who = GAME_ROLE_PENDING, .phases = 1u << EX_PICK,
     .members = pick_members, .check = check_pick, .apply = do_pick},
    {NULL},
};

static const game_def ex_def = {
    .kind = &game_example,
    .format = 1,
    .size = sizeof(ex_state),
    .flat = 1,
    .options = ex_options,
    .create = ex_create,
    .io = ex_io,
    .phase_at = offsetof(ex_state, phase),
    .phase_names = phase_names,
    .nseats_at = offsetof(ex_state, nseats),
    .actions = ex_actions,
    .over_phase = EX_OVER,
    .result = ex_result,
    .highest_wins = 1,
    .pending = ex_pending,
    .view = ex_view,
};

GAME_DEF_HOOKS(ex_def)

const game_kind game_example = {
    .name = "sealed-bids",
    .title = "Sealed Bids",
    .min_players = 2,
    .max_players = EX_MAX_SEATS,
    GAME_DEF_KIND(ex_def),
};
