#!/usr/bin/env python3
# Draws tests/data/own-sense-sample.txt, the outside sample on which the
# share of words whose first definition is their own is measured
# (dict/LAYOUT.md, "A definition is the word's own").  Not part of the
# build: run by hand, `python3 tests/data/own-sense-sample.py`.
#
# The words: SCOWL's english-words.10 and .20 (the commonest English
# words), lower case letters only, at least 4 letters, that WordNet 3.0
# (wordnet-base's index.*) has as a lemma itself.  Half of the sample is
# drawn from those that end in a common suffix or inflection (-less,
# -ful, -y, -ness, -ly, -er, -ing, -ed, -s: the words with a base form
# whose senses may come first), half from the rest; random.Random(30),
# 250 of each, sorted.
import random, re

SCOWL = "/usr/share/dict/scowl/english-words.%d"
WN = "/usr/share/wordnet/index.%s"

lemmas = set()
for pos in ("noun", "verb", "adj", "adv"):
    with open(WN % pos, encoding="latin-1") as f:
        for line in f:
            if not line.startswith(" "):
                lemmas.add(line.split(" ", 1)[0])
words = set()
for size in (10, 20):
    with open(SCOWL % size, encoding="latin-1") as f:
        for line in f:
            w = line.strip()
            if re.fullmatch(r"[a-z]{4,}", w) and w in lemmas:
                words.add(w)
suffix = re.compile(r"(less|ful|y|ness|ly|er|ing|ed|s)$")
derived = sorted(w for w in words if suffix.search(w))
rest = sorted(w for w in words if not suffix.search(w))
rng = random.Random(30)
sample = sorted(rng.sample(derived, 250) + rng.sample(rest, 250))
with open("tests/data/own-sense-sample.txt", "w") as out:
    out.write("# Drawn by tests/data/own-sense-sample.py (see there how): 500\n"
              "# common English words (SCOWL 10/20) that WordNet defines itself,\n"
              "# half of them with a suffix; seed 30.  Not part of the build.\n")
    out.write("\n".join(sample) + "\n")
