#!/usr/bin/env python3
"""house.py - the walls and floors of the source tree, checked.

    python3 tests/house/house.py walls [ROOT]    every #include "..." allowed?
    python3 tests/house/house.py circles [ROOT [ALLOWED]]
                                                 circles of calls between files
    python3 tests/house/house.py lines [ROOT]    lines per room (a report)
    python3 tests/house/house.py layout [ROOT]   every game's files, one layout

walls: each C file sits in a room (below); a quoted include must name a
header of its own room, or a public header of a room its room may see.
The rooms and what each may see are games/README.md's map:

    daemon/            everything public below it
    api/               games/ (the registry), games/store, games/core, dict, daemon/core
    games/ (registry)  each game's public header, games/core
    games/store        games/core, dict, daemon/core
    games/<game>       games/core, dict, daemon/core     (not another game, not the store)
    games/core         dict, daemon/core                 (no game, no store)
    dict/build         dict (its private format.h too), daemon/core
    dict               daemon/core                       (never dict/build)
    daemon/core        nothing
and a test folder tests/games/X sees room games/X's insides, as the
room's own files do.  A header is private to its room when its name ends
in _int.h or it is listed in PRIVATE.  dict/ is the reader, what the
daemon reads a dictionary with; dict/build/ the builder, seen only by
daemon/ (which builds a missing dictionary on its first start) and by
itself, through dict_build.h: the reader never includes a header of the
builder, so no request can reach Hunspell or the build.

circles: which C files of api/, games/, dict/ and daemon/ call functions
(or use globals) defined in which others (definitions from Universal
Ctags, uses are identifiers in the source text), and the circles in that
graph: sets of two or more files that reach each other.  Each circle is
printed; the count is the last line.  With ALLOWED (a file of circle
lines as printed), only a circle not listed there fails: the list of
circles still to break, which shrinks to nothing.

layout: every game folder (games/<game>/, the example game aside: it is
one file to read beside games/README.md) has the same files for the same
jobs, games/README.md's layout: <p>.h (the kind), <p>_int.h (the state),
<p>.c (the game_def and the game_kind, the options), <p>_rules.c (the
action table), <p>_view.c (the view, the queries), <p>_save.c (the state
for the codec), <p>_sample.c (the determinization) and the game's doc;
and the def's options, actions, view, queries, io and sample are defined
in those files, where a reader who knows one game looks for them.

Exit status 1 when a wall is crossed, a circle found or a game's layout
differs.
"""
import os
import re
import subprocess
import sys

GAMES = ["wibbell", "whirlpool", "woodlouse", "woobieworld", "dumbination", "example"]
SEES = {
    "daemon/core": [],
    "dict": ["daemon/core"],
    "dict/build": ["dict", "daemon/core"],
    "games/core": ["dict", "daemon/core"],
    "games/store": ["games/core", "dict", "daemon/core"],
    # the bots reach games only through the framework (and dict/ for words)
    "games/bots": ["games/core", "dict", "daemon/core"],
    "games": ["games/core", "games/bots", "dict", "daemon/core"] + ["games/" + g for g in GAMES],
    "api": ["games", "games/store", "games/bots", "games/core", "dict", "daemon/core"],
    "daemon": ["api", "games", "games/store", "games/bots", "games/core", "dict/build", "dict",
               "daemon/core"],
}
for g in GAMES:
    SEES["games/" + g] = ["games/core", "dict", "daemon/core"]
# A test folder sees what its room sees, and more: the framework's tests
# play the framework's example game.
TEST_SEES = {"games/core": ["games/example"]}
# Headers that other rooms may not include, besides *_int.h.
PRIVATE = {"games/store/match_db.h", "dict/format.h"}
# Rooms that see a room's private headers too: the builder writes the
# on-disk layout (format.h) the reader reads.
INSIDE = {"dict/build": ["dict"]}
# Rooms whose public part is one header: a game is seen through <game>.h
# only, the builder through dict_build.h.
ONLY = {"games/" + g: {"games/%s/%s.h" % (g, {"woobieworld": "woobie",
                                             "dumbination": "dumb"}.get(g, g))}
        for g in GAMES}
