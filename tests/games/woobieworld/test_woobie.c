/*
 * test_woobie.c - the Woobieworld module (games/woobieworld/), rule by rule:
 * the default map and deck against the facts of the rules text, the
 * loaders' errors, set-up, the four phases, a new home, NEIGHBOURING
 * including itself, the supply running dry, clockwise order, rounding in
 * the loser's favour, the Quicksand worked example (literally), OR cards,
 * environments and the cards that beat or remove them, moving Anarchs,
 * the fourth volcano, scores with negatives and ties, the speed variant's
 * cycles and their secrets, disputed cards, save/load, and seeded random
 * matches to the end.  Scenes are arranged by editing the plain C state
 * (woobie_int.h), keeping every card and piece in exactly one place, so
 * load() accepts every state a test makes.
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

static const game_kind *const K = &game_woobie;
static const int64_t T0 = 1700000000000;

/* The events of the last successful apply. */
static json_t *ev;

static int teardown(void **state)
{
    (void)state;
    json_decref(ev);
    ev = NULL;
    return 0;
}

/* --- helpers ------------------------------------------------------------------------ */

static int make_rc(int n, const char *opts, uint64_t seed, ww_state **st, char **why)
{
    static const char *const names[] = {"ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal"};
    json_t *o = json_loads(opts, 0, NULL);
    game_ctx ctx = {NULL, T0};
    void *p = NULL;
    assert_non_null(o);
    int rc = K->create(&ctx, names, (size_t)n, o, seed, &p, why);
    json_decref(o);
    *st = p;
    return rc;
}

static ww_state *make(int n, const char *opts, uint64_t seed)
{
    ww_state *st = NULL;
    char *why = NULL;
    if (make_rc(n, opts, seed, &st, &why))
        fail_msg("create %d players %s: %s", n, opts, why);
    return st;
}

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

static int save_is(const ww_state *st, const json_t *saved)
{
    json_t *s = K->save(st);
    int eq = json_equal(s, saved);
    json_decref(s);
    return eq;
}

static void round_trip(const ww_state *st)
{
    json_t *s = K->save(st);
    void *copy = NULL;
    char *why = NULL;
    if (K->load(s, &copy, &why))
        fail_msg("load of a saved state: %s", why);
    assert_true(save_is(copy, s));
    K->destroy(copy);
    json_decref(s);
}

/* Apply `body` from `seat`; a refusal must change nothing (and its reason
 * is kept in `refused`). */
static char refused[512];
static int act(ww_state *st, int seat, const char *body)
{
    json_t *a = json_loads(body, 0, NULL), *before = K->save(st), *e = json_array();
    game_ctx ctx = {NULL, T0};
    char *why = NULL;
    assert_non_null(a);
    int rc = K->apply(st, &ctx, seat, a, e, &why);
    if (rc) {
        assert_non_null(why);
        assert_true(save_is(st, before));
        assert_int_equal(json_array_size(e), 0);
        json_decref(e);
    } else {
        json_decref(ev);
        ev = e;
        round_trip(st);
    }
    snprintf(refused, sizeof refused, "%s", why ? why : "");
    free(why);
    json_decref(a);
    json_decref(before);
    return rc;
}

