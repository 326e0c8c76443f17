"""wbtest.py - what the end-to-end tests of wibbelld share.

Starts the real daemon (the binary named by $WIBBELLD) on 127.0.0.1 port 0
with a data directory of its own that links the prebuilt dictionaries of
$WIBBELLD_TEST_DATA, reads the real port
from the one line it prints on stdout, waits until /healthz answers, and
stops it by the pid it started (SIGTERM), checking that it exits 0.  No
daemon outlives its test program, whatever fails: a start that fails
kills what it started; module_daemon() / class_daemon() register the stop
before the start (unittest runs registered clean-ups even when the set-up
fails, tearDownModule not); and at exit (SIGTERM, as meson's timeout
sends, included) every daemon still running is killed.  Also
a small HTTP client over http.client and raw sockets, and a unittest runner
that speaks TAP (one `ok`/`not ok` line per test), ends with the line
`e2e: N passed, M failed` and exits non-zero on any failure.

With $WIBBELLD_TEST_STORE=postgresql (tests/pg_run.py sets it, with the
PGHOST, PGPORT and PGUSER of the PostgreSQL it started), every daemon keeps
its matches in PostgreSQL instead: a database of its own per data
directory (so a daemon started again on the same data directory finds its
matches), given as --store unless the test gives its own.

Python 3 standard library only.
"""
import atexit
import http.client
import json
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

LISTEN_RE = re.compile(r"^wibbelld: listening on http://(\[[^\]]+\]|[^:/]+):(\d+)$")
START_TIMEOUT = 240.0  # a start that says nothing new for this long has failed
START_MAX = 1200.0     # ... and one that is still building dictionaries
                       # (progress lines on stderr) this long has too
STOP_TIMEOUT = 30.0


SANITIZER_STATUS = 99
SANITIZER_RE = re.compile(r"runtime error:|ERROR: \w+Sanitizer|WARNING: \w+Sanitizer")


