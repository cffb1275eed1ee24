"""The conformance vectors: hands scored by the game's own code (copied from shared/)."""

from __future__ import annotations

import pytest

from balatro_ecs import score

from .conftest import load_vectors

VECTORS = load_vectors()


def test_the_full_set_is_here() -> None:
    assert len(VECTORS) == 356


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector: dict) -> None:
    expected = vector["expected"]
    result = score(vector["scenario"])
    assert result.hand_name == expected["hand_name"]
    assert result.score == expected["score"]
    assert result.chips == pytest.approx(expected["chips"], abs=1e-9)
    assert result.mult == pytest.approx(expected["mult"], abs=1e-9)
    assert result.score == int(result.chips * result.mult // 1) or result.debuffed
