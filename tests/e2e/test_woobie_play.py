#!/usr/bin/env python3
"""test_woobie_play.py - Woobieworld over the HTTP API.

The real daemon (its own data directory) plays seeded Woobieworld matches
from creation to the fourth Mount Saint Woobie card, turn by turn and in
the speed variant, choosing among the legal actions it lists; at every
step no seat's view shows another seat's hand or, before the reveal,
another seat's face-down card, and at the end the scores are the rules'
(each colour's support on the home squared, minus the Anarchs' square)
and the winners the best.  Also: the game's description (options, the
map), the map as SVG, the deck as CSV, the refusal codes (400, 409, 422),
a pending decision answered by the seat it names, and a custom deck
refused with the line at fault.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA.
"""
import os
import random
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import create  # noqa: E402

D = None
GAME = "woobieworld"
COLOURS = ["red", "yellow", "green", "blue"]


def setUpModule():
    global D
    D = wbgames.module_daemon()


def score_of(view, seat, mountains):
    """The rules' score of a seat from a view's board: each colour on the
    home squared, minus the Anarchs squared (not on a mountain home while
    the environment Mountain Retreat is on the table)."""
    home = view["seats"][seat]["home"]
    area = next(a for a in view["areas"] if a["id"] == home)
    sup = area["support"]
    shelter = any(e["card"]["name"] == "Mountain Retreat" for e in view["environments"])
    anarchs = 0 if shelter and home in mountains else sup["anarch"] ** 2
    return sum(sup[c] ** 2 for c in COLOURS) - anarchs


