#!/usr/bin/env bash
# Wayland start-up: login-form against the C floors and yad under a headless
# weston, interleaved round-robin; exec to the first frame the program commits
# (read from its own WAYLAND_DEBUG log by bench/waytime.c). See
# bench/README.md.
#
# Env: LOGIN_FORM (path to the login-form binary; skipped if unset),
#      RUNS (timed runs per contestant, default 15; this script runs twice as
#      many, since a frame waits for the compositor's next repaint),
#      BENCH_BUILD (build dir, default /tmp/login-form-bench).
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if [[ ${1:-} != --measure ]]; then
    need weston weston || { echo "skipped the Wayland comparison"; exit 0; }
    build_tools
    names=() argvs=()
    add_login_form_and_floors
    if need yad yad; then add yad yad --form --field=Username --field=Password:H; fi
    save_contestants "$build/wayland.tsv"

    # A compositor of our own, in a runtime directory of our own (GtkApplication
    # starts the document portal, which mounts doc/ there).
    runtime=$(mktemp -d /tmp/login-form-bench-wayland.XXXXXX)
    chmod 700 "$runtime"
    socket=login-form-bench-$$
    XDG_RUNTIME_DIR=$runtime weston --backend=headless-backend.so --socket="$socket" \
        --idle-time=0 >"$build/weston.log" 2>&1 &
    weston_pid=$!
    for _ in $(seq 100); do [[ -S $runtime/$socket ]] && break; sleep 0.05; done
    status=0
    env -u DISPLAY XDG_RUNTIME_DIR="$runtime" WAYLAND_DISPLAY="$socket" GDK_BACKEND=wayland \
        dbus-run-session -- "$BASH" "${BASH_SOURCE[0]}" --measure 3>&1 >"$build/wayland.log" 2>&1 || status=$?
    kill "$weston_pid"
    wait "$weston_pid" 2>/dev/null || true
    fusermount -u "$runtime/doc" 2>/dev/null || true
    rm -rf "$runtime" 2>/dev/null || true
    exit "$status"
fi

# ---- inside weston and a session bus ----------------------------------------
# The bus and the services it starts talk on stdout and stderr, which go to
# the log; what this script prints goes to the original stdout (fd 3).
exec 1>&3 3>&-
export NO_AT_BRIDGE=1
install_icons
load_contestants "$build/wayland.tsv"
runs=$((runs * 2))
before=$(load_average)
round_robin "$build/wayland.results" "$build/waytime"

echo
echo "== Wayland start-up: exec to the first wl_surface.commit carrying a buffer after the"
echo "   toplevel's first xdg_surface.ack_configure (frame_ms; ack_ms: that ack), from the"
echo "   program's own WAYLAND_DEBUG log; memory when that line is read. frame_ms"
echo "   includes waiting for weston's next repaint (0-16.7 ms), so its median swings from run to"
echo "   run; its 10th percentile (p10, little waiting) and ack_ms (no waiting) compare better"
echo "weston 10 headless (no seat: GTK prints a Gdk-CRITICAL), one session bus, NO_AT_BRIDGE=1 for all;" \
    "$runs runs each after 1 warm-up, round-robin; load avg before $before, after $(load_average)"
/usr/bin/python3 "$here/table.py" --p10 "$build/wayland.results" frame_ms floor-gtk_init "${names[@]}"
check_load
