#!/usr/bin/env python3
"""test_games_api.py - end-to-end tests of the games API of wibbelld.

The real daemon on 127.0.0.1 port 0, each with a data directory of its own
(the test dictionaries linked in), driven over HTTP with Wibbell matches:
creating matches (seeds, options, every bad request), who may see and do
what (seat, host and public callers; 401 and 403), versions as ETags
(If-None-Match 304, If-Match 412), illegal actions (422, 409) that change
nothing, the log, the list, deletion, queries as JSON and CSV, the live
match cap, Server-Sent Events (the first view, one event per action,
resuming with Last-Event-ID, the end, heartbeats, the stream cap, many
streams while the daemon keeps answering, shutdown with streams open), a
restart in the middle of a match, and that no caller ever sees the order
of the deck or another caller's tokens.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import csv
import io
import json
import os
import random
import socket
import sys
import threading
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import bearer, create  # noqa: E402

D = None  # the daemon most tests share

# Every games route, as (method, OpenAPI path).
ROUTES = [
    ("get", "/v1/games"),
    ("post", "/v1/games"),
    ("get", "/v1/games/{id}"),
    ("delete", "/v1/games/{id}"),
    ("get", "/v1/games/{id}/actions"),
    ("post", "/v1/games/{id}/actions"),
    ("post", "/v1/games/{id}/end"),
    ("get", "/v1/games/{id}/log"),
    ("get", "/v1/games/{id}/events"),
    ("get", "/v1/games/{id}/query/{name}"),
    ("get", "/v1/matches"),
]

QUICK_DECK = ["SG", "SH", "NZ", "IQ"]  # 2 players: SG and SH only, one turn


def setUpModule():
    global D
    D = wbgames.module_daemon()


def fast(**kw):
    """Options for tests: the first valid claim wins at once."""
    o = {"tie_window_ms": 0}
    o.update(kw)
    return o


def quick_match(daemon=None, players=("ann", "bob")):
    """A match that ends with its first valid claim: 2 players, a deck of
    4 (2 removed), so the first turn is the last."""
    return create(daemon or D, players, fast(deck=QUICK_DECK, shuffle=False), seed=1)


def finish_quick(m):
    doc = m.ok(0, {"type": "claim", "word": "sighs"})
    assert doc["state"]["status"] == "finished", doc
    return doc


class Base(unittest.TestCase):
    def problem(self, status, code, method, path, body=None, headers=None, daemon=None):
        st, hdrs, doc = (daemon or D).json(method, path, body, headers)
        self.assertEqual(st, status, "%s %s -> %d %r" % (method, path, st, doc))
        self.assertEqual(hdrs.get("content-type"), "application/problem+json")
        self.assertEqual(doc["code"], code, doc)
        self.assertEqual(doc["status"], status)
        self.assertTrue(doc["detail"])
        return doc, hdrs

    def host_view_unchanged(self, m, before):
        after = m.view("host")
        self.assertEqual(after, before, "an illegal action changed the match")


# --- kinds and creation -----------------------------------------------------


class Kinds(Base):
    def test_list(self):
        st, hdrs, doc = D.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        games = {g["name"]: g for g in doc["games"]}
        w = games["wibbell"]
        self.assertEqual(w["title"], "Wibbell")
        self.assertEqual((w["min_players"], w["max_players"]), (2, 7))
        for opt in ("mode", "tie_window_ms", "handicaps", "learning_aid", "dictionary",
                    "companion", "deck", "forgive_typos"):
            self.assertIn(opt, w["options"])
            self.assertIn("default", w["options"][opt])
        self.assertEqual(w["options"]["tie_window_ms"]["default"], 400)
        self.assertIs(w["options"]["forgive_typos"]["default"], False)
        for g in doc["games"]:
            self.assertTrue(set(g) >= {"name", "title", "min_players", "max_players", "options"})


class Create(Base):
    def test_created(self):
        st, hdrs, doc = D.json("POST", "/v1/games",
                               {"game": "wibbell", "players": ["ann", "bob"], "options": {},
                                "seed": 42})
        self.assertEqual(st, 201, doc)
        self.assertEqual(hdrs["location"], "/v1/games/" + doc["id"])
        self.assertEqual(hdrs["etag"], '"1"')
        self.assertEqual(doc["game"], "wibbell")
        self.assertEqual(doc["version"], 1)
        self.assertEqual(doc["seed"], 42)
        self.assertRegex(doc["id"], r"^[0-9a-f]{32}$")
        self.assertEqual([p["seat"] for p in doc["players"]], [0, 1])
        self.assertEqual([p["name"] for p in doc["players"]], ["ann", "bob"])
        tokens = [p["token"] for p in doc["players"]] + [doc["host_token"]]
        self.assertEqual(len(set(tokens)), 3)
        for t in tokens:
            self.assertGreaterEqual(len(t), 32)
        self.assertEqual(doc["state"]["status"], "active")
        self.assertEqual(doc["state"]["to_act"], [0, 1])
        # the Location is the view
        st, _, view = D.json("GET", hdrs["location"])
        self.assertEqual(st, 200)
        self.assertEqual(view["id"], doc["id"])

    def test_seeds(self):
        for seed, echo in ((0, 0), (2**53, 2**53), ("18446744073709551615", "18446744073709551615"),
                           ("12", 12)):
            m = create(D, ["a", "b"], fast(), seed=seed)
            self.assertEqual(m.created["seed"], echo, seed)
        m = create(D, ["a", "b"], fast())
        self.assertIn("seed", m.created)  # random, and told

    def test_same_seed_same_deal(self):
        a = create(D, ["a", "b", "c"], fast(), seed=99).view("host")
        b = create(D, ["a", "b", "c"], fast(), seed=99).view("host")
        c = create(D, ["a", "b", "c"], fast(), seed=100).view("host")
        for v in (a, b, c):
            del v["id"]
        self.assertEqual(a, b)
        self.assertNotEqual(a["centre"], c["centre"])

    def test_bad_seeds(self):
        for seed in (-1, 2**53 + 1, 1.5, "abc", "-3", "18446744073709551616", "", [1], True):
            self.problem(400, "bad_request", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"], "seed": seed})

    def test_unknown_game(self):
        doc, _ = self.problem(400, "unknown_game", "POST", "/v1/games",
                              {"game": "chess", "players": ["a", "b"]})
        self.assertIn("chess", doc["detail"])

    def test_bad_requests(self):
        cases = [
            {"players": ["a", "b"]},
            {"game": 3, "players": ["a", "b"]},
            {"game": "wibbell"},
            {"game": "wibbell", "players": "ann"},
            {"game": "wibbell", "players": ["a", 2]},
            {"game": "wibbell", "players": ["a"]},
            {"game": "wibbell", "players": ["p%d" % i for i in range(8)]},
            {"game": "wibbell", "players": ["a", ""]},
            {"game": "wibbell", "players": ["a", "b"], "options": []},
            {"game": "wibbell", "players": ["a", "b"], "options": {"mode": "fast"}},
            {"game": "wibbell", "players": ["a", "b"], "options": {"tie_window_ms": -1}},
            {"game": "wibbell", "players": ["a", "b"], "options": {"handicaps": [3, 0]}},
            {"game": "wibbell", "players": ["a", "b"], "options": {"deck": ["NZ", "1!"]}},
            {"game": "wibbell", "players": ["a", "b"], "options": {"bogus": 1}},
        ]
        for body in cases:
            doc, _ = self.problem(400, "bad_request", "POST", "/v1/games", body)

    def test_game_reason_is_the_detail(self):
        doc, _ = self.problem(400, "bad_request", "POST", "/v1/games",
                              {"game": "wibbell", "players": ["a", "b"],
                               "options": {"mode": "fast"}})
        self.assertIn("mode", doc["detail"])

    def test_bad_json(self):
        self.problem(400, "bad_json", "POST", "/v1/games", "{")
        self.problem(400, "bad_json", "POST", "/v1/games", "")
        self.problem(400, "bad_request", "POST", "/v1/games", "[1]")

    def test_methods(self):
        st, hdrs, doc = D.json("PUT", "/v1/games")
        self.assertEqual(st, 405)
        self.assertEqual(hdrs["allow"], "GET, HEAD, POST")
        m = create(D, ["a", "b"], fast())
        st, hdrs, doc = D.json("PATCH", m.path)
        self.assertEqual(st, 405)
        self.assertEqual(hdrs["allow"], "GET, HEAD, DELETE")
        st, hdrs, doc = D.json("DELETE", m.path + "/actions")
        self.assertEqual(st, 405)
        self.assertEqual(hdrs["allow"], "GET, HEAD, POST")


# --- who sees and does what ----------------------------------------------------


class Auth(Base):
    def setUp(self):
        self.m = create(D, ["ann", "bob"], fast(), seed=5)

    def test_views_by_caller(self):
        m = self.m
        pub = m.view(None)
        s0 = m.view(0)
        s1 = m.view(1)
        host = m.view("host")
        self.assertNotIn("seat", pub)
        self.assertEqual(s0["seat"], 0)
        self.assertEqual(s1["seat"], 1)
        self.assertIn("vocabulary", host)
        self.assertNotIn("vocabulary", s0)
        for v in (pub, s0, s1, host):
            self.assertEqual(v["version"], 1)
            self.assertEqual(v["id"], m.id)
            self.assertEqual(v["status"], "active")

    def test_common_fields_of_every_game(self):
        # every game's view says who is looking and names every seat (the
        # names come from the match, not from the game's state)
        st, _, doc = D.json("GET", "/v1/games")
        self.assertEqual(st, 200)
        names = ["Ann", "Bob", "Cy"]
        for g in doc["games"]:
            m = create(D, names[:max(g["min_players"], min(3, g["max_players"]))], game=g["name"], seed=3)
            n = len(m.created["players"])
            for who, role in ((None, "watcher"), ("host", "host"), (0, "seat"), (n - 1, "seat")):
                v = m.view(who)
                where = "%s, view of %r" % (g["name"], who)
                self.assertEqual(v["role"], role, where)
                if role == "seat":
                    self.assertEqual(v["seat"], who, where)
                else:
                    self.assertNotIn("seat", v, where)
                self.assertEqual([(p["seat"], p["name"]) for p in v["players"]],
                                 list(enumerate(names[:n])), where)
                for k in ("status", "to_act", "version", "id", "game"):
                    self.assertIn(k, v, where)
                self.assertFalse(any("bot" in p for p in v["players"]), where)
        # a seat the daemon plays says so beside its name, in every view
        m = create(D, ["Ann", {"name": "Robo", "bot": "random", "level": 2}, "Cy"], game="woodlouse-chaos", seed=3)
        for who in (None, "host", 0):
            v = m.view(who)
            self.assertEqual([(p["name"], p.get("bot")) for p in v["players"]],
                             [("Ann", None), ("Robo", "random"), ("Cy", None)], who)

    def test_tokens_never_shown(self):
        m = self.m
        secrets = m.tokens + [m.host]
        for who in (None, 0, 1, "host"):
            text = json.dumps(m.view(who)) + json.dumps(m.actions(who)) + json.dumps(m.log(who))
            for t in secrets:
                self.assertNotIn(t, text, "a token in what %r sees" % (who,))
        st, _, body = D.request("GET", "/v1/matches")
        for t in secrets:
            self.assertNotIn(t.encode(), body)

    def test_malformed_authorization(self):
        for h in ("Basic YW5uOmJvYg==", "Bearer", "Bearer ", "Bearer a b", "Bearer \u00e9",
                  "token abc", "Bearerabc"):
            doc, hdrs = self.problem(401, "unauthorized", "GET", self.m.path,
                                     headers={"Authorization": h.encode("utf-8").decode("latin-1")})
            self.assertEqual(hdrs.get("www-authenticate"), "Bearer")

    def test_scheme_is_case_insensitive(self):
        st, _, v = D.json("GET", self.m.path, headers={"Authorization": "bearer " + self.m.tokens[1]})
        self.assertEqual(st, 200)
        self.assertEqual(v["seat"], 1)

    def test_wrong_token(self):
        other = create(D, ["x", "y"], fast())
        for tok in ("A" * 43, other.tokens[0], other.host, "x"):
            self.problem(403, "forbidden", "GET", self.m.path, headers=bearer(tok))
            self.problem(403, "forbidden", "POST", self.m.path + "/actions",
                         {"type": "claim", "word": "kissing"}, headers=bearer(tok))
            self.problem(403, "forbidden", "GET", self.m.path + "/log", headers=bearer(tok))
        self.assertEqual(self.m.view("host")["version"], 1)

    def test_acting_needs_a_token(self):
        doc, hdrs = self.problem(401, "unauthorized", "POST", self.m.path + "/actions",
                                 {"type": "claim", "word": "kissing"})
        self.assertEqual(hdrs.get("www-authenticate"), "Bearer")

    def test_unknown_match(self):
        for path in ("/v1/games/0123456789abcdef0123456789abcdef", "/v1/games/nope",
                     "/v1/games/nope/actions", "/v1/games/nope/log", "/v1/games/nope/events",
                     "/v1/games/nope/query/vocabulary"):
            doc, _ = self.problem(404, "unknown_match", "GET", path)
        self.problem(404, "unknown_match", "POST", "/v1/games/nope/actions", {"type": "claim"},
                     headers=bearer("abc"))
        self.problem(404, "unknown_match", "DELETE", "/v1/games/nope", headers=bearer("abc"))

    def test_actions_by_caller(self):
        m = self.m
        self.assertEqual(m.actions(None), [])
        a = m.actions(0)
        self.assertEqual(len(a), 1)
        self.assertEqual(a[0]["type"], "claim")
        self.assertIn("word", a[0]["$params"])
        # the host referees (the teacher): new cards and the end of the game
        self.assertEqual(m.actions("host"), [{"type": "redeal"}, {"type": "end"}])


# --- versions -----------------------------------------------------------------


class Versions(Base):
    def setUp(self):
        self.m = create(D, ["ann", "bob"], fast(), seed=11)
        self.p = wbgames.Player(self, self.m, 2, 48, random.Random(2))

    def test_etag_and_if_none_match(self):
        m = self.m
        st, hdrs, body = D.request("GET", m.path, headers=bearer(m.tokens[0]))
        self.assertEqual(st, 200)
        self.assertEqual(hdrs["etag"], '"1"')
        self.assertIn("Authorization", hdrs.get("vary", ""))
        for inm in ('"1"', "1", 'W/"1"', '"7", "1"', "*"):
            st, hdrs, body = D.request("GET", m.path,
                                       headers=dict(bearer(m.tokens[0]), **{"If-None-Match": inm}))
            self.assertEqual(st, 304, inm)
            self.assertEqual(body, b"")
            self.assertEqual(hdrs["etag"], '"1"')
        self.p.step(m.view("host"))
        st, hdrs, body = D.request("GET", m.path, headers={"If-None-Match": '"1"'})
        self.assertEqual(st, 200)
        self.assertEqual(hdrs["etag"], '"2"')
        self.assertEqual(json.loads(body)["version"], 2)

    def test_if_match(self):
        m = self.m
        view = m.view("host")
        s = view["to_act"][0]
        word = wbgames.find_words(D, wbgames.claim_cards(view, s), [])[0]
        before = m.view("host")
        for stale in ('"2"', "2", '"0"', "0", 'W/"1"', '"abc"', '"1x"'):
            doc, hdrs = self.problem(412, "stale_version", "POST", m.path + "/actions",
                                     {"type": "claim", "word": word},
                                     headers=dict(bearer(m.tokens[s]), **{"If-Match": stale}))
            self.assertEqual(hdrs.get("etag"), '"1"', stale)
        self.host_view_unchanged(m, before)
        st, hdrs, doc = m.act(s, {"type": "claim", "word": word}, if_match='"1"')
        self.assertEqual(st, 200, doc)
        self.assertEqual(hdrs["etag"], '"2"')
        self.assertEqual(doc["version"], 2)
        # bare, a list holding the current one, and "*"
        view = m.view("host")
        st, _, doc = m.act(view["to_act"][0], {"type": "take", "card": 0}, if_match='"9", 2')
        self.assertEqual(st, 200, doc)
        view = m.view("host")
        s = view["to_act"][0]
        word = wbgames.find_words(D, wbgames.claim_cards(view, s), view["used"])[0]
        st, _, doc = m.act(s, {"type": "claim", "word": word}, if_match="*")
        self.assertEqual(st, 200, doc)
        self.assertEqual(doc["version"], 4)

    def test_racing_writers(self):
        """Two seats claim at once, both with If-Match of the same version:
        one is applied, the other is told it is stale."""
        m = self.m
        view = m.view("host")
        words = [wbgames.find_words(D, wbgames.claim_cards(view, s), [])[s] for s in (0, 1)]
        results = [None, None]

        def go(s):
            results[s] = m.act(s, {"type": "claim", "word": words[s]}, if_match='"1"')[0]

        ts = [threading.Thread(target=go, args=(s,)) for s in (0, 1)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual(sorted(results), [200, 412])
        self.assertEqual(m.view("host")["version"], 2)

    def test_log_follows_versions(self):
        m = self.m
        for i in range(6):
            self.p.step(m.view("host"))
        entries = m.log("host")
        self.assertEqual([e["version"] for e in entries], list(range(2, 8)))
        self.assertEqual(len(entries), m.view()["version"] - 1)
        self.assertEqual([e["version"] for e in m.log("host", after=5)], [6, 7])
        self.assertEqual(m.log("host", after=7), [])
        for e in entries:
            self.assertTrue({"version", "seat", "action", "at", "events"} <= set(e))
        self.problem(400, "bad_parameter", "GET", m.path + "/log?after=x")
        self.problem(400, "bad_parameter", "GET", m.path + "/log?after=-1")


# --- illegal actions ------------------------------------------------------------


class Illegal(Base):
    def setUp(self):
        self.m = create(D, ["ann", "bob", "cy"], fast(), seed=3)

    def rejected(self, who, action, status, code):
        before = self.m.view("host")
        doc, _ = self.problem(status, code, "POST", self.m.path + "/actions", action,
                              headers=bearer(self.m.token(who)))
        self.host_view_unchanged(self.m, before)
        return doc

    def test_rejections_change_nothing(self):
        m = self.m
        # the framework's codes, the same in every game: 400 malformed,
        # 409 not you / not now, 422 the rules (a value out of range too)
        # malformed bodies
        self.rejected(0, {"type": "dance"}, 400, "bad_request")
        self.rejected(0, {"word": "kissing"}, 400, "bad_request")
        self.rejected(0, {"type": "claim"}, 400, "bad_request")
        self.rejected(0, {"type": "claim", "word": "two words"}, 400, "bad_request")
        self.rejected(0, {"type": "claim", "word": "kissing", "take": 5}, 422, "illegal_action")
        self.rejected(0, {"type": "claim", "word": "kissing", "x": 1}, 400, "bad_request")
        # a host action of companion mode
        self.rejected(0, {"type": "flip", "card": "NZ"}, 409, "not_your_turn")
        # the host does not play in a normal match
        self.rejected("host", {"type": "claim", "word": "kissing"}, 409, "not_your_turn")
        # nothing to take or keep yet: not now
        doc = self.rejected(0, {"type": "take", "card": 0}, 409, "not_your_turn")
        self.assertIn("claim", doc["detail"])
        self.rejected(0, {"type": "keep", "card": 0}, 409, "not_your_turn")
        # the daemon's clock only
        self.rejected(0, {"type": "timer"}, 409, "not_your_turn")
        # a mistake puts the seat out: its next claim is illegal
        doc = m.ok(1, {"type": "claim", "word": "qqxqz"})
        self.assertEqual([e["type"] for e in doc["events"]], ["claim_refused"])
        view = m.view("host")
        self.assertTrue(view["players"][1]["out"])
        self.assertNotIn(1, view["to_act"])
        word = wbgames.find_words(D, wbgames.claim_cards(view, 1), [])[0]
        doc = self.rejected(1, {"type": "claim", "word": word}, 422, "illegal_action")
        self.assertIn("mistake", doc["detail"])
        # seat 0 wins the card; then only it may take, and nobody may claim
        word = wbgames.find_words(D, wbgames.claim_cards(view, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        self.rejected(2, {"type": "take", "card": 0}, 409, "not_your_turn")
        self.rejected(2, {"type": "claim", "word": word}, 409, "not_your_turn")
        self.rejected(0, {"type": "take", "card": 2}, 422, "illegal_action")
        self.rejected(0, {"type": "keep", "card": 0}, 409, "not_your_turn")
        m.ok(0, {"type": "take", "card": 1})

    def test_bad_bodies(self):
        self.problem(400, "bad_json", "POST", self.m.path + "/actions", "{\"type\":",
                     headers=bearer(self.m.tokens[0]))
        self.problem(400, "bad_request", "POST", self.m.path + "/actions", "[]",
                     headers=bearer(self.m.tokens[0]))
        self.problem(400, "bad_utf8", "POST", self.m.path + "/actions", b'{"type":"\xff"}',
                     headers=bearer(self.m.tokens[0]))
        self.assertEqual(self.m.view()["version"], 1)

    def test_finished_match_takes_nothing(self):
        m = quick_match()
        finish_quick(m)
        before = m.view("host")
        self.assertEqual(before["end_reason"], "deck_out")
        for s in (0, 1):
            st, _, doc = m.act(s, {"type": "claim", "word": "kissing"})
            self.assertIn(st, (409, 422), doc)
        self.host_view_unchanged(m, before)
        self.assertEqual(m.actions(0), [])


# --- what a seat must not see -----------------------------------------------------


class Secrets(Base):
    def test_no_deck_order_anywhere(self):
        """With an unshuffled custom deck the order is known to the test:
        no view, action list, log or event stream of any caller may name a
        card before it is flipped (the removed ones never)."""
        deck = wbgames.DEFAULT_DECK[:20]
        m = create(D, ["ann", "bob", "cy"], fast(deck=deck, shuffle=False), seed=8)
        removed = wbgames.removed_for(3, len(deck))
        usable = len(deck) - removed
        streams = {who: wbgames.EventStream(D, m.path, m.token(who)) for who in (None, 1, "host")}
        p = wbgames.Player(self, m, 3, len(deck), random.Random(4))
        try:
            while True:
                view = m.view("host")
                flipped = usable - view["deck"]
                for who in (None, 0, 1, 2, "host"):
                    seen = (wbgames.card_ids(m.view(who)) + wbgames.card_ids(m.log(who)) +
                            wbgames.card_ids(m.actions(who)))
                    late = [i for i in seen if i >= flipped]
                    self.assertEqual(late, [], "%r sees cards not flipped yet" % (who,))
                    v = m.view(who)
                    self.assertIsInstance(v["deck"], int)
                if view["status"] == "finished":
                    break
                p.step(view)
            for who, s in streams.items():
                while True:
                    ev = s.next()
                    if ev is None:
                        break
                    self.assertEqual([i for i in wbgames.card_ids(ev.get("data")) if i >= usable],
                                     [], "%r's stream shows a removed card" % (who,))
        finally:
            for s in streams.values():
                s.close()

    def test_other_seats_action_bodies_hidden(self):
        m = create(D, ["ann", "bob"], fast(), seed=21)
        view = m.view("host")
        word = wbgames.find_words(D, wbgames.claim_cards(view, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        own = m.log(0)[0]
        other = m.log(1)[0]
        host = m.log("host")[0]
        pub = m.log(None)[0]
        self.assertEqual(own["action"], {"type": "claim", "word": word})
        self.assertEqual(host["action"], {"type": "claim", "word": word})
        for e in (other, pub):
            self.assertNotIn("word", e.get("action") or {})
            self.assertEqual(e["seat"], 0)
            # what the table heard is in the events
            self.assertIn("card_won", [x["type"] for x in e["events"]])


# --- list, delete, queries -----------------------------------------------------------


class ListAndDelete(Base):
    def test_list(self):
        a = create(D, ["a", "b"], fast())
        b = quick_match()
        finish_quick(b)
        st, _, doc = D.json("GET", "/v1/matches")
        self.assertEqual(st, 200)
        byid = {x["id"]: x for x in doc["matches"]}
        self.assertEqual(byid[a.id]["status"], "active")
        self.assertEqual(byid[b.id]["status"], "finished")
        self.assertEqual(byid[b.id]["version"], 2)
        self.assertEqual(byid[a.id]["players"], ["a", "b"])
        for x in doc["matches"]:
            self.assertEqual(set(x), {"id", "game", "status", "version", "players", "created",
                                      "updated", "abandoned", "ended"})
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=finished")[2]["matches"]}
        self.assertIn(b.id, ids)
        self.assertNotIn(a.id, ids)
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=active")[2]["matches"]}
        self.assertIn(a.id, ids)
        self.assertNotIn(b.id, ids)
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=abandoned")[2]["matches"]}
        self.assertNotIn(a.id, ids)
        self.problem(400, "bad_parameter", "GET", "/v1/matches?status=over")
        # a page holds 1 to 1000 matches (openapi.json: limit)
        self.problem(400, "bad_parameter", "GET", "/v1/matches?limit=0")

    def test_delete(self):
        # the host may delete a match still being played (issue 7: storage
        # must not grow without bound)
        m = quick_match()
        st, _, body = D.request("DELETE", m.path, headers=bearer(m.host))
        self.assertEqual((st, body), (204, b""))
        self.problem(404, "unknown_match", "GET", m.path)
        m = quick_match()
        finish_quick(m)
        self.problem(401, "unauthorized", "DELETE", m.path)
        self.problem(403, "forbidden", "DELETE", m.path, headers=bearer(m.tokens[0]))
        self.problem(403, "forbidden", "DELETE", m.path, headers=bearer("nope"))
        st, hdrs, body = D.request("DELETE", m.path, headers=bearer(m.host))
        self.assertEqual(st, 204)
        self.assertEqual(body, b"")
        self.problem(404, "unknown_match", "GET", m.path)
        self.problem(404, "unknown_match", "GET", m.path + "/log")
        self.problem(404, "unknown_match", "DELETE", m.path, headers=bearer(m.host))
        ids = {x["id"] for x in D.json("GET", "/v1/matches")[2]["matches"]}
        self.assertNotIn(m.id, ids)


class Queries(Base):
    def setUp(self):
        # 3 players: after bob's mistake two still compete (no automatic win)
        self.m = create(D, ['Ann, "the fox"', "bob", "cy"], fast(), seed=13)
        m = self.m
        view = m.view("host")
        m.ok(1, {"type": "claim", "word": "London"})  # a proper noun: refused
        word = wbgames.find_words(D, wbgames.claim_cards(view, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        self.word = word

    def test_vocabulary_json(self):
        st, _, doc = D.json("GET", self.m.path + "/query/vocabulary",
                            headers=bearer(self.m.host))
        self.assertEqual(st, 200, doc)
        rows = doc["rows"]
        self.assertEqual([r["word"] for r in rows], ["london", self.word])
        self.assertEqual([r["accepted"] for r in rows], [False, True])
        self.assertEqual([r["won"] for r in rows], [False, True])

    def test_vocabulary_csv(self):
        st, hdrs, body = D.request("GET", self.m.path + "/query/vocabulary?format=csv",
                                   headers=bearer(self.m.host))
        self.assertEqual(st, 200, body)
        self.assertEqual(hdrs["content-type"], "text/csv; charset=utf-8")
        text = body.decode("utf-8")
        self.assertTrue(text.endswith("\r\n"))
        self.assertNotIn("\n", text.replace("\r\n", ""), "bare line feeds outside quotes")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        doc = D.json("GET", self.m.path + "/query/vocabulary", headers=bearer(self.m.host))[2]
        keys = list(doc["rows"][0].keys())
        self.assertEqual(rows[0], keys)

        def cell(v):
            if v is None:
                return ""
            if isinstance(v, bool):
                return "true" if v else "false"
            if isinstance(v, str):
                return v
            return json.dumps(v)
        self.assertEqual(rows[1:], [[cell(r[k]) for k in keys] for r in doc["rows"]])
        # a name with a comma and quotes, quoted as RFC 4180 says
        self.assertIn('Ann, "the fox"', [r[keys.index("player")] for r in rows[1:]])
        self.assertIn('"Ann, ""the fox"""', text)

    def test_vocabulary_csv_defuses_formulas(self):
        """A player name a spreadsheet would run as a formula is written
        with a leading apostrophe in the CSV (the JSON keeps it as is)."""
        m = create(D, ["=HYPERLINK(\"http://x\")", "@bob", "cy"], fast(), seed=13)
        m.ok(1, {"type": "claim", "word": "London"})
        st, _, body = D.request("GET", m.path + "/query/vocabulary?format=csv",
                                headers=bearer(m.tokens[0]))
        self.assertEqual(st, 200, body)
        rows = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
        player = rows[0].index("player")
        self.assertEqual(rows[1][player], "'@bob")
        doc = D.json("GET", m.path + "/query/vocabulary", headers=bearer(m.host))[2]
        self.assertEqual(doc["rows"][0]["player"], "@bob")

    def test_vocabulary_needs_a_token_of_the_match(self):
        """Issue 7 item 8: the vocabulary log is the host's and the seats'
        of that match (games/wibbell/WIBBELL.md), not the public's nor another
        match's tokens'."""
        m = self.m
        self.problem(401, "unauthorized", "GET", m.path + "/query/vocabulary")
        self.problem(401, "unauthorized", "GET", m.path + "/query/vocabulary?format=csv")
        other = create(D, ["dee", "eve"], fast(), seed=5)
        self.problem(403, "forbidden", "GET", m.path + "/query/vocabulary",
                     headers=bearer(other.host))
        for token in (m.host, m.tokens[1]):
            st, _, doc = D.json("GET", m.path + "/query/vocabulary", headers=bearer(token))
            self.assertEqual(st, 200, doc)
            self.assertEqual([r["word"] for r in doc["rows"]], ["london", self.word])

    def test_vocabulary_hides_words_in_the_tie_window(self):
        """A claim waiting in the tie window is its seat's secret: another
        seat's vocabulary query does not show its word until the window
        closes (the host's does)."""
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 5000}, seed=13)
        word = wbgames.find_words(D, wbgames.claim_cards(m.view("host"), 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        rows = lambda t: D.json("GET", m.path + "/query/vocabulary", headers=bearer(t))[2]["rows"]
        self.assertEqual([r["word"] for r in rows(m.host)], [word])
        self.assertEqual([r["word"] for r in rows(m.tokens[0])], [word])
        self.assertEqual(rows(m.tokens[1]), [])

    def test_tie_window_claims_are_sealed(self):
        """Issue 8: during the tie window another seat learns that a claim
        was made, not its word, in the views, the log and the POST reply;
        the claimant and the host see the word; the window's end reveals
        it to all."""
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 5000}, seed=13)
        word = wbgames.find_words(D, wbgames.claim_cards(m.view("host"), 0), [])[0]
        doc = m.ok(0, {"type": "claim", "word": word})
        self.assertIn(word, json.dumps(doc))
        for who in (1, 2, None):
            text = json.dumps(m.view(who)) + json.dumps(m.log(who) if who is not None else "")
            self.assertNotIn('"%s"' % word, text, who)
            claim = m.view(who)["claims"][0]
            self.assertEqual((claim["seat"], claim.get("sealed")), (0, True))
        sealed = [e for e in m.log(1)[-1]["events"] if e["type"] == "claim_accepted"]
        self.assertEqual(len(sealed), 1)
        self.assertNotIn("word", sealed[0])
        for who in (0, "host"):
            self.assertEqual(m.view(who)["claims"][0]["word"], word)
            self.assertIn('"%s"' % word, json.dumps(m.log(who)))

    def test_hints(self):
        m = self.m
        st, _, doc = D.json("GET", m.path + "/query/hints?turn=1&seat=0", headers=bearer(m.host))
        self.assertEqual(st, 200, doc)
        self.assertTrue(doc["words"])
        self.assertIn(self.word, doc["words"] + [self.word])
        self.problem(403, "forbidden", "GET", m.path + "/query/hints?turn=1",
                     headers=bearer(m.tokens[0]))
        self.problem(400, "bad_request", "GET", m.path + "/query/hints?turn=99",
                     headers=bearer(m.host))
        doc, _ = self.problem(400, "bad_parameter", "GET", m.path + "/query/hints?format=csv",
                              headers=bearer(m.host))
        self.assertIn("format=json", doc["detail"])

    def test_bad_queries(self):
        m = self.m
        self.problem(404, "not_found", "GET", m.path + "/query/nothing")
        self.problem(400, "bad_parameter", "GET", m.path + "/query/vocabulary?format=xml")
        self.problem(400, "bad_parameter", "GET", m.path + "/query/hints?turn=1&turn=2",
                     headers=bearer(m.host))


