#!/usr/bin/env python3
"""test_systemd_unit.py - deploy/wibbelld.service holds up.

- `systemd-analyze security --offline=true` rates the unit under 3.0
  ("OK"), with Type=notify and the daemon's data in its StateDirectory=.
- Every system call the daemon makes in a first start (building en_US in
  its child), creating and playing a match, an event stream, dictionary
  requests and a shutdown (traced with strace -f) is one the unit's
  SystemCallFilter= lines allow, as systemd-analyze expands their groups:
  the sandbox does not kill the daemon.  Plain builds only (meson.build):
  the unit runs a release binary, and the sanitizers' runtime makes calls
  of its own.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbgames  # noqa: E402
import wbtest  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
UNIT = os.path.normpath(os.path.join(HERE, "..", "..", "deploy", "wibbelld.service"))


def tool(name):
    p = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin:/sbin:/bin")
    if not p:
        raise AssertionError("%s is not installed (deploy/debian-packages.txt)" % name)
    return p


def unit_values(key):
    vals = []
    for line in open(UNIT):
        line = line.strip()
        if line.startswith(key + "="):
            vals.append(line[len(key) + 1:])
    return vals


def syscall_groups():
    """{"@group": [names and @groups]} from systemd-analyze syscall-filter."""
    out = subprocess.run([tool("systemd-analyze"), "syscall-filter"], stdout=subprocess.PIPE,
                         check=True, timeout=60).stdout.decode()
    groups, cur = {}, None
    for line in out.splitlines():
        s = line.strip()
        if s.startswith("@") and not line.startswith(" "):
            cur = s.split()[0]
            groups[cur] = []
        elif cur and s and not s.startswith("#"):
            groups[cur].append(s.split()[0])
    return groups


def expand(groups, names):
    out = set()
    for n in names:
        if n.startswith("@"):
            if n not in groups:
                raise AssertionError("unknown system call group %s" % n)
            out |= expand(groups, groups[n])
        else:
            out.add(n)
    return out


class Unit(unittest.TestCase):
    def test_security_rating(self):
        r = subprocess.run([tool("systemd-analyze"), "security", "--offline=true", UNIT],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        text = r.stdout.decode("utf-8", "replace")
        m = re.search(r"Overall exposure level for \S+: ([0-9.]+)", text)
        self.assertIsNotNone(m, text[-2000:])
        print("# systemd-analyze security: %s" % m.group(1))
        self.assertLess(float(m.group(1)), 3.0, text)
        self.assertEqual(unit_values("Type"), ["notify"])
        self.assertEqual(unit_values("StateDirectory"), ["wibbelld"])
        self.assertIn("--data-dir /var/lib/wibbelld", unit_values("ExecStart")[0])
        self.assertEqual(unit_values("DynamicUser"), ["yes"])

    def test_every_system_call_is_allowed(self):
        groups = syscall_groups()
        allowed = set()
        for v in unit_values("SystemCallFilter"):
            if v.startswith("~"):
                allowed -= expand(groups, v[1:].split())
            else:
                allowed |= expand(groups, v.split())
        self.assertGreater(len(allowed), 100)

        tmp = tempfile.mkdtemp(prefix="wibbelld-e2e-unit-")
        try:
            trace = os.path.join(tmp, "trace")
            d = wbgames.GamesDaemon(args=["--dictionaries", "en_US"],
                                    data_dir=os.path.join(tmp, "data"))
            d.exe = tool("strace")
            d.args = ["-f", "-qq", "-c", "-o", trace, wbtest.env_path("WIBBELLD")] + d.args
            d.start()
            try:
                m = wbgames.create(d, ["ann", "bob"], {"tie_window_ms": 0}, seed=3)
                s = wbgames.EventStream(d, m.path, None)
                self.assertEqual(s.next()["event"], "view")
                wbgames.Player(self, m, 2, 48).step(m.view("host"))
                self.assertEqual(s.next()["event"], "action")
                s.close()
                st, _, _ = d.request("GET", "/v1/dictionaries/en_US/match?cards=NZ,IQ")
                self.assertEqual(st, 200)
            finally:
                # SIGTERM to the daemon (strace's child), by its pid;
                # strace exits with its status once it is gone
                with open("/proc/%d/task/%d/children" % (d.proc.pid, d.proc.pid)) as f:
                    child = int(f.read().split()[0])
                os.kill(child, signal.SIGTERM)
                d.proc.wait(timeout=60)
                self.assertEqual(d.stop(), 0, d.stderr_text()[-2000:])
            used = set()
            for line in open(trace):
                f = line.split()
                if len(f) >= 5 and re.match(r"^[0-9.]+$", f[0]) and f[-1] != "total":
                    used.add(f[-1])
            self.assertIn("wait4", used, "the dictionary was built in a child")
            self.assertGreater(len(used), 30)
            self.assertEqual(sorted(used - allowed), [],
                             "system calls the unit's SystemCallFilter= would refuse")
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    wbtest.main()
