/*
 * test_langs.c - the French and German dictionaries, built by the real
 * builder from Debian's Hunspell packages and word lists (tests/meson.build
 * builds fr and de into the test data): words, inflections and their
 * derivative relation, proper nouns, accents and ligatures on cards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "dict.h"
#include "wb_err.h"

static dict_lib *lib;
static const dict *fr, *de, *us;

static int setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    const char *ids[] = {"fr", "de", "en_US"};
    if (!dir || dict_lib_open_only(dir, ids, 3, &lib) != WB_OK)
        return -1;
    fr = dict_lib_find(lib, "fr");
    de = dict_lib_find(lib, "de");
    us = dict_lib_find(lib, "en_US");
    return fr && de && us ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    dict_lib_close(lib);
    return 0;
}

/* The verdict's first reason (-1: valid), with options `opts`. */
static int judge_opt(const dict *d, const char *w, const char *const *cards, size_t ncards,
                     const char *used, unsigned opts)
{
    dict_cards c = {cards, ncards};
    dict_verdict *v = NULL;
    assert_int_equal(dict_check_opt(d, w, strlen(w), &c, used ? &used : NULL, used ? 1 : 0, opts,
                                    &v),
                     WB_OK);
    int r = v->valid ? -1 : (int)v->reasons[0].code;
    dict_verdict_free(v);
    return r;
}

static int judge(const dict *d, const char *w, const char *const *cards, size_t ncards,
                 const char *used)
{
    return judge_opt(d, w, cards, ncards, used, 0);
}

static int related_opt(const dict *d, const char *a, const char *b, unsigned opts)
{
    int rel = -1;
    assert_int_equal(dict_related_opt(d, a, strlen(a), b, strlen(b), opts, &rel), WB_OK);
    return rel;
}

static int related(const dict *d, const char *a, const char *b)
{
    return related_opt(d, a, b, 0);
}

static void test_info(void **state)
{
    (void)state;
    dict_info in;
    dict_get_info(fr, &in);
    assert_string_equal(in.language, "French");
    assert_true(in.words > 300000);
    assert_true(in.proper_nouns > 3000);
    dict_get_info(de, &in);
    assert_string_equal(in.language, "German");
    assert_true(in.words > 300000);
    assert_true(in.proper_nouns > 3000);
}

