"""Many objects of a slotted class at once: the compiled ``fill`` (``balatro_ecs.kernel._fill_c``)
against the Python reference, and the cards a game copies made either way."""

from __future__ import annotations

import pytest

from balatro_ecs import Game
from balatro_ecs.game import cards as cards_module
from balatro_ecs.game.cards import Card, make_cards
from balatro_ecs.game.copying import build
from balatro_ecs.kernel import components as C
from balatro_ecs.kernel import records
from balatro_ecs.tools.policies import RandomPolicy

_fill_c = pytest.importorskip("balatro_ecs.kernel._fill_c", reason="the extension was not built")


class Point:
    __slots__ = ("x", "y", "z")


def _slots(obj: object, names: tuple[str, ...]) -> list[object]:
    return [getattr(obj, name, "<unset>") for name in names]


@pytest.mark.parametrize("fill", [records.fill_py, _fill_c.fill])
def test_fill_sets_each_slot_from_its_column(fill: object) -> None:
    made = fill(  # type: ignore[operator]
        Point, 3, [("x", [1, 2, 3], records.EACH), ("y", [(0, "a"), (0, "b"), (0, "c")], 3)]
    )
    assert [_slots(p, ("x", "y", "z")) for p in made] == [
        [1, "a", "<unset>"], [2, "b", "<unset>"], [3, "c", "<unset>"],
    ]  # fmt: skip
    same = fill(Point, 2, [("z", "all", records.SAME)])  # type: ignore[operator]
    assert [p.z for p in same] == ["all", "all"]
    assert fill(Point, 0, [("x", [], records.EACH)]) == []  # type: ignore[operator]


@pytest.mark.parametrize("fill", [records.fill_py, _fill_c.fill])
def test_fill_refuses_what_it_cannot_set(fill: object) -> None:
    with pytest.raises(AttributeError):
        fill(Point, 1, [("w", 1, records.SAME)])  # type: ignore[operator]
    with pytest.raises(ValueError, match="column 'x' has 1 items, not 2"):
        fill(Point, 2, [("x", [1], records.EACH)])  # type: ignore[operator]


class Slotted(dict):  # type: ignore[type-arg]
    """A builtin container's subclass: ``object.__new__`` cannot make one safely."""

    __slots__ = ("x",)


class Borrower:
    """Holds another class's slot descriptor under a name of its own."""

    __slots__ = ("a",)
    b = Point.z


@pytest.mark.parametrize("fill", [records.fill_py, _fill_c.fill])
def test_fill_refuses_what_object_new_or_a_slot_refuses(fill: object) -> None:
    """What would make an unsafe object (a dict never initialised; a write through another
    class's slot) is refused by both forms, before any object is handed out."""
    with pytest.raises(TypeError, match="is not safe"):
        fill(Slotted, 2, [("x", 1, records.SAME)])  # type: ignore[operator]
    with pytest.raises(TypeError):
        fill(Borrower, 1, [("b", 1, records.SAME)])  # type: ignore[operator]
    with pytest.raises(ValueError, match="mode -1"):
        fill(Point, 1, [("x", [1], -1)])  # type: ignore[operator]
    with pytest.raises((TypeError, ValueError)):
        fill(Point, 1, [("x",)])  # type: ignore[operator]
    with pytest.raises(TypeError):
        fill(Point, 1, [("x", [5], 2)])  # type: ignore[operator]  # an int, not a tuple


def test_the_compiled_fill_keeps_no_reference_it_should_not() -> None:
    """Objects made, and refusals, leave the columns' reference counts as they were."""
    import sys

    column = [object() for _ in range(4)]
    shared = object()
    before = [sys.getrefcount(v) for v in column], sys.getrefcount(shared)
    for _ in range(50):
        made = _fill_c.fill(Point, 4, [("x", column, 1), ("y", shared, 0)])
        del made
        with pytest.raises(ValueError):
            _fill_c.fill(Point, 4, [("x", column, 1), ("y", shared, 0), ("z", [1], 1)])
    assert ([sys.getrefcount(v) for v in column], sys.getrefcount(shared)) == before


def test_the_compiled_fill_refuses_a_class_with_a_dict() -> None:
    class Loose:
        pass

    with pytest.raises(TypeError, match="not a slotted class"):
        _fill_c.fill(Loose, 1, [])


