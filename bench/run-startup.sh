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
text_list=$build/text.tsv

# words N / word N: N characters of text, in words, or in one word without
# a space (the worst case for wrapping).
words() {
    local text="" sentence="A rather long explanation. "
    while ((${#text} < $1)); do text+=$sentence; done
    printf '%s' "${text:0:$1}"
}
word() { head -c "$1" /dev/zero | tr '\0' x; }

# The contestants of the text round: login-form and zenity --entry, each
# with one line, 1, 10 and 100 KB of --text in words, and 100 KB in one word.
text_contestants() {
    names=() argvs=()
    if [[ -z ${LOGIN_FORM:-} || ! -x ${LOGIN_FORM} ]] || ! command -v zenity >/dev/null; then
        echo "skipped the text round: it needs login-form and zenity"
        return
    fi
    local size text
    for size in line 1KB 10KB 100KB 100KB-word; do
        case $size in
        line) text="Sign in to atlas." ;;
        *-word) text=$(word $((${size%%KB*} * 1000))) ;;
        *) text=$(words $((${size%KB} * 1000))) ;;
        esac
        add "login-form-$size" "$(realpath "$LOGIN_FORM")" "--text=$text"
        add "zenity-$size" zenity --entry "--text=$text"
    done
}

if [[ ${1:-} != --measure ]]; then
    build_tools
    names=() argvs=()
    add_login_form_and_floors
    if need zenity zenity; then add zenity zenity --password --username; fi
    if need yad yad; then add yad yad --form --field=Username --field=Password:H; fi
    save_contestants "$list"
    text_contestants
    save_contestants "$text_list"
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

# Text: how the time to the window grows with the caller's text, against
# zenity --entry given the same text (which shows it on one line, unwrapped).
if [[ -s $text_list ]]; then
    runs=${TEXT_RUNS:-10}
    load_contestants "$text_list"
    before=$(load_average)
    round_robin "$build/text.results" "$build/maptime"
    echo
    echo "== X11, --text of growing length: exec to first MapNotify, against zenity --entry"
    echo "$runs runs each after 1 warm-up, round-robin; load avg before $before," \
        "after $(load_average)"
    /usr/bin/python3 "$here/table.py" --pairs "$build/text.results" map_ms login-form-line \
        "${names[@]}"
    check_load
    runs=$timed_runs
fi
