"""Cursor (Cryptid): gains +8 Chips for each card purchased.

Cards and vouchers count (the game's ``buying_card`` comes for both); booster packs do
not, nor does buying the Cursor itself. A copy scores the Chips but does not grow them.
"""

from balatro_ecs.plugin import BoosterType, Effect, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_cursor",
    name="Cursor",
    rarity=1,
    cost=5,
    perishable_compat=False,
    config={"extra": {"chips": 0, "chip_mod": 8}},
    effect="Gains +8 Chips for each card purchased.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_card_bought(game, joker, item):
    if joker.copied_by is not None or item is joker or isinstance(item, BoosterType):
        return
    extra = joker.state["extra"]
    extra["chips"] += extra["chip_mod"]
    game.record(joker, "message", f"+{extra['chips']} Chips")


@hookimpl
def joker_main(ctx, joker):
    chips = joker.state["extra"]["chips"]
    return Effect.chips_of(chips) if chips > 0 else None
