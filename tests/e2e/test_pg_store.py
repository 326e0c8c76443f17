"""test_pg_store.py - the PostgreSQL store of matches, as an operator meets it.

Run by e2e-pg under tests/pg_run.py (a real PostgreSQL; PGHOST, PGPORT and
PGUSER name it); skipped without one.  Each test has a database of its own.

- a first start creates the schema (version 2) and a restart finds every
  match in it; a version 1 database is migrated (its rows keep their
  matches, in the shard their id names);
- a --store that is neither lmdb nor a PostgreSQL URL is a usage error
  (exit 2) that does not repeat the value (it may hold a password);
- an unreachable server, a wrong password and a database of another
  schema version each stop the start (exit 1) with a message that says
  which, and change nothing;
- the lease: a second daemon of the same instance waits as a standby
  (not listening; SIGTERM ends the wait with exit 0) and takes the shard
  over when the owner is killed (every acknowledged action there, the
  log contiguous), while a daemon of another instance runs beside them; an owner stopped (SIGSTOP) past
  its lease is taken over, and once continued it answers nothing with
  its old state, writes no row with its old epoch and exits 75 saying
  so; a timer deadline that passes while no daemon owns the shard fires
  exactly once, on the new owner;
- the daemon's sessions ended under play (pg_terminate_backend), and the
  server restarted under play (pg_ctl restart -m fast): every answer is a
  200 or a 503 storage_unavailable, never another, and play resumes by
  itself; the log stays contiguous; a server down for longer than the
  lease: 503 meanwhile, then the same daemon plays on at the same epoch.
"""
import http.client
import json
import os
import shlex
import signal
import subprocess
import threading
import time
import unittest
import urllib.parse

import wbtest
from wbgames import EventStream, GamesDaemon, bearer

HAVE_PG = bool(os.environ.get("WB_TEST_PG"))
_n = [0]


def new_db_url(name):
    return "postgresql:///%s?host=%s&port=%s&user=%s" % (
        name, urllib.parse.quote(os.environ["PGHOST"], safe=""), os.environ["PGPORT"],
        os.environ["PGUSER"])


def new_db():
    """A fresh database; returns (name, its --store URL)."""
    _n[0] += 1
    name = "wbs_%d_%d" % (os.getpid(), _n[0])
    subprocess.run(["createdb", name], check=True, stdin=subprocess.DEVNULL)
    return name, new_db_url(name)


def pg_ctl():
    import glob
    return sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))[-1]


def psql(db, sql):
    return subprocess.run(["psql", "-Atq", "-d", db, "-c", sql], check=True,
                          capture_output=True, text=True).stdout.strip()


