"""Every game's picture, drawn by a real browser, against the committed reference image.

For each game, the mid-game scene of ``tests/render/scenes.py`` as ann sees it, score marked, is
rendered to SVG in-process, drawn by headless Chromium (Debian's package, ``/usr/bin/chromium``)
and compared pixel by pixel with ``tests/render/reference/<game>.png``: the check fails if more
than ``TOLERANCE`` of the pixels differ by more than ``CHANNEL`` in any channel. PNGs are decoded
here with zlib (no imaging library). ``--update`` rewrites the references and the docs' copies
(``docs/pictures/``) after a reviewed change. Run as ``make render-check``.
"""

from __future__ import annotations

import struct
import subprocess
import sys
import tempfile
import zlib
from importlib import import_module
from pathlib import Path

from engines import registry
from tests.render.scenes import GAMES, states

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
REFERENCE = HERE / "reference"
DOCS = ROOT / "docs" / "pictures"
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
    "--force-device-scale-factor=1",
]  # fmt: skip
TOLERANCE = 0.005
CHANNEL = 48


def svg_of(game_id: str) -> str:
    game = registry.get(game_id)
    mid, _ = states(game_id)
    painter = import_module(f"engines.{game_id}.render")
    text: str = painter.render_state(game, mid, "ann", True)
    return text


def size_of(svg: str) -> tuple[int, int]:
    head = svg[: svg.index(">", svg.index("<svg")) + 1]
    width = float(head.split(' width="')[1].split('"')[0])
    height = float(head.split(' height="')[1].split('"')[0])
    return int(width + 0.999), int(height + 0.999)


def screenshot(svg: str, out: Path) -> None:
    width, height = size_of(svg)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "picture.svg"
        page.write_text(svg, encoding="utf-8")
        subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={tmp}/profile", f"--screenshot={out}",
             f"--window-size={width},{height}", page.as_uri()],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip


def decode_png(data: bytes) -> tuple[int, int, int, bytes]:
    """(width, height, bytes per pixel, raw pixels) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = bpp = 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", chunk)
            assert depth == 8 and color in (2, 6) and interlace == 0, "unsupported PNG"
            bpp = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    out = bytearray(height * stride)
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        out[y * stride : (y + 1) * stride] = line
        prev = line
    return width, height, bpp, bytes(out)


def difference(a: bytes, b: bytes) -> float:
    """The share of pixels that differ by more than ``CHANNEL`` in a colour channel."""
    wa, ha, pa, ra = decode_png(a)
    wb, hb, pb, rb = decode_png(b)
    if (wa, ha) != (wb, hb):
        return 1.0
    differ = 0
    for i in range(wa * ha):
        x, y = ra[i * pa : i * pa + 3], rb[i * pb : i * pb + 3]
        if x != y and max(abs(x[k] - y[k]) for k in range(3)) > CHANNEL:
            differ += 1
    return differ / (wa * ha)


def main(argv: list[str]) -> int:
    update = "--update" in argv
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        for game_id in GAMES:
            shot = Path(tmp) / f"{game_id}.png"
            screenshot(svg_of(game_id), shot)
            reference = REFERENCE / f"{game_id}.png"
            if update:
                REFERENCE.mkdir(exist_ok=True)
                DOCS.mkdir(parents=True, exist_ok=True)
                reference.write_bytes(shot.read_bytes())
                (DOCS / f"{game_id}.png").write_bytes(shot.read_bytes())
                print(f"{game_id}: reference written")
                continue
            share = difference(shot.read_bytes(), reference.read_bytes())
            ok = share <= TOLERANCE
            print(f"{game_id}: {share:.4%} of pixels differ ({'ok' if ok else 'FAILED'})")
            if not ok:
                failed.append(game_id)
                (REFERENCE / f"{game_id}.actual.png").write_bytes(shot.read_bytes())
    if failed:
        print(f"different from the reference: {', '.join(failed)} (see reference/*.actual.png)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
