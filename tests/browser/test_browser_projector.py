#!/usr/bin/env python3
"""test_browser_projector.py - the classroom screen (/web/projector.html)
on a 16:9 wall, in headless Chromium at 1280x720 and 1920x1080, for a
Wibbell class of 7 (Wibbell's most): one screen without scrolling (the
phase, the centre cards, the latest word and every player's score inside
the window, text large enough for the back of a room), the phase in
words ("Shout!", "Ann is choosing a card", "Round 2: Ann sits out
(learning aid)", "Game over"), the teacher's controls in a corner of their
own away from the cards, and a word that lost the tie-break marked as
having taken no card.  The match is played over HTTP (the players' part);
the page is only watched.  Screenshots for docs/pages.md (docs/images/): projector-720 and
projector-1080 (half size).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = None
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus"]


def setUpModule():
    global D
    D = W.start_daemon()


class Class7(object):
    """A 7-player Wibbell match with the learning aid, played over HTTP."""

    def __init__(self):
        st, _, self.m = D.json("POST", "/v1/games", {
            "game": "wibbell", "players": NAMES, "seed": 11,
            "options": {"learning_aid": True, "tie_window_ms": 800}})
        assert st == 201, self.m

    def view(self):
        st, _, v = D.json("GET", "/v1/games/" + self.m["id"], headers=W.wbgames.bearer(self.m["host_token"]))
        assert st == 200, v
        return v

    def act(self, seat, body):
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % self.m["id"], body,
                            headers=W.wbgames.bearer(self.m["players"][seat]["token"]))
        assert st == 200, (body, doc)
        return doc

    def words(self, seat, n=30):
        v = self.view()
        p = v["players"][seat]
        cards = [c["letters"] for c in v["centre"] + p["handicaps"] + p["face_up"]]
        q = "cards=%s&limit=%d" % (",".join(cards), n)
        if v["used"]:
            q += "&used=" + ",".join(v["used"])
        st, _, doc = D.json("GET", "/v1/dictionaries/en_US/match?" + q)
        assert st == 200 and doc["words"], (cards, doc)
        return doc["words"]

    def until(self, pred, what):
        return W.wbgames.wait_for(lambda: pred(self.view()), timeout=W.WAIT) or self.fail(what)

    def fail(self, what):
        raise AssertionError("the match did not reach " + what)

    def win_card(self, seat, rival=None):
        """`seat` shouts a word (and `rival` a longer one in the tie
        window: it loses the tie-break), the window closes, `seat` takes
        the first centre card (and keeps the first offered at a round's
        end).  Returns the rival's word."""
        ws = self.words(seat)
        mine, theirs = ws[0], None
        if rival is not None:
            theirs = next(w for w in self.words(rival, 200) if len(w) > len(mine))
        self.act(seat, {"type": "claim", "word": mine})
        if theirs:
            self.act(rival, {"type": "claim", "word": theirs})
        self.until(lambda v: v["phase"] in ("take", "keep"), "the take")
        if self.view()["phase"] == "take":
            self.act(seat, {"type": "take", "card": 0})
        if self.view()["phase"] == "keep":
            st, _, doc = D.json("GET", "/v1/games/%s/actions" % self.m["id"],
                                headers=W.wbgames.bearer(self.m["players"][seat]["token"]))
            self.act(seat, next(a for a in doc["actions"] if a["type"] == "keep"))
        return theirs


def geometry(b):
    """Where the projector's parts are, in CSS pixels of the window."""
    return b.d.execute_script("""
      const r = s => { const e = document.querySelector(s); if (!e) return null;
        const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right}; };
      const rows = [...document.querySelectorAll('#scores tr')].map(e => e.getBoundingClientRect().bottom);
      const px = s => { const e = document.querySelector(s); return e ? parseFloat(getComputedStyle(e).fontSize) : 0; };
      return {w: innerWidth, h: innerHeight, sh: document.documentElement.scrollHeight,
        sw: document.documentElement.scrollWidth, phase: r('#phase'), cards: r('.cards.big'),
        latest: r('#latest'), play: r('#play'), endgame: r('#endgame'), rows,
        score_px: px('#scores td'), card_px: px('.cards.big .card'), phase_px: px('#phase strong')};""")


