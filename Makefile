# Stochastic bisection for Git: build, test and develop the patch series.
# See README.md.  The series exists for two upstream releases ("bases"),
# each in series/<base>/ with the pin of its tarball (upstream.conf);
# every target works on BASE, by default the one series/default names
# ("make test BASE=2.39.5" for the other).  Everything generated for a
# base goes to build/<base>/ (and the verified tarballs to downloads/);
# tree/<base>/ is the developer's own work tree.  Each stage prints one
# line; its output goes to a log in build/<base>/logs/, whose last lines
# are shown if it fails.

DEFAULT_BASE := $(shell cat series/default)
BASE = $(DEFAULT_BASE)
ifeq ($(wildcard series/$(BASE)/upstream.conf),)
$(error no series for BASE=$(BASE): series/$(BASE)/upstream.conf is missing)
endif
include series/$(BASE)/upstream.conf
export BASE

PREFIX = $(HOME)/.local
JOBS = $(shell nproc 2>/dev/null || echo 2)

# How upstream's Makefile is driven for every build of the series.
GIT_MAKE = $(MAKE) -j$(JOBS) DEVELOPER=1 prefix=$(PREFIX)

# Git 2.55.0 can build a Rust part with Cargo.  The series touches none
# of it, and it makes a cold build more than twice as long on two cores,
# so it is left out (NO_RUST), in the series' builds and in the pristine
# Git they are compared with, unless RUST=1 asks for it (Cargo from PATH
# or from rustup's ~/.cargo/bin).
ifeq ($(RUST),1)
ifeq ($(shell command -v cargo),)
export PATH := $(HOME)/.cargo/bin:$(PATH)
endif
else
export NO_RUST = 1
endif

BUILD = build/$(BASE)/git
LOGS = build/$(BASE)/logs

all: build

build: deps
	@scripts/prepare-build.sh $(BUILD)
	@scripts/run-logged.sh $(LOGS)/build.log \
		"Building Git $(UPSTREAM_VERSION) with the series in $(BUILD)" \
		$(GIT_MAKE) -C $(BUILD) all

deps:
	@scripts/install-deps.sh

# The main job: a flaky bug bisected with and without confidences.
demo: build
	@demo/run-demo.sh $(BUILD)/bin-wrappers/git

# Per-step CPU cost, stochastic against normal and an unpatched Git of
# the same release, on git.git's graph from 12,517 commits to six times
# its whole history, and the tests a nearly best test costs (about an
# hour, half of it on the largest history); both go into the base's
# step-cost section of bench/RESULTS.md, with a plot of the cost against
# the size of the history.
bench: build
	@mkdir -p build/eval
	@upstream=$$(scripts/pristine-git.sh $(LOGS)/pristine-build.log) && \
	bench/step_cost.py --git $(BUILD)/bin-wrappers/git --upstream "$$upstream" | \
		tee build/eval/step-cost-$(BASE).txt
	@bench/near_best.py --git-dir $(BUILD) | tee build/eval/near-best-$(BASE).txt
	@scripts/install-deps.sh python3-matplotlib
	@/usr/bin/python3 bench/evaluate.py --step-cost-only --git-dir $(BUILD)

# Tests needed and calibration against the information bound and the
# alternatives: writes bench/RESULTS.md and bench/plots/ (about half an
# hour).  Debian's matplotlib belongs to the system's python3.  On the
# other base, the headline scenarios on the same trials with the series
# on both bases, added to bench/RESULTS.md (a few minutes); it fails
# unless every trial gives the same result.
evaluate: build
	@scripts/install-deps.sh python3-matplotlib
ifeq ($(BASE),$(DEFAULT_BASE))
	@/usr/bin/python3 bench/evaluate.py --git-dir $(BUILD)
else
	@$(MAKE) --no-print-directory build BASE=$(DEFAULT_BASE)
	@/usr/bin/python3 bench/evaluate.py \
		--git-dir build/$(DEFAULT_BASE)/git --port $(BUILD)
endif

test: build
	@GIT_MAKE='$(GIT_MAKE)' scripts/run-tests.sh

test-full: build
	$(MAKE) -C $(BUILD)/t prove \
		GIT_PROVE_OPTS='-j$(JOBS) --timer' GIT_TEST_OPTS=--verbose-log
	@scripts/fuzz.sh $(BUILD)

# What is too long for "make test", as VARIANTS in scripts/base.sh lists
# it: every patch built with DEVELOPER=1, one after the other (half an
# hour on two cores for 2.39.5, an hour for 2.55.0), and upstream CI's
# sanitizer jobs (SANITIZE=leak, SANITIZE=address,undefined) on the
# series' tests, each in a build of its own (2.55.0); writes
# tests/recorded/variants-<base>.txt, which "make test" checks is of the
# series as it is.  Run before a change lands.
variants: deps
	@scripts/install-deps.sh ccache
	@tests/variants.sh

# The fuzz targets of the series, with libFuzzer and the sanitizers, for
# a fixed number of inputs (a few minutes).
fuzz: build
	@scripts/fuzz.sh $(BUILD)

# Git and its manual pages, so that the installed "git help bisect"
# shows the series' documentation.  Debian's asciidoc needs the system's
# python3 first in PATH.
install: build
	@scripts/run-logged.sh $(LOGS)/install.log \
		"Installing Git $(UPSTREAM_VERSION) with the series in $(PREFIX)" \
		$(GIT_MAKE) -C $(BUILD) install
	@PATH=/usr/bin:$$PATH scripts/run-logged.sh $(LOGS)/install-man.log \
		"Installing its manual pages in $(PREFIX)/share/man" \
		$(GIT_MAKE) -C $(BUILD) install-man

tree: deps
	@scripts/make-tree.sh tree/$(BASE)

export:
	@scripts/export-series.sh tree/$(BASE) series/$(BASE)
	@ls series/$(BASE)

# Rewrite tree/2.39.5, patch by patch, so that every file the series
# adds is what scripts/backport.py makes of it in the 2.55.0 patch of
# the same subject (a change to those files is made once, on 2.55.0).
carry-back:
	@scripts/carry-back.py tree/$(DEFAULT_BASE) tree/2.39.5

clean:
	rm -rf build

.PHONY: all build deps demo bench evaluate test test-full variants fuzz install tree export \
	carry-back clean
