"""Skip tags: gaining them, and asking held tags to act at their trigger points.

A tag plugin implements ``tag_apply(game, tag, trigger, subject)``; the engine asks every
held tag, oldest first, at each trigger point (``immediate`` when gained, ``tag_add``,
``new_blind_choice``, ``store_joker_create``, ``store_joker_modify``, ``shop_start``,
``voucher_add``, ``shop_final_pass``, ``eval`` at cash-out, ``round_start_bonus``). A tag
that returns something other than ``None`` has been used and is removed -- except at
``store_joker_create``, where the returned card is what the shop offers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...kernel.content import TagType
from ...kernel.enums import HandType, hand_iteration_order
from ...kernel.faults import bad_answer
from ..pools import draw_pool, pool_fallback
from ..state import Phase

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "choose_blind_hands",
    "draw_tag",
    "enter_blind_select",
    "gain_tag",
    "tag_trigger",
    "tag_trigger_all",
    "tags_at_cash_out",
]


def _apply(game: Game, key: str, trigger: str, subject: Any) -> Any:
    rule = game.plugins.impl("tag_apply", key)
    if rule is None:
        return None
    tag = game.plugins.find(TagType, key)
    if trigger != "offered":  # (a tag shown on the blind select screen does not act)
        veto = game._planned("joker_prevent_tag_trigger")
        if veto and _vetoed(game, veto, tag, trigger, subject):
            return None
    return rule(game, tag, trigger, subject)


def _vetoed(game: Game, veto: tuple[Any, ...], tag: TagType, trigger: str, subject: Any) -> bool:
    """Whether a joker's ``joker_prevent_tag_trigger`` keeps ``tag`` from acting now (every
    joker is asked, as Steamodded gathers its flags)."""
    prevented = False
    for fn, view, source in veto:
        said = fn(game, view, tag, trigger, subject)
        if said is None:
            continue
        if type(said) is not bool:
            bad_answer("joker_prevent_tag_trigger", said, "True, False or None", source)
        prevented = prevented or said
    return prevented


def _act(game: Game, index: int, trigger: str, subject: Any) -> Any:
    """Let the tag at ``index`` act. It is out of the list while it acts (so a tag it makes
    cannot set it off again) and goes back in place unless it was used."""
    key = game.run.tags.pop(index)
    result = _apply(game, key, trigger, subject)
    if result is None:
        game.run.tags.insert(index, key)
    else:
        _used(game, key, trigger)
    return result


def _used(game: Game, key: str, trigger: str) -> None:
    """A tag acted and is used up: recorded; the jokers hear of it (``joker_tag_used``)."""
    tag = game.plugins.find(TagType, key)
    game.record(tag.name, "tag", trigger)
    if game._planned("joker_tag_used"):
        game.each_joker("joker_tag_used", tag)


def tag_trigger(game: Game, trigger: str, subject: Any = None) -> Any:
    """Ask the held tags in order; the first that acts is used up. Returns what it gave."""
    for index in range(len(game.run.tags)):
        result = _act(game, index, trigger, subject)
        if result is not None:
            return result
    return None


def tag_trigger_all(game: Game, trigger: str, subject: Any = None) -> None:
    """Let every held tag act, oldest first; those that act are used up.

    Tags gained meanwhile wait for the next trigger point.
    """
    if not game.run.peek("tags"):  # (none held; a new game's may still be shared)
        return
    tags = game.run.tags
    index, held = 0, len(tags)  # tags gained meanwhile are appended past ``held``
    while index < held and index < len(tags):
        if _act(game, index, trigger, subject) is None:
            index += 1
        else:
            held -= 1


def choose_blind_hands(game: Game) -> dict[str, str]:
    """The poker hand of each blind choice of this ante (the Orbital Tag's hand), drawn
    the first time the ante's blind select screen is built and kept for the ante.

    The game's blind choice screen draws one for the Small, Big and Boss Blind in turn
    (``orbital_choices``: on the ``orbital`` stream, among the visible hands in the order
    its hand table is visited), whatever tags are on offer. Recorded in ZVNT8W91 (ante 2's
    Big Blind: the fifth draw) and QKAGBA6Z (ante 3's Small Blind: the seventh).
    """
    run = game.run
    chosen = run.orbital_choices.setdefault(str(run.ante), {})
    visible: list[HandType] | None = None
    for blind in ("Small", "Big", "Boss"):
        if blind not in chosen:
            if visible is None:  # (the same for the three: drawing changes no hand)
                hands = run.peek("hands")  # (read only: a new game's may still be shared)
                visible = [h for h in hand_iteration_order(len(hands)) if hands[h].visible]
            chosen[blind] = game.rng.element("orbital", visible).title
    return chosen


def enter_blind_select(game: Game) -> None:
    """The blind select screen comes up: the tags on offer are shown, then held tags act.

    Building the screen draws the ante's blind-choice hands the first time
    (:func:`choose_blind_hands`). Showing a tag is an ``offered`` trigger (subject:
    ``"Small"`` or ``"Big"``) for the tag's own plugin; a tag that decides something when
    it is shown keeps it in ``run.tag_memory`` under that blind.
    """
    run = game.run
    run.phase = Phase.BLIND_SELECT
    choose_blind_hands(game)
    for blind in ("Small", "Big"):
        key = run.tags_offered.get(blind)
        if key is not None:
            _apply(game, key, "offered", blind)
    tag_trigger_all(game, "new_blind_choice")


def draw_tag(game: Game, pool: Sequence[str | None], stream: str) -> str:
    """A tag key from a tag pool (:func:`~balatro_ecs.game.run.blinds.tag_pool`) on
    ``stream``, resampled as the game resamples (``<stream>_resample<n>``); a pool with
    nothing available yields the plugin set's fallback tag (the vanilla pack: Handy Tag)."""
    return draw_pool(game, pool, stream, pool_fallback(game.plugins, "Tag"), "Tag")


def gain_tag(game: Game, key: str, *, hand: HandType | None = None, source: object = None) -> None:
    """Hold a new tag: the jokers hear of it (``joker_tag_gained``), held tags may react
    (Double Tag), then immediate tags act -- given ``hand`` as their subject, the poker hand
    a tag that needs one acts on (``None``: the hand drawn for the blind on deck). A Double
    Tag's copy of a tag gained with a hand gets the same hand."""
    tag = game.plugins.find(TagType, key)
    hands = game._tag_hands
    if hand is None:
        hand = hands.get(key)
    before = hands.get(key)
    hands[key] = hand
    try:
        game.run.tags.append(key)
        game.record(tag.name if source is None else source, "tag gained", key)
        if game._planned("joker_tag_gained"):
            game.each_joker("joker_tag_gained", tag)
        tag_trigger_all(game, "tag_add", key)
        tag_trigger_all(game, "immediate", hand)
    finally:
        if before is None:
            hands.pop(key, None)
        else:
            hands[key] = before


def tags_at_cash_out(game: Game) -> list[list[Any]]:
    """Payout lines from tags that pay at cash-out (Investment Tag)."""
    lines: list[list[Any]] = []
    for key in list(game.run.tags):
        dollars = _apply(game, key, "eval", None)
        if dollars is not None:
            game.run.tags.remove(key)
            lines.append([game.plugins.find(TagType, key).name, dollars])
            if game._planned("joker_tag_used"):
                game.each_joker("joker_tag_used", game.plugins.find(TagType, key))
    return lines
