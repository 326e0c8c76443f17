#!/usr/bin/env bash
# commit_subjects.sh - the subjects of the new commits are at most 72
# characters (CONTRIBUTING.md, "Commits": `area: what changed`, the
# figures and reasons in the body).
#
# "New" is every commit on HEAD's side after 74cf20c, the last commit
# before the convention (its subjects and those before it are old
# history and may be longer).  Where 74cf20c is not an ancestor of HEAD
# (a shallow clone, another history), only HEAD's own subject is checked.
# Not a git checkout (an unpacked tarball): nothing to check, skipped.
#
# Speaks TAP (one test), so tests/summary.py can count it: .ci/run runs
# it before the test command and hands the result to the summary.
# Exits 0 when every subject fits, 1 when one does not.
#
#   bash tests/house/commit_subjects.sh [BASE]
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:-74cf20cc2e301157fced8b3da48ab5341c16e35c}
max=72
# a checkout owned by another user (CI as root) is still ours to read
g() { git -c safe.directory="$top" -C "$top" "$@"; }

echo "1..1"
if ! g rev-parse --verify -q HEAD >/dev/null 2>&1; then
    echo "ok 1 - commit subjects # SKIP not a git checkout"
    exit 0
fi
if g cat-file -e "$base^{commit}" 2>/dev/null && g merge-base --is-ancestor "$base" HEAD 2>/dev/null; then
    range=("$base..HEAD")
    what="the commits after ${base:0:7}"
else
    range=(-1 HEAD)
    what="HEAD (${base:0:7} is not an ancestor here)"
fi
n=0 long=0
while IFS= read -r line; do
    hash=${line%% *}
    subject=${line#* }
    len=$(printf '%s' "$subject" | wc -m)
    n=$((n + 1))
    if [ "$len" -gt "$max" ]; then
        long=$((long + 1))
        echo "# $hash: $len characters (at most $max): ${subject:0:100}"
    fi
done < <(g log --format='%h %s' "${range[@]}")
if [ "$long" -eq 0 ]; then
    echo "ok 1 - commit subjects: $n of $what, each at most $max characters"
    exit 0
fi
echo "not ok 1 - commit subjects: $long of $n of $what over $max characters"
echo "# put the figures and reasons in the body (git commit --amend, or git rebase -i)"
exit 1
