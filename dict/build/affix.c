/*
 * affix.c - derivational bases by English affixes, with spelling rules and
 * evidence that the split is real (see affix.h).
 */
#include "affix.h"

#include <stdio.h>
#include <string.h>

/* A suffix rule: w ends in `strip`; the base is w less strip plus `add`.
 * `pos`: the parts of speech w may have (when WordNet lists it). */
struct sfx {
    const char *cls, *strip, *add;
    unsigned pos;
};

#define N WN_NOUN
#define V WN_VERB
#define A WN_ADJ
#define R WN_ADV

static const struct sfx sfx[] = {
    {"ness", "ness", "", N}, {"ness", "iness", "y", N},
    {"ly", "ly", "", R | A}, {"ly", "ily", "y", R | A}, {"ly", "ly", "le", R | A},
    {"ly", "ly", "l", R | A}, {"ly", "ly", "e", R | A}, {"ly", "ally", "", R | A},
    {"ly", "aily", "ay", R | A},
    {"ment", "ment", "", N}, {"ment", "ment", "e", N},
    {"tion", "ion", "", N}, {"tion", "ion", "e", N}, {"tion", "ation", "", N},
    {"tion", "ation", "e", N}, {"tion", "ition", "", N}, {"tion", "ition", "e", N},
    {"tion", "ication", "y", N}, {"tion", "uction", "uce", N}, {"tion", "iption", "ibe", N},
    {"tion", "sion", "de", N}, {"tion", "sion", "d", N}, {"tion", "sion", "se", N},
    {"tion", "ssion", "t", N},
    {"er", "er", "", N | A}, {"er", "r", "", N | A}, {"er", "ier", "y", N | A},
    {"ity", "ity", "", N}, {"ity", "ity", "e", N}, {"ity", "ility", "le", N},
    {"ity", "plicity", "ple", N}, {"ity", "osity", "ous", N},
    {"ous", "ous", "", A}, {"ous", "ous", "e", A}, {"ous", "ious", "y", A},
    {"ous", "ious", "ion", A}, {"ous", "ious", "e", A}, {"ous", "uous", "ue", A},
    {"ous", "rous", "er", A}, {"ous", "ulous", "ule", A},
    {"ive", "ive", "", A | N}, {"ive", "ive", "e", A | N}, {"ive", "sive", "de", A | N},
    {"ive", "sive", "se", A | N}, {"ive", "nsive", "nd", A | N}, {"ive", "ative", "", A | N},
    {"ive", "ative", "e", A | N}, {"ive", "itive", "e", A | N}, {"ive", "ctive", "ce", A | N},
    {"ive", "ssive", "t", A | N},
    {"al", "al", "", A | N}, {"al", "al", "e", A | N}, {"al", "ial", "y", A | N},
    {"y", "y", "", A}, {"y", "y", "e", A},
    {"able", "able", "", A}, {"able", "able", "e", A}, {"able", "iable", "y", A},
    {"able", "ible", "", A}, {"able", "ible", "e", A}, {"able", "nsible", "nd", A},
    {"able", "ssible", "t", A},
    {"ist", "ist", "", N | A}, {"ist", "ist", "e", N | A}, {"ist", "ist", "y", N | A},
    {"ist", "ist", "o", N | A}, {"ist", "ntist", "nce", N | A},
    {"ry", "ry", "", N},
    {"ful", "ful", "", A | N}, {"ful", "iful", "y", A | N},
    {"less", "less", "", A}, {"less", "iless", "y", A},
    {"en", "en", "", V | A}, {"en", "en", "e", V | A},
};

/* Prefixes: the base is w less the prefix. */
static const char *const pfx[] = {"un", "in", "im", "il", "ir", "re", "dis", "mis",
                                  "over", "under", "out", "pre", "non"};

#undef N
#undef V
#undef A
#undef R

/* --- evidence ------------------------------------------------------------ */

static int plain_affix(const char *cls);
static int mentions(const wordnet *wn, const char *gloss, const char *w, const char *b);

#define GLOSSES 4   /* common senses looked at */
#define GLOSSES_ALL 6
enum { EV_PRODUCTIVE = 1, EV_MENTION, EV_SHARED, EV_ANTONYM, EV_PLAIN, EV_HYPERNYM, EV_SENSE, EV_LINK,
       EV_PARALLEL, EV_OPPOSITE, EV_REVERSAL, EV_PREFIXED };
#define DF_MAX 40   /* a shared defining word in more glosses says nothing */

typedef struct glossbuf {
    char text[2048];
    size_t n;
} glossbuf;

