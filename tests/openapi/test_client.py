#!/usr/bin/env python3
"""test_client.py - clients made from api/openapi.json work against the daemon.

1. A TypeScript client: openapi-typescript (its default output) turns the
   document into types, `tsc --strict` compiles client.ts against them and
   openapi-fetch, and the program creates, views and plays a match against
   a real daemon (client.ts says what it checks).  A copy of the document
   with CreateMatch.options a bare object again must not compile, so a
   compiler that checked nothing could not pass.
2. Dredd: every operation's success, requested from the document alone
   (its examples; dredd_hooks.js only puts a real match, token and legal
   action where the document can only give an example), is answered as the
   document says.
The packages are tests/openapi/package.json's (npm ci there; `bash
deploy/setup.sh test` runs it).  Speaks TAP.

Needs: WIBBELLD, WIBBELLD_TEST_DATA; node (Debian 12's 18 or later).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
import wbtest  # noqa: E402
import wbgames  # noqa: E402

DOC = os.path.normpath(os.path.join(HERE, "..", "..", "api", "openapi.json"))
NM = os.path.join(HERE, "node_modules")
ENV = dict(os.environ, NO_COLOR="1", FORCE_COLOR="0")
D = None


def setUpModule():
    global D
    for tool in ("openapi-typescript/bin/cli.js", "typescript/bin/tsc", "openapi-fetch",
                 "dredd/bin/dredd"):
        if not os.path.exists(os.path.join(NM, tool)):
            raise RuntimeError("no %s: run `npm ci --prefix tests/openapi` (bash deploy/setup.sh "
                               "test does)" % tool)
    D = wbgames.module_daemon()


def node(*args, timeout=300, env=None):
    return subprocess.run(["node"] + list(args), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, timeout=timeout, env=env or ENV, cwd=HERE)


class GeneratedClient(unittest.TestCase):
    def setUp(self):
        # Inside node_modules, so that the compiler and node find
        # openapi-fetch from it; removed after.
        self.tmp = tempfile.mkdtemp(prefix=".client-", dir=NM)
        self.addCleanup(shutil.rmtree, self.tmp, True)
        shutil.copy(os.path.join(HERE, "client.ts"), self.tmp)
        with open(os.path.join(self.tmp, "package.json"), "w") as f:
            json.dump({"type": "module", "private": True}, f)

    def build(self, doc):
        r = node(os.path.join(NM, "openapi-typescript", "bin", "cli.js"), doc,
                 "-o", os.path.join(self.tmp, "api.d.ts"))
        self.assertEqual(r.returncode, 0, r.stdout.decode())
        return node(os.path.join(NM, "typescript", "bin", "tsc"), "--strict", "--target", "es2022",
                    "--module", "es2022", "--moduleResolution", "bundler", "--noUnusedLocals",
                    "--outDir", self.tmp, os.path.join(self.tmp, "client.ts"))

    def test_generated_client_plays_a_match(self):
        r = self.build(DOC)
        self.assertEqual(r.returncode, 0, "tsc --strict:\n" + r.stdout.decode())
        run = node(os.path.join(self.tmp, "client.js"),
                   env=dict(ENV, WIBBELLD_URL="http://%s:%d" % (D.host, D.port)))
        out = run.stdout.decode()
        self.assertEqual(run.returncode, 0, out)
        self.assertIn("played ", out)
        print("# " + out.strip().splitlines()[-1])

    def test_a_bare_object_does_not_compile(self):
        doc = json.load(open(DOC, encoding="utf-8"))
        opts = doc["components"]["schemas"]["CreateMatch"]["properties"]["options"]
        del opts["additionalProperties"]
        bare = os.path.join(self.tmp, "bare.json")
        with open(bare, "w") as f:
            json.dump(doc, f)
        r = self.build(bare)
        self.assertNotEqual(r.returncode, 0, "client.ts compiled against a bare options object")
        self.assertIn("is not assignable to type 'never'", r.stdout.decode())


def dredd(doc):
    r = subprocess.run(
        [os.path.join(NM, "dredd", "bin", "dredd"), doc, "http://%s:%d" % (D.host, D.port),
         "--hookfiles", os.path.join(HERE, "dredd_hooks.js"), "--loglevel", "warning",
         "--reporter", "dot", "--color", "false"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        timeout=300, env=dict(ENV, WIBBELLD_OPENAPI_DOC=doc), cwd=HERE)
    out = r.stdout.decode()
    summary = [l.strip() for l in out.splitlines() if "complete:" in l and "passing" in l]
    return r.returncode, out, summary[-1] if summary else ""


class Dredd(unittest.TestCase):
    def test_every_success_as_documented(self):
        rc, out, summary = dredd(DOC)
        self.assertEqual(rc, 0, out[-6000:])
        print("# dredd " + summary)
        # one success requested of every operation of the document (the
        # event stream's aside)
        ops = sum(1 for item in json.load(open(DOC))["paths"].values()
                  for m in item if m in ("get", "post", "put", "delete"))
        self.assertRegex(summary, r"complete: %d passing, 0 failing, 0 errors" % (ops - 1))

    def test_a_wrong_schema_fails(self):
        # Dredd with the hooks holds answers to the schema: a document
        # whose /healthz status is "fine" must fail.
        doc = json.load(open(DOC, encoding="utf-8"))
        doc["components"]["schemas"]["Health"]["properties"]["status"]["enum"] = ["fine"]
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump(doc, f)
        try:
            rc, out, summary = dredd(f.name)
        finally:
            os.unlink(f.name)
        self.assertNotEqual(rc, 0, out[-3000:])
        self.assertIn("1 failing", summary, out[-3000:])


if __name__ == "__main__":
    wbtest.main()
