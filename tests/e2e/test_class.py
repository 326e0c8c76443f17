#!/usr/bin/env python3
"""test_class.py - class sessions of Wibbell over the HTTP API.

A class session is a Wibbell match with the option class_session: its
seats are teams, students join a team with the match's join code and a
nickname (POST /v1/join) and shout with a token of their own.  Against the
real daemon (its own data directory, the test dictionaries linked in):
30 members join and shout at once and the teacher's report holds every
judged shout under the right student and team; joins are balanced; a
restart keeps every member, token and word; a member's mistake bars that
member alone (or the team, with member_mistake "team"); two members of one
team who find the same word win the card for it (no redeal); the teacher
renames, moves, removes and readmits members and locks the class; a
member's token acts only as its own member, for its own team; every bad
join gets its own problem code; 500 wrong codes from one address are cut
off after 30; the study list.

Needs: WIBBELLD (the daemon binary), WIBBELLD_TEST_DATA (a data directory
holding the built test dictionaries).
"""
import concurrent.futures
import csv
import io
import os
import sys
import time
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbtest  # noqa: E402
import wbgames  # noqa: E402
from wbgames import bearer, claim_cards, create, find_words  # noqa: E402

D = None
CODE_ALPHABET = set("ACDEFGHJKMNPQRTWXY3479")


def setUpModule():
    global D
    D = wbgames.module_daemon()


def new_class(teams, seed, **options):
    opts = {"class_session": True, "tie_window_ms": 0}
    opts.update(options)
    return create(D, teams, opts, seed=seed)


def join(code, nickname, team=None, expect=201, daemon=None):
    body = {"code": code, "nickname": nickname}
    if team is not None:
        body["team"] = team
    st, hdrs, doc = (daemon or D).json("POST", "/v1/join", body)
    if expect is not None and st != expect:
        raise AssertionError("join %r -> %d %r (expected %d)" % (body, st, doc, expect))
    return st, doc


def start(m):
    """The teacher starts the game: the first lock of the class."""
    st, _, doc = m.d.json("PUT", m.path + "/class", {"locked": True}, headers=bearer(m.host))
    if st != 200:
        raise AssertionError("start -> %d %r" % (st, doc))
    return doc


def view(m, token):
    st, _, doc = m.d.json("GET", m.path, headers=bearer(token))
    if st != 200:
        raise AssertionError("GET %s -> %d %r" % (m.path, st, doc))
    return doc


def claim(m, token, word, expect=None):
    st, _, doc = m.d.json("POST", m.path + "/actions", {"type": "claim", "word": word},
                          headers=bearer(token))
    if expect is not None and st != expect:
        raise AssertionError("claim %r -> %d %r (expected %d)" % (word, st, doc, expect))
    return st, doc


def query(m, token, name, expect=200):
    st, _, doc = m.d.json("GET", m.path + "/query/" + name, headers=bearer(token))
    if st != expect:
        raise AssertionError("query %s -> %d %r" % (name, st, doc))
    return doc


def a_word(m, seat, avoid=()):
    """A valid word for `seat` now, not among `avoid`."""
    v = m.view("host")
    words = [w for w in find_words(D, claim_cards(v, seat), v["used"], limit=40)
             if w not in avoid]
    if not words:
        raise AssertionError("no word for seat %d on %r" % (seat, claim_cards(v, seat)))
    return words[0]


