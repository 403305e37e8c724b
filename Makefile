# make install: builds layerlint in release and copies the one binary to $(PREFIX)/bin.
# The rule catalog is compiled into the binary, so nothing else is installed.
#   make install                      # /usr/local/bin/layerlint
#   make install PREFIX=$HOME/.local  # no root needed
#   make uninstall PREFIX=...
#   make artifactbundle               # layerlint.artifactbundle.zip (SE-0305), this platform's binary
#   make install-mcp [PREFIX=...]     # layerlint-mcp, the MCP server (docs/mcp.md)
# Needs libyaml and zlib headers and pkg-config (README, "Install").
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
# Where SwiftPM builds; a CI that caches builds can point this elsewhere.
SCRATCH_PATH ?= .build
SWIFT_BUILD_FLAGS = -c release --product layerlint --scratch-path "$(SCRATCH_PATH)"
# layerlint-mcp links Foundation dynamically on every platform: the MCP SDK's URLSession
# needs libcurl, which a static Foundation cannot bring (docs/mcp.md). Its own scratch
# folder, so that neither build relinks the other's products.
MCP_BUILD_FLAGS = -c release --product layerlint-mcp --scratch-path "$(SCRATCH_PATH)-mcp"
SWIFT_DYNAMIC := $(SWIFT)
# On Linux the Swift runtime and Foundation are linked into the binary: it then runs
# without the toolchain's libraries, and starts in about half the time (no dynamic
# linking of a dozen Swift libraries; docs/performance.md). macOS has them in the system.
# libyaml and zlib are linked in too, from a folder that holds only their static archives
# and is searched first (scripts/static-libs.sh): the binary runs where neither is
# installed, which the artifact bundle needs. The install and the bundle share the build.
ifeq ($(shell uname -s),Linux)
STATIC_LIBS ?= $(abspath $(SCRATCH_PATH))/static-libs
SWIFT_BUILD_FLAGS += --static-swift-stdlib -Xlinker -L"$(STATIC_LIBS)"
SWIFT := PKG_CONFIG_PATH="$(STATIC_LIBS)" $(SWIFT)
endif
# The bundle's version is the one the binary prints.
BUNDLE ?= layerlint.artifactbundle

.PHONY: all build install uninstall artifactbundle static-libs install-mcp

all: build

static-libs:
ifdef STATIC_LIBS
	scripts/static-libs.sh "$(STATIC_LIBS)"
endif

build: static-libs
	$(SWIFT) build $(SWIFT_BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/layerlint" "$(DESTDIR)$(BINDIR)/layerlint"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/layerlint" "$(DESTDIR)$(BINDIR)/layerlint-mcp"

install-mcp:
	$(SWIFT_DYNAMIC) build $(MCP_BUILD_FLAGS)
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$($(SWIFT_DYNAMIC) build $(MCP_BUILD_FLAGS) --show-bin-path)/layerlint-mcp" "$(DESTDIR)$(BINDIR)/layerlint-mcp"

# One variant, this machine's; the release workflow assembles all three with the same script.
artifactbundle: build
	scripts/artifactbundle.sh --output "$(BUNDLE).zip" \
		--variant "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/layerlint"
