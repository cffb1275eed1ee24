"""Castle: gains +3 Chips for each discarded card of the round's suit; gives the Chips."""

from balatro_ecs.plugin import content, hookimpl, reference

from . import _shapes

JOKER = reference.joker("j_castle")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is None and not card.debuffed and card.is_suit(game.run.castle_suit):
        extra = joker.state["extra"]
        extra["chips"] += extra["chip_mod"]
    return None


joker_main = _shapes.chips_counter(JOKER)
