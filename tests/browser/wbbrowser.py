"""wbbrowser.py - what the browser tests of the pages share.

Headless Chromium from Debian (`chromium`, driven by `chromium-driver`
through `python3-selenium`) against the real daemon on 127.0.0.1 port 0
(tests/e2e/wbtest.py starts and stops it).  Each Browser is its own
Chromium process with its own profile: three of them are three phones.
The window is a phone's, 360 px wide.  A Browser remembers the JavaScript
errors the page logged; the tests assert there were none.  A test waits
for the page to show the match's version (wait_version) before it reads or
taps it after the match moved on elsewhere; WIBBELLD_THROTTLE=6 in the
environment runs every page six times slower, which shows a missing wait.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import wbtest  # noqa: E402
import wbgames  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from selenium.common.exceptions import NoAlertPresentException, StaleElementReferenceException  # noqa: E402

WAIT = 30  # seconds a page may take to show what a step expects (not a timing assertion)
SHOTS = os.environ.get("WIBBELLD_SHOTS") or os.path.join(tempfile.gettempdir(), "wibbelld-shots")

_browsers = []   # the Browsers in use
_chromiums = []  # every Chromium started and not yet quit
_free = []       # those no Browser uses now, reset, for the next one


def chromium():
    for name in ("chromium", "chromium-browser"):
        p = shutil.which(name)
        if p:
            return p
    raise RuntimeError("no chromium: apt-get install chromium chromium-driver")


class _Chromium:
    """One headless Chromium process with its own profile and its driver."""

    def __init__(self, width, height):
        # Registered first, so quit_all() removes whatever was made even
        # when the browser does not start.
        self.d = None
        self.profile = tempfile.mkdtemp(prefix="wibbelld-chromium-")
        self.origins = set()  # where its pages were: what a reset clears
        _chromiums.append(self)
        o = webdriver.ChromeOptions()
        o.binary_location = chromium()
        for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--no-first-run", "--disable-extensions", "--disable-background-networking",
                  "--disable-sync", "--mute-audio", "--force-device-scale-factor=1",
                  "--hide-scrollbars", "--window-size=%d,%d" % (width, height), "--user-data-dir=" + self.profile):
            o.add_argument(a)
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        drv = shutil.which("chromedriver") or "/usr/bin/chromedriver"
        self.d = webdriver.Chrome(service=Service(drv), options=o)
        if os.environ.get("WIBBELLD_THROTTLE"):  # e.g. 6: pages 6 times slower, to flush out races
            self.d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": float(os.environ["WIBBELLD_THROTTLE"])})

    def quit(self):
        try:
            if self.d is not None:
                self.d.quit()
        except Exception:
            pass
        finally:
            self.d = None
            shutil.rmtree(self.profile, ignore_errors=True)
            if self in _chromiums:
                _chromiums.remove(self)

    def reset(self):
        """Leave nothing of the last test's pages for the next: no page open
        (its streams and timers end), no storage, service worker, cookie or
        cached answer of any origin it was on, no emulation, block or
        download folder set, the log read.  Raises when it cannot."""
        d = self.d
        try:
            d.switch_to.alert.dismiss()
        except NoAlertPresentException:
            pass
        here = d.current_url
        if here.startswith("http"):
            self.origins.add(_origin(here))
            # what the page's own origin may clear from a page of it
            d.execute_script("""
              try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}
              if (navigator.serviceWorker)
                navigator.serviceWorker.getRegistrations().then(rs => rs.forEach(r => r.unregister()));""")
        d.get("about:blank")
        for o in sorted(self.origins):
            d.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": o, "storageTypes": "all"})
        self.origins.clear()
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                               "downloadThroughput": -1, "uploadThroughput": -1})
        d.execute_cdp_cmd("Network.clearBrowserCookies", {})
        d.execute_cdp_cmd("Network.clearBrowserCache", {})
        d.execute_cdp_cmd("Network.disable", {})
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})
        d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "default"})
        if len(d.window_handles) != 1:
            raise RuntimeError("more than one window")
        d.get_log("browser")


def _origin(u):
    p = urllib.parse.urlsplit(u)
    return "%s://%s" % (p.scheme, p.netloc)


class Browser:
    """One headless Chromium with its own profile, a phone-sized window.
    A test's browsers go on to the next test of the module when it passed
    (reset: no page, no storage, no emulation; see _Chromium.reset), since
    a Chromium takes seconds to start; quit() hands one on at once, and
    the module's end quits them all."""

    def __init__(self, width=360, height=780):
        self.d = None
        self.errors = []
        self.test = _test[0]  # None: the module's own (from setUpModule)
        self.c = _free.pop() if _free else None
        _browsers.append(self)
        if self.c is None:
            self.c = _Chromium(width, height)
        self.d = self.c.d
        self.d.set_window_size(width, height)

    @property
    def profile(self):
        return self.c.profile if self.c else None

    def quit(self, keep=True):
        """Hand the Chromium on to the next Browser (reset), or quit it where
        `keep` is false or the reset fails."""
        c, self.c, self.d = self.c, None, None
        if self in _browsers:
            _browsers.remove(self)
        if c is None or c.d is None:
            return
        if keep:
            try:
                c.reset()
                _free.append(c)
                return
            except Exception as e:
                sys.stderr.write("wbbrowser: a browser not reset (%s): quit\n" % e)
        c.quit()

    def open(self, url):
        self.c.origins.add(_origin(url))
        self.d.get(url)
        # a page whose fragment alone changed is not reloaded by get()
        self.d.refresh() if "#" in url and self.d.current_url == url else None

    def js_errors(self):
        """Errors the page logged since the last call (console errors and
        uncaught exceptions), as strings."""
        out = []
        for e in self.d.get_log("browser"):
            if e.get("level") == "SEVERE":
                out.append(e.get("message", ""))
        self.errors += out
        return out

    def wait(self, cond, what, timeout=WAIT):
        """Wait until cond(driver) is truthy; fail saying `what`."""
        try:
            return WebDriverWait(self.d, timeout, poll_frequency=0.05).until(lambda d: cond(d))
        except Exception:
            raise AssertionError("the page did not show %s within %ss; page text:\n%s\nJS errors: %s"
                                 % (what, timeout, self.text()[:1500], self.js_errors()))

    def inner_size(self, w, h):
        """Make the window's inner size (what a screen shows of the page)
        w x h.  A resize lands when the browser gets to it: the frame and
        the inner size are measured until two readings agree before the
        next resize is aimed (a reading taken before a resize landed would
        aim it wrong)."""
        last = [None]

        def fit(d):
            o = d.get_window_size()
            now = (o["width"], o["height"]) + tuple(d.execute_script("return [innerWidth, innerHeight]"))
            if now[2:] == (w, h):
                return True
            if now == last[0]:  # settled, and not yet right: aim from here
                d.set_window_size(now[0] + w - now[2], now[1] + h - now[3])
                last[0] = None
            else:
                last[0] = now
            return False
        self.d.set_window_size(w, h)
        self.wait(fit, "an inner size of %dx%d" % (w, h))

    def css(self, sel):
        return self.d.find_elements(By.CSS_SELECTOR, sel)

    def one(self, sel, what=None):
        return self.wait(lambda d: (d.find_elements(By.CSS_SELECTOR, sel) or [None])[0], what or sel)

    def click(self, sel, what=None, text=None):
        """Click the first element matching `sel` (and showing `text`) once
        it is there and enabled."""
        def go():
            el = self.wait(lambda d: self.retry(lambda: next(
                (e for e in d.find_elements(By.CSS_SELECTOR, sel)
                 if e.is_displayed() and e.is_enabled() and (text is None or e.text == text)),
                None), sel), what or text or sel)
            self.d.execute_script("arguments[0].scrollIntoView({block:'center'})", el)
            el.click()
        self.retry(go, sel)

    def retry(self, fn, what):
        """fn() again while the page redraws the element under it (a page
        redraws when the match moves on)."""
        for _ in range(50):
            try:
                return fn()
            except StaleElementReferenceException:
                time.sleep(0.05)
        raise AssertionError("the page kept redrawing " + what)

    def type(self, sel, text, submit=False):
        def go():
            el = self.one(sel)
            el.clear()
            el.send_keys(text + ("\n" if submit else ""))
        self.retry(go, sel)

    def select(self, sel, text):
        self.retry(lambda: Select(self.one(sel)).select_by_visible_text(text), sel)

    def attr(self, sel, name):
        """The attribute of each element matching sel, now."""
        return self.retry(lambda: [e.get_attribute(name) for e in self.css(sel)], sel)

    def text(self, sel="body"):
        for _ in range(50):
            try:
                return self.d.find_element(By.CSS_SELECTOR, sel).text
            except StaleElementReferenceException:
                time.sleep(0.02)
            except Exception:
                return ""
        return ""

    def texts(self, sel):
        """The text of every element `sel` finds, read in one step (no
        element is held, so a redraw between finding and reading them
        cannot leave a stale one)."""
        return self.d.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]), e => e.innerText)", sel)

    def content(self, sel):
        """The text of `sel` even where it is hidden (a closed <details>)."""
        return self.retry(lambda: "".join(e.get_attribute("textContent") for e in self.css(sel)), sel)

    def wait_text(self, needle, sel="body", timeout=WAIT):
        return self.wait(lambda d: needle in self.text(sel), repr(needle) + " in " + sel, timeout)

    def wait_match(self, pattern, sel="body", timeout=WAIT):
        """Wait until the text of `sel` matches the regular expression
        `pattern` whole (what the caller reads: waiting for a part of it,
        then reading the rest, reads whatever the page shows then); the
        match."""
        rx = re.compile(pattern)
        return self.wait(lambda d: rx.search(self.text(sel)), repr(pattern) + " in " + sel, timeout)

    def wait_version(self, version, what=None):
        """Wait until the page shows version `version` of its match drawn
        with the actions listed for it (the board marks #board[data-version]
        then): before a test reads or taps a page after the match moved on
        elsewhere (another phone, an HTTP call, a timer), since until then the
        page may show the last view, or the new view with the last actions."""
        return self.one("#board[data-version='%d']" % version, what or "version %d of the match" % version)

    def layout_shift(self):
        """The page's cumulative layout shift so far: Chromium's
        'layout-shift' entries not caused by input, summed (Lighthouse's CLS
        for a page that loads once).  0 when nothing on screen moved as the
        page filled in; Lighthouse calls under 0.1 good."""
        return self.d.execute_script("""
          const po = new PerformanceObserver(() => {});
          po.observe({type: 'layout-shift', buffered: true});
          const sum = po.takeRecords().filter(e => !e.hadRecentInput).reduce((s, e) => s + e.value, 0);
          po.disconnect();
          return sum;""")

    def overflow(self):
        """(scrollWidth, clientWidth) of the document: equal when nothing
        sticks out sideways."""
        return tuple(self.d.execute_script(
            "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"))

    def bad_targets(self, sel="#board"):
        """Visible buttons and inputs under `sel` under 44 px high, tappable
        SVG shapes under 40 px on a zoomed board, and any of them without a
        name (a screen reader's label)."""
        return self.d.execute_script("""
          const out = [];
          for (const e of document.querySelectorAll(arguments[0] + ' :is(button, input, select, [role=button])')) {
            const r = e.getBoundingClientRect();
            if (!r.width || !r.height) continue;
            const name = e.getAttribute('aria-label') || e.textContent.trim() ||
              (e.id && document.querySelector('label[for="' + e.id + '"]'));
            // a shape on a board that pans and zooms: 40 px when zoomed in
            const min = e instanceof SVGElement ? (e.closest('.zoom') ? 40 : 0) : 44;
            if (r.height < min || !name) out.push(e.outerHTML.slice(0, 80) + ' ' + r.height);
          }
          return out;""", sel)

    def shot(self, name):
        """Save a screenshot of the whole page as SHOTS/name.png."""
        os.makedirs(SHOTS, exist_ok=True)
        path = os.path.join(SHOTS, name + ".png")
        h = self.d.execute_script("return document.documentElement.scrollHeight")
        w = self.d.get_window_size()
        self.d.set_window_size(w["width"], max(w["height"], min(int(h) + 140, 4000)))
        self.d.save_screenshot(path)
        self.d.set_window_size(w["width"], w["height"])
        return path


