# Stochastic bisection for Git: build, test and develop the patch series.
# See README.md.  Everything generated goes to build/ (and the verified
# upstream tarball to downloads/); tree/ is the developer's own work tree.

PREFIX = $(HOME)/.local
JOBS = $(shell nproc 2>/dev/null || echo 2)

# How upstream's Makefile is driven for every build of the series.
GIT_MAKE = $(MAKE) -j$(JOBS) DEVELOPER=1 prefix=$(PREFIX)

BUILD = build/git

all: build

build: deps
	@scripts/prepare-build.sh $(BUILD)
	@$(GIT_MAKE) -C $(BUILD) all

deps:
	@scripts/install-deps.sh

demo: build
	@echo >&2 "make demo: not available yet (see issue 'run + demo')"; exit 1

test: build
	@scripts/run-tests.sh

test-full: build
	$(MAKE) -C $(BUILD)/t prove \
		GIT_PROVE_OPTS='-j$(JOBS) --timer' GIT_TEST_OPTS=--verbose-log

install: build
	@$(GIT_MAKE) -C $(BUILD) install

tree: deps
	@scripts/make-tree.sh tree

export:
	@scripts/export-series.sh tree patches
	@ls patches

clean:
	rm -rf build

.PHONY: all build deps demo test test-full install tree export clean
