"""test_bots.py - seats the daemon plays itself (docs/bots.md).

A players entry {"name","bot","level"} makes a seat a bot: the daemon's
bot threads play it through the same path as a person's action.  Here:
GET /v1/games lists the bots and levels; bot-only matches of every game
play to the end, their logs hold only the chosen actions (the log of each
game without timers replays, from the seed, into the same state in a
match of people); a person plays against a bot; companion-mode Wibbell and
unknown bots are refused with 400; ending a match stops its bots; and
after kill -9 the bots of every unfinished match resume and finish it.
"""
import os
import time
import unittest

import wbtest
from test_conformance import timeless
from wbgames import GamesDaemon, bearer, create, stop_module_daemon, wait_for

SEATS = {"wibbell": 2, "whirlpool-pond": 2, "woodlouse-chaos": 3, "woobieworld": 2,
         "world-dumbination": 2}
# Wibbell's bots shout after a person's reaction time (level 5: about a
# second); without a tie window a valid claim wins at once, no timer.
OPTIONS = {"wibbell": {"tie_window_ms": 0}}
FINISH_S = 240  # generous: the suite runs on a loaded machine


# the games with a determinize hook
SEARCHED = ["whirlpool-pond", "woodlouse-chaos", "woobieworld", "world-dumbination"]


def bots(n, kind="random", level=5, first=None):
    """n bot seats of `kind`, the first of kind `first` when given."""
    return [{"name": "Robo%d" % i, "bot": first if first and i == 0 else kind, "level": level}
            for i in range(n)]


def finished(m):
    return m.view()["status"] == "finished"


