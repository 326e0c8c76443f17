#!/usr/bin/env python3
"""test_browser_class.py - the pages of a class session in
headless Chromium: the lobby's "Start a class" opening the classroom
screen's join screen, whose QR code (read back with zbarimg from a
screenshot) leads a phone (390x844) to the join page with the code filled
in; the join's errors next to their field; the student's play view (the
word box and the verdict in words without scrolling, a reload putting the
student back); the classroom screen at 1280x720 and 1920x1080 with 7 teams
of 6 (the roster filling in live, then play: every part inside the
window), and its end (the students with the most words, the vocabulary);
the teacher's report (every word under its student, a member renamed and
readmitted from the page, the CSV downloaded, the printable layout); the
study list's review (a "not yet" card first after a reload, the list shown
from the browser's storage when the daemon cannot be reached).
Screenshots: class-*.png in WIBBELLD_SHOTS.
"""
import os
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = None
TEAMS7 = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Teal"]


def setUpModule():
    global D
    D = W.start_daemon()


def host(m):
    return W.wbgames.bearer(m["host_token"])


class Class(object):
    """A class session made over HTTP, its members joined over HTTP."""

    def __init__(self, teams, options=None, m=None):
        if m is None:
            st, _, m = D.json("POST", "/v1/games", {
                "game": "wibbell", "players": teams, "seed": 5,
                "options": dict({"class_session": True, "tie_window_ms": 200}, **(options or {}))})
            assert st == 201, m
        self.m = m
        self.id = m["id"]
        self.members = {}

    def view(self, token=None):
        st, _, v = D.json("GET", "/v1/games/" + self.id, headers=W.wbgames.bearer(token or self.m["host_token"]))
        assert st == 200, v
        return v

    def code(self):
        return self.view()["class"]["code"]

    def join(self, nickname, team=None):
        body = {"code": self.code(), "nickname": nickname}
        if team is not None:
            body["team"] = team
        st, _, j = D.json("POST", "/v1/join", body)
        assert st == 201, j
        self.members[nickname] = j
        return j

    def lock(self, locked=True):
        st, _, doc = D.json("PUT", "/v1/games/%s/class" % self.id, {"locked": locked}, headers=host(self.m))
        assert st == 200, doc

    def shout(self, nickname, word):
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % self.id, {"type": "claim", "word": word},
                            headers=W.wbgames.bearer(self.members[nickname]["token"]))
        assert st == 200, doc
        return doc

    def words(self, seat, n=20, skip_used=True):
        """Words that cover the centre and team `seat`'s cards."""
        v = self.view()
        p = v["players"][seat]
        cards = [c["letters"] for c in v["centre"] + p["handicaps"] + p["face_up"]]
        q = "cards=%s&limit=%d" % (",".join(cards), n)
        if v["used"] and skip_used:
            q += "&used=" + ",".join(v["used"])
        st, _, doc = D.json("GET", "/v1/dictionaries/%s/match?%s" % (v["dictionary"], q))
        assert st == 200 and doc["words"], (cards, doc)
        return doc["words"]

    def until(self, pred, what):
        return W.wbgames.wait_for(lambda: pred(self.view()), timeout=W.WAIT) or self.fail(what)

    def fail(self, what):
        raise AssertionError("the class did not reach " + what)

    def win_card(self, nickname):
        """`nickname` shouts a word that wins a card; its team takes one."""
        j = self.members[nickname]
        turn = self.view()["turn"]
        self.shout(nickname, self.words(j["seat"])[0])
        self.until(lambda v: v["phase"] in ("take", "keep") or v["turn"] > turn, "the take")
        tok = W.wbgames.bearer(j["token"])
        for _ in range(2):
            st, _, doc = D.json("GET", "/v1/games/%s/actions" % self.id, headers=tok)
            a = next((a for a in doc["actions"] if a["type"] in ("take", "keep")), None)
            if a:
                st, _, doc = D.json("POST", "/v1/games/%s/actions" % self.id, a, headers=tok)
                assert st == 200, doc

    def end(self):
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % self.id, {"type": "end"}, headers=host(self.m))
        assert st == 200, doc


def qr_text(b, el, name):
    """Screenshot element `el` and read its QR code back with zbarimg."""
    path = os.path.join(W.SHOTS, name + ".png")
    os.makedirs(W.SHOTS, exist_ok=True)
    el.screenshot(path)
    out = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True)
    return out.stdout.strip()


