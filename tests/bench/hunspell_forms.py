#!/usr/bin/env python3
"""hunspell_forms.py - a language's dictionary against an outside reference:
the inflected forms that Debian's own Hunspell dictionary of the language
accepts.

The forms are made from the `.dic` and `.aff` of /usr/share/hunspell by
this script's own reading of hunspell(5) (each root; each suffix and
prefix rule its flags name whose condition fits, their cross products,
one level of continuation classes; FLAG long, num and UTF-8), written
apart from dict/expand.c and sharing nothing with it; Hunspell itself
(`hunspell -G`, Debian's `hunspell` package) then keeps only the forms it
accepts, so a form this script makes wrongly never enters the reference.
Debian's `unmunch` (hunspell-tools) makes the same forms for it_IT and
de_DE (checked: --unmunch) but cannot read fr's FLAG long.

Forms with an apostrophe or hyphen (elisions, clitics: l'abaco) are no
Wibbell words and are left out.  A seeded random sample of the lower-case
forms (words, not names) is judged on the dictionary through
`wibbell-dict evaluate` (kind `word`, class: plain, or enclitic for an
Italian verb form carrying unstressed pronouns, dammelo, reported apart).

    python3 tests/bench/hunspell_forms.py build/dict/wibbell-dict DATA_DIR LANG
        [--sample N] [--seed S] [--misses N] [--unmunch]

LANG: fr, de, it (also es, nl, pt).  Target: words >= 0.97.  The
reference is a measurement only: nothing of it goes into the dictionary.
"""
import collections
import os
import random
import re
import subprocess
import sys
import tempfile

HUN = "/usr/share/hunspell"
AFF = {"fr": "fr", "de": "de_DE", "it": "it_IT", "es": "es_ES", "nl": "nl", "pt": "pt_PT"}
# Italian unstressed pronouns written onto a verb (mangiarlo, dammelo,
# andarsene): a class of their own in the report
IT_CLITIC = re.compile(r"(?:(?:m|t|c|v|s|gli)[ei]|glie|n[ei])?(?:l[oaie]|n[ei]|m[ie]|t[ie]|c[ie]|v[ie]|s[ie]|gli)$")


def read_aff(path):
    flag_mode, rules, opts = "char", {}, {}
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    for ln in lines:
        t = ln.split()
        if not t or t[0].startswith("#"):
            continue
        if t[0] == "FLAG" and len(t) > 1:
            flag_mode = t[1]
        elif t[0] in ("NEEDAFFIX", "ONLYINCOMPOUND", "CIRCUMFIX", "FORBIDDENWORD") and len(t) > 1:
            opts[t[0]] = t[1]
        elif t[0] in ("SFX", "PFX") and len(t) >= 4:
            if len(t) == 4 or (len(t) >= 4 and t[2] in "YN" and t[3].isdigit() and t[1] not in rules):
                rules[t[1]] = {"sfx": t[0] == "SFX", "cross": t[2] == "Y", "rules": []}
                continue
            if t[1] not in rules or len(t) < 4:
                continue
            strip = "" if t[2] == "0" else t[2]
            add, cont = t[3], ""
            if "/" in add:
                add, cont = add.split("/", 1)
            add = "" if add == "0" else add
            cond = t[4] if len(t) > 4 else "."
            rx = re.compile((cond + "$") if t[0] == "SFX" else ("^" + cond))
            rules[t[1]]["rules"].append((strip, add, cont, rx))
    return flag_mode, rules, opts


def split_flags(s, mode):
    if mode == "long":
        return [s[i:i + 2] for i in range(0, len(s) - 1, 2)]
    if mode == "num":
        return [x for x in s.split(",") if x]
    return list(s)


def apply(word, cls):
    for strip, add, cont, rx in cls["rules"]:
        if not rx.search(word):
            continue
        if cls["sfx"]:
            if strip and not word.endswith(strip):
                continue
            yield (word[:len(word) - len(strip)] if strip else word) + add, cont
        else:
            if strip and not word.startswith(strip):
                continue
            yield add + word[len(strip):], cont


def expand(aff, dic):
    mode, rules, opts = read_aff(aff)
    skip = {opts.get("ONLYINCOMPOUND"), opts.get("FORBIDDENWORD")} - {None}
    with open(dic, encoding="utf-8", errors="replace") as f:
        next(f)
        for ln in f:
            ln = ln.rstrip("\n").split("\t")[0]
            m = re.match(r"^((?:[^/\\]|\\/)+)(?:/(\S*))?", ln)
            if not m:
                continue
            root, fl = m.group(1).replace("\\/", "/"), split_flags(m.group(2) or "", mode)
            if skip & set(fl):
                continue
            yield root
            sfx = [rules[x] for x in fl if x in rules and rules[x]["sfx"]]
            pfx = [rules[x] for x in fl if x in rules and not rules[x]["sfx"]]
            for c in sfx:
                for w, cont in apply(root, c):
                    yield w
                    cf = split_flags(cont, mode)
                    for x in cf:
                        if x in rules and rules[x]["sfx"]:
                            for w2, _ in apply(w, rules[x]):
                                yield w2
                    if c["cross"]:
                        for p in pfx + [rules[x] for x in cf if x in rules and not rules[x]["sfx"]]:
                            if p["cross"]:
                                for w2, _ in apply(w, p):
                                    yield w2
            for p in pfx:
                for w, cont in apply(root, p):
                    yield w


