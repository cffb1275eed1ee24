"""Orbital Tag: three levels for a random visible poker hand.

The hand is picked when the tag is shown on the blind select screen (each time the
screen is built), not when it is taken: the tag promises a hand the player can read.
"""

from balatro_ecs.plugin import HandType, content, hand_iteration_order, hookimpl
from balatro_ecs_vanilla import reference

TAG = reference.tag("tag_orbital")
balatro_content = content(TAG)


def _pick(game):
    hands = game.run.hands
    visible = [hand for hand in hand_iteration_order(len(hands)) if hands[hand].visible]
    return game.rng.element("orbital", visible)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    memory = game.run.tag_memory
    if trigger == "offered":
        memory[subject] = _pick(game).title
        return None
    if trigger != "immediate":
        return None
    shown = memory.pop(game.run.blind_on_deck, None)
    hand = HandType.from_name(shown) if shown is not None else _pick(game)
    game.level_up(hand, tag.config["levels"], tag.name)
    return True


@hookimpl
def content_describe(game, values, item):
    run = game.run
    if run.tags_offered.get(run.blind_on_deck) != TAG.key:
        return {}
    hand = run.tag_memory.get(run.blind_on_deck)
    return {"orbital_hand": hand if isinstance(hand, str) else None}
