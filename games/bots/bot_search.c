/*
 * bot_search.c - the "search" bot: information-set Monte Carlo search over
 * a seat's listed actions (bots.h).
 *
 * It is handed a state drawn from its seat's view (game_turn.sampled: the
 * store called the game's determinize, so the true state's secrets are
 * not in it) and never sees another.  Each iteration draws a fresh
 * determinization of that sample (kind->determinize again: other hands,
 * the deck's order, the dice), picks one of the seat's listed actions by
 * UCB1 over what every earlier iteration learnt of it (one statistic per
 * action, shared by all determinizations: the information set's node),
 * applies it with the game's own apply and plays the match out with the
 * game's own rules (each seat mostly the greedy bot's choice of action
 * type, greedy.txt, sometimes a random one: playout_action), then scores
 * the end for the seat (score() below: the share of the win and the lead).
 *
 * Which actions it weighs: first a prior, each candidate applied once to
 * one drawn state and the lead it leaves at once by the game's standing
 * (a move onto a resource space, a base built, an enemy unit destroyed
 * show there; a card placed face down does not, and keeps the greedy
 * order), then UCB1 over the best few by it, one more as the square root
 * of the iterations grows (progressive widening, width()).  A World
 * Dumbination movement phase lists a hundred moves or more: spread over
 * all of them, the iterations of a decision gave each one noisy playout
 * and the choice was hardly better than the greedy bot's (10 of 20 against
 * it); on the few the prior ranks first they tell the better apart.
 *
 * Why the tree stops at the seat's own choice (root-only ISMCTS, "flat
 * UCB over determinizations"): below it the opponents choose from
 * information the seat does not have, and nodes keyed by one sampled
 * world would let the search plan against secrets it only guessed
 * (strategy fusion); and the games' actions are JSON, so the iterations a
 * decision can afford (hundreds) are better spent making the root's
 * estimates sharp than growing a tree they could not fill.
 *
 * Budget per decision, by level: iterations and a hard cap on the time.
 * The clock is read before each iteration and every few steps of a
 * playout (PLAYOUT_CLOCK), so one long playout cannot overrun the cap by
 * more than those steps; a playout the cap cut is thrown away (its end is
 * unknown), and a decision whose cap came before any iteration ended
 * plays the prior's best, or a random candidate when the cap came before
 * the prior weighed one (a bot that runs out of time plays a random
 * legal action).
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "bot_int.h"
#include "wb_err.h"

#define PLAYOUT_MAX 60  /* actions of one playout before it is cut short */
#define PLAYOUT_CLOCK 4 /* a playout reads the clock every this many steps */

static const struct budget {
    int iterations;
    int64_t cap_ns;
} budgets[BOT_LEVEL_MAX + 1] = {
    [1] = {25, 20000000}, [2] = {100, 60000000}, [3] = {400, 200000000},
    [4] = {1500, 800000000}, [5] = {4000, 1600000000},
};

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* What the last decision of this thread did (bot_search_last). */
static _Thread_local bot_search_stats last;

void bot_search_last(bot_search_stats *out)
{
    *out = last;
}

/* The playout's choice for `seat`: among its listed actions without a
 * free member, the one the greedy evaluation (greedy.txt) rates highest,
 * ties at random, or with probability 1/EXPLORE any at random; NULL when
 * it has none.  Playouts guided so are closer to real play than uniform
 * ones (a guess thrown away, a turn ended at once) and shorter.  A game
 * with playout_action (game.h: those of game_def.h) draws it itself: the
 * action type greedy.txt rates highest that has a body (or, with
 * probability 1/EXPLORE, any open type), then one of its bodies at random
 * (the bonuses of member values are not weighed there). */
#define EXPLORE 4
static int rate_type(const char *type, void *ctx)
{
    return bot_greedy_type(ctx, type);
}

static int rate_none(const char *type, void *ctx)
{
    (void)type, (void)ctx;
    return 0;
}

static json_t *playout_action(const bot_turn *t, const void *st, int seat, rng *r)
{
    const game_kind *k = t->kind;
    int uniform = rng_below(r, EXPLORE) == 0;
    /* Drawn by the game without the whole list: the open action types by
     * greedy.txt's weight (or in a random order), one body of the first
     * that has one (World Dumbination's list of moves costs a search of
     * the board per unit and space; a playout takes dozens of steps). */
    if (k->playout_action)
        return k->playout_action(st, seat, uniform ? rate_none : rate_type,
                                 (void *)(uintptr_t)k, r);
    json_t *list = k->actions(st, seat), *a, *pick = NULL;
    size_t i, n = 0, nbest = 0;
    int best = 0;
    json_array_foreach(list, i, a) {
        if (json_object_get(a, "$params"))
            continue;
        int s = uniform ? 0 : bot_greedy_score(t, a);
        if (n++ == 0 || s > best)
            best = s, nbest = 0;
        if (s == best && rng_below(r, ++nbest) == 0)
            pick = a;
    }
    json_incref(pick);
    json_decref(list);
    return pick;
}

