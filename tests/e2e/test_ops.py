#!/usr/bin/env python3
"""test_ops.py - what an operator runs the daemon with: GET /metrics, the
access log (--access-log) and cross-origin reads (--cors-origin), over HTTP
with the real daemon, and gzip for large answers.

Metrics: every line of a scrape parses as the Prometheus text format
(0.0.4), every family has its HELP and TYPE before its samples, histograms
are cumulative and end in +Inf = _count; the counters move with the
requests made (by route and status), matches, actions and commits, event
streams open and closed, and the dictionaries' sizes are those of
/v1/dictionaries.

Access log: one line per request in the Common Log Format with the
seconds taken, and no token in it: not a seat's, not the host's, not a
stream ticket, whatever way a client sends them (Authorization, a ticket in
the query, a token in a query parameter, a raw #fragment).

CORS: none by default; a listed origin may call every route (preflight
with the methods and the Authorization, Content-Type and If-Match headers,
Vary: Origin); '*' opens the read-only dictionary routes to any origin and
nothing else; malformed lists are usage errors.

gzip: large answers of text types (the OpenAPI document, pages and
scripts, views, logs, CSV, SVG, metrics) come compressed when asked for and
decompress to the plain answer byte for byte; never when not asked, when
refused (q=0) or small, and never an event stream.
"""
import gzip
import json
import math
import os
import re
import select
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
from wbgames import GamesDaemon, EventStream, bearer, create, find_words, claim_cards, \
    stop_module_daemon, wait_for  # noqa: E402

D = None
LOG = None


def setUpModule():
    global D, LOG
    LOG = tempfile.NamedTemporaryFile(prefix="wibbelld-access-", suffix=".log", delete=False)
    LOG.close()
    unittest.addModuleCleanup(os.unlink, LOG.name)
    D = wbtest.module_daemon(GamesDaemon(args=["--access-log", LOG.name, "--heartbeat", "1"]),
                             stop_module_daemon)


# --- the Prometheus text format ----------------------------------------------

NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"'
SAMPLE_RE = re.compile(r"^(%s)(?:\{((?:%s)(?:,%s)*)?\})? (\S+)(?: (-?\d+))?$" % (NAME, LABEL, LABEL))
LABEL_RE = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"')
TYPES = ("counter", "gauge", "histogram", "summary", "untyped")


def parse_metrics(text):
    """{(name, frozenset(labels)): value} after checking every line; raises
    AssertionError on the first line that breaks the format."""
    assert text.endswith("\n"), "the text does not end with a newline"
    helps, types, samples, done = {}, {}, {}, set()
    current = None
    for n, line in enumerate(text.split("\n")[:-1], 1):
        where = "line %d %r" % (n, line)
        if line.startswith("#"):
            m = re.match(r"^# (HELP|TYPE) (%s) (.+)$" % NAME, line)
            assert m, where + ": a comment that is neither HELP nor TYPE"
            kind, name, rest = m.groups()
            table = helps if kind == "HELP" else types
            assert name not in table, where + ": a second %s for %s" % (kind, name)
            if kind == "TYPE":
                assert rest in TYPES, where + ": unknown type"
            if name != current:
                assert name not in done, where + ": %s is split in two" % name
                if current:
                    done.add(current)
                current = name
            table[name] = rest
            continue
        m = SAMPLE_RE.match(line)
        assert m, where + ": not a sample"
        name, labels, value = m.group(1), m.group(2) or "", m.group(3)
        v = float(value)  # raises on a bad number; +Inf, NaN parse
        family = name
        for suffix in ("_bucket", "_sum", "_count"):
            if name.endswith(suffix) and name[:-len(suffix)] in types:
                family = name[:-len(suffix)]
        assert family == current, where + ": a sample outside its family's block"
        assert family in types and family in helps, where + ": no TYPE and HELP before it"
        key = (name, frozenset(LABEL_RE.findall(labels)))
        assert key not in samples, where + ": the same series twice"
        samples[key] = v
    # histograms: cumulative buckets ending in +Inf = _count
    for family, t in types.items():
        if t != "histogram":
            continue
        series = {}
        for (name, labels), v in samples.items():
            if name == family + "_bucket":
                le = dict(labels)["le"]
                rest = frozenset(x for x in labels if x[0] != "le")
                series.setdefault(rest, []).append((math.inf if le == "+Inf" else float(le), v))
        for rest, buckets in series.items():
            buckets.sort()
            counts = [v for _, v in buckets]
            assert counts == sorted(counts), "%s %s: buckets not cumulative" % (family, rest)
            assert buckets[-1][0] == math.inf, "%s %s: no +Inf bucket" % (family, rest)
            assert samples[(family + "_count", rest)] == counts[-1], "%s: +Inf != _count" % family
            assert (family + "_sum", rest) in samples
    return samples


