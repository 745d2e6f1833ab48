# The two commands: `make run` and `make test`. Each installs the Debian
# packages it needs when they are missing, so a fresh machine with the Swift
# toolchain needs nothing else. `make check` is the quick loop: the linter and
# the suites that need no display and no root.

SWIFT ?= swift
# Warnings are errors here so that "no warnings" cannot quietly slip.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
PREFIX ?= /usr/local
# Where sessions look for autostart entries whatever the prefix
# (XDG_CONFIG_DIRS, /etc/xdg by default): an absolute path in INSTALLED.
SYSCONFDIR ?= /etc
DESTDIR ?=
APP_ID = io.github.loginform.LoginForm
# PNG renditions of the icon, made by `make icons` and kept in git: GTK reads
# them without librsvg, which the SVG alone would load for the window icon.
ICON_SIZES = 16 24 32 48 64 128 256

# What building needs is listed once, in debian/control's Build-Depends
# (.ci/build-depends reads it; `make lint` checks Package.swift's hints
# against it), plus what a package build gets from build-essential: the
# static libstdc++ that the release link takes (see RELEASE_FLAGS).
BUILD_PACKAGES = $(shell .ci/build-depends) libstdc++-12-dev
# The linters of the shell scripts and the Python, which make lint runs, and
# what .ci/check-translations needs for the man page's translations: po4a to
# merge them, man-db (with groff-base) to render each without warnings.
LINT_PACKAGES = shellcheck pyflakes3 gettext po4a man-db
# xvfb-run needs xauth; dbus-run-session gives each run its own session bus,
# which starts the accessibility bus the AT-SPI tests read. locales has the
# sources localedef builds a KOI8-R locale from for the terminal tests;
# strace is the tracer a prompt must refuse to ask under (test_startup).
TEST_PACKAGES = $(BUILD_PACKAGES) xvfb xauth dbus dbus-x11 at-spi2-core xdotool \
	python3 python3-gi python3-pyatspi gir1.2-atspi-2.0 python3-xlib \
	desktop-file-utils appstream adwaita-icon-theme imagemagick xclip x11-utils valgrind gdb \
	weston jq locales strace $(WAYLAND_BED_PACKAGES) $(CLIENT_PACKAGES)
# The sway and mutter beds of the Wayland tests (Tests/EndToEnd/wayland/beds.py):
# the compositors; passwd's useradd/userdel for sway's throwaway user (runuser
# is util-linux's); wayland-scanner and the protocols, headers and xkbcommon
# that wayland/run builds the parent window and the virtual keyboard with.
WAYLAND_BED_PACKAGES = sway mutter passwd util-linux libwayland-bin wayland-protocols \
	libwayland-dev libxkbcommon-dev
# The real clients of the drop-in modes that Tests/EndToEnd/test_*.py drive.
# dropbear-bin is only the binaries (no service): an SSH server for the host-key question.
# gcc and libssl-dev build the software security key (Tests/EndToEnd/fixtures/soft-sk.c);
# softhsm2 and opensc's pkcs11-tool make a PKCS#11 token; openbox is the window
# manager under which a notice must not take the focus. The password manager's
# peers: gnome-keyring (the Secret Service) and secret-tool, pinentry-gtk-2 (its
# password cache), and git's own libsecret helper, built from the sources Debian's
# git ships (make). systemd brings systemd-ask-password, the asker the systemd
# agent's tests answer (a slim image may lack it); polkitd (with its setuid
# helper and pkcheck) and pkexec are what the polkit agent's tests ask.
CLIENT_PACKAGES = openssh-client dropbear-bin sudo git gnupg gpg-agent \
	gcc libc6-dev libssl-dev softhsm2 opensc openbox \
	gnome-keyring libsecret-tools pinentry-gtk2 make systemd polkitd pkexec
# make deb builds with debhelper and dpkg-buildpackage. make test-deb also
# drives gpg and git through the installed package; pinentry-curses and
# ssh-askpass are Debian's own providers, so that the alternatives have a
# previous choice that installing must keep and purging must give back.
DEB_PACKAGES = $(BUILD_PACKAGES) debhelper dpkg-dev lintian
DEB_TEST_PACKAGES = $(DEB_PACKAGES) $(TEST_PACKAGES) git gnupg pinentry-curses ssh-askpass man-db
# -noreset: by default Xvfb resets when its last client leaves, and a prompt
# that connects during the reset is refused.
HEADLESS = xvfb-run -a -s '-screen 0 1280x800x24 -noreset' dbus-run-session --
# Known, harmless noise out of the log (see the script).
QUIET = .ci/quiet

