/*
 * woodlouse_box.c - Woodlouse Chaos: the box, the options' defaults read
 * from it and the set-up of a match.
 *
 * The box (the animal cards of each species and the variants with their
 * draw pile sizes) is data: games/woodlouse/cards.txt, embedded into the
 * binary as woodlouse_cards_txt and read here by a small line parser.  A
 * match copies what it uses of the box into its state, so a saved match
 * never depends on the data file it was dealt from.  The options table is
 * woodlouse.c's; how a turn is played is in woodlouse_rules.c; saving and
 * loading in woodlouse_save.c.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game_data.h"
#include "wb_err.h"
#include "woodlouse_int.h"

/* The embedded games/woodlouse/cards.txt (daemon/core/embed.c). */
extern const unsigned char woodlouse_cards_txt[];
extern const size_t woodlouse_cards_txt_len;

#define WL_MAX_VARIANTS 8

/* --- the box -------------------------------------------------------------- */

#define WL_PILES (WL_MAX_SEATS - WL_MIN_SEATS + 1) /* draw pile sizes of a variant */

typedef struct wl_variant {
    char name[WL_NAME_MAX + 1];
    int nspecies;
    int reshuffle;
    int pile[WL_PILES]; /* by number of players */
} wl_variant;

/* The box: its variants, and its cards read into a state (s). */
typedef struct wl_box {
    wl_state *s;
    int nvariants;
    wl_variant v[WL_MAX_VARIANTS];
} wl_box;

int wl_rows_find(const char *rows, size_t size, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (strcasecmp(rows + (size_t)i * size, name) == 0)
            return i;
    return -1;
}

/* Add a species and its cards by count (n[0]: showing 1 animal, ...) to
 * the deck: 0, or -1 when its name is not a new slug or it has no cards. */
static int add_species(wl_state *s, const char *name, const int *n)
{
    int total = 0;
    for (int k = 0; k < WL_VALUES; k++)
        total += n[k];
    if (s->nspecies == WL_MAX_SPECIES || !game_slug_ok(name, WL_NAME_MAX) || total == 0 ||
        wl_rows_find(s->species[0], sizeof s->species[0], s->nspecies, name) >= 0)
        return -1;
    memcpy(&s->counts[s->nspecies * WL_VALUES], n, WL_VALUES * sizeof *n);
    strcpy(s->species[s->nspecies++], name);
    return 0;
}

/* One record of the box file, split into words (game_data_read): a card
 * or a variant (a name not taken yet: a variant's name is its first
 * member, so the variants are rows for wl_rows_find). */
static int box_record(void *ctx, char **w, int nw, int line, char **why)
{
    wl_box *b = ctx;
    wl_variant *v = &b->v[b->nvariants];
    int n[WL_VALUES];
    long ns;
    if (strcmp(w[0], "card") == 0 && nw == 2 + WL_VALUES &&
        game_data_nums(w + 2, WL_VALUES, 0, WL_MAX_PER_VALUE, n) == 0 &&
        add_species(b->s, w[1], n) == 0)
        return WB_OK;
    if (strcmp(w[0], "variant") == 0 && nw == 4 + WL_PILES && b->nvariants < WL_MAX_VARIANTS &&
        game_slug_ok(w[1], WL_NAME_MAX) &&
        wl_rows_find(b->v[0].name, sizeof b->v[0], b->nvariants, w[1]) < 0 &&
        (ns = game_data_num(w[2], 1, WL_MAX_SPECIES)) > 0 &&
        (strcmp(w[3], "yes") == 0 || strcmp(w[3], "no") == 0) &&
        game_data_nums(w + 4, WL_PILES, 1, WL_MAX_CARDS, v->pile) == 0) {
        strcpy(v->name, w[1]);
        v->nspecies = (int)ns;
        v->reshuffle = strcmp(w[3], "yes") == 0;
        b->nvariants++;
        return WB_OK;
    }
    return game_refuse(why, WB_EDATA, "games/woodlouse/cards.txt:%d: not a card or variant "
                                      "record", line);
}

/* Read the embedded box file, its cards into s.  WB_EDATA with *why when
 * it is broken (a build error: the file ships with the binary). */
static int box_read(wl_box *b, wl_state *s, char **why)
{
    memset(b, 0, sizeof *b);
    b->s = s;
    if (game_data_read((const char *)woodlouse_cards_txt, woodlouse_cards_txt_len, box_record,
                       b, why))
        return WB_EDATA;
    if (s->nspecies == 0 || b->nvariants == 0)
        return game_refuse(why, WB_EDATA, "games/woodlouse/cards.txt: no cards or no variants");
    return WB_OK;
}

/* A species' card counts in the "deck" option: exactly WL_VALUES
 * integers from 0 to WL_MAX_PER_VALUE into n: 0, or -1 when not that. */
static int counts_of(const json_t *a, int *n)
{
    if (!json_is_array(a) || json_array_size(a) != WL_VALUES)
        return -1;
    for (int i = 0; i < WL_VALUES; i++) {
        const json_t *x = json_array_get(a, (size_t)i);
        if (!json_is_integer(x) || json_integer_value(x) < 0 ||
            json_integer_value(x) > WL_MAX_PER_VALUE)
            return -1;
        n[i] = (int)json_integer_value(x);
    }
    return 0;
}

/* A custom deck from the "deck" option: {"name": [n1, .., n5], ...}, in
 * the order given.  It replaces the box's cards, not its variants. */
