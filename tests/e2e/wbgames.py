"""wbgames.py - what the end-to-end tests of the games API share.

A data directory per daemon (a temporary directory whose dict/ is a link
to the prebuilt test dictionaries, so matches never land in the shared
$WIBBELLD_TEST_DATA), a small client for the games resources over
http.client, a Server-Sent Events reader, and a Wibbell driver that finds
valid words through the dictionary's match endpoint and checks the
invariants of a Wibbell view (card conservation, scores).

Python 3 standard library only.
"""
import http.client
import json
import os
import random
import shutil
import socket
import string
import sys
import tempfile
import time
import urllib.parse

import wbtest

# The letters of the default deck's 48 cards (games/wibbell/deck.txt),
# in file order: for custom decks that play like it and for the physical
# deck of companion games.
DEFAULT_DECK = [
    "NZ", "IQ", "OJ", "EX", "AZ", "TQ", "JR", "LX", "KE", "AV", "WI", "FO", "SK", "TV",
    "WR", "FU", "DW", "FL", "SG", "CA", "CO", "CH", "ME", "MI", "MD", "PE", "PA", "PR",
    "GE", "GN", "BE", "BO", "BL", "YT", "HY", "YU", "SH", "IN", "ID", "IT", "AR", "AN",
    "ES", "ED", "OT", "UN", "RS", "HL",
]


class GamesDaemon(wbtest.Daemon):
    """A daemon with a data directory of its own (removed by cleanup())
    that shares the prebuilt dictionaries."""

    def __init__(self, args=(), data_dir=None, **kw):
        # Both test dictionaries, so games can be judged by either.
        if "--dictionaries" not in args:
            args = ["--dictionaries", "en_US,en_GB"] + list(args)
        self.own_dir = None
        if data_dir is None:
            data_dir = make_data_dir()
            self.own_dir = data_dir
        super().__init__(args=args, data_dir=data_dir, **kw)

    def cleanup(self):
        if self.own_dir:
            shutil.rmtree(self.own_dir, ignore_errors=True)
            self.own_dir = None

    def restart(self):
        """SIGTERM, expect exit 0, start again on the same data directory."""
        rc = self.stop()
        if rc != 0:
            raise AssertionError("wibbelld exited with %r, not 0:\n%s" % (rc, self.stderr_text()))
        self.stderr = tempfile.TemporaryFile(mode="w+b")
        return self.start()


def stop_module_daemon(d):
    """The end of a games test program (registered by module_daemon()):
    SIGTERM, expect exit 0, remove the daemon's data directory.  A daemon
    whose start failed is only killed (that failure is reported)."""
    if not d.started:
        d.kill()
        d.cleanup()
        return
    rc = d.stop()
    d.cleanup()
    if rc != 0:
        sys.stderr.write(d.stderr_text())
        raise AssertionError("wibbelld exited with %r after SIGTERM, not 0" % rc)


def module_daemon(d=None):
    """From setUpModule: a GamesDaemon (or `d`) started, its stop
    (stop_module_daemon) registered before the start."""
    return wbtest.module_daemon(d or GamesDaemon(), stop_module_daemon)


def make_data_dir():
    return wbtest.make_data_dir()


def bearer(token):
    return {"Authorization": "Bearer " + token} if token else {}


class Match:
    """One match as created through the API: its id, host token and seat
    tokens, and calls on it as one of them."""

    def __init__(self, daemon, created):
        self.d = daemon
        self.created = created
        self.id = created["id"]
        self.host = created["host_token"]
        self.tokens = [p.get("token") for p in created["players"]]  # none for a bot
        self.path = "/v1/games/" + self.id

    def token(self, who):
        """who: a seat number, "host" or None (the public)."""
        if who is None:
            return None
        if who == "host":
            return self.host
        return self.tokens[who]

    def view(self, who=None):
        st, hdrs, doc = self.d.json("GET", self.path, headers=bearer(self.token(who)))
        if st != 200:
            raise AssertionError("GET %s as %r -> %d %r" % (self.path, who, st, doc))
        return doc

    def act(self, who, action, if_match=None, expect=None):
        """POST an action; returns (status, headers, document).  With
        `expect`, the status must be that."""
        h = bearer(self.token(who))
        if if_match is not None:
            h["If-Match"] = if_match
        st, hdrs, doc = self.d.json("POST", self.path + "/actions", action, headers=h)
        if expect is not None and st != expect:
            raise AssertionError("POST %s %r as %r -> %d %r (expected %d)"
                                 % (self.path, action, who, st, doc, expect))
        return st, hdrs, doc

    def ok(self, who, action):
        return self.act(who, action, expect=200)[2]

    def actions(self, who=None):
        st, _, doc = self.d.json("GET", self.path + "/actions", headers=bearer(self.token(who)))
        if st != 200:
            raise AssertionError("GET actions -> %d %r" % (st, doc))
        return doc["actions"]

    def log(self, who=None, after=None):
        p = self.path + "/log" + ("?after=%d" % after if after is not None else "")
        st, _, doc = self.d.json("GET", p, headers=bearer(self.token(who)))
        if st != 200:
            raise AssertionError("GET %s -> %d %r" % (p, st, doc))
        return doc["entries"]


