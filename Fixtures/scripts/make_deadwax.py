#!/usr/bin/env python3
"""Renders small dead-wax fixture photos and their expected records.

  python3 Fixtures/scripts/make_deadwax.py [OUT_DIR]   (default Fixtures/deadwax)
  python3 Fixtures/scripts/make_deadwax.py --held-out closeup|closeup-black|whole|whole-black OUT_DIR SEED COUNT
      (an evaluation set with X.truth.json in the graders' shape; not for the repo)

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
    # A dark label on the wax: its enhanced strip reads the run's 4 as 3; the photo's
    # own pixels along the run read it exactly.
    ("deadwax-olive-label", "HPX44962-C1 MASTERDISK", "C", 209, (68, 79, 62),
     ["STEREO", "The Owls", "Far Lights", "HPX 8203", "SIDE C"], 0.871, -17.1, 290, 45),
    # A black label printed in white, the dead wax a shade lighter than label and
    # grooves: the outermost strong step is the grooves' beginning, not the label's edge.
    ("deadwax-black-label", "KL-30418-B1", "B", 140, (22, 22, 24),
     ["NORTHWIND", "The Kites", "Iron Bloom", "KL 5120", "SIDE B"], 0.88, 12, 60, 5),
    # The same, tilted further: the rays' steps fit an ellipse flatter than the disc
    # (0.82 of its shape), halfway between the label's edge and the grooves.
    ("deadwax-black-label-tilted", "DMS-61207-C2", "C", 10, (22, 22, 24),
     ["HALCYON", "The Reeds", "Slow Water", "DMS 7731", "SIDE C"], 0.88, -29, 202, 27),
]

def is_dark(colour):
    """A label dark enough to be printed in light ink, as real black labels are."""
    return sum(colour) < 180


def ink_for(colour):
    return (215, 215, 215) if is_dark(colour) else (20, 20, 20)


SIZE = (960, 720)
DISC_R = 330.0
LABEL_R = 0.34 * DISC_R
GROOVES_FROM = 0.48 * DISC_R
ETCH_R = 0.405 * DISC_R  # baseline radius of the etched run


def render_flat(matrix, angle_deg, label_colour, label_lines, glare_deg, rng, etch_size=19, etch_light=38, etch_blur=0.6,
                ink=(20, 20, 20)):
    """The disc seen square-on, centred in a square canvas of side 2·DISC_R + margin.
    The etched run is set in DejaVu Sans Mono of `etch_size` px, `etch_light` gray
    levels lighter than the wax, blurred by `etch_blur` px. The label is printed in `ink`."""
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
        draw.text((c - w / 2, c - total / 2 + i * 22), line, fill=ink, font=font)
    draw.ellipse((c - 6, c - 6, c + 6, c + 6), fill=(10, 10, 10))

    # The etched run: glyph by glyph along the arc, tops to the rim, read clockwise.
    etch = Image.new("L", (side, side), 0)
    efont = ImageFont.truetype(FONTS + "DejaVuSansMono.ttf", etch_size)
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
    etch = np.asarray(etch.filter(ImageFilter.GaussianBlur(etch_blur)), np.float32) / 255
    base = np.asarray(pil, np.float32)
    base = base + etch_light * etch[..., None]  # faint: a light scratch on dark wax
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


# ---------------------------------------------------------------------------------
# Close-ups of the run-out as collectors photograph them: the disc's centre often out
# of frame, the run along the groove's arc, stamped (relief lit from one side) or
# etched (a light scratch), a strip of the label with rim text, CD hubs (a silver
# ring with engraved text, possibly mirrored as it reads through the disc).

# name, matrix, side, style, size, seed: the project's own close-up fixtures (small).
CLOSEUP_FIXTURES = [
    ("closeup-stamped", "KL-20417-B1", "B", "stamped", (640, 480), 11, {}),
    ("closeup-etched", "39025-A2 RL", "A", "etched", (640, 480), 12, {}),
    # A purple label on brown wax, one gray apart (99 against 96 by leptonica's
    # weights): its edge shows only in the colour channels (blue 160 against 35).
    ("closeup-colour", "ZEN-14232-B1", "B", "etched", (640, 480), 23,
     {"wax": (150, 89, 35), "label_colour": (123, 61, 160)}),
    # A black label on black wax, printed in white: no step at the label's edge, the
    # strongest step is where the grooves begin, and the run lies inside it.
    ("closeup-black-label", "GRT-58120-A2", "A", "etched", (640, 480), 32,
     {"label_colour": (20, 20, 22)}),
    # The same kind, where the ring fit wanders off the voted centre onto rings
    # round another (the grooves' edge is then not found there).
    ("closeup-black-label-wandering-fit", "GRT-58120-A2", "A", "etched", (640, 480), 50,
     {"label_colour": (20, 20, 22)}),
    # A dim label whose edge steps a little, with the grooves close outside it: the
    # label's fit jumped to the grooves' stronger ring and unwrapped the music.
    ("closeup-dim-label-near-grooves", "GRT-58120-A2", "A", "etched", (640, 480), 62,
     {"label_colour": (36, 36, 40), "groove_ratio": 1.22}),
]

# Word pools for random held-out runs (none of these strings is in any shared data).
PREFIXES = ["KL", "ORB", "TZ", "HPX", "DMS", "QV", "RCA", "ZEN", "MOV", "GRT", "BX"]
MARKS = ["RL", "STERLING", "MASTERDISK", "TML-M", "PORKY", "HTM", "SH1", "A//1"]
RIM = ["ALL RIGHTS RESERVED BY THE PRODUCER AND OWNER OF THIS RECORDING",
       "UNAUTHORISED COPYING HIRING LENDING PUBLIC PERFORMANCE PROHIBITED"]
LABEL_WORDS = ["HALCYON", "NORTHWIND", "SIDE ONE", "STEREO", "SIDE TWO", "LONG PLAY"]


def random_run(rng, style):
    """A plausible run: catalogue with a lacquer mark, sometimes a mastering mark."""
    if style == "cd":
        code = f"{rng.integers(1, 9)}-{rng.integers(10000, 99999)}-2"
        return code + (f" {rng.choice(['SRC', 'DADC', 'PMDC'])}{rng.integers(1, 99):02d}" if rng.random() < 0.7 else ""), None
    side = str(rng.choice(list("ABCD")))
    code = f"{rng.choice(PREFIXES)}{'-' if rng.random() < 0.5 else ''}{rng.integers(1000, 99999)}-{side}{rng.integers(1, 4)}"
    if rng.random() < 0.6:
        code += " " + str(rng.choice(MARKS))
    return code, side


def relief(mask, light_deg, depth):
    """Shading of a raised (depth > 0) or cut (depth < 0) stroke lit from light_deg."""
    blurred = np.asarray(Image.fromarray((mask * 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.4)),
                         np.float32) / 255
    gy, gx = np.gradient(blurred)
    lx, ly = math.cos(math.radians(light_deg)), math.sin(math.radians(light_deg))
    return depth * (gx * lx + gy * ly)


def render_closeup(matrix, style, size, rng, mirrored=False, upside_down=False, wax=None, label_colour=None,
                   groove_ratio=None):
    """One close-up: returns the RGB image and its truth (pixels as stored). `wax` and
    `label_colour` (RGB) replace the random ones when given (the random draws are made
    all the same, so held-out sets do not change). A dark `label_colour` is printed in
    light ink, as black labels are; its edge is then no step in brightness at all.
    `groove_ratio` puts the grooves' beginning at that multiple of the label's radius."""
    W, H = size
    scale = W / 1280
    label_r = rng.uniform(380, 520) * scale
    groove_r = label_r * rng.uniform(1.27, 1.36)
    if groove_ratio is not None:
        groove_r = label_r * groove_ratio
    disc_r = label_r * (2.6 if style != "cd" else 3.3)
    # The centre: off the frame on some side, or just inside near an edge.
    side_pick = rng.integers(0, 4)
    along = rng.uniform(0.25, 0.75)
    off = rng.uniform(-0.15, 0.35) * label_r
    cx, cy = [(along * W, H + off), (along * W, -off), (-off, along * H), (W + off, along * H)][side_pick]
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    r = np.hypot(xx - cx, yy - cy)
    a = np.arctan2(yy - cy, xx - cx)
    coloured = style != "cd" and rng.random() < 0.2
    base = np.array([rng.uniform(140, 200), rng.uniform(60, 140), rng.uniform(20, 60)]) if coloured else np.array([16.0, 16, 18])
    if wax is not None:
        coloured, base = True, np.array(wax, np.float64)
    img = np.zeros((H, W, 3), np.float32) + base
    light = rng.uniform(0, 360)
    spec = np.exp(-((np.angle(np.exp(1j * (a - math.radians(light))))) / 0.35) ** 2)
    if style == "cd":
        silver = (r > label_r) & (r < groove_r)
        data = (r >= groove_r) & (r < disc_r)
        img[silver] = np.array([150.0, 150, 158])[None] + 25 * spec[silver][:, None]
        hue = (a * 3 + r / 90.0)
        rainbow = np.stack([70 + 30 * np.sin(hue), 70 + 30 * np.sin(hue + 2), 80 + 30 * np.sin(hue + 4)], -1)
        img[data] = rainbow[data]
        inner = r <= label_r
        img[inner] = np.array([90.0, 70, 110])
    else:
        grooves = (r >= groove_r) & (r < disc_r)
        ridge = 0.5 + 0.5 * np.cos(2 * math.pi * r / (2.6 * max(scale, 0.5)))
        band = 1 + 0.5 * np.sin(r / (7.0 * scale) + rng.uniform(0, 6))
        shade = 10 + 22 * ridge * band + 60 * spec * ridge
        img[grooves] = (base[None] * 0.7 + shade[grooves][:, None]) if coloured else shade[grooves][:, None]
        dead = (r > label_r) & (r < groove_r)
        img[dead] = base[None] + 25 * spec[dead][:, None]
        img[r >= disc_r] = np.array([rng.uniform(80, 160), rng.uniform(80, 160), rng.uniform(80, 160)])
        label = r <= label_r
        lc = np.array([rng.uniform(40, 230), rng.uniform(40, 230), rng.uniform(40, 230)])
        if label_colour is not None:
            lc = np.array(label_colour, np.float64)
        img[label] = lc
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
    label_text = []
    if style != "cd":
        # Rim text just inside the label's edge, and a big label word, printed.
        draw_layer = Image.new("L", size, 0)
        rim = str(rng.choice(RIM))
        rfont = ImageFont.truetype(FONTS + "DejaVuSans.ttf", max(8, int(15 * scale)))
        rr = label_r - 22 * scale
        adv = rfont.getlength("M") * 0.8
        start = rng.uniform(0, 2 * math.pi)
        for i, ch in enumerate(rim):
            th = start + i * adv / rr
            g = Image.new("L", (48, 48), 0)
            ImageDraw.Draw(g).text((24, 24), ch, fill=255, font=rfont, anchor="ms")
            g = g.rotate(-math.degrees(th) - 90, resample=Image.BICUBIC)
            draw_layer.paste(255, (int(cx + rr * math.cos(th) - 24), int(cy + rr * math.sin(th) - 24)), g)
        word = str(rng.choice(LABEL_WORDS))
        bfont = ImageFont.truetype(FONTS + "DejaVuSans-Bold.ttf", max(10, int(40 * scale)))
        th = math.atan2(H / 2 - cy, W / 2 - cx) + math.pi
        wx, wy = cx + (label_r - 90 * scale) * math.cos(th + math.pi), cy + (label_r - 90 * scale) * math.sin(th + math.pi)
        ImageDraw.Draw(draw_layer).text((wx, wy), word, fill=255, font=bfont, anchor="mm")
        ink = np.asarray(draw_layer, np.float32)[..., None] / 255 * (r <= label_r)[..., None]
        arr = np.asarray(pil, np.float32)
        dark_label = label_colour is not None and is_dark(label_colour)
        arr = arr * (1 - ink) + (215 if dark_label else 15) * ink
        pil = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
        label_text = [rim] + rim.split() + [word] + word.split()
    # The run along the arc between label and grooves.
    run_r = label_r + (groove_r - label_r) * rng.uniform(0.35, 0.55)
    fname = "DejaVuSansMono-Bold.ttf" if style == "stamped" else ("DejaVuSans.ttf" if style == "cd" else "DejaVuSansMono.ttf")
    efont = ImageFont.truetype(FONTS + fname, max(10, int(rng.uniform(30, 38) * scale)))
    advance = efont.getlength("M") * (1.25 if style == "stamped" else 1.05)
    # The run sits in the frame: its middle on the visible part of the arc nearest the image centre.
    mid = math.atan2(H / 2 - cy, W / 2 - cx) + rng.uniform(-0.25, 0.25)
    span = advance * len(matrix) / run_r
    direction = -1 if (upside_down != mirrored) else 1
    mask = Image.new("L", size, 0)
    for i, ch in enumerate(matrix):
        if ch == " ":
            continue
        th = mid + direction * ((i + 0.5) * advance / run_r - span / 2)
        g = Image.new("L", (64, 64), 0)
        ImageDraw.Draw(g).text((32, 32 + (0 if not upside_down else -efont.size * 0.0)), ch, fill=255, font=efont, anchor="mm")
        if mirrored:
            g = g.transpose(Image.FLIP_LEFT_RIGHT)
        turn = -math.degrees(th) - 90 + (180 if upside_down else 0)
        g = g.rotate(turn, resample=Image.BICUBIC)
        mask.paste(255, (int(round(cx + run_r * math.cos(th) - 32)), int(round(cy + run_r * math.sin(th) - 32))), g)
    m = np.asarray(mask, np.float32) / 255
    arr = np.asarray(pil, np.float32)
    if style == "etched":
        m2 = np.asarray(mask.filter(ImageFilter.GaussianBlur(0.7)), np.float32) / 255
        arr = arr + 70 * m2[..., None] + relief(m, light, 25 * 8)[..., None]
    else:
        arr = arr + relief(m, light, (1 if style == "stamped" else -1) * 90 * 8)[..., None]
    arr += rng.normal(0, 3.0, arr.shape)
    # Dust.
    for _ in range(int(60 * scale)):
        x, y = rng.integers(0, W), rng.integers(0, H)
        arr[max(0, y - 1):y + 1, max(0, x - 1):x + 1] += 90
    photo = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
    truth = {"kind": "deadwax", "closeUp": True, "matrix": matrix, "matrixAll": None,
             "labelText": label_text, "discCenter": [round(cx, 1), round(cy, 1)],
             "grooveRadius": [round(label_r, 1), round(groove_r, 1)], "discRadius": round(disc_r, 1),
             "imageSize": [W, H], "style": style, "exifOrientation": 1, "mirrored": mirrored if style == "cd" else None,
             "upsideDown": upside_down}
    return photo, truth


def write_closeup(out_dir, name, photo, truth, suffix):
    photo.save(os.path.join(out_dir, name + ".jpg"), quality=85)
    with open(os.path.join(out_dir, name + suffix), "w") as f:
        json.dump(truth, f, indent=1, ensure_ascii=False)
        f.write("\n")


def held_out(out_dir, kind, seed, count):
    """A held-out evaluation set (truth as X.truth.json, the graders' shape)."""
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(seed)
    for k in range(count):
        name = f"{kind}-{seed}-{k:03d}"
        if kind in ("closeup", "closeup-black"):
            # closeup-black: black labels printed in white; on black wax (four in
            # five) the label's edge is no step in brightness.
            black = {"label_colour": (20, 20, 22)} if kind == "closeup-black" else {}
            style = ["stamped", "etched", "mixed", "cd"][k % 4]
            matrix, side_ = random_run(rng, style)
            size = [(1280, 960), (1600, 1200), (1920, 1440)][k % 3]
            photo, truth = render_closeup(matrix, "stamped" if style == "mixed" and k % 8 < 4 else ("etched" if style == "mixed" else style),
                                          size, rng, mirrored=(style == "cd" and rng.random() < 0.5),
                                          upside_down=(style != "cd" and rng.random() < 0.3), **black)
            truth["side"] = side_
            write_closeup(out_dir, name, photo, truth, ".truth.json")
        else:
            matrix, side_ = random_run(rng, "stamped")
            lines = [str(rng.choice(LABEL_WORDS)), "The " + str(rng.choice(["Owls", "Kites", "Reeds"])),
                     str(rng.choice(["Slow Water", "Iron Bloom", "Far Lights"])), f"{rng.choice(PREFIXES)} {rng.integers(100, 9999)}", "SIDE A"]
            colour = tuple(int(v) for v in rng.integers(60, 240, 3))
            if kind == "whole-black":
                colour = (22, 22, 24)
            flat, alpha, side = render_flat(matrix, float(rng.uniform(0, 360)), colour, lines, float(rng.uniform(0, 360)), rng,
                                            ink=ink_for(colour) if kind == "whole-black" else (20, 20, 20))
            photo, centre, disc_r, label_r = photograph(flat, alpha, side, float(rng.uniform(0.8, 0.95)),
                                                        float(rng.uniform(-30, 30)), rng)
            photo.save(os.path.join(out_dir, name + ".jpg"), quality=82)
            truth = {"kind": "deadwax", "matrix": matrix, "side": side_, "labelText": lines[:-1],
                     "center": [round(centre[0], 1), round(centre[1], 1)],
                     "discRadius": round(disc_r, 1), "labelRadius": round(label_r, 1)}
            with open(os.path.join(out_dir, name + ".truth.json"), "w") as f:
                json.dump(truth, f, indent=1)
                f.write("\n")
        print(name)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--held-out":
        # --held-out closeup|closeup-black|whole|whole-black OUT_DIR SEED COUNT
        held_out(sys.argv[3], sys.argv[2], int(sys.argv[4]), int(sys.argv[5]))
        return
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "deadwax")
    os.makedirs(out_dir, exist_ok=True)
    for name, matrix, side_, style, size, seed, colours in CLOSEUP_FIXTURES:
        photo, truth = render_closeup(matrix, style, size, np.random.default_rng(seed), **colours)
        truth["side"] = side_
        write_closeup(out_dir, name, photo, truth, ".expected.json")
        print(name, os.path.getsize(os.path.join(out_dir, name + ".jpg")), "bytes")
    for name, matrix, side_, angle, colour, lines, yscale, tilt, glare, seed in FIXTURES:
        rng = np.random.default_rng(seed)
        flat, alpha, side = render_flat(matrix, angle, colour, lines, glare, rng, ink=ink_for(colour))
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
