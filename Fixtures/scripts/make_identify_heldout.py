#!/usr/bin/env python3
"""Writes a held-out identification set from a Discogs releases dump (never committed).

  python3 Fixtures/scripts/make_identify_heldout.py DUMP.xml.gz OUT [--skip-ids FILE] [--n 24] [--out-of-index 6]

Picks vinyl releases of DUMP (not those whose ids are listed in --skip-ids, e.g. the
releases an evaluation set already uses), renders each one's sleeve back the way a
printed sleeve shows it (artist as credited, title, first label and catno, tracklist, a
"(P) year label. Made in country. catno" footer, the barcode as an EAN-13 symbol when
the dump's value is a valid code), as a flatbed scan or a perspective photo, and writes:

  OUT/sleeves/X.jpg + X.truth.json   (releaseId, case as the dump decides it)
  OUT/discogs/heldout_releases.xml.gz (DUMP without the --out-of-index releases)

so `score_identify.py OUT --pred PRED` scores it like the evaluation set. Deterministic.
"""
import gzip, html, json, os, random, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from PIL import Image, ImageDraw  # noqa: E402

from gs1 import check_digit  # noqa: E402
from make_sleeves import draw_ean13, font, photo  # noqa: E402


def text(e, tag):
    m = re.search(r"<%s>([^<]*)</%s>" % (tag, tag), e)
    return html.unescape(m.group(1)) if m else ""


def parse(e):
    rid = int(re.match(r'<release id="(\d+)"', e).group(1))
    arts = re.search(r"<artists>(.*?)</artists>", e, re.S)
    artists = []
    for a in re.findall(r"<artist>(.*?)</artist>", arts.group(1) if arts else "", re.S):
        name, anv = text(a, "name"), text(a, "anv")
        artists.append(anv or re.sub(r" \(\d+\)$", "", name))
    title = html.unescape(re.search(r"</artists>\s*<title>([^<]*)</title>", e).group(1)) if arts else ""
    labels = [(html.unescape(n), html.unescape(c)) for n, c in re.findall(r'<label name="([^"]*)" catno="([^"]*)"', e)]
    formats = re.findall(r'<format name="([^"]*)"', e)
    tl = re.search(r"<tracklist>(.*?)</tracklist>", e, re.S)
    tracks = [{"position": text(t, "position"), "title": text(t, "title"), "duration": text(t, "duration")}
              for t in re.findall(r"<track>(.*?)</track>", tl.group(1) if tl else "", re.S)]
    barcodes = [re.sub(r"\D", "", html.unescape(v)) for v in
                re.findall(r'<identifier type="Barcode"[^>]*? value="([^"]*)"', e)]
    return {"id": rid, "artist": ", ".join(artists), "title": title, "labels": labels, "formats": formats,
            "country": text(e, "country"), "year": text(e, "released")[:4], "tracks": tracks,
            "barcodes": [b for b in barcodes if len(b) >= 8]}


def valid_ean(digits):
    if len(digits) == 12:
        digits = "0" + digits
    return digits if len(digits) == 13 and check_digit(digits[:12]) == digits[12] else None


PRINTED_COUNTRY = {"US": "USA", "UK": "UK", "Europe": "EU"}


def render(r, size, seed):
    rng = random.Random(seed)
    img = Image.new("RGB", (size, size), (rng.randint(215, 245), rng.randint(215, 245), rng.randint(215, 245)))
    d = ImageDraw.Draw(img)
    s = size / 1600
    ink = (20, 20, 25)
    label, catno = r["labels"][0]
    label = re.sub(r" \(\d+\)$", "", label)
    d.text((100 * s, 90 * s), r["artist"].upper(), fill=ink, font=font("DejaVuSerif.ttf", int(64 * s)))
    d.text((100 * s, 190 * s), r["title"].upper(), fill=ink, font=font("DejaVuSerif.ttf", int(44 * s)))
    body = font("DejaVuSans.ttf", int(30 * s))
    for i, t in enumerate(r["tracks"][:14]):
        dur = " (%s)" % t["duration"] if t["duration"] else ""
        d.text((100 * s, (320 + i * 50) * s), "%s  %s%s" % (t["position"], t["title"], dur), fill=ink, font=body)
    code = next((valid_ean(b) for b in r["barcodes"] if valid_ean(b)), None)
    if code:
        draw_ean13(d, int(1120 * s), int(1180 * s), code, module=max(2, int(3 * s)), height=int(150 * s))
    small = font("DejaVuSans.ttf", int(26 * s))
    country = PRINTED_COUNTRY.get(r["country"], r["country"])
    d.text((100 * s, 1480 * s), "(P) %s %s. Made in %s. %s" % (r["year"], label, country, catno), fill=ink, font=small)
    return img, code


