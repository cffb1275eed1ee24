"""The systems that score a played hand, in the game's order (rules.toml ``[scoring_order]``).

Each system is a function of the :class:`~balatro_ecs.game.scoring.context.ScoringContext`.
:data:`SCORING_PHASES` names the phases; :mod:`balatro_ecs.game.events` places one system
in each (the ``"score"`` event); plugins may add their own (``balatro_scoring_systems``)
with declared before/after relations. The content of a hand -- jokers, blind, deck --
acts only through hooks.

Every change to chips, mult or money is recorded as an event
``(phase, source, kind, value, target, chips_after, mult_after)``; see
:mod:`balatro_ecs.game.scoring.breakdown`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...kernel.effects import Effect
from ...kernel.enums import HAND_NAMES, Edition, HandType
from ...kernel.faults import (
    MAX_RETRIGGERS,
    bad_answer,
    bool_votes,
    check_effect,
    check_events,
    check_retriggers,
)
from ...kernel.quantities import MAX_INT, hand_score, plus, times, to_double
from .. import hands
from ..cards import Card
from ..jokers import Consumable, Joker
from ..quantum import extra_enhancements
from ..state import hand_values
from .context import ScoringContext

__all__ = [
    "SCORING_PHASES",
    "add_score",
    "blind_modifies_hand",
    "check_hand_debuff",
    "deck_final_step",
    "destroy_cards",
    "detect_hand",
    "joker_pass",
    "jokers_after",
    "jokers_before",
    "jokers_final_step",
    "jokers_initial_step",
    "score_held_cards",
    "score_played_cards",
]

SCORING_PHASES: tuple[str, ...] = (
    "detect",
    "hand debuff",
    "before",
    "blind modifies hand",
    "scored cards",
    "held cards",
    "jokers",
    "final step",
    "destroy",
    "score",
    "after",
)


_NONE = Edition.NONE

# ---------------------------------------------------------------------------------------
# detect
# ---------------------------------------------------------------------------------------


def detect_hand(ctx: ScoringContext) -> None:
    """Find the poker hand and its scoring cards; count the play for that hand type.

    The scoring cards are the hand's own cards plus every played Stone card (all played
    cards with Splash), left to right.
    """
    played = ctx.played
    if not played:
        raise ValueError("no cards in play")
    rules = ctx.rules
    # A card's detection key is cached on it (``_key``) until something about it changes.
    keys = [card._key or card.detect_key() for card in played]
    detection = hands.detector(ctx.game.plugins).detect(keys, rules.detection_key())
    calls = ctx.calls
    if calls.evaluate_poker_hand:  # a joker may name another hand
        detection = hands.evaluated(ctx.game, calls.evaluate_poker_hand, played, detection)
    ctx.detection = detection
    hand, positions, _contains = detection  # (a NamedTuple: unpacking reads it in one step)
    ctx.hand = hand
    ctx.hand_name = HAND_NAMES[hand]
    if rules.all_played_score:
        ctx.scoring = list(played)
    elif min(keys)[0] < 0:  # a Stone card (rank -1) was played: it scores wherever it is
        ctx.scoring = [c for i, c in enumerate(played) if i in positions or keys[i][0] < 0]
    else:
        ctx.scoring = list(map(played.__getitem__, positions))
    if calls.modify_scoring_hand:  # jokers may add played cards to it or take them out
        _modify_scoring(ctx, calls.modify_scoring_hand)
    run = ctx.run
    if hand >= len(run.hands):  # a hand declared after the run began
        run.add_hands()
    stats = run.hands[hand]
    stats.played += 1
    stats.played_this_round += 1
    stats.visible = True
    run.last_hand_played = hand


def _modify_scoring(ctx: ScoringContext, plans: tuple[Any, ...]) -> None:
    """The jokers' ``joker_modify_scoring_hand`` for each played card: ``True`` makes it
    score, ``False`` keeps it out (whatever the others say); played order is kept."""
    scoring = set(map(id, ctx.scoring))
    kept: list[Card] = []
    for card in ctx.played:
        add, remove = bool_votes("joker_modify_scoring_hand", plans, ctx, card)
        if (add or id(card) in scoring) and not remove:
            kept.append(card)
    ctx.scoring = kept


# ---------------------------------------------------------------------------------------
# hand debuff
# ---------------------------------------------------------------------------------------


def check_hand_debuff(ctx: ScoringContext) -> None:
    """Let the boss refuse the hand (The Psychic, The Eye, The Mouth) or act on it."""
    ctx.phase = "hand debuff"
    blind = ctx.blind
    verdicts = ctx.calls.debuff_hand
    if blind is None or blind.disabled:
        if verdicts:
            by = _jokers_debuff_hand(ctx, verdicts, None)
            if by is not None:
                _hand_debuffed(ctx, by)
        return
    blind.triggered = False
    table = ctx.game.plugins.table
    refuse = table("blind_debuff_hand").get(blind.key)
    by = blind if refuse is not None and refuse(ctx, blind) else None
    if verdicts:
        by = _jokers_debuff_hand(ctx, verdicts, by)
    if by is not None:
        if by is blind:
            blind.triggered = True
        _hand_debuffed(ctx, by)
        return
    act = table("blind_before_hand").get(blind.key)
    if act is not None:
        act(ctx, blind)


def _jokers_debuff_hand(ctx: ScoringContext, verdicts: tuple[Any, ...], by: Any) -> Any:
    """Who debuffs the hand once the jokers' ``joker_debuff_hand`` have had their say: a
    joker's ``False`` lifts any debuff (Steamodded's ``prevent_debuff``), else ``by`` (the
    blind that refused it), else the first joker saying ``True``, else nobody."""
    debuffer = None
    prevent = False
    for fn, view, source in verdicts:
        said = fn(ctx, view)
        if said is None:
            continue
        if type(said) is not bool:
            bad_answer("joker_debuff_hand", said, "True, False or None", source)
        if not said:
            prevent = True
        elif debuffer is None:
            debuffer = source
    if prevent:
        return None
    return debuffer if by is None else by


def _hand_debuffed(ctx: ScoringContext, by: Any) -> None:
    """The hand scores nothing (``by`` refused it); the jokers' ``joker_debuffed_hand``."""
    ctx.debuffed = True
    ctx.chips = ctx.mult = 0.0
    ctx.events.append((ctx.phase, by, "debuffed", None, None, 0.0, 0.0))
    ctx.phase = "debuffed hand"
    for fn, view, source in ctx.calls.debuffed_hand:
        effect = fn(ctx, view)
        if effect is not None:
            # each from zero, as the game applies the debuffed-hand context's effects
            _apply_joker_effect(ctx, effect, source, None, 0.0, 0.0)


