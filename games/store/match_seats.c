/*
 * match_seats.c - who plays each seat of a match: a person (a name and a
 * token) or one of the daemon's bots (a name, a bot kind and a level), as
 * a create request gives them, as a record stores them and as the answers
 * show them.  A leaf of the store: it calls no other file of it.
 *
 * The record's players were [{"name","token"}] before bots; a bot seat
 * adds "bot" and "level", so an older record reads as all people.
 */
#include "matches_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"

#define RAW(t, lit) game_text_raw((t), (lit), strlen(lit))
#define NAME_MAX_BYTES 64
#define LEVEL_DEFAULT 3

static int bad_name(const char *name)
{
    return !name || !*name || strlen(name) > NAME_MAX_BYTES;
}

int match_seats_parse(const match_store *ms, const game_kind *kind, const json_t *players,
                      const char **names,
                      match_seat_bot *bots, char **why)
{
    size_t i;
    json_t *p;
    json_array_foreach(players, i, p) {
        memset(&bots[i], 0, sizeof bots[i]);
        if (json_is_string(p)) {
            names[i] = json_string_value(p);
            if (bad_name(names[i])) {
                *why = game_why("players[%zu] must be a name of 1 to 64 bytes", i);
                return WB_EINVAL;
            }
            continue;
        }
        json_t *jn = json_object_get(p, "name"), *jb = json_object_get(p, "bot"),
               *jl = json_object_get(p, "level");
        const char *k;
        json_t *v;
        if (!json_is_object(p) || !json_is_string(jb)) {
            *why = game_why("players[%zu] must be a name, or an object {\"name\", \"bot\", "
                            "\"level\"} for a seat the daemon plays", i);
            return WB_EINVAL;
        }
        json_object_foreach((json_t *)(uintptr_t)p, k, v)
            if (strcmp(k, "name") && strcmp(k, "bot") && strcmp(k, "level")) {
                *why = game_why("players[%zu] has an unknown member \"%s\" (name, bot, "
                                "level)", i, k);
                return WB_EINVAL;
            }
        names[i] = jn ? json_string_value(jn) : json_string_value(jb);
        if (bad_name(names[i])) {
            *why = game_why("players[%zu].name must be a name of 1 to 64 bytes", i);
            return WB_EINVAL;
        }
        const char *bot = json_string_value(jb);
        if (jl && !json_is_integer(jl)) {
            *why = game_why("players[%zu].level must be a whole number", i);
            return WB_EINVAL;
        }
        json_int_t level = jl ? json_integer_value(jl) : LEVEL_DEFAULT;
        if (!ms->bot_known) {
            *why = game_why("players[%zu]: this daemon plays no bots", i);
            return WB_EINVAL;
        }
        if (level < 1 || level > 1000 || strlen(bot) > MATCH_BOT_NAME_MAX ||
            !ms->bot_known(kind, bot, (int)level)) {
            *why = game_why("players[%zu]: there is no bot \"%.*s\" of level %lld; GET "
                            "/v1/games lists the bots and their levels", i,
                            MATCH_BOT_NAME_MAX, bot, (long long)level);
            return WB_EINVAL;
        }
        snprintf(bots[i].bot, sizeof bots[i].bot, "%s", bot);
        bots[i].level = (int)level;
    }
    return WB_OK;
}

void match_seats_text(const match *m, game_text *t)
{
    RAW(t, "[");
    for (size_t i = 0; i < m->nseats; i++) {
        RAW(t, i ? ",{\"name\":" : "{\"name\":");
        game_text_str(t, m->names[i]);
        RAW(t, ",\"token\":");
        game_text_str(t, m->tokens[i]);
        if (m->bots[i].bot[0]) {
            RAW(t, ",\"bot\":");
            game_text_str(t, m->bots[i].bot);
            RAW(t, ",\"level\":");
            game_text_int(t, m->bots[i].level);
        }
        RAW(t, "}");
    }
    RAW(t, "]");
}

void match_seats_load(match *m, const json_t *players)
{
    m->nbots = 0;
    for (size_t i = 0; i < m->nseats; i++) {
        json_t *p = json_array_get(players, i);
        const char *name = json_string_value(json_object_get(p, "name"));
        const char *token = json_string_value(json_object_get(p, "token"));
        const char *bot = json_string_value(json_object_get(p, "bot"));
        if (!name)
            name = "";
        if (!m->names[i] || strcmp(m->names[i], name) != 0) { /* as a rule unchanged */
            free(m->names[i]);
            m->names[i] = wb_strdup(name);
        }
        snprintf(m->tokens[i], sizeof m->tokens[i], "%s", token ? token : "");
        memset(&m->bots[i], 0, sizeof m->bots[i]);
        if (bot && *bot) {
            snprintf(m->bots[i].bot, sizeof m->bots[i].bot, "%s", bot);
            m->bots[i].level = (int)json_integer_value(json_object_get(p, "level"));
            m->nbots++;
        }
    }
}

