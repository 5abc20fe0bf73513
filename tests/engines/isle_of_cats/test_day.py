"""The day, phase by phase: setup, fishing, the fields, the draft, buying, lessons, rescue,
rare finds and the end of the day, with external randomness so every draw is known."""

from __future__ import annotations

from dataclasses import replace

from engines.isle_of_cats.state import (
    BUY,
    DRAFT,
    RARE_FINDS,
    RESCUE,
    RESCUE_CARDS,
    Fields,
    IsleState,
    with_player,
)

from .helpers import (
    GAME,
    act,
    bought,
    dealt,
    drafted,
    external_game,
    rescuing,
)


def test_setup_common_treasures_oshax_baskets_and_first_fish() -> None:
    state = external_game()
    pub = GAME.encode_state(state)["public"]
    # 2 players: 5 common treasures of each of the 4 shapes; 6 Oshax; 1 permanent basket each;
    # day 1 starts with 20 fish each; the table must report the fields first.
    assert pub["common_treasures"] == {"100": 5, "101": 5, "102": 5, "103": 5}
    assert pub["oshax"] == [300, 301, 302, 303, 304, 305]
    assert [p["fish"] for p in pub["players"].values()] == [20, 20]
    assert [p["permanent_baskets"] for p in pub["players"].values()] == [1, 1]
    assert GAME.to_move(state) == ["chance"]
    chance = GAME.pending_chance(state)
    assert chance is not None and chance["cats"] == 8  # 2 cats per player in each field
    assert pub["counts"] == {"deck": 150, "bag": 110, "discard": 0}


def test_setup_common_treasures_by_player_count() -> None:
    # 3 players: 8 of each; 4 players: 11 of each.
    for names, each in ((["a", "b", "c"], 8), (["a", "b", "c", "d"], 11)):
        state = GAME.setup(names, {}, "seed")
        assert set(state.commons.values()) == {each}


def test_fields_fill_left_then_right_rare_treasures_go_below_the_island() -> None:
    state = dealt()
    # Drawn: blue-415, green-414, rare-O, red-412, orange-400 | purple-409, blue-404, green-412,
    # red-415: the first 4 cats to the left field, the next 4 to the right, the rare below.
    assert state.fields["left"] == ("blue-415", "green-414", "red-412", "orange-400")
    assert state.fields["right"] == ("purple-409", "blue-404", "green-412", "red-415")
    assert state.rare_pool == ("O-tetromino",)


def test_fill_stops_with_the_cat_that_fills_the_fields() -> None:
    state = external_game()
    extra = "chance:fill:" + ",".join(
        [
            "blue-400",
            "blue-401",
            "blue-402",
            "blue-403",
            "blue-404",
            "blue-405",
            "blue-406",
            "blue-407",
            "rare-I-tetromino",
        ]
    )
    action = GAME.decode_action(state, {"id": extra})
    assert [r.code for r in GAME.check(state, action)] == ["DRAW_COUNT"]


def test_draft_is_simultaneous_and_hidden_until_everyone_decides() -> None:
    state = dealt()
    assert state.phase == DRAFT and GAME.to_move(state) == ["ann", "bob"]
    state = act(state, "draft:ann:55,56")
    assert GAME.to_move(state) == ["bob"]
    # bob sees that ann has decided, not what she kept.
    bob_view = GAME.view(state, "bob")
    assert bob_view["public"]["players"]["ann"]["decided"] is True
    assert "ann" not in bob_view["private"]
    assert GAME.view(state, "ann")["private"]["ann"]["decision"]["cards"] == [55, 56]


def test_draft_keep_two_pass_left_on_day_one_last_card_kept() -> None:
    state = act(act(dealt(), "draft:ann:55,56"), "draft:bob:7,8")
    # Day 1 passes left: ann's 5 others go to bob (next seat), bob's 5 to ann.
    assert sorted(state.players[1].draft_hand) == [1, 15, 16, 43, 98]
    assert sorted(state.players[0].draft_hand) == [23, 35, 67, 113, 143]
    state = drafted()
    # Round 2: ann kept 67,143 of bob's; round 3: 15,16 of what bob passed; the last card (35,
    # from bob's 23,35,113 after he kept 23,113) comes to ann and is kept: 7 cards each.
    assert sorted(state.players[0].kept) == [15, 16, 35, 55, 56, 67, 143]
    assert sorted(state.players[1].kept) == [1, 7, 8, 23, 43, 98, 113]
    assert state.phase == BUY


def test_draft_picks_two_different_cards_of_your_hand() -> None:
    state = dealt()
    bad = GAME.decode_action(state, {"id": "draft:ann:55,7"})
    assert [r.code for r in GAME.check(state, bad)] == ["INVALID_DRAFT"]


