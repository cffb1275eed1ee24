"""Checks for the questions a joker's author asks, each an ``assert_*`` function that
raises ``AssertionError`` with a message saying what differed (use them inside a
hypothesis test with :func:`balatro_ecs.testing.strategies.scenarios`):

* :func:`assert_copies_faithfully`: Blueprint and Brainstorm give exactly the joker's
  effects (or nothing, if it is not ``blueprint_compat``);
* :func:`assert_commutes`: swapping two jokers in the row leaves the score unchanged
  (true of jokers that only add, or only multiply; the game's order makes ``+mult`` then
  ``xmult`` differ from the reverse, so pick the pairs you claim);
* :func:`assert_retriggers`: a card evaluated twice (a Red Seal) gives the joker's
  per-card effects twice;
* :func:`assert_survives_save`: a game with the joker saves, reloads and clones to the
  same bytes, and goes on identically.

>>> seven = {"rank": "7", "suit": "H"}
>>> scenario = {"played": [seven, seven], "probabilities": "never"}
>>> assert_copies_faithfully("Joker", scenario)
>>> assert_retriggers("Greedy Joker", {"played": [{"rank": "7", "suit": "D"}]})
>>> assert_commutes("Joker", "Jolly Joker", scenario)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...game.scenario import score

if TYPE_CHECKING:
    from ...game.game import Game
    from ...game.scoring.result import ScoreResult
    from ...kernel.manager import Plugins

__all__ = [
    "assert_commutes",
    "assert_copies_faithfully",
    "assert_retriggers",
    "assert_survives_save",
    "effects_of",
]

#: The breakdown kinds that are a joker's numeric effects.
_EFFECT_KINDS = ("chips", "mult", "x_mult", "dollars")


def _with_jokers(scenario: Mapping[str, Any], jokers: Sequence[Any]) -> dict[str, Any]:
    out = dict(scenario)
    out["jokers"] = list(jokers)
    return out


def _key(plugins: Plugins | None, name: str) -> str:
    from ...kernel.content import JokerType
    from ...kernel.manager import Plugins as _Plugins

    found = (plugins if plugins is not None else _Plugins.default()).find(JokerType, name)
    return found.key


def effects_of(
    result: ScoreResult, key: str, slot: int | None = None
) -> Counter[tuple[str, str, Any]]:
    """The numeric effects a joker gave in a scored hand, as a multiset of
    ``(phase, kind, value)``; ``slot`` picks one of several copies of ``key``."""
    found: Counter[tuple[str, str, Any]] = Counter()
    for phase, source, kind, value, *_ in result.events:
        if kind not in _EFFECT_KINDS:
            continue
        joker_type = getattr(source, "type", None)
        if getattr(joker_type, "key", None) != key:
            continue
        if slot is not None and getattr(source, "slot", None) != slot:
            continue
        found[(phase, kind, value)] += 1
    return found


def assert_copies_faithfully(
    joker: str, scenario: Mapping[str, Any], *, plugins: Plugins | None = None
) -> None:
    """Blueprint (on its left) and Brainstorm (with the joker leftmost) each give exactly
    the effects the joker gives in the same hand -- or none, if the joker is not
    ``blueprint_compat``. The scenario's own jokers are left out."""
    from ...kernel.manager import Plugins as _Plugins

    plugins = plugins if plugins is not None else _Plugins.default()
    key = _key(plugins, joker)
    compatible = plugins.joker(key).blueprint_compat
    rows = {
        "Blueprint": ([{"name": "j_blueprint"}, {"name": key}], 0, 1),
        "Brainstorm": ([{"name": key}, {"name": "j_brainstorm"}], 1, 0),
    }
    for copier, (row, copier_slot, joker_slot) in rows.items():
        result = score(_with_jokers(scenario, row), plugins=plugins)
        copier_key = "j_blueprint" if copier == "Blueprint" else "j_brainstorm"
        own = effects_of(result, key, joker_slot)
        copied = effects_of(result, copier_key, copier_slot)
        expected = own if compatible else Counter()
        if copied != expected:
            raise AssertionError(
                f"{copier} copying {key}: expected {_shown(expected)}, got {_shown(copied)}"
                + ("" if compatible else f" ({key} is not blueprint_compat)")
            )


def assert_commutes(
    a: str, b: str, scenario: Mapping[str, Any], *, plugins: Plugins | None = None
) -> None:
    """Scoring the scenario with ``a`` then ``b`` at the end of its row gives the same
    chips, mult, score and money as with ``b`` then ``a``."""
    base = list(scenario.get("jokers", ()))
    first = score(_with_jokers(scenario, [*base, a, b]), plugins=plugins)
    second = score(_with_jokers(scenario, [*base, b, a]), plugins=plugins)
    got = [(r.chips, r.mult, r.score, r.dollars) for r in (first, second)]
    if got[0] != got[1]:
        raise AssertionError(
            f"{a} then {b} gives chips, mult, score, dollars {got[0]}; {b} then {a} gives {got[1]}"
        )


def assert_retriggers(
    joker: str, scenario: Mapping[str, Any], *, plugins: Plugins | None = None
) -> None:
    """With every played card given a Red Seal, the joker's per-card effects (scored
    cards) come twice as often as without; its other effects are left alone."""
    key = _key(plugins, joker)
    row = [*scenario.get("jokers", ()), {"name": key}]
    plain = dict(scenario, jokers=row)
    sealed = dict(plain, played=[{**card, "seal": "red"} for card in scenario.get("played", ())])
    once = effects_of(score(plain, plugins=plugins), key)
    twice = effects_of(score(sealed, plugins=plugins), key)
    per_card = Counter({k: n for k, n in once.items() if k[0] == "scored cards"})
    got = Counter({k: n for k, n in twice.items() if k[0] == "scored cards"})
    expected = Counter({k: 2 * n for k, n in per_card.items()})
    if got != expected:
        raise AssertionError(
            f"{key} with every card retriggered once: expected {_shown(expected)}, "
            f"got {_shown(got)}"
        )


def assert_survives_save(game: Game, steps: int = 3) -> None:
    """The game saves, reloads and clones to the same bytes; the reloaded game and the
    clone then go on exactly as the game does for ``steps`` greedy actions."""
    from ...game.game import Game as _Game
    from ...game.state import Phase
    from ..policies import GreedyPolicy

    text = game.to_json()
    copies = {"reloaded": _Game.from_json(text, game.plugins), "clone": game.clone()}
    for name, copy in copies.items():
        if copy.to_json() != text:
            raise AssertionError(f"the {name} game saves differently from the game")
    policy = GreedyPolicy()
    original = _Game.from_json(text, game.plugins)  # the caller's game is left alone
    for step in range(steps):
        if original.phase is Phase.GAME_OVER:
            break
        action = policy.choose(original)
        original.apply(action)
        for name, copy in copies.items():
            copy.apply(action)
            if copy.to_json() != original.to_json():
                raise AssertionError(
                    f"after {step + 1} action(s) ({action.text()}) the {name} game differs"
                )


def _shown(effects: Counter[tuple[str, str, Any]]) -> str:
    if not effects:
        return "no effects"
    return ", ".join(
        f"{n}x {kind} {value!r} ({phase})"
        for (phase, kind, value), n in sorted(effects.items(), key=repr)
    )
