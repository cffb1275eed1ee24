"""To Do List: earns $4 when the played hand is its listed poker hand."""

from balatro_ecs.plugin import Effect, content, hookimpl, reference

JOKER = reference.joker("j_todo_list")
balatro_content = content(JOKER)


@hookimpl
def joker_before(ctx, joker):
    target = joker.state.get("to_do_poker_hand", joker.state["extra"]["poker_hand"])
    if ctx.hand_name == target:
        return Effect.dollars_of(joker.state["extra"]["dollars"])
    return None
