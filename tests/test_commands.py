"""The commands plugins call: one protocol (GameCommands), implemented by the command layers
Game inherits, typed in the hook specifications and listed in docs/objects.md."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from balatro_ecs import Game
from balatro_ecs.game import commands
from balatro_ecs.game.commands import GameCommands
from balatro_ecs.game.core import GameCore
from balatro_ecs.game.sync import RulesSync
from balatro_ecs.kernel import hookspecs

ROOT = Path(__file__).resolve().parent.parent
LAYERS = (
    GameCore,
    RulesSync,
    commands.RunCommands,
    commands.CardCommands,
    commands.BlindCommands,
    commands.JokerCommands,
    commands.ShopCommands,
)


def _protocol_members() -> tuple[set[str], set[str]]:
    methods = {
        name
        for name, value in vars(GameCommands).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }
    attributes = set(GameCommands.__annotations__)
    return methods, attributes


def test_every_public_command_of_the_layers_is_in_the_protocol() -> None:
    methods, _ = _protocol_members()
    public = {name for layer in LAYERS for name in vars(layer) if not name.startswith("_")}
    assert public == methods


def test_the_protocol_s_signatures_are_the_game_s() -> None:
    methods, attributes = _protocol_members()
    for name in methods:
        declared = inspect.getattr_static(GameCommands, name)
        actual = inspect.getattr_static(Game, name)
        if isinstance(declared, property):
            assert isinstance(actual, property), name
            continue
        assert inspect.signature(declared) == inspect.signature(actual), name
    game = Game(seed="COMMANDS")
    for name in attributes:
        assert hasattr(game, name), name


def test_the_hooks_give_plugins_the_commands() -> None:
    typed = [
        name
        for name, fn in vars(hookspecs).items()
        if callable(fn)
        and hasattr(fn, f"{hookspecs.PROJECT}_spec")
        and "game" in inspect.signature(fn).parameters
    ]
    assert len(typed) > 40
    for name in typed:
        annotation = inspect.signature(getattr(hookspecs, name)).parameters["game"].annotation
        assert annotation == "GameCommands", name


def test_docs_objects_lists_every_command_and_attribute() -> None:
    text = (ROOT / "docs" / "objects.md").read_text("utf-8")
    section = text.split("## `GameCommands`", 1)[1]
    listed_methods = set(re.findall(r"^\| `game\.(\w+)", section, flags=re.M))
    listed_attributes = set(re.findall(r"^\| `(\w+)` \|", section, flags=re.M))
    methods, attributes = _protocol_members()
    assert listed_methods == methods
    assert listed_attributes == attributes


def test_a_plugin_s_calls_keep_working_on_the_game() -> None:
    """The calls plugins made on ``Game`` before the split still work the same way."""
    game = Game(seed="COMMAND2")
    joker = game.add_joker("j_joker")
    assert game.jokers == [joker] and joker.slot == 0
    game.earn(3, "test")
    assert game.events[-1][2:4] == ("dollars", 3)
    made = game.create_consumable_from_pool("Tarot", "test")
    assert made in game.consumables
    assert game.destroy_joker(joker) and not game.jokers
