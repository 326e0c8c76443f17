/*
 * wibbell.c - the Wibbell game kind: its options, the set-up of a match
 * and its game_def (games/core/game_def.h).
 *
 * The state machine is the action table of wibbell_rules.c; the views
 * and the queries are in wibbell_view.c, the state for the codec in
 * wibbell_save.c; cards, decks and the small facts both read in
 * wibbell_cards.c.  The default
 * deck is data (games/wibbell/deck.txt), embedded into the binary at build
 * time.
 */
#include "wibbell.h"

#include <stdlib.h>
#include <string.h>

#include "wb_err.h"
#include "wb_mem.h"
#include "wibbell_int.h"

/* --- options ------------------------------------------------------------- */

static const game_member wibbell_options[] = {
    {.name = "mode", .type = GAME_T_STRING, .def = "\"standard\"", .values = wibbell_mode_names,
     .desc = "standard: a round ends when someone takes their 3rd card, they take both "
             "centre cards and keep one of their 4 as a permanent handicap; simple: a round "
             "ends on the 4th card, the 5th is a bonus that cannot be the handicap; "
             "simpler: a round ends on the 3rd card, the 4th is a bonus, no permanent "
             "handicaps"},
    {.name = "learning_aid", .type = GAME_T_BOOL, .def = "false",
     .desc = "the winner of a round may not claim during the next round"},
    {.name = "tie_window_ms", .type = GAME_T_INT, .def = "400", .has_range = 1, .min = 0,
     .max = WIBBELL_TIE_MAX,
     .desc = "claims within this many ms of the first valid claim compete: the shortest "
             "word wins, then the first alphabetically; identical words redeal; 0: the "
             "first valid claim wins (0 to 5000)"},
    {.name = "dictionary", .type = GAME_T_STRING, .def = "null",
     .desc = "the dictionary that judges claims (en_US, en_GB, ...); null: the daemon's "
             "default"},
    {.name = "deck", .type = GAME_T_ARRAY, .def = "null", .has_range = 1, .min = 2,
     .max = WIBBELL_DECK_MAX,
     .desc = "a custom deck: one string a card, \"LETTERS [VALUE [BORDER]]\" (\"NZ\", "
             "\"NZ 2 dots\"), or {\"letters\",\"value\",\"border\"}; null: the default "
             "48-card deck"},
    {.name = "shuffle", .type = GAME_T_BOOL, .def = "true",
     .desc = "shuffle the deck; false: the first card of the deck is flipped first "
             "(removed cards for 2 or 3 players come from the end)"},
    {.name = "handicaps", .type = GAME_T_ARRAY, .def = "[]", .seat = 1,
     .desc = "starting permanent handicaps by seat, which do not score: a count 0..2 dealt "
             "from the deck, or an array of up to 2 card letter strings taken from the deck "
             "(required form in companion mode)"},
    {.name = "companion", .type = GAME_T_BOOL, .def = "false",
     .desc = "referee a physical table: the host records flips, shouts, takes and keeps; "
             "the seats only watch"},
    {.name = "forgive_typos", .type = GAME_T_BOOL, .def = "false",
     .desc = "for classrooms: a claim that is not a word is taken for a typo and is no "
             "mistake (the seat may still win the card); other refusals are mistakes"},
    {.name = "learner_language", .type = GAME_T_STRING, .def = "null",
     .desc = "for learners of the dictionary's language: each judged word is logged with "
             "its translation into this language (\"fr\", \"es\", \"de\": one of the "
             "match dictionary's translations, GET /v1/dictionaries); null: none"},
    {.name = "classroom", .type = GAME_T_BOOL, .def = "false",
     .desc = "the class setting: the definitions shown (vocabulary, projector) leave out "
             "senses and words WordNet marks vulgar, obscene or offensive, most common "
             "sense first; no list (hints, the words that would have worked, the bots' "
             "shouts) holds an offensive word of the list class_grade picks, and no "
             "nickname either; such words still count"},
    {.name = "class_grade", .type = GAME_T_STRING, .def = "\"school\"",
     .values = wibbell_class_grade_names,
     .desc = "the class setting's list of offensive words (cuss and naughty-words): school, "
             "what cuss calls likely profane and what it calls maybe so that naughty-words "
             "lists too (bitch, dildo); adult, only the likely profane (an adult class); "
             "young, every word of either list (young children: also god, drunk, murder)"},
    {.name = "compounds", .type = GAME_T_STRING, .def = "\"separate\"",
     .values = wibbell_compounds_names,
     .desc = "German and Dutch compounds: separate, a compound is a word of its own "
             "(Haustür after Haus counts); derivative, a compound of a used word, or a part "
             "of a used compound, is a derivative of it (Haustür after Haus does not count; "
             "Hausierer, which merely holds Haus, always does)"},
    {.name = "class_session", .type = GAME_T_BOOL, .def = "false",
     .desc = "a class session: the seats are teams (the players' names are the teams' "
             "names) and any number of students join a team with the match's join code and "
             "a nickname (POST /v1/join); a member's shout is the team's claim, judged and "
             "logged under the student's nickname"},
    {.name = "member_mistake", .type = GAME_T_STRING, .def = "\"member\"",
     .values = wibbell_mistake_names,
     .desc = "class session: what a member's refused shout costs; member, that student "
             "alone can no longer win the current card (the team still can); team, the "
             "whole team is out for the card, as a player would be"},
    {NULL},
};

