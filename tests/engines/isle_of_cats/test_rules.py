"""The standard day's rules and their checks: every reason an action or a reported draw is refused,
with its exact code and words.

Card data from the reference (`/work/shared/reference/isle_of_cats/cards.json`): 1 an Oshax card
(5 fish), 7 a rescue card (1 fish, speed 4), 55 and 56 rescue cards (3 fish, a basket, speed 3),
15 and 16 rescue cards (0 fish, half a basket), 35 a rescue card (2 fish), 67 an anytime card
(2 fish: 2 fish per Oshax on your boat), 98 a treasure card, 113 a private lesson (2 fish), 143 a
public lesson that asks for a colour (1 fish). Left-field cats cost 3 fish, right-field cats 5;
2 players: 2 cats per player in each field (4 per field), 7 cards dealt to each. The states come
from the hand-checked day of `helpers.py` (`test_day.py` checks its steps).
"""

from __future__ import annotations

from dataclasses import replace

from engines.core.errors import Reason
from engines.isle_of_cats import checks, draws, rules, supply
from engines.isle_of_cats.actions import Action, action_id
from engines.isle_of_cats.boat import Boat, Piece
from engines.isle_of_cats.catalogue import (
    BAG_CONTENTS,
    BOAT_MASK,
    CAT,
    COMMON,
    DECK,
    OSHAX,
    RARE,
    cells_of,
    is_cat_key,
    mask_of,
)
from engines.isle_of_cats.state import (
    DEAL,
    DRAW_CARDS_TASK,
    DRAW_TILES_TASK,
    FIELDS_TASK,
    FILL,
    FINISHED,
    KEEP_TASK,
    PLACE_TASK,
    RARE_FINDS,
    RESCUE,
    Fields,
    IsleState,
    Task,
    counts,
    with_player,
)

from .helpers import (
    DEAL_2P,
    FILL_2P,
    GAME,
    act,
    bought,
    dealt,
    drafted,
    external_game,
    legal,
    monominoes,
    rescuing,
    row,
    with_piece,
)

ANN, BOB = 0, 1


def why(state: IsleState, action: Action | str) -> list[Reason]:
    if isinstance(action, str):
        action = GAME.decode_action(state, {"id": action})
    return checks.check(state, action)


def draw(kind: str, items: list[str]) -> Action:
    return GAME.decode_action(external_game(), {"id": f"chance:{kind}:" + ",".join(items)})


def with_task(state: IsleState, task: Task, fish: int | None = None) -> IsleState:
    state = replace(state, tasks=(task,))
    return state if fish is None else with_player(state, task.seat, fish=fish)


# --- the table's draws ---------------------------------------------------------------------------

FILL_8 = ["blue-415", "green-414", "red-412", "orange-400", "purple-409", "blue-404"]
FILL_8 += ["green-412", "red-415"]


def test_no_draw_is_taken_when_none_is_due() -> None:
    # In the rescue phase the table owes nothing.
    assert why(rescuing(), draw("fill", FILL_8)) == [Reason("NO_CHANCE_PENDING", "no draw is due")]


def test_a_seeded_game_refuses_reported_draws() -> None:
    # The fields are owed: still the game draws them itself.
    state = replace(GAME.setup(["ann", "bob"], {}, "seed"), phase=FILL, tasks=())
    assert why(state, draw("fill", FILL_8)) == [
        Reason("SEEDED", "a seeded game draws from its own generator")
    ]


def test_the_draw_reported_must_be_the_one_owed() -> None:
    # A new game owes the fields first, not the deal.
    assert why(external_game(), draw("deal", ["1"])) == [
        Reason("WRONG_DRAW", "the table owes a fill draw")
    ]


def test_cards_dealt_are_numbers_seven_each_from_the_deck() -> None:
    state = act(external_game(), "chance:fill:" + ",".join(FILL_8))
    assert why(state, draw("deal", ["x"])) == [Reason("UNKNOWN_CARD", "cards are numbers")]
    # 2 players, 7 cards each: 14 cards.
    thirteen = [str(c) for c in range(1, 14)]
    assert why(state, draw("deal", thirteen)) == [
        Reason("DRAW_COUNT", "14 cards are drawn now, not 13")
    ]
    twice = [*thirteen, "1"]
    assert why(state, draw("deal", twice)) == [
        Reason("NOT_IN_DECK", "every card drawn must be a different card of the deck")
    ]
    assert why(state, draw("deal", [*thirteen, "14"])) == []


def test_the_last_cards_of_the_deck_may_all_be_dealt() -> None:
    state = act(external_game(), "chance:fill:" + ",".join(FILL_8))
    last = list(DECK[-14:])
    state = replace(state, discard=tuple(c for c in DECK if c not in last))
    # 14 cards left, 7 each: the deal takes exactly the whole deck.
    assert why(state, draw("deal", [str(c) for c in last])) == []


def test_tiles_reported_must_be_in_the_bag() -> None:
    state = external_game()
    # The bag holds one tile of each cat: blue-415 cannot come twice.
    reasons = why(state, draw("fill", ["blue-415", *FILL_8]))
    assert [r.code for r in reasons] == ["NOT_IN_BAG"]
    assert reasons[0].detail.startswith("the bag holds {")
    assert "'blue-415': 1" in reasons[0].detail


def test_the_fields_take_eight_cats() -> None:
    state = external_game()
    assert why(state, draw("fill", FILL_8[:7])) == [
        Reason("DRAW_COUNT", "the fields need 8 more cats, not 7")
    ]
    # Drawing stops with the eighth cat: a rare treasure after it is too many.
    assert why(state, draw("fill", [*FILL_8, "rare-I-tetromino"])) == [
        Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")
    ]
    # A rare treasure before it is drawn on the way.
    assert why(state, draw("fill", ["rare-I-tetromino", *FILL_8])) == []


def nearly_empty_bag(cats: list[str]) -> IsleState:
    """A new game whose bag holds only ``cats`` and the 25 rare treasures."""
    gone = (k for k, n in BAG_CONTENTS.items() if is_cat_key(k) and k not in cats for _ in range(n))
    return replace(external_game(), gone=tuple(gone))


def test_when_the_cats_run_out_the_whole_bag_is_drawn() -> None:
    # 3 cats left, the fields want 8: all 3 are drawn, and drawing goes on to the end of the bag.
    state = nearly_empty_bag(["blue-415", "green-414", "red-412"])
    rares = [k for k, n in BAG_CONTENTS.items() if not is_cat_key(k) for _ in range(n)]
    assert len(rares) == 25
    three = ["blue-415", "green-414", "red-412"]
    assert why(state, draw("fill", three)) == []  # ends with the last cat
    assert why(state, draw("fill", [*three, *rares])) == []  # the whole bag
    assert why(state, draw("fill", [*three, rares[0]])) == [
        Reason("DRAW_COUNT", "drawing stops with the cat that fills the fields")
    ]
    assert why(state, draw("fill", three[:2])) == [
        Reason("DRAW_COUNT", "the fields need 3 more cats, not 2")
    ]