ONLY["dict/build"] = {"dict/build/dict_build.h"}


def room_of(path):
    """The room of a source path (relative to the root), or None."""
    parts = path.split("/")
    if path.startswith("tests/games/"):
        # a test folder sees its room's insides: it lives in that room
        sub = parts[2] if len(parts) > 3 else None
        return ("games/" + sub) if sub else "games"
    if parts[0] == "api":
        return parts[0]
    if parts[0] == "dict":
        return "dict/build" if len(parts) > 2 and parts[1] == "build" else "dict"
    if parts[0] == "daemon":
        return "daemon/core" if len(parts) > 2 and parts[1] == "core" else "daemon"
    if parts[0] == "games":
        return "games/" + parts[1] if len(parts) > 2 else "games"
    return None


def sources(root, tops=("api", "games", "dict", "daemon", "tests/games")):
    out = []
    for top in tops:
        for d, _, fs in os.walk(os.path.join(root, top)):
            out += [os.path.relpath(os.path.join(d, f), root) for f in fs
                    if f.endswith((".c", ".h"))]
    return sorted(out)


def walls(root, *_):
    headers = {}
    for p in sources(root, ("api", "games", "dict", "daemon")):
        if p.endswith(".h"):
            headers.setdefault(os.path.basename(p), []).append(p)
    bad = []
    inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
    for p in sources(root):
        room = room_of(p)
        if room is None:
            continue
        # a test of tests/games (the conformance test) sees what the registry sees
        text = open(os.path.join(root, p), errors="replace").read()
        for name in inc.findall(text):
            if "/" in name:
                bad.append("%s: includes \"%s\" by a path (a wall is crossed by name)" % (p, name))
                continue
            where = headers.get(name)
            if not where:
                continue  # a generated header (wb_config.h) or a test's own
            if len(where) > 1:
                bad.append("%s: \"%s\" is ambiguous: %s" % (p, name, " ".join(where)))
                continue
            h = where[0]
            hroom = room_of(h)
            if hroom == room:
                continue
            sees = SEES.get(room, []) + (TEST_SEES.get(room, []) if p.startswith("tests/") else [])
            if hroom == "dict/build" and room == "dict":
                bad.append("%s (the dictionary reader) includes %s of the builder: the "
                           "reader never sees the builder" % (p, h))
            elif hroom not in sees:
                bad.append("%s (room %s) includes %s of room %s, which it may not see"
                           % (p, room, h, hroom))
            elif hroom in INSIDE.get(room, []):
                continue
            elif h.endswith("_int.h") or h in PRIVATE:
                bad.append("%s (room %s) includes %s, private to room %s" % (p, room, h, hroom))
            elif hroom in ONLY and h not in ONLY[hroom]:
                bad.append("%s (room %s) includes %s: room %s is seen through %s only"
                           % (p, room, h, hroom, " ".join(sorted(ONLY[hroom]))))
    for b in bad:
        print(b)
    print("%d walls crossed" % len(bad))
    return 1 if bad else 0