/* --- set-up -------------------------------------------------------------- */

static int parse_deck(const json_t *v, wibbell_state *st, char **why)
{
    size_t n = json_array_size(v); /* 2 to WIBBELL_DECK_MAX (the option's range) */
    st->cards = wb_calloc(n, sizeof *st->cards);
    st->ncards = n;
    for (size_t i = 0; i < n; i++) {
        const json_t *c = json_array_get(v, i), *l = json_object_get(c, "letters");
        const json_t *val = json_object_get(c, "value"), *b = json_object_get(c, "border");
        char *w = NULL, *line = NULL;
        if (json_is_string(c))
            line = wb_strdup(json_string_value(c));
        else if (json_is_string(l) && (!val || json_is_integer(val)) && (!b || json_is_string(b)))
            line = wb_asprintf("%s %lld %s", json_string_value(l),
                               val ? (long long)json_integer_value(val) : 1LL,
                               b ? json_string_value(b) : "plain");
        else
            return game_refuse(why, WB_EINVAL, "deck card %zu must be a string such as \"NZ\" or "
                               "an object {\"letters\":\"NZ\"} (an integer value, a string "
                               "border)", i);
        int rc = wibbell_card_parse(line, &st->cards[i], &w);
        free(line);
        if (rc) {
            *why = game_why("deck card %zu: %s", i, w);
            free(w);
            return rc;
        }
    }
    return WB_OK;
}

/* Starting handicaps: first those named by letters (the first card of
 * the deck with those letters), then the trim for 2 or 3 players from the
 * bottom, then those dealt by count from the top. */
static int deal_handicaps(wibbell_state *st, const json_t *h, size_t trim, char **why)
{
    const json_t *e, *c;
    size_t s, k;
    json_array_foreach(h, s, e) {
        json_int_t count = json_integer_value(e); /* 0 for an array */
        if (json_is_integer(e) && (count < 0 || count > WIBBELL_HANDICAPS_MAX))
            return game_refuse(why, WB_EINVAL, "handicaps[%zu]: a seat starts with 0 to %d "
                               "handicaps", s, WIBBELL_HANDICAPS_MAX);
        if (count > 0 && st->companion)
            return game_refuse(why, WB_EINVAL, "handicaps[%zu]: in companion mode name the "
                               "cards, e.g. [\"QU\"]", s);
        if (!json_is_integer(e) &&
            (!json_is_array(e) || json_array_size(e) > WIBBELL_HANDICAPS_MAX))
            return game_refuse(why, WB_EINVAL, "handicaps[%zu] must be a count 0..%d or an array "
                               "of up to %d card letters", s, WIBBELL_HANDICAPS_MAX,
                               WIBBELL_HANDICAPS_MAX);
        json_array_foreach(e, k, c) {
            const char *l = json_string_value(c);
            long at = l ? wibbell_find(st, &st->deck, l, -1) : -1;
            if (at < 0)
                return game_refuse(why, WB_EINVAL, "handicaps[%zu]: no card %s in the deck", s,
                                   l ? l : "(not a string)");
            game_ids_take(&st->deck, (size_t)at, &st->p[s].hcap);
        }
    }
    if (st->companion)
        st->ntrim = trim;
    else
        st->deck.n = st->deck.n > trim ? st->deck.n - trim : 0;
    json_array_foreach(h, s, e)
        for (json_int_t n = 0; n < json_integer_value(e) && st->deck.n > 0; n++)
            game_ids_take(&st->deck, 0, &st->p[s].hcap);
    for (s = 0; s < st->nplayers; s++)
        st->p[s].nstart = st->p[s].hcap.n;
    if (wibbell_remaining(st) < 2)
        return game_refuse(why, WB_EINVAL, "the deck is too small: fewer than 2 cards are left "
                           "for the centre after set-up");
    return WB_OK;
}

