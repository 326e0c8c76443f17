/*
 * dumb_board.c - World Dumbination's phases 5 and 6: units move, conquer,
 * go to war and attack; bases are built and upgraded and units recruited.
 *
 * The steps a seat takes in its turn, each with the check it shares with
 * the legal-action list (dumb_rules.c); what they read and change of the state
 * is dumb_state.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "dumb_int.h"
#include "game_def.h"
#include "wb_err.h"

/* --- movement and combat ------------------------------------------------------ */

static int enemy_piece(const dm_state *s, int seat, int space)
{
    int o = dm_units_owner(s, space);
    return (o >= 0 && o != seat) || (s->cell[space].base && s->cell[space].owner != seat);
}

static int unit_can_move(const dm_state *s, int seat, int k)
{
    const dm_unit *u = &s->p[seat].u[k];
    return u->space >= 0 && !u->stopped && !(u->war && s->round <= u->war + 1);
}

int dm_reach(const dm_state *s, int seat, int k, int *reach)
{
    int n = dm_nspaces(s), count = 0, *queue = malloc(sizeof(int) * (size_t)n);
    const dm_unit *u = &s->p[seat].u[k];
    if (!queue)
        abort();
    for (int i = 0; i < n; i++)
        reach[i] = -1;
    if (!unit_can_move(s, seat, k)) {
        free(queue);
        return 0;
    }
    int left = dm_moves(s, seat) - u->steps, head = 0, tail = 0;
    int bsp[DM_MAX_SPACES], bst[DM_MAX_SPACES], nb = dm_bases_list(s, seat, bsp, bst);
    int bonus = dm_strength_bonus(s, seat);
    reach[u->space] = 0;
    queue[tail++] = u->space;
    while (head < tail) {
        int x = queue[head++];
        if (reach[x] >= left)
            continue;
        /* A conquest or a war stops the unit: no passing through. */
        if (x != u->space) {
            const dm_cell *c = &s->cell[x];
            if ((c->cube && c->owner != seat) ||
                ((s->board->sp[x].tags & DM_T_WAR) && c->owner != seat))
                continue;
        }
        for (int a = 0; a < s->board->sp[x].nadj; a++) {
            int y = s->board->sp[x].adj[a];
            if (reach[y] >= 0 || s->cell[y].radio >= 0 || enemy_piece(s, seat, y))
                continue;
            if (s->cell[y].owner != seat && dm_strength_from(s, seat, bsp, bst, nb, bonus, y) <= 0)
                continue; /* no strength: only own spaces */
            reach[y] = reach[x] + 1;
            queue[tail++] = y;
            count++;
        }
    }
    reach[u->space] = -1;
    free(queue);
    return count;
}

/* The steps unit k needs to reach `to` now, or -1 (and *why). */
static int move_steps(const dm_state *s, int seat, int k, int to, char **why)
{
    if (k < 0 || k >= DM_UNITS || s->p[seat].u[k].space < 0)
        return game_refuse(why, -1, "no such unit of yours on the board");
    if (to < 0 || to >= dm_nspaces(s))
        return game_refuse(why, -1, "no such space");
    const dm_unit *u = &s->p[seat].u[k];
    /* Cheap first: too far for the moves left. */
    if (!unit_can_move(s, seat, k) || dm_dist(s, u->space, to) > dm_moves(s, seat) - u->steps)
        return game_refuse(why, -1, "that unit cannot get there this round");
    int *reach = malloc(sizeof(int) * (size_t)dm_nspaces(s));
    if (!reach)
        abort();
    dm_reach(s, seat, k, reach);
    int steps = reach[to];
    free(reach);
    if (steps < 0)
        return game_refuse(why, -1,
                           "that unit cannot get there this round (moves, strength, cubes, war)");
    return steps;
}

int dm_move_check(const dm_state *s, int seat, int k, int to, char **why)
{
    return move_steps(s, seat, k, to, why) < 0 ? WB_EILLEGAL : WB_OK;
}