static void gloss_cat(void *ctx, const char *pos, const char *text)
{
    (void)pos;
    glossbuf *g = ctx;
    size_t l = strlen(text);
    if (g->n + l + 2 >= sizeof g->text)
        return;
    memcpy(g->text + g->n, text, l);
    g->n += l;
    g->text[g->n++] = ';';
    g->text[g->n] = '\0';
}

/* The glosses of w: its known senses (wn_known_glosses), or all of them
 * when `all` (prefixed words and plain suffixes, where rare senses do not
 * make false splits the way "one who tows" makes tower from tow). */
static void glosses_of(const wordnet *wn, const char *w, int all, glossbuf *g)
{
    g->n = 0;
    g->text[0] = '\0';
    if (all)
        wn_glosses(wn, w, GLOSSES_ALL, gloss_cat, g);
    else
        wn_known_glosses(wn, w, GLOSSES, gloss_cat, g);
}

/* The next run of lower-case letters of a gloss from *p: its start, its
 * length in *len (0 at the end); *p moves past it. */
static const char *next_word(const char **p, size_t *len)
{
    const char *q = *p;
    while (*q && !(*q >= 'a' && *q <= 'z'))
        q++;
    const char *s = q;
    while (*q >= 'a' && *q <= 'z')
        q++;
    *p = q;
    *len = (size_t)(q - s);
    return s;
}

/* Is token t (length tl) the base b or a form of it: b itself, an
 * inflection or a plain derivative (kindness, for unkind "lacking
 * kindness"), with the spelling rules (running, continuing)? */
static int ends_with_one(const char *rest, size_t rl, const char *const *ends, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (rl == strlen(ends[i]) && memcmp(rest, ends[i], rl) == 0)
            return 1;
    return 0;
}

static int names_base(const char *t, size_t tl, const char *b)
{
    static const char *const ends[] = {"", "s", "es", "ed", "d", "ing", "er", "r", "est", "st",
                                       "ers", "ness", "ly", "ment", "ful", "ion", "ation",
                                       "ance", "ence", "al", "ic", "ive", "ity", "ism"};
    static const char *const edrop[] = {"ing", "ed", "ion", "ation", "ive", "al", "ous",
                                        "able", "er", "ist", "ism"};
    size_t bl = strlen(b);
    if (tl >= bl && memcmp(t, b, bl) == 0) {
        const char *rest = t + bl;
        size_t rl = tl - bl;
        /* a short base only with its inflections (cub is not named by
         * "cubism") */
        if (ends_with_one(rest, rl, ends, bl >= 4 ? sizeof ends / sizeof *ends : 11))
            return 1;
        /* running, stopped: the last letter doubled before an ending */
        if (rl >= 3 && rest[0] == b[bl - 1] &&
            ((rl == 3 && memcmp(rest + 1, "ed", 2) == 0) ||
             (rl == 4 && memcmp(rest + 1, "ing", 3) == 0)))
            return 1;
    }
    /* continuing, continuation: the final e dropped */
    return bl >= 4 && b[bl - 1] == 'e' && tl > bl - 1 && memcmp(t, b, bl - 1) == 0 &&
           ends_with_one(t + bl - 1, tl - (bl - 1), edrop, sizeof edrop / sizeof *edrop);
}

/* Is the base, a short verb, followed in the gloss by a particle that
 * makes another verb of it (putative "commonly put forth": put forth is
 * not put)?  Not "back" nor "over", which are re-'s own (repay "pay
 * back", redo "do over").  `after` points past the token. */
static int phrasal(const char *after, const char *b)
{
    static const char *const particles[] = {"forth", "up", "down", "off", "out", "away",
                                            NULL};
    if (strlen(b) > 4 || *after != ' ')
        return 0;
    after++;
    for (const char *const *q = particles; *q; q++) {
        size_t l = strlen(*q);
        if (strncmp(after, *q, l) == 0 && !(after[l] >= 'a' && after[l] <= 'z'))
            return 1;
    }
    return 0;
}

/* Does a gloss of w name the base, or a word one WordNet link from it
 * (nonfiction "not fictional")?  Tokens that begin with w itself (the
 * word defined through its own forms: number "numbers") do not count. */
static int mentions(const wordnet *wn, const char *gloss, const char *w, const char *b)
{
    size_t wl = strlen(w);
    const char *lk[32];
    size_t nl = wn_links(wn, b, lk, 32);
    if (nl > 32)
        nl = 32;
    for (const char *p = gloss; *p;) {
        size_t tl;
        const char *s = next_word(&p, &tl);
        if (tl == 0 || (tl >= wl && memcmp(s, w, wl) == 0))
            continue;
        if (names_base(s, tl, b) && !phrasal(p, b))
            return 1;
        for (size_t i = 0; i < nl; i++)
            if (strlen(lk[i]) >= 4 && strcmp(lk[i], w) != 0 && names_base(s, tl, lk[i]))
                return 1;
    }
    return 0;
}

