"""To Do List: earns $4 when the played hand is its listed poker hand; the hand changes at
the end of each round."""

from dataclasses import replace

from balatro_ecs.plugin import Effect, content, hand_iteration_order, hookimpl
from balatro_ecs_vanilla import reference

# The counter it sets while it plays (its config does not start it).
JOKER = replace(reference.joker("j_todo_list"), runtime_state={"to_do_poker_hand": ""})
balatro_content = content(JOKER)


def _target(joker):
    return joker.state.get("to_do_poker_hand", joker.state["extra"]["poker_hand"])


def _draw_hand(game, joker, exclude):
    """Draw a visible poker hand other than ``exclude`` on the ``to_do`` stream.

    The game lists the hands in its hand table's iteration order before picking by index
    (a mod's hands after the game's).
    """
    hands = game.run.hands
    names = [
        hand.title
        for hand in hand_iteration_order(len(hands))
        if hands[hand].visible and hand.title != exclude
    ]
    joker.state["to_do_poker_hand"] = game.rng.element("to_do", names)


@hookimpl
def joker_created(game, joker):
    _draw_hand(game, joker, None)


@hookimpl
def joker_before(ctx, joker):
    if ctx.hand_name == _target(joker):
        return Effect.dollars_of(joker.state["extra"]["dollars"])
    return None


@hookimpl
def joker_end_of_round(game, joker):
    if joker.copied_by is None:
        _draw_hand(game, joker, _target(joker))
    return None


@hookimpl
def content_describe(game, values, item):
    return {"todo_hand": values.get("to_do_poker_hand", values["extra"]["poker_hand"])}
