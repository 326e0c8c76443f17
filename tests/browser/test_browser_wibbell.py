#!/usr/bin/env python3
"""test_browser_wibbell.py - Wibbell in headless Chromium at 360 px: a
digital game among three browsers (three phones) played to the end, with
a forgiven typo (forgive_typos) and two shouts inside the tie window; the
classroom projector following it live and offering the vocabulary at the
end; a companion table whose
referee corrects the deck count, enters flips, a shout, simultaneous
shouts (judged and tie-broken by the daemon), a take and a keep by tapping
the cards' letters, and undoes a shout recorded against the wrong player,
while a watcher's phone follows live; the teacher's controls on the
projector (new cards, the end of the game).

Words come from the daemon's own match endpoint (the test plays the part
of players who know words); everything else goes through the pages.
"""
import glob
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = None
# a short deck played in this order: 8 cards, 2 removed for 3 players
DECK = ["NZ", "IQ", "SG", "SH", "AR", "TE", "LO", "PU"]


def setUpModule():
    global D
    D = W.start_daemon()


def host_view(m):
    st, _, v = D.json("GET", "/v1/games/" + m["id"], headers=W.wbgames.bearer(m["host_token"]))
    assert st == 200, v
    return v


def answered(ref, m, needle):
    """The referee's page has the answer to what it sent: its status line
    says `needle` (the page clears the form it sent from then, so nothing
    typed before that is safe), and it shows the match as it is now."""
    ref.wait(lambda d: needle in ref.content("#status"), "the answer " + repr(needle))
    ref.wait_version(host_view(m)["version"])


def cards_of(v, seat):
    p = v["players"][seat]
    return [c["letters"] for c in v["centre"] + p["handicaps"] + p["face_up"]]


