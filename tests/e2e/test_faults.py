"""test_faults.py - storage faults, injected, over real HTTP.

The test builds carry a fault point in the storage module (store.c,
meson option fault_injection): while the file named by
$WIBBELLD_FAULT_FILE exists, write commits fail with ENOSPC or EIO, or
stall.  Each test below makes the disk misbehave under a running daemon
and checks what a client sees, and that the daemon recovers by itself once
the fault clears: no restart.

Regression tests for the storage review: storage errors answered 500 `internal`
(now 503 storage_full / storage_unavailable with Retry-After); a failed
timer commit stalled its match until a restart (now retried); two writers
stuck in fsync stopped every request (now writes wait in the writer, not in
HTTP workers); actions too deep for the log reader were acknowledged and
then vanished from the log (now refused with 400 before the game sees them).
"""
import json
import os
import tempfile
import threading
import time
import unittest

import wbtest
from wbgames import GamesDaemon, bearer, create, find_words, claim_cards, stop_module_daemon, \
    wait_for

FAULT = os.path.join(tempfile.mkdtemp(prefix="wibbelld-fault-"), "fault")
D = None


def fault(text):
    with open(FAULT, "w") as f:
        f.write(text)


def clear():
    if os.path.exists(FAULT):
        os.unlink(FAULT)


def setUpModule():
    global D
    env = dict(os.environ, WIBBELLD_FAULT_FILE=FAULT)
    D = wbtest.module_daemon(GamesDaemon(args=["--threads", "2"], env=env), stop_module_daemon)


def tearDownModule():
    clear()  # before the registered stop


def whirlpool(seed):
    return create(D, ["ann", "bob"], game="whirlpool-pond", seed=seed)


def first_action(m, seat):
    """A listed action of `seat` with its template filled in (Whirlpool's
    actions take no free argument at the start)."""
    acts = m.actions(seat)
    return [a for a in acts if "$params" not in a][0]


def seat_to_act(m):
    return m.view("host")["to_act"][0]


