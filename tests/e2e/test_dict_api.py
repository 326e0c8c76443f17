#!/usr/bin/env python3
"""test_dict_api.py - end-to-end tests of the dictionary API of wibbelld.

Starts the real daemon on 127.0.0.1 port 0 with the prebuilt test
dictionary ($WIBBELLD_TEST_DATA), talks HTTP to it, and stops it with
SIGTERM by its pid, expecting exit status 0.  Covers every endpoint, the
examples of the Wibbell rules, and bad input of every kind (each must give
the right status, application/problem+json and its stable code, and leave
the daemon answering /healthz).

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding a built en_US dictionary).
"""
import json
import os
import socket
import sys
import threading
import unicodedata
import unittest
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

D = None  # the daemon, shared by every test of this file

RULES_CARDS = ["NZ", "IQ", "SG", "SH"]

# Every route these tests use, as (method, OpenAPI path).
ROUTES = [
    ("get", "/healthz"),
    ("get", "/v1/version"),
    ("get", "/openapi.json"),
    ("get", "/v1/dictionaries"),
    ("get", "/v1/dictionaries/{dict}/words/{word}"),
    ("get", "/v1/dictionaries/{dict}/match"),
    ("get", "/v1/dictionaries/{dict}/prefix/{prefix}"),
    ("get", "/v1/dictionaries/{dict}/pattern/{pattern}"),
    ("post", "/v1/wibbell/check"),
]


def setUpModule():
    global D
    D = wbtest.module_daemon(wbtest.Daemon())


def q(s):
    """Percent-encode a path segment (UTF-8)."""
    return urllib.parse.quote(s, safe="")


def fold(s):
    """Letters as the cards see them: NFC, case-folded, diacritics off."""
    s = unicodedata.normalize("NFD", s.casefold())
    return "".join(c for c in s if not unicodedata.combining(c))


def covers(word, cards):
    """Can each card get its own position in word holding one of its
    letters?  A bipartite matching (Kuhn's augmenting paths)."""
    letters = list(fold(word))
    sets = [set(fold(c)) for c in cards]
    owner = [-1] * len(letters)

    def augment(i, seen):
        for j, ch in enumerate(letters):
            if ch in sets[i] and j not in seen:
                seen.add(j)
                if owner[j] == -1 or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(augment(i, set()) for i in range(len(sets)))


class CoversSelfTest(unittest.TestCase):
    """The checker the match tests rely on must itself be right."""

    def test_rules_example(self):
        for w in ("kissing", "mission", "hints"):
            self.assertTrue(covers(w, RULES_CARDS), w)
        self.assertFalse(covers("sin", RULES_CARDS))
        self.assertFalse(covers("ss", ["S", "S", "S"]))
        self.assertTrue(covers("sss", ["S", "S", "S"]))


class Base(unittest.TestCase):
    def get(self, path, status=200):
        st, hdrs, doc = D.json("GET", path)
        self.assertEqual(st, status, "GET %s -> %d %r" % (path, st, doc))
        self.assertTrue(hdrs.get("content-type", "").startswith("application/json"),
                        hdrs.get("content-type"))
        return doc

    def check(self, body, status=200):
        st, hdrs, doc = D.json("POST", "/v1/wibbell/check", body)
        self.assertEqual(st, status, "check %r -> %d %r" % (body, st, doc))
        return doc

    def word(self, w, dict_id="en_US", query=""):
        return self.get("/v1/dictionaries/%s/words/%s%s" % (dict_id, q(w), query))

    def match(self, cards, used=(), limit=None, offset=None, dict_id="en_US"):
        params = {"cards": ",".join(cards)}
        if used:
            params["used"] = ",".join(used)
        if limit is not None:
            params["limit"] = str(limit)
        if offset is not None:
            params["offset"] = str(offset)
        return self.get("/v1/dictionaries/%s/match?%s" % (dict_id, urllib.parse.urlencode(params)))

    def reason_codes(self, verdict):
        return [r["code"] for r in verdict["reasons"]]


class Meta(Base):
    def test_healthz(self):
        st, hdrs, body = D.request("GET", "/healthz")
        self.assertEqual(st, 200)
        # a daemon running games also says whether its writes succeed
        self.assertEqual(json.loads(body), {"status": "ok", "storage": "ok"})
        self.assertEqual(hdrs.get("cache-control"), "no-store")

    def test_head_healthz(self):
        st, hdrs, body = D.request("HEAD", "/healthz")
        self.assertEqual(st, 200)
        self.assertEqual(body, b"")

    def test_version(self):
        doc = self.get("/v1/version")
        self.assertEqual(doc["name"], "wibbelld")
        self.assertRegex(doc["version"], r"^\d+\.\d+\.\d+")
        self.assertIn("en_US", doc["dictionaries"])

    def test_openapi_describes_every_route(self):
        doc = self.get("/openapi.json")
        self.assertTrue(doc["openapi"].startswith("3."))
        self.assertIn("info", doc)
        paths = doc["paths"]
        for method, path in ROUTES:
            self.assertIn(path, paths, "%s is not described" % path)
            self.assertIn(method, paths[path], "%s %s is not described" % (method, path))

    def test_every_described_route_exists(self):
        """The other direction: each path of the document is served."""
        doc = self.get("/openapi.json")
        samples = {"{dict}": "en_US", "{word}": "explore", "{prefix}": "expl", "{pattern}": "c_t",
                   "{file}": "lobby.html"}
        for path, ops in doc["paths"].items():
            if path.startswith(("/v1/games", "/v1/matches", "/v1/join")):
                continue  # need a match: test_games_api.py and test_class.py check them
            url = path
            for k, v in samples.items():
                url = url.replace(k, v)
            self.assertNotIn("{", url, "no sample for a parameter of %s" % path)
            if "match" in url:
                url += "?cards=NZ,IQ"
            for method in ops:
                if method == "post":
                    st, _, _ = D.request("POST", url, {"word": "kissing", "cards": RULES_CARDS})
                else:
                    st, _, _ = D.request(method.upper(), url)
                self.assertEqual(st, 200, "%s %s" % (method.upper(), url))

    def test_keep_alive(self):
        c = D.connect()
        try:
            for _ in range(5):
                st, hdrs, body = D.request("GET", "/v1/version", conn=c)
                self.assertEqual(st, 200)
                self.assertNotEqual(hdrs.get("connection", "").lower(), "close")
        finally:
            c.close()

    def test_concurrent_requests(self):
        errors = []

        def worker(n):
            try:
                for i in range(20):
                    st, _, doc = D.json("GET", "/v1/dictionaries/en_US/words/explore")
                    if st != 200 or not doc["valid"]:
                        errors.append((n, i, st))
                    st, _, doc = D.json("POST", "/v1/wibbell/check",
                                        {"word": "kissing", "cards": RULES_CARDS})
                    if st != 200 or not doc["valid"]:
                        errors.append((n, i, st))
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append((n, repr(e)))

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