/* The dictionary judging claims: the option, checked against those loaded,
 * or the daemon's default (en_US when no dictionaries are at hand: the
 * claims are judged when they come, see WIBBELL.md). */
static int choose_dict(wibbell_state *st, const game_ctx *ctx, const char *id, char **why)
{
    if (ctx && ctx->dicts) {
        dict_info in;
        if (id && !dict_lib_find(ctx->dicts, id))
            return game_refuse(why, WB_EINVAL, "unknown dictionary '%s'", id);
        if (!id) {
            dict_get_info(dict_lib_default(ctx->dicts), &in);
            id = in.id;
        }
    }
    st->dict_id = wb_strdup(id ? id : "en_US");
    return WB_OK;
}

/* Is `w` one of the comma-separated `list`? */
static int listed(const char *list, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, w, n) == 0 && (p[n] == ',' || !p[n]))
            return 1;
    return 0;
}

/* learner_language: one the match's dictionary translates into (without
 * dictionaries at hand, any short lower-case code: claims look it up). */
static int choose_learner(wibbell_state *st, const game_ctx *ctx, const char *lang, char **why)
{
    if (!lang)
        return WB_OK;
    const dict *d = ctx && ctx->dicts ? dict_lib_find(ctx->dicts, st->dict_id) : NULL;
    dict_info in = {0};
    if (d)
        dict_get_info(d, &in);
    const char *has = in.translations && *in.translations ? in.translations : "none";
    if (!wibbell_language_code(lang) || (d && !listed(in.translations, lang)))
        return game_refuse(why, WB_EINVAL, "learner_language: dictionary %s has no translations "
                           "into '%.40s' (it has: %s)", st->dict_id, lang, has);
    st->learner = wb_strdup(lang);
    return WB_OK;
}

