"""The examples in the package's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import balatro_ecs

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(balatro_ecs.__path__, prefix="balatro_ecs.")
    if not info.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as err:
        if "pip install 'balatro-ecs[" in str(err):  # a module of an extra not installed
            pytest.skip(str(err))
        raise
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