class Joining(unittest.TestCase):
    def test_a_class_has_a_code_and_balanced_teams(self):
        m = new_class(["Red", "Blue", "Green"], 1)
        host = m.view("host")
        code = host["class"]["code"]
        self.assertEqual(len(code), 6)
        self.assertTrue(set(code) <= CODE_ALPHABET, code)
        self.assertNotIn("code", m.view(None)["class"], "the public view gives no way in")
        self.assertEqual(m.view(0)["class"]["code"], code)
        # a plain match is no class: no code, no members
        plain = create(D, ["a", "b"], {"tie_window_ms": 0}, seed=1)
        self.assertNotIn("class", plain.view("host"))
        self.assertEqual(join(code.lower(), "Ann")[1]["seat"], 0, "the code in either case")
        teams = [join(code, "s%d" % i)[1]["seat"] for i in range(8)]
        counts = [([0] + teams).count(t) for t in range(3)]
        self.assertEqual(sorted(counts), [3, 3, 3], "joins fill the smallest team first")
        roster = m.view("host")["class"]["roster"]
        self.assertEqual([r["nickname"] for r in roster], ["Ann"] + ["s%d" % i for i in range(8)])
        self.assertEqual(m.view("host")["class"]["members"], 9)

    def test_bad_joins_each_name_their_reason(self):
        m = new_class(["Red", "Blue", "Green", "Gold", "Grey", "Pink", "Plum"], 2)
        code = m.view("host")["class"]["code"]
        cases = [
            ({"code": "ZZZZZZ", "nickname": "Al"}, 404, "unknown_join_code"),
            ({"code": code, "nickname": ""}, 400, "bad_nickname"),
            ({"code": code, "nickname": "x" * 25}, 400, "bad_nickname"),
            ({"code": code, "nickname": "tab\there"}, 400, "bad_nickname"),
            ({"code": code, "nickname": " Al"}, 400, "bad_nickname"),
            ({"code": code, "nickname": "Al\u0085"}, 400, "bad_nickname"),
            ({"code": code, "nickname": "Al", "team": 7}, 404, "not_found"),
            ({"code": code, "nickname": "Al", "extra": 1}, 400, "bad_request"),
            ({"code": code}, 400, "bad_request"),
        ]
        for body, status, problem in cases:
            st, _, doc = D.json("POST", "/v1/join", body)
            self.assertEqual((st, doc.get("code")), (status, problem), body)
            self.assertTrue(doc.get("detail"), body)
        self.assertEqual(join(code, "Ünal-2 x")[1]["nickname"], "Ünal-2 x",
                         "letters of any script, digits, a hyphen, a space")
        self.assertEqual(join(code, "x" * 24)[1]["nickname"], "x" * 24)
        st, doc = join(code, "ÜNAL-2 X", expect=None)
        self.assertEqual((st, doc["code"]), (409, "nickname_taken"), "case ignored (ASCII)")
        # 7 teams share 60 places: 9 a team
        for i in range(8):
            join(code, "red%d" % i, team=0)
        st, doc = join(code, "red9", team=0, expect=None)
        self.assertEqual((st, doc["code"]), (409, "team_full"), doc)
        self.assertEqual(join(code, "blue1", team=1)[1]["seat"], 1)
        # locked
        st, _, _ = D.json("PUT", m.path + "/class", {"locked": True}, headers=bearer(m.host))
        self.assertEqual(st, 200)
        st, doc = join(code, "late", expect=None)
        self.assertEqual((st, doc["code"]), (409, "class_locked"))
        D.json("PUT", m.path + "/class", {"locked": False}, headers=bearer(m.host))
        join(code, "late")
        # over
        m.ok("host", {"type": "end"})
        st, doc = join(code, "later", expect=None)
        self.assertEqual((st, doc["code"]), (409, "class_over"))

    def test_a_class_holds_sixty(self):
        m = new_class(["A", "B", "C"], 3)
        code = m.view("host")["class"]["code"]
        for i in range(60):
            join(code, "n%d" % i)
        st, doc = join(code, "n60", expect=None)
        self.assertEqual((st, doc["code"]), (409, "class_full"))

    def test_the_class_setting_refuses_a_hidden_word_as_a_nickname(self):
        m = new_class(["A", "B"], 4, classroom=True)
        code = m.view("host")["class"]["code"]
        for nick in ("fuck", "Big fuck", "dick-head"):
            st, doc = join(code, nick, expect=None)
            self.assertEqual((st, doc["code"]), (400, "bad_nickname"), nick)
            self.assertIn("hides", doc["detail"])
        join(code, "Dickens")
        # without the class setting a nickname is only checked for its shape
        other = new_class(["A", "B"], 4)
        join(other.view("host")["class"]["code"], "dick-head")


    def test_the_class_list_refuses_a_listed_nickname_at_the_grade(self):
        """The class setting's list of offensive words (cuss, naughty-words)
        holds nicknames too, at the match's class_grade: dildo is school's
        and not adult's, whore both's; look-alikes stay names."""
        for grade, refused, accepted in (
                (None, ("Dildo Dan", "Big whore", "bitch-9", "Bitches"), ("Dickens", "Cocktail")),
                ("adult", ("Big whore", "Slut"), ("Dildo Dan", "Bitch Bea", "Dickens"))):
            opts = {"classroom": True}
            if grade:
                opts["class_grade"] = grade
            m = new_class(["A", "B"], 4, **opts)
            self.assertEqual(m.view("host")["class_grade"], grade or "school")
            code = m.view("host")["class"]["code"]
            for nick in refused:
                st, doc = join(code, nick, expect=None)
                self.assertEqual((st, doc["code"]), (400, "bad_nickname"), (grade, nick))
                self.assertIn("hides", doc["detail"])
            for nick in accepted:
                join(code, nick)
        st, _, doc = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                                  "options": {"class_grade": "teen"}})
        self.assertEqual((st, doc["code"]), (400, "bad_request"))

    def test_the_class_setting_hides_listed_words_from_study_lists_and_hints(self):
        """A student's study list and the teacher's hints (the words that
        would have worked) hold no word the class setting's list hides:
        bitch fits B, T, C and H and is among their 20 commonest words, out
        of a class setting and at the adult grade, not at the default; and
        bitch shouted counts at every grade."""
        for classroom, grade, shown in ((False, None, True), (True, None, False),
                                        (True, "adult", True), (True, "young", False)):
            opts = {"classroom": classroom, "shuffle": False, "handicaps": [["C", "H"], []],
                    "deck": ["B", "T", "AE", "IO", "UY", "SN", "LR", "MP", "C", "H"]}
            if grade:
                opts["class_grade"] = grade
            m = new_class(["A", "B"], 6, **opts)
            code = m.view("host")["class"]["code"]
            a = join(code, "Ann", team=0)[1]
            b = join(code, "Bea", team=0)[1]
            start(m)
            claim(m, a["token"], "qzqzq", expect=200)
            worked = [w["word"] for w in query(m, a["token"], "study?limit=20")["turns"][0]["worked"]]
            hints = query(m, m.host, "hints?turn=1&seat=0&limit=50&sort=common")["words"]
            short = query(m, m.host, "hints?turn=1&seat=0&limit=50")["words"]
            self.assertEqual(("bitch" in worked, "bitch" in hints, "bitch" in short),
                             (shown, shown, shown), (classroom, grade, worked, hints))
            self.assertTrue(worked and hints, (worked, hints))
            # shouted, a hidden word is still judged a word and wins the card
            st, doc = claim(m, b["token"], "bitch", expect=200)
            types = [e["type"] for e in doc["events"]]
            self.assertNotIn("claim_refused", types, doc)
            self.assertTrue({"claim_accepted", "card_won"} & set(types), doc)


