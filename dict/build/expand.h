/*
 * expand.h - the forms a Hunspell dictionary makes of its roots (build
 * time, languages other than English).
 *
 * Private to dict/build/.  Reads a UTF-8 .aff (flags as characters, UTF-8 code
 * points or FLAG long pairs) and its .dic, and applies to every root the
 * suffix and prefix rules its flags name, their cross products, and one
 * level of continuation suffixes (a rule's "/flags"); with FULLSTRIP a
 * rule may strip the whole root (fr: être -> suis, sommes, étais).  Forms of rules that
 * lead only into compounds (ONLYINCOMPOUND) or need a further affix
 * (NEEDAFFIX, CIRCUMFIX) are not given, nor roots marked FORBIDDENWORD.
 * The build asks Hunspell to accept each form before taking it: this is
 * Hunspell's own morphology run forwards (casas from casa), which also
 * gives each form its root without asking Hunspell to analyse it.
 */
#ifndef EXPAND_H
#define EXPAND_H

/* Call cb(ctx, form, root) for every form made (the root itself is not
 * given).  Returns 0, or -1 when a file cannot be read or its flags are
 * numbers (FLAG num). */
int expand_each(const char *aff, const char *dic,
                void (*cb)(void *ctx, const char *form, const char *root), void *ctx);

/* The roots whose flags let them into a compound by Hunspell's compounding
 * data (COMPOUNDFLAG, COMPOUNDBEGIN, COMPOUNDEND, on the root or passed on
 * by a rule of its classes): cb(ctx, root, how) with how EXPAND_BEGIN (as
 * a first part), EXPAND_END (as a last part) or both.  Returns as
 * expand_each. */
enum { EXPAND_BEGIN = 1, EXPAND_END = 2 };
int expand_compound_roots(const char *aff, const char *dic,
                          void (*cb)(void *ctx, const char *root, unsigned how), void *ctx);

#endif
