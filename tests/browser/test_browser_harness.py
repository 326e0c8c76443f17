#!/usr/bin/env python3
"""test_browser_harness.py - a browser module whose browser does not start
leaves no daemon running (and no browser profile behind: counted in the
child's own temporary directory, which run_child gives it, so that a
browser test running beside it counts for nothing).  A browser a test
hands on to the next (wbbrowser.py keeps a passed test's Chromiums) keeps
nothing of its pages: no storage, no service worker, no emulation, no
blocked or offline network, no page open.

The case of tests/e2e/test_harness.py with wbbrowser.py: the child's
setUpModule starts the module's daemon (W.start_daemon) and then a
Browser with no Chromium on its PATH, which fails.

Needs: WIBBELLD, WIBBELLD_TEST_DATA; python3-selenium (the system python3).
"""
import os
import sys
import time
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "e2e"))
import wbtest  # noqa: E402
import test_harness as H  # noqa: E402
sys.path.insert(0, HERE)
import wbbrowser as W  # noqa: E402
D = None


def setUpModule():
    global D
    D = W.start_daemon()


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



class HandedOn(unittest.TestCase):
    def test_a_browser_handed_on_keeps_nothing(self):
        b = W.Browser(1280, 720)
        c = b.c
        b.open(W.url(D, "/web/study.html"))
        b.d.execute_script("localStorage.setItem('wb-left', '1'); sessionStorage.setItem('wb-left', '1')")
        b.wait(lambda d: d.execute_script("return navigator.serviceWorker.getRegistrations()"
                                          ".then(rs => rs.length)"), "the study page's service worker")
        b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme",
                                                                         "value": "dark"}]})
        b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 500, "height": 500, "deviceScaleFactor": 2, "mobile": True})
        b.d.execute_cdp_cmd("Network.enable", {})
        b.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/web/*"]})
        b.d.execute_script("console.error('left behind')")
        b.quit()
        self.assertIn(c, W._free, "handed on")
        b = W.Browser(390, 844)
        self.assertIs(b.c, c, "the same Chromium")
        self.assertEqual(b.d.current_url, "about:blank")
        self.assertEqual(b.js_errors(), [])
        b.open(W.url(D, "/web/index.html"))
        b.one("body")
        got = b.d.execute_script("""
          return [localStorage.length, sessionStorage.length, matchMedia('(prefers-color-scheme: dark)').matches,
                  innerWidth, devicePixelRatio, navigator.onLine]""")
        self.assertEqual(got[:3], [0, 0, False])
        self.assertEqual(got[4:], [1, True])
        self.assertNotEqual(got[3], 500)
        self.assertIn("wibbell", b.text().lower(), "the page loads (no blocked URLs)")
        deadline = time.monotonic() + W.WAIT
        while b.d.execute_script("return navigator.serviceWorker.getRegistrations().then(rs => rs.length)"):
            self.assertLess(time.monotonic(), deadline, "the service worker still registered")
            time.sleep(0.05)


if __name__ == "__main__":
    W.main()
