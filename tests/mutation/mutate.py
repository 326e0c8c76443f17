#!/usr/bin/env python3
"""tests/mutation/mutate.py - the mutation sampler (a benchmark, not a test).

Puts small mistakes into the code one at a time (a comparison flipped, a
sign changed, a constant off by one, a negation dropped), rebuilds, runs
the tests that should notice, and puts the code back.  A mutant is
"killed" when a test program fails (or runs past its time cap), "survived"
when every one passes: a rule of the code that no test holds, unless the
mutant is explained in the data (an equivalent mutant, a message-only
change).  The figures it prints, the kill rate per area, go in
tests/mutation/README.md.  The suite does not run it (meson does not list
it; about 30 minutes on 2 cores).

The mutants are data, tests/mutation/mutants.txt: per mutant the area, the
file, an anchor (a text that occurs exactly once in the file) and its
replacement, so they survive code moving around (within a file, or to
another file of its folder); one whose anchor no longer occurs exactly
once is reported "stale", never counted.  `pick`
makes a seeded sample of candidates from the areas' files (the list in
mutants.txt was made so, then fixed, plus the four a first review of the tests found surviving).

    nice python3 tests/mutation/mutate.py run [--sanitize] [--build DIR] [--area A]... [--only N]...
    python3 tests/mutation/mutate.py pick --seed 23 --per-area 10
    python3 tests/mutation/mutate.py check      # which anchors are stale
    python3 tests/mutation/mutate.py restore    # after a kill -9: put files back

Each run builds in a build directory of its own (default build-mutation,
set up with -Dfault_injection=true), incrementally: only the programs an
area's tests need.  The test programs run straight from `meson introspect`
(command, environment, working directory), one after the other, stopping
at the first that fails; the dictionary data they read is the build's,
made once from the unmutated code, except for a mutant of the dictionary
builder (`data` in mutants.txt), which builds its own into a temporary
directory.  Every file is restored after each mutant, on Ctrl-C and on
SIGTERM too; a journal in the build directory restores one left behind by
a kill -9 at the next start (or by `restore`).
"""
import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "tests", "mutation", "mutants.txt")

# The areas: the files a sample is drawn from, and the tests that should
# notice a mistake there (meson test names; the conformance harness for a
# game plays only that game: CONFORMANCE_GAME).  Fast unit tests first; the
# end-to-end tests only where the code is reached over HTTP alone.
GAME_TESTS = ["framework", "framework-codec", "framework-graph",
              "whirlpool-pond", "whirlpool-moves", "whirlpool-play",
              "woodlouse-turn", "woodlouse-round", "woodlouse-games",
              "dumb-sums", "wibbell-claims", "wibbell-rounds", "wibbell-views",
              "dumb-setup", "dumb-combat", "dumb-leaders", "dumb-cards", "dumb-game",
              "woobie-setup", "woobie-effects", "woobie-play"]