# ---------------------------------------------------------------------------------------
# before, base, blind
# ---------------------------------------------------------------------------------------


def _joker_context(
    ctx: ScoringContext,
    calls: Any,
    context: str,
    apply: Callable[[ScoringContext, Effect, Any], None],
) -> None:
    """Each joker's hook of a context outside the cards' and the main pass (``before``,
    ``after``): its effect applied by ``apply``, followed by the jokers' post-triggers and
    repeated for each retrigger of it."""
    again = ctx.calls.retrigger_joker
    post = ctx.calls.post_trigger
    for fn, view, source in calls:
        effect = fn(ctx, view)
        if effect is not None:
            apply(ctx, effect, source)
            if post:
                _post_outside(ctx, post, source, context, effect, apply)
            if again:
                for retrigger in _retriggers(ctx, again, source, context):
                    _retriggered(ctx, retrigger, source)
                    effect = fn(ctx, view)
                    if effect is not None:
                        apply(ctx, effect, source)
                        if post:
                            _post_outside(ctx, post, source, context, effect, apply)


def jokers_before(ctx: ScoringContext) -> None:
    """Jokers' ``before`` context, then base chips and mult from the hand's level."""
    if ctx.debuffed:
        return
    ctx.phase = "before"
    _joker_context(ctx, ctx.calls.before, "joker_before", _before_effect)
    hand = ctx.hand
    level = ctx.run.hands[hand].level
    base = _BASE_VALUES.get((hand, level))
    if base is None:
        base = _base_values(hand, level)
    chips, mult = base
    ctx.chips, ctx.mult = chips, mult
    ctx.events.append(("base", None, "base", base, ctx.hand_name, chips, mult))


def _before_effect(ctx: ScoringContext, effect: Any, source: object) -> None:
    """A ``joker_before`` effect: levels for the hand, money, a note, hands and discards
    (chips and mult do not count before the hand's base is read)."""
    _chips, _mult, _x_mult, dollars, level_up, message, _destroy, hands, discards = effect
    if level_up:
        if type(level_up) is not int:
            check_effect(effect, source)
        ctx.level_up(ctx.hand, level_up, source)
    if dollars:
        _add_dollars(ctx, dollars, source, None)
    if message:
        ctx.note(source, message)
    if hands is not None or discards is not None:
        _round_counts(ctx, source, None, hands, discards)


def _post_outside(
    ctx: ScoringContext,
    post: tuple[Any, ...],
    other: object,
    context: str,
    triggered: Any,
    apply: Any,
) -> None:
    """Steamodded's ``post_trigger`` where chips and mult do not count (``before``,
    ``after``): each joker's ``joker_post_trigger`` hears that ``other``'s effect in
    ``context`` applied; what it gives applies as ``apply`` applies that context's."""
    for fn, view, source in post:
        effect = fn(ctx, view, other, context, triggered)
        if effect is not None:
            apply(ctx, effect, source)


def _post_joker(
    ctx: ScoringContext,
    post: tuple[Any, ...],
    other: object,
    context: str,
    triggered: Any,
    chips: float,
    mult: float,
    target: object = None,
) -> tuple[float, float]:
    """Steamodded's ``post_trigger`` after a joker's effect on the hand (``joker_main``, the
    scoring steps, ``joker_other_joker``): what each joker's ``joker_post_trigger`` gives
    applies as a joker's effect, crediting it."""
    for fn, view, source in post:
        ctx.chips, ctx.mult = chips, mult
        effect = fn(ctx, view, other, context, triggered)
        if effect is not None:
            chips, mult = _apply_joker_effect(ctx, effect, source, target, chips, mult)
    return chips, mult


def _post_card(
    ctx: ScoringContext,
    post: tuple[Any, ...],
    other: object,
    card: Card,
    triggered: Any,
    chips: float,
    mult: float,
) -> tuple[float, float]:
    """Steamodded's ``post_trigger`` after a joker's effect on a scored card: what each
    joker's ``joker_post_trigger`` gives applies on that card, crediting it."""
    for fn, view, source in post:
        ctx.chips, ctx.mult = chips, mult
        effect = fn(ctx, view, other, "joker_individual", triggered)
        if effect is not None:
            chips, mult = _apply_card_effect(ctx, effect, source, card, chips, mult)
    return chips, mult


