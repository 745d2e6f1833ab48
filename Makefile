# The two commands: `make run` and `make test`. Each installs the Debian
# packages it needs when they are missing, so a fresh machine with the Swift
# toolchain needs nothing else.

SWIFT ?= swift
# Warnings are errors here so that "no warnings" cannot quietly slip.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors

BUILD_PACKAGES = libgtk-3-dev pkg-config
# xvfb-run needs xauth; dbus-run-session gives each run its own session bus.
TEST_PACKAGES = $(BUILD_PACKAGES) xvfb xauth dbus dbus-x11 at-spi2-core xdotool \
	python3 python3-gi python3-pyatspi gir1.2-atspi-2.0
# Each test run gets its own display and session bus.
HEADLESS = xvfb-run -a -s '-screen 0 1280x800x24' dbus-run-session --

.PHONY: all build run test lint deps-build deps-test bench-model

all: build

deps-build:
	@.ci/ensure-packages $(BUILD_PACKAGES)

deps-test:
	@.ci/ensure-packages $(TEST_PACKAGES)

build: deps-build
	$(SWIFT) build $(SWIFT_FLAGS)

run: build
	$(SWIFT) run $(SWIFT_FLAGS) --skip-build login-form $(ARGS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench

test: deps-test lint
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(HEADLESS) $(SWIFT) test $(SWIFT_FLAGS) --skip-build

bench-model:
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product model-bench
	.build/release/model-bench