# Where SwiftPM puts binaries; translations go to ../share/locale beside them,
# which is where the binary looks (see Localization.swift).
BIN_DIR = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
# One set of release flags everywhere, so that targets do not rebuild each
# other's products. Each was measured for start-up (see BENCHMARKS.md): a
# static Swift runtime makes the installed binary self-contained and starts
# faster; lld packs the binary's relative relocations (DT_RELR, glibc 2.36),
# which keeps 0.6 MiB of relocation records out of memory; the Swift runtime
# needs only a few functions of libstdc++, so that is linked statically rather
# than loading the whole shared library (its directory below holds just the
# archive); the functions start-up runs are laid out together
# (bench/startup-order.sh writes the list); and the binary does not look for
# libraries beside itself.
STATIC_CXX_DIR = $(CURDIR)/.build/static-libstdc++
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xswiftc -L$(STATIC_CXX_DIR) \
	-Xlinker --symbol-ordering-file=$(CURDIR)/bench/startup-order.txt \
	-Xlinker --no-warn-symbol-ordering \
	$(RELEASE_LINK_FLAGS)
# Debian's linker hardening, full RELRO included, for every release build (the
# package's and `make install`'s are one build): a prompt that holds
# passphrases gets a read-only GOT, and binding at start costs it nothing
# measurable. SwiftPM takes each comma-separated word of -Wl,… after its own
# -Xlinker; dpkg-buildflags' compiler flags do not apply to Swift.
comma := ,
HARDENING_LDFLAGS := $(shell DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get LDFLAGS 2>/dev/null)
RELEASE_LINK_FLAGS ?= $(foreach word,$(subst $(comma), ,$(patsubst -Wl$(comma)%,%,$(filter -Wl$(comma)%,$(HARDENING_LDFLAGS)))),-Xlinker $(word))
RELEASE_BIN_DIR = $(shell $(SWIFT) build -c release --show-bin-path 2>/dev/null)
# The translated desktop entry and metainfo (i18n-data).
I18N_DIR = .build/i18n
# polkit's agent's autostart entry, for sessions without an agent.
POLKIT_AUTOSTART = login-form-polkit-agent.desktop
LANGUAGES = $(shell cat resources/po/LINGUAS)
# The man page's translations (po4a, resources/po/man/po4a.cfg): the
# languages of LINGUAS that have a resources/po/man/<lang>.po. A language
# without one yet is left out of the merge, the build and the install (its
# readers get the English page) until a translator adds the file; see the
# README.
MAN_LANGUAGES = $(strip $(foreach lang,$(LANGUAGES),$(if $(wildcard resources/po/man/$(lang).po),$(lang))))
# Where the translated pages are built: $(MAN_DIR)/<lang>/login-form.1.
MAN_DIR = .build/man
# The template and the folder of the .po files that po4a reads and merges;
# .ci/check-translations points them at copies.
MAN_POT = resources/po/man/login-form.1.pot
MAN_PODIR = resources/po/man
PO4A = po4a --variable version=$(VERSION) --variable pot="$(MAN_POT)" --variable mandir="$(MAN_DIR)"
# Every Swift file of every target, in folders too: xgettext takes only the
# localized(…) calls.
SOURCES = $(shell find Sources -name '*.swift' | LC_ALL=C sort)
# The version's only home is the file VERSION; see .ci/version.
VERSION = $(shell .ci/version)
# The suites that need no display: the model, the protocols, the front-end core,
# the keyring's files, the terminal (on pseudo-terminals of its own), the
# locked memory and the agent channel.
PURE_SUITES = LoginFormModelTests|LoginFormProtocolsTests|LoginFormFrontEndTests|LoginFormKeyringTests|LoginFormTerminalTests|LoginFormLockedMemoryTests|LoginFormPinentryTests

.PHONY: all build run check test lint deps-build deps-lint deps-test share static-cxx pot pot-template i18n-data \
	man-pot-template man-pages \
	release install uninstall deb deps-deb test-deb test-e2e test-wayland test-resources \
	test-install screenshot icons bench bench-model fuzz fuzz-build fuzz-smoke \
	test-asan test-tsan leakcheck mutants

