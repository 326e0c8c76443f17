/*
 * game_def.c - the framework's generic game_kind, driven by a game's
 * game_def (tables and hooks): options, create/save/load with the format
 * version, views with the common fields, the legal-action list and
 * all-or-nothing apply.  See game_def.h for the contract.
 */
#include "game_def.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wb_err.h"
#include "wb_mem.h"

#define MAX_MEMBERS 8
#define ENUM_MAX 32 /* a range or value list this small is listed, else a template */

static const game_def *def_of(const void *st) { return ((const game_base *)st)->def; }

/* An int member of the state at offset `at`. */
static int int_at(const void *st, size_t at)
{
    int v;
    memcpy(&v, (const char *)st + at, sizeof v);
    return v;
}

/* The phase, the seat count and "finished": from the members the def
 * points at (phase_at, nseats_at, over_phase), else the nseats hook. */
static int phase_now(const void *st)
{
    const game_def *d = def_of(st);
    return d->phase_at ? int_at(st, d->phase_at) : 0;
}

static int nseats(const void *st)
{
    const game_def *d = def_of(st);
    return d->nseats_at ? int_at(st, d->nseats_at) : d->nseats(st);
}

static int finished(const void *st)
{
    const game_def *d = def_of(st);
    return phase_now(st) == d->over_phase;
}

/* --- options -------------------------------------------------------------- */

static const char *type_name(game_type t)
{
    static const char *const names[] = {"string", "integer", "boolean", "array",
                                        "array",  "object",  "any"};
    return names[t];
}

/* "a, b, c" of a NULL-terminated list, malloc'd. */
static char *join(const char *const *v)
{
    size_t n = 1;
    for (size_t i = 0; v[i]; i++)
        n += strlen(v[i]) + 2;
    char *s = wb_malloc(n);
    s[0] = '\0';
    for (size_t i = 0; v[i]; i++)
        strcat(strcat(s, i ? ", " : ""), v[i]);
    return s;
}

json_t *game_def_options(const game_def *d)
{
    json_t *o = json_object();
    for (const game_member *m = d->options; m && m->name; m++) {
        json_t *e = game_option(type_name(m->type),
                                json_loads(m->def, JSON_DECODE_ANY, NULL), m->desc);
        if (m->values) {
            json_t *a = json_array();
            for (size_t i = 0; m->values[i]; i++)
                json_array_append_new(a, json_string(m->values[i]));
            json_object_set_new(e, "enum", a);
        }
        json_object_set_new(o, m->name, e);
    }
    if (d->options_fix)
        d->options_fix(o);
    return o;
}

static const char *a_type(game_type t)
{
    static const char *const names[] = {"a string", "an integer", "true or false",
                                        "an array", "an array of integers", "an object",
                                        "a value"};
    return names[t];
}

/* Is `v` of type `t`? */
static int type_ok(const json_t *v, game_type t)
{
    size_t i;
    json_t *x;
    switch (t) {
    case GAME_T_STRING:
        return json_is_string(v);
    case GAME_T_INT:
        return json_is_integer(v);
    case GAME_T_BOOL:
        return json_is_boolean(v);
    case GAME_T_ARRAY:
        return json_is_array(v);
    case GAME_T_INTS:
        if (!json_is_array(v))
            return 0;
        json_array_foreach(v, i, x)
            if (!json_is_integer(x))
                return 0;
        return 1;
    case GAME_T_OBJECT:
        return json_is_object(v);
    case GAME_T_ANY:
        return 1;
    }
    return 0;
}

/* The allowed values of a member: WB_OK or a message. */
static char *values_why(const game_member *m, const json_t *v)
{
    size_t i;
    json_t *x;
    if (m->has_range && m->type == GAME_T_INT &&
        (json_integer_value(v) < m->min || json_integer_value(v) > m->max))
        return game_why("%s must be an integer from %lld to %lld", m->name,
                        (long long)m->min, (long long)m->max);
    if (m->has_range && m->type == GAME_T_INTS)
        json_array_foreach(v, i, x)
            if (json_integer_value(x) < m->min || json_integer_value(x) > m->max)
                return game_why("%s: every value must be from %lld to %lld", m->name,
                                (long long)m->min, (long long)m->max);
    if (m->values && m->type == GAME_T_STRING) {
        for (i = 0; m->values[i]; i++)
            if (strcmp(json_string_value(v), m->values[i]) == 0)
                return NULL;
        char *list = join(m->values), *why = game_why("%s must be one of %s", m->name, list);
        free(list);
        return why;
    }
    return NULL;
}

