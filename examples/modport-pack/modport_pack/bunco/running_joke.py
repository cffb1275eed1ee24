"""Running Joke (Bunco): at the start of every shop, a Negative "Joker" is on sale.

It is offered after the shop's own cards, at its price (the Joker's, with the Negative
surcharge); tags do not change it. Bunco's joker is not copied by Blueprint.
"""

from balatro_ecs.plugin import Area, Edition, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_running_joke",
    name="Running Joke",
    rarity=3,
    cost=8,
    blueprint_compat=False,
    effect='Create a Negative "Joker" at the start of every shop.',
)
balatro_content = content(JOKER)


@hookimpl
def joker_shop_opened(game, joker):
    if joker.copied_by is None:
        game.offer(game.new_joker("j_joker", edition=Edition.NEGATIVE, area=Area.SHOP))
