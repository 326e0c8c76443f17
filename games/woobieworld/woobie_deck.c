/*
 * woobie_deck.c - Woobieworld's deck: cards as lines of data, compiled
 * into effect steps for the interpreter (woobie_fx.c).
 *
 * A line is TYPE | NUMBER | NAME | TEXT | STEPS | QUOTE (the format and the
 * step language are described at the top of games/woobieworld/deck.txt and
 * in games/woobieworld/WOOBIEWORLD.md).  Everything is checked here, once, so the
 * interpreter can trust a step: a register, the counter N or the tally M
 * is never read before a step of the same side sets it, environments hold
 * rule steps only, OR splits a card into two non-empty sides.  A bad line
 * is refused with its line number, the card's name and the step at fault.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "woobie_int.h"

/* The embedded games/woobieworld/deck.txt (daemon/core/embed.c). */
extern const unsigned char woobie_deck_txt[];
extern const size_t woobie_deck_txt_len;

const char *const ww_kind_names[WW_KINDS] = {"red", "yellow", "green", "blue", "anarch"};
const char ww_kind_letters[WW_KINDS + 1] = "RYGBA";
const char *const ww_ctype_names[] = {"action", "colour action", "environment",
                                      "mount saint woobie"};
const char *const ww_hook_names[H_COUNT_] = {"no_industry",   "double_support",
                                             "anarchs_frozen", "free_colour",
                                             "dry_industry",  "mountain_shelter"};

const char *ww_deck_default_text(size_t *len)
{
    *len = woobie_deck_txt_len;
    return (const char *)woobie_deck_txt;
}

void ww_deck_free(ww_deck *d)
{
    if (d)
        free(d->pool);
    free(d);
}

/* --- words ------------------------------------------------------------------ */

static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = 0;
    return s;
}

/* Split `s` at `sep` into at most `max` trimmed fields; returns how many. */
static int split(char *s, char sep, char **f, int max)
{
    int n = 0;
    for (;;) {
        char *p = strchr(s, sep);
        if (n == max)
            return max + 1;
        if (p)
            *p = 0;
        f[n++] = trim(s);
        if (!p)
            return n;
        s = p + 1;
    }
}

static int colour_of(const char *w)
{
    for (int k = 0; k < WW_COLOURS; k++)
        if (strcmp(w, ww_kind_names[k]) == 0)
            return k;
    return -9;
}

/* --- compiling steps ---------------------------------------------------------- */

/* What a side has set so far, to refuse reads before writes. */
typedef struct known {
    int reg[2], colour, counter, tally;
} known;

typedef struct pctx {
    known k;
    const char *err; /* static message, set on the first problem */
    char detail[96];
} pctx;

static int bad(pctx *p, const char *msg, const char *word)
{
    if (!p->err) {
        p->err = msg;
        snprintf(p->detail, sizeof p->detail, "%s", word ? word : "");
    }
    return -1;
}

/* "X", "Y" (readable: set earlier on this side), or "me" when allowed. */
static int reg_of(pctx *p, const char *w, int allow_me)
{
    if (w && strcmp(w, "X") == 0)
        return p->k.reg[REG_X] ? REG_X : bad(p, "reads X before a step chooses it", w);
    if (w && strcmp(w, "Y") == 0)
        return p->k.reg[REG_Y] ? REG_Y : bad(p, "reads Y before a step chooses it", w);
    if (w && allow_me && strcmp(w, "me") == 0)
        return REG_ME;
    return bad(p, allow_me ? "expected X, Y or me" : "expected X or Y", w);
}

/* A target of gain/lose/half/count/removeind. */
static int target_of(pctx *p, ww_step *st, const char *w)
{
    if (!w)
        return bad(p, "a target is missing", NULL);
    if (strcmp(w, "me") == 0)
        st->target = T_ME;
    else if (strcmp(w, "all") == 0)
        st->target = T_ALL;
    else if (strcmp(w, "others") == 0)
        st->target = T_OTHERS;
    else if (strncmp(w, "near:", 5) == 0) {
        st->target = T_NEAR;
        st->reg = (int8_t)reg_of(p, w + 5, 1);
    } else if (strncmp(w, "areas:", 6) == 0) {
        st->target = T_AREAS;
        st->reg = (int8_t)reg_of(p, w + 6, 1);
    } else {
        st->target = T_REG;
        st->reg = (int8_t)reg_of(p, w, 1);
    }
    return p->err ? -1 : 0;
}