# --- the cap on live matches ------------------------------------------------------


class Cap(Base):
    def test_max_matches(self):
        d = wbgames.GamesDaemon(args=["--max-matches", "3"]).start()
        try:
            quick = quick_match(d)
            create(d, ["a", "b"], fast())
            create(d, ["a", "b"], fast())
            doc, hdrs = self.problem(503, "match_limit", "POST", "/v1/games",
                                     {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
            self.assertTrue(hdrs.get("retry-after", "").isdigit())
            # a finished match is not live: room again
            finish_quick(quick)
            create(d, ["a", "b"], fast())
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
            st, _, _ = d.request("DELETE", quick.path, headers=bearer(quick.host))
            self.assertEqual(st, 204)
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_abandoned(self):
        """An active match untouched for --abandon-after seconds is
        abandoned: listed as such, no longer live, deletable by its host."""
        d = wbgames.GamesDaemon(args=["--abandon-after", "1", "--max-matches", "1"]).start()
        try:
            m = create(d, ["a", "b"], fast())
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)

            def abandoned():
                doc = d.json("GET", "/v1/matches?status=abandoned")[2]
                return [x for x in doc["matches"] if x["id"] == m.id]
            got = wbgames.wait_for(abandoned, timeout=10, step=0.2)
            self.assertTrue(got, "never listed as abandoned")
            self.assertTrue(got[0]["abandoned"])
            self.assertEqual(got[0]["status"], "active")
            create(d, ["a", "b"], fast())  # room again
            st, _, _ = d.request("DELETE", m.path, headers=bearer(m.host))
            self.assertEqual(st, 204)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_bad_options(self):
        exe = wbtest.env_path("WIBBELLD")
        import subprocess
        for args in (["--max-matches", "0"], ["--max-matches", "x"], ["--abandon-after", "0"],
                     ["--max-streams", "0"], ["--heartbeat", "0"], ["--heartbeat", "1s"]):
            p = subprocess.run([exe] + args, capture_output=True, timeout=60,
                               stdin=subprocess.DEVNULL)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn(args[0], p.stderr.decode())
        p = subprocess.run([exe, "--help"], capture_output=True, timeout=60)
        for opt in ("--max-matches", "--abandon-after", "--max-streams", "--heartbeat"):
            self.assertIn(opt, p.stdout.decode())


# --- Server-Sent Events -------------------------------------------------------------


class Events(Base):
    def test_stream(self):
        m = create(D, ["ann", "bob"], fast(), seed=17)
        p = wbgames.Player(self, m, 2, 48, random.Random(5))
        s = wbgames.EventStream(D, m.path, m.tokens[1])
        try:
            self.assertEqual(s.status, 200)
            self.assertEqual(s.headers["content-type"], "text/event-stream")
            self.assertEqual(s.headers["cache-control"], "no-store")
            ev = s.next()
            self.assertEqual(ev["event"], "view")
            self.assertEqual(ev["id"], 1)
            self.assertEqual(ev["data"], m.view(1))
            for i in range(5):
                p.step(m.view("host"))
            log = m.log(1)
            for i in range(5):
                ev = s.next()
                self.assertEqual(ev["event"], "action")
                self.assertEqual(ev["id"], 2 + i)
                self.assertEqual(ev["data"], log[i])
        finally:
            s.close()
        # missed while away: exactly those, then live ones
        for i in range(3):
            p.step(m.view("host"))
        s = wbgames.EventStream(D, m.path, m.tokens[1], last_event_id=6)
        try:
            got = [s.next() for _ in range(3)]
            self.assertEqual([e["event"] for e in got], ["action"] * 3)
            self.assertEqual([e["id"] for e in got], [7, 8, 9])
            self.assertEqual([e["data"] for e in got], m.log(1, after=6))
            p.step(m.view("host"))
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("action", 10))
        finally:
            s.close()
        # the same from the query string, and as the public
        s = wbgames.EventStream(D, m.path, None, query="?last_event_id=8")
        try:
            self.assertEqual([s.next()["id"] for _ in range(2)], [9, 10])
        finally:
            s.close()
        # to the end: the rest, then `end`, then the stream closes
        s = wbgames.EventStream(D, m.path, m.host, last_event_id=10)
        try:
            final = p.play()
            ids = []
            while True:
                ev = s.next()
                self.assertIsNotNone(ev, "the stream closed before `end`")
                if ev["event"] == "end":
                    break
                self.assertEqual(ev["event"], "action")
                ids.append(ev["id"])
            self.assertEqual(ids, list(range(11, final["version"] + 1)))
            self.assertEqual(ev["data"]["status"], "finished")
            self.assertEqual(ev["data"]["winners"], final["winners"])
            self.assertEqual(ev["data"]["scores"], final["scores"])
            self.assertIsNone(s.next())
        finally:
            s.close()
        # a finished match: the view, then `end` at once
        s = wbgames.EventStream(D, m.path)
        try:
            self.assertEqual(s.next()["event"], "view")
            self.assertEqual(s.next()["event"], "end")
            self.assertIsNone(s.next())
        finally:
            s.close()

    def test_errors(self):
        m = create(D, ["ann", "bob"], fast())
        self.problem(404, "unknown_match", "GET", "/v1/games/nope/events")
        self.problem(403, "forbidden", "GET", m.path + "/events", headers=bearer("zz"))
        self.problem(401, "unauthorized", "GET", m.path + "/events",
                     headers={"Authorization": "Basic x"})
        self.problem(400, "bad_parameter", "GET", m.path + "/events",
                     headers={"Last-Event-ID": "seven"})
        self.problem(400, "bad_parameter", "GET", m.path + "/events?last_event_id=-1")

    def test_head(self):
        m = create(D, ["ann", "bob"], fast())
        st, hdrs, body = D.request("HEAD", m.path + "/events")
        self.assertEqual(st, 200)
        self.assertEqual(hdrs["content-type"], "text/event-stream")
        self.assertEqual(body, b"")
        st, _, _ = D.request("GET", "/healthz")
        self.assertEqual(st, 200)

    def test_future_last_event_id_starts_over(self):
        m = create(D, ["ann", "bob"], fast())
        s = wbgames.EventStream(D, m.path, m.tokens[0], last_event_id=99)
        try:
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("view", 1))
        finally:
            s.close()

    def test_deleted_match_ends_streams(self):
        m = quick_match()
        s = wbgames.EventStream(D, m.path, m.tokens[0])
        try:
            self.assertEqual(s.next()["event"], "view")
            finish_quick(m)
            self.assertEqual(s.next()["event"], "action")
            self.assertEqual(s.next()["event"], "end")
        finally:
            s.close()

    def test_heartbeat_cap_and_many_streams(self):
        d = wbgames.GamesDaemon(args=["--heartbeat", "1", "--max-streams", "40",
                                      "--threads", "2"]).start()
        streams = []
        try:
            m = create(d, ["ann", "bob"], fast(), seed=23)
            t0 = time.monotonic()
            s = wbgames.EventStream(d, m.path, m.tokens[0])
            streams.append(s)
            self.assertEqual(s.next()["event"], "view")
            self.assertEqual(s.until_comment(), ": keep-alive")
            self.assertLess(time.monotonic() - t0, 10)
            # up to the cap, with 2 worker threads: the daemon keeps answering
            for i in range(39):
                s = wbgames.EventStream(d, m.path, m.token([0, 1, None, "host"][i % 4]))
                self.assertEqual(s.status, 200)
                streams.append(s)
                self.assertEqual(s.next()["event"], "view")
            doc, hdrs = self.problem(503, "too_many_streams", "GET", m.path + "/events",
                                     daemon=d)
            self.assertTrue(hdrs.get("retry-after", "").isdigit())
            st, _, _ = d.request("GET", "/healthz")
            self.assertEqual(st, 200)
            p = wbgames.Player(self, m, 2, 48, random.Random(6))
            for i in range(4):
                p.step(m.view("host"))
            for s in streams:
                got = []
                while len(got) < 4:
                    ev = s.next()
                    got.append((ev["event"], ev["id"]))
                self.assertEqual(got, [("action", v) for v in range(2, 6)])
            # a client that goes away frees its place (seen at the next heartbeat)
            for s in streams[:5]:
                s.close()
            del streams[:5]

            def fits():
                c = wbgames.EventStream(d, m.path, None)
                ok = c.status == 200
                if ok:
                    streams.append(c)
                else:
                    c.close()
                return ok
            self.assertTrue(wbgames.wait_for(fits, timeout=15, step=0.3))
        finally:
            for s in streams:
                s.close()
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_shutdown_with_streams_open(self):
        d = wbgames.GamesDaemon().start()
        streams = []
        try:
            m = create(d, ["ann", "bob"], fast())
            for i in range(10):
                s = wbgames.EventStream(d, m.path, m.tokens[i % 2])
                self.assertEqual(s.next()["event"], "view")
                streams.append(s)
            t0 = time.monotonic()
            self.assertEqual(d.stop(), 0, d.stderr_text())
            self.assertLess(time.monotonic() - t0, 20)
            for s in streams:
                self.assertIsNone(s.next(), "a stream outlived the daemon")
        finally:
            for s in streams:
                s.close()
            d.cleanup()