def free_port():
    """A loopback port free now (for a server the test starts)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def sanitizer_report(text):
    """The sanitizer lines (with what follows) of a stderr text, or ""."""
    m = SANITIZER_RE.search(text)
    return text[m.start():][:4000] if m else ""


_made_dirs = []


def make_data_dir():
    """A new temporary data directory whose dict/ is the prebuilt test
    dictionaries (opened read-only, so shared), and whose games/ is its
    own: no two daemons ever share a games store.  Removed at exit."""
    src = os.path.join(env_path("WIBBELLD_TEST_DATA"), "dict")
    d = tempfile.mkdtemp(prefix="wibbelld-e2e-")
    os.symlink(os.path.abspath(src), os.path.join(d, "dict"))
    _made_dirs.append(d)
    return d


@atexit.register
def _remove_made_dirs():
    for d in _made_dirs:
        shutil.rmtree(d, ignore_errors=True)


_started = []  # every Daemon whose process was started here


@atexit.register
def _kill_leftovers():
    """The last safety net (registered after _remove_made_dirs, so it runs
    before): a daemon still running at exit is killed by its pid."""
    for d in _started:
        if d.alive():
            sys.stderr.write("e2e: wibbelld pid %d was still running at exit: killed\n"
                             % d.proc.pid)
            d.kill()


def _exit_on_sigterm(signum, frame):
    # The default action would end the program without its atexit hooks.
    raise SystemExit(128 + signum)


if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)


def stop_checked(d):
    """Stop a daemon that module_daemon() or class_daemon() started:
    SIGTERM and exit status 0 expected; one whose start failed is only
    killed (the failure is reported already)."""
    if not d.started:
        d.kill()
        return
    rc = d.stop()
    if rc != 0:
        sys.stderr.write(d.stderr_text()[-3000:])
        raise AssertionError("wibbelld exited with %r after SIGTERM, not 0" % rc)


def module_daemon(d, stop=stop_checked):
    """From setUpModule: register stop(d) for the end of the module, then
    start d and return it.  The clean-up runs whatever fails after its
    registration (the start, the rest of the set-up, the tests)."""
    unittest.addModuleCleanup(stop, d)
    return d.start()


def class_daemon(cls, d, stop=stop_checked):
    """The same from setUpClass, for the end of the class."""
    cls.addClassCleanup(stop, d)
    return d.start()


def env_path(name):
    v = os.environ.get(name)
    if not v:
        sys.stderr.write("e2e: the environment variable %s is not set\n" % name)
        sys.exit(2)
    return v


_pg_dbs = {}  # data directory -> the --store URL of its database


def store_kind():
    """"postgresql" when the daemons keep their matches there, else "lmdb"."""
    return "postgresql" if os.environ.get("WIBBELLD_TEST_STORE") == "postgresql" else "lmdb"


def pg_store_for(data_dir):
    """The store URL of data_dir's own database (made at its first use) on
    the PostgreSQL of $PGHOST/$PGPORT/$PGUSER."""
    if data_dir not in _pg_dbs:
        name = "wbe_%d_%d" % (os.getpid(), len(_pg_dbs) + 1)
        subprocess.run(["createdb", name], check=True, stdin=subprocess.DEVNULL)
        _pg_dbs[data_dir] = "postgresql:///%s?host=%s&port=%s&user=%s" % (
            name, urllib.parse.quote(os.environ["PGHOST"], safe=""), os.environ["PGPORT"],
            os.environ["PGUSER"])
    return _pg_dbs[data_dir]


class Daemon:
    """One wibbelld process started by these tests."""

    def __init__(self, args=(), data_dir=None, listen="127.0.0.1:0", env=None,
                 data_dir_arg=True):
        self.exe = env_path("WIBBELLD")
        self.data_dir = data_dir or make_data_dir()
        self.args = ["--listen", listen]
        if data_dir_arg:
            self.args += ["--data-dir", self.data_dir]
        self.args += list(args)
        if store_kind() == "postgresql" and "--store" not in self.args:
            self.args += ["--store", pg_store_for(os.path.abspath(self.data_dir))]
        self.env = env
        self.proc = None
        self.host = None
        self.port = None
        self.stderr = tempfile.TemporaryFile(mode="w+b")
        self.started = False  # the last start() answered /healthz

    def start(self):
        """Start the process and wait until /healthz answers; on any
        failure the process is killed before the exception goes on."""
        self.started = False
        self.proc = subprocess.Popen([self.exe] + self.args, stdout=subprocess.PIPE,
                                     stderr=self.stderr, stdin=subprocess.DEVNULL,
                                     env=self.env)
        if self not in _started:
            _started.append(self)
        try:
            self._await_ready()
        except BaseException:
            self.kill()
            raise
        self.started = True
        return self

    def _await_ready(self):
        line = self._read_line(START_TIMEOUT, progress=True)
        m = LISTEN_RE.match(line)
        if not m:
            raise RuntimeError("wibbelld did not announce its address; stdout %r; stderr:\n%s"
                               % (line, self.stderr_text()))
        self.host = m.group(1).strip("[]")
        self.port = int(m.group(2))
        if self.port == 0:
            raise RuntimeError("wibbelld announced port 0")
        deadline = time.monotonic() + 10
        while True:
            try:
                status, _, _ = self.request("GET", "/healthz")
                if status == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("wibbelld does not answer /healthz")
            time.sleep(0.05)

    def _read_line(self, timeout, progress=False):
        """The first line on stdout, waiting at most `timeout` seconds; with
        `progress`, the wait starts again whenever the daemon says more on
        stderr (a first start building dictionaries under ASan on a loaded
        machine takes minutes, saying how far it is), up to START_MAX."""
        start = time.monotonic()
        deadline = start + timeout
        fd = self.proc.stdout.fileno()
        buf = b""
        said = 0
        while b"\n" not in buf:
            left = deadline - time.monotonic()
            if left <= 0 and progress:
                now = os.fstat(self.stderr.fileno()).st_size
                if now > said and time.monotonic() - start < START_MAX:
                    said = now
                    deadline = time.monotonic() + timeout
                    continue
            if left <= 0:
                break
            r, _, _ = select.select([fd], [], [], left)
            if not r:
                continue  # the deadline, or more time for progress
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            buf += chunk
        return buf.split(b"\n", 1)[0].decode("utf-8", "replace")

    def stderr_text(self):
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self, sig=signal.SIGTERM):
        """Signal the process we started; return its exit status.  A
        sanitizer report on its stderr (UBSan does not change the exit
        status by itself) turns a 0 into SANITIZER_STATUS."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            os.kill(self.proc.pid, sig)
        try:
            rc = self.proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            rc = None
        self.proc.stdout.close()
        report = sanitizer_report(self.stderr_text())
        if report:
            print("# sanitizer report of wibbelld pid %d:" % self.proc.pid)
            for l in report.splitlines():
                print("#   " + l)
            if rc == 0:
                rc = SANITIZER_STATUS
        return rc

    def kill(self):
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        if self.proc is not None and not self.proc.stdout.closed:
            self.proc.stdout.close()

    # --- HTTP ---

    def connect(self, timeout=30):
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method, path, body=None, headers=None, conn=None):
        """One request; returns (status, headers as a lower-case dict, body bytes)."""
        own = conn is None
        c = conn or self.connect()
        try:
            h = dict(headers or {})
            if isinstance(body, (dict, list)):
                body = json.dumps(body).encode("utf-8")
            elif isinstance(body, str):
                body = body.encode("utf-8")
            # Bodies are JSON unless a test says otherwise; a header given
            # as None is not sent at all.
            if body is not None:
                h.setdefault("Content-Type", "application/json")
            h = {k: v for k, v in h.items() if v is not None}
            c.request(method, path, body=body, headers=h)
            r = c.getresponse()
            data = r.read()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, data
        finally:
            if own:
                c.close()

    def json(self, method, path, body=None, headers=None):
        """A request whose answer must be JSON: (status, headers, document)."""
        status, hdrs, data = self.request(method, path, body, headers)
        try:
            doc = json.loads(data.decode("utf-8"))
        except ValueError:
            raise AssertionError("%s %s: not JSON: %r" % (method, path, data[:200]))
        return status, hdrs, doc

    def raw(self, data, timeout=10):
        """Send raw bytes on a new connection; return everything read
        until the server closes it or the first response is complete."""
        s = socket.create_connection((self.host, self.port), timeout=timeout)
        try:
            s.sendall(data)
            return read_response(s)
        finally:
            s.close()