def test_a_seeded_fill_short_of_cats_ends_with_the_last_cat_of_the_bag() -> None:
    # The bag holds 2 cats and 2 rare treasures; the fields want 8 cats: both are drawn, with
    # the rare treasure between them, and the rare treasure after the last cat stays in the bag.
    seeded = GAME.setup(["ann", "bob"], {}, "seed")
    bag = ("rare-I-tetromino", "blue-415", "rare-L-tetromino", "green-414", "rare-O-tetromino")
    state = replace(seeded, phase=FILL, tasks=(), fields=Fields((), ()), rare_pool=(), bag=bag)
    events: list[dict[str, object]] = []
    after = draws.seeded_draw(state, events)
    assert after is not None
    assert after.fields == Fields(("blue-415", "green-414"), ())
    assert after.rare_pool == ("I-tetromino", "L-tetromino")
    assert after.bag == ("rare-O-tetromino",)


def test_a_seeded_draw_of_tiles_takes_as_many_as_the_card_says_from_the_top_of_the_bag() -> None:
    seeded = GAME.setup(["ann", "bob"], {}, "seed")
    draw_two = Task(DRAW_TILES_TASK, ANN, count=2, then="fields")
    state = replace(seeded, phase=RESCUE, tasks=(draw_two,))
    assert state.bag is not None and len(state.bag) > 2
    events: list[dict[str, object]] = []
    after = draws.seeded_draw(state, events)
    assert after is not None
    assert events[0] == {"type": "tiles_drawn", "player": "ann", "tiles": list(state.bag[:2])}
    assert after.bag == state.bag[2:]


WAITING = Task(PLACE_TASK, BOB, COMMON, (101,), optional=True, source="supply")
"""A task queued behind a draw, as a state sent by a caller may hold one: it waits its turn."""


def test_a_draw_of_cards_answers_the_first_task_and_the_next_one_waits() -> None:
    state = replace(rescuing(), tasks=(Task(DRAW_CARDS_TASK, ANN, count=2), WAITING))
    after, _ = rules.apply(state, draw("cards", ["3", "4"]))
    assert after.tasks == (Task(KEEP_TASK, ANN, cards=(3, 4)), WAITING)


def test_a_draw_of_tiles_answers_the_first_task_and_the_next_one_waits() -> None:
    tiles = Task(DRAW_TILES_TASK, ANN, count=2, then="fields")
    state = replace(rescuing(), tasks=(tiles, WAITING))
    after, _ = rules.apply(state, draw("tiles", ["blue-400", "rare-L-tetromino"]))
    assert after.tasks == (Task(FIELDS_TASK, ANN, tiles=("blue-400",)), WAITING)
    for then in ("boat", "fields"):  # what was drawn is queued before the waiting task
        state = replace(rescuing(), tasks=(replace(tiles, then=then), WAITING))
        after, _ = rules.apply(state, draw("tiles", ["blue-400", "red-401"]))
        assert after.tasks[-1] == WAITING


def test_a_deal_gives_every_player_a_new_hand_and_nothing_kept() -> None:
    # A state sent in the deal phase with a card still kept: the deal starts the draft anew.
    state = act(external_game(), "chance:fill:" + ",".join(FILL_2P))
    assert state.phase == DEAL
    state = with_player(state, ANN, kept=(2,))
    after, _ = rules.apply(state, draw("deal", [str(c) for c in DEAL_2P]))
    assert [p.kept for p in after.players] == [(), ()]
    assert [p.draft_hand for p in after.players] == [tuple(DEAL_2P[:7]), tuple(DEAL_2P[7:])]


# --- a pending task ------------------------------------------------------------------------------

I_ROW0 = "0,7;0,8;0,9;0,10;0,11"
"""The I-pentomino along row 0 from column 7."""
BAG_CAT = Task(PLACE_TASK, ANN, CAT, (415,), "blue", source="bag", tiles=("blue-415",))
DOMINO_AT_ROW_4 = Piece(COMMON, 101, None, mask_of([(4, 9), (4, 10)]))
"""ann drew the blue I-pentomino from the bag onto her (empty) boat: it must be placed."""


def test_a_pending_task_comes_first() -> None:
    state = with_task(rescuing(), BAG_CAT)
    assert why(state, "pass") == [Reason("TASK_PENDING", "first resolve the pending place (place)")]
    assert why(state, "skip") == [
        Reason("MUST_PLACE", "this piece must be placed: it fits on the boat")
    ]
    assert why(state, "place:cat:415:0,7;0,8;0,9;0,10;0,11") == []


def test_the_pending_piece_is_the_one_placed() -> None:
    state = with_task(rescuing(), BAG_CAT)
    wrong = [Reason("WRONG_PIECE", "the pending piece is a cat")]
    # a common treasure instead of the cat; a cat of another shape
    assert why(state, "place:common_treasure:101:0,7;0,8") == wrong
    assert why(state, "place:cat:414:0,7;0,8;1,6;1,7") == wrong  # the S tetromino
    # the right shape in another colour than the cat drawn
    other = Action("place", ANN, piece=Piece(CAT, 415, "red", mask_of(row(0, 7, 11))))
    assert why(state, other) == [Reason("WRONG_PIECE", "the pending cat is blue")]


def test_a_pending_cat_goes_next_to_earlier_pieces() -> None:
    state = with_piece(with_task(rescuing(), BAG_CAT), ANN, DOMINO_AT_ROW_4)
    # Row 0 is far from the treasure at row 4.
    assert why(state, "place:cat:415:0,7;0,8;0,9;0,10;0,11") == [
        Reason("NOT_ADJACENT", "a piece must touch an earlier piece orthogonally")
    ]


def test_only_the_cards_drawn_are_kept_each_once() -> None:
    state = with_task(rescuing(), Task(KEEP_TASK, ANN, cards=(55, 144)), fish=9)
    wanted = [Reason("INVALID_CHOICE", "keep only cards the card drew, each once")]
    assert why(state, "keep:56") == wanted  # not drawn
    assert checks.check(state, Action("keep", ANN, (55, 55))) == wanted
    assert why(state, "keep:55") == []


def test_cards_kept_after_a_draw_are_paid_for() -> None:
    keep = Task(KEEP_TASK, ANN, cards=(55, 144))
    # 55 costs 3: with 2 fish ann cannot keep it.
    state = with_task(rescuing(), keep, fish=2)
    assert why(state, "keep:55") == [
        Reason("CANNOT_AFFORD", "those cards cost more than your 2 fish")
    ]
    # 144 (a public lesson) costs 1 and asks for a colour: with exactly 1 fish, kept without
    # one, the colour is what is missing, not the fish.
    state = with_task(rescuing(), keep, fish=1)
    assert why(state, "keep:144") == [
        Reason("INVALID_CHOICE", "a public lesson that asks for a colour takes one; others none")
    ]
    assert why(state, "keep:144=red") == []


# --- the simultaneous phases ---------------------------------------------------------------------