_test = [None]  # the test running now


def _after_test(test, passed):
    """A test's browsers are handed on when it passed, quit when it did not
    (whatever state a failure left them in goes with them)."""
    for b in [b for b in _browsers if b.test is test]:
        b.quit(keep=passed)
    _test[0] = None


def _before_test(test):
    _test[0] = test


wbtest.BEFORE_TEST.append(_before_test)
wbtest.AFTER_TEST.append(_after_test)


def quit_all():
    while _browsers:
        _browsers.pop().quit(keep=False)
    while _free:
        _free.pop().quit()
    while _chromiums:
        _chromiums.pop().quit()


def start_daemon():
    """From setUpModule: the module's daemon, its stop and the browsers'
    quit registered before anything can fail (a browser that does not
    start leaves no daemon running)."""
    d = wbgames.module_daemon()
    unittest.addModuleCleanup(quit_all)  # clean-ups run last first: before the stop
    return d


def url(d, path):
    return "http://%s:%d%s" % (d.host, d.port, path)


def play_link(d, m, seat=None):
    """The play page of match `m` (the create answer) as docs/pages.md writes
    it, play.html#g=ID&t=TOKEN: a seat's (a number), the host's ("host")
    or, with seat None, the watchers' (no token)."""
    t = m["host_token"] if seat == "host" else None if seat is None else m["players"][seat]["token"]
    return url(d, "/web/play.html#g=%s" % m["id"] + ("&t=" + t if t else ""))


def find_word(d, cards, used=(), dictionary="en_US", skip=0):
    """A word that covers `cards` (letter strings) and is not used."""
    q = "cards=" + ",".join(cards) + "&limit=%d" % (skip + 1)
    if used:
        q += "&used=" + ",".join(used)
    st, _, doc = d.json("GET", "/v1/dictionaries/%s/match?%s" % (dictionary, q))
    assert st == 200 and len(doc["words"]) > skip, (cards, doc)
    return doc["words"][skip]


def main():
    try:
        wbtest.main()
    finally:
        quit_all()
