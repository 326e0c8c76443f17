"""games_api_util.py - what the games API's end-to-end programs share
(test_games_api.py, test_games_api_matches.py): the daemon most tests of a
program share, quick Wibbell matches, and the base class with its
problem+json check.
"""
import os
import sys
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbgames  # noqa: E402
from wbgames import create  # noqa: E402

D = None  # the daemon most tests share: module_daemon() from setUpModule


def module_daemon():
    """From setUpModule: the program's daemon, started (and kept here)."""
    global D
    D = wbgames.module_daemon()
    return D


QUICK_DECK = ["SG", "SH", "NZ", "IQ"]  # 2 players: SG and SH only, one turn


def fast(**kw):
    """Options for tests: the first valid claim wins at once."""
    o = {"tie_window_ms": 0}
    o.update(kw)
    return o


def quick_match(daemon=None, players=("ann", "bob")):
    """A match that ends with its first valid claim: 2 players, a deck of
    4 (2 removed), so the first turn is the last."""
    return create(daemon or D, players, fast(deck=QUICK_DECK, shuffle=False), seed=1)


def finish_quick(m):
    doc = m.ok(0, {"type": "claim", "word": "sighs"})
    assert doc["state"]["status"] == "finished", doc
    return doc


class Base(unittest.TestCase):
    def problem(self, status, code, method, path, body=None, headers=None, daemon=None):
        st, hdrs, doc = (daemon or D).json(method, path, body, headers)
        self.assertEqual(st, status, "%s %s -> %d %r" % (method, path, st, doc))
        self.assertEqual(hdrs.get("content-type"), "application/problem+json")
        self.assertEqual(doc["code"], code, doc)
        self.assertEqual(doc["status"], status)
        self.assertTrue(doc["detail"])
        return doc, hdrs

    def host_view_unchanged(self, m, before):
        after = m.view("host")
        self.assertEqual(after, before, "an illegal action changed the match")

