#!/usr/bin/env python3
"""test_setup.py - `setup.sh run` installs what the daemon needs, `test` the rest.

deploy/debian-packages.txt is the one list, in two sections: [run] (what
building and running the daemon needs) and [test] (what the tests and
benchmarks add).  With every package reported missing (a dpkg-query of
our own first on PATH) and WIBBELLD_SETUP_DRY_RUN set, setup.sh prints
what it would install and stops:
 - `run` asks for the [run] section alone: no browser, proxy, strace,
   systemd, selenium or cmocka;
 - `test` and `build` ask for both sections, `bench` for both and wrk;
 - with everything installed, nothing;
 - the Containerfile's build stage installs the [run] section, read from
   the same file.
Runs no apt-get and builds nothing.
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

TOP = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
LIST = os.path.join(TOP, "deploy", "debian-packages.txt")
SETUP = os.path.join(TOP, "deploy", "setup.sh")
TEST_TOOLS = {"chromium", "chromium-driver", "python3-selenium", "nginx-light", "strace",
              "systemd", "libcmocka-dev", "zbar-tools", "universal-ctags", "curl"}


def sections():
    out, sec = {}, None
    for line in open(LIST):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = re.fullmatch(r"\[([a-z]+)\]", line)
        if m:
            sec = m.group(1)
            out.setdefault(sec, [])
            continue
        assert sec, "a package before the first section: %s" % line
        out[sec].append(line.split()[0])
    return out


def would_install(cmd, installed):
    """What `setup.sh cmd` would install when dpkg-query says every
    package is (installed=True) or is not installed."""
    with tempfile.TemporaryDirectory() as tmp:
        fake = os.path.join(tmp, "dpkg-query")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\n" + ("echo 'install ok installed'\n" if installed else "exit 1\n"))
        os.chmod(fake, 0o755)
        env = dict(os.environ, PATH=tmp + os.pathsep + os.environ["PATH"],
                   WIBBELLD_SETUP_DRY_RUN="1")
        r = subprocess.run(["bash", SETUP, cmd], env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=60)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    m = re.search(r"^setup: would install(.*)$", out, re.M)
    assert m, out
    return m.group(1).split()


class Packages(unittest.TestCase):
    def test_two_sections_each_package_once(self):
        s = sections()
        self.assertEqual(sorted(s), ["run", "test"])
        every = s["run"] + s["test"]
        self.assertEqual(len(every), len(set(every)), every)
        self.assertEqual(TEST_TOOLS & set(s["run"]), set())
        self.assertLessEqual(TEST_TOOLS, set(s["test"]))

    def test_run_installs_what_the_daemon_needs(self):
        got = would_install("run", installed=False)
        self.assertEqual(got, sections()["run"])
        self.assertEqual(TEST_TOOLS & set(got), set())

    def test_test_and_build_install_both(self):
        s = sections()
        for cmd in ("test", "build"):
            self.assertEqual(would_install(cmd, installed=False), s["run"] + s["test"], cmd)
        self.assertEqual(would_install("bench", installed=False),
                         s["run"] + s["test"] + ["wrk", "procps"])

    def test_nothing_when_all_is_installed(self):
        self.assertEqual(would_install("run", installed=True), [])
        self.assertEqual(would_install("test", installed=True), [])

    def test_container_build_stage_reads_the_run_section(self):
        text = open(os.path.join(TOP, "deploy", "Containerfile")).read()
        m = re.search(r"\$\((sed [^)]*) /tmp/debian-packages\.txt\)", text)
        self.assertIsNotNone(m, "the build stage does not read the list")
        r = subprocess.run(["bash", "-c", m.group(1) + ' "$0"', LIST], stdout=subprocess.PIPE,
                           timeout=30)
        self.assertEqual(r.stdout.decode().split(), sections()["run"])


if __name__ == "__main__":
    wbtest.main()
