#!/usr/bin/env python3
"""test_legacy_store.py - matches stored by an earlier layout of the code
open unchanged.

tests/data/legacy-store-*/ each hold a games store (data.mdb) written by
the daemon of an earlier layout, ended by SIGKILL mid-play (so opening it
replays each match's log after its last record), and views.json: what that
daemon answered for each match (host, public and seat views, the log).
Made by make_legacy_store.py beside this file.  The real daemon of this
build opens a copy of each store; every member the old daemon answered
must be answered the same (views may have gained members since: the
common `role`, `seat` and `players` with names), every log must be what
it answered, and every match must go on taking actions.
"""
import glob
import json
import os
import shutil
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "e2e"))
import wbgames  # noqa: E402
import wbtest  # noqa: E402

FIXTURES = sorted(glob.glob(os.path.join(here, "..", "..", "data", "legacy-store-*")))


def answered_same(old, new, where="view"):
    """Every member of `old` (an answer of the old daemon) is in `new` with
    the same value, recursively; arrays keep their length and order.
    Members `new` has beyond them are allowed.  Returns the first
    difference in words, or None."""
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return "%s: an object became %r" % (where, new)
        for k, v in old.items():
            if k not in new:
                return "%s.%s: missing" % (where, k)
            diff = answered_same(v, new[k], where + "." + k)
            if diff:
                return diff
        return None
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return "%s: %r became %r" % (where, old, new)
        for i, (a, b) in enumerate(zip(old, new)):
            diff = answered_same(a, b, "%s[%d]" % (where, i))
            if diff:
                return diff
        return None
    return None if old == new and type(old) is type(new) else "%s: %r became %r" % (where, old, new)


def match_of(d, m):
    created = {"id": m["id"], "host_token": m["host_token"], "game": m["game"],
               "players": [{"token": t} for t in m["tokens"]], "version": 0}
    return wbgames.Match(d, created)


class LegacyStore(unittest.TestCase):
    def test_fixtures_present(self):
        # the test below must not pass by finding nothing
        self.assertGreaterEqual(len(FIXTURES), 1)

    def test_old_matches_open_unchanged(self):
        for fx in FIXTURES:
            with open(os.path.join(fx, "views.json")) as f:
                doc = json.load(f)
            data_dir = wbgames.make_data_dir()
            os.makedirs(os.path.join(data_dir, "games"))
            shutil.copy(os.path.join(fx, "data.mdb"), os.path.join(data_dir, "games"))
            d = wbgames.GamesDaemon(data_dir=data_dir)
            d.start()
            try:
                self.assertEqual(len(doc["matches"]), 5)
                for m in doc["matches"]:
                    match = match_of(d, m)
                    for who, want in m["views"].items():
                        w = None if who == "None" else ("host" if who == "host" else int(who))
                        self.assertIsNone(answered_same(want, match.view(w)),
                                          "%s %s: the view of %s" % (fx, m["game"], who))
                    self.assertEqual(match.log("host"), m["log"], m["game"])
                    # and it plays on: some seat (or the host) has a legal action
                    acts = []
                    for who in list(m["views"]["host"]["to_act"]) + ["host"]:
                        acts = [a for a in match.actions(who) if "$params" not in a]
                        if acts:
                            match.ok(who, acts[0])
                            break
                    self.assertTrue(acts, "%s: no action to play on" % m["game"])
                    self.assertEqual(match.view("host")["version"],
                                     m["views"]["host"]["version"] + 1)
            finally:
                wbgames.stop_module_daemon(d)


if __name__ == "__main__":
    wbtest.main()