static void ok(ww_state *st, int seat, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void ok(ww_state *st, int seat, const char *fmt, ...)
{
    char body[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    json_t *a = json_loads(body, 0, NULL), *e = json_array();
    game_ctx ctx = {NULL, T0};
    char *why = NULL;
    int rc = K->apply(st, &ctx, seat, a, e, &why);
    if (rc)
        fail_msg("seat %d %s refused: %s", seat, body, why);
    json_decref(ev);
    ev = e;
    json_decref(a);
    round_trip(st);
}

static int A(const ww_state *st, const char *id)
{
    int a = ww_area_find(st->map, id);
    if (a < 0)
        fail_msg("no area %s", id);
    return a;
}

static int card_named(const ww_state *st, const char *name)
{
    for (int i = 0; i < st->deck->n; i++)
        if (strcmp(st->deck->c[i].name, name) == 0)
            return i;
    fail_msg("no card %s", name);
    return -1;
}

/* Put the card called `name` (from the draw pile, the discard pile or
 * another hand) into the seat's hand in place of its first card, which
 * goes where the named card was. */
static int give(ww_state *st, int seat, const char *name)
{
    int16_t *where[WW_MAX_CARDS * 2];
    int n = 0;
    for (int i = 0; i < st->seat[seat].nhand; i++)
        if (strcmp(st->deck->c[st->seat[seat].hand[i]].name, name) == 0)
            return st->seat[seat].hand[i];
    for (int i = 0; i < st->ndraw; i++)
        where[n++] = &st->draw[i];
    for (int i = 0; i < st->ndiscard; i++)
        where[n++] = &st->discard[i];
    for (int p = 0; p < st->nseats; p++)
        for (int i = 0; p != seat && i < st->seat[p].nhand; i++)
            where[n++] = &st->seat[p].hand[i];
    for (int i = 0; i < n; i++)
        if (strcmp(st->deck->c[*where[i]].name, name) == 0) {
            int16_t c = *where[i];
            *where[i] = st->seat[seat].hand[0];
            st->seat[seat].hand[0] = c;
            return c;
        }
    fail_msg("no %s to give", name);
    return -1;
}

/* No environment comes into play unless a test puts it there: all of
 * them go to the discard pile. */
static void calm(ww_state *st)
{
    int k = 0;
    while (st->nenv)
        st->discard[st->ndiscard++] = st->env[--st->nenv].card;
    for (int i = 0; i < st->ndraw; i++) {
        if (st->deck->c[st->draw[i]].type == WW_ENVIRONMENT)
            st->discard[st->ndiscard++] = st->draw[i];
        else
            st->draw[k++] = st->draw[i];
    }
    st->ndraw = k;
}

/* Take the `skip`-th card called `name` out of the draw or discard pile. */
static int16_t take_card(ww_state *st, const char *name, int skip)
{
    int16_t *piles[2] = {st->draw, st->discard};
    int *n[2] = {&st->ndraw, &st->ndiscard};
    for (int p = 0; p < 2; p++)
        for (int i = *n[p] - 1; i >= 0; i--)
            if (strcmp(st->deck->c[piles[p][i]].name, name) == 0 && skip-- == 0) {
                int16_t c = piles[p][i];
                memmove(&piles[p][i], &piles[p][i + 1], (size_t)(*n[p] - i - 1) * sizeof c);
                (*n[p])--;
                return c;
            }
    fail_msg("no %s in the draw or discard pile", name);
    return -1;
}

/* Put the card called `name` on top of the draw pile. */
static void on_top(ww_state *st, const char *name, int skip)
{
    int16_t c = take_card(st, name, skip);
    st->draw[st->ndraw++] = c;
}

/* Put the environment called `name` on the table. */
static void to_table(ww_state *st, const char *name, int caretaker)
{
    int16_t c = take_card(st, name, 0);
    st->env[st->nenv++] = (ww_table_card){c, (int8_t)caretaker};
}

/* Set the pieces of `kind` at an area to n, through the supply. */
static void put(ww_state *st, const char *area, int kind, int n)
{
    int a = A(st, area);
    st->supply[kind] += st->support[a][kind] - n;
    st->support[a][kind] = n;
    assert_true(st->supply[kind] >= 0);
}

static void put_ind(ww_state *st, const char *area, int colour, int n)
{
    int a = A(st, area);
    st->supply_ind[colour] += st->industries[a][colour] - n;
    st->industries[a][colour] = n;
    assert_true(st->supply_ind[colour] >= 0);
}

static int sup(const ww_state *st, const char *area, int kind)
{
    return st->support[A(st, area)][kind];
}

/* Every seat picks its home in turn (homes[i] for seat i), red support. */
static void homes(ww_state *st, const char *const *h)
{
    for (int i = 0; i < st->nseats; i++)
        ok(st, i, "{\"type\":\"home\",\"area\":\"%s\",\"colour\":\"red\"}", h[i]);
}

/* Skip the support and industry phases of the player to act. */
static void to_play(ww_state *st)
{
    int p = st->player;
    assert_int_equal(st->phase, P_SUPPORT);
    ok(st, p, "{\"type\":\"skip\"}");
    if (st->phase == P_INDUSTRY)
        ok(st, p, "{\"type\":\"skip\"}");
    assert_int_equal(st->phase, P_PLAY);
}

static void play(ww_state *st, int card)
{
    ok(st, st->player, "{\"type\":\"play\",\"card\":%d}", card);
}

static void decide(ww_state *st, const char *choice)
{
    assert_int_equal(st->phase, P_EFFECT);
    ok(st, st->run.ask_seat, "{\"type\":\"decide\",\"choice\":\"%s\"}", choice);
}

static json_t *event(const char *type)
{
    size_t i;
    json_t *e;
    json_array_foreach(ev, i, e)
        if (strcmp(json_string_value(json_object_get(e, "type")), type) == 0)
            return e;
    return NULL;
}

/* The default four-player table: homes Doom Grove (0), Woobania (1),
 * Cheeseport (2), Muckmire (3); the play phase of seat 0. */
static const char *const four[] = {"doom-grove", "woobania", "cheeseport", "muckmire"};

static ww_state *table4(uint64_t seed)
{
    ww_state *st = make(4, "{}", seed);
    calm(st);
    homes(st, four);
    return st;
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
    /* Every mechanism the issue names, used several times. */
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

static int in_hand_named(const ww_state *st, int seat, const char *name)
{
    for (int i = 0; i < st->seat[seat].nhand; i++)
        if (strcmp(st->deck->c[st->seat[seat].hand[i]].name, name) == 0)
            return 1;
    return 0;
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

/* --- cards -------------------------------------------------------------------------- */

/* "Choose a red industry.  Every neighbouring home gains +1R": the home
 * the industry is in counts as a neighbour. */
static void test_neighbouring_includes_itself(void **state)
{
    (void)state;
    ww_state *st = table4(14);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Red Alert")); /* one red industry: chosen at once */
    assert_int_equal(sup(st, "woobania", WW_RED), 2);   /* itself */
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* borders Woobania */
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1); /* does not */
    assert_int_equal(sup(st, "muckmire", WW_RED), 1);
    K->destroy(st);
}

/* Several homes gain clockwise from the card's player, each in full,
 * until the supply runs dry; the card still plays. */
static void test_supply_dry_clockwise(void **state)
{
    (void)state;
    ww_state *st = table4(15);
    to_play(st);
    play(st, give(st, 0, "Heat Wave"));
    to_play(st);
    play(st, give(st, 1, "Heat Wave"));
    to_play(st); /* seat 2 plays */
    st->start_support[WW_RED] -= st->supply[WW_RED] - 2;
    st->supply[WW_RED] = 2; /* two red left */
    play(st, give(st, 2, "Rally"));
    assert_int_equal(sup(st, "cheeseport", WW_RED), 2); /* seat 2 first */
    assert_int_equal(sup(st, "muckmire", WW_RED), 2);   /* then seat 3 */
    assert_int_equal(sup(st, "doom-grove", WW_RED), 1); /* dry: nothing */
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    assert_int_equal(st->supply[WW_RED], 0);
    /* A card about pieces that are partly gone does what it still can. */
    to_play(st);
    play(st, give(st, 3, "Mixed Blessing"));
    assert_int_equal(sup(st, "muckmire", WW_RED), 2);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 1);
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 2);
    assert_int_equal(st->player, 0);
    K->destroy(st);
}

/* "Loses half of all support", odd: the loss is rounded down, and the
 * loser (not the card's player) chooses which pieces. */
static void test_half_rounding(void **state)
{
    (void)state;
    ww_state *st = table4(16);
    to_play(st);
    put(st, "woobania", WW_YELLOW, 2);
    put(st, "woobania", WW_ANARCH, 2); /* 1R 2Y 2A: five pieces */
    play(st, give(st, 0, "Stampede"));
    decide(st, "woobania");
    assert_int_equal(st->run.ask, ASK_LOSE);
    assert_int_equal(st->run.ask_seat, 1); /* the loser chooses */
    assert_int_equal(st->run.left, 2);     /* 5 / 2 = 2: keeps the odd one */
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"anarch\"}"), WB_ENOTTURN);
    assert_int_equal(act(st, 1, "{\"type\":\"decide\",\"choice\":\"green\"}"), WB_EILLEGAL);
    decide(st, "anarch");
    decide(st, "anarch"); /* "support" includes Anarchs */
    assert_int_equal(ww_pieces(st, A(st, "woobania")), 3);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 0);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 2);
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

static void test_half_of_one(void **state)
{
    (void)state;
    ww_state *st = table4(17);
    to_play(st);
    play(st, give(st, 0, "Stampede"));
    decide(st, "woobania"); /* 1 red: loses 0 */
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    assert_int_equal(st->player, 1);
    /* Coloured only: Anarchs do not count and are not taken. */
    to_play(st);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_ANARCH, 5);
    put(st, "woobania", WW_YELLOW, 1); /* seat 1 can play yellow */
    play(st, give(st, 1, "Sunstroke"));
    decide(st, "doom-grove");
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* 3 / 2 = 1 lost */
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 5);
    assert_int_equal(st->player, 2);
    K->destroy(st);
}

/* Four seats at home in Snugglebury, Doom Grove, Cheeseport and Muckmire,
 * seat 0 in its play phase: the table of the Quicksand tests. */
static ww_state *quicksand_table(void)
{
    static const char *const h[] = {"snugglebury", "doom-grove", "cheeseport", "muckmire"};
    ww_state *st = make(4, "{}", 18);
    calm(st);
    homes(st, h);
    to_play(st);
    return st;
}

/* The rules' worked example, literally.  Doom Grove is an opponent's home
 * and coastal; its industries and those of Margaritaville, Woobania,
 * Sulfer Springs, BamBooton, Cheeseport and the Sea of Despair come off
 * the board (two yellow, two red, one blue); every neighbouring home then
 * loses a support of the matching colour per removed industry, as far as
 * it has them: no yellow means nothing, one red of two goes and the
 * excess is forgotten, green and Anarchs are untouched. */
