"""test_pg_store.py - the PostgreSQL store of matches, as an operator meets it.

Run by e2e-pg under tests/pg_run.py (a real PostgreSQL; PGHOST, PGPORT and
PGUSER name it); skipped without one.  Each test has a database of its own.

- a first start creates the schema (version 1) and a restart finds every
  match in it;
- a --store that is neither lmdb nor a PostgreSQL URL is a usage error
  (exit 2) that does not repeat the value (it may hold a password);
- an unreachable server, a wrong password, a database of another schema
  version and a database another daemon holds each stop the start
  (exit 1) with a message that says which, and change nothing;
- the daemon's sessions ended under play (pg_terminate_backend), and the
  server restarted under play (pg_ctl restart -m fast): every answer is a
  200 or a 503 storage_unavailable, never another, and play resumes by
  itself; the log stays contiguous.
"""
import os
import subprocess
import time
import unittest
import urllib.parse

import wbtest
from wbgames import GamesDaemon, bearer

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


@unittest.skipUnless(HAVE_PG, "needs a PostgreSQL (tests/pg_run.py)")
class PgStore(unittest.TestCase):
    def daemon(self, url):
        d = GamesDaemon(["--store", url])
        self.addCleanup(d.cleanup)
        self.addCleanup(d.kill)
        d.start()
        return d

    def test_first_start_creates_the_schema_and_restart_keeps_matches(self):
        name, url = new_db()
        d = self.daemon(url)
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_schema"), "1")
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
                   "INSERT INTO wibbelld_schema VALUES (2)")
        rc, err = start_fails(["--store", url])
        self.assertEqual(rc, 1, err)
        self.assertIn("schema of version 2", err)
        self.assertEqual(psql(name, "SELECT version FROM wibbelld_schema"), "2")
        self.assertEqual(psql(name, "SELECT count(*) FROM pg_tables "
                                    "WHERE tablename = 'wibbelld_matches'"), "0")

    def test_second_daemon_on_one_database_is_refused(self):
        name, url = new_db()
        d = self.daemon(url)
        rc, err = start_fails(["--store", url])
        self.assertEqual(rc, 1, err)
        self.assertIn("another wibbelld", err)
        self.assertTrue(d.alive())
        self.assertEqual(d.json("GET", "/healthz")[0], 200)

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
