/*
 * woobie_rules.c - Woobieworld's rules: the options and the set-up, the
 * turn in four phases (support, industry, play a card, draw), the speed
 * variant's cycles and disputed cards.  The actions are one table (ww_actions):
 * each with its check, shared by apply and by the legal-action list, and
 * its change.  What a card does is the interpreter's (woobie_fx.c): it
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

static int check_home(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)seat;
    if (s->map->a[b->area].water)
        return refuse(why, "a home is a land area");
    if (ww_home_of(s, b->area) >= 0)
        return refuse(why, "that area is already a player's home (homes are never shared)");
    if (!s->supply[b->colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    return WB_OK;
}

static int check_new_home(const ww_state *s, int seat, const ww_body *b, char **why)
{
    int other = ww_home_of(s, b->area);
    if (!s->must_rehome)
        return refuse(why, "your home has support: no new home");
    if (s->map->a[b->area].water)
        return refuse(why, "a home is a land area");
    if (other >= 0 && other != seat)
        return refuse(why, "that area is another player's home (homes are never shared)");
    if (!s->supply[b->colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    if (needed_colour(s, seat) >= 0 && b->colour != needed_colour(s, seat))
        return refuse_needed(needed_colour(s, seat), why);
    return WB_OK;
}

static int check_support(const ww_state *s, int seat, const ww_body *b, char **why)
{
    int need = needed_colour(s, seat);
    if (s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (!s->supply[b->colour])
        return refuse(why, "no support of that colour is left in the unused pile");
    if (need >= 0 && b->colour != need)
        return refuse_needed(need, why);
    return WB_OK;
}

static int check_move_anarch(const ww_state *s, int seat, const ww_body *b, char **why)
{
    if (s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (needed_colour(s, seat) >= 0)
        return refuse_needed(needed_colour(s, seat), why);
    if (s->support_left != (ww_hook_on(s, H_DOUBLE_SUPPORT) ? 2 : 1))
        return refuse(why, "you placed support this phase: either support or an Anarch");
    if (ww_hook_on(s, H_ANARCHS_FROZEN))
        return refuse(why, "an environment on the table forbids moving Anarchs");
    if (!s->support[b->from][WW_ANARCH])
        return refuse(why, "no Anarch there");
    if (!(s->map->adj[b->from] >> b->to & 1))
        return refuse(why, "an Anarch moves to a bordering area");
    return WB_OK;
}

static int check_skip(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)b;
    if (s->phase == P_SUPPORT && s->must_rehome)
        return refuse(why, "your home has no support: you must place one on a new home");
    if (s->phase == P_SUPPORT && needed_colour(s, seat) >= 0)
        return refuse_needed(needed_colour(s, seat), why);
    return WB_OK;
}

static int check_industry(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)seat;
    if (!s->supply_ind[b->colour])
        return refuse(why, "no industry of that colour is left in the unused pile");
    if (!industry_area_ok(s, b->area))
        return refuse(why, "an environment on the table keeps industries out of the water");
    return WB_OK;
}

static int check_play(const ww_state *s, int seat, const ww_body *b, char **why)
{
    int mine = committed(s, seat);
    if (mine >= 0 && b->card != mine)
        return refuse(why, "speed variant: you play the card you chose face down (or take it "
                           "back when you cannot)");
    if (mine < 0 && !in_hand(s, seat, b->card))
        return refuse(why, "that card is not in your hand");
    if (b->card == s->seat[seat].barred)
        return refuse(why, "you took that card back this turn: play another");
    if (!ww_playable(s, seat, b->card))
        return refuse(why, "a COLOUR ACTION needs at least one support of its colour in your "
                           "home");
    return WB_OK;
}

static int check_discard(const ww_state *s, int seat, const ww_body *b, char **why)
{
    int mine = committed(s, seat);
    if (mine >= 0) {
        if (b->card != mine)
            return refuse(why, "speed variant: you may discard the card you chose, no other");
        if (ww_playable(s, seat, mine))
            return refuse(why, "you can play the card you chose");
        return WB_OK;
    }
    if (!in_hand(s, seat, b->card))
        return refuse(why, "that card is not in your hand");
    if (ww_can_play_any(s, seat))
        return refuse(why, "you can play a card: a card is discarded unplayed only when none "
                           "can be played");
    return WB_OK;
}

static int check_take_back(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)b;
    int mine = committed(s, seat);
    if (mine < 0)
        return refuse(why, "only a card chosen face down in the speed variant is taken back");
    if (ww_playable(s, seat, mine))
        return refuse(why, "you can play the card you chose");
    if (s->seat[seat].nhand == WW_MAX_HAND)
        return refuse(why, "your hand is full: discard the card you chose");
    return WB_OK;
}

static int check_choose_card(const ww_state *s, int seat, const ww_body *b, char **why)
{
    if (!in_hand(s, seat, b->card))
        return refuse(why, "that card is not in your hand");
    return WB_OK;
}

static int check_decide(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)seat;
    if (b->choice < 0)
        return refuse(why, "not one of the choices (see the view's \"pending\")");
    return WB_OK;
}

static int check_dispute(const ww_state *s, int seat, const ww_body *b, char **why)
{
    (void)seat;
    if (committed(s, s->player) != b->card && !in_hand(s, s->player, b->card))
        return refuse(why, "the disputed card must be one the player to act could play now");
    return WB_OK;
}

/* --- the actions: changes ----------------------------------------------------------- */

static void do_home(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    s->seat[seat].home = b->area;
    s->support[b->area][b->colour]++;
    s->supply[b->colour]--;
    game_event(ev, "{s:s, s:i, s:s, s:s}", "type", "home", "seat", seat, "area",
                   s->map->a[b->area].id, "colour", ww_kind_names[b->colour]);
    if (++s->player < s->nseats)
        return;
    s->player = 0;
    if (s->speed)
        begin_cycle(s, ev);
    else
        ww_begin_turn(s, ev);
}