def outside(b, sel):
    """The elements matching `sel` whose box is not wholly inside the
    window (or that are cut off by a parent that hides its overflow, or
    squeezed to nothing): [(outerHTML, box)]."""
    return b.d.execute_script("""
      const out = [];
      for (const e of document.querySelectorAll(arguments[0])) {
        const r = e.getBoundingClientRect();
        let bad = !r.width || !r.height || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 ||
          r.right > innerWidth + 0.5;
        for (let p = e.parentElement; p && !bad; p = p.parentElement) {
          const s = getComputedStyle(p);
          if (s.overflow === 'visible' && s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const q = p.getBoundingClientRect();
          if (r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5 || r.left < q.left - 0.5 || r.right > q.right + 0.5)
            bad = true;
        }
        if (!bad && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).textOverflow === 'ellipsis') bad = true;
        if (bad) out.push([e.outerHTML.slice(0, 90), [r.left, r.top, r.right, r.bottom]]);
      }
      return out;""", sel)


def fits(tc, b, w, h, sels):
    """At w x h, no scrolling either way and every element of `sels` inside the window."""
    b.inner_size(w, h)
    sw, sh = b.d.execute_script("return [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    tc.assertLessEqual(sw, w, "no scrolling sideways at %dx%d" % (w, h))
    tc.assertLessEqual(sh, h, "no scrolling down at %dx%d" % (w, h))
    for s in sels:
        tc.assertTrue(b.css(s), "%s shows at %dx%d" % (s, w, h))
        tc.assertEqual(outside(b, s), [], "%s inside the window at %dx%d" % (s, w, h))


def half_shot(b, name, w, h):
    b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": w, "height": h, "deviceScaleFactor": 0.5, "mobile": False})
    os.makedirs(W.SHOTS, exist_ok=True)
    b.d.save_screenshot(os.path.join(W.SHOTS, name + ".png"))
    b.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def frag(url):
    return dict(urllib.parse.parse_qsl(urllib.parse.urlparse(url).fragment))


class JoinByQr(unittest.TestCase):
    def test_lobby_class_qr_phone_join_play_and_back(self):
        t = W.Browser(width=1280, height=720)
        t.open(W.url(D, "/web/lobby.html"))
        t.one("#c-lang option[value='fr']", "French among the class's languages")
        W.Select(t.one("#c-lang")).select_by_value("fr")
        t.click("#c-mm-team")
        t.click("#delteam")  # three teams: Red, Blue, Green
        self.assertEqual(len(t.css("#cteams input")), 3)
        t.click("#startclass")
        t.wait(lambda d: "/web/classroom.html#" in d.current_url, "the classroom screen")
        c = Class(None, m={"id": frag(t.d.current_url)["g"], "host_token": frag(t.d.current_url)["t"]})
        v = c.view()
        self.assertEqual([p["name"] for p in v["players"]], ["Red", "Blue", "Green"])
        self.assertEqual((v["class_session"], v["member_mistake"], v["learner_language"], v["classroom"]),
                         (True, "team", "fr", True), "the lobby's choices")
        code = v["class"]["code"]
        t.wait(lambda d: t.text("#code") == code, "the join code")
        t.inner_size(1280, 720)
        link = qr_text(t, t.one("#joinbox svg.qr"), "class-qr")
        self.assertEqual(link, W.url(D, "/web/join.html?code=" + code), "the QR code holds the join link")
        # the lobby remembers the class for its teacher, with the teacher's links
        c.join("Max")

        p = W.Browser(width=390, height=844)
        p.inner_size(390, 844)
        p.open(link)
        self.assertEqual(p.one("#code").get_attribute("value"), code, "the code from the QR link")
        p.type("#nick", "Zo$e", submit=True)
        p.wait_text("letters, digits", "#nick-err")
        p.type("#nick", "Max", submit=True)
        p.wait_text("already called", "#nick-err")
        self.assertEqual(p.text("#code-err"), "")
        p.type("#code", "QQQQQQ")
        p.type("#nick", "Zoe", submit=True)
        p.wait_text("no class has the join code", "#code-err")
        p.type("#code", code)
        p.type("#nick", "Zoe", submit=True)
        p.wait_text("Waiting for your teacher", "#banner")
        self.assertEqual(p.text("#title"), "Zoe")
        # the classroom screen's roster fills in from the stream
        t.wait(lambda d: "Zoe" in t.texts(".teamcol li"), "Zoe in the roster")
        me = c.view()["class"]["roster"][1]
        self.assertEqual(me["nickname"], "Zoe")
        self.assertIn("Zoe", t.text(".teamcol[data-team='%d']" % me["seat"]))
        t.click("#start")
        t.wait(lambda d: d.switch_to.alert, "the confirmation").accept()
        t.one("#teams", "the play screen")
        self.assertTrue(c.view()["class"]["locked"], "Start locks joining")

        # the student shouts: the verdict in words, the word box still on screen
        p.wait_text("Shout a word!", "#banner")
        p.type("#word", "zzzq", submit=True)
        p.one("#verdict[data-verdict='no']", "the refusal")
        self.assertIn("not a word", p.text("#why"))
        self.assertEqual(outside(p, "#word, #shoutbtn, #verdict, .cards.big"), [], "no scrolling to shout again")
        self.assertEqual(p.d.execute_script("return scrollY"), 0)
        p.shot("class-phone-refused")
        # team mode: the mistake put the whole team out for this card
        p.wait_text("Your team made a mistake", "#banner")
        self.assertFalse(p.one("#word").is_enabled())
        self.assertNotEqual(me["seat"], c.members["Max"]["seat"], "the teams are balanced")
        c.win_card("Max")
        p.wait_text("Shout a word!", "#banner")
        word = c.words(me["seat"])[0]
        p.type("#word", word, submit=True)
        p.one("#verdict[data-verdict='won']", "the card won")
        self.assertIn(word, p.text("#verdict"))
        self.assertEqual(outside(p, "#verdict, #teamcards"), [])
        p.shot("class-phone")
        # a reload (a locked phone, a closed tab) puts the student back
        p.open(link)
        p.wait(lambda d: p.text("#title") == "Zoe" and p.css("#verdict"), "Zoe back in her place")
        self.assertFalse(p.one("#joinform").is_displayed())
        self.assertIn(word, p.text("#verdict"), "her last shout, from her study list")
        t.wait(lambda d: word in t.text("#latest"), "the word on the classroom screen")
        self.assertIn("Zoe", t.text("#latestwho"))
        # the refused joins are the page's answers, not its errors
        self.assertFalse([e for e in p.js_errors() if "/v1/join - Failed to load resource" not in e])
        self.assertFalse(t.js_errors())
        # the lobby keeps the class's links for the teacher who made it (and for nobody else)
        t.open(W.url(D, "/web/lobby.html"))
        t.click("#mine button")
        links = t.wait(lambda d: t.attr("#classmade a[href*='#']", "href"), "the class's links")
        self.assertEqual(sorted(frag(x)["t"] for x in links), [c.m["host_token"]] * 2)
        self.assertEqual(sorted(x.split("#")[0].rsplit("/", 1)[1] for x in links), ["classroom.html", "report.html"])
        p.open(W.url(D, "/web/lobby.html"))
        p.one("#game option")
        self.assertFalse(p.one("#minebox").is_displayed(), "a student's browser holds no teacher's links")


class Wall(unittest.TestCase):
    def test_seven_teams_of_six_join_play_end(self):
        c = Class(TEAMS7, {"learner_language": "fr"})
        proj = W.Browser(width=1280, height=720)
        proj.open(W.url(D, "/web/classroom.html#g=%s&t=%s" % (c.id, c.m["host_token"])))
        proj.wait(lambda d: proj.text("#code") == c.code(), "the join code")
        names = []
        for s in range(7):
            for k in range(6):
                n = "Student %s%d" % ("ABCDEFG"[s], k + 1)
                c.join(n, team=s)
                names.append(n)
        proj.wait_version(c.view()["version"])
        # the roster as it stands once every join is drawn (read in one step:
        # the stream may redraw it between finding the items and reading them)
        proj.wait(lambda d: sorted(proj.texts(".teamcol li")) == sorted(names), "all 42 students")
        for (w, h) in ((1280, 720), (1920, 1080)):
            fits(self, proj, w, h, ["#code", "#joinbox svg.qr", ".teamcol", ".teamcol li", "#start"])
            half_shot(proj, "class-join-%d" % h, w, h)
        c.lock()
        proj.one("#teams", "the play screen")
        c.win_card("Student A1")
        c.shout("Student B1", "zzzq")
        c.win_card("Student C2")
        v = c.view()
        proj.wait_version(v["version"])
        last = [r for r in v["vocabulary"] if r["accepted"]][-1]
        self.assertEqual(last["nickname"], "Student C2")
        self.assertIn(last["word"], proj.text("#latest"))
        self.assertIn("Student C2", proj.text("#latestwho"))
        self.assertIn("Green", proj.text("#latestwho"))
        if last["definition"]:
            self.assertIn(last["definition"][:20], proj.text("#latest"))
        if last.get("translation_fr"):
            self.assertIn(last["translation_fr"], proj.text("#latest .tr"))
        self.assertIn("Student A1", proj.text("#words"))
        self.assertEqual([proj.text("#teams tr[data-team='%d'] .score" % s) for s in range(7)],
                         [str(p["score"]) for p in v["players"]])
        for (w, h) in ((1280, 720), (1920, 1080)):
            fits(self, proj, w, h, ["#phase", ".cards.big", "#latest", "#teams tr", "#teacher button", "#words li"])
            half_shot(proj, "class-play-%d" % h, w, h)
        # define it first: the student named, the meaning when the teacher reveals it
        proj.click("#definefirst")
        proj.one("#definefirst[aria-pressed='true']")
        c.win_card("Student D1")
        v = c.view()
        proj.wait_version(v["version"])
        last = [r for r in v["vocabulary"] if r["accepted"]][-1]
        self.assertEqual(proj.text("#definewho"), "Student D1, what does it mean?")
        self.assertFalse(proj.css("#latest .def"), "the meaning waits")
        proj.click("#reveal")
        proj.one("#latest .def")
        self.assertFalse(proj.css("#definewho"))
        self.assertFalse(proj.js_errors())
        c.end()
        proj.wait_text("Game over", "#phase")
        proj.wait(lambda d: proj.css("#top li"), "the students with the most words")
        self.assertIn("Student A1", proj.text("#top"))
        self.assertIn("Student C2", proj.text("#top"))
        self.assertNotIn("Student B1", proj.text("#top"), "a refused word is no word found")
        self.assertIn(last["word"], proj.text("#vocab"))
        self.assertEqual(len(proj.css("#finalteams .teamcol")), 7)
        proj.shot("class-end")
        self.assertFalse(proj.js_errors())


class Report(unittest.TestCase):
    def test_report_holds_still_on_a_phone(self):
        """The report opened on a phone: nothing on screen moves as the
        class comes in (the title's teams would push the connection's line,
        the menu and the page down: Lighthouse's layout shift 0.185)."""
        c = Class(["Red", "Blue", "Green"])
        c.join("Zoe", team=0)
        b = W.Browser()
        b.open(W.url(D, "/web/report.html#g=%s&t=%s" % (c.id, c.m["host_token"])))
        b.wait_version(c.view()["version"])
        b.wait_text("live", "#conn")
        self.assertLess(b.layout_shift(), 0.01, "layout shift as the report came in")
        self.assertFalse(b.js_errors())

    def test_report_rename_readmit_csv_print(self):
        c = Class(["Red", "Blue"], {"learner_language": "fr"})
        c.join("Ann", team=0)
        c.join("Bob", team=1)
        c.lock()
        c.shout("Bob", "zzzq")
        c.win_card("Ann")
        b = W.Browser(width=1000, height=800)
        dl = tempfile.mkdtemp(prefix="wibbelld-dl-")
        b.d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        b.open(W.url(D, "/web/report.html#g=%s&t=%s" % (c.id, c.m["host_token"])))
        b.wait_version(c.view()["version"])
        ann = b.text(".student[data-member='%d']" % c.members["Ann"]["member"])
        rows = [r for r in c.view()["vocabulary"] if r["nickname"] == "Ann"]
        self.assertIn(rows[0]["word"], ann)
        self.assertIn("won the card", ann)
        if rows[0]["definition"]:
            self.assertIn(rows[0]["definition"][:20], ann)
        if rows[0].get("translation_fr"):
            self.assertIn(rows[0]["translation_fr"], ann)
        bob = b.text(".student[data-member='%d']" % c.members["Bob"]["member"])
        self.assertIn("zzzq", bob)
        self.assertIn("not in the", bob, "the refusal's reason")
        self.assertIn("Red", b.text("#teamreport tr[data-team='0']"))
        self.assertEqual(len(b.css("#teamreport tr[data-team='0'] .mini")), c.view()["players"][0]["score"])
        # rename Bob from the page
        k = c.members["Bob"]["member"]
        b.type("#m%d-name" % k, "Bobby")
        b.click("tr[data-member='%d'] form button" % k)
        b.wait(lambda d: "Bobby" in b.text(".student[data-member='%d'] h3" % k), "Bobby in the report")
        self.assertEqual(c.view()["class"]["roster"][k]["nickname"], "Bobby")
        # readmit Ann: a new link, the old token refused
        old = c.members["Ann"]["token"]
        b.click("[data-readmit='%d']" % c.members["Ann"]["member"])
        fresh = b.wait(lambda d: (b.attr("#freshlink a", "href") or [None])[0], "the new link")
        self.assertIn("/web/join.html#", fresh)
        st, _, _ = D.json("GET", "/v1/games/" + c.id, headers=W.wbgames.bearer(old))
        self.assertIn(st, (401, 403), "the old token no longer works")
        st, _, v = D.json("GET", "/v1/games/" + c.id, headers=W.wbgames.bearer(frag(fresh)["t"]))
        self.assertEqual((st, v["class"]["you"]["nickname"]), (200, "Ann"))
        phone = W.Browser(width=390, height=844)
        phone.open(fresh)
        phone.wait(lambda d: phone.text("#title") == "Ann", "Ann back in her place on a new phone")
        self.assertNotIn("#", phone.d.current_url, "the token leaves the address bar")
        phone.open(W.url(D, "/web/join.html"))
        phone.wait(lambda d: phone.text("#title") == "Ann", "Ann's place kept in the new phone")
        # the CSV
        b.click("#csv")
        path = os.path.join(dl, "class-vocabulary.csv")
        b.wait(lambda d: os.path.exists(path) and os.path.getsize(path) > 0, "the CSV downloaded")
        csv = open(path, encoding="utf-8").read()
        self.assertIn("nickname", csv.splitlines()[0])
        self.assertIn("Ann", csv)
        b.shot("class-report")
        # printed: the words, not the controls
        b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        self.assertFalse(b.one("#classbox").is_displayed(), "the class's controls are not printed")
        self.assertFalse(b.one("#csv").is_displayed())
        self.assertTrue(b.one(".student").is_displayed())
        b.shot("class-report-print")
        b.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        self.assertFalse(b.js_errors())


class Study(unittest.TestCase):
    def test_review_not_yet_first_and_offline(self):
        c = Class(["Red", "Blue"], {"learner_language": "fr"})
        c.join("Ann", team=0)
        c.join("Bob", team=1)
        c.lock()
        c.win_card("Ann")
        c.win_card("Ann")
        c.end()
        b = W.Browser(width=390, height=844)
        b.open(W.url(D, "/web/study.html#g=%s&t=%s" % (c.id, c.members["Ann"]["token"])))
        b.one("#mywords li")
        st, _, s = D.json("GET", "/v1/games/%s/query/study" % c.id, headers=W.wbgames.bearer(c.members["Ann"]["token"]))
        for r in s["words"]:
            self.assertIn(r["word"], b.text("#mywords"))
        worked = [w["word"] for t in s["turns"] for w in t["worked"]]
        self.assertTrue(worked)
        self.assertIn(worked[0], b.text("body"), "the words that would have worked")
        b.shot("class-study")
        b.click("#review")
        first = b.one("#flashword").text
        self.assertFalse(b.css("#flashmeaning"), "the word first, its meaning on a tap")
        b.click("#reveal")
        b.one("#flashmeaning")
        b.click("#knew")
        b.wait(lambda d: b.text("#flashword") not in ("", first), "the second card")
        second = b.text("#flashword")
        b.click("#reveal")
        b.click("#notyet")
        b.wait(lambda d: b.text("#flashword") not in ("", second), "the third card")
        b.d.refresh()
        b.click("#review")
        b.wait(lambda d: b.text("#flashword") != "", "a card")
        self.assertEqual(b.text("#flashword"), second, "the 'not yet' card comes first")
        self.assertNotEqual(b.text("#flashword"), first)
        b.shot("class-study-review")
        # offline: the list from the browser's storage when the daemon cannot answer
        b.d.execute_cdp_cmd("Network.enable", {})
        b.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/v1/*"]})
        b.d.refresh()
        b.one("#offline", "the offline note")
        self.assertIn(s["words"][0]["word"], b.text("#mywords"))
        b.click("#review")
        self.assertEqual(b.one("#flashword").text, second)
        b.d.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
        # and with no network at all: the page's own files from its service worker
        b.d.refresh()
        b.one("#mywords li")
        b.wait(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "the service worker")
        b.d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                                 "downloadThroughput": -1, "uploadThroughput": -1})
        b.d.refresh()
        b.one("#offline", "the page offline")
        self.assertIn(s["words"][0]["word"], b.text("#mywords"))
        b.d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                                 "downloadThroughput": -1, "uploadThroughput": -1})
        errs = [e for e in b.js_errors() if "/v1/" not in e and "ERR_INTERNET_DISCONNECTED" not in e]
        self.assertFalse(errs)


if __name__ == "__main__":
    W.main()
