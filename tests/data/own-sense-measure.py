#!/usr/bin/env python3
# The share of tests/data/own-sense-sample.txt whose first definition is
# the word's own sense, plainly and in the class setting (dict/LAYOUT.md,
# "A definition is the word's own").  Not part of the build: run by hand,
#   python3 tests/data/own-sense-measure.py WIBBELL-DICT DATA-DIR [DICT] [REF]
# REF, a wibbell-dict that marks a base's sense "stem: ", tells the word's
# own senses (default: WIBBELL-DICT itself), so an older binary can be
# measured against it.
import os, re, subprocess, sys

exe, data = sys.argv[1], sys.argv[2]
dict_id = sys.argv[3] if len(sys.argv) > 3 else "en_US"
ref = sys.argv[4] if len(sys.argv) > 4 else exe
words = [l.strip() for l in open("tests/data/own-sense-sample.txt") if l.strip() and l[0] != "#"]

def lookup(binary, w, cls):
    out = subprocess.run([binary, "--data-dir", data, "--dict", dict_id, "lookup", w]
                         + (["--class"] if cls else []), capture_output=True, text=True).stdout
    stems = next((l[7:].split() for l in out.splitlines() if l.startswith("stems: ")), [])
    defs = [m.group(1) for m in re.finditer(r"^  \((?:noun|verb|adjective|adverb|)\) (.*)$", out, re.M)]
    return stems, defs

for cls in [int(m) for m in os.environ.get("MODES", "01")]:  # 0 plain, 1 class
    own_first = defined = derived = derived_own = 0
    for w in words:
        stems, ref_defs = lookup(ref, w, 0)
        own = {d for d in ref_defs if not any(d.startswith(s + ": ") for s in stems)}
        _, defs = lookup(exe, w, cls)
        if not own or not defs:
            continue
        defined += 1
        ok = defs[0] in own
        own_first += ok
        if any(s != w for s in stems):
            derived += 1
            derived_own += ok
    print("%s: %d/%d = %.3f own sense first; of those with a base form %d/%d = %.3f"
          % ("class" if cls else "plain", own_first, defined, own_first / max(defined, 1),
             derived_own, derived, derived_own / max(derived, 1)))