AREAS = {
    "wibbell": {
        "files": ["games/wibbell/wibbell_rules.c", "games/wibbell/wibbell.c",
                  "games/wibbell/wibbell_cards.c"],
        "tests": ["wibbell-claims", "wibbell-rounds", "wibbell-views", "conformance"],
        "env": {"CONFORMANCE_GAME": "wibbell"}},
    "whirlpool": {
        "files": ["games/whirlpool/whirlpool_rules.c", "games/whirlpool/whirlpool.c",
                  "games/whirlpool/whirlpool_view.c", "games/whirlpool/whirlpool_save.c",
                  "games/whirlpool/whirlpool_board.c"],
        "tests": ["whirlpool-pond", "whirlpool-moves", "whirlpool-play", "conformance"],
        "env": {"CONFORMANCE_GAME": "whirlpool-pond"}},
    "woodlouse": {
        "files": ["games/woodlouse/woodlouse_rules.c", "games/woodlouse/woodlouse.c",
                  "games/woodlouse/woodlouse_view.c", "games/woodlouse/woodlouse_box.c"],
        "tests": ["woodlouse-turn", "woodlouse-round", "woodlouse-games", "conformance"],
        "env": {"CONFORMANCE_GAME": "woodlouse-chaos"}},
    "woobieworld": {
        "files": ["games/woobieworld/woobie_rules.c", "games/woobieworld/woobie_state.c",
                  "games/woobieworld/woobie_fx.c",
                  "games/woobieworld/woobie.c", "games/woobieworld/woobie_view.c",
                  "games/woobieworld/woobie_map.c"],
        "tests": ["woobie-setup", "woobie-effects", "woobie-play", "conformance"],
        "env": {"CONFORMANCE_GAME": "woobieworld"}},
    "dumbination": {
        "files": ["games/dumbination/dumb_rules.c", "games/dumbination/dumb_round.c",
                  "games/dumbination/dumb_state.c",
                  "games/dumbination/dumb_board.c", "games/dumbination/dumb_cards.c",
                  "games/dumbination/dumb.c", "games/dumbination/dumb_view.c"],
        "tests": ["dumb-sums", "dumb-setup", "dumb-combat", "dumb-leaders", "dumb-cards",
                  "dumb-game", "conformance"],
        "env": {"CONFORMANCE_GAME": "world-dumbination"}},
    "core": {
        "files": ["games/core/game_def.c", "games/core/game.c", "games/core/game_json.c",
                  "games/core/game_data.c", "games/core/game_graph.c", "games/core/rng.c"],
        "tests": GAME_TESTS + ["conformance"], "env": {}},
    "store": {
        "files": ["games/store/matches.c", "games/store/match_db.c",
                  "games/store/match_writer.c", "games/store/match_timer.c",
                  "games/store/match_replay.c", "games/store/match_table.c",
                  "games/store/match_read.c"],
        "tests": ["matches", "e2e-storage", "e2e-games-api", "e2e-games-api-matches"],
        "env": {}},
    "dict": {
        "files": ["dict/dict_word.c", "dict/dict.c", "dict/normalise.c", "dict/cards.c"],
        "tests": ["normalise", "cards", "dict", "dict_eval", "classroom"], "env": {}},
    "api": {
        "files": ["api/route.c", "api/h_games.c", "api/h_dict.c", "api/problem.c"],
        "tests": ["api", "e2e-http", "e2e-dict", "e2e-games-api", "e2e-games-api-matches",
                  "e2e-ops"], "env": {}},
}
TEST_CAP = 240   # seconds, at most, for one test program under a mutant
BUILD_CAP = 600  # seconds for one incremental build


def data_ids():
    """The dictionaries tests/meson.build's testdata builds (a builder
    mutant's data must hold the same, or a test counting them fails on
    every such mutant)."""
    with open(os.path.join(ROOT, "tests", "meson.build"), encoding="utf-8") as f:
        m = re.search(r"custom_target\('testdata',.*?'build',([^\]]*)\]", f.read(), re.S)
    return re.findall(r"'([A-Za-z_]+)'", m.group(1)) if m else ["en_US", "en_GB", "en"]


class Mutant:
    def __init__(self, num, area, path, anchor, repl, note=None, data=False, line=0):
        self.num, self.area, self.path = num, area, path
        self.anchor, self.repl, self.note, self.data, self.line = anchor, repl, note, data, line

    def label(self):
        return "#%d %s %s: %s -> %s" % (self.num, self.area, self.path, self.anchor.strip(),
                                       self.repl.strip())


def load(path=DATA):
    """mutants.txt: '[area] file [data]', then '- anchor', '+ replacement'
    and optionally '! why it survives' (an explained survivor)."""
    out, cur, head = [], None, None
    with open(path, encoding="utf-8") as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            if line.startswith("["):
                m = re.match(r"\[(\w+)\] (\S+)( data)?$", line)
                if not m or m.group(1) not in AREAS:
                    sys.exit("%s:%d: bad heading %r" % (path, n, line))
                head, cur = (m.group(1), m.group(2), bool(m.group(3))), None
            elif line.startswith("- ") and head:
                cur = Mutant(len(out) + 1, head[0], head[1], line[2:], None, data=head[2], line=n)
                out.append(cur)
            elif line.startswith("+ ") and cur and cur.repl is None:
                cur.repl = line[2:]
            elif line.startswith("! ") and cur:
                cur.note = line[2:]
            else:
                sys.exit("%s:%d: cannot read %r" % (path, n, line))
    for m in out:
        if m.repl is None or m.repl == m.anchor:
            sys.exit("%s:%d: mutant without a change" % (path, m.line))
    return out


