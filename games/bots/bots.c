/*
 * bots.c - the bot kinds and their one entry point, bot_decide (bots.h).
 *
 * A decision reads only the seat's view and its legal-action list.  The
 * list's templates (an action with "$params": a member the list cannot
 * enumerate) are filled by the game's filler below when it has one (the
 * word of a Wibbell claim), else left out: a bot sends only what the list
 * offers, so what it sends is accepted by construction (game_def.h).
 */
#include <stdlib.h>
#include <string.h>

#include "bot_int.h"
#include "bots.h"
#include "rng.h"
#include "wb_err.h"

static const char *const names[] = {"random", "greedy", "search"};
#define NNAMES (sizeof names / sizeof names[0])

const char *const *bot_names(size_t *n)
{
    *n = NNAMES;
    return names;
}

static const struct filler *finder_of(const game_kind *kind);

int bot_plays(const game_kind *kind, const char *name)
{
    /* the search plays out states drawn by the game's determinize; a race
     * of words (Wibbell) is played by its word finder, not searched */
    return !kind || strcmp(name, "search") != 0 ||
           (kind->determinize != NULL && !finder_of(kind));
}

int bot_known(const game_kind *kind, const char *name, int level)
{
    if (!name || level < BOT_LEVEL_MIN || level > BOT_LEVEL_MAX)
        return 0;
    for (size_t i = 0; i < NNAMES; i++)
        if (strcmp(name, names[i]) == 0)
            return bot_plays(kind, name);
    return 0;
}

/* The games whose templates a bot can fill: by the game's API name and the
 * action's type, with what the filler knows at each level. */
static const struct filler {
    const char *game, *type;
    bot_fill_fn fill;
    const char *(*about)(int level);
} fillers[] = {
    {"wibbell", "claim", bot_wibbell_claim, bot_words_about},
};
#define NFILLERS (sizeof fillers / sizeof fillers[0])

static const struct filler *finder_of(const game_kind *kind)
{
    for (size_t i = 0; i < NFILLERS; i++)
        if (strcmp(kind->name, fillers[i].game) == 0)
            return &fillers[i];
    return NULL;
}

const char *bot_level_about(const game_kind *kind, int level)
{
    const struct filler *f = kind ? finder_of(kind) : NULL;
    return f && f->about ? f->about(level) : NULL;
}

static bot_fill_fn filler_of(const bot_turn *t, const json_t *a)
{
    const char *type = json_string_value(json_object_get(a, "type"));
    for (size_t i = 0; type && i < NFILLERS; i++)
        if (strcmp(t->kind->name, fillers[i].game) == 0 && strcmp(type, fillers[i].type) == 0)
            return fillers[i].fill;
    return NULL;
}

/* The actions the bot may send: the listed bodies, and each template its
 * game's filler filled (new references in *out, at most `cap`). */
static size_t candidates(const bot_turn *t, rng *r, json_t **out, int64_t *delay,
                         size_t cap)
{
    size_t n = 0, i;
    json_t *a;
    json_array_foreach(t->actions, i, a) {
        if (n == cap)
            break;
        delay[n] = 0;
        if (!json_object_get(a, "$params")) {
            out[n++] = json_incref(a);
            continue;
        }
        bot_fill_fn fill = filler_of(t, a);
        json_t *body = fill ? fill(t, a, r, &delay[n]) : NULL;
        if (body)
            out[n++] = body;
    }
    return n;
}

#define CANDIDATES_MAX 4096

/* The search's choice.  It tries every candidate but those that take
 * back a step of the seat's own (greedy.txt's "undo"), unless nothing else
 * is listed: a step and its undo are worth the same to a playout, and a
 * seat choosing between them anew each time walks in circles (a card
 * placed and taken back, again and again).  It meets them in the greedy
 * evaluation's order, ties shuffled from the seed, not the list's: a
 * search whose time runs out before it has tried every candidate (a World
 * Dumbination playout costs milliseconds, its movement phase lists dozens
 * of moves) chooses among the ones it tried, and the list's first (in a
 * plan: place, target again) are not the better ones. */
struct ranked {
    int score;
    size_t pos, at;
};

static int by_rank(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

static size_t search_pick(const bot_turn *t, json_t **cand, size_t n, rng *r)
{
    static _Thread_local json_t *root[CANDIDATES_MAX];
    static _Thread_local size_t at[CANDIDATES_MAX];
    static _Thread_local struct ranked rk[CANDIDATES_MAX];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!bot_greedy_undo(t, cand[i]))
            at[m++] = i;
    for (size_t i = 0; m == 0 && i < n; i++)
        at[i] = i;
    m = m ? m : n;
    rng_shuffle(r, at, m, sizeof at[0]);
    for (size_t i = 0; i < m; i++)
        rk[i] = (struct ranked){bot_greedy_score(t, cand[at[i]]), i, at[i]};
    qsort(rk, m, sizeof rk[0], by_rank);
    for (size_t i = 0; i < m; i++)
        root[i] = cand[at[i] = rk[i].at];
    return at[bot_search_pick(t, root, m, r)];
}

int bot_decide(const bot_turn *t, json_t **action, int64_t *delay_ms)
{
    static _Thread_local json_t *cand[CANDIDATES_MAX];
    static _Thread_local int64_t delay[CANDIDATES_MAX];
    rng r;
    rng_seed(&r, t->seed);
    *action = NULL;
    *delay_ms = 0;
    size_t n = candidates(t, &r, cand, delay, CANDIDATES_MAX);
    if (n == 0)
        return WB_ENOTFOUND;
    size_t pick = (size_t)rng_below(&r, n);
    if (strcmp(t->bot, "search") == 0 && t->sampled) {
        pick = search_pick(t, cand, n, &r);
    } else if (strcmp(t->bot, "greedy") == 0) { /* the best, ties at random */
        int best = 0;
        size_t nbest = 0;
        for (size_t i = 0; i < n; i++) {
            int s = bot_greedy_score(t, cand[i]);
            if (nbest == 0 || s > best)
                best = s, nbest = 0;
            if (s == best && rng_below(&r, ++nbest) == 0)
                pick = i;
        }
    }
    *action = cand[pick];
    *delay_ms = delay[pick];
    for (size_t i = 0; i < n; i++)
        if (i != pick)
            json_decref(cand[i]);
    return WB_OK;
}
