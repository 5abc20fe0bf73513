"""Legal actions as choices: every answer grows with the hand and the fields, never with their
subsets, and what the choices allow is exactly what the rules accept.

The exhaustive comparison builds its candidates without the choices: every subset of the cards
offered (and a card not offered), every colour or none for each, every placement of every piece
in the catalogue's boat, both fields, every option a card may name. Each candidate is checked by
the rules (``check``) and must be legal exactly when some choice allows it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations, product
from typing import Any

import pytest

from engines.core.choices import LISTED_AT_MOST, Choice, concrete
from engines.isle_of_cats import ISLE_OF_CATS as GAME
from engines.isle_of_cats import actions as A
from engines.isle_of_cats import choices as isle_choices
from engines.isle_of_cats import rules
from engines.isle_of_cats.actions import CHANCE_SEAT, LISTED_OPTIONS, Action
from engines.isle_of_cats.boat import Piece
from engines.isle_of_cats.catalogue import (
    CARDS,
    CAT,
    COLORS,
    FIELDS,
    RESCUE,
    cells_of,
    mask_of,
    parse_cat_key,
    shape_def,
)
from engines.isle_of_cats.state import (
    BUY,
    KEEP_TASK,
    PLACE_TASK,
    RESCUE_CARDS,
    IsleState,
    Task,
    with_player,
)

from .helpers import bought

RESCUE_CARD_IDS = sorted(c for c, kind in CARDS.items() if kind.type == RESCUE)


def with_rescue_cards(n: int) -> IsleState:
    """ann choosing her rescue cards with ``n`` rescue cards in hand (bob still to choose)."""
    state = bought()
    taken = {c for p in state.players for c in p.hand + p.private_lessons}
    return with_player(state, 0, hand=tuple(c for c in RESCUE_CARD_IDS if c not in taken)[:n])


def entries(state: IsleState, player: str = "ann") -> list[dict[str, Any]]:
    return GAME.legal_entries(state, player)


def test_seventeen_rescue_cards_are_one_choice_of_a_subset() -> None:
    state = with_rescue_cards(17)
    assert state.phase == RESCUE_CARDS
    [entry] = entries(state)
    hand = sorted(state.players[0].hand)
    assert entry == {
        "type": "rescue_cards",
        "player": "ann",
        "choose": {"cards": {"domain": "subset", "values": hand, "min": 0, "max": 17}},
    }


def test_the_answer_grows_with_the_hand_not_with_its_subsets() -> None:
    sizes = {n: len(json.dumps(entries(with_rescue_cards(n)))) for n in (7, 17, 21)}
    # 7 cards: 2⁷ = 128 > 16 combinations, described as the 17 are: one entry each, and the
    # text grows by the ids listed, a few bytes a card.
    assert len(entries(with_rescue_cards(7))) == 1
    assert sizes[21] - sizes[7] < 14 * 6


def test_four_rescue_cards_are_listed_as_their_16_subsets_and_five_described() -> None:
    assert [e["type"] for e in entries(with_rescue_cards(5))] == ["rescue_cards"]
    listed = entries(with_rescue_cards(4))
    assert len(listed) == 2**4 == LISTED_AT_MOST
    assert all("id" in e and "choose" not in e for e in listed)
    assert listed[0]["id"] == "rescue_cards:ann:"


def test_a_choice_of_rescue_cards_is_checked_without_listing_it() -> None:
    state = with_rescue_cards(21)
    hand = sorted(state.players[0].hand)
    action = GAME.decode_action(
        state, {"type": "rescue_cards", "player": "ann", "cards": [hand[9], hand[3]]}
    )
    assert GAME.check(state, action) == []
    assert GAME.encode_action(state, action)["id"] == f"rescue_cards:ann:{hand[3]},{hand[9]}"
    twice = GAME.decode_action(
        state, {"type": "rescue_cards", "player": "ann", "cards": [hand[1], hand[1]]}
    )
    assert [r.code for r in GAME.check(state, twice)] == ["NOT_A_RESCUE_CARD"]


def test_a_choice_of_21_rescue_cards_is_checked_and_applied_without_building_the_legal_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = with_rescue_cards(21)

    def listed(*_: object, **__: object) -> None:
        raise AssertionError("the legal set was built")

    # Every way to list the decisions, patched where it is looked up: the game's methods (the
    # core's legal_actions and legal_entries call self.choices), the module function game.py
    # calls as choices.choices, the per-seat list it builds, and the cats a player may rescue
    # (rules.rescuable, read by the choices).
    for method in ("legal_actions", "legal_entries", "choices"):
        monkeypatch.setattr(type(GAME), method, listed)
    monkeypatch.setattr(isle_choices, "choices", listed)
    monkeypatch.setattr(isle_choices, "_of_seat", listed)
    monkeypatch.setattr(rules, "rescuable", listed)
    hand = sorted(state.players[0].hand)
    # hand[3] is 11 (4 speed, no basket) and hand[9] is 19 (a half basket, no speed).
    assert (hand[3], hand[9]) == (11, 19)
    twice = GAME.decode_action(
        state, {"type": "rescue_cards", "player": "ann", "cards": [hand[1], hand[1]]}
    )
    assert [r.code for r in GAME.check(state, twice)] == ["NOT_A_RESCUE_CARD"]
    ann = GAME.decode_action(
        state, {"type": "rescue_cards", "player": "ann", "cards": [hand[9], hand[3]]}
    )
    assert GAME.check(state, ann) == []
    state, events = GAME.apply_checked(state, ann)
    assert events == [{"type": "decided", "player": "ann", "phase": "rescue_cards"}]
    # bob holds 1, 7, 43 and 98 and plays 43 (a basket and 1 speed): ann's 4 speed goes first.
    state, events = GAME.apply_checked(
        state, GAME.decode_action(state, {"id": "rescue_cards:bob:43"})
    )
    assert events[1] == {
        "type": "rescue_cards_revealed",
        "cards": {"ann": [11, 19], "bob": [43]},
        "turn_order": ["ann", "bob"],
    }
    ann_after = state.players[0]
    assert (len(ann_after.hand), ann_after.speed, ann_after.half_baskets) == (19, 4, 1)


def test_a_purchase_states_what_the_fish_allow() -> None:
    from .helpers import drafted

    state = with_player(drafted(), 0, fish=4)
    assert state.phase == BUY
    [entry] = [e for e in entries(state) if e["type"] == "buy"]
    kept = sorted(state.players[0].kept)
    assert entry["choose"]["cards"] == {"domain": "subset", "values": kept, "min": 0, "max": 7}
    # 143 is a public lesson that asks for a colour
    assert entry["choose"]["colors"] == {
        "domain": "per_item",
        "of": "cards",
        "items": [143],
        "values": list(COLORS),
    }
    fish = 4
    assert entry["limit"]["at_most"] == fish
    assert entry["limit"]["code"] == "CANNOT_AFFORD"
    costs = entry["limit"]["weights"]
    assert costs == {str(c): CARDS[c].cost for c in kept}
    too_dear = sorted(kept, key=lambda c: -CARDS[c].cost)
    while sum(CARDS[c].cost for c in too_dear) > fish + 3:
        too_dear.pop()
    action = {"type": "buy", "player": "ann", "cards": [c for c in too_dear if c != 143]}
    if sum(costs[str(c)] for c in action["cards"]) > fish:
        reasons = GAME.check(state, GAME.decode_action(state, action))
        assert [r.code for r in reasons] == ["CANNOT_AFFORD"]


def test_a_purchase_the_fish_pay_whole_states_no_limit() -> None:
    from .helpers import drafted

    kept = drafted().players[0].kept
    total = sum(CARDS[c].cost for c in kept)
    for fish, limited in ((total, False), (total - 1, True)):
        state = with_player(drafted(), 0, fish=fish)
        [entry] = [e for e in entries(state) if e["type"] == "buy"]
        assert ("limit" in entry) == limited, fish


def _placements(entry: dict[str, Any]) -> set[frozenset[tuple[int, int]]]:
    """Every set of cells a described placement allows."""
    out = set()
    for orientation in entry["choose"]["piece/cells"]["orientations"]:
        for dr, first, last in orientation["offsets"]:
            for dc in range(first, last + 1):
                out.add(frozenset((r + dr, c + dc) for r, c in orientation["cells"]))
    return out


def test_a_piece_to_place_names_its_colour_and_may_go_anywhere_after_the_card() -> None:
    from .helpers import rescuing, with_piece

    # ann drew the blue I-pentomino (415) onto a boat holding a domino at row 4.
    cat = Task(PLACE_TASK, 0, CAT, (415,), "blue", source="bag", tiles=("blue-415",))
    domino = Piece("common_treasure", 101, None, mask_of([(4, 9), (4, 10)]))
    state = with_piece(replace(rescuing(), tasks=(cat,)), 0, domino)
    found = shape_def(CAT, 415)
    assert found is not None
    free = {frozenset(map(tuple, cells_of(m))) for m in found.placements if not m & domino.mask}
    touching = {
        c for c in free if any(abs(r - 4) + min(abs(k - 9), abs(k - 10)) == 1 for r, k in c)
    }
    for anywhere, allowed in ((0, touching), (1, free)):
        [entry] = entries(with_player(state, 0, anywhere=anywhere))
        assert entry["piece"] == {"kind": "cat", "shape": 415, "color": "blue"}
        assert _placements(entry) == allowed
    assert len(touching) < len(free)
    # A common treasure has no colour.
    two = Task(PLACE_TASK, 0, "common_treasure", (101,), optional=True, source="supply")
    [place, skip] = entries(replace(rescuing(), tasks=(two,)))  # anywhere on an empty boat
    assert place["piece"] == {"kind": "common_treasure", "shape": 101}
    assert (skip["type"], skip["player"]) == ("skip", "ann")


# --- exhaustive: the choices allow exactly what the rules accept ------------------------------


def seeded_states(players: int, options: dict[str, Any], seed: str, stride: int) -> list[Any]:
    """Every ``stride``-th state of a seeded game played by random choices (and every state with
    a task pending)."""
    names = ["ann", "bob", "cy", "dee"][:players]
    state = GAME.setup(names, options, seed)
    pick = random.Random(seed)
    found = []
    step = 0
    while not GAME.is_finished(state):
        if step % stride == 0 or state.tasks:
            found.append(state)
        legal = GAME.legal_actions(state)
        state, _ = GAME.apply(state, pick.choice(legal))
        step += 1
    return found


def expanded(state: IsleState, seat: int) -> set[Action]:
    out: set[Action] = set()
    for decision in GAME.choices(state, state.name(seat)):
        if isinstance(decision, Choice):
            out.update(GAME.decode_action(state, a) for a in decision.actions())
        else:
            out.add(decision)
    return out


def candidates(state: IsleState, seat: int) -> Iterator[Action]:
    """Actions built from the state's parts, legal or not, without the choices."""
    p = state.players[seat]
    spare = next(c for c in sorted(CARDS) if c not in p.hand + p.kept + p.draft_hand)
    for kind, offered in (
        (A.DRAFT, p.draft_hand),
        (A.BUY, p.kept),
        (A.RESCUE_CARDS, [c for c in p.hand if c in CARDS and CARDS[c].type == RESCUE]),
    ):
        yield from _card_sets(kind, seat, [*offered, spare], kind == A.BUY)
    if state.tasks and state.tasks[0].kind == KEEP_TASK:
        yield from _card_sets(A.KEEP, seat, [*state.tasks[0].cards, spare], True)
    yield from (Action(k, seat) for k in (A.PASS, A.END_TURN, A.SKIP))
    yield from (Action(A.SEND, seat, items=i) for n in (1, 2) for i in product(FIELDS, repeat=n))
    for card in [*sorted(set(p.hand)), spare]:
        for option in _options(state, seat, card):
            yield Action(A.PLAY, seat, (card,), option=option)
    tiles = sorted({t for f in FIELDS for t in state.fields[f]})
    for tile in tiles:
        color, shape = parse_cat_key(tile)
        for piece in every_piece(CAT, shape, color):
            yield from (Action(A.RESCUE, seat, field=f, tile=tile, piece=piece) for f in FIELDS)
    if state.tasks and state.tasks[0].kind == PLACE_TASK:
        task = state.tasks[0]
        from engines.isle_of_cats.catalogue import COMMON_SHAPES, RARE_SHAPES

        kinds = [(task.piece_kind, s, task.color) for s in task.shapes if task.piece_kind]
        kinds += [("common_treasure", s, None) for s in COMMON_SHAPES]
        kinds += [("rare_treasure", s, None) for s in RARE_SHAPES]
        kinds += [("oshax", s, task.color or "blue") for s in state.oshax]
        for kind, shape, color in kinds:
            for piece in every_piece(kind, shape, color):
                yield Action(A.PLACE, seat, piece=piece)