/* The allowed values of an option that depend on the players or on the
 * game's data: a seat number, or a string among the "enum" that
 * options_fix put in the description.  NULL or a message. */
static char *option_why(const game_def *d, const game_member *m, const json_t *v, size_t n)
{
    size_t len = json_is_object(v) ? json_object_size(v) : json_array_size(v);
    if (m->seat && m->type == GAME_T_INT &&
        (json_integer_value(v) < 0 || json_integer_value(v) >= (json_int_t)n))
        return game_why("%s must be an integer from 0 to %zu", m->name, n - 1);
    if (m->seat && m->type == GAME_T_ARRAY && len > n)
        return game_why("%s must be an array of at most %zu elements, one per seat", m->name, n);
    if (m->has_range && (m->type == GAME_T_ARRAY || m->type == GAME_T_OBJECT) &&
        ((json_int_t)len < m->min || (json_int_t)len > m->max))
        return game_why("%s must be %s of %lld to %lld %s", m->name, a_type(m->type),
                        (long long)m->min, (long long)m->max,
                        m->type == GAME_T_ARRAY ? "elements" : "members");
    if (m->values || m->type != GAME_T_STRING || !d->options_fix)
        return NULL;
    json_t *desc = game_def_options(d);
    json_t *e = json_object_get(json_object_get(desc, m->name), "enum");
    size_t i, ne = json_array_size(e);
    const char *names[ENUM_MAX + 1] = {NULL};
    char *why = NULL;
    for (i = 0; i < ne && i < ENUM_MAX; i++)
        names[i] = json_string_value(json_array_get(e, i));
    if (ne) {
        game_member fixed = {.name = m->name, .type = GAME_T_STRING, .values = names};
        why = values_why(&fixed, v);
    }
    json_decref(desc);
    return why;
}

/* Check the options of a match of n players and fill in the defaults: a
 * new object, or NULL and *why. */
static json_t *options_complete(const game_def *d, const json_t *given, size_t n, char **why)
{
    const char *key;
    json_t *v;
    if (given && !json_is_object(given)) {
        *why = game_why("options must be an object");
        return NULL;
    }
    json_object_foreach((json_t *)(uintptr_t)given, key, v) {
        const game_member *m = d->options;
        while (m && m->name && strcmp(m->name, key) != 0)
            m++;
        if (!m || !m->name) {
            *why = game_why("unknown option %s", key);
            return NULL;
        }
        if (json_is_null(v) && (m->optional || strcmp(m->def, "null") == 0))
            continue;
        if (!type_ok(v, m->type)) {
            *why = game_why("%s must be %s", key, a_type(m->type));
            return NULL;
        }
        if ((*why = values_why(m, v)) || (*why = option_why(d, m, v, n)))
            return NULL;
    }
    json_t *o = given ? json_copy((json_t *)(uintptr_t)given) : json_object();
    for (const game_member *m = d->options; m && m->name; m++)
        if (!json_object_get(o, m->name) || json_is_null(json_object_get(o, m->name)))
            json_object_set_new(o, m->name, json_loads(m->def, JSON_DECODE_ANY, NULL));
    return o;
}

json_int_t game_opt_int(const json_t *options, const char *name)
{
    return json_integer_value(json_object_get(options, name));
}

int game_opt_bool(const json_t *options, const char *name)
{
    return json_is_true(json_object_get(options, name));
}

const char *game_opt_str(const json_t *options, const char *name)
{
    return json_string_value(json_object_get(options, name));
}

int game_body_int(const json_t *body, const char *name)
{
    return (int)json_integer_value(json_object_get(body, name));
}

