"""test_conformance.py - the conformance harness over HTTP, for every game
the daemon lists at GET /v1/games (in the spirit of OpenSpiel's random
simulation tests).

For each game it plays seeded matches against the real daemon, choosing
random legal actions from GET .../actions for random seats (templates
filled with words) and now and then a random illegal action, and checks
at every step:
  - every listed action (not a template) is accepted;
  - an illegal one gets a 4xx problem and changes nothing (same version);
  - versions increase by one per log entry, and the log has version-1
    entries;
  - every view has status and to_act (winners and scores once finished);
  - no seat's view holds the content of an event the seat was not shown
    (an event in the host's log entry that is missing from the seat's);
  - the match ends within a bound;
  - the stored state round-trips: after a restart of the daemon every
    match's host view is the same;
  - replaying the log from the seed (a new match, same seed, players and
    options, the same actions from the same seats) gives the same state.
Real-time options (names ending in _ms) are set to 0 so a replay is exact;
the times the daemon's clock stamps on actions ("at") are not compared.

  CONFORMANCE_HTTP_MATCHES=N  matches per game (default 3); the soak
  script tests/conformance-soak.sh runs this with many more.
"""
import json
import os
import random
import unittest

import wbtest

MAX_ACTIONS = 3000
WORDS = ["kissing", "hints", "mission", "explore", "cat", "zebra", "quiz", "jump",
         "rhythm", "apple", "exploring", "paris", "xqzt", "teach", "taught", "sing"]


def auth(token):
    return {"Authorization": "Bearer " + token} if token else {}


def timeless(doc):
    """A view without what the daemon's clock and ids put in it ("at"
    times of actions, the match id): what a replay must reproduce."""
    if isinstance(doc, dict):
        return {k: timeless(v) for k, v in doc.items() if k not in ("at", "id")}
    if isinstance(doc, list):
        return [timeless(v) for v in doc]
    return doc


def contains(hay, needle):
    if hay == needle:
        return True
    if isinstance(hay, dict):
        return any(contains(v, needle) for v in hay.values())
    if isinstance(hay, list):
        return any(contains(v, needle) for v in hay)
    return False


