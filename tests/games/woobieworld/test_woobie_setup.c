/*
 * test_woobie_setup.c - the Woobieworld module (games/woobieworld/), rule
 * by rule: the default map and deck against the facts of the rules text, the
 * loaders' errors, set-up, the four phases, a new home; the checks load()
 * makes, and seeded random matches to the end (woobie_test_util.h: scenes
 * as plain C states).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "game.h"
#include "rng.h"
#include "wb_err.h"
#include "woobie.h"
#include "woobie_int.h"
#include "woobie_test_util.h"

/* --- helpers ------------------------------------------------------------------------ */

/* Create, refused: the reason must hold `want`. */
static void make_fails(int n, const char *opts, const char *want)
{
    ww_state *st = NULL;
    char *why = NULL;
    assert_int_equal(make_rc(n, opts, 1, &st, &why), WB_EINVAL);
    assert_null(st);
    assert_non_null(why);
    if (!strstr(why, want))
        fail_msg("reason \"%s\" does not hold \"%s\"", why, want);
    free(why);
}

/* --- the map ------------------------------------------------------------------------ */

static void test_map_default(void **state)
{
    (void)state;
    ww_state *st = make(2, "{}", 1);
    const ww_map *m = st->map;
    int land = 0, water = 0, mountains = 0;
    for (int i = 0; i < m->n; i++) {
        land += !m->a[i].water;
        water += m->a[i].water;
        mountains += m->a[i].mountain;
    }
    /* Thirteen land areas and four bodies of water. */
    assert_int_equal(land, 13);
    assert_int_equal(water, 4);
    assert_true(mountains >= 2);
    /* Doom Grove is coastal and borders exactly these six. */
    int dg = A(st, "doom-grove");
    const char *const borders[] = {"margaritaville", "woobania", "sulfer-springs", "bambooton",
                                   "cheeseport", "sea-of-despair"};
    uint64_t want = 0;
    for (int i = 0; i < 6; i++)
        want |= UINT64_C(1) << A(st, borders[i]);
    assert_true(m->a[dg].coastal);
    assert_true(m->adj[dg] == want);
    assert_true(m->a[A(st, "sea-of-despair")].water);
    /* NEIGHBOURING includes the area itself. */
    assert_true(ww_near(m, dg) == (want | UINT64_C(1) << dg));
    /* Coastal is derived: a land area touching water; water is never coastal. */
    assert_false(m->a[A(st, "woobania")].coastal);
    assert_false(m->a[A(st, "sea-of-despair")].coastal);
    assert_true(m->a[A(st, "cheeseport")].coastal);
    /* Adjacency is symmetric and every area has coordinates. */
    for (int i = 0; i < m->n; i++) {
        assert_true(m->a[i].has_xy);
        for (int j = 0; j < m->n; j++)
            assert_int_equal(m->adj[i] >> j & 1, m->adj[j] >> i & 1);
    }
    /* The picture names every area. */
    char *svg = ww_map_svg(m);
    assert_non_null(strstr(svg, "<svg"));
    for (int i = 0; i < m->n; i++)
        assert_non_null(strstr(svg, m->a[i].id));
    assert_non_null(strstr(svg, "Pirate&apos;s Cove"));
    free(svg);
    /* The served graph loads back as the same map. */
    json_t *g = ww_map_json(m);
    ww_map *again = NULL;
    char *why = NULL;
    assert_int_equal(ww_map_read(g, &again, &why), WB_OK);
    assert_memory_equal(again->adj, m->adj, sizeof m->adj);
    free(again);
    json_decref(g);
    K->destroy(st);
}

