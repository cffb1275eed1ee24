"""Pickle (Cryptid): when a Blind is skipped, create 3 Tags; one fewer each time a Blind is
selected (eaten at 0).

The tags come from the game's tag pool on Cryptid's own streams (``Tagcry_pickle<ante>``,
an Orbital Tag's hand on ``cry_pickle_orbital``), so the game's ``Tag<ante>`` draws -- the
tags offered for skipping -- are where they would be without it. A Boss Tag drawn gives
nothing, as in Cryptid. A copy creates tags too; only Pickle itself shrinks.
"""

from balatro_ecs.plugin import JokerType, content, hookimpl

JOKER = JokerType(
    key="j_modport_pickle",
    name="Pickle",
    rarity=2,
    cost=6,
    eternal_compat=False,
    config={"extra": {"tags": 3, "tags_mod": 1}},
    effect="When a Blind is skipped, create 3 Tags, reduced by 1 when a Blind is selected.",
)
balatro_content = content(JOKER)


@hookimpl
def joker_blind_skipped(game, joker):
    for _ in range(min(20, joker.state["extra"]["tags"])):
        game.new_tag(
            "cry_pickle", hand_stream="cry_pickle_orbital", exclude=("tag_boss",), source=joker
        )


@hookimpl
def joker_setting_blind(game, joker, blind):
    if joker.copied_by is not None:
        return
    extra = joker.state["extra"]
    extra["tags"] -= extra["tags_mod"]
    if extra["tags"] <= 0:
        game.record(joker, "message", "Eaten!")
        game.queue(lambda: game.destroy_joker(joker, joker))