def start_fails(args, timeout=60):
    """Run the daemon with args expecting it to exit; (status, stderr)."""
    d = wbtest.make_data_dir()
    p = subprocess.run([wbtest.env_path("WIBBELLD"), "--listen", "127.0.0.1:0",
                        "--data-dir", d, "--dictionaries", "en_US"] + list(args),
                       capture_output=True, text=True, timeout=timeout,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stderr


free_port = wbtest.free_port

LEASE = "800"  # ms: short, so that a takeover comes within a second or two
WAIT = 60      # s: the most any wait below waits for what it reads


def wait_for(what, cond, timeout=WAIT, step=0.05):
    deadline = time.monotonic() + timeout
    while True:
        v = cond()
        if v:
            return v
        if time.monotonic() > deadline:
            raise AssertionError("waited %d s for %s" % (timeout, what))
        time.sleep(step)


def stream_ends(es, within):
    """Whether the event stream `es` ends (its end, or the server cutting
    it) within `within` seconds; heartbeats do not count.  Read on a
    thread of its own, which closing the stream ends either way."""
    done = threading.Event()

    def read():
        try:
            while es.next() is not None:
                pass
        except (OSError, ValueError, http.client.HTTPException):
            pass
        done.set()

    threading.Thread(target=read, daemon=True).start()
    return done.wait(within)


def rows(db, sql):
    out = psql(db, sql)
    return sorted(l for l in out.splitlines() if l)


@unittest.skipUnless(HAVE_PG, "needs a PostgreSQL (tests/pg_run.py)")
class PgStore(unittest.TestCase):
    def daemon(self, url, args=(), start=True):
        d = GamesDaemon(["--store", url] + list(args))
        self.addCleanup(d.cleanup)
        self.addCleanup(d.kill)
        if start:
            d.start()
        return d

    def standby(self, url, args=()):
        """A daemon started while another owns its shard: it says it waits
        (and listens only once it owns the shard: d.await_owner())."""
        d = self.daemon(url, ["--lease-ms", LEASE] + list(args), start=False)
        d.proc = subprocess.Popen([d.exe] + d.args, stdout=subprocess.PIPE, stderr=d.stderr,
                                  stdin=subprocess.DEVNULL, env=d.env)
        wait_for("the standby's line", lambda: "standby for shard" in d.stderr_text()
                 or not d.alive())
        self.assertTrue(d.alive(), d.stderr_text())
        return d

    def await_owner(self, d):
        d._await_ready()
        d.started = True

    def new_match(self, d, seed=5, options=None):
        body = {"game": "woodlouse-chaos", "players": ["a", "b", "c"], "seed": seed}
        if options:
            body["options"] = options
        st, _, doc = d.json("POST", "/v1/games", body)
        self.assertEqual(st, 201, doc)
        return doc

    def play(self, d, doc, n, until=None):
        """n actions (the first each seat may make), each acknowledged;
        their versions.  Stops early when until(view) holds."""
        gid, toks = doc["id"], [p["token"] for p in doc["players"]]
        acked = []
        for _ in range(n):
            st, _, view = d.json("GET", "/v1/games/" + gid, headers=bearer(doc["host_token"]))
            self.assertEqual(st, 200, view)
            if until and until(view):
                break
            seat = view["to_act"][0]
            st, _, acts = d.json("GET", "/v1/games/%s/actions" % gid,
                                 headers=bearer(toks[seat]))
            st, _, r = d.json("POST", "/v1/games/%s/actions" % gid, acts["actions"][0],
                              headers=bearer(toks[seat]))
            self.assertEqual(st, 200, r)
            acked.append(r["version"])
        return acked

    def log_of(self, d, doc):
        st, _, log = d.json("GET", "/v1/games/%s/log" % doc["id"],
                            headers=bearer(doc["host_token"]))
        self.assertEqual(st, 200, log)
        return log["entries"]

    def test_first_start_creates_the_schema_and_restart_keeps_matches(self):
        name, url = new_db()
        d = self.daemon(url)
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_schema"), "2")
        st, _, doc = d.json("POST", "/v1/games", {"game": "woodlouse-chaos",
                                               "players": ["a", "b", "c"], "seed": 3})
        self.assertEqual(st, 201, doc)
        gid, tok = doc["id"], doc["players"][0]["token"]
        st, _, acts = d.json("GET", "/v1/games/%s/actions" % gid, headers=bearer(tok))
        st, _, r = d.json("POST", "/v1/games/%s/actions" % gid, acts["actions"][0],
                       headers=bearer(tok))
        self.assertEqual(st, 200, r)
        # the action's entry (version 2; the creation is the record)
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_log WHERE id = '%s'" % gid),
                         "2")
        d.restart()
        st, _, view = d.json("GET", "/v1/games/" + gid, headers=bearer(doc["host_token"]))
        self.assertEqual(st, 200, view)
        self.assertEqual(view["version"], 2)
        self.assertFalse(os.path.exists(os.path.join(d.data_dir, "games", "data.mdb")))

    def test_store_that_is_no_url_is_a_usage_error(self):
        rc, err = start_fails(["--store", "postgresq://me:s3cret@db/x"])
        self.assertEqual(rc, 2, err)
        self.assertIn("neither lmdb nor a PostgreSQL URL", err)
        self.assertNotIn("s3cret", err)

    def test_unreachable_server_stops_the_start(self):
        rc, err = start_fails(["--store", "postgresql://127.0.0.1:%d/x" % free_port()])
        self.assertEqual(rc, 1, err)
        self.assertIn("cannot open the match store in PostgreSQL", err)
        self.assertIn("Connection refused", err)

    def test_wrong_password_stops_the_start(self):
        name, _ = new_db()
        psql(name, "CREATE ROLE wbpw LOGIN PASSWORD 'right'")
        url = "postgresql://wbpw:wrong@127.0.0.1:%s/%s" % (os.environ["PGPORT"], name)
        rc, err = start_fails(["--store", url])
        self.assertEqual(rc, 1, err)
        self.assertIn("password authentication failed", err)
        self.assertNotIn("wrong", err.replace("wrong password", ""))

    def test_schema_of_another_version_is_refused_and_kept(self):
        name, url = new_db()
        psql(name, "CREATE TABLE wibbelld_schema (version integer NOT NULL); "
                   "INSERT INTO wibbelld_schema VALUES (3)")
        rc, err = start_fails(["--store", url])
        self.assertEqual(rc, 1, err)
        self.assertIn("schema of version 3", err)
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_schema"), "3")
        self.assertEqual(psql(name, "SELECT count(*) FROM pg_tables "
                                    "WHERE tablename = 'wibbelld_matches'"), "0")

    def test_version_1_database_is_migrated(self):
        # a database as a version 1 daemon left it, one match in it
        src, src_url = new_db()
        d = self.daemon(src_url, ["--instance", "v1"])
        doc = self.new_match(d)
        acked = self.play(d, doc, 3)
        d.stop()
        name, url = new_db()
        psql(name, "CREATE TABLE wibbelld_schema (version integer NOT NULL); "
                   "INSERT INTO wibbelld_schema VALUES (1); "
                   "CREATE TABLE wibbelld_matches (id text PRIMARY KEY, "
                   "version bigint NOT NULL, rec bytea NOT NULL); "
                   "CREATE TABLE wibbelld_log (id text NOT NULL, version bigint NOT NULL, "
                   "entry bytea NOT NULL, PRIMARY KEY (id, version))")
        for table, cols in (("wibbelld_matches", "id, version, rec"),
                            ("wibbelld_log", "id, version, entry")):
            dump = psql(src, "SELECT string_agg(format('(%%L, %%s, %%L)', %s), ',') FROM %s"
                        % (cols, table))
            psql(name, "INSERT INTO %s VALUES %s" % (table, dump))
        d = self.daemon(url, ["--instance", "v1"])
        self.assertIn("migrating the schema from version 1 to 2", d.stderr_text())
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_schema"), "2")
        self.assertEqual(psql(name, "SELECT shard FROM wibbelld_matches"), "v1")
        st, _, view = d.json("GET", "/v1/games/" + doc["id"], headers=bearer(doc["host_token"]))
        self.assertEqual(st, 200, view)
        self.assertEqual(view["version"], acked[-1])
        self.assertEqual([e["version"] for e in self.log_of(d, doc)], acked)
        self.assertEqual(psql(name, "SELECT shard || ' ' || owner FROM wibbelld_leases")[:3],
                         "v1 ")

    def test_standby_takes_over_a_killed_owner(self):
        name, url = new_db()
        a = self.daemon(url, ["--lease-ms", LEASE])
        doc = self.new_match(a)
        acked = self.play(a, doc, 6)
        b = self.standby(url)
        # another instance on the same database runs beside them
        other = self.daemon(url, ["--lease-ms", LEASE, "--instance", "o2"])
        self.assertEqual(other.json("GET", "/healthz")[0], 200)
        a.kill()
        self.await_owner(b)
        self.assertIn("took over shard", b.stderr_text())
        st, _, view = b.json("GET", "/v1/games/" + doc["id"], headers=bearer(doc["host_token"]))
        self.assertEqual(st, 200, view)
        self.assertEqual(view["version"], acked[-1])
        versions = [e["version"] for e in self.log_of(b, doc)]
        self.assertEqual(versions, list(range(2, acked[-1] + 1)))
        self.assertEqual(versions, acked)
        self.assertEqual(self.play(b, doc, 1), [acked[-1] + 1])
        self.assertEqual(other.json("GET", "/v1/games/" + doc["id"])[0], 404)
        self.assertTrue(other.alive())
        self.assertEqual(psql(name, "SELECT epoch FROM wibbelld_leases WHERE shard = ''"), "2")
        # a standby of the new owner stops cleanly on SIGTERM while it waits
        c = self.standby(url)
        self.assertEqual(c.stop(), 0, c.stderr_text())
        self.assertIn("SIGTERM while a standby", c.stderr_text())
        self.assertTrue(b.alive())

    def test_stopped_owner_past_its_lease_writes_nothing_and_exits_75(self):
        name, url = new_db()
        a = self.daemon(url, ["--lease-ms", LEASE])
        doc = self.new_match(a)
        acked = self.play(a, doc, 4)
        b = self.standby(url)
        old = int(psql(name, "SELECT epoch FROM wibbelld_leases WHERE shard = ''"))
        os.kill(a.proc.pid, signal.SIGSTOP)
        self.await_owner(b)
        self.assertEqual(int(psql(name, "SELECT epoch FROM wibbelld_leases WHERE shard = ''")),
                         old + 1)
        q = ("SELECT 'l ' || id || ' ' || version || ' ' || coalesce(epoch, 0) FROM wibbelld_log "
             "UNION ALL SELECT 'm ' || id || ' ' || version || ' ' || coalesce(epoch, 0) "
             "FROM wibbelld_matches")
        before = [r for r in rows(name, q) if r.endswith(" %d" % old)]
        self.assertEqual(self.play(b, doc, 1), [acked[-1] + 1])
        os.kill(a.proc.pid, signal.SIGCONT)
        # at once: the old owner answers no request with its old state
        try:
            st, _, view = a.json("GET", "/v1/games/" + doc["id"],
                                 headers=bearer(doc["host_token"]))
            self.assertEqual((st, view.get("code")), (503, "storage_unavailable"), view)
        except OSError:
            pass  # refused: it is gone already
        rc = a.proc.wait(timeout=WAIT)
        self.assertEqual(rc, 75, a.stderr_text())
        self.assertIn("lost the lease of shard", a.stderr_text())
        after = [r for r in rows(name, q) if r.endswith(" %d" % old)]
        self.assertEqual(after, before)
        st, _, view = b.json("GET", "/v1/games/" + doc["id"], headers=bearer(doc["host_token"]))
        self.assertEqual(view["version"], acked[-1] + 1)

    def test_deadline_passed_without_owner_fires_once(self):
        name, url = new_db()
        a = self.daemon(url, ["--lease-ms", LEASE])
        doc = self.new_match(a, seed=7, options={"guess_ms": 300})
        b = self.standby(url)
        # play until the guessing window (a timer) is open, then kill the
        # owner at once: the deadline passes while no daemon owns the shard
        self.play(a, doc, 60, until=lambda v: "guess_deadline" in json.dumps(v))
        a.kill()
        self.await_owner(b)

        def timers():
            return [e for e in self.log_of(b, doc)
                    if (e.get("action") or {}).get("type") == "timer"]
        wait_for("the timer's entry", timers)
        # whatever may come after it: no second one (the log is read again
        # after the next action is acknowledged, which follows the timer's)
        self.play(b, doc, 1)
        self.assertEqual(len(timers()), 1, self.log_of(b, doc))
        versions = [e["version"] for e in self.log_of(b, doc)]
        self.assertEqual(versions, list(range(2, len(versions) + 2)))

    def test_outage_longer_than_the_lease_503_then_resume(self):
        # no standby: the owner's lease runs out while PostgreSQL is down;
        # it answers 503 meanwhile, and renews the same epoch once the
        # server is back (no one took it), without exiting
        name, url = new_db()
        d = self.daemon(url, ["--lease-ms", LEASE])
        doc = self.new_match(d)
        acked = self.play(d, doc, 2)
        # an event stream open on the owner: it must end once the lease
        # runs out (its client comes back through the proxy to whoever owns
        # the match then), not stay open on heartbeats
        es = EventStream(d, "/v1/games/" + doc["id"], token=doc["host_token"])
        self.addCleanup(es.close)
        self.assertEqual(es.status, 200)
        self.assertEqual(es.next()["event"], "view")
        data = os.environ["WB_TEST_PG_DATA"]
        opts = shlex.split(open(os.path.join(data, "postmaster.opts")).read())[1:]
        opts = [o for o in opts if o not in ("-D", data)]
        kw = dict(check=True, stdout=subprocess.DEVNULL, cwd=os.environ["PGHOST"],
                  user=os.environ["WB_TEST_PG_USER"] or None)
        stopped = time.time()
        subprocess.run([pg_ctl(), "-D", data, "-m", "fast", "-w", "stop"], **kw)
        try:
            view = lambda: d.json("GET", "/v1/games/" + doc["id"],
                                  headers=bearer(doc["host_token"]))
            st, _, r = wait_for("a 503 past the lease", lambda: view()[0] == 503 and view())
            self.assertEqual(r.get("code"), "storage_unavailable", r)
            self.assertTrue(stream_ends(es, 15), "the stream stayed open past the lease")
            # /healthz says since when, though no commit has failed (none
            # was tried): the moment the lease's validity ran out
            st, _, h = d.json("GET", "/healthz")
            self.assertEqual((st, h.get("storage")), (200, "failing"), h)
            self.assertLessEqual(stopped * 1000 - 100, h["failing_since"], h)
            self.assertLessEqual(h["failing_since"], time.time() * 1000 + 100, h)
            self.assertEqual(d.json("GET", "/readyz")[0], 503)
        finally:
            subprocess.run([pg_ctl(), "-D", data, "-w", "-t", "120", "-o",
                            " ".join(shlex.quote(o) for o in opts), "-l",
                            os.path.join(data, "restart.log"), "start"], **kw)
        wait_for("a 200 again", lambda: view()[0] == 200)
        self.assertTrue(d.alive())
        # the first commit may find the writer's connection gone (one 503,
        # nothing changed, as after any restart); then play goes on
        seat = view()[2]["to_act"][0]
        tok = doc["players"][seat]["token"]
        act = d.json("GET", "/v1/games/%s/actions" % doc["id"], headers=bearer(tok))[2]
        answers = []
        for _ in range(2):
            st, _, r = d.json("POST", "/v1/games/%s/actions" % doc["id"], act["actions"][0],
                              headers=bearer(tok))
            answers.append((st, r.get("code") or r.get("version")))
            if st == 200:
                break
        self.assertIn(answers, ([(200, acked[-1] + 1)],
                                [(503, "storage_unavailable"), (200, acked[-1] + 1)]))
        self.assertEqual(psql(name, "SELECT epoch FROM wibbelld_leases"), "1")

    def test_sessions_ended_under_play_503_then_resume(self):
        name, _ = new_db()
        self.play_through(name, lambda: psql(
            name, "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                  "WHERE datname = current_database() AND pid <> pg_backend_pid()"))

    def test_server_restarted_under_play_503_then_resume(self):
        name, _ = new_db()

        def restart():
            subprocess.run([pg_ctl(), "-D", os.environ["WB_TEST_PG_DATA"], "-m", "fast", "-w",
                            "-t", "120", "restart"], check=True, stdout=subprocess.DEVNULL,
                           cwd=os.environ["PGHOST"], user=os.environ["WB_TEST_PG_USER"] or None)
        self.play_through(name, restart)

    def play_through(self, name, fault):
        """Play one match, 40 actions, with fault() at the 10th and the
        25th: every answer a 200 or a 503 storage_unavailable, play going
        on after each, the log contiguous and holding what was acked."""
        url = new_db_url(name)
        d = self.daemon(url)
        st, _, doc = d.json("POST", "/v1/games", {"game": "woodlouse-chaos",
                                               "players": ["a", "b", "c"], "seed": 5})
        self.assertEqual(st, 201, doc)
        gid, host = doc["id"], doc["host_token"]
        toks = [p["token"] for p in doc["players"]]
        statuses = []
        acked = set()
        for k in range(40):
            if k in (10, 25):
                fault()
            st, _, view = d.json("GET", "/v1/games/" + gid, headers=bearer(host))
            self.assertEqual(st, 200, view)
            if view["status"] != "active":
                break
            seat = view["to_act"][0]
            st, _, acts = d.json("GET", "/v1/games/%s/actions" % gid, headers=bearer(toks[seat]))
            self.assertEqual(st, 200, acts)
            st, _, r = d.json("POST", "/v1/games/%s/actions" % gid, acts["actions"][0],
                           headers=bearer(toks[seat]))
            statuses.append(st)
            if st == 200:
                acked.add(r["version"])
            else:
                self.assertEqual((st, r.get("code")), (503, "storage_unavailable"), r)
        self.assertGreater(statuses.count(200), 20, statuses)
        self.assertEqual(statuses[-1], 200, statuses)
        st, _, log = d.json("GET", "/v1/games/%s/log" % gid, headers=bearer(host))
        versions = [e["version"] for e in log["entries"]]
        self.assertEqual(versions, list(range(2, len(versions) + 2)))
        self.assertTrue(acked <= set(versions))
        print("# answers, a fault before the 11th and the 26th: %s" % statuses)


if __name__ == "__main__":
    wbtest.main()
