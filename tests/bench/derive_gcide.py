#!/usr/bin/env python3
"""derive_gcide.py - the derivatives of German, French, Spanish, Italian
and Portuguese against an outside reference: GCIDE's English derivative
pairs translated by FreeDict's English-to-X dictionaries.

The English pairs are tests/data/gcide-pairs.tsv (made from Debian's
dict-gcide by gcide_pairs.py: kind/kindness related, cession/recession
not).  Each English word is translated by Debian's dict-freedict-eng-deu,
eng-fra, eng-spa, eng-ita, eng-por (the other direction from the
dictionaries the build reads, X-eng; no rule of dict/build/derive.c was
written from them), and a translation pair (b', w') is kept when w' holds
the beginning of b' (its letters less the last two, 3 or more, accents
aside) within its first 5 letters (gentil/gentillesse, glücklich/
unglücklich), so that suppletive translations (kind: bon, kindness:
amabilité) drop out.  Related English pairs give the reference's
derivatives (recall), unrelated ones its look-alikes (false links).  Each
pair is judged with `wibbell-dict related`; pairs with a word the
dictionary lacks are left out.

    python3 tests/bench/derive_gcide.py build/dict/wibbell-dict DATA_DIR LANG

LANG: de, fr, es, it, pt (Debian has no English-Dutch FreeDict).  A
measurement only: nothing here goes into the build.
"""
import collections
import os
import re
import subprocess
import sys
import unicodedata
import zlib

FD = {"de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por"}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "gcide-pairs.tsv")


def num(s):
    v = 0
    for c in s:
        v = v * 64 + B64.index(c)
    return v


def translations(lang, wanted):
    base = "/usr/share/dictd/freedict-eng-%s" % FD[lang]
    data = zlib.decompress(open(base + ".dict.dz", "rb").read(), 31)
    out = collections.defaultdict(set)
    for ln in open(base + ".index", encoding="utf-8", errors="replace"):
        cols = ln.rstrip("\n").split("\t")
        if len(cols) < 3 or cols[0].lower() not in wanted:
            continue
        text = data[num(cols[1]):num(cols[1]) + num(cols[2])].decode("utf-8", "replace")
        for line in text.split("\n")[1:]:
            if not line or line[0].isspace() or line.startswith("see:"):
                continue
            line = re.sub(r"<[^>]*>|\[[^]]*\]|\([^)]*\)|^\d+\.\s*", "", line)
            for t in re.split(r"[,;]", line):
                t = t.strip()
                if t.isalpha():
                    out[cols[0].lower()].add(t)
    return out


def plain(w):
    return "".join(c for c in unicodedata.normalize("NFD", w.lower())
                   if not unicodedata.combining(c))


def alike(b, w):
    pb, pw = plain(b), plain(w)
    s = pb[:max(3, len(pb) - 2)]
    i = pw.find(s)
    return pb != pw and 0 <= i <= 5 and len(pw) > len(s)


def is_word(tool, data, lang, w):
    r = subprocess.run([tool, "--data-dir", data, "--dict", lang, "lookup", w],
                       capture_output=True, text=True).stdout
    return r.split("\n", 1)[0].endswith(": a word")


def main():
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tool, data, lang = sys.argv[1:4]
    rows = []
    for ln in open(SRC, encoding="utf-8"):
        if ln.startswith("#") or not ln.strip():
            continue
        c = ln.rstrip("\n").split("\t")
        rows.append((c[0], c[1], c[2] == "related"))
    tr = translations(lang, {w for r in rows for w in r[:2]})
    pairs = {}
    for eb, ew, rel in rows:
        for b in tr.get(eb, ()):
            for w in tr.get(ew, ()):
                if alike(b, w):
                    pairs.setdefault((b, w), (rel, "%s/%s" % (eb, ew)))
    judged = collections.Counter()
    hit = collections.Counter()
    missed, false = [], []
    for (b, w), (rel, src) in sorted(pairs.items()):
        r = subprocess.run([tool, "--data-dir", data, "--dict", lang, "related", b, w],
                           capture_output=True, text=True).stdout.strip()
        if r != "related" and not (is_word(tool, data, lang, b) and is_word(tool, data, lang, w)):
            continue  # a word the dictionary lacks: no pair to judge
        judged[rel] += 1
        if r == "related":
            hit[rel] += 1
            if not rel:
                false.append("%s/%s (%s)" % (b, w, src))
        elif rel:
            missed.append("%s/%s" % (b, w))
    print("%s: derivatives related %d/%d = %.3f; look-alikes linked %d/%d"
          % (lang, hit[True], judged[True], hit[True] / max(judged[True], 1),
             hit[False], judged[False]))
    if missed:
        print("  missed: %s" % " ".join(missed[:60]))
    if false:
        print("  false links: %s" % " ".join(false))
    return 0


if __name__ == "__main__":
    sys.exit(main())
