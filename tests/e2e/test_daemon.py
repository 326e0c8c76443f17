#!/usr/bin/env python3
"""test_daemon.py - end-to-end tests of wibbelld as a program.

The command line (help, version, every kind of usage error and its exit
status 2), start-up (building a missing dictionary, the data directory
from the environment, IPv6), run-time options (--max-body, --threads,
--verbose) and shutdown (SIGTERM and SIGINT give exit status 0; a port in
use gives 1).  Each daemon is started on port 0 and stopped by the pid the
test started.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding a built en_US dictionary).
"""
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

EXE = wbtest.env_path("WIBBELLD")
DATA = wbtest.make_data_dir()  # the test dictionaries, games of its own


def run(args, env=None, timeout=60):
    p = subprocess.run([EXE] + args, capture_output=True, timeout=timeout, env=env,
                       stdin=subprocess.DEVNULL)
    report = wbtest.sanitizer_report(p.stderr.decode("utf-8", "replace"))
    if report:
        raise AssertionError("wibbelld %r: sanitizer report:\n%s" % (args, report))
    return p


def have_ipv6_loopback():
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


class CommandLine(unittest.TestCase):
    def test_help(self):
        p = run(["--help"])
        self.assertEqual(p.returncode, 0)
        out = p.stdout.decode()
        self.assertIn("Usage: wibbelld", out)
        for opt in ("--listen", "--data-dir", "--dictionaries", "--threads", "--max-body",
                    "--verbose", "--version"):
            self.assertIn(opt, out)
        self.assertEqual(run(["-h"]).returncode, 0)

    def test_version(self):
        p = run(["--version"])
        self.assertEqual(p.returncode, 0)
        self.assertRegex(p.stdout.decode(), r"^wibbelld \d+\.\d+\.\d+\n$")
        self.assertEqual(run(["-V"]).stdout, p.stdout)

    def test_usage_errors(self):
        cases = [
            ["--bogus"], ["-x"], ["--listen"], ["--listen", "nope"], ["--listen", "::1:80"],
            ["--listen", "127.0.0.1:99999"], ["--listen", "127.0.0.1:"], ["--listen", "[::1]80"],
            ["--listen", "[]:80"], ["--listen", "127.0.0.1:8x"], ["--threads", "x"],
            ["--threads", "-1"], ["--threads", "100000"], ["--max-body", "0"],
            ["--max-body", "12Q"], ["--max-body", "2G"], ["--dictionaries", "../etc"],
            ["--dictionaries", ""], ["--dictionaries", "en_US,,en_GB"], ["--data-dir", ""],
            ["extra"], ["--lease-ms", "299"], ["--lease-ms", "3s"], ["--lease-ms", "3600001"],
        ]
        for args in cases:
            p = run(args + ["--data-dir", DATA] if "--data-dir" not in args else args)
            self.assertEqual(p.returncode, 2, "%r: %r" % (args, p.stderr))
            err = p.stderr.decode()
            self.assertTrue(err.startswith("wibbelld: "), "%r: %r" % (args, err))
            self.assertIn("--help", err)
            self.assertEqual(p.stdout, b"", args)

    def test_unknown_dictionary_id(self):
        with tempfile.TemporaryDirectory() as tmp:
            data = os.path.join(tmp, "a", "b")
            p = run(["--listen", "127.0.0.1:0", "--data-dir", data, "--dictionaries", "zz_ZZ"])
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn("zz_ZZ", p.stderr.decode())
            self.assertTrue(os.path.isdir(data), "the data directory was not created")

    def test_data_dir_is_a_file(self):
        with tempfile.NamedTemporaryFile() as f:
            p = run(["--listen", "127.0.0.1:0", "--data-dir", f.name])
            self.assertEqual(p.returncode, 1, p.stderr)
            self.assertIn("data directory", p.stderr.decode())


