#!/usr/bin/env python3
"""bench_bots.py - what the bots cost (docs/measurements/bots.md).

With no option, for one daemon (--bot-threads BOT_THREADS, default 1):
bot-only matches of the four games without reaction times (random bots),
MATCHES of each at once: seconds until all ended, actions per second played
by the bots, and the bots' decisions (from /metrics: how many, their mean
time, how many within 1, 10 and 100 ms: the decision alone, from the seat's
view and actions, which the worker builds before, under the match's lock).

With --load [MATCHES [REQUESTS]] (default 1000 and 400), in one run of one
daemon: the latency (p50, p99) of POST /v1/wibbell/check and of a person's
action (POST .../actions in a Whirlpool match of two person seats, which
this script plays, a new one when it ends; the legal actions are fetched
untimed), REQUESTS of each, one at a time on a keep-alive connection, first
with no bot match, then while MATCHES bot matches play on the same daemon,
and the ratios; the daemon's RSS with none, with 100 live bot matches and
with MATCHES.  The bot matches are the five games in turn, seat 0 the
strongest bot its game offers (search, else greedy) at level 3, the other
seats random: search decisions keep the bot thread busy, so every match
stays live.  With --load MATCHES REQUESTS random every seat is random
instead: the bots act as fast as their thread decides, so their actions
crowd the writer (the load its people-first order is for).  It prints
too what the writer did while the loaded figures were taken (commits,
the actions a commit held, the commits' mean time).  With two cores or
more the daemon runs on CPU 0 and this script on CPU 1 (sched_setaffinity,
as bench_games.sh uses taskset).

With --decisions [N [GAME...]]: the decision time of the search bot per
level and game (wall clock and CPU, p50, p99) and its iterations per CPU
second, from tests/bench/bench_search: N matches (default 4) per level and
game, one thread, pinned to CPU 1 when there are two or more (BENCH_SEARCH
names the program, default next to WIBBELLD's build).

With --tournament [N [GAME...]]: N matches per game of one greedy bot against
random ones (its seat rotated), and the greedy bot's share of the wins.
With --search [N [LEVEL [GAME...]]]: for each game a search bot plays (those
with a determinize hook), N matches of one search bot of LEVEL (default 3)
against random ones and N against greedy ones (its seat rotated): its share
of the wins, the daemon's CPU time (/proc), and its decision times (p50,
p99: from the log, the time from the entry before to the search seat's
own entry, which holds the decision and the apply: an upper bound, which
holds the wait behind the other matches' decisions too when matches play at
once); SEARCH_VS=greedy plays only the greedy ones.  With --levels [N
[LEVELS [GAME...]]]: N matches per level (LEVELS comma-separated, default
1,2,3,4,5) and game of search against random, one at a time, the decision
times per level, from the daemon's log as --search.
A benchmark prints figures; it asserts nothing.

  WIBBELLD=build/daemon/wibbelld WIBBELLD_TEST_DATA=build/tests/testdata \\
      python3 tests/bench/bench_bots.py [--load [MATCHES [REQUESTS [random]]] | MATCHES | ...]
"""
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from wbgames import GamesDaemon, bearer, create  # noqa: E402

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
        for other in os.environ.get("SEARCH_VS", "random,greedy").split(","):
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


def rss_kb(d):
    with open("/proc/%d/status" % d.proc.pid) as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def metric(d, name):
    text = d.request("GET", "/metrics")[2].decode()
    return float(re.search(r"^%s (\S+)$" % re.escape(name), text, re.M).group(1))


def writer(d):
    """The writer's commits, the actions made durable, its commit seconds."""
    return (metric(d, "wibbelld_commit_duration_seconds_count"),
            metric(d, "wibbelld_actions_applied_total"),
            metric(d, "wibbelld_commit_duration_seconds_sum"))


def timed(conn, d, method, path, body=None, headers=None):
    t = time.perf_counter()
    st, _, data = d.request(method, path, body, headers, conn=conn)
    return st, data, (time.perf_counter() - t) * 1000


def check_latency(d, conn, n):
    body = {"word": "kissing", "cards": ["NZ", "IQ", "SG", "SH"], "used": ["explore"]}
    out = []
    for _ in range(n):
        st, _, ms = timed(conn, d, "POST", "/v1/wibbell/check", body)
        assert st == 200
        out.append(ms)
    return out


def action_latency(d, conn, n, rng):
    """n actions of person seats in two-person Whirlpool matches, each
    POST timed (a new match when one ends)."""
    out = []
    m = None
    while len(out) < n:
        if m is None or m.view()["status"] == "finished":
            m = create(d, ["Ann", "Bob"], game="whirlpool-pond")
        acted = False
        for seat in (0, 1):
            acts = [a for a in m.actions(seat) if "$params" not in a]
            if not acts:
                continue
            st, data, ms = timed(conn, d, "POST", m.path + "/actions", rng.choice(acts),
                                 bearer(m.token(seat)))
            assert st == 200, data
            out.append(ms)
            acted = True
            break
        if not acted:  # nobody can act (a timer pending): a new match
            m = None
    return out


def bot_match(d, i, kinds, fast=False):
    """The i-th bot match of the load: the games in turn, seat 0 the
    strongest bot its game offers at level 3, the others random (`fast`:
    every seat random)."""
    g = kinds[i % len(kinds)]
    strong = "random" if fast else "search" if "search" in g["bots"] else "greedy"
    players = [{"name": "S", "bot": strong, "level": 3}] + \
              [{"name": "R%d" % s, "bot": "random"} for s in range(1, g["min_players"])]
    return create(d, players, game=g["name"], seed=i)


