#!/usr/bin/env python3
"""gcide_pairs.py - an outside reference for the English derivative rule:
related pairs and look-alike pairs taken from Debian's
`dict-gcide` (the GNU Collaborative International Dictionary of English:
Webster 1913 and later additions), by rules that know nothing of the
build's own (dict/build/affix.c, dict/build/morph.c).

GCIDE is read as dictd keeps it: /usr/share/dictd/gcide.index (headword,
base64 offset, base64 length) and gcide.dict.dz (dictzip, which gzip
reads whole).  Each headword has one entry per homograph; an entry opens
with `Word \\Syl"la*ble\\, pos. [inflections] [etymology]`, then its senses,
and may list run-on derivatives (`-- {Kind"ly}, adv.`).

A pair is a word W and a shorter word B, both words of Debian's American
word list (wamerican) and both GCIDE headwords, where W is B plus one of
the 25 affixes of tests/data/evaluation.tsv as strings (with the common
spellings: e dropped, y to i, a doubled consonant).  It is:

  related    W is a run-on derivative in an entry of B; or an entry of W
             not marked rare has an etymology that derives it from B
             ("[From {Kind}, a.]", "[Pref. un- + happy.]", "[Tend + -er]");
             or (un-, in-, non-, dis-) a sense of W reads "Not B" or
             (re-) "B again".
  unrelated  (a look-alike) W is none of that, every entry of W not marked
             rare states an origin (an etymology) and none of those names
             B, in any way (not even "See {B}" or "Cf. {B}"); entries of W
             marked rare may name B ("rare homograph": tender "one who
             tends" would be one, were it marked so).
  left out   anything else: W has an entry with no etymology and no other
             evidence, or an etymology that names B only by "See"/"Cf."
             (bashful "[See {Bash}]", reply "[... See {Ply}]": cognates,
             not derivatives).

"Marked rare": every sense of the entry carries [Obs.], [R.], [Archaic],
[Prov. Eng.], [Dial.], [Scot.], [Slang], [Colloq.], [Local] or [Cant].

Output: rows in the format of tests/data/evaluation.tsv (base, word,
related|unrelated, class), sorted, on stdout, run by `wibbell-dict
evaluate` like the hand-written table.  The class is the affix's
(`in` also for im-, il-, ir-).  GCIDE is a reference only: nothing of it
goes into the dictionary.

    python3 tests/bench/gcide_pairs.py [--gcide DIR] [--words FILE] \
        [--inflected tests/data/gcide-inflected.tsv] > tests/data/gcide-pairs.tsv
    python3 tests/bench/gcide_pairs.py --check tests/data/gcide-pairs.tsv \
        --inflected tests/data/gcide-inflected.tsv

The second table holds every pair again with the longer word's plural,
-s, -ed and -ing forms that wamerican lists (pair/repairs, ply/replies):
a form is to be judged as its lemma.

The tables are kept in tests/data/ (tests/dict/test_dict_eval.c holds the
rule to their floors); the test `gcide-reference` checks that they are
what this script makes of the installed package.
"""
import argparse
import difflib
import gzip
import os
import re
import sys

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SUFFIXES = ["ness", "ly", "ment", "tion", "er", "ity", "ous", "ive", "al", "y", "able",
            "ist", "ful", "less", "en"]
PREFIXES = [("un", "un"), ("in", "in"), ("im", "in"), ("il", "in"), ("ir", "in"), ("re", "re"),
            ("dis", "dis"), ("mis", "mis"), ("over", "over"), ("under", "under"),
            ("out", "out"), ("pre", "pre"), ("non", "non")]
# the endings of each suffix class as spelt on the word: (ending, class)
ENDINGS = [("ness", "ness"), ("ly", "ly"), ("ment", "ment"), ("ion", "tion"),
           ("ation", "tion"), ("ition", "tion"), ("er", "er"), ("r", "er"), ("ity", "ity"),
           ("ous", "ous"), ("ive", "ive"), ("ative", "ive"), ("al", "al"), ("y", "y"),
           ("able", "able"), ("ible", "able"), ("ist", "ist"), ("ful", "ful"),
           ("less", "less"), ("en", "en")]
