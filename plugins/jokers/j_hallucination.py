"""Hallucination: a 1 in 2 chance to create a Tarot card when any booster pack is opened."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_hallucination")
balatro_content = content(JOKER)


@hookimpl
def joker_booster_opened(game, joker, booster):
    if not game.has_room_for_consumable():
        return
    if game.chance(f"halu{game.run.ante}", joker.state["extra"], joker):
        game.create_consumable_from_pool("Tarot", "hal")
