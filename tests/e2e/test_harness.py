#!/usr/bin/env python3
"""test_harness.py - no test program leaves a daemon running, whatever fails.

Each case runs a small test program of its own (a child python3 with
wbtest.py on its path) that starts a daemon the way the suite's modules
do and then fails: its module set-up fails after the start (a browser
that does not come up), its class set-up does, or the program is stopped
with SIGTERM (meson's timeout) while its daemon runs.  The child writes
the daemon's pid to a file; once the child has exited, no process of that
pid may be left (and its /proc entry, if any, is not a wibbelld).

And every setUpModule / setUpClass of the suite that starts something
registers its clean-up before the start (module_daemon, class_daemon,
addModuleCleanup, addClassCleanup): a check of the test sources.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA.
"""
import ast
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import wbtest  # noqa: E402

PRELUDE = textwrap.dedent("""\
    import os, sys, time, unittest
    sys.dont_write_bytecode = True
    sys.path[:0] = [%r, %r]
    import wbtest, wbgames
    PIDFILE = %r

    def note(d):
        with open(PIDFILE, "w") as f:
            f.write(str(d.proc.pid))
    """)


def wibbelld_alive(pid):
    """Is process `pid` still a wibbelld (not yet reaped, or running)?"""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            cmd = f.read()
    except OSError:
        return False
    with open("/proc/%d/stat" % pid) as f:
        state = f.read().rsplit(")", 1)[1].split()[0]
    return b"wibbelld" in cmd and state != "Z"


def run_child(body, extra_path=None, stop_after=None, timeout=120):
    """Run PRELUDE + body as a test program, with a temporary directory
    (TMPDIR) of its own; the daemon's pid it wrote, the program's exit
    status and its output.  `stop_after`: send the program
    SIGTERM once the pid is written."""
    tmp = tempfile.mkdtemp(prefix="wibbelld-harness-")
    pidfile = os.path.join(tmp, "pid")
    prog = os.path.join(tmp, "child.py")
    # The child's temporary directory is its own (what it makes there,
    # and only that, is there: a test beside it makes its own elsewhere).
    own_tmp = os.path.join(tmp, "tmp")
    os.mkdir(own_tmp)
    with open(prog, "w") as f:
        f.write(PRELUDE % (HERE, extra_path or HERE, pidfile) + textwrap.dedent(body))
    child = subprocess.Popen([sys.executable, prog], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                             env=dict(os.environ, TMPDIR=own_tmp))
    try:
        if stop_after is not None:
            deadline = time.monotonic() + 60
            while not os.path.exists(pidfile) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(stop_after)
            child.send_signal(signal.SIGTERM)
        out, _ = child.communicate(timeout=timeout)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    try:
        with open(pidfile) as f:
            pid = int(f.read())
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return pid, child.returncode, out.decode("utf-8", "replace")


class NoDaemonLeft(unittest.TestCase):
    def assert_gone(self, pid, rc, out):
        self.assertNotEqual(rc, 0, out)
        # The child has exited: its daemon was stopped or killed and reaped
        # (had it been left, it would still run, adopted by init).
        self.assertFalse(wibbelld_alive(pid), "wibbelld pid %d outlived its test program:\n%s"
                         % (pid, out))

    def test_module_set_up_failing_after_the_start(self):
        pid, rc, out = run_child("""
            D = None
            def setUpModule():
                global D
                D = wbgames.module_daemon()
                note(D)
                raise RuntimeError("the browser did not start")

            class T(unittest.TestCase):
                def test_x(self):
                    pass

            wbtest.main()
            """)
        self.assert_gone(pid, rc, out)
        self.assertIn("the browser did not start", out)

    def test_class_set_up_failing_after_the_start(self):
        pid, rc, out = run_child("""
            class T(unittest.TestCase):
                @classmethod
                def setUpClass(cls):
                    cls.d = wbtest.class_daemon(cls, wbtest.Daemon())
                    note(cls.d)
                    raise RuntimeError("set-up failed")

                def test_x(self):
                    pass

            wbtest.main()
            """)
        self.assert_gone(pid, rc, out)

    def test_a_daemon_started_by_hand_and_never_stopped(self):
        # A test that forgets its daemon: killed at exit, and said so.
        pid, rc, out = run_child("""
            class T(unittest.TestCase):
                def test_x(self):
                    note(wbtest.Daemon().start())
                    self.fail("a failing test")

            wbtest.main()
            """)
        self.assert_gone(pid, rc, out)
        self.assertIn("still running at exit", out)

    def test_program_stopped_by_sigterm(self):
        # meson's timeout sends SIGTERM to the test program.
        pid, rc, out = run_child("""
            def setUpModule():
                note(wbgames.module_daemon())

            class T(unittest.TestCase):
                def test_hangs(self):
                    time.sleep(600)

            wbtest.main()
            """, stop_after=0.5)
        self.assert_gone(pid, rc, out)


class EveryModule(unittest.TestCase):
    def test_set_ups_register_the_stop_before_the_start(self):
        tests = os.path.normpath(os.path.join(HERE, ".."))
        first = ("addModuleCleanup", "addClassCleanup", "module_daemon", "class_daemon",
                 "start_daemon")  # wbbrowser.start_daemon registers first
        bad, seen = [], 0
        for root, _, files in os.walk(tests):
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                path = os.path.join(root, f)
                for fn in ast.walk(ast.parse(open(path).read())):
                    if not (isinstance(fn, ast.FunctionDef) and
                            fn.name in ("setUpModule", "setUpClass")):
                        continue
                    seen += 1
                    calls = sorted((c for c in ast.walk(fn) if isinstance(c, ast.Call)),
                                   key=lambda c: (c.lineno, c.col_offset))
                    for c in calls:
                        name = (c.func.attr if isinstance(c.func, ast.Attribute)
                                else getattr(c.func, "id", ""))
                        if name in first:
                            break
                        if name == "start":
                            bad.append("%s:%d %s" % (os.path.relpath(path, tests), c.lineno,
                                                     fn.name))
                            break
        self.assertGreater(seen, 20)
        self.assertEqual(bad, [], "a set-up starts before it registers the stop")


if __name__ == "__main__":
    wbtest.main()
