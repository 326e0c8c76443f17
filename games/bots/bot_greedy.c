/*
 * bot_greedy.c - the greedy bot's evaluation of a listed action, read from
 * its data file (greedy.txt, embedded at build time): per game and action
 * type a weight, and a bonus per member value.  The data is read once.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot_int.h"
#include "game_data.h"
#include "wb_err.h"

extern const unsigned char bots_greedy_txt[];
extern const size_t bots_greedy_txt_len;

#define RULES_MAX 256
#define BONUS_MAX 4

typedef struct bonus {
    char member[24], value[48];
    int add;
} bonus;

typedef struct rule {
    char game[24], type[24];
    int weight;
    int undo; /* takes back a step of the seat's own */
    bonus b[BONUS_MAX];
    int nb;
} rule;

static rule rules[RULES_MAX];
static size_t nrules;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int fits(char *dst, size_t cap, const char *src)
{
    return (size_t)snprintf(dst, cap, "%s", src) < cap;
}

static int one_rule(void *ctx, char **w, int nw, int line, char **why)
{
    (void)ctx;
    rule *r = &rules[nrules];
    char *end;
    if (nrules == RULES_MAX || nw < 3 || nw > 3 + BONUS_MAX ||
        !fits(r->game, sizeof r->game, w[0]) || !fits(r->type, sizeof r->type, w[1])) {
        *why = game_why("greedy.txt line %d: GAME TYPE WEIGHT [MEMBER=VALUE:BONUS]... [undo]",
                        line);
        return WB_EINVAL;
    }
    r->weight = (int)strtol(w[2], &end, 10);
    for (int i = 3; i < nw && !*end; i++) {
        if (strcmp(w[i], "undo") == 0) {
            r->undo = 1;
            continue;
        }
        char *eq = strchr(w[i], '='), *sp = eq ? strrchr(eq, ':') : NULL;
        if (!eq || !sp) {
            *why = game_why("greedy.txt line %d: a bonus is MEMBER=VALUE:BONUS", line);
            return WB_EINVAL;
        }
        *eq = *sp = '\0';
        bonus *b = &r->b[r->nb++];
        if (!fits(b->member, sizeof b->member, w[i]) || !fits(b->value, sizeof b->value, eq + 1))
            break;
        b->add = (int)strtol(sp + 1, &end, 10);
    }
    if (*end) {
        *why = game_why("greedy.txt line %d: not a whole number", line);
        return WB_EINVAL;
    }
    nrules++;
    return WB_OK;
}

static void load(void)
{
    char *why = NULL;
    if (game_data_read((const char *)bots_greedy_txt, bots_greedy_txt_len, one_rule, NULL,
                       &why) != WB_OK) {
        fprintf(stderr, "wibbelld: %s\n", why ? why : "greedy.txt");
        abort(); /* embedded at build time and tested: cannot happen */
    }
}

/* A member's value as the data writes it: a string as it is, a number. */
static int value_is(const json_t *v, const char *text)
{
    char buf[32];
    if (json_is_string(v))
        return strcmp(json_string_value(v), text) == 0;
    if (json_is_integer(v)) {
        snprintf(buf, sizeof buf, "%lld", (long long)json_integer_value(v));
        return strcmp(buf, text) == 0;
    }
    if (json_is_boolean(v))
        return strcmp(json_is_true(v) ? "true" : "false", text) == 0;
    return 0;
}

int bot_greedy_score(const bot_turn *t, const json_t *action)
{
    pthread_once(&once, load);
    const char *type = json_string_value(json_object_get(action, "type"));
    int score = 0;
    for (size_t i = 0; type && i < nrules; i++) {
        const rule *r = &rules[i];
        if (strcmp(r->game, t->kind->name) != 0 || strcmp(r->type, type) != 0)
            continue;
        score += r->weight;
        for (int k = 0; k < r->nb; k++)
            if (value_is(json_object_get(action, r->b[k].member), r->b[k].value))
                score += r->b[k].add;
    }
    return score;
}

int bot_greedy_type(const game_kind *kind, const char *type)
{
    pthread_once(&once, load);
    int score = 0;
    for (size_t i = 0; type && i < nrules; i++)
        if (strcmp(rules[i].game, kind->name) == 0 && strcmp(rules[i].type, type) == 0)
            score += rules[i].weight;
    return score;
}

int bot_greedy_undo(const bot_turn *t, const json_t *action)
{
    pthread_once(&once, load);
    const char *type = json_string_value(json_object_get(action, "type"));
    for (size_t i = 0; type && i < nrules; i++)
        if (rules[i].undo && strcmp(rules[i].game, t->kind->name) == 0 &&
            strcmp(rules[i].type, type) == 0)
            return 1;
    return 0;
}
