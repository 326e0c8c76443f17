"""test_request_ids.py - request ids: the Idempotency-Key header on the
requests that change a match.

A client that lost an answer sends the same request with the same key
again: it gets the first answer (the same version and events, the view as
it is now, Idempotent-Replayed: true), and nothing is applied twice, even
after a restart or a kill -9 of the daemon (the key is in the action's log
entry and in the match's record).  The same key with another request is
a 422 idempotency_key_reused, a key that is not one a 400
bad_idempotency_key, and two seats may use the same key.  A creation's key
is the daemon's: its retry answers the same match.

The suite runs it with LMDB (e2e-request-ids) and again with the matches
in PostgreSQL (e2e-pg).
"""
import tempfile
import unittest

import wbtest
from wbgames import bearer, create, module_daemon

ROLL = {"type": "roll"}  # Whirlpool Pond: every seat may roll at the start


def setUpModule():
    global D
    D = module_daemon()


def post(m, who, path, body, key=None, extra=None):
    h = bearer(m.token(who))
    if key is not None:
        h["Idempotency-Key"] = key
    h.update(extra or {})
    return m.d.json("POST", m.path + path, body, headers=h)


def act(m, who, body, key=None):
    return post(m, who, "/actions", body, key)


class RequestIds(unittest.TestCase):
    def pond(self):
        return create(D, ["ann", "bob"], game="whirlpool-pond", seed=11)

    def check_replay(self, m, first, key, who=0, body=ROLL):
        st, hdrs, doc = act(m, who, body, key)
        self.assertEqual(st, 200, doc)
        self.assertEqual(hdrs.get("idempotent-replayed"), "true")
        self.assertEqual(doc["version"], first["version"])
        self.assertEqual(doc["events"], first["events"])
        self.assertEqual(doc["state"], m.view(who))  # the view as it is now
        return doc

    def test_retry_answers_the_same(self):
        m = self.pond()
        st, hdrs, first = act(m, 0, ROLL, "roll-1")
        self.assertEqual(st, 200, first)
        self.assertNotIn("idempotent-replayed", hdrs)
        self.check_replay(m, first, "roll-1")
        self.check_replay(m, first, '"roll-1"')  # the draft's quoted form is the same key
        self.assertEqual(m.view(0)["version"], first["version"])  # not moved
        self.assertEqual([e["version"] for e in m.log("host")], [first["version"]])

    def test_another_request_with_the_key_is_422(self):
        m = self.pond()
        st, _, first = act(m, 0, ROLL, "k")
        self.assertEqual(st, 200, first)
        st, _, doc = act(m, 0, {"type": "roll", "again": True}, "k")
        self.assertEqual((st, doc["code"]), (422, "idempotency_key_reused"), doc)
        self.assertEqual(m.view(0)["version"], first["version"])

    def test_bad_keys_are_400(self):
        m = self.pond()
        for bad in ["", "a b", "x" * 65, "\x7f", '""']:
            st, _, doc = act(m, 0, ROLL, bad)
            self.assertEqual((st, doc.get("code")), (400, "bad_idempotency_key"), repr(bad))
        st, _, doc = act(m, 0, ROLL, "x" * 64)  # the longest
        self.assertEqual(st, 200, doc)
        self.assertEqual(doc["version"], 2)  # the bad ones applied nothing

    def test_two_seats_one_key(self):
        m = self.pond()
        st0, h0, a = act(m, 0, ROLL, "same")
        st1, h1, b = act(m, 1, ROLL, "same")
        self.assertEqual((st0, st1), (200, 200), (a, b))
        self.assertNotIn("idempotent-replayed", h0)
        self.assertNotIn("idempotent-replayed", h1)
        self.assertEqual(sorted([a["version"], b["version"]]), [2, 3])
        self.assertEqual(len(m.log("host")), 2)

    def test_end_retried_after_the_match_ended(self):
        m = self.pond()
        st, _, first = post(m, "host", "/end", None, "end-1")
        self.assertEqual(st, 200, first)
        st, hdrs, doc = post(m, "host", "/end", None, "end-1")
        self.assertEqual(st, 200, doc)  # not a 409: the same answer
        self.assertEqual(hdrs.get("idempotent-replayed"), "true")
        self.assertEqual((doc["version"], doc["events"]), (first["version"], first["events"]))
        st, _, doc = post(m, "host", "/end", None, "end-2")
        self.assertEqual(st, 409, doc)  # a new request: ended already

    def test_seat_and_class_changes(self):
        """The host's changes take a key too: a seat handed to a bot, the
        class locked, a member renamed, readmitted, removed; and a member's
        action is keyed by the member."""
        m = self.pond()
        host = {"Idempotency-Key": "bot-1"}
        st, _, first = m.d.json("PUT", m.path + "/seats/1", {"bot": "random"},
                                headers=dict(bearer(m.host), **host))
        self.assertEqual(st, 200, first)
        st, hdrs, again = m.d.json("PUT", m.path + "/seats/1", {"bot": "random"},
                                   headers=dict(bearer(m.host), **host))
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), again)
        self.assertEqual((again["version"], again["bot"]), (first["version"], "random"))
        st, _, doc = m.d.json("PUT", m.path + "/seats/0", {"bot": "random"},
                              headers=dict(bearer(m.host), **host))  # another seat: another request
        self.assertEqual((st, doc["code"]), (422, "idempotency_key_reused"), doc)

        c = create(D, ["Red", "Blue"], {"class_session": True, "tie_window_ms": 0}, seed=4)
        code = c.view("host")["class"]["code"]
        st, _, ann = D.json("POST", "/v1/join", {"code": code, "nickname": "Ann"})
        self.assertEqual(st, 201, ann)

        def host(method, path, body, key):
            return D.json(method, c.path + path, body,
                          headers=dict(bearer(c.host), **{"Idempotency-Key": key}))
        for method, path, body in [("PUT", "/class", {"locked": True}),
                                   ("PUT", "/members/0", {"nickname": "Anna"})]:
            st, _, one = host(method, path, body, path)
            self.assertEqual(st, 200, one)
            st, hdrs, two = host(method, path, body, path)
            self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), two)
            self.assertEqual(two["version"], one["version"])
        st, _, doc = host("PUT", "/members/0", {"nickname": "Annie"}, "/members/0")
        self.assertEqual((st, doc["code"]), (422, "idempotency_key_reused"), doc)
        self.assertEqual(c.view("host")["class"]["roster"][0]["nickname"], "Anna")
        # readmitted: the token was the first answer's alone, and stays the member's
        st, _, one = host("POST", "/members/0/token", None, "readmit")
        self.assertEqual(st, 200, one)
        st, hdrs, two = host("POST", "/members/0/token", None, "readmit")
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), two)
        self.assertNotIn("token", two)
        self.assertEqual((two["member"], two["nickname"]), (0, "Anna"))
        st, _, _ = D.json("GET", c.path, headers=bearer(one["token"]))
        self.assertEqual(st, 200)
        # the member's own action, keyed by the member
        mh = dict(bearer(one["token"]), **{"Idempotency-Key": "/class"})  # the host's key, too
        st, _, shout = D.json("POST", c.path + "/actions", {"type": "claim", "word": "qzqzq"},
                              headers=mh)
        self.assertEqual(st, 200, shout)
        st, hdrs, again = D.json("POST", c.path + "/actions",
                                 {"type": "claim", "word": "qzqzq"}, headers=mh)
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), again)
        self.assertEqual((again["version"], again["events"]), (shout["version"], shout["events"]))
        st, _, gone = host("DELETE", "/members/0", None, "remove")
        self.assertEqual(st, 200, gone)
        st, hdrs, doc = host("DELETE", "/members/0", None, "remove")
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), doc)
        self.assertEqual(doc["version"], gone["version"])
        self.assertEqual(c.view("host")["version"], gone["version"])

    def test_join_retried(self):
        """A student's join with a key (the page sends a random one): a
        retry, after a restart and a kill -9 too, answers the same member
        with its token, and makes no second one (before, a retried join
        found its own nickname taken); another join with the key is a
        422, a key a student could guess (under 16 characters) a 400."""
        c = create(D, ["Red", "Blue"], {"class_session": True, "tie_window_ms": 0}, seed=6)
        code = c.view("host")["class"]["code"]
        key = {"Idempotency-Key": "join-0123456789abcdef"}
        body = {"code": code, "nickname": "Ada"}
        st, hdrs, one = D.json("POST", "/v1/join", body, headers=key)
        self.assertEqual(st, 201, one)
        self.assertNotIn("idempotent-replayed", hdrs)
        for step in ("again", "restart", "kill"):
            if step == "restart":
                D.restart()
            elif step == "kill":
                D.kill()  # the key in the join's log entry alone, or the record
                D.stderr = tempfile.TemporaryFile(mode="w+b")
                D.start()
            st, hdrs, two = D.json("POST", "/v1/join", body, headers=key)
            self.assertEqual((st, hdrs.get("idempotent-replayed")), (201, "true"), (step, two))
            for k in ("id", "member", "nickname", "team", "token", "version"):
                self.assertEqual(two[k], one[k], (step, k))
            self.assertEqual(two["state"]["class"]["you"]["member"], one["member"])
        roster = c.view("host")["class"]["roster"]
        self.assertEqual([r["nickname"] for r in roster], ["Ada"])
        st, _, _ = D.json("GET", c.path, headers=bearer(two["token"]))
        self.assertEqual(st, 200)
        st, _, doc = D.json("POST", "/v1/join", {"code": code, "nickname": "Bea"}, headers=key)
        self.assertEqual((st, doc["code"]), (422, "idempotency_key_reused"), doc)
        st, _, doc = D.json("POST", "/v1/join", {"code": code, "nickname": "Cy"},
                            headers={"Idempotency-Key": "short-key"})
        self.assertEqual((st, doc["code"]), (400, "bad_idempotency_key"), doc)
        self.assertEqual(len(c.view("host")["class"]["roster"]), 1)
        # without a key a retry is a new join, as before
        st, _, doc = D.json("POST", "/v1/join", body)
        self.assertEqual((st, doc["code"]), (409, "nickname_taken"), doc)

    def test_creation(self):
        """A creation's key is the daemon's (no caller is known before the
        match): its retry gets the same match, even after a kill -9; another
        request with the key is a 422."""
        body = {"game": "whirlpool-pond", "players": ["ann", "bob"], "seed": 3}
        key = {"Idempotency-Key": "new-match-1"}
        st, hdrs, first = D.json("POST", "/v1/games", body, headers=key)
        self.assertEqual(st, 201, first)
        self.assertNotIn("idempotent-replayed", hdrs)
        st, hdrs, again = D.json("POST", "/v1/games", body, headers=key)
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (201, "true"), again)
        self.assertEqual(hdrs.get("location"), "/v1/games/" + first["id"])
        for k in ("id", "host_token", "players", "seed", "version"):
            self.assertEqual(again[k], first[k], k)
        st, _, doc = D.json("POST", "/v1/games", dict(body, seed=4), headers=key)
        self.assertEqual((st, doc["code"]), (422, "idempotency_key_reused"), doc)
        st, _, other = D.json("POST", "/v1/games", body, headers={"Idempotency-Key": "new-2"})
        self.assertEqual(st, 201, other)
        self.assertNotEqual(other["id"], first["id"])
        st, _, doc = D.json("POST", "/v1/games", body, headers={"Idempotency-Key": "a b"})
        self.assertEqual((st, doc["code"]), (400, "bad_idempotency_key"), doc)
        D.kill()  # the key is in the match's record
        D.stderr = tempfile.TemporaryFile(mode="w+b")
        D.start()
        st, hdrs, again = D.json("POST", "/v1/games", body, headers=key)
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (201, "true"), again)
        self.assertEqual(again["id"], first["id"])

    def test_after_restart_and_kill9(self):
        m = self.pond()
        st, _, first = act(m, 0, ROLL, "before-restart")
        self.assertEqual(st, 200, first)
        D.restart()  # SIGTERM: the key is in the record written at closing
        self.check_replay(m, first, "before-restart")
        st, _, second = act(m, 1, ROLL, "before-kill")
        self.assertEqual(st, 200, second)
        D.kill()  # the second key only in its log entry
        D.stderr = tempfile.TemporaryFile(mode="w+b")
        D.start()
        self.check_replay(m, second, "before-kill", who=1)
        self.check_replay(m, first, "before-restart")
        self.assertEqual([e["version"] for e in m.log("host")],
                         [first["version"], second["version"]])


if __name__ == "__main__":
    wbtest.main()
