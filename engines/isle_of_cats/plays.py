"""One evaluator for the cards a player plays: Oshax, treasure and anytime cards.

A card's effects are typed values read once from the catalogue
(:mod:`engines.isle_of_cats.effects`). :func:`play_options` and :func:`listed_option` say how a
held card may be played now; :func:`resolve` does what it says. A new anytime effect is one
effect type, read in :func:`engines.isle_of_cats.effects.card_effects`, with a line in each.
"""

from __future__ import annotations

from engines.core.choices import Subset
from engines.core.protocol import Event
from engines.isle_of_cats.catalogue import (
    ANYTIME,
    CARDS,
    COLORS,
    COMMON,
    OSHAX,
    OSHAX_SHAPES,
    RARE,
    SMALL_COMMON,
    rare_key,
)
from engines.isle_of_cats.effects import (
    DiscardLessons,
    DiscardTreasures,
    DrawCards,
    DrawTiles,
    Effect,
    ExtraRescue,
    GainBasket,
    GainFish,
    LoseBasket,
    MoveCats,
    PlaceAnywhere,
    TakeOshax,
    TakeTreasure,
    TreasureOption,
)
from engines.isle_of_cats.lessons import Table, measure
from engines.isle_of_cats.state import (
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    PLACE_TASK,
    RARE_FINDS,
    RESCUE,
    Fields,
    IsleState,
    PlayerState,
    Task,
    copy_with,
    with_player,
)
from engines.isle_of_cats.supply import ALL_COMMONS, bag_size, commons_left, deck_left


def gains_fish(card_id: int) -> bool:
    card = CARDS[card_id]
    return card.type == ANYTIME and card.effect(GainFish) is not None


def play_options(state: IsleState, seat: int, card_id: int) -> list[str]:
    """The ways ``card_id`` may be played now (empty: not now); a card played with a list of
    things is :func:`listed_option`'s."""
    player = state.players[seat]
    card = CARDS[card_id]
    first = card.effects[0]
    if isinstance(first, (TakeOshax, TakeTreasure)):
        if state.phase != RARE_FINDS:
            return []
        if isinstance(first, TakeOshax):
            fits = any(player.boat.fits(OSHAX_SHAPES[s], player.anywhere > 0) for s in state.oshax)
            return list(COLORS) if fits else []
        return [o.name for o in first.options if _treasure_available(state, player, o)]
    if card.type != ANYTIME:
        return []
    gain = card.effect(GainFish)
    if gain is not None and gain.asks_colour:
        return list(COLORS)
    if not all(_possible(state, player, effect) for effect in card.effects):
        return []
    return [""]


def _treasure_available(state: IsleState, player: PlayerState, option: TreasureOption) -> bool:
    if option.name == "rare":
        return bool(state.rare_pool)
    if option.name == "small":
        return commons_left(state, SMALL_COMMON)
    return commons_left(state, ALL_COMMONS) and player.fish >= option.pay_fish


def _possible(state: IsleState, player: PlayerState, effect: Effect) -> bool:
    """Whether an anytime effect can be done now (a card is played only if all of its can)."""
    if isinstance(effect, LoseBasket):
        return player.permanent_baskets >= 1
    if isinstance(effect, DrawCards):
        return bool(deck_left(state))
    if isinstance(effect, DrawTiles):
        return bag_size(state) > 0
    if isinstance(effect, ExtraRescue):
        return state.phase == RESCUE
    return True


def listed_option(state: IsleState, seat: int, card_id: int) -> Subset | None:
    """What a card played with a list of things may list now (None: it cannot be played):
    up to n cats of either field, or exactly n private lessons or treasures of the boat."""
    card = CARDS[card_id]
    player = state.players[seat]
    move = card.effect(MoveCats)
    if move is not None:
        tiles = tuple(sorted(state.fields["left"] + state.fields["right"]))
        return Subset(tiles, 1, move.at_most) if tiles else None
    lessons = card.effect(DiscardLessons)
    if lessons is not None:
        n = lessons.count
        held = tuple(str(card_id) for card_id in sorted(player.private_lessons))
        return Subset(held, n, n) if len(held) >= n else None
    treasures = card.effect(DiscardTreasures)
    assert treasures is not None, f"card {card_id} is not played with a list"
    n = treasures.count
    found = tuple(str(i) for i, piece in enumerate(player.boat.pieces) if piece.is_treasure)
    return Subset(found, n, n) if len(found) >= n else None


# --- what a card does --------------------------------------------------------------------------


