"""test_request_ids.py - request ids: the Idempotency-Key header on the
requests that change a match.

A client that lost an answer sends the same request with the same key
again: it gets the first answer (the same version and events, the view as
it is now, Idempotent-Replayed: true), and nothing is applied twice, even
after a restart or a kill -9 of the daemon (the key is in the action's log
entry and in the match's record).  The same key with another request is
a 422 idempotency_key_reused, a key that is not one a 400
bad_idempotency_key, and two seats may use the same key.

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
