#!/usr/bin/env python3
"""test_browser_harness.py - a browser module whose browser does not start
leaves no daemon running (and no browser profile behind: counted in the
child's own temporary directory, which run_child gives it, so that a
browser test running beside it counts for nothing).

The case of tests/e2e/test_harness.py with wbbrowser.py: the child's
setUpModule starts the module's daemon (W.start_daemon) and then a
Browser with no Chromium on its PATH, which fails.

Needs: WIBBELLD, WIBBELLD_TEST_DATA; python3-selenium (the system python3).
"""
import os
import sys
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
import wbtest  # noqa: E402
import test_harness as H  # noqa: E402


class BrowserModule(unittest.TestCase):
    def test_browser_that_does_not_start(self):
        pid, rc, out = H.run_child("""
            import glob, tempfile
            import wbbrowser as W
            os.environ["PATH"] = "/nonexistent"  # no chromium to find
            # run_child gives this program a TMPDIR of its own: a profile
            # there is this program's (a browser test beside it makes its
            # own in its own temporary directory)
            assert tempfile.gettempdir() == os.environ["TMPDIR"], tempfile.gettempdir()
            assert not glob.glob(os.path.join(tempfile.gettempdir(), "wibbelld-chromium-*"))

            def setUpModule():
                global D, B
                D = W.start_daemon()
                note(D)
                B = W.Browser()

            def left():
                now = glob.glob(os.path.join(tempfile.gettempdir(), "wibbelld-chromium-*"))
                print("# profiles left: %d" % len(now))
            unittest.addModuleCleanup(left)  # runs after the module's own

            class T(unittest.TestCase):
                def test_x(self):
                    pass

            wbtest.main()
            """, extra_path=HERE)
        self.assertNotEqual(rc, 0, out)
        self.assertIn("no chromium", out)
        self.assertFalse(H.wibbelld_alive(pid), "wibbelld pid %d outlived its test program:\n%s"
                         % (pid, out))
        self.assertIn("# profiles left: 0", out)


if __name__ == "__main__":
    wbtest.main()
