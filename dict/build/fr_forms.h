/*
 * fr_forms.h - French roots that the affix rules run forwards (forms.h)
 * do not give (build time).
 *
 * Private to dict/build/.  Four kinds, from French grammar and from what fr's
 * Hunspell .dic says, not from any list of forms:
 *   - the agreed past participle of a verb whose rules give only the
 *     invariable one (Hunspell's intransitive verbs: aberré, agi; the word
 *     list also has aberrée, aberrés, aberrées, agie): participle + e, s
 *     or es, where the participle (ending in é, i, u, s or t) is a form of
 *     an infinitive (-er, -ir, -re);
 *   - the 1990 reformed spelling with è where the rules write é (the
 *     future and conditional of céder, abréger, accélérer: cèderai,
 *     abrègerait, accélèrerons): the word with its last è written é is a
 *     form the rules make of an infinitive (not dès, which would be dés);
 *   - a form of a regular verb (-er, or -ir with -iss-) that neither the
 *     .dic nor its rules know, only the word list (amanchons: amancher):
 *     the word less an ending of the group, the stem's spelling undone
 *     (plaç-, mange-, nettoi-, jett-, appell-, cèd-), + -er or -ir is a list word,
 *     and the list holds 4 of 6 other forms of it (-ez, -é, -iez, -erait,
 *     -ions, -èrent; -issons, -issez, -issait, -irait, -i, -irent);
 *     these three only for words no rule makes and that are no .dic root;
 *   - an adverb in -ment, which the .dic tags po:adv, is a derivative of
 *     its adjective (rapidement: rapide; lentement: lente, lent;
 *     énormément: énorme; évidemment: évident; couramment: courant;
 *     assidûment: assidu).
 */
#ifndef FR_FORMS_H
#define FR_FORMS_H

#include <stddef.h>

#include "forms.h"

typedef struct fr_forms fr_forms;

/* Read the adverbs of the .dic and the words of the list (may be NULL).
 * NULL when the .dic cannot be read. */
fr_forms *fr_forms_load(const char *dic, const char *list);
void fr_forms_free(fr_forms *fr);

/* The roots of the folded word w: those of the rules (forms_roots), then
 * the kinds above; dic_root: w is a root of the .dic.  At most max, into
 * out (borrowed from f or fr); returns how many. */
size_t fr_roots(const fr_forms *fr, const lang_forms *f, const char *w, int dic_root,
                const char **out, size_t max);

#endif
