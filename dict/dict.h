/*
 * dict.h - the Wibbell dictionary service: the public API of dict/.
 *
 * A data directory holds any number of dictionaries, each an LMDB
 * environment built ahead of time by dict_build() (see dict_build.h and
 * dict/LAYOUT.md).  At run time the dictionaries are read-only: every call
 * here is safe to make from many threads at once on the same dict_lib.
 *
 * Words given to these functions are UTF-8 and are normalised here (NFC,
 * case folding); letters are judged after normalisation, and for card
 * matching diacritics are removed (é counts as e).  Results are plain C
 * structures owned by the caller and freed with the matching _free call.
 * This module knows neither HTTP nor JSON.
 */
#ifndef DICT_H
#define DICT_H

#include <stddef.h>
#include <stdint.h>

typedef struct dict_lib dict_lib; /* all dictionaries of a data directory */
typedef struct dict dict;         /* one dictionary, owned by its dict_lib */

#define DICT_WORD_MAX 64  /* longest word, in letters */
#define DICT_CARDS_MAX 16 /* most cards in one check or match */

/* Open every dictionary under `data_dir`/dict/.  WB_ENOTFOUND when there
 * is none.  The first dictionary named `default_id` (or, failing that, the
 * first in name order) is the default. */
int dict_lib_open(const char *data_dir, const char *default_id, dict_lib **out);
/* Open only the dictionaries named in ids[0..n), the first being the
 * default.  WB_ENOTFOUND when one of them is not there, WB_EINVAL for an
 * empty list or a name that is not a plain directory name. */
int dict_lib_open_only(const char *data_dir, const char *const *ids, size_t n,
                       dict_lib **out);
void dict_lib_close(dict_lib *lib);
size_t dict_lib_count(const dict_lib *lib);
/* The i-th dictionary (0 <= i < count), in name order. */
const dict *dict_lib_at(const dict_lib *lib, size_t i);
/* The dictionary with this id, or NULL. */
const dict *dict_lib_find(const dict_lib *lib, const char *id);
const dict *dict_lib_default(const dict_lib *lib);

/* Facts about a dictionary; strings live as long as the dict_lib. */
typedef struct dict_info {
    const char *id;          /* "en_US" */
    const char *language;    /* "English (United States)" */
    const char *sources;     /* the data it was built from, one line */
    const char *built_at;    /* ISO 8601 UTC */
    size_t words;            /* valid (non-proper) word forms */
    size_t proper_nouns;     /* entries that are proper nouns only */
    size_t lemmas;           /* base forms */
    int is_default;
    const char *translations;        /* languages it translates into: "fr,es,de" */
    const char *translation_sources; /* the FreeDict files, "; "-separated */
    /* Other languages: what the English glosses from FreeDict cover ("5432
     * words; 4012 of 98765 lemmas (4.1%)"), or "" */
    const char *definitions;
    const char *classroom; /* what the class setting hides: "N words, M of K
                            * senses"; NULL without WordNet */
    int size_classes; /* its words have SCOWL size classes (English): see
                         dict_entry.size and DICT_MATCH_WITHIN */
    /* what the class setting's list of offensive words hides, by grade
     * (DICT_CLASS_GRADE): "adult N, school M, young K words (cuss 2.2.0
     * and naughty-words 1.2.0, en)"; NULL for a language it has none of */
    const char *class_words;
} dict_info;
void dict_get_info(const dict *d, dict_info *info);

/* --- Normalisation ----------------------------------------------------- */

/* Normalise `in` (UTF-8, `len` bytes) to NFC and case-fold it into `out`
 * (NUL-terminated).  WB_EUTF8 for invalid UTF-8, WB_ENOTWORD when empty,
 * longer than DICT_WORD_MAX letters, or holding anything but letters,
 * WB_ETOOBIG when `out` is too small. */
int dict_normalise(const char *in, size_t len, char *out, size_t cap);

/* --- One word ---------------------------------------------------------- */

typedef struct dict_def {
    char pos[12]; /* "noun", "verb", "adjective", "adverb" */
    char *text;
    unsigned count; /* times WordNet's sense-tagged corpus met the sense */
    char *of;       /* NULL: the word's own sense; else the base form (a
                     * stem) whose sense it is, shown as "of" */
} dict_def;

