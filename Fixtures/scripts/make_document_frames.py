#!/usr/bin/env python3
"""Renders small camera-like frames of a sleeve on a table, with the sleeve's true
corners, for the detector's tests (Tests/ImagingTests/SleeveDetectionFixtureTests).

    python3 Fixtures/scripts/make_document_frames.py      # writes Fixtures/document/

Each frame NAME.jpg has NAME.json: {"corners": [[x, y] x4] | null, "what": "..."};
corners are clockwise from the sleeve's printed top-left, in frame pixels, and may lie
outside the frame where the sleeve is cut off. Deterministic (fixed seeds).
Needs numpy and Pillow (generation only).
"""
import json
import math
import os

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

W, H = 480, 360
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "document")


def perspective_coeffs(dst, src):
    """PIL's PERSPECTIVE data: maps output (frame) points dst to input (sleeve) points src."""
    a = []
    b = []
    for (x, y), (u, v) in zip(dst, src):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        b += [u, v]
    return np.linalg.solve(np.array(a, float), np.array(b, float)).tolist()


def background(kind, rng):
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    if kind == "green":
        img = np.stack([80 + 0 * xx, 170 + 20 * np.sin(xx / 90), 100 + 0 * xx], -1)
    elif kind == "stripes":  # light table with soft vertical stripes
        v = 205 + 25 * np.sin(xx / 7.0) + 10 * np.sin(xx / 31.0)
        img = np.stack([v, v, v + 8], -1)
    elif kind == "wood":
        grain = np.sin((xx + 12 * np.sin(yy / 40)) / 4.0) * 18 + rng.normal(0, 6, (H, W))
        img = np.stack([150 + grain, 105 + grain * 0.8, 60 + grain * 0.5], -1)
    elif kind == "colourful":
        img = np.zeros((H, W, 3))
        for _ in range(40):
            cx, cy, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(10, 60)
            mask = (xx - cx) ** 2 + (yy - cy) ** 2 < r * r
            img[mask] = rng.uniform(0, 255, 3)
        img += 60
    elif kind == "gray":
        img = np.stack([130 + 0 * xx] * 3, -1)
    elif kind == "lid":  # a flatbed's white lid
        img = np.stack([245 + 0 * xx] * 3, -1)
    else:
        raise ValueError(kind)
    img = img + rng.normal(0, 3, img.shape)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def sleeve(size, base, ink, rng):
    """A sleeve back: a flat colour with text-like bars, a tracklist and a barcode box."""
    w, h = size
    img = Image.new("RGB", size, base)
    d = ImageDraw.Draw(img)
    d.rectangle([w * 0.08, h * 0.07, w * 0.5, h * 0.13], fill=ink)
    for i in range(8):
        y = h * (0.25 + 0.055 * i)
        d.rectangle([w * 0.08, y, w * rng.uniform(0.3, 0.55), y + h * 0.025], fill=ink)
        d.rectangle([w * 0.62, y, w * 0.7, y + h * 0.025], fill=ink)
    bx, by = w * 0.68, h * 0.75
    d.rectangle([bx, by, bx + w * 0.22, by + h * 0.14], fill=(255, 255, 255))
    for i in range(24):
        x = bx + w * 0.01 + i * w * 0.0085
        d.rectangle([x, by + h * 0.015, x + w * 0.004 * rng.integers(1, 3), by + h * 0.11], fill=(0, 0, 0))
    return img


def quad(cx, cy, side, aspect, angle_deg, persp, rng):
    """Corners clockwise from top-left: a rotated rectangle with jittered perspective."""
    hw, hh = side / 2, side / aspect / 2
    a = math.radians(angle_deg)
    pts = []
    for sx, sy in [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]:
        x = cx + sx * math.cos(a) - sy * math.sin(a)
        y = cy + sx * math.sin(a) + sy * math.cos(a)
        pts.append([x, y])
    # Perspective: the far edge (top) shrinks towards its middle.
    tx = (pts[0][0] + pts[1][0]) / 2
    for i in (0, 1):
        pts[i][0] = tx + (pts[i][0] - tx) * (1 - persp)
    return [[round(x + rng.normal(0, 2), 1), round(y + rng.normal(0, 2), 1)] for x, y in pts]


