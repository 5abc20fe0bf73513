"""Reading callgrind's dumps and laying out the instruction counts (``benchmarks.instructions``)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.instructions import ECHO, GAMES, Figures, dumps, render, render_stages


def _dump(path: Path, label: str, total: int, summary: int) -> None:
    path.write_text(
        f"version: 1\ndesc: Trigger: Client Request: {label}\nsummary: {summary}\n"
        f"events: Ir\nfn=(1) main\n0 {total}\ntotals: {total}\n"
    )


def test_each_dump_gives_its_label_and_its_totals_in_the_order_written(tmp_path: Path) -> None:
    for part, label in enumerate(["empty", "patchwork", "a", "b", "c", "d", "e", "f", "g", "h"]):
        _dump(tmp_path / f"callgrind.42.{part + 1}", label, 1000 + part, 7)
    (tmp_path / "callgrind.42").write_text("desc: Trigger: Program termination\ntotals: 5\n")
    found = dumps(tmp_path)
    assert list(found) == ["empty", "patchwork", "a", "b", "c", "d", "e", "f", "g", "h"]
    # the totals line, not the summary, which misses threads' costs after a zero
    assert found["patchwork"] == 1001 and found["h"] == 1009


def test_the_referees_share_is_the_apply_less_the_echo() -> None:
    counts = {g: 2_000 + i for i, g in enumerate(GAMES)} | {ECHO: 1_500}
    stages = {f"{g}:decode the state": 300 for g in GAMES}
    figures = Figures("/tree", "abc", "123", counts | stages, counts)
    text = render(figures)
    assert "| patchwork         |      2,000 |                  500 |" in text
    lines = render_stages(figures).splitlines()
    assert lines[2].startswith("| decode the state ") and lines[2].count("300") == len(GAMES)
    assert lines[3].split("|")[2].strip() == "1,700"  # the rest: 2,000 less the stage's 300
    assert lines[5].split("|")[2].strip() == "500"