# an etymology that states where the word came from: a borrowing (the
# first form is of another language) or another English word ({Lust});
# not a native form alone ("[AS. godnes]" is goodness itself) nor "Cf."
BORROWED = re.compile(r"^\[(F\.|OF\.|L\.|LL\.|NL\.|Gr\.|It\.|Sp\.|Pg\.|Ar\.|D\.|"
                      r"G\.|Heb\.|Per\.|Pers\.|Skr\.|Hind\.|Russ\.|Turk\.|Malay|Chin\.|"
                      r"Jap\.|Mex\.|Peruv\.|Icel\.|Dan\.|Sw\.|Norw\.|W\.|Gael\.|Ir\.|Prov\.|"
                      r"OSp\.|OIt\.|Late L\.|Arm\.|Armor\.|Sanskrit|Hebrew|Latin|French)")
# the source notes of a paragraph ([1913 Webster], [PJC])
SOURCE = re.compile(r"^\[(1913|Webster|PJC|WordNet|Century|Chambers|Supp|Sup\.)|Webster\]$")
RARE = re.compile(r"\[(Obs|R\.|Archaic|Prov\.|Dial|Scot|Slang|Colloq|Local|Cant)")
INFLECTION = re.compile(r"^\[(imp\.|p\. ?p\.|p\. pr\.|Compar\.|pl\.|superl\.|pres\.|3d)")


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def plain(head):
    """a headword as GCIDE writes it (Kind"ness, O`ver*charge) in letters"""
    return re.sub(r"[\"`*'\u2019]", "", head).lower()


def brackets(text):
    """the top-level [...] groups of text, in order"""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "[":
            if depth == 0:
                start = i
            depth += 1
        elif c == "]" and depth:
            depth -= 1
            if depth == 0:
                out.append(text[start:i + 1])
    return out


def letter(m):
    """an accented letter written in brackets ([=e], [a^], ['e], [imac],
    [thorn]) as its plain letters"""
    t = m.group(0)[1:-1]
    if t in ("thorn", "eth"):
        return "th"
    if t in ("ae", "oe"):
        return t
    if t.endswith(("mac", "breve", "cir", "grave", "acute", "uml")):
        return t[0]
    letters = re.sub(r"[^a-z]", "", t)
    return letters if len(letters) == 1 else ""


class Entry:
    __slots__ = ("etym", "rare", "senses", "runons")

    def __init__(self, text):
        lines = text.split("\n")
        # the head: the first line and those that continue an open
        # bracket or open with one
        head, depth = [], 0
        for i, line in enumerate(lines):
            s = line.strip()
            if i and depth == 0 and not s.startswith("["):
                break
            head.append(s)
            depth += s.count("[") - s.count("]")
        nhead = len(head)
        head = " ".join(head)
        first = head.find("\\", head.find("\\") + 1)
        head = re.sub(r"\[[^\]\[ ]{1,8}\]", letter, head)
        groups = brackets(head[first + 1:] if first > 0 else head)
        self.etym = " ".join(g for g in groups
                             if not INFLECTION.match(g) and not SOURCE.search(g))
        body = "\n".join(lines[nhead:])
        parts = re.split(r"\n   \d+\. ", "\n" + body)
        senses = [p for p in parts if p.strip()] or [body]
        self.senses = [re.sub(r"\s+", " ", s) for s in senses]
        self.rare = all(RARE.search(s.split('"')[0]) for s in self.senses)
        self.runons = {plain(m) for m in re.findall(r"--\s*\{([A-Za-z\"`*']+)\}", text)}