class Playing(unittest.TestCase):
    def test_thirty_members_shout_at_once_and_the_report_holds_every_shout(self):
        m = new_class(["Red", "Blue", "Green"], 11, tie_window_ms=2000)
        code = m.view("host")["class"]["code"]
        with concurrent.futures.ThreadPoolExecutor(10) as ex:
            joined = list(ex.map(lambda i: join(code, "Kid %02d" % i)[1], range(30)))
        self.assertEqual(sorted(j["member"] for j in joined), list(range(30)))
        self.assertEqual(sorted([j["seat"] for j in joined].count(t) for t in range(3)),
                         [10, 10, 10])
        for j in joined:
            you = j["state"]["class"]["you"]
            self.assertEqual((you["member"], you["nickname"], you["seat"]),
                             (j["member"], j["nickname"], j["seat"]))
            self.assertEqual(j["state"]["seat"], j["seat"], "a member sees its team's view")
        start(m)
        host = m.view("host")
        shouts = {}
        for j in joined:
            words = find_words(D, claim_cards(host, j["seat"]), host["used"], limit=40)
            # a word of its own, or a wrong one for a third of them
            shouts[j["member"]] = (words[j["member"] % len(words)] if j["member"] % 3
                                   else "qzq" + "x" * (j["member"] % 5))

        def shout(j):
            return j, claim(m, j["token"], shouts[j["member"]])
        with concurrent.futures.ThreadPoolExecutor(30) as ex:
            answers = list(ex.map(shout, joined))
        judged = {}
        for j, (st, doc) in answers:
            self.assertIn(st, (200, 409, 422), doc)  # every shout answered
            if st == 200:
                judged[j["member"]] = j
                mine = [e for e in doc["events"] if e.get("member") == j["member"]]
                self.assertTrue(mine, "the answer names the shouting member: %r" % doc)
                self.assertEqual(mine[0]["nickname"], j["nickname"])
        self.assertGreater(len(judged), 3)
        report = query(m, m.host, "report")
        rows = {}
        for s in report["students"]:
            for w in s["words"]:
                rows.setdefault(s["member"], []).append((w["word"], s["nickname"], s["seat"],
                                                         s["team"]))
        for k, j in judged.items():
            team = ["Red", "Blue", "Green"][j["seat"]]
            self.assertEqual(rows.get(k), [(shouts[k], j["nickname"], j["seat"], team)], k)
        self.assertEqual(sorted(rows), sorted(judged), "no row for a shout not judged")
        # the CSV of the vocabulary names the student beside the team
        st, hdrs, body = D.request("GET", m.path + "/query/vocabulary?format=csv",
                                   headers=bearer(m.host))
        self.assertEqual(st, 200)
        table = list(csv.DictReader(io.StringIO(body.decode("utf-8"))))
        self.assertEqual(sorted(int(r["member"]) for r in table), sorted(judged))
        for r in table:
            self.assertEqual(r["nickname"], judged[int(r["member"])]["nickname"])
        # a member's vocabulary is its own rows only
        k = next(iter(judged))
        own = query(m, judged[k]["token"], "vocabulary")["rows"]
        self.assertEqual([r["member"] for r in own], [k])

    def test_a_members_mistake_bars_that_member_alone(self):
        m = new_class(["Red", "Blue"], 12)
        code = m.view("host")["class"]["code"]
        a, b = join(code, "Ann", team=0)[1], join(code, "Bea", team=0)[1]
        st, doc = claim(m, a["token"], "qzqzq", expect=409)
        self.assertEqual(doc["code"], "not_your_turn", "no shout before the teacher starts")
        self.assertIn("not started", doc["detail"])
        start(m)
        st, doc = claim(m, a["token"], "qzqzq", expect=200)
        refused = [e for e in doc["events"] if e["type"] == "claim_refused"]
        self.assertEqual((refused[0]["member"], refused[0]["nickname"]), (a["member"], "Ann"))
        self.assertEqual(doc["state"]["out_members"], [a["member"]])
        self.assertFalse(doc["state"]["players"][0]["out"], "the team is still in")
        st, doc = claim(m, a["token"], a_word(m, 0), expect=422)
        self.assertIn("Ann already made a mistake", doc["detail"])
        st, doc = claim(m, b["token"], a_word(m, 0), expect=200)
        won = [e for e in doc["events"] if e["type"] == "card_won"]
        self.assertEqual((won[0]["seat"], won[0]["nickname"]), (0, "Bea"))

    def test_with_member_mistake_team_a_mistake_bars_the_team(self):
        m = new_class(["Red", "Blue"], 12, member_mistake="team")
        code = m.view("host")["class"]["code"]
        a, b = join(code, "Ann", team=0)[1], join(code, "Bea", team=0)[1]
        start(m)
        st, doc = claim(m, a["token"], "qzqzq", expect=200)
        # alone in the running, Blue collects the card (the rules' automatic win)
        self.assertIn("card_won", [e["type"] for e in doc["events"]])
        self.assertEqual([e for e in doc["events"] if e["type"] == "card_won"][0]["seat"], 1)

    def test_two_members_of_a_team_with_the_same_word_win_it_for_the_team(self):
        m = new_class(["Red", "Blue"], 13, tie_window_ms=1500)
        code = m.view("host")["class"]["code"]
        a, b = join(code, "Ann", team=0)[1], join(code, "Bea", team=0)[1]
        start(m)
        word = a_word(m, 0)
        claim(m, a["token"], word, expect=200)
        claim(m, b["token"], word, expect=200)
        deadline = time.monotonic() + 30
        while True:
            events = [e for entry in m.log("host") for e in entry["events"]]
            types = [e["type"] for e in events]
            if "claims_revealed" in types:
                break
            self.assertLess(time.monotonic(), deadline, "the tie window never closed")
            time.sleep(0.1)
        self.assertNotIn("redeal", types, "one team's word is one claim")
        won = [e for e in events if e["type"] == "card_won"]
        self.assertEqual((won[0]["seat"], won[0]["word"], won[0]["nickname"]), (0, word, "Ann"))
        revealed = [e for e in events if e["type"] == "claims_revealed"][0]["claims"]
        self.assertEqual(sorted(c["nickname"] for c in revealed), ["Ann", "Bea"])

    def test_a_member_acts_only_as_its_own_member_for_its_team(self):
        m = new_class(["Red", "Blue"], 14)
        code = m.view("host")["class"]["code"]
        a, b = join(code, "Ann", team=0)[1], join(code, "Bob", team=1)[1]
        start(m)
        # another member's id and nickname in the body are replaced by its own
        st, _, doc = D.json("POST", m.path + "/actions",
                            {"type": "claim", "word": "qzqzq", "member": b["member"],
                             "nickname": "Bob", "seat": 1}, headers=bearer(a["token"]))
        self.assertEqual(st, 200, doc)
        ev = [e for e in doc["events"] if e["type"] == "claim_refused"][0]
        self.assertEqual((ev["member"], ev["nickname"], ev["seat"]), (a["member"], "Ann", 0))
        # nobody else can pretend to be a member: a seat's stamp is dropped
        st, _, doc = D.json("POST", m.path + "/actions",
                            {"type": "claim", "word": "qzqzq", "member": a["member"],
                             "nickname": "Ann"}, headers=bearer(m.tokens[1]))
        self.assertEqual(st, 200, doc)
        ev = [e for e in doc["events"] if e["type"] == "claim_refused"][0]
        self.assertNotIn("member", ev)
        # never the host's
        tok = bearer(a["token"])
        for method, path, body in (
                ("POST", m.path + "/end", None),
                ("DELETE", m.path, None),
                ("PUT", m.path + "/seats/1", {"bot": "random"}),
                ("PUT", m.path + "/members/1", {"nickname": "x"}),
                ("DELETE", m.path + "/members/1", None),
                ("POST", m.path + "/members/1/token", None),
                ("PUT", m.path + "/class", {"locked": True}),
                ("GET", m.path + "/query/report", None),
                ("GET", m.path + "/query/hints", None)):
            st, _, doc = D.json(method, path, body, headers=tok)
            self.assertEqual(st, 403, "%s %s as a member: %r" % (method, path, doc))
        self.assertEqual(m.view("host")["status"], "active")
        # the study list is a member's
        st, _, doc = D.json("GET", m.path + "/query/study", headers=bearer(m.tokens[0]))
        self.assertEqual(st, 400, doc)
        study = query(m, a["token"], "study")
        self.assertEqual([w["word"] for w in study["words"]], ["qzqzq"])
        self.assertEqual([t["turn"] for t in study["turns"]], [1])
        worked = study["turns"][0]["worked"]
        self.assertTrue(worked and all(w["word"] and "definition" in w for w in worked), worked)
        # commonest first: by SCOWL's size class, as the hints with sort=common give them
        sizes = [D.json("GET", "/v1/dictionaries/en_US/words/" + w["word"])[2]["size"]
                 for w in worked]
        self.assertEqual(sizes, sorted(sizes), worked)
        common = query(m, m.host, "hints?turn=1&seat=0&limit=5&sort=common")["words"]
        self.assertEqual([w["word"] for w in worked], common)
        short = query(m, m.host, "hints?turn=1&seat=0&limit=5")["words"]
        self.assertEqual([len(w) for w in short], sorted(len(w) for w in short))
        self.assertNotEqual(short, common, "two orders")
        st, _, doc = D.json("GET", m.path + "/query/hints?sort=rare", headers=bearer(m.host))
        self.assertEqual(st, 400, doc)