all: build

deps-build:
	@.ci/ensure-packages $(BUILD_PACKAGES)

deps-lint:
	@.ci/ensure-packages $(LINT_PACKAGES)

deps-test:
	@.ci/ensure-packages $(TEST_PACKAGES)

deps-deb:
	@.ci/ensure-packages $(DEB_PACKAGES)

build: deps-build
	$(QUIET) $(SWIFT) build $(SWIFT_FLAGS)
	@$(MAKE) --no-print-directory share SHARE_ROOT="$(BIN_DIR)/../share"

# For a person at the desktop: the credentials go to stdout as usual, and the
# exit status is reported on stderr rather than as a make error.
run: build
	@status=0; "$(BIN_DIR)/login-form" $(ARGS) || status=$$?; \
	  echo "login-form exited with status $$status" >&2

# What the binary reads from <prefix>/share next to it: every translation,
# compiled into SHARE_ROOT/locale/<lang>/LC_MESSAGES, and the style sheet.
share:
	@for lang in $(LANGUAGES); do \
	  mkdir -p "$(SHARE_ROOT)/locale/$$lang/LC_MESSAGES" && \
	  msgfmt --check -o "$(SHARE_ROOT)/locale/$$lang/LC_MESSAGES/login-form.mo" resources/po/$$lang.po \
	  || exit 1; \
	done
	@install -Dm644 resources/login-form.css "$(SHARE_ROOT)/login-form/login-form.css"

# The release link finds libstdc++.a here before the shared library (see
# RELEASE_FLAGS).
static-cxx:
	@mkdir -p "$(STATIC_CXX_DIR)"
	@ln -sf "$$($(CC) -print-file-name=libstdc++.a)" "$(STATIC_CXX_DIR)/libstdc++.a"

# Regenerates the template from the sources, then merges it into each
# translation; the same for the man page's.
pot:
	@$(MAKE) --no-print-directory pot-template POT=resources/po/login-form.pot
	for lang in $(LANGUAGES); do msgmerge --quiet --update --backup=none resources/po/$$lang.po resources/po/login-form.pot; done
	@$(MAKE) --no-print-directory man-pot-template

# What every xgettext run of the template says of itself: each writes the
# header again.
POT_HEADER = --add-comments=TRANSLATORS: --package-name=login-form --package-version=$(VERSION) \
	--msgid-bugs-address=https://github.com/loginform/login-form/issues --no-location
# The template alone, written to POT: what `pot` and .ci/check-translations
# share. The program's messages, then the desktop entry's and the metainfo's
# (which i18n-data puts back, translated).
pot-template:
	xgettext --language=C --from-code=UTF-8 --keyword= --keyword=localized \
	  --keyword=localizedPlural:1,2 $(POT_HEADER) -o "$(POT)" $(SOURCES)
	xgettext --join-existing --language=Desktop $(POT_HEADER) -o "$(POT)" \
	  resources/$(APP_ID).desktop resources/polkit/$(POLKIT_AUTOSTART)
	xgettext --join-existing --from-code=UTF-8 $(POT_HEADER) -o "$(POT)" \
	  resources/$(APP_ID).metainfo.xml

# The man page's template, written to MAN_POT from resources/login-form.1,
# merged into the .po in MAN_PODIR of each of MAN_LANGUAGES: what `pot` and
# .ci/check-translations share. po4a leaves the template alone when nothing
# but its date would change. It needs a language: with none translated yet,
# a throwaway one in a temporary folder takes the merge.
man-pot-template:
	@langs="$(MAN_LANGUAGES)"; podir="$(MAN_PODIR)"; \
	if [ -z "$$langs" ]; then langs=en; podir=$$(mktemp -d); fi; \
	status=0; \
	$(PO4A) --no-translations --variable langs="$$langs" --variable podir="$$podir" \
	  resources/po/man/po4a.cfg >/dev/null || status=$$?; \
	[ "$$podir" = "$(MAN_PODIR)" ] || rm -rf "$$podir"; \
	exit $$status