/* A count: a number 1..99, N, or * when `star`. */
static int count_of(pctx *p, const char **s, int star)
{
    if (**s == 'N') {
        (*s)++;
        return p->k.counter ? AMT_N : bad(p, "reads N before a count step", NULL);
    }
    if (**s == '*') {
        (*s)++;
        return star ? AMT_ALL : bad(p, "\"*\" (all) only where pieces are lost", NULL);
    }
    if (!isdigit((unsigned char)**s))
        return bad(p, "a count is a number, N or *", *s);
    int n = 0;
    while (isdigit((unsigned char)**s))
        n = n * 10 + (*(*s)++ - '0');
    return n >= 1 && n <= 99 ? n : bad(p, "a count is 1..99", NULL);
}

/* "2R+1A": terms of gain (`lose` 0) or lose (1). */
static int terms_of(pctx *p, ww_step *st, const char *w, int lose)
{
    if (!w)
        return bad(p, "the amounts are missing (like 2R+1A)", NULL);
    const char *s = w;
    for (;;) {
        int c = count_of(p, &s, lose), kind;
        const char *k = strchr("RYGBAcSM", *s);
        if (p->err)
            return -1;
        if (!*s || !k)
            return bad(p, "a kind is one of R Y G B A c S M", w);
        kind = k - "RYGBAcSM" < WW_KINDS ? (int)(k - "RYGBAcSM")
               : *s == 'c' ? K_CHOICE_COLOURED : *s == 'S' ? K_CHOICE_ANY : K_MATCHING;
        if (!lose && kind == K_CHOICE_ANY)
            return bad(p, "S (any support) is for losses; gains name a colour, c or A", w);
        if (kind == K_MATCHING && !p->k.tally)
            return bad(p, "M (per removed industry) before a removeind step", w);
        if (kind == K_MATCHING && c == AMT_ALL)
            return bad(p, "M counts per removed industry: a number, not *", w);
        if (st->nterms == WW_MAX_TERMS)
            return bad(p, "too many terms", w);
        st->t[st->nterms++] = (ww_term){(int8_t)kind, (int8_t)c};
        s++;
        if (!*s)
            return 0;
        if (*s++ != '+')
            return bad(p, "terms are joined by +", w);
    }
}

/* Filters of choose/chooseind, comma-separated, ANDed. */
static int filters_of(pctx *p, ww_step *st, char *w)
{
    static const struct {
        const char *name;
        int flag;
    } names[] = {
        {"land", F_LAND},           {"water", F_WATER},       {"coastal", F_COASTAL},
        {"inland", F_INLAND},       {"mountain", F_MOUNTAIN}, {"home", F_HOME},
        {"myhome", F_MYHOME},       {"otherhome", F_OTHERHOME}, {"nothome", F_NOTHOME},
        {"industry", F_INDUSTRY},   {"anarchs", F_ANARCHS},   {"any", 0},
    };
    char *f[8];
    int n = w ? split(w, ',', f, 8) : 0;
    if (n > 8)
        return bad(p, "too many filters", w);
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
            if (strcmp(f[i], names[k].name) == 0) {
                st->filter |= (uint16_t)names[k].flag;
                found = 1;
            }
        if (found)
            continue;
        if (strncmp(f[i], "industry:", 9) == 0) {
            int c = strcmp(f[i] + 9, "C") == 0 ? COL_C : colour_of(f[i] + 9);
            if (c == -9)
                return bad(p, "industry:COLOUR names red, yellow, green, blue or C", f[i]);
            if (c == COL_C && !p->k.colour)
                return bad(p, "reads C before a chooseind step", f[i]);
            st->filter |= F_INDUSTRY;
            st->colour = (int8_t)c;
        } else if (strncmp(f[i], "near:", 5) == 0 || strncmp(f[i], "adj:", 4) == 0) {
            int adj = f[i][0] == 'a';
            st->filter |= adj ? F_ADJ : F_NEAR;
            st->reg2 = (int8_t)reg_of(p, f[i] + (adj ? 4 : 5), 1);
        } else {
            return bad(p, "unknown filter", f[i]);
        }
    }
    return p->err ? -1 : 0;
}

