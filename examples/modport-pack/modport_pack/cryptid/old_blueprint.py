"""Old Blueprint (Cryptid): copies the ability of the Joker to its right; 1 in 4 chance
it is destroyed at the end of the round.

It copies as Blueprint does (``joker_copy_target``) and, unlike Blueprint, also runs a
hook of its own (``copies_and_acts``): its own ``joker_end_of_round`` comes first in its
slot, then the copied joker's. The roll is on ``oldblueprint``; a copy of Old Blueprint
does not roll. The destruction waits for the end of the pass, as Cryptid queues it.
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_old_blueprint",
    name="Old Blueprint",
    rarity=1,
    cost=6,
    eternal_compat=False,
    copies_and_acts=True,
    config={"extra": {"odds": 4}},
    effect="Copies ability of Joker to the right; 1 in 4 chance this card is destroyed at "
    "end of round.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_copy_target(joker, jokers):
    right = joker.slot + 1
    return right if right < len(jokers) else None


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is not None:
        return None
    if game.chance("oldblueprint", joker.state["extra"]["odds"]):
        game.record(joker, "message", "Extinct!")
        game.queue(lambda: game.destroy_joker(joker, joker))
    return None