# The translated man pages, $(MAN_DIR)/<lang>/login-form.1, from the .po
# files as they are (po4a changes neither them nor the template here, and
# writes every page again, whatever the dates): what install installs. A page
# is written however much of it is translated (the rest in English);
# .ci/check-translations is what requires each complete.
man-pages:
	@if [ -n "$(MAN_LANGUAGES)" ]; then \
	  $(PO4A) --no-update --force --keep 0 --variable langs="$(MAN_LANGUAGES)" \
	    --variable podir="$(MAN_PODIR)" resources/po/man/po4a.cfg >/dev/null; \
	fi

# The desktop entry and the metainfo with every translation merged in, from
# the English in resources/ and the .po files: what install installs.
i18n-data:
	@mkdir -p "$(I18N_DIR)"
	msgfmt --desktop --template=resources/$(APP_ID).desktop -d resources/po \
	  -o "$(I18N_DIR)/$(APP_ID).desktop"
	msgfmt --xml --template=resources/$(APP_ID).metainfo.xml -d resources/po \
	  -o "$(I18N_DIR)/$(APP_ID).metainfo.xml"
	msgfmt --desktop --template=resources/polkit/$(POLKIT_AUTOSTART) -d resources/po \
	  -o "$(I18N_DIR)/$(POLKIT_AUTOSTART)"

# Every language the project is written in: Swift, the shell scripts and the
# Python (the end-to-end tests, the tools), each found by .ci/scripts. The C
# is checked as it is built (-Wall -Wextra -Werror, in Package.swift).
lint: deps-lint
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench Plugins
	shellcheck $$(.ci/scripts sh)
	pyflakes3 $$(.ci/scripts python)
	.ci/check-package-lists
	.ci/check-translations