class Digital(unittest.TestCase):
    def test_three_phones_to_the_end_with_projector(self):
        """The typo and the first card's tie in a match with a 5 s tie
        window (Bob's shout inside it on a loaded machine too); the game to
        its end in a second match of the same deck with none (each card's
        claim would wait out the window: 25 s of the test's 46)."""
        names = ["Ann", "Bob", "Cy"]

        def create(tie_window_ms):
            st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": names, "seed": 3,
                                                    "options": {"deck": DECK, "shuffle": False,
                                                                "tie_window_ms": tie_window_ms,
                                                                "forgive_typos": True}})
            self.assertEqual(st, 201, m)
            return m

        def open_phones(m):
            for p, b in zip(m["players"], phones):
                b.open(W.play_link(D, m, p["seat"]))
                b.wait_text("You are " + names[p["seat"]])
                b.one("#claimword", "the word box")

        def open_projector(m):
            proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
            proj.wait(lambda d: len(proj.css(".cards.big .card")) == 2, "the centre cards")

        m = create(5000)
        phones = [W.Browser() for _ in names]
        open_phones(m)
        proj = W.Browser(width=1280, height=800)
        dl = os.path.join(W.SHOTS, "downloads")
        os.makedirs(dl, exist_ok=True)
        for f in glob.glob(os.path.join(dl, "*")):
            os.remove(f)
        proj.d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": dl})
        open_projector(m)

        # forgive_typos: Cy's typo is no mistake, the word box stays
        phones[2].type("#claimword", "zqxjv", submit=True)
        phones[2].wait_text("Cy shouted “zqxjv” ✗ not a word (a typo: try again)")
        phones[2].wait_version(host_view(m)["version"], "the view after the typo")
        phones[2].one("#claimword", "the word box after a typo")
        self.assertIn("typos forgiven", phones[2].text("#board"))
        self.assertFalse(host_view(m)["players"][2]["out"])
        # turn 1: Ann shouts a long word, Bob a shorter one inside the tie
        # window: the shortest word wins
        v = host_view(m)
        st, _, doc = D.json("GET", "/v1/dictionaries/en_US/match?cards=%s&limit=200" % ",".join(cards_of(v, 0)))
        short = doc["words"][0]
        long_ = next(w for w in doc["words"] if len(w) > len(short) + 1)
        for b in phones[:2]:
            b.wait_version(v["version"])
        # Bob's word typed ahead (a redraw keeps it) and sent as soon as the
        # daemon holds Ann's, not when her page shows it: inside the window
        # on a slow machine too (WIBBELLD_THROTTLE=6 made it late at 2500 ms)
        phones[1].type("#claimword", short)
        phones[0].type("#claimword", long_, submit=True)
        phones[0].wait(lambda d: host_view(m)["claims"], "Ann's claim in the tie window")
        phones[1].retry(lambda: phones[1].one("#claimword").send_keys("\n"), "the word box")
        phones[0].wait_text("Waiting for the tie window")
        for b in phones:
            b.wait_text("Bob wins the card with “%s”" % short)
        phones[1].wait_text("You won: tap the card you take")
        phones[1].wait_version(host_view(m)["version"], "the take offered")
        phones[1].shot("digital-take")
        phones[1].click("#board .cards.big button.card")
        proj.wait_text(short, "#words")
        # the take applied, before the loop reads the phase (it read 'take'
        # once, and tapped for a card the page no longer offered)
        phones[1].wait(lambda d: host_view(m)["phase"] != "take", "the take")

        # then, in the match without a tie window, whoever's turn it is
        # finds a word, until the deck runs out
        m = create(0)
        open_phones(m)
        open_projector(m)
        turns = 0
        shouter = 2
        while True:
            v = host_view(m)
            if v["status"] == "finished":
                break
            self.assertLess(turns, 40, "the game ends")
            if v["phase"] == "play" and v["claims"]:
                # a claim waits in the tie window: the daemon's timer settles it
                phones[0].wait(lambda d: not host_view(m)["claims"], "the tie window closing")
            elif v["phase"] == "play":
                seat = next(s for s in [shouter, (shouter + 1) % 3, (shouter + 2) % 3]
                            if not v["players"][s]["out"] and not v["players"][s]["barred"])
                w = W.find_word(D, cards_of(v, seat), v["used"])
                phones[seat].wait_version(v["version"])
                phones[seat].type("#claimword", w, submit=True)
                phones[seat].wait(lambda d: host_view(m)["version"] > v["version"], "the claim applied")
                shouter = (shouter + 1) % 3
                turns += 1
            elif v["phase"] == "take":
                phones[v["turn_winner"]].wait_version(v["version"])
                phones[v["turn_winner"]].click("#board .cards.big button.card", "a centre card to take")
                phones[v["turn_winner"]].wait(lambda d: host_view(m)["version"] > v["version"], "the take")
            elif v["phase"] == "keep":
                b = phones[v["turn_winner"]]
                b.wait_version(v["version"])
                b.wait_text("Keep one as a permanent handicap")
                b.shot("digital-keep")
                b.click("#board .box button.card", "a card to keep")
                b.wait(lambda d: host_view(m)["version"] > v["version"], "the keep")
            else:
                self.fail("phase %s" % v["phase"])
        v = host_view(m)
        winners = ", ".join(names[s] for s in v["winners"])
        for b in phones:
            b.wait_text("Game over · winners: " + winners)
            self.assertLessEqual(*b.overflow())
            self.assertFalse(b.js_errors())
        phones[2].shot("digital-over")
        # the projector: every accepted word with its definition, the vocabulary, the CSV
        proj.wait(lambda d: proj.css("#vocab"), "the vocabulary table")
        for w in v["used"]:  # paged a screen at a time: the whole table read, its hidden rows too
            self.assertIn(w, proj.content("#vocab"))
        self.assertEqual(len(proj.css("#vocab tr")) - 1, len(v["vocabulary"]))
        proj.shot("projector-over")
        proj.click("#csv")
        path = os.path.join(dl, "wibbell-vocabulary.csv")
        proj.wait(lambda d: os.path.exists(path) and open(path).read().startswith("turn,"), "the CSV")
        csv = open(path).read()
        for w in v["used"]:
            self.assertIn(w, csv)
        self.assertFalse(proj.js_errors())
        for b in phones + [proj]:
            b.quit()


