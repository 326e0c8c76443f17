/*
 * woodlouse.h - Woodlouse Chaos (Kallenborn & Scherer) as a game module.
 *
 * In turn, one player is the animal trainer: they draw a card showing 1 to
 * 5 animals of one species and perform its code, banging once per position
 * of the species on the sequence cards and clapping once per animal, in
 * any order; the others shout guesses, the first right guess wins the
 * card, every wrong guess costs a card, and a wrong code costs the trainer.
 * Most cards when the draw pile runs out wins.  A real-time game: guesses
 * are settled in the order they reach the daemon.  The rules are
 * Kallenborn and Scherer's; every choice where they leave something open,
 * the options, action bodies, views and events are in games/woodlouse/WOODLOUSE.md.
 */
#ifndef WOODLOUSE_H
#define WOODLOUSE_H

#include "game.h"

/* The Woodlouse Chaos game kind ("woodlouse-chaos"), for the registry. */
extern const game_kind game_woodlouse;

#endif
