#!/usr/bin/env bash
# X11 start-up: time to first window map and memory at that moment, for
# login-form against the plain-C floors (floor.c built with gtk_init and with
# GtkApplication), zenity and yad, all under one Xvfb and one session bus,
# interleaved round-robin. See bench/README.md.
#
# Env: LOGIN_FORM (path to the login-form binary; skipped if unset),
#      RUNS (timed runs per contestant, default 15),
#      BENCH_BUILD (build dir, default /tmp/login-form-bench).
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
list=$build/startup.tsv

if [[ ${1:-} != --measure ]]; then
    build_tools
    names=() argvs=()
    add_login_form_and_floors
    if need zenity zenity; then add zenity zenity --password --username; fi
    if need yad yad; then add yad yad --form --field=Username --field=Password:H; fi
    save_contestants "$list"
    exec xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- \
        "$BASH" "${BASH_SOURCE[0]}" --measure 3>&1 >"$build/startup.log" 2>&1
fi

# ---- inside Xvfb and a session bus ------------------------------------------
# The bus and the services it starts talk on stdout and stderr, which go to
# the log; what this script prints goes to the original stdout (fd 3).
exec 1>&3 3>&-
export NO_AT_BRIDGE=1
install_icons
load_contestants "$list"
before=$(load_average)
round_robin "$build/startup.results" "$build/maptime"

echo "== X11 start-up: exec to first MapNotify of the top-level window; memory (/proc/PID/status) then"
echo "Xvfb 1280x800x24, no window manager, one session bus, NO_AT_BRIDGE=1 for all; $runs runs each" \
    "after 1 warm-up, round-robin; load avg before $before, after $(load_average)"
/usr/bin/python3 "$here/table.py" "$build/startup.results" map_ms floor-gtk_init "${names[@]}"
check_load

# Memory once the window has settled: login-form sets its window icon after
# the first frame, and GTK then reads every rendition the theme has of it
# (through librsvg for an SVG), which the figures at the map leave out.
timed_runs=$runs
runs=${SETTLE_RUNS:-5}
before=$(load_average)
round_robin "$build/settled.results" "$build/maptime" --settle 1500
echo
echo "== X11, memory 1.5 s after the first MapNotify (the window icon is set by then)"
echo "$runs runs each after 1 warm-up, round-robin; load avg before $before, after $(load_average)"
/usr/bin/python3 "$here/table.py" "$build/settled.results" map_ms floor-gtk_init "${names[@]}"
check_load
runs=$timed_runs
