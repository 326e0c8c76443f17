/*
 * rng.h - the seeded PRNG every game draws its randomness from.
 *
 * xoshiro256** seeded through splitmix64.  Its whole state is four 64-bit
 * words kept in the game state and saved with it, so the same seed and the
 * same actions always give the same match, byte for byte, on any machine.
 * Never use rand() or the clock in a game.
 */
#ifndef RNG_H
#define RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

/* Seed from one 64-bit value. */
void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint64_t rng_below(rng *r, uint64_t n);
/* Fisher-Yates shuffle of `n` elements of `size` bytes (size <= 64). */
void rng_shuffle(rng *r, void *base, size_t n, size_t size);
/* The state as a 64-hex-digit string (out: 65 bytes) and back (WB_EINVAL). */
void rng_save(const rng *r, char out[65]);
int rng_load(rng *r, const char *hex);

#endif
