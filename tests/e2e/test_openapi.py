#!/usr/bin/env python3
"""test_openapi.py - api/openapi.json tells the truth about the daemon.

The document against the code:
  - every route of api/route.c has an operation in the document (same method,
    same path shape) and every operation a route: a new route without its
    operation fails here;
  - tokens are a bearer security scheme, never a header parameter named
    Authorization; every operation has `security`, a description, an
    operationId and a 4XX response; the licence has a URL; the server URL is
    relative, so generated clients work wherever the document was fetched
    (directly or through a proxy);
  - the daemon serves the document as it is in the source tree.

The document against real answers: a scenario over HTTP with the real daemon
touches every route with good and bad requests (and the games' five kinds of
view), and each answer is checked against the operation's response for its
status (the exact status or its range, never a catch-all) and content type:
JSON bodies against the schema (problem documents included), event streams
event by event (a view, then log entries), text as UTF-8, 204/304 empty,
and every header the response documents (ETag, Location, Retry-After,
Accept-Post) present; a JSON request body answered 2xx must be one the
operation's requestBody allows (a generated client may send it).  At
the end every operation must have been seen answering both a success and an
error.

Runs with the system python3, whose jsonschema is Debian's
python3-jsonschema (the validator of the JSON Schema draft OpenAPI 3.0 is
based on; `nullable` is turned into a type union first).
"""
import copy
import json
import os
import re
import sys
import tempfile
import time
import unittest

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import GamesDaemon, bearer, create, stop_module_daemon  # noqa: E402

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DOC_PATH = os.path.join(SRC, "api", "openapi.json")
ROUTE_C = os.path.join(SRC, "api", "route.c")
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
JSON_TYPES = ("application/json", "application/problem+json")

DOC = json.load(open(DOC_PATH, encoding="utf-8"))
D = None


def routes_of_route_c():
    """(METHOD, path pattern with {}) of each line of routes[] in route.c."""
    text = open(ROUTE_C, encoding="utf-8").read()
    table = text[re.search(r"\broute routes\[\] = \{", text).start():]
    table = table[:table.index("};")]
    return re.findall(r'\{\s*M_(GET|POST|DELETE|PUT)\s*,\s*"([^"]+)"', table)


def shape(path):
    """A document path in route.c's form: /v1/games/{id} -> /v1/games/{}."""
    return re.sub(r"\{[^}/]+\}", "{}", path)


def nullable_to_union(node):
    """OpenAPI 3.0's `nullable: true` as JSON Schema: the type or null."""
    if isinstance(node, dict):
        out = {k: nullable_to_union(v) for k, v in node.items()}
        if out.pop("nullable", False) and "type" in out:
            out["type"] = [out["type"], "null"]
        return out
    if isinstance(node, list):
        return [nullable_to_union(v) for v in node]
    return node


SCHEMA_DOC = nullable_to_union(DOC)
RESOLVER = jsonschema.RefResolver.from_schema(SCHEMA_DOC)


def deref(obj):
    while isinstance(obj, dict) and "$ref" in obj:
        node = DOC
        for part in obj["$ref"].lstrip("#/").split("/"):
            node = node[part]
        obj = node
    return obj


