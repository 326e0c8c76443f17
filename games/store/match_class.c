/*
 * match_class.c - a class session's members: who joined which team of a
 * match, under which nickname and with which token, as the join and the
 * teacher change them, as a record stores them and as the views show
 * them.  A leaf of the store, like match_seats.c: it calls no other file
 * of it.
 *
 * A class session is a match whose game says its seats are teams
 * (game_kind.teams).  It has a join code, fixed at creation, and any
 * number of members (up to MATCH_MEMBERS_MAX); each member has an id (its
 * index, never reused), a nickname unique in the class, a team (a seat)
 * and its own token.  A removed member keeps its id and nickname (its
 * words stay in the report under its name) and loses its token.  A caller
 * value of MATCH_MEMBER(id) stands for a member wherever the store takes
 * a seat (matches.h).
 */
#include "matches_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_json.h"
#include "wb_err.h"
#include "wb_mem.h"

#define RAW(t, lit) game_text_raw((t), (lit), strlen(lit))

/* The join code's alphabet: no letters or digits that look alike (0/O,
 * 1/I/L, 5/S, 2/Z, 8/B, U/V). */
static const char code_alphabet[] = "ACDEFGHJKMNPQRTWXY3479";

int match_class_code_char(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    return c && strchr(code_alphabet, c) != NULL;
}

void match_class_new_code(char code[MATCH_CODE_LEN + 1], const unsigned char *random)
{
    size_t n = sizeof code_alphabet - 1;
    for (size_t i = 0; i < MATCH_CODE_LEN; i++)
        code[i] = code_alphabet[random[i] % n];
    code[MATCH_CODE_LEN] = '\0';
}

int match_class_code_eq(const char *code, const char *given)
{
    size_t i = 0;
    for (; given[i] && i < MATCH_CODE_LEN; i++) {
        char c = given[i];
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (c != code[i])
            return 0;
    }
    return i == MATCH_CODE_LEN && !given[i];
}

match_class *match_class_create(void)
{
    return wb_calloc(1, sizeof(match_class));
}

/* The roster changed: the views' copy is made again. */
static void roster_changed(match_class *c)
{
    json_decref(c->roster);
    c->roster = NULL;
}

void match_class_free(match_class *c)
{
    if (!c)
        return;
    roster_changed(c);
    for (size_t i = 0; i < c->n; i++)
        free(c->v[i].nickname);
    free(c->v);
    free(c);
}

/* Refuse with the sentence `msg` (from game_why) as *why. */
static int say(char **why, int rc, char *msg)
{
    *why = msg;
    return rc;
}

/* --- nicknames -------------------------------------------------------- */

/* The length of the UTF-8 sequence at s that is a letter-like character a
 * nickname may hold (not a control, not a C1 control, well formed), or 0. */
static size_t utf8_ok(const unsigned char *s)
{
    size_t n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
    if (!n || s[0] > 0xF4)
        return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if (n == 2 && s[0] == 0xC2 && s[1] < 0xA0)
        return 0; /* C1 controls and the no-break space */
    if (n == 3 && s[0] == 0xE0 && s[1] < 0xA0)
        return 0; /* over-long */
    if (n == 3 && s[0] == 0xED && s[1] >= 0xA0)
        return 0; /* surrogates */
    if (n == 4 && ((s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90)))
        return 0;
    return n;
}

int match_class_nickname_ok(const char *nick, char **why)
{
    const unsigned char *s = (const unsigned char *)nick;
    size_t chars = 0;
    if (!*s)
        return say(why, WB_EINVAL, game_why("a nickname cannot be empty"));
    if (*s == ' ' || s[strlen(nick) - 1] == ' ')
        return say(why, WB_EINVAL, game_why("a nickname cannot begin or end with a space"));
    while (*s) {
        size_t n = 1;
        if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
            *s == '-' || (*s == ' ' && s[1] != ' '))
            n = 1;
        else if (*s >= 0x80 && (n = utf8_ok(s)) > 0)
            ;
        else
            return say(why, WB_EINVAL, game_why("a nickname holds letters, digits, single "
                               "spaces and hyphens only (character %zu is none of them)",
                               chars + 1));
        s += n;
        if (++chars > MATCH_NICKNAME_MAX)
            return say(why, WB_EINVAL, game_why("a nickname is at most %d characters",
                               MATCH_NICKNAME_MAX));
    }
    return WB_OK;
}

