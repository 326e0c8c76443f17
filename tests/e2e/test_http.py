#!/usr/bin/env python3
"""test_http.py - end-to-end tests of wibbelld's HTTP layer under pressure.

- Many keep-alive connections on one worker: 256 (and 512) connections
  whose requests all become ready at the same moment are all answered.
  (libmicrohttpd 0.9.75's own epoll loop slept on exactly such a set: the
  daemon is stopped with SIGSTOP while every connection sends a request,
  then continued, so the set is ready at once, deterministically.)
- Connections that arrive while the daemon is busy wait in the listen
  backlog and are all served.
- A cap per client address: past it, connections from that address are
  closed at once, while another address (127.0.0.2) is still served.
- A deadline on the request head: a client trickling its head byte by
  byte gets 408 request_timeout and is cut off before it finishes; an idle
  keep-alive connection is not cut by it.
- JSON bodies must be sent as application/json: text/plain, forms and no
  Content-Type at all get 415 unsupported_media_type and change nothing.
- Many query parameters (200, 1,000: more records than the connection's
  memory holds) get a problem+json 400 on a connection that stays usable,
  not a close without an answer.

No assertion is about time: deadlines are asserted by what arrives first.
Each daemon is started on port 0 and stopped by the pid the test started.
"""
import json
import os
import resource
import select
import signal
import socket
import sys
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402

READ_TIMEOUT = 30.0  # far longer than any answer takes; the old stall lasted 60 s


def raise_fd_limit(n):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))


def get(path, host="x"):
    return ("GET %s HTTP/1.1\r\nHost: %s\r\n\r\n" % (path, host)).encode()