/* Take `prefix` off the words of a gloss that begin with it (disobey "be
 * disobedient" shares "obedient" with obey "be obedient to"). */
static void unprefix(char *text, const char *prefix)
{
    size_t pl = strlen(prefix), n = 0;
    for (size_t i = 0; text[i];) {
        int start = i == 0 || !(text[i - 1] >= 'a' && text[i - 1] <= 'z');
        if (start && pl && strncmp(text + i, prefix, pl) == 0) {
            size_t l = pl;
            while (text[i + l] >= 'a' && text[i + l] <= 'z')
                l++;
            if (l >= pl + 4) {
                i += pl;
                continue;
            }
        }
        text[n++] = text[i++];
    }
    text[n] = '\0';
}

static int shares(const wordnet *wn, const char *gw, const char *gb)
{
    char sw[WN_GLOSS_STEMS][WN_STEM], sb[WN_GLOSS_STEMS][WN_STEM];
    size_t nw = wn_gloss_stems(gw, sw, WN_GLOSS_STEMS);
    size_t nb = wn_gloss_stems(gb, sb, WN_GLOSS_STEMS);
    for (size_t i = 0; i < nw; i++)
        for (size_t j = 0; j < nb; j++)
            if (strcmp(sw[i], sb[j]) == 0 && wn_stem_df(wn, sw[i]) <= DF_MAX)
                return 1;
    return 0;
}

/* Does the text hold one of the phrases, as whole words? */
static int says(const char *text, const char *const *phrases)
{
    for (; *phrases; phrases++) {
        size_t pl = strlen(*phrases);
        for (const char *p = strstr(text, *phrases); p; p = strstr(p + 1, *phrases))
            if ((p == text || !(p[-1] >= 'a' && p[-1] <= 'z')) &&
                !(p[pl] >= 'a' && p[pl] <= 'z'))
                return 1;
    }
    return 0;
}

/* What a degree prefix means, in the words WordNet defines its words with
 * (overrate "make too high an estimate of", outpace "surpass in speed").
 * Only where the look-alikes are not defined so (re- is: retreat "move
 * back"; pre- is: precede "be earlier"). */
static const char *const *prefix_sense(const char *prefix)
{
    static const char *const over[] = {"too much", "too many", "too high", "too far",
                                       "excess", "excessive", "excessively", "overly", NULL};
    static const char *const under[] = {"too little", "too low", "too few", "insufficient",
                                        "insufficiently", "inadequate", "inadequately",
                                        "smaller than", "less than", NULL};
    static const char *const out[] = {"surpass", "outdo", "exceed", "excel", "better than",
                                      "faster than", "longer than", "greater degree", NULL};
    static const char *const mis[] = {"wrong", "wrongly", "incorrect", "incorrectly",
                                      "badly", "improperly", NULL};
    static const char *const non[] = {"not", "lacking", "without", NULL};
    if (!strcmp(prefix, "over"))
        return over;
    if (!strcmp(prefix, "under"))
        return under;
    if (!strcmp(prefix, "out"))
        return out;
    if (!strcmp(prefix, "mis"))
        return mis;
    if (!strcmp(prefix, "non"))
        return non;
    return NULL;
}

/* Is w a form of a WordNet lemma of a part of speech in `pos`: through
 * the exception lists, or morphy's rules (only its -ed/-ing ones when
 * `participles`)?  seen, founded: see, found; undergoing: undergo. */
static int form_of(const wordnet *wn, const char *w, unsigned pos, int participles)
{
    const char *exc[8];
    size_t n = wn_exc(wn, w, exc, 8);
    for (size_t i = 0; i < n && i < 8; i++)
        if (wn_lemma_pos(wn, exc[i]) & pos)
            return 1;
    for (size_t i = 0; i < wn_ndetach; i++) {
        const wn_detach *r = &wn_detach_rules[i];
        char v[AFFIX_WORD];
        if (!(r->pos & pos) ||
            (participles && strcmp(r->suffix, "ed") != 0 && strcmp(r->suffix, "ing") != 0))
            continue;
        if (wn_detach_apply(r, w, 2, v, sizeof v) && (wn_lemma_pos(wn, v) & r->pos))
            return 1;
    }
    return 0;
}

