/*
 * test_bots_cap.c - the search bot's time cap holds inside a playout
 * (a bot never stalls a match; one that runs out of time
 * plays a random legal action).
 *
 * The game here is made for it: it never ends, every seat always has two
 * actions, and every action it applies takes SLOW_MS (a sleep).  One
 * playout (60 steps) is then 60 * SLOW_MS, far over level 1's cap (20 ms):
 * a search that reads the clock only between iterations plays that whole
 * first playout.  What is asserted is a count, not a time: the steps the
 * decision applied stay well under one playout's length, and with no
 * playout finished the choice is the random one.  A loaded machine only
 * makes each step slower, so it can only make the count smaller.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include <jansson.h>

#include "bots.h"
#include "game.h"
#include "wb_err.h"

#define SLOW_MS 2

typedef struct slow_state {
    int steps; /* actions applied to this state */
} slow_state;

static void slow_destroy(void *st)
{
    free(st);
}

static int slow_determinize(const void *st, int seat, uint64_t seed, void **out)
{
    (void)seat, (void)seed;
    slow_state *s = malloc(sizeof *s);
    if (!s)
        return WB_ENOMEM;
    *s = *(const slow_state *)st;
    *out = s;
    return WB_OK;
}

static json_t *slow_actions(const void *st, int seat)
{
    (void)st, (void)seat;
    return json_pack("[{s:s},{s:s}]", "type", "left", "type", "right");
}

static int slow_apply(void *st, const game_ctx *ctx, int seat, const json_t *action,
                      json_t *events, char **why)
{
    (void)ctx, (void)seat, (void)action, (void)events, (void)why;
    struct timespec d = {0, SLOW_MS * 1000000L};
    nanosleep(&d, NULL);
    ((slow_state *)st)->steps++;
    return WB_OK;
}

static int slow_finished(const void *st)
{
    (void)st;
    return 0; /* never: every playout runs until it is cut */
}

static const game_kind slow = {
    .name = "slow-game",
    .title = "Slow",
    .min_players = 2,
    .max_players = 2,
    .destroy = slow_destroy,
    .actions = slow_actions,
    .apply = slow_apply,
    .finished = slow_finished,
    .determinize = slow_determinize,
};

/* One search decision of `level` on the slow game; its stats. */
static bot_search_stats decide(int level, uint64_t seed, json_t **out)
{
    slow_state st = {0};
    json_t *view = json_object(), *acts = slow_actions(&st, 0), *action = NULL;
    game_turn t = {&slow, "search", level, 0, view, acts, seed, NULL, &st, 2};
    int64_t delay = -1;
    assert_int_equal(bot_decide(&t, &action, &delay), WB_OK);
    assert_int_equal(delay, 0);
    bot_search_stats s;
    bot_search_last(&s);
    json_decref(view);
    json_decref(acts);
    *out = action;
    return s;
}

/* Level 1 (20 ms): the first playout is cut within a few steps of the cap,
 * long before its 60 steps; nothing finished, so the choice is random. */
static void test_cap_inside_playout(void **state)
{
    (void)state;
    int seen_left = 0, seen_right = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        json_t *a = NULL;
        bot_search_stats s = decide(BOT_LEVEL_MIN, seed, &a);
        /* 20 ms holds at most 10 steps of SLOW_MS, and the clock is read
         * every 4 steps: at most 14 are applied (a whole playout is 60) */
        assert_in_range(s.steps, 1, 14);
        assert_true(s.cut);
        assert_int_equal(s.iterations, 0);
        assert_true(s.random);
        const char *type = json_string_value(json_object_get(a, "type"));
        assert_non_null(type);
        seen_left += strcmp(type, "left") == 0;
        seen_right += strcmp(type, "right") == 0;
        json_decref(a);
    }
    /* the random fallback is random, not always the first candidate */
    assert_true(seen_left > 0 && seen_right > 0);
}

/* Without a cap (the level the hidden-information test uses) the same
 * game is searched to the end of its iterations: the counts above are the
 * cap's doing, not the game's. */
static void test_untimed_runs_out_its_iterations(void **state)
{
    (void)state;
    json_t *a = NULL;
    bot_search_stats s = decide(BOT_LEVEL_UNTIMED, 1, &a);
    json_decref(a);
    /* level 1's 25 iterations, each a whole playout of 60 steps */
    assert_int_equal(s.iterations, 25);
    assert_int_equal(s.steps, 25 * 60);
    assert_false(s.cut);
    assert_false(s.random);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cap_inside_playout),
        cmocka_unit_test(test_untimed_runs_out_its_iterations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
