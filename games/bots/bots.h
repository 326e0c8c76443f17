/*
 * bots.h - the players the daemon runs in a seat (docs/bots.md).
 *
 * A bot decides from what its seat is given and nothing else: the seat's
 * view (game_kind.view for that seat: no other seat's secrets, no deck
 * order) and the legal actions of that seat (game_kind.actions).  It never
 * sees a game's state, and it reaches a game only through the framework's
 * interface (core/game.h): the room sees games/core/ and dict/, no game.
 *
 * Kinds (by name, as the API takes them):
 *  - "random": uniform over the listed actions of its seat; a template
 *    with a free member (Wibbell's word) is filled first (below), else it
 *    is left out;
 *  - "greedy": the listed action (filled templates included) that its
 *    game's evaluation rates highest, ties at random: weights per action
 *    type and member value, as data (greedy.txt, bot_greedy.c).  It sees
 *    no state, so it rates the action, not the position it leads to
 *    (that needs a state sampled from the view: "search");
 *  - "search": information-set Monte Carlo search (bot_search.c) over the
 *    listed actions, each iteration a state drawn again from the one the
 *    store drew from the seat's view (game_turn.sampled, the game's
 *    determinize) and played out at random with the game's own rules;
 *    the level sets its iterations and a cap on its time; it leaves out
 *    the actions greedy.txt marks "undo", ranks the others by the lead
 *    each leaves at once (the game's standing; the greedy evaluation's
 *    order, ties shuffled from the seed, between equals) and weighs the
 *    best few, more as its iterations grow.  Only for the
 *    games with determinize (bot_plays); without a sample it is random.
 * Levels 1..5 (default 3).  Wibbell's word: every bot finds its words
 * with the dictionary's card match (dict_match_opt of the centre cards
 * and the seat's own constraints, never a used word or a derivative of
 * one), limited by its level to a vocabulary (SCOWL's size classes in
 * English; word lengths in other languages), and takes a person's
 * reaction time per level before it shouts (bot_turn's *delay_ms).
 *
 * The store (games/store/match_bots.c) runs the bots on its own threads
 * and applies what they choose as any seat's action; it is handed
 * bot_known and bot_decide by the daemon, so the store never calls up.
 *
 * Thread safety: every function may be called from any thread at once.
 */
#ifndef BOTS_H
#define BOTS_H

#include <jansson.h>
#include <stdint.h>

#include "dict.h"
#include "game.h"

#define BOT_LEVEL_MIN 1
#define BOT_LEVEL_MAX 5
#define BOT_LEVEL_DEFAULT 3
/* Not a level a seat may have (bot_known refuses it): the search with
 * level 1's iterations and no cap on its time, so that its decision is a
 * function of its inputs alone (the hidden-information test compares
 * two). */
#define BOT_LEVEL_UNTIMED 0

/* Wibbell in English (bot_words.c): levels 1 and 2 know a word of their
 * SCOWL size only if WordNet's sense-tagged corpus met it (or its lemma,
 * dict_tags) this many times or more, or if WordNet has no sense of it
 * (the, from, they) and its size class is at most BOT_WORDS_BARE_1 (level
 * 1) or BOT_WORDS_BARE_2 (level 2). */
enum { BOT_WORDS_TAGS_1 = 40, BOT_WORDS_TAGS_2 = 3, BOT_WORDS_BARE_1 = 10, BOT_WORDS_BARE_2 = 20 };
/* ... and level 1 knows no word longer than this, and picks among the
 * quarter of its words the tagged corpus met most. */
enum { BOT_WORDS_LEN_1 = 8 };

/* The bot kinds, in the order the API lists them; *n set to their count. */
const char *const *bot_names(size_t *n);

/* 1 when `name` is a bot kind that plays the game `kind` (NULL: any) and
 * `level` one of its levels, else 0. */
int bot_known(const game_kind *kind, const char *name, int level);
/* 1 when the bot kind `name` plays the game `kind`: "search" needs the
 * game's determinize and is not listed for Wibbell, a race of words that
 * its word finder plays (bot_words.c); the others play every game. */
int bot_plays(const game_kind *kind, const char *name);

/* What a bot of the game `kind` knows at `level`, in words for a level's
 * menu (Wibbell: "secondary school: ..., about 5 s"), or NULL when
 * the game's levels are only a search's budget.  Static. */
const char *bot_level_about(const game_kind *kind, int level);

/* What a bot is given for one decision: a seat's view and legal actions
 * (game.h's game_turn, which the store fills). */
typedef game_turn bot_turn;

/* Choose an action for t->seat.  WB_OK: *action is a new reference, a
 * body to apply as that seat (a listed action, or a listed template with
 * its free members filled), and *delay_ms (>= 0) is how long a person of
 * that level would take to act, which the caller waits before applying
 * it.  WB_ENOTFOUND: the bot has nothing it can send (only templates it
 * cannot fill). */
int bot_decide(const bot_turn *t, json_t **action, int64_t *delay_ms);

/* What the last "search" decision of the calling thread did, for tests
 * and benchmarks: the iterations it completed, the playout steps it
 * applied (those of a playout cut short included), whether its time cap
 * cut a playout short, whether it ran out of time before any iteration
 * ended and before its prior weighed a candidate, and so chose at random,
 * and its time.  All zero after a decision
 * with fewer than two candidates or no sampled state (chosen at random,
 * no search). */
typedef struct bot_search_stats {
    uint64_t iterations, steps;
    int cut, random;
    int64_t ns;
} bot_search_stats;
void bot_search_last(bot_search_stats *out);

#endif
