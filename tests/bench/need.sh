# tests/bench/need.sh - sourced by the benchmarks: `need TOOL...` stops a
# benchmark at once, saying which tool is missing and how to get it,
# instead of failing halfway with "command not found".
need() {
    local missing=()
    for t in "$@"; do
        command -v "$t" >/dev/null 2>&1 || missing+=("$t")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "bench: missing ${missing[*]}: \`bash deploy/setup.sh bench\` installs them" \
         "(Debian: apt-get install -y wrk nginx-light util-linux curl procps)" >&2
    exit 2
}