int game_opt_names(const json_t *options, const char *name, const char *const *names,
                   size_t lo, size_t hi, int *idx, char **why)
{
    const json_t *v = json_object_get(options, name);
    size_t i = 0, k, n = json_array_size(v);
    for (; n >= lo && n <= hi && i < n; i++) {
        const char *s = json_string_value(json_array_get(v, i));
        for (idx[i] = 0; s && names[idx[i]] && strcasecmp(s, names[idx[i]]) != 0; idx[i]++)
            ;
        for (k = 0; k < i && idx[k] != idx[i]; k++)
            ;
        if (!s || !names[idx[i]] || k < i)
            break;
    }
    if (json_is_array(v) && n >= lo && n <= hi && i == n)
        return (int)n;
    char *list = join(names);
    if (lo == hi)
        *why = game_why("%s must be an array of %zu different names of %s", name, lo, list);
    else
        *why = game_why("%s must be an array of %zu to %zu different names of %s", name, lo, hi,
                        list);
    free(list);
    return -1;
}

/* --- create, destroy, save, load ----------------------------------------- */

static void *alloc_state(const game_def *d)
{
    game_base *b = wb_calloc(1, d->size);
    b->def = d;
    return b;
}

/* Free what the state points to: the free hook, or the description run
 * to free (game_io_freeing) when the state is not flat. */
static void free_inside(void *st)
{
    const game_def *d = def_of(st);
    if (d->free)
        d->free(st);
    else if (!d->flat)
        game_io_free(d->io, st);
}

/* Free what the state points to and zero it, keeping the base. */
static void clear_state(void *st)
{
    const game_def *d = def_of(st);
    free_inside(st);
    memset((char *)st + sizeof(game_base), 0, d->size - sizeof(game_base));
}

void game_def_destroy(void *st)
{
    if (!st)
        return;
    free_inside(st);
    free(st);
}

int game_def_create(const game_def *d, const game_ctx *ctx, const char *const *players,
                    size_t n, const json_t *options, uint64_t seed, void **state,
                    char **why)
{
    json_t *o = NULL;
    void *st = NULL;
    int rc = WB_EINVAL;
    *state = NULL;
    if (n < d->kind->min_players || n > d->kind->max_players) {
        *why = game_why("%s takes %u to %u players", d->kind->title, d->kind->min_players,
                        d->kind->max_players);
        return rc;
    }
    if (!(o = options_complete(d, options, n, why)))
        return rc;
    st = alloc_state(d);
    rc = d->create(st, ctx, players, n, o, seed, why);
    json_decref(o);
    if (rc)
        game_def_destroy(st);
    else
        *state = st;
    return rc;
}

json_t *game_def_save(const void *st)
{
    const game_def *d = def_of(st);
    json_t *o = game_io_save(d->io, st);
    json_object_set_new(o, "format", json_integer(d->format));
    return o;
}

static void save_format(game_io *io, const void *st)
{
    int f = def_of(st)->format;
    game_io_int(io, "format", &f, 0, INT32_MAX);
}

void game_def_save_text(const void *st, game_text *out)
{
    game_io_save_text(def_of(st)->io, st, save_format, out);
}

/* Load `saved` into the zeroed state `st`. */
static int load_into(const game_def *d, const json_t *saved, void *st, char **why)
{
    json_t *f = json_object_get(saved, "format"), *up = NULL;
    json_int_t from = f ? (json_is_integer(f) ? json_integer_value(f) : -1) : 0;
    const char *what = "format";
    int rc = WB_EINVAL;
    if (json_is_object(saved) && from >= 0 && from < d->format && d->upgrade) {
        up = json_deep_copy(saved);
        if (d->upgrade(up, (int)from) == WB_OK) {
            saved = up;
            from = d->format;
        }
    } else if (json_is_object(saved) && from >= d->oldest && from < d->format && d->added) {
        saved = up = json_deep_copy(saved);
        for (const game_added *a = d->added; a->member; a++)
            if (a->format > from)
                json_object_set_new(up, a->member, json_loads(a->value, JSON_DECODE_ANY, NULL));
        from = d->format;
    }
    if (from == d->format)
        rc = game_io_load(d->io, saved, st, &what);
    if (rc)
        *why = game_why("not a %s state: bad %s", d->kind->title, what);
    json_decref(up);
    return rc;
}