static void test_quicksand(void **state)
{
    (void)state;
    ww_state *st = quicksand_table();
    put_ind(st, "doom-grove", WW_YELLOW, 1);
    put_ind(st, "margaritaville", WW_RED, 1);
    put_ind(st, "sea-of-despair", WW_YELLOW, 1);
    put_ind(st, "bambooton", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "muckmire", WW_RED, 1);   /* not a neighbour: stays */
    put_ind(st, "snugglebury", WW_GREEN, 1);
    /* The opponent in Doom Grove: no yellow, one red, two blue, green,
     * Anarchs. */
    put(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_BLUE, 2);
    put(st, "doom-grove", WW_GREEN, 3);
    put(st, "doom-grove", WW_ANARCH, 2);
    /* Cheeseport borders Doom Grove: 3 yellow, 3 red. */
    put(st, "cheeseport", WW_YELLOW, 3);
    put(st, "cheeseport", WW_RED, 3);
    put(st, "muckmire", WW_YELLOW, 2); /* not a neighbour */
    play(st, give(st, 0, "Quicksand"));
    /* First sentence: choose a coastal area. */
    assert_int_equal(st->run.ask, ASK_AREA);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"woobania\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"sea-of-despair\"}"),
                     WB_EILLEGAL);
    decide(st, "doom-grove");
    /* Second: every neighbouring industry, Doom Grove's too. */
    json_t *rem = event("industries_removed");
    assert_non_null(rem);
    assert_int_equal(json_integer_value(json_object_get(rem, "n")), 5);
    assert_int_equal(st->industries[A(st, "doom-grove")][WW_YELLOW], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 0);
    assert_int_equal(st->industries[A(st, "sea-of-despair")][WW_YELLOW], 0);
    assert_int_equal(st->industries[A(st, "muckmire")][WW_RED], 1);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    assert_int_equal(st->supply_ind[WW_YELLOW], 8);
    /* Third: 2 yellow, 2 red, 1 blue per neighbouring home. */
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 0);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 0);   /* one of two */
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 1);
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 3); /* untouched */
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 2);
    assert_int_equal(sup(st, "cheeseport", WW_YELLOW), 1);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 2);  /* not a neighbour */
    assert_int_equal(sup(st, "snugglebury", WW_RED), 1);
    /* And with a smug smile the turn is over. */
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

/* "All neighbouring industries are removed" (Quicksand): the event counts
 * them colour by colour (tally: red, yellow, green, blue), the count the
 * next sentence spends ("for each industry that was removed"). */
static void test_removed_industries_by_colour(void **state)
{
    (void)state;
    ww_state *st = quicksand_table();
    put_ind(st, "margaritaville", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 2);
    play(st, give(st, 0, "Quicksand"));
    decide(st, "doom-grove");
    json_t *tally = json_object_get(event("industries_removed"), "tally");
    assert_int_equal(json_array_size(tally), 4);
    assert_int_equal(json_integer_value(json_array_get(tally, 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(tally, 1)), 0);
    assert_int_equal(json_integer_value(json_array_get(tally, 2)), 0);
    assert_int_equal(json_integer_value(json_array_get(tally, 3)), 2);
    K->destroy(st);
}

/* An OR card: the player picks a side and the other is ignored. */
static void test_or(void **state)
{
    (void)state;
    ww_state *st = table4(19);
    to_play(st);
    put(st, "doom-grove", WW_ANARCH, 3);
    int c = give(st, 0, "Clean Sweep");
    play(st, c);
    assert_int_equal(st->run.ask, ASK_SIDE);
    json_t *acts = K->actions(st, 0);
    assert_int_equal(json_array_size(acts), 2);
    json_decref(acts);
    decide(st, "second");
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 3); /* first side ignored */
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 1);
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 1);
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 1);
    to_play(st);
    put(st, "doom-grove", WW_RED, 2);
    play(st, give(st, 1, "Tough Choices"));
    decide(st, "first");
    decide(st, "blue");
    decide(st, "green");
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 2); /* second side ignored */
    K->destroy(st);
}

/* Move the industry / Anarchs; the destination is a decision. */
static void test_moving_anarchs(void **state)
{
    (void)state;
    ww_state *st = table4(20);
    to_play(st);
    put(st, "sea-of-despair", WW_ANARCH, 3);
    put(st, "soggy-sound", WW_ANARCH, 1);
    play(st, give(st, 0, "Anarchy in the Streets"));
    decide(st, "sea-of-despair");
    assert_int_equal(st->run.ask, ASK_AREA);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"sea-of-despair\"}"),
                     WB_EILLEGAL); /* a bordering area, not itself */
    decide(st, "cheeseport");
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 3);
    assert_int_equal(sup(st, "sea-of-despair", WW_ANARCH), 0);
    /* Refugees: from my home to another's. */
    to_play(st);
    put(st, "woobania", WW_ANARCH, 5);
    play(st, give(st, 1, "Refugees"));
    decide(st, "muckmire");
    assert_int_equal(sup(st, "muckmire", WW_ANARCH), 3);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 2);
    K->destroy(st);
}

extern const unsigned char woobie_deck_txt[];

/* "Remove an ENVIRONMENT card from the table" (Greenpeace): the player
 * removes the one chosen, whichever card of the deck it is - the first
 * too, on a custom deck that begins with Industrial Strike. */
static void test_the_chosen_environment_goes(void **state)
{
    (void)state;
    json_t *lines = json_array();
    char *text = strdup((const char *)woobie_deck_txt), *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
        if (l[0] != '#' && l[0] != '\0')
            json_array_insert_new(lines, strstr(l, "| Industrial Strike |") ? 0 : json_array_size(lines),
                                  json_string(l));
    free(text);
    json_t *o = json_pack("{s:o}", "deck", lines);
    char *opts = json_dumps(o, 0);
    json_decref(o);
    ww_state *st = make(4, opts, 21);
    free(opts);
    assert_string_equal(st->deck->c[0].name, "Industrial Strike");
    calm(st);
    homes(st, four);
    to_play(st);
    to_table(st, "Baby Boom", 1);
    to_table(st, "Industrial Strike", 2);
    put(st, four[0], WW_GREEN, 1); /* a green action needs green support at home */
    play(st, give(st, 0, "Greenpeace"));
    assert_int_equal(st->run.ask, ASK_ENV);
    decide(st, "0");
    assert_int_equal(st->nenv, 1);
    assert_string_equal(st->deck->c[st->env[0].card].name, "Baby Boom");
    K->destroy(st);
}

/* Environments change the rules while on the table; the card beats the
 * rules; cards remove them. */
static void test_environments(void **state)
{
    (void)state;
    ww_state *st = table4(21);
    char body[96];
    /* Drawn: on the table at once, the drawer its caretaker, another drawn. */
    to_play(st);
    on_top(st, "Industrial Strike", 0);
    play(st, give(st, 0, "Heat Wave"));
    assert_int_equal(st->nenv, 1);
    assert_int_equal(st->env[0].caretaker, 0);
    assert_int_equal(st->seat[0].nhand, 4);
    assert_true(ww_hook_on(st, H_NO_INDUSTRY));
    /* No industry phase while it is there... */
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"red\"}");
    assert_int_equal(st->phase, P_PLAY);
    /* ...but a card that places one beats the rule. */
    play(st, give(st, 1, "Boom Town"));
    decide(st, "snugglebury");
    decide(st, "green");
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    /* Open Borders: colour actions without their colour. */
    to_table(st, "Open Borders", 1);
    round_trip(st);
    ok(st, 2, "{\"type\":\"skip\"}");
    int c = give(st, 2, "Green Thumb");
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c);
    ok(st, 2, "%s", body);
    assert_int_equal(sup(st, "cheeseport", WW_GREEN), 2);
    /* Greenpeace removes one: the player chooses which of the two. */
    ok(st, 3, "{\"type\":\"skip\"}");
    play(st, give(st, 3, "Greenpeace"));
    assert_int_equal(st->run.ask, ASK_ENV);
    snprintf(body, sizeof body, "%d", card_named(st, "Industrial Strike"));
    decide(st, body);
    assert_false(ww_hook_on(st, H_NO_INDUSTRY));
    assert_true(ww_hook_on(st, H_FREE_COLOUR));
    assert_non_null(event("environment_removed"));
    /* Back to seat 0: the industry phase is there again. */
    ok(st, 0, "{\"type\":\"skip\"}");
    assert_int_equal(st->phase, P_INDUSTRY);
    K->destroy(st);
}