static int wibbell_create(void *state, const game_ctx *ctx, const char *const *players,
                          size_t nplayers, const json_t *options, uint64_t seed, char **why)
{
    wibbell_state *st = state;
    const json_t *deck = json_object_get(options, "deck");
    const json_t *handicaps = json_object_get(options, "handicaps");
    size_t trim;
    int rc;

    st->mode = (wibbell_mode)game_name_index(wibbell_mode_names, 3, game_opt_str(options, "mode"));
    st->companion = game_opt_bool(options, "companion");
    st->learning_aid = game_opt_bool(options, "learning_aid");
    st->shuffle = game_opt_bool(options, "shuffle");
    st->forgive_typos = game_opt_bool(options, "forgive_typos");
    st->classroom = game_opt_bool(options, "classroom");
    st->class_grade =
        game_name_index(wibbell_class_grade_names, 3, game_opt_str(options, "class_grade"));
    st->compounds = game_name_index(wibbell_compounds_names, 2, game_opt_str(options, "compounds"));
    st->tie_ms = game_opt_int(options, "tie_window_ms");
    st->class_session = game_opt_bool(options, "class_session");
    st->member_mistake =
        game_name_index(wibbell_mistake_names, 2, game_opt_str(options, "member_mistake"));
    if (st->class_session && st->companion)
        return game_refuse(why, WB_EINVAL, "a class session is played on the students' "
                           "phones: it cannot be a companion-mode match, where the host "
                           "records a physical table");
    if ((rc = choose_dict(st, ctx, game_opt_str(options, "dictionary"), why)) ||
        (rc = choose_learner(st, ctx, game_opt_str(options, "learner_language"), why)))
        return rc;
    if (!json_is_null(deck))
        rc = parse_deck(deck, st, why);
    else if ((rc = wibbell_deck_parse((const char *)wibbell_deck_txt, wibbell_deck_txt_len,
                                      &st->cards, &st->ncards, why)))
        rc = WB_EDATA; /* the default deck is broken: a build error */
    if (rc)
        return rc;
    rng_seed(&st->rng, seed);
    st->nplayers = nplayers;
    st->p = wb_calloc(nplayers, sizeof *st->p);
    for (size_t s = 0; s < nplayers; s++)
        st->p[s].name = wb_strdup(players[s] ? players[s] : "");
    st->round = 1;
    st->winner = st->bonus = st->last_winner = -1;
    st->last_round_winner = st->barred = -1;
    st->window_end = -1;

    for (size_t i = 0; i < st->ncards; i++)
        game_ids_push(&st->deck, (int)i);
    if (st->shuffle && !st->companion && st->deck.n > 1)
        rng_shuffle(&st->rng, st->deck.v, st->deck.n, sizeof *st->deck.v);
    /* The rules: 2 players remove half the deck (24 of 48), 3 players a
     * quarter (12 of 48); the same shares of a custom deck. */
    trim = nplayers == 2 ? st->ncards / 2 : nplayers == 3 ? st->ncards / 4 : 0;
    if ((rc = deal_handicaps(st, handicaps, trim, why)))
        return rc;
    wibbell_start(st);
    return WB_OK;
}

/* --- the game ------------------------------------------------------------- */

/* The scores (the most cards win: game_def.highest_wins). */
static void wibbell_result(const void *state, int *winner, json_int_t *score)
{
    (void)winner;
    const wibbell_state *st = state;
    for (size_t s = 0; s < st->nplayers; s++)
        score[s] = (json_int_t)wibbell_score(st, s);
}

static int wibbell_nseats(const void *state)
{
    return (int)((const wibbell_state *)state)->nplayers;
}

/* In companion mode no seat acts: the host records everything (the view's
 * "awaiting" lists the seats whose shout or choice it is to record). */
GAME_OFFERED(wibbell_to_act_hook)
{
    const wibbell_state *st = state;
    return !st->companion && wibbell_to_act(st, (size_t)seat);
}

/* A companion match has no bot seats: no seat acts in it. */
static char *wibbell_no_bots(const void *state)
{
    if (!((const wibbell_state *)state)->companion)
        return NULL;
    return game_why("a companion-mode match has no bot seats: the host records a physical "
                    "table, where no seat acts through the daemon");
}

/* Format 1 had no forgive_typos (it was off), formats 1 and 2 no undo,
 * formats 1 to 3 no learner_language (none) nor a translation in the
 * vocabulary's rows (none: ""), formats 1 to 4 no classroom (off),
 * formats 1 to 5 no compounds (separate, as those matches judged),
 * formats 1 to 6 no class sessions (none: no members in the rows and
 * claims), formats 1 to 7 no class_grade (school: what the class setting's
 * lists hide from then on; no state depends on it). */
static const game_added wibbell_added[] = {
    {2, "forgive_typos", "false"},
    {3, "undo", "null"},
    {4, "learner_language", "null"},
    {5, "classroom", "false"},
    {6, "compounds", "\"separate\""},
    {7, "class_session", "false"},
    {7, "member_mistake", "\"member\""},
    {7, "out_members", "[]"},
    {8, "class_grade", "\"school\""},
    {0},
};

/* Rows and claims of an older format: no member made them. */
static void set_no_member(json_t *list, int nickname)
{
    json_t *row;
    size_t i;
    json_array_foreach(list, i, row)
        if (json_is_object(row)) {
            json_object_set_new(row, "member", json_integer(-1));
            if (nickname)
                json_object_set_new(row, "nickname", json_string(""));
        }
}

/* A save of an older format: the members added since, and (format 4) an
 * empty translation in each vocabulary row. */
