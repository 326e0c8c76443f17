/*
 * wibbell_test_util.h - what the Wibbell test programs share
 * (test_wibbell_claims.c, test_wibbell_rounds.c, test_wibbell_views.c): the
 * real en_US dictionary the build made ($WIBBELLD_TEST_DATA), opened by the
 * group's setup; matches driven through the game_kind interface exactly as
 * the framework does, in the shared harness (game_test.h: gt_act checks that
 * a refusal changes nothing and says why), with explicit times and timer
 * actions, and custom decks in a given order (shuffle: false) where a
 * scenario needs known cards.  Words for long scenarios come from the
 * module's own hints query (the words that satisfy a turn), so they are
 * always valid.
 */
#ifndef WIBBELL_TEST_UTIL_H
#define WIBBELL_TEST_UTIL_H

#include <stdint.h>

#include <jansson.h>

#include "dict.h"
#include "game.h"
#include "game_test.h"
#include "wibbell_int.h"

extern dict_lib *lib;
extern game_ctx ctx;
extern json_t *last_ev;
extern char last_why[512];
#define HOST GAME_SEAT_HOST
#define SYS GAME_SEAT_SYSTEM
int setup(void **state);
int teardown(void **state);

/* Matches run in the shared harness (game_test.h), on the heap. */
void done(gt *t);

/* Create (at time 1000); the reason of a refusal stays in last_why. */
int try_create(size_t n, const char *opts, uint64_t seed, gt **st);

gt *mk(size_t n, const char *opts, uint64_t seed);

/* Apply at time `now`; the events stay in last_ev, the reason in last_why. */
int act_at(gt *st, int seat, int64_t now, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

int act(gt *st, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define OK(call) do { int rc_ = (call); if (rc_) fail_msg("%s -> %s: %s", #call, \
                      wb_errname(rc_), last_why); } while (0)

json_t *V(const gt *st, int seat);
const char *phase(const gt *st);
json_int_t vint(const gt *st, const char *key);
json_t *player(const gt *st, int seat);
const char *centre(const gt *st, size_t i);

/* The first event of this type in the last apply, or NULL (borrowed). */
json_t *event(const char *type);

size_t count_events(const char *type);

/* Is `seat` in the view's to_act? */
int acts(const gt *st, int seat);

/* The k-th word (0-based) that satisfies the current turn for `seat`. */
char *hint(gt *st, int seat, size_t k);

/* `seat` claims a valid word (with tie window 0 or in companion mode, it
 * wins at once). */
void claim_valid(gt *st, int seat, int64_t now);

/* `seat` wins the current turn and takes centre card 0. */
void win_take(gt *st, int seat);

char *saved_text(const gt *st);

/* A match loaded from a saved state (gt_load: the test fails if load
 * refuses), acting at time 1000. */
gt *loaded(const json_t *saved);

/* load(save(x)) saves to the same JSON, and returns the copy. */
gt *reload(const gt *st);

/* A deck in a given order, many easy letters on each card so that words
 * are plentiful, with `first` cards put on top. */
#define EASY "\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\",\"AEIOST\""

/* Micol (seat 0) wins SG then SH, leaving NZ and IQ in the centre. */
gt *micol(void);

#endif
