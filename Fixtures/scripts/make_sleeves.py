#!/usr/bin/env python3
"""Renders the sleeve fixtures in Fixtures/sleeves/ and their expected records.

  python3 Fixtures/scripts/make_sleeves.py        (needs Pillow and numpy, DejaVu fonts)

Every image is drawn from scratch here (text in DejaVu fonts, an EAN-13 drawn from its
digits), so the fixtures carry no third-party content. Deterministic: a fixed seed.
"""
import json
import os
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from gs1 import check_digit, ean13_modules

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "sleeves")
FONTS = "/usr/share/fonts/truetype/dejavu"





def draw_ean13(draw, x, y, code, module=4, height=160):
    draw.rectangle([x - 12 * module, y - 8 * module, x + 107 * module, y + height + 22 * module], fill="white")
    for i, b in enumerate(ean13_modules(code)):
        if b == "1":
            draw.rectangle([x + i * module, y, x + (i + 1) * module - 1, y + height], fill="black")
    f = font("DejaVuSansMono.ttf", int(module * 6))
    draw.text((x + 4 * module, y + height + 4 * module), code, fill="black", font=f)


def font(name, size):
    return ImageFont.truetype(os.path.join(FONTS, name), size)


def sleeve(spec, size=1600):
    """A sleeve back: header, tracklist in the given layout, credits, barcode, rights line."""
    img = Image.new("RGB", (size, size), spec["paper"])
    d = ImageDraw.Draw(img)
    s = size / 1600
    ink = spec["ink"]
    d.text((100 * s, 90 * s), spec["artist"].upper(), fill=ink, font=font("DejaVuSerif.ttf", int(70 * s)))
    d.text((100 * s, 190 * s), spec["title"].upper(), fill=ink, font=font("DejaVuSerif.ttf", int(44 * s)))
    cat_font = font("DejaVuSans.ttf", int(34 * s))
    w = d.textlength(spec["catalogNumber"], font=cat_font)
    d.text((size - 100 * s - w, 100 * s), spec["catalogNumber"], fill=ink, font=cat_font)

    body = font("DejaVuSans.ttf", int(32 * s))
    tracks = spec["tracks"]
    if spec["layout"] == "sides-side-by-side":
        for col, side in enumerate(["A", "B"]):
            x0 = (100 + col * 760) * s
            d.text((x0, 330 * s), f"SIDE {side}", fill=ink, font=font("DejaVuSans-Bold.ttf", int(34 * s)))
            rows = [t for t in tracks if t["position"].startswith(side)]
            for i, t in enumerate(rows):
                y = (400 + i * 66) * s
                d.text((x0, y), t["position"], fill=ink, font=body)
                d.text((x0 + 70 * s, y), t["title"], fill=ink, font=body)
                dw = d.textlength(t["duration"], font=body)
                d.text((x0 + 660 * s - dw, y), t["duration"], fill=ink, font=body)
    else:  # inline: "A1  Title (3:10)"
        for i, t in enumerate(tracks):
            y = (340 + i * 62) * s
            d.text((100 * s, y), f'{t["position"]}  {t["title"]} ({t["duration"]})', fill=ink, font=body)

    small = font("DejaVuSans.ttf", int(24 * s))
    for i, line in enumerate(spec["credits"]):
        d.text((100 * s, (1040 + i * 36) * s), line, fill=ink, font=small)
    draw_ean13(d, int(1120 * s), int(1240 * s), spec["barcode"], module=max(2, int(3 * s)), height=int(150 * s))
    rights = f'(P) {spec["year"]} {spec["label"]} Records. Made in UK. {spec["catalogNumber"]}'
    d.text((100 * s, 1480 * s), rights, fill=ink, font=small)
    return img


def perspective_coeffs(dst, src):
    """Coefficients for PIL's perspective transform mapping output (dst) to input (src) points."""
    a = []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    b = [c for p in src for c in p]
    return np.linalg.solve(np.array(a, dtype=float), np.array(b, dtype=float)).tolist()


