"""Canio: gains X1 Mult for every face card destroyed."""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hookimpl
from balatro_ecs_vanilla import reference

# The counter it sets while it plays (its config does not start it).
JOKER = replace(reference.joker("j_caino"), runtime_state={"caino_xmult": 1})
balatro_content = content(JOKER)


@hookimpl
def joker_cards_destroyed(game, joker, cards):
    if joker.copied_by is not None:
        return None
    faces = sum(1 for card in cards if card.is_face())
    if faces:
        joker.state["caino_xmult"] = (
            joker.state.get("caino_xmult", 1) + joker.state["extra"] * faces
        )
    return None


@hookimpl
def joker_main(ctx, joker):
    x_mult = joker.state.get("caino_xmult", 1)
    if x_mult > 1:
        return Effect.x_mult_of(x_mult)
    return None


@hookimpl
def content_describe(game, values, item):
    return {"caino_x": values.get("caino_xmult", 1)}
