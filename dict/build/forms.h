/*
 * forms.h - the forms a language's Hunspell makes of its roots, and the
 * roots of each form (build time, languages other than English).
 *
 * Private to dict/build/.  expand.c runs the affix rules forwards; this keeps
 * what they give, folded with ICU: for every form, the roots it was made
 * from (casas: casa, casar; chevaux: cheval; Häuser: Haus).  The build
 * takes a form's roots as its stems instead of asking Hunspell to analyse
 * every word (French: 12 s of CPU -> under 2), and, for a language whose
 * word list holds no inflections (Spanish), the forms themselves as
 * candidates.
 */
#ifndef FORMS_H
#define FORMS_H

#include <stddef.h>

typedef struct lang_forms lang_forms;

struct dict_build_opts;

/* Expand o->aff and o->dic, and load the irregular verb forms its
 * irregular_* options name (irregular.h).  NULL when the files cannot be
 * read. */
lang_forms *forms_build(const struct dict_build_opts *o);
void forms_free(lang_forms *f);
/* Call cb for every folded form (each once). */
void forms_each(const lang_forms *f, void (*cb)(void *ctx, const char *form), void *ctx);
/* The folded roots of a folded form, at most max, into out (borrowed):
 * those whose rules make it, then the infinitives of it and of those roots
 * as irregular forms (ging, gingen: gehen; liep: lopen); returns how many
 * (0: no rule makes it and it is no irregular form). */
size_t forms_roots(const lang_forms *f, const char *form, const char **out, size_t max);
/* Add root s (borrowed) to the n roots in out unless it is there, while
 * fewer than max: the new count.  For every builder of a form's roots. */
size_t forms_add_root(const char *s, const char **out, size_t n, size_t max);
/* Do the rules make of this folded root a form other than root + s or
 * root + es (a plural: Häuser; not only the genitive: Berlins)? */
int forms_declined(const lang_forms *f, const char *root);
/* Is folded w a root of the rules (a .dic entry they make forms of)? */
int forms_is_root(const lang_forms *f, const char *w);
/* Is folded w a form or a root of the rules? */
int forms_known(const lang_forms *f, const char *w);
/* How many forms, and (form, root) pairs. */
void forms_count(const lang_forms *f, size_t *nforms, size_t *npairs);

#endif