def test_decisions_belong_to_their_phase() -> None:
    assert why(rescuing(), "draft:ann:55,56") == [
        Reason("WRONG_PHASE", "the game is in the rescue phase")
    ]


def test_the_draft_keeps_two_cards_of_your_hand() -> None:
    # ann was dealt 55, 56, 43, 15, 16, 1, 98 (in that order).
    assert why(dealt(), "draft:ann:55,7") == [
        Reason("INVALID_DRAFT", "keep 2 different cards of 1, 15, 16, 43, 55, 56 and 98")
    ]


def test_you_buy_only_cards_you_drafted_each_once_and_paid() -> None:
    state = drafted()
    assert sorted(state.players[ANN].kept) == [15, 16, 35, 55, 56, 67, 143]
    kept = "15, 16, 35, 55, 56, 67 and 143"
    assert why(state, "buy:ann:7") == [
        Reason("NOT_DRAFTED", f"you may buy only the cards you drafted: {kept}")
    ]
    assert why(state, "buy:ann:55,55") == [
        Reason("NOT_DRAFTED", f"you may buy only the cards you drafted: {kept}")
    ]
    poor = with_player(state, ANN, fish=5)
    # 55 + 56 = 3 + 3 = 6 fish.
    assert why(poor, "buy:ann:55,56") == [
        Reason("CANNOT_AFFORD", "those cards cost more than your 5 fish")
    ]


def test_a_public_lesson_bought_names_its_colour() -> None:
    state = with_player(drafted(), ANN, fish=1)
    # 143 costs exactly the 1 fish ann has: what is missing is its colour.
    assert why(state, "buy:ann:143") == [
        Reason("COLOR_REQUIRED", "a public lesson that asks for a colour takes one; others none")
    ]
    assert why(state, "buy:ann:143=green") == []


def test_only_rescue_cards_are_played_for_the_rescue() -> None:
    state = bought()
    assert why(state, "rescue_cards:ann:1") == [
        Reason("NOT_A_RESCUE_CARD", "choose rescue cards from your hand")
    ]


# --- the turns -----------------------------------------------------------------------------------


def test_nothing_is_placed_without_a_task() -> None:
    none = [Reason("NO_TASK", "nothing is waiting to be placed, kept or sent")]
    assert why(rescuing(), "skip") == none
    assert why(rescuing(), "keep:55") == none


def test_passing_is_for_the_turn_phases() -> None:
    # ann passes while the rescue cards are chosen
    assert why(bought(), Action("pass", ANN)) == [
        Reason("WRONG_PHASE", "the game is in the rescue_cards phase")
    ]


def test_end_turn_only_after_an_extra_rescue_and_pass_not_then() -> None:
    assert why(rescuing(), "end_turn") == [
        Reason("NO_EXTRA_RESCUE", "end_turn closes a turn with an extra rescue")
    ]
    state = with_player(rescuing(), ANN, bonus_turn=True)
    assert why(state, "pass") == [
        Reason("FINISH_EXTRA_RESCUE", "after an extra rescue, end_turn (passing is later)")
    ]
    assert why(state, "end_turn") == []


LEFT_CAT = "rescue:left:blue-415:" + I_ROW0
RIGHT_CAT = "rescue:right:red-415:0,7;0,8;0,9;0,10;0,11"


def test_cats_are_rescued_from_their_field_in_the_rescue_phase() -> None:
    state = rescuing()
    assert why(state, "rescue:right:blue-415:0,7;0,8;0,9;0,10;0,11") == [
        Reason("NOT_IN_FIELD", "blue-415 is not in the right field")
    ]
    finds = act(act(state, "pass"), "pass")  # both pass: the rare finds phase
    assert why(finds, LEFT_CAT) == [Reason("WRONG_PHASE", "cats are rescued in the rescue phase")]


def test_a_rescue_needs_a_basket() -> None:
    state = rescuing()
    used = state.players[ANN].permanent_baskets
    state = with_player(state, ANN, card_baskets=0, half_baskets=0, baskets_used=used)
    assert why(state, LEFT_CAT) == [Reason("NO_BASKET", "you have no basket left today")]


def test_a_right_field_cat_costs_five_fish() -> None:
    state = with_player(rescuing(), ANN, fish=4)
    assert why(state, RIGHT_CAT) == [
        Reason("CANNOT_AFFORD", "a cat in the right field costs 5 fish")
    ]
    # With exactly 5 fish it is the place that is wrong, not the price.
    state = with_piece(rescuing(), ANN, DOMINO_AT_ROW_4, fish=5)
    assert why(state, RIGHT_CAT) == [
        Reason("NOT_ADJACENT", "a piece must touch an earlier piece orthogonally")
    ]


def test_a_rescued_cat_keeps_its_colour() -> None:
    # blue-415 rescued as a red piece: the cat is in the field, the cells are free, but it is not
    # that piece.
    red = Action(
        "rescue",
        ANN,
        field="left",
        tile="blue-415",
        piece=Piece(CAT, 415, "red", mask_of(row(0, 7, 11))),
    )
    assert why(rescuing(), red) == [Reason("INVALID_CHOICE", "that piece is not available")]


def test_cards_are_played_from_the_hand_in_their_phase() -> None:
    state = rescuing()  # ann's hand is empty
    assert why(state, "play:67") == [Reason("NOT_IN_HAND", "card 67 is not in your hand")]
    assert why(state, Action("play", ANN)) == [Reason("NOT_IN_HAND", "card -1 is not in your hand")]
    state = with_player(rescuing(), ANN, hand=(1, 113, 67))
    assert why(state, "play:1:blue") == [
        Reason("WRONG_PHASE", "Oshax and treasure cards are played in the rare finds phase")
    ]
    assert why(state, "play:113") == [Reason("NOT_PLAYABLE", "card 113 is a private_lesson card")]
    assert why(state, "play:67:x") == [
        Reason("CANNOT_PLAY", "card 67 cannot be played with \u201cx\u201d now")
    ]


def test_a_piece_placed_anywhere_waives_only_the_touching_rule() -> None:
    # ann played the "place anywhere" card: a red piece for the blue cat is still not that piece.
    state = with_piece(rescuing(), ANN, DOMINO_AT_ROW_4, anywhere=1)
    red = Action(
        "rescue",
        ANN,
        field="left",
        tile="blue-415",
        piece=Piece(CAT, 415, "red", mask_of(row(0, 7, 11))),
    )
    assert why(state, red) == [Reason("INVALID_CHOICE", "that piece is not available")]


# --- what a task does ----------------------------------------------------------------------------


def test_a_drawn_cat_that_does_not_fit_leaves_the_game() -> None:
    state = with_task(rescuing(), BAG_CAT)
    # Every boat cell covered but 4: the 5-square cat fits nowhere, so it is skipped.
    boat = monominoes(state.players[ANN].boat.id, [(r, c) for r, c in cells_of(BOAT_MASK)[4:]])
    state = with_player(state, ANN, boat=boat)
    assert legal(state) == [Action("skip", ANN)]
    after, events = rules.apply(state, Action("skip", ANN))
    assert after.gone == ("blue-415",)
    assert events[0] == {"type": "piece_skipped", "player": "ann", "kind": "cat"}


