#!/usr/bin/env python3
"""test_dumb_play.py - World Dumbination over HTTP against the real daemon.

 - the game is listed with its options; a bad option (a broken custom
   board or deck too) is a 400 problem with the reason;
 - the 2-player set-up as the rulebook gives it (two 4-bases and one unit
   each, incomes 7 and 6, 10 resources, five cards, peace as a target);
 - the board and cards queries (253 nodes, an SVG picture, 140 cards);
 - secrets: during the plan phase (the framework's secret simultaneous
   choice) a seat sees its own hand, First Goal, placed card and target;
   the other seats and the public see counts and "face_down" in the views,
   and in the log and the event stream that the seat placed, targeted and
   is ready, never what; after the flip everyone sees the cards, and a
   seat's target only when one of its cards uses it (a brown card; in 2
   players only a Nuclear Bomb): any other target stays face down in every
   view, event and log entry;
 - a Nuclear Bomb's space chosen by its player over HTTP (the pending
   decision, its listed spaces, refusals);
 - refusals: out of turn 409, against the rules 422, a bad body 400, and
   none of them changes the version;
 - seeded matches of 2, 3, 4 and 5 players played to the end with listed
   actions only (a shorter game: 6 VP, at most 6 rounds), finishing with
   winners, scores and score parts.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA.
"""
import json
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
GAME = "world-dumbination"


def setUpModule():
    global D
    D = wbgames.module_daemon()


def pick_goals(m, n):
    for seat in range(n):
        acts = m.actions(seat)
        assert acts and acts[0]["type"] == "pick_goal", acts
        m.ok(seat, acts[0])


def deck_file():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "..", "games", "dumbination", "cards.json")) as f:
        return json.load(f)


def card_types(m):
    st, _, cards = D.json("GET", m.path + "/query/cards")
    assert st == 200, cards
    return {c["id"]: c["type"] for c in cards["cards"]}


def one_level1_card(cid):
    """The shipped deck whose Level 1 pile is 20 copies of card `cid`."""
    kinds = [k for k in deck_file()["cards"]
             if k["type"] in ("goal", "dumbness") or k.get("level") == 2]
    one = dict(next(k for k in deck_file()["cards"] if k["id"] == cid))
    one.update({"count": 20, "cost": 1, "needs": {}})
    return {"cards": kinds + [one]}


def pass_auction(m):
    """Pass every bid of a Dumbness auction, if there is one."""
    for _ in range(20):
        v = m.view("host")
        if v["phase"] != "auction":
            return
        seat = v["to_act"][0]
        m.ok(seat, {"type": "pass"})