class Bots(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, GamesDaemon(args=["--bot-threads", "2"]),
                                    stop_module_daemon)

    def test_kinds_list_bots_and_levels(self):
        st, _, doc = self.d.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        for g in doc["games"]:
            # the search plays the games whose state a seat's view can be sampled into
            search = ["search"] if g["name"] in SEARCHED else []
            self.assertEqual(g["bots"], ["random", "greedy"] + search, g["name"])
            levels = dict(g["levels"])
            about = levels.pop("about", None)
            self.assertEqual(levels, {"min": 1, "max": 5, "default": 3})
            # Wibbell's levels read as vocabularies, in a teacher's words; others' are budgets
            if g["name"] == "wibbell":
                self.assertEqual(len(about), 5)
                self.assertIn("beginners", about[0])
                self.assertIn("secondary school", about[1])
            else:
                self.assertIsNone(about, g["name"])

    def test_bot_only_matches_of_every_game_end(self):
        ms = {g: create(self.d, bots(n, first="greedy"), game=g, seed=11,
                        options=OPTIONS.get(g))
              for g, n in SEATS.items()}
        for g, m in ms.items():
            # a bot seat gets no token: nobody but the daemon plays it
            self.assertTrue(all("token" not in p and p["bot"] == ("greedy" if p["seat"] == 0
                                                                  else "random")
                                for p in m.created["players"]), g)
        for g, m in ms.items():
            self.assertTrue(wait_for(lambda: finished(m), FINISH_S), "%s did not end" % g)
            v = m.view()
            self.assertEqual(v["bots"], [{"seat": s, "bot": "greedy" if s == 0 else "random",
                                          "level": 5} for s in range(SEATS[g])], g)
            self.assertTrue(v["winners"], g)
            log = m.log("host")
            self.assertEqual([e["version"] for e in log], list(range(2, v["version"] + 1)), g)
            # only the bots' chosen actions (and the framework's timers)
            self.assertTrue(all(e["seat"] in range(SEATS[g]) or e["seat"] == -3 for e in log))
            if g != "wibbell" and all(e["seat"] >= 0 for e in log):
                self.replays(g, m, log)

    def test_search_plays_its_games_and_no_other(self):
        ms = {g: create(self.d, bots(SEATS[g], first="search", level=1), game=g, seed=11)
              for g in SEARCHED}
        for g, m in ms.items():
            self.assertTrue(wait_for(lambda: finished(m), FINISH_S), "%s did not end" % g)
            v = m.view()
            self.assertEqual(v["bots"][0], {"seat": 0, "bot": "search", "level": 1}, g)
            self.replays(g, m, m.log("host"))
        # refused only where no determinize hook offers it
        for g in [g for g in SEATS if g not in SEARCHED]:
            st, _, doc = self.d.json("POST", "/v1/games", {
                "game": g, "players": bots(SEATS[g], first="search")})
            self.assertEqual(st, 400, doc)
            self.assertIn('no bot "search"', doc["detail"])
        # among them Wibbell: it has a determinize (the hidden-information test), but its bot
        # is the word finder
        self.assertNotIn("wibbell", SEARCHED)

    def replays(self, game, m, log):
        """The log, sent by people from the same seed, gives the same state."""
        people = [p["name"] for p in m.created["players"]]  # the same names, as people
        r = create(self.d, people, game=game, seed=11, options=OPTIONS.get(game))
        for e in log:
            st, _, doc = r.act(e["seat"], e["action"])
            self.assertEqual(st, 200, "%s: replay of %r refused: %r" % (game, e, doc))
        def state(x):  # who plays a seat aside
            v = {k: v for k, v in timeless(x.view("host")).items() if k != "bots"}
            for p in v.get("players", []):
                p.pop("bot", None)
            return v
        self.maxDiff = None
        self.assertEqual(state(r), state(m), game)

    def test_a_person_plays_against_a_bot(self):
        m = create(self.d, ["ann", {"name": "Robo", "bot": "random"}], game="whirlpool-pond",
                   seed=5)
        self.assertEqual(m.created["players"][1], {"seat": 1, "name": "Robo", "bot": "random",
                                                   "level": 3})
        self.assertEqual(m.view(0)["bots"], [{"seat": 1, "bot": "random", "level": 3}])
        moves = 0
        while not finished(m):
            acts = wait_for(lambda: m.actions(0) or finished(m), 30)
            if acts is True:
                break
            self.assertTrue(acts, "the bot did not play")
            st, _, doc = m.act(0, acts[0])
            self.assertIn(st, (200, 409, 412, 422), doc)  # the bot may have moved between
            moves += 1
            self.assertLess(moves, 2000)
        self.assertTrue(any(e["seat"] == 1 for e in m.log("host")), "the bot never played")

    def test_bot_workers_yield_to_people(self):
        """The bot workers (threads "wb-bot", as many as --bot-threads) run
        10 nice steps below the daemon (19 at most), so that a request's
        worker and the writer take a core from a searching bot at once;
        the writer runs at the daemon's own priority."""
        def nice(task):
            with open("/proc/%d/task/%s/stat" % (self.d.proc.pid, task)) as f:
                return int(f.read().rsplit(")", 1)[1].split()[16])
        tasks = os.listdir("/proc/%d/task" % self.d.proc.pid)
        names = {}
        for t in tasks:
            with open("/proc/%d/task/%s/comm" % (self.d.proc.pid, t)) as f:
                names.setdefault(f.read().strip(), []).append(t)
        own = nice(str(self.d.proc.pid))
        self.assertEqual(len(names.get("wb-bot", [])), 2, names)
        for t in names["wb-bot"]:
            self.assertEqual(nice(t), min(19, own + 10))
        self.assertEqual([nice(t) for t in names.get("wb-writer", [])], [own])

    def test_refusals(self):
        cases = [
            ("wibbell", ["ann", {"name": "Robo", "bot": "random"}], {"companion": True},
             "companion"),
            ("wibbell", ["ann", {"name": "Robo", "bot": "genius"}], None, "genius"),
            ("wibbell", ["ann", {"name": "Robo", "bot": "random", "level": 6}], None, "level 6"),
            ("wibbell", ["ann", {"name": "Robo", "bot": "random", "level": "x"}], None,
             "whole number"),
            ("wibbell", ["ann", {"name": "Robo"}], None, "players[1]"),
            ("wibbell", ["ann", {"name": "Robo", "bot": "random", "colour": 1}], None,
             "colour"),
        ]
        for game, players, options, says in cases:
            doc = create(self.d, players, game=game, options=options, expect=400)
            self.assertIn(says, doc["detail"], doc)

    def test_ending_or_deleting_a_match_stops_its_bots(self):
        m = create(self.d, bots(2, level=5), game="wibbell", seed=3)
        st, _, doc = self.d.json("POST", m.path + "/end", {}, headers=bearer(m.host))
        self.assertEqual(st, 200, doc)
        v = m.view()["version"]
        gone = create(self.d, bots(2, level=5), game="wibbell", seed=4)
        st = self.d.request("DELETE", gone.path, headers=bearer(gone.host))[0]
        self.assertEqual(st, 204)
        # the same bots in a match left alone shout (level 5: after 0.7 to
        # 1.1 s, once decided); a level's longest delay after that, the
        # ended match's would have too: nothing was played
        alive = create(self.d, bots(2, level=5), game="wibbell", seed=3)
        self.assertTrue(wait_for(lambda: alive.view()["version"] > 1, FINISH_S),
                        "the bots of a match left alone did not shout")
        time.sleep(1.5)
        self.assertEqual(m.view()["version"], v)
        self.assertEqual(self.d.json("GET", gone.path)[0], 404)