static void test_environment_hooks(void **state)
{
    (void)state;
    ww_state *st = table4(22);
    const char *const names[] = {"Baby Boom", "Martial Law", "Clean Water Act",
                                 "Mountain Retreat"};
    for (int i = 0; i < 4; i++)
        to_table(st, names[i], 0);
    round_trip(st);
    /* The hooks act from the next turn; end this one. */
    to_play(st);
    play(st, give(st, 0, "Heat Wave"));
    /* Baby Boom: two support placements. */
    assert_int_equal(st->support_left, 2);
    put(st, "sea-of-despair", WW_ANARCH, 1);
    /* Martial Law: no Anarch moves. */
    assert_int_equal(act(st, 1, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
                                "\"to\":\"doom-grove\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"red\"}");
    assert_int_equal(st->phase, P_SUPPORT);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"blue\"}");
    assert_int_equal(sup(st, "woobania", WW_RED), 2);
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    /* Clean Water Act: no industry in the water in the industry phase. */
    assert_int_equal(st->phase, P_INDUSTRY);
    assert_int_equal(act(st, 1, "{\"type\":\"industry\",\"area\":\"bay-of-burps\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"industry\",\"area\":\"woobania\",\"colour\":\"red\"}");
    /* Mountain Retreat: a mountain home loses nothing for Anarchs. */
    int score[4], win[4];
    st->seat[3].home = A(st, "grumble-hills");
    put(st, "muckmire", WW_RED, 0);
    put(st, "grumble-hills", WW_RED, 2);
    put(st, "grumble-hills", WW_ANARCH, 3);
    ww_scores(st, score, win);
    assert_int_equal(score[3], 4);
    st->nenv--; /* Mountain Retreat leaves the table */
    st->discard[st->ndiscard++] = (int16_t)card_named(st, "Mountain Retreat");
    ww_scores(st, score, win);
    assert_int_equal(score[3], 4 - 9);
    round_trip(st);
    K->destroy(st);
}

/* Draw: a Mount Saint Woobie card drawn goes on the table and another is
 * drawn; before the fourth the game goes on. */
static void test_draw_volcano(void **state)
{
    (void)state;
    ww_state *st = table4(38);
    to_play(st);
    on_top(st, "Rally", 0);
    on_top(st, "Mount Saint Woobie", 0);
    int rally = st->draw[st->ndraw - 2];
    play(st, give(st, 0, "Heat Wave"));
    assert_int_equal(st->nvolcano, 1);
    assert_non_null(event("volcano"));
    assert_int_equal(st->seat[0].nhand, 4);
    assert_true(in_hand_named(st, 0, "Rally"));
    assert_int_equal(st->seat[0].hand[3], rally);
    assert_int_equal(st->phase, P_SUPPORT);
    assert_int_equal(st->player, 1);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC);
    assert_int_equal(json_integer_value(json_object_get(v, "volcanoes")), 1);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "active");
    json_decref(v);
    K->destroy(st);
}

/* The fourth Mount Saint Woobie card on the table ends the game at once. */
static void test_fourth_volcano(void **state)
{
    (void)state;
    ww_state *st = table4(23);
    to_play(st);
    /* Three on the table already; the fourth on top of the draw pile. */
    for (int k = 0; k < 3; k++) {
        for (int i = st->ndraw - 1; i >= 0; i--)
            if (st->deck->c[st->draw[i]].type == WW_VOLCANO) {
                st->volcano[st->nvolcano++] = st->draw[i];
                memmove(&st->draw[i], &st->draw[i + 1], (size_t)(st->ndraw - i - 1) * 2);
                st->ndraw--;
                break;
            }
    }
    on_top(st, "Mount Saint Woobie", 0);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_ANARCH, 1); /* 9 - 1 = 8 */
    put(st, "woobania", WW_ANARCH, 2);   /* 1 - 4 = -3 */
    play(st, give(st, 0, "Heat Wave"));  /* everyone loses one Anarch first */
    assert_int_equal(st->phase, P_OVER);
    assert_int_equal(st->nvolcano, 4);
    json_t *over = event("game_over");
    assert_non_null(over);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC);
    assert_string_equal(json_string_value(json_object_get(v, "status")), "finished");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "scores"), 0)), 9);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(v, "scores"), 1)), 0);
    assert_int_equal(json_array_size(json_object_get(v, "winners")), 1);
    assert_int_equal(json_array_size(json_object_get(v, "to_act")), 0);
    json_decref(v);
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_ENOTTURN);
    json_t *acts = K->actions(st, 1);
    assert_int_equal(json_array_size(acts), 0);
    json_decref(acts);
    K->destroy(st);
}

/* "At once": the fourth volcano drawn by a card (Insider Tip) ends the
 * game in the middle of the turn; nothing after it happens. */
static void test_fourth_volcano_mid_card(void **state)
{
    (void)state;
    ww_state *st = table4(50);
    to_play(st);
    for (int k = 0; k < 3; k++) {
        on_top(st, "Mount Saint Woobie", 0);
        st->volcano[st->nvolcano++] = st->draw[--st->ndraw];
    }
    on_top(st, "Mount Saint Woobie", 0);
    int nhand = st->seat[0].nhand, ndraw = st->ndraw;
    play(st, give(st, 0, "Insider Tip"));
    assert_int_equal(st->phase, P_OVER);
    assert_int_equal(st->nvolcano, 4);
    assert_non_null(event("game_over"));
    assert_null(event("drew")); /* neither the second card nor the turn's draw */
    assert_int_equal(st->seat[0].nhand, nhand - 1);
    assert_int_equal(st->ndraw, ndraw - 1);
    assert_int_equal(act(st, 1, "{\"type\":\"skip\"}"), WB_ENOTTURN);
    K->destroy(st);
}

/* Squares of each colour, minus the square of the Anarchs; negative
 * scores allowed; ties share the win. */
static void test_scores(void **state)
{
    (void)state;
    ww_state *st = table4(24);
    int score[4], win[4];
    put(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_ANARCH, 3); /* 1 - 9 */
    put(st, "woobania", WW_RED, 2);
    put(st, "woobania", WW_BLUE, 3);     /* 4 + 9 */
    put(st, "cheeseport", WW_RED, 0);
    put(st, "cheeseport", WW_GREEN, 2);
    put(st, "cheeseport", WW_YELLOW, 3); /* 4 + 9 */
    put(st, "muckmire", WW_RED, 0);
    put(st, "muckmire", WW_ANARCH, 1);   /* -1 */
    ww_scores(st, score, win);
    assert_int_equal(score[0], -8);
    assert_int_equal(score[1], 13);
    assert_int_equal(score[2], 13);
    assert_int_equal(score[3], -1);
    assert_int_equal(win[0] + win[1] * 2 + win[2] * 4 + win[3] * 8, 6);
    K->destroy(st);
}

