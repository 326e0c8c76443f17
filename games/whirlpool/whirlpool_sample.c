/*
 * whirlpool_sample.c - the determinization a search bot plays out
 * (game_def.sample, game.h's determinize).
 *
 * Nothing at the pond is hidden from a seat: every tube's place and
 * balloons, the stash and a deal under negotiation are in every view.
 * What a seat cannot know is the dice, so a sampled state is the state
 * with its rng seeded again.
 */
#include "whirlpool_int.h"

void wp_sample(void *st, int seat, rng *r)
{
    (void)seat;
    rng_seed(&((wp_state *)st)->r, rng_next(r));
}