def test_a_declined_map_treasure_is_no_tile_of_the_bag() -> None:
    bonus = Task(PLACE_TASK, ANN, COMMON, (100, 101, 102, 103), optional=True, source="supply")
    state = with_task(rescuing(), bonus)
    after, events = rules.apply(state, Action("skip", ANN))
    assert after.gone == ()
    assert events[0] == {"type": "piece_skipped", "player": "ann", "kind": "common_treasure"}


def test_cats_drawn_for_the_fields_go_where_their_drawer_sends_them() -> None:
    send = Task(FIELDS_TASK, ANN, tiles=("blue-400", "red-401"))
    state = with_task(rescuing(), send)
    after, events = rules.apply(state, Action("fields", ANN, items=("right", "left")))
    assert after.fields["right"][-1] == "blue-400"
    assert after.fields["left"][-1] == "red-401"
    assert events[0] == {
        "type": "cats_to_fields",
        "player": "ann",
        "cats": {"blue-400": "right", "red-401": "left"},
    }


def test_each_cat_drawn_for_the_fields_is_sent_to_a_field() -> None:
    state = with_task(rescuing(), Task(FIELDS_TASK, ANN, tiles=("blue-400", "red-401")))
    wanted = [Reason("INVALID_CHOICE", "name a field for each of blue-400 and red-401")]
    assert checks.check(state, Action("fields", ANN, items=("right",))) == wanted
    assert checks.check(state, Action("fields", ANN, items=("right", "up"))) == wanted
    assert checks.check(state, Action("fields", ANN, items=("right", "left"))) == []


def test_a_task_answered_leaves_the_next_one_waiting() -> None:
    # The card that gives two common treasures queues two placements: skipping the first leaves
    # the second. A kept draw or cats sent to the fields leave what a state sent queued after.
    two = Task(PLACE_TASK, ANN, COMMON, (101, 102), optional=True, source="supply")
    after, _ = rules.apply(replace(rescuing(), tasks=(two, two)), Action("skip", ANN))
    assert after.tasks == (two,)
    keep = Task(KEEP_TASK, ANN, cards=(55, 144))
    state = with_player(replace(rescuing(), tasks=(keep, WAITING)), ANN, fish=9)
    assert rules.apply(state, Action("keep", ANN, (55,)))[0].tasks == (WAITING,)
    send = Task(FIELDS_TASK, ANN, tiles=("blue-400",))
    state = replace(rescuing(), tasks=(send, WAITING))
    assert rules.apply(state, Action("fields", ANN, items=("left",)))[0].tasks == (WAITING,)


def test_tiles_drawn_onto_the_boat_are_placed_one_by_one() -> None:
    tiles = Task(DRAW_TILES_TASK, ANN, count=2, then="boat")
    state = with_task(rescuing(), tiles)
    after, events = rules.apply(state, draw("tiles", ["blue-400", "rare-L-tetromino"]))
    assert events[0] == {
        "type": "tiles_drawn",
        "player": "ann",
        "tiles": ["blue-400", "rare-L-tetromino"],
    }
    assert after.tasks == (
        Task(PLACE_TASK, ANN, CAT, (400,), "blue", source="bag", tiles=("blue-400",)),
        Task(PLACE_TASK, ANN, RARE, ("L-tetromino",), source="bag", tiles=("rare-L-tetromino",)),
    )


def test_tiles_drawn_for_the_fields_send_cats_and_keep_rare_treasures_below() -> None:
    tiles = Task(DRAW_TILES_TASK, ANN, count=3, then="fields")
    state = with_task(rescuing(), tiles)
    after, events = rules.apply(state, draw("tiles", ["blue-400", "rare-L-tetromino", "red-401"]))
    assert after.rare_pool == ("O-tetromino", "L-tetromino")
    assert after.tasks == (Task(FIELDS_TASK, ANN, tiles=("blue-400", "red-401")),)
    assert events[0]["type"] == "tiles_drawn"


# --- who may act ---------------------------------------------------------------------------------


def test_nothing_is_played_once_the_game_is_over() -> None:
    state = replace(rescuing(), phase=FINISHED)
    assert why(state, "pass") == [Reason("GAME_OVER", "the game has ended")]


def test_the_table_reports_its_draw_before_anyone_acts() -> None:
    assert why(external_game(), Action("pass", ANN)) == [
        Reason("CHANCE_PENDING", "the table must first report a draw (fill)")
    ]


def test_only_the_player_whose_turn_it_is_acts() -> None:
    assert why(rescuing(), Action("pass", BOB)) == [
        Reason("NOT_YOUR_TURN", "waiting for \u201cann\u201d")
    ]


def test_each_player_decides_from_their_own_hand() -> None:
    # Both draft at once: ann's choice checked first must not stand in for bob's.
    state = dealt()
    assert why(state, "draft:ann:55,56") == []
    assert why(state, "draft:bob:7,8") == []


def test_a_piece_covers_the_cells_of_its_shape() -> None:
    # The I-pentomino is 5 squares in a row; an L of 5 squares is not it.
    bent = "0,7;0,8;0,9;0,10;1,10"
    assert why(rescuing(), f"rescue:left:blue-415:{bent}") == [
        Reason("SHAPE_MISMATCH", "the cells are not the cat's shape")
    ]
    assert why(with_task(rescuing(), BAG_CAT), f"place:cat:415:{bent}") == [
        Reason("SHAPE_MISMATCH", "the cells are not that piece's shape")
    ]


def test_a_public_lesson_kept_after_a_draw_is_played_in_its_colour() -> None:
    # 144 (1 fish) asks for a colour, like 143 that ann bought in blue.
    state = with_task(rescuing(), Task(KEEP_TASK, ANN, cards=(55, 144)), fish=1)
    after, events = rules.apply(state, GAME.decode_action(state, {"id": "keep:144=red"}))
    # 144 costs 1: ann's last fish; 55 not kept is discarded.
    assert after.public_lessons == ((143, "blue"), (144, "red"))
    assert after.players[ANN].fish == 0
    assert after.discard[-1] == 55
    assert events[0] == {"type": "public_lesson", "player": "ann", "card": 144, "color": "red"}


def test_tiles_drawn_by_a_card_are_as_many_as_it_says() -> None:
    # Card 83 draws 4 tiles for the fields.
    state = with_task(rescuing(), Task(DRAW_TILES_TASK, ANN, count=4, then="fields"))
    assert why(state, draw("tiles", ["blue-400", "red-401", "green-402"])) == [
        Reason("DRAW_COUNT", "4 tiles are drawn now, not 3")
    ]