def circles(root, allow=None):
    srcs = [s for s in sources(root, ("api", "games", "dict", "daemon")) if s.endswith(".c")]
    out = subprocess.run(["ctags", "-x", "--c-kinds=fv", "--extras=-F"] +
                         [os.path.join(root, s) for s in srcs],
                         capture_output=True, text=True, check=True).stdout
    defs = {}
    for line in out.splitlines():
        p = line.split(None, 4)
        if len(p) >= 4:
            src = p[4] if len(p) > 4 else ""
            if src.lstrip().startswith("static"):
                continue
            defs.setdefault(p[0], set()).add(os.path.relpath(p[3], root))
    ident = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
    strip = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)
    edges = {}
    for f in srcs:
        text = strip.sub(" ", open(os.path.join(root, f), errors="replace").read())
        for w in set(ident.findall(text)):
            for g in defs.get(w, ()):
                if g != f and len(defs[w]) == 1:
                    edges.setdefault(f, set()).add(g)
    sys.setrecursionlimit(10000)
    idx, low, st, on, comps, n = {}, {}, [], set(), [], [0]

    def tarjan(v):
        idx[v] = low[v] = n[0]
        n[0] += 1
        st.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in idx:
                tarjan(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], idx[w])
        if low[v] == idx[v]:
            c = []
            while True:
                w = st.pop()
                on.discard(w)
                c.append(w)
                if w == v:
                    break
            if len(c) > 1:
                comps.append(sorted(c))

    for v in sorted(srcs):
        if v not in idx:
            tarjan(v)
    allowed = set()
    if allow:
        with open(allow) as f:
            allowed = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    fail = 0
    for c in sorted(comps):
        line = "circle of %d: %s" % (len(c), " ".join(c))
        known = line in allowed
        fail += not known
        print(line + ("   (known, listed in %s)" % os.path.basename(allow) if known else ""))
    print("%d circles, %d of them new" % (len(comps), fail) if allow else "%d circles" % len(comps))
    return 1 if fail else 0


def lines(root, *_):
    rooms = {}
    for p in sources(root, ("api", "games", "dict", "daemon")):
        n = sum(1 for _ in open(os.path.join(root, p), errors="replace"))
        rooms[room_of(p)] = rooms.get(room_of(p), 0) + n
    for r in sorted(rooms):
        print("%-20s %6d" % (r, rooms[r]))
    return 0


# The prefix of a game's files, where it is not the folder's name.
PREFIX = {"woobieworld": "woobie", "dumbination": "dumb"}
# Where the game_def's members are defined: member -> the file's suffix.
JOBS = {"options": "", "actions": "_rules", "view": "_view", "queries": "_view",
        "io": "_save", "sample": "_sample"}


def defined_in(folder, name):
    """The C files of `folder` that define `name` (a function, or a table
    initialised there), not merely declare it."""
    start = re.compile(r"^(?:[A-Za-z_][\w \t\*]*[\s\*])?%s\s*(?:\(|\[\]\s*=)[^;]*$"
                       % re.escape(name), re.M)
    out = []
    for f in sorted(os.listdir(folder)):
        if f.endswith(".c") and start.search(open(os.path.join(folder, f),
                                                  errors="replace").read()):
            out.append(f)
    return out


def layout(root, *_):
    bad = []
    for g in GAMES:
        if g == "example":
            continue
        p = PREFIX.get(g, g)
        folder = os.path.join(root, "games", g)
        for f in [p + ".h", p + "_int.h", p + ".c", p + "_rules.c", p + "_view.c",
                  p + "_save.c", p + "_sample.c", g.upper() + ".md"]:
            if not os.path.exists(os.path.join(folder, f)):
                bad.append("games/%s: no %s" % (g, f))
        main = os.path.join(folder, p + ".c")
        text = open(main, errors="replace").read() if os.path.exists(main) else ""
        m = re.search(r"^(?:static )?const game_def \w+ = \{(.*?)^\};", text, re.M | re.S)
        if not m:
            bad.append("games/%s/%s.c: no game_def (the def is <game>.c's)" % (g, p))
            continue
        for member, suffix in JOBS.items():
            v = re.search(r"\.%s\s*=\s*(\w+)" % member, m.group(1))
            if not v:
                continue
            want = p + suffix + ".c"
            where = defined_in(folder, v.group(1))
            if where != [want]:
                bad.append("games/%s: .%s = %s is defined in %s, not in %s"
                           % (g, member, v.group(1), " ".join(where) or "no file", want))
    for b in bad:
        print(b)
    print("%d differences from the games' layout" % len(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "walls"
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "..", "..")
    args = sys.argv[3:]
    sys.exit({"walls": walls, "circles": circles, "lines": lines,
              "layout": layout}[what](root, *args))
