"""test_storage.py - storage stays bounded, matches end and list in pages.

Before: --max-matches capped live matches only, so creating and
ending companion matches kept every one of them; the host could not end or
delete an unfinished match (409); GET /v1/matches was one unpaginated
answer.  Now the host may end (POST /v1/games/ID/end) or delete a match at
any time, finished and ended matches are kept as --keep-finished says and
then removed oldest first, and the list comes in pages with a cursor.
"""
import unittest

import wbtest
from wbgames import GamesDaemon, bearer, create, stop_module_daemon, wait_for

KEEP = 20
ROUNDS = 200
D = None


def setUpModule():
    global D
    D = wbtest.module_daemon(GamesDaemon(args=["--keep-finished", "%d,86400" % KEEP]),
                             stop_module_daemon)


def all_matches():
    out, after = [], None
    while True:
        q = "/v1/matches?limit=7" + ("&after=" + after if after else "")
        st, _, doc = D.json("GET", q)
        assert st == 200, doc
        out += doc["matches"]
        after = doc["next"]
        if after is None:
            return out


class Storage(unittest.TestCase):
    def problem(self, status, code, method, path, body=None, token=None):
        st, hdrs, doc = D.json(method, path, body, headers=bearer(token))
        self.assertEqual((st, doc.get("code")), (status, code), doc)
        return doc

    def test_end_and_delete_at_any_time(self):
        m = create(D, ["ann", "bob"], {"companion": True})
        self.problem(401, "unauthorized", "POST", m.path + "/end")
        self.problem(403, "forbidden", "POST", m.path + "/end", token=m.tokens[0])
        st, _, doc = D.json("POST", m.path + "/end", headers=bearer(m.host))
        self.assertEqual(st, 200, doc)
        self.assertEqual(doc["events"], [{"type": "match_ended"}])
        v = m.view(0)
        self.assertEqual((v["status"], v["ended"], v["to_act"], v["winners"]),
                         ("finished", True, [], []))
        self.assertEqual(m.actions("host"), [])
        self.problem(409, "conflict", "POST", m.path + "/actions", {"type": "flip"}, m.host)
        self.problem(409, "conflict", "POST", m.path + "/end", token=m.host)
        self.assertEqual([e["action"]["type"] for e in m.log("host")], ["abandon"])
        listed = [x for x in all_matches() if x["id"] == m.id][0]
        self.assertEqual((listed["status"], listed["ended"]), ("finished", True))
        # an active match can be deleted by its host
        m2 = create(D, ["ann", "bob"], {"companion": True})
        st, _, _ = D.request("DELETE", m2.path, headers=bearer(m2.host))
        self.assertEqual(st, 204)
        self.problem(404, "unknown_match", "GET", m2.path)

    def test_ended_matches_do_not_pile_up(self):
        for i in range(ROUNDS):
            m = create(D, ["ann", "bob"], {"companion": True})
            st, _, doc = D.json("POST", m.path + "/end", headers=bearer(m.host))
            self.assertEqual(st, 200, doc)
        # the pruning runs about once a second
        ok = wait_for(lambda: len([x for x in all_matches() if x["status"] == "finished"])
                      <= KEEP, timeout=15, step=0.2)
        self.assertTrue(ok, "more than --keep-finished ended matches are kept")
        listed = all_matches()
        ids = [x["id"] for x in listed]
        self.assertEqual(len(ids), len(set(ids)), "a match is listed twice across pages")
        created = [x["created"] for x in listed]
        self.assertEqual(created, sorted(created), "pages are not oldest first")
        # the newest ended match is still there
        self.assertIn(m.id, ids)

    def test_bad_cursor(self):
        self.problem(400, "bad_parameter", "GET", "/v1/matches?after=nonsense")
        self.problem(400, "bad_parameter", "GET", "/v1/matches?limit=0")


if __name__ == "__main__":
    wbtest.main()