def test_a_cat_on_the_map_of_its_colour_earns_a_common_treasure() -> None:
    # The blue boat's green map is at row 0, column 7 (boats.json: green [7, 0], as [x, y]).
    green = Task(PLACE_TASK, ANN, CAT, (415,), "green", source="bag", tiles=("green-415",))
    state = with_task(rescuing(), green)
    after, events = rules.apply(state, GAME.decode_action(state, {"id": "place:cat:415:" + I_ROW0}))
    placed = {
        "kind": "cat",
        "shape": 415,
        "color": "green",
        "cells": [[0, c] for c in range(7, 12)],
    }
    assert events[:2] == [
        {"type": "piece_placed", "player": "ann", "piece": placed},
        {"type": "treasure_map", "player": "ann", "color": "green"},
    ]
    assert after.tasks == (
        Task(PLACE_TASK, ANN, COMMON, (100, 101, 102, 103), optional=True, source="supply"),
    )


def test_a_common_treasure_found_touches_the_boat_and_comes_from_the_supply() -> None:
    bonus = Task(PLACE_TASK, ANN, COMMON, (100, 101, 102, 103), optional=True, source="supply")
    state = with_piece(
        with_task(rescuing(), bonus), ANN, Piece(CAT, 415, "blue", mask_of(row(4, 7, 11)))
    )
    assert why(state, "place:common_treasure:101:0,7;0,8") == [
        Reason("NOT_ADJACENT", "a piece must touch an earlier piece orthogonally")
    ]
    state = with_task(rescuing(), bonus)
    state = replace(state, commons=counts({**state.commons, 101: 0}))  # no domino left
    assert why(state, "place:common_treasure:101:0,7;0,8") == [
        Reason("WRONG_PIECE", "the pending piece is a common_treasure")
    ]


def test_the_last_basket_still_rescues() -> None:
    # ann has exactly one basket (her permanent one) and 2 fish: a left cat costs 3, so it is
    # the fish she lacks, not a basket.
    state = with_player(rescuing(), ANN, card_baskets=0, half_baskets=0, fish=2)
    assert state.players[ANN].baskets == 1
    assert why(state, LEFT_CAT) == [Reason("CANNOT_AFFORD", "a cat in the left field costs 3 fish")]


def test_the_last_common_treasure_of_a_shape_may_be_taken() -> None:
    bonus = Task(PLACE_TASK, ANN, COMMON, (100, 101, 102, 103), optional=True, source="supply")
    state = with_task(rescuing(), bonus)
    state = replace(state, commons=counts({**state.commons, 101: 1}))
    assert why(state, "place:common_treasure:101:0,7;0,8") == []


def test_a_drawn_cat_may_go_anywhere_after_the_place_anywhere_card() -> None:
    state = with_piece(with_task(rescuing(), BAG_CAT), ANN, DOMINO_AT_ROW_4, anywhere=1)
    # Row 0 does not touch the treasure at row 4: allowed once.
    assert why(state, "place:cat:415:" + I_ROW0) == []


# --- a whole day, event by event -----------------------------------------------------------------


def step(state: IsleState, action_id: str) -> tuple[IsleState, list[dict[str, object]]]:
    action = GAME.decode_action(state, {"id": action_id})
    assert checks.check(state, action) == []
    after, events = rules.apply(state, action)
    return after, [dict(e) for e in events]


def test_day_one_reports_each_step_as_it_happens() -> None:
    # The day of helpers.py with ann first: fill, deal, a 3-round draft passing left, buying,
    # rescue cards, one rescue, the rare finds, and the night.
    s, ev = step(external_game("ann"), "chance:fill:" + ",".join(FILL_2P))
    # Cats 1-4 to the left field, 5-8 to the right, the rare treasure below the island.
    assert ev == [
        {
            "type": "fields_filled",
            "left": ["blue-415", "green-414", "red-412", "orange-400"],
            "right": ["purple-409", "blue-404", "green-412", "red-415"],
            "rare_treasures": ["O-tetromino"],
        }
    ]
    s, ev = step(s, "chance:deal:" + ",".join(map(str, DEAL_2P)))
    assert ev == [{"type": "cards_dealt", "each": 7}]
    for n, (ann, bob) in enumerate((("55,56", "7,8"), ("67,143", "1,43"), ("15,16", "23,113"))):
        s, ev = step(s, f"draft:ann:{ann}")
        assert ev == [{"type": "decided", "player": "ann", "phase": "draft"}]
        s, ev = step(s, f"draft:bob:{bob}")
        assert ev == [
            {"type": "decided", "player": "bob", "phase": "draft"},
            {"type": "draft_passed", "round": n + 1, "direction": "left"},  # day 1: left
        ]
    s, ev = step(s, "buy:ann:15,16,35,55,56,143=blue")
    assert ev == [{"type": "decided", "player": "ann", "phase": "buy"}]
    s, ev = step(s, "buy:bob:1,7,43,98,113")
    # Revealed together: ann's public lesson goes face up as she buys it.
    assert ev == [
        {"type": "decided", "player": "bob", "phase": "buy"},
        {"type": "public_lesson", "player": "ann", "card": 143, "color": "blue"},
        {"type": "bought", "player": "ann", "count": 6},
        {"type": "bought", "player": "bob", "count": 5},
    ]
    s, ev = step(s, "rescue_cards:ann:15,16,35,55,56")
    s, ev = step(s, "rescue_cards:bob:7,43")
    # Speed: ann 0 + 0 + 3 + 3 + 3 = 9, bob 4 + 1 = 5: ann rescues first.
    assert ev == [
        {"type": "decided", "player": "bob", "phase": "rescue_cards"},
        {
            "type": "rescue_cards_revealed",
            "cards": {"ann": [15, 16, 35, 55, 56], "bob": [7, 43]},
            "turn_order": ["ann", "bob"],
        },
    ]
    ann, bob = s.players
    # ann: 55 and 56 give a basket each, 15, 16 and 35 half a basket each; bob: 43 one basket.
    assert (ann.speed, ann.card_baskets, ann.half_baskets) == (9, 2, 3)
    assert (bob.speed, bob.card_baskets, bob.half_baskets) == (5, 1, 0)
    s, ev = step(s, "rescue:left:blue-415:" + I_ROW0)
    assert ev == [
        {
            "type": "cat_rescued",
            "player": "ann",
            "field": "left",
            "piece": {
                "kind": "cat",
                "shape": 415,
                "color": "blue",
                "cells": [[0, 7], [0, 8], [0, 9], [0, 10], [0, 11]],
            },
            "fish_paid": 3,
        }
    ]
    # ann paid 3 of her 11 fish and used a whole basket card first.
    assert (s.players[0].fish, s.players[0].card_baskets, s.players[0].half_baskets) == (8, 1, 3)
    s, ev = step(s, "pass")
    assert ev == [{"type": "passed", "player": "bob", "phase": "rescue"}]
    s, ev = step(s, "pass")
    assert ev == [{"type": "passed", "player": "ann", "phase": "rescue"}, {"type": "rescue_over"}]
    s, ev = step(s, "pass")
    assert ev == [{"type": "passed", "player": "ann", "phase": "rare_finds"}]
    s, ev = step(s, "play:98:rare")  # the treasure card: a rare treasure, free
    assert ev == [{"type": "card_played", "player": "bob", "card": 98, "option": "rare"}]
    assert s.tasks == (Task(PLACE_TASK, BOB, RARE, source="pool"),)
    s, ev = step(s, "place:rare_treasure:O-tetromino:0,7;0,8;1,7;1,8")
    s, ev = step(s, "pass")
    assert ev == [
        {"type": "passed", "player": "bob", "phase": "rare_finds"},
        {"type": "day_over", "day": 1},
        {"type": "day_started", "day": 2, "fish": 20},
    ]
    # 8 fish each left, 20 more; the 7 cats left in the fields leave the game; the cards not
    # bought, then the rescue cards, then the treasure card, are discarded.
    assert [p.fish for p in s.players] == [28, 28]
    assert s.gone == ("green-414", "red-412", "orange-400", *FILL_8[4:])
    assert s.fields == Fields((), ())
    assert s.discard == (67, 8, 23, 15, 16, 35, 55, 56, 7, 43, 98)
    assert (s.day, s.phase, draws.chance_due(s)) == (2, FILL, "fill")


