"""test_stress.py - the daemon never hangs under mixed load.

Clients play Wibbell with a short tie window (so the timer thread fires
all the time and actions keep moving deadlines), while others loop over
GET /v1/matches, POST /v1/games and dictionary look-ups.  A watchdog asks
/healthz every quarter second; if an answer takes longer than the
watchdog's limit the daemon is taken to be hung, its threads' stacks are
printed (gdb, when installed) and the test fails.

Bounded: STRESS_SECONDS (default 15; `WIBBELLD_STRESS_S=60` for the long
run) and a request timeout on every client.  Regression test for the
lock-order deadlock found in the storage review (timer lock -> store lock -> match lock ->
timer lock), which hung the daemon within 10-20 s of this load.
"""
import os
import random
import shutil
import subprocess
import threading
import time
import unittest

import wbtest
from wbgames import GamesDaemon, create, find_words, claim_cards, stop_module_daemon

STRESS_SECONDS = float(os.environ.get("WIBBELLD_STRESS_S", "15"))
WATCHDOG_LIMIT = 10.0   # a /healthz slower than this is a hang
REQUEST_TIMEOUT = 30.0

D = None


def setUpModule():
    global D
    D = wbtest.module_daemon(GamesDaemon(args=["--max-matches", "100000"]), stop_module_daemon)


def stacks(pid):
    """The daemon's thread stacks, for the diagnosis of a hang."""
    if not shutil.which("gdb"):
        return "(gdb is not installed)"
    try:
        out = subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt"],
                             capture_output=True, text=True, timeout=60)
        return out.stdout[-6000:]
    except (OSError, subprocess.SubprocessError) as e:
        return "(gdb failed: %s)" % e


class Load:
    def __init__(self, daemon, seconds):
        self.d = daemon
        self.until = time.monotonic() + seconds
        self.stop = threading.Event()
        self.errors = []
        self.counts = {}
        self.lock = threading.Lock()

    def running(self):
        return not self.stop.is_set() and time.monotonic() < self.until

    def count(self, what):
        with self.lock:
            self.counts[what] = self.counts.get(what, 0) + 1

    def fail(self, what):
        with self.lock:
            self.errors.append(what)
        self.stop.set()

    def request(self, method, path, body=None, headers=None):
        c = self.d.connect(timeout=REQUEST_TIMEOUT)
        try:
            return self.d.request(method, path, body, headers, conn=c)
        finally:
            c.close()

    # --- the clients ---

    def player(self, seed):
        """Plays Wibbell matches one after another: claims of several seats
        race in the tie window, the timer closes it, the winner takes."""
        rng = random.Random(seed)
        try:
            while self.running():
                m = create(self.d, ["a", "b", "c"], {"tie_window_ms": rng.choice([20, 50, 100])},
                           seed=rng.randrange(1 << 30))
                self.count("create")
                while self.running():
                    v = m.view("host")
                    if v["status"] == "finished":
                        break
                    if v["phase"] == "take":
                        st, _, _ = m.act(v["turn_winner"], {"type": "take", "card": 0})
                    elif v["phase"] == "keep" and v["to_act"]:
                        st, _, _ = m.act(v["to_act"][0], {"type": "keep",
                                                          "card": v["keep_choices"][0]})
                    elif v["phase"] == "play" and v["to_act"]:
                        s = rng.choice(v["to_act"])
                        words = find_words(self.d, claim_cards(v, s), v["used"], limit=10)
                        word = rng.choice(words) if words else "zzxq"
                        st, _, _ = m.act(s, {"type": "claim", "word": word})
                    else:
                        time.sleep(0.005)  # the window is open: the timer acts
                        continue
                    if st >= 500:
                        self.fail("action answered %d" % st)
                        return
                    self.count("action")
        except Exception as e:  # noqa: BLE001 - any failure of a client fails the test
            self.fail("player %d: %r" % (seed, e))

    def lister(self):
        try:
            while self.running():
                for q in ("", "?status=active", "?status=finished"):
                    st, _, _ = self.request("GET", "/v1/matches" + q)
                    if st != 200:
                        self.fail("GET /v1/matches%s -> %d" % (q, st))
                        return
                    self.count("list")
        except Exception as e:  # noqa: BLE001
            self.fail("lister: %r" % e)

    def creator(self, seed):
        rng = random.Random(seed)
        try:
            while self.running():
                game = rng.choice(["wibbell", "woodlouse-chaos", "whirlpool-pond"])
                opts = {"guess_ms": rng.randrange(20, 200)} if game == "woodlouse-chaos" else {}
                st, _, _ = self.request("POST", "/v1/games",
                                        {"game": game, "players": ["x", "y", "z"],
                                         "options": opts})
                if st != 201:
                    self.fail("POST /v1/games -> %d" % st)
                    return
                self.count("create")
                st, _, _ = self.request("GET", "/v1/dictionaries/en_US/words/explore")
                if st != 200:
                    self.fail("GET words -> %d" % st)
                    return
        except Exception as e:  # noqa: BLE001
            self.fail("creator: %r" % e)

    def watchdog(self):
        while self.running():
            t0 = time.monotonic()
            try:
                c = self.d.connect(timeout=WATCHDOG_LIMIT)
                try:
                    st, _, _ = self.d.request("GET", "/healthz", conn=c)
                finally:
                    c.close()
            except OSError as e:
                self.fail("watchdog: /healthz gave no answer in %.0f s (%r); stacks:\n%s"
                          % (WATCHDOG_LIMIT, e, stacks(self.d.proc.pid)))
                return
            if st != 200:
                self.fail("watchdog: /healthz -> %d" % st)
                return
            self.count("healthz")
            time.sleep(max(0.0, 0.25 - (time.monotonic() - t0)))


class Stress(unittest.TestCase):
    def test_mixed_load_never_hangs(self):
        """Timers, deadline-moving actions, listings and creations together
        for STRESS_SECONDS: /healthz always answers, no 5xx, and SIGTERM
        still stops the daemon (checked in tearDownModule)."""
        load = Load(D, STRESS_SECONDS)
        threads = [threading.Thread(target=load.player, args=(i,)) for i in range(4)]
        threads += [threading.Thread(target=load.lister) for _ in range(2)]
        threads += [threading.Thread(target=load.creator, args=(100 + i,)) for i in range(2)]
        threads.append(threading.Thread(target=load.watchdog))
        for t in threads:
            t.daemon = True
            t.start()
        for t in threads:
            t.join(STRESS_SECONDS + REQUEST_TIMEOUT + 30)
        hung = [t for t in threads if t.is_alive()]
        if hung and not load.errors:
            load.errors.append("%d clients still waiting; stacks:\n%s"
                               % (len(hung), stacks(D.proc.pid)))
        if load.errors:
            D.kill()  # a hung daemon will not stop on SIGTERM
            self.fail("; ".join(load.errors))
        print("# %s" % ", ".join("%s %d" % kv for kv in sorted(load.counts.items())))
        self.assertGreater(load.counts.get("action", 0), 0)
        self.assertGreater(load.counts.get("list", 0), 0)
        self.assertGreater(load.counts.get("healthz", 0), 0)


if __name__ == "__main__":
    wbtest.main()
