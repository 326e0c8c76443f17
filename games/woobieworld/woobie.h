/*
 * woobie.h - Woobieworld as a game module.
 *
 * Each player is a member of the Woobieworld parliament gathering support
 * before Mount Saint Woobie erupts: in turn, a player grows support on
 * their home or moves an Anarch, may place an industry, plays a card whose
 * sentences an interpreter runs step by step, and draws.  The fourth Mount
 * Saint Woobie card drawn ends the game; each colour's support on a home,
 * squared, scores, and the Anarchs' square counts against.  The rules in
 * brief, the map, the deck and every choice where the text leaves
 * something open are in games/woobieworld/WOOBIEWORLD.md.
 */
#ifndef WOOBIE_H
#define WOOBIE_H

#include "game.h"

/* The Woobieworld game kind ("woobieworld"), for the registry. */
extern const game_kind game_woobie;

#endif
