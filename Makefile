# make install: builds layerlint in release and copies the one binary to $(PREFIX)/bin.
# The rule catalog is compiled into the binary, so nothing else is installed.
#   make install                      # /usr/local/bin/layerlint
#   make install PREFIX=$HOME/.local  # no root needed
#   make uninstall PREFIX=...
# Needs libyaml and zlib headers and pkg-config (README, "Install").
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
# Where SwiftPM builds; a CI that caches builds can point this elsewhere.
SCRATCH_PATH ?= .build
SWIFT_BUILD_FLAGS = -c release --product layerlint --scratch-path "$(SCRATCH_PATH)"
# On Linux the Swift runtime and Foundation are linked into the binary: it then runs
# without the toolchain's libraries, and starts in about half the time (no dynamic
# linking of a dozen Swift libraries; docs/performance.md). macOS has them in the system.
ifeq ($(shell uname -s),Linux)
SWIFT_BUILD_FLAGS += --static-swift-stdlib
endif

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/layerlint" "$(DESTDIR)$(BINDIR)/layerlint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/layerlint"
