"""Mr. Bones: saves a lost round if the score reached 25% of the blind, then burns up."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_mr_bones")
balatro_content = content(JOKER)


@hookimpl
def joker_game_over(game, joker):
    run = game.run
    if run.chips / run.blind_chips >= 0.25:
        game.remove_joker(joker)
        return True
    return None
