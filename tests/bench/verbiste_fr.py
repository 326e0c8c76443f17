#!/usr/bin/env python3
"""verbiste_fr.py - the French dictionary against an outside reference that
no one here wrote: Debian's verbiste conjugation tables.

Every verb of /usr/share/verbiste-0.1/verbs-fr.xml is conjugated by its
template of conjugation-fr.xml (the radical, then each ending of each
tense and person; every variant spelling; defective persons have none),
and each distinct form of a verb is judged on the `fr` dictionary:

  - accepted as a word (`- FORM word TENSE`);
  - a derivative of its infinitive (`INFINITIVE FORM related TENSE`),
    judged both ways round as the evaluation tables are.

The rows are written to a table in the format of tests/data/evaluation.tsv
and run by `wibbell-dict evaluate --dict fr` (one evaluator for every
table).  Prints the report per tense, the totals, and the verbiste
templates with the most misses.  verbiste is a reference only: nothing of
it goes into the dictionary.

    python3 tests/bench/verbiste_fr.py build/dict/wibbell-dict DATA_DIR [--misses N]

Targets: words >= 0.95, derivatives of the infinitive >= 0.95.
"""
import collections
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

VERBISTE = "/usr/share/verbiste-0.1"
# (xml path of the tense within a template, class name of the report)
TENSES = [
    ("infinitive/infinitive-present", "infinitive"),
    ("indicative/present", "ind.present"),
    ("indicative/imperfect", "ind.imperfect"),
    ("indicative/future", "ind.future"),
    ("indicative/simple-past", "ind.simplepast"),
    ("conditional/present", "cond.present"),
    ("subjunctive/present", "subj.present"),
    ("subjunctive/imperfect", "subj.imperfect"),
    ("imperative/imperative-present", "imperative"),
    ("participle/present-participle", "part.present"),
    ("participle/past-participle", "part.past"),
]


def templates():
    """template name -> [(class, [endings])]"""
    root = ET.parse(os.path.join(VERBISTE, "conjugation-fr.xml")).getroot()
    out = {}
    for t in root.iter("template"):
        tenses = []
        for path, cls in TENSES:
            node = t.find(path)
            ends = [] if node is None else [i.text or "" for p in node.iter("p")
                                            for i in p.iter("i")]
            tenses.append((cls, ends))
        out[t.get("name")] = tenses
    return out


def verbs():
    root = ET.parse(os.path.join(VERBISTE, "verbs-fr.xml")).getroot()
    for v in root.iter("v"):
        yield v.findtext("i").strip(), v.findtext("t").strip()


def table(path):
    """Write the rows; return {(infinitive, form): template} and counts."""
    tpl = templates()
    where = {}
    nverbs = skipped = 0
    with open(path, "w", encoding="utf-8") as f:
        for inf, name in verbs():
            if name not in tpl:
                continue
            if not inf.isalpha():
                skipped += 1  # arc-bouter, entr'ouvrir: not one word of letters
                continue
            end = name.split(":", 1)[1]
            if not inf.endswith(end):
                continue
            radical = inf[:len(inf) - len(end)]
            nverbs += 1
            seen = set()
            for cls, ends in tpl[name]:
                for e in ends:
                    form = radical + e
                    if form in seen:
                        continue
                    seen.add(form)
                    if form == inf:
                        f.write("-\t%s\tword\t%s\n" % (form, cls))
                        continue
                    f.write("-\t%s\tword\t%s\n" % (form, cls))
                    f.write("%s\t%s\trelated\t%s\n" % (inf, form, cls))
                    where[(inf, form)] = name
                    where[form] = name
    return where, nverbs, skipped


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    tool, data = sys.argv[1], sys.argv[2]
    if not os.path.exists(os.path.join(VERBISTE, "verbs-fr.xml")):
        print("verbiste_fr.py: no %s/verbs-fr.xml: apt-get install verbiste" % VERBISTE,
              file=sys.stderr)
        return 2
    nmiss = int(sys.argv[sys.argv.index("--misses") + 1]) if "--misses" in sys.argv else 12
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "verbiste-fr.tsv")
        where, nverbs, skipped = table(path)
        out = subprocess.run([tool, "--data-dir", data, "--dict", "fr", "evaluate", path,
                              "--verbose"], check=True, capture_output=True,
                             text=True).stdout
    words = words_ok = rel = rel_hit = 0
    by_tpl = collections.Counter()
    examples = collections.defaultdict(list)
    report = []
    in_report = False
    for line in out.splitlines():
        if line.startswith("class "):
            in_report = True
        if in_report:
            report.append(line)
            cols = line.split()
            if len(cols) >= 3 and cols[1] == "other":
                for c in cols[2:]:
                    if "/" in c:
                        a, b = (int(x) for x in c.split("/"))
                        if c == cols[-1]:
                            words_ok, words = words_ok + a, words + b
                        else:
                            rel_hit, rel = rel_hit + a, rel + b
            continue
        # detail: "CLASS: missed INF / FORM" or "CLASS: FORM refused on fr"
        parts = line.split()
        if len(parts) >= 5 and parts[1] == "missed":
            key = where.get((parts[2], parts[4]))
            kind = "not related"
        elif len(parts) >= 3 and parts[2] == "refused":
            key = where.get(parts[1])
            kind = "not a word"
        else:
            continue
        by_tpl[(key, kind)] += 1
        if len(examples[(key, kind)]) < 4:
            examples[(key, kind)].append(parts[2] + "/" + parts[4] if kind == "not related"
                                         else parts[1])
    print("verbiste %s: %d verbs (%d more with a hyphen or apostrophe left out: not "
          "Wibbell words), %d forms other than the infinitive, judged on fr"
          % (VERBISTE, nverbs, skipped, rel))
    print("\n".join(report[:-1]))
    print("accepted as words: %d/%d = %.3f (target 0.95)" % (words_ok, words, words_ok / words))
    print("derivatives of their infinitive: %d/%d = %.3f (target 0.95)"
          % (rel_hit, rel, rel_hit / rel))
    print("most misses by verbiste template:")
    for (key, kind), n in by_tpl.most_common(nmiss):
        print("  %-12s %-12s %6d  e.g. %s" % (key, kind, n, ", ".join(examples[(key, kind)])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