/* The same nickname, ignoring the case of ASCII letters. */
static int same_nickname(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y)
            return 0;
    }
    return *a == *b;
}

long match_class_find_nickname(const match_class *c, const char *nick, long except)
{
    for (size_t i = 0; i < c->n; i++)
        if ((long)i != except && !c->v[i].removed && same_nickname(c->v[i].nickname, nick))
            return (long)i;
    return -1;
}

/* --- teams ------------------------------------------------------------ */

size_t match_class_team_size(const match_class *c, int seat)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += !c->v[i].removed && c->v[i].seat == seat;
    return n;
}

size_t match_class_team_max(size_t nseats)
{
    return (MATCH_MEMBERS_MAX + nseats - 1) / nseats;
}

size_t match_class_count(const match_class *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++)
        n += !c->v[i].removed;
    return n;
}

int match_class_balanced_team(const match_class *c, size_t nseats)
{
    int best = 0;
    for (size_t s = 1; s < nseats; s++)
        if (match_class_team_size(c, (int)s) < match_class_team_size(c, best))
            best = (int)s;
    return best;
}

/* --- callers ---------------------------------------------------------- */

int match_class_caller(const match *m, int caller, int *seat, int *member)
{
    *member = -1;
    *seat = caller;
    if (caller < MATCH_MEMBER_BASE)
        return WB_OK;
    size_t k = (size_t)(caller - MATCH_MEMBER_BASE);
    if (!m->cls || k >= m->cls->n || m->cls->v[k].removed)
        return WB_EFORBIDDEN;
    *member = (int)k;
    *seat = m->cls->v[k].seat;
    return WB_OK;
}

/* --- records and views ------------------------------------------------ */

void match_class_text(const match *m, game_text *t)
{
    const match_class *c = m->cls;
    RAW(t, "{\"code\":");
    game_text_str(t, m->join_code);
    RAW(t, c->locked ? ",\"locked\":true" : ",\"locked\":false");
    RAW(t, c->started ? ",\"started\":true,\"members\":[" : ",\"started\":false,\"members\":[");
    for (size_t i = 0; i < c->n; i++) {
        const match_member *mb = &c->v[i];
        RAW(t, i ? ",{\"nickname\":" : "{\"nickname\":");
        game_text_str(t, mb->nickname);
        RAW(t, ",\"seat\":");
        game_text_int(t, mb->seat);
        RAW(t, ",\"token\":");
        game_text_str(t, mb->token);
        RAW(t, ",\"joined\":");
        game_text_int(t, (json_int_t)mb->joined);
        if (mb->removed)
            RAW(t, ",\"removed\":true");
        RAW(t, "}");
    }
    RAW(t, "]}");
}

void match_class_load(match *m, const json_t *cls)
{
    const json_t *members = json_object_get(cls, "members"), *e;
    size_t i;
    if (!json_is_object(cls))
        return;
    if (!m->cls)
        m->cls = match_class_create();
    match_class *c = m->cls;
    for (i = 0; i < c->n; i++)
        free(c->v[i].nickname);
    c->n = 0;
    roster_changed(c);
    const char *code = json_string_value(json_object_get(cls, "code"));
    snprintf(m->join_code, sizeof m->join_code, "%s", code ? code : "");
    c->locked = json_is_true(json_object_get(cls, "locked"));
    c->started = c->locked || json_is_true(json_object_get(cls, "started"));
    json_array_foreach(members, i, e) {
        const char *nick = json_string_value(json_object_get(e, "nickname"));
        const char *tok = json_string_value(json_object_get(e, "token"));
        json_int_t seat = json_integer_value(json_object_get(e, "seat"));
        c->v = wb_grow(c->v, &c->cap, c->n + 1, sizeof *c->v);
        match_member *mb = &c->v[c->n++];
        *mb = (match_member){.nickname = wb_strdup(nick ? nick : ""),
                             .seat = seat >= 0 && (size_t)seat < m->nseats ? (int)seat : 0,
                             .joined = json_integer_value(json_object_get(e, "joined")),
                             .removed = json_is_true(json_object_get(e, "removed"))};
        snprintf(mb->token, sizeof mb->token, "%s", tok && !mb->removed ? tok : "");
    }
}