static int wibbell_upgrade(json_t *saved, int from)
{
    json_t *row;
    size_t i;
    if (from < 1)
        return WB_EINVAL;
    for (const game_added *a = wibbell_added; a->member; a++)
        if (a->format > from)
            json_object_set_new(saved, a->member, json_loads(a->value, JSON_DECODE_ANY, NULL));
    json_array_foreach(from < 4 ? json_object_get(saved, "vocab") : NULL, i, row)
        if (json_is_object(row))
            json_object_set_new(row, "translation", json_string(""));
    if (from < 7) {
        set_no_member(json_object_get(saved, "vocab"), 1);
        set_no_member(json_object_get(saved, "claims"), 0);
    }
    return WB_OK;
}

static const game_def wibbell_def = {
    .kind = &game_wibbell,
    .format = 8,
    .upgrade = wibbell_upgrade,
    .size = sizeof(wibbell_state),
    .options = wibbell_options,
    .create = wibbell_create,
    .io = wibbell_io,
    .phase_at = offsetof(wibbell_state, phase),
    .phase_names = wibbell_phase_names,
    .situation = wibbell_situation,
    .nseats = wibbell_nseats,
    .actions = wibbell_actions,
    .over_phase = WIBBELL_OVER,
    .to_act = wibbell_to_act_hook,
    .result = wibbell_result,
    .highest_wins = 1,
    .pending = wibbell_pending,
    .view = wibbell_view,
    .deadline_at = offsetof(wibbell_state, window_end),
    .deadline_phase = WIBBELL_PLAY,
    .queries = wibbell_queries,
    .sample = wibbell_sample,
};

/* Class sessions: the seats are teams, a claim is stamped with its member. */
static int wibbell_teams(const void *state)
{
    return ((const wibbell_state *)state)->class_session;
}

static const char *const wibbell_member_actions[] = {"claim", NULL};

/* In the class setting a nickname may hold no word the setting hides: each
 * run of letters, and all of them run together ("Fat Head"). */
static char *wibbell_nickname_refused(const void *state, const dict_lib *dicts,
                                      const char *nickname)
{
    const wibbell_state *st = state;
    const dict *d = dicts ? dict_lib_find(dicts, st->dict_id) : NULL;
    char word[128], all[128];
    size_t n = 0, na = 0;
    char *why = NULL;
    if (!st->classroom || !d)
        return NULL;
    for (const char *p = nickname;; p++) {
        int letter = *p && *p != ' ' && *p != '-' && !(*p >= '0' && *p <= '9');
        if (letter && n + 1 < sizeof word) {
            word[n++] = *p;
            if (na + 1 < sizeof all)
                all[na++] = *p;
            continue;
        }
        const char *tries[2] = {word, all};
        word[n] = '\0';
        all[na] = '\0';
        for (size_t k = 0; k < (*p ? 1u : 2u) && !why; k++) {
            dict_entry *e = NULL;
            if (*tries[k] &&
                dict_lookup_opt(d, tries[k], strlen(tries[k]), 0, 0, wibbell_class_opts(st),
                                &e) == WB_OK &&
                (e->unfit || e->listed))
                why = game_why("this class hides the word '%s', so a nickname cannot hold "
                               "it: choose another", tries[k]);
            dict_entry_free(e);
        }
        n = 0;
        if (!*p || why)
            return why;
    }
}

/* A seat that changed hands: its rows in the vocabulary name it anew. */
static void wibbell_rename(void *state, int seat, const char *name)
{
    wibbell_state *st = state;
    free(st->p[seat].name);
    st->p[seat].name = wb_strdup(name);
}

GAME_DEF_HOOKS(wibbell_def)

const game_kind game_wibbell = {
    .name = "wibbell",
    .title = "Wibbell",
    .min_players = 2,
    .max_players = WIBBELL_SEATS_MAX,
    GAME_DEF_KIND(wibbell_def),
    .no_bots = wibbell_no_bots,
    .teams = wibbell_teams,
    .member_actions = wibbell_member_actions,
    .nickname_refused = wibbell_nickname_refused,
    .rename = wibbell_rename,
    /* for the hidden-information test; no "search" bot plays Wibbell
     * (bots.h: its word finder does) */
    .determinize = game_def_determinize,
};
