"""Strict actions: every field checked when an action is made, one answer to "is this
legal now", and previews that validate like a play and change nothing.

* A wrongly typed or valued field (a float or string position, a bool, a negative slot,
  a card chosen twice, an unknown sort order or area) raises
  :class:`~balatro_ecs.kernel.errors.ActionTypeError` /
  :class:`~balatro_ecs.kernel.errors.ActionError`
  naming the action, the field and the value -- never a bare ``TypeError`` later, and
  never a joker deleted by ``MoveJoker(1, 0.0)``. ``action_from_dict`` and
  ``parse_action`` raise only those (or :class:`UnknownNameError`) for any input.
* ``Game.can``, ``Game.legal_actions`` and ``Game.action_mask`` agree exactly on states
  reached by random legal play over several decks and stakes, and every illegal action
  in the space raises :class:`IllegalActionError` and leaves the save unchanged.
* ``Game.preview_play`` takes exactly the positions a ``Play`` takes and leaves the game
  (random streams included) as it was, with DNA, Space Joker, Midas Mask, Vampire, To Do
  List and card-destroying effects in the row.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import (
    ACTION_SPACE,
    Action,
    Buy,
    BuyAndUse,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    EndShop,
    MoveJoker,
    Pick,
    Play,
    Reroll,
    RerollBoss,
    SelectBlind,
    Sell,
    SkipBlind,
    SkipPack,
    SortHand,
    Use,
    action_from_dict,
    parse_action,
)
from balatro_ecs.game.run import packs
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.errors import (
    ActionError,
    ActionTypeError,
    BalatroError,
    IllegalActionError,
    UnknownNameError,
)
from balatro_ecs.tools.testing.runs import hold, play_blind

PLUGINS = Plugins.default()

#: Every action class, with its fields and a valid value for each.
FIELDS: dict[type[Action], dict[str, Any]] = {
    Play: {"cards": (0, 1)},
    Discard: {"cards": (0, 1)},
    SortHand: {"by": "suit"},
    MoveJoker: {"source": 1, "target": 0},
    Buy: {"slot": 1},
    BuyAndUse: {"slot": 1, "cards": (2,)},
    BuyVoucher: {"slot": 1},
    BuyPack: {"slot": 1},
    Pick: {"index": 1, "cards": (0, 2)},
    Sell: {"area": "consumables", "index": 1},
    Use: {"index": 1, "cards": (0, 2)},
}
NO_FIELDS = (SelectBlind, SkipBlind, RerollBoss, CashOut, SkipPack, Reroll, EndShop)

#: Wrongly typed values of a position field (``slot``, ``index``, ``source``, ``target``).
BAD_POSITION_TYPES = (0.0, 1.7, "0", "1", True, False, None, (0,), [1], b"1", 1j)
#: Wrongly typed values of a ``cards`` field, and the value the message names.
BAD_CARD_TYPES: tuple[tuple[object, object], ...] = (
    ((0.9, 1.7), 0.9),
    (("0", "1"), "0"),
    ([0, "2"], "2"),
    ((True,), True),
    ((0, None), None),
    ("01", "01"),
    (5, 5),
    (None, None),
    ({0, 1}, {0, 1}),
    ({"0": 1}, {"0": 1}),
    (((0,),), (0,)),
)
#: Wrongly typed values of a named choice (``SortHand.by``, ``Sell.area``).
BAD_CHOICE_TYPES = (0, None, ("rank",), b"rank", 1.0, True)


def _position_fields() -> list[tuple[type[Action], str]]:
    return [
        (cls, name)
        for cls, fields in FIELDS.items()
        for name in fields
        if name not in ("cards", "by", "area")
    ]


def _card_fields() -> list[type[Action]]:
    return [cls for cls, fields in FIELDS.items() if "cards" in fields]


def _make(cls: type[Action], **changes: Any) -> Action:
    return cls(**{**FIELDS[cls], **changes})


# -- constructors --------------------------------------------------------------------------


def test_every_field_table_lists_every_field_of_every_action() -> None:
    from dataclasses import fields

    for cls, values in FIELDS.items():
        assert [f.name for f in fields(cls)] == list(values), cls
        assert _make(cls).to_dict() == {
            "action": cls.verb,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in values.items()},
        }
    for cls in NO_FIELDS:
        assert not fields(cls)


@pytest.mark.parametrize(("cls", "name"), _position_fields())
@pytest.mark.parametrize("value", BAD_POSITION_TYPES, ids=repr)
def test_a_position_of_the_wrong_type_raises_a_typed_error_naming_it(
    cls: type[Action], name: str, value: object
) -> None:
    with pytest.raises(ActionTypeError) as caught:
        _make(cls, **{name: value})
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, BalatroError)
    assert f"{cls.__name__}.{name}: expected a position (int), got {value!r}" in str(caught.value)


@pytest.mark.parametrize(("cls", "name"), _position_fields())
def test_a_negative_position_raises_a_value_error_naming_it(cls: type[Action], name: str) -> None:
    with pytest.raises(ActionError, match=rf"{cls.__name__}\.{name}: .*negative, got -1") as c:
        _make(cls, **{name: -1})
    assert isinstance(c.value, ValueError) and not isinstance(c.value, TypeError)


@pytest.mark.parametrize("cls", _card_fields())
@pytest.mark.parametrize(("value", "named"), BAD_CARD_TYPES, ids=repr)
def test_cards_of_the_wrong_type_raise_a_typed_error_naming_the_bad_value(
    cls: type[Action], value: object, named: object
) -> None:
    with pytest.raises(ActionTypeError) as caught:
        _make(cls, cards=value)
    message = str(caught.value)
    assert message.startswith(f"{cls.__name__}.cards: expected ")
    assert message.endswith(f"got {named!r}")


def test_the_reported_cases_name_the_action_the_field_and_the_value() -> None:
    with pytest.raises(
        TypeError, match=r"^Play\.cards: expected card positions \(ints\), got '0'$"
    ):
        Play(("0", "1"))  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError, match=r"Play\.cards: .* got 0\.9"):
        Play((0.9, 1.7))  # type: ignore[arg-type]
    with pytest.raises(ActionTypeError, match=r"MoveJoker\.target: .* got 0\.0"):
        MoveJoker(1, 0.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", _card_fields())
@pytest.mark.parametrize("value", [(0, 0), (2, 1, 2), [3, 3]], ids=repr)
def test_a_card_chosen_twice_is_refused(cls: type[Action], value: object) -> None:
    with pytest.raises(ActionError, match=rf"{cls.__name__}\.cards: card position \d is chosen"):
        _make(cls, cards=value)


@pytest.mark.parametrize("cls", _card_fields())
def test_negative_cards_are_refused(cls: type[Action]) -> None:
    with pytest.raises(ActionError, match=rf"{cls.__name__}\.cards: .*negative, got -2"):
        _make(cls, cards=(1, -2))


@pytest.mark.parametrize(
    ("cls", "name", "good", "typo", "meant"),
    [(SortHand, "by", "rank", "rnak", "rank"), (Sell, "area", "jokers", "joker", "jokers")],
)
def test_named_choices_are_checked_with_the_closest_match(
    cls: type[Action], name: str, good: str, typo: str, meant: str
) -> None:
    assert getattr(_make(cls, **{name: good}), name) == good
    with pytest.raises(
        ActionError, match=rf"{cls.__name__}\.{name}: .*{typo!r} \(did you mean {meant!r}"
    ):
        _make(cls, **{name: typo})
    for value in BAD_CHOICE_TYPES:
        with pytest.raises(
            ActionTypeError, match=rf"{cls.__name__}\.{name}: .*got {re.escape(repr(value))}"
        ):
            _make(cls, **{name: value})


def test_lists_ranges_and_integer_types_become_plain_int_tuples() -> None:
    class Position(int):
        pass

    assert Play([2, 0]) == Play((2, 0))  # type: ignore[arg-type]
    assert Play([2, 0]).cards == (2, 0)  # type: ignore[arg-type]
    assert Use(0, range(3)) == Use(0, (0, 1, 2))  # type: ignore[arg-type]
    made = Pick(Position(1), [Position(0)])  # type: ignore[list-item]
    assert type(made.index) is int and all(type(c) is int for c in made.cards)
    assert hash(Play([1])) == hash(Play((1,)))  # type: ignore[arg-type]


_ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.floats(allow_nan=True),
    st.text(max_size=4),
    st.binary(max_size=2),
    st.lists(st.one_of(st.integers(-2, 9), st.floats(), st.text(max_size=2), st.booleans())),
    st.tuples(st.integers(-2, 9), st.integers(-2, 9)),
    st.sets(st.integers(0, 5)),
    st.dictionaries(st.text(max_size=2), st.integers()),
    st.sampled_from(["rank", "suit", "jokers", "consumables"]),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(FIELDS, key=lambda c: c.__name__)), st.data())
def test_any_field_values_make_a_valid_action_or_raise_an_action_error(
    cls: type[Action], data: st.DataObject
) -> None:
    values = {name: data.draw(_ANY_VALUE, label=name) for name in FIELDS[cls]}
    try:
        action = cls(**values)
    except ActionError:
        return
    for name in FIELDS[cls]:
        value = getattr(action, name)
        if name == "cards":
            assert type(value) is tuple and all(type(c) is int and c >= 0 for c in value)
            assert len(set(value)) == len(value)
        elif name in ("by", "area"):
            assert value in cls.choices[name]
        else:
            assert type(value) is int and value >= 0
    assert action_from_dict(action.to_dict()) == action
    assert parse_action(action.text()) == action or not getattr(action, "cards", True)


# -- dicts and text --------------------------------------------------------------------------


def test_every_action_in_the_space_round_trips_through_dicts_and_text() -> None:
    for action in ACTION_SPACE.actions:
        assert action_from_dict(action.to_dict()) == action
        assert parse_action(action.text()) == action
    for cls in FIELDS:
        action = _make(cls)
        assert action_from_dict(action.to_dict()) == action
        assert parse_action(action.text()) == action


@pytest.mark.parametrize(
    ("data", "error", "message"),
    [
        ({"action": "plya", "cards": [0]}, UnknownNameError, "did you mean 'play'"),
        ({"acton": "play", "cards": [0]}, ActionError, "missing key 'action'.*'acton'"),
        ({"cards": [0]}, ActionError, "missing key 'action'"),
        ({"action": "play"}, ActionError, r"Play \('play'\) is missing 'cards'"),
        ({"action": "move", "source": 0}, ActionError, "missing 'target'"),
        ({"action": "play", "card": [0]}, ActionError, "unknown key 'card' .did you mean 'cards'"),
        ({"action": "play", "cards": [0], "x": 1}, ActionError, "unknown key 'x'"),
        ({"action": "select", "cards": []}, ActionError, "takes no fields, got 'cards'"),
        ({"action": "play", "cards": ["0"]}, ActionTypeError, r"Play\.cards: .*got '0'"),
        ({"action": "play", "cards": "01"}, ActionTypeError, r"Play\.cards"),
        ({"action": "play", "cards": [0, 0]}, ActionError, "chosen twice"),
        ({"action": "move", "source": 1, "target": 0.0}, ActionTypeError, r"MoveJoker\.target"),
        ({"action": "sell", "area": "joker", "index": 0}, ActionError, "did you mean 'jokers'"),
        ({"action": "sort", "by": None}, ActionTypeError, r"SortHand\.by"),
        ({"action": 3}, ActionTypeError, "'action' must be a string"),
        ({"action": None}, ActionTypeError, "'action' must be a string"),
        ({1: 2, "action": "play", "cards": [0]}, ActionError, "unknown key 1"),
        ({1: 2, "action": "next"}, ActionError, "takes no fields, got 1"),
        ([("action", "next")], ActionTypeError, "expected a dict"),
        ("play 1", ActionTypeError, "expected a dict"),
        (None, ActionTypeError, "expected a dict"),
    ],
)
def test_a_bad_dict_raises_an_action_error_naming_the_key_and_value(
    data: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as caught:
        action_from_dict(data)
    assert isinstance(caught.value, BalatroError) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty command"),
        ("   ", "empty command"),
        ("play 0", "expected a position from 1, got '0'"),
        ("play x", "expected a position from 1, got 'x'"),
        ("play 1.5", "got '1.5'"),
        ("play -1", "got '-1'"),
        ("play 1 2 1", "card 1 is chosen twice"),
        ("play 1 01", "card 1 is chosen twice"),
        ("play " + "9" * 5000, "expected a position from 1"),
        ("move 1", "takes 2 arguments, got 1"),
        ("move 1 2 3", "takes 2 arguments, got 3"),
        ("move 1 x", "got 'x'"),
        ("select 1", "takes no arguments"),
        ("next now", "takes no arguments"),
        ("buy 1 2", "takes at most 1 argument"),
        ("buy 0", "got '0'"),
        ("sort rnak", "did you mean 'rank'"),
        ("sort rank suit", "takes at most 1 argument"),
        ("sell", "takes 1 argument, got 0"),
        ("sell j", "got ''"),
        ("sell jc2", "got 'c2'"),
        ("use", "takes 1 to 6 arguments, got 0"),
        ("pick 1 2 2", "card 2 is chosen twice"),
    ],
)
def test_a_bad_command_raises_an_action_error_naming_it(text: str, message: str) -> None:
    with pytest.raises(ActionError, match=message):
        parse_action(text)


def test_parse_action_refuses_a_non_string_and_names_an_unknown_verb() -> None:
    with pytest.raises(ActionTypeError, match="expected a command"):
        parse_action(["play", "1"])  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError, match="did you mean 'discard'"):
        parse_action("dsicard 1")
    assert parse_action("sell c2") == Sell("consumables", 1)
    assert parse_action("sell 3") == Sell("jokers", 2)
    assert parse_action("SORT Suit") == SortHand("suit")


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
_KEYS = st.sampled_from(
    ["action", "cards", "slot", "index", "area", "by", "source", "target", "card", "x"]
)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(_KEYS | st.text(max_size=5), _JSONISH, max_size=4),
    st.sampled_from([None, *sorted(c.verb for c in (*FIELDS, *NO_FIELDS))]),
)
def test_action_from_dict_never_raises_a_bare_exception(data: dict[str, Any], verb: Any) -> None:
    if verb is not None:
        data = {**data, "action": verb}
    try:
        action = action_from_dict(data)
    except (ActionError, UnknownNameError):
        return
    assert action_from_dict(action.to_dict()) == action


#: Words a command is made of (verbs, positions good and bad, sort orders, sell slots).
_WORDS = [
    *(c.verb for c in (*FIELDS, *NO_FIELDS)),
    *("1", "2", "0", "j1", "c2", "-1", "x", "rank", "suit", "1.5", "99"),
]


@settings(max_examples=400, deadline=None)
@given(
    st.one_of(
        st.text(max_size=20),
        st.builds(" ".join, st.lists(st.sampled_from(_WORDS), max_size=6)),
    )
)
def test_parse_action_never_raises_a_bare_exception(text: str) -> None:
    try:
        action = parse_action(text)
    except (ActionError, UnknownNameError):
        return
    assert isinstance(action, Action)


# -- can, legal_actions and the mask agree -------------------------------------------------


def _reorder(action: Action) -> bool:
    return isinstance(action, (MoveJoker, SortHand))


def _beyond_the_space(game: Game) -> list[Action]:
    """Actions the space cannot express (any move, any row slot one past the end, card
    choices past the tenth card or of six cards): ``can`` must still match the list.
    (:class:`~balatro_ecs.game.actions.Rearrange` is the one action ``legal_actions``
    never lists, whatever ``can`` says: ``tests/test_rearrange.py``.)"""
    hand = len(game.hand)
    jokers, consumables = len(game.jokers), len(game.consumables)
    out: list[Action] = [MoveJoker(i, j) for i in range(jokers + 1) for j in range(jokers + 1)]
    out += [Sell("jokers", i) for i in range(jokers + 1)]
    out += [Sell("consumables", i) for i in range(consumables + 1)]
    combos = [
        c for size in range(1, 7) for c in itertools.combinations(range(min(hand + 1, 12)), size)
    ]
    out += [Play(c) for c in combos] + [Discard(c) for c in combos]
    targets = [c for size in range(4) for c in itertools.combinations(range(hand + 1), size)]
    for kind, row in ((Pick, game.pack), (Use, game.consumables)):
        out += [kind(i, c) for i in range(len(row) + 1) for c in targets]
    out += [Buy(i) for i in range(len(game.shop) + 1)]
    out += [BuyAndUse(i) for i in range(len(game.shop) + 1)]
    out += [BuyVoucher(i) for i in range(len(game.shop_vouchers) + 1)]
    out += [BuyPack(i) for i in range(len(game.shop_packs) + 1)]
    return out


def check_agreement(game: Game, *, wide: bool) -> None:
    """The mask, ``can`` and ``legal_actions`` say the same of every action in the space
    (and ``can`` and the list of every action beyond it, when ``wide``); every illegal
    action in the space is refused by ``apply`` and changes nothing."""
    mask = game.action_mask()
    legal = game.legal_actions()
    listed = set(legal)
    assert len(listed) == len(legal), "an action is listed twice"
    where = f"{game.phase.value} {game!r}"
    for action, marked in zip(ACTION_SPACE.actions, mask, strict=True):
        allowed = game.can(action)
        assert marked == allowed == (action in listed), (action, marked, allowed, where)
    for action in legal:
        assert game.can(action), (action, where)
    assert game.legal_actions(reorders=False) == [a for a in legal if not _reorder(a)]
    if wide:
        for action in _beyond_the_space(game):
            assert game.can(action) == (action in listed), (action, where)
    before = game.to_json()
    for action, marked in zip(ACTION_SPACE.actions, mask, strict=True):
        if marked:
            continue
        try:
            game.apply(action)
        except IllegalActionError:
            continue
        raise AssertionError(f"apply took the illegal {action!r} ({where})")
    assert game.to_json() == before


#: Consumables used on selected cards (count-only conditions, Aura's on the card), and
#: ones used on none.
TARGETED = ("c_magician", "c_death", "c_aura", "c_cryptid", "c_hanged_man", "c_talisman")

RUNS = [
    ("Red Deck", 1, False),
    ("Red Deck", 1, True),
    ("Blue Deck", 2, True),
    ("Ghost Deck", 4, True),
    ("Magic Deck", 5, True),
    ("Plasma Deck", 8, True),
    ("Abandoned Deck", 3, False),
    ("Black Deck", 6, True),
]


@pytest.mark.parametrize(("deck", "stake", "helped"), RUNS)
def test_can_legal_actions_and_the_mask_agree_on_reachable_states(
    deck: str, stake: int, helped: bool
) -> None:
    """A random walk of legal actions (a local seeded stream, the game's own API); a
    ``helped`` run holds an Eternal Joker with a huge Mult that wins every hand, and some
    money, so the walk reaches shops, packs, vouchers, consumables and later antes."""
    seed = f"STRICT-{deck.split()[0].upper()}-{stake}"
    rng = random.Random(seed)
    game = Game(deck=deck, stake=stake, seed=seed, plugins=PLUGINS)
    if helped:
        helper = game.add_joker("j_joker", eternal=True, state={"mult": 10**9})
        assert helper.eternal
        game.run.dollars += 60
        game.refresh_rules()
    phases: set[Phase] = set()
    for step in range(60):
        phases.add(game.phase)
        check_agreement(game, wide=step % 3 == 0)
        if step % 5 == 0 and game.phase is not Phase.GAME_OVER:
            copy = game.clone()  # targeted Tarots and Spectrals held, rarely bought
            for key in TARGETED[step % 2 :: 2]:
                copy.add_consumable(key)
            check_agreement(copy, wide=True)
            copy.close()
        legal = game.legal_actions()
        if not legal:
            assert game.phase is Phase.GAME_OVER
            break
        plain = [a for a in legal if not _reorder(a)]
        pool = legal if rng.random() < 0.15 or not plain else plain
        game.apply(rng.choice(pool))
    assert phases >= {Phase.BLIND_SELECT, Phase.ROUND}
    if helped:
        assert phases >= {Phase.CASH_OUT, Phase.SHOP, Phase.PACK}


@pytest.mark.parametrize("pack", ["p_arcana_normal_1", "p_buffoon_normal_1", "p_spectral_mega_1"])
def test_they_agree_during_a_pack_with_jokers_and_consumables(pack: str) -> None:
    """Moving and selling jokers and using consumables are open during a pack."""
    game = Game(seed=f"STRICTPACK-{pack}", plugins=PLUGINS)
    for key in ("j_joker", "j_dna", "j_blueprint"):
        game.add_joker(key)
    game.add_consumable("c_magician")
    game.add_consumable("c_pluto")
    game.run.phase = Phase.SHOP
    packs.open_pack(game, pack)
    assert game.phase is Phase.PACK
    rng = random.Random(pack)
    for _ in range(4):
        check_agreement(game, wide=True)
        assert game.can(MoveJoker(0, 2)) and MoveJoker(0, 2) in game.legal_actions()
        assert not game.can(SortHand("rank"))
        moves = [a for a in game.legal_actions() if not isinstance(a, (MoveJoker, Sell))]
        if game.phase is not Phase.PACK or not moves:
            break
        game.apply(rng.choice(moves))


def test_sorting_is_legal_exactly_in_a_round() -> None:
    game = Game(seed="STRICTSORT", plugins=PLUGINS)
    assert game.phase is Phase.BLIND_SELECT
    for by in ("rank", "suit"):
        assert not game.can(SortHand(by))
        with pytest.raises(IllegalActionError, match="sort: only during round"):
            game.apply(SortHand(by))
    play_blind(game)
    assert game.can(SortHand("suit")) and SortHand("suit") in game.legal_actions()
    assert game.action_mask()[ACTION_SPACE.sort_suit]


def test_move_joker_with_a_float_target_cannot_delete_a_joker() -> None:
    game = Game(seed="STRICTMOVE", plugins=PLUGINS)
    for key in ("j_joker", "j_greedy_joker"):
        game.add_joker(key)
    before = game.to_json()
    with pytest.raises(ActionTypeError):
        game.apply(MoveJoker(1, 0.0))  # type: ignore[arg-type]
    assert [j.key for j in game.jokers] == ["j_joker", "j_greedy_joker"]
    assert game.to_json() == before
    game.apply(MoveJoker(1, 0))
    assert [j.key for j in game.jokers] == ["j_greedy_joker", "j_joker"]


# -- preview_play ------------------------------------------------------------------------------


def _round(*jokers: str, cards: tuple[str, ...] = ()) -> Game:
    game = play_blind(Game(seed="STRICTPREVIEW", plugins=PLUGINS))
    for key in jokers:
        game.add_joker(key)
    if cards:
        hold(game, *cards)
    game.refresh_rules()  # settle the row now, as an action would
    return game


CANDIDATES: tuple[object, ...] = (
    (0,),
    (0, 1, 2, 3, 4),
    [4, 1],
    range(2),
    (),
    (0, 1, 2, 3, 4, 5),
    range(7),
    (8,),
    (7, 8),
    (-1,),
    (0, -1),
    (0, 0),
    (0.0,),
    ("0",),
    (True,),
    "01",
    None,
    3,
)


@pytest.mark.parametrize("positions", CANDIDATES, ids=repr)
def test_preview_validates_exactly_like_play(positions: object) -> None:
    game = _round("j_dna")
    assert len(game.hand) == 8
    before = game.to_json()
    try:
        action = Play(positions)  # type: ignore[arg-type]
        game.verify(action)
        expected: type[Exception] | None = None
    except (ActionError, IllegalActionError) as err:
        expected = type(err)
    if expected is None:
        game.preview_play(positions)  # type: ignore[arg-type]
    else:
        with pytest.raises(expected):
            game.preview_play(positions)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_preview_names_the_bad_positions() -> None:
    game = _round("j_dna")
    with pytest.raises(IllegalActionError, match="preview: choose 1 to 5 cards, got 7"):
        game.preview_play(range(7))
    with pytest.raises(IllegalActionError, match=r"preview: no card 9 in hand \(8 cards\)"):
        game.preview_play([8])
    with pytest.raises(ActionError, match=r"preview_play\.positions: .*negative, got -1"):
        game.preview_play([-1])
    with pytest.raises(ActionTypeError, match=r"preview_play\.positions: .*got '0'"):
        game.preview_play(["0"])  # type: ignore[list-item]
    assert game.preview_play(iter([1, 0])).score == game.preview_play((0, 1)).score


#: Rows whose scoring changes the game: DNA copies a lone first card, Space Joker levels
#: the hand up (random), Midas Mask gilds face cards, Vampire strips enhancements, To Do
#: List pays, Sixth Sense destroys a lone 6 (and makes a Spectral), glass cards shatter
#: (Oops! All 6s doubles every chance), Hiker adds chips to cards, Ride the Bus and
#: Lucky cards count and draw on the random streams.
ROWS = (
    ("j_dna", "j_space", "j_midas_mask", "j_vampire", "j_todo_list"),
    ("j_sixth_sense", "j_oops", "j_oops", "j_glass", "j_hiker"),
    ("j_dna", "j_sixth_sense", "j_ride_the_bus", "j_lucky_cat", "j_oops"),
)
HAND = ("6S", "KH gold", "QD steel", "JC glass", "6D lucky", "TH glass", "KS", "2C")


@pytest.mark.parametrize("row", ROWS)
def test_preview_never_changes_the_game_with_mutating_jokers(row: tuple[str, ...]) -> None:
    game = _round(*row, cards=HAND)
    rng_before = game.rng.snapshot()
    before = game.to_json()
    scores = {}
    bad = (range(7), [-1], [0, 0], [8], [0, -1], (), ["0"], [0.0])
    for size in range(1, 6):
        for combo in itertools.combinations(range(len(HAND)), size):
            scores[combo] = game.preview_play(combo).score
            assert game.to_json() == before, combo
    for positions in bad:
        with pytest.raises(BalatroError):
            game.preview_play(positions)  # type: ignore[arg-type]
        assert game.to_json() == before, positions
    assert game.rng.snapshot() == rng_before
    out = game.apply(Play((0,)))  # the lone 6 as the first hand: DNA and Sixth Sense act
    assert out.score is not None and out.score.score == scores[(0,)]


def test_preview_of_a_dna_copy_leaves_the_deck_and_serials_alone() -> None:
    game = _round("j_dna", cards=HAND)
    deck = len(game.playing_cards)
    before = game.to_json()
    for _ in range(3):
        game.preview_play([0])
    assert len(game.playing_cards) == deck and game.to_json() == before
    game.apply(Play((0,)))
    assert len(game.playing_cards) == deck + 1  # the real play does copy the card