static void test_map_errors(void **state)
{
    (void)state;
    make_fails(2, "{\"map\":{\"nodes\":[],\"edges\":[]}}", "2..64 areas");
    make_fails(2, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\",\"water\"]},"
                  "{\"id\":\"b\",\"tags\":[\"land\"]}],\"edges\":[[\"a\",\"b\"]]}}",
               "either \"land\" or \"water\"");
    make_fails(2, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\"]},"
                  "{\"id\":\"b\",\"tags\":[\"land\"]}],\"edges\":[[\"a\",\"c\"]]}}",
               "known ids");
    make_fails(2, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\"]},"
                  "{\"id\":\"b\",\"tags\":[\"land\"]}],\"edges\":[]}}",
               "cannot be reached");
    make_fails(2, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\",\"coastal\"]},"
                  "{\"id\":\"b\",\"tags\":[\"land\"]}],\"edges\":[[\"a\",\"b\"]]}}",
               "tagged coastal");
    make_fails(2, "{\"map\":{\"nodes\":[{\"id\":\"A B\",\"tags\":[\"land\"]}],\"edges\":[]}}",
               "2..64 areas");
    make_fails(3, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\"]},"
                  "{\"id\":\"b\",\"tags\":[\"land\"]},{\"id\":\"w\",\"tags\":[\"water\"]}],"
                  "\"edges\":[[\"a\",\"b\"],[\"b\",\"w\"]]}}",
               "cannot hold 3 homes");
    /* A small custom map plays. */
    ww_state *st = make(2, "{\"map\":{\"nodes\":[{\"id\":\"a\",\"tags\":[\"land\"]},"
                           "{\"id\":\"b\",\"tags\":[\"land\",\"mountain\"]},"
                           "{\"id\":\"w\",\"tags\":[\"water\"]}],"
                           "\"edges\":[[\"a\",\"b\"],[\"b\",\"w\"]]}}", 3);
    assert_true(st->map->a[1].coastal);
    assert_false(st->map->a[0].coastal);
    round_trip(st);
    K->destroy(st);
}

/* --- the deck ----------------------------------------------------------------------- */

static void test_deck_default(void **state)
{
    (void)state;
    ww_state *st = make(2, "{}", 1);
    const ww_deck *d = st->deck;
    int ops[OP_COUNT_] = {0}, matching = 0, ors = 0, choice_lose = 0, anarch_terms = 0;
    int filters = 0, numbers[10000] = {0};
    assert_true(d->n >= 75 && d->n <= 90);
    /* At least four Mount Saint Woobie cards, about one per twenty. */
    assert_true(d->volcanoes >= 4);
    assert_true(d->n / d->volcanoes >= 18 && d->n / d->volcanoes <= 22);
    for (int i = 0; i < d->n; i++) {
        const ww_card *c = &d->c[i];
        if (c->number) {
            assert_int_equal(numbers[c->number]++, 0); /* numbers are unique */
            assert_true(c->type == WW_ACTION || c->type == WW_COLOUR_ACTION);
        }
        ors += c->or_at > 0;
        for (int k = 0; k < c->nsteps; k++) {
            const ww_step *s = &c->s[k];
            ops[s->op]++;
            filters |= s->filter;
            for (int t = 0; t < s->nterms; t++) {
                matching += s->t[t].kind == K_MATCHING;
                choice_lose += s->op != OP_GAIN && s->t[t].kind == K_CHOICE_ANY;
                anarch_terms += s->t[t].kind == WW_ANARCH;
            }
        }
    }
    /* Every mechanism of the card language, used several times. */
    assert_true(ops[OP_CHOOSE] >= 10 && ops[OP_CHOOSE_IND] >= 5);
    assert_true(ops[OP_GAIN] >= 10 && ops[OP_LOSE] >= 10);
    assert_true(ops[OP_HALF] >= 3 && matching >= 5 && ors >= 5 && choice_lose >= 3);
    assert_true(ops[OP_REMOVE_IND] >= 5 && ops[OP_PLACE_IND] >= 5);
    assert_true(ops[OP_MOVE_ANARCH] >= 3 && anarch_terms >= 5);
    assert_true(ops[OP_RULE] >= 6 && ops[OP_DROP_ENV] >= 3 && ops[OP_COUNT] >= 3);
    int want = F_LAND | F_WATER | F_COASTAL | F_MOUNTAIN | F_HOME | F_INDUSTRY | F_ANARCHS;
    assert_int_equal(filters & want, want);
    /* The numbers leave gaps for future cards. */
    int used = 0, lo = 10000, hi = 0;
    for (int i = 1; i < 10000; i++)
        if (numbers[i])
            used++, lo = i < lo ? i : lo, hi = i;
    assert_true(hi - lo + 1 > 2 * used);
    /* Quicksand is the worked example, sentence by sentence. */
    const ww_card *q = &d->c[card_named(st, "Quicksand")];
    assert_int_equal(q->type, WW_ACTION);
    assert_int_equal(q->nsteps, 3);
    assert_int_equal(q->s[0].op, OP_CHOOSE);
    assert_int_equal(q->s[0].filter, F_COASTAL);
    assert_int_equal(q->s[1].op, OP_REMOVE_IND);
    assert_int_equal(q->s[2].op, OP_LOSE);
    assert_int_equal(q->s[2].t[0].kind, K_MATCHING);
    K->destroy(st);
}