def create(daemon, players, options=None, seed=None, game="wibbell", expect=201):
    body = {"game": game, "players": list(players)}
    if options is not None:
        body["options"] = options
    if seed is not None:
        body["seed"] = seed
    st, hdrs, doc = daemon.json("POST", "/v1/games", body)
    if st != expect:
        raise AssertionError("POST /v1/games %r -> %d %r" % (body, st, doc))
    if st != 201:
        return doc
    return Match(daemon, doc)


# --- Server-Sent Events ---------------------------------------------------


class EventStream:
    """GET /v1/games/{id}/events read with http.client, event by event."""

    def __init__(self, daemon, path, token=None, last_event_id=None, query="", timeout=30):
        self.conn = http.client.HTTPConnection(daemon.host, daemon.port, timeout=timeout)
        h = bearer(token)
        if last_event_id is not None:
            h["Last-Event-ID"] = str(last_event_id)
        self.conn.request("GET", path + "/events" + query, headers=h)
        self.resp = self.conn.getresponse()
        self.status = self.resp.status
        self.headers = {k.lower(): v for k, v in self.resp.getheaders()}
        self.comments = 0
        if self.status != 200:
            self.body = self.resp.read()

    def next(self):
        """The next event as a dict {"event","id","data"} (data parsed as
        JSON), or None at the end of the stream.  Comments are counted."""
        ev = {}
        data = []
        while True:
            line = self.resp.readline()
            if not line:
                return None
            line = line.decode("utf-8").rstrip("\r\n")
            if line == "":
                if ev or data:
                    if data:
                        ev["data"] = json.loads("\n".join(data))
                    return ev
                continue
            if line.startswith(":"):
                self.comments += 1
                continue
            field, _, value = line.partition(":")
            if value.startswith(" "):
                value = value[1:]
            if field == "data":
                data.append(value)
            elif field == "id":
                ev["id"] = int(value)
            else:
                ev[field] = value

    def until_comment(self):
        """Read until a comment line arrives (a heartbeat); returns it."""
        while True:
            line = self.resp.readline()
            if not line:
                return None
            if line.startswith(b":"):
                self.comments += 1
                return line.decode().rstrip("\r\n")

    def close(self):
        try:
            self.conn.sock and self.conn.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.conn.close()


# --- Wibbell ----------------------------------------------------------------


def letters(cards):
    return [c["letters"] for c in cards]


def claim_cards(view, seat):
    """The cards a claim of `seat` must satisfy: centre, handicaps, face-up."""
    p = view["players"][seat]
    return letters(view["centre"]) + letters(p["handicaps"]) + letters(p["face_up"])


def find_words(daemon, cards, used, limit=20, dictionary="en_US"):
    """Valid words for these cards, not used nor derivatives of used words."""
    if len(cards) > 16:
        return []
    q = {"cards": ",".join(cards), "limit": str(limit)}
    if used:
        q["used"] = ",".join(used)
    st, _, doc = daemon.json("GET", "/v1/dictionaries/%s/match?%s"
                             % (dictionary, urllib.parse.urlencode(q)))
    if st != 200:
        raise AssertionError("match %r -> %d %r" % (q, st, doc))
    return doc["words"]


def removed_for(nplayers, deck_size):
    """Cards the rules take out of the game for 2 or 3 players."""
    if nplayers == 2:
        return deck_size // 2
    if nplayers == 3:
        return deck_size // 4
    return 0


def card_ids(doc):
    """Every card id anywhere in a JSON document (objects with letters)."""
    out = []

    def walk(x):
        if isinstance(x, dict):
            if "letters" in x and "id" in x:
                out.append(x["id"])
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(doc)
    return out


