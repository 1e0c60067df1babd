#!/usr/bin/env python3
"""Makes the capture fixtures in Fixtures/capture/.

- sleeve-scan.png: a flatbed-like gray scan of a made-up sleeve (title, artist,
  tracklist, rights line, EAN-13), the picture the SANE pnm backend returns in
  the tests (they convert it to PNM, the format pnm reads).
- sleeve-scan.expected.json: what the script drew, the fields a record must match.
- stream.mjpeg: five small JPEG frames concatenated, as a camera's MJPEG stream
  is recorded (`v4l2-ctl --stream-to`, ffmpeg `-c copy -f mjpeg`).

Needs Pillow (PyPI) and the DejaVu fonts (Debian fonts-dejavu-core).
Run from the repository root: python3 Fixtures/scripts/make_capture_fixtures.py
"""
import io
import json
import os

from PIL import Image, ImageDraw, ImageFont

from gs1 import check_digit, ean13_modules

OUT = os.path.join(os.path.dirname(__file__), "..", "capture")
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

SLEEVE = {
    "artist": "THE HOLLOW PINES",
    "title": "Evening Static",
    "catalogNumber": "HPR 1042",
    "label": "Hollow Pines Records",
    "tracks": [
        {"position": "A1", "title": "Northern Line", "duration": "3:42"},
        {"position": "A2", "title": "Paper Lanterns", "duration": "4:05"},
        {"position": "B1", "title": "Low Tide", "duration": "5:17"},
        {"position": "B2", "title": "Static Hymn", "duration": "2:58"},
    ],
    "barcode": "501234567890",  # check digit added below
}

# EAN-13 encoding tables (GS1 General Specifications, 5.2.1.2).


def ean13(digits12):
    return digits12 + check_digit(digits12)



def sleeve_scan():
    code = ean13(SLEEVE["barcode"])
    w, h = 900, 900
    img = Image.new("L", (w, h), 238)  # the scanner lid's light gray around the sleeve
    d = ImageDraw.Draw(img)
    d.rectangle([40, 30, 860, 870], fill=252, outline=120)  # the sleeve
    big, mid, small = ImageFont.truetype(BOLD, 46), ImageFont.truetype(FONT, 34), ImageFont.truetype(FONT, 24)
    d.text((90, 80), SLEEVE["artist"], font=big, fill=10)
    d.text((90, 150), SLEEVE["title"], font=mid, fill=10)
    d.text((640, 150), SLEEVE["catalogNumber"], font=small, fill=10)
    y = 250
    for t in SLEEVE["tracks"]:
        d.text((90, y), t["position"], font=small, fill=10)
        d.text((160, y), t["title"], font=small, fill=10)
        d.text((640, y), t["duration"], font=small, fill=10)
        y += 50
    d.text((90, 520), "(P) 2024 %s. Made in UK. %s" % (SLEEVE["label"], SLEEVE["catalogNumber"]), font=ImageFont.truetype(FONT, 20), fill=10)
    # Barcode: 3 px modules, quiet zones left white.
    x0, y0, module = 500, 640, 3
    for i, b in enumerate(ean13_modules(code)):
        if b == "1":
            d.rectangle([x0 + i * module, y0, x0 + (i + 1) * module - 1, y0 + 150], fill=0)
    d.text((x0, y0 + 158), code, font=small, fill=10)
    img.save(os.path.join(OUT, "sleeve-scan.png"), optimize=True)
    expected = {k: v for k, v in SLEEVE.items() if k != "barcode"}
    expected["barcodes"] = [{"symbology": "EAN-13", "value": code}]
    expected["source"] = {"width": w, "height": h}
    with open(os.path.join(OUT, "sleeve-scan.expected.json"), "w") as f:
        json.dump(expected, f, indent=2, sort_keys=True)
        f.write("\n")


def stream():
    # Frames differ (a bar moves) so a test can tell them apart and check order.
    out = b""
    for i in range(5):
        img = Image.new("L", (64, 48), 200)
        ImageDraw.Draw(img).rectangle([i * 12, 0, i * 12 + 7, 47], fill=20)
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=90)
        out += buf.getvalue()
    with open(os.path.join(OUT, "stream.mjpeg"), "wb") as f:
        f.write(out)


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    sleeve_scan()
    stream()