def _retriggers(
    ctx: ScoringContext, plans: tuple[Any, ...], other: object, context: str
) -> list[object]:
    """The jokers that retrigger ``other``'s effect in ``context`` (``joker_retrigger_joker``,
    slot order), one entry per retrigger (the caller records each as it runs)."""
    found: list[object] = []
    for fn, view, source in plans:
        times = fn(ctx, view, other, context)
        if times:
            if type(times) is not int or not 0 < times <= MAX_RETRIGGERS:
                check_retriggers(times, source)
            found.extend([source] * times)
    return found


def _retriggered(ctx: ScoringContext, retrigger: object, other: object) -> None:
    """Record one retrigger of ``other``'s effect, crediting the joker that gave it."""
    ctx.events.append((ctx.phase, retrigger, "retrigger", None, other, ctx.chips, ctx.mult))


#: ``hand_values`` by (hand, level): the same pair of doubles, computed once.
_BASE_VALUES: dict[tuple[HandType, int], tuple[float, float]] = {}


def _base_values(hand: HandType, level: int) -> tuple[float, float]:
    base = hand_values(hand, level)
    if len(_BASE_VALUES) < 4096:  # levels are unbounded: keep the common ones only
        _BASE_VALUES[(hand, level)] = base
    return base


def blind_modifies_hand(ctx: ScoringContext) -> None:
    """The blind may change base chips and mult (The Flint)."""
    blind = ctx.blind
    if ctx.debuffed or blind is None or blind.disabled:
        return
    modify = ctx.game.plugins.table("blind_modify_hand").get(blind.key)
    if modify is None:
        return
    changed = modify(ctx, blind, ctx.chips, ctx.mult)
    if changed is not None:
        chips, mult = changed
        ctx.chips, ctx.mult = to_double(chips), to_double(mult)  # the game's numbers
        ctx.events.append(
            ("blind modifies hand", blind, "set", tuple(changed), None, ctx.chips, ctx.mult)
        )


def jokers_initial_step(ctx: ScoringContext) -> None:
    """Jokers' ``joker_initial_scoring_step``: the hand's starting chips and mult, before
    any card scores."""
    plans = ctx.calls.initial_scoring_step
    if ctx.debuffed or not plans:
        return
    ctx.phase = "initial step"
    _joker_step(ctx, plans, "joker_initial_scoring_step")


def _joker_step(ctx: ScoringContext, plans: tuple[Any, ...], context: str) -> None:
    """Each joker's effect on the hand as a whole, applied as a joker's (mult, chips,
    ×mult, money), with its retriggers."""
    again = ctx.calls.retrigger_joker
    post = ctx.calls.post_trigger
    chips, mult = ctx.chips, ctx.mult
    for fn, view, source in plans:
        ctx.chips, ctx.mult = chips, mult
        effect = fn(ctx, view)
        if effect is not None:
            chips, mult = _apply_joker_effect(ctx, effect, source, None, chips, mult)
            if post:
                chips, mult = _post_joker(ctx, post, source, context, effect, chips, mult)
            if again:
                for retrigger in _retriggers(ctx, again, source, context):
                    ctx.chips, ctx.mult = chips, mult
                    _retriggered(ctx, retrigger, source)
                    effect = fn(ctx, view)
                    if effect is not None:
                        chips, mult = _apply_joker_effect(ctx, effect, source, None, chips, mult)
                        if post:
                            chips, mult = _post_joker(
                                ctx, post, source, context, effect, chips, mult
                            )
    ctx.chips, ctx.mult = chips, mult


def _round_counts(
    ctx: ScoringContext, source: object, target: object, hands: Any, discards: Any
) -> None:
    """An effect's hands and discards: the round's counts change at once, as the game's
    ``ease_hands_played`` and ``ease_discard`` do, and the breakdown records them."""
    game = ctx.game
    if hands is not None:
        game.add_hands(hands, source=source)
        ctx.events.append((ctx.phase, source, "hands", hands, target, ctx.chips, ctx.mult))
    if discards is not None:
        game.add_discards(discards, source=source)
        ctx.events.append((ctx.phase, source, "discards", discards, target, ctx.chips, ctx.mult))


# ---------------------------------------------------------------------------------------
# scored cards
# ---------------------------------------------------------------------------------------


def _add_dollars(ctx: ScoringContext, dollars: int, source: object, target: object) -> None:
    ctx.dollar_buffer += dollars
    ctx.events.append((ctx.phase, source, "dollars", dollars, target, ctx.chips, ctx.mult))


#: Chips of each printed rank (index 2..14): its number, 10 for a face card, 11 for an Ace.
_RANK_CHIPS: tuple[int, ...] = (0, 0, *range(2, 11), 10, 10, 10, 11)

#: The evaluations of a card nothing retriggers: once, credited to nobody.
_ONCE: tuple[None] = (None,)


def _add_retriggers(
    ctx: ScoringContext, plans: tuple[Any, ...], subject: object, into: list[Any]
) -> None:
    """Append to ``into`` each retrigger the plans (``(fn, view, source)``, slot order)
    give ``subject``: the plan's source once per retrigger, the count checked (a whole
    number up to :data:`MAX_RETRIGGERS`)."""
    for fn, view, source in plans:
        times = fn(ctx, view, subject)
        if times:
            if type(times) is not int or not 0 < times <= MAX_RETRIGGERS:
                check_retriggers(times, source)
            into.extend([source] * times)