static int hook_of(pctx *p, const char *w, int allow_any)
{
    if (w && allow_any && strcmp(w, "any") == 0)
        return -1;
    for (int h = 0; w && h < H_COUNT_; h++)
        if (strcmp(w, ww_hook_names[h]) == 0)
            return h;
    return bad(p, "unknown rule hook", w);
}

/* Colour word: red..blue, "any" (when allowed), "C", "choice" (when allowed). */
static int colour_word(pctx *p, const char *w, int allow_any, int allow_choice)
{
    int c = w ? colour_of(w) : -9;
    if (c >= 0)
        return c;
    if (w && allow_any && strcmp(w, "any") == 0)
        return COL_ANY;
    if (w && allow_choice && strcmp(w, "choice") == 0)
        return COL_CHOICE;
    if (w && strcmp(w, "C") == 0)
        return p->k.colour ? COL_C : bad(p, "reads C before a chooseind step", w);
    return bad(p, "expected a colour", w);
}

/* Compile one step (its words, NULL-terminated). */
static int compile_step(pctx *p, ww_step *st, char **w, int nw)
{
    const char *op = w[0];
    memset(st, 0, sizeof *st);
    st->reg = st->reg2 = REG_X;
    st->colour = COL_ANY;
    st->count = 1;
    if (strcmp(op, "choose") == 0 || strcmp(op, "chooseind") == 0) {
        int ind = op[6] == 'i', r;
        st->op = ind ? OP_CHOOSE_IND : OP_CHOOSE;
        if (nw < 2 || (strcmp(w[1], "X") && strcmp(w[1], "Y")))
            return bad(p, "choose writes X or Y", w[1]);
        r = w[1][0] == 'X' ? REG_X : REG_Y;
        if (ind) {
            st->colour = (int8_t)colour_word(p, w[2], 1, 0);
            if (nw > 4)
                return bad(p, "chooseind X COLOUR [FILTERS]", w[4]);
            if (filters_of(p, st, nw > 3 ? w[3] : NULL))
                return -1;
            p->k.colour = 1;
        } else {
            if (nw > 3)
                return bad(p, "choose X FILTERS (comma-separated)", w[3]);
            if (filters_of(p, st, w[2]))
                return -1;
        }
        st->reg = (int8_t)r;
        p->k.reg[r] = 1;
    } else if (strcmp(op, "gain") == 0 || strcmp(op, "lose") == 0) {
        int lose = op[0] == 'l';
        st->op = lose ? OP_LOSE : OP_GAIN;
        if (nw != 3)
            return bad(p, lose ? "lose TARGET TERMS" : "gain TARGET TERMS", op);
        if (target_of(p, st, w[1]) || terms_of(p, st, w[2], lose))
            return -1;
    } else if (strcmp(op, "half") == 0) {
        const char *k;
        st->op = OP_HALF;
        if (nw != 3 || target_of(p, st, w[1]))
            return p->err ? -1 : bad(p, "half TARGET KIND", op);
        k = strchr("RYGBAcS", w[2][0]);
        if (!k || w[2][1])
            return bad(p, "half takes a kind: R Y G B A, c or S", w[2]);
        st->t[0].kind = (int8_t)(*k == 'c' ? K_CHOICE_COLOURED
                                 : *k == 'S' ? K_CHOICE_ANY : (int)(k - "RYGBAcS"));
        st->nterms = 1;
    } else if (strcmp(op, "removeind") == 0) {
        st->op = OP_REMOVE_IND;
        if (nw < 3 || nw > 4)
            return bad(p, "removeind SCOPE COLOUR [COUNT]", op);
        if (strcmp(w[1], "all") == 0)
            st->target = T_BOARD;
        else if (target_of(p, st, w[1]) || (st->target != T_REG && st->target != T_NEAR))
            return p->err ? -1 : bad(p, "removeind acts on X, Y, near:X, near:me or all", w[1]);
        st->colour = (int8_t)colour_word(p, w[2], 1, 0);
        const char *c = nw == 4 ? w[3] : "*";
        st->count = (int8_t)count_of(p, &c, 1);
        if (*c)
            return bad(p, "a count is a number or *", w[3]);
        p->k.tally = 1;
    } else if (strcmp(op, "placeind") == 0) {
        st->op = OP_PLACE_IND;
        if (nw != 4)
            return bad(p, "placeind WHERE COLOUR COUNT", op);
        st->reg = (int8_t)reg_of(p, w[1], 1);
        st->colour = (int8_t)colour_word(p, w[2], 0, 1);
        const char *c = w[3];
        st->count = (int8_t)count_of(p, &c, 0);
    } else if (strcmp(op, "moveind") == 0 || strcmp(op, "moveanarchs") == 0) {
        int ind = op[4] == 'i';
        st->op = ind ? OP_MOVE_IND : OP_MOVE_ANARCH;
        if (nw != (ind ? 3 : 4))
            return bad(p, ind ? "moveind FROM TO (the chosen industry's colour C)"
                              : "moveanarchs FROM TO COUNT", op);
        if (ind && !p->k.colour)
            return bad(p, "moveind moves the industry of colour C: chooseind first", op);
        st->reg = (int8_t)reg_of(p, w[1], 1);
        st->reg2 = (int8_t)reg_of(p, w[2], 1);
        if (!ind) {
            const char *c = w[3];
            st->count = (int8_t)count_of(p, &c, 1);
        }
    } else if (strcmp(op, "rule") == 0) {
        st->op = OP_RULE;
        if (nw != 2)
            return bad(p, "rule HOOK", op);
        st->what = (int8_t)hook_of(p, w[1], 0);
    } else if (strcmp(op, "dropenv") == 0) {
        st->op = OP_DROP_ENV;
        if (nw != 2)
            return bad(p, "dropenv HOOK|any", op);
        st->what = (int8_t)hook_of(p, w[1], 1);
    } else if (strcmp(op, "count") == 0) {
        st->op = OP_COUNT;
        if (nw >= 2 && strcmp(w[1], "volcanoes") == 0 && nw == 2) {
            st->what = 0;
        } else if (nw == 4 && strcmp(w[1], "industries") == 0) {
            st->what = 1;
            if (strcmp(w[2], "all") == 0)
                st->target = T_BOARD;
            else if (target_of(p, st, w[2]) || (st->target != T_REG && st->target != T_NEAR))
                return p->err ? -1 : bad(p, "count industries X|near:X|all COLOUR", w[2]);
            st->colour = (int8_t)colour_word(p, w[3], 1, 0);
        } else if (nw == 3 && strcmp(w[1], "anarchs") == 0) {
            st->what = 2;
            if (target_of(p, st, w[2]) || (st->target != T_REG && st->target != T_AREAS))
                return p->err ? -1 : bad(p, "count anarchs X|areas:X", w[2]);
        } else if (nw == 3 && strcmp(w[1], "homes") == 0) {
            st->what = 3;
            if (target_of(p, st, w[2]) || st->target != T_NEAR)
                return p->err ? -1 : bad(p, "count homes near:X", w[2]);
        } else {
            return bad(p, "count volcanoes | industries SCOPE COLOUR | anarchs SCOPE | "
                          "homes near:X", w[1]);
        }
        p->k.counter = 1;
    } else if (strcmp(op, "extra") == 0) {
        st->op = OP_EXTRA;
        if (nw != 1)
            return bad(p, "extra takes nothing", w[1]);
    } else if (strcmp(op, "draw") == 0) {
        st->op = OP_DRAW;
        const char *c = nw == 2 ? w[1] : "";
        st->count = (int8_t)count_of(p, &c, 0);
        if (nw != 2 || *c || st->count > 4)
            return bad(p, "draw COUNT (1..4)", op);
    } else {
        return bad(p, "unknown step", op);
    }
    return p->err ? -1 : 0;
}