typedef struct dict_entry {
    char *word;          /* normalised */
    int valid;           /* a word that counts in Wibbell */
    int proper_noun;     /* only a proper noun (Paris, Monday) */
    char **stems;        /* base forms, nstems */
    size_t nstems;
    char **family;       /* related words (derivatives), nfamily, sorted */
    size_t nfamily;
    dict_def *defs;      /* WordNet definitions: the word's own, then its stems' */
    size_t ndefs;
    size_t hidden;       /* DICT_LOOKUP_CLASS: senses left out as unfit */
    int unfit;           /* a word every sense of which a class does not see */
    int listed;          /* DICT_LOOKUP_CLASS: a word the class setting's list
                          * of offensive words hides at its grade (the word,
                          * in the dictionary or not, a form or a compound
                          * of one: DICT_CLASS_GRADE).  The class setting
                          * hides a word that is unfit or listed. */
    /* English: the word's SCOWL size class, how common it is: 10 and 20
     * the words everyone knows, 35 everyday words, 50 a large vocabulary,
     * 70 an unabridged dictionary's, 80 the rare words of word games, 95
     * the rest (also 40, 55, 60); the smallest size whose list holds the
     * word or, for an inflection, its lemma (dict/LAYOUT.md).  0 for a
     * word that is not valid and in other languages. */
    int size;
} dict_entry;

/* Look a word up.  A well-formed word that is not in the dictionary gives
 * an entry with valid = 0.  Errors: those of dict_normalise, WB_ESTORE. */
int dict_lookup(const dict *d, const char *word, size_t len,
                size_t max_family, size_t max_defs, dict_entry **out);
/* As dict_lookup.  DICT_LOOKUP_CLASS: the class setting (classroom.h):
 * senses marked unfit for a class (WordNet's obscenity, ethnic-slur and
 * disparagement usage domains, glosses that call a term obscene, vulgar or
 * offensive, sexual acts: dict/LAYOUT.md) are left out, and the others of
 * the word and its base forms come most common first (WordNet's tag
 * counts).  The word is still a word (the rules accept any real word). */
enum { DICT_LOOKUP_CLASS = 1 };
/* The grade of the class setting, with DICT_LOOKUP_CLASS: which words of
 * its list of offensive words (cuss and naughty-words, dict/LAYOUT.md) it
 * hides from every list (match, prefix, pattern, a word's family) and
 * marks as listed (dict_entry.listed) besides WordNet's unfit words.  0 "school", the
 * default: what cuss calls likely profane, and what it calls maybe so
 * that naughty-words lists too (bitch, dildo; not god, trap); 1 "adult":
 * only the likely profane (an adult class learning English); 2 "young":
 * everything either list holds (young children).  Senses stay WordNet's
 * marking alone: a word the list hides keeps its definitions. */
#define DICT_CLASS_GRADE(g) ((unsigned)(g) << 16)
enum { DICT_CLASS_SCHOOL = 0, DICT_CLASS_ADULT = 1, DICT_CLASS_YOUNG = 2 }; /* offensive.h's */
/* The grade by its name in the API and in a match ("school", "adult",
 * "young") into *opt (DICT_CLASS_GRADE bits).  WB_EINVAL for another. */
int dict_class_grade_parse(const char *name, unsigned *opt);
/* The name of the grade `opts` holds. */
const char *dict_class_grade_name(unsigned opts);
int dict_lookup_opt(const dict *d, const char *word, size_t len, size_t max_family,
                    size_t max_defs, unsigned opts, dict_entry **out);