class Wall(unittest.TestCase):
    def test_one_screen_phase_in_words_controls_apart(self):
        c = Class7()
        m = c.m
        proj = W.Browser(width=1280, height=720)
        proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        proj.wait_version(c.view()["version"])
        self.assertEqual(proj.text("#phase strong"), "Shout!")
        # Ann wins a card; Bob's longer word in the same window took none
        lost = c.win_card(0, rival=1)
        proj.wait_version(c.view()["version"])
        self.assertIn(lost, proj.text("#words"))
        none = proj.css("#words li[data-none]")
        self.assertEqual(len(none), 1, "one word took no card")
        self.assertIn(lost, none[0].text)
        self.assertIn("took no card", none[0].text)
        # Ann shouts again: she is choosing a card
        c.act(0, {"type": "claim", "word": c.words(0)[0]})
        c.until(lambda v: v["phase"] == "take", "Ann's take")
        proj.wait_version(c.view()["version"])
        self.assertEqual(proj.text("#phase strong"), "Ann is choosing a card")
        c.act(0, {"type": "take", "card": 0})
        # her third card ends the round: round 2, and she sits it out
        v = c.view()
        while v["round"] == 1:
            c.win_card(0)
            v = c.view()
        proj.wait_version(v["version"])
        self.assertEqual(proj.text("#sitsout"), "Round 2: Ann sits out (learning aid)")
        self.assertEqual(proj.text("#phase strong"), "Shout!")
        c.win_card(2)  # Cy wins a card: a latest word to show
        proj.wait_version(c.view()["version"])

        for (w, hgt) in ((1280, 720), (1920, 1080)):
            proj.inner_size(w, hgt)  # the window's inner size is what a projector shows
            g = proj.wait(lambda d: (lambda x: x if (x["w"], x["h"]) == (w, hgt) and x["latest"] else None)(geometry(proj)),
                          "the page at %dx%d" % (w, hgt))
            where = "%dx%d: %r" % (w, hgt, g)
            self.assertLessEqual(g["sh"], g["h"], "no scrolling down, " + where)
            self.assertLessEqual(g["sw"], g["w"], "no scrolling sideways, " + where)
            for part in ("phase", "cards", "latest"):
                self.assertGreaterEqual(g[part]["top"], 0, part + " on screen, " + where)
                self.assertLessEqual(g[part]["bottom"], g["h"], part + " on screen, " + where)
            self.assertEqual(len(g["rows"]), 1 + len(NAMES))
            self.assertLessEqual(max(g["rows"]), g["h"], "every player's score on screen, " + where)
            # read from the back of a room: at least 1/36 of the height for
            # the scores (20 px at 720), the cards' letters twice that
            self.assertGreaterEqual(g["score_px"], hgt / 36, where)
            self.assertGreaterEqual(g["card_px"], hgt / 12, where)
            self.assertGreaterEqual(g["phase_px"], hgt / 20, where)
            # the teacher's corner: the bottom fifth, clear of the cards and the word
            e = g["endgame"]
            self.assertGreater(e["top"], 0.8 * g["h"], "End the game at the bottom, " + where)
            self.assertLessEqual(e["bottom"], g["h"], where)
            self.assertGreater(e["top"], g["play"]["bottom"], "End the game below the play area, " + where)
            self.assertGreater(e["left"], g["w"] / 2, "End the game in the right-hand corner, " + where)
            self.shot(proj, "projector-%d" % hgt, w, hgt)
        self.assertFalse(proj.js_errors())

        # the end: in words, and the vocabulary may scroll then
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"], {"type": "end"},
                            headers=W.wbgames.bearer(m["host_token"]))
        self.assertEqual(st, 200, doc)
        proj.wait_text("Game over", "#phase")
        proj.wait(lambda d: proj.css("#vocab"), "the vocabulary")
        self.assertFalse(proj.css("#teacher"))
        self.assertFalse(proj.js_errors())

    def wall_match(self):
        """A class of seven with no tie window, and the projector on it."""
        st, _, m = D.json("POST", "/v1/games", {
            "game": "wibbell", "players": NAMES, "seed": 12, "options": {"tie_window_ms": 0}})
        self.assertEqual(st, 201, m)
        c = Class7.__new__(Class7)
        c.m = m
        proj = W.Browser(width=1280, height=720)
        proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        proj.wait_version(c.view()["version"])
        return c, m, proj

    def test_a_mistake_marked(self):
        """A seat out for the card after a mistake is marked on the wall
        ("Bob: out for this card"), and no longer once a new card is up."""
        c, m, proj = self.wall_match()
        c.act(1, {"type": "claim", "word": "zzxqv"})
        proj.wait_version(c.view()["version"])
        out = proj.css("#scores tr[data-out]")
        self.assertEqual(len(out), 1, "one seat out for the card")
        self.assertIn("Bob: out for this card", out[0].text)
        self.assertNotIn("out for this card", proj.text("#scores tr:nth-child(2)"), "Ann is not out")
        c.win_card(0)
        proj.wait_version(c.view()["version"])
        self.assertFalse(proj.css("#scores tr[data-out]"), "a new card: nobody is out")
        self.assertFalse(proj.js_errors())

    def test_the_end_paged_for_the_wall(self):
        """At the end the wall shows the winners, then the vocabulary a
        screen at a time, paged by the teacher (buttons and keys), at
        1280x720 and 1920x1080: never a page that scrolls, the old centre
        cards gone, every word on some screen."""
        c, m, proj = self.wall_match()
        # a vocabulary longer than any screen: five cards, each after
        # five seats' mistakes (a refused word is logged too)
        for turn in range(5):
            for seat in range(1, len(NAMES) - 1):  # one still competing: no automatic collection
                if not c.view()["players"][seat]["out"]:
                    c.act(seat, {"type": "claim", "word": "zzxq" + "v" * (turn + 1)})
            c.win_card(0)
        proj.wait_version(c.view()["version"])
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"], {"type": "end"},
                            headers=W.wbgames.bearer(m["host_token"]))
        self.assertEqual(st, 200, doc)
        v = c.view()
        words = [r["word"] for r in v["vocabulary"]]
        self.assertGreaterEqual(len(words), 30)
        proj.wait(lambda d: proj.css("#pageno") and "screen" in proj.text("#pageno"), "the end's screens")

        def fits(what):
            g = proj.d.execute_script("""
              const rows = [...document.querySelectorAll('#vocab tr.vrow')].filter(r => r.offsetParent);
              return {h: innerHeight, w: innerWidth, sh: document.documentElement.scrollHeight,
                sw: document.documentElement.scrollWidth,
                bottom: Math.max(0, ...[...document.querySelectorAll('#board, #end, #pager')].filter(e => e.offsetParent)
                  .map(e => e.getBoundingClientRect().bottom)),
                words: rows.map(r => r.dataset.word), cards: document.querySelectorAll('.cards.big').length};""")
            where = "%s at %dx%d: %r" % (what, g["w"], g["h"], {k: g[k] for k in ("sh", "sw", "bottom", "h")})
            self.assertLessEqual(g["sh"], g["h"], "no scrolling down, " + where)
            self.assertLessEqual(g["sw"], g["w"], "no scrolling sideways, " + where)
            self.assertLessEqual(g["bottom"], g["h"], "all of it on the screen, " + where)
            self.assertEqual(g["cards"], 0, "the old centre cards are gone, " + where)
            return g["words"]

        for (w, hgt) in ((1280, 720), (1920, 1080)):
            proj.inner_size(w, hgt)
            proj.d.execute_script("dispatchEvent(new KeyboardEvent('keydown', {key: 'Home'}))")
            proj.wait(lambda d: proj.one("#winners").is_displayed(), "the winners first")
            self.assertIn("Ann", proj.text("#winners"))
            self.assertEqual(proj.texts("#scores tr.won td:first-child"), ["Ann"])
            self.assertEqual(fits("the winners"), [])
            if hgt == 720:
                self.shot(proj, "projector-end-720", w, hgt)
            seen, screens = [], 0
            while True:
                if screens % 2:  # the teacher's keys, then the button
                    proj.d.execute_script("dispatchEvent(new KeyboardEvent('keydown', {key: 'PageDown'}))")
                else:
                    proj.click("#nextpage")
                screens += 1
                proj.wait_text("Vocabulary %d of" % screens, "#pageno")
                shown = fits("vocabulary screen %d" % screens)
                self.assertTrue(shown, "rows on screen %d" % screens)
                seen += shown
                if hgt == 720 and screens == 1:
                    self.shot(proj, "projector-vocab-720", w, hgt)
                if proj.one("#nextpage").get_attribute("disabled") is not None:
                    break
            self.assertGreater(screens, 1, "a vocabulary longer than a screen is paged, %dx%d" % (w, hgt))
            self.assertEqual(seen, words, "every word on one screen, in order, %dx%d" % (w, hgt))
            proj.click("#prevpage")
            proj.wait_text("Vocabulary %d of" % (screens - 1), "#pageno")
        self.assertFalse(proj.js_errors())

    def shot(self, b, name, w, hgt):
        """A half-size screenshot of the window as it is (for docs/pages.md)."""
        b.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": w, "height": hgt, "deviceScaleFactor": 0.5, "mobile": False})
        os.makedirs(W.SHOTS, exist_ok=True)
        b.d.save_screenshot(os.path.join(W.SHOTS, name + ".png"))
        b.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


if __name__ == "__main__":
    W.main()