def photo(sheet, corners, size=(1600, 1200), seed=1):
    """The sheet as a camera sees it on a textured table: perspective, soft light, noise."""
    rng = np.random.default_rng(seed)
    w, h = size
    yy, xx = np.mgrid[0:h, 0:w]
    table = 120 + 25 * np.sin(xx / 37.0) * np.cos(yy / 53.0) + rng.normal(0, 6, (h, w))
    bg = np.stack([table * 0.55, table * 0.75, table * 0.5], axis=-1).clip(0, 255).astype(np.uint8)
    base = Image.fromarray(bg)
    sw, sh = sheet.size
    coeffs = perspective_coeffs(corners, [(0, 0), (sw, 0), (sw, sh), (0, sh)])
    warped = sheet.transform(size, Image.PERSPECTIVE, coeffs, Image.BICUBIC)
    mask = Image.new("L", sheet.size, 255).transform(size, Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    base.paste(warped, (0, 0), mask)
    arr = np.asarray(base).astype(float)
    light = 1.0 + 0.12 * np.exp(-(((xx - w * 0.6) / (w * 0.35)) ** 2 + ((yy - h * 0.4) / (h * 0.4)) ** 2))
    arr = arr * light[..., None] + rng.normal(0, 4, arr.shape)
    return Image.fromarray(arr.clip(0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(0.6))


def expected(spec):
    keys = ["artist", "title", "label", "catalogNumber", "barcode", "tracks"]
    return {k: spec[k] for k in keys}


def main():
    random.seed(7)
    os.makedirs(OUT, exist_ok=True)
    side_by_side = {
        "artist": "Velvet Harbour", "title": "Lanterns Over Quay", "label": "Marrow",
        "catalogNumber": "MRW 4417", "year": 1978, "layout": "sides-side-by-side",
        "paper": (236, 226, 232), "ink": (25, 20, 25),
        "barcode": "501234567890" + check_digit("501234567890"),
        "tracks": [
            {"position": "A1", "title": "Copper Tide", "duration": "4:12"},
            {"position": "A2", "title": "Northern Lamps", "duration": "11:38"},
            {"position": "A3", "title": "Slow Weather", "duration": "3:05"},
            {"position": "B1", "title": "Quayside", "duration": "6:47"},
            {"position": "B2", "title": "Harbour Lights Fade", "duration": "9:09"},
            {"position": "B3", "title": "Mooring", "duration": "2:58"},
            {"position": "B4", "title": "Last Ferry Home", "duration": "12:01"},
        ],
        "credits": ["Produced by Ada Marlow and the Quay Players", "Recorded at Pier Studios, Leith",
                    "Cover design by Tom Reed"],
    }
    inline = {
        "artist": "Glass Orchard", "title": "Paper Suns", "label": "Fenwick",
        "catalogNumber": "FEN-207", "year": 1991, "layout": "inline",
        "paper": (222, 234, 242), "ink": (20, 24, 30),
        "barcode": "409876543210" + check_digit("409876543210"),
        "tracks": [
            {"position": "A1", "title": "Morning Static", "duration": "3:44"},
            {"position": "A2", "title": "Tin Roof", "duration": "5:10"},
            {"position": "A3", "title": "Orchard Wires", "duration": "10:09"},
            {"position": "B1", "title": "Paper Suns", "duration": "4:51"},
            {"position": "B2", "title": "Cold Frame", "duration": "6:02"},
            {"position": "B3", "title": "Windfall", "duration": "3:19"},
        ],
        "credits": ["Produced by Glass Orchard", "Recorded at Loft Studios, Bristol", "Cover design by M. Hale"],
    }
    sleeve(side_by_side).save(os.path.join(OUT, "flatbed-side-by-side.png"), optimize=True)
    json.dump(expected(side_by_side), open(os.path.join(OUT, "flatbed-side-by-side.expected.json"), "w"), indent=1)

    sheet = sleeve(inline, size=1400)
    corners = [(330, 120), (1290, 150), (1270, 1110), (310, 1085)]
    photo(sheet, corners).save(os.path.join(OUT, "photo-inline.jpg"), quality=88)
    exp = expected(inline)
    exp["corners"] = [list(c) for c in corners]
    json.dump(exp, open(os.path.join(OUT, "photo-inline.expected.json"), "w"), indent=1)


if __name__ == "__main__":
    main()