class Teacher(unittest.TestCase):
    def test_rename_move_remove_readmit(self):
        m = new_class(["Red", "Blue"], 21, forgive_typos=True)
        code = m.view("host")["class"]["code"]
        a, b = join(code, "Ann", team=0)[1], join(code, "Bob", team=0)[1]
        hh = bearer(m.host)
        start(m)
        claim(m, a["token"], "qzqzq", expect=200)  # Ann's, before she is renamed
        st, _, doc = D.json("PUT", m.path + "/members/%d" % a["member"], {"nickname": "Bob"},
                            headers=hh)
        self.assertEqual((st, doc.get("code")), (409, "nickname_taken"))
        st, _, doc = D.json("PUT", m.path + "/members/%d" % a["member"],
                            {"nickname": "Anna", "seat": 1}, headers=hh)
        self.assertEqual(st, 200, doc)
        you = view(m, a["token"])["class"]["you"]
        self.assertEqual((you["nickname"], you["seat"], you["team"]), ("Anna", 1, "Blue"))
        self.assertEqual(view(m, a["token"])["seat"], 1, "a moved member plays for its new team")
        st, doc = claim(m, a["token"], "qzqzq", expect=200)
        ev = [e for e in doc["events"] if e["type"] == "claim_refused"][0]
        self.assertEqual((ev["seat"], ev["nickname"]), (1, "Anna"))
        # the report calls her Anna now, and says what her first word was shouted under
        rows = query(m, m.host, "report")["students"][0]["words"]
        self.assertEqual([(r["nickname"], r.get("shouted_as")) for r in rows],
                         [("Anna", "Ann"), ("Anna", None)])
        self.assertEqual(query(m, m.host, "report")["students"][0]["nickname"], "Anna")
        self.assertEqual(m.log("host")[-3]["events"][0]["nickname"], "Ann", "the log keeps it")
        # readmit: a new token, the old one stops working
        st, _, doc = D.json("POST", m.path + "/members/%d/token" % b["member"], headers=hh)
        self.assertEqual(st, 200, doc)
        self.assertNotEqual(doc["token"], b["token"])
        self.assertEqual((doc["member"], doc["nickname"]), (b["member"], "Bob"))
        st, _, _ = D.json("GET", m.path, headers=bearer(b["token"]))
        self.assertEqual(st, 403)
        self.assertEqual(view(m, doc["token"])["class"]["you"]["nickname"], "Bob")
        # remove: the token stops working, the words stay
        st, _, doc = D.json("DELETE", m.path + "/members/%d" % a["member"], headers=hh)
        self.assertEqual(st, 200, doc)
        st, _, _ = D.json("GET", m.path, headers=bearer(a["token"]))
        self.assertEqual(st, 403)
        self.assertNotIn("Anna", [r["nickname"] for r in m.view("host")["class"]["roster"]])
        report = query(m, m.host, "report")
        self.assertEqual([s["nickname"] for s in report["students"]], ["Anna"])
        # the nickname is free again (a latecomer: the teacher opens the class)
        D.json("PUT", m.path + "/class", {"locked": False}, headers=hh)
        self.assertTrue(m.view("host")["class"]["started"], "opening again does not stop play")
        join(code, "Anna")
        # members are the host's to change
        st, _, _ = D.json("PUT", m.path + "/members/1", {"nickname": "Zed"},
                          headers=bearer(m.tokens[0]))
        self.assertEqual(st, 403)
        st, _, doc = D.json("PUT", m.path + "/members/99", {"nickname": "Zed"}, headers=hh)
        self.assertEqual(st, 404, doc)
        plain = create(D, ["a", "b"], {"tie_window_ms": 0}, seed=1)
        st, _, doc = D.json("PUT", plain.path + "/class", {"locked": True},
                            headers=bearer(plain.host))
        self.assertEqual(st, 404, doc)

    def test_a_restart_keeps_every_member_and_word(self):
        d = wbgames.GamesDaemon()
        self.addCleanup(wbgames.stop_module_daemon, d)
        d.start()
        m = create(d, ["Red", "Blue"], {"class_session": True, "tie_window_ms": 0}, seed=22)
        code = m.view("host")["class"]["code"]
        members = [join(code, "K%d" % i, daemon=d)[1] for i in range(6)]
        self.assertEqual(d.json("PUT", m.path + "/class", {"locked": True},
                                headers=bearer(m.host))[0], 200)
        for j in members[:3]:
            st, _, doc = d.json("POST", m.path + "/actions", {"type": "claim", "word": "qzq"},
                                headers=bearer(j["token"]))
            self.assertEqual(st, 200, doc)
        st, _, _ = d.json("DELETE", m.path + "/members/5", headers=bearer(m.host))
        self.assertEqual(st, 200)
        before = m.view("host")
        report = d.json("GET", m.path + "/query/report", headers=bearer(m.host))[2]
        d.restart()
        after = m.view("host")
        self.assertEqual(after["class"], before["class"])
        self.assertEqual(d.json("GET", m.path + "/query/report", headers=bearer(m.host))[2],
                         report)
        for j in members[:5]:
            st, _, v = d.json("GET", m.path, headers=bearer(j["token"]))
            self.assertEqual(st, 200)
            self.assertEqual(v["class"]["you"]["nickname"], j["nickname"])
        st, _, _ = d.json("GET", m.path, headers=bearer(members[5]["token"]))
        self.assertEqual(st, 403, "a removed member stays removed")
        self.assertTrue(after["class"]["started"] and after["class"]["locked"])
        d.json("PUT", m.path + "/class", {"locked": False}, headers=bearer(m.host))
        st, doc = join(code, "K0", daemon=d, expect=None)
        self.assertEqual(doc["code"], "nickname_taken", "the code and roster came back")


