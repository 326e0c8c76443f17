/*
 * cards.c - card parsing and card-to-letter matching.
 *
 * Both matchers are Kuhn's augmenting-path algorithm.  cards_cover works
 * on positions, so it can report which position each card got;
 * cards_cover_counts works on the 26 letters with a capacity each (how
 * often the letter occurs), which is the same problem folded, and is what
 * the match index uses on its hot loop.
 */
#include "cards.h"

#include <string.h>

#include "normalise.h"
#include "wb_err.h"

int cards_parse(const char *const *cards, size_t n, cards_set *out)
{
    char folded[4 * DICT_WORD_MAX + 8], base[4 * DICT_WORD_MAX + 8];

    memset(out, 0, sizeof *out);
    if (n > DICT_CARDS_MAX)
        return WB_EINVAL;
    for (size_t i = 0; i < n; i++) {
        if (!cards[i])
            return WB_EINVAL;
        int rc = norm_fold(cards[i], strlen(cards[i]), 26, folded, sizeof folded);
        if (!rc)
            rc = norm_base(folded, base, sizeof base);
        if (rc)
            return WB_EINVAL;
        out->mask[i] = cards_word_mask(base, strlen(base));
        for (size_t j = 0; j < i; j++)
            if (out->mask[i] & out->mask[j])
                out->overlap = 1;
    }
    out->n = n;
    return WB_OK;
}

uint32_t cards_word_mask(const char *base, size_t len)
{
    uint32_t m = 0;
    for (size_t i = 0; i < len; i++)
        if (base[i] >= 'a' && base[i] <= 'z')
            m |= 1u << (base[i] - 'a');
    return m;
}

/* --- by positions --- */

struct pos_match {
    const cards_set *c;
    const char *base;
    size_t len;
    int owner[DICT_WORD_MAX]; /* card holding each position, -1: free */
    uint64_t seen;
};

static int pos_augment(struct pos_match *m, size_t card)
{
    for (size_t p = 0; p < m->len; p++) {
        uint32_t bit = 1u << (m->base[p] - 'a');
        if (!(m->c->mask[card] & bit) || (m->seen & (1ull << p)))
            continue;
        m->seen |= 1ull << p;
        if (m->owner[p] < 0 || pos_augment(m, (size_t)m->owner[p])) {
            m->owner[p] = (int)card;
            return 1;
        }
    }
    return 0;
}

int cards_cover(const cards_set *c, const char *base, size_t len, size_t *pos)
{
    struct pos_match m = {.c = c, .base = base, .len = len};

    if (len > DICT_WORD_MAX || c->n > len)
        return 0;
    for (size_t p = 0; p < len; p++) {
        if (base[p] < 'a' || base[p] > 'z')
            return 0;
        m.owner[p] = -1;
    }
    for (size_t i = 0; i < c->n; i++) {
        m.seen = 0;
        if (!pos_augment(&m, i))
            return 0;
    }
    for (size_t p = 0; p < len; p++)
        if (m.owner[p] >= 0)
            pos[m.owner[p]] = p;
    return 1;
}

uint32_t cards_short(const cards_set *c, const char *base, size_t len)
{
    struct pos_match m = {.c = c, .base = base};
    uint32_t wmask = cards_word_mask(base, len), none = 0;

    for (size_t i = 0; i < c->n; i++)
        if (!(c->mask[i] & wmask))
            none |= 1u << i;
    if (none)
        return none;
    /* Every card has a letter: Kuhn's matching over the word's letters.
     * When card i finds no augmenting path, the cards that own the
     * positions its search saw, with i, hold those positions only and are
     * one more than them (Hall's condition fails on that group). */
    for (size_t p = 0; p < len && m.len < DICT_WORD_MAX; p++)
        if (base[p] >= 'a' && base[p] <= 'z')
            m.owner[m.len++] = -1;
    char letters[DICT_WORD_MAX];
    for (size_t p = 0, k = 0; p < len && k < m.len; p++)
        if (base[p] >= 'a' && base[p] <= 'z')
            letters[k++] = base[p];
    m.base = letters;
    for (size_t i = 0; i < c->n; i++) {
        m.seen = 0;
        if (pos_augment(&m, i))
            continue;
        uint32_t group = 1u << i;
        for (size_t p = 0; p < m.len; p++)
            if ((m.seen & (1ull << p)) && m.owner[p] >= 0)
                group |= 1u << m.owner[p];
        return group;
    }
    return 0;
}

/* --- by letter counts --- */

struct cnt_match {
    const cards_set *c;
    const uint8_t *counts;
    uint8_t used[26];
    int8_t holder[26][DICT_CARDS_MAX]; /* cards holding a unit of letter */
    uint32_t seen;
};

static int cnt_augment(struct cnt_match *m, size_t card)
{
    uint32_t avail = m->c->mask[card] & ~m->seen;
    while (avail) {
        int l = __builtin_ctz(avail);
        avail &= avail - 1;
        if (!m->counts[l])
            continue;
        m->seen |= 1u << l;
        if (m->used[l] < m->counts[l] && m->used[l] < DICT_CARDS_MAX) {
            m->holder[l][m->used[l]++] = (int8_t)card;
            return 1;
        }
        for (size_t k = 0; k < m->used[l]; k++) {
            if (cnt_augment(m, (size_t)m->holder[l][k])) {
                m->holder[l][k] = (int8_t)card;
                return 1;
            }
        }
    }
    return 0;
}

int cards_cover_counts(const cards_set *c, const uint8_t counts[26])
{
    struct cnt_match m;
    m.c = c;
    m.counts = counts;
    memset(m.used, 0, sizeof m.used);
    for (size_t i = 0; i < c->n; i++) {
        m.seen = 0;
        if (!cnt_augment(&m, i))
            return 0;
    }
    return 1;
}
