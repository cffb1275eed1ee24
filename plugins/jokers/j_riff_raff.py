"""Riff-raff: when a blind is selected, creates 2 Common jokers (as many as there is room for)."""

from balatro_ecs.plugin import content, hookimpl, reference

JOKER = reference.joker("j_riff_raff")
balatro_content = content(JOKER)


@hookimpl
def joker_setting_blind(game, joker, blind):
    for _ in range(joker.state["extra"]):
        if not game.has_room_for_joker():
            break
        game.create_joker_from_pool("rif", rarity=0)