class Dictionaries(Base):
    def test_list(self):
        doc = self.get("/v1/dictionaries")
        ds = {d["id"]: d for d in doc["dictionaries"]}
        self.assertIn("en_US", ds)
        self.assertIn("en_GB", ds)
        us = ds["en_US"]
        # the default dictionary takes either spelling, for a mixed table
        self.assertTrue(ds["en"]["default"])
        self.assertEqual(sum(1 for d in doc["dictionaries"] if d["default"]), 1)
        for key in ("words", "proper_nouns", "lemmas"):
            self.assertIsInstance(us[key], int)
        self.assertGreater(us["words"], 50000)
        self.assertGreater(us["proper_nouns"], 0)
        for key in ("language", "built_at", "sources"):
            self.assertIsInstance(us[key], str)
        # English words have SCOWL size classes; other languages none
        for d in doc["dictionaries"]:
            self.assertEqual(d["size_classes"], d["id"].startswith("en"), d["id"])


class Words(Base):
    def test_valid_word(self):
        doc = self.word("explore")
        self.assertEqual(doc["word"], "explore")
        self.assertTrue(doc["valid"])
        self.assertFalse(doc["proper_noun"])
        self.assertIn("explore", doc["stems"])
        self.assertIn("exploring", doc["family"])
        self.assertGreater(len(doc["definitions"]), 0)
        for d in doc["definitions"]:
            self.assertIn(d["pos"], ("noun", "verb", "adjective", "adverb"))
            self.assertIsInstance(d["text"], str)

    def test_own_sense_first(self):
        """A definition shown first is the word's own when WordNet defines
        the word itself, plainly and in the class setting (homeless is not
        home's "the place where you are stationed"); a form's senses are
        its own lemma's, not a look-alike's (undressing: undress, never
        dress's "put on clothes"), each marked with that base in "of"."""
        for query in ("", "?class=1"):
            for w in ("homeless", "hopeless", "painful", "topless"):
                doc = self.word(w, "en", query)
                self.assertGreater(len(doc["definitions"]), 0, w)
                self.assertNotIn("of", doc["definitions"][0], (w, query))
            doc = self.word("undressing", "en", query)
            self.assertEqual(doc["definitions"][0].get("of"), "undress", query)
            self.assertFalse(any(d.get("of") == "dress" for d in doc["definitions"]), query)
            doc = self.word("hoping", "en", query)
            self.assertTrue(doc["definitions"])
            self.assertTrue(all(d.get("of") == "hope" for d in doc["definitions"]), query)

    def test_class_setting(self):
        """?class=1, the class setting: kissing's most common sense first and
        no "foreplay"; a word with no sense a class may see has no
        definition and is still a word; a bad value is a 400."""
        plain, cls = self.word("kissing", "en"), self.word("kissing", "en", "?class=1")
        self.assertIn("foreplay", plain["definitions"][0]["text"])
        self.assertNotIn("hidden_senses", plain)
        self.assertEqual(cls["hidden_senses"], 1)
        self.assertIs(cls["hidden_word"], False)
        self.assertEqual(cls["definitions"][0]["pos"], "verb")
        self.assertIn("touch with the lips", cls["definitions"][0]["text"])
        self.assertFalse(any("foreplay" in d["text"] for d in cls["definitions"]))
        self.assertEqual(plain["stems"], cls["stems"])
        fuck = self.word("fuck", "en", "?class=1")
        self.assertEqual((fuck["valid"], fuck["hidden_word"], fuck["definitions"]), (True, True, []))
        self.assertGreater(len(self.word("fuck", "en")["definitions"]), 0)
        st, _, doc = D.json("GET", "/v1/dictionaries/en/words/kissing?class=2")
        self.assertEqual((st, doc["code"]), (400, "bad_parameter"))
        # words that would have worked: not the hidden ones
        plain = self.match(["F", "U", "C", "K"], limit=100, dict_id="en")
        cls = self.get("/v1/dictionaries/en/match?cards=F,U,C,K&limit=100&class=1")
        self.assertIn("fuck", plain["words"])
        self.assertNotIn("fuck", cls["words"])
        self.assertIn("cufflink", cls["words"])
        self.assertLess(cls["total"], plain["total"])

    def test_class_list(self):
        """The class setting's list of offensive words (cuss and
        naughty-words, by grade): no listing suggests a word it holds (the
        word look-up says hidden_word, its family leaves them out, match,
        prefix and pattern too), each grade hides what it says, and a
        shouted listed word is still judged a word."""
        cls = "?class=1"
        # the check: still a word, with or without the setting
        v = self.check({"word": "dildo", "cards": ["D", "L"]})
        self.assertIs(v["valid"], True, v)
        doc = self.word("dildo", query=cls)
        self.assertEqual((doc["valid"], doc["hidden_word"]), (True, True))
        self.assertEqual(len(doc["definitions"]), len(self.word("dildo")["definitions"]))
        self.assertIs(self.word("dildo", query=cls + "&grade=adult")["hidden_word"], False)
        self.assertIs(self.word("kiss", query=cls)["hidden_word"], False)
        self.assertIs(self.word("arsehole", query=cls)["hidden_word"], True, "not a word, listed")
        self.assertIn("bitchy", self.word("bitch")["family"])
        self.assertFalse([w for w in self.word("bitch", query=cls)["family"]
                          if w.startswith("bitch")])
        # match, for each grade: the five and god
        for cards, word, grades in ((["D", "I", "L"], "dildo", ("school", "young")),
                                    (["B", "I", "T"], "bitch", ("school", "young")),
                                    (["W", "H", "O"], "whore", ("school", "adult", "young")),
                                    (["S", "L", "U"], "slut", ("school", "adult", "young")),
                                    (["C", "U", "N"], "cunt", ("school", "adult", "young")),
                                    (["G", "O", "D"], "god", ("young",))):
            path = "/v1/dictionaries/en_US/match?cards=%s&limit=1000" % ",".join(cards)
            plain = self.get(path)
            self.assertIn(word, plain["words"])
            for grade in ("", "&grade=school", "&grade=adult", "&grade=young"):
                doc = self.get(path + "&class=1" + grade)
                hides = (grade[7:] or "school") in grades
                self.assertEqual(word not in doc["words"], hides, (word, grade))
                self.assertLessEqual(doc["total"], plain["total"])
        # prefix: fuc had no class setting at all
        plain = self.get("/v1/dictionaries/en_US/prefix/fuc?limit=100")["words"]
        self.assertTrue({"fuck", "fuckhead", "fuchsia"} <= set(plain), plain)
        doc = self.get("/v1/dictionaries/en_US/prefix/fuc?limit=100&class=1")["words"]
        self.assertFalse([w for w in doc if w.startswith("fuck")], doc)
        self.assertIn("fuchsia", doc)
        # pattern
        self.assertIn("whore", self.get("/v1/dictionaries/en_US/pattern/wh_re")["words"])
        doc = self.get("/v1/dictionaries/en_US/pattern/wh_re?class=1")["words"]
        self.assertNotIn("whore", doc)
        self.assertIn("where", doc)
        # what each dictionary says it hides
        ds = {x["id"]: x for x in self.get("/v1/dictionaries")["dictionaries"]}
        self.assertIn("cuss 2.2.0 and naughty-words 1.2.0, en", ds["en_US"]["class_words"])
        # a grade asks for the setting
        doc = self.get("/v1/dictionaries/en_US/prefix/fuc?limit=100&grade=adult")["words"]
        self.assertFalse([w for w in doc if w.startswith("fuck")], doc)
        self.assertIs(self.word("dildo", query="?grade=young")["hidden_word"], True)
        # a bad grade, and a grade with class=0
        for path in ("/v1/dictionaries/en_US/match?cards=A&class=1&grade=teen",
                     "/v1/dictionaries/en_US/prefix/fuc?class=0&grade=adult",
                     "/v1/dictionaries/en_US/words/kiss?class=1&grade=",
                     "/v1/dictionaries/en_US/pattern/c_t?class=1&grade=SCHOOL"):
            st, _, doc = D.json("GET", path)
            self.assertEqual((st, doc.get("code")), (400, "bad_parameter"), path)

    def test_size_class(self):
        # the smallest SCOWL list holding the word or, for an inflection, its lemma
        for w, size in (("dog", 10), ("dogs", 10), ("explore", 20), ("cafeteria", 35),
                        ("caffeinated", 50), ("terebinth", 80)):
            self.assertEqual(self.word(w).get("size"), size, w)
        self.assertNotIn("size", self.word("xqzt"))  # not a word: no class
        self.assertNotIn("size", self.word("paris"))
        ids = [d["id"] for d in self.get("/v1/dictionaries")["dictionaries"]]
        if "fr" in ids:
            doc = self.word("maison", "fr")
            self.assertTrue(doc["valid"])
            self.assertNotIn("size", doc)  # no SCOWL in French

    def test_proper_noun(self):
        doc = self.word("paris")
        self.assertFalse(doc["valid"])
        self.assertTrue(doc["proper_noun"])

    def test_turkey_is_a_word(self):
        doc = self.word("turkey")
        self.assertTrue(doc["valid"])

    def test_non_word(self):
        doc = self.word("xqzt")
        self.assertFalse(doc["valid"])
        self.assertFalse(doc["proper_noun"])
        self.assertEqual(doc["definitions"], [])

    def test_case_does_not_matter(self):
        self.assertEqual(self.word("EXPLORE"), self.word("explore"))
        self.assertEqual(self.word("Explore"), self.word("explore"))

    def test_unicode_normalisation_does_not_matter(self):
        decomposed = self.word("Cafe\u0301")
        composed = self.word("caf\u00e9")
        self.assertEqual(decomposed, composed)
        self.assertEqual(composed["word"], "caf\u00e9")

    def test_default_dictionary(self):
        self.assertEqual(self.word("explore", dict_id="default"), self.word("explore", dict_id="en"))
        for w in ("colour", "color"):
            self.assertTrue(self.word(w, dict_id="default")["valid"], w)
        self.assertFalse(self.word("colour")["valid"])  # en_US

    def test_limits(self):
        doc = self.word("explore", query="?family_limit=2&definitions_limit=1")
        self.assertLessEqual(len(doc["family"]), 2)
        self.assertLessEqual(len(doc["definitions"]), 1)
        doc = self.word("explore", query="?family_limit=0&definitions_limit=0")
        self.assertEqual(doc["family"], [])
        self.assertEqual(doc["definitions"], [])