def read_response(s):
    """Read one HTTP/1.1 response (with Content-Length) from socket s:
    (status, headers as a lower-case dict, body bytes)."""
    buf = b""
    while b"\r\n\r\n" not in buf:
        chunk = s.recv(65536)
        if not chunk:
            break
        buf += chunk
    head, _, body = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if not lines or not lines[0].startswith("HTTP/"):
        raise AssertionError("no HTTP response: %r" % buf[:200])
    status = int(lines[0].split()[1])
    hdrs = {}
    for l in lines[1:]:
        k, _, v = l.partition(":")
        hdrs[k.strip().lower()] = v.strip()
    n = int(hdrs.get("content-length", "0"))
    while len(body) < n:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, hdrs, body[:n]


# Called as f(test) before each test, and f(test, passed) after it, its
# own clean-ups done (a harness's: wbbrowser.py hands the test's browsers
# on to the next test).
BEFORE_TEST = []
AFTER_TEST = []


class TapResult(unittest.TestResult):
    """Reports each test as a TAP line on stdout as it ends."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.n = 0
        self.passed = 0
        self.bad = 0
        self.t0 = time.monotonic()
        self.bad_before = 0

    def startTest(self, test):
        super().startTest(test)
        self.t0 = time.monotonic()
        self.bad_before = self.bad
        for f in BEFORE_TEST:
            f(test)

    def stopTest(self, test):
        super().stopTest(test)
        for f in AFTER_TEST:
            f(test, self.bad == self.bad_before)

    def _line(self, ok, test, note=""):
        self.n += 1
        name = test.id() if hasattr(test, "id") else str(test)
        if name.startswith("__main__."):
            name = name[len("__main__."):]
        print("%s %d - %s%s (%.1f s)" % ("ok" if ok else "not ok", self.n, name, note,
                                          time.monotonic() - self.t0))
        sys.stdout.flush()

    def _diag(self, text):
        """A failure's story on stdout (TAP) and on stderr, which is what a
        CI log shows of a failing test."""
        for l in text.rstrip("\n").split("\n"):
            print("# " + l)
            sys.stderr.write("# " + l + "\n")
        sys.stdout.flush()
        sys.stderr.flush()

    def addSuccess(self, test):
        super().addSuccess(test)
        self.passed += 1
        self._line(True, test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.bad += 1
        self._line(False, test)
        self._diag(self.failures[-1][1])

    def addError(self, test, err):
        super().addError(test, err)
        self.bad += 1
        self._line(False, test)
        self._diag(self.errors[-1][1])

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.passed += 1
        self._line(True, test, " # SKIP " + reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.passed += 1
        self._line(True, test, " # TODO expected failure")

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.bad += 1
        self._line(False, test, " # unexpected success")


def main(module_name="__main__"):
    """Run the tests of a module as TAP on stdout (the plan comes last);
    end with `e2e: N passed, M failed` (a TAP comment on stdout, and a
    plain line on stderr); exit 0 only if all passed."""
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[module_name])
    res = TapResult()
    suite.run(res)
    print("1..%d" % res.n)
    summary = "e2e: %d passed, %d failed" % (res.passed, res.bad)
    print("# " + summary)
    sys.stdout.flush()
    sys.stderr.write(summary + "\n")
    sys.exit(0 if res.bad == 0 and res.n > 0 else 1)