def every_piece(kind: str, shape: int | str, color: str | None) -> Iterator[Piece]:
    """Every piece of this kind, shape and colour that lies inside the boat."""
    found = shape_def(kind, shape)
    assert found is not None
    return (Piece(kind, shape, color, mask) for mask in found.placements)


def _card_sets(kind: str, seat: int, offered: list[int], coloured: bool) -> Iterator[Action]:
    """Sets of up to 4 of the cards offered; each public lesson with no colour, blue or red."""
    for n in range(min(len(offered), 4) + 1):
        for pick in combinations(sorted(offered), n):
            asks = [c for c in pick if coloured and c in CARDS and CARDS[c].type == "public_lesson"]
            for colours in product([None, "blue", "red"], repeat=len(asks)):
                given = dict(zip(asks, colours, strict=True))
                yield Action(
                    kind, seat, pick, tuple(given.get(c) for c in pick) if coloured else ()
                )


def _options(state: IsleState, seat: int, card: int) -> list[str]:
    if card not in LISTED_OPTIONS:
        return ["", *COLORS, "rare", "common", "small"]
    p = state.players[seat]
    things = sorted({t for f in FIELDS for t in state.fields[f]})[:5]
    things += [str(c) for c in p.private_lessons][:4]
    things += [str(i) for i in range(len(p.boat.pieces))][:4]
    return [",".join(c) for n in (1, 2, 3) for c in combinations(things, n)]