def test_buy_pays_card_costs_and_discards_the_rest() -> None:
    state = bought()
    ann, bob = state.players
    # ann: 55 (3) + 56 (3) + 143 (1) + 15 (0) + 16 (0) + 35 (2) = 9 fish: 20 - 9 = 11.
    # bob: 1 (5) + 7 (1) + 43 (2) + 98 (2) + 113 (2) = 12 fish: 20 - 12 = 8.
    assert (ann.fish, bob.fish) == (11, 8)
    assert sorted(state.discard) == [8, 23, 67]  # the drafted cards nobody bought
    assert state.phase == RESCUE_CARDS


def test_buy_cannot_spend_more_fish_than_you_have() -> None:
    state = drafted()
    # 55 + 56 + 35 + 143 + 67 = 3 + 3 + 2 + 1 + 2 = 11 <= 20 is fine; the check is on the total.
    rich = GAME.decode_action(state, {"id": "buy:ann:15,16,35,55,56,67,143=red"})
    assert GAME.check(state, rich) == []
    poor = with_player(state, 0, fish=10)
    assert [r.code for r in GAME.check(poor, rich)] == ["CANNOT_AFFORD"]


def test_public_lessons_are_played_face_up_with_their_colour_private_ones_kept() -> None:
    state = bought()
    assert state.public_lessons == ((143, "blue"),)
    assert state.players[1].private_lessons == (113,)
    view = GAME.view(state, "ann")
    assert view["public"]["public_lessons"] == [{"card": 143, "color": "blue"}]
    assert view["public"]["players"]["bob"]["private_lesson_count"] == 1
    assert "bob" not in view["private"]


def test_a_public_lesson_that_asks_for_a_colour_needs_one() -> None:
    state = drafted()
    bare = GAME.decode_action(state, {"id": "buy:ann:143"})
    assert [r.code for r in GAME.check(state, bare)] == ["COLOR_REQUIRED"]


def test_speed_reorders_the_turn_track() -> None:
    state = rescuing(first="bob")
    # bob started first. ann's speed: 55 (3) + 56 (3) + 35 (3) + 15 (0) + 16 (0) = 9;
    # bob's: 7 (4) + 43 (1) = 5. ann moves to the top of the island.
    assert [p.speed for p in state.players] == [9, 5]
    assert GAME.encode_state(state)["public"]["turn_order"] == ["ann", "bob"]
    assert state.phase == RESCUE and GAME.to_move(state) == ["ann"]


def test_speed_ties_keep_their_relative_order() -> None:
    state = bought(first="bob")
    state = act(state, "rescue_cards:ann:")
    state = act(state, "rescue_cards:bob:")
    # Both 0: bob stays ahead of ann.
    assert GAME.encode_state(state)["public"]["turn_order"] == ["bob", "ann"]


def test_the_rescue_starts_with_the_fastest_and_nobody_passed() -> None:
    # A state sent with marks of an earlier rescue left on it (bob passed, bob's turn): the
    # revealed rescue cards start the rescue afresh, at the top of the island.
    state = bought(first="bob")
    state = replace(with_player(state, 1, passed=True), current=1)
    state = act(state, "rescue_cards:ann:15,16,35,55,56")
    state = act(state, "rescue_cards:bob:7,43")
    assert [p.passed for p in state.players] == [False, False]
    assert state.current == 0 and GAME.to_move(state) == ["ann"]  # speed 9 against bob's 5


def test_baskets_whole_cards_two_halves_and_the_permanent_one() -> None:
    state = rescuing()
    ann, bob = state.players
    # ann: two whole baskets (55, 56) + three halves (15, 16, 35: one pair) + 1 permanent = 4.
    # bob: one whole (43) + 1 permanent = 2.
    assert (ann.card_baskets, ann.half_baskets, ann.baskets) == (2, 3, 4)
    assert bob.baskets == 2


def first_rescue(state: IsleState, field: str, tile: str) -> str:
    return next(
        str(GAME.encode_action(state, a)["id"])
        for a in GAME.legal_actions(state)
        if a.kind == "rescue" and a.field == field and a.tile == tile
    )


def test_rescue_costs_3_fish_left_5_right_and_a_basket() -> None:
    state = rescuing()
    state = act(state, first_rescue(state, "left", "red-412"))
    # ann: 11 - 3 = 8 fish, one whole card basket used; the cat leaves the field.
    assert state.players[0].fish == 8 and state.players[0].card_baskets == 1
    assert "red-412" not in state.fields["left"]
    assert GAME.to_move(state) == ["bob"]
    state = act(state, first_rescue(state, "right", "purple-409"))
    # bob: 8 - 5 = 3 fish; his whole card basket goes first.
    assert state.players[1].fish == 3 and state.players[1].card_baskets == 0


