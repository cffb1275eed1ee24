"""The package's layers are a test, not a wish.

``balatro_ecs.kernel`` (world, components, effects, schedule, hook specs, plugin manager,
content types, packs, rng, errors, faults) < ``balatro_ecs.game`` < ``balatro_ecs.duel`` <
``balatro_ecs.tools``: a module imports only from its own layer and the layers below, and no
package's modules import each other in a cycle. The contracts are in ``pyproject.toml``
(``[tool.importlinter]``); ``lint-imports`` prints the same report.

The modules' old paths (``balatro_ecs.run.shop``, ``balatro_ecs.errors``, ...) and the short
public ones (``balatro_ecs.actions``, ``.envs``, ``.testing``) still import: each is the very
module of its layered path (:mod:`balatro_ecs._compat`).
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from importlinter import configuration
from importlinter.application.use_cases import lint_imports

import balatro_ecs
from balatro_ecs import _compat

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("kernel", "game", "duel", "tools")
#: The modules at the top of the package, outside the layers: the root facade, ``python -m``,
#: the plugin authors' facade and the old-path finder.
TOP = {"balatro_ecs.__main__", "balatro_ecs._compat", "balatro_ecs.plugin"}


def _all_modules() -> list[str]:
    return sorted(
        info.name for info in pkgutil.walk_packages(balatro_ecs.__path__, prefix="balatro_ecs.")
    )


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    configuration.configure()  # what the `lint-imports` command does first
    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), cache_dir=None, no_logo=True)
    assert kept, capsys.readouterr().out


def test_every_module_lives_in_a_layer() -> None:
    strays = [
        name for name in _all_modules() if name not in TOP and name.split(".")[1] not in LAYERS
    ]
    assert not strays, f"modules outside kernel/game/duel/tools: {strays}"


def _old_paths() -> list[tuple[str, str]]:
    """Every old path with its layered module: the listed modules and each module of the
    moved packages."""
    pairs = dict(_compat.MODULES)
    for old, new in _compat.PACKAGES.items():
        pairs[old] = new
        package = importlib.import_module(new)
        for info in pkgutil.walk_packages(package.__path__, prefix=new + "."):
            if info.name.endswith(".__main__"):
                continue  # runs when imported (`python -m`)
            pairs[old + info.name[len(new) :]] = info.name
    return sorted(pairs.items())


@pytest.mark.parametrize(("old", "new"), _old_paths())
def test_an_old_path_imports_the_same_module(old: str, new: str) -> None:
    assert _compat.resolve(old) == new
    try:
        module = importlib.import_module(old)
    except ImportError as err:
        if "pip install 'balatro-ecs[" in str(err):  # a module of an extra not installed
            pytest.skip(str(err))
        raise
    assert module is importlib.import_module(new)
    assert module.__spec__ is not None and module.__spec__.name == new
    assert module.__name__ == new


def test_the_game_package_keeps_the_old_game_module_s_names() -> None:
    from balatro_ecs import game as package
    from balatro_ecs.game import game as module

    assert package.Game is module.Game is balatro_ecs.Game
    for name in module.__all__:
        assert getattr(package, name) is getattr(module, name)


def test_names_that_are_not_old_paths_are_not_found() -> None:
    assert _compat.resolve("balatro_ecs.plugin") is None
    assert _compat.resolve("balatro_ecs.game") is None
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("balatro_ecs.no_such_module")


def test_old_paths_in_a_fresh_process() -> None:
    """Imported first by an old path (nothing loaded yet), a module keeps its own identity,
    its package data, and ``python -m`` runs an old path."""
    code = (
        "import balatro_ecs.run.shop as shop, balatro_ecs.reference as ref, sys\n"
        "assert shop is sys.modules['balatro_ecs.game.run.shop']\n"
        "assert shop.__spec__.name == 'balatro_ecs.game.run.shop'\n"
        "from balatro_ecs.testing.runs import play_blind\n"
        "assert play_blind.__module__ == 'balatro_ecs.tools.testing.runs'\n"
        "assert ref.table('rules')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
    out = subprocess.run(
        [sys.executable, "-m", "balatro_ecs.testing.stress", "--help"],
        check=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
    ).stdout
    assert "--actions" in out


def test_the_gymnasium_entry_point_takes_the_short_path() -> None:
    gym = pytest.importorskip("gymnasium")
    env = gym.make("balatro_ecs.envs:balatro_ecs/Balatro-v0")
    try:
        env.reset(seed=1)
    finally:
        env.close()


# -- the kernel stands alone; Game is thin ------------------------------------------------------


def test_the_kernel_imports_without_the_game() -> None:
    """``import balatro_ecs.kernel.world`` (what a game that is not Balatro builds on)
    loads neither the game layer nor pluggy: the package root is lazy."""
    code = (
        "import sys\n"
        "import balatro_ecs.kernel.world, balatro_ecs.kernel.rng, balatro_ecs.kernel.schedule\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(('balatro_ecs.', 'pluggy')))\n"
        "print(' '.join(loaded))\n"
        "import balatro_ecs\n"
        "assert balatro_ecs.Game.__module__ == 'balatro_ecs.game.game'\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert all(name.startswith("balatro_ecs.") for name in out), out
    assert [
        name for name in out if not name.startswith(("balatro_ecs.kernel", "balatro_ecs._"))
    ] == []


def test_the_root_names_every_export() -> None:
    for name in balatro_ecs.__all__:
        assert getattr(balatro_ecs, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        balatro_ecs.Gmae  # noqa: B018


def test_game_py_is_the_player_protocol_alone() -> None:
    """``game.py`` under 500 lines, every import at the top of the module."""
    import ast

    path = ROOT / "balatro_ecs" / "game" / "game.py"
    text = path.read_text("utf-8")
    assert len(text.splitlines()) < 500
    tree = ast.parse(text)
    top = set(map(id, tree.body))
    nested = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
    ]
    assert not nested, f"function-level imports in game.py at lines {nested}"


def test_no_function_level_import_of_the_package_in_the_game_layer() -> None:
    """The game layer imports its own modules at the top (a cycle would show there first)."""
    import ast

    found = []
    for path in sorted((ROOT / "balatro_ecs" / "game").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
                top |= {id(n) for n in node.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level > 0 and id(node) not in top:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, f"function-level imports of the package: {found}"
