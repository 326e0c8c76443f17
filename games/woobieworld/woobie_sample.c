/*
 * woobie_sample.c - the determinization a search bot plays out
 * (game_def.sample, game.h's determinize).
 *
 * What a seat sees: the board and the unused pile, the table (environments
 * and Mount Saint Woobie cards), the disputed cards, every hand's size, its
 * own hand and face-down card, and once a cycle is revealed every chosen
 * card.  The discard pile is shown only by its size and top card, but each
 * card in it got there in a public event (played, discarded, drawn to a
 * full hand), so it is kept as it is, order and all; so is a card a seat
 * took back this turn (the `taken_back` event shows it): it stays in that
 * hand.
 *
 * What it cannot see: the other seats' hands, in the speed variant their
 * cards face down until the reveal, and the draw pile's order.  Those
 * cards are always the same multiset, so they are gathered and sorted
 * (whatever places and order the true state had are forgotten), the cards
 * a hand may hold (ACTIONs and COLOUR ACTIONs: an environment or a volcano
 * never stays in a hand) shuffled and dealt into the other hands and
 * face-down cards, of the same sizes, and what is left, with every
 * environment and volcano still to come, shuffled into the draw pile.  The
 * state's rng (a reshuffle of the discard pile) is seeded again from `r`.
 */
#include <stdlib.h>

#include "woobie_int.h"

static int by_id(const void *a, const void *b)
{
    return *(const int16_t *)a - *(const int16_t *)b;
}

/* `p` holds its card taken back this turn (public). */
static int holds_barred(const ww_seat *p)
{
    for (int j = 0; p->barred >= 0 && j < p->nhand; j++)
        if (p->hand[j] == p->barred)
            return 1;
    return 0;
}

void ww_sample(void *st, int seat, rng *r)
{
    ww_state *s = st;
    int16_t pool[WW_MAX_CARDS], rest[WW_MAX_CARDS];
    int n = 0, nh = 0, nrest = 0, k = 0;
    int sealed = s->phase == P_CHOOSE; /* face-down cards not yet revealed */

    for (int i = 0; i < s->nseats; i++) {
        const ww_seat *p = &s->seat[i];
        if (i == seat)
            continue;
        for (int j = 0; j < p->nhand; j++)
            if (p->hand[j] != p->barred)
                pool[n++] = p->hand[j];
        if (sealed && p->chosen >= 0)
            pool[n++] = (int16_t)p->chosen;
    }
    for (int j = 0; j < s->ndraw; j++)
        pool[n++] = s->draw[j];
    qsort(pool, (size_t)n, sizeof pool[0], by_id);
    for (int j = 0; j < n; j++) {
        ww_ctype t = s->deck->c[pool[j]].type;
        if (t == WW_ACTION || t == WW_COLOUR_ACTION)
            pool[nh++] = pool[j];
        else
            rest[nrest++] = pool[j];
    }
    rng_shuffle(r, pool, (size_t)nh, sizeof pool[0]);

    for (int i = 0; i < s->nseats; i++) {
        ww_seat *p = &s->seat[i];
        if (i == seat)
            continue;
        int j = 0;
        if (holds_barred(p))
            p->hand[j++] = (int16_t)p->barred;
        for (; j < p->nhand; j++)
            p->hand[j] = pool[k++];
        if (sealed && p->chosen >= 0)
            p->chosen = pool[k++];
    }
    s->ndraw = 0;
    for (; k < nh; k++)
        s->draw[s->ndraw++] = pool[k];
    for (int j = 0; j < nrest; j++)
        s->draw[s->ndraw++] = rest[j];
    rng_shuffle(r, s->draw, (size_t)s->ndraw, sizeof s->draw[0]);
    rng_seed(&s->r, rng_next(r));
}
