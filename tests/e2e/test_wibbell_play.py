#!/usr/bin/env python3
"""test_wibbell_play.py - whole games of Wibbell over the HTTP API.

The real daemon (its own data directory, the test dictionaries linked in)
plays seeded matches from creation to the final score: 2, 3 and 4 players
in each mode (standard, simple, simpler), the learning aid, starting
handicaps, companion mode (the host records flips, shouts and choices),
simultaneous claims settled by the tie window (the daemon's timer), the
rules' refusals (used words, derivatives, proper nouns, not words), and a
match judged by another dictionary.  Valid words are found the way a
client would: GET /v1/dictionaries/{dict}/match with the centre cards plus
the claimant's handicaps and face-up cards.  At every step the host view
must conserve the cards and score what each seat holds.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import csv
import io
import json
import os
import random
import sys
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import check_view, claim_cards, create, find_words  # noqa: E402
from test_conformance import timeless as untimed  # noqa: E402

D = None


def setUpModule():
    global D
    D = wbgames.module_daemon()


def event_types(doc):
    return [e["type"] for e in doc["events"]]


def all_events(m):
    return [e for entry in m.log("host") for e in entry["events"]]


class Base(unittest.TestCase):
    def check_final(self, m, final, nplayers, deck_size, nstart=0):
        """What every finished game must show."""
        self.assertEqual(final["status"], "finished")
        self.assertEqual(final["phase"], "over")
        self.assertEqual(final["to_act"], [])
        removed = wbgames.removed_for(nplayers, deck_size)
        self.assertEqual(sum(final["scores"]), deck_size - removed - nstart)
        best = max(final["scores"])
        self.assertEqual(final["winners"], [s for s, x in enumerate(final["scores"]) if x == best])
        log = m.log("host")
        self.assertEqual(len(log), final["version"] - 1)
        self.assertEqual([e["version"] for e in log], list(range(2, final["version"] + 1)))
        over = [e for e in all_events(m) if e["type"] == "game_over"]
        self.assertEqual(len(over), 1)
        self.assertEqual(over[0]["scores"], final["scores"])
        self.assertEqual(over[0]["winners"], final["winners"])
        # every used word took a card, once
        self.assertEqual(len(set(final["used"])), len(final["used"]))
        won = [e["word"] for e in all_events(m) if e["type"] == "card_won" and e.get("word")]
        self.assertEqual(won, final["used"])
        # and the public sees the same end
        pub = m.view()
        self.assertEqual((pub["status"], pub["winners"], pub["scores"]),
                         ("finished", final["winners"], final["scores"]))
        self.assertEqual(m.actions(0), [])
        return log


# --- whole games: every player count in every mode ----------------------------------


def make_full_game(nplayers, mode):
    def test(self):
        m = create(D, ["p%d" % i for i in range(nplayers)], {"tie_window_ms": 0, "mode": mode},
                   seed=1000 + 10 * nplayers + len(mode))
        p = wbgames.Player(self, m, nplayers, 48, random.Random(nplayers * 31 + len(mode)))
        final = p.play()
        self.check_final(m, final, nplayers, 48)
        self.assertEqual(final["end_reason"], "deck_out")
        events = all_events(m)
        kept = [e for e in events if e["type"] == "handicap_kept"]
        rounds = [e for e in events if e["type"] == "round_won"]
        self.assertGreater(len(rounds), 0, "no round was won")
        handicaps = sum(len(pl["handicaps"]) for pl in final["players"])
        self.assertEqual(handicaps, len(kept))
        if mode == "simpler":
            self.assertEqual(kept, [])
        else:
            # every round won before the last turn gives its winner a handicap
            self.assertGreaterEqual(len(kept), len(rounds) - 1)
            for e in kept:
                self.assertIn(e["card"]["id"],
                              [c["id"] for c in final["players"][e["seat"]]["handicaps"]])
        if mode != "standard":
            bonus = [e for e in events if e["type"] == "card_taken" and e.get("bonus")]
            self.assertGreater(len(bonus), 0, "no bonus card in %s mode" % mode)
            kept_ids = {e["card"]["id"] for e in kept}
            for b in bonus:
                self.assertNotIn(b["card"]["id"], kept_ids, "a bonus card became a handicap")
    return test


class FullGames(Base):
    pass


for _n in (2, 3, 4):
    for _mode in ("standard", "simple", "simpler"):
        setattr(FullGames, "test_%d_players_%s" % (_n, _mode), make_full_game(_n, _mode))


class Variants(Base):
    def test_learning_aid(self):
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 0, "learning_aid": True}, seed=77)
        p = wbgames.Player(self, m, 3, 48, random.Random(8))
        barred_seen = False
        while True:
            view = m.view("host")
            check_view(self, view, 48, 3)
            if view["status"] == "finished":
                break
            if view["phase"] == "play" and view["last_round_winner"] is not None:
                w = view["last_round_winner"]
                self.assertTrue(view["players"][w]["barred"])
                self.assertNotIn(w, view["to_act"])
                words = find_words(D, claim_cards(view, w), view["used"])
                if words and not barred_seen:
                    st, _, doc = m.act(w, {"type": "claim", "word": words[0]})
                    self.assertEqual(st, 422, doc)
                    self.assertEqual(doc["code"], "illegal_action")
                    self.assertIn("learning aid", doc["detail"])
                    self.assertEqual(m.view("host"), view)
                    barred_seen = True
            p.step(view)
        self.assertTrue(barred_seen, "no round winner was ever barred")
        self.check_final(m, view, 3, 48)

    def test_starting_handicaps(self):
        m = create(D, ["ann", "bob", "cy", "dee"],
                   {"tie_window_ms": 0, "handicaps": [2, 1, 0, 0]}, seed=5)
        view = m.view("host")
        self.assertEqual([len(pl["handicaps"]) for pl in view["players"]], [2, 1, 0, 0])
        for pl in view["players"]:
            for h in pl["handicaps"]:
                self.assertTrue(h["starting"])
            self.assertEqual(pl["score"], 0)
        # a starting handicap constrains: a word for the centre alone that
        # misses it is refused for seat 0
        cards = claim_cards(view, 0)
        centre_only = [w for w in find_words(D, [c["letters"] for c in view["centre"]], [],
                                             limit=200)
                       if w not in find_words(D, cards, [], limit=1000)]
        if centre_only:
            doc = m.ok(0, {"type": "claim", "word": centre_only[0]})
            self.assertEqual(event_types(doc), ["claim_refused"])
            self.assertIn("cards_not_covered",
                          [r["code"] for r in doc["events"][0]["reasons"]])
        p = wbgames.Player(self, m, 4, 48, random.Random(9))
        p.version = m.view()["version"]
        final = p.play()
        self.check_final(m, final, 4, 48, nstart=3)

    def test_rules_example(self):
        """Micol has SG and SH in front of her; NZ and IQ in the centre:
        "hints", "mission" and "kissing" work, "sin" does not."""
        deck = ["SG", "SH", "NZ", "IQ", "EX", "OT", "AL", "ER"]
        m = create(D, ["micol", "bob", "cy", "dee"], {"tie_window_ms": 0, "shuffle": False,
                                                      "deck": deck}, seed=1)
        # Micol wins SG and SH
        m.ok(0, {"type": "claim", "word": "gash", "take": 0})
        view = m.view("host")
        self.assertEqual([c["letters"] for c in view["centre"]], ["SH", "NZ"])
        m.ok(0, {"type": "claim", "word": "shun", "take": 0})
        view = m.view("host")
        self.assertEqual([c["letters"] for c in view["centre"]], ["NZ", "IQ"])
        self.assertEqual([c["letters"] for c in view["players"][0]["face_up"]], ["SG", "SH"])
        doc = m.ok(0, {"type": "claim", "word": "sin"})
        self.assertEqual(event_types(doc), ["claim_refused"])
        self.assertIn("cards_not_covered", [r["code"] for r in doc["events"][0]["reasons"]])
        r = [r for r in doc["events"][0]["reasons"] if r["code"] == "cards_not_covered"][0]
        self.assertEqual(r["cards"], ["SG", "SH"], "the refusal names the cards short of a letter")
        for w in ("hints", "mission", "kissing"):
            self.assertIn(w, find_words(D, claim_cards(view, 0), view["used"], limit=1000))
        doc = m.ok(1, {"type": "claim", "word": "quiz"})  # bob has no cards: fine
        self.assertIn("card_won", event_types(doc))


class Refusals(Base):
    def test_used_derivative_proper_not_a_word(self):
        deck = ["EX", "PL", "OR", "RE", "NT", "SA", "IE", "TO"]
        m = create(D, ["ann", "bob", "cy", "dee"], {"tie_window_ms": 0, "shuffle": False,
                                                    "deck": deck}, seed=2)
        doc = m.ok(0, {"type": "claim", "word": "explore", "take": 0})
        self.assertIn("card_won", event_types(doc))
        self.assertEqual(m.view()["used"], ["explore"])
        v0 = m.view("host")["version"]

        def refused(seat, word, code):
            doc = m.ok(seat, {"type": "claim", "word": word})
            self.assertEqual(event_types(doc)[0], "claim_refused", doc)
            ev = doc["events"][0]
            self.assertEqual((ev["seat"], ev["word"]), (seat, word.lower()))
            codes = [r["code"] for r in ev["reasons"]]
            self.assertIn(code, codes)
            view = m.view("host")
            if view["phase"] == "play":
                self.assertTrue(view["players"][seat]["out"])
                self.assertNotIn(seat, view["to_act"])
            return ev

        ev = refused(1, "exploring", "derivative")
        self.assertEqual([r.get("of") for r in ev["reasons"] if r["code"] == "derivative"],
                         ["explore"])
        refused(2, "explore", "already_used")
        refused(3, "Paris", "proper_noun")
        # everyone else is out: ann collects the card without a word, at once
        self.assertEqual(event_types(m.log("host", after=v0)[-1]), ["claim_refused", "card_won"])
        view = m.view("host")
        self.assertEqual(view["phase"], "take")
        self.assertEqual(view["turn_winner"], 0)
        won = [e for e in m.log("host", after=v0)[-1]["events"] if e["type"] == "card_won"]
        self.assertEqual(won[0]["automatic"], True)
        self.assertIsNone(won[0]["word"])
        self.assertEqual(m.view()["used"], ["explore"])
        # the vocabulary log has every judged claim
        rows = D.json("GET", m.path + "/query/vocabulary",
                      headers=wbgames.bearer(m.host))[2]["rows"]
        self.assertEqual([r["word"] for r in rows], ["explore", "exploring", "explore", "paris"])
        self.assertEqual([r["accepted"] for r in rows], [True, False, False, False])

    def test_nonsense_is_a_mistake(self):
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 0}, seed=4)
        doc = m.ok(1, {"type": "claim", "word": "Xyzzyq"})
        self.assertEqual(event_types(doc), ["claim_refused"])
        self.assertIn("not_a_word", [r["code"] for r in doc["events"][0]["reasons"]])
        self.assertEqual(m.view()["version"], 2)

    def test_forgive_typos(self):
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 0, "forgive_typos": True}, seed=4)
        doc = m.ok(1, {"type": "claim", "word": "Xyzzyq"})
        self.assertEqual(event_types(doc), ["claim_refused"])
        self.assertTrue(doc["events"][0]["forgiven"])
        view = m.view(1)
        self.assertTrue(view["forgive_typos"])
        self.assertFalse(view["players"][1]["out"])
        self.assertIn(1, view["to_act"])
        # a typo is still logged for the teacher
        rows = m.view("host")["vocabulary"]
        self.assertEqual([(r["word"], r["accepted"]) for r in rows], [("xyzzyq", False)])
        st, _, doc = m.act(1, {"type": "claim", "word": "two words"})
        self.assertEqual((st, doc["code"]), (400, "bad_request"))


class TieWindow(Base):
    WINDOW = 1500  # ms; generous for slow (sanitizer) builds

    def two_claims(self, seed, same_word):
        deck = ["EX", "PL", "OR", "RE", "NT", "SA", "IE", "TO"]
        m = create(D, ["ann", "bob", "cy", "dee"],
                   {"tie_window_ms": self.WINDOW, "shuffle": False, "deck": deck}, seed=seed)
        s = wbgames.EventStream(D, m.path, m.tokens[3])
        self.assertEqual(s.next()["event"], "view")
        long_word, short_word = "explore", "expel"
        a = m.ok(0, {"type": "claim", "word": long_word})
        b = m.ok(1, {"type": "claim", "word": long_word if same_word else short_word})
        self.assertEqual(event_types(a), ["claim_accepted"])
        self.assertEqual(event_types(b), ["claim_accepted"])
        view = m.view("host")
        self.assertEqual(view["phase"], "play")
        self.assertEqual(len(view["claims"]), 2)
        self.assertIsNotNone(view["window_until"])
        # the daemon's timer closes the window
        settled = wbgames.wait_for(lambda: m.view("host")["version"] == 4, timeout=20)
        self.assertTrue(settled, "the tie window was never closed")
        timer = m.log("host", after=3)
        self.assertEqual(len(timer), 1)
        self.assertEqual(timer[0]["seat"], -3)
        evs = [s.next() for _ in range(3)]
        self.assertEqual([e["id"] for e in evs], [2, 3, 4])
        self.assertEqual(evs[2]["data"]["seat"], -3)
        s.close()
        return m, timer[0]

    def test_shortest_word_wins(self):
        m, timer = self.two_claims(6, same_word=False)
        view = m.view("host")
        self.assertEqual(view["phase"], "take")
        self.assertEqual(view["turn_winner"], 1)
        self.assertEqual(view["used"], ["expel"])
        won = [e for e in timer["events"] if e["type"] == "card_won"]
        self.assertEqual((won[0]["seat"], won[0]["word"]), (1, "expel"))

    def test_identical_words_redeal(self):
        m, timer = self.two_claims(7, same_word=True)
        self.assertIn("redeal", [e["type"] for e in timer["events"]])
        redeal = [e for e in timer["events"] if e["type"] == "redeal"][0]
        self.assertEqual(redeal["reason"], "identical_words")
        view = m.view("host")
        self.assertEqual(view["phase"], "play")
        self.assertEqual(view["used"], [])
        self.assertEqual(sorted(view["to_act"]), [0, 1, 2, 3])


class Companion(Base):
    def host_game(self, nplayers, seed, stop_after=None):
        rng = random.Random(seed)
        m = create(D, ["p%d" % i for i in range(nplayers)], {"companion": True}, seed=seed)
        physical = list(wbgames.DEFAULT_DECK)
        rng.shuffle(physical)
        # seats only watch
        st, _, doc = m.act(0, {"type": "claim", "word": "kissing"})
        self.assertEqual((st, doc["code"]), (409, "not_your_turn"))
        steps = 0
        while True:
            view = m.view("host")
            check_view(self, view, 48, nplayers)
            self.assertEqual(view["to_act"], [])
            if view["status"] == "finished":
                return m, view
            if stop_after is not None and steps >= stop_after and view["phase"] in ("flip", "play"):
                doc = m.ok("host", {"type": "end"})
                self.assertIn("game_over", event_types(doc))
                return m, m.view("host")
            steps += 1
            phase = view["phase"]
            if phase == "flip":
                card = physical.pop(0)
                doc = m.ok("host", {"type": "flip", "card": card.lower()[::-1]})
                self.assertIn("card_flipped", event_types(doc))
            elif phase == "play":
                seats = list(view["awaiting"])
                rng.shuffle(seats)
                for s in seats:
                    words = find_words(D, claim_cards(view, s), view["used"])
                    if words:
                        doc = m.ok("host", {"type": "claim", "seat": s, "word": rng.choice(words[:5])})
                        self.assertIn("claim_accepted", event_types(doc))
                        break
                else:
                    m.ok("host", {"type": "claim", "seat": seats[0], "word": "zzxq"})
            elif phase == "take":
                m.ok("host", {"type": "take", "seat": view["turn_winner"],
                              "card": rng.randrange(len(view["centre"]))})
            elif phase == "keep":
                m.ok("host", {"type": "keep", "card": rng.choice(view["keep_choices"])})
            else:
                self.fail("phase %r" % phase)

    def test_host_records_a_whole_game(self):
        m, final = self.host_game(3, 41)
        self.check_final(m, final, 3, 48)
        self.assertEqual(final["end_reason"], "deck_out")

    def test_host_ends_early(self):
        m, final = self.host_game(2, 43, stop_after=12)
        self.assertEqual(final["status"], "finished")
        self.assertEqual(final["end_reason"], "host_ended")

    def test_bad_flips(self):
        m = create(D, ["ann", "bob"], {"companion": True}, seed=3)
        before = m.view("host")
        for card, status, code in (("QQ", 422, "illegal_action"), ("", 400, "bad_request"),
                                   (3, 400, "bad_request")):
            st, _, doc = m.act("host", {"type": "flip", "card": card})
            self.assertEqual((st, doc["code"]), (status, code), card)
        self.assertEqual(m.view("host"), before)
        m.ok("host", {"type": "flip", "card": "NZ"})
        st, _, doc = m.act("host", {"type": "flip", "card": "zn"})
        self.assertEqual((st, doc["code"]), (422, "illegal_action"))


    def test_table_tools(self):
        """Shouts heard at once, a recounted deck, take and keep by letters."""
        m = create(D, ["ann", "bob", "cy"], {"companion": True}, seed=5)
        self.assertEqual(m.view("host")["deck"], 36)
        for body, status, code in (({"type": "deck", "count": 49}, 422, "illegal_action"),
                                   ({"type": "deck", "count": "x"}, 400, "bad_request")):
            st, _, doc = m.act("host", body)
            self.assertEqual((st, doc["code"]), (status, code), body)
        st, _, doc = m.act(0, {"type": "deck", "count": 40})
        self.assertEqual((st, doc["code"]), (409, "not_your_turn"))
        doc = m.ok("host", {"type": "deck", "count": 40})
        self.assertEqual(doc["events"][0], {"type": "deck_corrected", "deck": 40, "was": 36})
        m.ok("host", {"type": "flip", "card": "NZ"})
        m.ok("host", {"type": "flip", "card": "IQ"})
        self.assertEqual(m.view("host")["deck"], 38)
        shouts = [{"seat": 0, "word": "zip"}, {"seat": 2, "word": "quiz"},
                  {"seat": 1, "word": "nip"}]
        doc = m.ok("host", {"type": "simultaneous", "shouts": shouts})
        self.assertEqual(event_types(doc), ["claim_accepted"] * 3 + ["claims_revealed", "card_won"])
        self.assertEqual(doc["events"][-1]["seat"], 1)  # the shortest, then a-z: nip
        st, _, doc = m.act("host", {"type": "take", "letters": "SG"})
        self.assertEqual((st, doc["code"]), (422, "illegal_action"))
        doc = m.ok("host", {"type": "take", "letters": "qi"})
        self.assertEqual(doc["events"][0]["card"]["letters"], "IQ")
        self.assertEqual(m.view(2)["players"][1]["face_up"][0]["letters"], "IQ")


class Undo(Base):
    def record(self, wrong):
        """The referee's flips and shouts, a shout first recorded against
        the wrong player and undone when `wrong`."""
        m = create(D, ["ann", "bob", "cy"], {"companion": True}, seed=5)
        m.ok("host", {"type": "flip", "card": "NZ"})
        m.ok("host", {"type": "flip", "card": "IQ"})
        if wrong:
            self.assertIn("undo", [a["type"] for a in m.actions("host")])  # the flip
            m.ok("host", {"type": "claim", "seat": 1, "word": "zip"})
            self.assertEqual(m.view("host")["phase"], "take")
            st, _, doc = m.act(1, {"type": "undo"})
            self.assertEqual((st, doc["code"]), (409, "not_your_turn"))
            doc = m.ok("host", {"type": "undo"})
            self.assertEqual(doc["events"], [{"type": "undone", "action": {
                "type": "claim", "seat": 1, "word": "zip"}}])
            st, _, doc = m.act("host", {"type": "undo"})
            self.assertEqual((st, doc["code"]), (422, "illegal_action"))
            # the watchers' log says so too
            self.assertEqual(m.log(0)[-1]["events"][0]["type"], "undone")
        m.ok("host", {"type": "claim", "seat": 2, "word": "zip"})
        return m

    def test_undo_a_shout_recorded_against_the_wrong_player(self):
        def timeless(m):
            """The host view without the match's id, version and the times
            the daemon's clock stamped."""
            return {k: x for k, x in untimed(m.view("host")).items() if k != "version"}
        fixed, right = self.record(True), self.record(False)
        view = timeless(fixed)
        self.assertEqual(view["turn_winner"], 2)
        self.assertEqual([r["word"] for r in view["vocabulary"]], ["zip"])
        self.assertEqual(view, timeless(right))
        # durable: the same after a restart, and a replay of the log from the
        # seed (the undo included) rebuilds it
        D.restart()
        self.assertEqual(view, timeless(fixed))
        again = create(D, ["ann", "bob", "cy"], {"companion": True}, seed=5)
        for e in fixed.log("host"):
            again.ok("host", e["action"])
        self.assertEqual(view, timeless(again))


