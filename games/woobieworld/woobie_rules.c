/*
 * woobie_rules.c - Woobieworld's rules: the options and the set-up, the
 * turn in four phases (support, industry, play a card, draw), the speed
 * variant's cycles and disputed cards.  The actions are the framework's
 * table (ww_actions, game_def.h): each with who may send it, its phases,
 * its members with their domains, its check (shared by apply and by the
 * legal-action list) and its change.  What a card does is the interpreter's (woobie_fx.c): it
 * says when a card is done, and the turn goes on here.  Reading the state
 * and drawing are woobie_state.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_def.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* --- options and set-up --------------------------------------------------------- */

/* The deck option as text: a string, or an array of line strings. */
static char *deck_text(const json_t *v, char **why)
{
    size_t i, len = 0;
    json_t *line;
    if (json_is_string(v))
        return wb_strdup(json_string_value(v));
    if (!json_is_array(v)) {
        *why = game_why("option deck: null, a string or an array of lines");
        return NULL;
    }
    json_array_foreach(v, i, line) {
        if (!json_is_string(line)) {
            *why = game_why("option deck: line %zu is not a string", i + 1);
            return NULL;
        }
        len += json_string_length(line) + 1;
    }
    char *t = wb_malloc(len + 1), *p = t;
    json_array_foreach(v, i, line) {
        memcpy(p, json_string_value(line), json_string_length(line));
        p += json_string_length(line);
        *p++ = '\n';
    }
    *p = 0;
    return t;
}

/* Deal the opening hands: 4 each; a Mount Saint Woobie card dealt is mixed
 * back into the deck and replaced; an environment dealt goes on the table
 * (the seat dealt it its caretaker) and is replaced. */
static void deal(ww_state *s)
{
    for (int seat = 0; seat < s->nseats; seat++) {
        while (s->seat[seat].nhand < WW_HAND_START) {
            int card = s->draw[--s->ndraw];
            ww_ctype t = s->deck->c[card].type;
            if (t == WW_VOLCANO) {
                s->draw[s->ndraw++] = (int16_t)card;
                rng_shuffle(&s->r, s->draw, (size_t)s->ndraw, sizeof s->draw[0]);
            } else if (t == WW_ENVIRONMENT) {
                s->env[s->nenv++] = (ww_table_card){(int16_t)card, (int8_t)seat};
            } else {
                s->seat[seat].hand[s->seat[seat].nhand++] = (int16_t)card;
            }
        }
    }
}

int ww_setup(ww_state *s, size_t nplayers, const json_t *options, uint64_t seed, char **why)
{
    /* The framework checked the player count, every option's type and
     * range, and filled in the defaults (woobie.c's option table). */
    json_t *v;
    int rc = WB_EINVAL, land = 0;
    int sup = (int)game_opt_int(options, "support"), an = (int)game_opt_int(options, "anarchs");
    int ind = (int)game_opt_int(options, "industries");
    s->speed = game_opt_bool(options, "speed");
    if (sup * WW_COLOURS < (int)nplayers) {
        *why = game_why("option support: %d of each colour cannot give %zu homes their first "
                        "support", sup, nplayers);
        goto out;
    }
    v = json_object_get(options, "map");
    if (json_is_object(v))
        s->custom_map = json_deep_copy(v);
    v = json_object_get(options, "deck");
    if (v && !json_is_null(v) && !(s->custom_deck = deck_text(v, why)))
        goto out;
    if ((rc = ww_state_tables(s, why))) {
        char *inner = *why;
        *why = game_why("option %s: %s", s->map ? "deck" : "map", inner);
        free(inner);
        goto out;
    }
    rc = WB_EINVAL;
    for (int a = 0; a < s->map->n; a++)
        land += !s->map->a[a].water;
    if (land < (int)nplayers) {
        *why = game_why("option map: %d land areas cannot hold %zu homes", land, nplayers);
        goto out;
    }
    if (s->deck->actions < WW_HAND_START * (int)nplayers + 1) {
        *why = game_why("option deck: %d action cards cannot deal %d hands and draw", s->deck->actions,
                        (int)nplayers);
        goto out;
    }
    s->nseats = (int)nplayers;
    for (int k = 0; k < WW_COLOURS; k++) {
        s->start_support[k] = s->supply[k] = sup;
        s->start_industries[k] = s->supply_ind[k] = ind;
    }
    s->start_support[WW_ANARCH] = s->supply[WW_ANARCH] = an;
    rng_seed(&s->r, seed);
    for (int i = 0; i < s->deck->n; i++)
        s->draw[s->ndraw++] = (int16_t)i;
    rng_shuffle(&s->r, s->draw, (size_t)s->ndraw, sizeof s->draw[0]);
    for (int i = 0; i < s->nseats; i++) {
        s->seat[i].home = s->seat[i].chosen = s->seat[i].barred = -1;
        s->order[i] = i;
    }
    deal(s);
    s->phase = P_SETUP;
    s->player = 0;
    memset(&s->run, 0, sizeof s->run);
    s->run.card = -1;
    s->run.side = -1;
    s->run.reg[0] = s->run.reg[1] = s->run.colour = s->run.left = -1;
    rc = WB_OK;
out:
    return rc;
}

