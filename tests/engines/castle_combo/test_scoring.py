"""Castle Combo's score lines pinned where the mutation run found them loose: where leftover gold
goes, and scrolls of one kind read in several rows or crosses of one tableau.

Points by hand from the catalogue (`engines/castle_combo/data`): steward and gravedigger are
purses of 3 and 8 gold, 2 points a gold; prince scores 4 and princess 3 per nobility shield in
its row; knight 3 and jester 2 per nobility shield in its row and column (the card's cross).
Shields: prince, princess and jester show nobility, knight military. Judge scores 3 per pair of a
castle and a village banner; judge and knight show castle banners."""

from __future__ import annotations

from typing import Any

from engines.castle_combo import CASTLE_COMBO

from .helpers import grid, score_of, table_state, tableau


def _lines(score: dict[str, Any]) -> dict[str, tuple[int, dict[str, Any]]]:
    return {c["id"]: (c["points"], c["detail"]) for c in score["players"][0]["components"]}


def test_a_single_leftover_gold_goes_on_a_purse() -> None:
    # 1 gold, the steward's purse holds up to 3: it takes it, 2 points, nothing left over.
    lines = _lines(score_of(["steward . .", ". . .", ". . ."], gold=1))
    assert lines["card:0,0"] == (2, {"card": "steward", "face_down": False, "gold": 1})
    assert lines["leftover_gold"] == (0, {"gold": 0})


def test_leftover_gold_fills_the_purses_in_grid_order() -> None:
    # 2 gold, the steward first in grid order (0,0) takes both; the gravedigger (0,1) none.
    # (By card name the gravedigger would come first.)
    lines = _lines(score_of(["steward gravedigger .", ". . .", ". . ."], gold=2))
    assert lines["card:0,0"] == (4, {"card": "steward", "face_down": False, "gold": 2})
    assert lines["card:0,1"] == (0, {"card": "gravedigger", "face_down": False, "gold": 0})
    assert lines["leftover_gold"] == (0, {"gold": 0})


def test_row_scrolls_of_two_rows_read_their_own_row() -> None:
    # prince (0,0): row 0 = prince (nobility), knight (military): 1 nobility x 4 = 4.
    # princess (1,0): row 1 = princess, jester: 2 nobility x 3 = 6.
    # knight (0,1): cross = row 0 (prince, knight) + column 1 (knight, jester): 2 nobility x 3 = 6.
    # jester (1,1): cross = row 1 (princess, jester) + column 1 (knight, jester): 2 x 2 = 4.
    lines = _lines(score_of(["prince knight .", "princess jester .", ". . ."]))
    points = {cid: lines[cid][0] for cid in ("card:0,0", "card:0,1", "card:1,0", "card:1,1")}
    assert points == {"card:0,0": 4, "card:0,1": 6, "card:1,0": 6, "card:1,1": 4}


def test_cross_scrolls_of_one_column_read_their_own_row() -> None:
    # knight (0,0): cross = row 0 (knight, prince) + column 0 (knight, jester): 2 nobility x 3.
    # prince (0,1): row 0 = knight, prince: 1 nobility x 4 = 4.
    # jester (1,0): cross = row 1 (jester) + column 0 (knight, jester): 1 nobility x 2 = 2.
    lines = _lines(score_of(["knight prince .", "jester . .", ". . ."]))
    points = {cid: lines[cid][0] for cid in ("card:0,0", "card:0,1", "card:1,0")}
    assert points == {"card:0,0": 6, "card:0,1": 4, "card:1,0": 2}


def test_card_lines_come_in_grid_order_and_name_the_card_or_a_face_down_card() -> None:
    # (0,0) the steward face up, (0,1) the judge face down (by name the judge would come first).
    score = score_of(["steward judge! .", ". . .", ". . ."])
    lines = [(c["id"], c["label"]) for c in score["players"][0]["components"]]
    assert lines == [
        ("card:0,0", "Steward at row 0, column 0"),
        ("card:0,1", "face-down card at row 0, column 1"),
        ("keys", "Keys × 1"),
        ("leftover_gold", "Gold not on purses (tie-break)"),
    ]


def test_a_banner_set_with_a_banner_missing_scores_nothing() -> None:
    # judge: 3 per castle + village banner pair. judge and knight show castle banners, no card
    # shows a village banner: no pair, 0.
    lines = _lines(score_of(["judge knight .", ". . .", ". . ."]))
    assert lines["card:0,0"][0] == 0


def test_a_growing_tableau_is_scored_from_its_top_left_card() -> None:
    # ann's cards lie at offsets (0,-1) monk and (0,0) steward: the grid's left column is -1, so
    # the monk's line is card:0,0 and the steward's card:0,1.
    ann = tableau({(0, -1): "monk", (0, 0): "steward"})
    bob = tableau({(0, 0): "judge", (1, 0): "knight"})
    state = table_state({"ann": (ann, 0, 0), "bob": (bob, 0, 0)}, to_move="ann", messenger="castle")
    lines = [c["id"] for c in CASTLE_COMBO.score(state).to_json()["players"][0]["components"]]
    assert lines == ["card:0,0", "card:0,1", "keys", "leftover_gold"]


def _two(ann: tuple[int, int], bob: tuple[int, int]) -> dict[str, Any]:
    """ann holds the knight, bob the judge (each scores 0 alone); (keys, gold) each."""
    players = [
        {"player": name, "grid": grid([row, ". . .", ". . ."]), "keys": k, "gold": g}
        for name, row, (k, g) in (("ann", "knight . .", ann), ("bob", "judge . .", bob))
    ]
    return CASTLE_COMBO.score_position({"players": players}).to_json()


def test_the_tie_break_names_a_winner_only_when_it_decided() -> None:
    # No tie: 2 keys against 1, ann wins on points; the tie-break decided nothing.
    score = _two(ann=(2, 0), bob=(1, 0))
    assert [p["total"] for p in score["players"]] == [2, 1]
    assert score["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 2}]
    assert score["tie_break"] == {"rule": "most_leftover_gold_then_shared", "decided_by": None}
    # 1 point each; ann has 3 gold left over (no purse to put it on), bob none: ann by gold.
    score = _two(ann=(1, 3), bob=(1, 0))
    assert score["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 2}]
    assert score["tie_break"]["decided_by"] == "ann"
    # 1 point and no gold each: a shared win, decided by nothing.
    score = _two(ann=(1, 0), bob=(1, 0))
    assert score["ranking"] == [{"player": "ann", "rank": 1}, {"player": "bob", "rank": 1}]
    assert score["tie_break"]["decided_by"] is None
