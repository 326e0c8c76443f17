#!/usr/bin/env python3
"""bench_takeover.py - the takeover time of a shard (not a test): kill -9
of the owning daemon to the standby's first answer, with the daemon's
default lease (or --lease-ms MS), RUNS times (default 5).

    python3 tests/bench/bench_takeover.py [RUNS] [--lease-ms MS]

Runs itself inside tests/pg_run.py (a PostgreSQL of its own, stopped by
its pid at the end).  Two daemons on one database and shard (no
--instance), 20 matches in it: the owner, and a standby waiting for its
lease; the owner is killed at a different point of its renewal period
each run (0.5 s + 0.37 s per run after the standby said it waits), and
the time to the standby's first 200 on /healthz (it listens only once it
owns the shard) is printed with the standby's own line (its epoch and
how long loading the shard took).  The killed owner's place is taken by
a new standby for the next run.  BUILD (default build) names the build.
Python 3 standard library only.
"""
import http.client
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
if not os.environ.get("WB_TEST_PG"):
    build = os.environ.get("BUILD", os.path.join(os.path.dirname(SRC), "build"))
    env = dict(os.environ, WIBBELLD=os.path.join(os.path.abspath(build), "daemon", "wibbelld"),
               WIBBELLD_TEST_DATA=os.path.join(os.path.abspath(build), "tests", "testdata"),
               WIBBELLD_TEST_SRC=SRC)
    os.execvpe(sys.executable, [sys.executable, os.path.join(SRC, "pg_run.py"), "--",
                                sys.executable, os.path.abspath(__file__)] + sys.argv[1:], env)

sys.path.insert(0, os.path.join(SRC, "e2e"))
import wbtest  # noqa: E402

args = sys.argv[1:]
lease = []
if "--lease-ms" in args:
    i = args.index("--lease-ms")
    lease = ["--lease-ms", args[i + 1]]
    del args[i:i + 2]
RUNS = int(args[0]) if args else 5
EXE = os.environ["WIBBELLD"]
subprocess.run(["createdb", "takeover"], check=True)
URL = "postgresql:///takeover?host=%s&port=%s&user=%s" % (
    urllib.parse.quote(os.environ["PGHOST"], safe=""), os.environ["PGPORT"],
    os.environ["PGUSER"])
DATA = wbtest.make_data_dir()


def start(port):
    err = tempfile.TemporaryFile()
    p = subprocess.Popen([EXE, "--listen", "127.0.0.1:%d" % port, "--data-dir", DATA,
                          "--dictionaries", "en_US", "--store", URL] + lease,
                         stdout=subprocess.DEVNULL, stderr=err, stdin=subprocess.DEVNULL)
    return p, err


def healthz(port):
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        c.request("GET", "/healthz")
        return c.getresponse().status == 200
    except OSError:
        return False


def text(err):
    err.seek(0)
    return err.read().decode("utf-8", "replace")


def main():
    ports = [wbtest.free_port(), wbtest.free_port()]
    owner = start(ports[0])
    procs = [owner[0]]
    try:
        while not healthz(ports[0]):
            time.sleep(0.01)
        for _ in range(20):
            c = http.client.HTTPConnection("127.0.0.1", ports[0])
            c.request("POST", "/v1/games",
                      '{"game":"woodlouse-chaos","players":["a","b","c"]}',
                      {"Content-Type": "application/json"})
            assert c.getresponse().status == 201
        print("# commit %s, %s, %d cores, load %s" % (
            subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                           text=True, cwd=SRC).stdout.strip() or "?",
            time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()), os.cpu_count(),
            open("/proc/loadavg").read().split()[0]))
        times = []
        k = 1
        for run in range(RUNS):
            sb = start(ports[k])
            procs.append(sb[0])
            while "standby for shard" not in text(sb[1]):
                time.sleep(0.01)
            time.sleep(0.5 + 0.37 * run)  # another point of the renewal period each run
            t0 = time.monotonic()
            owner[0].kill()
            owner[0].wait()
            while not healthz(ports[k]):
                time.sleep(0.005)
            dt = time.monotonic() - t0
            times.append(dt)
            said = [l for l in text(sb[1]).splitlines() if "took over" in l]
            print("# run %d: kill -9 -> first answer %.3f s (%s)"
                  % (run + 1, dt, said[-1] if said else "?"))
            owner, k = sb, 1 - k
        times.sort()
        print("# takeover, lease %s: min %.3f median %.3f max %.3f s over %d runs"
              % (lease[1] + " ms" if lease else "default", times[0], times[len(times) // 2],
                 times[-1], RUNS))
        print("ok 1 - takeover measured")
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    print("1..1")


main()
