/*
 * recipes.c - the Debian paths of every dictionary the daemon knows how to
 * build: English (en_US, en_GB, en) and French, German, Spanish, Italian,
 * Dutch and Portuguese of Portugal and Brazil (see dict/LANGUAGES.md).
 */
#include <string.h>

#include "dict_build.h"
#include "wb_err.h"

#define HUN "/usr/share/hunspell/"
#define LIST "/usr/share/dict/"
#define FD "/usr/share/dictd/freedict-"

/* The other languages: their own Hunspell and word list, no WordNet or
 * SCOWL (English only); derivatives from their own Hunspell. */
static const struct lang_recipe {
    const char *id, *language, *aff, *dic, *list, *glosses;
    int nouns_capitalised, expand_forms, list_names_lowercase;
    const char *lemma_dic; /* a .dic naming the lemmas of irregular forms */
} langs[] = {
    {"fr", "French", HUN "fr.aff", HUN "fr.dic", LIST "french", FD "fra-eng", 0, 1, 0, NULL},
    {"de", "German", HUN "de_DE.aff", HUN "de_DE.dic", LIST "ngerman", FD "deu-eng", 1, 1, 0, NULL},
    {"es", "Spanish", HUN "es_ES.aff", HUN "es_ES.dic", LIST "spanish", FD "spa-eng", 0, 1, 2,
     NULL},
    {"it", "Italian", HUN "it_IT.aff", HUN "it_IT.dic", LIST "italian", FD "ita-eng", 0, 1, 0,
     NULL},
    {"nl", "Dutch", HUN "nl.aff", HUN "nl.dic", LIST "dutch", FD "nld-eng", 0, 0, 0, NULL},
    {"pt", "Portuguese (Portugal)", HUN "pt_PT.aff", HUN "pt_PT.dic", LIST "portuguese",
     FD "por-eng", 0, 0, 1, HUN "pt_PT.dic"},
    /* wbrazilian writes names in lower case too (lisboa, paulo); pt_BR's
     * .dic names no lemmas, pt_PT's serve (a pair needs both words) */
    {"pt_BR", "Portuguese (Brazil)", HUN "pt_BR.aff", HUN "pt_BR.dic", LIST "brazilian",
     FD "por-eng", 0, 0, 1, HUN "pt_PT.dic"},
};

static int other_language(const char *id, dict_build_opts *o)
{
    for (size_t i = 0; i < sizeof langs / sizeof *langs; i++) {
        if (strcmp(id, langs[i].id) != 0)
            continue;
        o->id = langs[i].id;
        o->lang = langs[i].id;
        o->language = langs[i].language;
        o->aff = langs[i].aff;
        o->dic = langs[i].dic;
        o->wordlist = langs[i].list;
        o->nouns_capitalised = langs[i].nouns_capitalised;
        o->expand_forms = langs[i].expand_forms;
        o->glosses = langs[i].glosses;
        o->derive_wordnet = "/usr/share/wordnet";
        if (!strcmp(id, "de")) {
            o->irregular_freedict = FD "deu-eng";
            o->irregular_exc = "/usr/share/wordnet/verb.exc";
        }
        o->list_names_lowercase = langs[i].list_names_lowercase;
        o->irregular_list = langs[i].id; /* irregular_lists.c, if any */
        o->irregular_dic = langs[i].lemma_dic;
        if (!strcmp(id, "pt_BR")) /* pt's list writes names capitalised */
            o->names_lists = o->name_candidates = LIST "portuguese";
        if (!strcmp(id, "es")) { /* wspanish writes none: names of the world */
            o->name_candidates = LIST "american-english," LIST "british-english";
            o->name_translations = FD "eng-spa";
        }
        if (o->nouns_capitalised) {
            o->names_freedict = FD "deu-eng";
            o->names_lists = LIST "american-english," LIST "british-english";
        }
        return WB_OK;
    }
    return WB_ENOTFOUND;
}

int dict_build_defaults(const char *id, dict_build_opts *o)
{
    memset(o, 0, sizeof *o);
    if (strcmp(id, "en_US") == 0) {
        o->id = "en_US";
        o->language = "English (United States)";
        o->aff = HUN "en_US.aff";
        o->dic = HUN "en_US.dic";
        o->wordlist = LIST "american-english";
        o->wider_spellings = "english,american";
    } else if (strcmp(id, "en_GB") == 0) {
        o->id = "en_GB";
        o->language = "English (United Kingdom)";
        o->aff = HUN "en_GB.aff";
        o->dic = HUN "en_GB.dic";
        o->wordlist = LIST "british-english";
        o->oxford_ize = 1;
        o->wider_spellings = "english,british";
    } else if (strcmp(id, "en") == 0) {
        o->id = "en";
        o->language = "English (British or American spelling)";
        o->aff = HUN "en_GB.aff";
        o->dic = HUN "en_GB.dic";
        o->wordlist = LIST "british-english";
        o->also_aff = HUN "en_US.aff";
        o->also_dic = HUN "en_US.dic";
        o->also_wordlist = LIST "american-english";
        o->wider_spellings = "english,british,american";
    } else {
        return other_language(id, o);
    }
    o->lang = "en";
    o->translations = "fra:fr,spa:es,deu:de,ita:it,por:pt,pol:pl,rus:ru,ara:ar,jpn:ja";
    o->freedict_dir = "/usr/share/dictd";
    o->wordnet_dir = "/usr/share/wordnet";
    o->scowl_dir = "/usr/share/dict/scowl";
    o->stem_aff = HUN "en_US.aff";
    o->stem_dic = HUN "en_US.dic";
    return WB_OK;
}
