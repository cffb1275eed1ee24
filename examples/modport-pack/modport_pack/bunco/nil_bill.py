"""Nil Bill (Bunco): earn $2 for each playing card destroyed."""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_nil_bill",
    name="Nil Bill",
    rarity=2,
    cost=4,
    config={"extra": {"bonus": 2}},
    effect="Earn $2 when a playing card is destroyed.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_cards_destroyed(game, joker, cards):
    if cards:
        game.earn(joker.state["extra"]["bonus"] * len(cards), joker)
