"""The Calico components, as the reference data and the rulebook count them."""

from __future__ import annotations

from collections import Counter

from engines.calico import CALICO
from engines.calico.catalogue import (
    BOARDS,
    BORDER,
    BUTTON_POINTS,
    CAT_TILES,
    CATS,
    COLORS,
    COPIES,
    GOAL_NEIGHBOURS,
    GOAL_SPACES,
    GOALS,
    GRID,
    PATCH_SPACES,
    PATTERNS,
    RAINBOW_POINTS,
    SCENARIOS,
    TILE_TYPES,
    color_of,
)


def test_components_108_patch_tiles_six_colours_by_six_patterns_by_three() -> None:
    assert COLORS == ("dark_blue", "green", "light_blue", "pink", "purple", "yellow")
    assert PATTERNS == ("dots", "ferns", "flowers", "quatrefoil", "stripes", "vines")
    assert (TILE_TYPES, COPIES, TILE_TYPES * COPIES) == (36, 3, 108)


def test_components_seeded_setup_puts_all_108_tiles_in_play() -> None:
    state = CALICO.setup(["ann"], {}, "components")
    assert state.bag is not None
    tiles = Counter([*state.bag, *state.hands[0], *state.market])
    assert sum(tiles.values()) == 108
    assert set(tiles.values()) == {3}


def test_components_four_boards_with_24_printed_border_patches() -> None:
    assert [b.id for b in BOARDS] == ["blue", "green", "purple", "yellow"]
    assert BORDER.bit_count() == 24
    for board in BOARDS:
        assert len(board.border) == 24
        # Each board prints exactly four border patches of each colour (NOTES.md sanity check).
        assert sorted(Counter(color_of(t) for _, t in board.border).values()) == [4] * 6


def test_components_blue_board_border_cells_match_the_reference() -> None:
    blue = dict(BOARDS[0].border)
    # From boards.json: (0,1) yellow stripes, (1,0) green flowers, (6,3) dark blue ferns.
    assert blue[GRID.index((0, 1))] == 5 * 6 + 4
    assert blue[GRID.index((1, 0))] == 1 * 6 + 2
    assert blue[GRID.index((6, 3))] == 0 * 6 + 1


def test_components_goal_spaces_and_22_patch_spaces() -> None:
    assert GOAL_SPACES == ((2, 3), (3, 4), (4, 2))
    assert PATCH_SPACES.bit_count() == 22
    assert [GRID.cells(n) for n in GOAL_NEIGHBOURS] == [
        [(1, 2), (1, 3), (2, 2), (2, 4), (3, 2), (3, 3)],
        [(2, 4), (2, 5), (3, 3), (3, 5), (4, 4), (4, 5)],
        [(3, 1), (3, 2), (4, 1), (4, 3), (5, 1), (5, 2)],
    ]


def test_components_ten_cats_on_five_double_sided_tiles_in_dot_groups() -> None:
    assert {c.id: c.points for c in CATS} == {
        "millie": 3,
        "tibbit": 5,
        "coconut": 7,
        "cira": 9,
        "gwenivere": 11,
        "callie": 3,
        "rumi": 5,
        "tecolote": 7,
        "almond": 9,
        "leo": 11,
    }
    sides = [(CATS[a].id, CATS[b].id, t.dots) for t in CAT_TILES for a, b in [t.sides]]
    assert sides == [
        ("millie", "callie", 1),
        ("tibbit", "rumi", 1),
        ("coconut", "tecolote", 2),
        ("cira", "almond", 2),
        ("gwenivere", "leo", 3),
    ]
    assert {c.id: c.min_size for c in CATS if c.kind == "group"} == {
        "millie": 3,
        "tibbit": 4,
        "coconut": 5,
        "cira": 6,
        "gwenivere": 7,
    }


def test_components_six_design_goal_tiles_with_the_tile_values() -> None:
    assert {g.id: (g.partition, g.low, g.high) for g in GOALS} == {
        "all_different": ((1, 1, 1, 1, 1, 1), 10, 15),
        "AAA-BBB": ((3, 3), 8, 13),
        "AA-BB-CC": ((2, 2, 2), 7, 11),
        "AAAA-BB": ((4, 2), 8, 14),
        "AAA-BB-C": ((3, 2, 1), 7, 11),
        "AA-BB-C-D": ((2, 2, 1, 1), 5, 8),
    }


def test_components_buttons_score_three_rainbow_included() -> None:
    assert (BUTTON_POINTS, RAINBOW_POINTS) == (3, 3)


def test_components_ten_solo_scenarios_with_targets() -> None:
    assert [SCENARIOS[n].min_score for n in range(1, 11)] == [
        58,
        59,
        60,
        61,
        62,
        63,
        64,
        66,
        68,
        72,
    ]


def test_info_surfaces_what_is_unverified() -> None:
    info = CALICO.info()
    catalogue = info["catalogue"]
    statuses = [t["status"] for t in catalogue["cat_tiles"]]
    assert statuses[2].startswith("unverified") and statuses[3].startswith("unverified")
    scenario_status = [s["status"] for s in catalogue["solo_scenarios"]]
    assert not scenario_status[0].startswith("unverified")
    assert all(s.startswith("unverified") for s in scenario_status[1:])
    assert "unverified" in catalogue["variants"]["status"]
    assert info["options"]["shape_cats_in_larger_area"]["status"].startswith("open question")
    assert info["score_components"] == [
        "cats",
        "buttons",
        "rainbow_button",
        "goal_2_3",
        "goal_3_4",
        "goal_4_2",
    ]
    assert len(catalogue["boards"]) == 4 and len(catalogue["tiles"]["kinds"]) == 36
    assert len(info["unverified"]) >= 5
