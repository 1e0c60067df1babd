#!/usr/bin/env python3
"""Renders the barcode fixtures: Fixtures/barcodes/<folder>/<n>.jpg + <n>.txt.

Each .txt holds what the reader must report: `SYMBOLOGY VALUE [ADDON]`, value as the
record gives it (UPC-A 12 digits, UPC-E 8). Folders named `nobarcode` hold photos-like
images with no symbol (no .txt): any read there is a false positive.

EAN/UPC symbols and their EAN-2/EAN-5 add-ons are encoded here from the GS1 tables;
Code 128 modules come from python-barcode and QR modules from qrcode. Distortions
(blur, perspective, low contrast, glare, noise, rotation) use Pillow and numpy.
Deterministic: a fixed seed, so re-running gives the same files.

  pip install python-barcode qrcode pillow numpy
  python3 Fixtures/scripts/make_barcode_fixtures.py
"""
import os
import random
import shutil

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

from gs1 import check_digit, code, ean13_modules, ean8_modules

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "barcodes")

UPCE_PARITY0 = ["GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL", "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG"]
EAN5_PARITY = ["GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG"]
EAN2_PARITY = ["LL", "LG", "GL", "GG"]






def upce_expand(v):
    ns, d, c = v[0], v[1:7], v[7]
    if d[5] in "012":
        return ns + d[0:2] + d[5] + "0000" + d[2:5] + c
    if d[5] == "3":
        return ns + d[0:3] + "00000" + d[3:5] + c
    if d[5] == "4":
        return ns + d[0:4] + "00000" + d[4] + c
    return ns + d[0:5] + "0000" + d[5] + c


def upce(v):
    p = UPCE_PARITY0[int(v[7])]
    if v[0] == "1":
        p = "".join("L" if k == "G" else "G" for k in p)
    return "101" + "".join(code(d, k) for d, k in zip(v[1:7], p)) + "010101"


def addon(a):
    if len(a) == 2:
        p = EAN2_PARITY[int(a) % 4]
    else:
        s = (3 * (int(a[0]) + int(a[2]) + int(a[4])) + 9 * (int(a[1]) + int(a[3]))) % 10
        p = EAN5_PARITY[s]
    return "1011" + "01".join(code(d, k) for d, k in zip(a, p))


def code128(v):
    import barcode
    return barcode.get("code128", v).build()[0]


def render_linear(modules, m=3, height=90, addon_modules=None, text=None, guard_extra=0):
    """White canvas with a quiet zone of 11 modules; returns a gray PIL image."""
    quiet = 11 * m
    width = quiet * 2 + len(modules) * m + (len(addon_modules) * m + 9 * m if addon_modules else 0)
    h = height + 30
    img = Image.new("L", (width, h), 245)
    d = ImageDraw.Draw(img)
    x = quiet
    for b in modules:
        if b == "1":
            d.rectangle([x, 8, x + m - 1, 8 + height + guard_extra], fill=25)
        x += m
    if addon_modules:
        x += 9 * m
        for b in addon_modules:
            if b == "1":
                d.rectangle([x, 20, x + m - 1, 8 + height + guard_extra], fill=25)
            x += m
    if text:
        d.text((quiet, 12 + height + guard_extra), text, fill=25, font=ImageFont.load_default())
    return img


def render_qr(v, m=5):
    import qrcode
    q = qrcode.QRCode(border=4, box_size=m, error_correction=qrcode.constants.ERROR_CORRECT_M)
    q.add_data(v)
    q.make(fit=True)
    return q.make_image(fill_color="black", back_color="white").get_image().convert("L")


# ---- distortions (each takes and returns a gray PIL image) ----

def on_page(img, rng, pad=40):
    """The symbol on a larger textured page, as a photo would frame it."""
    w, h = img.size
    page = Image.new("L", (w + 2 * pad, h + 2 * pad), rng.randint(150, 200))
    page.paste(img, (pad, pad))
    return page


def blur(img, r):
    return img.filter(ImageFilter.GaussianBlur(r))


def perspective(img, k):
    w, h = img.size
    # Maps output corners to input corners: one side pinched by k of the height.
    coeffs = find_coeffs([(0, 0), (w, k * h), (w, h - k * h), (0, h)], [(0, 0), (w, 0), (w, h), (0, h)])
    return img.transform((w, h), Image.Transform.PERSPECTIVE, coeffs, Image.Resampling.BILINEAR, fillcolor=170)


def find_coeffs(src, dst):
    a = []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        a.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    A = np.array(a, dtype=float)
    B = np.array([c for p in dst for c in p], dtype=float)
    return np.linalg.solve(A, B).tolist()


def low_contrast(img, lo, hi):
    a = np.asarray(img, dtype=float) / 255.0
    return Image.fromarray((lo + a * (hi - lo)).astype(np.uint8))


def glare(img, rng, strength):
    a = np.asarray(img, dtype=float)
    h, w = a.shape
    cx, cy = rng.uniform(0.3, 0.7) * w, rng.uniform(0.2, 0.6) * h
    yy, xx = np.mgrid[0:h, 0:w]
    blob = np.exp(-(((xx - cx) / (0.25 * w)) ** 2 + ((yy - cy) / (0.35 * h)) ** 2))
    return Image.fromarray(np.clip(a + strength * blob * (255 - a) + strength * 60 * blob, 0, 255).astype(np.uint8))