def resolve(state: IsleState, seat: int, card_id: int, option: str) -> IsleState:
    """Do what the played card says (``option``: the way it was played)."""
    for effect in CARDS[card_id].effects:
        if isinstance(effect, TakeOshax):
            task = Task(PLACE_TASK, seat, OSHAX, color=option, source="oshax")
            state = copy_with(state, tasks=(task, *state.tasks))
        elif isinstance(effect, TakeTreasure):
            state = _take_treasure(state, seat, effect, option)
        else:
            state = _anytime(state, seat, effect, option)
    return state


def _take_treasure(state: IsleState, seat: int, card: TakeTreasure, option: str) -> IsleState:
    if option == "rare":
        return copy_with(state, tasks=(Task(PLACE_TASK, seat, RARE, source="pool"), *state.tasks))
    chosen = next(o for o in card.options if o.name == option)
    state = with_player(state, seat, fish=state.players[seat].fish - chosen.pay_fish)
    shapes = tuple(sorted(SMALL_COMMON)) if option == "small" else ALL_COMMONS
    two = Task(PLACE_TASK, seat, COMMON, shapes, optional=True, source="supply")
    return copy_with(state, tasks=(two, two, *state.tasks))


def _fish_table(player: PlayerState) -> Table:
    return Table(
        player.boat, player.fish, player.permanent_baskets, len(player.private_lessons), False, ()
    )


def _anytime(state: IsleState, seat: int, effect: Effect, option: str) -> IsleState:
    player = state.players[seat]
    if isinstance(effect, GainFish):
        per = 1 if effect.per is None else measure(effect.per, _fish_table(player), option or None)
        return with_player(state, seat, fish=player.fish + effect.amount * per)
    if isinstance(effect, PlaceAnywhere):
        return with_player(state, seat, anywhere=player.anywhere + 1)
    if isinstance(effect, DrawCards):
        return copy_with(
            state, tasks=(Task(DRAW_CARDS_TASK, seat, count=effect.count), *state.tasks)
        )
    if isinstance(effect, DrawTiles):
        then = "boat" if effect.to_boat else "fields"
        draw = Task(DRAW_TILES_TASK, seat, count=effect.count, then=then)
        return copy_with(state, tasks=(draw, *state.tasks))
    if isinstance(effect, LoseBasket):
        baskets = player.permanent_baskets - 1
        used = min(player.baskets_used, baskets)
        return with_player(state, seat, permanent_baskets=baskets, baskets_used=used)
    if isinstance(effect, MoveCats):
        return copy_with(state, fields=_moved(state.fields, option.split(",")))
    if isinstance(effect, ExtraRescue):
        return with_player(state, seat, extra_rescues=player.extra_rescues + 1)
    if isinstance(effect, DiscardLessons):
        gone = tuple(map(int, option.split(",")))
        lessons = tuple(card_id for card_id in player.private_lessons if card_id not in gone)
        state = with_player(state, seat, private_lessons=lessons)
        return copy_with(state, discard=state.discard + gone)
    if isinstance(effect, DiscardTreasures):
        return _discard_treasures(state, seat, {int(i) for i in option.split(",")})
    assert isinstance(effect, GainBasket), effect
    return with_player(state, seat, permanent_baskets=player.permanent_baskets + effect.count)


def _moved(fields: Fields, tiles: list[str]) -> Fields:
    """Each of ``tiles`` moved to the other field, in turn."""
    for tile in tiles:
        here = fields.which(tile)
        there = "right" if here == "left" else "left"
        field = list(fields[here])
        field.remove(tile)
        fields = fields.with_tiles(here, tuple(field)).with_tiles(there, (*fields[there], tile))
    return fields


def _discard_treasures(state: IsleState, seat: int, gone: set[int]) -> IsleState:
    boat = state.players[seat].boat
    rares = tuple(rare_key(str(boat.pieces[i].shape)) for i in gone if boat.pieces[i].kind == RARE)
    state = with_player(state, seat, boat=boat.without(gone))
    return copy_with(state, gone=state.gone + rares)


def hides_lessons(card_id: int) -> bool:
    """Whether playing the card names private lessons, which stay face down."""
    return CARDS[card_id].effect(DiscardLessons) is not None


def played_event(state: IsleState, seat: int, card_id: int, option: str) -> Event:
    # The private lessons a card discards stay face down: the event, seen by every player,
    # does not name them (the log names them to their owner only).
    shown = "" if hides_lessons(card_id) else option
    return {"type": "card_played", "player": state.name(seat), "card": card_id, "option": shown}