class Retention(unittest.TestCase):
    def test_a_finished_class_stays_until_the_teacher_deletes_it(self):
        """--keep-finished 1,1: of finished matches one is kept, for a
        second; a class session is the teacher's report and stays."""
        d = wbgames.GamesDaemon(args=["--keep-finished", "1,1"])
        self.addCleanup(wbgames.stop_module_daemon, d)
        d.start()
        c = create(d, ["Red", "Blue"], {"class_session": True, "tie_window_ms": 0}, seed=41)
        join(c.view("host")["class"]["code"], "Ann", daemon=d)
        plain = [create(d, ["a", "b"], {"tie_window_ms": 0}, seed=42 + i) for i in range(2)]
        for m in [c] + plain:
            self.assertEqual(d.json("POST", m.path + "/end", headers=bearer(m.host))[0], 200)
        deadline = time.monotonic() + 60
        while any(d.request("GET", m.path)[0] == 200 for m in plain):
            self.assertLess(time.monotonic(), deadline, "the plain matches were never pruned")
            time.sleep(0.2)
        self.assertEqual(d.request("GET", c.path)[0], 200, "the class went with them")
        report = d.json("GET", c.path + "/query/report", headers=bearer(c.host))
        self.assertEqual(report[0], 200)
        self.assertEqual(d.request("DELETE", c.path, headers=bearer(c.host))[0], 204)
        self.assertEqual(d.request("GET", c.path)[0], 404)


