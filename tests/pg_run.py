#!/usr/bin/env python3
"""pg_run.py - run test programs against a real PostgreSQL of their own.

    python3 tests/pg_run.py [--durable] [--env NAME=VALUE]... -- PROGRAM [ARGS]...
                            [-- PROGRAM ...]

Makes a PostgreSQL server (Debian's `postgresql`: initdb into a temporary
folder, `pg_ctl start` on a free loopback port with its unix socket in
that folder), runs each program in turn with PGHOST (the socket folder),
PGPORT, PGUSER and WB_TEST_PG=1 in its environment (and the --env
settings; WB_TEST_PG_DATA and WB_TEST_PG_USER, the server's data folder
and the user it runs as, for a test that restarts it with pg_ctl), and
stops the server by its pid whatever fails: at the end, on
an exception, on SIGTERM (meson's timeout) and at exit.  As root the
server runs as `nobody` (PostgreSQL refuses to run as root) in a folder
given to it; the programs stay root and reach it through the socket.

The programs speak TAP; their lines are passed on with the tests numbered
one after another and one plan at the end, so that the whole run reads as
one TAP program.  Exit status 0 only if every program exits 0.

The tests kill daemons, never the server, and throw its folder away: it
runs without fsync (commits are still synchronous: a daemon's commit
returns once the server has it), which makes a database per test cheap on
a loaded machine.  --durable keeps PostgreSQL's defaults (fsync on), for
benchmarks whose figures are to mean a disk.  Python 3 standard library
only.
"""
import atexit
import glob
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

USER = "wibbelld"  # the server's superuser, the tests' role


def pg_bin(name):
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/" + name))
    if not found:
        sys.stderr.write("pg_run: %s not found: install Debian's postgresql\n" % name)
        sys.exit(2)
    return found[-1]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    """One PostgreSQL server in a temporary folder, stopped by its pid."""

    def __init__(self, durable=False):
        self.durable = durable
        self.dir = tempfile.mkdtemp(prefix="wibbelld-pg-")
        self.data = os.path.join(self.dir, "data")
        self.pid = None
        self.port = None
        self.user = None
        if os.geteuid() == 0:
            self.user = "nobody"
            pw = pwd.getpwnam(self.user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)

    def _run(self, args, **kw):
        return subprocess.run(args, user=self.user, cwd=self.dir, stdin=subprocess.DEVNULL,
                              **kw)

    def start(self):
        # the socket lets in without a password; loopback TCP asks for one
        # (so that a test can meet a wrong password)
        r = self._run([pg_bin("initdb"), "-D", self.data, "-U", USER, "--auth-local=trust",
                       "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"],
                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode != 0:
            raise RuntimeError("initdb failed:\n" + r.stdout.decode("utf-8", "replace"))
        for attempt in range(5):
            self.port = free_port()
            opts = ("-c listen_addresses=127.0.0.1 -p %d -k %s -c max_connections=300 "
                    "-c shared_buffers=32MB" % (self.port, self.dir))
            if not self.durable:
                opts += " -c fsync=off -c full_page_writes=off"
            log = os.path.join(self.dir, "server.log")
            r = self._run([pg_bin("pg_ctl"), "-D", self.data, "-l", log, "-o", opts,
                           "-w", "-t", "120", "start"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
            self._read_pid()
            if r.returncode == 0 and self.pid:
                return self
            self.stop()
            text = open(log, errors="replace").read() if os.path.exists(log) else ""
            if "could not bind" not in text and "in use" not in text:
                raise RuntimeError("pg_ctl start failed:\n" + text[-3000:])
        raise RuntimeError("no free port for PostgreSQL")

    def _read_pid(self):
        try:
            with open(os.path.join(self.data, "postmaster.pid")) as f:
                self.pid = int(f.readline())
        except (OSError, ValueError):
            pass

    def alive(self):
        return self.alive_pid(self.pid)

    @staticmethod
    def alive_pid(pid):
        if not pid:
            return False
        try:
            os.kill(pid, 0)
            return True
        except ProcessLookupError:
            return False
        except PermissionError:
            return True

    def stop(self):
        """Immediate shutdown by the pid (SIGQUIT: the folder is thrown
        away, so no checkpoint), SIGKILL after 30 s.  The pid is read
        again first: a test may have restarted the server."""
        old = self.pid
        self._read_pid()
        if old and self.pid != old and self.alive_pid(old):
            os.kill(old, signal.SIGKILL)
        if self.pid and self.alive():
            os.kill(self.pid, signal.SIGQUIT)
            deadline = time.monotonic() + 30
            while self.alive() and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.alive():
                os.kill(self.pid, signal.SIGKILL)
        self.pid = None

    def remove(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def env(self):
        e = dict(os.environ)
        e.update(PGHOST=self.dir, PGPORT=str(self.port), PGUSER=USER, PGDATABASE="postgres",
                 WB_TEST_PG="1", WB_TEST_PG_DATA=self.data,
                 WB_TEST_PG_USER=self.user or "")
        return e


TAP_RE = re.compile(r"^(not ok|ok)\b\s*\d*\s?(.*)$")
PLAN_RE = re.compile(r"^1\.\.\d+")


_running = []  # the test program running now


def stop_running():
    """A program still running when this one ends (SIGTERM, an error) gets
    SIGTERM (so it stops its own daemons) and then SIGKILL after 30 s,
    before the server goes."""
    for p in _running:
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def run_tap(cmd, env, counter):
    """Run one program, passing its TAP lines on renumbered; its exit status."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env, stdin=subprocess.DEVNULL)
    _running[:] = [p]
    for raw in p.stdout:
        line = raw.decode("utf-8", "replace").rstrip("\n")
        m = TAP_RE.match(line)
        if m:
            counter[0] += 1
            word = m.group(1)
            if m.group(2).startswith("# SKIP"):
                word = "ok"  # cmocka writes a skip as "not ok N # SKIP"; TAP's is "ok"
            print("%s %d %s" % (word, counter[0], m.group(2)))
        elif PLAN_RE.match(line):
            continue
        else:
            print(line)
        sys.stdout.flush()
    return p.wait()


def main(argv):
    extra = {}
    durable = False
    i = 0
    while i < len(argv) and argv[i] != "--":
        if argv[i] == "--durable":
            durable = True
            i += 1
        elif argv[i] == "--env" and i + 1 < len(argv):
            k, _, v = argv[i + 1].partition("=")
            extra[k] = v
            i += 2
        else:
            sys.stderr.write(__doc__)
            return 2
    cmds, cur = [], None
    for a in argv[i:]:
        if a == "--":
            cur = []
            cmds.append(cur)
        else:
            cur.append(a)
    cmds = [c for c in cmds if c]
    if not cmds:
        sys.stderr.write(__doc__)
        return 2
    server = Server(durable)
    atexit.register(server.remove)
    signal.signal(signal.SIGTERM, lambda s, f: sys.exit(128 + s))
    signal.signal(signal.SIGINT, lambda s, f: sys.exit(128 + s))
    bad = 0
    try:
        server.start()
        env = server.env()
        env.update(extra)
        counter = [0]
        for c in cmds:
            t0 = time.monotonic()
            rc = run_tap(c, env, counter)
            print("# pg_run: %s: exit %d, %.1f s" % (os.path.basename(c[-1] if len(c) > 1
                                                                     else c[0]), rc,
                                                    time.monotonic() - t0))
            if rc != 0:
                bad += 1
        print("1..%d" % counter[0])
    finally:
        stop_running()
        server.remove()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