def _card_triggers(
    ctx: ScoringContext, card: Card, repetition: tuple[Any, ...]
) -> list[object | None]:
    """Who makes a scoring card score, one entry per evaluation: ``None`` (the card
    itself), then its seal's retriggers (red seal), then each joker's in slot order."""
    triggers: list[object | None] = [None]
    sealed = ctx.mods.seal_retriggers[card._seal.kind]
    if sealed:
        triggers.extend([card] * sealed)
    _add_retriggers(ctx, repetition, card, triggers)
    return triggers


def score_played_cards(ctx: ScoringContext) -> None:
    """Each scoring card left to right, with its retriggers (red seal, then jokers).

    Each evaluation of a card applies (a) its own chips, mult, money and ×mult (its rank,
    its enhancement's and its seal's), (b) its edition, (c) every joker's
    ``joker_individual`` effect (chips, mult, money, ×mult).

    This is the hottest loop of the engine: chips and mult live in locals and are
    written back to the context before any hook runs, so hooks always see live values.
    A plain card (no enhancement, edition or seal: kind 0) calls nothing; a modified one
    costs one index per per-kind table. The arithmetic is the game's, operation for
    operation (IEEE doubles depend on it).
    """
    if ctx.debuffed:
        return
    ctx.phase = phase = "scored cards"
    calls = ctx.calls
    repetition = calls.repetition
    individual = calls.individual
    again = calls.retrigger_joker
    post = calls.post_trigger
    quantum = calls.check_enhancement
    mods = ctx.mods
    enhancements = mods.enhancement
    seal_scored = mods.seal_scored
    seal_retriggers = mods.seal_retriggers
    edition_scored = mods.edition_scored
    event = ctx.events.append
    chips = ctx.chips
    mult = ctx.mult
    for card in ctx.scoring:
        debuff = card._debuff
        if debuff.forced or debuff.by_blind:
            if ctx.blind is not None:
                ctx.blind.triggered = True
            event((phase, card, "debuffed", None, card, chips, mult))
            continue
        if repetition or seal_retriggers[card._seal.kind]:
            ctx.chips, ctx.mult = chips, mult
            triggers: Sequence[object | None] = _card_triggers(ctx, card, repetition)
        else:
            triggers = _ONCE  # the common case: no list to build
        for retrigger in triggers:
            if retrigger is not None:
                event((phase, retrigger, "retrigger", None, card, chips, mult))
            # (a) the card's own values: chips, mult, money, ×mult
            enh = card._enhancement.kind
            seal = card._seal.kind
            lucky = False
            if enh or seal:
                bonus, no_rank, scored = enhancements[enh]
                if no_rank:
                    gain = bonus + card._perma.chips
                else:
                    gain = _RANK_CHIPS[card._rank.value] + card._perma.chips
                    if bonus:
                        gain += bonus
                sealed = seal_scored[seal]
                if scored is not None or sealed is not None:
                    ctx.chips, ctx.mult = chips, mult
                    own = scored(ctx, card) if scored is not None else None
                    seal_effect = sealed(ctx, card) if sealed is not None else None
                    lucky = ctx.lucky_trigger
                    if own is not None or seal_effect is not None:
                        chips, mult = _apply_own(ctx, card, own, seal_effect, gain, chips, mult)
                        gain = 0
                if gain > 0:
                    try:
                        chips += gain
                    except OverflowError:  # a whole number past the double range (quantities)
                        chips = plus(chips, gain)
                    event((phase, card, "chips", gain, card, chips, mult))
            else:
                gain = _RANK_CHIPS[card._rank.value] + card._perma.chips
                if gain > 0:
                    try:
                        chips += gain
                    except OverflowError:  # a whole number past the double range (quantities)
                        chips = plus(chips, gain)
                    event((phase, card, "chips", gain, card, chips, mult))
            if quantum:  # the enhancements jokers say it has too
                chips, mult = _quantum_scored(ctx, quantum, card, chips, mult)
            # (b) the card's edition
            edition = card._edition.kind
            if edition:
                scored = edition_scored[edition]
                if scored is not None:
                    ctx.chips, ctx.mult = chips, mult
                    effect = scored(ctx, card)
                    if effect is not None:
                        chips, mult = _apply_card_effect(ctx, effect, card, edition, chips, mult)
            # (c) every joker's effect on this card, left to right
            if individual:
                ctx.chips, ctx.mult = chips, mult
                for fn, view, source in individual:
                    effect = fn(ctx, view, card)
                    if effect is not None:
                        chips, mult = _apply_card_effect(ctx, effect, source, card, chips, mult)
                        if post:
                            chips, mult = _post_card(ctx, post, source, card, effect, chips, mult)
                        if again:
                            chips, mult = _card_again(ctx, again, fn, view, source, card)
            if lucky:
                ctx.lucky_trigger = False
    ctx.chips, ctx.mult = chips, mult