class Teacher(Base):
    def test_host_redeals_and_ends_a_digital_match(self):
        """The host of a digital match (the teacher at the projector): new
        centre cards when nobody finds a word, and the end, scored."""
        deck = ["EX", "PL", "OR", "RE", "NT", "SA", "IE", "TO"]
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 0, "shuffle": False, "deck": deck},
                   seed=9)
        self.assertEqual([a["type"] for a in m.actions("host")], ["redeal", "end"])
        doc = m.ok("host", {"type": "redeal"})
        self.assertEqual(event_types(doc), ["redeal", "card_flipped", "card_flipped"])
        self.assertEqual(doc["events"][0]["reason"], "host")
        view = m.view(0)
        self.assertEqual([c["letters"] for c in view["centre"]], ["OR", "RE"])
        self.assertEqual(view["deck"], 4)  # 8, 2 removed for 3 players, 2 in the centre
        for body in ({"type": "flip", "card": "EX"}, {"type": "claim", "word": "rose"}):
            st, _, doc = m.act("host", body)
            self.assertEqual((st, doc["code"]), (409, "not_your_turn"), body)
        m.ok(1, {"type": "claim", "word": "rose", "take": 0})
        doc = m.ok("host", {"type": "end"})
        self.assertEqual(doc["events"][-1]["type"], "game_over")
        final = m.view("host")
        self.assertEqual((final["status"], final["end_reason"]), ("finished", "host_ended"))
        self.assertEqual((final["scores"], final["winners"]), ([0, 1, 0], [1]))
        self.assertEqual(m.log(2)[-1]["action"], {"type": "end"})

    def test_no_redeal_over_a_claim_in_the_tie_window(self):
        m = create(D, ["ann", "bob"], {"tie_window_ms": 5000, "shuffle": False,
                                       "deck": ["EX", "PL", "OR", "RE", "NT", "SA"]}, seed=9)
        m.ok(0, {"type": "claim", "word": "explore"})
        st, _, doc = m.act("host", {"type": "redeal"})
        self.assertEqual((st, doc["code"]), (422, "illegal_action"))
        self.assertEqual([a["type"] for a in m.actions("host")], ["end"])