def day_two() -> IsleState:
    """Day 2 of the game above, dealt: 9-14 and 17 to ann, 18-22, 24 and 25 to bob."""
    s = rescuing("ann")
    s = act(act(act(s, "rescue:left:blue-415:" + I_ROW0), "pass"), "pass")
    s = act(act(act(s, "pass"), "play:98:rare"), "place:rare_treasure:O-tetromino:0,7;0,8;1,7;1,8")
    s = act(s, "pass")
    fill = ["blue-400", "blue-401", "blue-402", "blue-403", "green-400", "green-401"]
    s = act(s, "chance:fill:" + ",".join([*fill, "green-402", "green-403"]))
    return act(s, "chance:deal:9,10,11,12,13,14,17,18,19,20,21,22,24,25")


def test_day_two_passes_the_draft_to_the_right() -> None:
    s = act(day_two(), "draft:ann:9,10")
    s, ev = step(s, "draft:bob:24,25")
    assert ev[1] == {"type": "draft_passed", "round": 1, "direction": "right"}
    # 2 players: right is the other player too.
    assert sorted(s.players[ANN].draft_hand) == [18, 19, 20, 21, 22]


# --- anytime cards -------------------------------------------------------------------------------


def test_two_place_anywhere_cards_free_two_tiles() -> None:
    # 69 and 70: "the next tile ignores adjacency", each for one tile.
    state = with_player(rescuing(), ANN, hand=(69, 70))
    state, _ = step(state, "play:69")
    state, _ = step(state, "play:70")
    assert state.players[ANN].anywhere == 2


def test_the_four_tiles_card_draws_for_the_fields() -> None:
    # 83: draw 4 tiles from the bag; the cats go to the fields, the others below the island.
    state = with_player(rescuing(), ANN, hand=(83,))
    state, _ = step(state, "play:83")
    assert state.tasks == (Task(DRAW_TILES_TASK, ANN, count=4, then="fields"),)


def ann_rare_finds(hand: list[int], fish: int) -> IsleState:
    """The rare finds phase of day 1, ann to play, holding ``hand``; the fields hold two cats.

    ann's boat: the four cats, the rare O-tetromino (piece 4) and the common domino (piece 5) of
    helpers.BASE_PIECES; her private lessons 114 and 115; the O-tetromino still below the island.
    """
    boat = Boat(
        "blue",
        (
            Piece(CAT, 415, "blue", mask_of(row(4, 7, 11))),
            Piece(CAT, 408, "blue", mask_of([(5, 7), (6, 7), (7, 7), (8, 7), (8, 8)])),
            Piece(CAT, 403, "blue", mask_of([*row(5, 8, 11), (6, 9)])),
            Piece(CAT, 415, "orange", mask_of(row(3, 7, 11))),
            Piece(RARE, "O-tetromino", None, mask_of([(6, 10), (6, 11), (7, 10), (7, 11)])),
            Piece(COMMON, 101, None, mask_of([(7, 8), (7, 9)])),
        ),
    )
    state = act(act(rescuing(), "pass"), "pass")
    state = replace(state, fields=Fields(("green-414",), ("red-412",)))
    return with_player(
        state, ANN, hand=tuple(hand), fish=fish, private_lessons=(114, 115), boat=boat
    )


def plays(state: IsleState) -> list[str]:
    names = ("ann", "bob")
    return [action_id(names, a) for a in legal(state) if a.kind == "play"]


def test_the_ways_each_card_may_be_played_in_the_rare_finds() -> None:
    colours = ["blue", "green", "red", "purple", "orange"]
    hand = [1, 67, 69, 71, 75, 76, 77, 80, 84, 86, 88, 96, 98, 107]
    assert plays(ann_rare_finds(hand, fish=0)) == [
        *(f"play:1:{c}" for c in colours),  # an Oshax fits: in any colour
        "play:67",
        "play:69",
        "play:71",  # the deck is not empty
        "play:75",  # nor is the bag
        "play:76",  # ann has her permanent basket to give up
        # up to 3 cats moved between the fields: of green-414 and red-412
        "play:77:green-414",
        "play:77:red-412",
        "play:77:green-414,red-412",
        # 80, an extra rescue, only in the rescue phase
        "play:84",
        "play:86:114,115",  # 2 private lessons discarded
        "play:88:4,5",  # 2 treasures of the boat discarded: pieces 4 and 5
        *(f"play:96:{c}" for c in colours),
        "play:98:rare",  # the O-tetromino below the island
        "play:98:common",  # 2 common treasures, free
        "play:107:small",  # 2 small common treasures; 2 others cost 1 fish, ann has 0
    ]


def test_cards_are_not_played_without_what_they_take() -> None:
    state = ann_rare_finds([1, 71, 76, 98, 107], fish=1)
    # With 1 fish, 107's common treasures may be bought.
    assert plays(state)[-3:] == ["play:98:common", "play:107:small", "play:107:common"]
    state = replace(
        ann_rare_finds([1, 71, 76, 98, 107], fish=1),
        rare_pool=(),
        commons=counts({100: 0, 101: 0, 102: 1, 103: 0}),  # one large common treasure left
        oshax=(),
        discard=tuple(DECK),  # the deck is empty
    )
    state = with_player(state, ANN, permanent_baskets=0)
    # No Oshax to take, no card to draw, no basket to give up, nothing below the island, no
    # small common treasure; the large one is there for 98 (free) and 107 (1 fish).
    assert plays(state) == ["play:98:common", "play:107:common"]


def test_the_extra_rescue_is_played_in_the_rescue_phase_and_treasures_are_not() -> None:
    state = with_player(rescuing(), ANN, hand=(1, 80, 98))
    assert plays(state) == ["play:80"]


def test_extra_rescue_cards_stack() -> None:
    # 80 and 81: "rescue 2 cats" (one more rescue this turn), stackable.
    state = with_player(rescuing(), ANN, hand=(80, 81))
    state, _ = step(state, "play:80")
    state, _ = step(state, "play:81")
    assert state.players[ANN].extra_rescues == 2


