/*
 * wibbell.h - Wibbell, the fastest word-game in the West, as a game module.
 *
 * Players race to claim a word holding a letter of each centre card and of
 * each card in front of them; the daemon judges every claim with the
 * dictionary service (dict.h), settles simultaneous claims in a short tie
 * window, runs rounds, permanent handicaps, the end of the deck and the
 * score.  A companion mode referees a physical table whose host records
 * the flips and shouts.  The rules are Bez's (WIBBELL.md); every choice
 * where they leave something open is in games/wibbell/WIBBELL.md.
 */
#ifndef WIBBELL_H
#define WIBBELL_H

#include "game.h"

/* The Wibbell game kind, for the registry.  Options, action bodies, view
 * shape, events and queries: games/wibbell/WIBBELL.md. */
extern const game_kind game_wibbell;

#endif
