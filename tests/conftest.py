"""Shared test helpers: the conformance vectors and a few scenario builders."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"

#: Binary saves made by the tests are signed with a key of the tests' own: the user's key
#: file (``~/.cache/balatro_ecs/save.key``) is never made by a test run.
os.environ.setdefault("BALATRO_ECS_SAVE_KEY", "balatro_ecs tests")


def load_vectors() -> list[dict[str, Any]]:
    return json.loads((DATA / "scoring-vectors.json").read_text("utf-8"))


def cards(*texts: str) -> list[dict[str, Any]]:
    """Scenario cards from short notation: ``cards("KH", "10S glass")``."""
    from balatro_ecs.game.cards import CardSpec

    return [CardSpec.parse(t).to_dict() for t in texts]


@pytest.fixture(scope="session")
def vectors() -> list[dict[str, Any]]:
    return load_vectors()