void dict_entry_free(dict_entry *e);
/* How often WordNet's sense-tagged corpus (SemCor, cntlist.rev) met a
 * valid word, into *tags: the tag counts of its stored senses (at most
 * FMT_DEFS_MAX a word, WordNet's most common first) and, for an
 * inflection, those of its nearest base form (the longest prefix shared)
 * in the part of speech its ending makes it: debating as the verb
 * debate, colder as the adjective cold, lovelies as the noun lovely (not
 * love's, nor the adjective's), went as go; a derivative (lovely) counts
 * as itself only.  -1 when none of those has a sense (a word WordNet
 * does not list: the, from, they) or the word is not valid.  FreeDict's
 * glosses count 0.  With `size`, the word's SCOWL size class too
 * (dict_entry.size; 0 for none).  A frequency signal, for the Wibbell
 * bots' vocabularies (bot_words.c).  Errors: those of dict_normalise,
 * WB_ESTORE. */
int dict_tags(const dict *d, const char *word, size_t len, long *tags, int *size);

/* --- Wibbell check ----------------------------------------------------- */

typedef enum dict_reason_code {
    DICT_NOT_A_WORD,
    DICT_PROPER_NOUN,
    DICT_CARDS_NOT_COVERED,
    DICT_ALREADY_USED,
    DICT_DERIVATIVE,
} dict_reason_code;

/* The stable name of a reason: "not_a_word", "proper_noun", ... */
const char *dict_reason_name(dict_reason_code code);

typedef struct dict_reason {
    dict_reason_code code;
    char *detail; /* a sentence a player understands */
    char *of;     /* DICT_ALREADY_USED / DICT_DERIVATIVE: the used word */
    uint32_t cards; /* DICT_CARDS_NOT_COVERED: the cards that lack a letter
                     * (bit i: the i-th card given), else 0 */
} dict_reason;

typedef struct dict_assign {
    size_t card;    /* index into the cards given */
    char letter[8]; /* the letter of the word used for it (UTF-8, as in word) */
    size_t position;/* 0-based position of that letter in the word */
} dict_assign;

typedef struct dict_verdict {
    char *word;           /* normalised */
    int valid;
    dict_reason *reasons; /* empty when valid */
    size_t nreasons;
    dict_assign *assign;  /* one per card when the cards are covered */
    size_t nassign;
} dict_verdict;

/* A card: a string of one or more letters (UTF-8; case and diacritics do
 * not matter).  Each card needs its own position in the word holding one
 * of its letters. */
typedef struct dict_cards {
    const char *const *cards;
    size_t ncards;
} dict_cards;

/* Judge `word` against the cards and the used words.  Errors (the input,
 * not the verdict): WB_EINVAL for a bad card (empty, non-letter, more than
 * DICT_CARDS_MAX), those of dict_normalise for the word or a used word. */
int dict_check(const dict *d, const char *word, size_t len,
               const dict_cards *cards, const char *const *used, size_t nused,
               dict_verdict **out);
/* Options of the check, the match and dict_related_opt.  DICT_COMPOUNDS
 * (COMPOUNDS.md): in German and Dutch a compound of a used word, or of a
 * form of it, is a derivative of it, and a used compound makes its parts
 * derivatives (Haustür, Haustüren, Häuserblock and Haus; Hausierer, which
 * merely holds Haus, never: dict/LAYOUT.md, "Compounds").  Without it a
 * compound is a word of its own.  Other languages have no compounds. */
enum { DICT_COMPOUNDS = 2 };
/* The option by its name in the API and in a Wibbell match: "separate"
 * (0, the default: a compound is a word of its own) or "derivative"
 * (DICT_COMPOUNDS) into *opt.  WB_EINVAL for any other name. */
int dict_compounds_parse(const char *name, unsigned *opt);
/* The name of the option that `opts` holds: "separate" or "derivative". */
const char *dict_compounds_name(unsigned opts);
int dict_check_opt(const dict *d, const char *word, size_t len, const dict_cards *cards,
                   const char *const *used, size_t nused, unsigned opts, dict_verdict **out);
void dict_verdict_free(dict_verdict *v);

/* The same check without allocating: the verdict lives in `b` (its `v`
 * points into the arrays below), valid until b is reused.  WB_ETOOBIG when
 * it does not fit (many reasons, long details): call dict_check then. */
#define DICT_VERDICT_REASONS 16
typedef struct dict_verdict_buf {
    dict_verdict v;
    dict_reason reasons[DICT_VERDICT_REASONS];
    dict_assign assign[DICT_CARDS_MAX];
    char text[4096];
    size_t ntext;
} dict_verdict_buf;
int dict_check_buf(const dict *d, const char *word, size_t len, const dict_cards *cards,
                   const char *const *used, size_t nused, unsigned opts, dict_verdict_buf *b);

