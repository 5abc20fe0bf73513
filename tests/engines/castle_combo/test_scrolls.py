"""Every card's end-game scroll, scored on a small hand-built grid with a hand-checked value.

Each case names the card, the grid (``card!`` face down, ``card$n`` n gold stored on it, ``.``
empty), the player's keys, the component read and the points worked out by hand in the comment.
A scroll reads only its own tableau; ``row`` and ``column`` include the card itself and
``row_and_column`` is its cross of 5 cells.
"""

from __future__ import annotations

import pytest

from engines.castle_combo.catalogue import CARDS

from .helpers import component, score_of

# (card, grid rows, keys, component, points)
CASES: list[tuple[str, list[str], int, str, int]] = [
    # --- Castle ---
    # purse, capacity 3: 2 gold on it x 2 points = 4
    ("steward", ["steward$2 . .", ". . .", ". . ."], 0, "card:0,0", 4),
    # 3 per scholarship in row and column: row professor 1, column goldsmith 1 -> 2 x 3 = 6
    ("scribe", ["scribe professor .", "goldsmith . .", ". . ."], 0, "card:0,0", 6),
    # 5 in the top row: (0,0) is in it -> 5
    ("mother_superior", ["mother_superior knight .", ". . .", ". . ."], 0, "card:0,0", 5),
    # 6 per missing shield type: faith + military shown, 4 missing -> 24
    ("his_holiness", ["his_holiness knight .", ". . .", ". . ."], 0, "card:0,0", 24),
    # 2 per village banner: monk, potter -> 4
    ("chaplain", ["chaplain monk potter", ". . .", ". . ."], 0, "card:0,0", 4),
    # 3 per faith in its row: cardinal 1 + monk 1 + scribe 1 = 3 (nun is in the column) -> 9
    ("cardinal", ["cardinal monk scribe", "nun . .", ". . ."], 0, "card:0,0", 9),
    # 1 per key: 5 keys -> 5 (the keys line scores them once more)
    ("templar", ["templar . .", ". . .", ". . ."], 5, "card:0,0", 5),
    # purse, capacity 8: 8 gold x 2 = 16
    ("gravedigger", ["gravedigger$8 . .", ". . .", ". . ."], 0, "card:0,0", 16),
    # 4 per card with a discount: alchemist itself and princess (knight has none) -> 8
    ("alchemist", ["alchemist princess knight", ". . .", ". . ."], 0, "card:0,0", 8),
    # 8 in the left column: (0,0) -> 8
    ("astronomer", ["astronomer knight .", ". . .", ". . ."], 0, "card:0,0", 8),
    # 4 per shield type in its row: faith; faith, peasantry; scholarship, craftsmanship -> 4 x 4
    ("pilgrim", ["pilgrim monk goldsmith", ". . .", ". . ."], 0, "card:0,0", 16),
    # 10 with no craftsmanship shown: devout faith, monk faith + peasantry -> 10
    ("devout", ["devout monk .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 3 per faith in its column: nun 1 + monk 1 + scribe 1 -> 9
    ("nun", ["nun . .", "monk . .", "scribe . ."], 0, "card:0,0", 9),
    # 2 per shield type in the tableau: scholarship, military, faith, peasantry -> 8
    ("architect", ["architect knight monk", ". . .", ". . ."], 0, "card:0,0", 8),
    # 6 in the left column -> 6
    ("goldsmith", ["goldsmith . .", ". . .", ". . ."], 0, "card:0,0", 6),
    # 3 per scholarship in its column: apothecary 1 + inventor 2 -> 9
    ("apothecary", ["apothecary . .", "inventor . .", ". . ."], 0, "card:0,0", 9),
    # 3 per scholarship in its row: professor 1 + inventor 2 + knight 0 -> 9
    ("professor", ["professor inventor knight", ". . .", ". . ."], 0, "card:0,0", 9),
    # 4 per military+nobility pair: military officer 1 + knight 1 = 2, nobility duchess 2 -> 8
    ("officer", ["officer duchess knight", ". . .", ". . ."], 0, "card:0,0", 8),
    # 8 in the right column: (0,2) -> 8
    ("captain", [". . captain", ". . .", ". . ."], 0, "card:0,2", 8),
    # 3 per castle+village banner pair: castle judge, knight; village monk, potter -> 2 x 3
    ("judge", ["judge monk potter", "knight . .", ". . ."], 0, "card:0,0", 6),
    # 5 per card printed 5 or more: patron 7, knight 5 (monk 4 no) -> 10
    ("patron", ["patron knight monk", ". . .", ". . ."], 0, "card:0,0", 10),
    # 5 in the bottom row: (2,0) -> 5
    ("guildmaster", [". . .", ". . .", "guildmaster . ."], 0, "card:2,0", 5),
    # 6 per three identical shields: military 1+2+1 = 4 -> 1 set, nobility 2+1 = 3 -> 1 set
    ("general", ["general captain knight", "duchess princess .", ". . ."], 0, "card:0,0", 12),
    # 3 per nobility in row and column: row duchess 2, column princess 1 -> 9
    ("knight", ["knight duchess .", "princess . .", ". . ."], 0, "card:0,0", 9),
    # 4 per shield type in its column: military; faith, peasantry; scholarship, craft -> 20
    ("lookout", ["lookout . .", "monk . .", "goldsmith . ."], 0, "card:0,0", 20),
    # 3 per nobility in its column: royal guard 1 + duchess 2 -> 9
    ("royal_guard", ["royal_guard . .", "duchess . .", ". . ."], 0, "card:0,0", 9),
    # 1 per gold on all purses: potter 3 + steward 2 -> 5
    ("banker", ["banker potter$3 steward$2", ". . .", ". . ."], 0, "card:0,0", 5),
    # 3 per card printed exactly 4: pawnbroker, monk (knight 5 no) -> 6
    ("pawnbroker", ["pawnbroker monk knight", ". . .", ". . ."], 0, "card:0,0", 6),
    # 2 per shield type in its row: nobility, craftsmanship, faith, peasantry -> 8
    ("chatelaine", ["chatelaine monk .", ". . .", ". . ."], 0, "card:0,0", 8),
    # 4 per craftsmanship+faith pair: craft glassblower 1 + potter 2 = 3, faith monk 1 -> 4
    ("glassblower", ["glassblower monk potter", ". . .", ". . ."], 0, "card:0,0", 4),
    # 3 per nobility in its row: princess 1 + duchess 2 + knight 0 -> 9
    ("princess", ["princess duchess knight", ". . .", ". . ."], 0, "card:0,0", 9),
    # 4 per nobility in its row: prince 1 + duchess 2 -> 12
    ("prince", ["prince duchess .", ". . .", ". . ."], 0, "card:0,0", 12),
    # 4 per nobility in its column: his majesty 1 + duchess 2 + knight 0 -> 12
    ("his_majesty", ["his_majesty . .", "duchess . .", "knight . ."], 0, "card:0,0", 12),
    # purse, capacity 5: 5 gold x 2 = 10
    ("queen_mother", ["queen_mother$5 . .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 2 per nobility in row and column: jester 1 + duchess 2 + princess 1 = 4 -> 8
    ("jester", ["jester duchess .", "princess . .", ". . ."], 0, "card:0,0", 8),
    # 2 per castle banner: chancellor, knight (monk is village) -> 4
    ("chancellor", ["chancellor knight monk", ". . .", ". . ."], 0, "card:0,0", 4),
    # 10 with no peasantry shown: baron nobility, knight military -> 10
    ("baron", ["baron knight .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 10 per craftsmanship+nobility+scholarship set: nobility 1, goldsmith craft 1 + schol 1 -> 10
    (
        "her_majesty_the_queen",
        ["her_majesty_the_queen goldsmith .", ". . .", ". . ."],
        0,
        "card:0,0",
        10,
    ),
    # 8 in the top row -> 8
    ("duchess", ["duchess . .", ". . .", ". . ."], 0, "card:0,0", 8),
    # --- Village ---
    # 1 per village banner: inventor, monk (knight castle) -> 2
    ("inventor", ["inventor monk knight", ". . .", ". . ."], 0, "card:0,0", 2),
    # 6 in the middle column: (0,1) -> 6
    ("spy", [". spy .", ". . .", ". . ."], 0, "card:0,1", 6),
    # purse, capacity 5: 4 gold x 2 = 8
    ("vicar", ["vicar$4 . .", ". . .", ". . ."], 0, "card:0,0", 8),
    # purse, capacity 4: 4 gold x 2 = 8
    ("miraculously_cured", ["miraculously_cured$4 . .", ". . .", ". . ."], 0, "card:0,0", 8),
    # 2 per craftsmanship in row and column: row potter 2, column goldsmith 1 -> 6
    ("squire", ["squire potter .", "goldsmith . .", ". . ."], 0, "card:0,0", 6),
    # 10 with no military shown: philosopher scholarship, monk faith + peasantry -> 10
    ("philosopher", ["philosopher monk .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 4 per peasantry+scholarship pair: scholarship doctor 1; peasantry monk 1 + farmer 2 -> 1 set
    ("doctor", ["doctor monk farmer", ". . .", ". . ."], 0, "card:0,0", 4),
    # 1 per castle banner: knight, duchess -> 2
    ("executioner", ["executioner knight duchess", ". . .", ". . ."], 0, "card:0,0", 2),
    # 10 with no scholarship shown: barbarian and knight are military -> 10
    ("barbarian", ["barbarian knight .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 3 per military in its row: militiaman 1 + captain 2 + monk 0 -> 9
    ("militiaman", ["militiaman captain monk", ". . .", ". . ."], 0, "card:0,0", 9),
    # 3 per military in its column: bombardier 1 + captain 2 -> 9
    ("bombardier", ["bombardier . .", "captain . .", ". . ."], 0, "card:0,0", 9),
    # 3 per craftsmanship in its column: stonemason 1 + potter 2 -> 9
    ("stonemason", ["stonemason . .", "potter . .", ". . ."], 0, "card:0,0", 9),
    # 2 per card with exactly 2 shields: blacksmith, monk (knight has 1) -> 4
    ("blacksmith", ["blacksmith monk knight", ". . .", ". . ."], 0, "card:0,0", 4),
    # purse, capacity 4: 3 gold x 2 = 6
    ("master_at_arms", ["master_at_arms$3 . .", ". . .", ". . ."], 0, "card:0,0", 6),
    # 7 per faith+military+peasantry set: military 1, peasantry 1+1, faith monk 1 -> 7
    ("mercenary", ["mercenary monk .", ". . .", ". . ."], 0, "card:0,0", 7),
    # purse, capacity 6: 6 gold x 2 = 12
    ("innkeeper", ["innkeeper$6 . .", ". . .", ". . ."], 0, "card:0,0", 12),
    # purse, capacity 7: 5 gold x 2 = 10
    ("sculptor", ["sculptor$5 . .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 3 per craftsmanship in its row: clockmaker 1 + potter 2 -> 9
    ("clockmaker", ["clockmaker potter .", ". . .", ". . ."], 0, "card:0,0", 9),
    # 5 in the middle row: (1,0) -> 5
    ("spice_merchant", [". . .", "spice_merchant . .", ". . ."], 0, "card:1,0", 5),
    # 3 per military in row and column (the rulebook's 3, not ThibautPerr's 2): row captain 2,
    # column knight 1 -> 9
    ("armorer", ["armorer captain .", "knight . .", ". . ."], 0, "card:0,0", 9),
    # purse, capacity 4: 4 gold x 2 = 8
    ("potter", ["potter$4 . .", ". . .", ". . ."], 0, "card:0,0", 8),
    # 7 in the bottom row: (2,0) -> 7
    ("farmer", [". . .", ". . .", "farmer . ."], 0, "card:2,0", 7),
    # 1 per key: 4 keys -> 4
    ("locksmith", ["locksmith . .", ". . .", ". . ."], 4, "card:0,0", 4),
    # 8 with a face-down card in the tableau: knight lies face down -> 8
    ("carpenter", ["carpenter knight! .", ". . .", ". . ."], 0, "card:0,0", 8),
    # 9 with no faith shown: witch peasantry, knight military -> 9
    ("witch", ["witch knight .", ". . .", ". . ."], 0, "card:0,0", 9),
    # 7 per three village banners: brigand, monk, potter, farmer = 4 -> 1 set -> 7
    ("brigand", ["brigand monk potter", "farmer . .", ". . ."], 0, "card:0,0", 7),
    # 5 in the right column: (0,2) -> 5
    ("woodcutter", [". . woodcutter", ". . .", ". . ."], 0, "card:0,2", 5),
    # 2 per peasantry in row and column: monk 1 + farmer 2 + beggar 1 -> 8
    ("monk", ["monk farmer .", "beggar . .", ". . ."], 0, "card:0,0", 8),
    # 2 per faith in row and column: beggar 0 + monk 1 + nun 1 -> 4
    ("beggar", ["beggar monk .", "nun . .", ". . ."], 0, "card:0,0", 4),
    # 3 per peasantry in its column: stable boy 1 + farmer 2 -> 9
    ("stable_boy", ["stable_boy . .", "farmer . .", ". . ."], 0, "card:0,0", 9),
    # 2 per shield type in its column: scholarship, peasantry, military, faith -> 8
    ("winemaker", ["winemaker . .", "knight . .", "monk . ."], 0, "card:0,0", 8),
    # 3 per peasantry in its row: shepherd 1 + farmer 2 -> 9
    ("shepherd", ["shepherd farmer .", ". . .", ". . ."], 0, "card:0,0", 9),
    # 2 per castle banner: knight, duchess -> 4
    ("usurper", ["usurper knight duchess", ". . .", ". . ."], 0, "card:0,0", 4),
    # 2 per card printed 0: traveler, beggar (knight 5) -> 4
    ("traveler", ["traveler beggar knight", ". . .", ". . ."], 0, "card:0,0", 4),
    # purse, capacity 5: 5 gold x 2 = 10
    ("farmhand", ["farmhand$5 . .", ". . .", ". . ."], 0, "card:0,0", 10),
    # 9 with no nobility shown: revolutionary peasantry, monk faith + peasantry -> 9
    ("revolutionary", ["revolutionary monk .", ". . .", ". . ."], 0, "card:0,0", 9),
    # 4 in a corner: (2,2) -> 4
    ("fisherman", [". . .", ". . .", ". . fisherman"], 0, "card:2,2", 4),
    # 3 on an edge but not a corner: (1,0) -> 3
    ("baker", [". . .", "baker . .", ". . ."], 0, "card:1,0", 3),
    # purse, capacity 9: 9 gold x 2 = 18
    ("beekeeper", ["beekeeper$9 . .", ". . .", ". . ."], 0, "card:0,0", 18),
]


def test_every_card_has_a_scroll_case() -> None:
    assert sorted(c for c, *_ in CASES) == sorted(CARDS)


@pytest.mark.parametrize(
    ("card", "rows", "keys", "cid", "points"), CASES, ids=[c[0] for c in CASES]
)
def test_scroll(card: str, rows: list[str], keys: int, cid: str, points: int) -> None:
    score = score_of(rows, keys=keys)
    assert component(score, cid) == points
    detail = next(c for c in score["players"][0]["components"] if c["id"] == cid)["detail"]
    assert detail["card"] == card and detail["face_down"] is False


# Scrolls that pay only under a condition also pay nothing when it fails.
ZERO_CASES: list[tuple[str, list[str], str]] = [
    # top row only: (1,0) is the middle row
    ("mother_superior", [". . .", "mother_superior . .", ". . ."], "card:1,0"),
    # left column only: (0,1) is the middle column
    ("astronomer", [". astronomer .", ". . .", ". . ."], "card:0,1"),
    # no peasantry allowed: monk shows one
    ("baron", ["baron monk .", ". . .", ". . ."], "card:0,0"),
    # a face-down card is needed: every card is face up
    ("carpenter", ["carpenter knight .", ". . .", ". . ."], "card:0,0"),
    # a corner: (0,1) is an edge
    ("fisherman", [". fisherman .", ". . .", ". . ."], "card:0,1"),
    # an edge that is not a corner: (1,1) is the centre
    ("baker", [". . .", "knight baker .", ". . ."], "card:1,1"),
    # officer needs both shields: military 1, nobility 0 -> no pair
    ("officer", ["officer . .", ". . .", ". . ."], "card:0,0"),
]


@pytest.mark.parametrize(("card", "rows", "cid"), ZERO_CASES, ids=[c[0] for c in ZERO_CASES])
def test_scroll_condition_not_met_scores_zero(card: str, rows: list[str], cid: str) -> None:
    assert component(score_of(rows), cid) == 0


def test_face_down_card_scores_nothing_and_hides_its_shields() -> None:
    # prince face up would score 4 per nobility in its row; face down it scores 0, and the
    # princess beside it counts only her own nobility: 3 x 1 = 3 (not 3 x 2 with the prince's)
    score = score_of(["prince! princess .", ". . .", ". . ."])
    assert component(score, "card:0,0") == 0
    assert component(score, "card:0,1") == 3
