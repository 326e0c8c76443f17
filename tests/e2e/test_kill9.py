"""test_kill9.py - no acknowledged action is lost to kill -9.

Clients play Whirlpool Pond, Woodlouse Chaos and Wibbell matches concurrently
(random listed actions) while the daemon is killed with SIGKILL and
restarted on the same data directory, KILLS times.  Afterwards, for every
match: each action that was answered 200 is in the log at the version its
answer gave, with the body that was sent; the log has no gaps; and
replaying the log from the seed in a new match gives the stored state.
A match's record is written only every few actions, so a restart replays
the log after it (Wibbell's claims judged by the dictionary again).

KILLS defaults to 3 (the suite); tests/kill9-soak.sh runs it with 20+.
The suite runs it again with the matches in PostgreSQL (e2e-pg,
tests/pg_run.py): the same checks, and the matches are in the database.
"""
import os
import random
import threading
import time
import unittest

import wbtest
from test_conformance import WORDS, timeless
from wbgames import GamesDaemon, bearer

KILLS = int(os.environ.get("WIBBELLD_KILLS", "3"))
CLIENTS = 4
UP_SECONDS = 1.5  # between two kills


class Cluster:
    """The daemon being killed, and what the clients were told."""

    def __init__(self):
        self.d = GamesDaemon()
        self.d.start()
        self.lock = threading.Lock()
        self.acked = {}    # match id -> {version: (seat token, action)}
        self.matches = {}  # match id -> (game, players, options, seed, host, tokens)
        self.stop = threading.Event()
        self.errors = []

    def call(self, method, path, body=None, token=None):
        """One request to whichever daemon runs now; None when it is down."""
        d = self.d
        try:
            c = d.connect(timeout=10)
            try:
                return d.request(method, path, body, bearer(token), conn=c)
            finally:
                c.close()
        except (OSError, TypeError, AttributeError):
            return None

    def json(self, method, path, body=None, token=None):
        import json
        r = self.call(method, path, body, token)
        if r is None:
            return None
        return r[0], json.loads(r[2].decode() or "null")

    def client(self, k):
        rnd = random.Random(k)
        gid = None
        while not self.stop.is_set():
            if gid is None:
                game = rnd.choice(["whirlpool-pond", "woodlouse-chaos", "wibbell"])
                players = ["a", "b", "c"]
                seed = rnd.randrange(1 << 30)
                # no tie window: a replay over HTTP cannot send timer actions
                options = {"tie_window_ms": 0} if game == "wibbell" else {}
                r = self.json("POST", "/v1/games", {"game": game, "players": players,
                                                    "options": options, "seed": seed})
                if r is None or r[0] != 201:
                    time.sleep(0.05)
                    continue
                doc = r[1]
                gid = doc["id"]
                tokens = [doc["host_token"]] + [p["token"] for p in doc["players"]]
                with self.lock:
                    self.matches[gid] = (game, players, options, seed, doc["host_token"],
                                         [p["token"] for p in doc["players"]])
                    self.acked[gid] = {}
            r = self.json("GET", "/v1/games/" + gid, token=tokens[0])
            if r is None:
                time.sleep(0.05)
                continue
            if r[0] != 200:
                self.fail("GET view -> %r" % (r,))
                return
            if r[1]["status"] == "finished":
                gid = None
                continue
            tok = rnd.choice(tokens)
            r = self.json("GET", "/v1/games/%s/actions" % gid, token=tok)
            if r is None or r[0] != 200 or not r[1]["actions"]:
                continue
            acts = [a for a in r[1]["actions"] if "$params" not in a]
            for a in r[1]["actions"]:  # Wibbell's claims: a word
                if list(a.get("$params", {})) == ["word"]:
                    acts.append({"type": a["type"], "word": rnd.choice(WORDS)})
            if not acts:
                continue
            a = rnd.choice(acts)
            r = self.json("POST", "/v1/games/%s/actions" % gid, a, token=tok)
            if r is None:
                continue  # no answer: the action may or may not be stored
            if r[0] == 200:
                with self.lock:
                    self.acked[gid][r[1]["version"]] = (tok, a)
            elif r[0] >= 500:
                self.fail("action -> %d %r" % r)
                return

    def fail(self, what):
        with self.lock:
            self.errors.append(what)


class Kill9(unittest.TestCase):
    def test_acknowledged_actions_survive_kill_9(self):
        c = Cluster()
        threads = [threading.Thread(target=c.client, args=(k,), daemon=True)
                   for k in range(CLIENTS)]
        for t in threads:
            t.start()
        try:
            for _ in range(KILLS):
                time.sleep(UP_SECONDS)
                c.d.kill()
                c.d.stderr = __import__("tempfile").TemporaryFile(mode="w+b")
                c.d.start()
            time.sleep(UP_SECONDS)
        finally:
            c.stop.set()
            for t in threads:
                t.join(30)
        self.assertEqual(c.errors, [])
        n_acked = sum(len(v) for v in c.acked.values())
        self.assertGreater(n_acked, 0)
        for gid, acked in c.acked.items():
            game, players, options, seed, host, tokens = c.matches[gid]
            st, log = c.json("GET", "/v1/games/%s/log" % gid, token=host)
            self.assertEqual(st, 200, log)
            entries = log["entries"]
            self.assertEqual([e["version"] for e in entries], list(range(2, len(entries) + 2)),
                             "the log of %s has gaps" % gid)
            by_version = {e["version"]: e for e in entries}
            for version, (tok, action) in acked.items():
                self.assertIn(version, by_version,
                              "acknowledged version %d of %s is lost" % (version, gid))
                self.assertEqual(by_version[version]["action"], action)
            st, view = c.json("GET", "/v1/games/" + gid, token=host)
            self.assertEqual(view["version"], len(entries) + 1)
            # replay the log from the seed: the same state
            st, r = c.json("POST", "/v1/games", {"game": game, "players": players,
                                                 "options": options, "seed": seed})
            self.assertEqual(st, 201, r)
            rtok = {host: r["host_token"]}
            for t, rp in zip(tokens, r["players"]):
                rtok[t] = rp["token"]
            seat_tok = {-2: host}
            seat_tok.update({i: t for i, t in enumerate(tokens)})
            for e in entries:
                st, doc = c.json("POST", "/v1/games/%s/actions" % r["id"], e["action"],
                                 token=rtok[seat_tok[e["seat"]]])
                self.assertEqual(st, 200, "replay of %r refused: %r" % (e, doc))
            st, again = c.json("GET", "/v1/games/" + r["id"], token=r["host_token"])
            self.assertEqual(timeless(again), timeless(view))
        print("# %d kills, %d matches, %d acknowledged actions, all present"
              % (KILLS, len(c.acked), n_acked))
        rc = c.d.stop()
        if wbtest.store_kind() == "postgresql":
            # the matches were in PostgreSQL, none in LMDB
            self.assertFalse(os.path.exists(os.path.join(c.d.data_dir, "games", "data.mdb")))
            url = wbtest.pg_store_for(os.path.abspath(c.d.data_dir))
            out = __import__("subprocess").run(
                ["psql", "-Atq", "-d", url, "-c", "SELECT count(*) FROM wibbelld_matches"],
                check=True, capture_output=True, text=True).stdout
            self.assertGreaterEqual(int(out), 2 * len(c.acked))  # and their replays
        c.d.cleanup()
        self.assertEqual(rc, 0)


if __name__ == "__main__":
    wbtest.main()