class Dictionaries(Base):
    def test_en_gb(self):
        ids = [d["id"] for d in D.json("GET", "/v1/dictionaries")[2]["dictionaries"]]
        self.assertIn("en_GB", ids, "the games daemon serves both test dictionaries")
        deck = ["CO", "LU", "RE", "NT", "SA", "IE", "TO", "PL"]
        for dictionary, accepted in (("en_GB", True), ("en_US", False)):
            m = create(D, ["ann", "bob", "cy", "dee"],
                       {"tie_window_ms": 0, "shuffle": False, "deck": deck,
                        "dictionary": dictionary}, seed=1)
            self.assertEqual(m.view()["dictionary"], dictionary)
            doc = m.ok(0, {"type": "claim", "word": "colour"})
            self.assertEqual("claim_accepted" in event_types(doc), accepted, (dictionary, doc))

    def test_classroom(self):
        """The class setting: the vocabulary (and so the
        projector) shows kissing's common sense, not WordNet's "foreplay
        without contact with the genital organs"; the word counts either
        way."""
        deck = ["KS", "NG", "OR", "RE", "NT", "SA", "IE", "TO"]
        seen = {}
        for classroom in (False, True):
            m = create(D, ["ann", "bob", "cy", "dee"],
                       {"tie_window_ms": 0, "shuffle": False, "deck": deck,
                        "classroom": classroom}, seed=1)
            self.assertIs(m.view()["classroom"], classroom)
            doc = m.ok(0, {"type": "claim", "word": "kissing", "take": 0})
            self.assertIn("claim_accepted", event_types(doc))
            rows = m.view("host")["vocabulary"]
            self.assertEqual([(r["word"], r["accepted"]) for r in rows], [("kissing", True)])
            seen[classroom] = (rows[0]["pos"], rows[0]["definition"])
        self.assertIn("foreplay", seen[False][1])
        self.assertNotIn("foreplay", seen[True][1])
        self.assertEqual(seen[True][0], "verb")
        self.assertIn("touch with the lips", seen[True][1])

    def test_unknown_dictionary(self):
        st, _, doc = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                                  "options": {"dictionary": "xx_XX"}})
        self.assertEqual((st, doc["code"]), (400, "bad_request"))


