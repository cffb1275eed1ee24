"""Pot of Jokes (Cryptid): -2 hand size, +1 every round (at most +1000).

The hand size is a rule (``Rules.hand_size_delta``) read from the joker's counter; the
rules follow the counter as it grows (no refresh needed).
"""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_pot_of_jokes",
    name="Pot of Jokes",
    rarity=3,
    cost=10,
    perishable_compat=False,
    config={"extra": {"h_size": -2, "h_mod": 1, "max": 1000}},
    effect="-2 hand size, increases by 1 every round (maximum +1000 hand size).",
)
balatro_content = content(JOKER)


@hookimpl
def joker_rules(joker, rules):
    extra = joker.state["extra"]
    rules.hand_size_delta += min(extra["max"], extra["h_size"])


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is not None:
        return None
    extra = joker.state["extra"]
    extra["h_size"] = min(extra["max"], extra["h_size"] + extra["h_mod"])
    return Effect(message=f"+{extra['h_mod']} hand size")
