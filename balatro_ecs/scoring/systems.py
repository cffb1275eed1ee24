"""The systems that score a played hand, in the game's order (rules.toml ``[scoring_order]``).

Each system is a function of the :class:`~balatro_ecs.scoring.context.ScoringContext`.
:data:`SCORING_PHASES` names the phases and :func:`vanilla_systems` places one system in
each; plugins may add their own (``balatro_scoring_systems``) with declared before/after
relations. The content of a hand -- jokers, blind, deck -- acts only through hooks.

Every change to chips, mult or money is recorded as an event
``(phase, source, kind, value, target, chips_after, mult_after)``; see
:mod:`balatro_ecs.scoring.breakdown`.
"""

from __future__ import annotations

import math
from typing import Any

from .. import hands, reference
from ..cards import Card
from ..effects import Effect
from ..enums import Edition, Enhancement, Seal
from ..schedule import System
from ..state import hand_values
from .context import ScoringContext

__all__ = ["SCORING_PHASES", "vanilla_systems"]

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


def _config(table: str, list_key: str, key: str) -> dict[str, Any]:
    return next(r for r in reference.table(table)[list_key] if r["key"] == key)


_ENH = {e.key: _config("enhancements", "enhancement", e.key)["config"] for e in Enhancement if e}
_ED = {e.key: _config("editions", "edition", e.key)["config"] for e in Edition if e}

BONUS_CHIPS: int = _ENH["m_bonus"]["bonus"]
STONE_CHIPS: int = _ENH["m_stone"]["bonus"]
MULT_CARD_MULT: int = _ENH["m_mult"]["mult"]
GLASS_X_MULT: float = _ENH["m_glass"]["Xmult"]
GLASS_SHATTER_ODDS: int = _ENH["m_glass"]["extra"]
STEEL_X_MULT: float = _ENH["m_steel"]["h_x_mult"]
LUCKY_MULT: int = _ENH["m_lucky"]["mult"]
LUCKY_DOLLARS: int = _ENH["m_lucky"]["p_dollars"]
#: The Lucky card's odds are constants in the game's code ("1 in 5", "1 in 15").
LUCKY_MULT_ODDS = 5
LUCKY_DOLLARS_ODDS = 15
#: Gold Seal money per scored trigger (seals.toml).
GOLD_SEAL_DOLLARS = 3
FOIL_CHIPS: int = _ED["e_foil"]["extra"]
HOLO_MULT: int = _ED["e_holo"]["extra"]
POLYCHROME_X_MULT: float = _ED["e_polychrome"]["extra"]
_STEEL_EFFECT = Effect(x_mult=STEEL_X_MULT)

_BONUS = Enhancement.BONUS
_MULT = Enhancement.MULT
_GLASS = Enhancement.GLASS
_STEEL = Enhancement.STEEL
_STONE = Enhancement.STONE
_LUCKY = Enhancement.LUCKY
_FOIL = Edition.FOIL
_HOLO = Edition.HOLO
_POLY = Edition.POLYCHROME
_RED_SEAL = Seal.RED
_GOLD_SEAL = Seal.GOLD


# ---------------------------------------------------------------------------------------
# detect
# ---------------------------------------------------------------------------------------


def detect_hand(ctx: ScoringContext) -> None:
    """Find the poker hand and its scoring cards; count the play for that hand type."""
    played = ctx.played
    if not played:
        raise ValueError("no cards in play")
    detection = hands.detect([c.detect_key() for c in played], ctx.rules.detection_key())
    ctx.detection = detection
    hand = detection.hand
    ctx.hand = hand
    ctx.hand_name = detection.name
    if ctx.rules.all_played_score:
        ctx.scoring = list(played)
    else:
        positions = set(detection.scoring)
        ctx.scoring = [
            c for i, c in enumerate(played) if i in positions or c.enhancement == _STONE
        ]
    stats = ctx.run.hands[hand]
    stats.played += 1
    stats.played_this_round += 1
    stats.visible = True
    ctx.run.last_hand_played = hand