/* --- cards -------------------------------------------------------------------- */

static int read_card(ww_deck *d, char *line, size_t *pool_used, char **why, int lineno)
{
    static const char *const types[] = {"action", "red", "yellow", "green", "blue",
                                        "environment", "volcano"};
    char *f[7];
    ww_card *c = &d->c[d->n];
    int t = -1;
    pctx p = {0};

    memset(c, 0, sizeof *c);
    if (split(line, '|', f, 6) != 6) {
        *why = game_why("deck line %d: TYPE | NUMBER | NAME | TEXT | STEPS | QUOTE "
                        "(six fields separated by |)", lineno);
        return WB_EINVAL;
    }
    for (int i = 0; i < 7; i++)
        if (strcmp(f[0], types[i]) == 0)
            t = i;
    if (t < 0) {
        *why = game_why("deck line %d: unknown type \"%s\" (action, red, yellow, green, blue, "
                        "environment, volcano)", lineno, f[0]);
        return WB_EINVAL;
    }
    c->type = t == 0 ? WW_ACTION : t <= 4 ? WW_COLOUR_ACTION : t == 5 ? WW_ENVIRONMENT : WW_VOLCANO;
    c->colour = t >= 1 && t <= 4 ? t - 1 : -1;
    if (!*f[2] || strlen(f[2]) > WW_NAME_MAX) {
        *why = game_why("deck line %d: a name of 1..%d bytes", lineno, WW_NAME_MAX);
        return WB_EINVAL;
    }
    snprintf(c->name, sizeof c->name, "%s", f[2]);
    if (c->type == WW_ENVIRONMENT || c->type == WW_VOLCANO) {
        if (strcmp(f[1], "-") != 0) {
            *why = game_why("deck line %d (%s): environments and volcanoes have no number "
                            "(\"-\")", lineno, c->name);
            return WB_EINVAL;
        }
    } else {
        char *end = NULL;
        long n = strtol(f[1], &end, 10);
        if (!*f[1] || *end || n < 1 || n > 9999) {
            *why = game_why("deck line %d (%s): the number is 1..9999, not \"%s\"", lineno,
                            c->name, f[1]);
            return WB_EINVAL;
        }
        c->number = (int)n;
    }
    if (!*f[3]) {
        *why = game_why("deck line %d (%s): the card's text is missing", lineno, c->name);
        return WB_EINVAL;
    }
    /* The steps. */
    if (c->type == WW_VOLCANO) {
        if (strcmp(f[4], "-") != 0) {
            *why = game_why("deck line %d (%s): a volcano has no steps (\"-\")", lineno, c->name);
            return WB_EINVAL;
        }
    } else {
        char *steps[WW_MAX_STEPS + 2];
        int ns = split(f[4], ';', steps, WW_MAX_STEPS + 1);
        if (ns > WW_MAX_STEPS + 1) {
            *why = game_why("deck line %d (%s): at most %d steps", lineno, c->name, WW_MAX_STEPS);
            return WB_EINVAL;
        }
        for (int i = 0; i < ns; i++) {
            char *w[8];
            int nw = 0;
            char *save = NULL;
            for (char *tok = strtok_r(steps[i], " \t", &save); tok && nw < 7;
                 tok = strtok_r(NULL, " \t", &save))
                w[nw++] = tok;
            w[nw] = NULL;
            if (nw == 0) {
                *why = game_why("deck line %d (%s): step %d is empty", lineno, c->name, i + 1);
                return WB_EINVAL;
            }
            if (strcmp(w[0], "OR") == 0) {
                if (nw != 1 || c->or_at || c->nsteps == 0 || i == ns - 1) {
                    *why = game_why("deck line %d (%s): OR stands alone, once, between two "
                                    "non-empty sides", lineno, c->name);
                    return WB_EINVAL;
                }
                c->or_at = c->nsteps;
                memset(&p.k, 0, sizeof p.k); /* the other side knows nothing */
                continue;
            }
            if (c->nsteps == WW_MAX_STEPS || compile_step(&p, &c->s[c->nsteps], w, nw)) {
                *why = game_why("deck line %d (%s): step %d \"%s\": %s%s%s%s", lineno, c->name,
                                i + 1, w[0], p.err ? p.err : "too many steps",
                                p.detail[0] ? " (\"" : "", p.detail, p.detail[0] ? "\")" : "");
                return WB_EINVAL;
            }
            c->nsteps++;
        }
        for (int i = 0; i < c->nsteps; i++)
            if ((c->s[i].op == OP_RULE) != (c->type == WW_ENVIRONMENT)) {
                *why = game_why("deck line %d (%s): %s", lineno, c->name,
                                c->type == WW_ENVIRONMENT
                                    ? "an environment's steps are rule steps"
                                    : "rule steps belong to environments");
                return WB_EINVAL;
            }
        if (c->type == WW_ENVIRONMENT && c->or_at) {
            *why = game_why("deck line %d (%s): an environment has no OR", lineno, c->name);
            return WB_EINVAL;
        }
    }
    /* Text and quote into the pool (the line is shorter than the pool's
     * share, so this never overflows). */
    c->text = d->pool + *pool_used;
    *pool_used += (size_t)sprintf(d->pool + *pool_used, "%s", f[3]) + 1;
    c->quote = d->pool + *pool_used;
    *pool_used += (size_t)sprintf(d->pool + *pool_used, "%s", f[5]) + 1;
    d->volcanoes += c->type == WW_VOLCANO;
    d->actions += c->type == WW_ACTION || c->type == WW_COLOUR_ACTION;
    d->n++;
    return WB_OK;
}

