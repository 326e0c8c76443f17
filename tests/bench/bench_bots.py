#!/usr/bin/env python3
"""bench_bots.py - what the bots cost (issue 18's benchmarks, first part).

Prints, for one daemon (--bot-threads BOT_THREADS, default 1):
  1. bot-only matches of the four games without reaction times (random
     bots), MATCHES of each at once: seconds until all ended, actions per
     second played by the bots, and the bots' decisions (from /metrics:
     how many, their mean time, how many within 1, 10 and 100 ms: the
     decision alone, from the seat's view and actions, which the worker
     builds before, under the match's lock);
  2. the latency of POST /v1/wibbell/check (p50, p99 of CHECKS requests, one
     at a time), first with no bot match, then while
     LIVE bot-only Whirlpool matches play (recreated as they end), and the
     ratio.
With --tournament [N [GAME...]]: N matches per game of one greedy bot against
random ones (its seat rotated), and the greedy bot's share of the wins.
With --search [N [LEVEL [GAME...]]]: for each game a search bot plays (those
with a determinize hook), N matches of one search bot of LEVEL (default 3)
against random ones and N against greedy ones (its seat rotated): its share
of the wins, the daemon's CPU time (/proc), and its decision times (p50, p99: from the log, the time from
the entry before to the search seat's own entry, which holds the decision
and the apply: an upper bound, which holds the wait behind the other
matches' decisions too when matches play at once).  With --levels [N
[LEVELS [GAME...]]]: N matches per level (LEVELS comma-separated, default
1,2,3,4,5) and game of search against random, one at a time, the decision
times per level.
A benchmark prints figures; it asserts nothing.

  WIBBELLD=build/daemon/wibbelld WIBBELLD_TEST_DATA=build/tests/testdata \\
      python3 tests/bench/bench_bots.py [MATCHES [LIVE [CHECKS]]]
"""
import os
import re
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from wbgames import GamesDaemon, create  # noqa: E402

GAMES = {"whirlpool-pond": 2, "woodlouse-chaos": 3, "woobieworld": 2, "world-dumbination": 2}


def bots(n):
    return [{"name": "R%d" % i, "bot": "random"} for i in range(n)]


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def decisions(d):
    """The bots' decisions so far, from /metrics: count, sum and buckets."""
    text = d.request("GET", "/metrics")[2].decode()
    out = {}
    for k, pat in (("count", r"wibbelld_bot_decision_seconds_count (\S+)"),
                   ("sum", r"wibbelld_bot_decision_seconds_sum (\S+)")):
        out[k] = float(re.search(pat, text).group(1))
    for le in ("0.001", "0.01", "0.1"):
        out[le] = float(re.search(r'wibbelld_bot_decision_seconds_bucket\{le="%s"\} (\S+)'
                                  % re.escape(le), text).group(1))
    return out


def checks(d, n):
    body = {"word": "kissing", "cards": ["NZ", "IQ", "SG", "SH"], "used": ["explore"]}
    out = []
    for _ in range(n):
        t = time.perf_counter()
        st, _, _ = d.json("POST", "/v1/wibbell/check", body)
        out.append((time.perf_counter() - t) * 1000)
        assert st == 200
    return out


SEARCHED = {"whirlpool-pond": 2, "woodlouse-chaos": 3, "woobieworld": 2, "world-dumbination": 2}