# ---------------------------------------------------------------------------------------
# hand debuff
# ---------------------------------------------------------------------------------------


def check_hand_debuff(ctx: ScoringContext) -> None:
    """Let the boss refuse the hand (The Psychic, The Eye, The Mouth) or act on it."""
    ctx.phase = "hand debuff"
    blind = ctx.blind
    if blind is None or blind.disabled:
        return
    blind.triggered = False
    table = ctx.game.plugins.table
    refuse = table("blind_debuff_hand").get(blind.key)
    if refuse is not None and refuse(ctx, blind):
        blind.triggered = True
        ctx.debuffed = True
        ctx.chips = ctx.mult = 0.0
        ctx.events.append((ctx.phase, blind, "debuffed", None, None, 0.0, 0.0))
        for fn, view, source in ctx.plans.plan("joker_debuffed_hand"):
            _apply_joker_effect(ctx, fn(ctx, view), source, None)
        return
    act = table("blind_before_hand").get(blind.key)
    if act is not None:
        act(ctx, blind)


# ---------------------------------------------------------------------------------------
# before, base, blind
# ---------------------------------------------------------------------------------------


def jokers_before(ctx: ScoringContext) -> None:
    """Jokers' ``before`` context, then base chips and mult from the hand's level."""
    if ctx.debuffed:
        return
    ctx.phase = "before"
    for fn, view, source in ctx.plans.plan("joker_before"):
        effect = fn(ctx, view)
        if effect is not None:
            if effect.level_up:
                ctx.level_up(ctx.hand, effect.level_up, source)
            if effect.dollars:
                _add_dollars(ctx, effect.dollars, source, None)
            if effect.message:
                ctx.note(source, effect.message)
    chips, mult = hand_values(ctx.hand, ctx.run.hands[ctx.hand].level)
    ctx.chips, ctx.mult = chips, mult
    ctx.events.append(("base", None, "base", (chips, mult), ctx.hand_name, chips, mult))


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
        ctx.chips, ctx.mult = changed
        ctx.events.append(
            ("blind modifies hand", blind, "set", tuple(changed), None, ctx.chips, ctx.mult)
        )


# ---------------------------------------------------------------------------------------
# scored cards
# ---------------------------------------------------------------------------------------


def _add_dollars(ctx: ScoringContext, dollars: int, source: object, target: object) -> None:
    ctx.dollar_buffer += dollars
    ctx.events.append((ctx.phase, source, "dollars", dollars, target, ctx.chips, ctx.mult))


def _apply_card_effect(ctx: ScoringContext, effect: Any, source: object, card: Card) -> None:
    """A joker's effect on a scored card: chips, mult, dollars, then ×mult."""
    if effect is None:
        return
    events = ctx.events
    phase = ctx.phase
    if effect.chips is not None:
        ctx.chips += effect.chips
        events.append((phase, source, "chips", effect.chips, card, ctx.chips, ctx.mult))
    if effect.mult is not None:
        ctx.mult += effect.mult
        events.append((phase, source, "mult", effect.mult, card, ctx.chips, ctx.mult))
    if effect.dollars is not None:
        _add_dollars(ctx, effect.dollars, source, card)
    if effect.x_mult is not None:
        ctx.mult *= effect.x_mult
        events.append((phase, source, "x_mult", effect.x_mult, card, ctx.chips, ctx.mult))
    if effect.message is not None:
        events.append((phase, source, "message", effect.message, card, ctx.chips, ctx.mult))


