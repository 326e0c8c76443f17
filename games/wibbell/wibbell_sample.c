/*
 * wibbell_sample.c - the determinization of a match for one seat
 * (game_def.sample, game.h's determinize).
 *
 * What a seat sees: the centre, every seat's face-up cards and handicaps,
 * how many cards the deck holds, the used words, and of each claim in an
 * open tie window who made it and when; the face-down cards it saw face
 * up when they were won (the log).  What it cannot see:
 *  - the deck's order, and which cards were set aside for 2 or 3 players:
 *    these are always the same cards (the deck's less every card in
 *    sight), so they are gathered in id order (whatever order the true
 *    state had is forgotten), shuffled and dealt back, the deck first
 *    (of the same size), the rest set aside;
 *  - another seat's claim in the tie window: its word and the centre card
 *    it chose in advance.  The word is drawn from the seed alone, letters
 *    at random of a length at random (3 to 8): the rules only compare it
 *    with the other claims (the shortest wins, then the first
 *    alphabetically) and make it used when it wins; its classroom-log row
 *    gets that word and no definition or translation.  The card is drawn
 *    among none and the centre's.
 * The state's rng is seeded again, and a companion match's undo (the
 * host's, a whole state) is dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"
#include "wibbell_int.h"

#define WORD_MIN 3
#define WORD_MAX 8

/* A word drawn from `r` alone. */
static char *drawn_word(rng *r)
{
    size_t n = WORD_MIN + (size_t)rng_below(r, WORD_MAX - WORD_MIN + 1);
    char *w = wb_malloc(n + 1);
    for (size_t i = 0; i < n; i++)
        w[i] = (char)('a' + rng_below(r, 26));
    w[n] = '\0';
    return w;
}

static void replace(char **s, const char *with)
{
    free(*s);
    *s = wb_strdup(with);
}

void wibbell_sample(void *state, int seat, rng *r)
{
    wibbell_state *st = state;
    char *seen = wb_calloc(st->ncards ? st->ncards : 1, 1);
    for (size_t i = 0; i < st->centre.n; i++)
        seen[st->centre.v[i]] = 1;
    for (size_t s = 0; s < st->nplayers; s++) {
        const game_ids *l[] = {&st->p[s].up, &st->p[s].down, &st->p[s].hcap};
        for (size_t k = 0; k < 3; k++)
            for (size_t i = 0; i < l[k]->n; i++)
                seen[l[k]->v[i]] = 1;
    }
    /* the unseen cards in id order, shuffled; the deck takes the first */
    game_ids pool = {0};
    for (size_t c = 0; c < st->ncards; c++)
        if (!seen[c])
            game_ids_push(&pool, (int)c);
    free(seen);
    if (pool.n > 1)
        rng_shuffle(r, pool.v, pool.n, sizeof *pool.v);
    for (size_t i = 0; i < st->deck.n && i < pool.n; i++)
        st->deck.v[i] = pool.v[i];
    free(pool.v);

    for (size_t i = 0; i < st->nclaims; i++) {
        wibbell_claim *c = &st->claims[i];
        if (c->seat == seat)
            continue;
        char *w = drawn_word(r);
        replace(&c->word, w);
        c->take = (int)rng_below(r, st->centre.n + 1) - 1;
        wibbell_vocab *v = &st->vocab[c->row];
        replace(&v->word, w);
        replace(&v->pos, "");
        replace(&v->definition, "");
        replace(&v->translation, ""); /* learner_language's */
        free(w);
    }
    free(st->undo);
    st->undo = NULL;
    rng_seed(&st->rng, rng_next(r));
}
