#!/usr/bin/env python3
"""bench_request_ids.py - what an Idempotency-Key costs (docs/measurements/performance.md).

One daemon, one Wibbell match (no tie window, typos forgiven, so every
shout is the same work: judged, logged, committed durably).  On one
kept-alive connection, ROUNDS rounds (default 5) of N actions (default
300) each without a key, then with a new key each (the key stored in the
log entry and the match's record), taken in turn so both see the machine
as loaded; then N retries of a key whose entry is in memory (the latest
change) and N of one older than the match's last record (its entry read
from the store).  Printed: actions a second and p50/p99 of the answer
time of each.  A benchmark prints figures; it asserts nothing.

  WIBBELLD=build/daemon/wibbelld WIBBELLD_TEST_DATA=build/tests/testdata \\
      python3 tests/bench/bench_request_ids.py [N [ROUNDS]]
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
from wbgames import GamesDaemon, bearer, create  # noqa: E402

N = int(sys.argv[1]) if len(sys.argv) > 1 else 300
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
SHOUT = json.dumps({"type": "claim", "word": "qzqzq"}).encode()


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def run(conn, m, key_of):
    times = []
    t0 = time.monotonic()
    for i in range(N):
        h = dict(bearer(m.tokens[0]), **{"Content-Type": "application/json"})
        k = key_of(i)
        if k:
            h["Idempotency-Key"] = k
        t = time.monotonic()
        conn.request("POST", m.path + "/actions", body=SHOUT, headers=h)
        r = conn.getresponse()
        r.read()
        times.append(time.monotonic() - t)
        if r.status != 200:
            raise SystemExit("POST -> %d" % r.status)
    return N / (time.monotonic() - t0), times


def main():
    d = GamesDaemon()
    d.start()
    try:
        m = create(d, ["ann", "bob"], {"tie_window_ms": 0, "forgive_typos": True}, seed=1)
        conn = d.connect()
        res = {"no key": ([], []), "a new key each": ([], [])}
        serial = [0]

        def fresh(i):
            serial[0] += 1
            return "bench-%d" % serial[0]
        for _ in range(ROUNDS):
            for name, key_of in (("no key", lambda i: None), ("a new key each", fresh)):
                rate, times = run(conn, m, key_of)
                res[name][0].append(rate)
                res[name][1].extend(times)
        last = "bench-%d" % serial[0]
        old = "bench-%d" % (serial[0] - 40)  # 40 changes back: before the last record
        for name, key in (("a retry, entry in memory", last),
                          ("a retry, entry read from the store", old)):
            rate, times = run(conn, m, lambda i, k=key: k)
            res[name] = ([rate], times)
        load = os.getloadavg()[0]
        print("# %d actions a round, %d rounds, load %.1f" % (N, ROUNDS, load))
        for name, (rates, times) in res.items():
            rates = sorted(rates)
            print("%-36s %7.0f/s  p50 %6.2f ms  p99 %6.2f ms" % (
                name, rates[len(rates) // 2], pct(times, 0.5) * 1000, pct(times, 0.99) * 1000))
    finally:
        d.stop()
        d.cleanup()


if __name__ == "__main__":
    main()