static int finished(const game_kind *k, const void *st)
{
    if (k->finished)
        return k->finished(st);
    json_t *v = k->view(st, GAME_SEAT_PUBLIC);
    const char *status = json_string_value(json_object_get(v, "status"));
    int over = status && !strcmp(status, "finished");
    json_decref(v);
    return over;
}

/* Where `st` leaves `seat`: the view once over, else the game's standing
 * (the result as if it ended now).  0 when the game tells neither; else
 * *win its share of the win (1/k of a win shared by k), *mine its score,
 * *best the best other seat's, and the lowest and highest score. */
static int outcome(const game_kind *k, const void *st, int seat, int over, double *win,
                   double *mine, double *best, double *lo, double *hi)
{
    json_t *v;
    if (over) {
        v = k->view(st, GAME_SEAT_PUBLIC);
    } else if (k->standing) {
        v = json_object();
        k->standing(st, v);
    } else {
        return 0;
    }
    json_t *w = json_object_get(v, "winners"), *x;
    json_t *sc = json_object_get(v, "scores");
    size_t i, nw = json_array_size(w);
    int other = 0;
    *win = *mine = *best = *lo = *hi = 0;
    json_array_foreach(w, i, x)
        if (json_integer_value(x) == seat)
            *win = 1.0 / (double)nw;
    json_array_foreach(sc, i, x) {
        double y = (double)json_integer_value(x);
        *lo = i == 0 || y < *lo ? y : *lo;
        *hi = i == 0 || y > *hi ? y : *hi;
        if ((int)i == seat)
            *mine = y;
        else if (!other++ || y > *best)
            *best = y;
    }
    json_decref(v);
    return 1;
}

/* The end of a playout, for `seat`: half its share of the win, half how
 * far ahead it stands (so a lost cause still prefers the closer loss, and
 * a won one the wider win): with more than two seats where its score lies
 * between the lowest and the highest; with two (where that is the win
 * again, 0 or 1) its lead over the other, 0.5 plus half the lead over the
 * largest score, within 0..1, so that a playout cut short (most are: see
 * PLAYOUT_MAX) still tells a lead of 2 from one of 10.  A game that tells
 * no result scores the fair share. */
static double score(const game_kind *k, const void *st, int seat, size_t nseats, int over)
{
    double win, mine, best, lo, hi, m;
    if (!outcome(k, st, seat, over, &win, &mine, &best, &lo, &hi))
        return 1.0 / (double)nseats;
    if (nseats == 2) {
        double big = fabs(lo) > fabs(hi) ? fabs(lo) : fabs(hi);
        m = 0.5 + 0.5 * (mine - best) / (big > 1 ? big : 1);
        m = m < 0 ? 0 : m > 1 ? 1 : m;
    } else {
        m = hi > lo ? (mine - lo) / (hi - lo) : 0.5;
    }
    return 0.5 * win + 0.5 * m;
}

/* Play `st` out at random: every step one seat that has a listed action
 * (at random among them: several may act at once), or the timer when none
 * has and the game keeps one.  Its score, or -1 when the clock passed
 * `until` first (the playout is then worth nothing). */
static double playout(const bot_turn *t, void *st, size_t nseats, rng *r, int64_t until)
{
    const game_kind *k = t->kind;
    int seat = t->seat;
    game_ctx ctx = {NULL, 0};
    json_t *ev = json_array();
    int over = 0;
    for (int step = 0; step < PLAYOUT_MAX && !(over = finished(k, st)); step++) {
        if (step % PLAYOUT_CLOCK == PLAYOUT_CLOCK - 1 && now_ns() >= until) {
            json_decref(ev);
            last.cut = 1;
            return -1;
        }
        last.steps++;
        json_t *a = NULL;
        int who = -1, rc;
        char *why = NULL;
        size_t first = (size_t)rng_below(r, nseats);
        for (size_t i = 0; i < nseats && !a; i++)
            a = playout_action(t, st, who = (int)((first + i) % nseats), r);
        if (a) {
            rc = k->apply(st, &ctx, who, a, ev, &why);
        } else if (k->deadline && k->deadline(st) >= 0) {
            a = json_pack("{s:s}", "type", "timer");
            ctx.now_ms = k->deadline(st);
            rc = k->apply(st, &ctx, GAME_SEAT_SYSTEM, a, ev, &why);
        } else {
            break;
        }
        free(why);
        json_decref(a);
        json_array_clear(ev);
        if (rc != WB_OK)
            break;
    }
    json_decref(ev);
    return score(k, st, seat, nseats, over);
}

/* The prior of one candidate: `a` applied to a state drawn with `seed`,
 * and the lead it leaves `seat` at once (its score less the best other's,
 * by the game's standing); -1e9 when it cannot tell. */