class DumbinationPlay(unittest.TestCase):
    def test_listed_with_options(self):
        st, _, doc = D.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        g = [x for x in doc["games"] if x["name"] == GAME]
        self.assertEqual(len(g), 1)
        self.assertEqual(g[0]["min_players"], 2)
        self.assertEqual(g[0]["max_players"], 5)
        self.assertEqual(g[0]["options"]["end_vp"]["default"], 15)
        doc = create(D, ["a", "b"], {"end_vp": 0}, game=GAME, expect=400)
        self.assertIn("code", doc)
        create(D, ["a"], game=GAME, expect=400)
        # Custom boards and decks: listed, and checked with the reason.
        self.assertIn("board", g[0]["options"])
        self.assertIn("cards", g[0]["options"])
        doc = create(D, ["a", "b"], {"board": "grid 3 1\n~~~\n"}, game=GAME, expect=400)
        self.assertIn("option board", doc["detail"])
        doc = create(D, ["a", "b"], {"cards": {"cards": []}}, game=GAME, expect=400)
        self.assertIn("option cards", doc["detail"])

    def test_two_player_setup(self):
        m = create(D, ["ann", "bob"], seed=11, game=GAME)
        v = m.view("host")
        self.assertEqual(v["phase"], "first_goal")
        usa, rus = v["seats"]
        self.assertEqual((usa["nation"], rus["nation"]), ("usa", "russia"))
        self.assertEqual((usa["income"], rus["income"]), (7, 6))
        self.assertEqual((usa["resources"], rus["resources"]), (10, 10))
        self.assertEqual((usa["hand"], rus["hand"]), (5, 5))
        self.assertEqual([len(usa["units"]), len(rus["units"])], [2, 2])
        bases = [c for c in v["board"] if c.get("base")]
        self.assertEqual(sorted((c["owner"], c["base"]) for c in bases),
                         [(0, 4), (0, 4), (1, 4), (1, 4)])
        for c in bases:
            self.assertEqual(c["units"]["count"], 1)
        pick_goals(m, 2)
        self.assertEqual(m.view(0)["phase"], "plan")
        targets = sorted(a["nation"] for a in m.actions(0) if a["type"] == "target")
        self.assertEqual(targets, ["peace", "russia"])

    def test_queries(self):
        m = create(D, ["a", "b", "c"], seed=2, game=GAME)
        st, _, g = D.json("GET", m.path + "/query/board")
        self.assertEqual(st, 200, g)
        self.assertEqual(len(g["nodes"]), 253)
        self.assertTrue(all("x" in n and "tags" in n for n in g["nodes"]))
        st, _, svg = D.json("GET", m.path + "/query/board_svg")
        self.assertEqual(st, 200)
        self.assertTrue(svg["svg"].startswith("<svg"))
        self.assertEqual(svg["svg"].count("<polygon"), 253)
        # The same picture as image/svg+xml (the query endpoint's format=svg).
        st, hdrs, body = D.request("GET", m.path + "/query/board_svg?format=svg")
        self.assertEqual(st, 200)
        self.assertEqual(hdrs["content-type"], "image/svg+xml")
        self.assertEqual(body.decode("utf-8"), svg["svg"])
        st, _, cards = D.json("GET", m.path + "/query/cards")
        self.assertEqual(len(cards["cards"]), 140)
        byid = {c["id"]: c for c in cards["cards"]}
        self.assertEqual(byid["propaganda"]["priority"], 80)
        self.assertEqual(byid["olympics"]["priority"], 69)
        self.assertEqual(byid["take-a-vacation"]["priority"], 0)

    def test_secrets_until_the_flip(self):
        m = create(D, ["a", "b", "c"], seed=5, game=GAME)
        # Seat 1 and a reader without a seat follow the event stream.
        streams = {1: wbgames.EventStream(D, m.path, m.tokens[1]),
                   None: wbgames.EventStream(D, m.path)}
        for s in streams.values():
            self.assertEqual(s.next()["event"], "view")
        pick_goals(m, 3)
        goal = m.view(0)["seats"][0]["first_goal"]["id"]
        mine = m.view(0)["seats"][0]
        hand = [c["id"] for c in mine["hand_cards"]]
        self.assertEqual(len(hand), 5)
        for who in (1, 2, None):
            other = m.view(who)["seats"][0]
            self.assertNotIn("hand_cards", other)
            self.assertNotIn("first_goal", other)
            self.assertEqual(other["hand"], 5)
            # The First Goal lies face down on the right card space.
            self.assertEqual(other["slots"][1], "face_down")
            for cid in hand + [goal]:
                self.assertNotIn('"%s"' % cid, str(m.view(who)).replace("'", '"'))
        place = [a for a in m.actions(0) if a["type"] == "place" and a["slot"] == "left"]
        self.assertTrue(place)
        self.assertFalse([a for a in m.actions(0) if a.get("card") == goal])
        m.ok(0, place[0])
        card = place[0]["card"]
        self.assertEqual(m.view(0)["seats"][0]["slots"][0]["card"], card)
        self.assertEqual(m.view(1)["seats"][0]["slots"][0], "face_down")
        self.assertEqual(m.view(None)["seats"][0]["slots"][0], "face_down")
        m.ok(0, {"type": "target", "nation": "russia"})
        self.assertEqual(m.view(0)["seats"][0]["target"], "russia")
        m.ok(0, {"type": "ready"})
        for who in (1, 2, None):
            v = m.view(who)
            self.assertEqual(v["seats"][0]["target"], "face_down")
            self.assertTrue(v["seats"][0]["ready"])
            self.assertNotIn('"%s"' % card, str(v).replace("'", '"'))
        # The log as another seat and the public read it: that seat 0
        # placed, targeted and is ready, never what.
        for who in (1, 2, None):
            text = str(m.log(who)).replace("'", '"')
            self.assertNotIn('"%s"' % card, text)
            self.assertNotIn('"%s"' % goal, text)
            self.assertNotIn("russia", text)
        seen = [e["type"] for entry in m.log(1) for e in entry["events"]
                if e.get("seat") == 0]
        for t in ("goal_picked", "placed", "target_placed", "ready"):
            self.assertIn(t, seen)
        own = [e for entry in m.log(0) for e in entry["events"] if e["type"] == "placed"]
        self.assertEqual(own[-1]["card"], card)
        # The stream as seat 1 and the public read it, up to here.
        version = m.view("host")["version"]
        for who, s in streams.items():
            got = []
            while not got or got[-1]["id"] < version:
                got.append(s.next())
            text = str(got).replace("'", '"')
            self.assertNotIn('"%s"' % card, text)
            self.assertNotIn('"%s"' % goal, text)
            self.assertNotIn("russia", text)
            s.close()
        for seat in (1, 2):
            tgt = [a for a in m.actions(seat) if a["type"] == "target"][0]
            m.ok(seat, tgt)
            m.ok(seat, {"type": "ready"})
        v = m.view(1)
        self.assertIn(v["phase"], ("auction", "move"))
        if v["phase"] == "move":
            brown = card_types(m)[card] == "brown"
            self.assertEqual(v["seats"][0]["target"], "russia" if brown else "face_down")
            flipped = [e for entry in m.log(1) for e in entry["events"]
                       if e["type"] == "flipped" and e["seat"] == 0]
            self.assertEqual(flipped[-1].get("target"), "russia" if brown else None)
            self.assertIn(card, flipped[-1]["cards"])

    def test_unused_targets_stay_face_down(self):
        # "Flip the Target token when using these cards (except in a 2
        # player game)" and "All players must place a target even though
        # only Brown Action Cards use them": a Level 1 pile of brown cards
        # only; seat 0 places one, seats 1 and 2 place none.
        m = create(D, ["ann", "bob", "cy"], {"cards": one_level1_card("social-media-insult")},
                   seed=4, game=GAME)
        pick_goals(m, 3)
        place = [a for a in m.actions(0) if a["type"] == "place" and a["slot"] == "left"]
        m.ok(0, place[0])
        nations = [s["nation"] for s in m.view("host")["seats"]]
        targets = [nations[1], nations[0], nations[0]]
        answers = []
        for seat in range(3):
            m.ok(seat, {"type": "target", "nation": targets[seat]})
            answers.append(m.ok(seat, {"type": "ready"}))
        pass_auction(m)
        self.assertEqual(m.view("host")["phase"], "move")
        for who in (0, 1, 2, None):
            seats = m.view(who)["seats"]
            self.assertEqual(seats[0]["target"], targets[0], who)
            for seat in (1, 2):
                self.assertEqual(seats[seat]["target"],
                                 targets[seat] if who == seat else "face_down", (who, seat))
            flips = {e["seat"]: e for entry in m.log(who) for e in entry["events"]
                     if e["type"] == "flipped"}
            self.assertEqual(flips[0]["target"], targets[0])
            self.assertNotIn("target", flips[1])
            self.assertNotIn("target", flips[2])
            # Nothing in the log names the target of seat 1 or 2 to another.
            for seat in (1, 2):
                if who != seat:
                    for entry in m.log(who):
                        for e in entry["events"]:
                            if e.get("seat") == seat:
                                self.assertNotIn("target", e, e)
        self.assertEqual(m.view("host")["seats"][1]["target"], targets[1])
        # The answer to the last ready (the flip) as its seat saw it.
        flips = [e for e in answers[2]["events"] if e["type"] == "flipped"]
        self.assertEqual(len(flips), 3)
        self.assertEqual([("target" in e) for e in flips], [True, False, False])

    def test_two_player_brown_cards_leave_the_target_face_down(self):
        # In 2 players brown cards hit the opponent whatever the token:
        # only a Nuclear Bomb uses it (test_bomb_space_chosen_over_http).
        m = create(D, ["ann", "bob"], {"cards": one_level1_card("social-media-insult")},
                   seed=6, game=GAME)
        pick_goals(m, 2)
        place = [a for a in m.actions(0) if a["type"] == "place" and a["slot"] == "left"]
        m.ok(0, place[0])
        for seat, nation in ((0, "russia"), (1, "usa")):
            m.ok(seat, {"type": "target", "nation": nation})
            m.ok(seat, {"type": "ready"})
        pass_auction(m)
        self.assertEqual(m.view("host")["phase"], "move")
        self.assertEqual(m.view(1)["seats"][0]["target"], "face_down")
        self.assertEqual(m.view(None)["seats"][0]["target"], "face_down")
        self.assertEqual(m.view(0)["seats"][0]["target"], "russia")
        for who in (1, None):
            for entry in m.log(who):
                for e in entry["events"]:
                    if e.get("seat") == 0:
                        self.assertNotIn("target", e, e)

    def test_bomb_space_chosen_over_http(self):
        # Custom decks whose Level 1 pile is all Nuclear Bombs (no needs,
        # cost 1), so round 1 can fire one: its player chooses the space,
        # a pending decision, from the listed spaces.
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "..", "..", "games", "dumbination",
                               "cards.json")) as f:
            deck = json.load(f)
        kinds = [k for k in deck["cards"]
                 if k["type"] in ("goal", "dumbness") or k.get("level") == 2]
        bomb = dict(next(k for k in kinds if k["id"] == "nuclear-bomb"))
        bomb.update({"id": "test-bomb", "level": 1, "count": 20, "cost": 1, "needs": {}})
        m = create(D, ["ann", "bob"], {"cards": {"cards": kinds + [bomb]}}, seed=9, game=GAME)
        pick_goals(m, 2)
        place = [a for a in m.actions(0) if a["type"] == "place" and a["slot"] == "left"]
        m.ok(0, place[0])
        m.ok(0, {"type": "target", "nation": "russia"})
        m.ok(0, {"type": "ready"})
        m.ok(1, {"type": "target", "nation": "usa"})
        m.ok(1, {"type": "ready"})
        v = m.view(1)
        self.assertEqual(v["phase"], "bomb")
        self.assertEqual(v["to_act"], [0])
        self.assertEqual(v["bomb"]["target"], 1)
        self.assertIn("pending", v)
        self.assertEqual(m.actions(1), [])
        acts = m.actions(0)
        self.assertTrue(acts and all(a["type"] == "bomb" for a in acts))
        st, _, doc = m.act(1, acts[0])
        self.assertEqual(st, 409, doc)
        st, _, doc = m.act(0, {"type": "bomb", "space": "h0-0"})
        self.assertEqual(st, 422, doc)
        # One of the two Russian bases (Russia and its coalition partner).
        russian = {c["space"] for c in v["board"] if c.get("owner") == 1 and c.get("base")}
        choice = [a for a in acts if a["space"] in russian][-1]
        m.ok(0, choice)
        v = m.view(1)
        self.assertEqual(v["phase"], "move")
        cell = [c for c in v["board"] if c["space"] == choice["space"]][0]
        self.assertEqual(cell.get("radioactive"), 1)
        self.assertNotIn("base", cell)
        nuked = [e for entry in m.log(1) for e in entry["events"] if e["type"] == "nuked"]
        self.assertEqual(nuked[-1]["space"], choice["space"])
        # The bomb used ann's target token: flipped; bob's stays face down.
        flips = {e["seat"]: e for entry in m.log(None) for e in entry["events"]
                 if e["type"] == "flipped"}
        self.assertEqual(flips[0]["target"], "russia")
        self.assertNotIn("target", flips[1])
        self.assertEqual(v["seats"][0]["target"], "russia")
        self.assertEqual(v["seats"][1]["target"], "usa")
        self.assertEqual(m.view(0)["seats"][1]["target"], "face_down")

    def test_refusals_change_nothing(self):
        m = create(D, ["a", "b"], seed=3, game=GAME)
        version = m.view("host")["version"]
        st, _, doc = m.act(0, {"type": "move", "unit": 0, "to": "h7-3"})
        self.assertEqual(st, 409, doc)
        st, _, doc = m.act(0, {"type": "pick_goal", "card": "restore-the-ussr"})
        self.assertEqual(st, 422, doc)
        self.assertEqual(doc["code"], "illegal_action")
        st, _, doc = m.act(0, {"type": "pick_goal"})
        self.assertEqual(st, 400, doc)
        self.assertEqual(m.view("host")["version"], version)

    def play(self, n, seed):
        rnd = random.Random(seed)
        m = create(D, ["p%d" % i for i in range(n)], {"end_vp": 6, "max_rounds": 6},
                   seed=seed, game=GAME)
        for _ in range(4000):
            v = m.view("host")
            if v["status"] == "finished":
                break
            seat = rnd.choice(v["to_act"])
            acts = m.actions(seat)
            self.assertTrue(acts, "seat %d is to act but has no action" % seat)
            m.ok(seat, rnd.choice(acts))
        v = m.view("host")
        self.assertEqual(v["status"], "finished")
        self.assertEqual(len(v["scores"]), n)
        self.assertTrue(v["winners"])
        for seat, parts in enumerate(v["score_parts"]):
            self.assertEqual(sum(parts.values()), v["scores"][seat])
        return v["round"], v["last_round"] is not None

    def test_matches_to_the_end(self):
        ends = [self.play(n, 40 + n) for n in (2, 3, 4, 5)]
        print("# 2-5 players: (last round, by the VP goal) %r" % ends)


if __name__ == "__main__":
    wbtest.main()