/* The speed variant: cards chosen face down at once, secret until all
 * have chosen; whole turns in increasing card number. */
static void test_cycles(void **state)
{
    (void)state;
    ww_state *st = make(3, "{\"speed\":true}", 25);
    static const char *const h[] = {"doom-grove", "woobania", "cheeseport"};
    calm(st);
    homes(st, h);
    assert_int_equal(st->phase, P_CHOOSE);
    int c0 = give(st, 0, "Burning Ambition"); /* 209, red: playable */
    int c1 = give(st, 1, "Quicksand");        /* 100 */
    int c2 = give(st, 2, "Blue Skies");       /* 500: no blue at home */
    round_trip(st);
    json_t *v = K->view(st, GAME_SEAT_PUBLIC), *to = json_object_get(v, "to_act");
    assert_int_equal(json_array_size(to), 3); /* everyone at once */
    json_decref(v);
    ok(st, 2, "{\"type\":\"choose_card\",\"card\":%d}", c2);
    json_t *priv = event("chose");
    assert_non_null(priv);
    assert_non_null(json_object_get(priv, "private_to"));
    assert_non_null(json_object_get(priv, "card")); /* the owner's copy */
    assert_int_equal(act(st, 2, "{\"type\":\"choose_card\",\"card\":0}"), WB_ENOTTURN);
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    /* Before the reveal no other seat sees a chosen card. */
    json_t *card2 = ww_card_json(st->deck, c2), *card0 = ww_card_json(st->deck, c0);
    for (int seat = GAME_SEAT_PUBLIC; seat < 3; seat++) {
        json_t *view = K->view(st, seat);
        char *d = json_dumps(view, JSON_COMPACT);
        if (seat != 2 && strstr(d, "\"Blue Skies\""))
            fail_msg("seat %d sees seat 2's chosen card", seat);
        if (seat != 0 && strstr(d, "\"Burning Ambition\""))
            fail_msg("seat %d sees seat 0's chosen card", seat);
        free(d);
        json_decref(view);
    }
    json_decref(card2);
    json_decref(card0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    /* Revealed: seat 1 (100), seat 0 (209), seat 2 (500). */
    json_t *rev = event("reveal");
    assert_non_null(rev);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 0)), 1);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 1)), 0);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(rev, "order"), 2)), 2);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->phase, P_SUPPORT);
    to_play(st);
    /* Only the chosen card is played. */
    ok(st, 1, "{\"type\":\"play\",\"card\":%d}", c1);
    decide(st, "doom-grove");
    assert_int_equal(st->player, 0);
    assert_int_equal(st->seat[1].nhand, 4);
    to_play(st);
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(st->player, 2);
    /* Blue Skies needs blue at home and the pile has blue: the support
     * phase must meet the requirement (the text allows taking a card back
     * only for one "he CANNOT MEET WITH THE USE OF HIS SUPPORT AND
     * INDUSTRY PHASES"). */
    assert_int_equal(act(st, 2, "{\"type\":\"support\",\"colour\":\"green\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 2, "{\"type\":\"skip\"}"), WB_EILLEGAL);
    json_t *acts = K->actions(st, 2);
    assert_int_equal(json_array_size(acts), 1); /* blue, nothing else */
    assert_string_equal(json_string_value(json_object_get(json_array_get(acts, 0), "colour")),
                        "blue");
    json_decref(acts);
    /* With no blue left in the pile seat 2 cannot meet it even with its
     * support phase... */
    st->start_support[WW_BLUE] -= st->supply[WW_BLUE];
    st->supply[WW_BLUE] = 0;
    ok(st, 2, "{\"type\":\"support\",\"colour\":\"green\"}");
    ok(st, 2, "{\"type\":\"skip\"}");
    char body[64];
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c2);
    assert_int_equal(act(st, 2, body), WB_EILLEGAL);
    ok(st, 2, "{\"type\":\"discard\",\"card\":%d}", c2);
    assert_int_equal(st->phase, P_CHOOSE);
    assert_int_equal(st->cycle, 2);
    K->destroy(st);
}

static void test_cycles_take_back(void **state)
{
    (void)state;
    ww_state *st = make(2, "{\"speed\":true}", 26);
    static const char *const h[] = {"doom-grove", "woobania"};
    char body[64];
    calm(st);
    homes(st, h);
    int c0 = give(st, 0, "Blue Skies"); /* unplayable: no blue */
    int c1 = give(st, 1, "Sunny Disposition"); /* unplayable too */
    /* ...even with the support phases: no blue or yellow in the pile. */
    for (int k = WW_YELLOW; k <= WW_BLUE; k += WW_BLUE - WW_YELLOW) {
        st->start_support[k] -= st->supply[k];
        st->supply[k] = 0;
    }
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    assert_int_equal(st->player, 1); /* 300 before 500 */
    to_play(st);
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c1);
    assert_int_equal(act(st, 1, body), WB_EILLEGAL);
    /* Play it for no effect: discard, draw, end the turn. */
    ok(st, 1, "{\"type\":\"discard\",\"card\":%d}", c1);
    assert_int_equal(st->player, 0);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 0);
    to_play(st);
    /* Or take it back and play another card (not that one). */
    ok(st, 0, "{\"type\":\"take_back\"}");
    snprintf(body, sizeof body, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(act(st, 0, body), WB_EILLEGAL);
    int other = give(st, 0, "Heat Wave");
    assert_true(other != c0);
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", other);
    assert_int_equal(st->phase, P_CHOOSE); /* a new cycle */
    assert_int_equal(st->cycle, 2);
    K->destroy(st);
}

/* The speed variant's take-back is for a requirement the player cannot
 * meet even with the support phase: with the colour in the pile, the
 * support phase places it (a new home too), and the card is then played,
 * not taken back; with an environment that frees colours nothing is
 * required. */
static void test_cycles_must_meet(void **state)
{
    (void)state;
    ww_state *st = make(2, "{\"speed\":true}", 39);
    static const char *const h[] = {"doom-grove", "woobania"};
    calm(st);
    homes(st, h);
    int c0 = give(st, 0, "Green Thumb"); /* 400 */
    int c1 = give(st, 1, "Sunny Disposition"); /* 300 */
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", c0);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", c1);
    assert_int_equal(st->player, 1);
    /* Seat 1's home is empty: the new home takes yellow. */
    put(st, "woobania", WW_RED, 0);
    st->must_rehome = 1;
    round_trip(st);
    assert_int_equal(act(st, 1, "{\"type\":\"new_home\",\"area\":\"snugglebury\","
                                "\"colour\":\"red\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"new_home\",\"area\":\"snugglebury\",\"colour\":\"yellow\"}");
    ok(st, 1, "{\"type\":\"skip\"}");
    assert_int_equal(act(st, 1, "{\"type\":\"take_back\"}"), WB_EILLEGAL);
    ok(st, 1, "{\"type\":\"play\",\"card\":%d}", c1);
    assert_int_equal(sup(st, "snugglebury", WW_YELLOW), 3);
    /* Seat 0: no Anarch move instead of the green. */
    assert_int_equal(st->player, 0);
    put(st, "sea-of-despair", WW_ANARCH, 1);
    assert_int_equal(act(st, 0, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
                                "\"to\":\"doom-grove\"}"), WB_EILLEGAL);
    /* Open Borders on the table: nothing is required, any choice goes. */
    to_table(st, "Open Borders", 1);
    round_trip(st);
    ok(st, 0, "{\"type\":\"move_anarch\",\"from\":\"sea-of-despair\","
              "\"to\":\"doom-grove\"}");
    ok(st, 0, "{\"type\":\"skip\"}");
    ok(st, 0, "{\"type\":\"play\",\"card\":%d}", c0);
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 2);
    assert_int_equal(st->phase, P_CHOOSE);
    K->destroy(st);
}