class Lifecycle(unittest.TestCase):
    def test_sigterm(self):
        d = wbtest.Daemon().start()
        self.assertEqual(d.stop(signal.SIGTERM), 0)

    def test_sigint(self):
        d = wbtest.Daemon().start()
        self.assertEqual(d.stop(signal.SIGINT), 0)

    def test_stdout_is_one_line(self):
        d = wbtest.Daemon().start()
        self.assertEqual(d.host, "127.0.0.1")
        self.assertEqual(d.stop(), 0)

    def test_port_in_use(self):
        a = wbtest.Daemon().start()
        try:
            p = run(["--listen", "127.0.0.1:%d" % a.port, "--data-dir", DATA])
            self.assertEqual(p.returncode, 1, p.stderr)
            self.assertIn("listen", p.stderr.decode())
            self.assertEqual(p.stdout, b"")
            st, _, _ = a.request("GET", "/healthz")
            self.assertEqual(st, 200)
        finally:
            self.assertEqual(a.stop(), 0)

    def test_address_not_here(self):
        p = run(["--listen", "192.0.2.1:0", "--data-dir", DATA])  # TEST-NET-1
        self.assertEqual(p.returncode, 1, p.stderr)

    @unittest.skipUnless(have_ipv6_loopback(), "no IPv6 loopback")
    def test_ipv6(self):
        d = wbtest.Daemon(listen="[::1]:0").start()
        try:
            self.assertEqual(d.host, "::1")
            st, _, body = d.request("GET", "/v1/dictionaries/en_US/words/explore")
            self.assertEqual(st, 200)
            self.assertTrue(json.loads(body)["valid"])
        finally:
            self.assertEqual(d.stop(), 0)

    def test_serves_only_the_named_dictionaries(self):
        """--dictionaries names what is served, the first is the default,
        even when the data directory holds more."""
        d = wbtest.Daemon(args=["--dictionaries", "en_GB"]).start()
        try:
            st, _, body = d.request("GET", "/v1/dictionaries")
            self.assertEqual(st, 200)
            dicts = json.loads(body)["dictionaries"]
            self.assertEqual([x["id"] for x in dicts], ["en_GB"])
            self.assertTrue(dicts[0]["default"])
            st, _, body = d.request("GET", "/v1/dictionaries/en_US/words/colour")
            self.assertEqual(st, 404)
            self.assertEqual(json.loads(body)["code"], "unknown_dictionary")
        finally:
            self.assertEqual(d.stop(), 0)

    def test_data_dir_from_environment(self):
        env = dict(os.environ, WIBBELLD_DATA_DIR=wbtest.make_data_dir())
        d = wbtest.Daemon(env=env, data_dir_arg=False).start()
        try:
            st, _, body = d.request("GET", "/v1/dictionaries")
            self.assertEqual(st, 200)
            self.assertIn("en_US", [x["id"] for x in json.loads(body)["dictionaries"]])
        finally:
            self.assertEqual(d.stop(), 0)

    def test_builds_a_missing_dictionary(self):
        tmp = tempfile.mkdtemp(prefix="wibbelld-e2e-")
        try:
            data = os.path.join(tmp, "data")
            # one dictionary named: the default three take three builds,
            # long under the sanitizers on a busy machine
            d = wbtest.Daemon(data_dir=data, args=["--dictionaries", "en_US"]).start()
            try:
                st, _, body = d.request("GET", "/v1/dictionaries/en_US/words/explore")
                self.assertEqual(st, 200)
                self.assertTrue(json.loads(body)["valid"])
                first_peak = peak_kb(d.proc.pid)
            finally:
                self.assertEqual(d.stop(), 0)
            err = d.stderr_text()
            self.assertIn("building dictionary en_US", err)
            self.assertRegex(err, r"built dictionary en_US in")
            # the second start reuses it
            d = wbtest.Daemon(data_dir=data, args=["--dictionaries", "en_US"]).start()
            try:
                st, _, _ = d.request("GET", "/v1/dictionaries/en_US/words/explore")
                self.assertEqual(st, 200)
                warm_peak = peak_kb(d.proc.pid)
            finally:
                self.assertEqual(d.stop(), 0)
            self.assertNotIn("building", d.stderr_text())
            # The build ran in a child process: the daemon's own peak
            # resident size is a warm start's, not the build's (~100 MB
            # when it built in the daemon, 18 MB warm).
            self.assertLess(first_peak, warm_peak * 1.5,
                            "first start peak %d kB, warm start %d kB" % (first_peak, warm_peak))
        finally:
            shutil.rmtree(tmp)


def peak_kb(pid):
    """The peak resident size (VmHWM) of a process, in kB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM for pid %d" % pid)


class Options(unittest.TestCase):
    def test_max_body(self):
        d = wbtest.Daemon(args=["--max-body", "100"]).start()
        try:
            small = {"word": "kissing", "cards": ["NZ"]}
            st, _, _ = d.request("POST", "/v1/wibbell/check", small)
            self.assertEqual(st, 200)
            big = {"word": "kissing", "cards": ["NZ"], "used": ["x" * 200]}
            st, hdrs, body = d.request("POST", "/v1/wibbell/check", big)
            self.assertEqual(st, 413)
            self.assertEqual(json.loads(body)["code"], "body_too_large")
        finally:
            self.assertEqual(d.stop(), 0)

    def test_one_thread(self):
        d = wbtest.Daemon(args=["--threads", "1"]).start()
        errors = []

        def worker():
            for _ in range(20):
                try:
                    st, _, _ = d.request("GET", "/v1/dictionaries/en_US/words/explore")
                    if st != 200:
                        errors.append(st)
                except OSError as e:
                    errors.append(repr(e))

        try:
            ts = [threading.Thread(target=worker) for _ in range(4)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()
            self.assertEqual(errors, [])
        finally:
            self.assertEqual(d.stop(), 0)

    def test_verbose_logs_every_request(self):
        d = wbtest.Daemon(args=["-v"]).start()
        d.request("GET", "/healthz")
        d.request("GET", "/nope")
        self.assertEqual(d.stop(), 0)
        err = d.stderr_text()
        self.assertRegex(err, r'"GET /healthz" 200 ')
        self.assertRegex(err, r'"GET /nope" 404 .*not_found')

    def test_quiet_by_default(self):
        d = wbtest.Daemon().start()
        d.request("GET", "/healthz")
        d.request("GET", "/nope")
        self.assertEqual(d.stop(), 0)
        self.assertNotIn('"GET', d.stderr_text())
        # nor does libmicrohttpd complain about how it was started
        self.assertNotIn("MHD_OPTION", d.stderr_text())


if __name__ == "__main__":
    wbtest.main()