GAMES = [
    (2, {}, "choices-2", 7),
    (3, {"mode": "standard"}, "choices-3", 11),
    (1, {"mode": "solo"}, "choices-solo", 5),
    (2, {"mode": "family"}, "choices-family", 3),
]


@pytest.mark.parametrize(("players", "options", "seed", "stride"), GAMES)
def test_the_choices_allow_exactly_what_the_rules_accept(
    players: int, options: dict[str, Any], seed: str, stride: int
) -> None:
    compared = accepted = 0
    for state in seeded_states(players, options, seed, stride):
        for seat in rules.movers(state):
            if seat == CHANCE_SEAT:
                continue
            allowed = expanded(state, seat)
            for made in candidates(state, seat):
                action = GAME.decode_action(state, GAME.encode_action(state, made))  # as sent
                accepted_now = GAME.check(state, action) == []
                assert accepted_now == (action in allowed), (state.phase, action)
                compared += 1
                accepted += accepted_now
            assert all(GAME.check(state, a) == [] for a in allowed)
    assert compared > 1000 and accepted > 50


# --- a client builds an action from a choice ----------------------------------------------------


def pick(domain: dict[str, Any], chosen: dict[str, Any], rng: random.Random) -> Any:
    """A random value of a described domain, as a client would choose one."""
    kind = domain["domain"]
    if kind == "one_of":
        return rng.choice(domain["values"])
    if kind == "subset":
        n = rng.randint(domain["min"], min(domain["max"], len(domain["values"])))
        return rng.sample(domain["values"], n)
    if kind == "each_of":
        return [rng.choice(domain["values"]) for _ in range(domain["length"])]
    if kind == "per_item":
        keys = [str(v) for v in chosen[domain["of"]] if v in domain["items"]]
        return {k: rng.choice(domain["values"]) for k in keys}
    orientation = rng.choice(domain["orientations"])
    dr, first, last = rng.choice(orientation["offsets"])
    dc = rng.randint(first, last)
    return [[r + dr, c + dc] for r, c in orientation["cells"]]


