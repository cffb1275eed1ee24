"""The stress run, short: legal play with illegal and badly typed actions mixed in and
faults injected into every kind of joker hook, save, clone and replay identity checked
after every step (``balatro_ecs.tools.testing.stress``).

``BALATRO_ECS_STRESS_ACTIONS=100000 pytest tests/test_stress.py`` for a long one (or
``python -m balatro_ecs.tools.testing.stress --actions 100000``, which prints the figures).
"""

from __future__ import annotations

import os

from balatro_ecs.tools.testing.stress import main, stress

ACTIONS = int(os.environ.get("BALATRO_ECS_STRESS_ACTIONS", "1500"))


def test_nothing_escapes_a_stress_run() -> None:
    report = stress(ACTIONS, seed="CI")
    assert report.escapes == [], "\n".join(report.escapes[:10])
    assert report.actions >= ACTIONS
    assert report.illegal_actions > ACTIONS // 10
    assert report.badly_typed_actions > 0
    assert report.rearranges > 0  # outside the action space, applied and replayed too
    assert report.faults_raised > 0 and report.faults_by_hook
    assert report.saves_checked == report.clones_checked == report.actions
    assert report.replays_checked == report.games


def test_the_stress_command_prints_its_figures(capsys: object) -> None:
    import pytest

    assert isinstance(capsys, pytest.CaptureFixture)
    assert main(["--actions", "40", "--seed", "CMD"]) == 0
    out = capsys.readouterr().out
    assert "actions" in out and "0 escapes" in out