def latency_line(what, base, loaded, live):
    print("%s, %d requests: alone p50 %.2f ms, p99 %.2f ms; with %d bot matches playing "
          "p50 %.2f ms, p99 %.2f ms; ratio p50 %.2f, p99 %.2f"
          % (what, len(base), pct(base, 0.5), pct(base, 0.99), live, pct(loaded, 0.5),
             pct(loaded, 0.99), pct(loaded, 0.5) / pct(base, 0.5),
             pct(loaded, 0.99) / pct(base, 0.99)), flush=True)


def load(matches, requests, fast=False):
    cores = os.cpu_count() or 1
    pinned = cores >= 2 and hasattr(os, "sched_setaffinity")
    mine = os.sched_getaffinity(0) if pinned else None
    if pinned:  # the daemon inherits CPU 0; this script moves to CPU 1
        os.sched_setaffinity(0, {0})
    threads = os.environ.get("BOT_THREADS", "1")
    d = GamesDaemon(args=["--bot-threads", threads, "--max-matches", str(matches + 1000)])
    d.start()
    if pinned:
        os.sched_setaffinity(0, {1})
    rng = random.Random(18)
    try:
        print("%d cores; %s; load before %s; --bot-threads %s"
              % (cores, "daemon on CPU 0, this script on CPU 1" if pinned else "not pinned",
                 " ".join(open("/proc/loadavg").read().split()[:3]), threads), flush=True)
        kinds = d.json("GET", "/v1/games")[2]["games"]
        conn = d.connect()
        check_latency(d, conn, 50)  # warm
        action_latency(d, conn, 20, rng)
        rss0 = rss_kb(d)
        base_c = check_latency(d, conn, requests)
        base_a = action_latency(d, conn, requests, rng)
        ms = [bot_match(d, i, kinds, fast) for i in range(min(100, matches))]
        time.sleep(5)
        live = sum(m.view()["status"] != "finished" for m in ms)
        rss100 = rss_kb(d)
        t = time.perf_counter()
        ms += [bot_match(d, i, kinds, fast) for i in range(len(ms), matches)]
        print("%d bot matches created in %.1f s" % (matches, time.perf_counter() - t), flush=True)
        time.sleep(5)
        dec0, act0, t0 = (metric(d, "wibbelld_bot_decision_seconds_count"),
                          metric(d, "wibbelld_bot_actions_total"), time.perf_counter())
        w0 = writer(d)
        load_c = check_latency(d, conn, requests)
        load_a = action_latency(d, conn, requests, rng)
        secs = time.perf_counter() - t0
        dec = metric(d, "wibbelld_bot_decision_seconds_count") - dec0
        act = metric(d, "wibbelld_bot_actions_total") - act0
        w = [b - a for a, b in zip(w0, writer(d))]
        rssn = rss_kb(d)
        over = sum(m.view()["status"] == "finished" for m in ms)
        print("while measured (%.1f s): the bots decided %.0f times (%.1f/s) and applied %.0f "
              "actions (%.1f/s); %d of the %d bot matches finished by the end"
              % (secs, dec, dec / secs, act, act / secs, over, matches))
        print("the writer meanwhile: %d commits holding %d actions (%.1f a commit), %.2f ms a "
              "commit" % (w[0], w[1], w[1] / max(1, w[0]), 1000 * w[2] / max(1, w[0])))
        latency_line("POST /v1/wibbell/check", base_c, load_c, matches)
        latency_line("a person's action (Whirlpool Pond)", base_a, load_a, matches)
        print("RSS: %.1f MB with no bot match; %.1f MB with %d bot matches (%d live after 5 s); "
              "%.1f MB with %d (%.1f kB a match over none)"
              % (rss0 / 1024, rss100 / 1024, len(ms[:100]), live, rssn / 1024, matches,
                 (rssn - rss0) / matches))
    finally:
        d.stop()
        d.cleanup()
        if pinned:
            os.sched_setaffinity(0, mine)


def decision_times(per, games):
    exe = os.environ.get("BENCH_SEARCH") or os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(os.environ["WIBBELLD"]))), "tests",
        "bench_search")
    pin = ["taskset", "-c", "1"] if (os.cpu_count() or 1) >= 2 else []
    print("%d cores; bench_search %s; load before %s"
          % (os.cpu_count() or 1, "on CPU 1" if pin else "not pinned",
             " ".join(open("/proc/loadavg").read().split()[:3])), flush=True)
    subprocess.run(pin + [exe, str(per)] + games, check=True)


def main():
    if sys.argv[1:2] == ["--load"]:
        load(int(sys.argv[2]) if len(sys.argv) > 2 else 1000,
             int(sys.argv[3]) if len(sys.argv) > 3 else 400, sys.argv[4:5] == ["random"])
        return
    if sys.argv[1:2] == ["--decisions"]:
        decision_times(int(sys.argv[2]) if len(sys.argv) > 2 else 4, sys.argv[3:])
        return
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
    threads = os.environ.get("BOT_THREADS", "1")
    d = GamesDaemon(args=["--bot-threads", threads, "--max-matches", str(matches * 8)])
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
    finally:
        d.stop()
        d.cleanup()


if __name__ == "__main__":
    main()
