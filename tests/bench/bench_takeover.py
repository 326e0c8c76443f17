#!/usr/bin/env python3
"""bench_takeover.py - the standby's benchmark (not a test): how long a
shard is unanswered when its owner dies, and what the lease costs.

    python3 tests/bench/bench_takeover.py

- Takeovers: two daemons of shard a (`--instance a`, one database, the
  default lease of 3000 ms), MATCHES matches in the shard and one client
  playing on it; KILLS times (default 20): kill -9 of the owner, then the
  seconds until the other daemon answers a GET of a match (polled every
  10 ms on its port), and what it says on stderr of loading the shard
  ("took over shard a at epoch N from OWNER: M matches in X ms"); the
  killed daemon is started again as the standby.  Printed: min, median,
  90th percentile and max of both.
- The lease's cost: durable actions/s of bench_games_load (CLIENTS
  keep-alive connections playing Wibbell, as bench_store.sh runs it)
  against one owner with the lease and its fence in every write
  transaction, beside the plain libpq loop of bench_store.sh (one
  200-byte INSERT per transaction) in the same run: the ratio to
  compare with bench_store.sh's (the same load and loop before the lease:
  8-12 on the 2-core machine, docs/measurements/performance.md).  With
  BEFORE=DIR (a build of a commit before the lease) the same load runs
  against that daemon too, in the same run, ROUNDS (2) times each in
  turns (the order swapped each round), and the ratio of the medians is
  printed.

A PostgreSQL of its own (tests/pg_run.py --durable: Debian's postgresql,
fsync on, on the disk of BENCH_DIR), stopped by its pid at the end
whatever fails; the daemons are stopped by their pids.  Environment:
BUILD (default build), KILLS (20), MATCHES (200), DURATION (seconds of
the load, 5), CLIENTS (32), BENCH_DIR (default the build directory),
BEFORE.  Python 3 standard library only.
"""
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
B = os.path.abspath(os.path.join(ROOT, os.environ.get("BUILD", "build")))
KILLS = int(os.environ.get("KILLS", "20"))
MATCHES = int(os.environ.get("MATCHES", "200"))
DUR = os.environ.get("DURATION", "5")
CLIENTS = os.environ.get("CLIENTS", "32")
BEFORE = os.environ.get("BEFORE")
TOOK_OVER_RE = re.compile(r"took over shard (\w+) at epoch (\d+) from (.*?): (\d+) matches "
                          r"in (\d+) ms")

LOOP_C = r"""
/* pg CONNINFO SECONDS: commits per second of a loop that stores one
 * 8-byte key and a 200-byte value per transaction (bench_store.sh's). */
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
int main(int argc, char **argv)
{
    char val[201];
    unsigned long long i = 0;
    double dur = atof(argv[2]), t0;
    memset(val, 'x', 200);
    val[200] = '\0';
    PGconn *c = PQconnectdb(argv[1]);
    if (PQstatus(c) != CONNECTION_OK)
        return 1;
    PQclear(PQexec(c, "CREATE TABLE loop (k bigint PRIMARY KEY, v bytea)"));
    for (t0 = now(); now() - t0 < dur; i++) {
        char k[24];
        const char *vals[2] = {k, val};
        snprintf(k, sizeof k, "%llu", i);
        PGresult *r = PQexecParams(c, "INSERT INTO loop VALUES ($1, $2)", 2, NULL, vals,
                                   NULL, NULL, 0);
        if (PQresultStatus(r) != PGRES_COMMAND_OK)
            return 1;
        PQclear(r);
    }
    PQfinish(c);
    printf("%.0f\n", (double)i / (now() - t0));
    return 0;
}
"""


def sh(*args, **kw):
    return subprocess.run(list(args), check=True, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, **kw).stdout.strip()


def psql(db, sql):
    return sh("psql", "-Atq", "-d", db, "-c", sql)