static void test_deck_errors(void **state)
{
    (void)state;
    static const char *const v4 = "\"volcano | - | V | boom | - | \",\"volcano | - | V | boom | - | \","
                                  "\"volcano | - | V | boom | - | \",\"volcano | - | V | boom | - | \"";
    char opts[2048];
    const char *fill = "\"action | 1 | A | a | gain me 1R | \",\"action | 2 | B | b | gain me 1Y | \","
                       "\"action | 3 | C | c | gain me 1G | \",\"action | 4 | D | d | gain me 1B | \","
                       "\"action | 5 | E | e | gain me 1A | \",\"action | 6 | F | f | gain all 1R | \","
                       "\"action | 7 | G | g | gain all 1Y | \",\"action | 8 | H | h | gain all 1G | \","
                       "\"action | 9 | I | i | gain all 1B | \"";
    static const struct {
        const char *line, *want;
    } bad[] = {
        {"action | 10 | Oops | t | frobnicate X | ", "line 1 (Oops): step 1 \"frobnicate\": unknown step"},
        {"action | 10 | Oops | t | gain X 1R | ", "reads X before a step chooses it"},
        {"action | 10 | Oops | t | lose me 1M | ", "M (per removed industry) before a removeind step"},
        {"action | 10 | Oops | t | gain me 2S | ", "S (any support) is for losses"},
        {"action | 10 | Oops | t | choose X coastal ; OR | ", "OR stands alone"},
        {"action | 10 | Oops | t | choose X coastal ; OR ; gain X 1R | ", "reads X before"},
        {"action | 10 | Oops | t | choose X swampy | ", "unknown filter"},
        {"action | 10 | Oops | t | rule no_industry | ", "rule steps belong to environments"},
        {"environment | - | Oops | t | gain me 1R | ", "an environment's steps are rule steps"},
        {"environment | - | Oops | t | rule no_such | ", "unknown rule hook"},
        {"action | x | Oops | t | gain me 1R | ", "the number is 1..9999"},
        {"purple | 10 | Oops | t | gain me 1R | ", "unknown type \"purple\""},
        {"action | 10 | Oops | t | gain me 1R", "six fields"},
        {"action | 10 | Oops | t | gain me N R | ", "gain TARGET TERMS"},
        {"action | 10 | Oops | t | gain me NR | ", "reads N before a count step"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(opts, sizeof opts, "{\"deck\":[\"%s\",%s,%s]}", bad[i].line, fill, v4);
        make_fails(2, opts, bad[i].want);
    }
    /* Three volcanoes are not enough. */
    snprintf(opts, sizeof opts,
             "{\"deck\":[%s,\"volcano | - | V | boom | - | \",\"volcano | - | V | boom | - | \","
             "\"volcano | - | V | boom | - | \"]}", fill);
    make_fails(2, opts, "at least 4 Mount Saint Woobie");
    make_fails(2, "{\"deck\":7}", "option deck");
    /* A small good deck plays and saves with the match. */
    snprintf(opts, sizeof opts, "{\"deck\":[%s,%s]}", fill, v4);
    ww_state *st = make(2, opts, 5);
    assert_int_equal(st->deck->n, 13);
    assert_non_null(st->custom_deck);
    round_trip(st);
    K->destroy(st);
    make_fails(3, opts, "cannot deal 3 hands");
}

/* --- set-up and the phases ------------------------------------------------------------ */

static void test_setup(void **state)
{
    (void)state;
    ww_state *st = make(4, "{}", 11);
    /* Four cards each; no Mount Saint Woobie card in a hand; an environment
     * dealt went on the table with its caretaker. */
    for (int i = 0; i < 4; i++) {
        assert_int_equal(st->seat[i].nhand, 4);
        for (int k = 0; k < 4; k++)
            assert_true(st->deck->c[st->seat[i].hand[k]].type <= WW_COLOUR_ACTION);
    }
    assert_int_equal(st->nvolcano, 0);
    assert_int_equal(st->ndraw + st->nenv + 16, st->deck->n);
    /* Homes, from the first player clockwise: land only, never shared. */
    assert_int_equal(st->phase, P_SETUP);
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":\"woobania\",\"colour\":\"red\"}"),
                     WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"home\",\"area\":\"sea-of-despair\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 0, "{\"type\":\"home\",\"area\":\"woobania\",\"colour\":\"blue\"}");
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":\"woobania\",\"colour\":\"red\"}"),
                     WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":\"atlantis\",\"colour\":\"red\"}"),
                     WB_EILLEGAL);
    assert_non_null(strstr(refused, "no area \"atlantis\""));
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":\"cheeseport\",\"colour\":\"pink\"}"),
                     WB_EILLEGAL);
    /* Malformed bodies: 400 for every game, before the rules. */
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"colour\":\"red\"}"), WB_EINVAL);
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":7,\"colour\":\"red\"}"), WB_EINVAL);
    assert_int_equal(act(st, 1, "{\"type\":\"home\",\"area\":\"cheeseport\",\"colour\":\"red\","
                                "\"x\":1}"), WB_EINVAL);
    assert_int_equal(act(st, 1, "{\"type\":\"fly\"}"), WB_EINVAL);
    ok(st, 1, "{\"type\":\"home\",\"area\":\"cheeseport\",\"colour\":\"red\"}");
    ok(st, 2, "{\"type\":\"home\",\"area\":\"doom-grove\",\"colour\":\"red\"}");
    ok(st, 3, "{\"type\":\"home\",\"area\":\"muckmire\",\"colour\":\"green\"}");
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    assert_int_equal(st->supply[WW_RED], 28);
    assert_int_equal(st->phase, P_SUPPORT);
    assert_int_equal(st->player, 0);
    /* The public view holds no hand; a seat's view its own only. */
    json_t *pub = K->view(st, GAME_SEAT_PUBLIC), *mine = K->view(st, 1);
    json_t *seats = json_object_get(pub, "seats");
    for (size_t i = 0; i < 4; i++)
        assert_null(json_object_get(json_array_get(seats, i), "cards"));
    seats = json_object_get(mine, "seats");
    assert_non_null(json_object_get(json_array_get(seats, 1), "cards"));
    assert_null(json_object_get(json_array_get(seats, 0), "cards"));
    json_decref(pub);
    json_decref(mine);
    K->destroy(st);
}