/* No card in hand can be played: one is discarded for no effect. */
static void test_no_playable_card(void **state)
{
    (void)state;
    ww_state *st = table4(27);
    to_play(st);
    const char *const blues[] = {"Blue Skies", "Sea Shanty", "Deep Blue", "Undertow"};
    for (int i = 0; i < 4; i++) {
        int c = give(st, 0, blues[i]);
        /* rotate so the next give does not replace it */
        int16_t t = st->seat[0].hand[0];
        memmove(&st->seat[0].hand[0], &st->seat[0].hand[1], 3 * sizeof t);
        st->seat[0].hand[3] = t;
        (void)c;
    }
    round_trip(st);
    json_t *acts = K->actions(st, 0);
    assert_int_equal(json_array_size(acts), 4);
    assert_string_equal(json_string_value(json_object_get(json_array_get(acts, 0), "type")),
                        "discard");
    json_decref(acts);
    ok(st, 0, "{\"type\":\"discard\",\"card\":%d}", st->seat[0].hand[2]);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 4);
    K->destroy(st);
}

/* A disputed card leaves the game and its player draws another. */
static void test_dispute(void **state)
{
    (void)state;
    ww_state *st = table4(28);
    to_play(st);
    int c = give(st, 0, "Quicksand");
    assert_int_equal(act(st, 0, "{\"type\":\"dispute\",\"card\":0}"), WB_ENOTTURN);
    ok(st, GAME_SEAT_HOST, "{\"type\":\"dispute\",\"card\":%d}", c);
    assert_int_equal(st->nremoved, 1);
    assert_int_equal(st->removed[0], c);
    assert_int_equal(st->seat[0].nhand, 4);
    assert_int_equal(st->phase, P_PLAY);
    assert_non_null(event("card_disputed"));
    K->destroy(st);
}

/* Counters: count, then gain that many. */
static void test_counter(void **state)
{
    (void)state;
    ww_state *st = table4(29);
    to_play(st);
    put(st, "doom-grove", WW_YELLOW, 1);
    put_ind(st, "doom-grove", WW_RED, 1);
    put_ind(st, "cheeseport", WW_GREEN, 2);
    put_ind(st, "muckmire", WW_BLUE, 1); /* not near */
    play(st, give(st, 0, "Lemonade Stand"));
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 4);
    K->destroy(st);
}


/* A card that beats the rules: "play another card"; and drawing extra. */
static void test_extra_and_draw(void **state)
{
    (void)state;
    ww_state *st = table4(31);
    to_play(st);
    int a = give(st, 0, "Emergency Session");
    /* keep the first card when giving the second */
    int16_t t = st->seat[0].hand[0];
    st->seat[0].hand[0] = st->seat[0].hand[1];
    st->seat[0].hand[1] = t;
    int b = give(st, 0, "Insider Tip");
    round_trip(st);
    play(st, a);
    assert_int_equal(st->phase, P_PLAY); /* the same player, another card */
    assert_int_equal(st->player, 0);
    assert_non_null(event("extra_play"));
    play(st, b);
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 5); /* 4 - 2 played + 2 drawn + 1 */
    K->destroy(st);
}

/* The seat's hand becomes exactly the cards named (taken from the draw or
 * discard pile); its old cards go to the bottom of the draw pile. */
static void hand_of(ww_state *st, int seat, const char *const *names, int n)
{
    ww_seat *p = &st->seat[seat];
    memmove(&st->draw[p->nhand], &st->draw[0], (size_t)st->ndraw * sizeof st->draw[0]);
    memcpy(&st->draw[0], p->hand, (size_t)p->nhand * sizeof p->hand[0]);
    st->ndraw += p->nhand;
    p->nhand = 0;
    for (int i = 0; i < n; i++)
        p->hand[p->nhand++] = take_card(st, names[i], 0);
    round_trip(st);
}

/* "Play another card this turn" with no card that can be played: there
 * is no other card, the turn goes on to the draw and nothing is discarded;
 * a player with no card at all skips the play phase.  (Without this a
 * hand emptied by extra plays left nobody able to act.) */
static void test_extra_without_card(void **state)
{
    (void)state;
    ww_state *st = table4(34);
    static const char *const es_blue[] = {"Emergency Session", "Blue Skies"};
    to_play(st);
    hand_of(st, 0, es_blue, 2); /* Blue Skies: no blue at home */
    play(st, card_named(st, "Emergency Session"));
    assert_non_null(event("extra_play"));
    assert_non_null(event("extra_play_void"));
    assert_int_equal(st->player, 1);
    assert_int_equal(st->seat[0].nhand, 2); /* Blue Skies kept, one drawn */
    assert_true(in_hand_named(st, 0, "Blue Skies"));
    /* No card at all: the support and industry phases, then the draw. */
    hand_of(st, 1, NULL, 0);
    ok(st, 1, "{\"type\":\"support\",\"colour\":\"blue\"}");
    ok(st, 1, "{\"type\":\"skip\"}");
    assert_non_null(event("no_card"));
    assert_int_equal(st->player, 2);
    assert_int_equal(st->seat[1].nhand, 1);
    assert_int_equal(sup(st, "woobania", WW_BLUE), 1);
    /* The extra card the last in hand: the hand is empty, the turn ends. */
    static const char *const es[] = {"Emergency Session"};
    to_play(st);
    hand_of(st, 2, es, 1); /* back from the discard pile */
    play(st, card_named(st, "Emergency Session"));
    assert_non_null(event("extra_play_void"));
    assert_int_equal(st->player, 3);
    assert_int_equal(st->seat[2].nhand, 1);
    K->destroy(st);
}

/* Industries never move again, except by cards. */
static void test_move_industry(void **state)
{
    (void)state;
    ww_state *st = table4(32);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Factory Relocation"));
    assert_int_equal(st->run.ask, ASK_AREA); /* the industry was the only one */
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"muckmire\"}"), WB_EILLEGAL);
    decide(st, "snugglebury");
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_RED], 1);
    K->destroy(st);
}

/* A custom card reading the chosen colour C in a second industry choice
 * ("chooseind Y C", which the deck reader accepts) is offered the
 * industries of that colour; it used to be offered none and did nothing. */
