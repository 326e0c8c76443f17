/*
 * bot_int.h - what the files of games/bots/ share.  Private to the room.
 */
#ifndef BOT_INT_H
#define BOT_INT_H

#include <jansson.h>

#include "bots.h"
#include "rng.h"

/* Fill the free members of the listed template `tpl` for t->seat: a new
 * body without "$params", or NULL when the bot finds nothing to put there.
 * Sets *delay_ms to how long a person of t->level would take to find it. */
typedef json_t *(*bot_fill_fn)(const bot_turn *t, const json_t *tpl, rng *r, int64_t *delay_ms);

/* bot_words.c: Wibbell's word finder (a claim's "word"), and what it
 * knows at a level (bot_level_about). */
json_t *bot_wibbell_claim(const bot_turn *t, const json_t *tpl, rng *r, int64_t *delay_ms);
const char *bot_words_about(int level);

/* bot_greedy.c: the greedy bot's evaluation of a listed action (its
 * game's weights in greedy.txt); higher is better. */
int bot_greedy_score(const bot_turn *t, const json_t *action);
/* The weight of the action type `type` in `kind` (greedy.txt), without
 * the bonuses of member values: how a playout rates an action type. */
int bot_greedy_type(const game_kind *kind, const char *type);
/* 1 when greedy.txt marks the action's type "undo": it takes back a step
 * of the seat's own (a card placed), which the search does not try. */
int bot_greedy_undo(const bot_turn *t, const json_t *action);

/* bot_search.c: the search bot's choice among the candidates cand[0..n)
 * (n >= 1), from t->sampled (a state drawn from the seat's view). */
size_t bot_search_pick(const bot_turn *t, json_t *const *cand, size_t n, rng *r);

#endif
