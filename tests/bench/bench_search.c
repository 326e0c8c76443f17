/*
 * bench_search.c - what one decision of the search bot costs, per level and
 * game, on one thread (decision time per level, search iterations per
 * second per game; docs/measurements/bots.md).
 *
 *   bench_search [MATCHES [GAME...]]
 *
 * For every registered game with a determinize hook (or those named), and
 * each level 1..5: MATCHES matches (default 4) of one search seat against
 * random ones, the search seat rotated, played out here without the daemon.
 * At each turn of the search seat with a choice (two or more listed
 * actions) it does what the store's bot worker does: the seat's view and
 * actions, a state drawn by the game's determinize, bot_decide; the time of
 * that whole (the decision, not the apply nor any queueing) is one sample.
 * Prints per level and game the decisions, p50, p99 and the longest (wall
 * clock, what a player waits; and this thread's CPU time, which a loaded
 * machine does not inflate), the search's iterations per CPU second
 * (iterations completed, bot_search_last, over the decisions' CPU time),
 * how many decisions the time cap cut
 * and how many fell back to a random action; then whether the
 * targets hold (level 3 p99 <= 300 ms, level 5 p99 <= 2 s).
 * BENCH_SEARCH_LEVELS=1,3 measures those levels only (default all);
 * BENCH_SEARCH_VS=greedy seats greedy bots against it instead of random
 * ones (a tournament without the daemon: "won" is then against greedy).
 * One thread: pin it (taskset -c N) to measure one core.  Not a test: it
 * asserts nothing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bots.h"
#include "game.h"
#include "registry.h"
#include "rng.h"
#include "wb_err.h"

#define STEPS_MAX 2000 /* actions of one match before it is given up */
#define SAMPLES_MAX 100000