def stop_process(pid):
    """SIGSTOP the process and wait until every thread of it has stopped
    (the signal takes effect asynchronously)."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        states = []
        for t in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/stat" % (pid, t)) as f:
                    states.append(f.read().rsplit(")", 1)[1].split()[0])
            except OSError:
                pass
        if states and all(st in "tT" for st in states):
            return
        time.sleep(0.01)
    raise AssertionError("process %d did not stop" % pid)


class Conn:
    """A keep-alive connection that sends whole requests and reads
    responses with Content-Length."""

    def __init__(self, d, source=None):
        self.s = socket.create_connection((d.host, d.port), timeout=READ_TIMEOUT,
                                          source_address=(source, 0) if source else None)
        self.buf = b""

    def send(self, data):
        self.s.sendall(data)

    def response(self):
        """(status, headers, body) of the next response; None when the
        server closed the connection first."""
        while b"\r\n\r\n" not in self.buf:
            try:
                chunk = self.s.recv(65536)
            except ConnectionResetError:
                return None
            if not chunk:
                return None
            self.buf += chunk
        head, _, rest = self.buf.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        hdrs = {}
        for line in lines[1:]:
            k, _, v = line.partition(":")
            hdrs[k.strip().lower()] = v.strip()
        n = int(hdrs.get("content-length", "0"))
        while len(rest) < n:
            chunk = self.s.recv(65536)
            if not chunk:
                break
            rest += chunk
        self.buf = rest[n:]
        return status, hdrs, rest[:n]

    def close(self):
        self.s.close()


class ManyConnections(unittest.TestCase):
    """One worker thread, hundreds of keep-alive connections."""

    @classmethod
    def setUpClass(cls):
        raise_fd_limit(4096)
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon(["--threads", "1"]))

    def all_ready_at_once(self, conns):
        """Stop the daemon, send a request on every connection, continue it:
        every request is ready when it next looks."""
        stop_process(self.d.proc.pid)
        try:
            for c in conns:
                c.send(get("/healthz"))
        finally:
            os.kill(self.d.proc.pid, signal.SIGCONT)

    def serve_rounds(self, n):
        conns = [Conn(self.d) for _ in range(n)]
        try:
            for c in conns:  # every connection accepted and served once
                c.send(get("/healthz"))
                self.assertEqual(c.response()[0], 200)
            for rnd in range(3):
                self.all_ready_at_once(conns)
                answered = 0
                for c in conns:
                    try:
                        r = c.response()
                    except socket.timeout:
                        r = None
                    if r and r[0] == 200 and json.loads(r[2])["status"] == "ok":
                        answered += 1
                self.assertEqual(answered, n, "round %d: %d of %d keep-alive connections "
                                 "answered" % (rnd, answered, n))
        finally:
            for c in conns:
                c.close()

    def test_256_keepalive_connections_ready_at_once(self):
        self.serve_rounds(256)

    def test_512_keepalive_connections_ready_at_once(self):
        self.serve_rounds(512)

    def test_connections_wait_in_the_backlog(self):
        # 600 connections arrive while the daemon cannot accept: they wait in
        # the listen backlog (it must hold them all) and are all served.
        n = 600
        stop_process(self.d.proc.pid)
        conns = []
        try:
            for _ in range(n):
                c = Conn(self.d)
                c.send(get("/healthz"))
                conns.append(c)
        finally:
            os.kill(self.d.proc.pid, signal.SIGCONT)
        try:
            ok = sum(1 for c in conns if (c.response() or (0,))[0] == 200)
            self.assertEqual(ok, n)
        finally:
            for c in conns:
                c.close()


class PerAddressCap(unittest.TestCase):
    CAP = 8

    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon(["--max-connections-per-ip", str(cls.CAP),
                                                        "--max-connections", "64"]))

    def test_flood_from_one_address_leaves_room_for_others(self):
        held = []
        try:
            for _ in range(self.CAP):
                c = Conn(self.d, "127.0.0.1")
                c.send(get("/healthz"))
                self.assertEqual(c.response()[0], 200)
                held.append(c)
            # the flood goes on: every further connection from 127.0.0.1 is
            # closed without an answer
            for _ in range(3 * self.CAP):
                c = Conn(self.d, "127.0.0.1")
                try:
                    try:
                        c.send(get("/healthz"))
                    except (BrokenPipeError, ConnectionResetError):
                        pass
                    self.assertIsNone(c.response(), "a connection over the cap was served")
                finally:
                    c.close()
            # another address still gets /healthz
            o = Conn(self.d, "127.0.0.2")
            try:
                o.send(get("/healthz"))
                self.assertEqual(o.response()[0], 200)
            finally:
                o.close()
            # the held connections keep working
            held[0].send(get("/healthz"))
            self.assertEqual(held[0].response()[0], 200)
        finally:
            for c in held:
                c.close()
        # once they are closed, the address is served again
        for attempt in range(200):
            c = Conn(self.d, "127.0.0.1")
            try:
                c.send(get("/healthz"))
                r = c.response()
            except (BrokenPipeError, ConnectionResetError):
                r = None
            finally:
                c.close()
            if r:
                break
            time.sleep(0.05)  # the daemon notices the closes in its own time
        self.assertEqual(r[0], 200)


class HeadDeadline(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon(["--head-timeout", "2"]))

    def test_trickled_head_is_cut_off(self):
        # A head of 60 bytes at one byte per 0.5 s would take 30 s; the
        # daemon must answer 408 and close before the head is complete.
        s = socket.create_connection((self.d.host, self.d.port), timeout=READ_TIMEOUT)
        head = get("/healthz")[:-2] + b"X-Slow: " + b"a" * 40 + b"\r\n\r\n"
        got = b""
        sent = 0
        try:
            while sent < len(head) - 1:
                try:
                    s.sendall(head[sent:sent + 1])
                except (BrokenPipeError, ConnectionResetError):
                    break
                sent += 1
                r, _, _ = select.select([s], [], [], 0.5)
                if r:
                    break
            while True:
                try:
                    chunk = s.recv(65536)
                except ConnectionResetError:
                    break
                if not chunk:
                    break
                got += chunk
        finally:
            s.close()
        self.assertLess(sent, len(head) - 1, "the whole trickled head was accepted")
        self.assertTrue(got.startswith(b"HTTP/1.1 408 "), got[:200])
        body = json.loads(got.partition(b"\r\n\r\n")[2])
        self.assertEqual(body["code"], "request_timeout")
        self.assertEqual(body["status"], 408)
        # and the daemon serves on
        self.assertEqual(self.d.request("GET", "/healthz")[0], 200)

    def test_idle_keepalive_connection_is_not_cut_by_it(self):
        c = Conn(self.d)
        try:
            c.send(get("/healthz"))
            self.assertEqual(c.response()[0], 200)
            time.sleep(4)  # twice the head deadline, idle (no byte of a head)
            c.send(get("/healthz"))
            self.assertEqual(c.response()[0], 200)
        finally:
            c.close()

    def test_head_sent_in_pieces_within_the_deadline_is_served(self):
        s = socket.create_connection((self.d.host, self.d.port), timeout=READ_TIMEOUT)
        try:
            head = get("/healthz")
            for i in range(0, len(head), 8):
                s.sendall(head[i:i + 8])
                time.sleep(0.05)
            st, _, body = wbtest.read_response(s)
            self.assertEqual(st, 200)
        finally:
            s.close()


class ManyQueryParameters(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon())

    def test_every_count_gets_an_answer(self):
        conn = self.d.connect()
        try:
            for n in (64, 65, 150, 200, 400, 1000):
                q = "&".join("p%d=1" % i for i in range(n))
                st, hdrs, data = self.d.request("GET", "/v1/dictionaries/en_US/prefix/ca?" + q,
                                                conn=conn)
                if n <= 64:
                    self.assertEqual(st, 200, (n, data[:200]))
                    continue
                self.assertEqual(st, 400, (n, data[:200]))
                self.assertEqual(hdrs.get("content-type"), "application/problem+json")
                doc = json.loads(data)
                self.assertEqual(doc["code"], "bad_parameter")
                self.assertIn("query parameters", doc["detail"])
            # The same keep-alive connection still serves.
            st, _, _ = self.d.request("GET", "/healthz", conn=conn)
            self.assertEqual(st, 200)
        finally:
            conn.close()

    def test_parameters_reach_the_route(self):
        st, _, data = self.d.request("GET", "/v1/dictionaries/en_US/prefix/ca?limit=3")
        self.assertEqual(st, 200, data[:200])
        self.assertEqual(len(json.loads(data)["words"]), 3)


class HeadTooLarge(unittest.TestCase):
    """A request head larger than a connection's memory (12 KB: a target of
    8 KB and 4 KB of header fields) gets a problem+json 431, never a silent
    close nor libmicrohttpd's HTML page: whether the request line, one
    header field or many short ones fill it, at every size around the
    edge, where MHD 0.9.75 alone closes in silence (heads of 12,000 to
    12,200 bytes) or answers HTML (larger ones, 200 short fields)."""

    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon())

    def answer(self, head):
        s = socket.create_connection((self.d.host, self.d.port), timeout=READ_TIMEOUT)
        try:
            try:
                s.sendall(head)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return wbtest.read_response(s)
        finally:
            s.close()

    def assert_431(self, head, what, or_414=False):
        """The answer is the 431 problem (or, `or_414`, the 414 one of a
        target over 8 KB whose head still fit)."""
        st, hdrs, body = self.answer(head)
        self.assertIn(st, (414, 431) if or_414 else (431,), (what, body[:200]))
        self.assertEqual(hdrs.get("content-type"), "application/problem+json", what)
        doc = json.loads(body)
        self.assertEqual((doc["status"], doc["code"]),
                         (st, "head_too_large" if st == 431 else "uri_too_long"), what)

    def test_every_size_gets_a_problem(self):
        for n in list(range(12000, 12400, 25)) + [13000, 20000, 70000, 300000]:
            self.assert_431(b"GET /v1/dictionaries/en_US/words/" + b"a" * (n - 40)
                            + b" HTTP/1.1\r\nHost: x\r\n\r\n", "a request line of %d" % n,
                            or_414=n < 12200)
            self.assert_431(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"v" * (n - 40)
                            + b"\r\n\r\n", "a header field of %d" % n)
        for lines in (200, 400, 2000):
            self.assert_431(b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                            + b"".join(b"X-H%d: v\r\n" % i for i in range(lines)) + b"\r\n",
                            "%d header lines" % lines)

    def test_smaller_heads_are_served(self):
        st, _, body = self.answer(b"GET /v1/dictionaries/en_US/words/" + b"a" * 9000
                                  + b" HTTP/1.1\r\nHost: x\r\n\r\n")
        self.assertEqual((st, json.loads(body)["code"]), (414, "uri_too_long"))
        # the longest target served is 8,192 bytes; one byte more is a 414
        for n, want in ((8192, 200), (8193, 414)):
            target = b"/healthz?pad=" + b"a" * (n - len(b"/healthz?pad="))
            st, _, _ = self.answer(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\n\r\n")
            self.assertEqual(st, want, n)
        st, _, _ = self.answer(b"GET /healthz HTTP/1.1\r\nHost: x\r\n"
                               + b"".join(b"X-H%d: v\r\n" % i for i in range(100)) + b"\r\n")
        self.assertEqual(st, 200)
        # a keep-alive connection open beside a refused head is served on
        conn = self.d.connect()
        try:
            self.assertEqual(self.d.request("GET", "/healthz", conn=conn)[0], 200)
            self.assert_431(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"v" * 20000
                            + b"\r\n\r\n", "beside a keep-alive connection")
            self.assertEqual(self.d.request("GET", "/healthz", conn=conn)[0], 200)
        finally:
            conn.close()


class JsonBodiesOnly(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon())

    CHECK = json.dumps({"word": "kissing", "cards": ["NZ", "IQ", "SG", "SH"]})

    def assert415(self, path, body, ctype):
        st, hdrs, data = self.d.request("POST", path, body, {"Content-Type": ctype})
        self.assertEqual(st, 415, (ctype, data[:200]))
        self.assertEqual(hdrs.get("content-type"), "application/problem+json")
        doc = json.loads(data)
        self.assertEqual(doc["code"], "unsupported_media_type")
        self.assertEqual(doc["status"], 415)
        self.assertEqual(hdrs.get("accept-post"), "application/json")

    def test_check_refuses_other_media_types(self):
        for ct in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                   "multipart/form-data; boundary=x", "application/jsonx", "application/json5",
                   "", None):
            self.assert415("/v1/wibbell/check", self.CHECK, ct)

    def test_check_accepts_json_with_parameters_in_any_case(self):
        for ct in ("application/json", "application/json; charset=utf-8",
                   "Application/JSON;charset=UTF-8", " application/json"):
            st, _, data = self.d.request("POST", "/v1/wibbell/check", self.CHECK,
                                         {"Content-Type": ct})
            self.assertEqual(st, 200, (ct, data[:200]))
            self.assertTrue(json.loads(data)["valid"])

    def test_cross_site_form_post_creates_no_match(self):
        st, _, before = self.d.json("GET", "/v1/matches")
        self.assertEqual(st, 200)
        body = json.dumps({"game": "wibbell", "players": ["ann", "bob"]})
        for ct in ("text/plain", "application/x-www-form-urlencoded", None):
            self.assert415("/v1/games", body, ct)
        st, _, after = self.d.json("GET", "/v1/matches")
        self.assertEqual(after, before)

    def test_action_as_text_plain_changes_nothing(self):
        st, _, m = self.d.json("POST", "/v1/games",
                               {"game": "wibbell", "players": ["ann", "bob"],
                                "options": {"tie_window_ms": 0}, "seed": 7})
        self.assertEqual(st, 201, m)
        tok = m["players"][0]["token"]
        path = "/v1/games/%s/actions" % m["id"]
        st, _, data = self.d.request("POST", path, json.dumps({"type": "claim", "word": "wolf"}),
                                     {"Content-Type": "text/plain",
                                      "Authorization": "Bearer " + tok})
        self.assertEqual(st, 415, data[:200])
        st, _, v = self.d.json("GET", "/v1/games/" + m["id"], headers={
            "Authorization": "Bearer " + tok})
        self.assertEqual(v["version"], m["version"])


class BodyLimit(unittest.TestCase):
    """--max-body is the largest body served: a body of exactly that many
    bytes is read and answered, one byte more is refused with 413, with a
    declared length or chunked (each path counts the bytes its own way)."""
    MAX = 100

    @classmethod
    def setUpClass(cls):
        cls.d = wbtest.class_daemon(cls, wbtest.Daemon(args=["--max-body", str(cls.MAX)]))

    def body(self, n):
        """A check body of exactly n bytes (JSON padded with spaces)."""
        b = json.dumps({"word": "kissing", "cards": ["NZ"]}).encode()
        self.assertLessEqual(len(b), n)
        return b + b" " * (n - len(b))

    def post(self, body, chunked=False):
        c = self.d.connect()
        try:
            h = {"Content-Type": "application/json"}
            if chunked:
                # in two chunks: the second crosses the limit or reaches it
                h["Transfer-Encoding"] = "chunked"
                c.request("POST", "/v1/wibbell/check", body=iter([body[:60], body[60:]]),
                          headers=h, encode_chunked=True)
            else:
                c.request("POST", "/v1/wibbell/check", body=body, headers=h)
            r = c.getresponse()
            return r.status, json.loads(r.read())
        finally:
            c.close()

    def test_exactly_the_limit_is_served(self):
        for chunked in (False, True):
            st, doc = self.post(self.body(self.MAX), chunked)
            self.assertEqual(st, 200, (chunked, doc))

    def test_one_byte_over_is_refused(self):
        for chunked in (False, True):
            st, doc = self.post(self.body(self.MAX + 1), chunked)
            self.assertEqual((st, doc["code"]), (413, "body_too_large"), chunked)


if __name__ == "__main__":
    wbtest.main()