def _score_card_once(ctx: ScoringContext, card: Card, individual: tuple[Any, ...]) -> None:
    """One evaluation of a scored card: its own values, its edition, then every joker."""
    events = ctx.events
    phase = ctx.phase
    enh = card.enhancement
    # (a) the card's own values: chips, mult, money, ×mult
    if enh == _STONE:
        chips = STONE_CHIPS + card.perma_bonus
    else:
        chips = card.chip_value + card.perma_bonus + (BONUS_CHIPS if enh == _BONUS else 0)
    if chips > 0:
        ctx.chips += chips
        events.append((phase, card, "chips", chips, card, ctx.chips, ctx.mult))
    lucky = False
    if enh == _MULT:
        ctx.mult += MULT_CARD_MULT
        events.append((phase, card, "mult", MULT_CARD_MULT, card, ctx.chips, ctx.mult))
    elif enh == _LUCKY and ctx.chance("lucky_mult", LUCKY_MULT_ODDS):
        lucky = True
        ctx.mult += LUCKY_MULT
        events.append((phase, card, "mult", LUCKY_MULT, card, ctx.chips, ctx.mult))
    dollars = GOLD_SEAL_DOLLARS if card.seal == _GOLD_SEAL else 0
    if enh == _LUCKY and ctx.chance("lucky_money", LUCKY_DOLLARS_ODDS):
        lucky = True
        dollars += LUCKY_DOLLARS
    if dollars:
        _add_dollars(ctx, dollars, card, card)
    if enh == _GLASS:
        ctx.mult *= GLASS_X_MULT
        events.append((phase, card, "x_mult", GLASS_X_MULT, card, ctx.chips, ctx.mult))
    # (b) the card's edition
    edition = card.edition
    if edition:
        if edition == _FOIL:
            ctx.chips += FOIL_CHIPS
            events.append((phase, card, "chips", FOIL_CHIPS, card, ctx.chips, ctx.mult))
        elif edition == _HOLO:
            ctx.mult += HOLO_MULT
            events.append((phase, card, "mult", HOLO_MULT, card, ctx.chips, ctx.mult))
        elif edition == _POLY:
            ctx.mult *= POLYCHROME_X_MULT
            events.append((phase, card, "x_mult", POLYCHROME_X_MULT, card, ctx.chips, ctx.mult))
    # (c) every joker's effect on this card, left to right
    ctx.lucky_trigger = lucky
    for fn, view, source in individual:
        effect = fn(ctx, view, card)
        if effect is not None:
            _apply_card_effect(ctx, effect, source, card)
    ctx.lucky_trigger = False


def score_played_cards(ctx: ScoringContext) -> None:
    """Each scoring card left to right, with its retriggers (red seal, then jokers)."""
    if ctx.debuffed:
        return
    ctx.phase = "scored cards"
    plans = ctx.plans
    repetition = plans.plan("joker_repetition")
    individual = plans.plan("joker_individual")
    events = ctx.events
    for card in ctx.scoring:
        if card.debuffed:
            if ctx.blind is not None:
                ctx.blind.triggered = True
            events.append((ctx.phase, card, "debuffed", None, card, ctx.chips, ctx.mult))
            continue
        retriggers: list[object] = []
        if card.seal == _RED_SEAL:
            retriggers.append(card)
        for fn, view, source in repetition:
            times = fn(ctx, view, card)
            if times:
                retriggers.extend([source] * times)
        _score_card_once(ctx, card, individual)
        for source in retriggers:
            events.append((ctx.phase, source, "retrigger", None, card, ctx.chips, ctx.mult))
            _score_card_once(ctx, card, individual)


# ---------------------------------------------------------------------------------------
# held cards
# ---------------------------------------------------------------------------------------


def _held_effects(ctx: ScoringContext, card: Card, individual: tuple[Any, ...]) -> list[tuple[object, Any]]:
    found: list[tuple[object, Any]] = []
    if card.enhancement == _STEEL and not card.debuffed:
        found.append((card, _STEEL_EFFECT))
    for fn, view, source in individual:
        effect = fn(ctx, view, card)
        if effect is not None:
            found.append((source, effect))
    return found


def _apply_held(ctx: ScoringContext, card: Card, found: list[tuple[object, Any]]) -> None:
    """Held-card effects apply money, then mult, then ×mult."""
    events = ctx.events
    phase = ctx.phase
    for source, effect in found:
        if effect.dollars is not None:
            _add_dollars(ctx, effect.dollars, source, card)
        if effect.mult is not None:
            ctx.mult += effect.mult
            events.append((phase, source, "mult", effect.mult, card, ctx.chips, ctx.mult))
        if effect.x_mult is not None:
            ctx.mult *= effect.x_mult
            events.append((phase, source, "x_mult", effect.x_mult, card, ctx.chips, ctx.mult))
        if effect.chips is not None:
            ctx.chips += effect.chips
            events.append((phase, source, "chips", effect.chips, card, ctx.chips, ctx.mult))
        if effect.message is not None:
            events.append((phase, source, "message", effect.message, card, ctx.chips, ctx.mult))


