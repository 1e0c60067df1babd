#!/usr/bin/env bash
# A screenshot of the status page while `sleevescan live` replays a recording in real
# time (live preview, state, the records as they are written), in headless Chromium
# (Debian's `chromium`), for the closing note of a station change. Not run in CI.
#   .ci/live-screenshot.sh [OUT.png] [REPLAY.mjpeg]
#   (default /tmp/sleevescan-live.png, Fixtures/live/two-in-a-row.mjpeg)
set -euo pipefail
cd "$(dirname "$0")/.."
png="${1:-/tmp/sleevescan-live.png}"
replay="${2:-Fixtures/live/two-in-a-row.mjpeg}"
command -v chromium >/dev/null || { echo "error: chromium: not installed (apt-get install chromium)" >&2; exit 69; }
swift build >/dev/null
bin=.build/debug/sleevescan
out=$(mktemp -d /tmp/sleevescan-live-XXXX)
log="$out.log"
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$out" "$log" "$out.json"; }
trap cleanup EXIT

# A free port chosen by the system is named in the log; the page is on by default.
echo '{"station.statusPort": 0}' > "$out.json"
OMP_THREAD_LIMIT=1 "$bin" live --replay "$replay" --fps 5 --realtime --out "$out" --config "$out.json" 2>"$log" &
pid=$!
for _ in $(seq 100); do grep -q "status page:" "$log" && break; sleep 0.1; done
url=$(sed -n 's/^status page: \(http[^ ]*\).*/\1/p' "$log")
[ -n "$url" ] || { echo "error: the station did not start:" >&2; cat "$log" >&2; exit 70; }

# Wait for the preview and for the first record, so the page shows both.
for _ in $(seq 150); do
    curl -fs -o /dev/null "${url%/}/preview.jpg" && ls "$out"/*.json >/dev/null 2>&1 && break
    sleep 0.1
done
curl -fs -o /dev/null "${url%/}/preview.jpg" || { echo "error: no preview after 15 s:" >&2; cat "$log" >&2; exit 70; }

# --virtual-time-budget lets the preview and thumbnails load before the picture is taken.
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=800,1100 \
    --virtual-time-budget=3000 --screenshot="$png" "$url" 2>/dev/null
echo "$png"
