"""The core is content-free: Balatro's items live in the vanilla pack (``plugins/``,
installed as ``balatro_ecs_vanilla``), and reach the game through the hooks any pack has.

A vanilla content key (``j_...``, ``bl_...``, ``c_...``, ``v_...``, ``tag_...``, ``b_...``,
``m_...``, ``e_...``, ``p_...``, ``stake_...``) or a vanilla display name used as a key
(``"Red Deck"``, ``"Blueprint"``) may appear as a string literal in ``balatro_ecs/`` only
where :data:`ALLOWED` says why. Docstrings and ``__all__`` are not code and are not read.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "balatro_ecs"
#: The vanilla pack's copy of the game's tables (the same as /work/shared/reference).
TABLES = ROOT / "plugins" / "data"

#: A word every layer may use: the card set of jokers (a pool and shop-row kind, the
#: ``Joker`` class). It is also the display name of the game's plain Joker (``j_joker``).
ANYWHERE = frozenset({"Joker"})

#: Module -> (why, the vanilla literals it may hold). Nothing else in balatro_ecs/ may
#: name a vanilla item.
ALLOWED: dict[str, tuple[str, frozenset[str]]] = {
    "kernel/enums.py": (
        "enum spellings: HandType's twelve members are the game's hands (their names, the "
        "Lua table order The Ox and To Do List depend on); Edition.NONE's key is e_base",
        frozenset(
            {
                "Flush Five",
                "Flush House",
                "Five of a Kind",
                "Straight Flush",
                "Four of a Kind",
                "Full House",
                "Flush",
                "Straight",
                "Three of a Kind",
                "Two Pair",
                "Pair",
                "High Card",
                "e_base",
            }
        ),
    ),
    "game/scenario.py": (
        "the scenario format's `observatory: true` (the conformance vectors' field) owns "
        "the Observatory voucher",
        frozenset({"v_observatory"}),
    ),
    "game/run/jkr/read.py": (
        "the real game's save format (.jkr): the names the game writes",
        frozenset({"High Card"}),
    ),
    "game/run/jkr/write.py": (
        "the real game's save format (.jkr): the names, examples and centers the game writes",
        frozenset(
            {
                "Base",
                "Flush Five",
                "Flush House",
                "Five of a Kind",
                "Straight Flush",
                "Four of a Kind",
                "Full House",
                "Flush",
                "Straight",
                "Three of a Kind",
                "Two Pair",
                "Pair",
                "High Card",
                "bl_small",
                "bl_big",
                "m_bonus",
                "m_mult",
            }
        ),
    ),
    "tools/trajectory.py": (
        "the trajectory format (TRAJECTORY-FORMAT.md) spells seals by the game's names",
        frozenset({"Red", "Blue", "Gold", "Purple"}),
    ),
    "tools/benchsuite.py": (
        "the speed suite's mid-run game holds five fixed vanilla jokers, and its "
        "score_dict_again hand three (the peers' 3960 hand), so that its figures compare "
        "across releases (tools/bench_installed.py)",
        frozenset(
            {"j_joker", "j_greedy_joker", "j_jolly", "j_banner", "j_scholar"}
            | {"Scholar", "Half Joker", "Banner"}
        ),
    ),
    "tools/seeds.py": (
        "seed analysis reports the vanilla game's seed facts: what Judgement and "
        "Riff-raff would make",
        frozenset({"Judgement", "Riff-raff", "j_riff_raff"}),
    ),
    "tools/testing/properties.py": (
        "the testing kit checks a mod's joker against the game's two copiers",
        frozenset({"Blueprint", "Brainstorm", "j_blueprint", "j_brainstorm"}),
    ),
}
#: Data files of balatro_ecs/ that may list vanilla keys.
ALLOWED_DATA = {
    "tools/data/vocabulary.toml": "the observation format's frozen indices of vanilla keys",
}


def _vanilla_words() -> frozenset[str]:
    """Every key and display name in the game's tables."""
    words: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for field in ("key", "name", "display_name", "internal_name"):
                found = value.get(field)
                if isinstance(found, str):
                    words.add(found)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in TABLES.glob("*.toml"):
        if path.name != "descriptions.toml":
            walk(tomllib.loads(path.read_text("utf-8")))
    return frozenset(words)