class Check(Base):
    def test_forms_of_look_alikes(self):
        """Look-alike lemmas, over HTTP on en (the default): an -ing/-ed
        form is its own verb's, not the shorter word's it looks like, and
        the look-up's stems say the same."""
        for word, alike, verb in [("hoping", "hop", "hope"), ("dining", "din", "dine"),
                                  ("planed", "plan", "plane"), ("stared", "star", "stare"),
                                  ("wined", "win", "wine"), ("caning", "can", "cane"),
                                  ("shining", "shin", "shine"), ("taping", "tap", "tape"),
                                  ("waging", "wag", "wage"), ("piping", "pip", "pipe"),
                                  ("sloping", "slop", "slope"), ("scraping", "scrap", "scrape"),
                                  ("doting", "dot", "dote")]:
            v = self.check({"word": word, "cards": [], "used": [alike], "dictionary": "en"})
            self.assertTrue(v["valid"], "%s after %s: %r" % (word, alike, v))
            v = self.check({"word": word, "cards": [], "used": [verb], "dictionary": "en"})
            self.assertFalse(v["valid"], "%s after %s" % (word, verb))
            self.assertIn("derivative", self.reason_codes(v))
        v = self.check({"word": "hopping", "cards": [], "used": ["hop"], "dictionary": "en"})
        self.assertFalse(v["valid"])
        for word, stems in [("caning", ["cane"]), ("doting", ["dote"]), ("hoping", ["hope"])]:
            self.assertEqual(self.word(word, "en")["stems"], stems, word)

    def test_symbols_are_no_words(self):
        """Symbols are no words: unit symbols, abbreviations and Roman numerals
        in lower case are refused as such; interjections and short words
        stay words."""
        for w in ["kb", "mb", "lm", "ln", "lx", "ms", "ps", "xl", "iv", "ix", "xv", "xx",
                  "atm", "dkl", "cs", "ts"]:
            v = self.check({"word": w, "cards": [], "dictionary": "en"})
            self.assertFalse(v["valid"], w)
            self.assertIn("abbreviation", v["reasons"][0]["detail"], w)
        for w in ["hm", "sh", "hmm", "tsk", "nth", "xi", "ox", "ax", "my"]:
            self.assertTrue(self.check({"word": w, "cards": [], "dictionary": "en"})["valid"], w)

    def test_fast_path_answers_as_the_general_one(self):
        """The common request (plain ASCII strings, Content-Type exactly
        application/json) is answered without Jansson (api/check_fast.c);
        the same body sent with a charset parameter takes the general path.
        Both answers must be the same bytes, for valid and refused words,
        every reason, every dictionary, and every error."""
        import random
        rng = random.Random(11)
        words = ["kissing", "exploring", "explore", "thankful", "ft", "mph", "Paris",
                 "colour", "color", "organize", "xqzt", "sin", "unkind", "a b", "caf\u00e9",
                 "Cafe\u0301", "", "x" * 70, "it's", "HINTS", "teach", "taught"]
        cards = ["NZ", "IQ", "SG", "SH", "E", "T", "QU", "X", "a", "1", "", "N Z", "\u00e9"]
        used = ["explore", "teach", "kind", "thank", "sing", "Paris", "", "a b", "\u00ff"]
        dicts = [None, "default", "en", "en_US", "en_GB", "nope", ""]
        bodies = []
        for _ in range(250):
            b = {"word": rng.choice(words),
                 "cards": rng.sample(cards, rng.randint(0, 5))}
            if rng.random() < 0.7:
                b["used"] = rng.sample(used, rng.randint(0, 4))
            d = rng.choice(dicts)
            if d is not None:
                b["dictionary"] = d
            if rng.random() < 0.3:
                b["compounds"] = rng.choice(["separate", "derivative", "", "Derivative", None, 1])
            bodies.append(json.dumps(b, ensure_ascii=rng.random() < 0.5))
        bodies += ['{"word":"kissing","cards":%s}' % json.dumps(["A"] * 17),
                   '{"word":"kissing","cards":["NZ"],"used":null,"dictionary":null}',
                   '{"word":"kissing","cards":["NZ"],"word":"hints"}',
                   '{"word":"kissing"}', '{"cards":["NZ"]}', '{"word":null,"cards":[]}',
                   '{"word":"kissing","cards":["NZ"],"extra":1}', '[]', '{', '',
                   ' { "word" : "kissing" , "cards" : [ "NZ" , "IQ" ] } ',
                   '{"word":"kis\\"sing","cards":["NZ"]}', '{"word":7,"cards":["NZ"]}',
                   '{"word":"kissing","cards":["NZ",3]}', '{"word":"kissing","cards":"NZ"}']
        for body in bodies:
            fast = D.request("POST", "/v1/wibbell/check", body,
                             headers={"Content-Type": "application/json"})
            slow = D.request("POST", "/v1/wibbell/check", body,
                             headers={"Content-Type": "application/json; charset=utf-8"})
            self.assertEqual(fast[0], slow[0], body)
            self.assertEqual(fast[2], slow[2], body)
            self.assertEqual(fast[1].get("content-type"), slow[1].get("content-type"), body)

    def test_rules_example_valid(self):
        for w in ("kissing", "mission", "hints"):
            v = self.check({"word": w, "cards": RULES_CARDS})
            self.assertTrue(v["valid"], "%s: %r" % (w, v))
            self.assertEqual(v["word"], w)
            self.assertEqual(v["reasons"], [])
            self.assertEqual(v["dictionary"], "en")  # the default
            # the assignment gives each card its own position with one of its letters
            a = v["assignment"]
            self.assertEqual(sorted(x["card"] for x in a), sorted(RULES_CARDS))
            self.assertEqual(len({x["position"] for x in a}), len(RULES_CARDS))
            for x in a:
                self.assertEqual(w[x["position"]], x["letter"].lower())
                self.assertIn(x["letter"].lower(), x["card"].lower())

    def test_rules_example_sin(self):
        v = self.check({"word": "sin", "cards": RULES_CARDS})
        self.assertFalse(v["valid"])
        self.assertIn("cards_not_covered", self.reason_codes(v))

    def test_the_reason_names_the_cards(self):
        """cards_not_covered says which cards lack a letter (as sent): the
        cards with no letter in the word, or else the ones that compete for
        too few letters ("sin": one S for SG and SH).  The fast path and
        the general one (a body with an escape) answer alike."""
        def lack(body):
            for fast in (True, False):
                b = dict(body, used=["caf\u00e9"]) if not fast else body
                v = self.check(b)
                r = [x for x in v["reasons"] if x["code"] == "cards_not_covered"]
                self.assertEqual(len(r), 1, v)
                yield r[0]
        for r in lack({"word": "sin", "cards": RULES_CARDS}):
            self.assertEqual(r["cards"], ["SG", "SH"])
            self.assertIn("SG and SH", r["detail"])
        for r in lack({"word": "cat", "cards": ["NZ", "iq"]}):
            self.assertEqual(r["cards"], ["NZ", "iq"], "no letter for either card")
            self.assertIn("no letter of cards NZ and iq", r["detail"])
        for r in lack({"word": "sigh", "cards": ["NZ", "IQ"]}):
            self.assertEqual(r["cards"], ["NZ"])
        for r in lack({"word": "ab", "cards": ["A", "B", "AB"]}):
            self.assertEqual(sorted(r["cards"]), ["A", "AB", "B"], "three cards, two letters")
        v = self.check({"word": "kissing", "cards": RULES_CARDS})
        self.assertEqual(v["reasons"], [], "a valid word names no card")
        v = self.check({"word": "qzx", "cards": []})
        self.assertNotIn("cards", v["reasons"][0], "a reason about no card has no cards")

    def test_derivative(self):
        v = self.check({"word": "exploring", "cards": [], "used": ["explore"]})
        self.assertFalse(v["valid"])
        ds = [r for r in v["reasons"] if r["code"] == "derivative"]
        self.assertEqual(len(ds), 1, v)
        self.assertEqual(ds[0]["of"], "explore")
        self.assertIsInstance(ds[0]["detail"], str)

    def test_already_used(self):
        v = self.check({"word": "Explore", "cards": [], "used": ["explore"]})
        self.assertFalse(v["valid"])
        self.assertIn("already_used", self.reason_codes(v))

    def test_proper_noun(self):
        v = self.check({"word": "Paris", "cards": []})
        self.assertFalse(v["valid"])
        self.assertIn("proper_noun", self.reason_codes(v))

    def test_not_a_word(self):
        v = self.check({"word": "xqzt", "cards": []})
        self.assertFalse(v["valid"])
        self.assertIn("not_a_word", self.reason_codes(v))

    def test_of_only_where_it_belongs(self):
        v = self.check({"word": "sin", "cards": RULES_CARDS})
        for r in v["reasons"]:
            if r["code"] not in ("derivative", "already_used"):
                self.assertNotIn("of", r)

    def test_card_echoed_as_sent(self):
        v = self.check({"word": "kissing", "cards": ["nz", "Iq", "SG", "sH"]})
        self.assertTrue(v["valid"])
        self.assertEqual(sorted(x["card"] for x in v["assignment"]), sorted(["nz", "Iq", "SG", "sH"]))

    def test_two_same_cards_need_two_letters(self):
        self.assertFalse(self.check({"word": "sin", "cards": ["S", "S"]})["valid"])
        self.assertTrue(self.check({"word": "kissing", "cards": ["S", "S"]})["valid"])

    def test_dictionary_field(self):
        v = self.check({"word": "kissing", "cards": RULES_CARDS, "dictionary": "en_US"})
        self.assertTrue(v["valid"])
        v = self.check({"word": "kissing", "cards": RULES_CARDS, "dictionary": "default"})
        self.assertTrue(v["valid"])
        v = self.check({"word": "kissing", "cards": RULES_CARDS, "dictionary": None, "used": None})
        self.assertTrue(v["valid"])

    def test_case_and_normalisation(self):
        a = self.check({"word": "KISSING", "cards": RULES_CARDS})
        b = self.check({"word": "kissing", "cards": RULES_CARDS})
        self.assertEqual(a, b)
        c = self.check({"word": "Cafe\u0301", "cards": ["E"]})
        self.assertTrue(c["valid"], c)
        self.assertEqual(c["word"], "caf\u00e9")


