"""Trading Card: if the first discard of a round is a single card, it is destroyed and
earns $3."""

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_trading")
balatro_content = content(JOKER)


@hookimpl
def joker_discard(game, joker, card, cards):
    if joker.copied_by is None and game.run.discards_used <= 0 and len(cards) == 1:
        return Effect(dollars=joker.state["extra"], destroy=True)
    return None