def test_random_values_of_every_choice_are_legal_or_break_only_the_limit() -> None:
    rng = random.Random(5)
    built = 0
    for state in seeded_states(4, {}, "choices-4", 3):
        for entry in GAME.legal_entries(state):
            if "choose" not in entry:
                continue
            for _ in range(3):
                chosen: dict[str, Any] = {}
                for name, domain in entry["choose"].items():
                    chosen[name] = pick(domain, chosen, rng)
                fixed = {k: v for k, v in entry.items() if k not in ("choose", "limit")}
                action = GAME.decode_action(state, concrete(fixed, chosen))
                reasons = GAME.check(state, action)
                limit = entry.get("limit")
                if reasons:
                    assert limit is not None and [r.code for r in reasons] == [limit["code"]]
                    spent = sum(limit["weights"][str(v)] for v in chosen[limit["sum_of"]])
                    assert spent > limit["at_most"]
                built += 1
    assert built > 100


def test_a_listed_entry_is_a_new_object_every_time() -> None:
    state = with_rescue_cards(3)
    first = entries(state)
    first[0]["cards"].append(999)
    assert entries(state)[0]["cards"] == []


def test_the_purchase_printed_in_the_rules_page_is_the_one_answered() -> None:
    from pathlib import Path

    from .helpers import drafted, rescuing

    page = Path(__file__).resolve().parents[3] / "docs" / "rules" / "isle_of_cats.md"
    section = page.read_text("utf-8").split("## Legal actions", 1)[1]
    blocks = [b.split("```", 1)[0] for b in section.split("```json\n")[1:3]]
    buy, rescue = (json.loads(b) for b in blocks)
    assert [e for e in entries(drafted()) if e["type"] == "buy"] == [buy]
    assert [e for e in entries(rescuing()) if e.get("tile") == "blue-415"] == [rescue]