class Compounds(Base):
    """German and Dutch compounds (dict/COMPOUNDS.md): by
    default a compound is a word of its own; with "compounds":
    "derivative" a compound of a used word is a derivative of it.  A
    daemon of its own serves the German test dictionary."""

    @classmethod
    def setUpClass(cls):
        cls.de = wbtest.class_daemon(cls, wbtest.Daemon(args=["--dictionaries", "de,en_US"]))

    def get(self, path, status=200):
        st, hdrs, doc = self.de.json("GET", path)
        self.assertEqual(st, status, "GET %s -> %d %r" % (path, st, doc))
        return doc

    def check(self, body, status=200):
        st, hdrs, doc = self.de.json("POST", "/v1/wibbell/check", body)
        self.assertEqual(st, status, "check %r -> %d %r" % (body, st, doc))
        return doc

    def test_default_is_separate(self):
        for body in ({"word": "Haustür", "cards": [], "used": ["Haus"], "dictionary": "de"},
                     {"word": "Haustür", "cards": [], "used": ["Haus"], "dictionary": "de",
                      "compounds": "separate"},
                     {"word": "Haustür", "cards": [], "used": ["Haus"], "dictionary": "de",
                      "compounds": None}):
            v = self.check(body)
            self.assertTrue(v["valid"], (body, v))

    def test_derivative(self):
        for word, used in (("Haustür", "Haus"), ("Haus", "Haustür"), ("Häuserblock", "Haus"),
                           ("Arbeitszimmer", "Arbeit")):
            v = self.check({"word": word, "cards": [], "used": [used], "dictionary": "de",
                            "compounds": "derivative"})
            self.assertEqual(self.reason_codes(v), ["derivative"], v)
            self.assertEqual(v["reasons"][0]["of"], used)
        # a word that merely holds a used word, and an English word, never
        for word, used, d in (("Hausierer", "Haus", "de"), ("Legende", "Ende", "de"),
                              ("doghouse", "dog", "en_US")):
            v = self.check({"word": word, "cards": [], "used": [used], "dictionary": d,
                            "compounds": "derivative"})
            self.assertTrue(v["valid"], v)

    def test_bad_value(self):
        for bad in ("yes", "", "Derivative", 1, True, ["derivative"]):
            st, hdrs, doc = self.de.json("POST", "/v1/wibbell/check",
                                         {"word": "Haustür", "cards": [], "dictionary": "de",
                                          "compounds": bad})
            self.assertEqual(st, 400, bad)
            self.assertEqual(hdrs.get("content-type"), "application/problem+json")
            self.assertEqual(doc["code"], "bad_request", doc)
            self.assertIn("compounds", doc["detail"])

    def test_match(self):
        path = "/v1/dictionaries/de/match?cards=H,T,R&used=Haus&limit=1000"
        plain = self.get(path)
        comp = self.get(path + "&compounds=derivative")
        self.assertIn("haustür", plain["words"])
        self.assertNotIn("haustür", comp["words"])
        self.assertLess(comp["total"], plain["total"])
        self.assertEqual(self.get(path + "&compounds=separate"), plain)
        st, hdrs, doc = self.de.json("GET", path + "&compounds=maybe")
        self.assertEqual(st, 400)
        self.assertEqual(hdrs.get("content-type"), "application/problem+json")
        self.assertEqual(doc["code"], "bad_parameter")


