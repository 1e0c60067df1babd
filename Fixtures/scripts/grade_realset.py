#!/usr/bin/env python3
"""Grade sleevescan records against the gathered real set's truth.

    python3 Fixtures/scripts/grade_realset.py RECORDS [--truth Fixtures/realset/truth.json] [--per-image]

RECORDS holds NAME.json for each image NAME.ext (`sleevescan read DIR/* --out RECORDS`).
Text is compared folded: accents dropped, case ignored, punctuation as spaces. Prints,
over the images whose truth has the field:

- artist, title, catalog: share of records with the printed value;
- tracks found: share of printed track titles among the record's tracks (a title
  matches within 20% of its characters);
- tracks invented: share of the record's tracks that match no printed title;
- wrong fields: artist, title or catalog given but not the printed one, or given where
  the truth says the image prints none (`absent`); a null is never wrong.
"""
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))


def folded(s):
    s = unicodedata.normalize("NFKD", s or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).lower()
    return re.sub(r"[^0-9a-z]+", " ", s).strip()


def edits(a, b):
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def near(a, b):
    a, b = folded(a), folded(b)
    return bool(a) and edits(a, b) <= 0.2 * max(len(a), len(b))


def printed_titles(truth):
    tracks = truth.get("tracklist")
    if isinstance(tracks, dict):
        return [t for side in tracks.values() for t in side]
    return list(tracks or [])


def grade(truth, record):
    scores, wrong = {}, 0
    for field in ("artist", "title"):
        given = record.get(field)
        if truth.get(field):
            scores[field] = float(folded(given) == folded(truth[field]))
            wrong += bool(given) and not scores[field]
        elif field in truth.get("absent", []):
            wrong += bool(given)
    catalogs = truth.get("catalog_numbers_printed") or []
    if catalogs:
        compact = lambda s: re.sub(r"[^0-9A-Z]", "", (s or "").upper())
        scores["catalog"] = float(any(compact(record.get("catalogNumber")) == compact(c) for c in catalogs))
        wrong += bool(record.get("catalogNumber")) and not scores["catalog"]
    titles = printed_titles(truth)
    got = [t.get("title") for t in record.get("tracks") or [] if isinstance(t, dict)]
    if titles:
        scores["tracks found"] = sum(any(near(t, g) for g in got) for t in titles) / len(titles)
    if got:
        scores["tracks invented"] = sum(not any(near(t, g) for t in titles) for g in got) / len(got)
    scores["wrong fields"] = wrong
    return scores


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    records = args[0]
    truth_path = args[args.index("--truth") + 1] if "--truth" in args else os.path.join(HERE, "..", "realset", "truth.json")
    truth = {k: v for k, v in json.load(open(truth_path, encoding="utf-8")).items() if not k.startswith("_")}
    totals = {}
    for name, t in sorted(truth.items()):
        path = os.path.join(records, os.path.splitext(name)[0] + ".json")
        try:
            record = json.load(open(path, encoding="utf-8"))
        except (OSError, ValueError):
            record = {}
        scores = grade(t, record)
        if "--per-image" in args:
            print(name, json.dumps({k: round(v, 2) for k, v in scores.items()}))
        for k, v in scores.items():
            totals.setdefault(k, []).append(v)
    for k, v in totals.items():
        if k == "wrong fields":
            print(f"{k:16s} {sum(v)} on {sum(1 for x in v if x)} of {len(v)} images")
        else:
            print(f"{k:16s} {sum(v) / len(v):.3f}  (n={len(v)})")


if __name__ == "__main__":
    main()