static void test_choose_industry_of_colour_c(void **state)
{
    (void)state;
    char opts[2048] = "{\"deck\":[\"action | 10 | Pair | t | chooseind X red ; chooseind Y C ; "
                      "removeind Y C 1 | \"";
    for (int i = 0; i < 10; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 ",\"action | %d | Fill %d | t | gain me 1R | \"", 20 + i, i);
    for (int i = 0; i < 4; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 ",\"volcano | - | V | boom | - | \"%s", i < 3 ? "" : "]}");
    ww_state *st = make(2, opts, 35);
    static const char *const h[] = {"doom-grove", "woobania"};
    homes(st, h);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    put_ind(st, "cheeseport", WW_RED, 1);
    put_ind(st, "muckmire", WW_YELLOW, 1);
    play(st, give(st, 0, "Pair"));
    decide(st, "woobania:red");
    assert_int_equal(st->run.ask, ASK_INDUSTRY);
    json_t *v = K->view(st, 0);
    json_t *choices = json_object_get(json_object_get(v, "pending"), "choices");
    assert_int_equal(json_array_size(choices), 2); /* the red ones, not the yellow */
    assert_string_equal(json_string_value(json_array_get(choices, 0)), "woobania:red");
    assert_string_equal(json_string_value(json_array_get(choices, 1)), "cheeseport:red");
    json_decref(v);
    decide(st, "cheeseport:red");
    assert_int_equal(st->industries[A(st, "cheeseport")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 1);
    assert_int_equal(st->industries[A(st, "muckmire")][WW_YELLOW], 1);
    assert_int_equal(st->player, 1);
    K->destroy(st);
}

/* Equal card numbers in a cycle (a custom deck): seat order. */
static void test_cycle_ties(void **state)
{
    (void)state;
    char opts[4096] = "{\"speed\":true,\"deck\":[";
    for (int i = 0; i < 16; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 "\"action | %d | Card %d | t | gain me 1R | \",", i < 14 ? 5 : 3, i);
    for (int i = 0; i < 4; i++)
        snprintf(opts + strlen(opts), sizeof opts - strlen(opts),
                 "\"volcano | - | V | boom | - | \"%s", i < 3 ? "," : "]}");
    ww_state *st = make(3, opts, 33);
    static const char *const h[] = {"doom-grove", "woobania", "cheeseport"};
    homes(st, h);
    int low = give(st, 2, "Card 14"); /* number 3 */
    ok(st, 0, "{\"type\":\"choose_card\",\"card\":%d}", st->seat[0].hand[0]);
    ok(st, 1, "{\"type\":\"choose_card\",\"card\":%d}", st->seat[1].hand[0]);
    ok(st, 2, "{\"type\":\"choose_card\",\"card\":%d}", low);
    assert_int_equal(st->order[0], 2);
    assert_int_equal(st->order[1], 0); /* 5 and 5: seat order */
    assert_int_equal(st->order[2], 1);
    K->destroy(st);
}

/* The pending decision's choices, as one string "a b c". */
static void choices_are(ww_state *st, const char *want)
{
    json_t *v = K->view(st, GAME_SEAT_HOST), *c;
    char got[512] = "";
    size_t i;
    json_array_foreach(json_object_get(json_object_get(v, "pending"), "choices"), i, c)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s", i ? " " : "",
                 json_string_value(c));
    json_decref(v);
    assert_string_equal(got, want);
}

/* Cards read against their printed sentences, one mechanism each not
 * stated elsewhere (homes: Doom Grove 0, Woobania 1, Cheeseport 2,
 * Muckmire 3, one red each). */
static void test_cards_as_printed(void **state)
{
    (void)state;
    ww_state *st;
    /* Sabotage: "Choose an industry. It is removed. Every neighbouring
     * home loses -1 of its colour." */
    st = table4(41);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    play(st, give(st, 0, "Sabotage"));
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(sup(st, "woobania", WW_RED), 0);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 0);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 1); /* does not border Woobania */
    K->destroy(st);
    /* Firestorm: only the red industries neighbouring; -1R per red one. */
    st = table4(42);
    to_play(st);
    put_ind(st, "woobania", WW_RED, 1);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "doom-grove", WW_RED, 1);
    put(st, "doom-grove", WW_RED, 3);
    put(st, "doom-grove", WW_BLUE, 2);
    play(st, give(st, 0, "Firestorm"));
    decide(st, "doom-grove");
    assert_int_equal(st->industries[A(st, "woobania")][WW_RED], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 1);
    assert_int_equal(sup(st, "doom-grove", WW_RED), 1); /* two red removed */
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 2);
    assert_int_equal(sup(st, "woobania", WW_RED), 0);
    assert_int_equal(sup(st, "cheeseport", WW_RED), 0);
    assert_int_equal(sup(st, "muckmire", WW_RED), 1);
    K->destroy(st);
    /* Census: two volcanoes on the table, +2A each from the player
     * clockwise; three Anarchs in the pile: 2, 1, then dry. */
    st = table4(43);
    to_play(st);
    for (int k = 0; k < 2; k++) {
        on_top(st, "Mount Saint Woobie", 0);
        st->volcano[st->nvolcano++] = st->draw[--st->ndraw];
    }
    st->start_support[WW_ANARCH] -= st->supply[WW_ANARCH] - 3;
    st->supply[WW_ANARCH] = 3;
    play(st, give(st, 0, "Census"));
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 2);
    assert_int_equal(sup(st, "woobania", WW_ANARCH), 1);
    assert_int_equal(sup(st, "cheeseport", WW_ANARCH), 0);
    K->destroy(st);
    /* Envy: "loses -1G, then -1 support; its owner chooses which". */
    st = table4(44);
    to_play(st);
    put(st, "doom-grove", WW_GREEN, 1);
    put(st, "woobania", WW_GREEN, 2);
    put(st, "woobania", WW_YELLOW, 1);
    play(st, give(st, 0, "Envy"));
    decide(st, "woobania");
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(st->run.ask, ASK_LOSE);
    assert_int_equal(st->run.ask_seat, 1);
    decide(st, "yellow");
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 0);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "woobania", WW_RED), 1);
    K->destroy(st);
    /* Banana Split, second side: "Every home neighbouring yours" (yours
     * too). */
    st = table4(45);
    to_play(st);
    put(st, "doom-grove", WW_YELLOW, 1);
    play(st, give(st, 0, "Banana Split"));
    decide(st, "second");
    assert_int_equal(sup(st, "doom-grove", WW_YELLOW), 2);
    assert_int_equal(sup(st, "woobania", WW_YELLOW), 1);
    assert_int_equal(sup(st, "cheeseport", WW_YELLOW), 1);
    assert_int_equal(sup(st, "muckmire", WW_YELLOW), 0);
    K->destroy(st);
    /* Lush Valley: "a land area that is not coastal". */
    st = table4(46);
    to_play(st);
    put(st, "doom-grove", WW_GREEN, 1);
    play(st, give(st, 0, "Lush Valley"));
    choices_are(st, "woobania mount-saint-woobie sulfer-springs grumble-hills");
    decide(st, "sulfer-springs");
    assert_int_equal(sup(st, "doom-grove", WW_GREEN), 2);
    assert_int_equal(sup(st, "woobania", WW_GREEN), 1);
    assert_int_equal(sup(st, "cheeseport", WW_GREEN), 0);
    K->destroy(st);
    /* Shipwreck: "a blue industry in a coastal area" (Woobania's is
     * inland, so Cheeseport's, chosen at once). */
    st = table4(47);
    to_play(st);
    put_ind(st, "woobania", WW_BLUE, 1);
    put_ind(st, "cheeseport", WW_BLUE, 1);
    put(st, "doom-grove", WW_BLUE, 2);
    put(st, "cheeseport", WW_BLUE, 1);
    play(st, give(st, 0, "Shipwreck"));
    assert_int_equal(st->industries[A(st, "cheeseport")][WW_BLUE], 0);
    assert_int_equal(st->industries[A(st, "woobania")][WW_BLUE], 1);
    assert_int_equal(sup(st, "doom-grove", WW_BLUE), 1);
    assert_int_equal(sup(st, "cheeseport", WW_BLUE), 0);
    K->destroy(st);
    /* Rabble Rousers: +1A for me, +2A for every other home. */
    st = table4(48);
    to_play(st);
    play(st, give(st, 0, "Rabble Rousers"));
    assert_int_equal(sup(st, "doom-grove", WW_ANARCH), 1);
    for (int i = 1; i < 4; i++)
        assert_int_equal(sup(st, four[i], WW_ANARCH), 2);
    K->destroy(st);
    /* Big Top: "a land area that is nobody's home. It gains +2A. Place an
     * industry of your choice there." */
    st = table4(49);
    to_play(st);
    play(st, give(st, 0, "Big Top"));
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"woobania\"}"), WB_EILLEGAL);
    assert_int_equal(act(st, 0, "{\"type\":\"decide\",\"choice\":\"soggy-sound\"}"),
                     WB_EILLEGAL);
    decide(st, "snugglebury");
    decide(st, "green");
    assert_int_equal(sup(st, "snugglebury", WW_ANARCH), 2);
    assert_int_equal(st->industries[A(st, "snugglebury")][WW_GREEN], 1);
    K->destroy(st);
}

