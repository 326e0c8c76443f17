#!/usr/bin/env python3
"""test_scaleout.py - two daemons behind Debian's nginx, with the shipped
deploy/nginx-proxy.conf.

The shipped file passes `nginx -t` as a drop-in of Debian's own nginx.conf
(next to the stock default site).  Then the same file, with its loopback
ports replaced by free ones, runs in a real nginx in front of two daemons
(--instance a and b, each its own data directory): matches are created
through the proxy round robin, played to the end and followed over their
event streams through the proxy, and every response about a match comes
from its owner (X-Wibbelld-Instance equals the id's prefix, and the other
daemon does not know the id), page tickets included.  A body over the daemon's limit gets the
daemon's problem+json 413, one over nginx's limit nginx's own problem+json
413.  With one daemon stopped, its matches answer 503 problem+json
instance_unavailable from nginx while the other's play on and creation
goes to the live one; restarted, it has every match as it was.
SCALE-OUT.md's third instance, added to the shipped file as its text
says, gets 200 requests about one of its matches over a handful of
connections from nginx (counted in /proc/net/tcp), not one each.

nginx and the daemons are started here and stopped by their pids.
"""
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbgames  # noqa: E402
import wbtest  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SHIPPED = os.path.normpath(os.path.join(HERE, "..", "..", "deploy", "nginx-proxy.conf"))
GUIDE = os.path.normpath(os.path.join(HERE, "..", "..", "deploy", "SCALE-OUT.md"))
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
DEBIAN_CONF = "/etc/nginx/nginx.conf"
PROBLEM = "application/problem+json"
DECK = wbgames.DEFAULT_DECK[:12]

D = {}        # instance name -> GamesDaemon (the module's Site)
TMP = None    # the module Site's directory
PROXY = None


free_port = wbtest.free_port


class Proxy:
    """HTTP to nginx with the client of wbtest.Daemon; remembers the
    instance that answered each request about a match."""

    host = "127.0.0.1"
    connect = wbtest.Daemon.connect
    json = wbtest.Daemon.json

    def __init__(self, port):
        self.port = port
        self.seen = []  # (method, path, status, X-Wibbelld-Instance)

    def request(self, method, path, body=None, headers=None, conn=None):
        st, h, data = wbtest.Daemon.request(self, method, path, body, headers, conn)
        self.seen.append((method, path, st, h.get("x-wibbelld-instance")))
        return st, h, data


def site_conf(ports, listen):
    """The shipped file with its loopback ports and listen port replaced;
    every one of them must be there, so a change of the file that the
    test does not follow fails here."""
    text = open(SHIPPED).read()
    for name, old in (("a", 8081), ("b", 8082)):
        pat = "127.0.0.1:%d;" % old
        if pat not in text:
            raise AssertionError("%s: no %s for instance %s" % (SHIPPED, pat, name))
        text = text.replace(pat, "127.0.0.1:%d;" % ports[name])
    if "listen 8080;" not in text:
        raise AssertionError("%s: no 'listen 8080;'" % SHIPPED)
    return text.replace("listen 8080;", "listen 127.0.0.1:%d;" % listen)


def main_conf(tmp, site):
    """A main configuration of our own paths (pid, logs, temp files) that
    includes `site` in http{}, as Debian's nginx.conf includes conf.d."""
    user = "user root;\n" if os.geteuid() == 0 else ""
    temps = "".join("%s_temp_path %s/%s;\n" % (t, tmp, t)
                    for t in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return ("%sdaemon off;\nworker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log;\n"
            "events { worker_connections 256; }\n"
            "http {\ninclude /etc/nginx/mime.types;\naccess_log %s/access.log;\n%s"
            "include %s;\n}\n" % (user, tmp, tmp, tmp, temps, site))


def nginx_test(conf, tmp, prefix=True):
    """nginx -t of `conf`; `prefix`: with tmp as the prefix (else
    Debian's, where its module paths are relative to)."""
    args = [NGINX, "-t", "-q", "-e", os.path.join(tmp, "error.log"), "-c", conf]
    if prefix:
        args += ["-p", tmp]
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, timeout=60)


def start_daemon(name, port=0, data_dir=None):
    d = wbgames.GamesDaemon(args=["--dictionaries", "en_US", "--instance", name,
                                  "--max-connections-per-ip", "0"],
                            data_dir=data_dir, listen="127.0.0.1:%d" % port)
    return d.start()


