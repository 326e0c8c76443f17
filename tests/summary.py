#!/usr/bin/env python3
"""Count the tests of one or more meson build directories and print the
closing line CI reads: `N passed, M failed`.

Each meson test speaks TAP, so its `ok` / `not ok` lines are counted one by
one; a test that printed no TAP counts as one test by its meson result (a
crash before any output is a failure).  $WIBBELLD_EXTRA_TAP names files
(separated by ':') of TAP from checks run outside meson (.ci/run's check
of the commit subjects), counted the same way; a file without a TAP
result line counts as one failure.  Exits non-zero on any failure."""
import json
import os
import re
import sys

passed = failed = 0
for build in sys.argv[1:] or ["build"]:
    try:
        lines = open(f"{build}/meson-logs/testlog.json").read().splitlines()
    except OSError as e:
        print(f"summary: {e}", file=sys.stderr)
        failed += 1
        continue
    for line in lines:
        t = json.loads(line)
        out = t.get("stdout") or ""
        ok = len(re.findall(r"^ok\b", out, re.M))
        bad = len(re.findall(r"^not ok\b", out, re.M))
        good_run = t["result"] in ("OK", "EXPECTEDFAIL", "SKIP")
        if ok + bad == 0:
            ok, bad = (1, 0) if good_run else (0, 1)
        elif not good_run and bad == 0:
            bad = 1  # TAP said ok but the program crashed or leaked at exit
        if bad:
            print(f"summary: {build}: {t['name']}: {t['result']}", file=sys.stderr)
        passed += ok
        failed += bad
for path in filter(None, os.environ.get("WIBBELLD_EXTRA_TAP", "").split(":")):
    try:
        out = open(path).read()
    except OSError as e:
        print(f"summary: {e}", file=sys.stderr)
        failed += 1
        continue
    ok = len(re.findall(r"^ok\b", out, re.M))
    bad = len(re.findall(r"^not ok\b", out, re.M))
    if ok + bad == 0:
        bad = 1
    if bad:
        print(f"summary: {path}: {bad} failed", file=sys.stderr)
    passed += ok
    failed += bad
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
