#!/usr/bin/env bash
# A screenshot of the status page in headless Chromium (Debian's `chromium`), for
# the closing note of a station change and to eyeball the page on a phone-sized
# window. Reads the fixture sleeves into a scratch output folder, serves it with
# `sleevescan station`, and saves the page as PNG.
#   .ci/station-screenshot.sh [OUT.png]     (default /tmp/sleevescan-station.png)
set -euo pipefail
cd "$(dirname "$0")/.."
png="${1:-/tmp/sleevescan-station.png}"
command -v chromium >/dev/null || { echo "error: chromium: not installed (apt-get install chromium)" >&2; exit 69; }
swift build >/dev/null
bin=.build/debug/sleevescan
out=$(mktemp -d /tmp/sleevescan-station-XXXX)
log="$out.log"
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$out" "$log"; }
trap cleanup EXIT

cp Fixtures/sleeves/photo-inline.jpg Fixtures/sleeves/flatbed-side-by-side.png "$out/"
OMP_THREAD_LIMIT=1 "$bin" read --out "$out" "$out/photo-inline.jpg" "$out/flatbed-side-by-side.png" >/dev/null

"$bin" station --out "$out" --port 0 2>"$log" &
pid=$!
for _ in $(seq 50); do grep -q "status page:" "$log" && break; sleep 0.1; done
url=$(sed -n 's/^status page: \(http[^ ]*\).*/\1/p' "$log")
[ -n "$url" ] || { echo "error: the station did not start:" >&2; cat "$log" >&2; exit 70; }

# --virtual-time-budget lets the thumbnails load before the picture is taken.
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,1100 \
    --virtual-time-budget=3000 --screenshot="$png" "$url" 2>/dev/null
echo "$png"
