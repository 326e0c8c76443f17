#!/usr/bin/env python3
"""gcide_doubling.py - an outside reference for the stems of -ing and -ed
forms: hoping is hope's, hopping is hop's, and hoping is
no form of hop.  Taken from the conjugations Webster prints at the head of
a verb's entry in Debian's `dict-gcide` (GCIDE: Webster 1913 and later
additions), "Hope, v. i. [imp. & p. p. {Hoped}; p. pr. & vb. n.
{Hoping}.]", and nothing else: no rule of the build (dict/build/morph.c,
WordNet's verb.exc, Hunspell) and no spelling rule of its own.

GCIDE is read as tests/bench/gcide_pairs.py reads it (gcide.index and
gcide.dict.dz from /usr/share/dictd).  For every verb V of wamerican
ending in -e whose GCIDE conjugation lists a form F = V less e + ing, or
V + d (hoping, hoped), where X = V less its e is also a word of
wamerican (hop):

  V  F  related    (class e-ing / e-ed): F is V's form, by Webster;
  X  F  unrelated  (class like-ing / like-ed): a look-alike, when no
                   GCIDE conjugation of X lists F and no verb entry of V
                   names X nor an entry of X names V in braces (breathe
                   and breath, bathe and bath are left out: the verb is
                   the noun's derivative, so its forms are too);
  X  G  related    (class dbl): G a form of X's own conjugation with its
                   last consonant doubled (hopping, hopped), a control.

Output: rows in the format of tests/data/evaluation.tsv (base, word,
related|unrelated, class), sorted, on stdout; `wibbell-dict evaluate`
runs it and tests/dict/test_dict_eval.c holds the rule to its floors
(class `doubling` of tests/data/evaluation-floors.tsv).  GCIDE is a
reference only: nothing of it goes into the dictionary.

    python3 tests/bench/gcide_doubling.py > tests/data/gcide-doubling.tsv
    python3 tests/bench/gcide_doubling.py --check tests/data/gcide-doubling.tsv
"""
import argparse
import difflib
import gzip
import os
import re
import sys

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# the conjugation: the first bracket of a verb entry's head that opens
# with one of these (imp. & p. p. {Hoped}; p. pr. & vb. n. {Hoping})
CONJ = re.compile(r"\[(imp\.|p\. ?p\.|p\. pr\.)[^\]]*\]", re.S)
VERB = re.compile(r"\\,?\s*(\([^)]*\)\s*)?,?\s*v\. ?(t|i)\.")


def b64(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def plain(head):
    return re.sub(r"[\"`*'\u2019]", "", head).lower()


def read_entries(d):
    """headword -> list of its own entries' texts"""
    data = gzip.open(os.path.join(d, "gcide.dict.dz")).read()
    out = {}
    with open(os.path.join(d, "gcide.index"), encoding="utf-8") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) != 3 or not p[0].isalpha() or not p[0].isascii():
                continue
            text = data[b64(p[1]):b64(p[1]) + b64(p[2])].decode("utf-8", "replace")
            if plain(text.split("\n", 1)[0].split("\\")[0].strip()) != p[0].lower():
                continue
            out.setdefault(p[0].lower(), []).append(text)
    return out


def head(text):
    """an entry's head: its text up to the first numbered sense or blank line"""
    return re.split(r"\n\s*\n|\n   1\. ", text, maxsplit=1)[0]


def conjugation(text):
    """the forms a verb entry's conjugation lists, or None (not a verb, or
    no conjugation)"""
    h = re.sub(r"\[[^\]\[ ]{1,8}\]", "", head(text))  # accents: h[a^]t
    if not VERB.search(h.split("\n", 1)[0] + " " + h):
        return None
    m = CONJ.search(h)
    if not m:
        return None
    return {plain(f) for f in re.findall(r"\{([A-Za-z\"`*']+)\}", m.group(0))}


def names(text, w):
    return re.search(r"\{" + re.escape(w) + r"\}", plain(text)) is not None


def head_names(text, w):
    """does the head of an entry give w as another spelling of it
    ([Written also sheath.])?"""
    return any(re.search(r"\b" + re.escape(w) + r"\b", m)
               for m in re.findall(r"\[written also ([^\]]*)\]", plain(head(text))))


def table(gcide, wordlist):
    with open(wordlist, encoding="utf-8") as f:
        words = {l.strip() for l in f if l.strip().isalpha() and l.strip().islower()
                 and l.strip().isascii()}
    g = read_entries(gcide)
    conj = {}  # verb -> every form its conjugations list
    verb_entries = {}
    verbs = {w for w, entries in g.items()
             if any(VERB.search(head(t).split("\n", 1)[0]) for t in entries)}
    for w, entries in g.items():
        for t in entries:
            c = conjugation(t)
            if c is not None:
                conj.setdefault(w, set()).update(c)
                verb_entries.setdefault(w, []).append(t)
    rows = set()
    for v in sorted(conj):
        if not v.endswith("e") or v not in words:
            continue
        x = v[:-1]
        if x not in words:
            continue
        for end, cls in (("ing", "ing"), ("ed", "ed")):
            f = x + end
            if f not in conj[v] or f not in words:
                continue
            rows.add((v, f, "related", "e-" + cls))
            if f in conj.get(x, ()):
                continue  # Webster makes it a form of x too
            if x in verbs and x not in conj:
                continue  # x is a verb whose forms Webster does not give
            if any(names(t, x) or head_names(t, x) for t in verb_entries[v]) or \
               any(names(t, v) for t in g.get(x, [])):
                continue
            rows.add((x, f, "unrelated", "like-" + cls))
            for gform in sorted(conj.get(x, ())):
                if gform in words and gform in (x + x[-1] + "ing", x + x[-1] + "ed"):
                    rows.add((x, gform, "related", "dbl"))
    lines = ["# GENERATED by tests/bench/gcide_doubling.py from Debian's dict-gcide",
             "# (the conjugations of Webster 1913's verb entries) and wamerican: an",
             "# outside reference, no rule of the build; kept out of",
             "# it.  Do not edit; regenerate.  base<TAB>word<TAB>related|unrelated<TAB>class"]
    lines += [f"{b}\t{w}\t{j}\t{c}" for b, w, j, c in sorted(rows, key=lambda r: (r[3], r[0], r[1]))]
    return [l + "\n" for l in lines]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gcide", default="/usr/share/dictd")
    ap.add_argument("--words", default="/usr/share/dict/american-english")
    ap.add_argument("--check", metavar="TABLE",
                    help="regenerate and compare with TABLE (exit 1 when they differ)")
    a = ap.parse_args()
    lines = table(a.gcide, a.words)
    if a.check:
        with open(a.check, encoding="utf-8") as f:
            have = f.readlines()
        if have == lines:
            print(f"{a.check}: {len(lines) - 4} rows, as gcide_doubling.py makes them")
            return 0
        sys.stdout.writelines(list(difflib.unified_diff(have, lines, a.check, "regenerated"))[:40])
        return 1
    sys.stdout.writelines(lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
