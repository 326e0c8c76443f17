/* rng.c - xoshiro256** (Blackman and Vigna), seeded by splitmix64. */
#include "rng.h"

#include <stdio.h>
#include <string.h>

#include "wb_err.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void rng_seed(rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t rng_below(rng *r, uint64_t n)
{
    /* Reject the top partial range so every value is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do
        x = rng_next(r);
    while (x >= limit);
    return x % n;
}

void rng_shuffle(rng *r, void *base, size_t n, size_t size)
{
    unsigned char tmp[64], *b = base;
    if (size > sizeof tmp)
        return;
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)rng_below(r, i);
        memcpy(tmp, b + (i - 1) * size, size);
        memcpy(b + (i - 1) * size, b + j * size, size);
        memcpy(b + j * size, tmp, size);
    }
}

void rng_save(const rng *r, char out[65])
{
    for (int i = 0; i < 4; i++)
        snprintf(out + 16 * i, 17, "%016llx", (unsigned long long)r->s[i]);
}

int rng_load(rng *r, const char *hex)
{
    if (!hex || strlen(hex) != 64)
        return WB_EINVAL;
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int k = 0; k < 16; k++) {
            char c = hex[16 * i + k];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (d < 0)
                return WB_EINVAL;
            v = v << 4 | (uint64_t)d;
        }
        r->s[i] = v;
    }
    return WB_OK;
}
