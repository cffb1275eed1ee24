"""Hopscotch (Bunco): +1 discard when the played hand contains a Straight.

Bunco's Lua calls the game's ``ease_discard`` by hand; here the effect says it
(``Effect(discards=1)``): a Blueprint copy gives its own discard, and a preview of the
hand gives none.
"""

from balatro_ecs.plugin import Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_hopscotch",
    name="Hopscotch",
    rarity=1,
    cost=4,
    config={"extra": {"discard": 1}},
    effect="Gain +1 discard if the played hand contains a Straight.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    if ctx.contains("Straight"):
        return Effect(discards=joker.state["extra"]["discard"])
    return None