class Seats(unittest.TestCase):
    """PUT /v1/games/{id}/seats/{n}: the host hands a seat to a bot and back."""

    def put(self, d, m, n, body, token=None, expect=200):
        st, _, doc = d.json("PUT", "%s/seats/%s" % (m.path, n), body,
                            headers=bearer(m.host if token is None else token))
        self.assertEqual(st, expect, doc)
        return doc

    def test_hand_a_seat_to_a_bot_and_back(self):
        d = GamesDaemon()
        d.start()
        try:
            m = create(d, ["ann", "bob", "cy"], game="woodlouse-chaos", seed=9)
            bob = m.tokens[1]
            doc = self.put(d, m, 1, {"bot": "random", "level": 2})
            self.assertEqual((doc["seat"], doc["name"], doc["bot"], doc["level"]),
                             (1, "bob", "random", 2))
            self.assertNotIn("token", doc)
            self.assertEqual(m.view()["bots"], [{"seat": 1, "bot": "random", "level": 2}])
            # bob's token stops working
            st, _, _ = d.json("GET", m.path, headers=bearer(bob))
            self.assertEqual(st, 403)
            since = m.view()["version"]
            # the people play; the bot plays seat 1 when it may
            for _ in range(300):
                if any(e["seat"] == 1 and e["version"] > since for e in m.log("host")) \
                        or finished(m):
                    break
                for s in (0, 2):
                    acts = m.actions(s)
                    if acts:
                        m.act(s, acts[0])
                time.sleep(0.02)
            self.assertTrue(any(e["seat"] == 1 and e["version"] > since
                                for e in m.log("host")), "the bot did not play seat 1")
            # back to a person: a fresh token that works, a new name
            doc = self.put(d, m, 1, {"bot": None, "name": "Dee"})
            self.assertEqual((doc["seat"], doc["name"], doc["bot"]), (1, "Dee", None))
            dee = doc["token"]
            self.assertNotEqual(dee, bob)
            self.assertEqual(m.view()["players"][1]["name"], "Dee")
            self.assertNotIn("bots", m.view())
            # the log says who sits where, and never the token
            e = m.log(0)[-1]
            self.assertEqual(e["action"], {"type": "seat_change", "seat": 1, "name": "Dee",
                                           "bot": None})
            self.assertNotIn(dee, str(m.log(0)))
            # kill -9: the seat's new hands were durable with the answer
            d.kill()
            d.start()
            st, _, v = d.json("GET", m.path, headers=bearer(dee))
            self.assertEqual((st, v.get("seat")), (200, 1), v)
            st, _, _ = d.json("GET", m.path, headers=bearer(bob))
            self.assertEqual(st, 403)
            # who may not, and what is refused
            self.put(d, m, 1, {"bot": "random"}, token=m.tokens[0], expect=403)
            st, _, _ = d.json("PUT", m.path + "/seats/1", {"bot": "random"})
            self.assertEqual(st, 401)
            self.put(d, m, 3, {"bot": "random"}, expect=404)
            self.put(d, m, "x", {"bot": "random"}, expect=404)
            self.assertIn("genius", self.put(d, m, 1, {"bot": "genius"}, expect=400)["detail"])
            self.put(d, m, 1, {"name": "Eve"}, expect=400)
            self.put(d, m, 1, {"bot": None, "level": 2}, expect=400)
            c = create(d, ["ann", "bob"], options={"companion": True})
            self.assertIn("companion", self.put(d, c, 1, {"bot": "random"}, expect=400)["detail"])
        finally:
            stop_module_daemon(d)


    def test_a_seats_name_is_one_fact(self):
        """Wibbell keeps the players' names in its state (the vocabulary's
        rows name them): a seat handed to a bot and back to Zoe is Zoe in
        the view, the answer, the log and the vocabulary, after a restart
        too."""
        d = GamesDaemon()
        d.start()
        try:
            m = create(d, ["ann", "bob"], {"tie_window_ms": 0}, seed=3)
            m.ok(1, {"type": "claim", "word": "qzqz"})
            self.put(d, m, 1, {"bot": "random"})
            doc = self.put(d, m, 1, {"bot": None, "name": "Zoe"})
            for v in (m.view("host"), m.view(), doc["state"]):
                self.assertEqual(v["players"][1]["name"], "Zoe")
            rows = d.json("GET", m.path + "/query/vocabulary", headers=bearer(m.host))[2]["rows"]
            self.assertEqual([r["player"] for r in rows if r["seat"] == 1], ["Zoe"])
            self.assertEqual(m.log("host")[-1]["action"]["name"], "Zoe")
            d.restart()
            self.assertEqual(m.view("host")["players"][1]["name"], "Zoe")
            rows = d.json("GET", m.path + "/query/vocabulary", headers=bearer(m.host))[2]["rows"]
            self.assertEqual([r["player"] for r in rows if r["seat"] == 1], ["Zoe"])
        finally:
            stop_module_daemon(d)