static int participle(const wordnet *wn, const char *b)
{
    return form_of(wn, b, WN_VERB, 1);
}

/* un- makes adjectives of adjectives and participles (unkind, unseen,
 * unfounded) and verbs that undo of verbs and nouns (untangle, unnerve,
 * unearth); its look-alikes are nouns and other words (union, unit,
 * uniform, unison), or an adjective of a word WordNet does not call one
 * (untoward). */
static int un_plain(const wordnet *wn, const char *w, unsigned wpos, unsigned bpos,
                    const char *b)
{
    if ((wpos & WN_ADJ) && ((bpos & WN_ADJ) || participle(wn, b)))
        return 1;
    if (wpos != WN_VERB || !(bpos & (WN_VERB | WN_NOUN)))
        return 0;
    /* not a verb made of a longer noun (unionize: union) */
    char head[AFFIX_WORD];
    size_t wl = strlen(w);
    for (size_t k = 4; k < wl && k < sizeof head; k++) {
        memcpy(head, w, k);
        head[k] = '\0';
        if (wn_lemma_pos(wn, head) & WN_NOUN)
            return 0;
    }
    return 1;
}

/* re- "again" in the senses that share the base's part of speech (repeat
 * "to say ... again" is a verb, peat a noun only): found yet, which. */
typedef struct posgloss {
    glossbuf g;
    unsigned pos;
} posgloss;

/* re- "again": a short sense of w of b's part of speech, verb or noun,
 * says it within its first six words (recommence "begin again", reunion
 * "the act of coming together again"); the look-alikes are defined
 * otherwise (retreat "move back", resign "give up"), or by a state to be
 * in again (repair "the act of putting something in working order
 * again"). */
#define AGAIN_WITHIN 6

static void again_cat(void *ctx, const char *pos, const char *text)
{
    static const char *const words[] = {"again", "anew", "afresh", NULL};
    posgloss *p = ctx;
    unsigned bit = !strcmp(pos, "noun") ? WN_NOUN : !strcmp(pos, "verb") ? WN_VERB : 0;
    if (!(bit & p->pos))
        return;
    size_t n = 0;
    for (const char *t = text; *t && n < AGAIN_WITHIN;) {
        size_t l;
        const char *s = next_word(&t, &l);
        if (l == 0)
            break;
        n++;
        for (const char *const *a = words; *a; a++)
            if (l == strlen(*a) && memcmp(s, *a, l) == 0)
                p->g.n = 1;
    }
}

static int again(const wordnet *wn, const char *w, unsigned bpos)
{
    posgloss p = {.g = {.n = 0}, .pos = bpos & (WN_VERB | WN_NOUN)};
    if (!p.pos)
        return 0;
    wn_glosses(wn, w, GLOSSES_ALL, again_cat, &p);
    return p.g.n != 0;
}

/* The prefixes that say "not" or "the opposite of" (unkind, infertile,
 * nonconductor, disobey). */
static int negating(const char *prefix)
{
    static const char *const neg[] = {"un", "in", "im", "il", "ir", "dis", "non", NULL};
    for (const char *const *p = neg; *p; p++)
        if (!strcmp(prefix, *p))
            return 1;
    return 0;
}

/* The words of a gloss, lower-case letters, less the empty ones, each
 * once; returns how many (at most max). */
#define GLOSS_WORDS 32
static size_t gloss_words(const char *text, char out[][24], size_t max)
{
    static const char *const empty[] = {"a", "an", "the", "of", "to", "or", "and", "in", "on",
                                        "by", "for", "with", "that", "as", "from", "is", "be",
                                        "something", "someone", "one", "any", "its", "it",
                                        "at", NULL};
    size_t n = 0;
    for (const char *p = text; *p && n < max;) {
        size_t l;
        const char *s = next_word(&p, &l);
        if (l == 0 || l >= 24)
            continue;
        memcpy(out[n], s, l);
        out[n][l] = '\0';
        int skip = 0;
        for (const char *const *e = empty; *e && !skip; e++)
            skip = !strcmp(out[n], *e);
        for (size_t i = 0; i < n && !skip; i++)
            skip = !strcmp(out[i], out[n]);
        if (!skip)
            n++;
    }
    return n;
}

static int has_word(char (*v)[24], size_t n, const char *t)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(v[i], t))
            return 1;
    return 0;
}

/* Do two glosses say the same but for a pair of antonyms (disproof "any
 * evidence that helps to establish the falsity of something", proof "any
 * factual evidence that helps to establish the truth of something")?
 * Three words or more in common, at most two on either side that the
 * other lacks, and one of those an antonym of one of the other's. */