/* The deck as create shuffles it (the same rng, seeded alike): the card
 * ids bottom first, the top at [n - 1]. */
static void shuffled(uint64_t seed, int n, int16_t *draw)
{
    rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < n; i++)
        draw[i] = (int16_t)i;
    rng_shuffle(&r, draw, (size_t)n, sizeof draw[0]);
}

/* A Mount Saint Woobie card dealt is mixed back into the deck and
 * replaced: a seed whose first four cards hold a volcano deals seat 0
 * four other cards, and all four volcanoes are still in the draw pile. */
static void test_setup_volcano_mixed_back(void **state)
{
    (void)state;
    ww_state *probe = make(4, "{}", 1);
    int n = probe->deck->n, plain = -1, volcano = -1;
    int16_t draw[WW_MAX_CARDS];
    for (uint64_t seed = 1; seed < 2000 && (plain < 0 || volcano < 0); seed++) {
        int v = 0, e = 0;
        shuffled(seed, n, draw);
        for (int i = n - 4; i < n; i++) {
            v += probe->deck->c[draw[i]].type == WW_VOLCANO;
            e += probe->deck->c[draw[i]].type == WW_ENVIRONMENT;
        }
        if (!v && !e && plain < 0)
            plain = (int)seed;
        if (v && volcano < 0)
            volcano = (int)seed;
    }
    assert_true(plain > 0 && volcano > 0);
    /* The replica is the deal: a seed with four plain cards on top deals
     * exactly those to seat 0. */
    ww_state *st = make(4, "{}", (uint64_t)plain);
    shuffled((uint64_t)plain, n, draw);
    for (int i = 0; i < 4; i++)
        assert_int_equal(st->seat[0].hand[i], draw[n - 1 - i]);
    K->destroy(st);
    /* A volcano among seat 0's first four: mixed back, replaced. */
    st = make(4, "{}", (uint64_t)volcano);
    int in_draw = 0;
    for (int seat = 0; seat < 4; seat++) {
        assert_int_equal(st->seat[seat].nhand, 4);
        for (int i = 0; i < 4; i++)
            assert_int_not_equal(st->deck->c[st->seat[seat].hand[i]].type, WW_VOLCANO);
    }
    for (int i = 0; i < st->ndraw; i++)
        in_draw += st->deck->c[st->draw[i]].type == WW_VOLCANO;
    assert_int_equal(in_draw, st->deck->volcanoes);
    assert_int_equal(st->nvolcano, 0);
    assert_int_equal(st->ndraw + st->nenv + 16, n);
    round_trip(st);
    K->destroy(st);
    K->destroy(probe);
}

