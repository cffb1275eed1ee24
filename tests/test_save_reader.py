"""Saves laid out as ``dumps`` writes them are read with their rows of cards taken card by
card from the text (:func:`balatro_ecs.game.run.save._decode`): what is read must be what
``json.loads`` reads, and a save so read must load -- or be refused, with the same
message -- exactly as the same save read by ``json.loads`` and checked field by field.

``BALATRO_ECS_FUZZ_EXAMPLES`` sets how many corruptions are tried (default 600).
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from balatro_ecs import Game
from balatro_ecs.game.run import save
from balatro_ecs.game.run.save import dumps
from balatro_ecs.game.run.save_check import CardRow
from balatro_ecs.kernel.errors import SaveError

from .test_save_validation import EXAMPLES, PLUGINS, _corrupt, base_saves


def _plain(value: Any) -> Any:
    """``value`` with every CardRow as the list of objects it stands for."""
    if type(value) is CardRow:
        return [{"serial": s, **c.fields} for s, c in zip(value.serials, value.cards, strict=True)]
    if type(value) is dict:
        return {k: _plain(v) for k, v in value.items()}
    if type(value) is list:
        return [_plain(v) for v in value]
    return value


def _json(text: str) -> Any:
    """What the save's text holds, as ``json`` alone reads it as strict JSON (tagged
    floats read back; a repeated key or a bare ``Infinity`` raises ``ValueError``)."""
    return json.loads(text, object_pairs_hook=_strict_object, parse_constant=_no_constant)


def _strict_object(pairs: list[tuple[str, Any]]) -> Any:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("a repeated key")
    return save._untag(obj)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _same_reading(text: str) -> None:
    """``_decode`` reads ``text`` as ``json`` does: the same values, keys in the same order
    (compared as JSON text: NaN is not equal to itself)."""
    try:
        expected = json.dumps(_json(text))
    except ValueError:
        with pytest.raises(ValueError):
            save._decode(text)
        return
    assert json.dumps(_plain(save._decode(text))) == expected


def _outcome(load: Any, text: str) -> tuple[str, str]:
    try:
        game = load(text)
    except SaveError as err:
        return "refused", str(err)
    try:
        return "loaded", dumps(game)
    finally:
        game.close()


def _checked_as_data(text: str) -> Any:
    """How a save loaded before rows were read from the text: ``json.loads`` and
    :func:`from_data` (text that is not JSON is refused by :func:`loads` either way)."""
    try:
        data = _json(text)
    except (ValueError, RecursionError):
        return Game.from_json(text, PLUGINS)
    return Game.from_data(data, PLUGINS)


def test_saves_are_read_with_their_rows_as_card_rows() -> None:
    for text in base_saves()[:8]:
        data = save._decode(text)
        assert all(type(row) is CardRow for row in data["rows"].values())
        assert list(data) == list(json.loads(text))
        _same_reading(text)
        game = Game.from_json(text, PLUGINS)
        assert dumps(game) == text
        game.close()


@pytest.mark.parametrize(
    "change",
    [
        # spaced out: read by json alone
        lambda t: json.dumps(json.loads(t), indent=1),
        # a card written another way (keys in another order): that row read by json
        lambda t: t.replace('{"serial":', '{"rank":5,"serial":', 1),
        # the rows' text inside a string first: the save's own rows found all the same
        lambda t: t.replace('"seed":"', '"seed":",\\"rows\\":{\\"deck\\":[]}', 1),
        lambda t: t.replace('"seed":"', '"seed":"\\\\",\\"rows\\":{\\"deck\\":', 1),
        # rows twice: the last ones count, where the first ones stood
        lambda t: t[:-1] + ',"rows":{"deck":[],"hand":[],"play":[],"discard":[]}}',
        lambda t: t.replace('"format":', '"rows":null,"format":', 1),
        # serials JSON writes otherwise, or not at all
        lambda t: t.replace('[{"serial":', '[{"serial":0', 1),
        lambda t: t.replace('[{"serial":', '[{"serial":-', 1),
        lambda t: t.replace('[{"serial":', '[{"serial":1' + "0" * 30, 1),
        lambda t: t.replace('[{"serial":', '[{"serial":1' + "0" * 5000, 1),
        lambda t: t.replace('[{"serial":', '[{"serial":1.5e', 1),
        # a card's text with a brace or a tag in it, or cut short
        lambda t: t.replace('"perma_bonus":0', '"perma_bonus":{"float":"inf"}', 1),
        lambda t: t.replace('"perma_bonus":0', '"perma_bonus":{}', 1),
        lambda t: t.replace('"seal":"none"', '"seal":"}"', 1),
        lambda t: t.replace('"debuff":[false,false]}', "}", 1),
        lambda t: t.replace('"debuff":[false,false]}', '"debuff":[false,false]', 1),
        lambda t: t.replace('"rank":', '"serial":3,"rank":', 1),
        # what comes after the rows: missing, not JSON, or more than a save
        lambda t: t.replace("]},", "]}}", 1),
        lambda t: t[: t.index('"jokers"')] + "}",
        lambda t: "{" + t[t.index(',"rows"') :],
        lambda t: " {" + t[t.index(',"rows"') :],
        lambda t: t.replace("]},", "]},,", 1),
        lambda t: t + " ",
        lambda t: t + " x",
        lambda t: t[: t.index('"rows"')],
        lambda t: t.replace('"format"', '"float"', 1),
    ],
)
def test_other_layouts_are_read_as_json_reads_them(change: Any) -> None:
    text = change(base_saves()[0])
    _same_reading(text)
    assert _outcome(lambda t: Game.from_json(t, PLUGINS), text) == _outcome(_checked_as_data, text)


def test_corrupted_compact_saves_load_or_are_refused_as_before() -> None:
    """The fuzz of ``test_save_validation``, each corruption written as ``dumps`` lays a
    save out: read from the text, loaded or refused as when read by ``json``."""
    saves = base_saves()
    rnd = random.Random(20260611)
    for _ in range(EXAMPLES):
        text, what = _corrupt(rnd.choice(saves), rnd)
        with contextlib.suppress(ValueError, RecursionError):  # not JSON: as corrupted
            text = json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False)
        _same_reading(text)
        got = _outcome(lambda t: Game.from_json(t, PLUGINS), text)
        assert got == _outcome(_checked_as_data, text), what


def test_a_card_row_is_checked_as_the_cards_it_stands_for() -> None:
    text = base_saves()[0]
    data = json.loads(text)
    hand = data["rows"]["hand"]
    data["rows"]["discard"].append(dict(hand[0]))
    compact = json.dumps(data, separators=(",", ":"))
    assert type(save._decode(compact)["rows"]["discard"]) is CardRow
    with pytest.raises(SaveError, match=r"rows\.discard\[0\]\.serial: serial \d+ is used twice"):
        Game.from_json(compact, PLUGINS)
    data["rows"]["discard"][0]["serial"] = 10**15 + 1
    with pytest.raises(SaveError, match=r"rows\.discard\[0\]\.serial: must be at most"):
        Game.from_json(json.dumps(data, separators=(",", ":")), PLUGINS)
    data["rows"]["discard"][0]["serial"] = data["serial"] + 5
    with pytest.raises(SaveError, match="serial: the next serial must be past"):
        Game.from_json(json.dumps(data, separators=(",", ":")), PLUGINS)


def test_dumps_writes_what_json_writes_of_the_data() -> None:
    for text in base_saves()[:6]:
        game = Game.from_json(text, PLUGINS)
        expected = json.dumps(
            save.to_data(game), ensure_ascii=False, separators=(",", ":"), allow_nan=False
        )
        assert dumps(game) == expected == text
        game.close()


def test_a_log_entrys_text_is_kept_while_the_entry_lives() -> None:
    import gc

    game = Game.from_json(base_saves()[-1], PLUGINS)
    assert game.log
    dumps(game)
    ids = {id(outcome) for outcome in game.log}
    kept = [key for key, (ref, _) in save._OUTCOME_TEXTS.items() if id(ref()) in ids]
    assert len(kept) == len(game.log)
    game.close()
    del game
    gc.collect()
    assert not any(key in save._OUTCOME_TEXTS for key in kept)
