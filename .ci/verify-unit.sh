#!/usr/bin/env bash
# Checks config/sleevescan.service with `systemd-analyze verify`. The unit names the
# installed binary (/usr/local/bin/sleevescan); verify insists that it exists, so a
# copy of the unit pointing at the freshly built binary is checked instead: every
# other line is verified as shipped.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-$PWD/.build/debug/sleevescan}"
[ -x "$binary" ] || { echo "error: $binary: build first (swift build)" >&2; exit 66; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
sed "s#/usr/local/bin/sleevescan#$binary#" config/sleevescan.service > "$dir/sleevescan.service"
systemd-analyze verify "$dir/sleevescan.service"
echo "systemd-analyze verify: config/sleevescan.service accepted"