def cpu_s(d):
    """The daemon's CPU time so far (user + system), in seconds."""
    with open("/proc/%d/stat" % d.proc.pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_all(ms):
    out = []
    for seat, m in ms:
        while True:
            v = m.view()
            if v["status"] == "finished":
                break
            time.sleep(0.1)
        out.append((seat, m, v))
    return out


def search_vs(d, g, n, per_game, other, level, first=0):
    """One search bot of `level` against `other` bots, its seat rotated:
    (wins, matches, shared wins, the search seat's decision times in ms)."""
    ms = []
    for i in range(first, first + per_game):
        seat = i % n
        players = [{"name": "S" if s == seat else "O%d" % s,
                    "bot": "search" if s == seat else other,
                    "level": level if s == seat else 3} for s in range(n)]
        ms.append((seat, create(d, players, game=g, seed=2000 + i)))
    wins = shared = 0
    times = []
    for seat, m, v in wait_all(ms):
        wins += seat in v["winners"]
        shared += seat in v["winners"] and len(v["winners"]) > 1
        log = m.log("host")
        for prev, e in zip(log, log[1:]):
            if e["seat"] == seat:
                times.append(e["at"] - prev["at"])
    return wins, len(ms), shared, times


def search_tournament(d, games, per_game, level):
    for g, n in games.items():
        for other in ("random", "greedy"):
            t, cpu = time.perf_counter(), cpu_s(d)
            wins, total, shared, times = search_vs(d, g, n, per_game, other, level)
            print("%-18s search L%d vs %s, %d players, %d matches: search won %d (%.2f; fair "
                  "share %.2f), %d of them shared; %.0f s (daemon CPU %.0f s); %d decisions "
                  "p50 %d ms, p99 %d ms"
                  % (g, level, other, n, total, wins, wins / total, 1 / n, shared,
                     time.perf_counter() - t, cpu_s(d) - cpu, len(times), pct(times, 0.5),
                     pct(times, 0.99)), flush=True)


def search_levels(d, per_game, levels, games):
    """Matches one at a time (no decision waits behind another match's)."""
    for level in levels:
        for g, n in games.items():
            wins = total = 0
            times = []
            cpu = cpu_s(d)
            for i in range(per_game):
                w, t, _, ts = search_vs(d, g, n, 1, "random", level, first=i)
                wins, total, times = wins + w, total + t, times + ts
            print("level %d %-18s %d matches vs random, one at a time: won %d; %d decisions "
                  "p50 %d ms, p99 %d ms, max %d ms; daemon CPU %.0f s"
                  % (level, g, total, wins, len(times), pct(times, 0.5), pct(times, 0.99),
                     max(times), cpu_s(d) - cpu), flush=True)


def tournament(d, games, per_game):
    """`greedy` in one seat, `random` in the others, the greedy seat
    rotated: its share of the wins (a shared win counts for each winner)."""
    for g, n in games.items():
        wins = total = shared = 0
        ms = []
        for i in range(per_game):
            seat = i % n
            players = [{"name": "G" if s == seat else "R%d" % s,
                        "bot": "greedy" if s == seat else "random"} for s in range(n)]
            ms.append((seat, create(d, players, game=g, seed=1000 + i)))
        for seat, m in ms:
            while True:
                v = m.view()
                if v["status"] == "finished":
                    break
                time.sleep(0.05)
            total += 1
            wins += seat in v["winners"]
            shared += seat in v["winners"] and len(v["winners"]) > 1
        print("%-18s greedy vs random, %d players, %d matches: greedy won %d (%.2f; fair "
              "share %.2f), %d of them shared" % (g, n, total, wins, wins / total, 1 / n, shared))


def main():
    if sys.argv[1:2] in (["--search"], ["--levels"]):
        per = int(sys.argv[2]) if len(sys.argv) > 2 else 20
        d = GamesDaemon(args=["--bot-threads", os.environ.get("BOT_THREADS", "1")])
        d.start()
        try:
            if sys.argv[1] == "--levels":
                levels = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 \
                    else range(1, 6)
                games = {g: SEARCHED[g] for g in sys.argv[4:]} or SEARCHED
                search_levels(d, per, levels, games)
            else:
                level = int(sys.argv[3]) if len(sys.argv) > 3 else 3
                games = {g: SEARCHED[g] for g in sys.argv[4:]} or SEARCHED
                search_tournament(d, games, per, level)
        finally:
            d.stop()
            d.cleanup()
        return
    if sys.argv[1:2] == ["--tournament"]:
        per = int(sys.argv[2]) if len(sys.argv) > 2 else 40
        d = GamesDaemon(args=["--bot-threads", os.environ.get("BOT_THREADS", "1")])
        d.start()
        try:
            games = {g: GAMES[g] for g in sys.argv[3:]} or GAMES
            tournament(d, games, per)
        finally:
            d.stop()
            d.cleanup()
        return
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    live = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    nchecks = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    threads = os.environ.get("BOT_THREADS", "1")
    d = GamesDaemon(args=["--bot-threads", threads, "--max-matches", str(max(live, matches) * 8)])
    d.start()
    try:
        seen = decisions(d)
        for g, n in GAMES.items():
            t = time.perf_counter()
            ms = [create(d, bots(n), game=g, seed=i) for i in range(matches)]
            versions = 0
            for m in ms:
                while True:
                    v = m.view()
                    if v["status"] == "finished":
                        versions += v["version"] - 1
                        break
                    time.sleep(0.05)
            s = time.perf_counter() - t
            h = decisions(d)
            print("%-18s %d bot-only matches at once: %.1f s, %d actions, %.0f actions/s; "
                  "decisions: %d, mean %.1f us, within 1 ms %d, 10 ms %d, 100 ms %d"
                  % (g, matches, s, versions, versions / s, h["count"] - seen["count"],
                     1e6 * (h["sum"] - seen["sum"]) / max(1, h["count"] - seen["count"]),
                     h["0.001"] - seen["0.001"], h["0.01"] - seen["0.01"],
                     h["0.1"] - seen["0.1"]))
            seen = h
        base = checks(d, nchecks)
        stop = threading.Event()

        def keep_playing():
            ms = [create(d, bots(2), game="whirlpool-pond") for _ in range(live)]
            while not stop.is_set():
                for i, m in enumerate(ms):
                    if m.view()["status"] == "finished":
                        ms[i] = create(d, bots(2), game="whirlpool-pond")
                time.sleep(0.2)

        th = threading.Thread(target=keep_playing)
        th.start()
        time.sleep(2)
        loaded = checks(d, nchecks)
        stop.set()
        th.join()
        print("POST /v1/wibbell/check, %d requests: p50 %.2f ms, p99 %.2f ms alone; "
              "p50 %.2f ms, p99 %.2f ms with %d bot matches playing (p50 ratio %.2f, "
              "p99 ratio %.2f)"
              % (nchecks, pct(base, 0.5), pct(base, 0.99), pct(loaded, 0.5), pct(loaded, 0.99),
                 live, pct(loaded, 0.5) / pct(base, 0.5), pct(loaded, 0.99) / pct(base, 0.99)))
    finally:
        d.stop()
        d.cleanup()


if __name__ == "__main__":
    main()