static void test_phases(void **state)
{
    (void)state;
    ww_state *st = table4(12);
    int c;
    /* a) Support: one coloured support on the home... */
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 0, "{\"type\":\"industry\",\"area\":\"woobania\","
                                "\"colour\":\"red\"}"), WB_ENOTTURN);
    ok(st, 0, "{\"type\":\"support\",\"colour\":\"yellow\"}");
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 1);
    /* b) Industry: one from the supply into any area, water too. */
    assert_int_equal(st->phase, P_INDUSTRY);
    ok(st, 0, "{\"type\":\"industry\",\"area\":\"sea-of-despair\",\"colour\":\"blue\"}");
    assert_int_equal(st->industries[A(st, "sea-of-despair")][WW_BLUE], 1);
    assert_int_equal(st->supply_ind[WW_BLUE], 7);
    /* c) Play: a COLOUR ACTION needs its colour at home. */
    assert_int_equal(st->phase, P_PLAY);
    c = give(st, 0, "Green Thumb");
    assert_int_equal(act(st, 0, "{\"type\":\"play\",\"card\":99}"), WB_EILLEGAL);
    char body[64];
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c);
    assert_int_equal(act(st, 0, body), WB_EILLEGAL);
    c = give(st, 0, "Burning Ambition"); /* red: the home has one red */
    int before = st->ndiscard;
    play(st, c);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 3);
    /* d) Draw: the hand is back to four; the next player clockwise. */
    assert_int_equal(st->ndiscard, before + 1);
    assert_int_equal(st->seat[0].nhand, 4);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->phase, P_SUPPORT);
    assert_non_null(event("drew"));
    /* ...or move one Anarch to a bordering area (water included). */
    put(st, "sea-of-despair", WW_ANARCH, 2);
    assert_int_equal(act(st, 1, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
                                "\"to\":\"woobania\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\",\"to\":\"doom-grove\"}");
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 1);
    assert_int_equal(sup(st, "sea-of-despair", WW_ANARCH), 1);
    assert_int_equal(st->phase, P_INDUSTRY);
    /* With no industries left, the industry phase is skipped. */
    ok(st, 1, "{\"type\":\"skip\"}");
    for (int k = 0; k < WW_COLOURS; k++)
        st->start_industries[k] -= st->supply_ind[k], st->supply_ind[k] = 0;
    c = give(st, 1, "Heat Wave");
    play(st, c);
    assert_int_equal(st->player, 2);
    ok(st, 2, "{\"type\":\"support\",\"colour\":\"green\"}");
    assert_int_equal(st->phase, P_PLAY);
    assert_non_null(event("industry_phase_skipped"));
    K->destroy(st);
}

/* The home has no support at all: a coloured support on any land area
 * that is nobody else's home, which becomes the new home. */
