# The two commands: `make run` and `make test`. Each installs the Debian
# packages it needs when they are missing, so a fresh machine with the Swift
# toolchain needs nothing else.

SWIFT ?= swift
# Warnings are errors here so that "no warnings" cannot quietly slip.
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors

BUILD_PACKAGES = libgtk-3-dev pkg-config
TEST_PACKAGES = $(BUILD_PACKAGES)

.PHONY: all build test lint deps-build deps-test bench-model

all: build

deps-build:
	@.ci/ensure-packages $(BUILD_PACKAGES)

deps-test:
	@.ci/ensure-packages $(TEST_PACKAGES)

build: deps-build
	$(SWIFT) build $(SWIFT_FLAGS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests bench

test: deps-test lint
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build

bench-model:
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product model-bench
	.build/release/model-bench
