/*
 * classroom.h - which WordNet senses are unfit for a class (the class setting).
 *
 * Private to dict/, build-time only: the policy, as three questions that
 * wordnet.c asks of each synset while loading.  The marks are WordNet's
 * own: its usage domains, the register its glosses state, and the place
 * of a sense in its hypernym tree.  Debian ships no word list of
 * offensive words (SCOWL's package has none either), so WordNet is the
 * only source.  The figures are in dict/LAYOUT.md.
 */
#ifndef CLASSROOM_H
#define CLASSROOM_H

/* Is a usage domain, named by the first word of its synset as WordNet
 * writes it ("obscenity", "ethnic_slur"), one whose senses a class does
 * not see? */
int class_domain_unfit(const char *head);

/* Does a gloss (the definition, examples removed) say that the sense is a
 * vulgar, obscene or offensive term ("obscene terms for feces", "(ethnic
 * slur) offensive term for ...")? */
int class_gloss_unfit(const char *gloss);

/* Is a synset, named by its part of speech (0 noun, 1 verb, 2 adjective,
 * 3 adverb) and first word, the root of a subtree of hypernyms a class
 * does not see (1: "sexual_activity", "copulate"), the root of a subtree
 * kept inside one (-1: "reproduction", "homosexuality": biology and
 * identity, not acts), or neither (0)? */
int class_root(int pos, const char *head);

#endif
