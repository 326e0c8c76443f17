#!/usr/bin/env python3
"""test_readme.py - every command of the README and of the tours runs as written.

The `sh` blocks of README.md's "## A few requests" and of docs/api.md's
"## API tour" and "## Games tour" (each up to the next "## " heading)
are read as a reader would type them: each `curl` command (continuation
lines joined) runs in bash, in order (the README's first, then the
tours'), against a fresh daemon of its own (localhost:8080 replaced by
its address).  The placeholders are filled
from earlier answers, as a reader would: a created match's answer sets ID,
$H (its host token) and $T0, $T1, ... (its seats' tokens), and a class
session's $CODE (its join code); a join's answer sets $M0, $M1, ... (the
members' tokens).

Each command must exit 0 and answer 2xx, except where the README itself
or the guide shows the error it gets ("status":4xx in the comment on or below it),
which must be that status.  An event stream (-N) is read for 2 seconds.

Needs: WIBBELLD, WIBBELLD_TEST_DATA; curl (7.82 or later: --json).
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import wbtest  # noqa: E402
import wbgames  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
# (file, the sections whose sh blocks are read)
README = ("README.md", ["## A few requests"])
TOURS = ("docs/api.md", ["## API tour", "## Games tour"])
D = None


def setUpModule():
    global D
    D = wbgames.module_daemon(wbgames.GamesDaemon(args=["--dictionaries", "en,en_GB,en_US"]))


def section_commands(path, heading):
    """(command, status the text shows or None, "file line N") of every
    curl command in the sh blocks of one section of a file."""
    text = open(os.path.join(ROOT, path)).read().split("\n")
    start = next(i for i, l in enumerate(text) if l.startswith(heading))
    end = next((i for i, l in enumerate(text) if i > start and l.startswith("## ")), len(text))
    out, in_sh, i = [], False, start
    while i < end:
        line = text[i]
        if line.startswith("```"):
            in_sh = line.strip() == "```sh"
            i += 1
            continue
        if in_sh and line.startswith("curl "):
            at = i + 1
            cmd = line
            while cmd.rstrip().endswith("\\"):
                i += 1
                cmd = cmd.rstrip()[:-1] + " " + text[i].strip()
            # what the README shows it gets: its own comment, the comment lines below
            shown = cmd.split(" #", 1)[1] if " #" in cmd else ""
            j = i + 1
            while j < end and text[j].startswith("#"):
                shown += text[j]
                j += 1
            m = re.search(r'"status":(4\d\d)', shown)
            out.append((cmd, int(m.group(1)) if m else None, "%s line %d" % (path, at)))
        i += 1
    return out


def commands(source):
    path, headings = source
    return [c for h in headings for c in section_commands(path, h)]


def tour_commands():
    """The commands of docs/api.md's tours."""
    return commands(TOURS)


class Tours(unittest.TestCase):
    def test_every_command_runs_as_written(self):
        tours = tour_commands()
        self.assertGreater(len(tours), 25, "the tours' commands were not found")
        readme = commands(README)
        self.assertGreater(len(readme), 5, "the README's requests were not found")
        cmds = readme + tours
        base = "%s:%d" % (D.host, D.port)
        env = dict(os.environ)
        match_id = None
        ran = 0
        with tempfile.TemporaryDirectory() as tmp:
            for cmd, expect, line in cmds:
                run = cmd.replace("localhost:8080", base)
                if re.search(r"\bID\b", run):
                    self.assertIsNotNone(match_id, "%s uses ID before a match is "
                                         "made" % line)
                    run = re.sub(r"\bID\b", match_id, run)
                stream = " -N " in run
                # curl's -w writes the status to stderr; a stream is
                # read for 2 seconds (it never ends by itself).
                run = run.replace("curl ", "curl -w '%{stderr}@status %{http_code}\\n' " +
                                  ("--max-time 2 " if stream else ""), 1)
                r = subprocess.run(["bash", "-c", run], cwd=tmp, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=60)
                out = r.stdout.decode("utf-8", "replace")
                err = r.stderr.decode("utf-8", "replace")
                where = "%s: %s\n-> rc %d, %s\n%s" % (line, cmd, r.returncode,
                                                                     out[-600:], err[-300:])
                if stream:
                    self.assertEqual(r.returncode, 28, where)  # curl's timeout: it streamed
                    self.assertIn("event:", out, where)
                else:
                    self.assertEqual(r.returncode, 0, where)
                m = re.search(r"@status (\d+)", err)
                self.assertIsNotNone(m, where)
                status = int(m.group(1))
                if expect:
                    self.assertEqual(status, expect, where)
                else:
                    self.assertTrue(200 <= status < 300, where)
                body = out.strip()
                if body.startswith("{") and status == 201:
                    doc = json.loads(body)
                    if "code" in doc.get("state", {}).get("class", {}):
                        env["CODE"] = doc["state"]["class"]["code"]
                    if "member" in doc and "token" in doc:  # a class member joined
                        env["M%d" % doc["member"]] = doc["token"]
                    if "host_token" in doc:
                        match_id = doc["id"]
                        env["H"] = doc["host_token"]
                        for p in doc["players"]:
                            if "token" in p:
                                env["T%d" % p["seat"]] = p["token"]
                ran += 1
        print("# %d commands of the README and the tours ran" % ran)


if __name__ == "__main__":
    wbtest.main()
