#!/usr/bin/env bash
# Start-up benchmark: time to first window map and RSS at that moment, for
# login-form against a plain-C floor (floor.c), zenity and yad, all under one
# Xvfb display, interleaved round-robin. See bench/README.md.
#
# Env: LOGIN_FORM (path to the login-form binary; skipped if unset),
#      RUNS (timed runs per contestant, default 15),
#      BENCH_BUILD (build dir, default /tmp/login-form-bench).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${BENCH_BUILD:-/tmp/login-form-bench}
runs=${RUNS:-15}
list=$build/contestants.tsv

if [[ ${1:-} != --measure ]]; then
    mkdir -p "$build"
    cc -O2 -Wall -Wextra -Werror "$here/maptime.c" -o "$build/maptime" -lX11
    # shellcheck disable=SC2046
    cc -O2 -Wall -Wextra -Werror "$here/floor.c" -o "$build/floor" \
        $(pkg-config --cflags --libs gtk+-3.0)

    : >"$list"
    add() { (IFS=$'\t'; echo "$*") >>"$list"; }
    need() { # need TOOL: install it as root, else skip it
        command -v "$1" >/dev/null && return 0
        if [[ $EUID -eq 0 ]]; then
            apt-get install -y "$1" >/dev/null && command -v "$1" >/dev/null && return 0
        fi
        echo "skipped $1: not installed"
        return 1
    }
    if [[ -n ${LOGIN_FORM:-} && -x ${LOGIN_FORM} && ! -d ${LOGIN_FORM} ]]; then
        add login-form "$(realpath "$LOGIN_FORM")"
    else
        echo "skipped login-form: not built"
    fi
    add c-floor "$build/floor"
    if need zenity; then add zenity zenity --password --username; fi
    if need yad; then add yad yad --form --field=Username --field=Password:H; fi

    exec xvfb-run -a -s '-screen 0 1280x800x24' "$BASH" "${BASH_SOURCE[0]}" --measure
fi

# ---- inside Xvfb -----------------------------------------------------------
export NO_AT_BRIDGE=1
names=() cmds=()
while IFS= read -r line; do
    names+=("${line%%$'\t'*}")
    cmds+=("$line")
done <"$list"
n=${#names[@]}
results=$build/results.tsv
: >"$results"

measure() { # measure INDEX -> "map_ms=.. rss_kib=.." or nothing on failure
    local -a argv
    IFS=$'\t' read -ra argv <<<"${cmds[$1]}"
    "$build/maptime" -- "${argv[@]:1}" || echo "  ${names[$1]}: failed" >&2
}

for ((i = 0; i < n; i++)); do measure "$i" >/dev/null; done # warm-up
for ((r = 0; r < runs; r++)); do
    for ((k = 0; k < n; k++)); do
        i=$(((r + k) % n)) # rotate the starting contestant each round
        out=$(measure "$i")
        if [[ -n $out ]]; then echo "${names[$i]} $out" >>"$results"; fi
    done
done

echo "startup: first MapNotify of the top-level window, RSS (VmRSS) at that moment"
echo "Xvfb 1280x800x24, no window manager, NO_AT_BRIDGE=1 for all; $runs runs each" \
     "after 1 warm-up, round-robin; load avg $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 - "$results" "${names[@]}" <<'PY'
import sys, statistics as st
path, names = sys.argv[1], sys.argv[2:]
runs = {n: [] for n in names}
for line in open(path):
    name, *kv = line.split()
    d = dict(x.split("=") for x in kv)
    runs[name].append((float(d["map_ms"]), int(d["rss_kib"]) / 1024))
def med(n, i): return st.median(r[i] for r in runs[n]) if runs[n] else None
base_ms, base_mib = med("c-floor", 0), med("c-floor", 1)
print(f"{'name':<11} {'n':>3} {'map ms':>8} {'min-max':>15} {'RSS MiB':>8} "
      f"{'x floor':>8} {'+MiB':>7}")
for n in names:
    if not runs[n]:
        print(f"{n:<11} {0:>3}  all runs failed"); continue
    ms = [r[0] for r in runs[n]]
    m, mib = med(n, 0), med(n, 1)
    ratio = f"{m / base_ms:.2f}" if base_ms else "-"
    delta = f"{mib - base_mib:+.1f}" if base_mib is not None else "-"
    spread = f"{min(ms):.1f}-{max(ms):.1f}"
    print(f"{n:<11} {len(ms):>3} {m:>8.1f} {spread:>15} {mib:>8.1f} {ratio:>8} {delta:>7}")
PY
