/*
 * classroom.c - which WordNet senses are unfit for a class: the policy
 * (the mechanism, following pointers and hypernyms, is in wordnet.c).
 */
#include "classroom.h"

#include <string.h>

/* WordNet's usage domains (";u" pointers) that mark a register, not a
 * subject: obscenity (its synset is also "vulgarism, dirty word"), ethnic
 * slur and disparagement.  Slang and colloquialism are not: most of their
 * senses are harmless (*suit* for a businessman, *bread* for money), and
 * the rude ones are caught by the other two rules. */
static const char *const domains[] = {"obscenity", "ethnic_slur", "disparagement"};

int class_domain_unfit(const char *head)
{
    for (size_t i = 0; i < sizeof domains / sizeof *domains; i++)
        if (strcmp(head, domains[i]) == 0)
            return 1;
    return 0;
}

/* A gloss states the register of the term itself: "(ethnic slur)",
 * "obscene terms for", "vulgar slang for", "offensive name for", "a
 * disparaging term for".  Glosses that only speak of obscenity ("using
 * foul or obscene language", "Phaseolus vulgaris", "a vulgar display")
 * are about a meaning, not a rude word, and do not count. */
static const char *const registers[] = {"obscene", "vulgar", "offensive", "derogatory",
                                        "disparaging", "insulting"};
static const char *const nouns[] = {"term", "terms", "word", "words", "name", "names",
                                    "expression", "slang"};

/* Does `p` start a "REGISTER [and REGISTER ]... NOUN for" phrase, or
 * "REGISTER [British] slang)" (the label "(offensive British slang)")?
 * "removing obscene or offensive words or passages" and "an offensive or
 * disparaging expression that is substituted" describe, and do not. */
static int register_phrase(const char *p)
{
    int seen = 0;
    for (;;) {
        size_t i, l = 0;
        for (i = 0; i < sizeof registers / sizeof *registers; i++) {
            l = strlen(registers[i]);
            if (strncmp(p, registers[i], l) == 0 && p[l] == ' ')
                break;
        }
        if (i == sizeof registers / sizeof *registers)
            break;
        p += l + 1;
        seen = 1;
        if (strncmp(p, "and ", 4) == 0 || strncmp(p, "or ", 3) == 0)
            p += p[0] == 'a' ? 4 : 3;
        else if (strncmp(p, "British ", 8) == 0)
            p += 8;
    }
    if (!seen)
        return 0;
    for (size_t i = 0; i < sizeof nouns / sizeof *nouns; i++) {
        size_t l = strlen(nouns[i]);
        if (strncmp(p, nouns[i], l) == 0 &&
            (strncmp(p + l, " for ", 5) == 0 || p[l] == ')'))
            return 1;
    }
    return 0;
}

int class_gloss_unfit(const char *gloss)
{
    if (strstr(gloss, "ethnic slur"))
        return 1;
    for (const char *p = gloss; *p; p++)
        if ((p == gloss || p[-1] == ' ' || p[-1] == '(') && register_phrase(p))
            return 1;
    return 0;
}

/* Under WordNet's noun "sexual activity" (noun.act) lie the acts a class
 * need not read of (foreplay, with its "caressing, cuddling, kissing,
 * necking" whose gloss made the class setting, intercourse, masturbation,
 * perversion); under the verb "copulate" their verbs.  Kept inside it:
 * reproduction, conception and mating (biology lessons) and the sexual
 * orientations (words a class may well need). */
static const struct {
    int pos;
    const char *head;
    int mark;
} roots[] = {
    {0, "sexual_activity", 1}, {1, "copulate", 1},
    {0, "reproduction", -1},   {0, "conception", -1},      {0, "coupling", -1},
    {0, "homosexuality", -1},  {0, "heterosexuality", -1}, {0, "bisexuality", -1},
    {0, "inversion", -1},
};

int class_root(int pos, const char *head)
{
    for (size_t i = 0; i < sizeof roots / sizeof *roots; i++)
        if (roots[i].pos == pos && strcmp(head, roots[i].head) == 0)
            return roots[i].mark;
    return 0;
}
