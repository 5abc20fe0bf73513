"""Review: design goals - six neighbours by colour and by pattern, exact partitions, tile values.

Rulebook (calico.pt.txt): "Para pontuar, você deve completar os requisitos da peça usando as cores
OU os padrões das peças adjacentes. [...] Se completada com cores OU padrões, você ganha os pontos
do círculo azul (centro). Se completada com cores E padrões, você ganha os pontos do círculo
amarelo." Values from the tiles (README): ≠ 10/15, AAA-BBB 8/13, AA-BB-CC 7/11, AAAA-BB 8/14,
AAA-BB-C 7/11, AA-BB-C-D 5/8. Goal (2,3) has neighbours (1,2),(1,3),(2,2),(2,4),(3,2),(3,3).
"""

from __future__ import annotations

from typing import Any

import pytest

from engines.calico import CALICO

from .driver import Table

RING = [(1, 2), (1, 3), (2, 2), (2, 4), (3, 2), (3, 3)]
P, Y, G, U, D, L = "pink", "yellow", "green", "purple", "dark_blue", "light_blue"
d, f, w, q, s, v = "dots", "ferns", "flowers", "quatrefoil", "stripes", "vines"
OTHERS = ["all_different", "AAA-BBB", "AA-BB-CC", "AAAA-BB", "AAA-BB-C", "AA-BB-C-D"]


def goal_points(goal: str, tiles: list[tuple[str, str]]) -> dict[str, Any]:
    rest = [g for g in OTHERS if g != goal]
    goals = {"ann": {"2,3": goal, "3,4": rest[0], "4,2": rest[1]}}
    seq = [(cell, c, p) for cell, (c, p) in zip(RING, tiles, strict=True)]
    tb = Table({"ann": seq}, goals=goals).run()
    player = CALICO.score(tb.state).to_json()["players"][0]
    by_id = {c["id"]: c for c in player["components"]}
    assert by_id["goal_3_4"]["points"] == by_id["goal_4_2"]["points"] == 0  # not complete
    goal_2_3: dict[str, Any] = by_id["goal_2_3"]
    return goal_2_3


CASES = [
    # ≠: six colours and six patterns
    ("all_different", [(P, d), (Y, f), (G, w), (U, q), (D, s), (L, v)], 15),
    ("all_different", [(P, d), (Y, f), (G, w), (U, q), (D, s), (L, d)], 10),  # patterns 2-1-1-1-1
    ("all_different", [(P, d), (P, f), (G, w), (U, q), (D, s), (L, d)], 0),
    # AAA-BBB
    ("AAA-BBB", [(P, d), (Y, d), (P, d), (Y, f), (P, f), (Y, f)], 13),
    ("AAA-BBB", [(P, d), (Y, f), (P, w), (Y, q), (P, s), (Y, v)], 8),  # colours only
    ("AAA-BBB", [(P, d), (P, f), (P, w), (P, q), (P, s), (P, v)], 0),  # six of one: not AAA-BBB
    ("AAA-BBB", [(P, d), (Y, d), (G, d), (U, f), (D, f), (L, f)], 8),  # patterns only
    # AA-BB-CC
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, d), (G, f), (G, w)], 11),
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (G, v)], 7),
    ("AA-BB-CC", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (U, v)], 0),  # 2-2-1-1 is not 2-2-2
    ("AA-BB-CC", [(P, d), (P, f), (P, w), (P, q), (G, s), (G, v)], 0),  # 4-2 is not 2-2-2
    # AAAA-BB
    ("AAAA-BB", [(P, d), (P, d), (P, f), (P, f), (Y, f), (Y, f)], 14),
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (Y, s), (Y, v)], 8),
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (Y, s), (G, v)], 0),  # 4-1-1
    ("AAAA-BB", [(P, d), (P, f), (P, w), (P, q), (P, s), (Y, v)], 0),  # 5-1
    # AAA-BB-C
    ("AAA-BB-C", [(P, d), (P, d), (P, d), (Y, f), (Y, f), (G, w)], 11),
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (Y, s), (G, v)], 7),
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (Y, s), (Y, v)], 0),  # 3-3
    ("AAA-BB-C", [(P, d), (P, f), (P, w), (Y, q), (G, s), (U, v)], 0),  # 3-1-1-1
    # AA-BB-C-D
    ("AA-BB-C-D", [(P, d), (P, d), (Y, f), (Y, f), (G, w), (U, q)], 8),
    ("AA-BB-C-D", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (U, v)], 5),
    ("AA-BB-C-D", [(P, d), (P, f), (Y, w), (Y, q), (G, s), (G, v)], 0),  # 2-2-2
    ("AA-BB-C-D", [(P, d), (P, f), (P, w), (Y, q), (G, s), (U, v)], 0),  # 3-1-1-1
]


@pytest.mark.parametrize(("goal", "tiles", "points"), CASES)
def test_goal_scores_the_tile_value_for_the_exact_partition(
    goal: str, tiles: list[tuple[str, str]], points: int
) -> None:
    assert goal_points(goal, tiles)["points"] == points


def test_an_incomplete_goal_scores_nothing() -> None:
    goals = {"ann": {"2,3": "all_different", "3,4": "AAA-BBB", "4,2": "AA-BB-CC"}}
    seq = [
        (cell, c, p)
        for cell, (c, p) in zip(RING[:5], [(P, d), (Y, f), (G, w), (U, q), (D, s)], strict=True)
    ]
    tb = Table({"ann": seq}, goals=goals).run()
    player = CALICO.score(tb.state).to_json()["players"][0]
    assert next(c for c in player["components"] if c["id"] == "goal_2_3")["points"] == 0