# --- restart ------------------------------------------------------------------------


class Restart(Base):
    def test_restart_in_the_middle(self):
        d = wbgames.GamesDaemon()
        d.start()
        try:
            m = create(d, ["ann", "bob", "cy"], fast(), seed=31)
            p = wbgames.Player(self, m, 3, 48, random.Random(7))
            for i in range(9):
                p.step(m.view("host"))
            s = wbgames.EventStream(d, m.path, m.tokens[2])
            self.assertEqual(s.next()["id"], 10)
            views = {who: m.view(who) for who in (None, 0, 1, 2, "host")}
            log = m.log("host")
            matches = d.json("GET", "/v1/matches")[2]
            d.restart()
            self.assertIsNone(s.next(), "the stream survived the restart")
            s.close()
            for who, v in views.items():
                self.assertEqual(m.view(who), v, "the view of %r changed" % (who,))
            self.assertEqual(m.log("host"), log)
            self.assertEqual(len(log), 9)
            self.assertEqual(d.json("GET", "/v1/matches")[2], matches)
            # resume the stream where it was, then play on to the end
            s = wbgames.EventStream(d, m.path, m.tokens[2], last_event_id=10)
            p.step(m.view("host"))
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("action", 11))
            s.close()
            final = p.play()
            self.assertEqual(final["status"], "finished")
            self.assertEqual(len(m.log("host")), final["version"] - 1)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()


