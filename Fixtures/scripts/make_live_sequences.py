#!/usr/bin/env python3
"""Renders replayable camera sequences of a table seen from above, for the live loop's
tests (Tests/LiveTests) and its benchmark (`sleevescan bench live`).

    python3 Fixtures/scripts/make_live_sequences.py                  # Fixtures/live/*.mjpeg, 640x480
    python3 Fixtures/scripts/make_live_sequences.py --size 1920x1080 --out /tmp/live-1080

Each sequence NAME.mjpeg is concatenated gray JPEG frames (as `v4l2-ctl --stream-to`
records a camera), replayed at FPS frames per second; NAME.expected.json lists the
records the loop must write, in order: artist, title, catalogNumber, barcode (or
null) of each sleeve that was laid down.

- slide-in-hold-out: a sleeve slides in from the right, holds still, slides out.
- two-in-a-row: two different sleeves, one after the other, the table empty between.
- barcode-closeup: the back of a sleeve held close to the camera (its EAN-13 fills
  much of the view, moving a little), taken away, then the sleeve laid down face up
  (no barcode on the front): the record carries the close-up's barcode.
- hand-over: a sleeve holds still while a hand passes over it, then stays a while and
  leaves: one record, not two.
- empty-table: nothing but the table (a light change halfway): no record.
- bench (only with --bench): the four sleeves one after another at 30 fps, for
  `sleevescan bench live --replay bench.mjpeg --fps 30`.

Deterministic (fixed seeds). Needs Pillow and NumPy (PyPI) and the DejaVu fonts
(Debian fonts-dejavu-core); the tests need none of them.
"""
import argparse
import io
import json
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from gs1 import ean13_modules

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
FPS = 5  # the test sequences' rate; the benchmark's is --bench-fps

SLEEVES = [
    {"artist": "THE HOLLOW PINES", "title": "Evening Static", "catalogNumber": "HPR 1042", "barcode": None},
    {"artist": "MARINE SIGNALS", "title": "Harbour Lights", "catalogNumber": "MSR 2207", "barcode": None},
    {"artist": "NORTH FIELD", "title": "Winter Radio", "catalogNumber": "NFD 3318", "barcode": "5012345678900"},
    {"artist": "GLASS ORCHARD", "title": "Quiet Engines", "catalogNumber": "GOR 4471", "barcode": None},
]

# EAN-13 encoding tables (GS1 General Specifications, 5.2.1.2).



def front(spec, size=1000):
    """The sleeve's front, flat: big artist, title, catalog number, a framed picture."""
    img = Image.new("L", (size, size), 236)
    d = ImageDraw.Draw(img)
    s = size / 1000
    d.text((70 * s, 90 * s), spec["artist"], font=ImageFont.truetype(BOLD, int(70 * s)), fill=15)
    d.text((70 * s, 200 * s), spec["title"], font=ImageFont.truetype(FONT, int(62 * s)), fill=15)
    d.rectangle([70 * s, 330 * s, 930 * s, 760 * s], outline=60, width=int(6 * s))
    for k in range(5):  # a simple picture: concentric circles
        r = (60 + 40 * k) * s
        d.ellipse([500 * s - r, 545 * s - r, 500 * s + r, 545 * s + r], outline=80 + 25 * k, width=int(5 * s))
    d.text((70 * s, 830 * s), spec["catalogNumber"], font=ImageFont.truetype(BOLD, int(60 * s)), fill=15)
    return img


