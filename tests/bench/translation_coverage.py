#!/usr/bin/env python3
"""translation_coverage.py - the share of SCOWL's size-35 English words
(english-words.10, .20, .35: the common vocabulary) that a running
wibbelld translates into each language (figures in
docs/dictionaries.md).  A word counts when it has translations of its own or of a base
form (houses: house).  Prints one line per language.

    python3 tests/bench/translation_coverage.py http://127.0.0.1:8080 en_US
"""
import http.client
import json
import sys
import urllib.parse

SCOWL = "/usr/share/dict/scowl/english-words.%d"


def main():
    url = urllib.parse.urlparse(sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080")
    dict_id = sys.argv[2] if len(sys.argv) > 2 else "en_US"
    conn = http.client.HTTPConnection(url.hostname, url.port or 80)
    conn.request("GET", "/v1/dictionaries")
    info = {d["id"]: d for d in json.loads(conn.getresponse().read())["dictionaries"]}
    langs = info[dict_id]["translations"].split(",")
    words = []
    for size in (10, 20, 35):
        with open(SCOWL % size, encoding="latin-1") as f:
            words += [w.strip() for w in f if w.strip().isalpha() and w.strip().islower()]
    have = {lang: 0 for lang in langs}
    own = {lang: 0 for lang in langs}
    valid = 0
    for w in words:
        q = "/v1/dictionaries/%s/words/%s?family_limit=0&definitions_limit=0&translate=%s" % (
            dict_id, urllib.parse.quote(w), ",".join(langs))
        conn.request("GET", q)
        doc = json.loads(conn.getresponse().read())
        if not doc.get("valid"):
            continue
        valid += 1
        for lang in langs:
            if doc["translations"][lang]:
                have[lang] += 1
                own[lang] += lang not in doc.get("translated_from", {})
    print("%d SCOWL size-35 words, %d of them words of %s" % (len(words), valid, dict_id))
    for lang in langs:
        print("%s: %5.1f%% (%d; %d of their own, %d by a base form)"
              % (lang, 100.0 * have[lang] / valid, have[lang], own[lang], have[lang] - own[lang]))


if __name__ == "__main__":
    main()