class Faults(unittest.TestCase):
    def tearDown(self):
        clear()

    def problem(self, st, doc, hdrs, status, code):
        self.assertEqual(st, status, doc)
        self.assertEqual(doc["code"], code)
        self.assertEqual(hdrs.get("content-type"), "application/problem+json")

    def test_full_disk_answers_503_changes_nothing_and_recovers(self):
        m = whirlpool(1)
        s = seat_to_act(m)
        before = m.view("host")
        a = first_action(m, s)
        fault("ENOSPC")
        st, hdrs, doc = m.act(s, a)
        self.problem(st, doc, hdrs, 503, "storage_full")
        self.assertTrue(hdrs.get("retry-after"))
        self.assertEqual(m.view("host"), before, "a failed commit changed the match")
        self.assertEqual(m.log("host"), [], "a failed commit reached the log")
        st, _, health = D.json("GET", "/healthz")
        self.assertEqual((st, health["storage"]), (200, "failing"))
        st, hdrs, doc = D.json("GET", "/readyz")
        self.problem(st, doc, hdrs, 503, "storage_unavailable")
        # reads go on while writes fail
        self.assertEqual(D.json("GET", "/v1/dictionaries/en_US/words/explore")[0], 200)
        clear()
        doc = m.ok(s, a)
        self.assertEqual(doc["version"], before["version"] + 1)
        self.assertEqual(D.json("GET", "/healthz")[2], {"status": "ok", "storage": "ok"})
        self.assertEqual(D.json("GET", "/readyz")[0], 200)
        self.assertEqual([e["version"] for e in m.log("host")], [before["version"] + 1])

    def test_io_error_and_create(self):
        n = len(D.json("GET", "/v1/matches?limit=1000")[2]["matches"])
        fault("EIO")
        st, hdrs, doc = D.json("POST", "/v1/games", {"game": "whirlpool-pond",
                                                     "players": ["a", "b"]})
        self.problem(st, doc, hdrs, 503, "storage_unavailable")
        self.assertEqual(len(D.json("GET", "/v1/matches?limit=1000")[2]["matches"]), n,
                         "a match whose creation failed is listed")
        clear()
        whirlpool(2)
        self.assertEqual(len(D.json("GET", "/v1/matches?limit=1000")[2]["matches"]), n + 1)

    def test_failed_timer_is_retried_when_space_returns(self):
        """A Wibbell claim opens the tie window; the timer that closes it
        fails to commit while the disk is full.  Once space returns the
        match moves on by itself (today: stuck in play, to_act [], until a
        restart)."""
        m = create(D, ["ann", "bob"], {"tie_window_ms": 300}, seed=5)
        v = m.view("host")
        word = find_words(D, claim_cards(v, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        fault("ENOSPC")  # before the window closes
        time.sleep(1.0)  # the timer fails a few times meanwhile
        # A view may show an action whose commit is still in flight, so the
        # durable log is what tells whether the timer was stored.
        self.assertEqual([e["action"]["type"] for e in m.log("host")], ["claim"],
                         "the timer was stored although the disk is full")
        self.assertEqual(D.json("GET", "/healthz")[2]["storage"], "failing")
        clear()
        stored = wait_for(lambda: len(m.log("host")) == 2, timeout=20, step=0.1)
        self.assertTrue(stored, "the timer was not retried after the fault cleared")
        self.assertEqual([e["action"]["type"] for e in m.log("host")], ["claim", "timer"])
        v = m.view("host")
        self.assertEqual(v["phase"], "take")
        self.assertEqual(v["to_act"], [0])

    def test_stalled_disk_does_not_stop_reads(self):
        """Every commit stalls 3 s; more actions wait than there are worker
        threads (2): /healthz and the dictionary still answer, before any of
        the actions does."""
        matches = [whirlpool(10 + i) for i in range(4)]
        acts = [(m, seat_to_act(m)) for m in matches]
        acts = [(m, s, first_action(m, s)) for m, s in acts]
        fault("STALL 3000")
        done = []
        lock = threading.Lock()

        def act(m, s, a):
            st, _, _ = m.act(s, a)
            with lock:
                done.append((time.monotonic(), st))
        threads = [threading.Thread(target=act, args=x) for x in acts]
        for t in threads:
            t.start()
        time.sleep(0.3)  # the actions are in: their commits stall
        st1, _, _ = D.request("GET", "/healthz")
        st2, _, _ = D.request("GET", "/v1/dictionaries/en_US/words/explore")
        reads_done = time.monotonic()
        with lock:
            early = list(done)
        clear()
        for t in threads:
            t.join(30)
        self.assertEqual((st1, st2), (200, 200))
        self.assertEqual(early, [], "an action was answered before its stalled commit")
        self.assertEqual(sorted(st for _, st in done), [200] * 4)
        self.assertLess(reads_done, min(t for t, _ in done),
                        "the reads waited behind the stalled writes")

    def test_action_shape_is_checked_before_the_game(self):
        """An action nested 2,047 deep was applied and then missing from the
        log; one with 64 KiB of unknown members was logged verbatim."""
        m = whirlpool(3)
        s = seat_to_act(m)
        v0 = m.view("host")["version"]
        deep = '{"type":"roll","x":' + "[" * 2047 + "]" * 2047 + "}"
        st, hdrs, doc = D.json("POST", m.path + "/actions", deep.encode(),
                               headers=dict(bearer(m.token(s)),
                                            **{"Content-Type": "application/json"}))
        self.problem(st, doc, hdrs, 400, "bad_request")
        big = dict(first_action(m, s), junk="x" * 5000)
        st, hdrs, doc = m.act(s, big)
        self.problem(st, doc, hdrs, 400, "bad_request")
        self.assertEqual(m.view("host")["version"], v0)
        self.assertEqual(m.log("host"), [])


if __name__ == "__main__":
    wbtest.main()
