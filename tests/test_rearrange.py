"""Rearranging the hand or the consumables is a player action (:class:`Rearrange`): checked
by ``can``/``apply``, run through the ``rearrange`` event, logged, saved and replayed.

The hand's order decides the order its cards are played in (a drag lays the hand out
again, so Photograph doubles the face card moved first), and the consumables' order what
``Use(i)`` uses. The action is outside ``legal_actions()`` and the fixed action space
(a hand has thousands of orders): ``can`` answers for it alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from balatro_ecs import Enhancement, Game, Plugins
from balatro_ecs.game.actions import (
    ACTION_SPACE,
    Action,
    CashOut,
    Play,
    Rearrange,
    SelectBlind,
    SkipPack,
    Use,
    action_from_dict,
    parse_action,
)
from balatro_ecs.game.run import packs
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import JokerType
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.errors import (
    ActionError,
    ActionTypeError,
    IllegalActionError,
    SaveError,
)
from balatro_ecs.tools.envs.twostep import TwoStepSpace
from balatro_ecs.tools.testing.modules import plugin_module
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

SEED = "REARR01"


def _refused(game: Game, action: Action, message: str) -> None:
    """``action`` is illegal now, with this message, and applying it changes nothing."""
    before, logged = game.to_json(), len(game.log)
    assert not game.can(action)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(action)
    assert game.to_json() == before and len(game.log) == logged


# -- the action ---------------------------------------------------------------------------


def test_the_action_spells_and_reads_back_in_every_form() -> None:
    action = Rearrange("hand", [2, 0, 1])
    assert action.order == (2, 0, 1)  # kept as a tuple: hashable, compared by value
    assert repr(action) == "Rearrange(row='hand', order=(2, 0, 1))"
    assert action.text() == "rearrange hand 3 1 2"
    assert parse_action(action.text()) == action
    assert parse_action("rearrange c 2 1") == Rearrange("consumables", (1, 0))
    assert action.to_dict() == {"action": "rearrange", "row": "hand", "order": [2, 0, 1]}
    assert action_from_dict(action.to_dict()) == action


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Rearrange("deck", (0,)), ActionError, r"Rearrange.row: .*got 'deck'"),
        (lambda: Rearrange("hand", (0, 0)), ActionError, "Rearrange.order: .*0 is chosen twice"),
        (lambda: Rearrange("hand", (1, -1)), ActionError, "Rearrange.order: .*negative"),
        (lambda: Rearrange("hand", "012"), ActionTypeError, "Rearrange.order: expected"),
        (lambda: Rearrange("hand", (0.5,)), ActionTypeError, "Rearrange.order: expected"),
        (lambda: parse_action("rearrange"), ActionError, "expected hand or consumables"),
        (lambda: parse_action("rearrange hnd 1"), ActionError, "did you mean 'hand'"),
        (lambda: parse_action("rearrange hand 1 1"), ActionError, "card 1 is chosen twice"),
        (
            lambda: action_from_dict({"action": "rearrange", "row": "hand"}),
            ActionError,
            "missing 'order'",
        ),
    ],
)
def test_a_malformed_rearrange_is_refused_when_made(make: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        make()


# -- when it is legal ---------------------------------------------------------------------


def test_the_hand_is_rearranged_in_a_round_only() -> None:
    game = Game(seed=SEED)
    game.add_consumable("c_pluto")
    game.add_consumable("c_mercury")
    _refused(game, Rearrange("hand", ()), "rearrange: the hand only during a round .*blind select")
    assert game.can(Rearrange("consumables", (1, 0)))  # shown at blind select
    play_blind(game)
    assert game.can(Rearrange("hand", tuple(range(8))[::-1]))
    assert game.can(Rearrange("hand", tuple(range(8))))  # the same order: laid out again
    _refused(game, Rearrange("hand", (1, 0)), "rearrange: 8 cards in the hand, the order names 2")
    _refused(game, Rearrange("hand", (0, 1, 2, 3, 4, 5, 6, 8)), r"no card 9 in the hand \(8")
    _refused(game, Rearrange("consumables", (0,)), "2 consumables in the consumables, .* 1")
    _refused(game, Rearrange("consumables", (2, 0)), "no consumable 3 in the consumables")
    win_round(game)
    _refused(game, Rearrange("hand", ()), "only during a round .* not cash out")
    assert game.can(Rearrange("consumables", (1, 0)))
    game.apply(CashOut())
    _refused(game, Rearrange("hand", ()), "not shop")
    assert game.can(Rearrange("consumables", (1, 0)))
    game.run.phase = Phase.GAME_OVER
    _refused(game, Rearrange("consumables", (1, 0)), "rearrange: the run is over")


@pytest.mark.parametrize(
    ("pack", "shows_hand"), [("p_arcana_normal_1", True), ("p_buffoon_normal_1", False)]
)
def test_a_pack_s_hand_is_rearranged_when_it_deals_one(pack: str, shows_hand: bool) -> None:
    game = Game(seed=SEED)
    game.run.phase = Phase.SHOP
    packs.open_pack(game, pack)
    n = len(game.hand)
    if not shows_hand:
        assert n == 0
        _refused(game, Rearrange("hand", ()), "this pack shows no hand")
        return
    reverse = Rearrange("hand", tuple(range(n))[::-1])
    assert game.can(reverse)
    cards = list(game.hand)
    game.apply(reverse)
    assert list(game.hand) == cards[::-1]
    game.apply(SkipPack())  # the hand goes back under the pile from the right, in its order
    assert game.area(Area.DECK)[:n] == cards[::-1]


def test_a_rearrange_is_outside_legal_actions_and_the_fixed_space() -> None:
    game = play_blind(Game(seed=SEED))
    action = Rearrange("hand", tuple(range(8))[::-1])
    assert game.can(action)
    assert not any(isinstance(a, Rearrange) for a in game.legal_actions())
    assert ACTION_SPACE.encode(action) is None
    assert TwoStepSpace().index_of(action) is None  # nor in Balatro-v1's two-step space
    assert ACTION_SPACE.size == len(game.action_mask()) == 1336
    mask = game.action_mask()
    game.apply(action)
    assert game.action_mask() == mask  # the same rows, the same sizes: the same choices


# -- what it does -------------------------------------------------------------------------


def test_the_rearranged_hand_is_logged_laid_out_and_replayed() -> None:
    game = play_blind(Game(seed=SEED))
    cards = list(game.hand)
    last = next(c for c in cards if c.serial == game.run.hand_layout[-1])
    assert game.laid_out(cards)[-1] is last  # the card drawn last lies right
    outcome = game.apply(Rearrange("hand", (7, 6, 5, 4, 3, 2, 1, 0)))
    assert outcome.phase_before == outcome.phase_after == "round"
    assert game.log[-1] is outcome and outcome.action == Rearrange("hand", tuple(range(8))[::-1])
    assert list(game.hand) == cards[::-1]
    assert [c.zone.slot for c in game.hand] == list(range(8))
    assert game.run.hand_layout == [c.serial for c in cards[::-1]]  # as dragged
    assert game.laid_out(cards) == cards[::-1]
    game.apply(Play((0, 1, 2)))  # the three first of the new order, in that order
    assert game.area(Area.DISCARD)[-3:] == cards[::-1][:3]
    game.apply(Rearrange("hand", (1, 0, 2, 3, 4, 5, 6, 7)))
    again = Game.replay([o.action for o in game.log], seed=SEED)
    assert again.to_json() == game.to_json()
    assert [o.action for o in again.log] == [o.action for o in game.log]


def test_the_same_order_lays_the_hand_out_as_shown() -> None:
    # a draw leaves the card drawn last right of the others; dragging lays the hand out
    game = play_blind(Game(seed=SEED))
    hold(game, "KH", "5C", "3D")
    deck = game.area(Area.DECK)
    king = next(c for c in deck if c.label == "K♠")
    game.move_card(king, Area.DECK)  # to the top
    game.draw(1)
    hand = list(game.hand)
    assert hand[0] is king and game.laid_out(hand)[-1] is king
    game.apply(Rearrange("hand", (0, 1, 2, 3)))
    assert list(game.hand) == hand and game.laid_out(hand) == hand


@pytest.mark.parametrize(("order", "mult"), [((1, 0, 2), 8), ((0, 1, 2), 12)])
def test_a_play_after_a_rearrange_scores_in_the_new_order(
    order: tuple[int, ...], mult: int
) -> None:
    # Photograph doubles the first face card played: the King of Hearts (a Mult card,
    # +4) first gives (2 + 4) x 2 = 12; the King of Spades first gives 2 x 2 + 4 = 8
    game = play_blind(Game(seed=SEED))
    game.add_joker("j_photograph")
    hold(game, "KH", "KS", "5C")
    heart, spade = game.hand[0], game.hand[1]
    heart.set_enhancement(Enhancement.MULT)
    game.apply(Rearrange("hand", order))
    assert game.hand[0] is (spade if order[0] else heart)
    preview = game.preview_play((0, 1))
    game.run.blind_chips = 10**9
    outcome = game.apply(Play((0, 1)))
    assert outcome.score is not None
    assert (outcome.score.chips, outcome.score.mult, outcome.score.score) == (30, mult, 30 * mult)
    assert (preview.chips, preview.mult) == (30, mult)


def test_use_uses_the_consumable_in_its_new_slot() -> None:
    game = Game(deck="Magic Deck", seed=SEED)  # starts with two Fools
    game.add_consumable("c_pluto")
    assert [c.key for c in game.consumables] == ["c_fool", "c_fool", "c_pluto"]
    game.apply(Rearrange("consumables", (2, 0, 1)))
    assert [c.key for c in game.consumables] == ["c_pluto", "c_fool", "c_fool"]
    high_card = game.run.hands[HandType.HIGH_CARD]
    level = high_card.level
    game.apply(Use(0))  # Pluto: High Card
    assert high_card.level == level + 1
    assert [c.key for c in game.consumables] == ["c_fool", "c_fool"]


def test_a_log_with_rearranges_saves_loads_and_replays() -> None:
    game = Game(deck="Magic Deck", seed=SEED)
    game.apply(Rearrange("consumables", (1, 0)))
    game.apply(SelectBlind())
    game.apply(Rearrange("hand", (3, 1, 2, 0, 4, 5, 6, 7)))
    game.apply(Play((0, 3)))
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert [o.action for o in loaded.log] == [o.action for o in game.log]
    assert sum(isinstance(o.action, Rearrange) for o in loaded.log) == 2
    again = Game.replay([o.action for o in loaded.log], deck="Magic Deck", seed=SEED)
    assert again.to_json() == text
    # the trusted binary save carries the rearranges too (with a key of the test's own)
    fast = Game.from_bytes(game.to_bytes(b"k" * 32), key=b"k" * 32)
    assert fast.to_json() == text


def test_a_damaged_rearrange_in_a_saved_log_is_named() -> None:
    import json

    game = Game(seed=SEED)
    game.apply(Rearrange("consumables", ()))
    data = json.loads(game.to_json())
    data["log"][0]["action"]["order"] = [0, 0]
    with pytest.raises(SaveError, match=r"log\[0\]\.action: Rearrange.order: .*chosen twice"):
        Game.from_json(json.dumps(data))


def test_a_plugin_rearranging_the_hand_logs_no_action() -> None:
    """``Game.rearrange`` is the command under the action: a hook calling it changes the
    order (and the layout) but the log holds only what the player did."""

    def joker_hand_drawn(game: Any, joker: Any, cards: Any) -> None:
        game.rearrange("hand", list(range(len(game.hand)))[::-1])

    kind = JokerType(key="j_test_reverser", name="Reverser", effect="Reverses the hand.")
    plugins = Plugins(
        plugins=[plugin_module("test_reverser", kind, joker_hand_drawn=joker_hand_drawn)],
        entry_points=False,
        config=False,
    )
    game = Game(seed=SEED, plugins=plugins)
    plain = play_blind(Game(seed=SEED))
    game.add_joker("j_test_reverser")
    game.apply(SelectBlind())
    assert [o.action for o in game.log] == [SelectBlind()]
    assert [c.label for c in game.hand] == [c.label for c in plain.hand][::-1]
    assert game.run.hand_layout == [c.serial for c in game.hand]
    plain.close()


def test_the_terminal_takes_the_command() -> None:
    import io

    from balatro_ecs.tools.terminal import TerminalSession

    game = play_blind(Game(seed=SEED))
    hand = [c.label for c in game.hand]
    commands = iter(["rearrange hand 8 7 6 5 4 3 2 1", "rearrange hand 1 2", "quit", ""])
    out = io.StringIO()
    TerminalSession(game, read=lambda prompt: next(commands), out=out).run()
    assert [c.label for c in game.hand] == hand[::-1]
    assert "rearrange: 8 cards in the hand, the order names 2" in out.getvalue()
    assert isinstance(game.log[-1].action, Rearrange)
