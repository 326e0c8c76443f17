/*
 * irregular.h - irregular verb forms and their infinitive, where the
 * language's Hunspell holds them as roots of their own (German ging,
 * gegangen: gehen; Dutch liep, gelopen: lopen) (build time).
 *
 * Private to dict/.  Hunspell's .dic says nothing of the link (ging/VZ,
 * liep/Pb...), so two sources give it:
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
 *   - Dutch: FreeDict's nld-eng has no such references, so a list of the
 *     Dutch strong and irregular verbs kept here (irregular_nl.c, with its
 *     source).
 * A form is linked only to a root the build knows as a word (forms.c).
 */
#ifndef IRREGULAR_H
#define IRREGULAR_H

#include <stddef.h>

typedef struct irregular irregular;

/* Load from FreeDict's `freedict_base` (may be NULL) with WordNet's
 * `verb_exc` (English irregular verbs, may be NULL), and the built-in list
 * of language `lang` ("nl"; NULL or another: none).  Never NULL. */
irregular *irregular_load(const char *freedict_base, const char *verb_exc, const char *lang);
void irregular_free(irregular *ir);
/* The folded infinitives of folded form w, at most max, into out
 * (borrowed, valid as long as ir); returns how many. */
size_t irregular_lemmas(const irregular *ir, const char *w, const char **out, size_t max);
/* How many (form, infinitive) pairs. */
size_t irregular_count(const irregular *ir);

#endif