static int swapped(const wordnet *wn, const char *gw, const char *gb)
{
    char a[GLOSS_WORDS][24], c[GLOSS_WORDS][24];
    size_t na = gloss_words(gw, a, GLOSS_WORDS), nc = gloss_words(gb, c, GLOSS_WORDS);
    const char *x[2], *y[2];
    size_t nx = 0, ny = 0, common = 0;
    for (size_t i = 0; i < na; i++) {
        if (has_word(c, nc, a[i]))
            common++;
        else if (nx++ < 2)
            x[nx - 1] = a[i];
    }
    for (size_t i = 0; i < nc; i++)
        if (!has_word(a, na, c[i]) && ny++ < 2)
            y[ny - 1] = c[i];
    if (common < 3 || nx == 0 || nx > 2 || ny == 0 || ny > 2)
        return 0;
    for (size_t i = 0; i < nx; i++) {
        const char *ant[32];
        size_t n = wn_antonyms(wn, x[i], ant, 32);
        for (size_t k = 0; k < n && k < 32; k++)
            for (size_t j = 0; j < ny; j++)
                if (!strcmp(ant[k], y[j]))
                    return 1;
    }
    return 0;
}

/* The senses of one word, kept with their parts of speech. */
typedef struct senselist {
    const char *pos[GLOSSES_ALL];
    char text[GLOSSES_ALL][512];
    size_t n;
} senselist;

static void senselist_cb(void *ctx, const char *pos, const char *text)
{
    senselist *l = ctx;
    if (l->n >= GLOSSES_ALL)
        return;
    l->pos[l->n] = pos;
    snprintf(l->text[l->n], sizeof l->text[l->n], "%s", text);
    l->n++;
}

static int opposed_glosses(const wordnet *wn, const char *w, const char *b)
{
    senselist lw = {.n = 0}, lb = {.n = 0};
    wn_glosses(wn, w, GLOSSES_ALL, senselist_cb, &lw);
    wn_glosses(wn, b, GLOSSES_ALL, senselist_cb, &lb);
    for (size_t i = 0; i < lw.n; i++)
        for (size_t j = 0; j < lb.n; j++)
            if (!strcmp(lw.pos[i], lb.pos[j]) && swapped(wn, lw.text[i], lb.text[j]))
                return 1;
    return 0;
}

/* dis- that undoes: Hunspell makes w from b by its dis- flag, and w's
 * first sense, in a part of speech b has, holds another word that is the
 * antonym of its own base by un-, dis- or de- (disgrace: dishonor,
 * honor; disencumber: disentangle, entangle; not discommode, a verb,
 * from commode, a noun). */
static int undoes(const affix_env *env, const char *w, const char *b, unsigned bpos)
{
    static const char *const undo[] = {"un", "dis", "de", NULL};
    if (!env->flagged || !env->flagged(env->ctx, w, b))
        return 0;
    const char *syn[32];
    size_t n = wn_first_synonyms(env->wn, w, bpos, syn, 32);
    for (size_t i = 0; i < n && i < 32; i++)
        for (const char *const *u = undo; *u; u++) {
            size_t ul = strlen(*u);
            if (strncmp(syn[i], *u, ul) != 0 || !wn_lemma_pos(env->wn, syn[i] + ul))
                continue;
            const char *ant[32];
            size_t na = wn_antonyms(env->wn, syn[i] + ul, ant, 32);
            for (size_t k = 0; k < na && k < 32; k++)
                if (!strcmp(ant[k], syn[i]))
                    return 1;
        }
    return 0;
}

static int evidence(const affix_env *env, const char *w, const char *b, const char *cls,
                    const char *prefix, int plain, int depth);

/* A not- prefix on a word whose gloss names the prefix on the word's own
 * base (discreditable "tending to bring discredit": discredit is dis- on
 * credit with evidence of its own, and creditable is credit + -able).
 * The named word must be a WordNet lemma (so that evidence() never asks
 * env->productive, whose `root` is the word being split's) and b a suffix
 * on its base.  b's own bases are split once, when first needed; b is
 * shorter than w, so the nested splits end. */
