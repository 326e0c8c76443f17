#!/usr/bin/env python3
"""test_web_http.py - the pages and stream tickets over plain HTTP (no
browser): every file of api/web/ is served byte for byte with its type, an
ETag and revalidation; unknown files get problem+json 404s; the page set
stays within its size budget and fetches nothing from elsewhere; a ticket
opens one stream as its seat, once, and tokens never reach the access log.

Runs in both builds (plain and ASan/UBSan).  Python 3 standard library only.
"""
import json
import os
import re
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e"))
import wbtest  # noqa: E402
import wbgames  # noqa: E402

WEB = os.path.join(os.environ.get("WIBBELLD_TEST_SRC", os.path.join(os.path.dirname(__file__), "..")),
                   "..", "api", "web")
BUDGET = 100 * 1024  # what a phone loads for one page, uncompressed
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
D = None
# a module's imports: `import ... from './x.js'` at a line's start, or import('./x.js')
IMPORT = re.compile(r"(?:^import\b[^;']*?\bfrom|import\()\s*'([^']+)'", re.M)


def setUpModule():
    global D
    D = wbgames.module_daemon(wbgames.GamesDaemon(args=["--verbose", "--heartbeat", "1"]))


def files():
    return sorted(f for f in os.listdir(WEB) if not f.startswith("."))


def sse_first_event(path, headers=None, want=1):
    """Open an event stream; return its first `want` events as (name, data)."""
    s = socket.create_connection((D.host, D.port), timeout=30)
    try:
        req = "GET %s HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n" % path
        for k, v in (headers or {}).items():
            req += "%s: %s\r\n" % (k, v)
        s.sendall((req + "\r\n").encode())
        buf = b""
        while True:
            head, sep, body = buf.partition(b"\r\n\r\n")
            if sep:
                status = int(head.split(b" ")[1])
                if status != 200:
                    return status, []
                evs = [e for e in body.split(b"\n\n") if e.strip() and not e.startswith(b":")]
                complete = evs[:-1] if not body.endswith(b"\n\n") else evs
                if len(complete) >= want:
                    out = []
                    for e in complete[:want]:
                        f = dict(l.split(": ", 1) for l in e.decode().split("\n")
                                 if ": " in l and not l.startswith(":"))
                        out.append((f.get("event"), json.loads(f.get("data", "null"))))
                    return 200, out
            chunk = s.recv(65536)
            if not chunk:
                raise AssertionError("stream closed early: %r" % buf[:300])
            buf += chunk
    finally:
        s.close()