class Match(Base):
    def test_rules_cards(self):
        doc = self.match(RULES_CARDS, limit=200)
        words = doc["words"]
        self.assertGreater(len(words), 0)
        self.assertGreaterEqual(doc["total"], len(words))
        for w in words:
            self.assertTrue(covers(w, RULES_CARDS), "%s does not satisfy the cards" % w)
        keys = [(len(w), w) for w in words]
        self.assertEqual(keys, sorted(keys), "not shortest first, then alphabetical")
        # every match is a valid word
        for w in words[:20]:
            self.assertTrue(self.word(w)["valid"], w)

    def test_sort_common(self):
        """?sort=common: the commonest first by SCOWL's
        size class, shortest first within one; the same words and total
        as the default order (sort=short), and paging over that order."""
        base = "/v1/dictionaries/en/match?cards=CK,AB&limit=%d&sort=%s"
        short = self.get(base % (1000, "short"))
        self.assertEqual(short, self.get("/v1/dictionaries/en/match?cards=CK,AB&limit=1000"))
        common = self.get(base % (1000, "common"))
        self.assertEqual(common["total"], short["total"])
        few = "/v1/dictionaries/en/match?cards=K,B,C,S&limit=1000&sort="
        a, b = self.get(few + "short"), self.get(few + "common")
        self.assertLess(a["total"], 1000)
        self.assertEqual(sorted(a["words"]), sorted(b["words"]))
        sizes = {}
        for w in common["words"][:60]:
            sizes[w] = self.word(w, "en")["size"]
        ranked = [(sizes[w] or 100, len(w), w) for w in common["words"][:60]]
        self.assertEqual(ranked, sorted(ranked), "not commonest, then shortest, first")
        top = common["words"][:10]
        self.assertTrue(all(sizes[w] <= 20 for w in top), top)
        for abbr in ("kb", "bc", "atm"):
            self.assertNotIn(abbr, common["words"])
        page = self.get(base % (10, "common") + "&offset=10")
        self.assertEqual(page["words"], common["words"][10:20])
        st, _, doc = D.json("GET", "/v1/dictionaries/en/match?cards=CK&sort=long")
        self.assertEqual((st, doc["code"]), (400, "bad_parameter"))

    def test_paging(self):
        whole = self.match(RULES_CARDS, limit=30)
        first = self.match(RULES_CARDS, limit=10)
        second = self.match(RULES_CARDS, limit=10, offset=10)
        self.assertEqual(first["words"] + second["words"], whole["words"][:20])
        self.assertEqual(first["total"], whole["total"])
        self.assertEqual(self.match(RULES_CARDS)["words"], whole["words"][:20])  # default 20

    def test_used_and_derivatives_excluded(self):
        cards = ["X", "P", "L", "G"]
        before = self.match(cards, limit=1000)["words"]
        self.assertIn("exploring", before)
        after = self.match(cards, used=["explore"], limit=1000)
        self.assertNotIn("exploring", after["words"])
        for w in after["words"]:
            self.assertTrue(covers(w, cards), w)
            self.assertFalse(w.startswith("explor"), w)
        # a used word itself is excluded too
        used_self = self.match(cards, used=["exploring"], limit=1000)["words"]
        self.assertNotIn("exploring", used_self)

    def test_repeated_parameters(self):
        a = self.get("/v1/dictionaries/en_US/match?cards=NZ&cards=IQ,SG&cards=SH&limit=50")
        b = self.match(RULES_CARDS, limit=50)
        self.assertEqual(a, b)

    def test_total_counts_all(self):
        doc = self.match(RULES_CARDS, limit=0)
        self.assertEqual(doc["words"], [])
        self.assertGreater(doc["total"], 0)