class BotsResume(unittest.TestCase):
    def test_kill9_bots_resume(self):
        d = GamesDaemon()
        d.start()
        try:
            # the second with a tie window: the bots' claims and the timers mix
            ms = [create(d, bots(2), game="wibbell", seed=s, options={"tie_window_ms": t})
                  for s, t in ((1, 0), (2, 400))]
            ms.append(create(d, ["ann", {"name": "Robo", "bot": "random"}],
                             game="whirlpool-pond", seed=4))
            self.assertTrue(wait_for(lambda: all(m.view()["version"] > 3 for m in ms[:2]), 60))
            d.kill()
            d.start()
            before = {m.id: m.view()["version"] for m in ms}
            for m in ms[:2]:
                self.assertTrue(wait_for(lambda: finished(m), FINISH_S),
                                "the bots of %s did not resume" % m.id)
                self.assertGreater(m.view()["version"], before[m.id])
                log = m.log("host")
                self.assertEqual([e["version"] for e in log],
                                 list(range(2, m.view()["version"] + 1)))
            # a match waiting on a person still waits, and its bot answers
            w = ms[2]
            acts = w.actions(0)
            if acts:
                w.ok(0, acts[0])
                self.assertTrue(wait_for(lambda: w.actions(0) or finished(w), 30))
        finally:
            stop_module_daemon(d)


if __name__ == "__main__":
    wbtest.main()