class Files(wbtest.unittest.TestCase):
    def test_every_file_served_as_is(self):
        """Each file of api/web/ is embedded and served unchanged, with its
        content type, a strong ETag and Cache-Control: no-cache."""
        self.assertGreaterEqual(len(files()), 10)
        for f in files():
            st, h, body = D.request("GET", "/web/" + f)
            self.assertEqual(st, 200, f)
            self.assertEqual(body, open(os.path.join(WEB, f), "rb").read(), f)
            self.assertEqual(h["content-type"], TYPES[os.path.splitext(f)[1]], f)
            self.assertRegex(h["etag"], r'^"[0-9a-f]{16}"$', f)
            self.assertEqual(h["cache-control"], "no-cache", f)
            st, h2, body = D.request("HEAD", "/web/" + f)
            self.assertEqual((st, body, h2["etag"]), (200, b"", h["etag"]), f)

    def test_root_is_the_judge(self):
        st, h, body = D.request("GET", "/")
        self.assertEqual(st, 200)
        self.assertEqual(body, open(os.path.join(WEB, "index.html"), "rb").read())
        self.assertIn("default-src 'self'", h["content-security-policy"])
        st, _, body2 = D.request("GET", "/?from=qr")
        self.assertEqual((st, body2), (200, body))

    def test_judge_marks_a_base_sense(self):
        """The judge's definitions show a base form's sense as "hope: ...":
        the definition's "of" before its text."""
        st, _, body = D.request("GET", "/web/judge.js")
        self.assertEqual(st, 200)
        self.assertRegex(body.decode(), r"x\.of \? h\('span', \{class: 'of'\}, x\.of \+ ': '\) : null, x\.text")

    def test_every_menu_names_the_three_uses(self):
        """Every page with a menu offers the three uses by name: the judge,
        the table referee (companion mode, reached from no menu before) and
        a new game; the page itself is marked current.  The projector is a
        wall display without a menu."""
        uses = [("/", "Judge"), ("/web/table.html", "Table referee"), ("/web/lobby.html", "New game")]
        for page, here in (("/", "/"), ("/web/lobby.html", "/web/lobby.html"),
                           ("/web/table.html", "/web/table.html"), ("/web/play.html", None),
                           ("/web/rules.html", None)):
            st, _, body = D.request("GET", page)
            self.assertEqual(st, 200)
            nav = re.search(r'<nav aria-label="Pages">(.*?)</nav>', body.decode(), re.S)
            self.assertTrue(nav, page + " has a menu")
            links = re.findall(r'<a href="([^"]+)"( aria-current="page")?>([^<]+)</a>', nav.group(1))
            self.assertEqual([(h, t) for h, _, t in links], uses, page)
            self.assertEqual([h for h, cur, _ in links if cur], [here] if here else [], page)

    def test_boards_share_board_js(self):
        """What every board repeated lives in board.js: the #board[data-version]
        mark (written by hand on 9 pages before), the log told again
        (relog) and a seat's name (copied by dumb.js and woobie.js), and
        the actions drawn only when listed for the view drawn (wibbell.js
        and woodlouse.js drew a stale list): a board module reads
        ctx.actions through board.js's listed() alone."""
        boards = ("wibbell.js", "whirlpool.js", "woodlouse.js", "woobie.js", "dumb.js", "table.js")
        for f in files():
            if not f.endswith(".js") or f == "board.js":
                continue
            src = open(os.path.join(WEB, f)).read()
            self.assertFalse("dataset.version" in src, f + " marks the board itself")
            self.assertFalse(re.search(r"function relog|const seatName", src), f + " copies board.js")
            # the kit of the boards on a map: an action's button, the loader of
            # the match's queries, the zoom toggle and the pan (keepPan)
            kit = r"const btn\b|/query/|keepPan\(|'aria-pressed': String\((?:whole|zoom)\)"
            self.assertFalse(f in boards and re.search(kit, src), f + " copies board.js's kit")
            if f in boards:
                self.assertIn("from './board.js'", src, f)
            if f in boards and f != "table.js":  # table.js fetches the list, as play.js does
                self.assertFalse(re.search(r"ctx\.actions\b(?!For)", src), f + " reads the actions list unchecked")

    def test_words_apart_from_the_board(self):
        """Wibbell's words (reasons, languages, meanings, the log) are
        words.js's: the judge, the referee's table, the projector, the lobby
        and the class pages import them from there, and wibbell.js, which
        play.js loads as the board, exports only what a board does."""
        for f in files():
            if f.endswith(".js") and f not in ("play.js", "wibbell.js"):
                src = open(os.path.join(WEB, f)).read()
                self.assertFalse("'./wibbell.js'" in src, f + " uses the board as a library")
        for f in ("judge.js", "table.js", "projector.js", "lobby.js", "report.js", "study.js", "join.js",
                  "classroom.js"):
            self.assertIn("from './words.js'", open(os.path.join(WEB, f)).read(), f)
        src = open(os.path.join(WEB, "wibbell.js")).read()
        exported = set(re.findall(r"^export (?:function|const) (\w+)", src, re.M))
        exported |= {n.strip() for m in re.findall(r"^export \{([^}]*)\}", src, re.M) for n in m.split(",")}
        self.assertEqual(exported, {"render", "describe", "entry"})

    def test_lines_within_120(self):
        """No line of the pages' HTML, CSS or JavaScript is over 120
        characters (a line of the code, not of a minifier: the pages have no
        build step, and what a reader opens is what is served)."""
        long = []
        for f in files():
            if os.path.splitext(f)[1] not in (".js", ".html", ".css"):
                continue
            for n, line in enumerate(open(os.path.join(WEB, f), encoding="utf-8").read().split("\n"), 1):
                if len(line) > 120:
                    long.append("%s:%d (%d)" % (f, n, len(line)))
        self.assertEqual(long, [], "lines over 120 characters")

    def test_revalidation(self):
        st, h, _ = D.request("GET", "/web/style.css")
        tag = h["etag"]
        for inm in (tag, "W/" + tag, '"nope", ' + tag, "*"):
            st, h2, body = D.request("GET", "/web/style.css", headers={"If-None-Match": inm})
            self.assertEqual((st, body, h2["etag"]), (304, b"", tag), inm)
        st, _, body = D.request("GET", "/web/style.css", headers={"If-None-Match": '"0000000000000000"'})
        self.assertEqual(st, 200)
        self.assertGreater(len(body), 0)
        _, hj, _ = D.request("GET", "/web/api.js")
        self.assertNotEqual(hj["etag"], tag, "different files, different tags")

    def test_unknown_files(self):
        for path in ("/web/nope.html", "/web/..%2Fopenapi.json", "/web/", "/web",
                     "/web/index.html/x", "/index.html", "/web/INDEX.HTML"):
            st, h, doc = D.json("GET", path)
            self.assertEqual(st, 404, path)
            self.assertEqual(h["content-type"], "application/problem+json", path)
            self.assertEqual(doc["code"], "not_found", path)
        st, h, doc = D.json("POST", "/", body={})
        self.assertEqual((st, doc["code"]), (405, "method_not_allowed"))
        self.assertEqual(h["allow"], "GET, HEAD")

    def test_size_budget(self):
        """What a phone loads for one page, uncompressed, stays under 100 KB:
        the page, what it links (stylesheet, icon, scripts) and the modules
        those import, and for the player (play.html) its largest board
        module (play.js imports only the board of the match's game).  The
        whole set is printed too: it is larger than any one page."""
        size = {f: len(D.request("GET", "/web/" + f)[2]) for f in files()}

        def text(f):
            return open(os.path.join(WEB, f), encoding="utf-8").read()

        def closure(f, seen):
            if f in seen:
                return seen
            seen.add(f)
            if f.endswith(".html"):
                # what the page loads (scripts, stylesheet, icon), not the pages it links to
                refs = [r[5:] for r in re.findall(r'<(?:script|link)\b[^>]*?\b(?:src|href)="(/web/[^"]+)"', text(f))]
            elif f.endswith(".js"):
                refs = [r[2:] for r in re.findall(IMPORT, text(f))]
            else:
                refs = []
            for r in refs:
                closure(r, seen)
            return seen

        boards = re.findall(r"'[\w-]+': '\./(\w+\.js)'", text("play.js"))  # BOARDS: game -> module
        self.assertGreaterEqual(len(boards), 5, "play.js names its board modules")
        for page in (f for f in files() if f.endswith(".html")):
            base = closure(page, set())
            extra = [closure(b, set()) - base for b in boards] if "play.js" in base else [set()]
            for more in extra:
                got = base | more
                total = sum(size[f] for f in got)
                self.assertLess(total, BUDGET, "%s loads %d bytes: %s" % (page, total, sorted(got)))
            if "play.js" in base:
                for b in boards:
                    print("# %s with %s: %d bytes" % (page, b, sum(size[f] for f in base | closure(b, set()))))
            else:
                print("# %s: %d bytes" % (page, sum(size[f] for f in base)))
        print("# page set: %d files, %d bytes (budget per page %d)" % (len(files()), sum(size.values()), BUDGET))

    def test_nothing_from_elsewhere(self):
        """Pages load only the daemon's own files: every src/href of the
        HTML and every import of the scripts is a file of the set."""
        names = set(files())
        for f in files():
            text = open(os.path.join(WEB, f), encoding="utf-8").read()
            if f.endswith(".html"):
                for ref in re.findall(r'(?:src|href)="([^"]+)"', text):
                    if ref == "/":
                        continue
                    if ref.startswith("#"):  # a place in the page itself: it is there
                        self.assertIn('id="%s"' % ref[1:], text, (f, ref))
                        continue
                    self.assertTrue(ref.startswith("/web/"), (f, ref))
                    self.assertIn(ref[5:], names, (f, ref))
            if f.endswith(".js"):
                for ref in re.findall(IMPORT, text):
                    self.assertTrue(ref.startswith("./"), (f, ref))
                    self.assertIn(ref[2:], names, (f, ref))
                self.assertNotRegex(text, r"https?://(?!www\.w3\.org/2000/svg)", f)


