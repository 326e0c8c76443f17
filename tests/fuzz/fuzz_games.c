/*
 * fuzz_games.c - libFuzzer harness for the games: whatever action bodies
 * a client posts, in any order and from any seat, a game answers or
 * refuses without crashing, and a refused action changes nothing while an
 * accepted one leaves a state that saves and loads back identically.
 *
 * Input: the first byte picks the game and the number of players; then
 * lines, each "<seat byte><JSON action>" (seat byte % (players + 2): a
 * seat, the host, or the framework's timer seat).
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "game.h"
#include "registry.h"
#include "wb_err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static dict_lib *lib;

static int same_save(const game_kind *k, const void *st, const json_t *saved)
{
    json_t *now = k->save(st);
    int eq = json_equal(now, saved);
    json_decref(now);
    return eq;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!lib) {
        const char *dir = getenv("WIBBELLD_TEST_DATA");
        if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK)
            abort();
    }
    if (size < 1 || size > 8192)
        return 0;
    size_t nk;
    const game_kind *const *kinds = game_registry(&nk);
    const game_kind *k = kinds[data[0] % nk];
    unsigned span = k->max_players - k->min_players + 1;
    unsigned np = k->min_players + (data[0] / nk) % span;
    const char *names[8] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    game_ctx ctx = {lib, 1700000000000};
    void *st = NULL;
    char *why = NULL;
    json_t *opts = json_object();
    if (k->create(&ctx, names, np, opts, 7, &st, &why) != WB_OK)
        abort();
    json_decref(opts);

    size_t i = 1;
    while (i < size) {
        size_t j = i;
        while (j < size && data[j] != '\n')
            j++;
        if (j - i >= 2) {
            int seat = (int)(data[i] % (np + 2));
            if (seat == (int)np)
                seat = GAME_SEAT_HOST;
            else if (seat == (int)np + 1)
                seat = GAME_SEAT_SYSTEM;
            json_t *a = json_loadb((const char *)data + i + 1, j - i - 1, 0, NULL);
            if (a) {
                json_t *before = k->save(st), *ev = json_array();
                char *w = NULL;
                ctx.now_ms += 100;
                int rc = k->apply(st, &ctx, seat, a, ev, &w);
                if (rc != WB_OK && (!same_save(k, st, before) || json_array_size(ev)))
                    abort(); /* a refusal changed something */
                if (rc == WB_OK) {
                    json_t *s1 = k->save(st);
                    void *copy = NULL;
                    char *lw = NULL;
                    if (k->load(s1, &copy, &lw) != WB_OK || !same_save(k, copy, s1))
                        abort(); /* save/load does not round-trip */
                    k->destroy(copy);
                    json_decref(s1);
                }
                json_t *v = k->view(st, seat == GAME_SEAT_SYSTEM ? GAME_SEAT_PUBLIC : seat);
                json_t *acts = k->actions(st, seat < 0 ? GAME_SEAT_HOST : seat);
                json_decref(v);
                json_decref(acts);
                free(w);
                json_decref(ev);
                json_decref(before);
                json_decref(a);
            }
        }
        i = j + 1;
    }
    k->destroy(st);
    return 0;
}
