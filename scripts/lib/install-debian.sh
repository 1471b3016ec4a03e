#!/usr/bin/env bash
# Installs Debian packages the checks need (chromium, postgresql, redis-server) when they are
# missing, non-interactively and with none of a calling npm's configuration in the environment.
#
#   scripts/lib/install-debian.sh PACKAGE...
#
# Needs root (CI runs as root); otherwise it prints the apt-get command to run and exits 1.
set -euo pipefail
# shellcheck source=isolate-npm.sh
source "$(dirname "$0")/isolate-npm.sh"
export DEBIAN_FRONTEND=noninteractive

missing=()
for package in "$@"; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "install-debian: missing ${missing[*]}: run apt-get install -y ${missing[*]} as root" >&2
	exit 1
fi
echo "install-debian: installing ${missing[*]} from the Debian archive" >&2
log="$(mktemp -t install-debian.XXXXXX.log)"
# A new machine's package lists may be empty or old: update once and try again.
if ! { apt-get install -y "${missing[@]}" || { apt-get update && apt-get install -y "${missing[@]}"; }; } >"$log" 2>&1; then
	tail -n 20 "$log" >&2
	echo "install-debian: apt-get install ${missing[*]} failed (full log: $log)" >&2
	exit 1
fi
rm -f "$log"
