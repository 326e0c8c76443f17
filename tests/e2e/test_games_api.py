#!/usr/bin/env python3
"""test_games_api.py - end-to-end tests of the games API of wibbelld:
creating and acting on matches.

The real daemon on 127.0.0.1 port 0, each with a data directory of its own
(the test dictionaries linked in), driven over HTTP with Wibbell matches:
the kinds, creating matches (seeds, options, every bad request), who may
see and do what (seat, host and public callers; 401 and 403), versions as
ETags (If-None-Match 304, If-Match 412), illegal actions (422, 409) that
change nothing, the log, that no caller ever sees the order of the deck or
another caller's tokens, and the games routes of the OpenAPI document.
The list, deletion, queries, the cap, Server-Sent Events and a restart:
test_games_api_matches.py; what both share: games_api_util.py.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import json
import os
import random
import sys
import threading

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import bearer, create  # noqa: E402
import games_api_util as gu  # noqa: E402
from games_api_util import Base, fast, finish_quick, quick_match  # noqa: E402

D = None  # the daemon most tests share (games_api_util.D too)

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


def setUpModule():
    global D
    D = gu.module_daemon()


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
                if "/members/" in path or path.endswith("/class"):
                    # a class session's: a class with members 0 and 1
                    c = wbgames.create(D, ["a", "b"], {"class_session": True}, seed=1)
                    code = c.view("host")["class"]["code"]
                    for nick in ("Ann", "Bo"):
                        D.request("POST", "/v1/join", {"code": code, "nickname": nick})
                    url = path.replace("{id}", c.id).replace("{n}", "1")
                    body = {"locked": True} if path.endswith("/class") else {"nickname": "Cy"}
                    st, _, doc = D.request(method.upper(), url,
                                           body if method == "put" else None,
                                           headers=bearer(c.host))
                    self.assertEqual(st, 200, (method, url, doc))
                    continue
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