# The quick loop: no display, no root; well under a minute after a build.
check: deps-build lint
	$(QUIET) $(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(QUIET) $(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter '$(PURE_SUITES)'

# Every test. Each configuration is built once: debug (with the tests),
# AddressSanitizer, ThreadSanitizer, the fuzzer, and release (in the package
# check's clean clone). Parts that need root (the sudo client tests, the
# package's install and purge) say "skipped: needs root" for other users,
# except under CI=true, where they fail instead.
test: deps-test lint
	$(QUIET) $(SWIFT) build $(SWIFT_FLAGS) --build-tests
	@$(MAKE) --no-print-directory share SHARE_ROOT="$(BIN_DIR)/../share"
	$(QUIET) $(HEADLESS) $(SWIFT) test $(SWIFT_FLAGS) --skip-build
	@$(MAKE) --no-print-directory test-e2e test-wayland test-resources fuzz-smoke \
	  test-asan test-tsan leakcheck test-deb

test-e2e:
	LOGIN_FORM="$(BIN_DIR)/login-form" $(QUIET) $(HEADLESS) Tests/EndToEnd/run

# The Wayland subset, under a headless weston the script starts and stops.
test-wayland:
	LOGIN_FORM="$(BIN_DIR)/login-form" $(QUIET) Tests/EndToEnd/wayland/run

test-resources: i18n-data
	desktop-file-validate resources/$(APP_ID).desktop "$(I18N_DIR)/$(APP_ID).desktop" \
	  resources/polkit/$(POLKIT_AUTOSTART) "$(I18N_DIR)/$(POLKIT_AUTOSTART)"
	appstreamcli validate --no-net --explain resources/$(APP_ID).metainfo.xml
	appstreamcli validate --no-net --explain "$(I18N_DIR)/$(APP_ID).metainfo.xml"

# Installs into a temporary DESTDIR, checks the tree, runs the installed copy.
test-install:
	Tests/install-check

# The binary that install copies; the Debian package's build step runs it too.
release: static-cxx
	$(QUIET) $(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product login-form
	$(QUIET) $(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product pinentry-login-form

# What install puts under PREFIX, one entry per file, and so what uninstall
# removes: mode:source:path, or link:target:path for a symbolic link; a
# source under release/ is a product of `make release`, one under i18n/ of
# `make i18n-data` (the desktop entry and metainfo, translated), one under
# man/ of `make man-pages` (the man page in each of MAN_LANGUAGES, with
# the English page's two links). `share` adds the
# translations and the style sheet (SHARED). pinentry-login-form is the
# quick program (no GTK), gpg-agent's pinentry and, under the name
# git-credential-login-form, git's helper (each binary reads argv[0]); it
# becomes login-form, found beside it, for a window. Each gets the one man
# page under its own name too. The systemd password agent's user unit goes
# where systemd looks for PREFIX's (/usr/lib or /usr/local/lib), not enabled. The Debian
# package installs with this recipe (debian/rules), so a file added here is
# packaged as well.
INSTALLED = \
	755:release/login-form:bin/login-form \
	link:pinentry-login-form:bin/git-credential-login-form \
	755:release/pinentry-login-form:bin/pinentry-login-form \
	644:i18n/$(APP_ID).desktop:share/applications/$(APP_ID).desktop \
	644:i18n/$(APP_ID).metainfo.xml:share/metainfo/$(APP_ID).metainfo.xml \
	$(foreach icon,scalable/apps/$(APP_ID).svg symbolic/apps/$(APP_ID)-symbolic.svg \
	  $(foreach size,$(ICON_SIZES),$(size)x$(size)/apps/$(APP_ID).png), \
	  644:resources/icons/hicolor/$(icon):share/icons/hicolor/$(icon)) \
	644:resources/systemd/login-form-ask-password-agent.service:lib/systemd/user/login-form-ask-password-agent.service \
	644:i18n/$(POLKIT_AUTOSTART):$(SYSCONFDIR)/xdg/autostart/$(POLKIT_AUTOSTART) \
	644:resources/login-form.1:share/man/man1/login-form.1 \
	link:login-form.1:share/man/man1/git-credential-login-form.1 \
	link:login-form.1:share/man/man1/pinentry-login-form.1 \
	$(foreach lang,$(MAN_LANGUAGES), \
	  644:man/$(lang)/login-form.1:share/man/$(lang)/man1/login-form.1 \
	  link:login-form.1:share/man/$(lang)/man1/git-credential-login-form.1 \
	  link:login-form.1:share/man/$(lang)/man1/pinentry-login-form.1)
# What `share` writes under its SHARE_ROOT.
SHARED = $(foreach lang,$(LANGUAGES),locale/$(lang)/LC_MESSAGES/login-form.mo) \
	login-form/login-form.css

install: release i18n-data man-pages
	@for entry in $(INSTALLED); do \
	  mode=$${entry%%:*}; rest=$${entry#*:}; source=$${rest%%:*}; \
	  case $${rest#*:} in /*) path="$(DESTDIR)$${rest#*:}" ;; \
	    *) path="$(DESTDIR)$(PREFIX)/$${rest#*:}" ;; esac; \
	  case $$source in release/*) source="$(RELEASE_BIN_DIR)/$${source#release/}" ;; \
	    i18n/*) source="$(I18N_DIR)/$${source#i18n/}" ;; \
	    man/*) source="$(MAN_DIR)/$${source#man/}" ;; esac; \
	  if [ "$$mode" = link ]; then \
	    echo ln -sf "$$source" "$$path"; \
	    mkdir -p "$$(dirname "$$path")" && ln -sf "$$source" "$$path"; \
	  else \
	    echo install -Dm"$$mode" "$$source" "$$path"; \
	    install -Dm"$$mode" "$$source" "$$path"; \
	  fi || exit 1; \
	done
	@$(MAKE) --no-print-directory share SHARE_ROOT="$(DESTDIR)$(PREFIX)/share"

uninstall:
	for path in $(foreach entry,$(INSTALLED),$(lastword $(subst :, ,$(entry)))) \
	  $(addprefix share/,$(SHARED)); do \
	  case $$path in /*) ;; *) path="$(PREFIX)/$$path" ;; esac; \
	  rm -f "$(DESTDIR)$$path" || exit 1; \
	done
	-rmdir "$(DESTDIR)$(PREFIX)/share/login-form"

# login-form_<version>_<arch>.deb in .build/deb, from the files git tracks.
deb: deps-deb
	SWIFT="$(SWIFT)" .ci/build-deb

# Builds the package in a clean clone of HEAD, lints it, checks `make install`
# there (Tests/install-check), then, as root, installs it, uses it and purges
# it (Tests/deb-check); puts the machine back as it was.
test-deb:
	@.ci/ensure-packages $(DEB_TEST_PACKAGES)
	SWIFT="$(SWIFT)" Tests/deb-check

# The README's pictures into resources/screenshots, and every window in every
# variant (light, dark, German, right to left, scale 2) into .build/screenshots.
screenshot: deps-test build
	.ci/screenshot "$(BIN_DIR)/login-form" resources/screenshots .build/screenshots

# Renders the icon's PNG sizes from its SVG (needs python3-gi and librsvg's
# gdk-pixbuf loader); the results are committed.
icons:
	.ci/icons $(ICON_SIZES)

# Start-up time and memory on X11 against the C floors (gtk_init and
# GtkApplication), zenity and yad, and with --text of 1 line to 100 KB
# against zenity --entry; the drop-in modes against
# gnome-ssh-askpass and pinentry-gtk-2; Wayland start-up; then input latency
# and model throughput in process. Missing peers are installed as root, else
# their part is skipped. Figures go to BENCHMARKS.md by hand.
bench: deps-test static-cxx
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS)
	@$(MAKE) --no-print-directory share SHARE_ROOT="$(RELEASE_BIN_DIR)/../share"
	LOGIN_FORM="$(RELEASE_BIN_DIR)/login-form" bench/run-startup.sh
	LOGIN_FORM="$(RELEASE_BIN_DIR)/login-form" bench/run-dropin.sh
	LOGIN_FORM="$(RELEASE_BIN_DIR)/login-form" bench/run-wayland.sh
	xvfb-run -a -s '-screen 0 1280x800x24' "$(RELEASE_BIN_DIR)/latency-bench"
	"$(RELEASE_BIN_DIR)/model-bench"

# libFuzzer over the model's edits and the output encoders (Tests/Fuzz),
# checked against the naive rules of the test-support target. SwiftPM passes
# -sanitize=fuzzer only to the link, so the Swift code gets it too, for
# coverage.
FUZZ_SECONDS ?= 300
FUZZ_FLAGS = -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
	$(SWIFT_FLAGS) --scratch-path .build/fuzz
FUZZ_BIN = .build/fuzz/release/fuzz-model
fuzz-build:
	$(QUIET) $(SWIFT) build $(FUZZ_FLAGS) --product fuzz-model
	@mkdir -p .build/fuzz/corpus

fuzz: fuzz-build
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	  -artifact_prefix=.build/fuzz/ .build/fuzz/corpus Tests/Fuzz/seeds

# A short run for make test: long enough to reach deep edit sequences.
fuzz-smoke: fuzz-build
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) -runs=100000 -print_final_stats=1 \
	  -artifact_prefix=.build/fuzz/ .build/fuzz/corpus Tests/Fuzz/seeds >.build/fuzz/smoke.log 2>&1 \
	  || { tail -n 40 .build/fuzz/smoke.log; exit 1; }
	@grep -E '^Done|number_of_executed_units' .build/fuzz/smoke.log

# The model and GTK suites under AddressSanitizer (with LeakSanitizer) and
# ThreadSanitizer, each in its own build folder so the debug build stays.
SANITIZER_FLAGS = $(SWIFT_FLAGS) -Xswiftc -use-ld=lld
test-asan: deps-test
	$(QUIET) $(SWIFT) build $(SANITIZER_FLAGS) --build-tests --sanitize=address --scratch-path .build/asan
	@$(MAKE) --no-print-directory share \
	  SHARE_ROOT="$$($(SWIFT) build --scratch-path .build/asan --show-bin-path)/../share"
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp $(QUIET) $(HEADLESS) \
	  $(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan

test-tsan: deps-test
	$(QUIET) $(SWIFT) build $(SANITIZER_FLAGS) --build-tests --sanitize=thread --scratch-path .build/tsan
	@$(MAKE) --no-print-directory share \
	  SHARE_ROOT="$$($(SWIFT) build --scratch-path .build/tsan --show-bin-path)/../share"
	$(QUIET) $(HEADLESS) $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build/tsan

# valgrind memcheck over scripted sessions of the real binary.
leakcheck: deps-test build
	Tests/leakcheck "$(BIN_DIR)/login-form"

# Applies each listed mutation to a scratch copy, rebuilds, and fails if any
# survives the test meant to catch it (Tests/mutants). Not part of make test.
mutants: deps-test
	Tests/mutants $(MUTANTS)

bench-model: static-cxx
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product model-bench
	"$(RELEASE_BIN_DIR)/model-bench"
