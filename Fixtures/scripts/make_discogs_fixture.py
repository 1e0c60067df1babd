#!/usr/bin/env python3
"""Writes the project's own small Discogs releases dumps (deterministic, invented data).

  python3 Fixtures/scripts/make_discogs_fixture.py            -> Fixtures/discogs/
  python3 Fixtures/scripts/make_discogs_fixture.py --bench N --out /tmp/big.xml.gz
        (a benchmark dump: the fixture's releases, or those of --from DUMP.xml.gz,
         replicated to N releases as different releases with realistic fan-out;
         never committed)
  python3 Fixtures/scripts/make_discogs_fixture.py --deadwax-heldout PHOTOS RECORDS OUT
        (a held-out dead-wax identification set around the runs etched on
         `make_deadwax.py --held-out whole` photos (PHOTOS, X.truth.json) and the
         reader's records of them (RECORDS, X.json): OUT/heldout_releases.xml.gz,
         OUT/pairs/X-sleeve.json + X.json, OUT/truth.json; never committed)

The fixture is in the exact format of Discogs' monthly dump: `<releases>` then one
`<release>` per line, no XML declaration. `releases-refs.xml.gz` writes non-ASCII as
character references (decimal in text, hex in attributes, as lxml does);
`releases-utf8.xml` the same releases as raw UTF-8 (as Discogs' own files are). The
identifier values carry every quirk Discogs users type: spaced and hyphenated codes, a
trailing `>`, a UPC-A as 12 and as 13 digits, an 11-digit UPC without its check digit,
an invalid check digit, `none`, `Text` and `Scanned` duplicates.
"""
import gzip, os, re, sys

