"""test_uncertain_commit.py - a PostgreSQL commit whose answer is lost.

The test builds' fault point (store.c, $WIBBELLD_FAULT_FILE) cuts the
writer's connection to PostgreSQL right after a batch's commit was sent:

  LOSE         the server gets the whole batch and its sync, then the end
               of the stream, so it commits; its answer is never read
  LOSE_UNSENT  the connection ends before the sync: nothing commits
  LOSE_BLIND   as LOSE, and the writer's check of whether the batch landed
               is told it cannot tell (as when the server is gone)

The writer reads back whether the batch's first log entry is stored: with
LOSE it is, so the action is answered 200 (committed); with LOSE_UNSENT it
is not, 503 storage_unavailable and the match goes back; with LOSE_BLIND
503, and the match reloads from the store before its next use, so that
the retry with the same Idempotency-Key finds its entry and gets the first
answer.  In every case the log has the entry once and play goes on.

PostgreSQL only (e2e-pg; LMDB's commits are never uncertain), and test
builds only (-Dfault_injection=true).
"""
import os
import tempfile
import unittest

import wbtest
from wbgames import GamesDaemon, bearer, create, stop_module_daemon

FAULT = os.path.join(tempfile.mkdtemp(prefix="wibbelld-uncertain-"), "fault")
ROLL = {"type": "roll"}  # Whirlpool Pond: every seat may roll at the start
D = None
SKIP = (wbtest.store_kind() != "postgresql" and "the matches are not in PostgreSQL") or \
       (os.environ.get("WIBBELLD_FAULT_INJECTION") != "1" and "no fault point in this build")


def setUpModule():
    global D
    if SKIP:
        raise unittest.SkipTest(SKIP)
    env = dict(os.environ, WIBBELLD_FAULT_FILE=FAULT)
    D = wbtest.module_daemon(GamesDaemon(env=env), stop_module_daemon)


def tearDownModule():
    if os.path.exists(FAULT):
        os.unlink(FAULT)


def fault(text):
    with open(FAULT, "w") as f:
        f.write(text)


def act(m, who, key):
    h = bearer(m.token(who))
    h["Idempotency-Key"] = key
    return m.d.json("POST", m.path + "/actions", ROLL, headers=h)


class UncertainCommit(unittest.TestCase):
    def pond(self):
        return create(D, ["ann", "bob"], game="whirlpool-pond", seed=5)

    def versions(self, m):
        return [e["version"] for e in m.log("host")]

    def said(self, text):
        self.assertIn(text, D.stderr_text())

    def test_commit_made_answer_lost(self):
        m = self.pond()
        fault("LOSE 1")
        st, hdrs, first = act(m, 0, "lost-answer")
        # the server had the batch and its sync before the end of the
        # stream, so it committed; the writer found the entry: 200
        self.assertEqual(st, 200, first)
        self.assertFalse(os.path.exists(FAULT))  # the fault was used
        self.said("its answer was lost; it is stored: committed")
        st, hdrs, again = act(m, 0, "lost-answer")
        self.assertEqual(st, 200, again)
        self.assertEqual(hdrs.get("idempotent-replayed"), "true")
        self.assertEqual(again["version"], first["version"])
        self.assertEqual(self.versions(m), [first["version"]])
        st, _, nxt = act(m, 1, "next")  # the next action applies normally
        self.assertEqual(st, 200, nxt)
        self.assertEqual(nxt["version"], first["version"] + 1)
        self.assertEqual(self.versions(m), [first["version"], nxt["version"]])

    def test_commit_not_made(self):
        m = self.pond()
        fault("LOSE_UNSENT 1")
        st, _, doc = act(m, 0, "never-sent")
        self.assertEqual((st, doc["code"]), (503, "storage_unavailable"), doc)
        self.said("it is not stored: failed")
        self.assertEqual(self.versions(m), [])
        self.assertEqual(m.view(0)["version"], 1)
        st, hdrs, doc = act(m, 0, "never-sent")  # applied now, once
        self.assertEqual(st, 200, doc)
        self.assertNotIn("idempotent-replayed", hdrs)
        self.assertEqual(doc["version"], 2)
        self.assertEqual(self.versions(m), [2])

    def test_cannot_tell_reloads_before_the_retry(self):
        m = self.pond()
        fault("LOSE_BLIND 1")
        st, _, doc = act(m, 0, "blind")
        self.assertEqual((st, doc["code"]), (503, "storage_unavailable"), doc)
        self.said("cannot be told: its matches reload")
        # it was committed: the next read reloads the match from the store
        self.assertEqual(m.view(0)["version"], 2)
        st, hdrs, again = act(m, 0, "blind")
        self.assertEqual(st, 200, again)
        self.assertEqual(hdrs.get("idempotent-replayed"), "true")
        self.assertEqual(again["version"], 2)
        self.assertEqual(self.versions(m), [2])
        st, _, nxt = act(m, 1, "after-blind")
        self.assertEqual((st, nxt.get("version")), (200, 3), nxt)

    def test_cannot_tell_then_retry_first(self):
        """No read between: the retry itself reloads the match."""
        m = self.pond()
        fault("LOSE_BLIND 1")
        st, _, doc = act(m, 0, "blind-2")
        self.assertEqual(st, 503, doc)
        st, hdrs, again = act(m, 0, "blind-2")
        self.assertEqual((st, hdrs.get("idempotent-replayed")), (200, "true"), again)
        self.assertEqual(again["version"], 2)
        self.assertEqual(self.versions(m), [2])


if __name__ == "__main__":
    wbtest.main()