def back_closeup(code, w, h, shift):
    """The sleeve's back held close: the barcode large in the middle of the view."""
    img = Image.new("L", (w, h), 228)
    d = ImageDraw.Draw(img)
    module = max(2, w // 190)
    bits = ean13_modules(code)
    bw = module * len(bits)
    x0 = (w - bw) // 2 + int(shift * w / 640)
    y0 = h // 4
    for i, b in enumerate(bits):
        if b == "1":
            d.rectangle([x0 + i * module, y0, x0 + (i + 1) * module - 1, y0 + h // 3], fill=20)
    d.text((x0, y0 + h // 3 + 6), code, font=ImageFont.truetype(FONT, max(12, h // 20)), fill=20)
    return img


def perspective_coeffs(dst, src):
    """PIL's PERSPECTIVE data mapping output (frame) points dst to input (sheet) points src."""
    a, b = [], []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, float), np.array(b, float)).tolist()


class Scene:
    def __init__(self, w, h):
        self.w, self.h = w, h
        yy, xx = np.mgrid[0:h, 0:w].astype(float)
        # A dark table with a soft light falloff: low-frequency, so frames stay small.
        self.table = 78 + 22 * np.exp(-(((xx - w * 0.45) / w) ** 2 + ((yy - h * 0.4) / h) ** 2) * 2.5)
        self.sheets = {}

    def sheet(self, spec):
        key = spec["catalogNumber"]
        if key not in self.sheets:
            self.sheets[key] = front(spec)
        return self.sheets[key]

    def place(self, dx=0.0, angle=4.0):
        """Corners of a sleeve laid on the table (frame pixels), shifted by dx frame widths."""
        w, h = self.w, self.h
        side = 0.78 * h
        cx, cy = w * 0.5 + dx * w, h * 0.5
        a = math.radians(angle)
        pts = []
        for ux, uy in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
            x, y = ux * side / 2, uy * side / 2
            # A little perspective: the far (top) edge slightly shorter.
            x *= 1 - 0.04 * (uy < 0)
            pts.append((cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)))
        return pts

    def frame(self, spec=None, dx=0.0, light=1.0, hand=None, closeup=None):
        w, h = self.w, self.h
        base = Image.fromarray(np.clip(self.table * light, 0, 255).astype(np.uint8))
        if closeup is not None:
            base = back_closeup(closeup[0], w, h, closeup[1])
        if spec is not None:
            corners = self.place(dx)
            sheet = self.sheet(spec)
            n = sheet.size[0]
            coeffs = perspective_coeffs(corners, [(0, 0), (n, 0), (n, n), (0, n)])
            warped = sheet.transform((w, h), Image.PERSPECTIVE, coeffs, Image.BILINEAR, fillcolor=0)
            mask = Image.new("L", (n, n), 255).transform((w, h), Image.PERSPECTIVE, coeffs, Image.BILINEAR, fillcolor=0)
            base.paste(warped, (0, 0), mask)
        if hand is not None:
            # A hand and forearm sweeping across from the bottom.
            d = ImageDraw.Draw(base)
            x = hand * w
            r = 0.12 * h
            d.ellipse([x - r, h * 0.45 - r, x + r, h * 0.45 + r * 1.3], fill=168)
            d.polygon([(x - r * 0.8, h * 0.5), (x + r * 0.8, h * 0.5), (x + r * 1.2, h), (x - r * 1.2, h)], fill=160)
        return base


def slide(scene, spec, frames_in=3, hold=8, frames_out=3):
    out = []
    for k in range(frames_in):
        out.append(scene.frame(spec, dx=0.75 * (1 - (k + 1) / (frames_in + 1))))
    out += [scene.frame(spec) for _ in range(hold)]
    for k in range(frames_out):
        out.append(scene.frame(spec, dx=-0.75 * (k + 1) / (frames_out + 1)))
    return out


def empty(scene, n, light=1.0):
    return [scene.frame(light=light) for _ in range(n)]


def sequences(scene, bench=False, bench_fps=30):
    a, b, c, d = SLEEVES
    seqs = {
        "slide-in-hold-out": (empty(scene, 2) + slide(scene, a, 4, 8, 4) + empty(scene, 4), [a]),
        # The table shows empty for 2 s between the sleeves (longer than live.leaveSeconds).
        "two-in-a-row": (empty(scene, 1) + slide(scene, a) + empty(scene, 10) + slide(scene, b) + empty(scene, 4), [a, b]),
        "barcode-closeup": (empty(scene, 1)
                            + [scene.frame(closeup=(c["barcode"], s)) for s in (-8, -4, 0, 3, 5, 4)]
                            + empty(scene, 2) + slide(scene, c) + empty(scene, 4), [c]),
        "hand-over": (empty(scene, 1) + [scene.frame(d, dx=0.75 * (1 - (k + 1) / 4)) for k in range(3)]
                      + [scene.frame(d) for _ in range(6)]
                      + [scene.frame(d, hand=x) for x in (0.15, 0.4, 0.65, 0.9)]
                      + slide(scene, d, 0, 6, 3) + empty(scene, 4), [d]),
        "empty-table": (empty(scene, 6) + empty(scene, 6, light=0.93), []),
    }
    if bench:
        # Each sleeve: barcode close-up (when it has one), slide in 0.3 s, hold 3 s, slide
        # out 0.3 s, table empty 2 s; as a camera at bench_fps sees it.
        f = bench_fps
        frames, expect = empty(scene, f // 2), []
        for spec in SLEEVES:
            if spec["barcode"]:
                frames += [scene.frame(closeup=(spec["barcode"], (k % 7) - 3)) for k in range(f)] + empty(scene, f // 2)
            frames += slide(scene, spec, f * 3 // 10, 3 * f, f * 3 // 10) + empty(scene, 2 * f)
            expect.append(spec)
        seqs = {"bench": (frames, expect)}
    return seqs


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="640x480")
    p.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "live"))
    p.add_argument("--quality", type=int, default=60)
    p.add_argument("--bench", action="store_true", help="write only the long benchmark sequence")
    p.add_argument("--bench-fps", type=int, default=30)
    args = p.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    os.makedirs(args.out, exist_ok=True)
    scene = Scene(w, h)
    fps = args.bench_fps if args.bench else FPS
    for name, (frames, expect) in sequences(scene, args.bench, args.bench_fps).items():
        data = b""
        for f in frames:
            buf = io.BytesIO()
            f.save(buf, "JPEG", quality=args.quality)
            data += buf.getvalue()
        with open(os.path.join(args.out, name + ".mjpeg"), "wb") as fh:
            fh.write(data)
        records = [{"artist": s["artist"], "title": s["title"], "catalogNumber": s["catalogNumber"],
                    "barcode": s["barcode"]} for s in expect]
        with open(os.path.join(args.out, name + ".expected.json"), "w") as fh:
            json.dump({"framesPerSecond": fps, "frames": len(frames), "records": records}, fh, indent=2, sort_keys=True)
            fh.write("\n")
        print("%s: %d frames, %d KB" % (name, len(frames), len(data) // 1024))


if __name__ == "__main__":
    main()