class Prefix(Base):
    def test_prefix(self):
        doc = self.get("/v1/dictionaries/en_US/prefix/expl?limit=50")
        words = doc["words"]
        self.assertGreater(len(words), 5)
        self.assertLessEqual(len(words), 50)
        for w in words:
            self.assertTrue(w.startswith("expl"), w)
        self.assertEqual(words, sorted(words))
        self.assertIsInstance(doc["more"], bool)

    def test_more(self):
        doc = self.get("/v1/dictionaries/en_US/prefix/ex?limit=3")
        self.assertEqual(len(doc["words"]), 3)
        self.assertTrue(doc["more"])
        doc = self.get("/v1/dictionaries/en_US/prefix/explore?limit=1000")
        self.assertFalse(doc["more"])
        self.assertIn("explore", doc["words"])

    def test_prefix_is_normalised(self):
        self.assertEqual(self.get("/v1/dictionaries/en_US/prefix/EXPL"),
                         self.get("/v1/dictionaries/en_US/prefix/expl"))


class Pattern(Base):
    def check_pattern(self, pattern, wildcard_pattern):
        doc = self.get("/v1/dictionaries/en_US/pattern/%s?limit=100" % pattern)
        words = doc["words"]
        self.assertGreater(len(words), 0)
        for w in words:
            self.assertEqual(len(w), len(wildcard_pattern), w)
            for a, b in zip(w, wildcard_pattern):
                if b != "?":
                    self.assertEqual(a, b, w)
        self.assertEqual(words, sorted(words))
        return words

    def test_question_mark(self):
        words = self.check_pattern("c%3Ft", "c?t")
        self.assertIn("cat", words)

    def test_underscore_and_dot(self):
        a = self.check_pattern("c_t", "c?t")
        b = self.check_pattern("c.t", "c?t")
        c = self.check_pattern("c%3Ft", "c?t")
        self.assertEqual(a, b)
        self.assertEqual(a, c)

    def test_longer(self):
        words = self.check_pattern("e__l_re", "e??l?re")
        self.assertIn("explore", words)