class Limits(unittest.TestCase):
    def test_wrong_codes_are_cut_off_after_thirty(self):
        d = wbgames.GamesDaemon()  # the limit is per daemon: a daemon of its own
        self.addCleanup(wbgames.stop_module_daemon, d)
        d.start()
        m = create(d, ["Red", "Blue"], {"class_session": True, "tie_window_ms": 0}, seed=31)
        code = m.view("host")["class"]["code"]
        statuses = []
        wrong = "ACDEFG" if code != "ACDEFG" else "ACDEFH"
        for i in range(500):
            st, hdrs, doc = d.json("POST", "/v1/join", {"code": wrong, "nickname": "x%d" % i})
            statuses.append((st, doc.get("code")))
            if st == 429:
                self.assertGreaterEqual(int(hdrs["retry-after"]), 1)
        self.assertEqual(statuses[:30], [(404, "unknown_join_code")] * 30)
        self.assertEqual(statuses[30:], [(429, "too_many_attempts")] * 470)
        # while cut off, the right code is refused too: trying cannot find it
        st, doc = join(code, "Ann", expect=None, daemon=d)
        self.assertEqual((st, doc["code"]), (429, "too_many_attempts"))
        # the match plays on meanwhile
        self.assertEqual(m.view("host")["status"], "active")


if __name__ == "__main__":
    wbtest.main()