def read(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        return None


def anchored(m):
    """The file's text and the anchor's offset, or None when stale.  An
    anchor found in no file of its name but once in one other C file of the
    same folder moved there (a file split in two): m.path follows it."""
    text = read(m.path)
    if text is not None and text.count(m.anchor) == 1:
        return text, text.index(m.anchor)
    if text is not None and text.count(m.anchor) > 1:
        return None
    folder = os.path.dirname(m.path)
    found = [os.path.join(folder, f) for f in sorted(os.listdir(os.path.join(ROOT, folder)))
             if f.endswith(".c") and m.anchor in (read(os.path.join(folder, f)) or "")]
    if len(found) != 1 or read(found[0]).count(m.anchor) != 1:
        return None
    m.path = found[0]
    text = read(m.path)
    return text, text.index(m.anchor)


# --- putting files back -------------------------------------------------------------

class Restorer:
    """Writes a mutant and always puts the file back; a journal in the
    build directory lets the next start undo a run killed with -9."""

    def __init__(self, build):
        self.journal = os.path.join(build, "mutation-journal.json")
        self.saved = {}

    def recover(self):
        if not os.path.exists(self.journal):
            return
        with open(self.journal, encoding="utf-8") as f:
            saved = json.load(f)
        for path, text in saved.items():
            with open(os.path.join(ROOT, path), "w", encoding="utf-8") as g:
                g.write(text)
            print("restored %s (left mutated by an earlier run)" % path)
        os.unlink(self.journal)

    def apply(self, path, text, mutated):
        self.saved[path] = text
        with open(self.journal, "w", encoding="utf-8") as f:
            json.dump(self.saved, f)
        with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
            f.write(mutated)

    def restore(self):
        for path, text in self.saved.items():
            with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
                f.write(text)
        self.saved = {}
        if os.path.exists(self.journal):
            os.unlink(self.journal)


def on_signal(signum, frame):
    raise KeyboardInterrupt("signal %d" % signum)


# --- building and running -----------------------------------------------------------

def run_capped(cmd, cap, env=None, cwd=None):
    """(exit status or 'timeout', output).  The command runs in a process
    group of its own, which a timeout ends (daemons an e2e test started
    included)."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        out, _ = p.communicate(timeout=cap)
        return p.returncode, out.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return "timeout", out.decode("utf-8", "replace")
    except BaseException:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
        raise


def setup_build(build, sanitize):
    if not os.path.exists(os.path.join(build, "build.ninja")):
        opts = ["-Dfault_injection=true"] + (["-Db_sanitize=address,undefined"] if sanitize else [])
        subprocess.run(["meson", "setup", build] + opts, cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)


def introspect(build):
    out = subprocess.run(["meson", "introspect", build, "--tests"], cwd=ROOT, check=True,
                         stdout=subprocess.PIPE).stdout
    return {t["name"]: t for t in json.loads(out)}


def targets_of(build, tests, names):
    """The ninja targets (relative to the build directory) the tests run."""
    known = subprocess.run(["ninja", "-C", build, "-t", "targets", "all"], cwd=ROOT, check=True,
                           stdout=subprocess.PIPE, text=True).stdout
    known = {line.split(":")[0] for line in known.splitlines()}
    out = set()
    for name in names:
        t = tests[name]
        for v in t["cmd"] + list(t["env"].values()):  # e2e: WIBBELLD, WIBBELL_DICT
            v = os.path.relpath(os.path.realpath(v), build)
            if v in known:
                out.add(v)
    return sorted(out)


def ninja(build, targets, cap=BUILD_CAP):
    return run_capped(["ninja", "-C", build] + targets, cap, cwd=ROOT)


BASELINE = {}  # test name -> seconds it took on the unmutated code


def run_tests(build, tests, names, extra_env, data_dir=None, base=False):
    """Runs the tests one by one; (None, seconds) when all pass, else
    (name and why, seconds)."""
    t0 = time.time()
    for name in names:
        t = tests[name]
        env = dict(os.environ)
        env.update(t["env"])
        env.update(extra_env)
        if data_dir:
            env["WIBBELLD_TEST_DATA"] = data_dir
        cap = min(TEST_CAP, t.get("timeout") or TEST_CAP)
        if name in BASELINE:  # a mutant that loops is caught by 4x the baseline
            cap = min(cap, max(30, 4 * BASELINE[name]))
        t1 = time.time()
        rc, out = run_capped(t["cmd"], cap, env=env, cwd=t.get("workdir") or build)
        if base:
            BASELINE[name] = max(BASELINE.get(name, 0), time.time() - t1)
        if rc == "timeout":
            return "%s (past %d s)" % (name, cap), time.time() - t0
        failed = re.findall(r"^not ok .*$", out, re.M)
        if rc != 0 or failed:
            return "%s (%s)" % (name, failed[0] if failed else "exit %s" % rc), time.time() - t0
    return None, time.time() - t0


def build_data(build, into):
    return run_capped([os.path.join(build, "dict", "wibbell-dict"), "--data-dir", into, "build"]
                      + data_ids(), BUILD_CAP, cwd=ROOT)


def cmd_run(args):
    build = os.path.realpath(os.path.join(ROOT, args.build or
                                          ("build-mutation-asan" if args.sanitize else "build-mutation")))
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)
    setup_build(build, args.sanitize)
    rest = Restorer(build)
    rest.recover()
    mutants = [m for m in load() if (not args.area or m.area in args.area)
               and (not args.only or m.num in args.only)]
    tests = introspect(build)
    areas = sorted({m.area for m in mutants}, key=list(AREAS).index)
    t_start = time.time()
    # The baseline: everything built from the code as it is (the test data
    # too), and every area's tests pass on it.
    allt = sorted({x for a in areas for x in targets_of(build, tests, AREAS[a]["tests"])})
    rc, out = ninja(build, allt + ["tests/testdata.stamp"], cap=6 * 3600)  # a first build too
    if rc != 0:
        sys.exit("the unmutated build fails:\n" + out[-3000:])
    data_dir = tests["dict"]["env"]["WIBBELLD_TEST_DATA"]
    if not args.no_baseline:
        for a in areas:
            why, secs = run_tests(build, tests, AREAS[a]["tests"], AREAS[a]["env"], base=True)
            print("baseline %-12s %5.0f s %s" % (a, secs, "ok" if not why else "FAILS: " + why),
                  flush=True)
            if why:
                sys.exit("a test fails on the unmutated code: no figures")
    results = []
    try:
        for m in mutants:
            results.append(one(build, tests, rest, m, data_dir))
    except KeyboardInterrupt as e:
        print("\ninterrupted (%s): files restored" % (e or "Ctrl-C"))
    finally:
        rest.restore()
    report(results, time.time() - t_start)


def one(build, tests, rest, m, data_dir):
    t0 = time.time()
    a = anchored(m)
    if a is None:
        print("STALE    %s" % m.label(), flush=True)
        return (m, "stale", "the anchor does not occur exactly once", 0)
    text, at = a
    mutated = text[:at] + m.repl + text[at + len(m.anchor):]
    area = AREAS[m.area]
    targets = targets_of(build, tests, area["tests"])
    if m.data:
        targets.append("dict/wibbell-dict")
    tmp = None
    try:
        rest.apply(m.path, text, mutated)
        rc, out = ninja(build, targets)
        if rc != 0:
            status, why = "unbuilt", "does not build"
        else:
            if m.data:
                tmp = tempfile.mkdtemp(prefix="wb-mutation-")
                rc, out = build_data(build, tmp)
            if m.data and rc != 0:
                status, why = "killed", "the dictionary build fails"
            else:
                why, _ = run_tests(build, tests, area["tests"], area["env"], tmp)
                status = "killed" if why else ("explained" if m.note else "SURVIVED")
                why = why or m.note or ""
    finally:
        rest.restore()
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    secs = time.time() - t0
    print("%-8s %s  [%s, %.0f s]" % (status, m.label(), why, secs), flush=True)
    return (m, status, why, secs)


def report(results, secs):
    print("\n== kill rate per area (explained survivors left out; stale and unbuilt not counted)")
    tot = {"killed": 0, "n": 0}
    for area in AREAS:
        rs = [r for r in results if r[0].area == area]
        if not rs:
            continue
        c = {s: sum(1 for r in rs if r[1] == s)
             for s in ("killed", "SURVIVED", "explained", "stale", "unbuilt")}
        n = c["killed"] + c["SURVIVED"]
        tot["killed"] += c["killed"]
        tot["n"] += n
        rate = 100.0 * c["killed"] / n if n else 0.0
        print("%-12s %3d/%-3d killed %5.1f%%  (explained %d, stale %d, unbuilt %d)"
              % (area, c["killed"], n, rate, c["explained"], c["stale"], c["unbuilt"]))
    if tot["n"]:
        print("%-12s %3d/%-3d killed %5.1f%%" % ("all", tot["killed"], tot["n"],
                                                100.0 * tot["killed"] / tot["n"]))
    surv = [r for r in results if r[1] == "SURVIVED"]
    print("\n== survivors (%d)" % len(surv))
    for r in surv:
        print("  " + r[0].label())
    print("\n== run time %.1f min, %d mutants" % (secs / 60, len(results)))


# --- the sample -----------------------------------------------------------------------

TOKEN = re.compile(r"==|!=|<=|>=|&&|\|\||->|<<|>>|\+\+|--|\+=|-=|[<>+\-!]|\b\d+\b")
SWAP = {"==": "!=", "!=": "==", "<=": "<", ">=": ">", "<": "<=", ">": ">=", "&&": "||",
        "||": "&&", "++": "--", "--": "++", "+=": "-=", "-=": "+=", "+": "-", "-": "+"}


def masked(line):
    """The line with string and character literals and comments blanked."""
    out = re.sub(r'"(\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), line)
    out = re.sub(r"'(\\.|[^'\\])*'", lambda m: " " * len(m.group(0)), out)
    out = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)), out)
    i = out.find("//")
    i = out.find("/*") if i < 0 else i
    return out if i < 0 else out[:i] + " " * (len(out) - i)


def candidates(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        text = f.read()
    out, in_comment = [], False
    for line in text.split("\n"):
        s = line.strip()
        if in_comment:
            in_comment = "*/" not in s
            continue
        if s.startswith("/*") and "*/" not in s:
            in_comment = True
            continue
        if not s or s.startswith(("#", "*", "//", "/*")) or not line.startswith(" "):
            continue
        if text.count(s) != 1 or "assert" in s or "fprintf" in s:
            continue
        mk = masked(s)
        for t in TOKEN.finditer(mk):
            tok, i = t.group(0), t.start()
            if tok in ("->", "<<", ">>"):
                continue
            prev = mk[:i].rstrip()
            if tok in ("+", "-") and not re.search(r"[\w)\]]$", prev):
                continue  # unary
            if tok == "!":
                rep = ""
            elif tok.isdigit():
                rep = str(int(tok) + 1) if tok != "1" else "0"
            else:
                rep = SWAP[tok]
            out.append((s, s[:i] + rep + s[i + len(tok):]))
    return out


def cmd_pick(args):
    rng = random.Random(args.seed)
    for area, a in AREAS.items():
        cands = []
        for p in a["files"]:
            if os.path.exists(os.path.join(ROOT, p)):
                cands += [(p,) + c for c in candidates(p)]
        rng.shuffle(cands)
        seen, n = set(), 0
        print("# %s: %d candidates" % (area, len(cands)))
        for p, anchor, repl in cands:
            if (p, anchor) in seen or n >= args.per_area:
                continue
            seen.add((p, anchor))
            print("[%s] %s\n- %s\n+ %s" % (area, p, anchor, repl))
            n += 1


def cmd_check(args):
    stale = [m for m in load() if anchored(m) is None]
    for m in stale:
        print("stale: %s (mutants.txt line %d)" % (m.label(), m.line))
    print("%d mutants, %d stale" % (len(load()), len(stale)))
    return 1 if stale else 0


def cmd_restore(args):
    Restorer(os.path.realpath(os.path.join(ROOT, args.build))).recover()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="apply, build, test and revert each mutant")
    r.add_argument("--build", help="build directory (build-mutation, build-mutation-asan)")
    r.add_argument("--sanitize", action="store_true",
                   help="a build with ASan and UBSan: memory mistakes fail the tests too")
    r.add_argument("--area", action="append", choices=list(AREAS))
    r.add_argument("--only", action="append", type=int, help="mutant number (repeatable)")
    r.add_argument("--no-baseline", action="store_true")
    p = sub.add_parser("pick", help="print a seeded sample of candidate mutants")
    p.add_argument("--seed", type=int, default=23)
    p.add_argument("--per-area", type=int, default=10)
    sub.add_parser("check", help="list stale mutants")
    s = sub.add_parser("restore", help="put back files a killed run left mutated")
    s.add_argument("--build", default="build-mutation")
    args = ap.parse_args()
    return {"run": cmd_run, "pick": cmd_pick, "check": cmd_check, "restore": cmd_restore}[
        args.cmd](args) or 0


if __name__ == "__main__":
    sys.exit(main())
