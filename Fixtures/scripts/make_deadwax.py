#!/usr/bin/env python3
"""Renders small dead-wax fixture photos and their expected records.

  python3 Fixtures/scripts/make_deadwax.py [OUT_DIR]   (default Fixtures/deadwax)

Each fixture is a black disc with grooves, a coloured centre label carrying printed
text that must never be read as matrix, and one etched run in the dead wax (the
smooth band between label and grooves), photographed with affine foreshortening
(weak perspective), a glare streak and sensor noise. X.jpg comes with X.expected.json:
the etched run, its side, the label's lines, and the disc's centre and radii in the
photo's pixels (semi-major axes).

Needs Pillow and NumPy (generation only) and the DejaVu fonts (Debian fonts-dejavu-core).
Deterministic: the same seed gives the same files.
"""
import json, math, os, sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONTS = "/usr/share/fonts/truetype/dejavu/"

# name, matrix run, side, centre angle of the run (degrees, clockwise from 3 o'clock),
# label colour, label lines, foreshortening (y scale), tilt (degrees), glare angle, seed
FIXTURES = [
    ("deadwax-seam", "64021-2-A1 STERLING", "A", 0, (214, 180, 90),
     ["MERIDIAN", "The Lanterns", "Night Ferry", "MRD 4410", "SIDE A"], 0.90, 8, 230, 1),
    ("deadwax-bottom", "ZX-7731-B2 RL", "B", 95, (120, 170, 220),
     ["HARBOUR", "Grey Pilots", "Salt Lines", "HBR 209", "SIDE B"], 0.84, -14, 40, 2),
    ("deadwax-tilted", "55190-1-A3 MASTERDISK", "A", 215, (230, 120, 150),
     ["COASTLINE", "Velvet Engine", "Low Tide", "CST 77012", "SIDE A"], 0.80, 25, 300, 3),
]

SIZE = (960, 720)
DISC_R = 330.0
LABEL_R = 0.34 * DISC_R
GROOVES_FROM = 0.48 * DISC_R
ETCH_R = 0.405 * DISC_R  # baseline radius of the etched run


def render_flat(matrix, angle_deg, label_colour, label_lines, glare_deg, rng):
    """The disc seen square-on, centred in a square canvas of side 2·DISC_R + margin."""
    side = int(2 * DISC_R + 80)
    c = side / 2
    yy, xx = np.mgrid[0:side, 0:side].astype(np.float32)
    r = np.hypot(xx - c, yy - c)
    a = np.degrees(np.arctan2(yy - c, xx - c)) % 360
    img = np.full((side, side), 0.0, np.float32)
    alpha = (r <= DISC_R).astype(np.float32)
    vinyl = np.full_like(r, 22.0)
    # Grooves: fine concentric ridges whose brightness wobbles from band to band.
    grooves = (r >= GROOVES_FROM) & (r <= DISC_R - 6)
    ridge = 0.5 + 0.5 * np.cos(2 * math.pi * r / 3.2)
    band = 1 + 0.4 * np.sin(r / 9.0)
    vinyl = np.where(grooves, 18 + 14 * ridge * band, vinyl)
    # The dead wax is smooth and a shade lighter.
    dead = (r > LABEL_R) & (r < GROOVES_FROM)
    vinyl = np.where(dead, 34.0, vinyl)
    # Glare: a soft bright wedge across the vinyl.
    d = np.abs((a - glare_deg + 180) % 360 - 180)
    vinyl = vinyl + 55 * np.exp(-(d / 9.0) ** 2) * (r > LABEL_R)
    img = vinyl

    rgb = np.stack([img, img, img], -1)
    label = r <= LABEL_R
    for k in range(3):
        rgb[..., k] = np.where(label, label_colour[k], rgb[..., k])
    pil = Image.fromarray(np.clip(rgb, 0, 255).astype(np.uint8), "RGB")
    draw = ImageDraw.Draw(pil)

    # Label print: centred lines, the spindle hole on top.
    font = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", 15)
    total = len(label_lines) * 22
    for i, line in enumerate(label_lines):
        w = draw.textlength(line, font=font)
        draw.text((c - w / 2, c - total / 2 + i * 22), line, fill=(20, 20, 20), font=font)
    draw.ellipse((c - 6, c - 6, c + 6, c + 6), fill=(10, 10, 10))

    # The etched run: glyph by glyph along the arc, tops to the rim, read clockwise.
    etch = Image.new("L", (side, side), 0)
    efont = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", 19)
    advance = efont.getlength("M") * 1.05
    span = advance * len(matrix) / ETCH_R
    start = math.radians(angle_deg) - span / 2
    for i, ch in enumerate(matrix):
        if ch == " ":
            continue
        theta = start + (i + 0.5) * advance / ETCH_R
        glyph = Image.new("L", (40, 40), 0)
        ImageDraw.Draw(glyph).text((20, 20), ch, fill=255, font=efont, anchor="ms")
        # Clockwise reading with tops outward: the glyph's up is the radial direction.
        glyph = glyph.rotate(-math.degrees(theta) - 90, resample=Image.BICUBIC)
        gx = c + ETCH_R * math.cos(theta) - 20
        gy = c + ETCH_R * math.sin(theta) - 20
        etch.paste(255, (int(round(gx)), int(round(gy))), glyph)
    etch = np.asarray(etch.filter(ImageFilter.GaussianBlur(0.6)), np.float32) / 255
    base = np.asarray(pil, np.float32)
    base = base + 38 * etch[..., None]  # faint: a light scratch on dark wax
    return np.clip(base, 0, 255), alpha, side


