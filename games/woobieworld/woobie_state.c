/*
 * woobie_state.c - Woobieworld's state: its tables (the map and the deck it
 * plays with), what the rules, the interpreter and the codec read of it
 * (the environment hooks in force, homes, what a seat may play, the score,
 * who acts), and drawing a card (with environments, Mount Saint Woobie and
 * the end it may bring).
 *
 * The bottom of the rules: woobie_rules.c, woobie_fx.c and woobie_save.c
 * call it; it calls none of them.
 */
#include <stdlib.h>
#include <string.h>

#include "game_def.h"
#include "woobie_int.h"

const char *const ww_phase_names[] = {"setup",    "choose", "support", "industry",
                                      "play",     "effect", "over"};

void ww_state_release(ww_state *s)
{
    json_decref(s->custom_map);
    free(s->custom_deck);
    free(s->map);
    ww_deck_free(s->deck);
    s->custom_map = NULL;
    s->custom_deck = NULL;
    s->map = NULL;
    s->deck = NULL;
}

/* Read the map and the deck a state uses (custom ones or the built-in). */
int ww_state_tables(ww_state *s, char **why)
{
    ww_map *m = NULL;
    ww_deck *d = NULL;
    json_t *def = s->custom_map ? NULL : ww_map_default_json();
    int rc = ww_map_read(s->custom_map ? s->custom_map : def, &m, why);
    json_decref(def);
    if (rc)
        return rc;
    s->map = m;
    if (s->custom_deck) {
        rc = ww_deck_read(s->custom_deck, strlen(s->custom_deck), &d, why);
    } else {
        size_t len;
        const char *t = ww_deck_default_text(&len);
        rc = ww_deck_read(t, len, &d, why);
    }
    s->deck = d;
    return rc;
}

/* --- reading the state ------------------------------------------------------------ */

int ww_hook_on(const ww_state *s, ww_hook h)
{
    for (int i = 0; i < s->nenv; i++) {
        const ww_card *c = &s->deck->c[s->env[i].card];
        for (int k = 0; k < c->nsteps; k++)
            if (c->s[k].op == OP_RULE && c->s[k].what == (int)h)
                return 1;
    }
    return 0;
}

int ww_home_of(const ww_state *s, int area)
{
    for (int i = 0; area >= 0 && i < s->nseats; i++)
        if (s->seat[i].home == area)
            return i;
    return -1;
}

int ww_pieces(const ww_state *s, int area)
{
    int n = 0;
    for (int k = 0; k < WW_KINDS; k++)
        n += s->support[area][k];
    return n;
}

int ww_playable(const ww_state *s, int seat, int card)
{
    const ww_card *c = &s->deck->c[card];
    int home = s->seat[seat].home;
    if (c->type == WW_ACTION)
        return 1;
    if (c->type != WW_COLOUR_ACTION)
        return 0;
    return ww_hook_on(s, H_FREE_COLOUR) || (home >= 0 && s->support[home][c->colour] > 0);
}

void ww_scores(const ww_state *s, int score[], int winner[])
{
    int best = 0, shelter = ww_hook_on(s, H_MOUNTAIN_SHELTER);
    for (int i = 0; i < s->nseats; i++) {
        int h = s->seat[i].home, a;
        score[i] = 0;
        if (h < 0)
            continue;
        for (int k = 0; k < WW_COLOURS; k++)
            score[i] += s->support[h][k] * s->support[h][k];
        a = s->support[h][WW_ANARCH];
        if (!(shelter && s->map->a[h].mountain))
            score[i] -= a * a;
    }
    for (int i = 0; i < s->nseats; i++)
        if (i == 0 || score[i] > best)
            best = score[i];
    for (int i = 0; i < s->nseats; i++)
        winner[i] = score[i] == best;
}

int ww_to_act(const ww_state *s, int act[])
{
    int n = 0;
    for (int i = 0; i < s->nseats; i++) {
        switch (s->phase) {
        case P_CHOOSE:
            act[i] = s->seat[i].chosen < 0 && s->seat[i].nhand > 0;
            break;
        case P_EFFECT:
            act[i] = i == s->run.ask_seat;
            break;
        case P_OVER:
            act[i] = 0;
            break;
        default:
            act[i] = i == s->player;
        }
        n += act[i];
    }
    return n;
}

int ww_hand_take(ww_state *s, int seat, int card)
{
    ww_seat *p = &s->seat[seat];
    for (int i = 0; i < p->nhand; i++)
        if (p->hand[i] == card) {
            memmove(&p->hand[i], &p->hand[i + 1], (size_t)(p->nhand - i - 1) * sizeof p->hand[0]);
            p->nhand--;
            return 1;
        }
    return 0;
}

/* --- drawing and the end ----------------------------------------------------------- */

static void game_over(ww_state *s, json_t *ev)
{
    json_t *over = json_pack("{s:s}", "type", "game_over");
    s->phase = P_OVER;
    game_def_put_result(s, over);
    json_array_append_new(ev, over);
}

int ww_draw(ww_state *s, int seat, json_t *ev)
{
    for (;;) {
        if (s->ndraw == 0) {
            /* Cannot happen with four volcanoes in the deck (the game ends
             * first); a deck that runs out reuses the discard pile. */
            if (s->ndiscard == 0)
                return 0;
            memcpy(s->draw, s->discard, (size_t)s->ndiscard * sizeof s->draw[0]);
            s->ndraw = s->ndiscard;
            s->ndiscard = 0;
            rng_shuffle(&s->r, s->draw, (size_t)s->ndraw, sizeof s->draw[0]);
            game_event(ev, "{s:s, s:i}", "type", "reshuffled", "draw_pile", s->ndraw);
        }
        int card = s->draw[--s->ndraw];
        const ww_card *c = &s->deck->c[card];
        if (c->type == WW_VOLCANO) {
            s->volcano[s->nvolcano++] = (int16_t)card;
            game_event(ev, "{s:s, s:i, s:i, s:o}", "type", "volcano", "seat", seat,
                           "count", s->nvolcano, "card", ww_card_json(s->deck, card));
            if (s->nvolcano >= WW_VOLCANOES_END) {
                game_over(s, ev);
                return 1;
            }
        } else if (c->type == WW_ENVIRONMENT) {
            s->env[s->nenv++] = (ww_table_card){(int16_t)card, (int8_t)seat};
            game_event(ev, "{s:s, s:i, s:o}", "type", "environment", "caretaker", seat,
                           "card", ww_card_json(s->deck, card));
        } else if (s->seat[seat].nhand == WW_MAX_HAND) {
            s->discard[s->ndiscard++] = (int16_t)card; /* a full hand: straight to discard */
            game_event(ev, "{s:s, s:i, s:o}", "type", "hand_full", "seat", seat, "card",
                           ww_card_json(s->deck, card));
            return 0;
        } else {
            s->seat[seat].hand[s->seat[seat].nhand++] = (int16_t)card;
            game_event(ev, "{s:s, s:i, s:i, s:i}", "type", "draw", "seat", seat, "hand",
                           s->seat[seat].nhand, "draw_pile", s->ndraw);
            game_event(ev, "{s:s, s:i, s:o, s:[i]}", "type", "drew", "seat", seat, "card",
                           ww_card_json(s->deck, card), "private_to", seat);
            return 0;
        }
    }
}

int ww_can_play_any(const ww_state *s, int seat)
{
    const ww_seat *p = &s->seat[seat];
    for (int i = 0; i < p->nhand; i++)
        if (p->hand[i] != p->barred && ww_playable(s, seat, p->hand[i]))
            return 1;
    return 0;
}