class Compounds(Base):
    """A daemon of its own serves the German test dictionary."""

    @classmethod
    def setUpClass(cls):
        cls.de = wbtest.class_daemon(cls, wbgames.GamesDaemon(args=["--dictionaries", "de,en_US"]),
                                     wbgames.stop_module_daemon)

    def test_compounds_option(self):
        """German and Dutch compounds (dict/COMPOUNDS.md): with the option
        compounds "derivative" Haustür after Haus is a derivative; by
        default it is a word of its own; another value is refused."""
        deck = ["HA", "SU", "TR", "HT", "NT", "SA", "IE", "TO"]
        for comp in (None, "separate", "derivative"):
            opts = {"tie_window_ms": 0, "shuffle": False, "deck": deck, "dictionary": "de"}
            if comp:
                opts["compounds"] = comp
            m = create(self.de, ["ann", "bob"], opts, seed=1)
            self.assertEqual(m.view()["compounds"], comp or "separate")
            self.assertIn("card_won", event_types(m.ok(0, {"type": "claim", "word": "Haus",
                                                           "take": 0})))
            doc = m.ok(1, {"type": "claim", "word": "Haustür"})
            codes = [r["code"] for e in doc["events"] for r in e.get("reasons", [])]
            self.assertEqual("derivative" in codes, comp == "derivative", doc)
            self.assertEqual("claim_accepted" in event_types(doc), comp != "derivative", doc)
        st, _, doc = self.de.json("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                                        "options": {"compounds": "maybe"}})
        self.assertEqual((st, doc["code"]), (400, "bad_request"))


class Learners(Base):
    """Learners: learner_language logs each judged word with its
    translation into the class's language (the vocabulary and its CSV)."""
    DECK = ["HO", "SE", "TA", "RE", "LI", "NO", "CA", "DU"]

    def match(self, options):
        opts = {"tie_window_ms": 0, "shuffle": False, "deck": self.DECK}
        opts.update(options)
        m = create(D, ["ann", "bob"], opts, seed=1)
        m.ok(0, {"type": "claim", "word": "houses"})  # HO + SE; translated as "house"
        m.ok(0, {"type": "take", "card": 0})
        m.ok(1, {"type": "claim", "word": "zqxv"})  # not a word: no translation
        return m

    def vocabulary(self, m, as_csv=False):
        st, _, body = D.request("GET", m.path + "/query/vocabulary" + ("?format=csv" if as_csv else ""),
                                headers=wbgames.bearer(m.host))
        self.assertEqual(st, 200, body)
        return body.decode("utf-8")

    def test_translations_in_the_vocabulary_and_its_csv(self):
        for lang, word in (("fr", "maison"), ("de", "Häuser")):  # fr: from "house"
            m = self.match({"learner_language": lang})
            self.assertEqual(m.view()["learner_language"], lang)
            key = "translation_" + lang
            rows = json.loads(self.vocabulary(m))["rows"]
            self.assertEqual([r["word"] for r in rows], ["houses", "zqxv"])
            self.assertIn(word, rows[0][key].split(", "), rows[0])
            self.assertEqual(rows[1][key], "")
            # the host view's log is the same
            self.assertEqual(m.view("host")["vocabulary"], rows)
            table = list(csv.reader(io.StringIO(self.vocabulary(m, as_csv=True), newline="")))
            self.assertEqual(table[0][table[0].index("definition") + 1], key)
            self.assertIn(word, table[1][table[0].index(key)].split(", "))
        # without the option: no translation column, and the view says none
        m = self.match({})
        self.assertIsNone(m.view()["learner_language"])
        rows = json.loads(self.vocabulary(m))["rows"]
        self.assertEqual([k for k in rows[0] if k.startswith("translation")], [])
        self.assertNotIn("translation", self.vocabulary(m, as_csv=True).split("\r\n")[0])

    def test_a_language_the_dictionary_lacks(self):
        for lang, needle in (("xx", "'xx' (it has: fr,es,de"), ("FR", "'FR'"), ("f", "'f'")):
            st, _, doc = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                                      "options": {"learner_language": lang}})
            self.assertEqual((st, doc["code"]), (400, "bad_request"), doc)
            self.assertIn("learner_language", doc["detail"])
            self.assertIn(needle, doc["detail"])
        st, _, doc = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                                  "options": {"learner_language": 3}})
        self.assertEqual((st, doc["code"]), (400, "bad_request"), doc)
        # the option is listed with its default
        w = next(g for g in D.json("GET", "/v1/games")[2]["games"] if g["name"] == "wibbell")
        self.assertIsNone(w["options"]["learner_language"]["default"])


if __name__ == "__main__":
    wbtest.main()