def noise(img, rng, sigma):
    a = np.asarray(img, dtype=float)
    n = np.random.default_rng(rng.randint(0, 1 << 30)).normal(0, sigma, a.shape)
    return Image.fromarray(np.clip(a + n, 0, 255).astype(np.uint8))


def rotate(img, deg):
    return img.rotate(deg, resample=Image.Resampling.BILINEAR, expand=True, fillcolor=170)


def shrink(img, longest):
    w, h = img.size
    s = min(1.0, longest / max(w, h))
    return img.resize((max(1, int(w * s)), max(1, int(h * s))), Image.Resampling.LANCZOS)


# ---- the symbols ----

def gtin(rng, n):
    body = "".join(str(rng.randint(0, 9)) for _ in range(n - 1))
    return body + check_digit(body)


def upce_value(rng):
    while True:
        v = "0" + "".join(str(rng.randint(0, 9)) for _ in range(6))
        full = upce_expand(v + "0")[:-1]
        v = v + check_digit(full)
        return v


def symbols(rng):
    """(symbology, value, addon, image) for one of each kind."""
    out = []
    v = gtin(rng, 13)
    out.append(("EAN-13", v, None, render_linear(ean13_modules(v), text=v)))
    v = gtin(rng, 8)
    out.append(("EAN-8", v, None, render_linear(ean8_modules(v), text=v)))
    v = gtin(rng, 12)
    out.append(("UPC-A", v, None, render_linear(ean13_modules("0" + v), text=v)))
    v = upce_value(rng)
    out.append(("UPC-E", v, None, render_linear(upce(v), text=v)))
    v, a = gtin(rng, 13), "".join(str(rng.randint(0, 9)) for _ in range(5))
    out.append(("EAN-13", v, a, render_linear(ean13_modules(v), addon_modules=addon(a), text=v)))
    v, a = gtin(rng, 13), "".join(str(rng.randint(0, 9)) for _ in range(2))
    out.append(("EAN-13", v, a, render_linear(ean13_modules(v), addon_modules=addon(a), text=v)))
    v = "LOT-%05d" % rng.randint(0, 99999)
    out.append(("Code 128", v, None, render_linear(code128(v), m=2, text=v)))
    v = "https://example.org/lot/%d" % rng.randint(100, 999)
    out.append(("QR", v, None, render_qr(v)))
    return out


def no_barcode(rng, i):
    """Photo-like scenes with edges but no symbol: text, stripes of varying pitch, blobs."""
    w, h = 320, 240
    img = Image.new("L", (w, h), rng.randint(120, 220))
    d = ImageDraw.Draw(img)
    font = ImageFont.load_default()
    for _ in range(rng.randint(3, 8)):
        x, y = rng.randint(0, w - 60), rng.randint(0, h - 20)
        d.text((x, y), "".join(rng.choice("ABCDEFGHIJ 0123456789") for _ in range(rng.randint(5, 20))),
               fill=rng.randint(0, 80), font=font)
    if i % 2 == 0:
        # Irregular stripes: a fence, a grille, a bookshelf; not a code.
        x = rng.randint(0, 80)
        while x < w - 20:
            bw = rng.randint(2, 12)
            d.rectangle([x, 40, x + bw, 200], fill=rng.randint(10, 90))
            x += bw + rng.randint(3, 15)
    for _ in range(rng.randint(2, 5)):
        x, y, r = rng.randint(0, w), rng.randint(0, h), rng.randint(10, 50)
        d.ellipse([x - r, y - r, x + r, y + r], outline=rng.randint(0, 255), width=rng.randint(1, 5))
    img = blur(img, rng.uniform(0, 1.2))
    return noise(img, rng, rng.uniform(2, 10))


FOLDERS = {
    "clean": lambda im, rng: on_page(im, rng),
    "blur": lambda im, rng: blur(on_page(im, rng), rng.uniform(1.4, 2.2)),
    "perspective": lambda im, rng: perspective(on_page(im, rng), rng.uniform(0.10, 0.18)),
    "lowcontrast": lambda im, rng: blur(low_contrast(on_page(im, rng), rng.randint(95, 115), rng.randint(135, 150)), 0.8),
    "glare": lambda im, rng: glare(on_page(im, rng), rng, rng.uniform(0.7, 0.95)),
    "noise": lambda im, rng: noise(blur(on_page(im, rng), 1.0), rng, rng.uniform(22, 32)),
    "rotated": lambda im, rng: rotate(on_page(im, rng), rng.choice([1, -1]) * rng.uniform(18, 35) + rng.choice([0, 90])),
}


def main():
    rng = random.Random(20261129)
    shutil.rmtree(OUT, ignore_errors=True)
    for folder, distort in FOLDERS.items():
        os.makedirs(os.path.join(OUT, folder))
        for n, (sym, value, add, img) in enumerate(symbols(rng), 1):
            # Small like a phone crop: the longer side 240-320 px, so fixtures stay a few KB.
            out = shrink(distort(img, rng), rng.randint(240, 320))
            out.save(os.path.join(OUT, folder, f"{n}.jpg"), quality=72)
            with open(os.path.join(OUT, folder, f"{n}.txt"), "w") as f:
                f.write(" ".join(x for x in (sym.replace(" ", ""), value, add) if x) + "\n")
    os.makedirs(os.path.join(OUT, "nobarcode"))
    for i in range(10):
        no_barcode(rng, i).save(os.path.join(OUT, "nobarcode", f"{i + 1}.jpg"), quality=72)


if __name__ == "__main__":
    main()
