#!/usr/bin/env bash
# Installs a second n8n engine line for the tests: the n8n-core, n8n-workflow, @n8n/backend-common and
# @n8n/di versions of n8n 1.123.x (test/engines/n8n-1.x/package.json and its lock), into a cache
# directory that outlives the checkout. The project's own devDependencies are the 2.x line.
# Idempotent: returns at once when the tree matches the committed lock.
#
#   scripts/install-engine.sh [1.x]     install or reuse; prints the directory on stdout
#
# Env: STORYDOC_ENGINE_CACHE  parent directory (default $HOME/.cache/storydoc-engines)
#
# Select the line for a run with STORYDOC_N8N_LINE=1.x (see test/harness/engineLine.ts):
#   STORYDOC_N8N_LINE=1.x npm test
set -euo pipefail

line="${1:-1.x}"
here="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib/isolate-npm.sh
source "$here/scripts/lib/isolate-npm.sh"
manifest="$here/test/engines/n8n-$line"
[ -f "$manifest/package.json" ] || {
	echo "install-engine: no engine line '$line' (expected $manifest/package.json)" >&2
	exit 2
}
dir="${STORYDOC_ENGINE_CACHE:-$HOME/.cache/storydoc-engines}/n8n-$line"
marker="$dir/.storydoc-engine-installed"
stamp="$(cat "$manifest/package.json" "$manifest/package-lock.json" | sha256sum | cut -c1-16)"

mkdir -p "$dir"
exec 9>"$dir.lock"
flock 9

if [ -f "$marker" ] && [ "$(cat "$marker")" = "$stamp" ] && [ -d "$dir/node_modules/n8n-core" ]; then
	echo "$dir"
	exit 0
fi

started=$(date +%s)
echo "install-engine: installing the n8n $line engine into $dir" >&2
rm -rf "$dir/node_modules" "$marker"
cp "$manifest/package.json" "$manifest/package-lock.json" "$dir/"
# Install scripts are skipped: the engine needs no native module for what the tests use.
(cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) >"$dir/install.log" 2>&1 || {
	tail -n 40 "$dir/install.log" >&2
	echo "install-engine: npm ci failed (full log: $dir/install.log)" >&2
	exit 1
}
echo "$stamp" >"$marker"
echo "install-engine: installed in $(($(date +%s) - started)) s" >&2
echo "$dir"