static int names_prefixed_base(const affix_env *env, const char *w, const char *b,
                               const char *prefix)
{
    size_t pl = strlen(prefix), wl = strlen(w), bl = strlen(b);
    char base[AFFIX_MAX][AFFIX_WORD];
    size_t nbase = 0;
    int split = 0;
    glossbuf g;
    glosses_of(env->wn, w, 0, &g);
    for (const char *p = g.text; *p;) {
        size_t tl;
        const char *s = next_word(&p, &tl);
        char t[AFFIX_WORD];
        if (tl < pl + AFFIX_MIN_STEM || tl >= sizeof t || strncmp(s, prefix, pl) != 0 ||
            (tl == wl && memcmp(s, w, wl) == 0))
            continue;
        memcpy(t, s, tl);
        t[tl] = '\0';
        const char *r = t + pl;
        size_t rl = tl - pl;
        if (bl <= rl || strncmp(b, r, rl - 1) != 0 || !wn_lemma_pos(env->wn, t))
            continue;
        int ev = evidence(env, t, r, prefix, prefix, plain_affix(prefix), 1);
        if (ev != EV_ANTONYM && ev != EV_OPPOSITE && ev != EV_REVERSAL && ev != EV_LINK &&
            ev != EV_SENSE && ev != EV_PLAIN)
            continue;
        if (!split++)
            nbase = affix_bases(env, b, base, NULL, AFFIX_MAX);
        for (size_t i = 0; i < nbase; i++)
            if (strcmp(base[i], r) == 0)
                return 1;
    }
    return 0;
}

/* The evidence that w = prefix + b, or b + a suffix (prefix ""): 0 none,
 * else which. */
static int evidence(const affix_env *env, const char *w, const char *b, const char *cls,
                    const char *prefix, int plain, int depth);

/* Is the evidence in one of w's main senses: those that have it hold a
 * third or more of the uses WordNet's sense-tagged corpus met, or, for a
 * word it never met, the first sense has it?  For -er's gloss naming the
 * base (tender "someone who ... tends" is a rare noun beside its
 * adjective and payment senses; tiller "a farmer who tills" beside the
 * boat's lever) and a suffix's shared defining word (rummy "beyond or
 * deviating from the usual" beside the card game). */
typedef struct mainsense {
    const wordnet *wn;
    const char *w, *b, *bgloss; /* bgloss: the base's glosses (shared) */
    unsigned total, having;
    int first, first_has;
} mainsense;

static int shares(const wordnet *wn, const char *gw, const char *gb);

static void mainsense_cb(void *ctx, const wn_sense_info *si)
{
    mainsense *m = ctx;
    char one[1024];
    size_t l = strlen(si->text);
    if (l >= sizeof one)
        l = sizeof one - 1;
    memcpy(one, si->text, l);
    one[l] = '\0';
    int has = m->bgloss ? shares(m->wn, one, m->bgloss) : mentions(m->wn, one, m->w, m->b);
    m->total += si->count;
    if (has)
        m->having += si->count;
    if (m->first++ == 0)
        m->first_has = has;
}

static int in_main_sense(const wordnet *wn, const char *w, const char *b, const char *bgloss)
{
    mainsense m = {wn, w, b, bgloss, 0, 0, 0, 0};
    wn_senses(wn, w, 32, mainsense_cb, &m);
    return m.total ? m.having * 3 >= m.total : m.first_has;
}

/* Families that run in parallel (un-, re-, dis-): a word one link from w
 * is the prefix on a word one link from b, and that pair has evidence of
 * its own: an antonym, a sense, a link or a plain affix, not a gloss that
 * names the base nor a shared defining word, which would carry
 * representation "a presentation to the mind" over to represent and
 * present (disengagement: disengage, engagement: engage, and disengage is
 * engage's antonym; displeasure: displease, please).  One step only.  The
 * links in any sense (disenchantment's one sense links to disenchant,
 * which no tagged text met), on w's side only for a word of one sense
 * (recreation's link to recreate is its rare "new creation"). */
static int parallel(const affix_env *env, const char *w, const char *b, const char *cls,
                    const char *prefix)
{
    const char *lw[32], *lb[32];
    size_t pl = strlen(prefix);
    size_t nw = wn_sense_count(env->wn, w) == 1 ? wn_links_any(env->wn, w, lw, 32)
                                                : wn_links(env->wn, w, lw, 32);
    size_t nb = wn_links_any(env->wn, b, lb, 32);
    if (nw > 32)
        nw = 32;
    if (nb > 32)
        nb = 32;
    for (size_t i = 0; i < nw; i++) {
        /* (a WordNet lemma, so that evidence() never asks
         * env->productive, whose `root` is the word being split's) */
        if (strncmp(lw[i], prefix, pl) != 0 || strcmp(lw[i], w) == 0 ||
            !wn_lemma_pos(env->wn, lw[i]))
            continue;
        for (size_t j = 0; j < nb; j++) {
            if (strcmp(lw[i] + pl, lb[j]) != 0 || strcmp(lb[j], b) == 0)
                continue;
            int ev = evidence(env, lw[i], lb[j], cls, prefix, plain_affix(cls), 1);
            if (ev == EV_ANTONYM || ev == EV_SENSE || ev == EV_LINK || ev == EV_PLAIN)
                return 1;
        }
    }
    return 0;
}

