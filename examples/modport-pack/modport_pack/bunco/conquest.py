"""Conquest (Bunco): +200 Chips; when a Blind is selected, debuffs a random other Joker.

The debuffed joker stays debuffed until the next Blind is selected, or until Conquest
leaves. Bunco draws it with Lua's ``math.random``; here the draw is on the pack's own
seeded stream ``modport_conquest``. Only Conquest itself picks (a copy does not).
"""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_conquest",
    name="Conquest",
    rarity=2,
    cost=5,
    config={"extra": {"chips": 200, "target": 0}},
    effect="+200 Chips; debuffs a random Joker when a Blind is selected.",
)
balatro_content = content(JOKER)


def _release(game, joker):
    """Lift the debuff Conquest put on its target (a perished joker stays debuffed)."""
    serial = joker.state["extra"]["target"]
    joker.state["extra"]["target"] = 0
    for other in game.jokers:
        if other.serial == serial and other.perishable != 0:
            game.set_joker_debuff(other, False)


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is not None:
        return
    _release(game, joker)
    others = [j for j in game.jokers if j is not joker]
    if others:
        target = game.rng.element("modport_conquest", others)
        joker.state["extra"]["target"] = target.serial
        game.set_joker_debuff(target, True)
        game.record(joker, "message", f"debuffed {target.name}", target)


@hookimpl
def joker_removed(game, joker):
    _release(game, joker)


@hookimpl
def joker_main(ctx, joker):
    return Effect.chips_of(joker.state["extra"]["chips"])