static json_t *member_json(const match *m, size_t k)
{
    const match_member *mb = &m->cls->v[k];
    return json_pack("{s:I, s:s, s:i, s:s}", "member", (json_int_t)k, "nickname", mb->nickname,
                     "seat", mb->seat, "team", m->names[mb->seat]);
}

json_t *match_class_json(const match *m, int seat, int member)
{
    match_class *c = m->cls;
    if (!c->roster) { /* made once a change, shared by the views (never changed) */
        c->roster = json_array();
        for (size_t i = 0; i < c->n; i++)
            if (!c->v[i].removed)
                json_array_append_new(c->roster, member_json(m, i));
    }
    json_t *o = json_pack("{s:b, s:b, s:I, s:I, s:O}", "locked", c->locked, "started",
                          c->started, "members",
                          (json_int_t)match_class_count(c), "team_max",
                          (json_int_t)match_class_team_max(m->nseats), "roster", c->roster);
    if (seat != GAME_SEAT_PUBLIC) /* the public (a listing, a stranger) gets no way in */
        json_object_set_new(o, "code", json_string(m->join_code));
    if (member >= 0)
        json_object_set_new(o, "you", member_json(m, (size_t)member));
    return o;
}

/* --- changes ------------------------------------------------------------ */

int match_class_join(match *m, const char *nick, int team, const char *token, int64_t now,
                     json_t **action, json_t **event, size_t *member, const char **reason,
                     char **why)
{
    match_class *c = m->cls;
    *reason = c->locked ? "class_locked"
              : match_class_count(c) >= MATCH_MEMBERS_MAX ? "class_full"
              : match_class_find_nickname(c, nick, -1) >= 0 ? "nickname_taken"
              : team >= (int)m->nseats ? "unknown_team"
                                       : "team_full";
    if (c->locked)
        return say(why, WB_ECONFLICT, game_why("the teacher has locked this class: no one "
                           "can join now (ask the teacher to open it)"));
    if (match_class_count(c) >= MATCH_MEMBERS_MAX)
        return say(why, WB_ECONFLICT, game_why("this class is full: it has %d members",
                           MATCH_MEMBERS_MAX));
    if (match_class_find_nickname(c, nick, -1) >= 0)
        return say(why, WB_ECONFLICT, game_why("someone in this class is already called "
                           "'%s': choose another nickname", nick));
    if (team >= (int)m->nseats)
        return say(why, WB_ENOTFOUND, game_why("this class has teams 0 to %zu", m->nseats - 1));
    if (team < 0)
        team = match_class_balanced_team(c, m->nseats);
    else if (match_class_team_size(c, team) >= match_class_team_max(m->nseats))
        return say(why, WB_ECONFLICT, game_why("team %s is full (%zu members): join another "
                           "team", m->names[team], match_class_team_max(m->nseats)));
    c->v = wb_grow(c->v, &c->cap, c->n + 1, sizeof *c->v);
    *member = c->n;
    roster_changed(c);
    match_member *mb = &c->v[c->n++];
    *mb = (match_member){.nickname = wb_strdup(nick), .seat = team, .joined = now};
    snprintf(mb->token, sizeof mb->token, "%s", token);
    *action = json_pack("{s:s, s:s, s:I, s:s, s:i}", "type", "class_change", "change", "join",
                        "member", (json_int_t)*member, "nickname", nick, "seat", team);
    *event = json_pack("{s:s, s:I, s:s, s:i, s:s}", "type", "member_joined", "member",
                       (json_int_t)*member, "nickname", nick, "seat", team, "team",
                       m->names[team]);
    return WB_OK;
}