/* Every card of the default deck plays: from a board with something
 * everywhere, each ACTION and COLOUR ACTION is played by seat 0 and its
 * decisions answered (an area where something is, else the first choice)
 * until the card is done, and the card changed the board, the table or a
 * hand: no effect is silently dropped. */
static void test_every_card(void **state)
{
    (void)state;
    ww_state *probe = make(4, "{}", 1);
    int ncards = probe->deck->n;
    K->destroy(probe);
    for (int id = 0; id < ncards; id++) {
        ww_state *st = table4(40 + (uint64_t)id);
        const ww_card *c = &st->deck->c[id];
        if (c->type != WW_ACTION && c->type != WW_COLOUR_ACTION) {
            K->destroy(st);
            continue;
        }
        to_play(st);
        for (int k = 0; k < WW_COLOURS; k++)
            put(st, "doom-grove", k, 2);
        put(st, "doom-grove", WW_ANARCH, 2);
        put(st, "woobania", WW_YELLOW, 3);
        put(st, "sea-of-despair", WW_ANARCH, 2);
        put_ind(st, "woobania", WW_RED, 1);
        put_ind(st, "cheeseport", WW_BLUE, 1);
        put_ind(st, "sea-of-despair", WW_YELLOW, 1);
        put_ind(st, "lollipop-peaks", WW_GREEN, 1);
        put_ind(st, "bambooton", WW_GREEN, 1);
        to_table(st, "Baby Boom", 1);
        int card = give(st, 0, c->name);
        assert_int_equal(card, id);
        round_trip(st);
        static int before[WW_MAX_AREAS][WW_KINDS], ind[WW_MAX_AREAS][WW_COLOURS];
        int nenv = st->nenv, nhand = st->seat[0].nhand;
        memcpy(before, st->support, sizeof before);
        memcpy(ind, st->industries, sizeof ind);
        play(st, card);
        for (int guard = 0; st->phase == P_EFFECT; guard++) {
            json_t *v = K->view(st, GAME_SEAT_HOST);
            json_t *choices = json_object_get(json_object_get(v, "pending"), "choices");
            if (guard > 60 || !json_array_size(choices))
                fail_msg("%s: stuck in a decision", c->name);
            /* Areas where something is: Doom Grove first, then the sea. */
            static const char *const prefer[] = {"doom-grove", "sea-of-despair", "woobania",
                                                 "mount-saint-woobie"};
            const char *pick = json_string_value(json_array_get(choices, 0));
            for (int k = 3; k >= 0; k--)
                for (size_t i = 0; i < json_array_size(choices); i++)
                    if (!strcmp(json_string_value(json_array_get(choices, i)), prefer[k]))
                        pick = prefer[k];
            decide(st, pick);
            json_decref(v);
        }
        assert_true(st->phase == P_SUPPORT || st->phase == P_PLAY || st->phase == P_OVER);
        /* It did something: no effect is silently dropped (Census counts
         * the volcanoes on the table, none here). */
        int changed = memcmp(before, st->support, sizeof before) ||
                      memcmp(ind, st->industries, sizeof ind) || st->nenv != nenv ||
                      st->seat[0].nhand != nhand || st->phase == P_PLAY;
        if (!changed && strcmp(c->name, "Census") != 0)
            fail_msg("%s: played on a full board and changed nothing", c->name);
        K->destroy(st);
    }
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
        cmocka_unit_test_teardown(test_neighbouring_includes_itself, teardown),
        cmocka_unit_test_teardown(test_supply_dry_clockwise, teardown),
        cmocka_unit_test_teardown(test_half_rounding, teardown),
        cmocka_unit_test_teardown(test_half_of_one, teardown),
        cmocka_unit_test_teardown(test_quicksand, teardown),
        cmocka_unit_test_teardown(test_removed_industries_by_colour, teardown),
        cmocka_unit_test_teardown(test_or, teardown),
        cmocka_unit_test_teardown(test_moving_anarchs, teardown),
        cmocka_unit_test_teardown(test_environments, teardown),
        cmocka_unit_test_teardown(test_the_chosen_environment_goes, teardown),
        cmocka_unit_test_teardown(test_environment_hooks, teardown),
        cmocka_unit_test_teardown(test_draw_volcano, teardown),
        cmocka_unit_test_teardown(test_fourth_volcano, teardown),
        cmocka_unit_test_teardown(test_fourth_volcano_mid_card, teardown),
        cmocka_unit_test_teardown(test_scores, teardown),
        cmocka_unit_test_teardown(test_cycles, teardown),
        cmocka_unit_test_teardown(test_cycles_take_back, teardown),
        cmocka_unit_test_teardown(test_cycles_must_meet, teardown),
        cmocka_unit_test_teardown(test_no_playable_card, teardown),
        cmocka_unit_test_teardown(test_dispute, teardown),
        cmocka_unit_test_teardown(test_counter, teardown),
        cmocka_unit_test_teardown(test_extra_and_draw, teardown),
        cmocka_unit_test_teardown(test_extra_without_card, teardown),
        cmocka_unit_test_teardown(test_move_industry, teardown),
        cmocka_unit_test_teardown(test_cycle_ties, teardown),
        cmocka_unit_test_teardown(test_choose_industry_of_colour_c, teardown),
        cmocka_unit_test_teardown(test_cards_as_printed, teardown),
        cmocka_unit_test_teardown(test_every_card, teardown),
        cmocka_unit_test_teardown(test_load_checks, teardown),
        cmocka_unit_test_teardown(test_random_matches, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
