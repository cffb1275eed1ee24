"""Shared test helpers: the conformance vectors and a few scenario builders."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"


def load_vectors() -> list[dict[str, Any]]:
    return json.loads((DATA / "scoring-vectors.json").read_text("utf-8"))


def cards(*texts: str) -> list[dict[str, Any]]:
    """Scenario cards from short notation: ``cards("KH", "10S glass")``."""
    from balatro_ecs.game.cards import CardSpec

    return [CardSpec.parse(t).to_dict() for t in texts]


@pytest.fixture(scope="session")
def vectors() -> list[dict[str, Any]]:
    return load_vectors()