def score_held_cards(ctx: ScoringContext) -> None:
    """Each held card left to right: Steel and jokers' held effects, retriggered by red
    seals and Mime only when something happened."""
    if ctx.debuffed:
        return
    ctx.phase = "held cards"
    plans = ctx.plans
    individual = plans.plan("joker_held_individual")
    repetition = plans.plan("joker_held_repetition")
    if not individual and not any(c.enhancement == _STEEL for c in ctx.held):
        return
    for card in list(ctx.held):
        found = _held_effects(ctx, card, individual)
        if not found:
            continue
        retriggers: list[object] = []
        if card.seal == _RED_SEAL and not card.debuffed:
            retriggers.append(card)
        for fn, view, source in repetition:
            times = fn(ctx, view, card)
            if times:
                retriggers.extend([source] * times)
        _apply_held(ctx, card, found)
        for source in retriggers:
            ctx.events.append((ctx.phase, source, "retrigger", None, card, ctx.chips, ctx.mult))
            _apply_held(ctx, card, _held_effects(ctx, card, individual))


# ---------------------------------------------------------------------------------------
# jokers
# ---------------------------------------------------------------------------------------


def _apply_joker_effect(ctx: ScoringContext, effect: Any, source: object, target: object) -> None:
    """A joker-pass effect: mult, chips, then ×mult."""
    if effect is None:
        return
    events = ctx.events
    phase = ctx.phase
    if effect.mult is not None:
        ctx.mult += effect.mult
        events.append((phase, source, "mult", effect.mult, target, ctx.chips, ctx.mult))
    if effect.chips is not None:
        ctx.chips += effect.chips
        events.append((phase, source, "chips", effect.chips, target, ctx.chips, ctx.mult))
    if effect.x_mult is not None:
        ctx.mult *= effect.x_mult
        events.append((phase, source, "x_mult", effect.x_mult, target, ctx.chips, ctx.mult))
    if effect.dollars is not None:
        _add_dollars(ctx, effect.dollars, source, target)
    if effect.message is not None:
        events.append((phase, source, "message", effect.message, target, ctx.chips, ctx.mult))


def joker_pass(ctx: ScoringContext) -> None:
    """Each joker left to right: Foil/Holo, its main effect, joker-on-joker effects,
    Polychrome; then each consumable the same way."""
    if ctx.debuffed:
        return
    ctx.phase = "jokers"
    plans = ctx.plans
    main = plans.by_slot("joker_main")
    other = plans.plan("joker_other_joker")
    events = ctx.events
    for i, joker in enumerate(ctx.jokers):
        edition = Edition.NONE if joker.debuffed else joker.edition
        if edition == _FOIL:
            ctx.chips += FOIL_CHIPS
            events.append(("jokers", joker, "chips", FOIL_CHIPS, None, ctx.chips, ctx.mult))
        elif edition == _HOLO:
            ctx.mult += HOLO_MULT
            events.append(("jokers", joker, "mult", HOLO_MULT, None, ctx.chips, ctx.mult))
        entry = main[i]
        if entry is not None:
            fn, view, source = entry
            _apply_joker_effect(ctx, fn(ctx, view), source, None)
        for fn, view, source in other:
            _apply_joker_effect(ctx, fn(ctx, view, joker), source, joker)
        if edition == _POLY:
            ctx.mult *= POLYCHROME_X_MULT
            events.append(("jokers", joker, "x_mult", POLYCHROME_X_MULT, None, ctx.chips, ctx.mult))
    if ctx.consumables:
        consumable_main = ctx.game.plugins.table("consumable_main")
        for consumable in ctx.consumables:
            edition = consumable.edition
            if edition == _FOIL:
                ctx.chips += FOIL_CHIPS
                events.append(("jokers", consumable, "chips", FOIL_CHIPS, None, ctx.chips, ctx.mult))
            elif edition == _HOLO:
                ctx.mult += HOLO_MULT
                events.append(("jokers", consumable, "mult", HOLO_MULT, None, ctx.chips, ctx.mult))
            fn = consumable_main.get(consumable.key)
            if fn is not None:
                _apply_joker_effect(ctx, fn(ctx, consumable), consumable, None)
            for fn, view, source in other:
                _apply_joker_effect(ctx, fn(ctx, view, consumable), source, consumable)
            if edition == _POLY:
                ctx.mult *= POLYCHROME_X_MULT
                events.append(
                    ("jokers", consumable, "x_mult", POLYCHROME_X_MULT, None, ctx.chips, ctx.mult)
                )