static double lead_after(const bot_turn *t, const json_t *a, uint64_t seed)
{
    const game_kind *k = t->kind;
    void *st = NULL;
    double lead = -1e9, win, mine, best, lo, hi;
    if (k->determinize(t->sampled, t->seat, seed, &st) != WB_OK)
        return lead;
    game_ctx ctx = {NULL, 0};
    json_t *ev = json_array();
    char *why = NULL;
    if (k->apply(st, &ctx, t->seat, a, ev, &why) == WB_OK &&
        outcome(k, st, t->seat, finished(k, st), &win, &mine, &best, &lo, &hi))
        lead = mine - best;
    free(why);
    json_decref(ev);
    k->destroy(st);
    return lead;
}

/* How many of the candidates (best first by the prior) the search weighs
 * after `it` iterations: a few, then one more as the square root of the
 * iterations grows (progressive widening), so that a budget of hundreds
 * of iterations sharpens the estimates of the likely best instead of
 * trying each of a hundred moves once. */
#define WIDTH0 3
static size_t width(int it, size_t n)
{
    size_t m = WIDTH0 + (size_t)sqrt((double)it);
    return m < n ? m : n;
}

size_t bot_search_pick(const bot_turn *t, json_t *const *cand, size_t n, rng *r)
{
    const game_kind *k = t->kind;
    memset(&last, 0, sizeof last);
    if (!t->sampled || !k->determinize || n < 2)
        return n ? (size_t)rng_below(r, n) : 0;
    size_t nseats = t->nseats ? t->nseats : 2;
    int untimed = t->level == BOT_LEVEL_UNTIMED;
    int level = untimed ? BOT_LEVEL_MIN
                : t->level < BOT_LEVEL_MIN || t->level > BOT_LEVEL_MAX ? BOT_LEVEL_DEFAULT
                                                                        : t->level;
    const struct budget *b = &budgets[level];
    static _Thread_local double sum[4096], prior[4096];
    static _Thread_local int visits[4096];
    static _Thread_local size_t ord[4096];
    memset(sum, 0, n * sizeof sum[0]);
    memset(visits, 0, n * sizeof visits[0]);
    int64_t t0 = now_ns(), until = untimed ? INT64_MAX : t0 + b->cap_ns;
    uint64_t base = rng_next(r);
    /* The prior: every candidate applied to one drawn state (the same for
     * all) and the lead it leaves at once; the order is by it, best first,
     * and the caller's (the greedy evaluation's) between equals.  Those the
     * cap leaves unweighed come last. */
    for (size_t i = 0; i < n; i++) {
        prior[i] = k->standing && now_ns() < until ? lead_after(t, cand[i], base ^ 0x9d1ull)
                                                   : -1e9;
        size_t j = i;
        for (; j > 0 && prior[ord[j - 1]] < prior[i]; j--)
            ord[j] = ord[j - 1];
        ord[j] = i;
    }
    int it = 0;
    for (; it < b->iterations && now_ns() < until; it++) {
        size_t m = width(it, n), arm = SIZE_MAX;
        for (size_t j = 0; j < m && arm == SIZE_MAX; j++)
            if (!visits[ord[j]])
                arm = ord[j];
        if (arm == SIZE_MAX) {
            double best = -1, lt = log((double)it);
            for (size_t j = 0; j < m; j++) {
                size_t i = ord[j];
                double u = sum[i] / visits[i] + sqrt(2.0 * lt / visits[i]);
                if (u > best)
                    best = u, arm = i;
            }
        }
        /* common random numbers: the k-th try of every action meets the
         * same drawn state and the same playout dice, so the actions'
         * means differ by what the actions do more than by luck */
        rng pr;
        rng_seed(&pr, base ^ ((uint64_t)visits[arm] * 0x9e3779b97f4a7c15ull));
        void *st = NULL;
        double s = 0;
        if (k->determinize(t->sampled, t->seat, rng_next(&pr), &st) == WB_OK) {
            game_ctx ctx = {NULL, 0};
            json_t *ev = json_array();
            char *why = NULL;
            if (k->apply(st, &ctx, t->seat, cand[arm], ev, &why) == WB_OK)
                s = playout(t, st, nseats, &pr, until);
            free(why);
            json_decref(ev);
            k->destroy(st);
        }
        if (s < 0)
            break; /* out of time: a playout cut short is not counted */
        sum[arm] += s;
        visits[arm]++;
        last.iterations++;
    }
    last.ns = now_ns() - t0;
    if (last.iterations == 0) { /* out of time: the prior's best, if it weighed any */
        last.random = prior[ord[0]] <= -1e9;
        return last.random ? (size_t)rng_below(r, n) : ord[0];
    }
    /* the most visited, ties by the mean (then the prior's order) */
    size_t best = ord[0];
    for (size_t j = 1; j < n; j++) {
        size_t i = ord[j];
        if (visits[i] > visits[best] ||
            (visits[i] == visits[best] && visits[i] &&
             sum[i] / visits[i] > sum[best] / visits[best]))
            best = i;
    }
    return best;
}
