/*
 * dumb_sample.c - the determinization a search bot plays out
 * (game_def.sample, game.h's determinize): everything one seat cannot see
 * drawn again, consistent with what it sees, from the rng alone.
 *
 * What a seat cannot see (DUMBINATION.md, Views and secrets): the other
 * seats' hands; their cards face down on the card spaces until the flip
 * (phases 2 and 3) and the OR side chosen; whether a ready seat flips its
 * First Goal this round (and by corruption); which of its nation's two
 * First Goals another seat picked, until it is done; a target token not
 * flipped; the order of the two piles; the Dumbness cards face down on the
 * board and the ones left in the box; the dice.
 *
 * The cards: every card in one of those places (other hands, face-down
 * card spaces, the piles, face-down Dumbness cards, the box's Dumbness
 * cards) is gathered and sorted (the true places are forgotten), split
 * into Level 1 cards, Level 2 cards and Dumbness cards, shuffled, and
 * dealt back into places of the same sizes: each pile first gets as many
 * Dumbness cards as it holds (a count the pile sizes and the "dumbness_laid"
 * events tell every seat), of its level or unmarked, then its own level's
 * cards; the Level 1 and 2 cards left over are shuffled together into the
 * other hands and face-down card spaces; the Dumbness cards left over go to
 * the face-down spots on the board, then the box.  The other choices are
 * drawn uniformly among the legal ones: a First Goal of the seat's nation,
 * flipping it (with or without corruption) where a ready seat may, a
 * target among the nations in office and peace.
 *
 * What the public log tells and the state does not remember is not used:
 * a card drawn after a reshuffle is drawn from the whole pool, and a First
 * Goal flipped unfunded in an earlier round is drawn again (in the round
 * itself it is kept).
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "wb_err.h"

/* The phases in which the plan's cards still lie face down. */
static int plan_hidden(const dm_state *s)
{
    return s->phase == DM_PH_PLAN || s->phase == DM_PH_AUCTION;
}

static int flipped(const dm_state *s)
{
    return s->phase == DM_PH_MOVE || s->phase == DM_PH_BUY || s->phase == DM_PH_OVER ||
           s->phase == DM_PH_BOMB;
}

/* A card of slot k of seat i lies face down to the others. */
static int slot_hidden(const dm_state *s, int i, int k)
{
    return plan_hidden(s) && s->p[i].slot[k] >= 0 && !s->p[i].slot_hold[k];
}

/* Takes from pool[0..*n) (in its order) up to `want` cards `fits`, for the
 * pile `lv`: Dumbness cards of its level or unmarked, keeping `keep0`
 * unmarked ones for the other pile.  Appends them to out[*nout]. */
static void take_dumbness(const dm_state *s, int *pool, int *n, int lv, int want, int keep0,
                          int *out, int *nout)
{
    int zeros = 0;
    for (int j = 0; j < *n; j++)
        zeros += dm_card_at(s, pool[j])->level == 0;
    for (int j = 0; j < *n && want > 0;) {
        int level = dm_card_at(s, pool[j])->level;
        if (level == lv + 1 || (level == 0 && zeros > keep0)) {
            zeros -= level == 0;
            out[(*nout)++] = pool[j];
            memmove(&pool[j], &pool[j + 1], sizeof(int) * (size_t)(*n - j - 1));
            (*n)--;
            want--;
        } else {
            j++;
        }
    }
}

