"""Head in the Clouds (Bunco): 1 in 3 chance to upgrade High Card when you upgrade any
poker hand.

Bunco hooks the game's ``level_up_hand``: every level gained (not lost) rolls, High Card's
own too, except the level this joker gives (which would roll again). The hook there calls
the joker itself, so a Blueprint copy does not roll; nor does it here. Stream:
``head_in_the_clouds``.
"""

from balatro_ecs.plugin import HandType, JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_head_in_the_clouds",
    name="Head in the Clouds",
    rarity=2,
    cost=6,
    config={"extra": {"odds": 3}},
    effect="1 in 3 chance to upgrade High Card when you upgrade any poker hand.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_hand_levelled(game, joker, hand, levels, source):
    if levels <= 0 or joker.copied_by is not None:
        return
    if getattr(source, "key", None) == JOKER.key:
        return  # this joker's own upgrade of High Card
    if game.chance("head_in_the_clouds", joker.state["extra"]["odds"]):
        game.level_up(HandType.HIGH_CARD, 1, joker)
