#!/usr/bin/env python3
"""test_browser_pages.py - the word judge and the lobby in headless
Chromium at 360 px, against the real daemon: the judge's verdicts (valid,
derivative, proper noun, an uncovered card), used words, words that would
have worked; the lobby creating a match and its QR codes (read back with
zbarimg); every page at phone width, light and dark, with nothing sticking
out sideways (scrollWidth <= clientWidth) and no JavaScript error.
"""
import os
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

    def judge(self, word, centre=("", ""), mine=()):
        B.type("#c1", centre[0])
        B.type("#c2", centre[1])
        for c in mine:
            B.type("#mine", c)
            B.click("#addmine")
        B.type("#word", word)
        B.click("#check")
        return B.wait(lambda d: B.css("#result .verdict") and word.lower() in B.text("#result .word").lower()
                      and B.css("#result .verdict")[0], "the verdict on " + word)

    def test_valid_word_drawn_on_the_cards(self):
        """The rules' example: NZ and IQ in the centre, SG and SH in front of
        the shouter: "kissing" counts, each card gets its own letter."""
        v = self.judge("kissing", ("NZ", "IQ"), ("SG", "SH"))
        self.assertEqual(v.text, "✓")
        self.assertIn("ok", v.get_attribute("class"))
        cards = B.css("#result .card")
        self.assertEqual([c.get_attribute("data-card") for c in cards], ["NZ", "IQ", "SG", "SH"])
        used = [c.find_element(W.By.CSS_SELECTOR, ".use").text for c in cards]
        self.assertEqual(used, ["N", "I", "S", "S"], "the letter given to each card is marked on it")
        B.wait(lambda d: B.css("#result .def li"), "the definition")
        self.assertIn("lips", B.text("#result .def"))
        self.assertFalse(B.js_errors())
        B.shot("judge-valid")
        B.click("#result button.pri", "It won a card")
        B.wait(lambda d: "kissing" in B.text("#used"), "kissing in the used words")

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
        v = self.judge("sigh", ("NZ", "IQ"))
        self.assertEqual(v.text, "✗")
        self.assertIn("needs its own letter for card NZ", B.text("#result .reasons"))
        nz = [c for c in B.css("#result .card") if c.get_attribute("data-card") == "NZ"][0]
        self.assertIn("no letter", nz.text)
        # two S cards need two S's: "sin" has one
        v = self.judge("sin", ("NZ", "IQ"), ("SG", "SH"))
        self.assertEqual(v.text, "✗")
        self.assertIn("needs a separate letter for each card", B.text("#result .reasons"))
        B.shot("judge-uncovered")

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
        B.wait(lambda d: len(B.css("[data-seat-link]")) == 5, "a link per seat, the host's and the public's")
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