def _quantum_scored(
    ctx: ScoringContext, plan: tuple[Any, ...], card: Card, chips: float, mult: float
) -> tuple[float, float]:
    """A scored card also scores as each enhancement the jokers'
    ``joker_check_enhancement`` give it: the enhancement's chip bonus, then its
    ``enhancement_scored`` effect (applied as the card's own)."""
    enhancements = ctx.mods.enhancement
    for kind in extra_enhancements(ctx.game, plan, card):
        if kind >= len(enhancements):
            continue  # a kind no plugin of the set declares does nothing
        bonus, _no_rank, scored = enhancements[kind]
        if bonus:
            chips, mult = _apply_card_effect(ctx, Effect(chips=bonus), card, card, chips, mult)
        if scored is not None:
            ctx.chips, ctx.mult = chips, mult
            effect = scored(ctx, card)
            if effect is not None:
                chips, mult = _apply_card_effect(ctx, effect, card, card, chips, mult)
    return chips, mult


def _card_again(
    ctx: ScoringContext, again: tuple[Any, ...], fn: Any, view: Any, source: object, card: Card
) -> tuple[float, float]:
    """A joker's effect on a scored card, retriggered by the jokers that retrigger it."""
    chips, mult = ctx.chips, ctx.mult
    for retrigger in _retriggers(ctx, again, source, "joker_individual"):
        ctx.chips, ctx.mult = chips, mult
        _retriggered(ctx, retrigger, source)
        effect = fn(ctx, view, card)
        if effect is not None:
            chips, mult = _apply_card_effect(ctx, effect, source, card, chips, mult)
            post = ctx.calls.post_trigger
            if post:
                chips, mult = _post_card(ctx, post, source, card, effect, chips, mult)
    return chips, mult


def _apply_own(
    ctx: ScoringContext,
    card: Card,
    own: Any,
    sealed: Any,
    gain: float,
    chips: float,
    mult: float,
) -> tuple[float, float]:
    """A scored card's own values, as the game totals them: chips (rank, enhancement,
    seal: one figure), the enhancement's then the seal's mult, their money (one figure),
    the enhancement's then the seal's ×mult."""
    event = ctx.events.append
    phase = ctx.phase
    o_chips, o_mult, o_x_mult, o_dollars, _l, o_message, _d, _h, _dd = (
        _NOTHING if own is None else own
    )
    s_chips, s_mult, s_x_mult, s_dollars, _l, s_message, _d, _h, _dd = (
        _NOTHING if sealed is None else sealed
    )
    if o_chips is not None:
        gain += o_chips
    if s_chips is not None:
        gain += s_chips
    if gain > 0:
        try:
            chips += gain
        except OverflowError:  # a whole number past the double range (quantities)
            chips = plus(chips, gain)
        event((phase, card, "chips", gain, card, chips, mult))
    if o_mult is not None:
        try:
            mult += o_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = plus(mult, o_mult)
        event((phase, card, "mult", o_mult, card, chips, mult))
    if s_mult is not None:
        try:
            mult += s_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = plus(mult, s_mult)
        event((phase, card, "mult", s_mult, card, chips, mult))
    dollars = 0 if s_dollars is None else s_dollars
    if o_dollars is not None:
        dollars += o_dollars
    if dollars:
        ctx.dollar_buffer += dollars
        event((phase, card, "dollars", dollars, card, chips, mult))
    if o_x_mult is not None:
        try:
            mult *= o_x_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = times(mult, o_x_mult)
        event((phase, card, "x_mult", o_x_mult, card, chips, mult))
    if s_x_mult is not None:
        try:
            mult *= s_x_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = times(mult, s_x_mult)
        event((phase, card, "x_mult", s_x_mult, card, chips, mult))
    for message in (o_message, s_message):
        if message is not None:
            event((phase, card, "message", message, card, chips, mult))
    ctx.chips, ctx.mult = chips, mult
    return chips, mult


#: The parts of no effect, to unpack in one step.
_NOTHING = Effect()


# ---------------------------------------------------------------------------------------
# held cards
# ---------------------------------------------------------------------------------------


def _held_effects(
    ctx: ScoringContext, card: Card, individual: tuple[Any, ...]
) -> list[tuple[object, Any]]:
    """One evaluation of a held card: its enhancement's held effect (Steel), then every
    joker's."""
    found: list[tuple[object, Any]] = []
    held = ctx.mods.enhancement_held[card._enhancement.kind]
    if held is not None:
        debuff = card._debuff
        if not (debuff.forced or debuff.by_blind):
            effect = held(ctx, card)
            if effect is not None:
                found.append((card, effect))
    quantum = ctx.calls.check_enhancement
    if quantum and not card.debuffed:  # the enhancements jokers say it has too
        table = ctx.mods.enhancement_held
        for kind in extra_enhancements(ctx.game, quantum, card):
            extra = table[kind] if kind < len(table) else None
            if extra is not None:
                effect = extra(ctx, card)
                if effect is not None:
                    found.append((card, effect))
    again = ctx.calls.retrigger_joker
    post = ctx.calls.post_trigger
    for fn, view, source in individual:
        effect = fn(ctx, view, card)
        if effect is not None:
            found.append((source, effect))
            if post:
                _post_held(ctx, post, source, effect, found)
            if again:
                for retrigger in _retriggers(ctx, again, source, "joker_held_individual"):
                    _retriggered(ctx, retrigger, source)
                    effect = fn(ctx, view, card)
                    if effect is not None:
                        found.append((source, effect))
                        if post:
                            _post_held(ctx, post, source, effect, found)
    return found


def _post_held(
    ctx: ScoringContext,
    post: tuple[Any, ...],
    other: object,
    triggered: Any,
    found: list[tuple[object, Any]],
) -> None:
    """Steamodded's ``post_trigger`` after a joker's effect on a held card: what each
    joker's ``joker_post_trigger`` gives applies with the card's other effects."""
    for fn, view, source in post:
        effect = fn(ctx, view, other, "joker_held_individual", triggered)
        if effect is not None:
            found.append((source, effect))