def read_gcide(d):
    data = gzip.open(os.path.join(d, "gcide.dict.dz")).read()
    entries = {}
    with open(os.path.join(d, "gcide.index"), encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[0].isalpha() or not parts[0].isascii():
                continue
            text = data[b64(parts[1]):b64(parts[1]) + b64(parts[2])].decode("utf-8", "replace")
            first = text.split("\n", 1)[0]
            # the block of a run-on or a cross reference begins with
            # another headword: this word's own entries only
            if plain(first.split("\\")[0].strip()) != parts[0].lower():
                continue
            entries.setdefault(parts[0].lower(), []).append(Entry(text))
    return entries


def bases(w, words):
    """(base, class) for each split of w by an affix, as strings"""
    out = []
    for pre, cls in PREFIXES:
        if w.startswith(pre) and len(w) - len(pre) >= 2 and w[len(pre):] in words:
            out.append((w[len(pre):], cls))
    for end, cls in ENDINGS:
        if not w.endswith(end) or len(w) <= len(end) + 1:
            continue
        stem = w[:-len(end)]
        cands = [stem, stem + "e"]
        if stem.endswith("i"):
            cands.append(stem[:-1] + "y")
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
            cands.append(stem[:-1])
        for b in cands:
            if b != w and len(b) >= 2 and b in words:
                out.append((b, cls))
    return sorted(set(out))


def names(etym, b):
    """0: the etymology does not name b; 1: names it ("See {B}", "Cf.
    {B}", or a form spelt like b: viable "[F., fr. vie life]"); 2: derives
    w from it ("From {B}", "{B} + -ness", "Pref. un- + b")"""
    best = 0
    for m in re.finditer(r"\{?\b" + re.escape(b) + r"\b\}?", etym, re.IGNORECASE):
        t = m.group(0)
        before = etym[max(0, m.start() - 14):m.start()].lower()
        after = etym[m.end():m.end() + 4].lstrip()
        if t.startswith("{") and t.endswith("}"):
            strong = re.search(r"(from|fr\.|\+|dim\. of|of)\s*(the\s+)?(\d\w+\s+)?$", before) \
                or after.startswith("+") or before.rstrip().endswith("[")
        else:
            strong = before.rstrip().endswith("+") or after.startswith("+ -")
        best = max(best, 2 if strong else 1)
    return best


def defines_as(entry, b, cls):
    """a sense of the entry reads "Not B" (negative prefixes) or "B again"
    (re-)"""
    for s in entry.senses:
        s = s.strip().lower()
        if cls in ("un", "in", "non", "dis") and re.match(r"not\s+" + re.escape(b) + r"\b", s):
            return True
        if cls == "re" and re.search(r"\b" + re.escape(b) + r"\s+again\b", s):
            return True
    return False


def skeleton(t):
    """the consonants of t, doubles made single (juggl: jgl)"""
    out = ""
    for c in t:
        if c not in "aeiouy" and (not out or out[-1] != c):
            out += c
    return out


# prefixes as the cited forms spell them (incredibilitas, praedestinatio,
# mesalliance)
LATIN_PREFIXES = ("in", "im", "il", "ir", "re", "dis", "des", "dé", "de", "pre", "prae", "mis",
                  "mes", "non", "un", "sub", "super", "over", "under", "out")
# words of the etymologies' own prose, not cited forms
PROSE = {"from", "akin", "pref", "perh", "prob", "orig", "properly", "probably", "perhaps",
         "also", "with", "same", "root", "like", "form", "sense", "little", "which", "this",
         "that", "used", "both", "word", "written", "older", "later", "meaning", "sing",
         "plur", "pres", "part", "corrupted", "corruption", "influenced", "through", "prefix",
         "suffix", "name", "called", "being", "than", "having", "other", "origin", "fem",
         "masc", "neut", "obsolete", "compare", "possibly", "senses", "original", "originally"}


def forms(etym):
    return [t for t in re.findall(r"[a-z]{4,}", etym.lower()) if t not in PROSE]


def cognate(etym, b, betyms):
    """do the etymologies tell a borrowing of a form of b's own?  A form
    cited for w begins like b, in letters (putative "[L. putativus]") or
    in its first
    three consonants (juggler "[OF. jogleor]", mastery "[OF. maistrie]");
    or, less a prefix, it shares 5 letters at its start with a form cited
    for b or one of
    b's bases (acceptable "[F. acceptable, L. acceptabilis]", accept "[L.
    acceptare]"; mockery "[F. moquerie]", mock "[F. moquer]"), or holds
    one whole but its last two letters (incivility "[L. incivilitas]",
    civility "[L. civilitas]"; incredibility "[L. incredibilitas]",
    credible "[L. credibilis]").  Then the letters cannot tell a borrowed
    derivative from a look-alike"""
    stem = b[:-1] if b[-1] in "ey" and len(b) > 3 else b
    sk = skeleton(stem)[:3]
    bforms = {t for e in betyms for t in forms(e)}
    for t in forms(etym) + re.findall(r"\b[a-z]{3}\b", etym.lower()):
        if t.startswith(stem) or (len(sk) >= 2 and skeleton(t).startswith(sk)):
            return True
        # one letter miswritten in a long base (castigation "[L.
        # catigatio]", augury "[L. aucurium]")
        if len(stem) >= 5 and difflib.SequenceMatcher(None, t[:len(stem)], stem).ratio() >= 0.8:
            return True
        for u in {t} | {t[len(p):] for p in LATIN_PREFIXES if t.startswith(p)}:
            for f in bforms:
                if (len(f) >= 5 and (u[:5] == f[:5] or f in u)) or u == f or \
                        (len(f) >= 7 and f[:-2] in u):
                    return True
    return False


def one_letter_apart(x, b):
    """flabby "[See {Flap}]": flab and flap are one word's spellings"""
    return len(x) == len(b) and sum(p != q for p, q in zip(x, b)) == 1


def states_origin(etym, b, w, betyms):
    """a borrowing whose forms do not begin like b, or an etymology that
    derives the word from another English word ("From {X}"): one that
    does not begin like b (hungrily "[From {Hunger}]" is hungry's all the
    same), nor like w (inadequacy "[From {Inadequate}]": adequacy's
    sibling), nor is w's affix (undermost "[From {Under}]").  Not when the
    first cited form is unreadable ("[Gr. ?; ...]"), nor a spelling note
    ("[Also spelled {gaily}]")"""
    if re.match(r"^\[[A-Z][A-Za-z]*\.\s*\?", etym) or \
            re.search(r"spelled|written|variant|same as", etym, re.IGNORECASE):
        return False
    if cognate(etym, b, betyms):
        return False
    if BORROWED.match(etym):
        return True
    k = len(w) - len(b) + 4
    affix = w[:len(w) - len(b)] if w.endswith(b) else ""
    for x in re.findall(r"\{([A-Za-z\"`*']+)\}", re.sub(r"(?i)cf\.[^.;\]]*", "", etym)):
        x = plain(x)
        if not x.startswith(b[:4]) and not b.startswith(x[:4]) and x[:k] != w[:k] and \
                x != affix and not one_letter_apart(x, b):
            return True
    return False


def judge(b, w, cls, g):
    """'related', 'unrelated' or None (left out)"""
    if any(w in e.runons for e in g[b]):
        return "related"
    live = [e for e in g[w] if not e.rare]
    if not live:
        return None
    if any(names(e.etym, b) == 2 or defines_as(e, b, cls) for e in live):
        return "related"
    # a back-formation (swindle "[See {Swindler}]") is made from w
    back = max((names(e.etym, w) for e in g[b] if not e.rare), default=0)
    if back == 2:
        return "related"
    # b's etymologies and those of its own bases (mocker: mock)
    heads = [b] + [b[:k] + end for k in range(4, len(b)) for end in ("", "e", "le")]
    betyms = [e.etym for h in heads if h in g for e in g[h]]
    # every entry that gives an etymology states another origin; one
    # without is a conversion of those (Season, v. t.) unless a sense of it
    # names b (Homer "a carrier pigeon ... return home", Slaver "a slave
    # ship", Skipper "one who skips")
    told = [e for e in live if e.etym]
    form = re.compile(r"\b" + re.escape(b) + r"(s|es|d|ed|ing|r|er|ers)?\b", re.IGNORECASE)
    if not back and told and all(names(e.etym, b) == 0 and states_origin(e.etym, b, w, betyms)
                                 for e in told) and \
            not any(form.search(s) for e in live if not e.etym for s in e.senses):
        return "unrelated"
    return None


def inflections(w, words):
    """w's plural, -s, -ed and -ing forms that wamerican lists (e dropped,
    y to i, a doubled consonant)"""
    out = set()
    for end in ("s", "es", "ed", "d", "ing"):
        out.add(w + end)
        if w.endswith("e"):
            out.add(w[:-1] + end)
    if len(w) > 2 and w[-1] not in "aeiouwxy":
        out |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    if w.endswith("y"):
        out |= {w[:-1] + "ies", w[:-1] + "ied"}
    return sorted(f for f in out if f in words and f != w)


def table(gcide, wordlist):
    """the reference's lines, and those of its inflected forms"""
    with open(wordlist, encoding="utf-8") as f:
        listed = {l.strip() for l in f if l.strip().isalpha() and l.strip().islower()
                  and l.strip().isascii()}
    g = read_gcide(gcide)
    words = listed & set(g)
    rows = []
    for w in sorted(words):
        for b, cls in bases(w, words):
            j = judge(b, w, cls, g)
            if j:
                rows.append((cls, j, b, w))
    head = ["# GENERATED by tests/bench/gcide_pairs.py from Debian's dict-gcide (GCIDE,",
            "# Webster 1913) and wamerican: an outside reference, no rule of the build.",
            "# Do not edit; regenerate.  base<TAB>word<TAB>related|unrelated<TAB>class"]
    out = head + [f"{b}\t{w}\t{j}\t{cls}" for cls, j, b, w in sorted(rows)]
    # the same pairs with the longer word inflected (pair/repairs,
    # ply/replies): a form is judged as its lemma is
    infl = head + ["# Each pair of gcide-pairs.tsv with the longer word's inflections."]
    infl += [f"{b}\t{f}\t{j}\t{cls}" for cls, j, b, w in sorted(rows)
             for f in inflections(w, listed)]
    return [l + "\n" for l in out], [l + "\n" for l in infl]


def compare(path, lines):
    """0 when the file at path holds lines, else 1 and a diff"""
    with open(path, encoding="utf-8") as f:
        have = f.readlines()
    if have == lines:
        print(f"{path}: {len(lines) - 3} rows, as gcide_pairs.py makes them")
        return 0
    sys.stdout.writelines(list(difflib.unified_diff(have, lines, path, "regenerated"))[:40])
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gcide", default="/usr/share/dictd")
    ap.add_argument("--words", default="/usr/share/dict/american-english")
    ap.add_argument("--inflected", metavar="FILE",
                    help="write the inflected pairs to FILE (with --check: compare)")
    ap.add_argument("--check", metavar="TABLE",
                    help="regenerate and compare with TABLE (exit 1 when they differ)")
    a = ap.parse_args()
    lines, infl = table(a.gcide, a.words)
    if a.check:
        rc = compare(a.check, lines)
        return rc | (compare(a.inflected, infl) if a.inflected else 0)
    sys.stdout.writelines(lines)
    if a.inflected:
        with open(a.inflected, "w", encoding="utf-8") as f:
            f.writelines(infl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
