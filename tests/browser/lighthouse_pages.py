#!/usr/bin/env python3
"""lighthouse_pages.py - Lighthouse's scores for every page, against the
real daemon and Debian's chromium (not part of the suite: Lighthouse comes
from npm).  Prints one line a page: accessibility, best practices and
performance (mobile), and the audits that did not pass.

    npm install --prefix /tmp/lh lighthouse      # once (12.8.2 measured)
    LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse \\
    WIBBELLD=build/daemon/wibbelld WIBBELLD_TEST_DATA=build/tests/testdata \\
      /usr/bin/python3 tests/browser/lighthouse_pages.py

The pages are audited as a table meets them: the judge empty, with a
table of four and following the round of a table of four (its players
and the match it follows kept in the browser's storage, which Lighthouse
is told to keep), the referee at the take, a seat of every game, the
projector during play and at the end, and a class session's pages (the join screen, the join page, a
student's phone, the report, the study list).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wbbrowser as W  # noqa: E402

LH = os.environ.get("LIGHTHOUSE", "lighthouse")
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"
TABLE = {"used": ["zinc"], "dict": "en_US", "players": [
    {"name": "Ann", "cards": [{"letters": "SG", "perm": True}, {"letters": "AR", "perm": False}]},
    {"name": "Bob", "cards": [{"letters": "TE", "perm": False}]},
    {"name": "Cy", "cards": []}, {"name": "Dee", "cards": [{"letters": "LO", "perm": False}]}]}


def judge_profile(D, table=TABLE):
    """A browser profile whose judge page holds a table of four."""
    b = W.Browser()
    b.d.get(W.url(D, "/"))
    b.d.execute_script("localStorage.setItem('wibbell-judge', arguments[0])", json.dumps(table))
    b.d.quit()
    W._browsers.remove(b)
    prof = tempfile.mkdtemp(prefix="wibbelld-lh-")
    shutil.copytree(b.profile, prof, dirs_exist_ok=True, ignore=shutil.ignore_patterns("Singleton*"))
    shutil.rmtree(b.profile, ignore_errors=True)
    return prof


def follow_profile(D):
    """A profile whose judge follows the round of a table of four (a
    companion match, two cards up)."""
    st, _, m = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob", "Cy", "Dee"],
                                            "options": {"companion": True}})
    assert st == 201, m
    for body in ({"type": "flip", "card": "NZ"}, {"type": "flip", "card": "IQ"}):
        D.json("POST", "/v1/games/%s/actions" % m["id"], body, headers=W.wbgames.bearer(m["host_token"]))
    return judge_profile(D, {"used": [], "dict": "en_US", "players": [{"name": n, "cards": []} for n in ("Ann", "Bob", "Cy", "Dee")],
                             "match": {"id": m["id"], "token": m["host_token"]}})


def pages(D):
    made = {}
    for game, players in (("wibbell", ["Ann", "Bob", "Cy"]), ("whirlpool-pond", ["Ann", "Bob"]),
                          ("woodlouse-chaos", ["Ann", "Bob", "Cy"]), ("woobieworld", ["Ann", "Bob"]),
                          ("world-dumbination", ["Ann", "Bob", "Cy"])):
        st, _, m = D.json("POST", "/v1/games", {"game": game, "players": players, "seed": 5})
        assert st == 201, m
        made[game] = m
    st, _, comp = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob", "Cy", "Dee"],
                                               "options": {"companion": True}})
    host = W.wbgames.bearer(comp["host_token"])
    for body in ({"type": "flip", "card": "NZ"}, {"type": "flip", "card": "IQ"},
                 {"type": "claim", "seat": 1, "word": "zing"}):
        D.json("POST", "/v1/games/%s/actions" % comp["id"], body, headers=host)
    st, _, over = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Ann", "Bob", "Cy"], "seed": 6})
    for seat, body in ((1, {"type": "claim", "word": "zzxq"}), (None, {"type": "end"})):
        t = over["host_token"] if seat is None else over["players"][seat]["token"]
        D.json("POST", "/v1/games/%s/actions" % over["id"], body, headers=W.wbgames.bearer(t))
    out = [("judge", "/", None), ("judge, a table of four", "/", "table"), ("judge, following the round", "/", "follow"),
           ("lobby", "/web/lobby.html", None),
           ("table, new", "/web/table.html", None), ("how to play", "/web/rules.html", None),
           ("table, referee at the take", "/web/table.html#g=%s&t=%s" % (comp["id"], comp["host_token"]), None),
           ("projector", "/web/projector.html#g=%s&t=%s" % (made["wibbell"]["id"], made["wibbell"]["host_token"]), None),
           ("projector, the end", "/web/projector.html#g=%s&t=%s" % (over["id"], over["host_token"]), None)]
    for game, m in made.items():
        out.append(("play " + game, "/web/play.html#g=%s&t=%s" % (m["id"], m["players"][0]["token"]), None))
    # a class session: its join screen (the class open), a student's phone, the report, the study list
    st, _, cls = D.json("POST", "/v1/games", {"game": "wibbell", "players": ["Red", "Blue", "Green"],
                                              "options": {"class_session": True}})
    code = cls["state"]["class"]["code"]
    st, _, zoe = D.json("POST", "/v1/join", {"code": code, "nickname": "Zoe"})
    cid, ht = cls["id"], cls["host_token"]
    out += [("class, join screen", "/web/classroom.html#g=%s&t=%s" % (cid, ht), None),
            ("class, join page", "/web/join.html?code=" + code, None),
            ("class, a student's phone", "/web/join.html#g=%s&t=%s" % (cid, zoe["token"]), None),
            ("class, report", "/web/report.html#g=%s&t=%s" % (cid, ht), None),
            ("class, study list", "/web/study.html#g=%s&t=%s" % (cid, zoe["token"]), None)]
    return out


def main():
    D = W.start_daemon()
    profs = {"table": judge_profile(D), "follow": follow_profile(D)}
    try:
        only = os.environ.get("LH_ONLY")
        for name, path, state in pages(D):
            if only and only not in name:
                continue
            # a report file of its own (not one name in the shared
            # temporary directory, which a run beside it would write too)
            fd, rep = tempfile.mkstemp(prefix="wibbelld-lh-", suffix=".json")
            os.close(fd)
            cmd = [LH, W.url(D, path), "--quiet", "--output=json", "--output-path=" + rep, "--form-factor=mobile",
                   "--only-categories=accessibility,best-practices,performance",
                   "--chrome-flags=" + FLAGS + (" --user-data-dir=" + profs[state] if state else "")]
            if state:
                cmd.append("--disable-storage-reset")
            try:
                r = subprocess.run(cmd, env=dict(os.environ, CHROME_PATH=W.chromium()), capture_output=True, text=True)
                if not r.returncode:
                    with open(rep) as f:
                        doc = json.load(f)
            finally:
                os.unlink(rep)
            if r.returncode:
                print("%-28s lighthouse failed: %s" % (name, r.stderr.strip()[-300:]))
                continue
            if os.environ.get("LH_METRICS"):
                print({k: doc["audits"][k].get("displayValue") for k in ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index")})
            score = {k: round(v["score"] * 100) for k, v in doc["categories"].items() if v["score"] is not None}
            below = sorted(k for k, a in doc["audits"].items() if a.get("score") is not None and a["score"] < 1
                           and a.get("scoreDisplayMode") == "binary")
            print("%-28s accessibility %3s  best practices %3s  performance %3s  %s" % (
                name, score.get("accessibility"), score.get("best-practices"), score.get("performance"),
                ("below: " + ", ".join(below)) if below else ""))
        print("# lighthouse %s, %s" % (doc.get("lighthouseVersion"), subprocess.run(
            [W.chromium(), "--version"], capture_output=True, text=True).stdout.strip()))
    finally:
        for prof in profs.values():
            shutil.rmtree(prof, ignore_errors=True)
        W.quit_all()
        W.wbgames.stop_module_daemon(D)


if __name__ == "__main__":
    main()
