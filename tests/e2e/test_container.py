#!/usr/bin/env python3
"""test_container.py - deploy/Containerfile and its ignore files, read.

Building the image needs podman (or docker) and a registry, which the
suite does not have (it was built and run by hand: see docs/install.md).  What
can be checked without them is what went wrong before: the build
directories stay out of the context (.containerignore, and .dockerignore
the same), the volume does not cover the baked dictionaries, and the
daemon does not run as root.
"""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def read(*p):
    with open(os.path.join(TOP, *p)) as f:
        return f.read()


def instructions(text):
    """(KEYWORD, argument) per instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", text)
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            k, _, arg = line.partition(" ")
            out.append((k.upper(), arg.strip()))
    return out


class Container(unittest.TestCase):
    def test_ignore_files_keep_build_dirs_out(self):
        ci, di = read(".containerignore"), read(".dockerignore")
        self.assertEqual(ci, di, ".containerignore and .dockerignore differ")
        pats = [l.strip() for l in ci.splitlines() if l.strip() and not l.startswith("#")]
        for p in ("build/", "build-*/", ".git/"):
            self.assertIn(p, pats)

    def test_volume_runs_as_non_root_and_keeps_dictionaries(self):
        ins = instructions(read("deploy", "Containerfile"))
        stages = [i for i, (k, _) in enumerate(ins) if k == "FROM"]
        self.assertGreaterEqual(len(stages), 2, "a build stage and a run stage")
        run = ins[stages[-1]:]
        users = [a for k, a in run if k == "USER"]
        self.assertTrue(users and users[-1] not in ("root", "0"), users)
        volumes = [a for k, a in run if k == "VOLUME"]
        self.assertEqual(volumes, ["/var/lib/wibbelld/games"])
        cmd = [a for k, a in run if k == "CMD"][-1]
        self.assertIn('"--data-dir", "/var/lib/wibbelld"', cmd)
        body = " ".join(a for _, a in run)
        # the data directory's dict/ is a link into the image, not in the volume
        self.assertIn("ln -s /usr/share/wibbelld/dict /var/lib/wibbelld/dict", body)
        self.assertRegex(body, r"/baked/dict /usr/share/wibbelld/dict")
        for v in volumes:
            self.assertFalse("/usr/share/wibbelld/dict".startswith(v.rstrip("/") + "/"))
            self.assertFalse("/var/lib/wibbelld/dict".startswith(v.rstrip("/") + "/"))


if __name__ == "__main__":
    wbtest.main()
