/*
 * dumb.h - World Dumbination (J. R. Hansen) as a game module.
 *
 * Two to five world leaders (USA, Russia, North Korea, Venezuela, Turkey)
 * play rounds of seven phases on a 253-space hex map of the world that
 * wraps east-west: draw, place cards and a target face down, Dumbness
 * cards, flip and resolve the cards by their priority numbers, move units,
 * buy and upgrade, collect income.  VP from projects, First Goals, combat
 * and the peace track; the game ends one round after a player reaches
 * 15 VP.  The rules are J. R. Hansen's (Muzak Games); the board and decks
 * are data (games/dumbination/); every choice where the text leaves
 * something open, the options, action bodies, views and events are in
 * games/dumbination/DUMBINATION.md.
 */
#ifndef DUMB_H
#define DUMB_H

#include "game.h"

/* The World Dumbination game kind ("world-dumbination"), for the registry. */
extern const game_kind game_dumbination;

#endif
