/*
 * woodlouse_sample.c - the determinization a search bot plays out
 * (game_def.sample, game.h's determinize).
 *
 * What a seat sees: the sequence, the signals, how many cards each pile
 * holds, and its own card while it is the trainer.  What it cannot see:
 * the face-down score piles, the draw pile's order, the cards back in the
 * box and, unless it is the trainer, the trainer's card.  Those cards are
 * always the same multiset (every card of the species in play, less the
 * trainer's card when the seat holds it), so they are gathered, sorted
 * (whatever order the true state had is forgotten), the trainer's card
 * drawn first among those the signals allow (a complete code names it;
 * a code under way is a lower bound on the species' position and the
 * count), and the rest shuffled and dealt back into piles of the same
 * sizes.
 */
#include <stdlib.h>
#include <string.h>

#include "woodlouse_int.h"

static int by_value(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The trainer's card may be `c` given the signals so far. */
static int allowed(const wl_state *s, int c)
{
    int pos = wl_position(s, WL_SPECIES(c)), b = wl_signals(s, 'b'), k = wl_signals(s, 'c');
    if (s->phase == WL_GUESS)
        return pos == b && WL_COUNT(c) == k;
    return pos >= b && WL_COUNT(c) >= k;
}

static void take(wl_pile *p, const int *pool, int *k)
{
    memcpy(p->c, pool + *k, (size_t)p->n * sizeof p->c[0]);
    *k += p->n;
}

void wl_sample(void *st, int seat, rng *r)
{
    wl_state *s = st;
    static _Thread_local int pool[WL_MAX_CARDS * (WL_MAX_SEATS + 3)];
    int n = 0, k = 0;
    int hidden = (s->phase == WL_CODE || s->phase == WL_GUESS) && seat != s->trainer;
    for (int i = 0; i < s->nseats; i++)
        for (int j = 0; j < s->score[i].n; j++)
            pool[n++] = s->score[i].c[j];
    for (int j = 0; j < s->draw.n; j++)
        pool[n++] = s->draw.c[j];
    for (int j = 0; j < s->out.n; j++)
        pool[n++] = s->out.c[j];
    if (hidden)
        pool[n++] = s->card;
    qsort(pool, (size_t)n, sizeof pool[0], by_value);
    if (hidden) {
        int fits = 0, pick = -1;
        for (int j = 0; j < n; j++)
            fits += allowed(s, pool[j]);
        int at = fits ? (int)rng_below(r, (uint64_t)fits) : (int)rng_below(r, (uint64_t)n);
        for (int j = 0; j < n && pick < 0; j++)
            if ((!fits || allowed(s, pool[j])) && at-- == 0)
                pick = j;
        s->card = pool[pick];
        pool[pick] = pool[--n];
    }
    rng_shuffle(r, pool, (size_t)n, sizeof pool[0]);
    for (int i = 0; i < s->nseats; i++)
        take(&s->score[i], pool, &k);
    take(&s->draw, pool, &k);
    take(&s->out, pool, &k);
    rng_seed(&s->r, rng_next(r));
}