def scrape():
    st, hdrs, data = D.request("GET", "/metrics")
    assert st == 200, st
    assert hdrs["content-type"].startswith("text/plain; version=0.0.4"), hdrs["content-type"]
    return parse_metrics(data.decode("utf-8"))


def value(samples, name, **labels):
    return samples.get((name, frozenset(labels.items())), 0)


def requests(samples, method, route, code):
    return value(samples, "wibbelld_http_requests_total", method=method, route=route,
                 code=str(code))


class Metrics(unittest.TestCase):
    def test_format_checker_refuses_broken_text(self):
        # the checker itself: each of these must fail
        for bad in ("x 1",  # no TYPE/HELP
                    "# TYPE x counter\n# HELP x h\nx{a=b} 1\n",  # unquoted label
                    "# TYPE x counter\n# HELP x h\nx one\n",  # not a number
                    "# TYPE x gauge\n# HELP x h\nx 1\nx 2\n",  # same series twice
                    "# TYPE x histogram\n# HELP x h\nx_bucket{le=\"1\"} 2\n"
                    "x_bucket{le=\"+Inf\"} 1\nx_sum 1\nx_count 1\n"):  # not cumulative
            with self.assertRaises((AssertionError, ValueError), msg=bad):
                parse_metrics(bad if bad.endswith("\n") else bad + "\n")

    def test_requests_counted_by_route_and_status(self):
        before = scrape()
        for _ in range(3):
            self.assertEqual(D.request("GET", "/healthz")[0], 200)
        self.assertEqual(D.request("GET", "/v1/dictionaries/xx/words/a")[0], 404)
        self.assertEqual(D.request("GET", "/nowhere")[0], 404)
        self.assertEqual(D.request("POST", "/v1/wibbell/check",
                                   {"word": "sin", "cards": ["SG"]})[0], 200)
        after = scrape()
        self.assertEqual(requests(after, "GET", "/healthz", 200) -
                         requests(before, "GET", "/healthz", 200), 3)
        self.assertEqual(requests(after, "GET", "/v1/dictionaries/{}/words/{}", 404) -
                         requests(before, "GET", "/v1/dictionaries/{}/words/{}", 404), 1)
        self.assertEqual(requests(after, "", "none", 404) - requests(before, "", "none", 404), 1)
        self.assertEqual(requests(after, "POST", "/v1/wibbell/check", 200) -
                         requests(before, "POST", "/v1/wibbell/check", 200), 1)
        # the scrape before this one is counted too
        self.assertGreaterEqual(requests(after, "GET", "/metrics", 200), 1)
        c = "wibbelld_http_request_duration_seconds_count"
        self.assertEqual(value(after, c, method="GET", route="/healthz") -
                         value(before, c, method="GET", route="/healthz"), 3)
        self.assertGreater(value(after, "wibbelld_http_request_duration_seconds_sum",
                                 method="GET", route="/healthz"), 0)

    def test_counted_once_whatever_thread_answers(self):
        # the counters are kept per worker thread and summed at scrape time:
        # 8 clients at once, on a daemon of 4 workers, are each counted once
        d = GamesDaemon(args=["--threads", "4"])
        self.addCleanup(wbtest.stop_checked, d)
        d.start()
        before = parse_metrics(d.request("GET", "/metrics")[2].decode("utf-8"))

        def client():
            conn = d.connect()
            for _ in range(50):
                d.request("GET", "/healthz", conn=conn)
            conn.close()
        ts = [threading.Thread(target=client) for _ in range(8)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        after = parse_metrics(d.request("GET", "/metrics")[2].decode("utf-8"))
        self.assertEqual(requests(after, "GET", "/healthz", 200) -
                         requests(before, "GET", "/healthz", 200), 400)
        c = "wibbelld_http_request_duration_seconds_count"
        self.assertEqual(value(after, c, method="GET", route="/healthz") -
                         value(before, c, method="GET", route="/healthz"), 400)

    def test_bots_counted(self):
        """The bots' actions and their decisions' times (a histogram)."""
        before = scrape()
        m = create(D, [{"name": "R0", "bot": "random"}, {"name": "R1", "bot": "greedy"}],
                   game="whirlpool-pond", seed=3)
        self.assertTrue(wait_for(lambda: m.view()["status"] == "finished", timeout=60))
        after = scrape()
        acts = m.view()["version"] - 1
        self.assertEqual(value(after, "wibbelld_bot_actions_total") -
                         value(before, "wibbelld_bot_actions_total"), acts)
        h = "wibbelld_bot_decision_seconds"
        n = value(after, h + "_count") - value(before, h + "_count")
        self.assertGreaterEqual(n, acts)  # a decision whose action went stale is counted too
        self.assertEqual(value(after, h + "_bucket", le="+Inf"), value(after, h + "_count"))
        les = ["0.001", "0.01", "0.1", "1", "+Inf"]
        counts = [value(after, h + "_bucket", le=le) for le in les]
        self.assertEqual(counts, sorted(counts))
        self.assertEqual(value(after, "wibbelld_bot_fallbacks_total"),
                         value(before, "wibbelld_bot_fallbacks_total"))

    def test_matches_actions_commits_streams(self):
        g = "wibbelld_event_streams_open"
        # streams of other tests are gone at their next heartbeat
        self.assertTrue(wait_for(lambda: value(scrape(), g) == 0, timeout=10))
        before = scrape()
        m = create(D, ["ann", "bob"], {"tie_window_ms": 0}, seed=5)
        view = m.view("host")
        word = find_words(D, claim_cards(view, 0), [])[0]
        m.ok(0, {"type": "claim", "word": word})
        s = EventStream(D, m.path, token=m.host)
        self.assertEqual(s.status, 200)
        self.assertEqual(s.next()["event"], "view")
        mid = scrape()
        self.assertEqual(value(mid, g) - value(before, g), 1)
        self.assertEqual(value(mid, "wibbelld_matches_live") -
                         value(before, "wibbelld_matches_live"), 1)
        self.assertEqual(value(mid, "wibbelld_matches_stored") -
                         value(before, "wibbelld_matches_stored"), 1)
        self.assertEqual(value(mid, "wibbelld_actions_applied_total") -
                         value(before, "wibbelld_actions_applied_total"), 1)
        cc = "wibbelld_commit_duration_seconds_count"
        self.assertGreaterEqual(value(mid, cc) - value(before, cc), 2)  # creation, action
        self.assertGreater(value(mid, "wibbelld_commit_duration_seconds_sum"),
                           value(before, "wibbelld_commit_duration_seconds_sum"))
        self.assertEqual(value(mid, "wibbelld_storage_writable"), 1)
        self.assertEqual(requests(mid, "POST", "/v1/games", 201) -
                         requests(before, "POST", "/v1/games", 201), 1)
        self.assertEqual(requests(mid, "POST", "/v1/games/{}/actions", 200) -
                         requests(before, "POST", "/v1/games/{}/actions", 200), 1)
        s.resp.close()  # the response holds the socket open too
        s.close()
        # a closed stream is noticed at its next heartbeat (--heartbeat 1)
        self.assertTrue(wait_for(lambda: value(scrape(), g) == value(before, g), timeout=10))
        st, _, _ = D.request("DELETE", m.path, headers=bearer(m.host))
        self.assertEqual(st, 204)
        self.assertEqual(value(scrape(), "wibbelld_matches_stored"),
                         value(before, "wibbelld_matches_stored"))

    def test_dictionary_sizes(self):
        samples = scrape()
        _, _, doc = D.json("GET", "/v1/dictionaries")
        self.assertTrue(doc["dictionaries"])
        for d in doc["dictionaries"]:
            self.assertEqual(value(samples, "wibbelld_dictionary_words", dictionary=d["id"]),
                             d["words"])
            self.assertEqual(value(samples, "wibbelld_dictionary_proper_nouns",
                                   dictionary=d["id"]), d["proper_nouns"])
        self.assertGreater(value(samples, "process_resident_memory_bytes"), 1 << 20)
        self.assertGreater(value(samples, "process_cpu_seconds_total"), 0)


# --- the access log -------------------------------------------------------------

LINE_RE = re.compile(r'^(\S+) - - \[(\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d \+0000)\] '
                     r'"(\S+) (\S+) (HTTP/1\.[01])" (\d{3}|-) (\d+|-) (\d+\.\d{6})$')


def log_lines():
    with open(LOG.name, encoding="utf-8") as f:
        return f.read().splitlines()


class AccessLog(unittest.TestCase):
    def test_one_line_per_request_in_common_format(self):
        n0 = len(log_lines())
        D.request("GET", "/healthz")
        D.request("GET", "/v1/dictionaries/en_US/prefix/expl?limit=3")
        D.request("POST", "/v1/wibbell/check", "{", headers={"Content-Type": "application/json"})
        self.assertTrue(wait_for(lambda: len(log_lines()) >= n0 + 3))
        lines = log_lines()[n0:]
        self.assertEqual(len(lines), 3, lines)
        got = [LINE_RE.match(l) for l in lines]
        self.assertTrue(all(got), lines)
        # a line is written when its answer is done, which may be after the
        # client's next request was logged by another worker: compare in order
        # of the path, not of arrival
        got.sort(key=lambda m: m.group(4))
        self.assertEqual([(m.group(1), m.group(3), m.group(4), m.group(6)) for m in got], [
            ("127.0.0.1", "GET", "/healthz", "200"),
            ("127.0.0.1", "GET", "/v1/dictionaries/en_US/prefix/expl?limit=3", "200"),
            ("127.0.0.1", "POST", "/v1/wibbell/check", "400")])
        self.assertEqual(got[0].group(7), str(len(D.request("GET", "/healthz")[2])))
        self.assertLess(abs(time.mktime(time.strptime(got[0].group(2), "%d/%b/%Y:%H:%M:%S +0000"))
                            - time.mktime(time.gmtime())), 120)

    def test_no_token_ever(self):
        m = create(D, ["ann", "bob"], {"tie_window_ms": 0}, seed=9)
        secrets = [m.host] + m.tokens
        for who in ("host", 0, 1):
            self.assertEqual(D.request("GET", m.path, headers=bearer(m.token(who)))[0], 200)
        D.request("GET", m.path + "/log", headers={"Authorization": "Bearer " + m.tokens[1]})
        _, _, t = D.json("POST", m.path + "/tickets", headers=bearer(m.tokens[0]))
        secrets.append(t["ticket"])
        s = EventStream(D, m.path, query="?ticket=" + t["ticket"])
        self.assertEqual(s.status, 200)
        s.next()
        s.resp.close()
        s.close()
        # a used ticket, and tokens where no client should put them
        D.request("GET", m.path + "/events?last_event_id=1&ticket=" + t["ticket"])
        D.request("GET", m.path + "?token=" + m.tokens[1] + "&x=1")
        D.request("GET", m.path + "?access_token=" + m.host)
        # a broken client that sends a page's fragment
        sock = socket.create_connection((D.host, D.port), timeout=10)
        sock.sendall(("GET /web/play.html#g=%s&t=%s HTTP/1.1\r\nHost: x\r\nConnection: close"
                      "\r\n\r\n" % (m.id, m.tokens[0])).encode())
        wbtest.read_response(sock)
        sock.close()
        marker = "/healthz?end=" + m.id
        D.request("GET", marker)
        # a stream is logged when it ends: at its next heartbeat once closed
        self.assertTrue(wait_for(lambda: any(marker in l for l in log_lines()) and
                                 any(m.path + "/events?ticket=- " in l for l in log_lines()),
                                 timeout=10))
        text = open(LOG.name, encoding="utf-8").read()
        self.assertIn(m.path + "/events?ticket=- ", text)
        self.assertIn(m.path + "?token=-&x=1 ", text)
        self.assertIn('"GET /web/play.html HTTP/1.1" 200', text)
        for secret in secrets:
            self.assertNotIn(secret, text)
        for line in text.splitlines():
            self.assertRegex(line, LINE_RE)

    def test_standard_output(self):
        d = GamesDaemon(args=["--access-log", "-"]).start()
        try:
            d.request("GET", "/v1/version")
            # stdout held the listening line (read by start()); then the
            # log: the /healthz polls of start(), and this request
            fd = d.proc.stdout.fileno()
            buf = b""
            deadline = time.monotonic() + 10
            while b"/v1/version" not in buf and time.monotonic() < deadline:
                if select.select([fd], [], [], 0.5)[0]:
                    buf += os.read(fd, 4096)
            lines = buf.decode().splitlines()
        finally:
            self.assertEqual(d.stop(), 0)
            d.cleanup()
        self.assertTrue(lines)
        for line in lines:
            self.assertRegex(line, LINE_RE)
        # lines come in the order requests end, on any worker thread
        self.assertTrue(any('"GET /v1/version HTTP/1.1" 200' in l for l in lines), lines)

    def test_unwritable_file_is_an_error(self):
        d = GamesDaemon(args=["--access-log", "/nonexistent-dir/x.log"])
        with self.assertRaises(RuntimeError):
            d.start()
        d.cleanup()
        self.assertIn("access log", d.stderr_text())


# --- CORS ------------------------------------------------------------------------

A = "https://a.example"  # listed: every route
B = "http://b.example:8000"  # any other origin: '*' gives it the dictionary's routes


def preflight(d, path, origin, method, headers="authorization, content-type, if-match"):
    return d.request("OPTIONS", path, headers={"Origin": origin,
                                                "Access-Control-Request-Method": method,
                                                "Access-Control-Request-Headers": headers})


class Cors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, GamesDaemon(args=["--cors-origin", A + ",*"]),
                                    stop_module_daemon)

    def test_none_by_default(self):
        st, h, _ = D.request("GET", "/v1/dictionaries", headers={"Origin": A})
        self.assertEqual(st, 200)
        self.assertNotIn("access-control-allow-origin", h)
        st, h, _ = preflight(D, "/v1/wibbell/check", A, "POST")
        self.assertEqual(st, 204)
        self.assertEqual(h["allow"], "POST")
        self.assertNotIn("access-control-allow-origin", h)
        self.assertNotIn("access-control-allow-methods", h)

    def test_star_opens_the_dictionary_only(self):
        d = self.d
        st, h, _ = d.request("GET", "/v1/dictionaries/en_US/words/taught", headers={"Origin": B})
        self.assertEqual(st, 200)
        self.assertEqual(h["access-control-allow-origin"], "*")
        self.assertNotIn("Origin", h.get("vary", ""))
        st, h, _ = preflight(d, "/v1/wibbell/check", B, "POST", "content-type")
        self.assertEqual(st, 204)
        self.assertEqual(h["access-control-allow-origin"], "*")
        self.assertEqual(h["access-control-allow-methods"], "POST")
        self.assertIn("Content-Type", h["access-control-allow-headers"])
        # a match is not for any origin
        m = create(d, ["ann", "bob"])
        st, h, _ = d.request("GET", m.path, headers={"Origin": B})
        self.assertEqual(st, 200)
        self.assertNotIn("access-control-allow-origin", h)
        self.assertIn("Origin", h["vary"])
        st, h, _ = preflight(d, m.path + "/actions", B, "POST")
        self.assertEqual(st, 204)
        self.assertNotIn("access-control-allow-origin", h)
        self.assertNotIn("access-control-allow-methods", h)
        st, h, _ = d.request("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"]},
                             headers={"Origin": B})
        self.assertEqual(st, 201)
        self.assertNotIn("access-control-allow-origin", h)

    def test_listed_origin_plays(self):
        d = self.d
        m = create(d, ["ann", "bob"], {"tie_window_ms": 0})
        st, h, _ = preflight(d, m.path + "/actions", A, "POST")
        self.assertEqual(st, 204)
        self.assertEqual(h["access-control-allow-origin"], A)
        self.assertEqual(h["access-control-allow-methods"], "POST")
        for want in ("Authorization", "Content-Type", "If-Match"):
            self.assertIn(want, h["access-control-allow-headers"])
        self.assertIn("Origin", h["vary"])
        self.assertTrue(int(h["access-control-max-age"]) > 0)
        st, h, _ = preflight(d, m.path, A, "DELETE")
        self.assertEqual((st, h["access-control-allow-methods"]), (204, "DELETE"))
        st, h, doc = d.json("GET", m.path, headers=dict(bearer(m.tokens[0]), Origin=A,
                                                        **{"Accept-Encoding": "gzip"}))
        self.assertEqual(st, 200)
        self.assertEqual(h["access-control-allow-origin"], A)
        self.assertIn("ETag", h["access-control-expose-headers"])
        # one Vary with all it varies with (a client may read only one)
        self.assertLessEqual({"Authorization", "Origin"}, set(h["vary"].split(", ")))
        # an error is readable too, and the dictionary is the listed one's as well
        st, h, _ = d.request("GET", m.path, headers={"Origin": A, "Authorization": "Basic x"})
        self.assertEqual((st, h["access-control-allow-origin"]), (401, A))
        st, h, _ = d.request("GET", "/v1/dictionaries", headers={"Origin": A})
        self.assertEqual(h["access-control-allow-origin"], "*")
        # OPTIONS on nothing
        st, _, _ = preflight(d, "/nowhere", A, "GET")
        self.assertEqual(st, 404)

    def test_bad_lists_are_usage_errors(self):
        for bad in ("", "ftp://x.example", "https://a.example/", "https://a.example/path",
                    "a.example", "https://a.example,,*", "https://a.example?x"):
            p = subprocess.run([os.environ["WIBBELLD"], "--listen", "127.0.0.1:0",
                                "--data-dir", D.data_dir, "--cors-origin", bad],
                               capture_output=True, timeout=60)
            self.assertEqual(p.returncode, 2, (bad, p.stderr))
            self.assertIn(b"--cors-origin", p.stderr)