class Conformance(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = wbtest.make_data_dir()
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon(data_dir=cls.tmp))
        st, _, doc = cls.d.json("GET", "/v1/games")
        assert st == 200, doc
        cls.games = doc["games"]
        cls.per = int(os.environ.get("CONFORMANCE_HTTP_MATCHES", "3"))
        cls.played = []  # (id, host token, host view at the end)

    # --- one match ---

    def create(self, game, players, options, seed):
        st, hdrs, doc = self.d.json("POST", "/v1/games", {
            "game": game, "players": players, "options": options, "seed": seed})
        self.assertEqual(st, 201, doc)
        self.assertTrue(hdrs.get("location", "").endswith(doc["id"]))
        return doc

    def view(self, gid, token):
        st, hdrs, v = self.d.json("GET", "/v1/games/" + gid, headers=auth(token))
        self.assertEqual(st, 200, v)
        self.assertIn(v.get("status"), ("active", "finished"))
        self.assertIsInstance(v.get("to_act"), list)
        if v["status"] == "finished":
            self.assertIsInstance(v.get("winners"), list)
            self.assertIsInstance(v.get("scores"), list)
        self.assertEqual(hdrs.get("etag", "").strip('"'), str(v["version"]))
        return v

    def actions(self, gid, token):
        st, _, doc = self.d.json("GET", "/v1/games/%s/actions" % gid, headers=auth(token))
        self.assertEqual(st, 200, doc)
        return doc["actions"]

    def post(self, gid, token, action):
        return self.d.json("POST", "/v1/games/%s/actions" % gid, action, headers=auth(token))

    def fill(self, rnd, a):
        """A template's members from their descriptions: the example given
        ("e.g. [5]") half the time, else a word for words, a small array
        of numbers for arrays, a small number."""
        a = dict(a)
        params = a.pop("$params", None)
        if params is None:
            return a, False
        for name, desc in params.items():
            desc = desc if isinstance(desc, str) else ""
            eg = desc.find("e.g. ")
            if eg >= 0 and rnd.random() < 0.5:
                try:
                    a[name] = json.JSONDecoder().raw_decode(desc[eg + 5:])[0]
                    continue
                except ValueError:
                    pass
            if "word" in name or "word" in desc:
                a[name] = rnd.choice(WORDS)
            elif "array" in desc:
                a[name] = [rnd.randrange(1, 7) for _ in range(rnd.randrange(1, 3))]
            else:
                a[name] = rnd.randrange(6)
        return a, True

    def check_secrets(self, gid, seats, host_tok, after):
        """Events of the host's log missing from a seat's log: their
        structured members must not be in that seat's view."""
        st, _, hl = self.d.json("GET", "/v1/games/%s/log?after=%d" % (gid, after),
                                headers=auth(host_tok))
        self.assertEqual(st, 200)
        for s in seats:
            st, _, sl = self.d.json("GET", "/v1/games/%s/log?after=%d" % (gid, after),
                                    headers=auth(s["token"]))
            self.assertEqual(len(sl["entries"]), len(hl["entries"]))
            view = None
            for he, se in zip(hl["entries"], sl["entries"]):
                hidden = [e for e in he["events"] if e not in se["events"]]
                for e in hidden:
                    view = view or self.view(gid, s["token"])
                    for k, v in e.items():
                        if isinstance(v, (dict, list)) and v:
                            self.assertFalse(contains(view, v),
                                             "seat %d sees %s=%r of a hidden event"
                                             % (s["seat"], k, v))

    def play(self, game, seed, nplayers):
        rnd = random.Random(seed)
        names = ["p%d" % i for i in range(nplayers)]
        options = {k: 0 for k in game["options"] if k.endswith("_ms")}
        # World Dumbination plays a shorter game (6 VP, 4 rounds at most):
        # random play takes ~100 actions a round.
        if game["name"] == "world-dumbination":
            options.update(end_vp=6, max_rounds=4)
        m = self.create(game["name"], names, options, seed)
        gid, host = m["id"], m["host_token"]
        seats = m["players"]
        tokens = [host] + [s["token"] for s in seats]
        version, steps, accepted = 1, 0, []
        while True:
            v = self.view(gid, host)
            self.assertEqual(v["version"], version)
            if v["status"] == "finished":
                break
            steps += 1
            self.assertLess(steps, MAX_ACTIONS, "%s seed %d did not end" % (game["name"], seed))
            movers = [(t, acts) for t in tokens for acts in [self.actions(gid, t)] if acts]
            self.assertTrue(movers, "%s: nobody may act in an active match" % game["name"])
            tok, acts = rnd.choice(movers)
            # the host's "end" (a referee ending the match) one time in 40
            # when it has others, so matches are played
            if tok == host and len(acts) > 1 and rnd.randrange(40):
                acts = [a for a in acts if a["type"] != "end"]
            if rnd.random() < 0.2:
                bad = rnd.choice([{"type": "no-such-action"}, {"type": 7}, {"word": "x"},
                                  {"type": "take", "card": 99}])
                st, hdrs, doc = self.post(gid, tok, bad)
                if st == 200:
                    accepted.append((tok, bad))
                    version = doc["version"]
                    continue
                self.assertIn(st, (400, 409, 422), doc)
                self.assertEqual(hdrs.get("content-type"), "application/problem+json")
                self.assertIn("code", doc)
                self.assertEqual(self.view(gid, host)["version"], version)
            action, template = self.fill(rnd, rnd.choice(acts))
            st, _, doc = self.post(gid, tok, action)
            if st != 200:
                self.assertTrue(template, "listed action %r refused: %r" % (action, doc))
                self.assertIn(st, (400, 409, 422), doc)
                continue
            self.assertGreater(doc["version"], version)
            before = version
            version = doc["version"]
            accepted.append((tok, action))
            self.check_secrets(gid, seats, host, before)
        # The log: one entry per version step, in order.
        st, _, log = self.d.json("GET", "/v1/games/%s/log" % gid, headers=auth(host))
        self.assertEqual(len(log["entries"]), version - 1)
        self.assertEqual([e["version"] for e in log["entries"]], list(range(2, version + 1)))
        final = self.view(gid, host)
        self.played.append((gid, host, final))

        # Replay from the seed: same actions from the same seats.
        r = self.create(game["name"], names, options, seed)
        rtok = {host: r["host_token"]}
        for s, rs in zip(seats, r["players"]):
            rtok[s["token"]] = rs["token"]
        for tok, action in accepted:
            st, _, doc = self.post(r["id"], rtok[tok], action)
            self.assertEqual(st, 200, "replay refused %r: %r" % (action, doc))
        again = self.view(r["id"], r["host_token"])
        self.assertEqual(timeless(again), timeless(final))
        return len(accepted)

    def test_every_game(self):
        self.assertGreaterEqual(len(self.games), 1)
        for g in self.games:
            lo, hi = g["min_players"], g["max_players"]
            total = 0
            for i in range(self.per):
                total += self.play(g, 100 + 31 * i, lo + i % (hi - lo + 1))
            print("# %s: %d matches, %d actions" % (g["name"], self.per, total))

    def test_zz_round_trip_after_restart(self):
        """Runs after test_every_game (names sort): every match's host view
        is the same after the daemon restarts on the same data."""
        self.assertTrue(self.played)
        rc = self.d.stop()
        self.assertEqual(rc, 0)
        type(self).d = wbtest.Daemon(data_dir=self.tmp).start()
        for gid, host, final in self.played:
            v = self.view(gid, host)
            self.assertEqual(v, final)


if __name__ == "__main__":
    wbtest.main()
