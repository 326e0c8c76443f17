/*
 * derive.h - derivatives by a productive affix of a language other than
 * English, confirmed by their English glosses (build time).
 *
 * Private to dict/build/.  A word w is a derivative of a base b when w is
 * b with one of the language's productive suffixes or prefixes (German
 * Schön|heit, Fahr|er, un|glücklich; Dutch vrij|heid, lez|er; French
 * gentil|lesse, chant|eur; Spanish feliz|idad; Italian gentil|ezza;
 * Portuguese feliz|idade), with the spellings that join them (a stem's
 * umlaut, a doubled consonant, an infinitive's ending: lesbar: lesen,
 * leesbaar: lees, a form of lezen), and their FreeDict English glosses
 * are related by the English rule of the builder: the same word, or one
 * WordNet derivational link, exception-list base or English affix split
 * (affix.h) apart, or both such a step from a third (Schönheit "beauty",
 * schön "beautiful"; gentillesse "kindness", gentil "kind").  A look-alike
 * whose glosses are unrelated stays a word of its own (carte "map" after
 * car "coach"; Eisen "iron" after Eis "ice").  Where FreeDict glosses
 * only one of the two words or neither (fr, es, it, nl, pt, pt_BR), a
 * suffix whose base the dictionary's own rules tell is a verb, of two
 * genders, or a root is taken by structure alone (nadador: nadar,
 * bellezza: bello, vrijheid: vrij, gentillesse: gentil), and prefixes on
 * verbs (deshacer: hacer).  Glosses also agree when WordNet defines the
 * derivative's by the base's (casinha "cottage", "a small house": casa
 * "house") and, after a prefix that says "not", when they are English
 * antonyms (spiacevole "nasty": piacevole "nice"); an Italian word in -o
 * whose superlative is a word is an adjective of two genders (libero:
 * liberissimo, of which libertà).  Figures in dict/LANGUAGES.md.
 */
#ifndef DERIVE_H
#define DERIVE_H

#include <stddef.h>

#include "forms.h"

typedef struct derive derive;

/* Read FreeDict's `freedict_base` (".../freedict-deu-eng") and WordNet's
 * `wordnet_dir` for language `lang` ("de", "nl", "fr", "es", "it", "pt",
 * "pt_BR").  NULL for another language or when a source is missing. */
derive *derive_create(const char *lang, const char *freedict_base, const char *wordnet_dir);
void derive_free(derive *d);
/* Append to out[n..max) the bases of folded w (and of the roots already
 * in out[0..n), its lemmas) by an affix whose glosses agree, and their
 * roots by the rules, each once; returns the new count.  The strings are
 * d's or f's.  A base the dictionary does not hold as a word is dropped by
 * the build. */
size_t derive_roots(derive *d, const lang_forms *f, const char *w, const char **out, size_t n,
                    size_t max);
/* Are the glosses of folded a and b related as above (a test's view)? */
int derive_glosses_related(derive *d, const char *a, const char *b);

#endif
