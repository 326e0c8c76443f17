/*
 * whirlpool.h - Whirlpool Pond (Tube Wars), Tim Schutz's piecepack game,
 * as a game module.
 *
 * Two to four players float in tubes around three square rings of a pond
 * with a whirlpool in the middle: roll, move counterclockwise (bumping
 * whoever is in the way), then throw a water balloon, extort balloons,
 * have a friend toss one, or pull yourself outward along your rope.  A
 * tube knocked into the whirlpool is out; the last tube floating wins.
 * The rules are Tim Schutz's (version 2.1, 2004); the board (games/whirlpool/
 * board.txt) and every choice where the rules leave something open are in
 * games/whirlpool/WHIRLPOOL.md.
 */
#ifndef WHIRLPOOL_H
#define WHIRLPOOL_H

#include "game.h"

/* The Whirlpool Pond game kind ("whirlpool-pond"), for the registry.
 * Options, action bodies, view shape and events: games/whirlpool/WHIRLPOOL.md. */
extern const game_kind game_whirlpool;

#endif