int match_seats_change(const match_store *ms, match *m, size_t seat, const json_t *body,
                       const char *token, json_t **action, json_t **event, char **why)
{
    json_t *jb = json_object_get(body, "bot"), *jn = json_object_get(body, "name");
    const char *k;
    json_t *v;
    if (!json_is_object(body) || !jb || (!json_is_null(jb) && !json_is_string(jb))) {
        *why = game_why("a seat's new hands are {\"bot\": \"random\"[, \"level\": 3]"
                        "[, \"name\"]} or {\"bot\": null, \"name\": \"Ann\"}");
        return WB_EINVAL;
    }
    json_object_foreach((json_t *)(uintptr_t)body, k, v)
        if (strcmp(k, "name") && strcmp(k, "bot") && strcmp(k, "level")) {
            *why = game_why("unknown member \"%s\" (bot, level, name)", k);
            return WB_EINVAL;
        }
    if (seat >= m->nseats) {
        *why = game_why("this match has seats 0 to %zu", m->nseats - 1);
        return WB_ENOTFOUND;
    }
    /* the same checks as at creation: one players entry */
    json_t *entry = json_deep_copy(body);
    if (!jn)
        json_object_set_new(entry, "name", json_string(m->names[seat]));
    if (json_is_null(jb)) {
        if (json_object_get(entry, "level")) {
            json_decref(entry);
            *why = game_why("a person has no level");
            return WB_EINVAL;
        }
        json_t *n = json_incref(json_object_get(entry, "name"));
        json_decref(entry);
        entry = n;
    }
    json_t *one = json_pack("[o]", entry);
    const char *name = NULL;
    match_seat_bot bot;
    int rc = match_seats_parse(ms, m->kind, one, &name, &bot, why);
    if (rc == WB_OK && bot.bot[0] && m->kind->no_bots && (*why = m->kind->no_bots(m->state)))
        rc = WB_EINVAL;
    if (rc) {
        json_decref(one);
        if (*why && strncmp(*why, "players[0]", 10) == 0) /* say it of this seat */
            memcpy(*why, "the seat", 8), memmove(*why + 8, *why + 10, strlen(*why + 10) + 1);
        return rc;
    }
    /* the new hands, and a new token: the old one stops working */
    if (strcmp(m->names[seat], name) != 0) {
        free(m->names[seat]);
        m->names[seat] = wb_strdup(name);
        if (m->kind->rename)
            m->kind->rename(m->state, (int)seat, m->names[seat]);
    }
    m->nbots += (size_t)(bot.bot[0] != 0) - (size_t)(m->bots[seat].bot[0] != 0);
    m->bots[seat] = bot;
    snprintf(m->tokens[seat], sizeof m->tokens[seat], "%s", token);
    json_decref(one); /* `name` was borrowed from it */
    name = m->names[seat];
    json_t *who = bot.bot[0] ? json_pack("{s:s, s:i}", "bot", bot.bot, "level", bot.level)
                             : json_pack("{s:n}", "bot");
    *action = json_pack("{s:s, s:I, s:s}", "type", "seat_change", "seat", (json_int_t)seat,
                        "name", name);
    json_object_update(*action, who);
    /* to the host alone (an empty private_to), as it carries the token */
    *event = json_pack("{s:s, s:I, s:s, s:[]}", "type", "seat_changed", "seat",
                       (json_int_t)seat, "name", name, "private_to");
    json_object_update(*event, who);
    if (!bot.bot[0])
        json_object_set_new(*event, "token", json_string(token));
    json_decref(who);
    return WB_OK;
}

json_t *match_seats_json(const match *m)
{
    json_t *pl = json_array();
    for (size_t i = 0; i < m->nseats; i++)
        json_array_append_new(
            pl, m->bots[i].bot[0]
                    ? json_pack("{s:I, s:s, s:s, s:i}", "seat", (json_int_t)i, "name",
                                m->names[i], "bot", m->bots[i].bot, "level", m->bots[i].level)
                    : json_pack("{s:I, s:s, s:s}", "seat", (json_int_t)i, "name", m->names[i],
                                "token", m->tokens[i]));
    return pl;
}

json_t *match_seats_bots(const match *m)
{
    if (!m->nbots)
        return NULL;
    json_t *a = json_array();
    for (size_t i = 0; i < m->nseats; i++)
        if (m->bots[i].bot[0])
            json_array_append_new(a, json_pack("{s:I, s:s, s:i}", "seat", (json_int_t)i, "bot",
                                               m->bots[i].bot, "level", m->bots[i].level));
    return a;
}
