#!/usr/bin/env python3
"""test_browser_pages.py - the word judge and the lobby in headless
Chromium at 360 px, against the real daemon: the judge's verdicts (valid,
derivative, proper noun, an uncovered card), used words, words that would
have worked; the lobby creating a match and its QR codes (read back with
zbarimg); every page at phone width, light and dark, with nothing sticking
out sideways (scrollWidth <= clientWidth) and no JavaScript error.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
D = B = None


def setUpModule():
    global D, B
    D = W.start_daemon()
    B = W.Browser()


class Judge(unittest.TestCase):
    def setUp(self):
        B.open(W.url(D, "/"))
        B.d.execute_script("localStorage.clear()")
        B.open(W.url(D, "/"))
        B.one("#dict option", "the dictionaries")
        self.taps = self.keys = 0

    # What the judge does, counted: a tap (a click) and the keys typed.
    def tap(self, sel, what=None, text=None):
        self.taps += 1
        B.click(sel, what, text)

    def key(self, sel, text):
        self.keys += len(text)
        B.type(sel, text)

    def table(self, players):
        """Seat the players with their own cards, through the page."""
        for name, cards in players:
            B.type("#newplayer", name)
            B.click("#addplayer")
            box = '[data-player="%s"]' % name
            for c in cards:
                B.type(box + " input", c)
                B.click(box + " button", text="Add card")
            B.wait(lambda d: B.attr(box + " li[data-card]", "data-card") == list(cards), name + "'s cards")

    def verdict(self, word):
        return B.wait(lambda d: B.css("#result .verdict") and word.lower() in B.text("#result .word").lower()
                      and B.css("#result .verdict")[0], "the verdict on " + word)

    def judge(self, word, centre=("", ""), who=None):
        """Centre cards, the word, then a tap on who shouted (or, with no
        one named, the centre alone)."""
        B.type("#c1", centre[0])
        B.type("#c2", centre[1])
        B.type("#word", word)
        B.click('[data-shouter="%s"]' % who if who else "#check")
        return self.verdict(word)

    def test_valid_word_drawn_on_the_cards(self):
        """The rules' example: NZ and IQ in the centre, SG and SH in front of
        Micol: "kissing" counts, each card gets its own letter; Micol takes
        NZ in one tap: it joins her cards, and the word is used."""
        self.table([("Micol", ["SG", "SH"]), ("Bob", [])])
        v = self.judge("kissing", ("NZ", "IQ"), "Micol")
        self.assertEqual(v.text, "✓")
        self.assertIn("ok", v.get_attribute("class"))
        self.assertIn("Micol: counts", B.text("#result .verdict-panel"))
        cards = B.css("#result .card")
        self.assertEqual([c.get_attribute("data-card") for c in cards], ["NZ", "IQ", "SG", "SH"])
        used = [c.find_element(W.By.CSS_SELECTOR, ".use").text for c in cards]
        self.assertEqual(used, ["N", "I", "S", "S"], "the letter given to each card is marked on it")
        B.wait(lambda d: B.css("#result .def li"), "the definition")
        self.assertIn("lips", B.text("#result .def"))
        self.assertFalse(B.js_errors())
        B.shot("judge-valid")
        B.click('#result [data-take="NZ"]', "Micol takes NZ")
        B.wait(lambda d: B.attr('[data-player="Micol"] li[data-card]', "data-card") == ["SG", "SH", "NZ"], "NZ with Micol")
        B.wait(lambda d: "kissing" in B.text("#used"), "kissing in the used words")
        self.assertEqual(B.d.execute_script("return [c1.value, c2.value, word.value]"), ["", "IQ", ""],
                         "the taken card's place waits for the next flip")
        # kept over a reload
        B.open(W.url(D, "/"))
        B.wait(lambda d: B.attr('[data-player="Micol"] li[data-card]', "data-card") == ["SG", "SH", "NZ"], "Micol's cards kept")

    def test_four_player_table_word_plus_one_tap(self):
        """A table of four, each with their own cards: a shout is the word
        and one tap on who shouted, judged against the centre and that
        player's cards (no deleting and re-adding cards between shouts); the
        winner takes a card in one more tap."""
        seats = [("Ann", ["SG"]), ("Bob", ["AR", "TE"]), ("Cy", []), ("Dee", ["LO"])]
        self.table(seats)
        B.type("#c1", "NZ")
        B.type("#c2", "IQ")
        per_shout = []
        for name, cards in seats:
            w = W.find_word(D, ["NZ", "IQ"] + cards)
            self.taps = self.keys = 0
            self.key("#word", w)
            self.tap('[data-shouter="%s"]' % name)
            v = self.verdict(w)
            per_shout.append((self.keys - len(w), self.taps))
            self.assertEqual(v.text, "✓", (name, w))
            self.assertEqual(B.attr("#result .card", "data-card"), ["NZ", "IQ"] + cards,
                             name + "'s shout is judged against the centre and " + name + "'s cards")
        self.assertEqual(per_shout, [(0, 1)] * 4, "a shout: the word and one tap")
        # Bob's word does not cover Dee's LO: tapping Dee refuses it
        w = W.find_word(D, ["NZ", "IQ", "AR", "TE"])
        self.assertFalse(set("lo") & set(w), w + " has no letter of LO")
        self.key("#word", w)
        self.tap('[data-shouter="Dee"]')
        self.assertEqual(self.verdict(w).text, "✗")
        self.assertIn("no letter for card LO", B.text("#result .reasons"))
        self.key("#word", "zinc")
        self.tap('[data-shouter="Cy"]')
        self.verdict("zinc")
        self.taps = 0
        self.tap('#result [data-take="IQ"]')
        B.wait(lambda d: B.attr('[data-player="Cy"] li[data-card]', "data-card") == ["IQ"], "IQ with Cy")
        self.assertEqual(self.taps, 1, "a won card moves to its winner in one tap")
        self.assertIn("zinc", B.text("#used"))
        # Enter never guesses who shouted
        B.type("#word", "quiz", submit=True)
        B.wait_text("Tap who shouted", "#status")
        self.assertNotIn("quiz", B.text("#result"))
        self.assertFalse(B.js_errors())

    def test_verdict_readable_across_the_table(self):
        """At phone size (390x844) the verdict is a full-width panel, green
        or red, with the mark and the words (never colour alone), the word
        and the reason large; after a check the word box is still on
        screen, and so is the verdict."""
        B.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",  # a phone's screen, 390x844
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        try:
            self.table([("Ann", ["SG"]), ("Bob", ["AR"]), ("Cy", ["TE"]), ("Dee", ["LO"])])
            B.d.execute_script("scrollTo(0, 0)")
            seen = {}
            for word, mark in (("zings", "✓"), ("cat", "✗")):
                v = self.judge(word, ("NZ", "IQ"), "Ann")
                self.assertEqual(v.text, mark)
                m = B.d.execute_script("""
                  const p = document.querySelector('#result .verdict-panel'), main = document.querySelector('main');
                  const px = s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize);
                  const box = e => e.getBoundingClientRect();
                  const cs = getComputedStyle(main), inner = box(main).width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
                  return {wide: box(p).width / inner, bg: getComputedStyle(p).backgroundColor,
                          word: px('#result .verdict-panel .word'), reason: px('#result .verdict-panel .reasons'),
                          says: p.textContent, input: [box(word).top, box(word).bottom], panel: box(p).top, h: innerHeight};""")
                seen[mark] = m
                self.assertEqual((B.d.execute_script("return innerWidth"), m["h"]), (390, 844))
                self.assertGreaterEqual(m["wide"], 0.99, "a full-width panel")
                self.assertGreaterEqual(m["word"], 40, "the word large")
                self.assertGreaterEqual(m["reason"], 24, "the reason large")
                self.assertIn("counts" if mark == "✓" else "does not count", m["says"], "words beside the colour")
                self.assertGreaterEqual(m["input"][0], 0, "the word box still on screen")
                self.assertLessEqual(m["input"][1], m["h"], "the word box still on screen")
                self.assertLess(m["panel"], m["h"] - 100, "the verdict on screen")
                B.shot("judge-verdict-" + ("ok" if mark == "✓" else "no"))
                if mark == "✓":  # the phone's screen as the judge sees it (docs/pages.md's picture)
                    os.makedirs(W.SHOTS, exist_ok=True)
                    B.d.save_screenshot(os.path.join(W.SHOTS, "judge-390.png"))
            rgb = lambda s: [int(x) for x in s[s.index("(") + 1:s.index(")")].split(",")[:3]]
            ok, no = rgb(seen["✓"]["bg"]), rgb(seen["✗"]["bg"])
            self.assertGreater(ok[1], ok[0], "green for a word that counts")
            self.assertGreater(no[0], no[1], "red for one that does not")
        finally:
            B.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def panel_on_screen(self, needle):
        """The verdict panel's place says `needle`, with no verdict in it
        (neither mark nor word of the last one), all of it on screen."""
        B.wait(lambda d: needle in B.text("#result") and not B.css("#result .verdict, #result .word"),
               repr(needle) + " in the verdict's place, the last verdict gone")
        r = B.d.execute_script("const r = document.querySelector('#result').getBoundingClientRect();"
                               "return [r.top, r.bottom, innerHeight]")
        self.assertGreaterEqual(r[0], 0, needle + " on screen")
        self.assertLessEqual(r[1], r[2], needle + " on screen")

    def test_a_new_shout_never_shows_the_last_verdict(self):
        """At 390x844, the moment a new shout starts the last verdict goes:
        an empty word box, a check under way and no connection each say so
        in words in the verdict's place, on screen."""
        B.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        try:
            self.table([("Ann", ["SG"]), ("Bob", ["AR"]), ("Cy", ["TE"]), ("Dee", ["LO"])])
            B.d.execute_script("scrollTo(0, 0)")
            self.assertEqual(self.judge("zings", ("NZ", "IQ"), "Ann").text, "✓")
            # Bob tapped with the word box empty
            B.type("#word", "")
            B.click('[data-shouter="Bob"]')
            self.panel_on_screen("Type the shouted word first")
            os.makedirs(W.SHOTS, exist_ok=True)
            B.d.save_screenshot(os.path.join(W.SHOTS, "judge-390-empty-word.png"))
            # a slow check: the page's requests held until the test lets them go
            B.d.execute_script("""window.heldFetch = window.fetch; window.held = [];
              window.fetch = (...a) => new Promise((ok, no) => held.push(() => heldFetch(...a).then(ok, no)));""")
            w = W.find_word(D, ["NZ", "IQ", "TE"])
            B.type("#word", w)
            B.click('[data-shouter="Cy"]')
            self.panel_on_screen("Checking “%s” for Cy…" % w)
            B.d.save_screenshot(os.path.join(W.SHOTS, "judge-390-checking.png"))
            B.wait(lambda d: d.execute_script("return held.length") == 1, "the check sent")
            B.d.execute_script("window.fetch = heldFetch; held.splice(0).forEach(go => go())")
            self.verdict(w)
            self.assertIn("Cy: counts", B.text("#result .verdict-panel"))
            # no connection
            B.d.execute_cdp_cmd("Network.enable", {})
            B.d.execute_cdp_cmd("Network.emulateNetworkConditions",
                                {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            try:
                B.type("#word", "zings")
                B.click('[data-shouter="Dee"]')
                self.panel_on_screen("no connection to the judge: try again")
                B.d.save_screenshot(os.path.join(W.SHOTS, "judge-390-offline.png"))
            finally:
                B.d.execute_cdp_cmd("Network.emulateNetworkConditions",
                                    {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
            B.js_errors()  # the failed request is logged: the page itself raised nothing
        finally:
            B.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def test_a_refused_word_leaves_the_box(self):
        """After a refusal the word box is empty for the next shout; the
        refused word is one tap away ("last: cat")."""
        self.assertEqual(self.judge("cat", ("NZ", "IQ")).text, "✗")
        self.assertEqual(B.d.execute_script("return word.value"), "", "the box is empty for the next shout")
        chip = B.one("#lastword")
        self.assertTrue(chip.is_displayed())
        self.assertEqual(chip.text, "last: cat")
        B.click("#lastword")
        self.assertEqual(B.d.execute_script("return word.value"), "cat", "one tap puts it back")
        B.type("#word", "zinc")
        B.click("#check")
        self.verdict("zinc")
        self.assertEqual(B.d.execute_script("return word.value"), "zinc", "a word that counts stays for the take")
        self.assertFalse(B.one("#lastword").is_displayed())
        self.assertFalse(B.js_errors())

    def test_derivative_of_a_used_word(self):
        B.type("#useword", "explore")
        B.click("#adduse")
        v = self.judge("exploring")
        self.assertEqual(v.text, "✗")
        self.assertIn("derivative of “explore”", B.text("#result .reasons"))
        B.shot("judge-derivative")

    def test_proper_noun(self):
        v = self.judge("Paris")
        self.assertEqual(v.text, "✗")
        self.assertIn("proper noun", B.text("#result .reasons"))

    def test_uncovered_card(self):
        """The reason names the cards that lack a letter."""
        v = self.judge("sigh", ("NZ", "IQ"))
        self.assertEqual(v.text, "✗")
        self.assertIn("no letter for card NZ", B.text("#result .reasons"))
        nz = [c for c in B.css("#result .card") if c.get_attribute("data-card") == "NZ"][0]
        self.assertIn("no letter", nz.text)
        v = self.judge("cat", ("NZ", "IQ"))
        self.assertEqual(v.text, "✗")
        self.assertIn("no letter for cards NZ and IQ", B.text("#result .reasons"))
        # two S cards need two S's: "sin" has one
        self.table([("Micol", ["SG", "SH"])])
        v = self.judge("sin", ("NZ", "IQ"), "Micol")
        self.assertEqual(v.text, "✗")
        self.assertIn("SG and SH need a letter each", B.text("#result .reasons"))
        B.shot("judge-uncovered")

    def test_class_setting(self):
        """The judge's "Class setting": kissing's definitions
        lose WordNet's "foreplay without contact with the genital organs"
        and start with its most common sense; the choice is kept over a
        reload."""
        v = self.judge("kissing")
        self.assertEqual(v.text, "✓")
        B.wait(lambda d: B.css("#result .def li"), "the definitions")
        self.assertIn("foreplay", B.css("#result .def li")[0].text)
        self.assertEqual(B.attr("#classset", "aria-pressed"), ["false"])
        B.click("#classset")
        self.assertEqual(B.attr("#classset", "aria-pressed"), ["true"])
        B.open(W.url(D, "/"))
        B.one("#dict option", "the dictionaries")
        self.assertEqual(B.attr("#classset", "aria-pressed"), ["true"], "the choice is kept")
        v = self.judge("kissing")
        B.wait(lambda d: B.css("#result .def li"), "the definitions")
        defs = [li.text for li in B.css("#result .def li")]
        self.assertNotIn("foreplay", " ".join(defs))
        self.assertIn("touch with the lips", defs[0])
        self.assertFalse(B.js_errors())
        B.shot("judge-class-setting")

    def test_words_that_would_have_worked(self):
        B.type("#c1", "NZ")
        B.type("#c2", "IQ")
        B.click("#hints")
        B.wait(lambda d: B.css("#hintwords button"), "the list of words")
        first = B.css("#hintwords button")[0]
        word = first.text
        first.click()
        B.wait(lambda d: B.css("#result .verdict.ok") and word in B.text("#result .word"), "a ✓ for " + word)
        self.assertFalse(B.js_errors())

    def test_used_words_survive_a_reload(self):
        B.type("#useword", "explore")
        B.click("#adduse")
        B.open(W.url(D, "/"))
        B.wait_text("explore", "#used")


def qr_text(el, name):
    """Screenshot element `el` and read its QR code back with zbarimg."""
    path = os.path.join(W.SHOTS, name + ".png")
    os.makedirs(W.SHOTS, exist_ok=True)
    el.screenshot(path)
    out = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True)
    return out.stdout.strip()


class JudgeCompounds(unittest.TestCase):
    """The judge's "Compounds are derivatives" (dict/COMPOUNDS.md), on a daemon
    of its own that serves the German test dictionary."""

    @classmethod
    def setUpClass(cls):
        cls.de = W.wbtest.class_daemon(cls, W.wbgames.GamesDaemon(args=["--dictionaries", "en_US,de"]),
                                       W.wbgames.stop_module_daemon)

    def judge(self, word):
        B.type("#word", word)
        B.click("#check")
        return B.wait(lambda d: B.css("#result .verdict") and word.lower() in B.text("#result .word").lower()
                      and B.css("#result .verdict")[0], "the verdict on " + word)

    def test_compounds_choice(self):
        """In German, Haustür after Haus counts by default, and not with
        the choice, which is kept over a reload."""
        B.open(W.url(self.de, "/"))
        B.one("#dict option", "the dictionaries")
        B.d.execute_script("const s = document.querySelector('#dict'); s.value = 'de';"
                           "s.dispatchEvent(new Event('change'));")
        B.type("#useword", "Haus")
        B.click("#adduse")
        self.assertEqual(self.judge("Haustür").text, "✓")
        self.assertEqual(B.attr("#compset", "aria-pressed"), ["false"])
        B.click("#compset")
        self.assertEqual(B.attr("#compset", "aria-pressed"), ["true"])
        B.open(W.url(self.de, "/"))
        B.one("#dict option", "the dictionaries")
        self.assertEqual(B.attr("#compset", "aria-pressed"), ["true"], "the choice is kept")
        self.assertEqual(self.judge("Haustür").text, "✗")
        self.assertIn("derivative of “haus”", B.text("#result .reasons").lower())
        self.assertFalse(B.js_errors())


class Lobby(unittest.TestCase):
    def test_create_and_share(self):
        B.open(W.url(D, "/web/lobby.html"))
        B.one("#game option")
        W.Select(B.one("#game")).select_by_value("woodlouse-chaos")
        B.wait(lambda d: len(B.css("#players input")) == 3, "three player fields")
        for i, n in enumerate(["Ann", "Bob", "Cy"]):
            B.css("#players input")[i].clear()
            B.css("#players input")[i].send_keys(n)
        B.click("#optbox summary")
        W.Select(B.one("#opt-variant")).select_by_value("easier")
        B.click("#go")
        B.wait(lambda d: len(B.css("[data-seat-link]")) == 4, "a link per seat and the public's")
        B.click("#showhost")
        B.wait(lambda d: len(B.css("[data-seat-link]")) == 5, "and the host's, behind a tap")
        self.assertEqual(B.overflow()[0], B.overflow()[1])
        B.shot("lobby-made")
        box = B.css("[data-seat-link]")[0]
        href = box.find_element(W.By.CSS_SELECTOR, "a").get_attribute("href")
        self.assertIn("/web/play.html#", href)
        self.assertEqual(qr_text(box.find_element(W.By.CSS_SELECTOR, "svg"), "qr-seat0"), href,
                         "the QR code holds the seat's link")
        B.open(href)
        B.wait_text("You are Ann")
        B.wait_text("easier" if False else "Sequence")
        self.assertEqual(len(B.css("ol.cards li")), 3, "the easier variant: 3 species")
        self.assertFalse(B.js_errors())

    def test_a_seat_for_a_bot(self):
        """A seat played by a bot: its kind and level per seat, no link for it."""
        B.open(W.url(D, "/web/lobby.html"))
        B.one("#game option")
        W.Select(B.one("#game")).select_by_value("whirlpool-pond")
        B.wait(lambda d: len(B.css("#players input")) == 2, "two player fields")
        B.css("#players input")[1].clear()
        B.css("#players input")[1].send_keys("Robo")
        who = B.css("#players [data-who]")[1]
        self.assertEqual([o.get_attribute("value") for o in W.Select(who).options],
                         ["", "random", "greedy", "search"], "a person or the game's bots")
        W.Select(who).select_by_value("greedy")
        level = B.css("#players [data-level]")[1]
        self.assertTrue(level.is_displayed())
        W.Select(level).select_by_value("2")
        self.assertEqual(B.overflow()[0], B.overflow()[1])
        B.shot("lobby-bot-seat")
        B.click("#go")
        B.wait(lambda d: len(B.css("[data-bot-seat]")) == 1, "the bot's seat")
        self.assertIn("Robo (seat 1) is played by the daemon: greedy bot, level 2",
                      B.one("[data-bot-seat]").text)
        # links for Ann, the public and (behind a tap) the host: none for the bot's seat
        B.click("#showhost")
        B.wait(lambda d: len(B.css("[data-seat-link]")) == 3, "the host's link")
        self.assertEqual([e.get_attribute("data-seat-link") for e in B.css("[data-seat-link]")],
                         ["Player 1", "Watch", "Host"])
        href = B.attr("[data-seat-link='Host'] a", "href")[0]
        mid, host = re.search(r"g=([0-9a-f-]+)&t=([^&]+)", href).groups()
        st, _, v = D.json("GET", "/v1/games/" + mid, headers={"Authorization": "Bearer " + host})
        self.assertEqual(v["bots"], [{"seat": 1, "bot": "greedy", "level": 2}])
        self.assertFalse(B.js_errors())


    def make(self, game, names):
        B.open(W.url(D, "/web/lobby.html"))
        B.one("#game option[value='%s']" % game)
        W.Select(B.one("#game")).select_by_value(game)
        while len(B.css("#players > div")) < len(names):
            B.click("#addp")
        for i, n in enumerate(names):
            B.type("#players > div:nth-child(%d) input" % (i + 1), n)

    def test_host_key_never_in_plain_sight(self):
        """After creating a match the lobby shows the seats' codes and the
        watchers' link; the host's key (the Host and Projector links) only
        behind a tap, "Show my host link"; "Show on the projector" shows
        the seats' codes alone, large, never the host's."""
        self.make("wibbell", ["Ann", "Bob", "Cy"])
        B.click("#go")
        B.wait(lambda d: B.attr("#made [data-seat-link]", "data-seat-link") == ["Ann", "Bob", "Cy", "Watch"],
               "the seats' links and the watchers', no more")
        host = B.d.execute_script("return JSON.parse(localStorage.getItem('wibbelld-matches'))[0].host_token")
        self.assertNotIn(host, B.d.page_source, "the host's key is nowhere on the page")
        seats = {n: B.attr("[data-seat-link='%s'] a" % n, "href")[0] for n in ("Ann", "Bob", "Cy")}
        B.shot("lobby-made-seats")
        # the projector: the seats' codes alone, each scannable, all on a 1280x720 screen
        B.inner_size(1280, 720)
        try:
            B.click("#projectseats")
            B.wait(lambda d: B.attr("#seatcodes [data-seat-code]", "data-seat-code") == ["Ann", "Bob", "Cy"],
                   "the seats' codes on the projector")
            self.assertNotIn(host, B.d.page_source)
            self.assertFalse([e for e in B.css("header, #create, #made, #classform") if e.is_displayed()],
                             "nothing of the page but the seats' codes")
            for n, href in seats.items():
                self.assertEqual(qr_text(B.one("[data-seat-code='%s'] svg" % n), "qr-projector-" + n), href, n)
            bottom = B.d.execute_script("return Math.max(...[...document.querySelectorAll('[data-seat-code]')]"
                                        ".map(e => e.getBoundingClientRect().bottom)) - innerHeight")
            self.assertLessEqual(bottom, 0, "every seat's code on one screen")
            os.makedirs(W.SHOTS, exist_ok=True)
            B.d.save_screenshot(os.path.join(W.SHOTS, "lobby-projector-seats.png"))
            B.click("#unproject")
        finally:
            B.inner_size(360, 780)
        B.wait(lambda d: B.one("#create").is_displayed() and not B.css("#seatcodes"), "the lobby again")
        # the host's link, for the one who made the match, behind a tap
        B.click("#showhost", text="Show my host link")
        B.wait(lambda d: B.css("[data-seat-link='Host']"), "the host's link")
        href = B.attr("[data-seat-link='Host'] a", "href")[0]
        self.assertIn("t=" + host, href)
        self.assertEqual(qr_text(B.one("[data-seat-link='Host'] svg"), "qr-host"), href)
        self.assertIn("t=" + host, B.attr("[data-seat-link='Projector'] a", "href")[0])
        B.shot("lobby-made-host")
        # projecting again: the host's links go first
        B.click("#projectseats")
        B.wait(lambda d: B.css("#seatcodes [data-seat-code]"), "the projector view")
        self.assertNotIn(host, B.d.page_source)
        B.click("#unproject")
        self.assertFalse(B.js_errors())

    def test_options_in_a_players_words(self):
        """The options in words (no API keys, null, [] or SCOWL), the
        Options disclosure marked as one; an error under the field it
        names, on screen, the last match's links gone; two seats named
        Ann said before creating."""
        self.make("wibbell", ["Ann", "Bob"])
        # a bot's level in words, on a phone: nothing runs off the side
        B.retry(lambda: W.Select(B.one("#players > div:nth-child(2) [data-who]")).select_by_value("greedy"), "a bot")
        self.assertLessEqual(*B.overflow())
        self.assertNotIn("SCOWL", B.content("#players"))
        B.retry(lambda: W.Select(B.one("#players > div:nth-child(2) [data-who]")).select_by_value(""), "a person")
        marker = B.d.execute_script("return getComputedStyle(arguments[0], '::before').content",
                                    B.one("#optbox summary"))
        self.assertNotIn(marker, ("none", "normal", ""), "the Options summary shows its disclosure marker")
        B.click("#optbox summary")
        B.wait(lambda d: B.css("#opt-dictionary option[value='en_GB']"), "the dictionaries to choose from")
        said = B.content("#options") + " ".join(B.attr("#options [placeholder]", "placeholder"))
        for api_word in ("tie_window_ms", "learner_language", "null", "[]", "SCOWL", "GET /v1", "_"):
            self.assertNotIn(api_word, said)
        labels = [e.text for e in B.css("#options label")]
        self.assertFalse(set(labels) & {"handicaps", "deck", "mode", "dictionary"}, "no label is an option's key")
        for label in ("Shouts at the same moment (milliseconds)", "Starting handicaps", "Your own deck",
                      "Students’ own language", "Dictionary"):
            self.assertIn(label, labels)
        B.click("#go")
        B.wait(lambda d: B.css("#made [data-seat-link]"), "a first match's links")
        made = lambda: len(B.d.execute_script("return JSON.parse(localStorage.getItem('wibbelld-matches'))"))
        n = made()

        def under(field, needle):
            """`needle` under the field, on screen; no link of the last match."""
            err = "[data-field='%s'] .err" % field if field != "players" else "#players > div:nth-child(2) .err"
            B.wait(lambda d: needle in B.text(err), repr(needle) + " under " + field)
            r = B.d.execute_script("const r = arguments[0].getBoundingClientRect();"
                                   "return [r.top, r.bottom, innerHeight]", B.one(err))
            self.assertTrue(0 <= r[0] and r[1] <= r[2], needle + " on screen: %r" % r)
            self.assertFalse(B.css("#made [data-seat-link]"), "the last match's links are gone")
            self.assertEqual(B.text("#go-err"), "")

        B.type("#opt-handicaps", "5")
        B.click("#go")
        under("handicaps", "Ann (player 1): a seat starts with 0 to 2 handicaps")
        B.shot("lobby-error-handicaps")
        B.type("#opt-handicaps", "")
        B.type("#opt-tie_window_ms", "99999")
        B.click("#go")
        under("tie_window_ms", "Must be an integer from 0 to 5000")
        B.type("#opt-tie_window_ms", "400")
        B.type("#opt-deck", "[oops")
        B.click("#go")
        under("deck", "not in the form the help says")
        B.type("#opt-deck", "")
        # two seats named Ann: said as typed, and nothing is created
        B.type("#players > div:nth-child(2) input", "ann")
        under("players", "Two players are named ann")
        B.click("#go")
        under("players", "Two players are named ann")
        self.assertEqual(made(), n, "no match made")
        B.shot("lobby-error-same-name")
        B.type("#players > div:nth-child(2) input", "Bob")
        B.wait(lambda d: not B.text("#players .err"), "the names fine again")
        B.click("#go")
        B.wait(lambda d: B.css("#made [data-seat-link]"), "the match made")
        self.assertEqual(made(), n + 1)
        self.assertFalse([e for e in B.js_errors() if "Failed to load resource" not in e], "the 400s alone")

class PhoneWidth(unittest.TestCase):
    def pages(self):
        made = {}
        for game, players in (("wibbell", ["Ann", "Bob", "Cy"]), ("whirlpool-pond", ["Ann", "Bob"]),
                              ("woodlouse-chaos", ["Ann", "Bob", "Cy"]), ("woobieworld", ["Ann", "Bob"]),
                              ("world-dumbination", ["Ann", "Bob", "Cy"])):
            st, _, m = D.json("POST", "/v1/games", {"game": game, "players": players, "seed": 5})
            self.assertEqual(st, 201)
            made[game] = m
        st, _, comp = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob"],
                                                   "options": {"companion": True}})
        w, wp, wl = made["wibbell"], made["whirlpool-pond"], made["woodlouse-chaos"]
        return [("judge", "/"), ("lobby", "/web/lobby.html"), ("table-new", "/web/table.html"),
                ("play-wibbell", "/web/play.html#g=%s&t=%s" % (w["id"], w["players"][0]["token"])),
                ("play-whirlpool", "/web/play.html#g=%s&t=%s" % (wp["id"], wp["players"][0]["token"])),
                ("play-woodlouse", "/web/play.html#g=%s&t=%s" % (wl["id"], wl["players"][0]["token"])),
                ("play-woobie", "/web/play.html#g=%s&t=%s&s=0" % (made["woobieworld"]["id"], made["woobieworld"]["players"][0]["token"])),
                ("play-dumb", "/web/play.html#g=%s&t=%s&s=0" % (made["world-dumbination"]["id"], made["world-dumbination"]["players"][0]["token"])),
                ("table-referee", "/web/table.html#g=%s&t=%s" % (comp["id"], comp["host_token"])),
                ("projector", "/web/projector.html#g=%s&t=%s" % (w["id"], w["host_token"]))]

    def test_no_sideways_scroll_light_and_dark(self):
        for scheme in ("light", "dark"):
            B.d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for name, path in self.pages():
                B.open(W.url(D, path))
                B.wait(lambda d: d.execute_script("return document.readyState") == "complete"
                       and len(B.text("main")) > 20, name + " drawn")
                if "#g=" in path:
                    B.wait(lambda d: B.css("#board[data-version] *") and (name not in ("play-woobie", "play-dumb") or B.css("#board[data-version] svg")), name + " board")
                sw, cw = B.overflow()
                B.shot("%s-%s" % (name, scheme))
                self.assertLessEqual(sw, cw, "%s (%s) scrolls sideways: %d > %d" % (name, scheme, sw, cw))
                self.assertEqual(cw, 360)
                self.assertFalse(B.js_errors(), name)
        B.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def test_targets_are_large_and_labelled(self):
        """Every visible button and input on the judge is at least 44 px
        high (36 for the small remove buttons of chips) and has a name."""
        B.open(W.url(D, "/"))
        B.one("#dict option")
        B.type("#useword", "explore")
        B.click("#adduse")
        bad = B.d.execute_script("""
          const out = [];
          for (const e of document.querySelectorAll('button, input, select, a.btn')) {
            if (!e.offsetParent) continue;
            const r = e.getBoundingClientRect(), min = e.closest('.chips') ? 36 : 44;
            const name = e.getAttribute('aria-label') || e.textContent.trim() ||
              (e.id && document.querySelector('label[for="' + e.id + '"]'));
            if (r.height < min || !name) out.push(e.outerHTML.slice(0, 80) + ' ' + r.height);
          }
          return out;""")
        self.assertEqual(bad, [])


if __name__ == "__main__":
    W.main()
