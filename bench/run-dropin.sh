#!/usr/bin/env bash
# The drop-in modes against the programs they replace, under one Xvfb and one
# session bus, interleaved round-robin. See bench/README.md.
#   askpass:   exec to first MapNotify, login-form PROMPT vs gnome-ssh-askpass;
#   pinentry:  through the Assuan pipe (bench/gpg-symmetric.assuan), GETPIN to
#              MapNotify, login-form --pinentry vs pinentry-gtk-2;
#   round trips with typing (xdotool): ssh-add with SSH_ASKPASS at each, and
#              gpg --symmetric with pinentry-program at each;
#   keyring:   a GETPIN the password manager answers (gnome-keyring holds the
#              passphrase), exec to the D line, login-form --pinentry vs
#              pinentry-gtk-2; every cached answer (git's get, askpass, GETPIN)
#              from exec to exit with CPU and peak memory, each against its C
#              peer (git-credential-libsecret, secret-tool, pinentry-gtk-2);
#              gpg --clearsign from fork to exit, each with the passphrase
#              stored and with a window to type it into.
#
# Env: LOGIN_FORM (path to the login-form binary; required),
#      RUNS (timed runs per contestant, default 15),
#      BENCH_BUILD (build dir, default /tmp/login-form-bench),
#      PARTS (space-separated parts to run: askpass pinentry ssh gpg keyring;
#      default all).
set -euo pipefail
# shellcheck source=bench/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
passphrase=Correct-Horse-42 # passes gpg-agent's default constraints