/* --- Lists ------------------------------------------------------------- */

typedef struct dict_list {
    char **words;
    size_t nwords;
    size_t total; /* how many in all, before offset and limit */
} dict_list;

/* Every valid word that satisfies the cards and is neither used nor a
 * derivative of a used word; shortest first, then alphabetical.
 * At most `limit` words from `offset` on; `total` counts them all. */
int dict_match(const dict *d, const dict_cards *cards,
               const char *const *used, size_t nused,
               size_t offset, size_t limit, dict_list **out);
/* As dict_match; DICT_COMPOUNDS leaves out the compounds of used words
 * and the parts of used compounds (dict_check_opt); DICT_LOOKUP_CLASS leaves out the words the class setting
 * hides (every sense unfit, or on its list at its DICT_CLASS_GRADE:
 * dict_lookup_opt); DICT_MATCH_WITHIN(size)
 * keeps only the words of SCOWL size class `size` or less (a vocabulary:
 * 20 a young pupil's, see dict_entry.size; `total` counts those), and a
 * dictionary without size classes (dict_info.size_classes 0) then gives
 * none. */
#define DICT_MATCH_WITHIN(size) ((unsigned)(size) << 8)
/* DICT_MATCH_COMMON: the commonest words first (by SCOWL size class:
 * 10, 20, 35 ... 95, then words of no class), shortest first within a
 * class, then alphabetical; without size classes (other languages) the
 * order of dict_match. */
enum { DICT_MATCH_COMMON = 4 };
int dict_match_opt(const dict *d, const dict_cards *cards, const char *const *used,
                   size_t nused, size_t offset, size_t limit, unsigned opts, dict_list **out);

/* Valid words beginning with `prefix` (normalised; may be empty), in
 * alphabetical order; `total` is the number returned plus one when there
 * are more (counting them all is not worth the walk). */
int dict_prefix(const dict *d, const char *prefix, size_t len, size_t limit,
                dict_list **out);
/* As dict_prefix; DICT_LOOKUP_CLASS (and its DICT_CLASS_GRADE) leaves out
 * the words the class setting hides (dict_match_opt). */
int dict_prefix_opt(const dict *d, const char *prefix, size_t len, size_t limit,
                    unsigned opts, dict_list **out);

/* Valid words matching `pattern`, where '?' stands for any one letter and
 * letters for themselves (e.g. "c?t"), alphabetical, walked in the trie. */
int dict_pattern(const dict *d, const char *pattern, size_t len, size_t limit,
                 dict_list **out);
/* As dict_pattern; DICT_LOOKUP_CLASS as dict_prefix_opt. */
int dict_pattern_opt(const dict *d, const char *pattern, size_t len, size_t limit,
                     unsigned opts, dict_list **out);

void dict_list_free(dict_list *l);

/* --- Translations for learners ------------------------------------------- */

/* The translations of `word` into `lang` ("fr": one of dict_info's
 * translations), from FreeDict at build time, into *out (words[i] each a
 * translation, at most 8, in FreeDict's order).  A word with none of its
 * own takes those of a base form it inflects (houses: house, studies:
 * study, running: run; not happiness: happy), the one sharing the longest
 * beginning with it first; *from (may be NULL) is then set to
 * that base form (malloc'd), else to NULL.  WB_ENOTFOUND when this
 * dictionary has no translations into lang; errors of dict_normalise. */
int dict_translate(const dict *d, const char *word, size_t len, const char *lang,
                   dict_list **out, char **from);

/* Are two words related (one a derivative of the other)?  Sets *related. */
int dict_related(const dict *d, const char *a, size_t alen, const char *b,
                 size_t blen, int *related);
/* As dict_related; DICT_COMPOUNDS: a compound and its parts are related
 * too (dict_check_opt). */
int dict_related_opt(const dict *d, const char *a, size_t alen, const char *b, size_t blen,
                     unsigned opts, int *related);

#endif