# --- the OpenAPI document ---------------------------------------------------------------


class OpenAPI(Base):
    def test_games_routes_described(self):
        doc = D.json("GET", "/openapi.json")[2]
        for method, path in ROUTES:
            self.assertIn(path, doc["paths"], "%s is not described" % path)
            self.assertIn(method, doc["paths"][path], "%s %s is not described" % (method, path))
        codes = doc["components"]["schemas"]["Problem"]["properties"]["code"]["enum"]
        for c in ("unknown_game", "unauthorized", "forbidden", "unknown_match", "not_your_turn",
                  "stale_version", "illegal_action", "match_limit", "too_many_streams",
                  "storage_full", "storage_unavailable"):
            self.assertIn(c, codes)

    def test_described_games_routes_exist(self):
        doc = D.json("GET", "/openapi.json")[2]
        for path, ops in doc["paths"].items():
            if not (path.startswith("/v1/games") or path.startswith("/v1/matches")):
                continue
            for method in ops:
                m = quick_match()
                url = path.replace("{id}", m.id).replace("{name}", "vocabulary") \
                          .replace("{n}", "1")
                self.assertNotIn("{", url)
                h = bearer(m.host)
                if method == "post" and url == "/v1/games":
                    st, _, _ = D.request("POST", url, {"game": "wibbell", "players": ["a", "b"]})
                    self.assertEqual(st, 201)
                elif method == "post" and url.endswith("/end"):
                    st, _, _ = D.request("POST", url, headers=h)
                    self.assertEqual(st, 200)
                elif method == "post":
                    st, _, _ = D.request("POST", url, {"type": "claim", "word": "sighs"},
                                         headers=bearer(m.tokens[0]))
                    self.assertEqual(st, 200)
                elif method == "put":  # a seat to a bot
                    st, _, _ = D.request("PUT", url, {"bot": "random"}, headers=h)
                    self.assertEqual(st, 200)
                elif method == "delete":
                    finish_quick(m)
                    st, _, _ = D.request("DELETE", url, headers=h)
                    self.assertEqual(st, 204)
                elif url.endswith("/events"):
                    finish_quick(m)  # so that the stream ends
                    st, hdrs, body = D.request("GET", url, headers=h)
                    self.assertEqual(st, 200)
                    self.assertIn(b"event: end", body)
                else:
                    st, _, _ = D.request(method.upper(), url, headers=h)
                    self.assertEqual(st, 200, "%s %s" % (method, url))


if __name__ == "__main__":
    wbtest.main()
