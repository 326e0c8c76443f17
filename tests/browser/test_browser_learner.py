#!/usr/bin/env python3
"""test_browser_learner.py - English words for learners (learner_language) in
the pages, in headless Chromium: the judge's choice of the class's
language (kept in the browser) puts the word's translation beside its
definition; the projector shows a match's learner_language translation
with each definition and plays the rules' exercise "define it first" (the
shouted word at once, its meaning only when the teacher taps Reveal; the
next word hidden again); the companion referee shows the latest word's
definition and translation; the lobby and the referee's new table offer
the class's language.  Matches are played over HTTP; the pages are
watched, every step waits for what the page shows (never a sleep).
"""
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

unittest = W.wbtest.unittest
bearer = W.wbgames.bearer
D = None
B = None
DECK = ["HO", "SE", "TA", "RE", "LI", "NO", "CA", "DU"]  # not shuffled: HO and SE first


def setUpModule():
    global D, B
    D = W.start_daemon()
    B = W.Browser(1280, 720)


def create(options):
    st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob"], "seed": 3,
                                            "options": dict({"tie_window_ms": 0, "shuffle": False,
                                                             "deck": DECK}, **options)})
    assert st == 201, m
    return m


def act(m, who, body):
    t = m["host_token"] if who == "host" else m["players"][who]["token"]
    st, _, doc = D.json("POST", "/v1/games/%s/actions" % m["id"], body, headers=bearer(t))
    assert st == 200, (body, doc)
    return doc


def view(m):
    st, _, v = D.json("GET", "/v1/games/" + m["id"], headers=bearer(m["host_token"]))
    assert st == 200, v
    return v


def definition(word):
    st, _, w = D.json("GET", "/v1/dictionaries/en_US/words/" + word)
    assert st == 200 and w["definitions"], w
    return w["definitions"][0]["text"]


class Judge(unittest.TestCase):
    def check(self, word):
        B.type("#word", word)
        B.click("#check")
        B.wait(lambda d: "".join(B.text("#result .word").split()).lower() == word and B.css("#result .def ol"),
               "the verdict and definition of " + word)

    def test_class_language_shows_a_translation(self):
        B.open(W.url(D, "/"))
        B.d.execute_script("localStorage.clear()")
        B.open(W.url(D, "/"))
        B.one("#lang option[value='fr']", "French among the class's languages")
        # no language chosen: the definition alone
        self.check("houses")
        self.assertEqual(B.css("#translation"), [])
        B.select("#lang", "French (fr)")
        self.check("houses")
        B.wait(lambda d: "maison" in B.text("#translation"), "the French translation")
        self.assertIn("French", B.text("#translation"))
        self.assertIn("(house)", B.text("#translation"), "an inflected form is translated as its base form")
        B.shot("judge-translation")
        # kept in this browser: a reload judges in French again
        B.open(W.url(D, "/"))
        B.one("#lang option[value='fr']", "the class's languages")
        self.assertEqual(B.attr("#lang", "value"), ["fr"])
        B.select("#lang", "German (de)")
        self.check("house")
        B.wait(lambda d: "Haus" in B.text("#translation"), "the German translation")


class Projector(unittest.TestCase):
    def test_define_it_first(self):
        m = create({"learner_language": "fr"})
        B.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        B.d.execute_script("localStorage.removeItem('wibbell-projector')")
        B.open(W.url(D, "/web/projector.html#g=%s&t=%s" % (m["id"], m["host_token"])))
        B.wait_version(view(m)["version"])
        B.click("#definefirst", "the teacher's Define it first")
        B.one("#definefirst[aria-pressed='true']", "define it first switched on")

        act(m, 0, {"type": "claim", "word": "houses"})
        B.wait_version(view(m)["version"], "Ann's word on the screen")
        B.wait(lambda d: "houses" in B.text("#latest .word"), "the shouted word at once")
        self.assertEqual(B.attr("#latest", "data-hidden"), ["1"])
        latest = B.text("#latest")
        self.assertNotIn("maison", latest)
        self.assertNotIn(definition("houses"), latest)
        self.assertEqual(B.css("#latest .def"), [])
        B.shot("projector-define-first")
        B.click("#reveal", "the teacher's Reveal")
        B.wait(lambda d: "maison" in B.text("#latest .tr"), "the translation revealed")
        self.assertIn(definition("houses"), B.text("#latest .def"))
        self.assertIn("French", B.text("#latest .tr"))
        self.assertEqual(B.css("#reveal"), [], "nothing left to reveal")
        B.shot("projector-revealed")

        # the next word hides again
        act(m, 0, {"type": "take", "card": 0})
        self.assertEqual([c["letters"] for c in view(m)["centre"]], ["SE", "TA"])
        word = "seat"
        act(m, 1, {"type": "claim", "word": word})
        B.wait_version(view(m)["version"], "Bob's word on the screen")
        B.wait(lambda d: word in B.text("#latest .word"), "the next word")
        self.assertEqual(B.attr("#latest", "data-hidden"), ["1"])
        self.assertEqual(B.css("#latest .def, #latest .tr"), [])
        B.one("#reveal", "Reveal for the next word")

        # switched off: the meaning shows with the word
        B.click("#definefirst")
        B.wait(lambda d: B.css("#latest .def") and not B.css("#latest[data-hidden]"), "the meaning shown")
        self.assertIn(definition(word), B.text("#latest .def"))
        self.assertEqual(B.js_errors(), [])


class Referee(unittest.TestCase):
    def test_definition_and_translation(self):
        """The referee starts the table with the class's language; the
        latest word that counted shows with its definition and translation."""
        B.open(W.url(D, "/web/table.html"))
        B.one("#ll option[value='fr']", "French among the class's languages")
        W.Select(B.one("#ll")).select_by_value("fr")
        B.click("#board button.pri", "Start the table")
        B.wait(lambda d: "t=" in d.current_url, "the new table's link")
        frag = fragment(B.d.current_url)
        m = {"id": frag["g"], "host_token": frag["t"]}
        self.assertEqual(view(m)["learner_language"], "fr")
        for c in ("SH", "ES"):  # of the default deck
            act(m, "host", {"type": "flip", "card": c})
        act(m, "host", {"type": "claim", "seat": 0, "word": "houses"})
        B.wait_version(view(m)["version"])
        B.wait(lambda d: "houses" in B.text("#meaning"), "the latest word for the referee")
        self.assertIn(definition("houses"), B.text("#meaning .def"))
        self.assertIn("maison", B.text("#meaning .tr"))
        B.shot("referee-meaning")
        self.assertEqual(B.js_errors(), [])


def fragment(url):
    """The parameters after a link's #: {"g": match id, "t": token}."""
    return dict(urllib.parse.parse_qsl(url.split("#", 1)[1]))


class Lobby(unittest.TestCase):
    def test_learner_language_offered(self):
        B.open(W.url(D, "/web/lobby.html"))
        B.one("#game option")
        W.Select(B.one("#game")).select_by_value("wibbell")
        B.click("#optbox summary")
        B.one("#opt-learner_language option[value='es']", "Spanish among the class's languages")
        W.Select(B.one("#opt-learner_language")).select_by_value("es")
        B.click("#go")
        B.wait(lambda d: B.css("[data-seat-link] a"), "the seats' links")
        href = B.css("[data-seat-link] a")[0].get_attribute("href")
        mid = fragment(href)["g"]
        st, _, v = D.json("GET", "/v1/games/" + mid)
        self.assertEqual((st, v["learner_language"]), (200, "es"))
        self.assertEqual(B.js_errors(), [])


if __name__ == "__main__":
    W.main()