int game_def_load(const game_def *d, const json_t *saved, void **state, char **why)
{
    void *st = alloc_state(d);
    int rc = load_into(d, saved, st, why);
    *state = NULL;
    if (rc)
        game_def_destroy(st);
    else
        *state = st;
    return rc;
}

int game_def_restore(void *st, const json_t *saved, char **why)
{
    const game_def *d = def_of(st);
    void *prev = NULL;
    int rc = game_def_load(d, saved, &prev, why);
    if (rc)
        return rc;
    free_inside(st);
    memcpy(st, prev, d->size);
    free(prev);
    return WB_OK;
}

/* --- who may act ---------------------------------------------------------- */

static int pending_of(const void *st, game_pending *p)
{
    const game_def *d = def_of(st);
    return d->pending && !finished(st) && d->pending(st, p);
}

static unsigned roles_of(const void *st, int seat)
{
    const game_def *d = def_of(st);
    game_pending p;
    if (seat == GAME_SEAT_HOST)
        return GAME_ROLE_HOST;
    if (seat == GAME_SEAT_SYSTEM)
        return GAME_ROLE_SYSTEM;
    if (seat < 0 || seat >= nseats(st))
        return 0;
    unsigned r = d->roles ? d->roles(st, seat) : GAME_ROLE_SEAT;
    if (pending_of(st, &p) && p.seat == seat)
        r |= GAME_ROLE_PENDING;
    return r;
}

static char *not_now(const void *st, const char *fallback, const char *type)
{
    const game_def *d = def_of(st);
    if (d->situation)
        return d->situation(st);
    return game_why(fallback, type);
}

/* "Not you / not now": WB_ENOTTURN with *why, or WB_OK. */
static int gate(const void *st, const game_ctx *ctx, const game_action *a, int seat,
                char **why)
{
    const game_def *d = def_of(st);
    unsigned roles = roles_of(st, seat);
    if (finished(st)) {
        *why = not_now(st, "the game is over", a->type);
        return WB_ENOTTURN;
    }
    if (!(roles & a->who)) {
        game_pending p;
        if ((a->who & GAME_ROLE_PENDING) && pending_of(st, &p))
            *why = game_why("seat %d must now choose (%s), not this caller", p.seat,
                            p.prompt);
        else if (a->who == GAME_ROLE_SYSTEM)
            *why = game_why("%s comes from the daemon itself", a->type);
        else if (a->who == GAME_ROLE_HOST)
            *why = game_why("only the host may %s", a->type);
        else
            *why = not_now(st, "this caller may not %s now", a->type);
        return WB_ENOTTURN;
    }
    if (a->phases && d->phase_at && !(a->phases & (1u << phase_now(st)))) {
        *why = not_now(st, "%s is not open now", a->type);
        return WB_ENOTTURN;
    }
    return a->may ? a->may(st, ctx, seat, why) : WB_OK;
}

static const game_action *find_action(const game_def *d, const char *type)
{
    for (const game_action *a = d->actions; type && a->type; a++)
        if (strcmp(a->type, type) == 0)
            return a;
    return NULL;
}

/* The body's shape: WB_EINVAL with *why, or WB_OK. */
static int shape(const game_action *a, const json_t *body, char **why)
{
    const char *key;
    json_t *v;
    for (const game_member *m = a->members; m && m->name; m++) {
        v = json_object_get(body, m->name);
        if (!v && m->optional)
            continue;
        if (!v || !type_ok(v, m->type)) {
            *why = game_why("%s needs \"%s\", %s: %s", a->type, m->name,
                            a_type(m->type), m->desc);
            return WB_EINVAL;
        }
    }
    json_object_foreach((json_t *)(uintptr_t)body, key, v) {
        const game_member *m = a->members;
        if (strcmp(key, "type") == 0)
            continue;
        while (m && m->name && strcmp(m->name, key) != 0)
            m++;
        if (!m || !m->name) {
            *why = game_why("%s takes no member \"%s\"", a->type, key);
            return WB_EINVAL;
        }
    }
    return WB_OK;
}

