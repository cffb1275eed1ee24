"""Mr. Bones: saves a lost round if the score reached 25% of the blind, then burns up."""

from balatro_ecs.plugin import content, hookimpl
from balatro_ecs_vanilla import reference

JOKER = reference.joker("j_mr_bones")
balatro_content = content(JOKER)


@hookimpl
def joker_game_over(game, joker):
    run = game.run
    if run.chips / run.blind_chips >= 0.25:
        # It burns up after the end-of-round pass (a queued event in the game), so its
        # own end-of-round step still runs: a Rental Mr. Bones is charged its rent.
        game.queue(lambda: game.destroy_joker(joker, joker))
        return True
    return None
