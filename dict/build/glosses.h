/*
 * glosses.h - definitions of a language's words as English glosses, from
 * FreeDict (build time, languages other than English).
 *
 * Private to dict/build/.  Debian's dict-freedict-XXX-eng (fra, deu, spa, ita,
 * nld, por) is read with zlib (freedict.h); every head that is a word of
 * the dictionary gets its English translations as definitions in DB_DEFS,
 * in the layout WordNet's glosses have there (format.h): one definition
 * per numbered sense or per entry, its translations joined by ", ", the
 * part of speech from the entry's tags (<n, fem>: noun; <v>: verb; <adj>,
 * <adv>; none or another: FMT_POS_OTHER, shown as ""), at most
 * GLOSSES_MAX per word.  A head's entries come in no order of use in
 * FreeDict (Ding's German: gehen "turn out" before "go"), so those with
 * more example lines come first and labelled ones ([ugs.], [techn.]) last,
 * FreeDict's order among equals.  maison: (noun) "house".
 * An inflected form has none of its own: the reader adds the definitions
 * of its base forms (dict_lookup), so maisons and mangeons get them too.
 */
#ifndef GLOSSES_H
#define GLOSSES_H

#include <stddef.h>

#include "format.h"
#include "forms.h"
#include "store.h"
#include "strtab.h"

#define GLOSSES_MAX FMT_DEFS_MAX

/* The dictionary's words, as the build holds them. */
typedef struct glosses_words {
    const strtab *cands;    /* the folded candidates */
    const uint32_t *order;  /* candidate ids of the words */
    size_t n;               /* words */
    const lang_forms *forms; /* a lemma is a word no rule makes of a root (or NULL) */
    int (*is_word)(void *ctx, const char *w); /* is folded w a word? */
    void *ctx;
} glosses_words;

/* Write the glosses of FreeDict's `base` (".../freedict-fra-eng") for
 * every head that is a word into DB_DEFS of t, and what they cover into
 * DB_META's "definitions" ("5432 words; 4012 of 98765 lemmas (4.1%)"; the
 * measure of docs/dictionaries.md).  A missing file writes nothing.  Returns a
 * wb_err code. */
int glosses_write(store_txn *t, const char *base, const glosses_words *w);

#endif
