"""The domains of a described choice: how many combinations each allows, and the concrete
actions a client builds from them."""

from __future__ import annotations

from engines.core.choices import (
    Arrangement,
    Choice,
    EachOf,
    Limit,
    OneOf,
    Orientation,
    PerItem,
    Placement,
    Subset,
    concrete,
)


def test_a_subset_of_three_cards_of_one_to_two_is_six_picks() -> None:
    domain = Subset((1, 2, 3), 1, 2)
    assert domain.size() == 3 + 3
    assert list(domain.choices({})) == [[1], [2], [3], [1, 2], [1, 3], [2, 3]]


def test_two_copies_of_one_cat_make_one_pick_each_way() -> None:
    # ["a", "a", "b"]: picks of 1 are a and b, of 2 are a+a and a+b.
    assert list(Subset(("a", "a", "b"), 1, 2).choices({})) == [["a"], ["b"], ["a", "a"], ["a", "b"]]


def test_a_field_for_each_of_two_cats_is_four_lists() -> None:
    assert list(EachOf(("left", "right"), 2).choices({})) == [
        ["left", "left"],
        ["left", "right"],
        ["right", "left"],
        ["right", "right"],
    ]


def test_three_of_four_goals_in_order_are_24_arrangements() -> None:
    domain = Arrangement(("a", "b", "c", "d"), 3)
    assert domain.size() == 4 * 3 * 2
    picks = list(domain.choices({}))
    assert len(picks) == 24 and picks[0] == ["a", "b", "c"] and picks[-1] == ["d", "c", "b"]
    assert all(len(set(p)) == 3 for p in picks)


def test_a_colour_is_given_to_each_chosen_lesson_only() -> None:
    domain = PerItem("cards", (40, 41), ("blue", "red"))
    assert list(domain.choices({"cards": [12, 40]})) == [{"40": "blue"}, {"40": "red"}]


def test_a_placement_moves_an_orientation_by_each_offset() -> None:
    # offsets (2, 3), (2, 4), (2, 5) and (5, 0): two runs along rows 2 and 5
    domino = Placement((Orientation.of(((0, 0), (0, 1)), [(2, 3), (2, 4), (2, 5), (5, 0)]),))
    assert domino.orientations[0].runs == ((2, 3, 5), (5, 0, 0))
    assert domino.to_json()["orientations"][0]["offsets"] == [[2, 3, 5], [5, 0, 0]]
    assert domino.size() == 4
    assert list(domino.choices({})) == [
        [[2, 3], [2, 4]],
        [[2, 4], [2, 5]],
        [[2, 5], [2, 6]],
        [[5, 0], [5, 1]],
    ]


def test_a_limit_keeps_the_combinations_that_cost_at_most_its_bound() -> None:
    cost = Limit("CANNOT_AFFORD", "at most 3 fish", "cards", ((1, 2), (2, 2), (3, 1)), 3)
    choice = Choice({"type": "buy", "player": "ann"}, (("cards", Subset((1, 2, 3), 0, 3)),), cost)
    assert choice.size() == 8
    assert [a["cards"] for a in choice.actions()] == [[], [1], [2], [3], [1, 3], [2, 3]]


def test_a_path_sets_a_field_inside_an_object_and_copies_the_rest() -> None:
    fixed = {"type": "place", "piece": {"kind": "common_treasure", "shape": 101}}
    action = concrete(fixed, {"piece/cells": [[0, 0], [0, 1]]})
    assert action == {
        "type": "place",
        "piece": {"kind": "common_treasure", "shape": 101, "cells": [[0, 0], [0, 1]]},
    }
    assert "cells" not in fixed["piece"]


def test_a_choice_written_out_names_each_domain() -> None:
    choice = Choice({"type": "draft", "player": "ann"}, (("cards", OneOf((1, 2))),))
    assert choice.to_json() == {
        "type": "draft",
        "player": "ann",
        "choose": {"cards": {"domain": "one_of", "values": [1, 2]}},
    }