static int in_hand(const ww_state *s, int seat, int card)
{
    for (int i = 0; i < s->seat[seat].nhand; i++)
        if (s->seat[seat].hand[i] == card)
            return 1;
    return 0;
}

/* --- the turn -------------------------------------------------------------------- */

static int any_supply_colour(const ww_state *s)
{
    for (int k = 0; k < WW_COLOURS; k++)
        if (s->supply[k])
            return 1;
    return 0;
}

static void ww_begin_turn(ww_state *s, json_t *ev)
{
    int home = s->seat[s->player].home;
    s->turn++;
    s->phase = P_SUPPORT;
    s->support_left = ww_hook_on(s, H_DOUBLE_SUPPORT) ? 2 : 1;
    s->extra = 0;
    /* No support at all on the home: a new home, if the pile allows. */
    s->must_rehome = (home < 0 || ww_pieces(s, home) == 0) && any_supply_colour(s);
    game_event(ev, "{s:s, s:i, s:i, s:b}", "type", "turn", "seat", s->player, "turn",
                   s->turn, "must_rehome", s->must_rehome);
}

static int industry_area_ok(const ww_state *s, int area)
{
    return !(s->map->a[area].water && ww_hook_on(s, H_DRY_INDUSTRY));
}

/* Speed variant: the card this seat has face down and must play. */
static int committed(const ww_state *s, int seat) { return s->speed ? s->seat[seat].chosen : -1; }

static void ww_end_turn(ww_state *s, json_t *ev);

/* The play phase; a player with no card at all (an empty hand and no card
 * face down: only a custom deck gets there) has nothing to play or
 * discard, and the turn goes on to the draw. */
static void enter_play(ww_state *s, json_t *ev)
{
    s->phase = P_PLAY;
    if (s->seat[s->player].nhand == 0 && committed(s, s->player) < 0) {
        game_event(ev, "{s:s, s:i}", "type", "no_card", "seat", s->player);
        ww_end_turn(s, ev);
    }
}

static void enter_industry(ww_state *s, json_t *ev)
{
    int left = 0;
    for (int k = 0; k < WW_COLOURS; k++)
        left += s->supply_ind[k];
    s->phase = P_INDUSTRY;
    if (!left || ww_hook_on(s, H_NO_INDUSTRY)) {
        game_event(ev, "{s:s, s:s}", "type", "industry_phase_skipped", "why",
                       left ? "an environment forbids it" : "no industries left");
        enter_play(s, ev);
    }
}

static void begin_cycle(ww_state *s, json_t *ev)
{
    s->cycle++;
    s->phase = P_CHOOSE;
    s->order_pos = 0;
    for (int i = 0; i < s->nseats; i++)
        s->seat[i].chosen = s->seat[i].barred = -1;
    game_event(ev, "{s:s, s:i}", "type", "cycle", "cycle", s->cycle);
}

static void ww_end_turn(ww_state *s, json_t *ev)
{
    s->extra = 0;
    if (ww_draw(s, s->player, ev))
        return;
    if (s->speed) {
        s->seat[s->player].chosen = s->seat[s->player].barred = -1;
        if (++s->order_pos == s->nseats) {
            begin_cycle(s, ev);
            return;
        }
        s->player = s->order[s->order_pos];
    } else {
        s->player = (s->player + 1) % s->nseats;
    }
    ww_begin_turn(s, ev);
}

/* Every seat has a card face down: reveal, and order the cycle by number
 * (ties: seat order). */