/* The rules: allowed values, then the action's check (a timer without
 * one: the game's deadline is in force and has come).  WB_EILLEGAL. */
static int rules(const void *st, const game_ctx *ctx, const game_action *a, int seat,
                 const json_t *body, char **why)
{
    int64_t due = game_def_deadline(st);
    if (a->who == GAME_ROLE_SYSTEM && !a->check && (due < 0 || ctx->now_ms < due))
        return game_refuse(why, WB_EILLEGAL, "no timer is due");
    for (const game_member *m = a->members; m && m->name; m++) {
        json_t *v = json_object_get(body, m->name);
        if (v && (*why = values_why(m, v)))
            return WB_EILLEGAL;
    }
    return a->check ? a->check(st, ctx, seat, body, why) : WB_OK;
}

/* --- apply ---------------------------------------------------------------- */

/* Apply, all or nothing when `undo`; else a refusal by the game's apply
 * may leave the state changed, and sets *changed (the caller restores it;
 * the framework's own refusals come before any change). */
static int apply(void *st, const game_ctx *ctx, int seat, const json_t *body, json_t *events,
                 char **why, int undo, int *changed)
{
    const game_def *d = def_of(st);
    json_t *jt = json_object_get(body, "type");
    const game_action *a = find_action(d, json_string_value(jt));
    int rc;
    if (!a) {
        if (json_is_string(jt)) {
            const char *names[64];
            size_t n = 0;
            for (const game_action *x = d->actions; x->type && n < 63; x++)
                if (!x->unlisted)
                    names[n++] = x->type;
            names[n] = NULL;
            char *list = join(names);
            *why = game_why("unknown action \"%s\": the actions are %s",
                            json_string_value(jt), list);
            free(list);
        } else {
            *why = game_why("an action is an object with a string \"type\"");
        }
        return WB_EINVAL;
    }
    if ((rc = shape(a, body, why)) || (rc = gate(st, ctx, a, seat, why)) ||
        (rc = rules(st, ctx, a, seat, body, why)))
        return rc;

    json_t *ev = json_array(), *snap = NULL;
    if (!undo) {
        rc = a->apply(st, ctx, seat, body, ev, why);
        if (!rc)
            json_array_extend(events, ev);
        else
            *changed = 1;
        json_decref(ev);
        return rc;
    }
    /* All or nothing: on a copy (flat), or with a snapshot to go back to. */
    void *work = st;
    if (d->flat) {
        work = wb_malloc(d->size);
        memcpy(work, st, d->size);
    } else {
        snap = game_def_save(st);
    }
    rc = a->apply(work, ctx, seat, body, ev, why);
    if (!rc)
        json_array_extend(events, ev);
    if (d->flat) {
        if (!rc)
            memcpy(st, work, d->size);
        free(work);
    } else if (rc) {
        char *w = NULL;
        clear_state(st);
        if (load_into(d, snap, st, &w)) /* its own save: cannot fail */
            abort();
    }
    json_decref(snap);
    json_decref(ev);
    return rc;
}

int game_def_apply(void *st, const game_ctx *ctx, int seat, const json_t *body,
                   json_t *events, char **why)
{
    return apply(st, ctx, seat, body, events, why, 1, NULL);
}

int game_def_apply_raw(void *st, const game_ctx *ctx, int seat, const json_t *body,
                       json_t *events, char **why, int *changed)
{
    return apply(st, ctx, seat, body, events, why, 0, changed);
}

/* --- the legal-action list ------------------------------------------------ */

/* The values member `m` may take in a listed action, a new array; NULL:
 * the member is a template parameter. */