static void do_new_home(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    s->seat[seat].home = b->area;
    s->support[b->area][b->colour]++;
    s->supply[b->colour]--;
    s->must_rehome = 0;
    game_event(ev, "{s:s, s:i, s:s, s:s}", "type", "new_home", "seat", seat, "area",
                   s->map->a[b->area].id, "colour", ww_kind_names[b->colour]);
    enter_industry(s, ev);
}

static void do_support(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    int h = s->seat[seat].home;
    s->support[h][b->colour]++;
    s->supply[b->colour]--;
    game_event(ev, "{s:s, s:s, s:i, s:s, s:i}", "type", "gain", "area", s->map->a[h].id,
                   "seat", seat, "kind", ww_kind_names[b->colour], "n", 1);
    if (--s->support_left == 0)
        enter_industry(s, ev);
}

static void do_move_anarch(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)seat;
    s->support[b->from][WW_ANARCH]--;
    s->support[b->to][WW_ANARCH]++;
    game_event(ev, "{s:s, s:s, s:s, s:i}", "type", "anarchs_moved", "from",
                   s->map->a[b->from].id, "to", s->map->a[b->to].id, "n", 1);
    enter_industry(s, ev);
}

static void do_skip(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)b;
    game_event(ev, "{s:s, s:i, s:s}", "type", "skip", "seat", seat, "phase",
                   ww_phase_names[s->phase]);
    if (s->phase == P_SUPPORT)
        enter_industry(s, ev);
    else
        enter_play(s, ev);
}

static void do_industry(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)seat;
    s->industries[b->area][b->colour]++;
    s->supply_ind[b->colour]--;
    game_event(ev, "{s:s, s:s, s:s, s:i}", "type", "industry_placed", "area",
                   s->map->a[b->area].id, "colour", ww_kind_names[b->colour], "n", 1);
    enter_play(s, ev);
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

static void do_play(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    if (s->seat[seat].chosen == b->card)
        s->seat[seat].chosen = -1;
    else
        ww_hand_take(s, seat, b->card);
    if (ww_fx_start(s, b->card, ev))
        card_done(s, ev);
}

static void do_discard(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    if (s->seat[seat].chosen == b->card)
        s->seat[seat].chosen = -1;
    else
        ww_hand_take(s, seat, b->card);
    s->discard[s->ndiscard++] = (int16_t)b->card;
    game_event(ev, "{s:s, s:i, s:o}", "type", "discarded", "seat", seat, "card",
                   ww_card_json(s->deck, b->card));
    ww_end_turn(s, ev);
}

static void do_take_back(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)b;
    ww_seat *p = &s->seat[seat];
    p->barred = p->chosen;
    p->hand[p->nhand++] = (int16_t)p->chosen;
    p->chosen = -1;
    game_event(ev, "{s:s, s:i, s:o}", "type", "taken_back", "seat", seat, "card",
                   ww_card_json(s->deck, p->barred));
}

static void do_choose_card(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    static const char *const hidden[] = {"card", NULL};
    int last = 1;
    ww_hand_take(s, seat, b->card);
    s->seat[seat].chosen = b->card;
    for (int i = 0; i < s->nseats; i++)
        if (s->seat[i].chosen < 0 && s->seat[i].nhand > 0)
            last = 0;
    if (!last) {
        /* Face down: the others learn that this seat chose, not what. */
        game_secret_event(ev, json_pack("{s:s, s:i, s:o}", "type", "chose", "seat", seat, "card",
                                        ww_card_json(s->deck, b->card)),
                          seat, s->nseats, hidden);
        return;
    }
    /* The last card down: every card is revealed at once. */
    game_event(ev, "{s:s, s:i}", "type", "chose", "seat", seat);
    reveal(s, ev);
}

static void do_decide(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)seat;
    if (ww_fx_decide(s, b->choice, ev))
        card_done(s, ev);
}

static void do_dispute(ww_state *s, int seat, const ww_body *b, json_t *ev)
{
    (void)seat;
    int p = s->player;
    if (s->seat[p].chosen == b->card)
        s->seat[p].chosen = -1;
    else
        ww_hand_take(s, p, b->card);
    s->removed[s->nremoved++] = (int16_t)b->card;
    game_event(ev, "{s:s, s:i, s:o}", "type", "card_disputed", "seat", p, "card",
                   ww_card_json(s->deck, b->card));
    ww_draw(s, p, ev); /* the player draws another; the play phase goes on */
    if (s->phase == P_PLAY)
        enter_play(s, ev); /* nothing left to draw: no card, the turn goes on */
}

/* The rules of each action: the members it reads, its check and its
 * change.  Who may send it and in which phase is the framework's table in
 * woobie.c. */
const ww_action ww_actions[] = {
    {"home", M_AREA | M_COLOUR, check_home, do_home},
    {"support", M_COLOUR, check_support, do_support},
    {"move_anarch", M_FROM | M_TO, check_move_anarch, do_move_anarch},
    {"new_home", M_AREA | M_COLOUR, check_new_home, do_new_home},
    {"industry", M_AREA | M_COLOUR, check_industry, do_industry},
    {"skip", 0, check_skip, do_skip},
    {"play", M_CARD, check_play, do_play},
    {"take_back", 0, check_take_back, do_take_back},
    {"discard", M_CARD, check_discard, do_discard},
    {"choose_card", M_CARD, check_choose_card, do_choose_card},
    {"decide", M_CHOICE, check_decide, do_decide},
    {"dispute", M_CARD, check_dispute, do_dispute},
};
const size_t ww_nactions = sizeof ww_actions / sizeof ww_actions[0];