#: A card's slots compared by value (the zone by its fields; the rules and tally are each
#: game's own objects).
_VALUE_SLOTS = tuple(sorted(set(Card.__slots__) - {"zone", "_rules", "_tally"}))


def test_cards_made_compiled_and_in_python_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(seed="RECORDS")
    policy = RandomPolicy("RECORDS")
    for _ in range(6):
        game.apply(policy.choose(game))
    snap = game.snapshot()
    compiled = build(snap)
    monkeypatch.setattr(cards_module.records, "COMPILED", False)
    python = build(snap)
    assert compiled.to_json() == python.to_json() == game.to_json()
    for a, b in zip(compiled.playing_cards, python.playing_cards, strict=True):
        assert _slots(a, _VALUE_SLOTS) == _slots(b, _VALUE_SLOTS)
        assert (a.zone.area, a.zone.slot) == (b.zone.area, b.zone.slot)
        assert a._tally is compiled._tally and b._tally is python._tally
        assert a._rules is compiled._rules and b._rules is python._rules


def test_make_cards_takes_side_dicts_and_keys() -> None:
    game = Game.empty()
    rules, tally = game._rules, game._tally
    values = (cards_module.CardSpec.parse("AS").values(),) * 2
    serials = C.serials_of([7, 8])
    made = make_cards(
        values, serials, [C.Area.HAND] * 2, [0, 1], rules, [tally, None], [5, 6],
        [None, {int: 1}], [None, (14, 1, 56)],
    )  # fmt: skip
    assert [c.entity for c in made] == [5, 6] and [c.serial for c in made] == [7, 8]
    assert made[0]._extra is None and made[1]._extra == {int: 1}
    assert made[0]._key is None and made[1]._key == (14, 1, 56)
    assert made[0]._tally is tally and made[1]._tally is None
    assert made[1].zone.slot == 1 and made[1].zone.area is C.Area.HAND
    assert made[0].rank == 14 and made[0]._plain_key is None


class Point3(Point):
    """A subclass: read through getattr by the compiled ``read``."""

    __slots__ = ()


@pytest.mark.parametrize("read", [records.read_py, _fill_c.read])
def test_read_gives_each_slot_as_a_column(read: object) -> None:
    points = [Point(), Point3(), Point()]
    for i, p in enumerate(points):
        p.x, p.y = i, f"y{i}"
    assert read(Point, points, ("x", "y")) == ((0, 1, 2), ("y0", "y1", "y2"))  # type: ignore[operator]
    assert read(Point, (), ("x",)) == ((),)  # type: ignore[operator]
    assert read(Point, points, ()) == ()  # type: ignore[operator]
    with pytest.raises(AttributeError, match="z"):
        read(Point, points, ("z",))  # type: ignore[operator]
    with pytest.raises(TypeError, match="not a slot of"):
        read(Point, points, ("__class__",))  # type: ignore[operator]
    with pytest.raises(TypeError, match="must be a str"):
        read(Point, points, (1,))  # type: ignore[operator]


def test_the_compiled_read_keeps_no_reference_it_should_not() -> None:
    import sys

    points = [Point() for _ in range(4)]
    values = [object() for _ in points]
    for p, v in zip(points, values, strict=True):
        p.x = v
    before = [sys.getrefcount(v) for v in values]
    for _ in range(50):
        columns = _fill_c.read(Point, points, ("x",))
        del columns
        with pytest.raises(AttributeError):
            _fill_c.read(Point, points, ("x", "y"))
    assert [sys.getrefcount(v) for v in values] == before


def test_a_games_cards_read_compiled_and_in_python_are_the_same() -> None:
    game = Game(seed="RECORDS")
    names = ("entity", "_serial", "_values", "zone", "_tally", "_extra")
    cards = game.playing_cards
    assert _fill_c.read(Card, cards, names) == records.read_py(Card, cards, names)


@pytest.mark.parametrize("by_identity", [records.by_identity_py, _fill_c.by_identity])
def test_by_identity_looks_objects_up_by_their_id(by_identity: object) -> None:
    a, b, c = object(), object(), object()
    kept = {id(a): "a", id(c): "c"}
    assert by_identity(kept, (a, b, c, a)) == ["a", None, "c", "a"]  # type: ignore[operator]
    assert by_identity(kept, []) == []  # type: ignore[operator]
    with pytest.raises(TypeError):
        by_identity([], (a,))  # type: ignore[operator]
