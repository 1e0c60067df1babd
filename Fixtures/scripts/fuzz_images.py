#!/usr/bin/env python3
"""Image-input fuzzing for `sleevescan read`: a seeded mutator over small seed images
in every format the reader takes (JPEG, PNG, TIFF, WebP, PNM, GIF, BMP), run through
the binary with `read` and `read --only barcodes`.

Each mutated file is run in both modes under a timeout; the report says per input
whether it crashed (killed by a signal, or exit 70, "a bug"), hung (timed out), and
its peak resident memory. Crashing, hanging and over-memory inputs are kept as
reproducers (the file and a line saying how it was made) in OUT/reproducers.

    python3 Fixtures/scripts/fuzz_images.py --binary .build/release/sleevescan \
        --seed 1 --count 300 --out /tmp/fuzz            # a round; exit 1 on any finding
    python3 Fixtures/scripts/fuzz_images.py ... --count 5000 --jobs 2   # a long round

The same --seed and --count give the same files byte for byte. Seeds are drawn with
Pillow (python3-pil); nothing else beyond the standard library is needed.
"""

import argparse
import io
import os
import random
import resource
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
import zlib
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageDraw

FORMATS = ["jpg", "png", "tif", "webp", "pgm", "ppm", "gif", "bmp"]


# ---------------------------------------------------------------- seeds