def test_rescue_needs_enough_fish() -> None:
    state = with_player(rescuing(), 0, fish=4)
    rescues = {a.field for a in GAME.legal_actions(state) if a.kind == "rescue"}
    assert rescues == {"left"}  # 4 fish: the left field (3), not the right (5)


def test_rescue_needs_a_basket() -> None:
    state = bought()
    state = act(state, "rescue_cards:ann:")
    state = act(state, "rescue_cards:bob:")
    # bob (first) has only his permanent basket.
    state = act(state, first_rescue(state, "left", "blue-415"))
    state = act(state, "pass")  # ann passes
    assert GAME.to_move(state) == ["bob"]
    assert not [a for a in GAME.legal_actions(state) if a.kind == "rescue"]


def test_a_cat_on_its_own_colours_map_takes_a_common_treasure_at_once() -> None:
    state = rescuing()
    # The blue boat's green map is at (0, 7). ann places the green S (414) over it.
    green_on_map = "rescue:left:green-414:0,7;0,8;1,6;1,7"
    assert GAME.check(state, GAME.decode_action(state, {"id": green_on_map})) == []
    state = act(state, green_on_map)
    assert GAME.to_move(state) == ["ann"]
    assert state.tasks[0].piece_kind == "common_treasure" and state.tasks[0].optional
    state = act(state, "place:common_treasure:100:0,9")
    assert state.commons[100] == 4
    assert GAME.to_move(state) == ["bob"]


def test_passing_is_final_and_the_phase_ends_when_all_pass() -> None:
    state = rescuing()
    state = act(state, "pass")
    state = act(state, "pass")
    # Rescue over: the rescue cards played are discarded, rare finds begin with ann.
    assert state.phase == RARE_FINDS and GAME.to_move(state) == ["ann"]
    assert {15, 16, 35, 55, 56, 7, 43} <= set(state.discard)


def to_rare_finds(state: IsleState) -> IsleState:
    return act(act(state, "pass"), "pass")


def test_rare_finds_oshax_takes_the_declared_colour() -> None:
    state = to_rare_finds(rescuing())
    state = act(state, "pass")  # ann has no find cards
    state = act(state, "play:1:red")
    assert state.tasks[0].piece_kind == "oshax" and state.tasks[0].color == "red"
    place = next(GAME.encode_action(state, a)["id"] for a in GAME.legal_actions(state))
    state = act(state, place)
    oshax = state.players[1].boat.pieces[-1]
    assert oshax.kind == "oshax" and oshax.color == "red"
    assert len(state.oshax) == 5


def test_rare_finds_treasure_card_takes_a_rare_treasure_from_below_the_island() -> None:
    state = to_rare_finds(rescuing())
    state = act(state, "pass")
    state = act(state, "play:98:rare")
    state = act(state, "place:rare_treasure:O-tetromino:4,10;4,11;5,10;5,11")
    assert state.rare_pool == ()
    assert state.players[1].boat.count("rare_treasure") == 1


def test_end_of_day_cats_flee_vesh_advances_fish_and_baskets_reset() -> None:
    state = to_rare_finds(rescuing())
    state = act(state, "pass")
    state = act(state, "pass")
    # Day 2: the 8 unrescued cats are gone; 20 more fish (11 + 20, 8 + 20); the table fills.
    assert state.day == 2 and state.fields == Fields((), ())
    assert len(state.gone) == 8
    assert [p.fish for p in state.players] == [31, 28]
    assert GAME.to_move(state) == ["chance"]


def test_draft_passes_right_on_day_two() -> None:
    state = to_rare_finds(rescuing())
    state = act(act(state, "pass"), "pass")
    fill = [
        "blue-400",
        "blue-401",
        "blue-402",
        "blue-403",
        "blue-405",
        "blue-406",
        "blue-407",
        "blue-408",
    ]
    state = act(state, "chance:fill:" + ",".join(fill))
    deal = [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 17, 18, 19]
    state = act(state, "chance:deal:" + ",".join(map(str, deal)))
    state = act(act(state, "draft:ann:2,3"), "draft:bob:11,12")
    # Right on day 2: with 2 players, ann's rest still goes to bob.
    assert sorted(state.players[1].draft_hand) == [4, 5, 6, 9, 10]


def test_the_game_ends_after_five_days() -> None:
    state = GAME.setup(["ann", "bob"], {}, "five days")
    days = set()
    while not GAME.is_finished(state):
        days.add(state.day)
        legal = GAME.legal_actions(state)
        passing = [a for a in legal if a.kind in ("pass", "skip")]
        state = GAME.apply(state, passing[0] if passing else legal[0])[0]
    assert days == {1, 2, 3, 4, 5}
    assert GAME.score(state).final