int match_class_change(match *m, size_t k, const json_t *body, const char *token,
                       json_t **action, json_t **event, const char **reason, char **why)
{
    match_class *c = m->cls;
    const json_t *jn = json_object_get(body, "nickname"), *js = json_object_get(body, "seat");
    const json_t *jr = json_object_get(body, "removed"), *jt = json_object_get(body, "new_token");
    const char *key;
    json_t *v;
    if (!json_is_object(body) || json_object_size(body) == 0)
        return say(why, WB_EINVAL, game_why("a member's change is an object of "
                           "{\"nickname\", \"seat\", \"removed\": true, \"new_token\": true}"));
    json_object_foreach((json_t *)(uintptr_t)body, key, v)
        if (strcmp(key, "nickname") && strcmp(key, "seat") && strcmp(key, "removed") &&
            strcmp(key, "new_token"))
            return say(why, WB_EINVAL, game_why("unknown member \"%s\" (nickname, seat, "
                               "removed, new_token)", key));
    if (k >= c->n || c->v[k].removed)
        return say(why, WB_ENOTFOUND, game_why("this class has no member %zu", k));
    if ((jn && !json_is_string(jn)) || (js && !json_is_integer(js)) ||
        (jr && !json_is_true(jr)) || (jt && !json_is_true(jt)))
        return say(why, WB_EINVAL, game_why("nickname is a string, seat a team's number, "
                           "removed and new_token true"));
    if (js && (json_integer_value(js) < 0 || (size_t)json_integer_value(js) >= m->nseats))
        return say(why, WB_ENOTFOUND, game_why("this class has teams 0 to %zu", m->nseats - 1));
    if (jn && match_class_nickname_ok(json_string_value(jn), why))
        return WB_EINVAL;
    *reason = "nickname_taken";
    if (jn && match_class_find_nickname(c, json_string_value(jn), (long)k) >= 0)
        return say(why, WB_ECONFLICT, game_why("someone in this class is already called '%s'",
                           json_string_value(jn)));
    int seat = js ? (int)json_integer_value(js) : c->v[k].seat;
    *reason = "team_full";
    if (js && seat != c->v[k].seat &&
        match_class_team_size(c, seat) >= match_class_team_max(m->nseats))
        return say(why, WB_ECONFLICT, game_why("team %s is full (%zu members)", m->names[seat],
                           match_class_team_max(m->nseats)));
    *reason = NULL;
    roster_changed(c);
    match_member *mb = &c->v[k];
    if (jn) {
        free(mb->nickname);
        mb->nickname = wb_strdup(json_string_value(jn));
    }
    mb->seat = seat;
    if (jr) {
        mb->removed = 1;
        mb->token[0] = '\0';
    } else if (jt) {
        snprintf(mb->token, sizeof mb->token, "%s", token);
    }
    const char *what = jr ? "removed" : jt ? "readmitted" : "changed";
    *action = json_pack("{s:s, s:s, s:I, s:s, s:i}", "type", "class_change", "change", what,
                        "member", (json_int_t)k, "nickname", mb->nickname, "seat", mb->seat);
    *event = json_pack("{s:s, s:I, s:s, s:i, s:s}", "type",
                       jr ? "member_removed" : jt ? "member_readmitted" : "member_changed",
                       "member", (json_int_t)k, "nickname", mb->nickname, "seat", mb->seat,
                       "team", m->names[mb->seat]);
    return WB_OK;
}

int match_class_lock(match *m, const json_t *body, json_t **action, json_t **event, char **why)
{
    const json_t *jl = json_object_get(body, "locked");
    if (!json_is_object(body) || !json_is_boolean(jl) || json_object_size(body) != 1)
        return say(why, WB_EINVAL, game_why("the class's setting is {\"locked\": true} or "
                           "{\"locked\": false}"));
    m->cls->locked = json_is_true(jl);
    m->cls->started |= m->cls->locked; /* the first lock starts the game */
    *action = json_pack("{s:s, s:s, s:b}", "type", "class_change", "change", "lock", "locked",
                        m->cls->locked);
    *event = json_pack("{s:s, s:b}", "type", m->cls->locked ? "class_locked" : "class_opened",
                       "locked", m->cls->locked);
    return WB_OK;
}