def render(name, what, bg, base, ink, corners, seed, aspect=1.0, glare=False, hand=None, blur=0.8):
    rng = np.random.default_rng(seed)
    frame = background(bg, rng)
    tex = sleeve((400, int(400 / aspect)), base, ink, rng)
    tw, th = tex.size
    src = [(0, 0), (tw, 0), (tw, th), (0, th)]
    coeffs = perspective_coeffs(corners, src)
    warped = tex.transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    mask = Image.new("L", (tw, th), 255).transform((W, H), Image.PERSPECTIVE, coeffs, Image.BILINEAR)
    frame.paste(warped, (0, 0), mask)
    arr = np.asarray(frame).astype(float)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    if glare:  # a specular blob straddling an edge
        gx, gy = (corners[1][0] + corners[2][0]) / 2 - 20, (corners[1][1] + corners[2][1]) / 2
        arr += 120 * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * 45.0 ** 2))[..., None]
    if hand is not None:  # a hand over one corner: skin-coloured ellipse with a wrist
        hx, hy = hand
        m = ((xx - hx) / 55) ** 2 + ((yy - hy) / 40) ** 2 < 1
        arr[m] = [205, 160, 135]
    arr += rng.normal(0, 4, arr.shape)
    out = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(blur))
    out.save(os.path.join(OUT, name + ".jpg"), quality=82)
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"corners": corners, "what": what}, f, indent=1)
        f.write("\n")


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(7)
    q = lambda *a: quad(*a, rng)  # noqa: E731
    render("light-on-green", "light sleeve on a smooth green table, slight tilt",
           "green", (235, 228, 225), (30, 30, 30), q(240, 180, 270, 1, 4, 0.05), 1)
    render("dark-on-stripes", "dark sleeve on a light striped table, rotated, perspective",
           "stripes", (38, 42, 40), (230, 230, 230), q(230, 185, 250, 1, -14, 0.12), 2)
    render("wood-texture", "mid-tone sleeve on wood grain, rotated 22 degrees",
           "wood", (200, 190, 160), (60, 40, 30), q(245, 180, 240, 1, 22, 0.08), 3)
    render("colourful", "sleeve on a colourful cluttered background",
           "colourful", (240, 240, 235), (20, 20, 60), q(240, 175, 250, 1, -6, 0.1), 4)
    render("low-contrast", "gray sleeve on a slightly darker gray table",
           "gray", (152, 152, 152), (90, 90, 90), q(240, 180, 260, 1, 9, 0.06), 5)
    render("glare", "glossy sleeve with a specular highlight over its right edge",
           "green", (60, 70, 120), (240, 240, 240), q(235, 180, 260, 1, -8, 0.1), 6, glare=True)
    c = q(240, 180, 260, 1, 7, 0.05)
    render("hand-over-corner", "a hand covers the bottom-right corner",
           "wood", (225, 225, 230), (20, 20, 20), c, 7, hand=(c[2][0] + 10, c[2][1] + 5))
    render("cut-corner", "the sleeve runs off the top-right of the frame",
           "stripes", (50, 45, 90), (240, 240, 200), q(290, 150, 310, 1, 10, 0.04), 8)
    render("cd-inlay", "a CD case back (not square) on a table",
           "green", (230, 230, 235), (40, 40, 40), q(240, 180, 300, 1.3, -12, 0.06), 9, aspect=1.3)
    render("flatbed-lid", "a flatbed scan: sleeve on the white lid, not filling the bed",
           "lid", (70, 110, 150), (250, 250, 250), q(230, 170, 280, 1, 2, 0.0), 10, blur=0.5)
    render("flatbed-corner", "a flatbed scan: sleeve pushed into the bed's top-left corner",
           "lid", (200, 60, 50), (250, 250, 250), [[-1.0, -1.0], [300.5, 1.5], [298.0, 303.0], [-3.5, 300.5]], 12, blur=0.5)
    # A frame with no sleeve: the detector must not invent one.
    rng2 = np.random.default_rng(11)
    background("wood", rng2).filter(ImageFilter.GaussianBlur(0.8)).save(os.path.join(OUT, "no-sleeve.jpg"), quality=82)
    with open(os.path.join(OUT, "no-sleeve.json"), "w") as f:
        json.dump({"corners": None, "what": "wood grain, no sleeve"}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
