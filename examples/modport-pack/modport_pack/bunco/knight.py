"""Joker Knight (Bunco): when a Blind is selected, shuffles all Jokers and gains +6 Mult;
resets when the player rearranges any Joker.

The shuffle is the game's, three times on ``aajk`` (as Amber Acorn's), queued after every
joker has reacted to the blind. Only the player's rearranging resets it (a shuffle does
not), and only Knight itself grows or resets (a copy scores its Mult).
"""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_knight",
    name="Joker Knight",
    rarity=2,
    cost=6,
    perishable_compat=False,
    config={"extra": {"bonus": 6, "mult": 0}},
    effect="When a Blind is selected, shuffle all Jokers and gain +6 Mult; resets when any "
    "Joker is rearranged.",
)
balatro_content = content(JOKER)
SHUFFLES = 3


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is not None:
        return
    extra = joker.state["extra"]
    extra["mult"] += extra["bonus"]

    def shuffle():
        for _ in range(SHUFFLES):
            game.shuffle_jokers("aajk", source=joker)

    game.queue(shuffle)


@hookimpl
def joker_rearranged(game, joker, source):
    if source is None and joker.copied_by is None and joker.state["extra"]["mult"]:
        joker.state["extra"]["mult"] = 0
        game.record(joker, "message", "Reset")


@hookimpl
def joker_main(ctx, joker):
    mult = joker.state["extra"]["mult"]
    return Effect.mult_of(mult) if mult else None
