#!/usr/bin/env python3
"""test_lint.py - api/openapi.json passes `redocly lint` (Redocly's CLI, from
npm: tests/openapi/package.json, installed by `npm ci` there, which
`bash deploy/setup.sh test` runs) with the rules of redocly.yaml: the
recommended set, every warning an error, a description on every operation.

A second run on a copy with one description removed must fail, so a linter
that checked nothing could not pass this test.  Speaks TAP."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DOC = os.path.join(HERE, "..", "..", "api", "openapi.json")
CLI = os.path.join(HERE, "node_modules", "@redocly", "cli", "bin", "cli.js")
ENV = dict(os.environ, REDOCLY_TELEMETRY="off", REDOCLY_SUPPRESS_UPDATE_NOTICE="true",
           NO_COLOR="1")


def lint(path):
    p = subprocess.run(["node", CLI, "lint", "--config", os.path.join(HERE, "redocly.yaml"),
                        "--format", "stylish", path], env=ENV, capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout + p.stderr


def report(n, ok, name, text=""):
    print("%s %d - %s" % ("ok" if ok else "not ok", n, name))
    for line in text.strip().splitlines():
        print("# " + line)
    return ok


def main():
    if not os.path.exists(CLI):
        report(1, False, "redocly is installed",
               "no %s: run `npm ci --prefix tests/openapi` (bash deploy/setup.sh test does)" % CLI)
        print("1..1")
        return 1
    rc, out = lint(DOC)
    good = report(1, rc == 0, "redocly lint api/openapi.json", out if rc else "")
    doc = json.load(open(DOC, encoding="utf-8"))
    del doc["paths"]["/healthz"]["get"]["description"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(doc, f)
    try:
        rc2, out2 = lint(f.name)
    finally:
        os.unlink(f.name)
    good &= report(2, rc2 != 0 and "operation-description" in out2,
                   "redocly lint refuses an operation without a description", out2 if rc2 == 0 else "")
    print("1..2")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
