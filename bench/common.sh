# Sourced by the bench/run-*.sh scripts: the build folder, the C tools, the
# package check, the contestant list and the round-robin loop they share.
# See bench/README.md.
# shellcheck shell=bash

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${BENCH_BUILD:-/tmp/login-form-bench}
runs=${RUNS:-15}

# Builds the measuring tools and both C floors into $build.
build_tools() {
    mkdir -p "$build"
    local gtk
    gtk=$(pkg-config --cflags --libs gtk+-3.0)
    cc -O2 -Wall -Wextra -Werror "$here/maptime.c" -o "$build/maptime" -lX11
    cc -O2 -Wall -Wextra -Werror "$here/waytime.c" -o "$build/waytime"
    # shellcheck disable=SC2086 # pkg-config's words are separate flags
    cc -O2 -Wall -Wextra -Werror "$here/floor.c" -o "$build/floor-init" $gtk
    # shellcheck disable=SC2086
    cc -O2 -Wall -Wextra -Werror -DFLOOR_APPLICATION "$here/floor.c" -o "$build/floor-app" $gtk
}

# need COMMAND PACKAGE: true when COMMAND is there; as root, installs the
# Debian PACKAGE first if it is missing; otherwise says what is skipped.
need() {
    command -v "$1" >/dev/null && return 0
    if [[ $EUID -eq 0 ]]; then
        # A fresh machine may have no package lists yet: update once, then retry.
        { apt_install "$2" || { apt-get update -qq && apt_install "$2"; }; } >/dev/null 2>&1 \
            && command -v "$1" >/dev/null && return 0
    fi
    echo "skipped $1: not installed (Debian package $2)"
    return 1
}
apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1"; }

# The icons as `make install` puts them, on XDG_DATA_DIRS for every
# contestant: GTK looks the window icon up there as it would in /usr/local.
install_icons() {
    rm -rf "$build/xdg/icons"
    mkdir -p "$build/xdg/icons"
    # BENCH_ICONS names another hicolor folder (one without the PNGs, say).
    cp -r "${BENCH_ICONS:-$here/../resources/icons/hicolor}" "$build/xdg/icons/hicolor"
    export XDG_DATA_DIRS="$build/xdg:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
}

load_average() { cut -d' ' -f1-3 /proc/loadavg; }

# Warns when the 1-minute load average says something else ran meanwhile
# (the runs themselves keep about one of the two cores busy).
check_load() {
    local one
    one=$(cut -d' ' -f1 /proc/loadavg)
    if awk -v l="$one" 'BEGIN { exit !(l > 1.5) }'; then
        echo "warning: load average $one: the machine was busy; rerun for figures to keep"
    fi
}

# round_robin RESULTS TOOL... : runs `TOOL... -- ARGV` for every contestant in
# the arrays names[] and argvs[] (argvs[i] is a tab-separated argument
# vector, optionally starting with `env VAR=value...`), one untimed warm-up
# each, then $runs rounds, rotating who goes first; appends "NAME OUTPUT"
# lines to RESULTS. toolargs[i], when set (see add_with), is a tab-separated
# list of TOOL options for that contestant alone, put before the `--`.
round_robin() {
    local results=$1
    shift
    local n=${#names[@]} i k r out
    local -a argv opts
    : >"$results"
    for ((i = 0; i < n; i++)); do
        IFS=$'\t' read -ra argv <<<"${argvs[$i]}"
        IFS=$'\t' read -ra opts <<<"${toolargs[$i]:-}"
        "$@" "${opts[@]}" -- "${argv[@]}" >/dev/null 2>&1 || true
    done
    for ((r = 0; r < runs; r++)); do
        for ((k = 0; k < n; k++)); do
            i=$(((r + k) % n))
            IFS=$'\t' read -ra argv <<<"${argvs[$i]}"
            IFS=$'\t' read -ra opts <<<"${toolargs[$i]:-}"
            if out=$("$@" "${opts[@]}" -- "${argv[@]}"); then
                echo "${names[$i]} $out" >>"$results"
            else
                echo "  ${names[$i]}: a run failed (see the log)"
            fi
        done
    done
}

# add NAME ARG...: appends a contestant.
add() {
    names+=("$1")
    shift
    argvs+=("$(IFS=$'\t'; echo "$*")")
}

# add_with OPTION... -- NAME ARG...: appends a contestant whose runs give
# the timing tool these options too (its stdin, its expected answer). A
# list of contestants that uses it starts with toolargs=() as well.
toolargs=()
add_with() {
    local -a opts=()
    while [[ $1 != -- ]]; do opts+=("$1") && shift; done
    shift
    toolargs[${#names[@]}]=$(IFS=$'\t'; echo "${opts[*]}")
    add "$@"
}

# add_login_form_and_floors: login-form ($LOGIN_FORM, when built) and the two
# C floors, the contestants every start-up comparison has.
add_login_form_and_floors() {
    if [[ -n ${LOGIN_FORM:-} && -x ${LOGIN_FORM} && ! -d ${LOGIN_FORM} ]]; then
        add login-form "$(realpath "$LOGIN_FORM")"
    else
        echo "skipped login-form: not built"
    fi
    add floor-gtk_init "$build/floor-init"
    add floor-GtkApplication "$build/floor-app"
}

# save_contestants FILE / load_contestants FILE: carry names[] and argvs[]
# from the set-up half of a script into the --measure half it re-runs inside
# the display server and session bus.
save_contestants() {
    local i
    for ((i = 0; i < ${#names[@]}; i++)); do printf '%s\t%s\n' "${names[$i]}" "${argvs[$i]}"; done >"$1"
}
load_contestants() {
    local name rest
    names=() argvs=()
    while IFS=$'\t' read -r name rest; do names+=("$name") argvs+=("$rest"); done <"$1"
}
