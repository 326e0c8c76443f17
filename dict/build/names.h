/*
 * names.h - which capitalised words are names, where nouns are capitalised
 * too (German: Haus is a noun, Berlin a name) (build time).
 *
 * Private to dict/build/.  Capitals say nothing there, and the German Hunspell
 * marks names no differently from nouns (Berlin/Sm, Haus/Tpmij), so two
 * outside sources decide:
 *   - FreeDict's German-English dictionary: a head whose translations are
 *     all capitalised is a name (Berlin: Berlin; Deutschland: Germany);
 *     a head tagged a noun with a translation in lower case is a noun
 *     (Haus: house), whatever else says;
 *   - English word lists: a capitalised entry with no lower-case entry is
 *     a name (Anna, Peter, Hans, Paris).
 */
#ifndef NAMES_H
#define NAMES_H

#include <stddef.h>

typedef struct names names;

/* Load the names of the FreeDict dictionary at `freedict_base` (may be
 * NULL) and of the word lists `lists` (comma-separated paths, may be
 * NULL).  Never NULL. */
names *names_load(const char *freedict_base, const char *lists);
void names_free(names *n);
/* What the sources say of a folded word: NAMES_NOUN (FreeDict's noun
 * with a translation in lower case, or a lower-case word of the lists),
 * NAMES_NAME (a name there, and not a noun), or 0 (nothing). */
enum { NAMES_NAME = 1, NAMES_NOUN = 2 };
int names_say(const names *n, const char *folded);
/* The names a FreeDict dictionary from English gives (freedict-eng-spa:
 * London: Londres, Majorca: Mallorca): cb(ctx, name) for every translation
 * of one word, capitalised, of a capitalised head. */
void names_translated(const char *freedict_base, void (*cb)(void *ctx, const char *name),
                      void *ctx);

#endif
