/*
 * format.h - the on-disk layout of a dictionary, shared by the build
 * (build.c) and the reader (dict.c).  Private to dict/; the prose version
 * with the reasons is dict/LAYOUT.md.  Integers are little-endian as on
 * every machine we run on, except keys that must sort numerically, which
 * are big-endian.  Bump DICT_FORMAT when anything here or in the rules
 * of the build changes: a reader refuses other versions (WB_ECORRUPT) and
 * dict_build_exists() says no, so the daemon builds it again.
 */
#ifndef DICT_FORMAT_H
#define DICT_FORMAT_H

#include <stdint.h>

#define DICT_FORMAT "22" /* 4: derivatives by affix (affix.c); 5: abbreviations;
                            * 6: the wider vocabulary (wider.c); 7: ligatures
                            * (œ, æ, ĳ) as two letters, capitals told by ICU;
                            * 8: translations (trans.c); 9: FreeDict's English
                            * glosses as definitions of other languages
                            * (glosses.c), part of speech FMT_POS_OTHER;
                            * 10: senses' tag counts and class marks
                            * (defs.c, classroom.c); 11: irregular verb
                            * forms (irregular.c); 12: SCOWL size classes
                            * (scowl.c, fmt_rec.size); 13: FULLSTRIP
                            * (expand.c), irregular forms of lists and of
                            * pt_PT's lemmas (irregular_lists.c); 14: compounds' parts
                            * (compound.c, fmt_word.ncomp, DB_COMPOUNDS);
                            * 15: no compound's inner part as a stem
                            * (morph.c, inner_part); 16: parallel families through
                            * links in any sense (affix.c, wn_links_any); 17:
                            * the not- prefixes' opposites, dis- that undoes, a
                            * gloss naming the prefixed base (affix.c,
                            * wn_opposite, wn_first_synonyms); 18: indirect
                            * antonyms (wordnet.c, adj_heads); 19: -ing/-ed
                            * of a doubling verb's look-alike are the -e
                            * verb's (wn_e_verb_form), abbreviations by
                            * SCOWL's lists and Roman numerals (scowl.c);
                            * 20: the class setting's list of offensive
                            * words by grade (offensive.c, match
                            * "bits:class:0".."2", meta "class_list");
                            * 21: derivatives by structure beyond English
                            * (derive.c, struct_sfx);
                            * 22: glosses agreeing by WordNet's definitions
                            * and antonyms, Italian adjectives by their
                            * superlative, diminutives of two genders */
#define DICT_NONE UINT32_MAX

/* Named databases. */
#define DB_META "meta"         /* name -> string */
#define DB_WORDS "words"       /* folded word -> fmt_word + u32 lem[] + u32 fam[] */
#define DB_LEMMAS "lemmas"     /* u32be lemma id -> lemma string */
#define DB_LEMMA_IDS "lemma_ids" /* lemma string -> u32 id */
#define DB_MEMBERS "members"   /* u32be lemma id -> u32 word ids (sorted) */
#define DB_DEFS "defs"         /* word -> (u8 pos | FMT_DEF_UNFIT, u16 len, u16 count, text)* */
#define DB_MATCH "match"       /* "recs", "strs", "bits:a".."bits:z", "bits:unfit",
                                  "bits:class:0".."2" (offensive.h's grades) */
#define DB_TRIE "trie"         /* u32be node id -> fmt_trie_node + children */
#define DB_TRANS "trans"       /* "<lang>:<folded word>" -> translations, one a line */
#define DB_COMPOUNDS "compounds" /* u32be lemma id -> u32 word ids whose C holds it (sorted) */

enum { FMT_VALID = 1, FMT_PROPER = 2, FMT_ABBREV = 4 /* an abbreviation or symbol */,
       FMT_UNFIT = 8 /* a word every sense of which a class does not see */ };

/* Value of DB_WORDS, followed by nlem lemma ids, nfam lemma ids and ncomp
 * lemma ids, each sorted ascending.  lem: the word's own base forms (itself
 * included); fam: lem plus every lemma one derivational link from one of
 * them; comp (German and Dutch): the lemmas of the words it is a compound
 * of, C(w) (compound.h). */
typedef struct fmt_word {
    uint8_t flags;
    uint8_t pad;
    uint16_t nlem;
    uint16_t nfam;
    uint16_t ncomp;
    uint32_t id; /* index in the match records, DICT_NONE if not valid */
} fmt_word;

/* One element of match "recs", indexed by word id.  Word ids are ordered
 * by (number of letters, folded word) so that walking ids in order gives
 * the answer order of dict_match. */
typedef struct fmt_rec {
    uint32_t mask;       /* letters present */
    uint32_t str;        /* offset of the NUL-terminated word in "strs" */
    uint8_t counts[26];  /* how often each base letter occurs (capped 255) */
    uint8_t len;         /* base letters */
    uint8_t size;        /* English: the SCOWL size class (scowl.h), 10..95;
                            0 for none (other languages) */
} fmt_rec;

/* Value of DB_TRIE: a node, then nchild (byte, child id) pairs packed as
 * 5 bytes each (u8 byte, u32 child). */
typedef struct fmt_trie_node {
    uint32_t word; /* word id ending here, or DICT_NONE */
    uint16_t nchild;
    uint16_t pad;
} fmt_trie_node;

/* Definitions: the head of an entry is FMT_DEF_HEAD bytes, its first the
 * part of speech (an index into fmt_pos_names) with FMT_DEF_UNFIT set for
 * a sense unfit for a class (classroom.h). */
enum { FMT_DEF_HEAD = 5, FMT_DEF_UNFIT = 0x80 };
/* At most this many definitions are stored for one word (WordNet's first
 * senses; FreeDict's glosses, GLOSSES_MAX). */
enum { FMT_DEFS_MAX = 8 };
/* Definitions: parts of speech as stored; FMT_POS_OTHER (FreeDict's glosses
 * without a tag, or a preposition, pronoun...) is shown as "". */
enum { FMT_POS_OTHER = 4 };
static const char *const fmt_pos_names[] = {"noun", "verb", "adjective", "adverb", ""};

#endif
