#!/usr/bin/env python3
"""Renders Fixtures/sleeves/faint-footer.jpg: a sleeve back whose rights line is printed
small in light gray under black type, as on the sleeve photo that motivated
UnreadRowsRereader (the engine's page binarisation erased its "Made in USA" footer).

  python3 Fixtures/scripts/make_faint_footer.py [OUT.jpg]   (needs Pillow and numpy, DejaVu fonts)

Drawn from scratch in DejaVu fonts, no third-party content. Deterministic: a fixed seed.
"""
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = "/usr/share/fonts/truetype/dejavu"
# Paper and the footer's ink: 50 levels apart, against 230 for the black type.
PAPER, FAINT, INK = 244, 194, 14


def font(name, size):
    return ImageFont.truetype(os.path.join(FONTS, name), size)


def main(out):
    page = Image.new("L", (1000, 1000), PAPER)
    d = ImageDraw.Draw(page)
    d.text((70, 60), "HARROW LANE", fill=INK, font=font("DejaVuSans-Bold.ttf", 46))
    d.text((70, 125), "Winter Orchards", fill=INK, font=font("DejaVuSans.ttf", 30))
    tracks = ["A1 Slate Roofs 3:41", "A2 Kettle Hill 4:05", "B1 Lantern Field 5:12", "B2 Quiet Ferry 2:58"]
    for i, t in enumerate(tracks):
        d.text((70, 210 + 42 * i), t, fill=INK, font=font("DejaVuSerif.ttf", 24))
    d.text((780, 66), "HLR 3307", fill=INK, font=font("DejaVuSerif.ttf", 22))
    d.text((70, 880), "(P) 1994 Harrow Lane Records. Made in Canada. HLR 3307", fill=FAINT,
           font=font("DejaVuSerif.ttf", 13))
    rng = np.random.default_rng(11)
    arr = np.asarray(page.filter(ImageFilter.GaussianBlur(0.7))).astype(float) + rng.normal(0, 3, (1000, 1000))
    Image.fromarray(arr.clip(0, 255).astype(np.uint8)).save(out, quality=90)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "sleeves", "faint-footer.jpg"))