# id, artists [(name, anv, join)], title, labels [(name, catno)], format, country, released,
# master, tracks [(pos, title, dur)], identifiers [(type, description, value)]
RELEASES = [
    (101, [("The Persuader (2)", "", "")], "Stockholm Östermalm",
     [("Svek", "SK 032")], "Vinyl", "US", "1999-03-00", 9001,
     [("A", "Östermalm", "4:45"), ("B1", "Vasastaden", "6:11"), ("B2", "Kungsholmen", "2:49")],
     [("Barcode", "Text", "0 9362-47555-2 4"), ("Barcode", "Scanned", "093624755524"),
      ("Matrix / Runout", "A-Side Runout", "MPO SK 032 A1"), ("Matrix / Runout", "B-Side Runout", "MPO SK 032 B1")]),
    # A repress: everything printed the same, only the matrix differs.
    (102, [("The Persuader (2)", "", "")], "Stockholm Östermalm",
     [("Svek", "SK 032")], "Vinyl", "US", "1999-03-00", 9001,
     [("A", "Östermalm", "4:45"), ("B1", "Vasastaden", "6:11"), ("B2", "Kungsholmen", "2:49")],
     [("Barcode", "", "093624755524"),
      ("Matrix / Runout", "A-Side Runout", "MPO SK 032 A2 RE"), ("Matrix / Runout", "B-Side Runout", "MPO SK 032 B2 RE")]),
    # The same catno pressed in another country, with its own code (EAN-13 with a trailing >).
    (103, [("The Persuader (2)", "", "")], "Stockholm Östermalm",
     [("Svek", "SK 032")], "Vinyl", "Germany", "2001", 9001,
     [("A", "Östermalm", "4:45"), ("B1", "Vasastaden", ""), ("B2", "Kungsholmen", "")],
     [("Barcode", "Text", "7 961220 922684 >")]),
    # An ANV credit, a label with a hex character reference, an 11-digit UPC.
    (104, [("The Proclaimers (2)", "Proclaimers", "")], "This Is The Story",
     [("Хрустальный", "BFV 41602")], "Vinyl", "UK", "1987", 9002,
     [("A1", "Throw The 'R' Away", "2:41"), ("A2", "Over And Done With", "2:47"), ("B1", "Sky Takes The Soul", "2:22")],
     [("Barcode", "", "04411416021"), ("Label Code", "", "LC 0407")]),
    # Invalid check digit, a `none`, a catno with a dot and a space.
    (105, [("Jesper Dahlbäck", "", " & "), ("Ümit", "", "")], "Café Ärger",
     [("London & Ffrr Records", "828 148.1")], "Vinyl", "Spain", "1989-05-12", None,
     [("A1", "Ärger", "3:00"), ("B1", "Söder", "")],
     [("Barcode", "", "5012981255016"), ("Barcode", "Text", "none"), ("Matrix / Runout", "Etched & \"stamped\"", "828 148.1 A//1 ")]),
    # Same barcode, suffixed catno (a coloured edition of 107).
    (106, [("Magnetic Fields", "", "")], "Distant Plastic",
     [("Magnet", "SNGI 319LTD")], "Vinyl", "USA & Canada", "2001", 9003,
     [("A1", "Plastic", "3:10")], [("Barcode", "", "004865424087")]),
    (107, [("Magnetic Fields", "", "")], "Distant Plastic",
     [("Magnet", "SNGI 319")], "Vinyl", "USA & Canada", "2001", 9003,
     [("A1", "Plastic", "3:10")], [("Barcode", "", "0 04865 42408 7")]),
    # A CD (for --formats) and a barcode-less original on another label.
    (108, [("Magnetic Fields", "", "")], "Distant Plastic",
     [("Magnet", "SNGI 319CD")], "CD", "US", "2001", 9003, [("1", "Plastic", "3:10")], []),
    (109, [("Vibrant Ones", "", "")], "Golden Hour",
     [("Vibrant Records", "AUG 70166")], "Vinyl", "UK", "1969", None,
     [("A1", "Golden Hour", "2:58"), ("B1", "Night Bus", "3:12")], []),
    # The release of the project's fixture sleeve (Fixtures/sleeves/flatbed-side-by-side.png)
    # and its coloured edition with the same barcode and a suffixed catno.
    (110, [("Velvet Harbour", "", "")], "Lanterns Over Quay", [("Marrow (3)", "MRW 4417")], "Vinyl", "UK", "1978", 9004,
     [("A1", "Copper Tide", "4:12"), ("A2", "Northern Lamps", "11:38"), ("B1", "Quayside", "6:47")],
     [("Barcode", "Text", "5 012345 678900"), ("Barcode", "Scanned", "5012345678900")]),
    (111, [("Velvet Harbour", "", "")], "Lanterns Over Quay", [("Marrow (3)", "MRW 4417X")], "Vinyl", "UK", "1978", 9004,
     [("A1", "Copper Tide", "4:12"), ("A2", "Northern Lamps", "11:38"), ("B1", "Quayside", "6:47")],
     [("Barcode", "", "5012345678900")]),
]


def text_ref(s):
    return "".join(c if ord(c) < 128 else "&#%d;" % ord(c) for c in s)


def attr_ref(s):
    return "".join(c if ord(c) < 128 else "&#x%X;" % ord(c) for c in s)


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def attr(s):
    return esc(s).replace('"', "&quot;")


