"""Properties over random hands and joker rows (hypothesis)."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from balatro_ecs import score
from balatro_ecs.tools.testing import strategies as bst

#: Jokers whose scoring effects only add chips or mult and depend on nothing positional.
ADDITIVE = [
    "j_joker", "j_greedy_joker", "j_lusty_joker", "j_wrathful_joker", "j_gluttenous_joker",
    "j_jolly", "j_zany", "j_mad", "j_crazy", "j_droll", "j_sly", "j_wily", "j_clever",
    "j_devious", "j_crafty", "j_half", "j_banner", "j_mystic_summit", "j_fibonacci",
    "j_scary_face", "j_even_steven", "j_odd_todd", "j_scholar", "j_walkie_talkie",
    "j_smiley", "j_arrowhead", "j_onyx_agate", "j_abstract", "j_stuntman", "j_bull",
    "j_supernova", "j_shoot_the_moon", "j_raised_fist", "j_fortune_teller", "j_blue_joker",
]  # fmt: skip

#: Jokers with no state of their own and no dependence on their slot or on the row.
STATELESS = [
    *ADDITIVE,
    "j_duo", "j_trio", "j_family", "j_order", "j_tribe", "j_cavendish", "j_card_sharp",
    "j_triboulet", "j_baron", "j_ancient", "j_idol", "j_photograph", "j_flower_pot",
    "j_seeing_double", "j_blackboard", "j_acrobat", "j_hack", "j_sock_and_buskin",
    "j_dusk", "j_hanging_chad", "j_mime", "j_gros_michel", "j_steel_joker",
    "j_stone", "j_erosion", "j_throwback", "j_drivers_license",
]  # fmt: skip

#: Jokers that count or look at the row itself (so a debuffed neighbour can matter).
ROW_READERS = {
    "j_abstract",
    "j_stencil",
    "j_swashbuckler",
    "j_baseball",
    "j_blueprint",
    "j_brainstorm",
}

PROPERTY_SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def plain_editions(row: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Polychrome multiplies at the joker's position; everything else may move freely."""
    return [{k: v for k, v in j.items() if not (k == "edition" and v == "polychrome")} for j in row]


def numbers(result: Any) -> tuple[str, float, float, int]:
    return (result.hand_name, result.chips, result.mult, result.score)


@PROPERTY_SETTINGS
@given(bst.scenarios(jokers=ADDITIVE), st.randoms(use_true_random=False))
def test_additive_jokers_commute(scenario: dict[str, Any], shuffler: Any) -> None:
    scenario["jokers"] = plain_editions(scenario["jokers"])
    shuffled = list(scenario["jokers"])
    shuffler.shuffle(shuffled)
    assert numbers(score(scenario)) == numbers(score({**scenario, "jokers": shuffled}))


@PROPERTY_SETTINGS
@given(bst.scenarios(jokers=[]), st.sampled_from(STATELESS))
def test_blueprint_next_to_a_stateless_joker_is_a_second_copy(scenario: dict, key: str) -> None:
    copied = score({**scenario, "jokers": ["Blueprint", key]})
    doubled = score({**scenario, "jokers": [key, key]})
    assert numbers(copied) == numbers(doubled)


@PROPERTY_SETTINGS
@given(
    bst.scenarios(jokers=[k for k in STATELESS if k not in ROW_READERS]),
    bst.joker_keys(),
    st.integers(0, 5),
)
def test_a_debuffed_joker_changes_nothing(scenario: dict, key: str, where: int) -> None:
    row = list(scenario["jokers"])
    row.insert(min(where, len(row)), {"name": key, "debuff": True})
    assert numbers(score(scenario)) == numbers(score({**scenario, "jokers": row}))


@PROPERTY_SETTINGS
@given(
    bst.scenarios(probabilities="normal"),
    st.sampled_from([None, "The Flint", "The Club", "The Eye", "The Arm"]),
)
def test_breakdown_replays_and_scores_are_floors(scenario: dict, blind: str | None) -> None:
    if blind is not None:
        scenario["blind"] = blind
    result = score(scenario)
    assert result.breakdown.replay() == (result.chips, result.mult)
    expected = 0 if result.debuffed else math.floor(result.chips * result.mult)
    assert result.score == expected


@PROPERTY_SETTINGS
@given(
    bst.scenarios(probabilities="normal"),
    st.text("ABCDEFGHJKLMNPQRSTUVWXYZ123456789", min_size=1, max_size=8),
)
def test_same_seed_same_result(scenario: dict, seed: str) -> None:
    scenario["seed"] = seed
    first, again = score(scenario), score(scenario)
    assert numbers(first) == numbers(again)
    assert [e.to_dict() for e in first.breakdown] == [e.to_dict() for e in again.breakdown]