def _apply_held(ctx: ScoringContext, card: Card, found: list[tuple[object, Any]]) -> None:
    """Held-card effects apply money, then mult, then ×mult (then chips: never in vanilla).

    No hook runs while they apply, so chips and mult live in locals meanwhile."""
    event = ctx.events.append
    phase = ctx.phase
    chips, mult = ctx.chips, ctx.mult
    for source, effect in found:
        # An Effect is a tuple: unpacking reads every part in one step.
        add_chips, add_mult, x_mult, dollars, _level_up, message, _destroy, hands, discards = effect
        if dollars is not None:
            ctx.dollar_buffer += dollars
            event((phase, source, "dollars", dollars, card, chips, mult))
        if add_mult is not None:
            try:
                mult += add_mult
            except OverflowError:  # a whole number past the double range (quantities)
                mult = plus(mult, add_mult)
            event((phase, source, "mult", add_mult, card, chips, mult))
        if x_mult is not None:
            try:
                mult *= x_mult
            except OverflowError:  # a whole number past the double range (quantities)
                mult = times(mult, x_mult)
            event((phase, source, "x_mult", x_mult, card, chips, mult))
        if add_chips is not None:
            try:
                chips += add_chips
            except OverflowError:  # a whole number past the double range (quantities)
                chips = plus(chips, add_chips)
            event((phase, source, "chips", add_chips, card, chips, mult))
        if message is not None:
            event((phase, source, "message", message, card, chips, mult))
        if hands is not None or discards is not None:
            ctx.chips, ctx.mult = chips, mult
            _round_counts(ctx, source, card, hands, discards)
    ctx.chips, ctx.mult = chips, mult


def score_held_cards(ctx: ScoringContext) -> None:
    """Each held card left to right: its enhancement's held effect (Steel) and jokers'
    held effects, retriggered by its seal (red) and Mime only when something happened."""
    if ctx.debuffed:
        return
    calls = ctx.calls
    individual = calls.held_individual
    mods = ctx.mods
    held = mods.enhancement_held
    quantum = calls.check_enhancement
    if not individual and not quantum:
        tally = ctx.game._tally
        for kind in mods.held_kinds:
            if tally[kind]:
                break
        else:
            return  # nothing can happen to a held card
    ctx.phase = "held cards"
    repetition = calls.held_repetition
    seal_retriggers = mods.seal_retriggers
    for card in list(ctx.held):
        if not individual and not quantum and held[card._enhancement.kind] is None:
            continue
        found = _held_effects(ctx, card, individual)
        if not found:
            continue
        retriggers: list[object] = []
        sealed = seal_retriggers[card._seal.kind]
        if sealed and not card.debuffed:
            retriggers.extend([card] * sealed)
        _add_retriggers(ctx, repetition, card, retriggers)
        _apply_held(ctx, card, found)
        for retrigger in retriggers:
            ctx.events.append((ctx.phase, retrigger, "retrigger", None, card, ctx.chips, ctx.mult))
            _apply_held(ctx, card, _held_effects(ctx, card, individual))


# ---------------------------------------------------------------------------------------
# jokers
# ---------------------------------------------------------------------------------------

# The game applies a scored card's effects as chips, mult, money, ×mult, and a joker's as
# mult, chips, ×mult, money; the order shows in the breakdown. Each applier takes and
# returns chips and mult (the caller's locals) and writes them back to the context, so
# the next hook sees live values. An Effect is a tuple: unpacking it reads every part
# in one step.


def _apply_card_effect(
    ctx: ScoringContext, effect: Any, source: object, card: object, chips: float, mult: float
) -> tuple[float, float]:
    """Apply an effect on a scored card -- a joker's (``joker_individual``, ``source`` the
    joker) or the card's edition's (``source`` the card, ``card`` the edition, as events
    name it): chips, mult, money, then ×mult."""
    add_chips, add_mult, x_mult, dollars, _level_up, message, _destroy, hands, discards = effect
    event = ctx.events.append
    phase = ctx.phase
    if add_chips is not None:
        try:
            chips += add_chips
        except OverflowError:  # a whole number past the double range (quantities)
            chips = plus(chips, add_chips)
        event((phase, source, "chips", add_chips, card, chips, mult))
    if add_mult is not None:
        try:
            mult += add_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = plus(mult, add_mult)
        event((phase, source, "mult", add_mult, card, chips, mult))
    if dollars is not None:
        ctx.dollar_buffer += dollars
        event((phase, source, "dollars", dollars, card, chips, mult))
    if x_mult is not None:
        try:
            mult *= x_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = times(mult, x_mult)
        event((phase, source, "x_mult", x_mult, card, chips, mult))
    if message is not None:
        event((phase, source, "message", message, card, chips, mult))
    ctx.chips, ctx.mult = chips, mult
    if hands is not None or discards is not None:
        _round_counts(ctx, source, card, hands, discards)
    return chips, mult