def release_xml(r, refs, rid=None):
    (i, artists, title, labels, fmt, country, released, master, tracks, idents) = r
    t = (lambda s: text_ref(esc(s))) if refs else esc
    a = (lambda s: attr_ref(attr(s))) if refs else attr
    out = ['<release id="%d" status="Accepted">' % (rid or i)]
    out.append('<images><image type="primary" uri="" uri150="" width="600" height="600"/></images>')
    out.append("<artists>")
    for n, anv, join in artists:
        out.append("<artist><id>%d</id><name>%s</name>%s%s<role/><tracks/></artist>" % (
            sum(map(ord, n)) % 100000, t(n), "<anv>%s</anv>" % t(anv) if anv else "<anv/>",
            "<join>%s</join>" % t(join) if join else "<join/>"))
    out.append("</artists><title>%s</title><labels>" % t(title))
    for n, c in labels:
        out.append('<label name="%s" catno="%s" id="5"/>' % (a(n), a(c)))
    out.append('</labels><extraartists/><formats><format name="%s" qty="1" text=""><descriptions>'
               '<description>LP</description></descriptions></format></formats>' % fmt)
    out.append("<genres><genre>Electronic</genre></genres><styles><style>Deep House</style></styles>")
    out.append("<country>%s</country><released>%s</released>" % (t(country), released))
    out.append("<notes>Notes with a &lt;tag&gt; and %s.</notes><data_quality>Needs Vote</data_quality>" % t("Ünïcode"))
    if master:
        out.append('<master_id is_main_release="true">%d</master_id>' % master)
    out.append("<tracklist>")
    for p, ti, d in tracks:
        out.append("<track><position>%s</position><title>%s</title>%s</track>" % (
            p, t(ti), "<duration>%s</duration>" % d if d else "<duration/>"))
    out.append("</tracklist><identifiers>")
    for ty, desc, v in idents:
        out.append('<identifier type="%s" description="%s" value="%s"/>' % (a(ty), a(desc), a(v)))
    out.append('</identifiers><videos><video src="https://example.invalid/v" duration="1" embed="true">'
               "<title>v</title><description>d</description></video></videos></release>")
    return "".join(out)


def dump(releases, refs, ids=None):
    lines = ["<releases>"]
    for k, r in enumerate(releases):
        lines.append(release_xml(r, refs, ids[k] if ids else None))
    lines.append("</releases>")
    return "\n".join(lines) + "\n"