# --- rare finds: Oshax and treasure cards --------------------------------------------------------

SUPPLY = (100, 101, 102, 103)


def test_treasure_cards_bring_two_common_treasures() -> None:
    # 107: 2 small common treasures (1 and 2 squares), or 2 of any size for 1 fish.
    state, events = step(ann_rare_finds([107], fish=1), "play:107:common")
    two = Task(PLACE_TASK, ANN, COMMON, SUPPLY, optional=True, source="supply")
    assert state.tasks == (two, two)
    assert state.players[ANN].fish == 0
    assert events == [{"type": "card_played", "player": "ann", "card": 107, "option": "common"}]
    state, _ = step(ann_rare_finds([107], fish=1), "play:107:small")
    small = Task(PLACE_TASK, ANN, COMMON, (100, 101), optional=True, source="supply")
    assert state.tasks == (small, small)
    assert state.players[ANN].fish == 1
    # 98: 2 common treasures, free.
    state, _ = step(ann_rare_finds([98], fish=1), "play:98:common")
    assert state.tasks == (two, two)
    assert state.players[ANN].fish == 1


def test_an_oshax_card_takes_an_oshax_in_the_colour_chosen_and_ends_the_turn() -> None:
    state, _ = step(ann_rare_finds([1], fish=0), "play:1:red")
    assert state.tasks == (Task(PLACE_TASK, ANN, OSHAX, color="red", source="oshax"),)
    assert state.discard[-1] == 1 and state.players[ANN].hand == ()
    # ann places it, then bob plays.
    place = next(a for a in legal(state) if a.kind == "place")
    assert place.piece is not None and place.piece.shape == 300  # the lowest Oshax first
    state, _ = rules.apply(state, place)
    assert state.oshax == (301, 302, 303, 304, 305)
    assert rules.movers(state) == [BOB]


# --- rescues -------------------------------------------------------------------------------------


def test_baskets_are_used_cards_first_then_two_halves_then_the_permanent_one() -> None:
    state = with_player(rescuing(), ANN, card_baskets=0, half_baskets=2)
    state, _ = step(state, LEFT_CAT)
    ann = state.players[ANN]
    # Two half baskets make one basket.
    assert (ann.card_baskets, ann.half_baskets, ann.baskets_used) == (0, 0, 0)
    state = with_player(rescuing(), ANN, card_baskets=0, half_baskets=1)
    state, _ = step(state, LEFT_CAT)
    ann = state.players[ANN]
    # One half basket is no basket: the permanent basket is used.
    assert (ann.card_baskets, ann.half_baskets, ann.baskets_used) == (0, 1, 1)
    assert ann.fish == 11 - 3
    assert rules.movers(state) == [BOB]


def test_an_extra_rescue_keeps_the_turn_until_end_turn() -> None:
    state = with_player(rescuing(), ANN, extra_rescues=1)
    state, _ = step(state, LEFT_CAT)
    ann = state.players[ANN]
    assert (ann.extra_rescues, ann.bonus_turn) == (0, True)
    assert rules.movers(state) == [ANN]
    names = ("ann", "bob")
    assert action_id(names, legal(state)[0]) == "end_turn"
    state, _ = step(state, "end_turn")
    assert state.players[ANN].bonus_turn is False
    assert rules.movers(state) == [BOB]


def test_three_players_pass_their_draft_hands_to_the_left() -> None:
    s = GAME.setup(
        ["ann", "bob", "cid"],
        {
            "randomness": "external",
            "boats": {"ann": "blue", "bob": "red", "cid": "green"},
            "first_player": "ann",
        },
        None,
    )
    # 3 players: 6 cats per field, 12 in all; 7 cards each.
    cats = [f"{c}-{n}" for c in ("blue", "green", "red") for n in (400, 401, 402, 403)]
    s = act(s, "chance:fill:" + ",".join(cats))
    assert (s.fields["left"], s.fields["right"]) == (tuple(cats[:6]), tuple(cats[6:]))
    s = act(s, "chance:deal:" + ",".join(str(c) for c in range(9, 30)))
    # ann 9-15, bob 16-22, cid 23-29.
    s = act(act(s, "draft:ann:9,10"), "draft:bob:16,17")
    s, ev = step(s, "draft:cid:23,24")
    assert ev[-1] == {"type": "draft_passed", "round": 1, "direction": "left"}
    # To the left: ann's rest goes to bob, bob's to cid, cid's to ann.
    hands = [sorted(p.draft_hand) for p in s.players]
    assert hands == [[25, 26, 27, 28, 29], [11, 12, 13, 14, 15], [18, 19, 20, 21, 22]]


# --- the lists of decisions ----------------------------------------------------------------------


def ids(state: IsleState, seat: int) -> list[str]:
    return [action_id(("ann", "bob"), a) for a in legal(state, seat)]


def test_the_draft_lists_every_pair_of_the_hand_or_its_last_card() -> None:
    state = with_player(dealt(), ANN, draft_hand=(56, 43, 15))
    assert ids(state, ANN) == ["draft:ann:15,43", "draft:ann:15,56", "draft:ann:43,56"]
    state = with_player(dealt(), ANN, draft_hand=(56,))
    assert ids(state, ANN) == ["draft:ann:56"]


def test_the_purchases_listed_are_those_ann_can_pay_with_a_colour_per_public_lesson() -> None:
    # 15 costs 0; 143 costs 1 and asks for a colour.
    state = with_player(drafted(), ANN, kept=(143, 15), fish=1)
    colours = ["blue", "green", "red", "purple", "orange"]
    assert ids(state, ANN) == [
        "buy:ann:",
        "buy:ann:15",
        *(f"buy:ann:143={c}" for c in colours),
        *(f"buy:ann:15,143={c}" for c in colours),
    ]
    state = with_player(drafted(), ANN, kept=(143, 15), fish=0)
    assert ids(state, ANN) == ["buy:ann:", "buy:ann:15"]


def test_any_set_of_rescue_cards_of_the_hand_may_be_played() -> None:
    state = with_player(bought(), ANN, hand=(113, 7, 15))  # 113 is a private lesson
    assert ids(state, ANN) == [
        "rescue_cards:ann:",
        "rescue_cards:ann:7",
        "rescue_cards:ann:15",
        "rescue_cards:ann:7,15",
    ]


def rescued_cats(state: IsleState) -> set[tuple[str, str]]:
    return {(a.field, a.tile) for a in legal(state, ANN) if a.kind == "rescue"}


def test_the_cats_ann_may_rescue_are_those_she_can_pay_for_with_a_basket() -> None:
    left = {("left", t) for t in ("blue-415", "green-414", "red-412", "orange-400")}
    right = {("right", t) for t in ("purple-409", "blue-404", "green-412", "red-415")}
    for fish, cats in ((2, set()), (3, left), (4, left), (5, left | right)):
        state = with_player(rescuing(), ANN, fish=fish)
        assert rescued_cats(state) == cats, fish
    # Half a basket is none.
    state = with_player(rescuing(), ANN, card_baskets=0, half_baskets=1, baskets_used=1)
    assert rescued_cats(state) == set()


