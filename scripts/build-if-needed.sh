#!/usr/bin/env bash
# `npm run build`, unless STORYDOC_BUILT=1 says that this run has built dist/ already (CI builds once,
# then sets it for every later step). What needs dist/ runs this instead of `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${STORYDOC_BUILT:-}" != 1 ]; then
	exec npm run build --silent
fi
if ! [ -d dist/nodes ]; then
	echo "build-if-needed: STORYDOC_BUILT=1, but dist/ holds no build (did the build fail?)" >&2
	exit 1
fi