static int evidence(const affix_env *env, const char *w, const char *b, const char *cls,
                    const char *prefix, int plain, int depth)
{
    unsigned wpos = env->wn ? wn_lemma_pos(env->wn, w) : 0;
    /* Hunspell's affix flags only for words WordNet does not list: it
     * also makes reply, resign and disease from ply, sign and ease.  A
     * word WordNet does not list, made by a plain affix (outspend,
     * prewash) from a word it does, is that word's derivative: the
     * look-alikes are words of their own, which WordNet lists.  Not a
     * noun's or verb's form of a word WordNet lists (undergoing is
     * undergo's, not under + going, which would make it go's): that word
     * is split instead.  (Not comparatives: recenter is no form of
     * recent.) */
    if (!wpos) {
        if (env->productive && env->productive(env->ctx, w, b))
            return EV_PRODUCTIVE;
        return plain && strcmp(prefix, "un") != 0 && env->wn && wn_lemma_pos(env->wn, b) &&
                       !form_of(env->wn, w, WN_NOUN | WN_VERB, 0)
                   ? EV_PLAIN : 0;
    }
    /* The gloss evidence is for content words that WordNet knows (not
     * theist from "the"). */
    unsigned bpos = wn_lemma_pos(env->wn, b);
    if (!strcmp(prefix, "un") && un_plain(env->wn, w, wpos, bpos, b))
        return EV_PLAIN;
    if (!strcmp(prefix, "re") && again(env->wn, w, bpos))
        return EV_SENSE;
    if (!bpos)
        return 0;
    /* -ful and -less make an adjective of a noun or verb and little else
     * (thankful, careless); the few look-alikes (bashful, listless) are
     * the price of not asking more. */
    if ((!strcmp(cls, "ful") || !strcmp(cls, "less")) && (wpos & WN_ADJ) &&
        (bpos & (WN_NOUN | WN_VERB)))
        return EV_PLAIN;
    /* So does -en make a verb of an adjective (brighten, widen). */
    if (!strcmp(cls, "en") && (wpos & WN_VERB) && (bpos & WN_ADJ))
        return EV_PLAIN;
    /* overcharge is a kind of charge, outplay of play: a word of a
     * degree prefix whose hypernym is its base.  (Not re-, dis-, pre-:
     * resolve is a kind of solve and repose of pose, yet neither is
     * made from it.) */
    if ((!strcmp(prefix, "over") || !strcmp(prefix, "under") || !strcmp(prefix, "out") ||
         !strcmp(prefix, "mis")) && wn_is_hypernym(env->wn, w, b))
        return EV_HYPERNYM;
    /* A derivational link in any sense, where the affix is not an
     * agent's (tower "one who tows"). */
    if (strcmp(cls, "er") != 0 && wn_linked_any_sense(env->wn, w, b))
        return EV_LINK;
    const char *ant[64];
    size_t na = wn_antonyms(env->wn, w, ant, 64);
    for (size_t i = 0; i < na && i < 64; i++)
        if (strcmp(ant[i], b) == 0)
            return EV_ANTONYM;
    /* The not- prefixes: w is b's antonym by way of a synonym (dismount
     * "get off", mount "get on"; infertile, untruth) or by a gloss that
     * is b's with one word turned to its antonym (disproof, proof). */
    if (negating(prefix) &&
        (wn_opposite(env->wn, w, b) || opposed_glosses(env->wn, w, b)))
        return EV_OPPOSITE;
    if (!strcmp(prefix, "dis") && undoes(env, w, b, bpos))
        return EV_REVERSAL;
    if (negating(prefix) && !depth && names_prefixed_base(env, w, b, prefix))
        return EV_PREFIXED;
    glossbuf gw, gb;
    glosses_of(env->wn, w, strcmp(cls, "er") != 0, &gw);
    if (gw.n == 0)
        return 0;
    if (mentions(env->wn, gw.text, w, b) && (strcmp(cls, "er") != 0 || in_main_sense(env->wn, w, b, NULL)))
        return EV_MENTION;
    const char *const *sense = prefix[0] ? prefix_sense(prefix) : NULL;
    if (sense && says(gw.text, sense))
        return EV_SENSE;
    /* -able of a verb: "capable of being foretold", "worthy of notice" */
    static const char *const able[] = {"capable of being", "able to be", "worthy of",
                                       "can be", "easily", "fit to be", "suitable for", NULL};
    if (!strcmp(cls, "able") && (bpos & WN_VERB) && says(gw.text, able))
        return EV_SENSE;
    /* -y and -ous of a noun: "full of or characterized by loud sounds" */
    static const char *const full[] = {"full of", "covered with", "filled with",
                                       "abounding in", NULL};
    if ((!strcmp(cls, "y") || !strcmp(cls, "ous")) && (bpos & WN_NOUN) && says(gw.text, full))
        return EV_SENSE;
    glosses_of(env->wn, b, 0, &gb);
    unprefix(gw.text, prefix);
    if (gb.n && shares(env->wn, gw.text, gb.text) &&
        (prefix[0] || in_main_sense(env->wn, w, b, gb.text)))
        return EV_SHARED;
    int par = !strcmp(prefix, "un") || !strcmp(prefix, "re") || !strcmp(prefix, "dis");
    return par && !depth && parallel(env, w, b, cls, prefix) ? EV_PARALLEL : 0;
}