static void test_new_home(void **state)
{
    (void)state;
    ww_state *st = table4(13);
    to_play(st);
    put(st, "woobania", WW_RED, 0); /* seat 1's home is empty */
    play(st, give(st, 0, "Heat Wave"));
    assert_int_equal(st->player, 1);
    assert_true(st->must_rehome);
    assert_int_equal(act(st, 1, "{\"type\":\"support\",\"colour\":\"red\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 1, "{\"type\":\"new_home\",\"area\":\"doom-grove\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"new_home\",\"area\":\"snugglebury\",\"colour\":\"green\"}");
    assert_int_equal(st->seat[1].home, A(st, "snugglebury"));
    assert_int_equal(sup(st, "snugglebury", WW_GREEN), 1);
    assert_int_equal(st->phase, P_INDUSTRY);
    K->destroy(st);
}

/* "No support on his home": Anarchs are support, so a home of Anarchs
 * only stays a home; with no coloured support left in the pile nothing can
 * be placed and the turn goes on (the support phase may still move an
 * Anarch). */
static void test_rehome_edges(void **state)
{
    (void)state;
    ww_state *st = table4(36);
    to_play(st);
    put(st, "woobania", WW_RED, 0);
    put(st, "woobania", WW_ANARCH, 1); /* seat 1: one Anarch, no colour */
    play(st, give(st, 0, "Burning Ambition"));
    assert_int_equal(st->player, 1);
    assert_false(st->must_rehome);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"yellow\"}");
    assert_int_equal(st->seat[1].home, A(st, "woobania"));
    ok(st, 1, "{\"type\":\"skip\"}");
    play(st, give(st, 1, "Heat Wave")); /* Woobania's Anarch goes */
    /* Seat 2's home empty and the pile dry of colours. */
    assert_int_equal(st->player, 2);
    put(st, "cheeseport", WW_RED, 0);
    st->seat[2].home = A(st, "cheeseport");
    for (int k = 0; k < WW_COLOURS; k++) {
        st->start_support[k] -= st->supply[k];
        st->supply[k] = 0;
    }
    round_trip(st);
    to_play(st);
    play(st, give(st, 2, "Heat Wave"));
    to_play(st);
    play(st, give(st, 3, "Heat Wave"));
    to_play(st);
    play(st, give(st, 0, "Heat Wave"));
    to_play(st);
    play(st, give(st, 1, "Heat Wave"));
    assert_int_equal(st->player, 2);
    assert_false(st->must_rehome); /* nothing to place: no new home */
    assert_int_equal(st->seat[2].home, A(st, "cheeseport"));
    assert_int_equal(act(st, 2, "{\"type\":\"new_home\",\"area\":\"snugglebury\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    K->destroy(st);
}

/* Anarchs live anywhere, bodies of water included; coloured support only
 * in homes. */
static void test_anarchs_anywhere(void **state)
{
    (void)state;
    ww_state *st = table4(37);
    put(st, "doom-grove", WW_ANARCH, 1);
    /* Sailing: the support phase moves one to a body of water. */
    ok(st, 0, "{\"type\":\"move_anarch\",\"from\":\"doom-grove\","
              "\"to\":\"sea-of-despair\"}");
    assert_int_equal(sup(st, "sea-of-despair", WW_ANARCH), 1);
    ok(st, 0, "{\"type\":\"skip\"}");
    /* Mob Rule on the water: +3A there. */
    play(st, give(st, 0, "Mob Rule"));
    decide(st, "gulf-of-giggles");
    assert_int_equal(sup(st, "gulf-of-giggles", WW_ANARCH), 3);
    /* Never off the board: only to an area it borders. */
    put(st, "muckmire", WW_ANARCH, 1);
    assert_int_equal(act(st, 1, "{\"type\":\"move_anarch\",\"from\":\"muckmire\","
                                "\"to\":\"gulf-of-giggles\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"move_anarch\",\"from\":\"muckmire\","
              "\"to\":\"bay-of-burps\"}");
    assert_int_equal(sup(st, "bay-of-burps", WW_ANARCH), 1);
    K->destroy(st);
}

/* --- save/load ------------------------------------------------------------------------ */

static void test_load_checks(void **state)
{
    (void)state;
    ww_state *st = table4(30);
    json_t *s = K->save(st);
    void *p = NULL;
    char *why = NULL;
    static const char *const breakers[] = {
        "{\"format\":2}", "{\"supply\":[30,30,30,30,29]}", "{\"phase\":\"dancing\"}",
        "{\"draw\":[0,0]}", "{\"nseats\":9}", "{\"map\":7}", "{\"run\":{}}",
        "{\"volcano\":[999]}",
    };
    for (size_t i = 0; i < sizeof breakers / sizeof breakers[0]; i++) {
        json_t *bad = json_deep_copy(s), *patch = json_loads(breakers[i], 0, NULL);
        json_object_update(bad, patch);
        assert_int_not_equal(K->load(bad, &p, &why), WB_OK);
        assert_non_null(why);
        free(why);
        why = NULL;
        json_decref(bad);
        json_decref(patch);
    }
    /* Coloured support outside a home. */
    put(st, "bambooton", WW_RED, 1);
    json_t *bad = K->save(st);
    assert_int_equal(K->load(bad, &p, &why), WB_EINVAL);
    assert_non_null(strstr(why, "outside a home"));
    free(why);
    json_decref(bad);
    json_decref(s);
    K->destroy(st);
}

/* --- random matches ------------------------------------------------------------------- */

static void random_match(uint64_t seed, int n, const char *opts)
{
    ww_state *st = make(n, opts, seed);
    rng r;
    int steps = 0;
    rng_seed(&r, seed * 7 + 1);
    for (; st->phase != P_OVER && steps < 6000; steps++) {
        int cands[WW_MAX_SEATS + 1], nc = 0, seat;
        json_t *acts;
        for (int x = 0; x < n; x++) {
            acts = K->actions(st, x);
            if (json_array_size(acts))
                cands[nc++] = x;
            json_decref(acts);
        }
        /* The host disputes now and then, not always. */
        acts = K->actions(st, GAME_SEAT_HOST);
        if (json_array_size(acts) && (nc == 0 || rng_below(&r, 20) == 0))
            cands[nc++] = GAME_SEAT_HOST;
        json_decref(acts);
        if (!nc)
            fail_msg("seed %llu: nobody can act in phase %s", (unsigned long long)seed,
                     ww_phase_names[st->phase]);
        seat = cands[rng_below(&r, (uint64_t)nc)];
        acts = K->actions(st, seat);
        json_t *a = json_array_get(acts, rng_below(&r, json_array_size(acts)));
        char *d = json_dumps(a, JSON_COMPACT);
        ok(st, seat, "%s", d);
        free(d);
        json_decref(acts);
    }
    if (st->phase != P_OVER)
        fail_msg("seed %llu: not over after %d steps", (unsigned long long)seed, steps);
    K->destroy(st);
}

static void test_random_matches(void **state)
{
    (void)state;
    /* A custom deck of "play another card" cards empties hands. */
    char deck[2048] = "", opts[2200];
    for (int i = 0; i < 18; i++)
        snprintf(deck + strlen(deck), sizeof deck - strlen(deck),
                 "\"action | %d | More %d | t | %s | \",", 10 + i, i,
                 i < 14 ? "extra" : "gain me 1R");
    for (int i = 0; i < 4; i++)
        snprintf(deck + strlen(deck), sizeof deck - strlen(deck),
                 "\"volcano | - | V | boom | - | \"%s", i < 3 ? "," : "");
    snprintf(opts, sizeof opts, "{\"deck\":[%s]}", deck);
    random_match(77, 3, opts);
    random_match(79, 2, opts);
    snprintf(opts, sizeof opts, "{\"deck\":[%s],\"speed\":true}", deck);
    random_match(78, 3, opts);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        random_match(seed, 2 + (int)(seed % 7), "{}");
        random_match(seed + 100, 2 + (int)(seed % 5), "{\"speed\":true}");
    }
    random_match(999, 8, "{\"support\":2,\"anarchs\":3,\"industries\":1}");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_map_default, teardown),
        cmocka_unit_test_teardown(test_map_errors, teardown),
        cmocka_unit_test_teardown(test_deck_default, teardown),
        cmocka_unit_test_teardown(test_deck_errors, teardown),
        cmocka_unit_test_teardown(test_setup, teardown),
        cmocka_unit_test_teardown(test_setup_volcano_mixed_back, teardown),
        cmocka_unit_test_teardown(test_phases, teardown),
        cmocka_unit_test_teardown(test_rehome_edges, teardown),
        cmocka_unit_test_teardown(test_anarchs_anywhere, teardown),
        cmocka_unit_test_teardown(test_new_home, teardown),
        cmocka_unit_test_teardown(test_load_checks, teardown),
        cmocka_unit_test_teardown(test_random_matches, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