class Tickets(wbtest.unittest.TestCase):
    def match(self):
        st, _, m = D.json("POST", "/v1/games", {"game": "woodlouse-chaos",
                                                "players": ["ann", "bob", "cy"], "seed": 7})
        self.assertEqual(st, 201)
        return m

    def ticket(self, m, token, status=200):
        st, _, doc = D.json("POST", "/v1/games/%s/tickets" % m["id"], body=None,
                            headers=wbgames.bearer(token))
        self.assertEqual(st, status, doc)
        return doc

    def test_ticket_opens_the_seats_stream_once(self):
        m = self.match()
        t0 = m["players"][0]["token"]
        # the trainer (seat 0) draws: the card is in its view only
        st, _, _ = D.json("POST", "/v1/games/%s/actions" % m["id"], {"type": "draw"},
                          headers=wbgames.bearer(t0))
        self.assertEqual(st, 200)
        doc = self.ticket(m, t0)
        self.assertRegex(doc["ticket"], r"^[0-9a-f]{32}$")
        self.assertEqual(doc["events"], "/v1/games/%s/events?ticket=%s" % (m["id"], doc["ticket"]))
        self.assertGreater(doc["expires_in"], 0)
        st, evs = sse_first_event(doc["events"])
        self.assertEqual(st, 200)
        name, view = evs[0]
        self.assertEqual((name, view["trainer"]), ("view", 0))
        self.assertIn("card", view, "the trainer's stream shows the trainer's card")
        # used up
        st, _, p = D.json("GET", doc["events"])
        self.assertEqual((st, p["code"]), (403, "forbidden"))
        # another seat's ticket: that seat's view, no card
        doc1 = self.ticket(m, m["players"][1]["token"])
        st, evs = sse_first_event(doc1["events"])
        self.assertEqual(st, 200)
        self.assertNotIn("card", evs[0][1], "seat 1 does not see the trainer's card")
        self.assertNotIn("score_piles", evs[0][1])
        # the host's: the host view
        doch = self.ticket(m, m["host_token"])
        st, evs = sse_first_event(doch["events"])
        self.assertIn("score_piles", evs[0][1])
        # resuming with last_event_id sends the missed entries instead of the view
        doc = self.ticket(m, t0)
        st, evs = sse_first_event(doc["events"] + "&last_event_id=1")
        self.assertEqual(evs[0][0], "action")
        self.assertEqual(evs[0][1]["version"], 2)

    def test_bad_tickets(self):
        m, other = self.match(), self.match()
        doc = self.ticket(m, m["players"][0]["token"])
        st, _, p = D.json("GET", "/v1/games/%s/events?ticket=%s" % (other["id"], doc["ticket"]))
        self.assertEqual((st, p["code"]), (403, "forbidden"), "a ticket is its match's only")
        st, _, p = D.json("GET", doc["events"])
        self.assertEqual((st, p["code"]), (403, "forbidden"), "and the wrong use spent it")
        for bad in ("", "0" * 32, "zz", "x" * 200, m["players"][0]["token"]):
            st, _, p = D.json("GET", "/v1/games/%s/events?ticket=%s" % (m["id"], bad))
            self.assertEqual((st, p["code"]), (403, "forbidden"), bad)
        p = self.ticket(m, None, 401)
        self.assertEqual(p["code"], "unauthorized")
        p = self.ticket(m, other["host_token"], 403)
        self.assertEqual(p["code"], "forbidden")
        st, _, p = D.json("POST", "/v1/games/nosuchmatch/tickets", headers=wbgames.bearer("abc"))
        self.assertEqual((st, p["code"]), (404, "unknown_match"))
        st, _, p = D.json("GET", "/v1/games/%s/tickets" % m["id"])
        self.assertEqual((st, p["code"]), (405, "method_not_allowed"))

    def test_tokens_stay_out_of_the_log(self):
        """With every request logged (--verbose), the log holds no token and
        no ticket (written as ticket=-); a ticket is spent by its stream."""
        m = self.match()
        doc = self.ticket(m, m["players"][2]["token"])
        st, _ = sse_first_event(doc["events"])
        self.assertEqual(st, 200)
        # a stream is logged when it ends: wait for the daemon to see it closed
        line = '"GET /v1/games/%s/events?ticket=-" 200' % m["id"]
        for _ in range(600):
            log = D.stderr_text()
            if line in log:
                break
            wbtest.time.sleep(0.05)
        self.assertIn(line, log, "the request was logged (the test can see the log)")
        for t in [m["host_token"], doc["ticket"]] + [p["token"] for p in m["players"]]:
            self.assertNotIn(t, log)
        st, _, p = D.json("GET", doc["events"])
        self.assertEqual((st, p["code"]), (403, "forbidden"))


if __name__ == "__main__":
    wbtest.main()
