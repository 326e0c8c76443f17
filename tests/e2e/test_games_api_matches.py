#!/usr/bin/env python3
"""test_games_api_matches.py - end-to-end tests of the games API of
wibbelld: matches listed, deleted, queried, capped, streamed, restarted.

The real daemon on 127.0.0.1 port 0, each with a data directory of its own
(the test dictionaries linked in), driven over HTTP with Wibbell matches:
the list and deletion, queries as JSON and CSV, the live match cap,
Server-Sent Events (the first view, one event per action, resuming with
Last-Event-ID, the end, heartbeats, the stream cap, many streams while the
daemon keeps answering, shutdown with streams open), and a restart in the
middle of a match.  Creating and acting, and the OpenAPI document:
test_games_api.py; what both share: games_api_util.py.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import csv
import io
import json
import os
import random
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import bearer, create  # noqa: E402
import games_api_util as gu  # noqa: E402
from games_api_util import Base, fast, finish_quick, quick_match  # noqa: E402

D = None  # the daemon most tests share (games_api_util.D too)


def setUpModule():
    global D
    D = gu.module_daemon()


# --- list, delete, queries -----------------------------------------------------------


class ListAndDelete(Base):
    def test_list(self):
        a = create(D, ["a", "b"], fast())
        b = quick_match()
        finish_quick(b)
        st, _, doc = D.json("GET", "/v1/matches")
        self.assertEqual(st, 200)
        byid = {x["id"]: x for x in doc["matches"]}
        self.assertEqual(byid[a.id]["status"], "active")
        self.assertEqual(byid[b.id]["status"], "finished")
        self.assertEqual(byid[b.id]["version"], 2)
        self.assertEqual(byid[a.id]["players"], ["a", "b"])
        for x in doc["matches"]:
            self.assertEqual(set(x), {"id", "game", "status", "version", "players", "created",
                                      "updated", "abandoned", "ended"})
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=finished")[2]["matches"]}
        self.assertIn(b.id, ids)
        self.assertNotIn(a.id, ids)
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=active")[2]["matches"]}
        self.assertIn(a.id, ids)
        self.assertNotIn(b.id, ids)
        ids = {x["id"] for x in D.json("GET", "/v1/matches?status=abandoned")[2]["matches"]}
        self.assertNotIn(a.id, ids)
        self.problem(400, "bad_parameter", "GET", "/v1/matches?status=over")
        # a page holds 1 to 1000 matches (openapi.json: limit)
        self.problem(400, "bad_parameter", "GET", "/v1/matches?limit=0")

    def test_delete(self):
        # the host may delete a match still being played (storage must
        # not grow without bound)
        m = quick_match()
        st, _, body = D.request("DELETE", m.path, headers=bearer(m.host))
        self.assertEqual((st, body), (204, b""))
        self.problem(404, "unknown_match", "GET", m.path)
        m = quick_match()
        finish_quick(m)
        self.problem(401, "unauthorized", "DELETE", m.path)
        self.problem(403, "forbidden", "DELETE", m.path, headers=bearer(m.tokens[0]))
        self.problem(403, "forbidden", "DELETE", m.path, headers=bearer("nope"))
        st, hdrs, body = D.request("DELETE", m.path, headers=bearer(m.host))
        self.assertEqual(st, 204)
        self.assertEqual(body, b"")
        self.problem(404, "unknown_match", "GET", m.path)
        self.problem(404, "unknown_match", "GET", m.path + "/log")
        self.problem(404, "unknown_match", "DELETE", m.path, headers=bearer(m.host))
        ids = {x["id"] for x in D.json("GET", "/v1/matches")[2]["matches"]}
        self.assertNotIn(m.id, ids)


class Queries(Base):
    def setUp(self):
        # 3 players: after bob's mistake two still compete (no automatic win)
        self.m = create(D, ['Ann, "the fox"', "bob", "cy"], fast(), seed=13)
        m = self.m
        view = m.view("host")
        m.ok(1, {"type": "claim", "word": "London"})  # a proper noun: refused
        word = wbgames.find_words(D, wbgames.claim_cards(view, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        self.word = word

    def test_vocabulary_json(self):
        st, _, doc = D.json("GET", self.m.path + "/query/vocabulary",
                            headers=bearer(self.m.host))
        self.assertEqual(st, 200, doc)
        rows = doc["rows"]
        self.assertEqual([r["word"] for r in rows], ["london", self.word])
        self.assertEqual([r["accepted"] for r in rows], [False, True])
        self.assertEqual([r["won"] for r in rows], [False, True])

    def test_vocabulary_csv(self):
        st, hdrs, body = D.request("GET", self.m.path + "/query/vocabulary?format=csv",
                                   headers=bearer(self.m.host))
        self.assertEqual(st, 200, body)
        self.assertEqual(hdrs["content-type"], "text/csv; charset=utf-8")
        text = body.decode("utf-8")
        self.assertTrue(text.endswith("\r\n"))
        self.assertNotIn("\n", text.replace("\r\n", ""), "bare line feeds outside quotes")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        doc = D.json("GET", self.m.path + "/query/vocabulary", headers=bearer(self.m.host))[2]
        keys = list(doc["rows"][0].keys())
        self.assertEqual(rows[0], keys)

        def cell(v):
            if v is None:
                return ""
            if isinstance(v, bool):
                return "true" if v else "false"
            if isinstance(v, str):
                return v
            return json.dumps(v)
        self.assertEqual(rows[1:], [[cell(r[k]) for k in keys] for r in doc["rows"]])
        # a name with a comma and quotes, quoted as RFC 4180 says
        self.assertIn('Ann, "the fox"', [r[keys.index("player")] for r in rows[1:]])
        self.assertIn('"Ann, ""the fox"""', text)

    def test_vocabulary_csv_defuses_formulas(self):
        """A player name a spreadsheet would run as a formula is written
        with a leading apostrophe in the CSV (the JSON keeps it as is)."""
        m = create(D, ["=HYPERLINK(\"http://x\")", "@bob", "cy"], fast(), seed=13)
        m.ok(1, {"type": "claim", "word": "London"})
        st, _, body = D.request("GET", m.path + "/query/vocabulary?format=csv",
                                headers=bearer(m.tokens[0]))
        self.assertEqual(st, 200, body)
        rows = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
        player = rows[0].index("player")
        self.assertEqual(rows[1][player], "'@bob")
        doc = D.json("GET", m.path + "/query/vocabulary", headers=bearer(m.host))[2]
        self.assertEqual(doc["rows"][0]["player"], "@bob")

    def test_vocabulary_needs_a_token_of_the_match(self):
        """The vocabulary log is the host's and the seats'
        of that match (games/wibbell/WIBBELL.md), not the public's nor another
        match's tokens'."""
        m = self.m
        self.problem(401, "unauthorized", "GET", m.path + "/query/vocabulary")
        self.problem(401, "unauthorized", "GET", m.path + "/query/vocabulary?format=csv")
        other = create(D, ["dee", "eve"], fast(), seed=5)
        self.problem(403, "forbidden", "GET", m.path + "/query/vocabulary",
                     headers=bearer(other.host))
        for token in (m.host, m.tokens[1]):
            st, _, doc = D.json("GET", m.path + "/query/vocabulary", headers=bearer(token))
            self.assertEqual(st, 200, doc)
            self.assertEqual([r["word"] for r in doc["rows"]], ["london", self.word])

    def test_vocabulary_hides_words_in_the_tie_window(self):
        """A claim waiting in the tie window is its seat's secret: another
        seat's vocabulary query does not show its word until the window
        closes (the host's does)."""
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 5000}, seed=13)
        word = wbgames.find_words(D, wbgames.claim_cards(m.view("host"), 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        rows = lambda t: D.json("GET", m.path + "/query/vocabulary", headers=bearer(t))[2]["rows"]
        self.assertEqual([r["word"] for r in rows(m.host)], [word])
        self.assertEqual([r["word"] for r in rows(m.tokens[0])], [word])
        self.assertEqual(rows(m.tokens[1]), [])

    def test_tie_window_claims_are_sealed(self):
        """During the tie window another seat learns that a claim
        was made, not its word, in the views, the log and the POST reply;
        the claimant and the host see the word; the window's end reveals
        it to all."""
        m = create(D, ["ann", "bob", "cy"], {"tie_window_ms": 5000}, seed=13)
        word = wbgames.find_words(D, wbgames.claim_cards(m.view("host"), 0), [])[0]
        doc = m.ok(0, {"type": "claim", "word": word})
        self.assertIn(word, json.dumps(doc))
        for who in (1, 2, None):
            text = json.dumps(m.view(who)) + json.dumps(m.log(who) if who is not None else "")
            self.assertNotIn('"%s"' % word, text, who)
            claim = m.view(who)["claims"][0]
            self.assertEqual((claim["seat"], claim.get("sealed")), (0, True))
        sealed = [e for e in m.log(1)[-1]["events"] if e["type"] == "claim_accepted"]
        self.assertEqual(len(sealed), 1)
        self.assertNotIn("word", sealed[0])
        for who in (0, "host"):
            self.assertEqual(m.view(who)["claims"][0]["word"], word)
            self.assertIn('"%s"' % word, json.dumps(m.log(who)))

    def test_hints(self):
        m = self.m
        st, _, doc = D.json("GET", m.path + "/query/hints?turn=1&seat=0", headers=bearer(m.host))
        self.assertEqual(st, 200, doc)
        self.assertTrue(doc["words"])
        self.assertIn(self.word, doc["words"] + [self.word])
        self.problem(403, "forbidden", "GET", m.path + "/query/hints?turn=1",
                     headers=bearer(m.tokens[0]))
        self.problem(400, "bad_request", "GET", m.path + "/query/hints?turn=99",
                     headers=bearer(m.host))
        doc, _ = self.problem(400, "bad_parameter", "GET", m.path + "/query/hints?format=csv",
                              headers=bearer(m.host))
        self.assertIn("format=json", doc["detail"])

    def test_bad_queries(self):
        m = self.m
        self.problem(404, "not_found", "GET", m.path + "/query/nothing")
        self.problem(400, "bad_parameter", "GET", m.path + "/query/vocabulary?format=xml")
        self.problem(400, "bad_parameter", "GET", m.path + "/query/hints?turn=1&turn=2",
                     headers=bearer(m.host))


# --- the cap on live matches ------------------------------------------------------


class Cap(Base):
    def test_max_matches(self):
        d = wbgames.GamesDaemon(args=["--max-matches", "3"]).start()
        try:
            quick = quick_match(d)
            create(d, ["a", "b"], fast())
            create(d, ["a", "b"], fast())
            doc, hdrs = self.problem(503, "match_limit", "POST", "/v1/games",
                                     {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
            self.assertTrue(hdrs.get("retry-after", "").isdigit())
            # a finished match is not live: room again
            finish_quick(quick)
            create(d, ["a", "b"], fast())
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
            st, _, _ = d.request("DELETE", quick.path, headers=bearer(quick.host))
            self.assertEqual(st, 204)
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_abandoned(self):
        """An active match untouched for --abandon-after seconds is
        abandoned: listed as such, no longer live, deletable by its host."""
        d = wbgames.GamesDaemon(args=["--abandon-after", "1", "--max-matches", "1"]).start()
        try:
            m = create(d, ["a", "b"], fast())
            self.problem(503, "match_limit", "POST", "/v1/games",
                         {"game": "wibbell", "players": ["a", "b"]}, daemon=d)

            def abandoned():
                doc = d.json("GET", "/v1/matches?status=abandoned")[2]
                return [x for x in doc["matches"] if x["id"] == m.id]
            got = wbgames.wait_for(abandoned, timeout=10, step=0.2)
            self.assertTrue(got, "never listed as abandoned")
            self.assertTrue(got[0]["abandoned"])
            self.assertEqual(got[0]["status"], "active")
            create(d, ["a", "b"], fast())  # room again
            st, _, _ = d.request("DELETE", m.path, headers=bearer(m.host))
            self.assertEqual(st, 204)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_bad_options(self):
        exe = wbtest.env_path("WIBBELLD")
        import subprocess
        for args in (["--max-matches", "0"], ["--max-matches", "x"], ["--abandon-after", "0"],
                     ["--max-streams", "0"], ["--heartbeat", "0"], ["--heartbeat", "1s"]):
            p = subprocess.run([exe] + args, capture_output=True, timeout=60,
                               stdin=subprocess.DEVNULL)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn(args[0], p.stderr.decode())
        p = subprocess.run([exe, "--help"], capture_output=True, timeout=60)
        for opt in ("--max-matches", "--abandon-after", "--max-streams", "--heartbeat"):
            self.assertIn(opt, p.stdout.decode())


# --- Server-Sent Events -------------------------------------------------------------


class Events(Base):
    def test_stream(self):
        m = create(D, ["ann", "bob"], fast(), seed=17)
        p = wbgames.Player(self, m, 2, 48, random.Random(5))
        s = wbgames.EventStream(D, m.path, m.tokens[1])
        try:
            self.assertEqual(s.status, 200)
            self.assertEqual(s.headers["content-type"], "text/event-stream")
            self.assertEqual(s.headers["cache-control"], "no-store")
            ev = s.next()
            self.assertEqual(ev["event"], "view")
            self.assertEqual(ev["id"], 1)
            self.assertEqual(ev["data"], m.view(1))
            for i in range(5):
                p.step(m.view("host"))
            log = m.log(1)
            for i in range(5):
                ev = s.next()
                self.assertEqual(ev["event"], "action")
                self.assertEqual(ev["id"], 2 + i)
                self.assertEqual(ev["data"], log[i])
        finally:
            s.close()
        # missed while away: exactly those, then live ones
        for i in range(3):
            p.step(m.view("host"))
        s = wbgames.EventStream(D, m.path, m.tokens[1], last_event_id=6)
        try:
            got = [s.next() for _ in range(3)]
            self.assertEqual([e["event"] for e in got], ["action"] * 3)
            self.assertEqual([e["id"] for e in got], [7, 8, 9])
            self.assertEqual([e["data"] for e in got], m.log(1, after=6))
            p.step(m.view("host"))
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("action", 10))
        finally:
            s.close()
        # the same from the query string, and as the public
        s = wbgames.EventStream(D, m.path, None, query="?last_event_id=8")
        try:
            self.assertEqual([s.next()["id"] for _ in range(2)], [9, 10])
        finally:
            s.close()
        # to the end: the rest, then `end`, then the stream closes
        s = wbgames.EventStream(D, m.path, m.host, last_event_id=10)
        try:
            final = p.play()
            ids = []
            while True:
                ev = s.next()
                self.assertIsNotNone(ev, "the stream closed before `end`")
                if ev["event"] == "end":
                    break
                self.assertEqual(ev["event"], "action")
                ids.append(ev["id"])
            self.assertEqual(ids, list(range(11, final["version"] + 1)))
            self.assertEqual(ev["data"]["status"], "finished")
            self.assertEqual(ev["data"]["winners"], final["winners"])
            self.assertEqual(ev["data"]["scores"], final["scores"])
            self.assertIsNone(s.next())
        finally:
            s.close()
        # a finished match: the view, then `end` at once
        s = wbgames.EventStream(D, m.path)
        try:
            self.assertEqual(s.next()["event"], "view")
            self.assertEqual(s.next()["event"], "end")
            self.assertIsNone(s.next())
        finally:
            s.close()

    def test_errors(self):
        m = create(D, ["ann", "bob"], fast())
        self.problem(404, "unknown_match", "GET", "/v1/games/nope/events")
        self.problem(403, "forbidden", "GET", m.path + "/events", headers=bearer("zz"))
        self.problem(401, "unauthorized", "GET", m.path + "/events",
                     headers={"Authorization": "Basic x"})
        self.problem(400, "bad_parameter", "GET", m.path + "/events",
                     headers={"Last-Event-ID": "seven"})
        self.problem(400, "bad_parameter", "GET", m.path + "/events?last_event_id=-1")

    def test_head(self):
        m = create(D, ["ann", "bob"], fast())
        st, hdrs, body = D.request("HEAD", m.path + "/events")
        self.assertEqual(st, 200)
        self.assertEqual(hdrs["content-type"], "text/event-stream")
        self.assertEqual(body, b"")
        st, _, _ = D.request("GET", "/healthz")
        self.assertEqual(st, 200)

    def test_future_last_event_id_starts_over(self):
        m = create(D, ["ann", "bob"], fast())
        s = wbgames.EventStream(D, m.path, m.tokens[0], last_event_id=99)
        try:
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("view", 1))
        finally:
            s.close()

    def test_deleted_match_ends_streams(self):
        m = quick_match()
        s = wbgames.EventStream(D, m.path, m.tokens[0])
        try:
            self.assertEqual(s.next()["event"], "view")
            finish_quick(m)
            self.assertEqual(s.next()["event"], "action")
            self.assertEqual(s.next()["event"], "end")
        finally:
            s.close()

    def test_heartbeat_cap_and_many_streams(self):
        d = wbgames.GamesDaemon(args=["--heartbeat", "1", "--max-streams", "40",
                                      "--threads", "2"]).start()
        streams = []
        try:
            m = create(d, ["ann", "bob"], fast(), seed=23)
            t0 = time.monotonic()
            s = wbgames.EventStream(d, m.path, m.tokens[0])
            streams.append(s)
            self.assertEqual(s.next()["event"], "view")
            self.assertEqual(s.until_comment(), ": keep-alive")
            self.assertLess(time.monotonic() - t0, 10)
            # up to the cap, with 2 worker threads: the daemon keeps answering
            for i in range(39):
                s = wbgames.EventStream(d, m.path, m.token([0, 1, None, "host"][i % 4]))
                self.assertEqual(s.status, 200)
                streams.append(s)
                self.assertEqual(s.next()["event"], "view")
            doc, hdrs = self.problem(503, "too_many_streams", "GET", m.path + "/events",
                                     daemon=d)
            self.assertTrue(hdrs.get("retry-after", "").isdigit())
            st, _, _ = d.request("GET", "/healthz")
            self.assertEqual(st, 200)
            p = wbgames.Player(self, m, 2, 48, random.Random(6))
            for i in range(4):
                p.step(m.view("host"))
            for s in streams:
                got = []
                while len(got) < 4:
                    ev = s.next()
                    got.append((ev["event"], ev["id"]))
                self.assertEqual(got, [("action", v) for v in range(2, 6)])
            # a client that goes away frees its place (seen at the next heartbeat)
            for s in streams[:5]:
                s.close()
            del streams[:5]

            def fits():
                c = wbgames.EventStream(d, m.path, None)
                ok = c.status == 200
                if ok:
                    streams.append(c)
                else:
                    c.close()
                return ok
            self.assertTrue(wbgames.wait_for(fits, timeout=15, step=0.3))
        finally:
            for s in streams:
                s.close()
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()

    def test_shutdown_with_streams_open(self):
        d = wbgames.GamesDaemon().start()
        streams = []
        try:
            m = create(d, ["ann", "bob"], fast())
            for i in range(10):
                s = wbgames.EventStream(d, m.path, m.tokens[i % 2])
                self.assertEqual(s.next()["event"], "view")
                streams.append(s)
            t0 = time.monotonic()
            self.assertEqual(d.stop(), 0, d.stderr_text())
            self.assertLess(time.monotonic() - t0, 20)
            for s in streams:
                self.assertIsNone(s.next(), "a stream outlived the daemon")
        finally:
            for s in streams:
                s.close()
            d.cleanup()


# --- restart ------------------------------------------------------------------------


class Restart(Base):
    def test_restart_in_the_middle(self):
        d = wbgames.GamesDaemon()
        d.start()
        try:
            m = create(d, ["ann", "bob", "cy"], fast(), seed=31)
            p = wbgames.Player(self, m, 3, 48, random.Random(7))
            for i in range(9):
                p.step(m.view("host"))
            s = wbgames.EventStream(d, m.path, m.tokens[2])
            self.assertEqual(s.next()["id"], 10)
            views = {who: m.view(who) for who in (None, 0, 1, 2, "host")}
            log = m.log("host")
            matches = d.json("GET", "/v1/matches")[2]
            d.restart()
            self.assertIsNone(s.next(), "the stream survived the restart")
            s.close()
            for who, v in views.items():
                self.assertEqual(m.view(who), v, "the view of %r changed" % (who,))
            self.assertEqual(m.log("host"), log)
            self.assertEqual(len(log), 9)
            self.assertEqual(d.json("GET", "/v1/matches")[2], matches)
            # resume the stream where it was, then play on to the end
            s = wbgames.EventStream(d, m.path, m.tokens[2], last_event_id=10)
            p.step(m.view("host"))
            ev = s.next()
            self.assertEqual((ev["event"], ev["id"]), ("action", 11))
            s.close()
            final = p.play()
            self.assertEqual(final["status"], "finished")
            self.assertEqual(len(m.log("host")), final["version"] - 1)
        finally:
            self.assertEqual(d.stop(), 0, d.stderr_text())
            d.cleanup()


if __name__ == "__main__":
    wbtest.main()
