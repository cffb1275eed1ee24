"""Invisible Joker: after 2 rounds, selling it duplicates a random other joker (a copy of
a Negative joker is not Negative; a copy of another Invisible Joker counts from 0)."""

from dataclasses import replace

from balatro_ecs.plugin import Edition, content, hookimpl
from balatro_ecs_vanilla import reference

# The counter it sets while it plays (its config does not start it).
JOKER = replace(reference.joker("j_invisible"), runtime_state={"invis_rounds": 0})
balatro_content = content(JOKER)


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        joker.state["invis_rounds"] = joker.state.get("invis_rounds", 0) + 1
    return None


@hookimpl
def joker_sold(game, joker):
    if joker.copied_by is not None or joker.state.get("invis_rounds", 0) < joker.state["extra"]:
        return
    others = [j for j in game.jokers if j is not joker]
    if not others or len(game.jokers) > game.joker_limit:
        return
    chosen = game.rng.element("invisible", others, sort_key=lambda j: j.serial)
    edition = Edition.NONE if chosen.edition == Edition.NEGATIVE else None
    copy = game.copy_joker(chosen, edition=edition)  # its own counters, not shared
    if "invis_rounds" in copy.state:
        copy.state["invis_rounds"] = 0  # a copied Invisible Joker starts counting again
    game.add_joker(copy)
    game.record(joker, "create", copy.key, copy)


@hookimpl
def content_describe(game, values, item):
    return {"invis_rounds": values.get("invis_rounds", 0)}
