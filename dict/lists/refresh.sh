#!/bin/bash
# refresh.sh - remake dict/lists/offensive.tsv, the list of offensive words
# the class setting hides (dict/offensive.h, dict/LAYOUT.md "The class
# setting"), from its two npm packages at the versions pinned here:
#
#   cuss           (MIT, Titus Wormer): English, French, Spanish, Italian,
#                  Portuguese and European Portuguese words, each rated 0-2
#                  by how likely it is meant as a profanity;
#   naughty-words  (CC BY 4.0, Shutterstock's "List of Dirty, Naughty,
#                  Obscene and Otherwise Bad Words"): the words a search
#                  engine does not suggest, English, German, Dutch, French,
#                  Spanish, Italian, Portuguese; no ratings.
#
# The daemon and wibbell-dict need neither npm nor the network: the TSV is
# vendored and built into the binary.  Run this by hand (needs npm and
# node) to take a newer version, then rebuild the dictionaries (bump
# DICT_FORMAT in dict/format.h) and check the figures in dict/LAYOUT.md.
#
#   bash dict/lists/refresh.sh [CUSS_VERSION [NAUGHTY_VERSION]]
set -euo pipefail
cuss=${1:-2.2.0}
naughty=${2:-1.2.0}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
npm pack --silent "cuss@$cuss" "naughty-words@$naughty" >/dev/null
mkdir cuss naughty
tar xzf "cuss-$cuss.tgz" -C cuss --strip-components=1
tar xzf "naughty-words-$naughty.tgz" -C naughty --strip-components=1
cp cuss/license "$here/LICENSE-cuss"
cp naughty/LICENSE "$here/LICENSE-naughty-words"
cat > dump.mjs <<'JS'
// One line per word: list language, word, cuss rating (- when cuss does not
// list it), 1 when naughty-words lists it.  Phrases (with a space) are left
// out: a dictionary holds single words.
import fs from 'node:fs'
const [cussVer, naughtyVer] = process.argv.slice(2)
const langs = {en: ['index', 'en'], fr: ['fr', 'fr'], es: ['es', 'es'], it: ['it', 'it'],
               pt: ['pt', 'pt'], 'pt-pt': ['pt-pt', 'pt'], de: [null, 'de'], nl: [null, 'nl']}
const out = [`# offensive.tsv: made by dict/lists/refresh.sh from cuss ${cussVer} (MIT) and ` +
             `naughty-words ${naughtyVer} (CC BY 4.0); do not edit by hand`,
             '# language\tword\tcuss rating (0-2, - not listed)\tin naughty-words (0/1)']
for (const [lang, [c, n]] of Object.entries(langs)) {
  const rated = c ? (await import(`./cuss/${c}.js`)).cuss : {}
  const bad = new Set(JSON.parse(fs.readFileSync(`./naughty/${n}.json`, 'utf8'))
    .map((w) => w.toLowerCase().normalize('NFC')))
  const words = new Map()
  for (const [w, r] of Object.entries(rated))
    words.set(w.toLowerCase().normalize('NFC'), r)
  for (const w of bad)
    if (!words.has(w)) words.set(w, '-')
  for (const w of [...words.keys()].sort()) {
    if (/\s/.test(w)) continue
    out.push(`${lang}\t${w}\t${words.get(w)}\t${bad.has(w) ? 1 : 0}`)
  }
}
fs.writeFileSync(process.argv[4], out.join('\n') + '\n')
JS
node dump.mjs "$cuss" "$naughty" "$here/offensive.tsv"
wc -l "$here/offensive.tsv"