def test_a_card_played_with_a_list_names_only_what_is_there() -> None:
    from engines.isle_of_cats import rules

    state = rescuing_with(77, 86)
    seat = rules.movers(state)[0]
    name = state.name(seat)
    tiles = sorted(state.fields["left"] + state.fields["right"])
    lessons = [str(c) for c in sorted(state.players[seat].private_lessons)]

    def reasons(card: int, items: list[str]) -> list[str]:
        action = {"type": "play", "player": name, "cards": [card], "items": items}
        return [r.code for r in GAME.check(state, GAME.decode_action(state, action))]

    assert reasons(77, [tiles[0]]) == []
    assert reasons(77, ["blue-499"]) == ["CANNOT_PLAY"]  # no such cat in either field
    assert tiles.count(tiles[0]) == 1
    assert reasons(77, [tiles[0], tiles[0]]) == ["CANNOT_PLAY"]  # one copy, named twice
    assert reasons(86, lessons[:2]) == []
    assert reasons(86, [lessons[0], "199"]) == ["CANNOT_PLAY"]  # a lesson not held


def rescuing_with(*cards: int) -> IsleState:
    """The rescue turn of the day of ``helpers``, its player holding ``cards`` and two private
    lessons besides."""
    from engines.isle_of_cats import rules

    from .helpers import rescuing

    state = rescuing()
    seat = rules.movers(state)[0]
    p = state.players[seat]
    return with_player(
        state, seat, hand=(*p.hand, *cards), private_lessons=(*p.private_lessons, 121, 130)
    )