int ww_deck_read(const char *text, size_t len, ww_deck **out, char **why)
{
    ww_deck *d = wb_calloc(1, sizeof *d);
    char *copy = wb_malloc(len + 1), *line, *next;
    size_t used = 0;
    int rc = WB_OK, lineno = 0;

    memcpy(copy, text, len);
    copy[len] = 0;
    d->pool = wb_malloc(len + 1);
    *out = NULL;
    if (memchr(text, 0, len)) {
        *why = game_why("a deck is text: it holds a NUL byte");
        rc = WB_EINVAL;
    }
    for (line = copy; !rc && line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        lineno++;
        char *l = trim(line);
        if (!*l || *l == '#')
            continue;
        if (d->n == WW_MAX_CARDS) {
            *why = game_why("a deck holds at most %d cards", WW_MAX_CARDS);
            rc = WB_EINVAL;
            break;
        }
        rc = read_card(d, l, &used, why, lineno);
    }
    if (!rc && d->volcanoes < WW_VOLCANOES_END) {
        *why = game_why("a deck needs at least %d Mount Saint Woobie cards (volcano), not %d",
                        WW_VOLCANOES_END, d->volcanoes);
        rc = WB_EINVAL;
    }
    if (!rc && d->actions < WW_HAND_START * WW_MIN_SEATS + 1) {
        *why = game_why("a deck needs at least %d action cards", WW_HAND_START * WW_MIN_SEATS + 1);
        rc = WB_EINVAL;
    }
    free(copy);
    if (rc) {
        ww_deck_free(d);
        return rc;
    }
    *out = d;
    return WB_OK;
}

json_t *ww_card_json(const ww_deck *d, int id)
{
    const ww_card *c = &d->c[id];
    json_t *o = json_pack("{s:i, s:s, s:s, s:s, s:s}", "id", id, "type",
                          c->type == WW_COLOUR_ACTION ? "colour action" : ww_ctype_names[c->type],
                          "name", c->name, "text", c->text, "quote", c->quote);
    if (!o)
        abort();
    if (c->type == WW_COLOUR_ACTION)
        json_object_set_new(o, "colour", json_string(ww_kind_names[c->colour]));
    if (c->number)
        json_object_set_new(o, "number", json_integer(c->number));
    if (c->or_at)
        json_object_set_new(o, "or", json_true());
    return o;
}