static int deck_read(wl_state *s, const json_t *deck, char **why)
{
    const char *name;
    json_t *counts;
    s->nspecies = 0;
    json_object_foreach((json_t *)(uintptr_t)deck, name, counts) {
        int n[WL_VALUES];
        if (counts_of(counts, n) || add_species(s, name, n))
            return game_refuse(why, WB_EINVAL, "deck: %s must be a name of 1 to %d of a-z, 0-9, "
                               "- and _ for an array of %d card counts from 0 to %d (cards "
                               "showing 1, 2, 3, 4 and 5 animals), not all 0", name,
                               WL_NAME_MAX, WL_VALUES, WL_MAX_PER_VALUE);
    }
    return WB_OK;
}

/* --- options -------------------------------------------------------------- */

/* The variants and the default deck of the options (woodlouse.c) come
 * from the box. */
void wl_options_fix(json_t *desc)
{
    wl_box b;
    wl_state s = {0};
    char *why = NULL;
    if (box_read(&b, &s, &why)) {
        free(why);
        return;
    }
    json_t *names = json_array(), *deck = json_object();
    for (int i = 0; i < b.nvariants; i++)
        json_array_append_new(names, json_string(b.v[i].name));
    for (int i = 0; i < s.nspecies; i++)
        json_object_set_new(deck, s.species[i],
                            game_json_ints(&s.counts[i * WL_VALUES], WL_VALUES));
    json_t *variant = json_object_get(desc, "variant");
    json_object_set_new(variant, "enum", names);
    json_object_set_new(variant, "default", json_string(b.v[0].name));
    json_object_set_new(json_object_get(desc, "deck"), "default", deck);
}

/* --- set-up --------------------------------------------------------------- */

/* Mark the species in play: the "species" option, or a random choice. */
static int choose_species(wl_state *s, const wl_variant *v, const json_t *options,
                          int in_play[WL_MAX_SPECIES], char **why)
{
    const char *names[WL_MAX_SPECIES + 1] = {NULL};
    int idx[WL_MAX_SPECIES];
    if (v->nspecies > s->nspecies)
        return game_refuse(why, WB_EINVAL, "the %s game needs %d species; the deck has %d",
                           v->name, v->nspecies, s->nspecies);
    for (int i = 0; i < s->nspecies; i++)
        names[i] = s->species[idx[i] = i];
    if (json_is_null(json_object_get(options, "species")))
        rng_shuffle(&s->r, idx, (size_t)s->nspecies, sizeof idx[0]);
    else if (game_opt_names(options, "species", names, (size_t)v->nspecies,
                            (size_t)v->nspecies, idx, why) < 0)
        return WB_EINVAL;
    for (int i = 0; i < v->nspecies; i++)
        in_play[idx[i]] = 1;
    return WB_OK;
}

int wl_setup(void *st, const game_ctx *ctx, const char *const *players, size_t nplayers,
             const json_t *options, uint64_t seed, char **why)
{
    (void)ctx, (void)players;
    wl_box b;
    wl_state *s = st;
    const wl_variant *v = &b.v[0]; /* the default: the options were checked against the box */
    const char *variant = game_opt_str(options, "variant");
    json_t *deck_opt = json_object_get(options, "deck");
    int rc, in_play[WL_MAX_SPECIES] = {0};
    int deck[WL_MAX_CARDS];
    int ndeck = 0, k = 0, pile;

    if ((rc = box_read(&b, s, why)))
        return rc;
    if (!json_is_null(deck_opt) && (rc = deck_read(s, deck_opt, why)))
        return rc;
    for (int i = 0; i < b.nvariants; i++)
        if (strcmp(variant, b.v[i].name) == 0)
            v = &b.v[i];
    s->nseats = (int)nplayers;
    s->first_trainer = (int)game_opt_int(options, "first_trainer");
    s->guess_ms = (int)game_opt_int(options, "guess_ms");
    rng_seed(&s->r, seed);
    strcpy(s->variant, v->name);
    s->reshuffle = v->reshuffle && !game_opt_bool(options, "fixed_sequence");
    if ((rc = choose_species(s, v, options, in_play, why)))
        return rc;

    /* The cards of the species in play, shuffled; three to each score
     * pile, dealt one at a time from seat 0; then the draw pile; the rest
     * back into the box. */
    for (int c = 0; c < s->nspecies * WL_VALUES; c++)
        for (int i = 0; in_play[WL_SPECIES(c)] && i < s->counts[c]; i++)
            deck[ndeck++] = c;
    pile = v->pile[nplayers - WL_MIN_SEATS];
    if (ndeck < WL_START_CARDS * s->nseats + pile)
        return game_refuse(why, WB_EINVAL, "the %s game for %d players needs %d cards; the "
                           "species in play have %d", v->name, s->nseats,
                           WL_START_CARDS * s->nseats + pile, ndeck);
    rng_shuffle(&s->r, deck, (size_t)ndeck, sizeof deck[0]);
    for (int r = 0; r < WL_START_CARDS; r++)
        for (int i = 0; i < s->nseats; i++)
            s->score[i].c[s->score[i].n++] = deck[k++];
    memcpy(s->draw.c, deck + k, (size_t)(s->draw.n = pile) * sizeof deck[0]);
    memcpy(s->out.c, deck + k + pile, (size_t)(s->out.n = ndeck - k - pile) * sizeof deck[0]);

    /* The sequence cards of the species in play, laid out at random. */
    for (int sp = 0; sp < s->nspecies; sp++)
        if (in_play[sp])
            s->seq[s->nseq++] = sp;
    rng_shuffle(&s->r, s->seq, (size_t)s->nseq, sizeof s->seq[0]);

    s->phase = WL_DRAW;
    s->trainer = s->first_trainer;
    s->turn = 1;
    s->round = 1;
    s->deadline = -1;
    s->last_winner = -1;
    return WB_OK;
}
