"""The vanilla pack is written as any pack is: through the public plugin API.

Its modules (``plugins/``, installed as ``balatro_ecs_vanilla``) change the run through the
commands on the game (``docs/objects.md``), never by writing a field of the run record
(``game.run.discount_percent = ...``, ``run.tarots_used += 1``,
``game.run.flags.append(...)``) or an attribute of the game (``game.free_packs = True``,
``game.shop_vouchers.append(...)``), and import the engine only through
:mod:`balatro_ecs.plugin`. This test reads their source (AST) and fails on either, outside
:data:`ALLOWED_WRITES` and :data:`ALLOWED_IMPORTS`, each with its reason (and each still
needed: an entry nothing uses any more fails too).
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
from collections.abc import Iterator
from pathlib import Path

from balatro_ecs.game.commands import GameCommands
from balatro_ecs.game.state import RunState

ROOT = Path(__file__).resolve().parent.parent
VANILLA = ROOT / "plugins"

#: The run record's fields (what a plugin reads and changes only through commands).
RUN_FIELDS = frozenset(f.name for f in dataclasses.fields(RunState))

#: The game's attributes a plugin reads (``game.shop_vouchers``, ``game.joker_buffer``, ...):
#: changed through commands too (``game.run`` itself among them).
GAME_ATTRIBUTES = frozenset(GameCommands.__annotations__)

#: Run fields a plugin may write, and why.
ALLOWED_WRITES: dict[str, str] = {
    "memory": "the content's own run-state slots, declared with `run_state=` (plain data the "
    "pack owns: The Idol's card, Ectoplasm's count)",
}

#: (vanilla module, engine module) -> why it imports past `balatro_ecs.plugin`. Empty: the
#: vanilla pack needs nothing else.
ALLOWED_IMPORTS: dict[tuple[str, str], str] = {}

#: Methods that change a list, dict or set in place.
MUTATORS = frozenset(
    {"append", "extend", "insert", "remove", "pop", "clear", "update", "setdefault", "add",
     "discard", "sort", "reverse", "popitem"}
)  # fmt: skip
PUBLIC = "balatro_ecs.plugin"


def _chain(node: ast.expr) -> tuple[str, list[str]]:
    """The name an attribute/subscript chain starts from, and its attribute names in order
    (``game.run.hands[0].level`` -> ``("game", ["run", "hands", "level"])``)."""
    attrs: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            attrs.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            break
    root = node.id if isinstance(node, ast.Name) else ""
    return root, attrs[::-1]


def _run_field(node: ast.expr, aliases: set[str]) -> str | None:
    """The run field (or the game's attribute, ``game.<name>``) that writing to ``node``
    (or changing it in place) changes, if any."""
    root, attrs = _chain(node)
    if root == "game" and len(attrs) == 1 and attrs[0] in GAME_ATTRIBUTES:
        return f"game.{attrs[0]}"
    if len(attrs) == 2 and attrs[0] == "game" and attrs[1] in GAME_ATTRIBUTES:
        return f"game.{attrs[1]}"
    if root in aliases and attrs and attrs[0] in RUN_FIELDS:
        return attrs[0]
    for before, field in itertools.pairwise(attrs):
        if before == "run" and field in RUN_FIELDS:
            return field
    return None


def run_writes(source: str) -> Iterator[tuple[int, str]]:
    """``(line, field)`` for every run field ``source`` writes by hand: assigned (``=``,
    ``+=``, ``del``), set through ``setattr``, or changed in place (``.append``, ``[k] =``);
    a name bound to ``<x>.run`` (``run = game.run``) counts as the run."""
    tree = ast.parse(source)
    aliases = {"run"} | {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "run"
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in MUTATORS:
                targets = [func.value]
            elif isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
                root, attrs = _chain(node.args[0])
                if (attrs and attrs[-1] == "run") or (not attrs and root in aliases):
                    found.append((node.lineno, "setattr"))
        for target in targets:
            field = None
            if isinstance(target, (ast.Attribute, ast.Subscript)):
                field = _run_field(target, aliases)
            if field is not None:
                found.append((node.lineno, field))
    yield from sorted(found)


def engine_imports(source: str) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every import of a ``balatro_ecs`` module other than
    :mod:`balatro_ecs.plugin` (``balatro_ecs_vanilla``, the pack itself, is its own)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            if (name == "balatro_ecs" or name.startswith("balatro_ecs.")) and name != PUBLIC:
                yield node.lineno, name


def _modules() -> list[Path]:
    return sorted(VANILLA.rglob("*.py"))


def test_the_scan_reads_the_whole_vanilla_pack() -> None:
    modules = _modules()
    assert len(modules) > 300
    assert any(path.name == "v_clearance_sale.py" for path in modules)


def test_the_scan_finds_every_kind_of_write_and_import() -> None:
    source = """
from balatro_ecs.game.run.shop import reprice_shop
import balatro_ecs.kernel.enums
from balatro_ecs.plugin import hookimpl
from balatro_ecs_vanilla import reference

def hook(game, voucher):
    game.run.discount_percent = 25
    game.run.reroll_cost -= 2
    run = game.run
    run.tarots_used += 1
    game.run.flags.append("x")
    game.run.hands[0].level = 3
    game.run.no_blind_reward[0] = "Small"
    setattr(game.run, "scaling", 2)
    game.run.memory["mine"] = 1
    r = game.run
    r.spectral_rate = 2
    del game.run.tags[0]
    x = game.run.ante + 1
    game.set_discount(25)
    game.free_packs = True
    ctx.game.shop_vouchers.append("v_x")
    game.jokers[0].state["x"] = 1
"""
    writes = [field for _, field in run_writes(source)]
    assert writes == [
        "discount_percent", "reroll_cost", "tarots_used", "flags", "hands",
        "no_blind_reward", "setattr", "memory", "spectral_rate", "tags",
        "game.free_packs", "game.shop_vouchers",
    ]  # fmt: skip
    assert [m for _, m in engine_imports(source)] == [
        "balatro_ecs.game.run.shop",
        "balatro_ecs.kernel.enums",
    ]


def test_no_vanilla_module_writes_a_run_field_by_hand() -> None:
    found = []
    for path in _modules():
        for line, field in run_writes(path.read_text("utf-8")):
            if field not in ALLOWED_WRITES:
                where = field if field.startswith("game.") else f"run.{field}"
                found.append(f"{path.relative_to(ROOT)}:{line}: {where}")
    assert not found, "write these through a command (docs/objects.md):\n" + "\n".join(found)


def test_vanilla_imports_the_engine_only_through_the_plugin_api() -> None:
    found, used = [], set()
    for path in _modules():
        module = str(path.relative_to(VANILLA))
        for line, name in engine_imports(path.read_text("utf-8")):
            if (module, name) in ALLOWED_IMPORTS:
                used.add((module, name))
            else:
                found.append(f"plugins/{module}:{line}: {name}")
    assert not found, "import these from balatro_ecs.plugin:\n" + "\n".join(found)
    assert used == set(ALLOWED_IMPORTS), f"no longer needed: {set(ALLOWED_IMPORTS) - used}"


def test_every_allowed_write_is_still_made() -> None:
    made = {field for path in _modules() for _, field in run_writes(path.read_text("utf-8"))}
    assert set(ALLOWED_WRITES) <= made, f"no longer needed: {set(ALLOWED_WRITES) - made}"
