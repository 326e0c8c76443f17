#!/usr/bin/env python3
"""mente_adverbs.py - the adverbs in -mente of Spanish, Italian and
Portuguese against an outside reference: FreeDict's English glosses.

A pair (adjective, adverb) is in the reference when FreeDict's
dictionary of the language into English (Debian's dict-freedict-spa-eng,
ita-eng, por-eng) glosses the adverb X-mente with an English adverb in
-ly whose adjective (quickly: quick, happily: happy, easily: easy,
gently: gentle, basically: basic) is a gloss of a head spelt as the
adverb's beginning but for its last letter and accents; nothing of the spelling rule of
dict/adverbs.c goes into it.  Each pair is judged with `wibbell-dict
related` on the dictionary (recall).  Heads X-mente whose rule base is a
head with glosses of its own and none of them the -ly adverb's adjective
are listed as possible false links, to be read by hand.

    python3 tests/bench/mente_adverbs.py build/dict/wibbell-dict DATA_DIR LANG

LANG: es, it, pt.  The reference is a measurement only.
"""
import collections
import os
import subprocess
import sys
import unicodedata
import zlib

FD = {"es": "spa", "it": "ita", "pt": "por"}
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def num(s):
    v = 0
    for c in s:
        v = v * 64 + B64.index(c)
    return v


def glosses(lang):
    base = "/usr/share/dictd/freedict-%s-eng" % FD[lang]
    data = zlib.decompress(open(base + ".dict.dz", "rb").read(), 31)
    out = collections.defaultdict(set)
    for ln in open(base + ".index", encoding="utf-8", errors="replace"):
        cols = ln.rstrip("\n").split("\t")
        if len(cols) < 3:
            continue
        head = cols[0].strip().lower()
        if not head.isalpha():
            continue
        text = data[num(cols[1]):num(cols[1]) + num(cols[2])].decode("utf-8", "replace")
        for line in text.split("\n")[1:]:
            for g in line.replace(";", ",").split(","):
                g = g.strip().lower()
                if g.startswith("to "):
                    g = g[3:]
                if g.isalpha():
                    out[head].add(g)
    return out


def plain(w):
    """w without its accents (Portuguese writes none before -mente)."""
    return "".join(c for c in unicodedata.normalize("NFD", w) if not unicodedata.combining(c))


def ly_adjectives(g):
    """The English adjectives an adverb in -ly may be made of."""
    if not g.endswith("ly") or len(g) < 5:
        return set()
    s = g[:-2]
    out = {s}
    if s.endswith("i"):
        out.add(s[:-1] + "y")        # happily: happy
    if s.endswith("al"):
        out.add(s[:-2])              # basically: basic
    if g.endswith("ply") or g.endswith("bly") or g.endswith("tly") or g.endswith("dly"):
        out.add(g[:-1] + "e")        # simply: simple, gently: gentle
    if g.endswith("lly"):
        out.add(g[:-2])              # fully: full
    return out


def main():
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tool, data, lang = sys.argv[1:4]
    gl = glosses(lang)
    by_gloss = collections.defaultdict(set)
    for h, gs in gl.items():
        for g in gs:
            by_gloss[g].add(h)
    pairs = set()
    unconfirmed = []
    for adv, gs in gl.items():
        if not adv.endswith("mente") or len(adv) < 8:
            continue
        adjs = set().union(*(ly_adjectives(g) for g in gs))
        found = {h for a in adjs for h in by_gloss.get(a, ()) if h != adv
                 and not h.endswith("mente") and len(h) >= 4
                 and plain(adv).startswith(plain(h)[:-1])}
        for h in found:
            pairs.add((h, adv))
        stem = adv[:-5]
        if adjs and not found and stem in gl:
            unconfirmed.append((stem, adv))
    rel = hit = 0
    missed = []
    for a, b in sorted(pairs):
        r = subprocess.run([tool, "--data-dir", data, "--dict", lang, "related", a, b],
                           capture_output=True, text=True).stdout.strip()
        if r.startswith("not") or "not in" in r:
            continue  # a word the dictionary lacks: no pair to judge
        rel += 1
        if r == "related":
            hit += 1
        else:
            missed.append("%s/%s" % (a, b))
    print("%s: %d pairs from the glosses, %d judged, related %d = %.3f"
          % (lang, len(pairs), rel, hit, hit / rel if rel else 0))
    if missed:
        print("  missed: %s" % " ".join(missed[:40]))
    linked = []
    for a, b in unconfirmed:
        r = subprocess.run([tool, "--data-dir", data, "--dict", lang, "related", a, b],
                           capture_output=True, text=True).stdout.strip()
        if r == "related":
            linked.append("%s/%s" % (a, b))
    print("  linked although the glosses do not say so (to read by hand): %d of %d: %s"
          % (len(linked), len(unconfirmed), " ".join(linked[:40])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