class Woobie(unittest.TestCase):
    def check_secrets(self, m, n, speed):
        """No seat (nor the public) sees another seat's hand, nor a card
        chosen face down before the reveal."""
        host = m.view("host")
        for who in [None] + list(range(n)):
            v = m.view(who)
            for s in range(n):
                entry = v["seats"][s]
                if who != s:
                    self.assertNotIn("cards", entry, "seat %r sees seat %d's hand" % (who, s))
                    if speed and host["phase"] == "choose" and entry.get("chosen"):
                        self.assertNotIn("card", entry["chosen"])
                        self.assertTrue(entry["chosen"]["sealed"])
                else:
                    self.assertEqual(entry["cards"], host["seats"][s]["cards"])
            self.assertNotIn("draw", v)  # the deck's order: nobody

    def play_to_end(self, m, n, rng, speed=False, limit=4000):
        for step in range(limit):
            v = m.view("host")
            if v["status"] == "finished":
                return v, step
            self.assertLess(v["volcanoes"], 4)
            if step % 7 == 0:
                self.check_secrets(m, n, speed)
            seats = v["to_act"]
            self.assertTrue(seats, "nobody to act in phase %s" % v["phase"])
            seat = rng.choice(seats)
            acts = m.actions(seat)
            self.assertTrue(acts, "seat %d in to_act has no action" % seat)
            if v["phase"] == "effect":
                self.assertEqual(v["pending"]["seat"], seat)
                self.assertEqual(sorted(a["choice"] for a in acts),
                                 sorted(v["pending"]["choices"]))
            m.ok(seat, rng.choice(acts))
        self.fail("not finished after %d actions" % limit)

    def check_end(self, m, final, n):
        _, _, doc = D.json("GET", m.path + "/query/map")
        mountains = {x["id"] for x in doc["map"]["nodes"] if "mountain" in x["tags"]}
        self.assertEqual(final["status"], "finished")
        self.assertEqual(final["phase"], "over")
        self.assertEqual(final["to_act"], [])
        self.assertEqual(final["volcanoes"], 4)
        scores = [score_of(final, s, mountains) for s in range(n)]
        self.assertEqual(final["scores"], scores)
        best = max(scores)
        self.assertEqual(final["winners"], [s for s in range(n) if scores[s] == best])

    def test_description(self):
        st, _, doc = D.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        g = next(x for x in doc["games"] if x["name"] == GAME)
        self.assertEqual(g["title"], "Woobieworld")
        opts = g["options"]
        for k in ("speed", "support", "anarchs", "industries", "map", "deck"):
            self.assertIn(k, opts)
        nodes = opts["map"]["default"]["nodes"]
        self.assertEqual(len([x for x in nodes if "land" in x["tags"]]), 13)
        self.assertEqual(len([x for x in nodes if "water" in x["tags"]]), 4)

    def test_whole_matches(self):
        for n, seed in ((2, 11), (3, 12), (5, 13)):
            m = create(D, ["p%d" % i for i in range(n)], {}, seed, game=GAME)
            final, steps = self.play_to_end(m, n, random.Random(seed))
            self.check_end(m, final, n)
            self.assertGreater(steps, 2 * n)

    def test_speed_variant(self):
        n = 3
        m = create(D, ["a", "b", "c"], {"speed": True}, 21, game=GAME)
        for s in range(n):
            m.ok(s, m.actions(s)[0])
        v = m.view(None)
        self.assertEqual(v["phase"], "choose")
        self.assertEqual(v["to_act"], [0, 1, 2])  # all at once
        first = m.actions(0)[0]
        m.ok(0, first)
        # Seat 1 sees that seat 0 chose, not what.
        v1 = m.view(1)
        self.assertEqual(v1["seats"][0]["chosen"], {"seat": 0, "sealed": True})
        ev = [e for entry in m.log(1) for e in entry["events"] if e["type"] == "chose"]
        self.assertTrue(ev and all("card" not in e for e in ev))
        own = [e for entry in m.log(0) for e in entry["events"] if e["type"] == "chose"]
        self.assertEqual(own[-1]["card"]["id"], first["card"])
        st, _, doc = m.act(0, m.actions(1)[0])
        self.assertEqual(st, 409)  # seat 0 has chosen
        m.ok(1, m.actions(1)[0])
        m.ok(2, m.actions(2)[0])
        v = m.view(None)
        chosen = [v["seats"][s]["chosen"]["card"] for s in range(n)]
        nums = [c["number"] for c in chosen]
        self.assertEqual(v["order"], sorted(range(n), key=lambda s: (nums[s], s)))
        self.assertEqual(v["player"], v["order"][0])
        final, _ = self.play_to_end(m, n, random.Random(5), speed=True)
        self.check_end(m, final, n)

    def test_refusals_and_pending(self):
        m = create(D, ["a", "b"], {}, 31, game=GAME)
        st, _, doc = m.act(1, {"type": "home", "area": "woobania", "colour": "red"})
        self.assertEqual((st, doc["code"]), (409, "not_your_turn"))
        st, _, doc = m.act(0, {"type": "home", "area": "sea-of-despair", "colour": "red"})
        self.assertEqual((st, doc["code"]), (422, "illegal_action"))
        self.assertIn("land", doc["detail"])
        st, _, doc = m.act(0, {"type": "home", "colour": "red"})
        self.assertEqual(st, 400)
        m.ok(0, {"type": "home", "area": "doom-grove", "colour": "red"})
        st, _, doc = m.act(1, {"type": "home", "area": "doom-grove", "colour": "red"})
        self.assertEqual(st, 422)  # homes are never shared
        m.ok(1, {"type": "home", "area": "woobania", "colour": "blue"})
        v = m.view(0)
        self.assertEqual(v["phase"], "support")
        self.assertEqual(len(v["seats"][0]["cards"]), 4)
        m.ok(0, {"type": "support", "colour": "yellow"})
        m.ok(0, {"type": "industry", "area": "woobania", "colour": "red"})
        # Play until some card waits for a decision; answer it as the seat
        # the view names (another seat is refused with 409).
        rng = random.Random(3)
        for _ in range(400):
            v = m.view("host")
            if v["status"] == "finished":
                break
            if v["phase"] == "effect":
                p = v["pending"]
                other = 1 - p["seat"]
                st, _, doc = m.act(other, {"type": "decide", "choice": p["choices"][0]})
                self.assertEqual(st, 409)
                st, _, doc = m.act(p["seat"], {"type": "decide", "choice": "nowhere"})
                self.assertEqual(st, 422)
                m.ok(p["seat"], {"type": "decide", "choice": p["choices"][0]})
                return
            seat = v["to_act"][0]
            m.ok(seat, rng.choice(m.actions(seat)))
        self.fail("no card waited for a decision")

    def test_map_picture_and_deck(self):
        m = create(D, ["a", "b"], {}, 41, game=GAME)
        st, _, doc = D.json("GET", m.path + "/query/map")
        self.assertEqual(st, 200)
        dg = next(x for x in doc["map"]["nodes"] if x["id"] == "doom-grove")
        self.assertIn("coastal", dg["tags"])
        st, hdrs, body = D.request("GET", m.path + "/query/map?format=svg")
        self.assertEqual(st, 200)
        self.assertTrue(hdrs["content-type"].startswith("image/svg+xml"))
        self.assertIn(b"<svg", body)
        self.assertIn(b"Doom Grove", body)
        st, hdrs, body = D.request("GET", m.path + "/query/deck?format=csv")
        self.assertEqual(st, 200)
        lines = body.decode("utf-8").strip().split("\r\n")
        self.assertEqual(len(lines), 86)  # header + 85 cards
        self.assertTrue(any(",Quicksand," in x for x in lines))
        st, _, doc = D.json("GET", m.path + "/query/deck?format=svg")
        self.assertEqual(st, 400)

    def test_custom_deck_and_map_refused(self):
        doc = create(D, ["a", "b"], {"deck": ["action | 1 | Oops | t | frobnicate X | "]},
                     game=GAME, expect=400)
        self.assertIn("line 1 (Oops)", doc["detail"])
        doc = create(D, ["a", "b"], {"map": {"nodes": [], "edges": []}}, game=GAME,
                     expect=400)
        self.assertIn("map", doc["detail"])


if __name__ == "__main__":
    wbtest.main()