if [[ ${1:-} != --measure ]]; then
    if [[ -z ${LOGIN_FORM:-} || ! -x ${LOGIN_FORM} || -d ${LOGIN_FORM} ]]; then
        echo "skipped the drop-in comparison: login-form not built"
        exit 0
    fi
    build_tools
    cc -O2 -Wall -Wextra -Werror "$here/roundtrip.c" -o "$build/roundtrip" -lX11
    cc -O2 -Wall -Wextra -Werror "$here/datatime.c" -o "$build/datatime"
    cc -O2 -Wall -Wextra -Werror "$here/exittime.c" -o "$build/exittime"
    # git's own libsecret helper, login-form's C peer for a stored git
    # password, built as its Makefile builds it (Debian ships only the source).
    libsecret_helper=/usr/share/doc/git/contrib/credential/libsecret/git-credential-libsecret.c
    rm -f "$build/git-credential-libsecret"
    if [[ -r $libsecret_helper ]] && pkg-config --exists libsecret-1 glib-2.0; then
        # shellcheck disable=SC2046 # pkg-config's words are separate flags
        cc -O2 "$libsecret_helper" -o "$build/git-credential-libsecret" \
            $(pkg-config --cflags --libs libsecret-1 glib-2.0)
    else
        echo "skipped git-credential-libsecret: needs $libsecret_helper (git) and libsecret-1-dev"
    fi
    # The names gpg-agent and ssh start it by: gpg-agent's is the quick
    # pinentry beside the binary, which becomes it for a window.
    ln -sf "$(dirname "$(realpath "$LOGIN_FORM")")/pinentry-login-form" "$build/pinentry-login-form"
    ln -sf "$(realpath "$LOGIN_FORM")" "$build/login-form"
    # git's helper is a name of the quick program, as `make install` links it.
    ln -sf "$(dirname "$(realpath "$LOGIN_FORM")")/pinentry-login-form" \
        "$build/git-credential-login-form"
    peers=()
    if need /usr/lib/openssh/gnome-ssh-askpass ssh-askpass-gnome; then peers+=(askpass); fi
    if need pinentry-gtk-2 pinentry-gtk2; then peers+=(pinentry); fi
    if need xdotool xdotool && need ssh-add openssh-client && need ssh-agent openssh-client; then
        peers+=(ssh)
    fi
    if need xdotool xdotool && need gpg gnupg && need gpg-agent gpg-agent; then peers+=(gpg); fi
    if need pinentry-gtk-2 pinentry-gtk2 && need gnome-keyring-daemon gnome-keyring \
        && need secret-tool libsecret-tools && need xdotool xdotool && need gpg gnupg; then
        peers+=(keyring)
    fi
    if [[ ${#peers[@]} -eq 0 ]]; then
        echo "skipped the drop-in comparison: none of the programs it compares with is installed"
        exit 0
    fi
    if [[ -n ${PARTS:-} ]]; then
        wanted=()
        for peer in "${peers[@]}"; do
            if [[ " $PARTS " == *" $peer "* ]]; then wanted+=("$peer"); fi
        done
        peers=("${wanted[@]}")
    fi
    printf '%s\n' "${peers[@]}" >"$build/dropin.peers"
    exec xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session -- \
        "$BASH" "${BASH_SOURCE[0]}" --measure 3>&1 >"$build/dropin.log" 2>&1
fi

# ---- inside Xvfb and a session bus ------------------------------------------
# The bus and the services it starts talk on stdout and stderr, which go to
# the log; what this script prints goes to the original stdout (fd 3).
exec 1>&3 3>&-
export NO_AT_BRIDGE=1
install_icons
mapfile -t peers <"$build/dropin.peers"
has() { [[ " ${peers[*]} " == *" $1 "* ]]; }
header() {
    echo
    echo "== $1"
    echo "Xvfb 1280x800x24, no window manager, one session bus, NO_AT_BRIDGE=1 for all; $runs runs" \
        "each after 1 warm-up, round-robin; load avg before $2, after $(load_average)"
}

if has askpass; then
    prompt="Enter passphrase for $build/ssh/key: "
    names=() argvs=()
    add login-form "$build/login-form" "$prompt"
    add login-form-nograb env LOGIN_FORM_GRAB=0 "$build/login-form" "$prompt"
    add gnome-ssh-askpass /usr/lib/openssh/gnome-ssh-askpass "$prompt"
    before=$(load_average)
    round_robin "$build/askpass.results" "$build/maptime"
    header "askpass: exec to first MapNotify (both grab the keyboard once mapped; -nograb: LOGIN_FORM_GRAB=0)" "$before"
    /usr/bin/python3 "$here/table.py" "$build/askpass.results" map_ms gnome-ssh-askpass "${names[@]}"
    check_load
fi

if has pinentry; then
    names=() argvs=()
    add login-form "$build/pinentry-login-form" --display "$DISPLAY"
    add pinentry-gtk-2 pinentry-gtk-2 --display "$DISPLAY"
    before=$(load_average)
    round_robin "$build/pinentry.results" "$build/maptime" --assuan "$here/gpg-symmetric.assuan"
    header "pinentry: GETPIN sent to first MapNotify (request_ms), through the Assuan pipe after gpg-agent's preamble; ready_ms: exec to greeting; map_ms: exec to map" "$before"
    /usr/bin/python3 "$here/table.py" "$build/pinentry.results" request_ms pinentry-gtk-2 "${names[@]}"
    check_load
fi

if has ssh; then
    rm -rf "$build/ssh" && mkdir -m 700 "$build/ssh"
    ssh-keygen -q -t ed25519 -N "$passphrase" -f "$build/ssh/key"
    eval "$(ssh-agent -a "$build/ssh/agent.sock")" >/dev/null
    names=() argvs=()
    for askpass in "$build/login-form" /usr/lib/openssh/gnome-ssh-askpass; do
        add "$(basename "$askpass")" env SSH_ASKPASS="$askpass" SSH_ASKPASS_REQUIRE=force \
            ssh-add "$build/ssh/key"
    done
    before=$(load_average)
    round_robin "$build/ssh.results" "$build/roundtrip" --keys "type --delay 12 $passphrase ; key Return"
    kill "$SSH_AGENT_PID"
    header "ssh-add round trip: fork of ssh-add to its exit, the passphrase typed (12 ms a key) once the prompt maps" "$before"
    /usr/bin/python3 "$here/table.py" "$build/ssh.results" total_ms gnome-ssh-askpass login-form gnome-ssh-askpass
    check_load
fi

if has gpg; then
    echo secret >"$build/plain"
    names=() argvs=()
    for pinentry in "$build/pinentry-login-form" /usr/bin/pinentry-gtk-2; do
        home=$build/gnupg-$(basename "$pinentry")
        rm -rf "$home" && mkdir -m 700 "$home"
        echo "pinentry-program $pinentry" >"$home/gpg-agent.conf"
        add "$(basename "$pinentry")" env GNUPGHOME="$home" gpg --batch --no-symkey-cache --yes \
            --symmetric -o "$build/plain.gpg" "$build/plain"
    done
    before=$(load_average)
    round_robin "$build/gpg.results" "$build/roundtrip" \
        --keys "type --delay 12 $passphrase ; key Return ; type --delay 12 $passphrase ; key Return"
    for pinentry in pinentry-login-form pinentry-gtk-2; do
        GNUPGHOME=$build/gnupg-$pinentry gpgconf --kill gpg-agent
    done
    header "gpg --symmetric round trip: fork of gpg to its exit (agent running), passphrase and repeat typed (12 ms a key) once the pinentry maps" "$before"
    /usr/bin/python3 "$here/table.py" "$build/gpg.results" total_ms pinentry-gtk-2 pinentry-login-form pinentry-gtk-2
    check_load
fi

# Stores $passphrase as pinentry's item for the key grip $1 (n/…).
store_passphrase() {
    printf '%s' "$passphrase" | secret-tool store --label="GnuPG: $1" \
        xdg:schema org.gnupg.Passphrase stored-by "GnuPG Pinentry" keygrip "$1"
}

if has keyring; then
    # gnome-keyring's Secret Service on this run's session bus, with a
    # login keyring of its own, unlocked.
    rm -rf "$build/keyring-home" && mkdir -m 700 "$build/keyring-home"
    printf '%s\n' "$passphrase" | HOME=$build/keyring-home \
        gnome-keyring-daemon --foreground --unlock --components=secrets >>"$build/dropin.log" 2>&1 &
    keyring_pid=$!
    for _ in $(seq 100); do
        dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
            org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
            | grep -q true && break
        sleep 0.1
    done
    store_passphrase n/0123456789ABCDEF0123456789ABCDEF01234567
    names=() argvs=()
    add login-form "$build/pinentry-login-form" --display "$DISPLAY"
    add pinentry-gtk-2 pinentry-gtk-2 --display "$DISPLAY"
    # The same answer from login-form's own pinentry mode, which loads GTK.
    add login-form-whole "$build/login-form" --pinentry --display "$DISPLAY"
    before=$(load_average)
    round_robin "$build/cached.results" "$build/datatime" --assuan "$here/gpg-unlock.assuan"
    header "cached GETPIN: exec to the D line, the passphrase in gnome-keyring (no window); ready_ms: exec to greeting; request_ms: GETPIN sent to the D line" "$before"
    /usr/bin/python3 "$here/table.py" "$build/cached.results" data_ms pinentry-gtk-2 "${names[@]}"
    check_load

    # Every answer the password manager gives without a window, exec to
    # exit, each against its C peer on the same item: git's get, askpass for
    # an ssh key gnome-keyring unlocks, gpg-agent's GETPIN. exittime starts
    # each run from a parent of its own and checks the answer. A private
    # runtime directory, as a desktop has, holds login-form's notes.
    cached=$build/cached-answers
    rm -rf "$cached" && mkdir -m 700 "$cached" "$cached/runtime"
    printf '%s' "$passphrase" >"$cached/passphrase"
    names=() argvs=() toolargs=()
    if [[ -x $build/git-credential-libsecret ]]; then
        printf 'protocol=https\nhost=example.com\nusername=alice\n\n' >"$cached/git-get"
        printf 'username=alice\npassword=%s\n' "$passphrase" >"$cached/git-answer"
        printf 'protocol=https\nhost=example.com\nusername=alice\npassword=%s\n\n' "$passphrase" \
            | "$build/git-credential-libsecret" store >/dev/null # it echoes what it stored
        git=(--stdin "$cached/git-get" --expect "$cached/git-answer")
        add_with "${git[@]}" -- git-credential-login-form "$build/git-credential-login-form" get
        add_with "${git[@]}" -- git-credential-libsecret "$build/git-credential-libsecret" get
    fi
    if command -v ssh-keygen >/dev/null; then
        key=$cached/id_ed25519
        ssh-keygen -q -t ed25519 -N "$passphrase" -C bench -f "$key"
        # The item gnome-keyring's ssh agent saves for "Automatically unlock".
        printf '%s' "$passphrase" | secret-tool store --label="Unlock password for: bench" \
            unique "ssh-store:$key" xdg:schema org.freedesktop.Secret.Generic
        printf '%s\n' "$passphrase" >"$cached/askpass-answer"
        add_with --expect "$cached/askpass-answer" -- \
            login-form-askpass "$build/login-form" "Enter passphrase for $key: "
        add_with --expect "$cached/passphrase" -- \
            secret-tool-lookup secret-tool lookup unique "ssh-store:$key"
    else
        echo "skipped the cached askpass: ssh-keygen not installed (Debian package openssh-client)"
    fi
    pin=(--assuan "$here/gpg-unlock.assuan" --expect "$cached/passphrase")
    add_with "${pin[@]}" -- pinentry-login-form "$build/pinentry-login-form" --display "$DISPLAY"
    add_with "${pin[@]}" -- pinentry-gtk-2 pinentry-gtk-2 --display "$DISPLAY"
    paired=("${names[@]}")
    # The same git answer from the whole program (GTK linked), as
    # credential.helper="!login-form --git-credential" runs it: what the
    # quick program saves.
    if [[ -v git ]]; then
        add_with "${git[@]}" -- login-form-whole-git "$build/login-form" --git-credential get
    fi
    outer_runtime=${XDG_RUNTIME_DIR-}
    export XDG_RUNTIME_DIR=$cached/runtime
    before=$(load_average)
    round_robin "$build/exit.results" "$build/exittime"
    if [[ -n $outer_runtime ]]; then export XDG_RUNTIME_DIR=$outer_runtime; else unset XDG_RUNTIME_DIR; fi
    header "cached answers: exec to exit (from a parent of its own), no window; cpu_ms: user+sys; MaxRSS: ru_maxrss; each login-form row, then its C peer" "$before"
    /usr/bin/python3 "$here/table.py" --pairs "$build/exit.results" total_ms - "${paired[@]}"
    if [[ -v git ]]; then
        /usr/bin/python3 "$here/table.py" --pairs "$build/exit.results" total_ms - \
            login-form-whole-git git-credential-libsecret
    fi
    # The items must have outlived the runs (askpass deletes one it takes
    # for wrong).
    if [[ -v key ]] && [[ $(secret-tool lookup unique "ssh-store:$key") != "$passphrase" ]]; then
        echo "  the ssh key's item is gone from gnome-keyring after the runs"
    fi
    if [[ -v git ]] && ! "$build/git-credential-libsecret" get <"$cached/git-get" \
        | cmp -s - "$cached/git-answer"; then
        echo "  the git password is gone from gnome-keyring after the runs"
    fi
    toolargs=()
    check_load

    # gpg --clearsign with each pinentry, the passphrase stored or typed. The
    # agent caches nothing (TTL 0), so each signature asks the pinentry.
    echo "signed text" >"$build/signed"
    names=() argvs=()
    for pinentry in "$build/pinentry-login-form" /usr/bin/pinentry-gtk-2; do
        for kind in stored typed; do
            home=$build/gnupg-sign-$kind-$(basename "$pinentry")
            rm -rf "$home" && mkdir -m 700 "$home"
            printf 'pinentry-program %s\ndefault-cache-ttl 0\nmax-cache-ttl 0\n' "$pinentry" \
                >"$home/gpg-agent.conf"
            GNUPGHOME=$home gpg --batch --pinentry-mode loopback --passphrase "$passphrase" \
                --quick-gen-key "Bench <b@example.org>" ed25519 sign never 2>/dev/null
            if [[ $kind == stored ]]; then
                grip=$(GNUPGHOME=$home gpg --with-colons --with-keygrip -K | awk -F: '/^grp/ { print $10; exit }')
                store_passphrase "n/$grip"
            fi
            add "$(basename "$pinentry")-$kind" env GNUPGHOME="$home" gpg --batch --yes \
                --clearsign -o "$build/signed.asc" "$build/signed"
        done
    done
    before=$(load_average)
    round_robin "$build/sign.results" "$build/roundtrip" --keys "type --delay 12 $passphrase ; key Return"
    for home in "$build"/gnupg-sign-*; do GNUPGHOME=$home gpgconf --kill gpg-agent; done
    kill "$keyring_pid"
    header "gpg --clearsign: fork of gpg to its exit (agent running, caching nothing); -stored: the pinentry takes the passphrase from gnome-keyring; -typed: typed (12 ms a key) once its window maps" "$before"
    /usr/bin/python3 "$here/table.py" "$build/sign.results" total_ms pinentry-gtk-2-typed "${names[@]}"
    check_load
fi
