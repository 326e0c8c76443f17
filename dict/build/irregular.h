/*
 * irregular.h - irregular forms and their lemma, where the language's
 * Hunspell holds them as roots of their own (German ging, gegangen: gehen;
 * Dutch liep, gelopen: lopen; Spanish fue: ser, ir; Italian sono: essere)
 * (build time).
 *
 * Private to dict/build/.  Hunspell's .dic says nothing of the link (ging/VZ,
 * liep/Pb..., fue), so these sources give it:
 *   - German: FreeDict's German-English dictionary (Debian's
 *     dict-freedict-deu-eng, from Ding).  A head that is no noun ("ging",
 *     "ich/er/sie ging", "gegangen") is a form of a verb V (a head tagged
 *     <v>) when its "see:" references name V, an English translation of it
 *     is an inflection of one of V's ("walked", "went", "gone" of "walk",
 *     "go": WordNet's verb.exc or -ed, -ing, -s), and it begins as V does,
 *     past a participle's ge-, until they part where a strong verb's
 *     vowel changes (ging, gegangen: gehen; sprach: sprechen) or V's
 *     ending begins (geheftet: heften); of the verbs that fit, those that
 *     share the longest beginning with it (gelaufen: laufen, not its
 *     synonym gehen; entschlüsselt: entschlüsseln, not entziffern);
 *   - Portuguese: the .dic of Debian's hunspell-pt-pt names the lemma of
 *     its irregular entries ("sou/PL\t[$ser$CAT=v,...]");
 *   - Dutch, and the suppletive and commonest irregular verbs of French,
 *     German, Spanish and Italian that no Debian source links: lists kept
 *     here (irregular_nl.c, irregular_lists.c, with their sources).
 * A form is linked only to a root the build knows as a word (forms.c).
 * Pairs of a list or of the .dic ("listed") hold even for a form the
 * affix rules make of another root (suis: suivre, être); FreeDict's only
 * for a form no rule makes.
 */
#ifndef IRREGULAR_H
#define IRREGULAR_H

#include <stddef.h>

typedef struct irregular irregular;

/* Load from FreeDict's `freedict_base` (may be NULL) with WordNet's
 * `verb_exc` (English irregular verbs, may be NULL), the built-in list of
 * language `lang` ("nl", "fr", "de", "es", "it"; NULL or another: none)
 * and the lemmas `lemma_dic` names (a .dic path, may be NULL).  Never
 * NULL. */
irregular *irregular_load(const char *freedict_base, const char *verb_exc, const char *lang,
                          const char *lemma_dic);
void irregular_free(irregular *ir);
/* The folded infinitives of folded form w, at most max, into out
 * (borrowed, valid as long as ir), only listed ones when `listed`;
 * returns how many. */
size_t irregular_lemmas(const irregular *ir, const char *w, int listed, const char **out,
                        size_t max);
/* How many (form, infinitive) pairs. */
size_t irregular_count(const irregular *ir);

#endif