def seed_image(rng, width, height, color):
    """A small image with the structure the reader looks for: bars and dark text-like marks on light paper."""
    mode = "RGB" if color else "L"
    im = Image.new(mode, (width, height), (235, 230, 220) if color else 235)
    d = ImageDraw.Draw(im)
    x = width // 8
    while x < width // 2:
        w = rng.choice([1, 1, 2, 3])
        d.rectangle([x, height // 4, x + w - 1, 3 * height // 4], fill=(10, 10, 10) if color else 10)
        x += w + rng.choice([1, 2, 3])
    for row in range(height // 4, 3 * height // 4, max(4, height // 10)):
        d.text((width // 2 + 2, row), "A1 Side 3:05"[: rng.randint(3, 12)], fill=(20, 20, 60) if color else 20)
    return im


def encode(im, fmt, rng):
    buf = io.BytesIO()
    if fmt == "jpg":
        im.save(buf, "JPEG", quality=rng.choice([60, 85, 95]), progressive=rng.random() < 0.3)
    elif fmt == "png":
        im.save(buf, "PNG")
    elif fmt == "tif":
        compression = rng.choice([None, None, "tiff_lzw", "tiff_deflate", "packbits"])
        kwargs = {"strip_size": rng.choice([256, 1024, 8192])}
        if compression:
            kwargs["compression"] = compression
        im.save(buf, "TIFF", **kwargs)
    elif fmt == "webp":
        im.save(buf, "WEBP", lossless=rng.random() < 0.4, quality=80)
    elif fmt == "pgm":
        im.convert("L").save(buf, "PPM")
    elif fmt == "ppm":
        im.convert("RGB").save(buf, "PPM")
    elif fmt == "gif":
        im.convert("P").save(buf, "GIF")
    elif fmt == "bmp":
        im.save(buf, "BMP")
    return buf.getvalue()


def seeds(rng):
    out = []
    for fmt in FORMATS:
        for color in (False, True):
            w, h = rng.choice([(96, 64), (64, 96), (120, 40), (48, 48)])
            out.append((fmt, encode(seed_image(rng, w, h, color), fmt, rng)))
    return out


# ---------------------------------------------------------------- mutations

EXTREMES = [0, 1, 2, 7, 255, 256, 4095, 65535, 65536, 0x7FFF, 0x7FFFFFFF, 0xFFFFFFFF, 100000, 3600, 200000]


def bit_flips(data, rng):
    d = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        i = rng.randrange(len(d))
        d[i] ^= 1 << rng.randrange(8)
    return bytes(d), "bit flips"


def insertion(data, rng):
    i = rng.randrange(len(data) + 1)
    blob = bytes(rng.randrange(256) for _ in range(rng.choice([1, 4, 16, 300, 5000])))
    return data[:i] + blob + data[i:], f"{len(blob)} bytes inserted at {i}"


def truncation(data, rng):
    i = rng.randrange(1, len(data))
    return data[:i], f"truncated at {i} of {len(data)}"


def appended(data, rng):
    return data + bytes(rng.randrange(256) for _ in range(rng.choice([1, 64, 2048]))), "bytes appended"


def duplication(data, rng):
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.randint(1, 512))
    at = rng.randrange(len(data) + 1)
    return data[:at] + data[a:b] + data[at:], f"bytes {a}..{b} duplicated at {at}"


def png_chunks(data):
    i, out = 8, []
    while i + 8 <= len(data):
        n = struct.unpack(">I", data[i:i + 4])[0]
        out.append((i, 12 + n, data[i + 4:i + 8]))
        i += 12 + n
    return out


def png_fix_crc(d, start):
    n = struct.unpack(">I", d[start:start + 4])[0]
    crc = zlib.crc32(bytes(d[start + 4:start + 8 + n])) & 0xFFFFFFFF
    d[start + 8 + n:start + 12 + n] = struct.pack(">I", crc)


def jpeg_segments(data):
    i, out = 2, []
    while i + 4 <= len(data) and data[i] == 0xFF:
        code = data[i + 1]
        if code in (0xD8, 0x01) or 0xD0 <= code <= 0xD7:
            i += 2
            continue
        n = struct.unpack(">H", data[i + 2:i + 4])[0]
        out.append((i, n + 2, code))
        if code == 0xDA:
            break
        i += n + 2
    return out


def tiff_entries(data):
    little = data[:2] == b"II"
    e = "<" if little else ">"
    try:
        ifd = struct.unpack(e + "I", data[4:8])[0]
        count = struct.unpack(e + "H", data[ifd:ifd + 2])[0]
    except struct.error:
        return e, []
    out = []
    for k in range(min(count, 200)):
        at = ifd + 2 + 12 * k
        if at + 12 > len(data):
            break
        tag, typ, cnt = struct.unpack(e + "HHI", data[at:at + 8])
        out.append((at, tag, typ, cnt))
    return e, out


def header_aware(data, fmt, rng):
    """Width, height and strip fields set to extreme values, in the format's own header."""
    d = bytearray(data)
    v = rng.choice(EXTREMES)
    if fmt == "png" and len(d) > 33:
        field = rng.choice([16, 20])
        d[field:field + 4] = struct.pack(">I", v & 0xFFFFFFFF)
        if rng.random() < 0.3:
            d[24] = rng.choice([1, 2, 4, 8, 16, 3, 0])  # bit depth
        png_fix_crc(d, 8)  # past the CRC check, into the decoder
        return bytes(d), f"PNG IHDR {'width' if field == 16 else 'height'} = {v}"
    if fmt == "jpg":
        sofs = [s for s in jpeg_segments(data) if s[2] in (0xC0, 0xC1, 0xC2)]
        if sofs:
            at = sofs[0][0]
            field = rng.choice([5, 7])  # height, width
            d[at + field:at + field + 2] = struct.pack(">H", v & 0xFFFF)
            return bytes(d), f"JPEG SOF {'height' if field == 5 else 'width'} = {v & 0xFFFF}"
    if fmt == "tif":
        e, entries = tiff_entries(data)
        wanted = [x for x in entries if x[1] in (256, 257, 273, 278, 279, 258, 277)]
        if wanted:
            at, tag, typ, cnt = rng.choice(wanted)
            if typ == 3:
                d[at + 8:at + 10] = struct.pack(e + "H", v & 0xFFFF)
            else:
                d[at + 8:at + 12] = struct.pack(e + "I", v & 0xFFFFFFFF)
            if rng.random() < 0.3:
                d[at + 4:at + 8] = struct.pack(e + "I", rng.choice([0, 1, 2, 0x7FFFFFFF]))  # count
            return bytes(d), f"TIFF tag {tag} = {v}"
    if fmt == "webp" and len(d) > 30:
        kind = bytes(d[12:16])
        if kind == b"VP8X":
            field = rng.choice([24, 27])
            d[field:field + 3] = struct.pack("<I", v & 0xFFFFFF)[:3]
        elif kind == b"VP8L":
            bits = struct.unpack("<I", d[21:25])[0]
            bits = (bits & ~0x3FFF) | (v & 0x3FFF) if rng.random() < 0.5 else (bits & ~(0x3FFF << 14)) | ((v & 0x3FFF) << 14)
            d[21:25] = struct.pack("<I", bits)
        else:  # VP8: 14-bit width, height after the start code
            field = rng.choice([26, 28])
            d[field:field + 2] = struct.pack("<H", v & 0x3FFF)
        return bytes(d), f"WebP {kind.decode('latin-1')} size field = {v}"
    if fmt in ("pgm", "ppm"):
        magic = data[:2]
        end = 0
        fields = 0
        i = 2
        while fields < 3 and i < len(data):
            while i < len(data) and data[i:i + 1].isspace():
                i += 1
            while i < len(data) and not data[i:i + 1].isspace():
                i += 1
            fields += 1
        end = i + 1
        w, h, mx = rng.choice([v, 1]), rng.choice([v, 1, 0]), rng.choice([255, 65535, 0, 1, 256])
        return magic + f"\n{w} {h}\n{mx}\n".encode() + data[end:], f"PNM header {w} {h} {mx}"
    if fmt == "gif" and len(d) > 10:
        field = rng.choice([6, 8])
        d[field:field + 2] = struct.pack("<H", v & 0xFFFF)
        desc = data.find(b",", 13)
        if desc > 0 and desc + 9 < len(d) and rng.random() < 0.5:
            f2 = desc + rng.choice([1, 3, 5, 7])
            d[f2:f2 + 2] = struct.pack("<H", rng.choice(EXTREMES) & 0xFFFF)
        return bytes(d), f"GIF screen {'width' if field == 6 else 'height'} = {v & 0xFFFF}"
    if fmt == "bmp" and len(d) > 30:
        field = rng.choice([18, 22, 28, 10])
        if field == 28:
            d[28:30] = struct.pack("<H", rng.choice([0, 1, 4, 8, 16, 24, 32, 64]))
            return bytes(d), "BMP bits per pixel"
        s = v if rng.random() < 0.7 else -v
        d[field:field + 4] = struct.pack("<i", max(-2**31, min(2**31 - 1, s)))
        return bytes(d), f"BMP field at {field} = {s}"
    return bit_flips(data, rng)


def chunk_duplication(data, fmt, rng):
    """A whole PNG chunk or JPEG segment given twice."""
    if fmt == "png":
        chunks = png_chunks(data)
        if chunks:
            at, n, kind = rng.choice(chunks)
            return data[:at + n] + data[at:at + n] + data[at + n:], f"PNG chunk {kind.decode('latin-1')} duplicated"
    if fmt == "jpg":
        segs = jpeg_segments(data)
        if segs:
            at, n, code = rng.choice(segs)
            return data[:at + n] + data[at:at + n] + data[at + n:], f"JPEG segment {code:#x} duplicated"
    return duplication(data, rng)


def mutate(data, fmt, rng):
    r = rng.random()
    if r < 0.25:
        return header_aware(data, fmt, rng)
    if r < 0.45:
        return bit_flips(data, rng)
    if r < 0.60:
        return truncation(data, rng)
    if r < 0.72:
        return insertion(data, rng)
    if r < 0.84:
        return chunk_duplication(data, fmt, rng)
    if r < 0.92:
        return duplication(data, rng)
    return appended(data, rng)


def make_inputs(seed, count, folder):
    rng = random.Random(seed)
    pool = seeds(rng)
    os.makedirs(folder, exist_ok=True)
    inputs = []
    for n in range(count):
        fmt, data = pool[n % len(pool)]
        how = []
        for _ in range(1 if rng.random() < 0.7 else rng.randint(2, 3)):
            data, what = mutate(data, fmt, rng)
            how.append(what)
            if not data:
                data = b"\0"
        path = os.path.join(folder, f"{n:05d}.{fmt}")
        with open(path, "wb") as f:
            f.write(data)
        inputs.append((path, "; ".join(how)))
    return inputs


# ---------------------------------------------------------------- running

def run_one(binary, path, mode, out, timeout):
    args = [binary, "read", "--out", out] + (["--only", "barcodes"] if mode == "barcodes" else []) + [path]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    env.pop("SLEEVESCAN_CONFIG", None)
    started = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, start_new_session=True)
    timed_out = threading.Event()

    def kill():
        timed_out.set()
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    timer = threading.Timer(timeout, kill)
    timer.start()
    stderr = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    timer.cancel()
    p.returncode = 0
    seconds = time.monotonic() - started
    lines = [l for l in stderr.decode("utf-8", "replace").splitlines() if l.strip()]
    if timed_out.is_set():
        verdict = "hang"
    elif os.WIFSIGNALED(status):
        verdict = f"crash (signal {os.WTERMSIG(status)})"
    elif os.WEXITSTATUS(status) == 70:
        verdict = "crash (exit 70)"
    else:
        code = os.WEXITSTATUS(status)
        verdict = "ok" if code in (0, 65, 66) else f"exit {code}"
    return {
        "mode": mode, "verdict": verdict, "seconds": seconds, "rss_mb": usage.ru_maxrss / 1024.0,
        "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "stderr_lines": len(lines), "last": lines[-1][:200] if lines else "",
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True, help="the sleevescan executable (release or debug build)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300, help="mutated files (each is run in both modes)")
    ap.add_argument("--out", required=True, help="working folder: inputs/, records/, reproducers/, report.tsv")
    ap.add_argument("--timeout", type=float, default=30, help="seconds before a run counts as a hang")
    ap.add_argument("--max-rss-mb", type=float, default=1000, help="peak resident memory above this is a finding")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modes", default="read,barcodes", help="comma-separated: read (full), barcodes (--only barcodes)")
    a = ap.parse_args()

    binary = os.path.abspath(a.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"error: {binary}: not an executable (build it first: swift build)")
    shutil.rmtree(a.out, ignore_errors=True)
    inputs = make_inputs(a.seed, a.count, os.path.join(a.out, "inputs"))
    repro = os.path.join(a.out, "reproducers")
    os.makedirs(repro, exist_ok=True)
    modes = [m for m in a.modes.split(",") if m]

    def job(item):
        (path, how), mode = item
        records = os.path.join(a.out, "records", mode)
        os.makedirs(records, exist_ok=True)
        return path, how, run_one(binary, path, mode, records, a.timeout)

    started = time.monotonic()
    work = [(i, m) for i in inputs for m in modes]
    findings = []
    rows = []
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        for path, how, r in pool.map(job, work):
            rows.append((path, how, r))
            bad = r["verdict"] not in ("ok",) or r["rss_mb"] > a.max_rss_mb
            if r["verdict"].startswith("exit"):
                bad = r["exit"] not in (0, 65, 66)
            if bad:
                findings.append((path, how, r))
                name = os.path.basename(path)
                shutil.copy(path, os.path.join(repro, name))
                with open(os.path.join(repro, name + ".txt"), "a") as f:
                    f.write(f"seed {a.seed}; {how}; mode {r['mode']}: {r['verdict']}, {r['rss_mb']:.0f} MB, "
                            f"{r['seconds']:.1f} s; {r['last']}\n")

    with open(os.path.join(a.out, "report.tsv"), "w") as f:
        f.write("input\tmutation\tmode\tverdict\texit\tseconds\tpeak_rss_mb\tstderr_lines\tlast_stderr\n")
        for path, how, r in rows:
            f.write(f"{os.path.basename(path)}\t{how}\t{r['mode']}\t{r['verdict']}\t{r['exit']}\t{r['seconds']:.2f}\t"
                    f"{r['rss_mb']:.1f}\t{r['stderr_lines']}\t{r['last']}\n")

    rss = sorted(r["rss_mb"] for _, _, r in rows)
    secs = sorted(r["seconds"] for _, _, r in rows)
    crashes = sum(1 for _, _, r in rows if r["verdict"].startswith("crash"))
    hangs = sum(1 for _, _, r in rows if r["verdict"] == "hang")
    over = sum(1 for _, _, r in rows if r["rss_mb"] > a.max_rss_mb)
    other = sum(1 for _, _, r in rows if r["verdict"].startswith("exit"))
    multi = sum(1 for _, _, r in rows if r["stderr_lines"] > 1)
    by_exit = {}
    for _, _, r in rows:
        by_exit[r["exit"]] = by_exit.get(r["exit"], 0) + 1
    print(f"fuzz: seed {a.seed}, {len(inputs)} files, {len(rows)} runs ({', '.join(modes)}) in {time.monotonic() - started:.0f} s")
    print(f"fuzz: crashes {crashes}, hangs {hangs} (>{a.timeout:.0f} s), over {a.max_rss_mb:.0f} MB {over}, "
          f"unexpected exit codes {other}")
    print(f"fuzz: exit codes {dict(sorted(by_exit.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))}; "
          f"runs with more than one stderr line {multi}")
    print(f"fuzz: peak RSS max {rss[-1]:.0f} MB, median {rss[len(rss) // 2]:.0f} MB; "
          f"time max {secs[-1]:.1f} s, median {secs[len(secs) // 2]:.2f} s")
    print(f"fuzz: report {os.path.join(a.out, 'report.tsv')}, reproducers {repro} ({len(findings)})")
    for path, how, r in findings[:20]:
        print(f"  {os.path.basename(path)} [{r['mode']}] {r['verdict']} {r['rss_mb']:.0f} MB: {how}: {r['last']}")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
