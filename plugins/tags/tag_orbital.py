"""Orbital Tag: three levels for a random visible poker hand.

The hand is the one the game drew for the skipped blind's choice when the ante's blind
select screen was first built (``game.blind_hands()``), so the
tag promises a hand the player can read; a copy made by a Double Tag levels the same hand.
A tag gained from an effect with a hand of its own (``game.gain_tag(key, hand=...)``, a
mod's tag from ``game.new_tag``) levels that hand (the tag declares ``hand=True``).
"""

from dataclasses import replace

from balatro_ecs.plugin import HandType, content, hookimpl
from balatro_ecs_vanilla import reference

TAG = replace(reference.tag("tag_orbital"), hand=True)
balatro_content = content(TAG)


@hookimpl
def tag_apply(game, tag, trigger, subject):
    if trigger != "immediate":
        return None
    if isinstance(subject, HandType):
        hand = subject
    else:
        hand = HandType.from_name(game.blind_hands()[game.run.blind_on_deck])
    game.level_up(hand, tag.config["levels"], tag.name)
    return True


@hookimpl
def content_describe(game, values, item):
    run = game.run
    if run.tags_offered.get(run.blind_on_deck) != TAG.key:
        return {}
    hand = run.orbital_choices.get(str(run.ante), {}).get(run.blind_on_deck)
    return {"orbital_hand": hand}