VANILLA = _vanilla_words()


def _literals(path: Path) -> Iterator[tuple[int, str]]:
    """The string constants of a module that are code: not docstrings, not ``__all__``."""
    tree = ast.parse(path.read_text("utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skipped.add(id(body[0].value))
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            skipped.update(id(n) for n in ast.walk(node.value))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
        ):
            yield node.lineno, node.value


def test_the_tables_are_read() -> None:
    assert {"j_blueprint", "bl_small", "c_pluto", "v_blank", "tag_handy", "b_red"} <= VANILLA
    assert {"m_glass", "e_foil", "p_arcana_normal_1", "stake_gold", "Red Deck"} <= VANILLA


def test_no_vanilla_item_is_named_in_the_core_outside_the_allow_list() -> None:
    found: list[str] = []
    for path in sorted(CORE.rglob("*.py")):
        where = path.relative_to(CORE).as_posix()
        allowed = ALLOWED.get(where, ("", frozenset()))[1] | ANYWHERE
        for line, text in _literals(path):
            if text in VANILLA and text not in allowed:
                found.append(f"balatro_ecs/{where}:{line}: {text!r}")
    assert not found, "vanilla items named in the core:\n" + "\n".join(found)


def test_every_allow_list_entry_is_still_needed() -> None:
    for where, (why, words) in ALLOWED.items():
        assert why, where
        used = {text for _, text in _literals(CORE / where)}
        assert words <= used, f"{where}: no longer names {sorted(words - used)}: trim ALLOWED"


def test_no_data_file_of_the_core_lists_vanilla_keys() -> None:
    keys = {word for word in VANILLA if "_" in word and word.islower()}
    for path in sorted(CORE.rglob("*")):
        if path.suffix not in (".toml", ".json") or not path.is_file():
            continue
        where = path.relative_to(CORE).as_posix()
        if where in ALLOWED_DATA:
            continue
        text = path.read_text("utf-8")
        named = sorted(key for key in keys if f'"{key}"' in text or f"{key} =" in text)
        assert not named, f"balatro_ecs/{where} names vanilla keys: {named[:5]}"


def test_the_run_numbers_the_engine_keeps_are_the_games() -> None:
    """The engine's own data (the run's start and blind sizes) agrees with the vanilla
    pack's copy of the game's rules."""
    engine = tomllib.loads((CORE / "game" / "data" / "rules.toml").read_text("utf-8"))
    game = tomllib.loads((TABLES / "rules.toml").read_text("utf-8"))
    for section, values in engine.items():
        for name, value in values.items():
            assert game[section][name] == value, f"{section}.{name}"


def test_the_kernel_imports_without_any_balatro_content() -> None:
    """Every kernel module imports in a fresh process without the vanilla pack, the game
    layer or any of their data files (the Blackjack example builds on this)."""
    import subprocess

    code = (
        "import builtins, io, pkgutil, sys, importlib\n"
        "opened = []\n"
        "real_open = io.open\n"
        "def spy(file, *args, **kwargs):\n"
        "    opened.append(str(file))\n"
        "    return real_open(file, *args, **kwargs)\n"
        "builtins.open = io.open = spy\n"
        "import balatro_ecs.kernel as kernel\n"
        "for info in pkgutil.iter_modules(kernel.__path__):\n"
        "    importlib.import_module(f'balatro_ecs.kernel.{info.name}')\n"
        "names = [m for m in sys.modules if m.startswith(('balatro_ecs', 'plugins'))]\n"
        "print('MODULES', *sorted(names))\n"
        "print('FILES', *[f for f in opened if f.endswith(('.toml', '.json'))])\n"
    )
    lines = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.splitlines()
    modules = next(line for line in lines if line.startswith("MODULES")).split()[1:]
    files = next(line for line in lines if line.startswith("FILES")).split()[1:]
    assert "balatro_ecs.kernel.manager" in modules and "balatro_ecs.kernel.hookspecs" in modules
    outside = [m for m in modules if not m.startswith(("balatro_ecs.kernel", "balatro_ecs._"))]
    assert outside == ["balatro_ecs"], f"the kernel loaded {outside}"
    assert not files, f"the kernel read {files}"