def deadwax_heldout(photos, records, out):
    """Per photo k, releases built around its etched run (`PFX-12345-B2 MARK`):
      R  the pressing with that run, its catno the run's catalogue part; for k % 3 == 1
         Discogs spells the label letters out (`PFXITA 12345`, run `PFXITA-12345-B2`)
         where the etching abbreviates them;
      S  a repress: the same print, another lacquer number on both sides;
      U  (k % 4 < 2) a sibling that lists no matrix;
      M  (k % 5 == 3) a sibling whose run has a mark after it that the photo does not
         show (`... BILBO`): on a photo of the whole disc, the mark would be in view;
    and R is left out of the index for k % 3 == 2 (the answer is then no match). The
    sleeve record is the print as read (the catno only for even k); the dead-wax record
    is the reader's own. truth.json maps each pair to R's id or null."""
    import json, shutil
    words = ["Amber", "Delta", "Crow", "Violet", "Harbour", "Static", "Lumen", "Orchid", "Granite", "Willow", "Ember", "Fjord"]
    names = sorted(f[:-len(".truth.json")] for f in os.listdir(photos) if f.endswith(".truth.json"))
    os.makedirs(os.path.join(out, "pairs"), exist_ok=True)
    releases, truth = [], {}
    for k, n in enumerate(names):
        run = json.load(open(os.path.join(photos, n + ".truth.json")))["matrix"]
        m = re.match(r"^([A-Z]+)(-?)(\d+)-([A-D])(\d)(?: (.*))?$", run)
        if not m:
            continue
        prefix, dash, number, side, lacquer = m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)
        spelled = prefix + ("ITA" if k % 3 == 1 else "")
        listed = spelled + run[len(prefix):]
        other_side = {"A": "B", "B": "A", "C": "D", "D": "C"}[side]
        repressed = str(int(lacquer) % 3 + 1)
        at = "-%s%s" % (side, lacquer)
        catno = "%s %s" % (spelled, number)
        artist, title = "%s %s" % (words[k % 12], words[(k * 5 + 3) % 12]), "%s Hours %d" % (words[(k * 7 + 1) % 12], k)
        label, country, year = "%s Records" % spelled.capitalize(), ["UK", "US", "Germany", "France"][k % 4], 1970 + k
        tracks = [("A1", "%s Song" % words[(k + 1) % 12], "3:1%d" % (k % 10)), ("B1", "%s Dance" % words[(k + 2) % 12], "4:0%d" % (k % 10))]

        def release(rid, runs):
            return (rid, [(artist, "", "")], title, [(label, catno)], "Vinyl", country, str(year), 900000 + k, tracks,
                    [("Matrix / Runout", "Side %s" % s_, v) for s_, v in runs])
        rid = 16000000 + k * 10
        pressing = release(rid, [(side, listed), (other_side, listed.replace(at, "-%s%s" % (other_side, lacquer)))])
        repress = release(rid + 1, [(side, listed.replace(at, "-%s%s" % (side, repressed))),
                                    (other_side, listed.replace(at, "-%s%s" % (other_side, repressed)))])
        in_index = k % 3 != 2
        releases += ([pressing] if in_index else []) + [repress] + ([release(rid + 2, [])] if k % 4 < 2 else [])
        if k % 5 == 3:
            releases.append(release(rid + 3, [(side, listed + " BILBO"), (other_side, listed.replace(at, "-%s%s" % (other_side, lacquer)))]))
        truth[n] = rid if in_index else None
        printed = {"UK": "UK", "US": "USA"}.get(country, country)
        lines = [artist.upper(), title.upper()] + ["%s %s %s" % (p, t.upper(), d) for p, t, d in tracks] + [
            "(P) %d %s. Made in %s.%s" % (year, label, printed, " " + catno if k % 2 == 0 else "")]
        sleeve = {"kind": "sleeve", "schemaVersion": 1, "source": {"path": n + "-sleeve.jpg"}, "artist": artist.upper(),
                  "title": title.upper(), "label": label, "catalogNumber": catno if k % 2 == 0 else None, "barcodes": [],
                  "tracks": [{"position": p, "title": t.upper(), "duration": d} for p, t, d in tracks],
                  "lines": [{"text": x} for x in lines]}
        with open(os.path.join(out, "pairs", n + "-sleeve.json"), "w") as f:
            json.dump(sleeve, f, indent=1)
        shutil.copy(os.path.join(records, n + ".json"), os.path.join(out, "pairs", n + ".json"))
    releases.sort(key=lambda r: r[0])
    with gzip.open(os.path.join(out, "heldout_releases.xml.gz"), "wt", encoding="utf-8") as f:
        f.write(dump(releases, True))
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1)
    print("%d releases, %d pairs, %d out of the index" % (len(releases), len(truth), sum(v is None for v in truth.values())))


def main():
    args = sys.argv[1:]
    if "--deadwax-heldout" in args:
        i = args.index("--deadwax-heldout")
        deadwax_heldout(args[i + 1], args[i + 2], args[i + 3])
        return
    if "--bench" in args:
        n = int(args[args.index("--bench") + 1])
        out = args[args.index("--out") + 1]
        src = args[args.index("--from") + 1] if "--from" in args else None
        bench(n, out, src)
        return
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "discogs")
    os.makedirs(here, exist_ok=True)
    with gzip.GzipFile(os.path.join(here, "releases-refs.xml.gz"), "wb", mtime=0) as f:
        f.write(dump(RELEASES, True).encode("ascii"))
    with open(os.path.join(here, "releases-utf8.xml"), "w", encoding="utf-8") as f:
        f.write(dump(RELEASES, False))