# ---------------------------------------------------------------------------------------
# final step, destruction, score, after
# ---------------------------------------------------------------------------------------


def deck_final_step(ctx: ScoringContext) -> None:
    """The deck's last word on chips and mult (Plasma Deck)."""
    if ctx.debuffed:
        return
    final = ctx.game.plugins.table("deck_final_scoring_step").get(ctx.deck.key)
    if final is None:
        return
    changed = final(ctx, ctx.deck, ctx.chips, ctx.mult)
    if changed is not None:
        ctx.chips, ctx.mult = changed
        ctx.events.append(("final step", ctx.deck, "set", tuple(changed), None, ctx.chips, ctx.mult))


def destroy_cards(ctx: ScoringContext) -> None:
    """Jokers may destroy scoring cards (Sixth Sense); Glass cards may shatter."""
    if ctx.debuffed:
        return
    ctx.phase = "destroy"
    destroying = ctx.plans.plan("joker_destroying_card")
    destroyed = ctx.destroyed
    for card in ctx.scoring:
        gone = False
        for fn, view, _source in destroying:
            if fn(ctx, view, card):
                gone = True
                break
        if (
            card.enhancement == _GLASS
            and not card.debuffed
            and ctx.chance("glass", GLASS_SHATTER_ODDS)
        ):
            gone = True
        if gone:
            destroyed.append(card)
            ctx.events.append(("destroy", card, "destroy", None, card, ctx.chips, ctx.mult))
    for fn, view, _source in ctx.plans.plan("joker_cards_destroyed"):
        fn(ctx, view, tuple(destroyed))


def add_score(ctx: ScoringContext) -> None:
    """The hand's score: ``floor(chips * mult)``."""
    ctx.score = 0 if ctx.debuffed else int(math.floor(ctx.chips * ctx.mult))


def jokers_after(ctx: ScoringContext) -> None:
    """Jokers' ``after`` context; then the hand's money reaches the run."""
    ctx.phase = "after"
    for fn, view, source in ctx.plans.plan("joker_after"):
        effect = fn(ctx, view)
        if effect is not None:
            # The score is settled: only money and notes can still come out of a hand.
            if effect.dollars is not None:
                _add_dollars(ctx, effect.dollars, source, None)
            if effect.message is not None:
                ctx.note(source, effect.message)
    ctx.run.dollars += ctx.dollar_buffer


def vanilla_systems() -> list[System]:
    """The built-in scoring systems, one per phase."""
    steps = (
        ("detect_hand", "detect", detect_hand),
        ("check_hand_debuff", "hand debuff", check_hand_debuff),
        ("jokers_before", "before", jokers_before),
        ("blind_modifies_hand", "blind modifies hand", blind_modifies_hand),
        ("score_played_cards", "scored cards", score_played_cards),
        ("score_held_cards", "held cards", score_held_cards),
        ("joker_pass", "jokers", joker_pass),
        ("deck_final_step", "final step", deck_final_step),
        ("destroy_cards", "destroy", destroy_cards),
        ("add_score", "score", add_score),
        ("jokers_after", "after", jokers_after),
    )
    return [System(name, phase, fn) for name, phase, fn in steps]


