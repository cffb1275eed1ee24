"""Jokers can retrigger other jokers (``joker_retrigger_joker``): the retriggered
joker's main effect runs again, once per retrigger, right after its own; copies of the
retriggering joker retrigger too; bad counts are refused with the joker's name."""

from __future__ import annotations

import types
from typing import Any

import pytest

from balatro_ecs import Plugins, score
from balatro_ecs.kernel.errors import HookError
from balatro_ecs.plugin import JokerType, content, hookimpl


def _echo(times: Any = 1, *, left_only: bool = True) -> Plugins:
    """``Echo``: retriggers the joker to its left ``times`` more times."""
    module = types.ModuleType("t_echo")
    echo = JokerType(key="j_t_echo", name="Echo", rarity=2, cost=6, blueprint_compat=True)
    module.balatro_content = content(echo)  # type: ignore[attr-defined]

    def joker_retrigger_joker(ctx: Any, joker: Any, other: Any) -> Any:
        row = list(ctx.jokers)
        me = row.index(joker.copied_by if getattr(joker, "copied_by", None) else joker)
        if not left_only or row.index(other) == me - 1:
            return times
        return None

    module.joker_retrigger_joker = hookimpl(joker_retrigger_joker)  # type: ignore[attr-defined]
    return Plugins(plugins=[module], entry_points=False)


PAIR = [{"rank": "K", "suit": "S"}, {"rank": "K", "suit": "H"}]


def _score(plugins: Plugins, jokers: list[str]) -> Any:
    return score({"played": PAIR, "jokers": [{"name": j} for j in jokers]}, plugins=plugins)


def test_a_retriggered_joker_applies_its_main_effect_again() -> None:
    plugins = _echo()
    alone = _score(plugins, ["Joker"])
    echoed = _score(plugins, ["Joker", "Echo"])
    assert (alone.chips, alone.mult) == (10 + 20, 2 + 4)
    assert (echoed.chips, echoed.mult) == (10 + 20, 2 + 4 + 4)
    retriggers = [e for e in echoed.events if e[2] == "retrigger" and e[0] == "jokers"]
    assert len(retriggers) == 1 and retriggers[0][4].name == "Joker"


def test_the_retrigger_comes_right_after_the_effect_before_polychrome() -> None:
    # Joker +4 twice, then its Polychrome's X1.5: (2 + 4 + 4) * 1.5
    plugins = _echo()
    result = score(
        {"played": PAIR, "jokers": [{"name": "Joker", "edition": "polychrome"}, {"name": "Echo"}]},
        plugins=plugins,
    )
    assert result.mult == (2 + 4 + 4) * 1.5


def test_x_mult_jokers_retrigger_multiplicatively_and_copies_retrigger_too() -> None:
    plugins = _echo(left_only=False)
    # Cavendish X3, retriggered by Echo and by Blueprint copying Echo: X3 three times
    result = _score(plugins, ["Cavendish", "Blueprint", "Echo"])
    assert result.mult == 2 * 3 * 3 * 3


def test_jokers_without_a_main_effect_are_not_retriggered() -> None:
    plugins = _echo(5, left_only=False)
    assert _score(plugins, ["Echo"]).mult == 2  # Echo itself has no main effect


@pytest.mark.parametrize("times", [10**6, -1, 1.5, "2"], ids=["huge", "negative", "float", "str"])
def test_bad_retrigger_counts_are_refused_with_the_joker_named(times: object) -> None:
    plugins = _echo(times)
    with pytest.raises(Exception) as raised:
        _score(plugins, ["Joker", "Echo"])
    err = raised.value
    text = f"{err} {err.__cause__}"
    assert "j_t_echo" in text or "Echo" in text
    assert isinstance(err, HookError) and isinstance(err.__cause__, ValueError)