static json_t *member_values(const void *st, int seat, const game_member *m)
{
    if (m->domain)
        return m->domain(st, seat);
    if (m->optional && !m->values)
        return NULL; /* left out of the listed bodies */
    if (m->type == GAME_T_INT && m->has_range && m->max - m->min < ENUM_MAX) {
        json_t *a = json_array();
        for (json_int_t v = m->min; v <= m->max; v++)
            json_array_append_new(a, json_integer(v));
        return a;
    }
    if (m->type == GAME_T_STRING && m->values) {
        json_t *a = json_array();
        for (size_t i = 0; m->values[i]; i++)
            json_array_append_new(a, json_string(m->values[i]));
        return a;
    }
    if (m->type == GAME_T_BOOL)
        return json_pack("[b, b]", 0, 1);
    return NULL;
}

/* Listing knows no clock and no dictionary: checks accept what they
 * cannot judge without them (ctx->now_ms < 0, ctx->dicts NULL). */
static const game_ctx listing = {NULL, -1};

typedef struct lister {
    const void *st;
    const game_ctx *ctx;
    const game_action *a;
    int seat;
    const game_member *m[MAX_MEMBERS];
    json_t *vals[MAX_MEMBERS];
    size_t n;
    const game_member *pm[MAX_MEMBERS]; /* template parameters */
    size_t np;
    json_t *params; /* {name: desc} of the template parameters, or NULL */
    json_t *out;
} lister;

/* Every combination of the members' values from member i on, each judged
 * as a POST would be (a template: on the members it has). */
static void combine(lister *l, size_t i, json_t *body)
{
    if (i == l->n) {
        char *why = NULL;
        if (!rules(l->st, l->ctx, l->a, l->seat, body, &why)) {
            json_t *b = json_copy(body);
            if (l->params) {
                json_t *p = json_copy(l->params);
                for (size_t k = 0; k < l->np; k++) {
                    char *d = l->pm[k]->describe ? l->pm[k]->describe(l->st, l->seat, body)
                                                 : NULL;
                    if (d)
                        json_object_set_new(p, l->pm[k]->name, json_string(d));
                    free(d);
                }
                json_object_set_new(b, "$params", p);
            }
            json_array_append_new(l->out, b);
        }
        free(why);
        return;
    }
    size_t k;
    json_t *v;
    json_array_foreach(l->vals[i], k, v) {
        json_object_set(body, l->m[i]->name, v);
        combine(l, i + 1, body);
    }
    json_object_del(body, l->m[i]->name);
}

static void list_action(const void *st, const game_action *a, int seat, json_t *out)
{
    lister l = {st, &listing, a, seat, {0}, {0}, 0, {0}, 0, NULL, out};
    json_t *body = json_pack("{s:s}", "type", a->type), *params = NULL;
    for (const game_member *m = a->members; m && m->name; m++) {
        json_t *vals = member_values(st, seat, m);
        if (!vals && m->optional)
            continue;
        if (!vals) {
            if (!params)
                params = json_object();
            json_object_set_new(params, m->name, json_string(m->desc));
            l.pm[l.np++] = m;
        } else if (l.n < MAX_MEMBERS) {
            l.m[l.n] = m;
            l.vals[l.n++] = vals;
        } else {
            json_decref(vals);
        }
    }
    l.params = params;
    combine(&l, 0, body);
    json_decref(params);
    for (size_t i = 0; i < l.n; i++)
        json_decref(l.vals[i]);
    json_decref(body);
}

json_t *game_def_actions(const void *st, int seat)
{
    const game_def *d = def_of(st);
    json_t *out = json_array();
    unsigned roles = roles_of(st, seat);
    if (finished(st))
        return out;
    for (const game_action *a = d->actions; a->type; a++) {
        char *why = NULL;
        if (!a->unlisted && (a->who & roles) && !gate(st, &listing, a, seat, &why) &&
            (!a->offered || a->offered(st, seat)))
            list_action(st, a, seat, out);
        free(why);
    }
    return out;
}

/* --- a playout's action --------------------------------------------------- */

/* One listed body of `a` (no template) for `seat`, uniformly, or NULL. */
static json_t *draw_listed(const void *st, const game_action *a, int seat, rng *r)
{
    json_t *out = json_array(), *b, *pick = NULL;
    size_t i, n = 0;
    list_action(st, a, seat, out);
    json_array_foreach(out, i, b)
        if (!json_object_get(b, "$params") && rng_below(r, ++n) == 0)
            pick = b;
    json_incref(pick);
    json_decref(out);
    return pick;
}