def url_of(db):
    return "postgresql:///%s?host=%s&port=%s&user=%s" % (
        db, urllib.parse.quote(os.environ["PGHOST"], safe=""), os.environ["PGPORT"],
        os.environ["PGUSER"])


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def pin(cpu):
    if (os.cpu_count() or 1) >= 2 and shutil.which("taskset"):
        return ["taskset", "-c", str(cpu)]
    return []


class Daemon:
    """One wibbelld of ours: started, stopped and killed by its pid."""

    def __init__(self, exe, work, name, store, port=0, extra=()):
        self.exe, self.store, self.port = exe, store, port
        self.data = os.path.join(work, "data-" + name)
        os.makedirs(self.data, exist_ok=True)
        if not os.path.exists(os.path.join(self.data, "dict")):
            os.symlink(DICT_SRC, os.path.join(self.data, "dict"))
        self.out = os.path.join(work, name + ".out")
        self.err = os.path.join(work, name + ".err")
        self.extra = list(extra)
        self.proc = None

    def start(self, cpu=0):
        with open(self.out, "w") as out, open(self.err, "ab") as err:
            self.proc = subprocess.Popen(
                pin(cpu) + [self.exe, "--listen", "127.0.0.1:%d" % self.port, "--data-dir",
                            self.data, "--store", self.store, "--dictionaries", "en",
                            "--max-matches", "100000", "--max-connections-per-ip", "0"]
                + self.extra, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        return self

    def address(self, timeout=120):
        """host:port once it says it listens."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = open(self.out).read()
            m = re.search(r"listening on http://([^/ \n]+)", text)
            if m:
                return m.group(1)
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise RuntimeError("the daemon did not start:\n" + open(self.err, errors="replace")
                           .read()[-3000:])

    def kill(self, sig=signal.SIGKILL):
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.kill(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def took_over(self):
        return TOOK_OVER_RE.findall(open(self.err, errors="replace").read())


def request(port, method, path, body=None, token=None, timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        h = {"Authorization": "Bearer " + token} if token else {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            h["Content-Type"] = "application/json"
        c.request(method, path, body=data, headers=h)
        r = c.getresponse()
        return r.status, json.loads(r.read().decode() or "null")
    finally:
        c.close()


def games_load(exe, db, work, name):
    """bench_games_load against one daemon: its key-value figures."""
    d = Daemon(exe, work, name, url_of(db), extra=["--instance", "a"]).start(0)
    try:
        addr = d.address()
        out = subprocess.run(pin(1) + [os.path.join(B, "tests", "bench_games_load"), "-c",
                                       CLIENTS, "-d", DUR, "-w", "1", "-p", str(d.proc.pid),
                                       "-g", "wibbell", "-o", '{"tie_window_ms":0}', "-f",
                                       '"qzx"', addr],
                             check=True, capture_output=True, text=True).stdout
    finally:
        d.kill(signal.SIGTERM)
    return dict(l.split(None, 1) for l in out.splitlines() if " " in l)


def show(r):
    return ("%s actions/s (%s in %s s, %s errors); p50 %s ms, p99 %s ms; daemon CPU %s ms per "
            "action" % (r.get("actions_per_s"), r.get("actions"), r.get("seconds"),
                        r.get("errors"), r.get("p50_ms"), r.get("p99_ms"),
                        r.get("daemon_cpu_ms_per_action")))


def dist(xs, unit):
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    return "min %.2f, median %.2f, p90 %.2f, max %.2f %s (%d)" % (
        xs[0], statistics.median(xs), p90, xs[-1], unit, len(xs))


def takeovers(work):
    db = "wb_takeover"
    sh("createdb", db)
    exe = os.path.join(B, "daemon", "wibbelld")
    ports = [free_port(), free_port()]
    ds = [Daemon(exe, work, "t%d" % i, url_of(db), port=ports[i], extra=["--instance", "a"])
          for i in range(2)]
    ds[0].start(0)
    ds[0].address()
    ds[1].start(0)
    made = []
    for i in range(MATCHES):
        st, doc = request(ports[0], "POST", "/v1/games",
                          {"game": "woodlouse-chaos", "players": ["a", "b", "c"], "seed": i})
        assert st == 201, doc
        made.append(doc)
    probe = made[0]
    stop = threading.Event()
    count = [0]

    def client():
        """One player on the shard, on whichever port answers."""
        rnd = random.Random(1)
        while not stop.is_set():
            doc = rnd.choice(made)
            for port in ports:
                try:
                    st, view = request(port, "GET", "/v1/games/" + doc["id"],
                                       token=doc["host_token"], timeout=5)
                    if st != 200 or view["status"] != "active":
                        continue
                    seat = view["to_act"][0]
                    tok = doc["players"][seat]["token"]
                    st, acts = request(port, "GET", "/v1/games/%s/actions" % doc["id"],
                                       token=tok, timeout=5)
                    if st == 200 and acts["actions"]:
                        st, _ = request(port, "POST", "/v1/games/%s/actions" % doc["id"],
                                        acts["actions"][0], token=tok, timeout=5)
                        if st == 200:
                            count[0] += 1
                    break
                except (OSError, ValueError, KeyError, http.client.HTTPException):
                    continue
            time.sleep(0.01)

    t = threading.Thread(target=client, daemon=True)
    t.start()
    gaps, loads = [], []
    try:
        owner = 0
        for k in range(KILLS):
            time.sleep(1.0)
            other = 1 - owner
            seen = len(ds[other].took_over())
            t0 = time.monotonic()
            ds[owner].kill()
            while True:
                try:
                    st, _ = request(ports[other], "GET", "/v1/games/" + probe["id"],
                                    token=probe["host_token"], timeout=5)
                    if st == 200:
                        break
                except (OSError, ValueError, http.client.HTTPException):
                    pass
                if time.monotonic() - t0 > 120:
                    raise RuntimeError("no takeover in 120 s:\n" + open(ds[other].err).read()
                                       [-3000:])
                time.sleep(0.01)
            gaps.append(time.monotonic() - t0)
            said = ds[other].took_over()
            if len(said) > seen:
                loads.append(int(said[-1][4]))
            print("   kill %2d: answered again after %.2f s%s" % (
                k + 1, gaps[-1], (", loaded %s matches in %s ms (epoch %s)"
                                  % (said[-1][3], said[-1][4], said[-1][1]))
                if len(said) > seen else ""))
            sys.stdout.flush()
            ds[owner].start(0)  # the new standby
            owner = other
            time.sleep(1.0)     # it starts and waits on the lease
    finally:
        stop.set()
        t.join(10)
        for d in ds:
            d.kill(signal.SIGTERM)
    epoch = psql(db, "SELECT epoch FROM wibbelld_leases WHERE shard = 'a'")
    print("== takeover, lease default, %d matches in the shard: answered again after %s"
          % (MATCHES, dist(gaps, "s")))
    if loads:
        print("   the shard loaded in %s" % dist(loads, "ms"))
    print("   %d actions acknowledged meanwhile; the lease's epoch at the end: %s"
          % (count[0], epoch))


def main():
    if not os.environ.get("WB_TEST_PG"):
        os.environ["TMPDIR"] = os.path.abspath(os.environ.get("BENCH_DIR") or B)
        os.execvp(sys.executable, [sys.executable, os.path.join(ROOT, "tests", "pg_run.py"),
                                   "--durable", "--", sys.executable, os.path.abspath(__file__)])
    for exe in ("daemon/wibbelld", "tests/bench_games_load"):
        if not os.access(os.path.join(B, exe), os.X_OK):
            sys.exit("build first: ninja -C %s" % B)
    work = tempfile.mkdtemp(prefix="bench-takeover.", dir=os.environ.get("TMPDIR"))
    global DICT_SRC
    DICT_SRC = os.path.join(B, "tests", "testdata", "dict")
    try:
        if not os.path.isdir(os.path.join(DICT_SRC, "en")):
            subprocess.run([os.path.join(B, "dict", "wibbell-dict"), "--data-dir",
                            os.path.join(work, "dictdata"), "build", "en"], check=True,
                           capture_output=True)
            DICT_SRC = os.path.join(work, "dictdata", "dict")
        fs = sh("df", "-T", work).splitlines()[1].split()
        print("== machine: %d cores; data on %s (%s)" % (os.cpu_count(), fs[1], fs[0]))
        try:
            commit = sh("git", "-C", ROOT, "rev-parse", "--short", "HEAD")
        except subprocess.CalledProcessError:
            commit = "?"
        print("== commit %s, %s" % (commit, time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime())))
        print("== load before: %s (1, 5, 15 min)" % " ".join(open("/proc/loadavg").read()
                                                             .split()[:3]))
        print("== PostgreSQL %s, fsync %s, synchronous_commit %s" % (
            psql("postgres", "SHOW server_version"), psql("postgres", "SHOW fsync"),
            psql("postgres", "SHOW synchronous_commit")))
        sys.stdout.flush()
        src = os.path.join(work, "loop.c")
        with open(src, "w") as f:
            f.write(LOOP_C)
        flags = sh("pkg-config", "--cflags", "--libs", "libpq").split()
        sh("cc", "-O2", "-o", os.path.join(work, "loop"), src, *flags)
        sh("createdb", "wb_loop")
        for n in range(2 * int(os.environ.get("ROUNDS", "2"))):
            sh("createdb", "wb_games%d" % n)
        loop = float(sh(*(pin(0) + [os.path.join(work, "loop"), "dbname=wb_loop", DUR])))
        print("== libpq loop, one durable 200-byte INSERT per transaction: %.0f/s" % loop)
        exe = os.path.join(B, "daemon", "wibbelld")
        helped = subprocess.run([exe, "--help"], capture_output=True, text=True)
        leased = "--lease-ms" in helped.stdout + helped.stderr
        kind = "fenced" if leased else "unfenced"
        print("== Wibbell over HTTP, %s connections, %s:" % (
            CLIENTS, "one owner with its lease and fence" if leased else
            "one daemon of a build without the lease (a figure of before)"))
        old = os.path.join(os.path.abspath(BEFORE), "daemon", "wibbelld") if BEFORE else None
        # with BEFORE: ROUNDS (2) rounds, the order swapped each round, so
        # that the load's drift falls on both alike
        rounds = int(os.environ.get("ROUNDS", "2")) if BEFORE else 1
        got = {"new": [], "old": []}
        for i in range(rounds):
            order = ["new", "old"] if BEFORE else ["new"]
            if i % 2:
                order.reverse()
            for which in order:
                n = len(got["new"]) + len(got["old"])
                r = games_load(exe if which == "new" else old, "wb_games%d" % n, work,
                               "games%d" % n)
                got[which].append(float(r["actions_per_s"]))
                print("   %s%s" % ("" if which == "new" else "before the lease (%s): " % BEFORE,
                                   show(r)))
        fenced = statistics.median(got["new"])
        print("== %s actions/s : the libpq loop = %.2f (bench_store.sh's ratio before the "
              "lease: docs/measurements/performance.md)" % (kind, fenced / loop))
        if BEFORE:
            before = statistics.median(got["old"])
            print("== with the lease : before = %.2f (medians of %d rounds); before : the loop "
                  "= %.2f" % (fenced / before, rounds, before / loop))
        sys.stdout.flush()
        if KILLS > 0 and leased:
            takeovers(work)
        elif KILLS > 0:
            print("== no takeovers: this build has no --lease-ms")
        print("== load after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
