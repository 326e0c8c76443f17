#!/usr/bin/env python3
"""test_browser_judgeround.py - the word judge (/) following the round, in
headless Chromium at 390x844 against the real daemon: the rounds chosen
once for the game, the cards turned up typed in, each shout the word and
one tap on who shouted, recorded as the referee page records it (a
companion match: round.js, shared with /web/table.html), a refused shout
putting its player out for the card, a player's 3rd card of the round
taking both centre cards (the standard rules) and one of the 4 kept as a
permanent handicap, and an undo of the last step.  The cards and words
are read back from the match itself over HTTP (GET /v1/games/{id} with
the host's key the page keeps in its storage).  Screenshot for
docs/pages.md: judge-round (the keep after a 3rd card).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = B = None
# cards of the default deck (games/wibbell/deck.txt), in the order turned up
FLIPS = ["NZ", "IQ", "EX", "AZ", "KE", "AV", "TQ", "JR"]


def setUpModule():
    global D, B
    D = W.start_daemon()
    B = W.Browser(width=390, height=844)


class FollowTheRound(unittest.TestCase):
    def setUp(self):
        B.open(W.url(D, "/"))
        B.d.execute_script("localStorage.clear()")
        B.open(W.url(D, "/"))
        B.one("#dict option", "the dictionaries")
        self.flips = list(FLIPS)

    def confirm_yes(self):
        B.d.execute_script("window.confirm = () => true")

    def match(self):
        m = B.d.execute_script("return (JSON.parse(localStorage.getItem('wibbell-judge')) || {}).match || null")
        self.assertTrue(m, "the page keeps the match it follows")
        return m

    def view(self):
        m = self.match()
        st, _, v = D.json("GET", "/v1/games/" + m["id"], headers=W.wbgames.bearer(m["token"]))
        self.assertEqual(st, 200, v)
        return v

    def until(self, pred, what):
        return B.wait(lambda d: pred(self.view()), what)

    def drawn(self):
        """Wait until the page shows the match as it is now (a step the
        test saw land in the match may not be drawn yet)."""
        B.one("#round[data-version='%d']" % self.view()["version"], "the match's latest version on the page")

    def flip(self):
        c = self.flips.pop(0)
        n = len(self.view()["centre"])
        self.drawn()
        B.type("#flip", c, submit=True)
        self.until(lambda v: len(v["centre"]) == n + 1, "the flip of " + c)
        return c

    def shout(self, name, word):
        """The word, then one tap on who shouted; the verdict shown."""
        self.drawn()
        B.type("#word", word)
        B.click('[data-shouter="%s"]' % name)
        return B.wait(lambda d: B.css("#result .verdict") and word in B.text("#result .word").lower()
                      and B.css("#result .verdict")[0].text, "the verdict on " + word)

    def word_for(self, seat):
        v = self.view()
        p = v["players"][seat]
        cards = [c["letters"] for c in v["centre"] + p["handicaps"] + p["face_up"]]
        return W.find_word(D, cards, v["used"])

    def test_the_round_as_the_rules_play_it(self):
        for n in ("Ann", "Ben", "Cy"):
            B.type("#newplayer", n)
            B.click("#addplayer")
        B.wait(lambda d: len(B.css("[data-shouter]")) == 3, "three players")
        # the rounds are chosen once: then the choice is gone for the game
        B.select("#mode", "Standard")
        B.click("#follow")
        B.wait_text("Standard rounds", "#roundinfo")
        self.assertFalse(B.one("#followbox").is_displayed(), "the rounds are not chosen again")
        self.assertFalse(B.one("#centrebox").is_displayed(), "the centre is the round's")
        v = self.view()
        self.assertTrue(v["companion"])
        self.assertEqual(v["mode"], "standard")
        B.wait_text("Flip 2 cards", "#roundsays")
        self.flip()
        self.flip()
        B.wait_text("Shout!", "#roundsays")

        # Ann's first card: a word and one tap, then the take in one more tap
        w = self.word_for(0)
        self.assertEqual(self.shout("Ann", w), "✓")
        centre = [c["letters"] for c in self.view()["centre"]]
        B.click('#takerow [data-take="%s"]' % centre[0])
        self.until(lambda v: [c["letters"] for c in v["players"][0]["face_up"]] == centre[:1], "Ann's card")
        self.assertEqual(self.view()["used"], [w])
        self.flip()

        # Ben's mistake: out for this card, and the page says so
        self.assertEqual(self.shout("Ben", "zzxqv"), "✗")
        self.until(lambda v: v["players"][1]["out"], "Ben out for the card")
        B.wait_text("Ben: out for this card", "#takerow")
        B.wait_text("out for this card", '#players [data-player="Ben"]')

        # Ann's second and third cards: the third takes both centre cards
        w = self.word_for(0)
        self.assertEqual(self.shout("Ann", w), "✓")
        B.click("#takerow [data-take]")
        self.until(lambda v: len(v["players"][0]["face_up"]) == 2, "Ann's second card")
        self.flip()
        w = self.word_for(0)
        before = [c["letters"] for c in self.view()["centre"]]
        self.assertEqual(self.shout("Ann", w), "✓")
        self.until(lambda v: v["phase"] == "keep", "the keep")
        end = B.wait_text("both centre cards", "#roundend") and B.text("#roundend")
        for c in before:
            self.assertIn(c, end)
        self.assertFalse(B.css("#takerow [data-take]"), "no take choice on a 3rd card: both centre cards")
        keeps = B.attr("#takerow #keep [data-card]", "data-card")
        self.assertEqual(len(keeps), 4, "Ann keeps one of her 4 cards")
        sw, cw = B.overflow()
        self.assertLessEqual(sw, cw, "nothing sticks out sideways at 390 px")
        self.assertEqual(B.bad_targets("main"), [], "every control 44 px high and named")
        # the screenshot of docs/pages.md: the phone's screen at the keep
        B.d.execute_script("document.querySelector('#result .verdict-panel').scrollIntoView({block: 'start'})")
        os.makedirs(W.SHOTS, exist_ok=True)
        B.d.save_screenshot(os.path.join(W.SHOTS, "judge-round.png"))
        B.click('#takerow #keep [data-card="%s"]' % keeps[0])
        self.until(lambda v: [c["letters"] for c in v["players"][0]["handicaps"]] == [keeps[0]], "the handicap")
        B.wait_text("round 2", "#roundinfo")
        B.wait(lambda d: B.css('#players [data-player="Ann"] .card.perm'), "Ann's handicap shown")

        # undo of the last step: the keep is taken back, the choice offered again
        self.confirm_yes()
        B.click("#undo")
        self.until(lambda v: v["phase"] == "keep" and not v["players"][0]["handicaps"], "the keep undone")
        B.wait(lambda d: len(B.css("#round #keep [data-card]")) == 4, "the keep offered again")
        self.assertFalse(B.css("#undo"), "one level of undo")
        B.click('#round #keep [data-card="%s"]' % keeps[1])
        self.until(lambda v: [c["letters"] for c in v["players"][0]["handicaps"]] == [keeps[1]], "the other handicap")
        self.assertEqual(len(self.view()["players"][0]["face_up"]), 0, "the round's cards turned face down")

        # kept over a reload: the same match, the same round
        mid = self.match()["id"]
        B.open(W.url(D, "/"))
        B.wait_text("round 2", "#roundinfo")
        self.assertEqual(self.match()["id"], mid)
        # a new game: the rounds are chosen again
        self.confirm_yes()
        B.click("#newgame")
        B.wait(lambda d: B.one("#followbox").is_displayed() and B.one("#centrebox").is_displayed(), "the choice again")
        self.assertIsNone(B.d.execute_script("return JSON.parse(localStorage.getItem('wibbell-judge')).match || null"))
        self.assertFalse(B.js_errors())


if __name__ == "__main__":
    W.main()