def _apply_joker_effect(
    ctx: ScoringContext, effect: Any, source: object, target: object, chips: float, mult: float
) -> tuple[float, float]:
    """Apply a joker's (or consumable's) own effect: mult, chips, ×mult, then money."""
    add_chips, add_mult, x_mult, dollars, _level_up, message, _destroy, hands, discards = effect
    event = ctx.events.append
    phase = ctx.phase
    if add_mult is not None:
        try:
            mult += add_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = plus(mult, add_mult)
        event((phase, source, "mult", add_mult, target, chips, mult))
    if add_chips is not None:
        try:
            chips += add_chips
        except OverflowError:  # a whole number past the double range (quantities)
            chips = plus(chips, add_chips)
        event((phase, source, "chips", add_chips, target, chips, mult))
    if x_mult is not None:
        try:
            mult *= x_mult
        except OverflowError:  # a whole number past the double range (quantities)
            mult = times(mult, x_mult)
        event((phase, source, "x_mult", x_mult, target, chips, mult))
    if dollars is not None:
        ctx.dollar_buffer += dollars
        event((phase, source, "dollars", dollars, target, chips, mult))
    if message is not None:
        event((phase, source, "message", message, target, chips, mult))
    ctx.chips, ctx.mult = chips, mult
    if hands is not None or discards is not None:
        _round_counts(ctx, source, target, hands, discards)
    return chips, mult


def joker_pass(ctx: ScoringContext) -> None:
    """Each joker left to right: its edition's chips and mult (Foil, Holo), its main
    effect, joker-on-joker effects, its edition's ×mult (Polychrome); then each
    consumable the same way.

    Effects apply mult, then chips, then ×mult. Chips and mult live in locals as in
    :func:`score_played_cards`.
    """
    if ctx.debuffed:
        return
    ctx.phase = "jokers"
    consumables = ctx.consumables
    if not consumables and not ctx.jokers:
        return  # nothing to do (the phase is set all the same: the final step runs in it)
    calls = ctx.calls
    main = calls.main
    own_main = calls.own_main  # (empty unless a joker copies and acts)
    n_main = len(main)
    other = calls.other_joker
    retrigger_joker = calls.retrigger_joker
    post = calls.post_trigger
    event = ctx.events.append
    chips = ctx.chips
    mult = ctx.mult
    consumable_main = ctx.game.plugins.table("consumable_main") if consumables else {}
    edition_scored = ctx.mods.edition_scored
    holders: Sequence[Joker | Consumable] = (
        (*ctx.jokers, *consumables) if consumables else ctx.jokers
    )
    for i, holder in enumerate(holders):
        edition = holder._edition.kind
        x_mult = None
        if edition:
            scored = edition_scored[edition]
            if scored is not None and not getattr(holder, "debuffed", False):
                # (a debuffed joker's edition does nothing either)
                ctx.chips, ctx.mult = chips, mult
                effect = scored(ctx, holder)
                if effect is not None:
                    add_chips, add_mult, x_mult, dollars, _level, message, _destroy, _h, _d = effect
                    if add_chips is not None:
                        try:
                            chips += add_chips
                        except OverflowError:  # a whole number past the double range (quantities)
                            chips = plus(chips, add_chips)
                        event(("jokers", holder, "chips", add_chips, edition, chips, mult))
                    if add_mult is not None:
                        try:
                            mult += add_mult
                        except OverflowError:  # a whole number past the double range (quantities)
                            mult = plus(mult, add_mult)
                        event(("jokers", holder, "mult", add_mult, edition, chips, mult))
                    if dollars is not None:
                        ctx.dollar_buffer += dollars
                        event(("jokers", holder, "dollars", dollars, edition, chips, mult))
                    if message is not None:
                        event(("jokers", holder, "message", message, edition, chips, mult))
        # (the context gets the live chips and mult before each hook is called)
        if i < n_main:
            if own_main:
                own = own_main[i]
                if own is not None:
                    ctx.chips, ctx.mult = chips, mult
                    effect = own[0](ctx, own[1])
                    if effect is not None:
                        chips, mult = _apply_joker_effect(ctx, effect, own[2], None, chips, mult)
                        if post:
                            chips, mult = _post_joker(
                                ctx, post, own[2], "joker_main", effect, chips, mult
                            )
            entry = main[i]
            if entry is not None:
                ctx.chips, ctx.mult = chips, mult
                fn, view, source = entry
                effect = fn(ctx, view)
                if effect is not None:
                    chips, mult = _apply_joker_effect(ctx, effect, source, None, chips, mult)
                    if post:
                        chips, mult = _post_joker(
                            ctx, post, source, "joker_main", effect, chips, mult
                        )
                    if retrigger_joker:
                        ctx.chips, ctx.mult = chips, mult
                        chips, mult = _retrigger_joker(ctx, retrigger_joker, entry, holder)
        else:
            consumable = consumable_main.get(holder.key)
            if consumable is not None:
                ctx.chips, ctx.mult = chips, mult
                effect = consumable(ctx, holder)
                if effect is not None:
                    chips, mult = _apply_joker_effect(ctx, effect, holder, None, chips, mult)
        if other:
            ctx.chips, ctx.mult = chips, mult
            for fn, view, source in other:
                effect = fn(ctx, view, holder)
                if effect is not None:
                    chips, mult = _apply_joker_effect(ctx, effect, source, holder, chips, mult)
                    if post:
                        chips, mult = _post_joker(
                            ctx, post, source, "joker_other_joker", effect, chips, mult, holder
                        )
        if x_mult is not None:
            try:
                mult *= x_mult
            except OverflowError:  # a whole number past the double range (quantities)
                mult = times(mult, x_mult)
            event(("jokers", holder, "x_mult", x_mult, edition, chips, mult))
    ctx.chips, ctx.mult = chips, mult