def main():
    args = sys.argv[1:]
    dump, out = args[0], args[1]
    n = int(args[args.index("--n") + 1]) if "--n" in args else 24
    n_out = int(args[args.index("--out-of-index") + 1]) if "--out-of-index" in args else 6
    skip = set()
    if "--skip-ids" in args:
        skip = {int(x) for x in open(args[args.index("--skip-ids") + 1]).read().split()}
    with gzip.open(dump, "rt", encoding="utf-8") as f:
        elements = re.findall(r"<release id=.*?</release>", f.read(), flags=re.S)
    releases = [parse(e) for e in elements]
    by_barcode, by_catno = {}, {}
    for r in releases:
        for b in r["barcodes"]:
            by_barcode.setdefault(valid_ean(b) or b, set()).add(r["id"])
        for _, c in r["labels"]:
            by_catno.setdefault(re.sub(r"[^0-9A-Z]", "", c.upper()), set()).add(r["id"])
    rng = random.Random(11)
    pool = [r for r in releases if r["id"] not in skip and "Vinyl" in r["formats"] and r["labels"] and r["tracks"]
            and r["year"].isdigit() and r["country"] and r["title"]]
    rng.shuffle(pool)
    chosen = pool[:n + n_out]
    gone = {r["id"] for r in chosen[n:]}
    os.makedirs(os.path.join(out, "sleeves"), exist_ok=True)
    os.makedirs(os.path.join(out, "discogs"), exist_ok=True)
    for k, r in enumerate(chosen):
        photo_mode = k % 3 != 0
        img, code = render(r, 1400 if photo_mode else 1600, seed=k)
        name = "sleeve-%s-h%03d" % ("photo" if photo_mode else "flatbed", k)
        if photo_mode:
            # The whole sleeve in frame, tilted a little, as an operator photographs it.
            corners = [(560 + rng.randint(-40, 40), 70 + rng.randint(-20, 20)), (1390 + rng.randint(-40, 40), 90),
                       (1370, 1000 + rng.randint(-20, 20)), (540 + rng.randint(-30, 30), 985)]
            img = photo(img, corners, size=(1920, 1080), seed=k)
        img.save(os.path.join(out, "sleeves", name + ".jpg"), quality=90)
        key = code or (r["barcodes"][0] if r["barcodes"] else None)
        if r["id"] in gone:
            case = "out-of-index"
        elif code and len(by_barcode.get(code, ())) == 1:
            case = "barcode-unique"
        elif code:
            case = "shared-barcode-needs-catno"
        elif r["barcodes"]:
            case = "unprinted-barcode"
        else:
            case = "no-barcode"
        truth = {"releaseId": None if r["id"] in gone else r["id"], "case": case, "artist": r["artist"],
                 "title": r["title"], "catalogNumber": r["labels"][0][1], "barcode": code, "barcodeKey": key,
                 "country": r["country"], "year": int(r["year"]), "deadwax": []}
        json.dump(truth, open(os.path.join(out, "sleeves", name + ".truth.json"), "w"), indent=1)
    with gzip.open(os.path.join(out, "discogs", "heldout_releases.xml.gz"), "wt", encoding="utf-8") as f:
        f.write("<releases>\n")
        for e in elements:
            if int(re.match(r'<release id="(\d+)"', e).group(1)) not in gone:
                f.write(e + "\n")
        f.write("</releases>\n")


if __name__ == "__main__":
    main()
