/*
 * example.h - Sealed Bids, the framework's example and test game.
 *
 * Each round every seat bids some of its coins in secret; once all have
 * bid the bids are revealed, the highest single bidder pays and must then
 * pick one of the prizes on offer (a pending decision); equal top bids win
 * nothing and cost nothing.  After the last round the most points (prizes
 * plus coins left) win.  Small, no dictionary, no data files: it exercises
 * every part of game_def.h (options, roles, phases, members with domains,
 * secret simultaneous choices, pending decisions, the codec) and is the
 * walk-through in games/README.md.  Not registered in the daemon; the unit
 * tests and the conformance harness play it.
 */
#ifndef EXAMPLE_H
#define EXAMPLE_H

#include "game.h"

extern const game_kind game_example;

#endif