def _retrigger_joker(
    ctx: ScoringContext, plans: tuple[Any, ...], entry: Any, holder: Joker | Consumable
) -> tuple[float, float]:
    """Run ``holder``'s main effect again once per retrigger the jokers give it (each
    retriggering joker in slot order, each retrigger recorded as an event crediting it)."""
    fn, view, source = entry
    retriggers = _retriggers(ctx, plans, holder, "joker_main")
    chips, mult = ctx.chips, ctx.mult
    for retriggerer in retriggers:
        ctx.events.append(("jokers", retriggerer, "retrigger", None, holder, chips, mult))
        ctx.chips, ctx.mult = chips, mult
        effect = fn(ctx, view)
        if effect is not None:
            chips, mult = _apply_joker_effect(ctx, effect, source, None, chips, mult)
            post = ctx.calls.post_trigger
            if post:
                chips, mult = _post_joker(ctx, post, source, "joker_main", effect, chips, mult)
    return chips, mult


# ---------------------------------------------------------------------------------------
# final step, destruction, score, after
# ---------------------------------------------------------------------------------------


def jokers_final_step(ctx: ScoringContext) -> None:
    """Jokers' ``joker_final_scoring_step``: after every joker has scored."""
    plans = ctx.calls.final_scoring_step
    if ctx.debuffed or not plans:
        return
    ctx.phase = "final step"
    _joker_step(ctx, plans, "joker_final_scoring_step")


def deck_final_step(ctx: ScoringContext) -> None:
    """The deck's last word on chips and mult (Plasma Deck)."""
    if ctx.debuffed:
        return
    final = ctx.game.plugins.table("deck_final_scoring_step").get(ctx.deck.type.key)
    if final is None:
        return
    changed = final(ctx, ctx.deck, ctx.chips, ctx.mult)
    if changed is not None:
        chips, mult = changed
        ctx.chips, ctx.mult = to_double(chips), to_double(mult)  # the game's numbers
        ctx.events.append(
            ("final step", ctx.deck, "set", tuple(changed), None, ctx.chips, ctx.mult)
        )


def destroy_cards(ctx: ScoringContext) -> None:
    """Jokers may destroy scoring cards (Sixth Sense); then their enhancements may break
    them (Glass shatters)."""
    if ctx.debuffed:
        return
    ctx.phase = "destroy"
    calls = ctx.calls
    destroying = calls.destroying_card
    destroyed = ctx.destroyed
    mods = ctx.mods
    breaking = False
    if not destroying:
        tally = ctx.game._tally
        for kind in mods.destroy_kinds:
            if tally[kind]:
                breaking = True
                break
    if destroying or breaking:
        breaks = mods.enhancement_destroy
        for card in ctx.scoring:
            gone = False
            for fn, view, _source in destroying:
                if fn(ctx, view, card):
                    gone = True
                    break
            destroy = breaks[card._enhancement.kind]
            if destroy is not None and not card.debuffed and destroy(ctx, card):
                gone = True
            if gone:
                destroyed.append(card)
                ctx.events.append(("destroy", card, "destroy", None, card, ctx.chips, ctx.mult))
    react = calls.cards_destroyed
    if react:
        gone_cards = tuple(destroyed)
        for fn, view, _source in react:
            fn(ctx.game, view, gone_cards)


def add_score(ctx: ScoringContext) -> None:
    """The hand's score: ``floor(chips * mult)``.

    Past the double range the product is infinite and stays so, as Lua's ``math.floor``
    leaves it (the game shows "naneinf"); play goes on with it
    (:func:`~balatro_ecs.kernel.quantities.hand_score`).
    """
    ctx.score = 0 if ctx.debuffed else hand_score(ctx.chips, ctx.mult)


def _after_effect(ctx: ScoringContext, effect: Any, source: object) -> None:
    """A ``joker_after`` effect: the score is settled, so only money, notes, hands and
    discards can still come out of the hand."""
    _chips, _mult, _x_mult, dollars, _level_up, message, _destroy, hands, discards = effect
    if dollars is not None:
        _add_dollars(ctx, dollars, source, None)
    if message is not None:
        ctx.note(source, message)
    if hands is not None or discards is not None:
        _round_counts(ctx, source, None, hands, discards)


def jokers_after(ctx: ScoringContext) -> None:
    """Jokers' ``after`` context; then the hand's money reaches the run."""
    ctx.phase = "after"
    _joker_context(ctx, ctx.calls.after, "joker_after", _after_effect)
    buffer = ctx.dollar_buffer
    if buffer:  # (earn records nothing for no money: no call needed)
        if type(buffer) is not int or not -MAX_INT <= buffer <= MAX_INT:
            check_events(ctx.events)  # money not whole, or too much: name who gave it
        game = ctx.game
        if game._planned("joker_money"):
            _earn_each(ctx)
        else:
            game.earn(buffer, "played hand")


def _earn_each(ctx: ScoringContext) -> None:
    """With jokers that change money (``joker_money``), a hand's money reaches the run one
    effect at a time, each through the chain with its own source (a card, a joker), as the
    game's ``ease_dollars`` is called once per effect."""
    game = ctx.game
    left = ctx.dollar_buffer
    paid = ctx.paid
    for index, event in enumerate(ctx.events):
        if event[2] == "dollars" and index not in paid and event[3]:
            game.earn(event[3], event[1])
            left -= event[3]
    if left:
        game.earn(left, "played hand")