static void test_french(void **state)
{
    (void)state;
    /* inflections of manger and cheval, by fr's own affix rules */
    assert_int_equal(related(fr, "mangeons", "manger"), 1);
    assert_int_equal(related(fr, "mangé", "manger"), 1);
    assert_int_equal(related(fr, "chevaux", "cheval"), 1);
    assert_int_equal(judge(fr, "mangeons", NULL, 0, "manger"), DICT_DERIVATIVE);
    assert_int_equal(judge(fr, "chevaux", NULL, 0, "cheval"), DICT_DERIVATIVE);
    /* été is also être's participle; a word that merely contains another
     * is not a derivative of it */
    assert_int_equal(related(fr, "été", "être"), 1);
    assert_int_equal(related(fr, "chevalier", "cheval"), 0);
    /* forms the word list holds and no rule makes (fr_forms.c): agreed
     * participles of intransitive verbs, the reformed è of the future;
     * dès is not a form of dé */
    assert_int_equal(related(fr, "aberrées", "aberrer"), 1);
    assert_int_equal(related(fr, "agie", "agir"), 1);
    assert_int_equal(related(fr, "cèderai", "céder"), 1);
    /* a regular verb only the word list holds, with all its forms */
    assert_int_equal(related(fr, "amanchons", "amancher"), 1);
    assert_int_equal(related(fr, "calla", "caler"), 0);
    assert_int_equal(related(fr, "dès", "dé"), 0);
    /* an adverb in -ment after its adjective */
    assert_int_equal(related(fr, "rapidement", "rapide"), 1);
    assert_int_equal(related(fr, "lentement", "lent"), 1);
    assert_int_equal(related(fr, "évidemment", "évident"), 1);
    assert_int_equal(related(fr, "maison", "mais"), 0);
    /* être's forms that fr's rules make by stripping the whole root
     * (FULLSTRIP, expand.c); suis is suivre's as well */
    assert_int_equal(related(fr, "suis", "être"), 1);
    assert_int_equal(related(fr, "sommes", "être"), 1);
    assert_int_equal(related(fr, "étais", "être"), 1);
    assert_int_equal(related(fr, "suis", "suivre"), 1);
    assert_int_equal(related(fr, "sommes", "somme"), 1);
    /* irregular plurals of the list (irregular_lists.c) */
    assert_int_equal(related(fr, "yeux", "œil"), 1);
    assert_int_equal(related(fr, "cieux", "ciel"), 1);
    /* a form that is another word too is refused after the verb: est
     * (east) after être (dict/LANGUAGES.md, "Irregular forms") */
    assert_int_equal(judge(fr, "est", NULL, 0, "être"), DICT_DERIVATIVE);
    assert_int_equal(judge(fr, "yeux", NULL, 0, "œil"), DICT_DERIVATIVE);
    /* names: Hunspell accepts them only with a capital */
    assert_int_equal(judge(fr, "Marseille", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(fr, "Toulouse", NULL, 0, NULL), DICT_PROPER_NOUN);
    /* paris is also the plural of pari, a word */
    assert_int_equal(judge(fr, "paris", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "zzzxq", NULL, 0, NULL), DICT_NOT_A_WORD);
    /* forms fr's Hunspell accepts that the word list lacks are words:
     * the rules' forms are candidates (expand.c; were refused) */
    assert_int_equal(judge(fr, "arabismes", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "bidouilleurs", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "acerbités", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "arabismes", NULL, 0, "arabisme"), DICT_DERIVATIVE);
    /* and a wrong plural or conjugation is still none */
    assert_int_equal(judge(fr, "chevals", NULL, 0, NULL), DICT_NOT_A_WORD);
    assert_int_equal(judge(fr, "mangeai", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "mangeaient", NULL, 0, NULL), -1);
    assert_int_equal(judge(fr, "mangeaites", NULL, 0, NULL), DICT_NOT_A_WORD);
    /* a card's letter takes the letter with or without its accent, and
     * œ gives both its letters */
    assert_int_equal(judge(fr, "été", (const char *const[]){"E", "T", "E"}, 3, NULL), -1);
    assert_int_equal(judge(fr, "cœur", (const char *const[]){"O", "E"}, 2, NULL), -1);
    assert_int_equal(judge(fr, "garçon", (const char *const[]){"C"}, 1, NULL), -1);
}

/* Derivatives by an affix whose FreeDict English glosses agree
 * (dict/build/derive.c), both ways round; look-alikes whose glosses do
 * not stay words of their own. */
static void test_derivatives(void **state)
{
    (void)state;
    /* Schönheit "beauty", schön "beautiful"; Freiheit "freedom", frei
     * "free"; Lehrer "teacher", lehren "teach"; unglücklich "unhappy" */
    assert_int_equal(related(de, "Schönheit", "schön"), 1);
    assert_int_equal(related(de, "schön", "Schönheit"), 1);
    assert_int_equal(related(de, "Freiheit", "frei"), 1);
    assert_int_equal(related(de, "Lehrer", "lehren"), 1);
    assert_int_equal(related(de, "unglücklich", "glücklich"), 1);
    assert_int_equal(judge(de, "Schönheit", NULL, 0, "schön"), DICT_DERIVATIVE);
    assert_int_equal(judge(de, "schön", NULL, 0, "Schönheit"), DICT_DERIVATIVE);
    /* a form of the derivative too: Lehrers, Freiheiten */
    assert_int_equal(related(de, "Freiheiten", "frei"), 1);
    /* look-alikes: Eisen "iron" after Eis "ice", Hundert after Hund,
     * hoffen "hope" after Hof "court" */
    assert_int_equal(related(de, "Eisen", "Eis"), 0);
    assert_int_equal(related(de, "Eis", "Eisen"), 0);
    assert_int_equal(related(de, "Hundert", "Hund"), 0);
    assert_int_equal(related(de, "hoffen", "Hof"), 0);
    assert_int_equal(judge(de, "Eisen", NULL, 0, "Eis"), -1);
    /* look-alikes that are base + suffix in spelling: Taler "thaler"
     * after Tal "valley", Kammer "chamber" after Kamm "comb",
     * liederlich "slovenly" after Lied "song" (Lieder + -lich) */
    assert_int_equal(related(de, "Taler", "Tal"), 0);
    assert_int_equal(related(de, "Kammer", "Kamm"), 0);
    assert_int_equal(related(de, "liederlich", "Lied"), 0);
    assert_int_equal(judge(de, "Kammer", NULL, 0, "Kamm"), -1);
    /* French: chanteur "singer", chanter "sing"; carte "map" after car
     * "coach", moteur (mot + -eur) after mot stay words */
    assert_int_equal(related(fr, "chanteur", "chanter"), 1);
    assert_int_equal(related(fr, "chanter", "chanteur"), 1);
    assert_int_equal(judge(fr, "chanteur", NULL, 0, "chanter"), DICT_DERIVATIVE);
    assert_int_equal(related(fr, "carte", "car"), 0);
    assert_int_equal(related(fr, "moteur", "mot"), 0);
    assert_int_equal(judge(fr, "carte", NULL, 0, "car"), -1);
    /* by structure where FreeDict glosses one word only: gentillesse
     * (gentil + -esse, the l doubled), danseur (a verb's -eur),
     * maisonnette, refaire (re- on a verb), both ways round */
    assert_int_equal(related(fr, "gentillesse", "gentil"), 1);
    assert_int_equal(related(fr, "gentil", "gentillesse"), 1);
    assert_int_equal(related(fr, "danseur", "danser"), 1);
    assert_int_equal(related(fr, "danser", "danseur"), 1);
    assert_int_equal(related(fr, "maisonnette", "maison"), 1);
    assert_int_equal(judge(fr, "gentillesse", NULL, 0, "gentil"), DICT_DERIVATIVE);
    /* look-alikes it does not take: couleur "colour", couler "flow"
     * (glosses unrelated); vente is venter's form, not vent + -er's;
     * capable is no verb caper's */
    assert_int_equal(related(fr, "couleur", "couler"), 0);
    assert_int_equal(related(fr, "vente", "vent"), 0);
    assert_int_equal(related(fr, "capable", "cap"), 0);
    assert_int_equal(judge(fr, "couleur", NULL, 0, "couler"), -1);
}

static void test_german(void **state)
{
    (void)state;
    /* nouns are capitalised and are words; names are not */
    assert_int_equal(judge(de, "Haus", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "haus", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Tisch", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Milch", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Montag", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Berlin", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(de, "Deutschland", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(de, "Namibia", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(de, "Ursula", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(de, "Berlins", NULL, 0, NULL), DICT_PROPER_NOUN);
    /* inflections: Häuser after Haus */
    assert_int_equal(related(de, "Häuser", "Haus"), 1);
    assert_int_equal(judge(de, "Häuser", NULL, 0, "Haus"), DICT_DERIVATIVE);
    assert_int_equal(related(de, "Kinder", "Kind"), 1);
    /* irregular forms, roots of their own in the .dic, linked by
     * FreeDict's German-English references (irregular.c) */
    assert_int_equal(related(de, "ging", "gehen"), 1);
    assert_int_equal(related(de, "gingen", "gehen"), 1);
    assert_int_equal(related(de, "gegangen", "gehen"), 1);
    assert_int_equal(related(de, "sprach", "sprechen"), 1);
    assert_int_equal(related(de, "lief", "laufen"), 1);
    assert_int_equal(judge(de, "ging", NULL, 0, "gehen"), DICT_DERIVATIVE);
    /* look-alikes: a synonym's participle that FreeDict lists with gehen,
     * a noun, another verb that begins the same */
    assert_int_equal(related(de, "gelaufen", "gehen"), 0);
    assert_int_equal(related(de, "Gang", "gehen"), 0);
    assert_int_equal(related(de, "gelang", "gehen"), 0);
    assert_int_equal(related(de, "ging", "gingen"), 1);
    /* suppletive and modal verbs, comparison: the list (irregular_lists.c) */
    assert_int_equal(related(de, "bin", "sein"), 1);
    assert_int_equal(related(de, "ist", "sein"), 1);
    assert_int_equal(related(de, "war", "sein"), 1);
    assert_int_equal(related(de, "gewesen", "sein"), 1);
    assert_int_equal(related(de, "hatte", "haben"), 1);
    assert_int_equal(related(de, "wurde", "werden"), 1);
    assert_int_equal(related(de, "kann", "können"), 1);
    assert_int_equal(related(de, "besser", "gut"), 1);
    assert_int_equal(judge(de, "war", NULL, 0, "sein"), DICT_DERIVATIVE);
    /* left out: weiß is white as well as wissen's, aß folds to Ass (ace) */
    assert_int_equal(related(de, "weiß", "wissen"), 0);
    assert_int_equal(related(de, "Ass", "essen"), 0);
    assert_int_equal(related(de, "bin", "haben"), 0);
    /* ß folds to ss: Straße is strasse, and covers two S cards; Umlauts
     * cover their vowel */
    assert_int_equal(judge(de, "Straße", (const char *const[]){"S", "S"}, 2, NULL), -1);
    assert_int_equal(judge(de, "Strasse", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Häuser", (const char *const[]){"A", "U"}, 2, NULL), -1);
    /* a list compound takes the forms of its last part (forms.c): the
     * plural of Haustür, which the list lacks, is a word and Haustür's */
    assert_int_equal(judge(de, "Haustüren", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Haustüren", NULL, 0, "Haustür"), DICT_DERIVATIVE);
    assert_int_equal(related(de, "Haustüren", "Haustür"), 1);
    assert_int_equal(related(de, "Haustüren", "Haus"), 0);
    /* a form the rules make but Hunspell refuses stays out: a compound's
     * first part with its linking s (ONLYINCOMPOUND's kind) */
    assert_int_equal(judge(de, "Gesundheits", NULL, 0, NULL), DICT_NOT_A_WORD);
    assert_int_equal(judge(de, "Abteilungs", NULL, 0, NULL), DICT_NOT_A_WORD);
    /* plural nouns FreeDict tags <pl> with a lower-case translation are
     * nouns, not names (names.c); plural names stay names */
    assert_int_equal(judge(de, "Daten", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Konten", NULL, 0, NULL), -1);
    assert_int_equal(judge(de, "Alpen", NULL, 0, NULL), DICT_PROPER_NOUN);
    assert_int_equal(judge(de, "Azoren", NULL, 0, NULL), DICT_PROPER_NOUN);
}

/* The first definition of w (its own, else its base forms'), or "". */
static void first_def(const dict *d, const char *w, char *pos, char *text, size_t cap)
{
    dict_entry *e = NULL;
    assert_int_equal(dict_lookup(d, w, strlen(w), 0, 8, &e), WB_OK);
    strcpy(pos, e->ndefs ? e->defs[0].pos : "");
    snprintf(text, cap, "%s", e->ndefs ? e->defs[0].text : "");
    dict_entry_free(e);
}

/* Does a definition of w (or of its base forms) read `want`? */
static int has_def(const dict *d, const char *w, const char *want)
{
    dict_entry *e = NULL;
    int found = 0;
    assert_int_equal(dict_lookup(d, w, strlen(w), 0, 8, &e), WB_OK);
    for (size_t i = 0; i < e->ndefs; i++)
        found |= strcmp(e->defs[i].text, want) == 0;
    dict_entry_free(e);
    return found;
}

/* With the compounds option: related, and a claim after `used`. */
static int related_c(const dict *d, const char *a, const char *b)
{
    return related_opt(d, a, b, DICT_COMPOUNDS);
}

static int judge_c(const dict *d, const char *w, const char *used)
{
    return judge_opt(d, w, NULL, 0, used, DICT_COMPOUNDS);
}

/* Compounds (dict/COMPOUNDS.md): by default a compound is a word of its own; with
 * DICT_COMPOUNDS a compound and its parts are derivatives of each other,
 * both ways, through forms (Häuserblock: Häuser, Haus) and linking
 * elements (Arbeit-s-zimmer, Schul(e)-buch), never a word that merely
 * holds another (dict/LAYOUT.md, "Compounds"). */
static void test_compounds(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        {"Haus", "Haustür"}, {"Tür", "Haustür"}, {"Haus", "Haustier"}, {"Tier", "Haustier"},
        {"Haus", "Häuserblock"}, {"Arbeit", "Arbeitszimmer"}, {"Schule", "Schulbuch"},
        {"Woche", "Wochenende"}, {"Ende", "Wochenende"}, {"Häuser", "Rathaus"},
    };
    static const char *const looks[][2] = {
        {"Haus", "Hausierer"}, {"Ende", "Legende"}, {"Ende", "Reisende"}, {"Tal", "Talente"},
        {"Vers", "Verstand"}, {"Bar", "Barbar"}, {"Akt", "Aktion"}, {"Arm", "Armee"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        assert_int_equal(related(de, pairs[i][0], pairs[i][1]), 0);
        assert_int_equal(related_c(de, pairs[i][0], pairs[i][1]), 1);
        assert_int_equal(related_c(de, pairs[i][1], pairs[i][0]), 1);
    }
    for (size_t i = 0; i < sizeof looks / sizeof *looks; i++) {
        assert_int_equal(related_c(de, looks[i][0], looks[i][1]), 0);
        assert_int_equal(related_c(de, looks[i][1], looks[i][0]), 0);
    }
    /* sibling compounds are not related: Haustier after Haustür */
    assert_int_equal(related_c(de, "Haustier", "Haustür"), 0);
    /* nor a compound whose inner part is a used word's part: Hunspell
     * answers haus as the stem of Bundeshaushalt, zimmer of
     * Wohnzimmercouch (morph.c, inner_part); with and without the option */
    static const char *const inner[][2] = {
        {"Haustür", "Bundeshaushalt"}, {"Haustür", "Krankenhausbau"},
        {"Arbeitszimmer", "Wohnzimmercouch"}, {"Buchhandlung", "Drehbuchautor"},
    };
    for (size_t i = 0; i < sizeof inner / sizeof *inner; i++) {
        assert_int_equal(judge_c(de, inner[i][1], inner[i][0]), -1);
        assert_int_equal(related_c(de, inner[i][0], inner[i][1]), 0);
    }
    assert_int_equal(judge(de, "Bundeshaushalt", NULL, 0, "Haus"), -1);
    assert_int_equal(judge(de, "unglücklichen", NULL, 0, "glücklich"), DICT_DERIVATIVE);
    /* the check: a derivative with the option, a word without */
    assert_int_equal(judge_c(de, "Haustür", "Haus"), DICT_DERIVATIVE);
    assert_int_equal(judge(de, "Haustür", NULL, 0, "Haus"), -1);
    assert_int_equal(judge_c(de, "Hausierer", "Haus"), -1);
    /* English has no compounds: the option changes nothing */
    assert_int_equal(related_c(us, "doghouse", "dog"), 0);
    /* the match leaves out compounds of used words and parts of used ones */
    const char *cards[] = {"H", "T", "R"};
    dict_cards dc = {cards, 3};
    const char *used[] = {"Haus"};
    dict_list *all = NULL, *l = NULL;
    assert_int_equal(dict_match_opt(de, &dc, used, 1, 0, 100000, 0, &all), WB_OK);
    assert_int_equal(dict_match_opt(de, &dc, used, 1, 0, 100000, DICT_COMPOUNDS, &l), WB_OK);
    int had = 0, has = 0;
    for (size_t i = 0; i < all->nwords; i++)
        had |= !strcmp(all->words[i], "haustür");
    for (size_t i = 0; i < l->nwords; i++)
        has |= !strcmp(l->words[i], "haustür");
    assert_true(had);
    assert_false(has);
    assert_true(l->total < all->total);
    dict_list_free(all);
    dict_list_free(l);
    const char *used2[] = {"Haustür"}, *cards2[] = {"H"};
    dict_cards dc2 = {cards2, 1};
    assert_int_equal(dict_match_opt(de, &dc2, used2, 1, 0, 100000, DICT_COMPOUNDS, &l), WB_OK);
    for (size_t i = 0; i < l->nwords; i++)
        assert_string_not_equal(l->words[i], "haus");
    dict_list_free(l);
}

/* Definitions of other languages: FreeDict's English glosses (XXX-eng),
 * an inflected form taking its base form's. */
static void test_definitions(void **state)
{
    (void)state;
    char pos[16], text[256];
    dict_info in;
    first_def(fr, "maison", pos, text, sizeof text);
    assert_string_equal(pos, "noun");
    assert_string_equal(text, "house");
    first_def(fr, "maisons", pos, text, sizeof text);
    assert_string_equal(text, "house");
    first_def(fr, "mangeons", pos, text, sizeof text);
    assert_string_equal(pos, "verb");
    assert_string_equal(text, "eat");
    first_def(fr, "cheval", pos, text, sizeof text);
    assert_string_equal(text, "horse");
    first_def(fr, "chevaux", pos, text, sizeof text);
    assert_string_equal(text, "horse");
    assert_true(has_def(de, "Haus", "house"));
    assert_true(has_def(de, "Häuser", "house"));
    /* German's senses come in no order of use: those with examples first
     * (gehen: walk, go; not "turn out") */
    first_def(de, "gehen", pos, text, sizeof text);
    assert_string_equal(pos, "verb");
    assert_string_equal(text, "walk");
    assert_true(has_def(de, "gehen", "go"));
    /* no gloss anywhere: none, not another word's */
    first_def(fr, "zzzxq", pos, text, sizeof text);
    assert_string_equal(text, "");
    /* the source and what it covers are listed */
    dict_get_info(fr, &in);
    assert_non_null(strstr(in.sources, "freedict-fra-eng"));
    assert_non_null(strstr(in.definitions, " lemmas ("));
    dict_get_info(us, &in);
    assert_string_equal(in.definitions, "");
}

/* Does the translation list of w into lang hold `want`?  *from: the base
 * form it came from, or "" for the word's own. */
static int translates(const char *w, const char *lang, const char *want, char *from)
{
    dict_list *l = NULL;
    char *base = NULL;
    assert_int_equal(dict_translate(us, w, strlen(w), lang, &l, &base), WB_OK);
    int found = 0;
    for (size_t i = 0; i < l->nwords; i++)
        found |= strcmp(l->words[i], want) == 0;
    strcpy(from, base ? base : "");
    free(base);
    dict_list_free(l);
    return found;
}

/* English words for learners: FreeDict's translations, built in. */
static void test_translate(void **state)
{
    (void)state;
    char from[64];
    dict_info in;
    dict_get_info(us, &in);
    assert_non_null(strstr(in.translations, "fr"));
    assert_non_null(strstr(in.translation_sources, "freedict-eng-fra"));
    assert_true(translates("house", "fr", "maison", from));
    assert_string_equal(from, "");
    /* an inflected form takes its lemma's */
    assert_true(translates("houses", "fr", "maison", from));
    assert_string_equal(from, "house");
    assert_true(translates("studies", "fr", "étude", from));
    assert_string_equal(from, "study");
    assert_true(translates("house", "de", "Haus", from));
    assert_true(translates("house", "es", "casa", from));
    /* a derivative does not take its base's (happiness is not happy) */
    dict_list *l = NULL;
    char *base = NULL;
    assert_int_equal(dict_translate(us, "happiness", 9, "it", &l, &base), WB_OK);
    assert_null(base);
    for (size_t i = 0; i < l->nwords; i++)
        assert_string_not_equal(l->words[i], "felice");
    dict_list_free(l);
    /* a language it has none of, and a dictionary with none */
    assert_int_equal(dict_translate(us, "house", 5, "xx", &l, &base), WB_ENOTFOUND);
    dict_list_free(l);
    assert_int_equal(dict_translate(fr, "maison", 6, "en", &l, &base), WB_ENOTFOUND);
    dict_list_free(l);
    assert_int_equal(dict_translate(us, "two words", 9, "fr", &l, &base), WB_ENOTWORD);
    dict_list_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_info),
        cmocka_unit_test(test_french),
        cmocka_unit_test(test_german),
        cmocka_unit_test(test_derivatives),
        cmocka_unit_test(test_compounds),
        cmocka_unit_test(test_translate),
        cmocka_unit_test(test_definitions),
    };
    return cmocka_run_group_tests_name("langs", tests, setup, teardown);
}