static int64_t clock_ns(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static double pct_ms(const int64_t *xs, size_t n, double p)
{
    size_t i = (size_t)(p * (double)n);
    return n ? (double)xs[i < n ? i : n - 1] / 1e6 : 0;
}

typedef struct tally {
    int64_t *ns, *cpu; /* decision times: wall clock, this thread's CPU */
    size_t n;
    uint64_t iterations, cut, random;
    int64_t cpu_ns; /* CPU time of all the decisions */
    int matches, won;
} tally;

/* The listed actions of `seat` without a free member. */
static size_t listed(const json_t *l)
{
    size_t i, n = 0;
    json_t *a;
    json_array_foreach(l, i, a)
        n += !json_object_get(a, "$params");
    return n;
}

static json_t *random_listed(const json_t *l, rng *r)
{
    size_t i, at = (size_t)rng_below(r, listed(l));
    json_t *a;
    json_array_foreach(l, i, a)
        if (!json_object_get(a, "$params") && at-- == 0)
            return json_incref(a);
    return NULL;
}

/* The search seat's decision at `st`, timed as the bot worker would take
 * it; the chosen action (a new reference). */
static json_t *search_turn(const game_kind *k, const void *st, int seat, int level,
                           size_t np, uint64_t seed, json_t *acts, tally *t)
{
    int64_t t0 = clock_ns(CLOCK_MONOTONIC), c0 = clock_ns(CLOCK_THREAD_CPUTIME_ID);
    json_t *view = k->view(st, seat), *action = NULL;
    void *sampled = NULL;
    if (k->determinize(st, seat, seed ^ 0x5eed5eed5eed5eedull, &sampled) != WB_OK)
        sampled = NULL;
    game_turn turn = {k, "search", level, seat, view, acts, seed, NULL, sampled, np};
    int64_t delay;
    if (bot_decide(&turn, &action, &delay) != WB_OK)
        action = NULL;
    if (sampled)
        k->destroy(sampled);
    json_decref(view);
    int64_t took = clock_ns(CLOCK_MONOTONIC) - t0;
    int64_t cpu = clock_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
    bot_search_stats s;
    bot_search_last(&s);
    if (t->n < SAMPLES_MAX) {
        t->cpu[t->n] = cpu;
        t->ns[t->n++] = took;
    }
    t->iterations += s.iterations;
    t->cpu_ns += cpu;
    t->cut += (uint64_t)s.cut;
    t->random += (uint64_t)s.random;
    return action;
}

/* The greedy bot's choice for `seat` (a new reference). */
static json_t *greedy_turn(const game_kind *k, const void *st, int seat, size_t np,
                           uint64_t seed, json_t *acts)
{
    json_t *view = k->view(st, seat), *action = NULL;
    game_turn turn = {k, "greedy", 3, seat, view, acts, seed, NULL, NULL, np};
    int64_t delay;
    if (bot_decide(&turn, &action, &delay) != WB_OK)
        action = NULL;
    json_decref(view);
    return action;
}

/* One match of a search seat of `level` against random seats (greedy ones
 * with BENCH_SEARCH_VS=greedy). */
static void play(const game_kind *k, int level, int match, tally *t)
{
    static const char *const players[] = {"Ann", "Bob", "Cy", "Di", "Ed"};
    size_t np = k->min_players < 2 ? 2 : k->min_players;
    const char *vs = getenv("BENCH_SEARCH_VS");
    int vs_greedy = vs && strcmp(vs, "greedy") == 0;
    int me = match % (int)np;
    game_ctx ctx = {NULL, 1000};
    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_object();
    if (k->create(&ctx, players, np, opts, 5000 + (uint64_t)match, &st, &why) != WB_OK) {
        fprintf(stderr, "bench_search: %s: %s\n", k->name, why ? why : "create");
        exit(1);
    }
    json_decref(opts);
    rng r;
    rng_seed(&r, 77 + (uint64_t)match);
    for (int step = 0; step < STEPS_MAX && !k->finished(st); step++) {
        json_t *pick = NULL, *l = NULL;
        int who = -1;
        size_t first = (size_t)rng_below(&r, np);
        for (size_t i = 0; i < np && !pick; i++) {
            who = (int)((first + i) % np);
            l = k->actions(st, who);
            size_t n = listed(l);
            if (who == me && n >= 2)
                pick = search_turn(k, st, who, level, np, rng_next(&r), l, t);
            else if (n && vs_greedy)
                pick = greedy_turn(k, st, who, np, rng_next(&r), l);
            else if (n)
                pick = random_listed(l, &r);
            json_decref(l);
        }
        json_t *ev = json_array();
        int rc;
        if (pick) {
            rc = k->apply(st, &ctx, who, pick, ev, &why);
        } else if (k->deadline && k->deadline(st) >= 0) {
            pick = json_pack("{s:s}", "type", "timer");
            ctx.now_ms = k->deadline(st);
            rc = k->apply(st, &ctx, GAME_SEAT_SYSTEM, pick, ev, &why);
        } else {
            rc = WB_EILLEGAL;
        }
        free(why);
        why = NULL;
        json_decref(ev);
        json_decref(pick);
        if (rc != WB_OK)
            break;
    }
    json_t *v = k->view(st, GAME_SEAT_PUBLIC), *w;
    size_t i;
    json_array_foreach(json_object_get(v, "winners"), i, w)
        t->won += json_integer_value(w) == me;
    t->matches++;
    json_decref(v);
    k->destroy(st);
}

int main(int argc, char **argv)
{
    int matches = argc > 1 ? atoi(argv[1]) : 4;
    size_t nk;
    const game_kind *const *kinds = game_registry(&nk);
    double p99[BOT_LEVEL_MAX + 1] = {0};
    int64_t *ns = malloc(SAMPLES_MAX * sizeof *ns), *cpu = malloc(SAMPLES_MAX * sizeof *cpu);
    const char *vs = getenv("BENCH_SEARCH_VS");
    printf("one thread; %d matches per level and game, search in one seat (rotated) against "
           "%s; decision = view + determinize + bot_decide, turns with a choice only\n",
           matches, vs && strcmp(vs, "greedy") == 0 ? "greedy" : "random");
    const char *only = getenv("BENCH_SEARCH_LEVELS");
    for (int level = BOT_LEVEL_MIN; level <= BOT_LEVEL_MAX; level++) {
        char digit[2] = {(char)('0' + level), '\0'};
        if (only && !strstr(only, digit))
            continue;
        for (size_t g = 0; g < nk; g++) {
            const game_kind *k = kinds[g];
            int named = argc <= 2;
            for (int a = 2; a < argc; a++)
                named |= strcmp(argv[a], k->name) == 0;
            if (!k->determinize || !named)
                continue;
            tally t = {.ns = ns, .cpu = cpu};
            for (int m = 0; m < matches; m++)
                play(k, level, m, &t);
            qsort(t.ns, t.n, sizeof *t.ns, cmp_i64);
            qsort(t.cpu, t.n, sizeof *t.cpu, cmp_i64);
            double p = pct_ms(t.ns, t.n, 0.99);
            p99[level] = p > p99[level] ? p : p99[level];
            printf("level %d %-18s %4zu decisions: p50 %7.1f ms, p99 %7.1f ms, max %7.1f ms "
                   "(CPU p50 %6.1f, p99 %6.1f ms); %6.0f iterations per CPU s; cap cut %3llu, "
                   "random %llu; won %d of %d\n",
                   level, k->name, t.n, pct_ms(t.ns, t.n, 0.5), p,
                   t.n ? (double)t.ns[t.n - 1] / 1e6 : 0, pct_ms(t.cpu, t.n, 0.5),
                   pct_ms(t.cpu, t.n, 0.99),
                   t.cpu_ns ? (double)t.iterations * 1e9 / (double)t.cpu_ns : 0,
                   (unsigned long long)t.cut, (unsigned long long)t.random, t.won, t.matches);
            fflush(stdout);
        }
    }
    printf("targets: default level %d p99 %.1f ms (<= 300: %s); top level %d p99 %.1f ms "
           "(<= 2000: %s)\n",
           BOT_LEVEL_DEFAULT, p99[BOT_LEVEL_DEFAULT],
           p99[BOT_LEVEL_DEFAULT] <= 300 ? "met" : "NOT met",
           BOT_LEVEL_MAX, p99[BOT_LEVEL_MAX], p99[BOT_LEVEL_MAX] <= 2000 ? "met" : "NOT met");
    free(ns);
    free(cpu);
    return 0;
}