class Site:
    """nginx with a site configuration of its own in front of daemons of
    its own (by instance name), in a temporary directory; stop() ends
    them all, whatever start() got to."""

    def __init__(self):
        self.daemons = {}
        self.ng = None
        self.proxy = None
        self.tmp = tempfile.mkdtemp(prefix="wibbelld-e2e-nginx-")

    def start(self, names, conf_of):
        """Start the daemons `names`, then nginx with conf_of(ports by
        name, listen port) as its site; wait until it answers."""
        for name in names:
            self.daemons[name] = start_daemon(name)
        listen = free_port()
        site = os.path.join(self.tmp, "wibbelld.conf")
        with open(site, "w") as f:
            f.write(conf_of({n: d.port for n, d in self.daemons.items()}, listen))
        conf = os.path.join(self.tmp, "nginx.conf")
        with open(conf, "w") as f:
            f.write(main_conf(self.tmp, site))
        with open(os.path.join(self.tmp, "stderr.log"), "w") as err:
            self.ng = subprocess.Popen([NGINX, "-e", os.path.join(self.tmp, "error.log"),
                                        "-p", self.tmp, "-c", conf],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=err)
        self.proxy = Proxy(listen)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.proxy.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if self.ng.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("nginx did not answer: %s" % self.log())
            time.sleep(0.05)
        return self

    def log(self):
        out = ""
        for f in ("stderr.log", "error.log"):
            p = os.path.join(self.tmp, f)
            if os.path.exists(p):
                out += open(p).read()[-3000:]
        return out

    def stop(self):
        bad = []
        if self.ng is not None and self.ng.poll() is None:
            self.ng.send_signal(signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.ng.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.ng.kill()
                self.ng.wait()
                bad.append("nginx did not stop on SIGQUIT")
        for name, d in self.daemons.items():
            if d.alive():
                rc = d.stop()
                if rc != 0:
                    bad.append("daemon %s exited %r:\n%s" % (name, rc, d.stderr_text()[-2000:]))
            d.cleanup()
        shutil.rmtree(self.tmp, ignore_errors=True)
        if bad:
            raise AssertionError("\n".join(bad))


def setUpModule():
    global D, TMP, PROXY
    site = Site()
    unittest.addModuleCleanup(site.stop)  # whatever fails from here on
    D, TMP = site.daemons, site.tmp
    PROXY = site.start(("a", "b"), site_conf).proxy


def third_instance_conf(ports, listen):
    """The shipped file with SCALE-OUT.md's third instance added as that
    text says: its upstream block, its map line and its server in
    wibbelld_any, each taken from the text as written (port 8083 then
    replaced by c's)."""
    guide = " ".join(open(GUIDE).read().split())
    up = re.search(r"add `(upstream wibbelld_c \{[^`]*\})`", guide)
    line = re.search(r"the map line `(~\^/v1/games/c-\s+wibbelld_c;)`", guide)
    srv = re.search(r"and `(server 127\.0\.0\.1:8083;)` in `wibbelld_any`", guide)
    if not (up and line and srv):
        raise AssertionError("%s: the third instance's steps not found" % GUIDE)
    text = site_conf(ports, listen)
    b = "server 127.0.0.1:%d;" % ports["b"]
    any_at = text.index("upstream wibbelld_any {")
    end = text.index("}", any_at)
    block = text[any_at:end].replace(b, b + "\n    " + srv.group(1))
    text = text[:any_at] + up.group(1) + "\n\n" + block + text[end:]
    text = re.sub(r"(~\^/v1/games/b-\s+wibbelld_b;)", lambda m: m.group(1) + "\n    " + line.group(1),
                  text)
    return text.replace("127.0.0.1:8083;", "127.0.0.1:%d;" % ports["c"])


def sockets_to(port):
    """The local ports of this machine's TCP sockets (any state: TIME_WAIT
    included) whose remote end is 127.0.0.1:`port`."""
    out = set()
    for f in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(f).read().splitlines()[1:]
        except OSError:
            continue
        for l in lines:
            local, remote = l.split()[1:3]
            if int(remote.rsplit(":", 1)[1], 16) == port:
                out.add(int(local.rsplit(":", 1)[1], 16))
    return out


class ThirdInstance(unittest.TestCase):
    """deploy/SCALE-OUT.md's third daemon, added as the text says, keeps
    its connections from nginx alive: 200 requests about one of its
    matches open a handful of connections to it, not 200."""

    def test_requests_reuse_connections(self):
        site = Site()
        self.addCleanup(site.stop)
        site.start(("a", "b", "c"), third_instance_conf)
        proxy, c = site.proxy, site.daemons["c"]
        r = nginx_test(os.path.join(site.tmp, "nginx.conf"), site.tmp)
        self.assertEqual(r.returncode, 0, r.stdout.decode())
        mine = None
        for seed in range(9):
            st, h, doc = proxy.json("POST", "/v1/games",
                                    {"game": "wibbell", "players": ["ann", "bob"], "seed": seed})
            self.assertEqual(st, 201, doc)
            if prefix(doc["id"]) == "c":
                mine = doc["id"]
                break
        self.assertIsNotNone(mine, "no match created on c in 9 round-robin creations")
        before = sockets_to(c.port)
        conn = proxy.connect()
        try:
            for _ in range(200):
                st, h, _ = proxy.request("GET", "/v1/games/" + mine, conn=conn)
                self.assertEqual(st, 200)
                self.assertEqual(h["x-wibbelld-instance"], "c")
        finally:
            conn.close()
        opened = sockets_to(c.port) - before
        self.assertLessEqual(len(opened), 4, "200 requests opened %d connections to c"
                             % len(opened))


def prefix(match_id):
    return match_id.split("-", 1)[0]


class ScaleOut(unittest.TestCase):
    matches = []  # made by test_2, in order

    def assertProblem(self, st, h, doc, status, code):
        self.assertEqual(st, status, doc)
        self.assertEqual(h.get("content-type"), PROBLEM)
        self.assertEqual(doc["status"], status)
        self.assertEqual(doc["code"], code)

    def test_1_shipped_file_passes_nginx_t_in_debian_nginx_conf(self):
        """Debian's own nginx.conf with the shipped file as its conf.d and
        the stock sites-enabled (the default site): nginx -t passes.  Only
        the paths of the pid and logs point here."""
        self.assertTrue(os.path.exists(DEBIAN_CONF), "Debian's nginx is not installed")
        text = open(DEBIAN_CONF).read()
        self.assertIn("include /etc/nginx/conf.d/*.conf;", text)
        text = text.replace("include /etc/nginx/conf.d/*.conf;", "include %s;" % SHIPPED)
        text = re.sub(r"(?m)^\s*pid\s+[^;]+;", "pid %s/t.pid;" % TMP, text)
        text = re.sub(r"(?m)^(\s*(?:access|error)_log)\s+/var/log/nginx/([a-z]+)\.log",
                      r"\1 %s/t-\2.log" % TMP, text)
        conf = os.path.join(TMP, "debian-nginx.conf")
        with open(conf, "w") as f:
            f.write(text)
        r = nginx_test(conf, TMP, prefix=False)
        self.assertEqual(r.returncode, 0, r.stdout.decode())
        # The generated configuration of this test passes too.
        r = nginx_test(os.path.join(TMP, "nginx.conf"), TMP)
        self.assertEqual(r.returncode, 0, r.stdout.decode())

    def test_2_creation_goes_round_robin(self):
        for i in range(6):
            st, h, doc = PROXY.json("POST", "/v1/games",
                                    {"game": "wibbell", "players": ["ann", "bob"],
                                     "options": {"tie_window_ms": 0, "deck": DECK},
                                     "seed": 100 + i})
            self.assertEqual(st, 201, doc)
            self.assertRegex(doc["id"], r"^[ab]-[0-9a-f]{30}$")
            self.assertEqual(h["x-wibbelld-instance"], prefix(doc["id"]))
            self.assertEqual(h["location"], "/v1/games/" + doc["id"])
            ScaleOut.matches.append(wbgames.Match(PROXY, doc))
        owners = [prefix(m.id) for m in ScaleOut.matches]
        self.assertEqual(owners.count("a"), 3, owners)
        self.assertEqual(owners.count("b"), 3, owners)

    def test_3_matches_play_through_the_proxy_at_their_owners(self):
        self.assertTrue(ScaleOut.matches)
        PROXY.seen.clear()
        for n, m in enumerate(ScaleOut.matches[:4]):
            owner = prefix(m.id)
            other = D["b" if owner == "a" else "a"]
            # only the owner knows the match
            st, _, _ = other.request("GET", m.path)
            self.assertEqual(st, 404)
            s = wbgames.EventStream(PROXY, m.path, None, timeout=30)
            try:
                self.assertEqual(s.status, 200)
                self.assertEqual(s.headers["x-wibbelld-instance"], owner)
                self.assertEqual(s.next()["event"], "view")
                p = wbgames.Player(self, m, 2, len(DECK), random.Random(n))
                # step by step: each action's event comes through before
                # the next action is made (nginx does not hold it back)
                while True:
                    view = m.view("host")
                    wbgames.check_view(self, view, len(DECK), 2)
                    if view["status"] == "finished":
                        break
                    doc = p.step(view)
                    ev = s.next()
                    self.assertEqual((ev["event"], ev["id"]), ("action", doc["version"]))
                ev = s.next()
                self.assertEqual(ev["event"], "end")
                self.assertIsNone(s.next(), "the stream closes after `end`")
            finally:
                s.close()
            self.assertGreater(p.steps, 3)
        about = [x for x in PROXY.seen if x[1].startswith("/v1/games/")]
        self.assertGreater(len(about), 40)
        for method, path, st, inst in about:
            self.assertEqual(st, 200, (method, path))
            self.assertEqual(inst, prefix(path.split("/")[3]), (method, path))

    def test_3b_page_tickets_work_through_the_proxy(self):
        """The pages follow a match with a ticket (kept in the owner's
        memory) and then the stream it opens: both reach the owner."""
        for m in ScaleOut.matches[4:6]:
            st, h, doc = PROXY.json("POST", m.path + "/tickets", None,
                                    headers=wbgames.bearer(m.tokens[1]))
            self.assertEqual(st, 200, doc)
            self.assertEqual(h["x-wibbelld-instance"], prefix(m.id))
            s = wbgames.EventStream(PROXY, m.path, None, query="?ticket=" + doc["ticket"])
            try:
                self.assertEqual(s.status, 200)
                ev = s.next()
                self.assertEqual(ev["event"], "view")
                self.assertEqual(ev["data"], m.view(1), "seat 1's view")
            finally:
                s.close()

    def test_4_dictionary_requests_go_to_any(self):
        PROXY.seen.clear()
        for _ in range(6):
            st, _, doc = PROXY.json("GET", "/v1/dictionaries/en_US/words/explore")
            self.assertEqual(st, 200)
            self.assertTrue(doc["valid"])
        self.assertEqual(sorted(x[3] for x in PROXY.seen), ["a"] * 3 + ["b"] * 3)

    def test_5_large_bodies_get_problem_json(self):
        big = '{"word":"%s"}' % ("a" * 100000)  # over the daemon's 64K
        st, h, doc = PROXY.json("POST", "/v1/wibbell/check", big)
        self.assertProblem(st, h, doc, 413, "body_too_large")
        self.assertIn(h.get("x-wibbelld-instance"), ("a", "b"), "the daemon's own answer")
        huge = '{"word":"%s"}' % ("a" * 2000000)  # over nginx's 1m
        st, h, doc = PROXY.json("POST", "/v1/wibbell/check", huge)
        self.assertProblem(st, h, doc, 413, "body_too_large")
        self.assertNotIn("x-wibbelld-instance", h, "nginx's answer")

    def test_6_one_daemon_down(self):
        self.assertTrue(ScaleOut.matches)
        mine = {n: [m for m in ScaleOut.matches if prefix(m.id) == n] for n in ("a", "b")}
        before = {m.id: m.view("host") for m in ScaleOut.matches}
        b = D["b"]
        port, data = b.port, b.data_dir
        self.assertEqual(b.stop(), 0)
        for m in mine["b"]:
            st, h, doc = PROXY.json("GET", m.path, headers=wbgames.bearer(m.host))
            self.assertProblem(st, h, doc, 503, "instance_unavailable")
            self.assertEqual(h.get("retry-after"), "10")
            st, h, doc = PROXY.json("POST", m.path + "/actions", {"type": "claim", "word": "x"},
                                    headers=wbgames.bearer(m.tokens[0]))
            self.assertProblem(st, h, doc, 503, "instance_unavailable")
        # a's matches, the dictionary and creation go on, all at a
        for m in mine["a"]:
            self.assertEqual(m.view("host")["version"], before[m.id]["version"])
        for i in range(4):
            st, h, doc = PROXY.json("GET", "/v1/dictionaries/en_US/words/taught")
            self.assertEqual((st, h["x-wibbelld-instance"]), (200, "a"))
            m = wbgames.create(PROXY, ["ann", "bob"], {"tie_window_ms": 0, "deck": DECK},
                               seed=200 + i)
            self.assertEqual(prefix(m.id), "a")
            m.ok(0, {"type": "claim", "word": "zzxq"})
        # b again, on its address and data directory: nothing was lost
        D["b"] = start_daemon("b", port=port, data_dir=data)
        D["b"].own_dir = data
        for m in mine["b"]:
            self.assertEqual(m.view("host"), before[m.id])
        m = mine["b"][-1]
        self.assertEqual(m.view("host")["status"], "active")
        doc = m.ok(0, {"type": "claim", "word": "zzxq"})
        self.assertEqual(doc["version"], before[m.id]["version"] + 1)


if __name__ == "__main__":
    wbtest.main()