class Teacher(unittest.TestCase):
    def test_projector_controls(self):
        """The teacher redeals and ends a digital match from the projector;
        a seat's projector link shows no controls."""
        st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob"],
                                                "options": {"deck": DECK, "shuffle": False,
                                                            "tie_window_ms": 0}})
        self.assertEqual(st, 201, m)
        proj = W.Browser()
        proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["players"][0]["token"])))
        proj.wait(lambda d: len(proj.css(".cards.big .card")) == 2, "the centre cards")
        self.assertFalse(proj.css("#teacher button"), "a seat's projector has no teacher controls")
        proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        proj.one("#redeal", "the new-cards button")
        self.assertEqual(proj.bad_targets("#teacher"), [])
        proj.shot("projector-teacher")
        proj.d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        proj.shot("projector-teacher-dark")
        self.assertLessEqual(*proj.overflow())
        proj.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        # nobody finds a word: new cards (2 players: SG and SH left of the 4)
        proj.click("#redeal")
        proj.wait(lambda d: d.switch_to.alert, "the confirmation").accept()
        proj.wait(lambda d: proj.attr(".cards.big .card", "data-card") == ["SG", "SH"], "new cards")
        # Bob wins a card and is choosing: no new cards for now
        w = W.find_word(D, ["SG", "SH"])
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"], {"type": "claim", "word": w},
                            headers=W.wbgames.bearer(m["players"][1]["token"]))
        self.assertEqual(st, 200, doc)
        proj.wait(lambda d: not proj.css("#redeal"), "the new-cards button gone while Bob chooses")
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"], {"type": "take", "card": 0},
                            headers=W.wbgames.bearer(m["players"][1]["token"]))
        self.assertEqual(st, 200, doc)
        proj.one("#redeal", "the new-cards button back")
        proj.wait_version(host_view(m)["version"])  # the end offered with this view's actions
        # the lesson is over: the game ends, scored
        proj.click("#endgame")
        alert = proj.wait(lambda d: d.switch_to.alert, "the confirmation")
        self.assertIn("cards won so far", alert.text)
        alert.accept()
        proj.wait_text("Game over · Bob wins!")
        proj.wait(lambda d: proj.css("#vocab"), "the vocabulary table")
        self.assertIn(w, proj.content("#vocab"))  # on a screen of its own, after the winners'
        self.assertFalse(proj.css("#teacher"))
        v = host_view(m)
        self.assertEqual((v["end_reason"], v["winners"]), ("host_ended", [1]))

        # while a player chooses a card the game cannot end scored: stopped
        st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob"],
                                                "options": {"deck": DECK, "shuffle": False,
                                                            "tie_window_ms": 0}})
        st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"],
                            {"type": "claim", "word": W.find_word(D, ["NZ", "IQ"])},
                            headers=W.wbgames.bearer(m["players"][0]["token"]))
        self.assertEqual(st, 200, doc)
        proj.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        proj.wait_version(host_view(m)["version"])  # Bob choosing: no end offered
        proj.click("#endgame")
        alert = proj.wait(lambda d: d.switch_to.alert, "the confirmation")
        self.assertIn("without winners", alert.text)
        alert.accept()
        proj.wait_text("The match was stopped")
        self.assertTrue(host_view(m)["ended"])
        self.assertFalse(proj.js_errors())
        proj.quit()


