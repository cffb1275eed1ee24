"""Orbital Tag: three levels for a random visible poker hand."""

from balatro_ecs.plugin import HandType, content, hookimpl, reference

TAG = reference.tag("tag_orbital")
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "immediate":
        return None
    visible = [hand for hand in HandType if game.run.hands[hand].visible]
    hand = game.rng.element("orbital", visible)
    game.level_up(hand, tag.config["levels"], tag.name)
    return True