# --- gzip ------------------------------------------------------------------------

GZ = {"Accept-Encoding": "gzip"}


class Gzip(unittest.TestCase):
    def same(self, path, headers=None, accept="gzip", equal=True):
        """GET `path` plain and with Accept-Encoding `accept`: the second is
        gzip and decompresses to the first.  Returns the plain body."""
        h = dict(headers or {})
        st, ph, plain = D.request("GET", path, headers=h)
        self.assertEqual(st, 200, plain[:200])
        self.assertNotIn("content-encoding", ph)
        self.assertIn("Accept-Encoding", ph["vary"])
        h["Accept-Encoding"] = accept
        st, zh, body = D.request("GET", path, headers=h)
        self.assertEqual(st, 200)
        self.assertEqual(zh.get("content-encoding"), "gzip", path)
        self.assertIn("Accept-Encoding", zh["vary"])
        self.assertEqual(zh["content-type"], ph["content-type"])
        self.assertEqual(int(zh["content-length"]), len(body))
        self.assertLess(len(body), len(plain))
        if equal:
            self.assertEqual(gzip.decompress(body), plain, path)
        return plain, gzip.decompress(body)

    def test_large_answers_compressed(self):
        doc, _ = self.same("/openapi.json")
        self.assertGreater(len(doc), 1024)
        self.same("/openapi.json")  # the cached copy, again
        self.same("/web/play.js")
        self.same("/web/style.css", accept="deflate, gzip;q=0.5")
        # a scrape moves between two requests: it parses, whole
        parse_metrics(self.same("/metrics", accept="*", equal=False)[1].decode("utf-8"))
        m = create(D, ["ann", "bob", "cy"], game="world-dumbination", seed=4)
        self.same(m.path, bearer(m.host))
        self.same(m.path + "/query/board_svg?format=svg")
        w = create(D, ["ann", "bob"], game="woobieworld", seed=4)
        self.same(w.path + "/query/deck?format=csv")
        # a listing (as a long log would be: any JSON body past 1 KiB)
        for _ in range(8):
            create(D, ["ann", "bob"])
        self.same("/v1/matches", accept="x-gzip")

    def test_not_asked_or_refused_or_small(self):
        for ae in ("gzip;q=0", "identity", "br", "gzip;q=0.000, *;q=0.5", "*;q=0"):
            st, h, body = D.request("GET", "/openapi.json", headers={"Accept-Encoding": ae})
            self.assertEqual(st, 200)
            self.assertNotIn("content-encoding", h, ae)
            json.loads(body.decode("utf-8"))
            self.assertIn("Accept-Encoding", h["vary"])
        st, h, body = D.request("GET", "/healthz", headers=GZ)
        self.assertEqual(st, 200)
        self.assertNotIn("content-encoding", h)
        self.assertNotIn("Accept-Encoding", h.get("vary", ""))
        self.assertEqual(json.loads(body)["status"], "ok")

    def test_never_event_streams(self):
        m = create(D, ["ann", "bob", "cy"], game="world-dumbination", seed=5)
        c = D.connect()
        c.request("GET", m.path + "/events", headers=dict(GZ, **bearer(m.host)))
        r = c.getresponse()
        self.assertEqual(r.status, 200)
        self.assertEqual(r.getheader("Content-Type"), "text/event-stream")
        self.assertIsNone(r.getheader("Content-Encoding"))
        first = r.readline()
        self.assertTrue(first.startswith(b"event: view") or first.startswith(b"id:"), first)
        r.close()
        c.close()


if __name__ == "__main__":
    wbtest.main()
