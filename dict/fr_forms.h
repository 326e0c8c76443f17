/*
 * fr_forms.h - French forms that no rule of the Hunspell .aff makes but the
 * word list (wfrench) holds, and the roots they are forms of (build time).
 *
 * Private to dict/.  Two kinds, from French grammar, not from any list of
 * forms:
 *   - the agreed past participle of a verb whose rules give only the
 *     invariable one (Hunspell's intransitive verbs: aberré, agi; the list
 *     also has aberrée, aberrés, aberrées, agie): participle + e, s or es,
 *     where the participle (ending in é, i, u, s or t) is a form of an
 *     infinitive (-er, -ir, -re);
 *   - the 1990 reformed spelling with è where the rules write é (the
 *     future and conditional of céder, abréger, accélérer: cèderai,
 *     abrègerait, accélèrerons): the word with its last è written é is a
 *     form the rules make of an infinitive (not dès, which would be dés).
 * Asked only for words no rule makes and that are not roots of the .dic.
 */
#ifndef FR_FORMS_H
#define FR_FORMS_H

#include <stddef.h>

#include "forms.h"

/* The roots of the folded word w by the two kinds above, at most max,
 * into out (borrowed from f); returns how many (0: neither applies). */
size_t fr_more_roots(const lang_forms *f, const char *w, const char **out, size_t max);

#endif