/* The cards: gathered from where the seat cannot see, dealt again. */
static void deal_cards(dm_state *s, int seat, rng *r)
{
    static _Thread_local int pool[3][DM_MAX_CARDS], pile[2][DM_MAX_CARDS];
    static _Thread_local unsigned char hid[DM_MAX_CARDS];
    int n[3] = {0, 0, 0}, dumb_in[2] = {0, 0}, np[2] = {0, 0};
    memset(hid, 0, sizeof hid);
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].dumb >= 0 && !s->cell[i].dumb_up)
            hid[s->cell[i].dumb] = 1;
    for (int i = 0; i < s->nseats; i++) {
        if (i == seat)
            continue;
        for (int j = 0; j < s->p[i].nhand; j++)
            hid[s->p[i].hand[j]] = 1;
        for (int k = 0; k < 2; k++)
            if (slot_hidden(s, i, k))
                hid[s->p[i].slot[k]] = 1;
    }
    for (int c = 0; c < s->deck->ncards; c++) {
        const dm_card *cd = dm_card_at(s, c);
        int w = s->where[c], dumb = cd->type == DM_DUMBNESS;
        if (w == DM_IN_PILE1 || w == DM_IN_PILE2) {
            hid[c] = 1;
            dumb_in[w == DM_IN_PILE2] += dumb;
        }
        if (w == DM_IN_BOX && dumb)
            hid[c] = 1;
        if (hid[c]) {
            int b = dumb ? 2 : cd->level == 2;
            pool[b][n[b]++] = c;
        }
    }
    /* pool[] is in card order: nothing of the true places is left */
    for (int b = 0; b < 3; b++)
        rng_shuffle(r, pool[b], (size_t)n[b], sizeof(int));
    /* The piles: their Dumbness cards, then their level's cards. */
    int twos = 0;
    for (int j = 0; j < n[2]; j++)
        twos += dm_card_at(s, pool[2][j])->level == 2;
    int keep0 = dumb_in[1] > twos ? dumb_in[1] - twos : 0;
    take_dumbness(s, pool[2], &n[2], 0, dumb_in[0], keep0, pile[0], &np[0]);
    take_dumbness(s, pool[2], &n[2], 1, dumb_in[1], 0, pile[1], &np[1]);
    static _Thread_local int hands[2 * DM_MAX_CARDS];
    int nh = 0;
    for (int lv = 0; lv < 2; lv++) {
        int own = s->npile[lv] - np[lv], j = 0;
        for (; j < n[lv] && own > 0; j++, own--)
            pile[lv][np[lv]++] = pool[lv][j];
        for (; j < n[lv]; j++)
            hands[nh++] = pool[lv][j];
        rng_shuffle(r, pile[lv], (size_t)np[lv], sizeof(int));
        memcpy(s->pile[lv], pile[lv], sizeof(int) * (size_t)np[lv]);
        s->npile[lv] = np[lv];
        for (int i = 0; i < np[lv]; i++)
            s->where[pile[lv][i]] = lv ? DM_IN_PILE2 : DM_IN_PILE1;
    }
    /* The other hands and face-down card spaces. */
    rng_shuffle(r, hands, (size_t)nh, sizeof(int));
    int h = 0;
    for (int i = 0; i < s->nseats; i++) {
        dm_player *p = &s->p[i];
        if (i == seat)
            continue;
        for (int j = 0; j < DM_HAND_MAX; j++) {
            p->hand[j] = j < p->nhand && h < nh ? hands[h++] : -1; /* none left over */
            if (p->hand[j] >= 0)
                s->where[p->hand[j]] = DM_IN_HAND;
        }
        for (int k = 0; k < 2 && h < nh; k++)
            if (slot_hidden(s, i, k)) {
                p->slot[k] = hands[h++];
                p->slot_alt[k] =
                    dm_card_at(s, p->slot[k])->nalt ? (int)rng_below(r, 2) : 0;
                s->where[p->slot[k]] = DM_IN_SLOT;
            }
    }
    /* The Dumbness cards left: the face-down spots, then the box. */
    int d = 0;
    for (int i = 0; i < dm_nspaces(s); i++)
        if (s->cell[i].dumb >= 0 && !s->cell[i].dumb_up && d < n[2]) {
            s->cell[i].dumb = pool[2][d++];
            s->where[s->cell[i].dumb] = DM_IN_BOARD;
        }
    for (; d < n[2]; d++)
        s->where[pool[2][d]] = DM_IN_BOX;
}

/* Another seat's First Goal, its flip this round and its target. */
static void draw_choices(dm_state *s, int i, rng *r)
{
    dm_player *p = &s->p[i];
    /* Its nation's two First Goals, one picked (unless done, or flipped
     * this round: the flip showed it). */
    int shown = p->goal_done || (flipped(s) && (p->slot[1] == DM_GOAL_SLOT || p->slot_done[1]));
    if (p->goal >= 0 && !shown) {
        int two[2], ng = 0;
        for (int c = 0; c < s->deck->ncards && ng < 2; c++)
            if (dm_card_at(s, c)->type == DM_GOAL && dm_card_at(s, c)->nation == p->nation &&
                (s->where[c] == DM_IN_GOAL || s->where[c] == DM_IN_BOX))
                two[ng++] = c;
        if (ng == 2) {
            int pick = (int)rng_below(r, 2);
            p->goal = two[pick];
            s->where[two[pick]] = DM_IN_GOAL;
            s->where[two[1 - pick]] = DM_IN_BOX;
        }
    }
    /* Whether a ready seat flips it this round, and how. */
    if (plan_hidden(s) && p->ready && !p->out && p->goal >= 0 && !p->goal_done &&
        !p->slot_hold[1]) {
        p->slot[1] = -1;
        p->slot_corrupt = 0;
        if (dm_place_check(s, i, 1, DM_GOAL_SLOT, 0, NULL) == WB_OK && rng_below(r, 2)) {
            p->slot[1] = DM_GOAL_SLOT;
            p->slot_alt[1] = p->slot_done[1] = 0;
            p->slot_corrupt = dm_card_at(s, p->goal)->corrupt ? (int)rng_below(r, 2) : 0;
        }
    }
    /* A target token face down: a nation in office or peace.  The last
     * round's token only matters for the Ego 10 lock: the same. */
    if (p->target >= 0 && !p->target_up) {
        int cand[DM_NATIONS + 1], nc = 0;
        for (int j = 0; j < s->nseats; j++)
            if (j != i && !s->p[j].out)
                cand[nc++] = s->p[j].nation;
        cand[nc++] = DM_PEACE;
        p->target = cand[rng_below(r, (uint64_t)nc)];
    }
    p->prev_target = p->target;
}

void dm_sample(void *st, int seat, rng *r)
{
    dm_state *s = st;
    deal_cards(s, seat, r);
    for (int i = 0; i < s->nseats; i++)
        if (i != seat)
            draw_choices(s, i, r);
    rng_seed(&s->r, rng_next(r));
}