json_t *game_def_playout_action(const void *st, int seat,
                                int (*rate)(const char *type, void *ctx), void *ctx, rng *r)
{
    const game_def *d = def_of(st);
    const game_action *open[64];
    int worth[64];
    size_t n = 0;
    unsigned roles = roles_of(st, seat);
    if (finished(st))
        return NULL;
    for (const game_action *a = d->actions; a->type && n < 64; a++) {
        char *why = NULL;
        /* the phase first: gate would spell out why not, for nothing */
        if (!a->unlisted && (a->who & roles) &&
            (!a->phases || !d->phase_at || (a->phases & (1u << phase_now(st)))) &&
            !gate(st, &listing, a, seat, &why) &&
            (!a->offered || a->offered(st, seat))) {
            /* in at a random place among its equals: ties in a drawn order */
            size_t at = n++, eq = 0;
            int w = rate(a->type, ctx);
            while (at > 0 && worth[at - 1] < w)
                at--;
            while (at - eq > 0 && worth[at - eq - 1] == w)
                eq++;
            at -= (size_t)rng_below(r, eq + 1);
            memmove(&open[at + 1], &open[at], (n - 1 - at) * sizeof open[0]);
            memmove(&worth[at + 1], &worth[at], (n - 1 - at) * sizeof worth[0]);
            open[at] = a;
            worth[at] = w;
        }
        free(why);
    }
    for (size_t i = 0; i < n; i++) {
        json_t *b = NULL;
        if (!d->draw || !d->draw(st, open[i]->type, seat, r, &b))
            b = draw_listed(st, open[i], seat, r);
        if (b)
            return b;
    }
    return NULL;
}

/* --- views ---------------------------------------------------------------- */

int game_def_can_act(const void *st, int seat, const char *except)
{
    json_t *a = game_def_actions(st, seat), *x;
    size_t i;
    int n = 0;
    json_array_foreach(a, i, x)
        n += !except || strcmp(json_string_value(json_object_get(x, "type")), except) != 0;
    json_decref(a);
    return n > 0;
}

static int may_act(const void *st, int seat)
{
    const game_def *d = def_of(st);
    return d->to_act ? d->to_act(st, seat) : game_def_can_act(st, seat, NULL);
}

void game_def_put_result(const void *st, json_t *o)
{
    const game_def *d = def_of(st);
    int n = nseats(st), win[GAME_MAX_SEATS] = {0}, b = 0;
    json_int_t score[GAME_MAX_SEATS] = {0}, tie[GAME_MAX_SEATS] = {0};
    json_t *sc = json_array(), *ties = d->tiebreak ? json_array() : NULL;
    d->result(st, win, score);
    if (ties)
        d->tiebreak(st, tie);
    /* The best seat: the highest score, then the highest tie-break. */
    for (int i = 1; d->highest_wins && i < n; i++)
        if (score[i] > score[b] || (score[i] == score[b] && tie[i] > tie[b]))
            b = i;
    for (int i = 0; d->highest_wins && i < n; i++)
        win[i] = score[i] == score[b] && tie[i] == tie[b];
    for (int i = 0; i < n; i++) {
        json_array_append_new(sc, json_integer(score[i]));
        if (ties)
            json_array_append_new(ties, json_integer(tie[i]));
    }
    json_object_set_new(o, "winners", game_json_seats(win, n));
    json_object_set_new(o, "scores", sc);
    if (ties)
        json_object_set_new(o, d->tiebreak_name, ties);
}

json_t *game_def_view(const void *st, int seat)
{
    const game_def *d = def_of(st);
    int n = nseats(st), fin = finished(st), act[GAME_MAX_SEATS] = {0};
    game_pending p;
    json_t *o = json_object();
    for (int i = 0; !fin && i < n; i++)
        act[i] = may_act(st, i);
    json_object_set_new(o, "status", json_string(fin ? "finished" : "active"));
    json_object_set_new(o, "to_act", game_json_seats(act, n));
    if (fin)
        game_def_put_result(st, o);
    if (pending_of(st, &p)) {
        json_t *types = json_array();
        for (const game_action *a = d->actions; a->type; a++)
            if (a->who & GAME_ROLE_PENDING)
                json_array_append_new(types, json_string(a->type));
        json_object_set_new(o, "pending", json_pack("{s:i, s:s, s:o}", "seat", p.seat,
                                                    "prompt", p.prompt, "actions", types));
    }
    d->view(st, seat, o);
    return o;
}

