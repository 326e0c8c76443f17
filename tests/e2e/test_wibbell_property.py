#!/usr/bin/env python3
"""test_wibbell_property.py - a property test of Wibbell over the HTTP API.

Plays many seeded matches (2 to 4 players, every mode, the first valid
claim winning at once) through the real daemon with random moves: valid
claims (words found through the dictionary's match endpoint), wrong claims
(random letters, used words, derivatives of used words, proper nouns:
legal actions that put the seat out), random take and keep choices, and
actions the rules or the API refuse (out of turn, out of phase, stale
If-Match, bad bodies, wrong tokens).  After every request it checks:

 - cards are conserved: deck + centre + every player's cards + the cards
   removed for 2 or 3 players = the deck size;
 - each score is the number of scoring cards the seat holds;
 - an accepted action raises the version by exactly one, and the log gains
   exactly that entry, with the events the action answered;
 - a refused action changes nothing (the host view is identical);
 - the log holds version - 1 entries;
 - every game ends (status finished, the winners are the top scores).

The games run four at a time (matches are independent).  The master seed
is printed; WIBBELL_PROPERTY_SEED and WIBBELL_PROPERTY_GAMES override it
and the number of games.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import concurrent.futures
import os
import random
import sys
import time
import traceback
import unittest
import urllib.parse

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import bearer, check_view, claim_cards, create, find_words  # noqa: E402

D = None
SEED = int(os.environ.get("WIBBELL_PROPERTY_SEED", "20150101"))
GAMES = int(os.environ.get("WIBBELL_PROPERTY_GAMES", "40"))
PARALLEL = 4
MAX_STEPS = 1500
# Candidates; only those the dictionary knows as names and not as words
# are used (setUpModule).
PROPER_NOUNS = ["Paris", "London", "Texas", "Chicago", "Kenya", "Berlin", "Ohio", "Tokyo",
                "Micol", "Bez"]


def setUpModule():
    global D
    D = wbgames.module_daemon()
    names = []
    for w in PROPER_NOUNS:
        st, _, doc = D.json("GET", "/v1/dictionaries/en_US/words/" + w)
        if st == 200 and doc["proper_noun"] and not doc["valid"]:
            names.append(w)
    PROPER_NOUNS[:] = names
    assert len(names) >= 3, names


class Game:
    """One random game; run() raises AssertionError on a broken invariant."""

    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.n = self.rng.randint(2, 4)
        self.mode = self.rng.choice(["standard", "simple", "simpler"])
        self.tc = unittest.TestCase()  # for its assert methods only
        self.stats = {"valid": 0, "wrong": 0, "refused": 0, "take": 0, "keep": 0, "auto": 0}
        self.family = {}

    def describe(self):
        return "game seed %d (%d players, %s)" % (self.seed, self.n, self.mode)

    # --- requests ---

    def accepted(self, v, who, action):
        """POST an action that must be applied; check the version and log."""
        st, hdrs, doc = self.m.act(who, action)
        self.tc.assertEqual(st, 200, "%r as %r: %r" % (action, who, doc))
        self.tc.assertEqual(doc["version"], v + 1, "the version goes up by one")
        self.tc.assertEqual(hdrs.get("etag"), '"%d"' % (v + 1))
        log = self.m.log("host", after=v)
        self.tc.assertEqual([e["version"] for e in log], [v + 1], "one log entry per action")
        self.tc.assertEqual(log[0]["events"], doc["events"])
        self.tc.assertEqual(log[0]["seat"], who if who != "host" else -2)
        return doc

    def refused(self, view, who, action, statuses, headers=None, token=None):
        """POST an action that must be refused; nothing may change."""
        h = bearer(token if token is not None else self.m.token(who))
        h.update(headers or {})
        st, _, doc = self.m.d.json("POST", self.m.path + "/actions", action, headers=h)
        self.tc.assertIn(st, statuses, "%r as %r should be refused: %d %r" % (action, who, st, doc))
        self.tc.assertIn(doc.get("code"), ("illegal_action", "not_your_turn", "bad_request",
                                           "bad_json", "stale_version", "forbidden",
                                           "unauthorized"), doc)
        self.stats["refused"] += 1
        after = self.m.view("host")
        self.tc.assertEqual(after, view, "a refused %r changed the match" % (action,))

    # --- moves ---

    def wrong_word(self, view):
        used = view["used"]
        kind = self.rng.choice(["junk", "used", "derivative", "proper"])
        if kind == "used" and used:
            return self.rng.choice(used), "already_used"
        if kind == "derivative" and used:
            w = self.rng.choice(used)
            if w not in self.family:
                st, _, doc = D.json("GET", "/v1/dictionaries/en_US/words/" + urllib.parse.quote(w))
                self.family[w] = [f for f in doc.get("family", []) if f.isalpha()]
            fam = [f for f in self.family[w] if f not in used]
            if fam:
                return self.rng.choice(fam), None  # derivative (or already_used)
        if kind == "proper" and PROPER_NOUNS:
            return self.rng.choice(PROPER_NOUNS), "proper_noun"
        return wbgames.random_junk(self.rng), "not_a_word"

    def claim(self, view, v):
        seats = list(view["to_act"])
        self.rng.shuffle(seats)
        r = self.rng.random()
        if r < 0.18:
            s = seats[0]
            word, code = self.wrong_word(view)
            doc = self.accepted(v, s, {"type": "claim", "word": word})
            ev = doc["events"][0]
            self.tc.assertEqual((ev["type"], ev["seat"]), ("claim_refused", s), doc)
            codes = [x["code"] for x in ev["reasons"]]
            if code:
                self.tc.assertIn(code, codes, "%r: %r" % (word, ev))
            else:
                self.tc.assertTrue(set(codes) & {"derivative", "already_used"}, ev)
            self.stats["wrong"] += 1
            if any(e["type"] == "card_won" and e.get("automatic") for e in doc["events"]):
                self.stats["auto"] += 1
            return
        for s in seats:
            words = find_words(D, claim_cards(view, s), view["used"], limit=20)
            if words:
                word = self.rng.choice(words)
                action = {"type": "claim", "word": word}
                if self.rng.random() < 0.3:
                    action["take"] = self.rng.randrange(2)
                doc = self.accepted(v, s, action)
                self.tc.assertEqual(doc["events"][0]["type"], "claim_accepted", doc)
                won = [e for e in doc["events"] if e["type"] == "card_won"]
                self.tc.assertEqual(len(won), 1, "with no tie window the first valid claim wins")
                self.tc.assertEqual((won[0]["seat"], won[0]["word"]), (s, word))
                self.stats["valid"] += 1
                return
        # nobody has a word: a mistake, so that the others may collect
        doc = self.accepted(v, seats[0], {"type": "claim", "word": "zzxqj"})
        self.tc.assertEqual(doc["events"][0]["type"], "claim_refused")
        self.stats["wrong"] += 1

    def illegal(self, view, v):
        """One action that must be refused, chosen to fit the phase."""
        phase = view["phase"]
        others = [s for s in range(self.n) if s not in view["to_act"]]
        out = [s for s, p in enumerate(view["players"]) if p["out"]]
        choice = self.rng.randrange(8)
        anyone = self.rng.randrange(self.n)
        if choice == 0 and phase == "play":
            self.refused(view, anyone, {"type": "take", "card": 0}, (409,))
        elif choice == 0 and phase in ("take", "keep") and others:
            self.refused(view, self.rng.choice(others), {"type": phase, "card": 0}, (409,))
        elif choice == 1 and out and phase == "play":
            s = self.rng.choice(out)
            words = find_words(D, claim_cards(view, s), view["used"], limit=3) or ["kissing"]
            self.refused(view, s, {"type": "claim", "word": words[0]}, (422,))
        elif choice == 2 and phase in ("take", "keep"):
            self.refused(view, anyone, {"type": "claim", "word": "kissing"}, (422, 409))
        elif choice == 3 and phase == "keep":
            held = {c["id"] for c in view["keep_choices"]} if view["keep_choices"] and \
                isinstance(view["keep_choices"][0], dict) else set(view["keep_choices"])
            bad = next(i for i in range(1000) if i not in held)
            self.refused(view, view["to_act"][0], {"type": "keep", "card": bad}, (422,))
        elif choice == 3 and phase == "take":
            self.refused(view, view["to_act"][0], {"type": "take", "card": 2}, (422,))
        elif choice == 4:
            self.refused(view, "host", {"type": "claim", "word": "kissing"}, (409,))
        elif choice == 5:
            body = self.rng.choice([{"type": "dance"}, {"type": "claim"}, {"word": "x"},
                                    {"type": "claim", "word": "two words"},
                                    {"type": "take", "card": "0"}])
            # a claim of two words is malformed (400), unless the seat may
            # not claim anyway: that comes first (another phase 409, out 422)
            two = body.get("word") == "two words"
            self.refused(view, anyone, body, (400, 409, 422) if two else (400,))
        elif choice == 6:
            stale = '"%d"' % self.rng.choice([v - 1, v + 1, 0])
            s = view["to_act"][0] if view["to_act"] else anyone
            self.refused(view, s, {"type": "claim", "word": "kissing"}, (412,),
                         headers={"If-Match": stale})
        else:
            self.refused(view, anyone, {"type": "claim", "word": "kissing"}, (403,),
                         token="not-a-token-of-this-match")

    # --- the game ---

    def run(self):
        opts = {"tie_window_ms": 0, "mode": self.mode}
        self.m = create(D, ["p%d" % i for i in range(self.n)], opts, seed=self.seed)
        v = 1
        for step in range(MAX_STEPS):
            view = self.m.view("host")
            self.tc.assertEqual(view["version"], v)
            check_view(self.tc, view, 48, self.n)
            if view["status"] == "finished":
                break
            if self.rng.random() < 0.25:
                self.illegal(view, v)
                continue
            phase = view["phase"]
            if phase == "play":
                self.claim(view, v)
            elif phase == "take":
                w = view["to_act"][0]
                self.accepted(v, w, {"type": "take", "card": self.rng.randrange(len(view["centre"]))})
                self.stats["take"] += 1
            elif phase == "keep":
                w = view["to_act"][0]
                self.accepted(v, w, {"type": "keep", "card": self.rng.choice(view["keep_choices"])})
                self.stats["keep"] += 1
            else:
                raise AssertionError("phase %r while active" % phase)
            v += 1
        else:
            raise AssertionError("the game did not end in %d steps" % MAX_STEPS)
        final = self.m.view("host")
        self.tc.assertEqual(final["status"], "finished")
        log = self.m.log("host")
        self.tc.assertEqual(len(log), final["version"] - 1)
        self.tc.assertEqual([e["version"] for e in log], list(range(2, final["version"] + 1)))
        best = max(final["scores"])
        self.tc.assertEqual(final["winners"],
                            [s for s, x in enumerate(final["scores"]) if x == best])
        self.tc.assertEqual(sum(final["scores"]), 48 - wbgames.removed_for(self.n, 48))
        return final


class Property(unittest.TestCase):
    def test_random_games(self):
        master = random.Random(SEED)
        seeds = [master.randrange(1, 2**53) for _ in range(GAMES)]
        print("# property: %d games from master seed %d (WIBBELL_PROPERTY_SEED)" % (GAMES, SEED))
        t0 = time.monotonic()
        failures = []
        totals = {}
        shapes = set()

        def play(seed):
            g = Game(seed)
            try:
                g.run()
                return g, None
            except Exception:  # noqa: BLE001 - reported with the game's seed
                return g, traceback.format_exc()

        with concurrent.futures.ThreadPoolExecutor(PARALLEL) as ex:
            for g, err in ex.map(play, seeds):
                shapes.add((g.n, g.mode))
                for k, x in g.stats.items():
                    totals[k] = totals.get(k, 0) + x
                if err:
                    failures.append("%s:\n%s" % (g.describe(), err))
        print("# property: %.1f s; moves %r; %d player-count/mode pairs"
              % (time.monotonic() - t0, totals, len(shapes)))
        self.assertEqual(failures, [], "\n".join(failures[:3]))
        self.assertGreater(totals["valid"], GAMES * 5)
        self.assertGreater(totals["wrong"], GAMES)
        self.assertGreater(totals["refused"], GAMES * 3)


if __name__ == "__main__":
    wbtest.main()