static void reveal(ww_state *s, json_t *ev)
{
    json_t *cards = json_array(), *order = json_array();
    int num[WW_MAX_SEATS];
    for (int i = 0; i < s->nseats; i++) {
        int c = s->seat[i].chosen;
        num[i] = c >= 0 ? s->deck->c[c].number : 1 << 30;
        s->order[i] = i;
        json_array_append_new(cards, json_pack("{s:i, s:o}", "seat", i, "card",
                                               c >= 0 ? ww_card_json(s->deck, c) : json_null()));
    }
    for (int i = 1; i < s->nseats; i++) /* insertion sort: stable, so ties keep seat order */
        for (int j = i; j > 0 && num[s->order[j - 1]] > num[s->order[j]]; j--) {
            int t = s->order[j];
            s->order[j] = s->order[j - 1];
            s->order[j - 1] = t;
        }
    for (int i = 0; i < s->nseats; i++)
        json_array_append_new(order, json_integer(s->order[i]));
    game_event(ev, "{s:s, s:o, s:o}", "type", "reveal", "cards", cards, "order", order);
    s->order_pos = 0;
    s->player = s->order[0];
    ww_begin_turn(s, ev);
}

/* --- the actions: checks --------------------------------------------------------- */

static int refuse(char **why, const char *msg)
{
    *why = game_why("%s", msg);
    return WB_EILLEGAL;
}

/* Reading a body: the framework checked each member's presence, type and
 * listed values (the table below), so what is left is the rules':
 * WB_EILLEGAL.  A change reads what its check accepted. */
static int colour_of(const json_t *a)
{
    const char *c = json_string_value(json_object_get(a, "colour"));
    for (int k = 0; c && k < WW_COLOURS; k++)
        if (strcmp(c, ww_kind_names[k]) == 0)
            return k;
    return -1;
}

static int area_at(const ww_state *s, const json_t *a, const char *key)
{
    return ww_area_find(s->map, json_string_value(json_object_get(a, key)));
}

static int area_of(const ww_state *s, const json_t *a, const char *key, int *out, char **why)
{
    const char *id = json_string_value(json_object_get(a, key));
    if ((*out = area_at(s, a, key)) < 0) {
        *why = game_why("no area \"%s\" on this map", id ? id : "");
        return WB_EILLEGAL;
    }
    return WB_OK;
}

static int card_at(const json_t *a) { return (int)json_integer_value(json_object_get(a, "card")); }

static int card_of(const ww_state *s, const json_t *a, int *out, char **why)
{
    json_int_t c = json_integer_value(json_object_get(a, "card"));
    if (c < 0 || c >= s->deck->n) {
        *why = game_why("no card %lld in this deck", (long long)c);
        return WB_EILLEGAL;
    }
    *out = (int)c;
    return WB_OK;
}

/* Speed variant: the colour this seat's support phase must place so that
 * the card it chose face down can be played, or -1.  The text lets a
 * player take the card back (or play it for no effect) only for "a
 * requirement he CANNOT MEET WITH THE USE OF HIS SUPPORT AND INDUSTRY
 * PHASES": a COLOUR ACTION whose colour is not at home can be met by
 * placing that colour while the pile has it, so the support phase must. */
static int needed_colour(const ww_state *s, int seat)
{
    int c = committed(s, seat), home = s->seat[seat].home, k;
    if (c < 0 || s->deck->c[c].type != WW_COLOUR_ACTION || ww_hook_on(s, H_FREE_COLOUR))
        return -1;
    k = s->deck->c[c].colour;
    if ((home >= 0 && !s->must_rehome && s->support[home][k] > 0) || !s->supply[k])
        return -1;
    return k;
}

static int refuse_needed(int need, char **why)
{
    *why = game_why("speed variant: the card you chose needs %s support at home and the pile "
                    "has it, so your support phase must place %s", ww_kind_names[need],
                    ww_kind_names[need]);
    return WB_EILLEGAL;
}