class BadInput(unittest.TestCase):
    """Each case: the status, problem+json, the code; and the daemon lives."""

    def tearDown(self):
        st, _, _ = D.request("GET", "/healthz")
        self.assertEqual(st, 200, "the daemon no longer answers /healthz")
        self.assertTrue(D.alive())

    def assertProblem(self, resp, status, code, detail_has=None):
        st, hdrs, body = resp
        self.assertEqual(st, status, body[:300])
        self.assertTrue(hdrs.get("content-type", "").startswith("application/problem+json"),
                        hdrs.get("content-type"))
        doc = json.loads(body.decode("utf-8"))
        self.assertEqual(doc["code"], code, doc)
        self.assertEqual(doc["status"], status)
        for key in ("type", "title", "detail"):
            self.assertIsInstance(doc[key], str)
        if detail_has:
            self.assertIn(detail_has, doc["detail"])
        return doc, hdrs

    def post(self, body, headers=None):
        return D.request("POST", "/v1/wibbell/check", body, headers)

    def test_malformed_json(self):
        for body in (b'{"word":', b"not json", b'{"word":"a",}', b'{"word":"a"} x', b""):
            self.assertProblem(self.post(body, {"Content-Type": "application/json"}), 400,
                               "bad_json")

    def test_duplicate_keys(self):
        self.assertProblem(self.post(b'{"word":"a","word":"b","cards":[]}'), 400, "bad_json")

    def test_not_an_object(self):
        for body in (b"[]", b'"kissing"', b"42", b"null"):
            self.assertProblem(self.post(body), 400, "bad_request")

    def test_wrong_types(self):
        cases = [
            ({"word": 5, "cards": []}, "word"),
            ({"word": ["a"], "cards": []}, "word"),
            ({"word": "a", "cards": "NZ"}, "cards"),
            ({"word": "a", "cards": [1]}, "cards[0]"),
            ({"word": "a", "cards": ["NZ", None]}, "cards[1]"),
            ({"word": "a", "cards": [], "used": "explore"}, "used"),
            ({"word": "a", "cards": [], "used": ["x", 3]}, "used[1]"),
            ({"word": "a", "cards": [], "dictionary": 7}, "dictionary"),
            ({"word": "a", "cards": ["A"] * 17}, "cards"),
            ({"word": "a", "cards": [], "used": ["a"] * 1001}, "used"),
        ]
        for body, field in cases:
            self.assertProblem(self.post(body), 400, "bad_request", detail_has=field)
        # the limits themselves are judged: 16 cards, 1000 used words
        for body in ({"word": "a", "cards": ["A"] * 16},
                     {"word": "a", "cards": [], "used": ["a"] * 1000}):
            st, _, _ = self.post(body)
            self.assertEqual(st, 200, body)

    def test_missing_fields(self):
        self.assertProblem(self.post({"cards": []}), 400, "bad_request", detail_has="word")
        self.assertProblem(self.post({"word": "kissing"}), 400, "bad_request", detail_has="cards")
        self.assertProblem(self.post({}), 400, "bad_request", detail_has="word")

    def test_bad_word(self):
        for w in ("hello world", "don't", "abc1", "", "a" * 65):
            self.assertProblem(self.post({"word": w, "cards": []}), 400, "bad_word")
            if w:
                self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/" + q(w)), 400,
                                   "bad_word")
        self.assertProblem(self.post({"word": "kissing", "cards": [], "used": ["ok", "no way"]}),
                           400, "bad_word", detail_has="used[1]")

    def test_bad_card(self):
        for cards in (["N1"], [""], ["NZ", "I Q"], ["?"]):
            self.assertProblem(self.post({"word": "kissing", "cards": cards}), 400, "bad_card")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/match?cards=N1"), 400,
                           "bad_card")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/match?cards=NZ,,IQ"), 400,
                           "bad_card")

    def test_invalid_utf8_in_body(self):
        self.assertProblem(self.post(b'{"word":"\xff\xfe","cards":[]}'), 400, "bad_utf8")
        self.assertProblem(self.post(b'{"word":"caf\xc3","cards":[]}'), 400, "bad_utf8")
        self.assertProblem(self.post(b'{"word":"\xed\xa0\x80","cards":[]}'), 400, "bad_utf8")

    def test_invalid_utf8_in_path(self):
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/%FF%FE"), 400,
                           "bad_utf8")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/caf%C3"), 400,
                           "bad_utf8")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/prefix/%C0%AF"), 400,
                           "bad_utf8")
        # raw bytes, not escaped
        self.assertProblem(D.raw(b"GET /v1/dictionaries/en_US/words/\xff\xfe HTTP/1.1\r\n"
                                 b"Host: x\r\nConnection: close\r\n\r\n"), 400, "bad_utf8")

    def test_invalid_utf8_in_query(self):
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/match?cards=%FF"), 400,
                           "bad_utf8")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/match?cards=NZ&used=%E2%82"),
                           400, "bad_utf8")

    def test_bad_escapes(self):
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/ab%2"), 400,
                           "bad_request")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/ab%zz"), 400,
                           "bad_request")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/words/ab%00c"), 400,
                           "bad_request")
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/match?cards=NZ%G1"), 400,
                           "bad_parameter")

    def test_oversized_body_with_content_length(self):
        body = json.dumps({"word": "kissing", "cards": [], "used": ["a" * 100] * 700}).encode()
        self.assertGreater(len(body), 64 * 1024)
        doc, hdrs = self.assertProblem(self.post(body), 413, "body_too_large")

    def test_oversized_body_refused_before_it_is_sent(self):
        resp = D.raw(b"POST /v1/wibbell/check HTTP/1.1\r\nHost: x\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 10000000\r\n"
                     b"Expect: 100-continue\r\n\r\n")
        self.assertProblem(resp, 413, "body_too_large")

    def test_oversized_chunked_body(self):
        def chunks():
            yield b'{"word":"kissing","cards":[],"used":['
            for _ in range(100):
                yield b'"' + b"a" * 1000 + b'",'
            yield b'"b"]}'
        c = D.connect()
        try:
            c.request("POST", "/v1/wibbell/check", body=chunks(), encode_chunked=True,
                      headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
            r = c.getresponse()
            resp = (r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
        finally:
            c.close()
        self.assertProblem(resp, 413, "body_too_large")

    def test_chunked_body_under_the_limit(self):
        def chunks():
            yield b'{"word":"kissing",'
            yield b'"cards":["NZ","IQ","SG","SH"]}'
        c = D.connect()
        try:
            c.request("POST", "/v1/wibbell/check", body=chunks(), encode_chunked=True,
                      headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
            r = c.getresponse()
            self.assertEqual(r.status, 200)
            self.assertTrue(json.loads(r.read())["valid"])
        finally:
            c.close()

    def test_unknown_dictionary(self):
        self.assertProblem(D.request("GET", "/v1/dictionaries/xx_XX/words/explore"), 404,
                           "unknown_dictionary")
        self.assertProblem(D.request("GET", "/v1/dictionaries/xx_XX/match?cards=NZ"), 404,
                           "unknown_dictionary")
        self.assertProblem(D.request("GET", "/v1/dictionaries/xx_XX/prefix/ex"), 404,
                           "unknown_dictionary")
        self.assertProblem(D.request("GET", "/v1/dictionaries/xx_XX/pattern/c_t"), 404,
                           "unknown_dictionary")
        self.assertProblem(self.post({"word": "a", "cards": [], "dictionary": "xx_XX"}), 404,
                           "unknown_dictionary")

    def test_unknown_route(self):
        for path in ("/nope", "/v1", "/v1/dictionaries/en_US", "/healthz/", "/web/nope",
                     "/v1/dictionaries/en_US/words", "/v1/dictionaries/en_US/words/a/b",
                     "/v2/version", "/v1/dictionaries//words/a"):
            self.assertProblem(D.request("GET", path), 404, "not_found")

    def test_wrong_method(self):
        doc, hdrs = self.assertProblem(D.request("POST", "/healthz", b"{}"), 405,
                                       "method_not_allowed")
        self.assertIn("GET", hdrs.get("allow", ""))
        doc, hdrs = self.assertProblem(D.request("GET", "/v1/wibbell/check"), 405,
                                       "method_not_allowed")
        self.assertEqual(hdrs.get("allow"), "POST")
        for m in ("DELETE", "PUT", "PATCH"):
            doc, hdrs = self.assertProblem(D.request(m, "/v1/dictionaries"), 405,
                                           "method_not_allowed")
            self.assertIn("GET", hdrs.get("allow", ""))

    def test_bad_limit(self):
        base = "/v1/dictionaries/en_US/"
        for query in ("limit=abc", "limit=-1", "limit=1001", "limit=", "limit=1e3",
                      "limit=99999999999999999999999", "offset=x"):
            self.assertProblem(D.request("GET", base + "match?cards=NZ&" + query), 400,
                               "bad_parameter")
        for query in ("limit=abc", "limit=100000"):
            self.assertProblem(D.request("GET", base + "prefix/ex?" + query), 400,
                               "bad_parameter")
            self.assertProblem(D.request("GET", base + "pattern/c_t?" + query), 400,
                               "bad_parameter")
        self.assertProblem(D.request("GET", base + "words/explore?family_limit=x"), 400,
                           "bad_parameter")
        self.assertProblem(D.request("GET", base + "words/explore?definitions_limit=101"), 400,
                           "bad_parameter")

    def test_match_cards_required(self):
        base = "/v1/dictionaries/en_US/match"
        self.assertProblem(D.request("GET", base), 400, "bad_parameter", detail_has="cards")
        self.assertProblem(D.request("GET", base + "?cards="), 400, "bad_parameter")
        self.assertProblem(D.request("GET", base + "?cards=" + ",".join(["A"] * 17)), 400,
                           "bad_parameter")

    def test_bad_pattern(self):
        self.assertProblem(D.request("GET", "/v1/dictionaries/en_US/pattern/c%2At"), 400,
                           "bad_word")

    def test_long_uri(self):
        st, _, _ = D.request("GET", "/v1/dictionaries/en_US/words/" + "a" * 9000)
        self.assertIn(st, (414, 431))

    def test_garbage_request(self):
        # not HTTP at all: the daemon may answer 400 or just close
        s = socket.create_connection((D.host, D.port), timeout=2)
        try:
            s.sendall(b"\x00\x01\x02 garbage \xff\r\n\r\n")
            try:
                s.recv(4096)
            except OSError:
                pass
        finally:
            s.close()


if __name__ == "__main__":
    wbtest.main()
