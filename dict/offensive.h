/*
 * offensive.h - the list of offensive words the class setting hides, by
 * grade.
 *
 * Private to dict/.  WordNet marks senses, and too few of them to be the
 * only source (dildo, bitch, whore have no marked sense), so the class
 * setting also hides the words of a list made for the purpose, vendored
 * in dict/lists/offensive.tsv (made by dict/lists/refresh.sh from the npm
 * packages cuss, MIT, and naughty-words, CC BY 4.0) and built into the
 * binary.  cuss rates each word 0-2 by how likely it is meant as a
 * profanity; naughty-words lists, without ratings, what a search engine
 * does not suggest.  A teacher picks the grade (dict.h, DICT_CLASS_*):
 *
 *   adult   (an adult class)  cuss 2;
 *   school  (the default)     also cuss 1 that naughty-words lists too
 *                             (bitch, dildo, shit; not god, trap, gross);
 *   young   (young children)  also the rest of cuss 1 and naughty-words.
 *
 * Outside English cuss rates ordinary words 2 (envoyer, sauter, polvo),
 * so there a word needs naughty-words for every grade but young: adult
 * hides cuss's 2 that naughty-words lists, school every word of
 * naughty-words (German and Dutch, which cuss lacks, have it alone),
 * young cuss's words as well.
 *
 * The build (build.c) marks a dictionary's words from this table, and the
 * reader (dict.c) keeps it for the words a dictionary does not hold (a
 * nickname).  The figures and what the list misses: dict/LAYOUT.md.
 */
#ifndef OFFENSIVE_H
#define OFFENSIVE_H

#include <stddef.h>

/* The grades, numbered as dict.h's DICT_CLASS_* (school, the default, 0);
 * a word's grades are a mask of OFFENSIVE_AT(grade), and a grade hides
 * every word a laxer one does (adult, then school, then young). */
enum { OFFENSIVE_SCHOOL, OFFENSIVE_ADULT, OFFENSIVE_YOUNG, OFFENSIVE_NGRADES };
#define OFFENSIVE_AT(grade) (1u << (grade))

typedef struct offensive offensive;

/* The list for a dictionary, by its id and language (dict_build.h's
 * `lang`, NULL for English): "en", "fr", "es", "it", "pt" (cuss's
 * Brazilian list, for pt_BR), "pt-pt" (for pt), "de", "nl"; NULL when
 * there is none. */
const char *offensive_list_for(const char *id, const char *lang);

/* The words of list `name` (offensive_list_for), folded as the dictionary
 * folds words (entries that do not fold, such as "s&m" or phrases, are
 * left out).  An unknown or NULL name gives an empty table.  Free with
 * offensive_free. */
offensive *offensive_load(const char *name);
void offensive_free(offensive *o);

/* The grades at which the list hides folded word `w` (OFFENSIVE_AT bits),
 * 0 when it does not. */
unsigned offensive_grades(const offensive *o, const char *w);

/* How many of its words a grade hides. */
size_t offensive_count(const offensive *o, int grade);

/* Where the list comes from, for the dictionary's facts: "cuss 2.2.0
 * and naughty-words 1.2.0, en"; valid as long as the table. */
const char *offensive_source(const offensive *o);

#endif