# --- the ends of phases and days -----------------------------------------------------------------


def test_the_rescue_cards_are_spent_when_the_rescue_ends() -> None:
    state = act(rescuing(), LEFT_CAT)  # ann uses a basket card, then both pass
    state = act(act(state, "pass"), "pass")
    for p in state.players:
        assert (p.rescue_cards, p.card_baskets, p.half_baskets, p.speed) == ((), 0, 0, 0)
        assert (p.passed, p.bonus_turn) == (False, False)
    assert state.current == 0 and rules.movers(state) == [ANN]


def test_the_night_restores_the_permanent_basket() -> None:
    state = act(act(rescuing(), "pass"), "pass")  # the rare finds
    state = with_player(state, ANN, baskets_used=1)
    state = act(act(state, "pass"), "pass")
    assert state.day == 2
    assert [p.baskets_used for p in state.players] == [0, 0]
    assert [p.passed for p in state.players] == [False, False]


def test_the_game_ends_after_the_fifth_day() -> None:
    # Vesh's boat reaches the island: day 5 is the last.
    state = replace(act(act(rescuing(), "pass"), "pass"), day=5)
    state, _ = step(state, "pass")
    state, ev = step(state, "pass")
    assert ev == [
        {"type": "passed", "player": "bob", "phase": "rare_finds"},
        {"type": "day_over", "day": 5},
    ]
    assert (state.phase, state.day, state.current) == (FINISHED, 5, 0)
    assert [p.fish for p in state.players] == [11, 8]  # no fish for a sixth day
    assert rules.movers(state) == []


def test_a_player_without_rescue_cards_has_nothing_to_choose() -> None:
    state = act(drafted("bob"), "buy:ann:15,16,35,55,56,143=blue")
    state = act(state, "buy:bob:1,98")  # an Oshax card and a treasure card: no rescue card
    assert rules.movers(state) == [ANN]
    state, ev = step(state, "rescue_cards:ann:55")
    # bob plays none: speed 0 against ann's 3, so ann rescues first although bob began the day.
    assert ev[-1] == {
        "type": "rescue_cards_revealed",
        "cards": {"ann": [55], "bob": []},
        "turn_order": ["ann", "bob"],
    }
    assert (state.players[BOB].speed, state.players[BOB].card_baskets) == (0, 0)


def test_players_tied_on_speed_keep_their_order() -> None:
    state = act(drafted("bob"), "buy:ann:15,16,35,55,56,143=blue")
    state = act(state, "buy:bob:1,7,43,98,113")
    state = act(state, "rescue_cards:ann:15")  # speed 0
    state, ev = step(state, "rescue_cards:bob:")  # none: speed 0
    # Both at 0: bob, who began the day, stays first.
    assert ev[-1]["turn_order"] == ["bob", "ann"]
    assert rules.movers(state) == [BOB]


def test_each_permanent_basket_used_is_counted() -> None:
    # ann gained a second permanent basket (card 84) and plays an extra rescue: two rescues,
    # both with permanent baskets.
    state = with_player(
        rescuing(), ANN, card_baskets=0, half_baskets=0, permanent_baskets=2, extra_rescues=1
    )
    state = act(state, LEFT_CAT)
    second = next(a for a in legal(state) if a.tile == "green-414")
    state, _ = rules.apply(state, second)
    ann = state.players[ANN]
    assert (ann.baskets_used, ann.baskets, ann.fish) == (2, 0, 11 - 3 - 3)


def test_a_short_deck_deals_each_player_the_same_number() -> None:
    state = act(external_game(), "chance:fill:" + ",".join(FILL_8))
    last = list(DECK[-9:])
    state = replace(state, discard=tuple(c for c in DECK if c not in last))
    # 9 cards left for 2 players: 4 each, 8 dealt, one stays in the deck.
    assert supply.deal_size(state) == 4
    assert why(state, draw("deal", [str(c) for c in last])) == [
        Reason("DRAW_COUNT", "8 cards are drawn now, not 9")
    ]
    state, ev = step(state, "chance:deal:" + ",".join(str(c) for c in last[:8]))
    assert ev == [{"type": "cards_dealt", "each": 4}]
    assert [p.draft_hand for p in state.players] == [tuple(last[:4]), tuple(last[4:8])]
    assert supply.deck_left(state) == (last[8],)


def test_no_tile_is_drawn_from_an_empty_bag() -> None:
    state = ann_rare_finds([67, 75], fish=0)
    # Every tile left is out of the game.
    state = replace(state, gone=tuple(supply.bag_counts(state).elements()))
    assert not supply.bag_counts(state)
    # 75 draws a tile from the bag onto the boat: not now. 67 needs nothing.
    assert plays(state) == ["play:67"]


def test_a_bonus_turn_ends_with_the_rescue() -> None:
    # ann, with an extra rescue played, takes the last cat: her extra turn ends with the phase,
    # and in the rare finds she passes like everyone.
    state = with_player(replace(rescuing(), fields=Fields(("blue-415",), ())), ANN, extra_rescues=1)
    state, _ = step(state, LEFT_CAT)
    assert state.phase == RARE_FINDS
    assert [p.bonus_turn for p in state.players] == [False, False]
    assert rules.pass_or_end(state, ANN) == Action("pass", ANN)


def test_the_rescue_ends_when_the_fields_are_empty() -> None:
    state = replace(rescuing(), fields=Fields(("blue-415",), ()))
    state, ev = step(state, LEFT_CAT)
    # The last cat rescued: nobody has passed, yet the rescue phase is over.
    assert ev[-1] == {"type": "rescue_over"}
    assert state.phase == RARE_FINDS
    state = replace(rescuing(), fields=Fields(("blue-415",), ("red-415",)))
    state, ev = step(state, LEFT_CAT)
    # A cat is left in the right field: bob rescues next.
    assert [e["type"] for e in ev] == ["cat_rescued"]
    assert state.phase == RESCUE and rules.movers(state) == [BOB]


def test_a_rare_treasure_taken_with_a_card_is_placed_and_a_common_one_may_be_declined() -> None:
    # rescuing(): a rare O-tetromino waits below the island (drawn third into the fields);
    # ann's boat is empty, so it fits.
    state = rescuing()
    assert state.rare_pool == ("O-tetromino",)
    rare = with_task(state, Task(PLACE_TASK, ANN, RARE, source="pool"))
    assert why(rare, "skip") == [
        Reason("MUST_PLACE", "this piece must be placed: it fits on the boat")
    ]
    assert why(rare, "place:rare_treasure:O-tetromino:0,7;0,8;1,7;1,8") == []
    common = Task(PLACE_TASK, ANN, COMMON, (100, 101), optional=True, source="supply")
    assert why(with_task(state, common), "skip") == []