/* --- splits -------------------------------------------------------------- */

typedef struct found {
    char (*out)[AFFIX_WORD];
    const char **cls;
    size_t n, max;
} found;

/* Affixes that make words whose meaning is the base's plus the affix's,
 * nearly always (not -er, -y, -al, -ist, -ive, -ous, -en, in-: agents,
 * comparatives and many old borrowings end or begin like them). */
static int plain_affix(const char *cls)
{
    static const char *const plain[] = {"ness", "ly", "ment", "tion", "ity", "able", "ful",
                                        "less", "un", "re", "dis", "mis", "over", "under",
                                        "out", "pre", "non"};
    for (size_t i = 0; i < sizeof plain / sizeof *plain; i++)
        if (strcmp(cls, plain[i]) == 0)
            return 1;
    return 0;
}

/* The one place that holds the base to AFFIX_MIN_STEM letters (the splits
 * below try shorter ones, so a test can tell when this rule breaks). */
static void consider(const affix_env *env, const char *w, unsigned wpos, const char *b,
                     const char *cls, unsigned pos, const char *prefix, found *f)
{
    if (f->n >= f->max || strlen(b) < AFFIX_MIN_STEM || strcmp(b, w) == 0)
        return;
    for (size_t i = 0; i < f->n; i++)
        if (strcmp(f->out[i], b) == 0)
            return;
    if (wpos && pos && !(wpos & pos))
        return;
    if (!env->is_word(env->ctx, b))
        return;
    int ev = evidence(env, w, b, cls, prefix, plain_affix(cls), 0);
    if (!ev)
        return;

    strcpy(f->out[f->n], b);
    if (f->cls)
        f->cls[f->n] = cls;
    f->n++;
}

static int consonant(char c)
{
    return c >= 'a' && c <= 'z' && !strchr("aeiouy", c);
}

size_t affix_bases(const affix_env *env, const char *w, char out[][AFFIX_WORD],
                   const char **cls, size_t max)
{
    found f = {out, cls, 0, max};
    size_t wl = strlen(w);
    unsigned wpos = env->wn ? wn_lemma_pos(env->wn, w) : 0;
    char b[AFFIX_WORD];

    if (wl + 8 >= AFFIX_WORD)
        return 0;
    for (size_t i = 0; i < sizeof sfx / sizeof *sfx; i++) {
        const struct sfx *r = &sfx[i];
        size_t sl = strlen(r->strip), al = strlen(r->add);
        if (wl <= sl || strcmp(w + wl - sl, r->strip) != 0)
            continue;
        size_t stem = wl - sl;
        memcpy(b, w, stem);
        memcpy(b + stem, r->add, al + 1);
        consider(env, w, wpos, b, r->cls, r->pos, "", &f);
        /* sunny, bigger, flatten, forgettable: a doubled final consonant
         * before a vowel-initial suffix. */
        if (al == 0 && stem >= 2 && strchr("aeiouy", r->strip[0]) && b[stem - 1] == b[stem - 2] &&
            consonant(b[stem - 1]) && !strchr("lsz", b[stem - 1])) {
            b[stem - 1] = '\0';
            consider(env, w, wpos, b, r->cls, r->pos, "", &f);
        }
    }
    for (size_t i = 0; i < sizeof pfx / sizeof *pfx; i++) {
        size_t pl = strlen(pfx[i]);
        if (wl > pl && strncmp(w, pfx[i], pl) == 0)
            consider(env, w, 0, w + pl, pfx[i], 0, pfx[i], &f);
    }
    return f.n;
}
