#!/usr/bin/env python3
"""make_legacy_store.py - write the stored-matches fixture of
test_legacy_store.py: a games store (data.mdb) made by a daemon of an
earlier layout, and what that daemon answered for every match.

Run once, with the daemon to preserve:
    WIBBELLD=old/build/daemon/wibbelld WIBBELLD_TEST_DATA=old/build/tests/testdata \\
        python3 tests/games/store/make_legacy_store.py tests/data/legacy-store-NAME

It plays every game's seeded match for a while with the listed actions
(templates skipped), fetches each match's host, seat and public views and
its log, then ends the daemon with SIGKILL (so opening the store later
replays the log after the last record, as after a crash) and copies
games/data.mdb beside views.json.
"""
import json
import os
import random
import shutil
import signal
import sys
import time
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "e2e"))
import wbgames  # noqa: E402

GAMES = [
    ("wibbell", ["ann", "bob", "cy"], {}),
    ("whirlpool-pond", ["ann", "bob", "cy"], {}),
    ("woodlouse-chaos", ["ann", "bob", "cy"], {}),
    ("woobieworld", ["ann", "bob", "cy"], {}),
    ("world-dumbination", ["ann", "bob", "cy"], {}),
]


def play(m, nseats, rng, steps):
    if m.created["game"] == "wibbell":
        p = wbgames.Player(unittest.TestCase(), m, nseats, 48, rng)
        for _ in range(steps // 2):
            view = m.view("host")
            if view["status"] != "active":
                return
            if not view["to_act"]:  # a tie window runs
                time.sleep(0.3)
                continue
            p.version = view["version"]  # timers move it too
            p.step(view)
        return
    for _ in range(steps):
        view = m.view("host")
        if view.get("status") != "active":
            return
        moved = False
        for seat in list(view.get("to_act", [])) + ["host"]:
            acts = [a for a in m.actions(seat)
                    if "$params" not in a and not a["type"].startswith("end")]
            if acts:
                st, _, _ = m.act(seat, rng.choice(acts))
                moved = moved or st == 200
                break
        if not moved:
            return


def settle(m):
    """Wait until no timer is due (Wibbell's tie window): the views must
    not move on by themselves once the store is opened again."""
    last = None
    while True:
        v = m.view("host")
        if v == last and v["to_act"]:
            return
        last = v
        time.sleep(4)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    d = wbgames.GamesDaemon()
    d.start()
    rng = random.Random(7)
    doc = {"matches": []}
    for i, (game, players, options) in enumerate(GAMES):
        m = wbgames.create(d, players, options, seed=100 + i, game=game)
        play(m, len(players), rng, 40)
        settle(m)
        who = ["host", None] + list(range(len(players)))
        doc["matches"].append({
            "game": game, "id": m.id, "host_token": m.host, "tokens": m.tokens,
            "views": {str(w): m.view(w) for w in who},
            "log": m.log("host"),
        })
    d.stop(signal.SIGKILL)
    shutil.copy(os.path.join(d.data_dir, "games", "data.mdb"), os.path.join(out, "data.mdb"))
    with open(os.path.join(out, "views.json"), "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    d.cleanup()
    print("wrote %s: %d matches" % (out, len(doc["matches"])))


if __name__ == "__main__":
    main()