def check_view(tc, view, deck_size, nplayers, nstart=None):
    """The invariants of a Wibbell view: card conservation (deck + centre +
    every player's cards + removed = deck size) and each score equal to the
    scoring cards held (starting handicaps excluded)."""
    removed = removed_for(nplayers, deck_size)
    held = 0
    for s, p in enumerate(view["players"]):
        n = len(p["face_up"]) + p["face_down"] + len(p["handicaps"])
        held += n
        starting = sum(1 for h in p["handicaps"] if h.get("starting"))
        tc.assertEqual(p["score"], n - starting, "score of seat %d in %r" % (s, p))
        tc.assertEqual(view["scores"][s], p["score"])
    tc.assertEqual(view["deck"] + len(view["centre"]) + held + removed, deck_size,
                   "cards are not conserved: deck %d centre %d held %d removed %d"
                   % (view["deck"], len(view["centre"]), held, removed))
    if view["status"] == "finished":
        best = max(view["scores"])
        tc.assertEqual(sorted(view["winners"]),
                       [s for s, x in enumerate(view["scores"]) if x == best])
        tc.assertEqual(view["to_act"], [])


class Player:
    """Drives a Wibbell match through the API as its seats, finding valid
    words with the dictionary's match endpoint.  `rng` makes its choices
    (which seat claims, which card it takes or keeps)."""

    def __init__(self, tc, match, nplayers, deck_size, rng=None, dictionary="en_US"):
        self.tc = tc
        self.m = match
        self.n = nplayers
        self.deck_size = deck_size
        self.rng = rng or random.Random(1)
        self.dictionary = dictionary
        self.version = match.created["version"]
        self.steps = 0

    def step(self, view):
        """Make one accepted action from `view` (the host's); returns the
        action's answer."""
        m, tc = self.m, self.tc
        phase = view["phase"]
        if phase == "take":
            tc.assertEqual(view["to_act"], [view["turn_winner"]])
            doc = m.ok(view["turn_winner"],
                       {"type": "take", "card": self.rng.randrange(len(view["centre"]))})
        elif phase == "keep":
            tc.assertEqual(len(view["to_act"]), 1, view)
            doc = m.ok(view["to_act"][0],
                       {"type": "keep", "card": self.rng.choice(view["keep_choices"])})
        elif phase == "play":
            doc = self.claim(view)
        else:
            raise AssertionError("no step from phase %r: %r" % (phase, view))
        tc.assertEqual(doc["version"], self.version + 1, "versions go up by one")
        self.version = doc["version"]
        self.steps += 1
        return doc

    def claim(self, view):
        """A valid claim by one of the seats that may act; when none of
        them has a word, a wrong claim by one of them (so that the last
        one standing collects the card)."""
        seats = list(view["to_act"])
        self.rng.shuffle(seats)
        for s in seats:
            words = find_words(self.m.d, claim_cards(view, s), view["used"],
                               dictionary=self.dictionary)
            if words:
                word = self.rng.choice(words[:5])
                doc = self.m.ok(s, {"type": "claim", "word": word})
                types = [e["type"] for e in doc["events"]]
                self.tc.assertIn("claim_accepted", types, doc)
                return doc
        s = seats[0]
        doc = self.m.ok(s, {"type": "claim", "word": "zzxq"})
        self.tc.assertIn("claim_refused", [e["type"] for e in doc["events"]])
        return doc

    def play(self, max_steps=2000, check=True):
        """Play to the end; returns the final host view."""
        for _ in range(max_steps):
            view = self.m.view("host")
            self.tc.assertEqual(view["version"], self.version)
            if check:
                check_view(self.tc, view, self.deck_size, self.n)
            if view["status"] == "finished":
                return view
            self.step(view)
        raise AssertionError("the game did not end in %d steps" % max_steps)


def random_junk(rng):
    """Letters that are no word: a q and consonants, no vowel, no y."""
    return "q" + "".join(rng.choice("bcdfghjklmnpqrstvwxz") for _ in range(rng.randrange(4, 8)))


def wait_for(pred, timeout=10.0, step=0.02):
    deadline = time.monotonic() + timeout
    while True:
        v = pred()
        if v:
            return v
        if time.monotonic() > deadline:
            return v
        time.sleep(step)


__all__ = ["GamesDaemon", "Match", "create", "EventStream", "Player", "check_view",
           "find_words", "claim_cards", "card_ids", "removed_for", "DEFAULT_DECK",
           "make_data_dir", "bearer", "random_junk", "wait_for", "string"]
