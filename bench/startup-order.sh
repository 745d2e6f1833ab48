#!/usr/bin/env bash
# Regenerates bench/startup-order.txt, the list of functions of the login-form
# binary that run before its window maps, which the release link uses as
# lld's --symbol-ordering-file (see the Makefile's RELEASE_FLAGS).
#
# Why: the statically linked Swift runtime and standard library are spread
# over 5.5 MiB of text, and the kernel maps a 64 KiB window around every page
# touched; packing what start-up runs together keeps about 1.5 MiB of the
# binary out of memory at the first frame (BENCHMARKS.md). Names that no
# longer exist are ignored by the linker, so a stale list only helps less;
# rerun this after a toolchain update or a large change.
#
# Usage: LOGIN_FORM=.build/release/login-form bench/startup-order.sh
# Runs the ordinary, askpass and pinentry modes under callgrind (valgrind)
# until their window maps, in Xvfb, and writes the sorted union of the
# functions that ran in the binary itself.
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
out=$here/startup-order.txt

if [[ ${1:-} != --measure ]]; then
    [[ -x ${LOGIN_FORM:-} ]] || { echo "LOGIN_FORM must name the release binary" >&2; exit 1; }
    command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
    build_tools
    ln -sf "$(realpath "$LOGIN_FORM")" "$build/pinentry-login-form"
    exec xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- \
        "$BASH" "${BASH_SOURCE[0]}" --measure
fi

export NO_AT_BRIDGE=1
install_icons
binary=$(realpath "$LOGIN_FORM")
grind() { # grind NAME MAPTIME-OPTIONS... -- PROGRAM ARGS...
    local name=$1
    shift
    local -a options=()
    while [[ $1 != -- ]]; do options+=("$1"); shift; done
    shift
    rm -f "$build/callgrind.$name"
    "$build/maptime" "${options[@]}" -- valgrind --tool=callgrind --demangle=no \
        --callgrind-out-file="$build/callgrind.$name" "$@" >/dev/null
}
grind ordinary -- "$binary"
grind askpass -- "$binary" "Enter passphrase for /home/user/.ssh/id_ed25519: "
grind pinentry --assuan "$here/gpg-symmetric.assuan" -- "$build/pinentry-login-form" \
    --display "$DISPLAY"
for file in "$build"/callgrind.{ordinary,askpass,pinentry}; do
    callgrind_annotate --threshold=100 "$file" 2>/dev/null \
        | sed -nE "s/^ *[0-9,]+ \([^)]*\) +(.*) \[${binary//\//\\/}\]$/\1/p" \
        | sed -E 's/^.*:([^:]+)$/\1/' | grep -E '^[A-Za-z_$][A-Za-z0-9_$.]*$'
done | LC_ALL=C sort -u >"$out"
echo "$(wc -l <"$out") functions in $out"