int dm_move(dm_state *s, int seat, int k, int to, int mark, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_MOVE, why);
    if (rc)
        return rc;
    int steps = move_steps(s, seat, k, to, why);
    if (steps < 0)
        return WB_EILLEGAL;
    dm_unit *u = &s->p[seat].u[k];
    int from = u->space;
    char a[16], b[16];
    dm_space_id(s->board, from, a);
    dm_space_id(s->board, to, b);
    u->space = to;
    u->steps += steps;
    dm_left_space(s, seat, from, from == u->start, mark);
    dm_cell *c = &s->cell[to];
    const char *how = "moved";
    if (c->cube && c->owner != seat) { /* conquered: the cube goes home */
        s->p[c->owner].cubes++;
        c->cube = 0;
        c->owner = seat;
        u->stopped = 1;
        how = "conquered";
    } else if ((s->board->sp[to].tags & DM_T_WAR) && c->owner != seat) {
        u->war = s->round;
        u->stopped = 1;
        how = "joined_war";
    } else {
        c->owner = seat;
    }
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:s, s:i}", "type", how, "seat", seat, "unit",
                            k, "from", a, "to", b, "steps", steps));
    return WB_OK;
}

int dm_attack_losses(const int *strength, int n, int defence)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += strength[i];
        if (sum > defence)
            return i;
    }
    return -1;
}

static int defence_of(const dm_state *s, int space, int *def_seat)
{
    int d = dm_units_owner(s, space), total = 0;
    if (d < 0 && s->cell[space].base)
        d = s->cell[space].owner;
    *def_seat = d;
    if (d < 0)
        return 0;
    total += dm_units_on(s, d, space) * dm_strength_at(s, d, space);
    if (s->cell[space].owner == d)
        total += s->cell[space].base;
    return total;
}

int dm_attack_check(const dm_state *s, int seat, int space, const int *units, int n,
                    char **why)
{
    int d;
    if (space < 0 || space >= dm_nspaces(s) || !enemy_piece(s, seat, space))
        return game_refuse(why, WB_EILLEGAL, "attack a space with another player's units or base");
    if (n < 1 || n > DM_UNITS)
        return game_refuse(why, WB_EILLEGAL, "attack with 1 to 6 of your units");
    for (int i = 0; i < n; i++) {
        int k = units[i];
        if (k < 0 || k >= DM_UNITS || s->p[seat].u[k].space < 0)
            return game_refuse(why, WB_EILLEGAL, "no such unit of yours on the board");
        for (int j = 0; j < i; j++)
            if (units[j] == k)
                return game_refuse(why, WB_EILLEGAL, "each unit attacks once");
        const dm_unit *u = &s->p[seat].u[k];
        if (dm_dist(s, u->space, space) != 1)
            return game_refuse(why, WB_EILLEGAL, "attackers stand next to the space they attack");
        if (!unit_can_move(s, seat, k) || u->steps)
            return game_refuse(why, WB_EILLEGAL, "an attacking unit moves just the one "
                                                 "space: it must not have moved");
    }
    int def = defence_of(s, space, &d), str = dm_strength_at(s, seat, space);
    if (str * n <= def) {
        *why = game_why("attackers must be stronger: %d x %d against %d", n, str, def);
        return WB_EILLEGAL;
    }
    return WB_OK;
}

int dm_attack(dm_state *s, int seat, int space, const int *units, int n, json_t *ev,
              char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_MOVE, why), d;
    if (rc || (rc = dm_attack_check(s, seat, space, units, n, why)))
        return rc;
    int def = defence_of(s, space, &d), str = dm_strength_at(s, seat, space);
    int strength[DM_UNITS];
    for (int i = 0; i < n; i++)
        strength[i] = str;
    int lost = dm_attack_losses(strength, n, def);
    int killed = 0, base = s->cell[space].owner == d ? s->cell[space].base : 0;
    for (int k = 0; k < DM_UNITS; k++)
        if (s->p[d].u[k].space == space) {
            dm_remove_unit(s, d, k);
            killed++;
        }
    if (s->cell[space].cube && s->cell[space].owner >= 0)
        s->p[s->cell[space].owner].cubes++;
    s->cell[space].base = 0;
    s->cell[space].cube = 0;
    s->cell[space].owner = seat;
    for (int i = 0; i < n; i++) {
        dm_unit *u = &s->p[seat].u[units[i]];
        int from = u->space, began = from == u->start;
        if (i < lost)
            dm_remove_unit(s, seat, units[i]);
        else {
            u->space = space;
            u->steps = 1;
            u->stopped = 1;
        }
        dm_left_space(s, seat, from, began, 1);
    }
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:i, s:s, s:i, s:i, s:i, s:i, s:i}", "type", "battle",
                            "seat", seat, "defender", d, "space", id, "attack", str * n, "defence",
                            def, "attackers_lost", lost, "units_removed", killed, "base_removed",
                            base));
    if (dm_on_vacation(s, d))
        dm_track(s, seat, 1, -1, ev);
    dm_gain_vp(s, seat, killed + base / 2, "battle", ev);
    dm_check_neutralized(s, d, seat, ev);
    return WB_OK;
}