def photograph(flat, alpha, side, yscale, tilt_deg, rng):
    """Places the disc on a textured background under an affine foreshortening."""
    W, H = SIZE
    cx, cy = W / 2 + rng.uniform(-40, 40), H / 2 + rng.uniform(-25, 25)
    scale = 0.95
    t = math.radians(tilt_deg)
    # Forward map (flat → photo): rotate by tilt, squash y, rotate back, scale.
    R = np.array([[math.cos(t), -math.sin(t)], [math.sin(t), math.cos(t)]])
    M = scale * R @ np.diag([1.0, yscale]) @ R.T
    Minv = np.linalg.inv(M)
    c = side / 2
    # PIL wants the inverse map photo → flat: flat = Minv (p − centre) + c.
    coeffs = (Minv[0, 0], Minv[0, 1], c - Minv[0, 0] * cx - Minv[0, 1] * cy,
              Minv[1, 0], Minv[1, 1], c - Minv[1, 0] * cx - Minv[1, 1] * cy)
    photo_disc = Image.fromarray(flat.astype(np.uint8), "RGB").transform(SIZE, Image.AFFINE, coeffs, Image.BILINEAR)
    mask = Image.fromarray((alpha * 255).astype(np.uint8), "L").transform(SIZE, Image.AFFINE, coeffs, Image.BILINEAR)
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    bg = np.stack([150 + 20 * np.sin(xx / 37.0) + 10 * np.cos(yy / 23.0),
                   160 + 15 * np.cos(xx / 51.0),
                   140 + 20 * np.sin(yy / 29.0)], -1)
    m = np.asarray(mask, np.float32)[..., None] / 255
    out = m * np.asarray(photo_disc, np.float32) + (1 - m) * bg
    out += rng.normal(0, 3.0, out.shape)
    semi_major = scale * DISC_R * max(1.0, yscale)
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8), "RGB"), (cx, cy), semi_major, scale * LABEL_R


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "deadwax")
    os.makedirs(out_dir, exist_ok=True)
    for name, matrix, side_, angle, colour, lines, yscale, tilt, glare, seed in FIXTURES:
        rng = np.random.default_rng(seed)
        flat, alpha, side = render_flat(matrix, angle, colour, lines, glare, rng)
        photo, centre, disc_r, label_r = photograph(flat, alpha, side, yscale, tilt, rng)
        photo.save(os.path.join(out_dir, name + ".jpg"), quality=82)
        expected = {"kind": "deadwax", "matrix": matrix, "side": side_, "labelText": lines[:-1],
                    "center": [round(centre[0], 1), round(centre[1], 1)],
                    "discRadius": round(disc_r, 1), "labelRadius": round(label_r, 1)}
        with open(os.path.join(out_dir, name + ".expected.json"), "w") as f:
            json.dump(expected, f, indent=1)
            f.write("\n")
        print(name, os.path.getsize(os.path.join(out_dir, name + ".jpg")), "bytes")


if __name__ == "__main__":
    main()