class Companion(unittest.TestCase):
    def test_referee_and_watcher(self):
        st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob", "Cy"],
                                                "options": {"companion": True}})
        self.assertEqual(st, 201, m)
        ref, watch = W.Browser(), W.Browser()
        ref.open(W.url(D, "/web/table.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        ref.wait_text("Referee")
        ref.click("details.box summary", text="Let the others watch")
        qr = ref.one("svg.qr")
        watch_link = W.url(D, "/web/table.html#g=" + m["id"])
        self.assertIn(m["id"], qr.get_attribute("aria-label") + watch_link)
        watch.open(watch_link)
        watch.wait_text("Watching")
        # flips by letters
        for n, c in enumerate(("nz", "QI")):
            ref.type("#flip", c, submit=True)
            ref.wait(lambda d: len(host_view(m)["centre"]) == n + 1, "the flip of " + c)
            answered(ref, m, "Flipped " + host_view(m)["centre"][n]["letters"])
        ref.wait(lambda d: len(ref.css(".cards.big .card")) == 2, "two centre cards")
        watch.wait(lambda d: watch.attr(".cards.big .card", "data-card") == ["NZ", "IQ"],
                   "the watcher sees the flips")
        # the table removed 10 cards, not 12: the referee corrects the count
        ref.click("details.box summary", text="Deck count wrong?")
        ref.type("input[name=count]", "36", submit=True)
        ref.wait_text("Deck recounted: 36 cards (not 34)")
        answered(ref, m, "Deck recounted")
        self.assertEqual(host_view(m)["deck"], 36)
        watch.wait_text("about 36 cards left")
        # nobody is credited by default: no shouter chosen beforehand, and
        # Enter in the word box asks who shouted instead of guessing
        self.assertEqual(ref.attr(".shouters button", "data-seat"), ["0", "1", "2"])
        self.assertFalse(ref.css("#s1, .shouters [aria-pressed=true], .shouters .sel"))
        ref.type("#w1", "cat", submit=True)
        ref.wait_text("Tap who shouted", "#status")
        self.assertEqual(host_view(m)["vocabulary"], [], "nothing judged without the tap")
        # a mistake: Cy shouts a word with no letter of either card and is
        # out for this card; the refusal names the cards
        ref.click('.shouters button[data-seat="2"]')
        ref.wait_text("Cy shouted “cat” ✗ no letter for cards NZ and IQ")
        answered(ref, m, "Cy shouted “cat” ✗")
        # Ann's shout recorded against Bob by mistake: the referee undoes it
        ref.type("#w1", "zing")
        ref.click('.shouters button[data-seat="1"]')
        ref.wait_text("Bob won: tap the card Bob takes")
        answered(ref, m, "Bob wins the card with “zing”")
        # the undo names the last entry the page heard of: the stream's too
        ref.wait(lambda d: "Bob wins the card with “zing”" in ref.content("#log"), "the shout in the log")
        ref.one("#undo", "the undo button")
        ref.shot("companion-undo")
        ref.d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        ref.shot("companion-undo-dark")
        ref.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        ref.click("#undo")
        alert = ref.wait(lambda d: d.switch_to.alert, "the confirmation")
        self.assertIn("Bob wins the card with “zing”", alert.text)
        alert.accept()
        ref.wait_text("Undone: Bob “zing”")
        answered(ref, m, "Undone: Bob “zing”")
        watch.wait_text("Undone: Bob “zing”")
        # the result is shown once, in the Last box; the status line tells
        # only a screen reader (visually hidden)
        self.assertEqual(ref.text("#board").count("Undone: Bob “zing”"), 1)
        self.assertEqual(ref.d.execute_script(
            "const r = document.querySelector('#status').getBoundingClientRect(); return r.width * r.height"), 1)
        v = host_view(m)
        self.assertEqual((v["phase"], v["used"], len(v["vocabulary"])), ("play", [], 1))
        self.assertTrue(v["players"][2]["out"], "Cy's mistake stands")
        self.assertFalse(ref.css("#undo"), "one undo: an undo cannot be undone")
        # three shouts at once, nobody can tell who finished first: Ann
        # "kissing", Bob "zing" and Cy (out: not offered); the daemon judges
        # both and the shorter wins
        ref.click("#both")
        self.assertEqual(len(ref.css("[id^=sw]")), 2, "a word box for each player still in")
        ref.type("#sw0", "kissing")
        ref.type("#sw1", "zing")
        ref.shot("companion-two-shouts")
        ref.d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        ref.shot("companion-two-shouts-dark")
        self.assertLessEqual(*ref.overflow())
        ref.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        ref.click("form.box button.pri", text="Judge")
        ref.wait_text("Bob won: tap the card Bob takes")
        answered(ref, m, "Bob wins the card with “zing”")
        # the take: the centre cards are marked choosable, as on the play page
        self.assertEqual(len(ref.css(".cards.big button.card.sel")), 2)
        v = host_view(m)
        self.assertEqual(v["turn_winner"], 1)
        self.assertEqual([(r["word"], r["won"]) for r in v["vocabulary"]],  # no undone shout
                         [("cat", False), ("kissing", False), ("zing", True)],
                         "both simultaneous shouts were judged, the shorter won")
        log = D.json("GET", "/v1/games/%s/log" % m["id"], headers=W.wbgames.bearer(m["host_token"]))[2]
        self.assertEqual(log["entries"][-1]["action"]["type"], "simultaneous")
        # take by tapping the card's letters: the page sends the letters
        ref.click('.cards.big button.card[data-card="IQ"]')
        watch.wait(lambda d: "IQ" in watch.attr('[data-seat="1"] .card', "data-card"),
                   "the watcher sees Bob's card")
        log = D.json("GET", "/v1/games/%s/log" % m["id"], headers=W.wbgames.bearer(m["host_token"]))[2]
        self.assertEqual(log["entries"][-1]["action"], {"type": "take", "seat": 1, "letters": "IQ"})
        self.assertIn("★ 1", watch.text('[data-seat="1"]'))
        self.assertIn("zing", watch.text("body"))
        # Bob wins two more cards: a round, then a keep by tapping a card
        for flip in ("SG", "AR"):
            v = host_view(m)
            if len(v["centre"]) < 2:
                ref.wait_version(v["version"])
                ref.type("#flip", flip, submit=True)
                ref.wait(lambda d: host_view(m)["phase"] == "play", "the flip of " + flip)
                answered(ref, m, "Flipped " + flip)
            v = host_view(m)
            w = W.find_word(D, cards_of(v, 1), v["used"])
            ref.wait_version(v["version"])
            ref.type("#w1", w)
            ref.click('.shouters button[data-seat="1"]')
            ref.wait(lambda d: host_view(m)["phase"] != "play", "Bob's word " + w)
            answered(ref, m, "“%s” ✓" % w)
            if host_view(m)["phase"] == "take":
                ref.click(".cards.big button.card")
                ref.wait(lambda d: host_view(m)["phase"] != "take", "the take")
        ref.wait_text("Bob keeps one card as a permanent handicap")
        ref.wait_version(host_view(m)["version"])
        ref.shot("companion-keep")
        ref.click('.box button.card[data-card="NZ"]', "NZ to keep")
        watch.wait(lambda d: watch.css('[data-seat="1"] .card.perm'), "Bob's permanent handicap")
        self.assertEqual([c["letters"] for c in host_view(m)["players"][1]["handicaps"]], ["NZ"])
        self.assertEqual(host_view(m)["players"][1]["rounds_won"], 1)
        # the referee ends the game
        ref.wait(lambda d: ref.css("#flip"), "the flip box")
        ref.wait_version(host_view(m)["version"])
        ref.click("button", text="End the game")
        ref.wait(lambda d: d.switch_to.alert, "the confirmation").accept()
        watch.wait_text("Game over · winners: Bob")
        for b in (ref, watch):
            self.assertLessEqual(*b.overflow())
            self.assertFalse(b.js_errors())
        watch.shot("companion-watch-over")
        for b in (ref, watch):
            b.quit()

    def test_verdict_panel_and_refused_flips(self):
        """The referee's verdict is the judge's panel (full width, green or
        red, the mark and the words, the word large); a flip of a card the
        deck never had says so, one of a card already on the table gets
        the daemon's word, and either way the box is empty for the next."""
        st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob", "Cy"],
                                                "options": {"companion": True}})
        self.assertEqual(st, 201, m)
        ref = W.Browser()
        ref.open(W.url(D, "/web/table.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        ref.wait_text("Referee")
        flip_box = lambda: ref.d.execute_script("return document.querySelector('#flip').value")
        ref.type("#flip", "TN", submit=True)
        ref.wait_text("TN is not a card of this deck", "#status")
        self.assertEqual(flip_box(), "", "the refused letters are gone from the box")
        ref.shot("companion-not-a-card")
        ref.type("#flip", "nz", submit=True)
        answered(ref, m, "Flipped NZ")
        ref.type("#flip", "zn", submit=True)  # NZ again: on the table already
        ref.wait_text("is left in the deck of this match", "#status")
        self.assertNotIn("not a card of this deck", ref.text("#status"))
        self.assertEqual(flip_box(), "")
        ref.type("#flip", "IQ", submit=True)
        answered(ref, m, "Flipped IQ")

        def panel(mark, says, word):
            ref.wait(lambda d: ref.css("#tverdict .verdict-panel") and word in ref.text("#tverdict .word")
                     and ref.css("#tverdict .verdict-panel")[0], "the verdict on " + word)
            self.assertEqual(ref.text("#tverdict .verdict"), mark)
            self.assertIn(says, ref.text("#tverdict .verdict-panel"))  # read anew: a redraw replaces it
            return ref.d.execute_script("""
              const p = document.querySelector('#tverdict .verdict-panel'), main = document.querySelector('main');
              const px = s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
              const cs = getComputedStyle(main), inner = main.getBoundingClientRect().width
                - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
              return {wide: p.getBoundingClientRect().width / inner, bg: getComputedStyle(p).backgroundColor,
                      word: px('#tverdict .word'), reason: px('#tverdict .reasons')};""")

        ref.type("#w1", "cat")
        ref.click('.shouters button[data-seat="2"]')
        no = panel("✗", "Cy: does not count", "cat")
        self.assertIn("no letter for cards NZ and IQ", ref.text("#tverdict .reasons"))
        answered(ref, m, "Cy shouted “cat” ✗")
        ref.shot("companion-verdict-no")
        w = W.find_word(D, ["NZ", "IQ"])
        ref.type("#w1", w)
        ref.click('.shouters button[data-seat="0"]')
        ok = panel("✓", "Ann: counts", w)
        self.assertFalse("cat" in ref.text("#tverdict"), "one verdict: the new shout's")
        answered(ref, m, "Ann wins the card")
        ref.shot("companion-verdict-ok")
        rgb = lambda s: [int(x) for x in s[s.index("(") + 1:s.index(")")].split(",")[:3]]
        for v in (no, ok):
            self.assertGreaterEqual(v["wide"], 0.99, "a full-width panel")
            self.assertGreaterEqual(v["word"], 40, "the word large")
            self.assertGreaterEqual(v["reason"], 24, "the reason large")
        self.assertGreater(rgb(ok["bg"])[1], rgb(ok["bg"])[0], "green for a word that counts")
        self.assertGreater(rgb(no["bg"])[0], rgb(no["bg"])[1], "red for one that does not")
        # the take is the next entry: the verdict is the past then
        ref.click('.cards.big button.card[data-card="IQ"]')
        answered(ref, m, "Ann takes IQ")
        self.assertFalse(ref.css("#tverdict"))
        self.assertFalse([e for e in ref.js_errors() if "Failed to load resource" not in e], "the 422s alone")
        ref.quit()

    def test_new_table_form(self):
        """The referee starts a table from the page: names, rounds, options."""
        b = W.Browser()
        b.open(W.url(D, "/web/table.html"))
        b.type("#names", "Ann\nBob")
        b.select("#mode", "Simple: 4 cards a round")
        b.click("#ft")
        b.click("#cls")
        b.click("#cmp")
        b.click("button.pri", text="Start the table")
        b.wait_text("Referee")
        b.wait_text("about 24 cards left")
        frag = dict(x.split("=", 1) for x in b.d.current_url.split("#", 1)[1].split("&"))
        st, _, v = D.json("GET", "/v1/games/" + frag["g"], headers=W.wbgames.bearer(frag["t"]))
        self.assertEqual((v["companion"], v["mode"], v["forgive_typos"], v["learning_aid"]),
                         (True, "simple", True, False))
        self.assertEqual([p["name"] for p in v["players"]], ["Ann", "Bob"])
        self.assertIs(v["classroom"], True, "the class setting")
        self.assertEqual(v["compounds"], "derivative", "compounds are derivatives")
        self.assertLessEqual(*b.overflow())
        self.assertFalse(b.js_errors())
        b.quit()


if __name__ == "__main__":
    W.main()