int game_def_finished(const void *st) { return finished(st); }

int64_t game_def_deadline(const void *st)
{
    const game_def *d = def_of(st);
    int64_t t = -1;
    if (d->deadline_at && phase_now(st) == d->deadline_phase)
        memcpy(&t, (const char *)st + d->deadline_at, sizeof t);
    return t;
}

int game_def_query(const void *st, const game_ctx *ctx, int seat, const char *name,
                   const json_t *args, json_t **out, char **why)
{
    const game_def *d = def_of(st);
    const game_query *q = d->queries;
    unsigned caller = seat == GAME_SEAT_HOST ? GAME_ROLE_HOST
                      : seat >= 0            ? GAME_ROLE_SEAT
                                             : GAME_ROLE_PUBLIC;
    if (!q)
        return WB_ENOTFOUND;
    *out = NULL;
    while (q->name && strcmp(q->name, name) != 0)
        q++;
    if (!q->name) {
        const char *names[64];
        size_t n = 0;
        for (q = d->queries; q->name && n < 63; q++)
            names[n++] = q->name;
        names[n] = NULL;
        char *list = join(names);
        *why = game_why("%s answers the queries %s, not '%s'", d->kind->title, list, name);
        free(list);
        return WB_ENOTFOUND;
    }
    if (!(q->who & caller)) {
        if (caller == GAME_ROLE_PUBLIC && (q->who & GAME_ROLE_SEAT))
            return game_refuse(why, WB_EAUTH, "the query %s is for the host and the seats of "
                               "this match: send a seat or host token", name);
        return game_refuse(why, WB_EFORBIDDEN, "the query %s is for the host%s of this match",
                           name, q->who & GAME_ROLE_SEAT ? " and the seats" : "");
    }
    return q->answer(st, ctx, seat, args, out, why);
}

/* --- secret choices ------------------------------------------------------- */

json_t *game_secret_view(const json_t *full, int viewer, int owner, int revealed,
                         const char *const *hidden)
{
    if (revealed || viewer == owner || viewer == GAME_SEAT_HOST)
        return json_incref((json_t *)(uintptr_t)full);
    json_t *c = json_copy((json_t *)(uintptr_t)full);
    for (size_t i = 0; hidden[i]; i++)
        json_object_del(c, hidden[i]);
    json_object_set_new(c, "sealed", json_true());
    return c;
}

void game_secret_event(json_t *events, json_t *full, int owner, int nseats,
                       const char *const *hidden)
{
    json_t *sealed = game_secret_view(full, GAME_SEAT_PUBLIC, owner, 0, hidden);
    json_t *others = json_array();
    for (int i = 0; i < nseats; i++)
        if (i != owner)
            json_array_append_new(others, json_integer(i));
    json_object_set_new(full, "private_to", json_pack("[i]", owner));
    json_object_set_new(sealed, "private_to", others);
    json_array_append_new(events, full);
    json_array_append_new(events, sealed);
}

int game_def_determinize(const void *state, int seat, uint64_t seed, void **out)
{
    const game_def *d = def_of(state);
    char *why = NULL;
    *out = NULL;
    if (!d->sample)
        return WB_ENOTFOUND;
    if (d->flat && (!d->free || (d->owns_nothing && d->owns_nothing(state)))) {
        *out = wb_malloc(d->size);
        memcpy(*out, state, d->size);
    } else {
        json_t *saved = game_def_save(state);
        int rc = game_def_load(d, saved, out, &why); /* its own save: cannot fail */
        json_decref(saved);
        free(why);
        if (rc)
            return rc;
    }
    rng r;
    rng_seed(&r, seed);
    d->sample(*out, seat, &r);
    return WB_OK;
}