def ding_heads():
    """The one-word heads of FreeDict's German-English dictionary (Ding:
    dict-freedict-deu-eng), which lists a noun's plural and a feminine
    (Atomphysikerin) as heads of their own: the compounds' forms."""
    out = set()
    with open("/usr/share/dictd/freedict-deu-eng.index", encoding="utf-8",
              errors="replace") as f:
        for ln in f:
            w = ln.split("\t", 1)[0].strip()
            if w.isalpha() and not w.startswith("00"):
                out.add(w)  # dictd's index is in lower case: nouns
                out.add(w[0].upper() + w[1:])  # as Hunspell takes them
    return out


def accepted(lang, forms):
    """The forms Hunspell accepts, as it is asked (hunspell -G)."""
    out = subprocess.run(["hunspell", "-i", "UTF-8", "-d", os.path.join(HUN, AFF[lang]), "-G"],
                         input="\n".join(forms) + "\n", capture_output=True, text=True,
                         check=True).stdout
    return set(out.split("\n")) - {""}


def main():
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tool, data, lang = sys.argv[1:4]
    arg = lambda k, d: type(d)(sys.argv[sys.argv.index(k) + 1]) if k in sys.argv else d
    nsample, seed, nmiss = arg("--sample", 5000), arg("--seed", 1), arg("--misses", 30)
    base = os.path.join(HUN, AFF[lang])
    # German nouns are capitalised: its capitalised forms too (a name among
    # them may be refused as a proper noun: `name` rows); elsewhere a
    # capital is a name's
    forms = {w for w in expand(base + ".aff", base + ".dic")
             if w and (w[0].islower() or lang == "de") and w.isalpha()}
    if "--ding" in sys.argv:  # German heads of FreeDict's Ding instead
        forms = ding_heads()
    forms = sorted(forms)
    rng = random.Random(seed)
    # draw more than asked: Hunspell refuses some of what the rules make
    draw = rng.sample(forms, min(len(forms), nsample * 2))
    ok = accepted(lang, draw)
    sample = [w for w in draw if w in ok]
    if "--ding" in sys.argv:  # one spelling of a head: the lower-case one if taken
        sample = [w for w in sample if w[0].islower() or w.lower() not in ok]
    sample = sample[:nsample]
    print("%s: %d forms made, %d drawn, %d accepted by Hunspell, %d judged"
          % (lang, len(forms), len(draw), len(ok), len(sample)))
    if "--unmunch" in sys.argv:
        um = subprocess.run(["unmunch", base + ".dic", base + ".aff"], capture_output=True,
                            text=True, errors="replace").stdout.split("\n")
        um = {w for w in um if w and w[0].islower() and w.isalpha()}
        fs = set(forms)
        print("unmunch: %d lower-case forms; in both %d, only unmunch %d, only here %d"
              % (len(um), len(um & fs), len(um - fs), len(fs - um)))

    def cls(w):
        if lang == "it" and IT_CLITIC.search(w) and len(w) > 5:
            return "enclitic"
        return "capital" if w[0].isupper() else "plain"

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "hunspell-%s.tsv" % lang)
        with open(path, "w", encoding="utf-8") as f:
            for w in sample:
                f.write("-\t%s\tword\t%s\n" % (w, cls(w)))
                if w[0].isupper():
                    f.write("-\t%s\tname\tname\n" % w)
        run = subprocess.run([tool, "--data-dir", data, "--dict", lang, "evaluate", path,
                              "--verbose"], check=True, capture_output=True, text=True)
        out, err = run.stdout, run.stderr
    names = {m.group(1) for m in re.finditer(r"^\S+: (\S+) not a proper noun on ", out + err, re.M)}
    missed = [m.group(1) for m in re.finditer(r"^\S+: (\S+) refused on ", out + err, re.M)]
    byname = [w for w in missed if w[0].isupper() and w not in names]
    missed = [w for w in missed if w not in byname]
    miss = collections.Counter(cls(w) for w in missed)
    tot = collections.Counter(cls(w) for w in sample)
    for c in sorted(tot):
        print("  %-9s %6d/%-6d = %.3f" % (c, tot[c] - miss[c], tot[c], (tot[c] - miss[c]) / tot[c]))
    if byname:
        print("  refused as proper nouns: %d (%s ...)" % (len(byname), " ".join(byname[:10])))
    n = len(sample)
    print("  words     %6d/%-6d = %.3f" % (n - len(missed), n, (n - len(missed)) / n if n else 0))
    if missed:
        print("  refused (first %d): %s" % (nmiss, " ".join(sorted(missed)[:nmiss])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