def bench(n, out, src):
    """Replicates releases with new ids until n releases are written.

    The first copy of each release is written as it is (so records read from the
    sample's sleeves still find their release). Every later copy is a different release
    the way Discogs' are: a new id, a new valid barcode derived from the id, a catno
    suffixed with an id-derived token, matrix values made unique by
    an id-derived token, and artist names and title perturbed with id-derived words. So
    an identifier's fan-out in the big index resembles the real dump's (a few releases
    per barcode or catno), not thousands of identical copies.
    """
    if src:
        # A release spans several lines when its notes do: split on the elements.
        with gzip.open(src, "rt", encoding="utf-8") as f:
            lines = re.findall(r"<release id=.*?</release>", f.read(), flags=re.S)
    else:
        lines = [release_xml(r, True) for r in RELEASES]
    templates = [Template(l) for l in lines]
    written = 0
    with gzip.open(out, "wt", encoding="utf-8", compresslevel=1) as f:
        f.write("<releases>\n")
        copy = 0
        while written < n:
            for t in templates:
                if written >= n:
                    break
                written += 1
                f.write(t.render(20_000_000 + written, copy > 0))
                f.write("\n")
            copy += 1
        f.write("</releases>\n")


SYLLABLES = ["ka", "lo", "mi", "ren", "tas", "vo", "ul", "bri", "den", "sy", "or", "pha", "que", "zin", "ta", "gu"]


def word(h):
    """A pronounceable word from a number (16 syllables, 3 of them: 4096 words)."""
    return "".join(SYLLABLES[(h >> s) & 15] for s in (0, 4, 8)).capitalize()


def ean13(body12):
    digits = [int(c) for c in body12]
    check = (10 - sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits)) % 10) % 10
    return body12 + str(check)


class Template:
    """One release line cut where a replica differs (see `bench`): cut once, rendered
    per copy by joining strings (regexes per copy made 2 million copies take hours)."""

    def __init__(self, line):
        spans = []  # (start, end, kind, original text)
        m = re.match(r'<release id="(\d+)"', line)
        spans.append((m.start(1), m.end(1), "id", m.group(1)))
        codes = {}
        for m in re.finditer(r'<identifier type="Barcode"[^>]*? value="([^"]*)"', line):
            digits = re.sub(r"\D", "", m.group(1))
            if len(digits) >= 8:  # not `none` or `Text`: those stay as typed
                spans.append((m.start(1), m.end(1), "barcode%d" % codes.setdefault(digits, len(codes)), m.group(1)))
        for m in re.finditer(r'<identifier type="Matrix / Runout"[^>]*? value="([^"]*)"', line):
            spans.append((m.start(1), m.end(1), "matrix", m.group(1)))
        for m in re.finditer(r'<label name="[^"]*" catno="([^"]*)"', line):
            spans.append((m.start(1), m.end(1), "catno", m.group(1)))
        a = re.search(r"<artists>.*?</artists>", line, flags=re.S)
        if a:
            for m in re.finditer(r"<name>([^<]*)</name>", a.group(0)):
                spans.append((a.start() + m.start(1), a.start() + m.end(1), "artist", m.group(1)))
        m = re.search(r"</artists>\s*<title>([^<]*)</title>", line)
        if m:
            spans.append((m.start(1), m.end(1), "title", m.group(1)))
        spans.sort()
        self.pieces, at = [], 0
        for s, e, kind, text in spans:
            self.pieces.append(("", line[at:s]))
            self.pieces.append((kind, text))
            at = e
        self.pieces.append(("", line[at:]))

    def render(self, rid, replica):
        h = (rid * 2654435761) & 0xFFFFFFFF
        out = []
        for kind, text in self.pieces:
            if not kind:
                out.append(text)
            elif kind == "id":
                out.append(str(rid))
            elif not replica:
                out.append(text)
            elif kind.startswith("barcode"):
                out.append(ean13("2%02d%09d" % (int(kind[7:]), rid % 1_000_000_000)))
            elif kind == "matrix":
                out.append(text + " " + word(h >> 3).upper() + str(rid % 9973))
            elif kind == "catno":
                out.append(text + "-" + str(rid % 99991) + word(h >> 5)[:2].upper())
            elif kind == "artist":
                out.append(text + " " + word(h >> 7))
            else:  # title
                out.append(text + " " + word(h >> 11) + " " + word(h >> 19))
        return "".join(out)


if __name__ == "__main__":
    main()