/* --- buying --------------------------------------------------------------------- */

int dm_build_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= dm_nspaces(s))
        return game_refuse(why, WB_EILLEGAL, "no such space");
    if (s->p[seat].bought_unit)
        return game_refuse(why, WB_EILLEGAL, "bases come before units");
    if (!dm_units_on(s, seat, space))
        return game_refuse(why, WB_EILLEGAL, "a new base goes where you have units");
    if (s->board->sp[space].tags & DM_T_SEA)
        return game_refuse(why, WB_EILLEGAL, "no bases at sea");
    /* A war zone is the player's only when its war is won. */
    if ((s->board->sp[space].tags & DM_T_WAR) && s->cell[space].owner != seat)
        return game_refuse(why, WB_EILLEGAL, "the war for this space is not won yet");
    if (s->cell[space].base)
        return game_refuse(why, WB_EILLEGAL, "there is a base already");
    if (dm_bases_of(s, seat) >= DM_BASES)
        return game_refuse(why, WB_EILLEGAL, "all your base tokens are on the board");
    if (s->p[seat].res < 4)
        return game_refuse(why, WB_EILLEGAL, "a new base costs 4");
    return WB_OK;
}

int dm_upgrade_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= dm_nspaces(s) || s->cell[space].owner != seat || !s->cell[space].base)
        return game_refuse(why, WB_EILLEGAL, "upgrade one of your bases");
    if (s->p[seat].bought_unit)
        return game_refuse(why, WB_EILLEGAL, "bases come before units");
    if (s->cell[space].base >= 10)
        return game_refuse(why, WB_EILLEGAL, "10 is the strongest base");
    if (s->cell[space].stepped == s->round)
        return game_refuse(why, WB_EILLEGAL, "a base goes up one step a round (building counts)");
    if (s->p[seat].res < s->cell[space].base + 2)
        return game_refuse(why, WB_EILLEGAL, "an upgrade costs the new strength");
    return WB_OK;
}

int dm_recruit_check(const dm_state *s, int seat, int space, char **why)
{
    if (space < 0 || space >= dm_nspaces(s) || s->cell[space].owner != seat || !s->cell[space].base)
        return game_refuse(why, WB_EILLEGAL, "a new unit is placed on one of your bases");
    if (dm_units_on_board(s, seat) >= DM_UNITS)
        return game_refuse(why, WB_EILLEGAL, "all six of your units are on the board");
    if (s->p[seat].res < s->cell[space].base)
        return game_refuse(why, WB_EILLEGAL, "a unit costs the strength of its base");
    return WB_OK;
}

int dm_build(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_build_check(s, seat, space, why)))
        return rc;
    dm_cell *c = &s->cell[space];
    if (c->cube && c->owner == seat)
        s->p[seat].cubes++, c->cube = 0; /* the base marks it now */
    c->base = 4;
    c->owner = seat;
    c->stepped = s->round;
    dm_pay(s, seat, 4);
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "built", "seat", seat, "space", id));
    return WB_OK;
}

int dm_upgrade(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_upgrade_check(s, seat, space, why)))
        return rc;
    dm_cell *c = &s->cell[space];
    c->base += 2;
    c->stepped = s->round;
    dm_pay(s, seat, c->base);
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s, s:i}", "type", "upgraded", "seat", seat, "space", id,
                            "base", c->base));
    return WB_OK;
}

int dm_recruit(dm_state *s, int seat, int space, json_t *ev, char **why)
{
    int rc = dm_phase_is(s, seat, DM_PH_BUY, why);
    if (rc || (rc = dm_recruit_check(s, seat, space, why)))
        return rc;
    dm_pay(s, seat, s->cell[space].base);
    dm_place_unit(s, seat, space);
    s->p[seat].bought_unit = 1;
    char id[16];
    dm_space_id(s->board, space, id);
    dm_ev_add(ev, json_pack("{s:s, s:i, s:s}", "type", "recruited", "seat", seat, "space", id));
    return WB_OK;
}