def validate(schema, value, where):
    schema = nullable_to_union(schema)
    v = jsonschema.Draft4Validator(schema, resolver=RESOLVER)
    errors = sorted(v.iter_errors(value), key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        raise AssertionError("%s: %s at %s (%d errors); value %s" % (
            where, e.message[:300], "/".join(str(p) for p in e.path), len(errors),
            json.dumps(value)[:300]))


def find_operation(method, path):
    """(document path, operation) for a request, or (None, None).  A literal
    segment beats a {parameter} (/v1/games/x/actions is not /v1/games/{id})."""
    segs = path.split("?", 1)[0].split("/")[1:]
    if segs == [""]:
        segs = []
    best = None
    for p, item in DOC["paths"].items():
        op = item.get(method.lower())
        if op is None:
            continue
        ps = p.split("/")[1:]
        if ps == [""]:
            ps = []
        if len(ps) != len(segs):
            continue
        score = 0
        for a, b in zip(ps, segs):
            if a.startswith("{") and a.endswith("}"):
                if not b:
                    break
            elif a == b:
                score += 1
            else:
                break
        else:
            if best is None or score > best[0]:
                best = (score, p, op)
    return (best[1], best[2]) if best else (None, None)


class Seen:
    """Which (operation, status) pairs were checked against the document."""

    def __init__(self):
        self.pairs = set()

    def add(self, op_id, status):
        self.pairs.add((op_id, status))

    def statuses(self, op_id):
        return sorted(s for o, s in self.pairs if o == op_id)


SEEN = Seen()


def check_request(method, path, body):
    """A JSON body the daemon accepted is one the document allows (a client
    made from the document may send it: "compounds": null)."""
    dpath, op = find_operation(method, path)
    rb = deref(op.get("requestBody", {})) if op else {}
    media = rb.get("content", {}).get("application/json")
    if media is None:
        raise AssertionError("%s %s: accepted a JSON body the document does not take"
                             % (method, path.split("?")[0]))
    validate(media.get("schema", {}), body, "%s %s request" % (method, path.split("?")[0]))


def check_answer(method, path, status, hdrs, body):
    """Hold one real answer to the document; returns the parsed JSON body
    (or None)."""
    where = "%s %s -> %d" % (method, path.split("?")[0], status)
    dpath, op = find_operation(method, path)
    if op is None:
        raise AssertionError("%s: no operation in the document" % where)
    responses = op["responses"]
    key = str(status) if str(status) in responses else "%dXX" % (status // 100)
    if key not in responses:
        raise AssertionError("%s: the document lists no %d (nor %s) for %s %s; it lists %s"
                             % (where, status, key, method, dpath, sorted(responses)))
    resp = deref(responses[key])
    SEEN.add(op["operationId"], status)
    for name in resp.get("headers", {}):
        if name.lower() not in hdrs:
            raise AssertionError("%s: the document gives a %s header, the answer has none"
                                 % (where, name))
    content = resp.get("content")
    ctype = hdrs.get("content-type", "")
    media = ctype.split(";")[0].strip().lower()
    if not content:
        if body:
            raise AssertionError("%s: the document gives no body, the answer has %d bytes (%s)"
                                 % (where, len(body), ctype))
        return None
    if media not in content:
        raise AssertionError("%s: content type %r is not one of the document's %s"
                             % (where, ctype, sorted(content)))
    schema = content[media].get("schema", {})
    if media in JSON_TYPES:
        try:
            doc = json.loads(body.decode("utf-8"))
        except ValueError:
            raise AssertionError("%s: not JSON: %r" % (where, body[:200]))
        validate(schema, doc, where)
        if media == "application/problem+json":
            if doc["status"] != status:
                raise AssertionError("%s: problem status %r" % (where, doc["status"]))
        return doc
    text = body.decode("utf-8")  # raises on bad UTF-8
    validate(schema, text, where)
    return None


def call(method, path, body=None, headers=None, expect=None, d=None):
    """One request to the daemon, checked against the document; returns
    (status, headers, parsed JSON or None)."""
    d = d or D
    st, hdrs, data = d.request(method, path, body, headers)
    doc = check_answer(method, path, st, hdrs, data)
    if 200 <= st < 300 and isinstance(body, (dict, list)):
        check_request(method, path, body)
    if expect is not None and st != expect:
        raise AssertionError("%s %s -> %d (expected %d): %r" % (method, path, st, expect,
                                                                data[:300]))
    return st, hdrs, doc


def setUpModule():
    global D
    # two streams at most, so the third is a 503; a closed stream is
    # noticed at its next heartbeat
    D = wbtest.module_daemon(GamesDaemon(args=["--max-streams", "2", "--heartbeat", "1"]),
                             stop_module_daemon)


class Document(unittest.TestCase):
    def test_every_route_has_its_operation_and_back(self):
        routes = routes_of_route_c()
        self.assertGreater(len(routes), 20, "routes[] of api/route.c not found")
        ops = {(m.upper(), shape(p)) for p, item in DOC["paths"].items()
               for m in item if m in METHODS}
        missing = [r for r in routes if r not in ops]
        self.assertEqual(missing, [], "routes of api/route.c without an operation in "
                                      "api/openapi.json")
        extra = ops - set(routes)
        self.assertEqual(extra, set(), "operations of api/openapi.json without a route")

    def test_tokens_are_a_bearer_scheme(self):
        schemes = DOC["components"]["securitySchemes"]
        self.assertEqual(schemes["bearer"], dict(schemes["bearer"], type="http", scheme="bearer"))
        for p, item in DOC["paths"].items():
            for m, op in item.items():
                where = "%s %s" % (m.upper(), p)
                params = [deref(x) for x in op.get("parameters", []) + item.get("parameters", [])]
                for prm in params:
                    self.assertFalse(prm["in"] == "header" and
                                     prm["name"].lower() == "authorization",
                                     "%s: Authorization as a header parameter" % where)
                self.assertIn("security", op, where)
                if p.startswith("/v1/games/{id}"):
                    # every resource of a match looks at the token
                    self.assertIn({"bearer": []}, op["security"], where)
                else:
                    self.assertNotIn({"bearer": []}, op["security"], where)

    def test_operations_are_described(self):
        ids = set()
        for p, item in DOC["paths"].items():
            for m, op in item.items():
                where = "%s %s" % (m.upper(), p)
                self.assertTrue(op.get("description"), "%s: no description" % where)
                self.assertTrue(op.get("summary"), "%s: no summary" % where)
                self.assertNotIn(op.get("operationId"), ids, where)
                ids.add(op["operationId"])
                self.assertTrue(any(s.startswith("4") for s in op["responses"]),
                                "%s: no 4XX response" % where)
        lic = DOC["info"]["license"]
        self.assertTrue(lic.get("url") or lic.get("identifier"), "licence without a URL")

    def test_server_url_is_relative(self):
        for s in DOC["servers"]:
            self.assertFalse(re.match(r"^[a-z]+://", s["url"]),
                             "an absolute server URL ties clients to one address: %s" % s["url"])

    def test_checker_refuses_wrong_answers(self):
        """The checker itself: each of these is not what the document says."""
        j = {"content-type": "application/json", "etag": '"1"'}
        wrong = [
            ("GET", "/v1/games/x", 200, j, b'{"status":"active","to_act":[]}'),  # no id
            ("GET", "/v1/games/x", 418, j, b"{}"),  # a status it does not list
            ("GET", "/v1/games/x", 200, {"content-type": "text/html"}, b"<p>"),
            ("GET", "/v1/games/x", 200, {"content-type": "application/json"},  # no ETag
             b'{"id":"x","game":"wibbell","version":1,"status":"active","to_act":[]}'),
            ("GET", "/v1/dictionaries/x/words/y", 404,
             {"content-type": "application/problem+json"},
             b'{"type":"t","title":"t","status":404,"detail":"d","code":"no_such_code"}'),
            ("DELETE", "/v1/games/x", 204, {}, b"body"),
            ("PUT", "/v1/games/x", 200, j, b"{}"),  # no such operation
        ]
        for args in wrong:
            with self.assertRaises(AssertionError, msg=repr(args[:3])):
                check_answer(*args)

    def test_served_document_is_the_source(self):
        st, hdrs, data = D.request("GET", "/openapi.json")
        self.assertEqual(st, 200)
        self.assertEqual(json.loads(data.decode("utf-8")), DOC)


class Answers(unittest.TestCase):
    """Real answers of every operation, each checked by call()."""

    def test_meta(self):
        call("GET", "/healthz", expect=200)
        call("GET", "/healthz?%zz", expect=400)
        call("GET", "/readyz", expect=200)
        call("GET", "/readyz?a=%ff", expect=400)
        call("GET", "/v1/version", expect=200)
        call("GET", "/v1/version?%", expect=400)
        call("GET", "/openapi.json", expect=200)
        call("GET", "/openapi.json?%0", expect=400)
        call("GET", "/metrics", expect=200)
        call("GET", "/metrics?%zz", expect=400)

    def test_pages(self):
        st, hdrs, _ = call("GET", "/", expect=200)
        call("GET", "/", headers={"If-None-Match": hdrs["etag"]}, expect=304)
        call("GET", "/?%zz", expect=400)
        for f in ("lobby.html", "play.html", "style.css", "api.js", "icon.svg"):
            st, hdrs, _ = call("GET", "/web/" + f, expect=200)
        call("GET", "/web/icon.svg", headers={"If-None-Match": hdrs["etag"]}, expect=304)
        call("GET", "/web/nothing.html", expect=404)
        call("GET", "/web/lobby.html?%zz", expect=400)

    def test_dictionary(self):
        call("GET", "/v1/dictionaries", expect=200)
        call("GET", "/v1/dictionaries?%zz", expect=400)
        for w in ("taught", "Paris", "qqxqz", "caf%C3%A9"):
            call("GET", "/v1/dictionaries/en_US/words/" + w, expect=200)
        call("GET", "/v1/dictionaries/default/words/explore?family_limit=2&definitions_limit=1",
             expect=200)
        call("GET", "/v1/dictionaries/en_US/words/it's", expect=400)
        call("GET", "/v1/dictionaries/en_US/words/%FF", expect=400)
        call("GET", "/v1/dictionaries/xx_XX/words/taught", expect=404)
        call("GET", "/v1/dictionaries/en_US/match?cards=NZ,IQ,SG,SH&used=sing&limit=5",
             expect=200)
        call("GET", "/v1/dictionaries/en_US/match", expect=400)
        call("GET", "/v1/dictionaries/en_US/match?cards=NZ&limit=x", expect=400)
        call("GET", "/v1/dictionaries/xx_XX/match?cards=NZ", expect=404)
        call("GET", "/v1/dictionaries/en_US/prefix/expl?limit=5", expect=200)
        call("GET", "/v1/dictionaries/en_US/prefix/expl?limit=-1", expect=400)
        call("GET", "/v1/dictionaries/xx_XX/prefix/expl", expect=404)
        call("GET", "/v1/dictionaries/en_US/pattern/c%3Ft", expect=200)
        call("GET", "/v1/dictionaries/en_US/pattern/c_t?limit=100000", expect=400)
        call("GET", "/v1/dictionaries/xx_XX/pattern/c_t", expect=404)

    def test_check(self):
        call("POST", "/v1/wibbell/check",
             {"word": "kissing", "cards": ["NZ", "IQ", "SG", "SH"], "used": ["explore"]},
             expect=200)
        call("POST", "/v1/wibbell/check", {"word": "Exploring", "cards": [], "used": ["explore"],
                                            "dictionary": "en_GB"}, expect=200)
        for comp in ("separate", "derivative", None):
            call("POST", "/v1/wibbell/check", {"word": "explore", "cards": [], "used": [],
                                                "compounds": comp}, expect=200)
        call("POST", "/v1/wibbell/check", '{"word":', expect=400)
        call("POST", "/v1/wibbell/check", {"word": "sin"}, expect=400)
        call("POST", "/v1/wibbell/check", {"word": "sin", "cards": [], "dictionary": "xx"},
             expect=404)
        call("POST", "/v1/wibbell/check", "word=sin",
             headers={"Content-Type": "application/x-www-form-urlencoded"}, expect=415)
        call("POST", "/v1/wibbell/check", "x" * (65 * 1024), expect=413)

    def test_games_and_matches(self):
        call("GET", "/v1/games", expect=200)
        call("GET", "/v1/games?%zz", expect=400)
        call("POST", "/v1/games", {"game": "chess", "players": ["a", "b"]}, expect=400)
        call("POST", "/v1/games", {"game": "wibbell"}, expect=400)
        call("POST", "/v1/games", "{}", headers={"Content-Type": "text/plain"}, expect=415)
        call("POST", "/v1/games", "x" * (65 * 1024), expect=413)
        call("GET", "/v1/matches", expect=200)
        call("GET", "/v1/matches?status=active&limit=2", expect=200)
        call("GET", "/v1/matches?status=lost", expect=400)
        call("GET", "/v1/matches?limit=0", expect=400)

    def test_every_game_view(self):
        """The 201 of each game holds a `state` that is a View, and so do the
        views of each seat, the host and the public."""
        players = {"wibbell": 2, "whirlpool-pond": 2, "woodlouse-chaos": 3,
                   "woobieworld": 2, "world-dumbination": 3}
        _, _, kinds = call("GET", "/v1/games", expect=200)
        self.assertEqual(sorted(k["name"] for k in kinds["games"]), sorted(players))
        for game, n in players.items():
            _, _, created = call("POST", "/v1/games",
                                 {"game": game, "players": ["p%d" % i for i in range(n)],
                                  "seed": 7}, expect=201)
            m = wbgames.Match(D, created)
            for who in (None, "host", 0):
                call("GET", m.path, headers=bearer(m.token(who)), expect=200)
                call("GET", m.path + "/actions", headers=bearer(m.token(who)), expect=200)
                call("GET", m.path + "/log", headers=bearer(m.token(who)), expect=200)

    def test_match_resources(self):
        _, hdrs, created = call("POST", "/v1/games",
                                {"game": "wibbell", "players": ["ann", "bob", "cy"],
                                 "options": {"tie_window_ms": 0}, "seed": 3}, expect=201)
        m = wbgames.Match(D, created)
        path, h0, hh = m.path, bearer(m.tokens[0]), bearer(m.host)
        nobody = "/v1/games/" + "0" * 32
        wrong = bearer("A" * 43)
        basic = {"Authorization": "Basic eDp5"}

        # the view
        _, vh, _ = call("GET", path, headers=h0, expect=200)
        call("GET", path, headers=dict(h0, **{"If-None-Match": vh["etag"]}), expect=304)
        call("GET", path, headers=basic, expect=401)
        call("GET", path, headers=wrong, expect=403)
        call("GET", nobody, expect=404)

        # the actions
        call("GET", path + "/actions", headers=h0, expect=200)
        call("GET", path + "/actions", headers=basic, expect=401)
        call("GET", path + "/actions", headers=wrong, expect=403)
        call("GET", nobody + "/actions", expect=404)
        call("POST", path + "/actions", {"type": "claim", "word": "qqxqz"}, headers=bearer(
            m.tokens[1]), expect=200)
        call("POST", path + "/actions", {"type": "dance"}, headers=h0, expect=400)
        call("POST", path + "/actions", {"type": "claim", "word": "kissing", "take": 5},
             headers=h0, expect=422)
        call("POST", path + "/actions", {"type": "take", "card": 0}, headers=h0, expect=409)
        call("POST", path + "/actions", {"type": "claim", "word": "kissing"},
             headers=dict(h0, **{"If-Match": '"99"'}), expect=412)
        call("POST", path + "/actions", {"type": "claim", "word": "kissing"}, expect=401)
        call("POST", path + "/actions", {"type": "claim", "word": "kissing"}, headers=wrong,
             expect=403)
        call("POST", nobody + "/actions", {"type": "claim"}, headers=h0, expect=404)
        call("POST", path + "/actions", "type=claim", headers=dict(
            h0, **{"Content-Type": "application/x-www-form-urlencoded"}), expect=415)
        call("POST", path + "/actions", "x" * (65 * 1024), headers=h0, expect=413)

        # a request id: the first answer again, another request's key, a key that is not one
        pond = wbgames.Match(D, call("POST", "/v1/games", {"game": "whirlpool-pond",
                                                          "players": ["ann", "bob"]},
                                     expect=201)[2])
        kh = dict(bearer(pond.tokens[0]), **{"Idempotency-Key": "roll-1"})
        _, _, first = call("POST", pond.path + "/actions", {"type": "roll"}, headers=kh,
                           expect=200)
        _, rh, again = call("POST", pond.path + "/actions", {"type": "roll"}, headers=kh,
                            expect=200)
        self.assertEqual(rh.get("idempotent-replayed"), "true")
        self.assertEqual(again["version"], first["version"])
        call("POST", pond.path + "/actions", {"type": "roll", "x": 1}, headers=kh, expect=422)
        call("POST", pond.path + "/actions", {"type": "roll"}, headers=dict(
            kh, **{"Idempotency-Key": "a b"}), expect=400)
        call("POST", pond.path + "/end", headers=dict(bearer(pond.host), **{
            "Idempotency-Key": "x" * 65}), expect=400)

        # the log
        call("GET", path + "/log?after=1", headers=hh, expect=200)
        call("GET", path + "/log?after=x", headers=hh, expect=400)
        call("GET", path + "/log", headers=basic, expect=401)
        call("GET", path + "/log", headers=wrong, expect=403)
        call("GET", nobody + "/log", expect=404)

        # questions
        call("GET", path + "/query/vocabulary", headers=hh, expect=200)
        call("GET", path + "/query/vocabulary?format=csv", headers=hh, expect=200)
        call("GET", path + "/query/hints?turn=1&limit=3", headers=hh, expect=200)
        call("GET", path + "/query/vocabulary?format=xml", headers=hh, expect=400)
        call("GET", path + "/query/vocabulary", expect=401)
        call("GET", path + "/query/vocabulary", headers=wrong, expect=403)
        call("GET", path + "/query/weather", headers=hh, expect=404)
        call("GET", nobody + "/query/vocabulary", expect=404)
        _, _, dumb = call("POST", "/v1/games", {"game": "world-dumbination",
                                                "players": ["a", "b"], "seed": 1}, expect=201)
        call("GET", "/v1/games/%s/query/board_svg?format=svg" % dumb["id"], expect=200)

        # tickets and event streams
        _, _, t = call("POST", path + "/tickets", headers=h0, expect=200)
        call("POST", path + "/tickets", expect=401)
        call("POST", path + "/tickets", headers=wrong, expect=403)
        call("POST", nobody + "/tickets", headers=h0, expect=404)
        # a view first; entries after a version instead of the view
        s1 = self.stream(path + "/events?ticket=" + t["ticket"], {}, "view")
        s2 = self.stream(path + "/events?last_event_id=1", hh, "action")
        # --max-streams 2: a third is refused
        call("GET", path + "/events", expect=503)
        s1.close()
        s2.close()
        # a closed stream is forgotten at its next write (--heartbeat 1)
        deadline = time.monotonic() + 20
        while True:
            c = D.connect()
            c.request("GET", path + "/events", headers=hh)
            st = c.getresponse().status
            c.close()
            if st == 200:
                break
            self.assertLess(time.monotonic(), deadline, "closed streams still counted")
            time.sleep(0.2)
        call("GET", path + "/events?ticket=" + t["ticket"], expect=403)
        call("GET", path + "/events", headers={"Last-Event-ID": "x"}, expect=400)
        call("GET", path + "/events", headers=basic, expect=401)
        call("GET", nobody + "/events", expect=404)

        # a seat to a bot and back
        call("PUT", path + "/seats/1", {"bot": "random", "level": 2}, headers=hh, expect=200)
        call("PUT", path + "/seats/1", {"bot": None, "name": "Bo"}, headers=hh, expect=200)
        call("PUT", path + "/seats/1", {"bot": "nope"}, headers=hh, expect=400)
        call("PUT", path + "/seats/1", {"bot": None}, expect=401)
        call("PUT", path + "/seats/1", {"bot": None}, headers=h0, expect=403)
        call("PUT", path + "/seats/9", {"bot": None}, headers=hh, expect=404)

        # a class session: joining, the teacher's changes, the study list
        _, _, cls = call("POST", "/v1/games", {"game": "wibbell", "players": ["Red", "Blue"],
                                               "options": {"class_session": True,
                                                           "tie_window_ms": 0},
                                               "seed": 4}, expect=201)
        cpath, ch = "/v1/games/" + cls["id"], bearer(cls["host_token"])
        code = cls["state"]["class"]["code"]
        _, _, zoe = call("POST", "/v1/join", {"code": code, "nickname": "Zoe"}, expect=201)
        call("POST", "/v1/join", {"code": code, "nickname": "zoe"}, expect=409)
        call("POST", "/v1/join", {"code": code, "nickname": ""}, expect=400)
        call("POST", "/v1/join", {"code": "AAAAAA", "nickname": "Al"}, expect=404)
        zh = bearer(zoe["token"])
        call("POST", cpath + "/actions", {"type": "claim", "word": "qqxqz"}, headers=zh,
             expect=409)
        call("PUT", cpath + "/class", {"locked": True}, headers=ch, expect=200)
        call("POST", cpath + "/actions", {"type": "claim", "word": "qqxqz"}, headers=zh,
             expect=200)
        call("GET", cpath + "/query/study", headers=zh, expect=200)
        call("GET", cpath + "/query/report", headers=ch, expect=200)
        call("PUT", cpath + "/members/0", {"nickname": "Zoë"}, headers=ch, expect=200)
        call("PUT", cpath + "/members/0", {"seat": 7}, headers=ch, expect=404)
        call("PUT", cpath + "/members/0", {"nickname": "x"}, expect=401)
        call("PUT", cpath + "/members/0", {"nickname": "x"}, headers=zh, expect=403)
        call("POST", cpath + "/members/0/token", headers=ch, expect=200)
        call("POST", cpath + "/members/0/token", headers=h0, expect=403)
        call("PUT", cpath + "/class", {"locked": "yes"}, headers=ch, expect=400)
        call("POST", "/v1/join", {"code": code, "nickname": "Al"}, expect=409)
        call("DELETE", cpath + "/members/0", headers=ch, expect=200)
        call("DELETE", cpath + "/members/0", headers=ch, expect=404)

        # ending and deleting
        call("POST", path + "/end", expect=401)
        call("POST", path + "/end", headers=h0, expect=403)
        call("POST", path + "/end", headers=hh, expect=200)
        call("POST", path + "/end", headers=hh, expect=409)
        call("POST", nobody + "/end", headers=hh, expect=404)
        call("DELETE", path, expect=401)
        call("DELETE", path, headers=h0, expect=403)
        call("DELETE", path, headers=hh, expect=204)
        call("DELETE", path, headers=hh, expect=404)

    def stream(self, path, headers, first):
        """Open an event stream, check its head against the document and its
        first event (of kind `first`) against the View or LogEntry schema."""
        import http.client
        c = http.client.HTTPConnection(D.host, D.port, timeout=30)
        c.request("GET", path, headers=headers)
        r = c.getresponse()
        hdrs = {k.lower(): v for k, v in r.getheaders()}
        self.assertEqual(r.status, 200)
        check_answer("GET", path, 200, hdrs, b"")
        schemas = DOC["components"]["schemas"]
        ev, data = {}, []
        while True:
            line = r.readline().decode("utf-8").rstrip("\r\n")
            if line.startswith(":"):
                continue
            if line:
                k, _, v = line.partition(": ")
                if k == "data":
                    data.append(v)
                else:
                    ev[k] = v
                continue
            if not data:
                continue
            doc = json.loads("\n".join(data))
            self.assertEqual(ev.get("event"), first)
            validate(schemas["View" if first == "view" else "LogEntry"], doc,
                     "%s event %s" % (path, first))
            return c

    def test_storage_limits(self):
        """503s: the match limit, and (builds with the storage fault point,
        as the suite's are) a full disk."""
        fault = os.path.join(tempfile.mkdtemp(prefix="wibbelld-fault-"), "fault")
        env = dict(os.environ, WIBBELLD_FAULT_FILE=fault)
        d = GamesDaemon(args=["--max-matches", "2"], env=env).start()
        try:
            game = {"game": "wibbell", "players": ["a", "b"], "options": {"tie_window_ms": 0}}
            _, _, created = call("POST", "/v1/games", game, expect=201, d=d)
            m = wbgames.Match(d, created)
            if os.environ.get("WIBBELLD_FAULT_INJECTION") == "1":
                with open(fault, "w") as f:
                    f.write("ENOSPC")
                call("POST", "/v1/games", game, expect=503, d=d)
                call("POST", m.path + "/actions", {"type": "claim", "word": "qqxqz"},
                     headers=bearer(m.tokens[0]), expect=503, d=d)
                call("POST", m.path + "/end", headers=bearer(m.host), expect=503, d=d)
                call("DELETE", m.path, headers=bearer(m.host), expect=503, d=d)
                call("GET", "/healthz", expect=200, d=d)
                call("GET", "/readyz", expect=503, d=d)
                os.unlink(fault)
            call("POST", "/v1/games", game, expect=201, d=d)
            call("GET", "/readyz", expect=200, d=d)  # the last commit succeeded
            call("POST", "/v1/games", game, expect=503, d=d)  # --max-matches 2
        finally:
            if os.path.exists(fault):
                os.unlink(fault)
            os.rmdir(os.path.dirname(fault))
            self.assertEqual(d.stop(), 0)
            d.cleanup()


class EveryPath(unittest.TestCase):
    """What any path can answer, declared where clients meet it: 405 for a
    method the path does not take, 414 for a target over 8 KB, 431 for a
    head over the 12 KB a connection holds; 400
    bad_parameter from a match route's query string, 413 from a body over
    the limit on tickets and end; and the proxy's 503 instance_unavailable
    (deploy/nginx-proxy.conf) is a Problem the document knows."""

    @classmethod
    def setUpClass(cls):
        st, _, doc = call("POST", "/v1/games", {"game": "wibbell", "players": ["ann", "bob"]},
                          expect=201)
        cls.mid, cls.host = doc["id"], doc["host_token"]

    def concrete(self, p):
        ex = {"id": self.mid, "dict": "en_US", "file": "lobby.html", "word": "kissing",
              "prefix": "expl", "pattern": "c%3Ft", "name": "vocabulary", "n": "1"}
        return re.sub(r"\{(\w+)\}", lambda m: ex[m.group(1)], p)

    def held(self, method_of_doc, method, path, expect, body=None, headers=None):
        st, hdrs, data = D.request(method, path, body, headers)
        self.assertEqual(st, expect, "%s %s: %r" % (method, path[:80], data[:200]))
        doc = check_answer(method_of_doc, path, st, hdrs, data)
        return hdrs, doc

    def test_405_414_and_431_on_every_path(self):
        auth = {"Authorization": "Bearer " + self.host}
        for p, item in DOC["paths"].items():
            ours = [m for m in item if m in METHODS]
            path = self.concrete(p)
            other = next(m for m in ("put", "patch", "delete", "post") if m not in ours)
            hdrs, doc = self.held(ours[0], other.upper(), path, 405, headers=auth)
            self.assertEqual(doc["code"], "method_not_allowed")
            for m in ours:
                long = path + ("&" if "?" in path else "?") + "x=" + "a" * 9000
                _, doc = self.held(m, m.upper(), long, 414, headers=auth,
                                   body={} if m in ("post", "put") else None)
                self.assertEqual(doc["code"], "uri_too_long")
                big = dict(auth, **{"X-Pad": "a" * 20000})
                _, doc = self.held(m, m.upper(), path, 431, headers=big,
                                   body={} if m in ("post", "put") else None)
                self.assertEqual(doc["code"], "head_too_large")

    def test_match_routes_bad_query_and_large_bodies(self):
        auth = {"Authorization": "Bearer " + self.host}
        base = "/v1/games/" + self.mid
        for m, p in (("GET", base), ("GET", base + "/actions"), ("POST", base + "/tickets"),
                     ("POST", base + "/end"), ("DELETE", base)):
            _, doc = self.held(m, m, p + "?a=%zz", 400, headers=auth)
            self.assertEqual(doc["code"], "bad_parameter")
        big = {"pad": "x" * (70 * 1024)}
        for p in (base + "/tickets", base + "/end"):
            _, doc = self.held("POST", "POST", p, 413, body=big, headers=auth)
            self.assertEqual(doc["code"], "body_too_large")

    def test_the_proxys_503_is_a_problem_of_the_document(self):
        conf = open(os.path.join(SRC, "deploy", "nginx-proxy.conf")).read()
        m = re.search(r"return 503 '(\{.*?\})\\n';", conf)
        self.assertIsNotNone(m, "the proxy's 503 body not found")
        body = json.loads(m.group(1))
        self.assertEqual(body["code"], "instance_unavailable")
        validate(deref(DOC["components"]["schemas"]["Problem"]), body, "nginx's 503")


class Coverage(unittest.TestCase):
    def test_zz_every_operation_answered_well_and_badly(self):
        """Runs last (unittest sorts by name): every operation was seen with
        a success and an error, each held to the document."""
        # the classes above ran first: their answers are in SEEN
        missing = []
        for p, item in DOC["paths"].items():
            for m, op in item.items():
                st = SEEN.statuses(op["operationId"])
                print("# %-7s %-40s %s" % (m.upper(), p, " ".join(map(str, st))))
                if not any(s < 400 for s in st) or not any(400 <= s < 500 for s in st):
                    missing.append("%s %s (%s)" % (m.upper(), p, st))
        self.assertEqual(missing, [], "operations not seen answering both well and badly")


def load_tests(loader, tests, pattern):
    # Document, Answers, then Coverage, whatever the names
    suite = unittest.TestSuite()
    for cls in (Document, Answers, EveryPath, Coverage):
        suite.addTests(loader.loadTestsFromTestCase(cls))
    return suite


if __name__ == "__main__":
    wbtest.main()