GAME_CHECK(check_home)
{
    const ww_state *s = state;
    int colour = colour_of(a);
    int area;
    if (area_of(s, a, "area", &area, why))
        return WB_EILLEGAL;
    if (s->map->a[area].water)
        return refuse(why, "a home is a land area");
    if (ww_home_of(s, area) >= 0)
        return refuse(why, "that area is already a player's home (homes are never shared)");
    if (!s->supply[colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    return WB_OK;
}

GAME_CHECK(check_new_home)
{
    const ww_state *s = state;
    int colour = colour_of(a);
    int area;
    if (area_of(s, a, "area", &area, why))
        return WB_EILLEGAL;
    int other = ww_home_of(s, area);
    if (!s->must_rehome)
        return refuse(why, "your home has support: no new home");
    if (s->map->a[area].water)
        return refuse(why, "a home is a land area");
    if (other >= 0 && other != seat)
        return refuse(why, "that area is another player's home (homes are never shared)");
    if (!s->supply[colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    if (needed_colour(s, seat) >= 0 && colour != needed_colour(s, seat))
        return refuse_needed(needed_colour(s, seat), why);
    return WB_OK;
}

GAME_CHECK(check_support)
{
    const ww_state *s = state;
    int colour = colour_of(a);
    int need = needed_colour(s, seat);
    if (s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (!s->supply[colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    if (need >= 0 && colour != need)
        return refuse_needed(need, why);
    return WB_OK;
}

GAME_CHECK(check_move_anarch)
{
    const ww_state *s = state;
    int from;
    if (area_of(s, a, "from", &from, why))
        return WB_EILLEGAL;
    int to;
    if (area_of(s, a, "to", &to, why))
        return WB_EILLEGAL;
    if (s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (needed_colour(s, seat) >= 0)
        return refuse_needed(needed_colour(s, seat), why);
    if (s->support_left != (ww_hook_on(s, H_DOUBLE_SUPPORT) ? 2 : 1))
        return refuse(why, "you placed support this phase: either support or an Anarch");
    if (ww_hook_on(s, H_ANARCHS_FROZEN))
        return refuse(why, "an environment on the table forbids moving Anarchs");
    if (!s->support[from][WW_ANARCH])
        return refuse(why, "no Anarch there");
    if (!(s->map->adj[from] >> to & 1))
        return refuse(why, "an Anarch moves to a bordering area");
    return WB_OK;
}

GAME_CHECK(check_skip)
{
    const ww_state *s = state;
    if (s->phase == P_SUPPORT && s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (s->phase == P_SUPPORT && needed_colour(s, seat) >= 0)
        return refuse_needed(needed_colour(s, seat), why);
    return WB_OK;
}

GAME_CHECK(check_industry)
{
    const ww_state *s = state;
    int colour = colour_of(a);
    int area;
    if (area_of(s, a, "area", &area, why))
        return WB_EILLEGAL;
    if (!s->supply_ind[colour])
        return refuse(why, "no industry of that colour is left in the unused pile");
    if (!industry_area_ok(s, area))
        return refuse(why, "an environment on the table keeps industries out of the water");
    return WB_OK;
}

GAME_CHECK(check_play)
{
    const ww_state *s = state;
    int card;
    if (card_of(s, a, &card, why))
        return WB_EILLEGAL;
    int mine = committed(s, seat);
    if (mine >= 0 && card != mine)
        return refuse(why, "speed variant: you play the card you chose face down (or take it "
                           "back when you cannot)");
    if (mine < 0 && !in_hand(s, seat, card))
        return refuse(why, "that card is not in your hand");
    if (card == s->seat[seat].barred)
        return refuse(why, "you took that card back this turn: play another");
    if (!ww_playable(s, seat, card))
        return refuse(why, "a COLOUR ACTION needs at least one support of its colour in your "
                           "home");
    return WB_OK;
}

GAME_CHECK(check_discard)
{
    const ww_state *s = state;
    int card;
    if (card_of(s, a, &card, why))
        return WB_EILLEGAL;
    int mine = committed(s, seat);
    if (mine >= 0) {
        if (card != mine)
            return refuse(why, "speed variant: you may discard the card you chose, no other");
        if (ww_playable(s, seat, mine))
            return refuse(why, "you can play the card you chose");
        return WB_OK;
    }
    if (!in_hand(s, seat, card))
        return refuse(why, "that card is not in your hand");
    if (ww_can_play_any(s, seat))
        return refuse(why, "you can play a card: a card is discarded unplayed only when none "
                           "can be played");
    return WB_OK;
}

GAME_CHECK(check_take_back)
{
    const ww_state *s = state;
    int mine = committed(s, seat);
    if (mine < 0)
        return refuse(why, "only a card chosen face down in the speed variant is taken back");
    if (ww_playable(s, seat, mine))
        return refuse(why, "you can play the card you chose");
    if (s->seat[seat].nhand == WW_MAX_HAND)
        return refuse(why, "your hand is full: discard the card you chose");
    return WB_OK;
}

GAME_CHECK(check_choose_card)
{
    const ww_state *s = state;
    int card;
    if (card_of(s, a, &card, why))
        return WB_EILLEGAL;
    if (!in_hand(s, seat, card))
        return refuse(why, "that card is not in your hand");
    return WB_OK;
}

GAME_CHECK(check_decide)
{
    const ww_state *s = state;
    int choice = ww_choice_parse(s, json_string_value(json_object_get(a, "choice")));
    if (choice < 0)
        return refuse(why, "not one of the choices (see the view's \"pending\")");
    return WB_OK;
}

GAME_CHECK(check_dispute)
{
    const ww_state *s = state;
    int card;
    if (card_of(s, a, &card, why))
        return WB_EILLEGAL;
    if (committed(s, s->player) != card && !in_hand(s, s->player, card))
        return refuse(why, "the disputed card must be one the player to act could play now");
    return WB_OK;
}

/* --- the actions: changes ----------------------------------------------------------- */

/* A home (the first, or a new one) and its first support: the event `type`. */
static void place_home(ww_state *s, int seat, const json_t *a, const char *type, json_t *ev)
{
    int colour = colour_of(a), area = area_at(s, a, "area");
    s->seat[seat].home = area;
    s->support[area][colour]++;
    s->supply[colour]--;
    game_event(ev, "{s:s, s:i, s:s, s:s}", "type", type, "seat", seat, "area",
               s->map->a[area].id, "colour", ww_kind_names[colour]);
}

GAME_APPLY(do_home)
{
    ww_state *s = state;
    place_home(s, seat, a, "home", ev);
    if (++s->player < s->nseats)
        return WB_OK;
    s->player = 0;
    if (s->speed)
        begin_cycle(s, ev);
    else
        ww_begin_turn(s, ev);
    return WB_OK;
}

GAME_APPLY(do_new_home)
{
    ww_state *s = state;
    place_home(s, seat, a, "new_home", ev);
    s->must_rehome = 0;
    enter_industry(s, ev);
    return WB_OK;
}

GAME_APPLY(do_support)
{
    ww_state *s = state;
    int colour = colour_of(a);
    int h = s->seat[seat].home;
    s->support[h][colour]++;
    s->supply[colour]--;
    game_event(ev, "{s:s, s:s, s:i, s:s, s:i}", "type", "gain", "area", s->map->a[h].id,
                   "seat", seat, "kind", ww_kind_names[colour], "n", 1);
    if (--s->support_left == 0)
        enter_industry(s, ev);
    return WB_OK;
}

GAME_APPLY(do_move_anarch)
{
    ww_state *s = state;
    int from = area_at(s, a, "from");
    int to = area_at(s, a, "to");
    s->support[from][WW_ANARCH]--;
    s->support[to][WW_ANARCH]++;
    game_event(ev, "{s:s, s:s, s:s, s:i}", "type", "anarchs_moved", "from",
                   s->map->a[from].id, "to", s->map->a[to].id, "n", 1);
    enter_industry(s, ev);
    return WB_OK;
}

GAME_APPLY(do_skip)
{
    ww_state *s = state;
    game_event(ev, "{s:s, s:i, s:s}", "type", "skip", "seat", seat, "phase",
                   ww_phase_names[s->phase]);
    if (s->phase == P_SUPPORT)
        enter_industry(s, ev);
    else
        enter_play(s, ev);
    return WB_OK;
}

GAME_APPLY(do_industry)
{
    ww_state *s = state;
    int colour = colour_of(a);
    int area = area_at(s, a, "area");
    s->industries[area][colour]++;
    s->supply_ind[colour]--;
    game_event(ev, "{s:s, s:s, s:s, s:i}", "type", "industry_placed", "area",
                   s->map->a[area].id, "colour", ww_kind_names[colour], "n", 1);
    enter_play(s, ev);
    return WB_OK;
}

/* The card played is done (woobie_fx.c discarded it): play another
 * (extra) or end the turn. */
static void card_done(ww_state *s, json_t *ev)
{
    int player = s->run.player;
    if (s->phase == P_OVER)
        return;
    if (s->extra) {
        /* "Play another card this turn": when no card in hand can be
         * played, there is no other card to play and the turn goes on to
         * the draw (the no-playable-card discard is for the turn's own
         * play, not a cost of this one). */
        s->extra = 0;
        if (ww_can_play_any(s, player)) {
            s->phase = P_PLAY;
            return;
        }
        game_event(ev, "{s:s, s:i}", "type", "extra_play_void", "seat", player);
    }
    ww_end_turn(s, ev);
}

GAME_APPLY(do_play)
{
    ww_state *s = state;
    int card = card_at(a);
    if (s->seat[seat].chosen == card)
        s->seat[seat].chosen = -1;
    else
        ww_hand_take(s, seat, card);
    if (ww_fx_start(s, card, ev))
        card_done(s, ev);
    return WB_OK;
}

GAME_APPLY(do_discard)
{
    ww_state *s = state;
    int card = card_at(a);
    if (s->seat[seat].chosen == card)
        s->seat[seat].chosen = -1;
    else
        ww_hand_take(s, seat, card);
    s->discard[s->ndiscard++] = (int16_t)card;
    game_event(ev, "{s:s, s:i, s:o}", "type", "discarded", "seat", seat, "card",
                   ww_card_json(s->deck, card));
    ww_end_turn(s, ev);
    return WB_OK;
}

GAME_APPLY(do_take_back)
{
    ww_state *s = state;
    ww_seat *p = &s->seat[seat];
    p->barred = p->chosen;
    p->hand[p->nhand++] = (int16_t)p->chosen;
    p->chosen = -1;
    game_event(ev, "{s:s, s:i, s:o}", "type", "taken_back", "seat", seat, "card",
                   ww_card_json(s->deck, p->barred));
    return WB_OK;
}

GAME_APPLY(do_choose_card)
{
    ww_state *s = state;
    int card = card_at(a);
    static const char *const hidden[] = {"card", NULL};
    int last = 1;
    ww_hand_take(s, seat, card);
    s->seat[seat].chosen = card;
    for (int i = 0; i < s->nseats; i++)
        if (s->seat[i].chosen < 0 && s->seat[i].nhand > 0)
            last = 0;
    if (!last) {
        /* Face down: the others learn that this seat chose, not what. */
        game_secret_event(ev, json_pack("{s:s, s:i, s:o}", "type", "chose", "seat", seat, "card",
                                        ww_card_json(s->deck, card)),
                          seat, s->nseats, hidden);
        return WB_OK;
    }
    /* The last card down: every card is revealed at once. */
    game_event(ev, "{s:s, s:i}", "type", "chose", "seat", seat);
    reveal(s, ev);
    return WB_OK;
}

GAME_APPLY(do_decide)
{
    ww_state *s = state;
    int choice = ww_choice_parse(s, json_string_value(json_object_get(a, "choice")));
    if (ww_fx_decide(s, choice, ev))
        card_done(s, ev);
    return WB_OK;
}

GAME_APPLY(do_dispute)
{
    ww_state *s = state;
    int card = card_at(a);
    int p = s->player;
    if (s->seat[p].chosen == card)
        s->seat[p].chosen = -1;
    else
        ww_hand_take(s, p, card);
    s->removed[s->nremoved++] = (int16_t)card;
    game_event(ev, "{s:s, s:i, s:o}", "type", "card_disputed", "seat", p, "card",
                   ww_card_json(s->deck, card));
    ww_draw(s, p, ev); /* the player draws another; the play phase goes on */
    if (s->phase == P_PLAY)
        enter_play(s, ev); /* nothing left to draw: no card, the turn goes on */
    return WB_OK;
}

/* --- the actions ------------------------------------------------------------------- */

GAME_DOMAIN(dom_areas)
{
    const ww_state *s = state;
    json_t *a = json_array();
    for (int i = 0; i < s->map->n; i++)
        json_array_append_new(a, json_string(s->map->a[i].id));
    return a;
}

/* Land areas that are nobody else's home. */
GAME_DOMAIN(dom_home_areas)
{
    const ww_state *s = state;
    json_t *a = json_array();
    for (int i = 0; i < s->map->n; i++) {
        int h = ww_home_of(s, i);
        if (!s->map->a[i].water && (h < 0 || h == seat))
            json_array_append_new(a, json_string(s->map->a[i].id));
    }
    return a;
}

GAME_DOMAIN(dom_anarch_areas)
{
    const ww_state *s = state;
    json_t *a = json_array();
    for (int i = 0; i < s->map->n; i++)
        if (s->support[i][WW_ANARCH])
            json_array_append_new(a, json_string(s->map->a[i].id));
    return a;
}

/* The cards the caller could name: its hand and chosen card; for the host,
 * those of the player to act. */
GAME_DOMAIN(dom_cards)
{
    const ww_state *s = state;
    json_t *a = json_array();
    int p = seat >= 0 && seat < s->nseats ? seat : s->player;
    for (int i = 0; i < s->seat[p].nhand; i++)
        json_array_append_new(a, json_integer(s->seat[p].hand[i]));
    if (s->seat[p].chosen >= 0)
        json_array_append_new(a, json_integer(s->seat[p].chosen));
    return a;
}

GAME_DOMAIN(dom_choices) { return ww_fx_choices_json(state); }

static const char *const colour_values[] = {"red", "yellow", "green", "blue", NULL};

#define COLOUR_MEMBER                                                                     \
    {.name = "colour", .type = GAME_T_STRING, .desc = "red, yellow, green or blue",        \
     .values = colour_values}

static const game_member m_home[] = {
    {.name = "area", .type = GAME_T_STRING, .desc = "a land area's id", .domain = dom_home_areas},
    COLOUR_MEMBER,
    {NULL},
};
static const game_member m_colour[] = {COLOUR_MEMBER, {NULL}};
static const game_member m_move[] = {
    {.name = "from", .type = GAME_T_STRING, .desc = "an area holding an Anarch",
     .domain = dom_anarch_areas},
    {.name = "to", .type = GAME_T_STRING, .desc = "an area bordering it", .domain = dom_areas},
    {NULL},
};
static const game_member m_industry[] = {
    {.name = "area", .type = GAME_T_STRING, .desc = "an area's id", .domain = dom_areas},
    COLOUR_MEMBER,
    {NULL},
};
static const game_member m_card[] = {
    {.name = "card", .type = GAME_T_INT, .desc = "a card id (the view's cards)",
     .domain = dom_cards},
    {NULL},
};
static const game_member m_choice[] = {
    {.name = "choice", .type = GAME_T_STRING, .desc = "one of the view's pending.choices",
     .domain = dom_choices},
    {NULL},
};

#define PH(p) (1u << (p))
#define WW_ACT(name_, who_, phases_, members_)                                             \
    {.type = #name_, .who = who_, .phases = phases_, .members = members_,                  \
     .check = check_##name_, .apply = do_##name_}

/* Who may send each action (the player to act, every seat still to choose
 * in a cycle, the seat a pending decision waits for, the host), in which
 * phases, its members with their domains (so the framework lists every
 * legal action by running the same checks a POST runs), its check and its
 * change. */
const game_action ww_actions[] = {
    WW_ACT(home, GAME_ROLE_SEAT, PH(P_SETUP), m_home),
    WW_ACT(support, GAME_ROLE_SEAT, PH(P_SUPPORT), m_colour),
    WW_ACT(move_anarch, GAME_ROLE_SEAT, PH(P_SUPPORT), m_move),
    WW_ACT(new_home, GAME_ROLE_SEAT, PH(P_SUPPORT), m_home),
    WW_ACT(industry, GAME_ROLE_SEAT, PH(P_INDUSTRY), m_industry),
    WW_ACT(skip, GAME_ROLE_SEAT, PH(P_SUPPORT) | PH(P_INDUSTRY), NULL),
    WW_ACT(play, GAME_ROLE_SEAT, PH(P_PLAY), m_card),
    WW_ACT(take_back, GAME_ROLE_SEAT, PH(P_PLAY), NULL),
    WW_ACT(discard, GAME_ROLE_SEAT, PH(P_PLAY), m_card),
    WW_ACT(choose_card, GAME_ROLE_SEAT, PH(P_CHOOSE), m_card),
    WW_ACT(decide, GAME_ROLE_PENDING, PH(P_EFFECT), m_choice),
    WW_ACT(dispute, GAME_ROLE_HOST, PH(P_PLAY), m_card),
    {NULL},
};
