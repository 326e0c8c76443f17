/*
 * dict_build.h - building a dictionary into LMDB, ahead of time.
 *
 * The build reads the Debian Hunspell dictionary, the SCOWL-based word
 * list and WordNet, decides for every candidate form whether it is a word,
 * a proper noun or neither, precomputes the derivative relation and the
 * indexes, and writes one LMDB environment at `data_dir`/dict/<id>/.  It
 * writes into a temporary directory of its own (<id>.tmp.XXXXXX) and
 * renames it into place in one rename at the end, so a kill at any
 * moment leaves the old dictionary or the new one, never half of one; and
 * it holds an exclusive lock (<id>.lock, flock) meanwhile, so two builds
 * never write one dictionary (a second waits for the first).
 *
 * Hunspell and the word list are used only here, never on the request path.
 */
#ifndef DICT_BUILD_H
#define DICT_BUILD_H

#include <stddef.h>

/* Called as the build goes: `phase` names the step, `done` of `total`
 * items (total 0: unknown).  Called with done == total at the end of a
 * phase. */
typedef void (*dict_progress_fn)(void *ctx, const char *phase, size_t done,
                                 size_t total);

enum { LOWER_NAMES = 1, LOWER_NAMES_NAMED = 2 }; /* list_names_lowercase */

typedef struct dict_build_opts {
    const char *id;          /* dictionary id, e.g. "en_US" */
    const char *language;    /* human name */
    /* The language, ISO 639-1 ("en", "fr", "de", ...); NULL means "en".
     * English alone has WordNet, SCOWL and the English affix rules
     * (affix.h); other languages take their derivatives from their own
     * Hunspell (stems and analyses) and keep the Hunspell spelling of each
     * form to ask it (Häuser, größer). */
    const char *lang;
    /* Nouns are written with a capital (German): a capitalised entry is a
     * word unless it is a name (dict/LANGUAGES.md). */
    int nouns_capitalised;
    /* The word list writes names in lower case as well.  LOWER_NAMES
     * (pt_BR's wbrazilian: lisboa, paulo; its Hunspell too: lisboa/B,
     * algarve/B): a candidate is no word when names_lists (one path here)
     * have it only capitalised (pt's wportuguese: Lisboa, Algarve), or the
     * list or the .dic also write it capitalised and Hunspell refuses it
     * in lower case.  LOWER_NAMES_NAMED (es: wspanish writes barcelona, and
     * monzón, a monsoon, where es_ES.dic has only Barcelona and Monzón, a
     * town): that last test, for a candidate that name_candidates or
     * name_translations name (Barcelona; not monzón).  0: neither. */
    int list_names_lowercase;
    /* Where nouns are capitalised or names lower-cased, the sources of
     * names (names.h): a
     * FreeDict dictionary into English (".../freedict-deu-eng") and word
     * lists whose capitalised entries are names (comma-separated). */
    const char *names_freedict, *names_lists;
    /* More names, as candidates (proper nouns unless a source makes them
     * words): the capitalised lines of the lists `name_candidates`
     * (comma-separated), and the capitalised one-word translations of
     * capitalised heads in FreeDict's dictionary from English
     * `name_translations` (".../freedict-eng-spa": London: Londres).
     * NULL: none. */
    const char *name_candidates, *name_translations;
    /* The forms the Hunspell affix rules make of the .dic's roots are
     * candidates too (Spanish, whose word list holds no inflections). */
    int expand_forms;
    const char *aff, *dic;   /* Hunspell files of the dictionary */
    const char *wordlist;    /* SCOWL-based list (one word a line) or NULL */
    /* A second spelling whose words count as well (the combined "en":
     * en_GB's sources, also en_US's), or NULL. */
    const char *also_aff, *also_dic, *also_wordlist;
    /* Accept the -ize spelling of an -ise word when the stem Hunspell
     * (en_US) knows it (organize next to organise), as Oxford and Collins
     * do. */
    int oxford_ize;
    const char *wordnet_dir; /* WordNet database directory or NULL */
    /* SCOWL's lists by size (Debian's scowl: /usr/share/dict/scowl) or
     * NULL: abbreviations and unit symbols there that SCOWL does not also
     * list as words are not words (ft, mph, etc, approx). */
    const char *scowl_dir;
    /* The wider vocabulary (wider.h), or NULL: SCOWL's word lists of these
     * spellings ("english,american") at sizes 55-80 in scowl_dir, and the
     * inflections the suffix rules of aff (and also_aff) make of their
     * .dic's stems. */
    const char *wider_spellings;
    /* Hunspell used for stemming (en_US's: en_GB's affix rules invent
     * stems).  NULL: aff/dic. */
    const char *stem_aff, *stem_dic;
    /* Translations (trans.h): FreeDict's dictionaries from English in
     * `freedict_dir`, "fra:fr,spa:es,..."; NULL for none. */
    const char *translations, *freedict_dir;
    /* Irregular verb forms that are roots of their own in the .dic (German
     * ging: gehen; Dutch liep: lopen), irregular.h: FreeDict's dictionary
     * into English whose "see:" references link them (with WordNet's
     * verb.exc), the built-in list of a language ("nl", "fr", "de", "es",
     * "it"), and a .dic whose entries name their lemma (pt_PT's "sou/PL
     * [$ser$...]"); NULL: none. */
    const char *irregular_freedict, *irregular_exc, *irregular_list, *irregular_dic;
    /* Definitions of a language other than English (glosses.h): FreeDict's
     * dictionary into English (".../freedict-fra-eng"), or NULL. */
    const char *glosses;
    /* Derivatives by a language's affixes, confirmed by those glosses and
     * WordNet's English (derive.h): WordNet's directory, or NULL. */
    const char *derive_wordnet;
    dict_progress_fn progress;
    void *progress_ctx;
    /* Build only if no dictionary of this id and format is there once the
     * lock is taken (a build that held it finished it meanwhile). */
    int if_missing;
} dict_build_opts;

/* Fill `o` with the Debian paths for a known id ("en_US", "en_GB", and
 * "en": either spelling, for a mixed table; "fr", "de", "es", "it", "nl",
 * "pt") (recipes.c).  WB_ENOTFOUND for an unknown id. */
int dict_build_defaults(const char *id, dict_build_opts *o);

/* Build (or rebuild) the dictionary.  WB_EDATA when a source file is
 * missing, WB_EIO / WB_ESTORE on write errors. */
int dict_build(const char *data_dir, const dict_build_opts *o);

/* Does `data_dir` hold a built dictionary with this id, in this
 * version's format?  (An older one is to be built again.) */
int dict_build_exists(const char *data_dir, const char *id);

#endif
