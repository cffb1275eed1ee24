"""Booster packs: opening one, picking cards from it, skipping it.

Pack contents follow the game (boosters.toml): Buffoon packs hold jokers, Celestial packs
Planets (with Telescope the first is the most played hand's), Arcana packs Tarots (Omen
Globe turns some into Spectrals), Spectral packs Spectrals, Standard packs playing cards
with rolled enhancement, edition and seal. Consumables picked from a pack are used at
once; a card that cannot be used now cannot be picked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..components import Area
from ..content import BoosterType
from ..enums import Edition, HandType, Seal
from ..errors import IllegalActionError
from ..jokers import Consumable, Joker
from ..pools import planet_for
from ..state import Phase
from .cards_for_sale import (
    make_consumable,
    make_joker,
    make_playing_card,
    poll_edition,
    random_seal,
)

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "check_pick",
    "check_use",
    "close_pack",
    "open_pack",
    "pick",
    "skip_pack",
    "use_consumable",
    "use_held",
]


def _pack_card(game: Game, booster: BoosterType, index: int) -> Joker | Consumable | Card:
    run = game.run
    kind = booster.kind
    if kind == "Buffoon":
        return make_joker(game, Area.PACK, "buf")
    if kind == "Celestial":
        forced = None
        if index == 0 and game.rules.celestial_most_played:
            best, most = None, 0
            for hand in map(HandType, range(len(run.hands))):  # the game's hands
                stats = run.hands[hand]
                if stats.visible and stats.played > most:
                    best, most = hand, stats.played
            forced = planet_for(game, best) if best is not None else None
        return make_consumable(game, "Planet", Area.PACK, "pl1", soulable=True, forced=forced)
    if kind == "Arcana":
        above = game.rules.arcana_spectral_above
        if above is not None and game.rng.random("omen_globe") > above:
            return make_consumable(game, "Spectral", Area.PACK, "ar2", soulable=True)
        return make_consumable(game, "Tarot", Area.PACK, "ar1", soulable=True)
    if kind == "Spectral":
        return make_consumable(game, "Spectral", Area.PACK, "spe", soulable=True)
    # Standard: edition, seal, then plain or enhanced
    ante = run.ante
    edition = poll_edition(game, f"standard_edition{ante}", mod=2, no_negative=True)
    seal = Seal.NONE
    if game.rng.random(f"stdseal{ante}") > 1 - 0.02 * 10:
        seal = random_seal(game, f"stdsealtype{ante}")
    enhanced = game.rng.random(f"stdset{ante}") > 0.6
    return make_playing_card(game, Area.PACK, "sta", enhanced, edition, seal)


#: Pack kinds whose cards act on the hand: opening one deals a hand to target.
HAND_PACKS = frozenset({"Arcana", "Spectral"})


def open_pack(game: Game, key: str) -> None:
    """Open a booster pack: its cards are shown and the player picks.

    An Arcana or Spectral pack first deals a full hand from the deck, so its cards have
    targets; the hand goes back to the deck when the pack closes.
    """
    booster = game.plugins.find(BoosterType, key)
    game.pack_key = key
    game.pack_return = game.run.phase
    if booster.kind in HAND_PACKS:
        game.draw(game.hand_size)
    game.pack = []
    for slot in range(booster.cards):  # one by one: each card is in play for the next draw
        item = _pack_card(game, booster, slot)
        item.zone.area = Area.PACK
        item.zone.slot = slot
        game.pack.append(item)
    game.pack_picks = booster.choose
    game.run.phase = Phase.PACK
    game.record(booster.name, "opened", key)
    game.each_joker("joker_booster_opened", key)


def close_pack(game: Game) -> None:
    for item in game.pack:
        game.drop_offer(item)
    for card in reversed(game.area(Area.HAND)):
        game.move_card(card, Area.DECK)
    game.pack = []
    game.pack_key = None
    game.pack_picks = 0
    game.run.phase = game.pack_return
    if game.run.phase is Phase.BLIND_SELECT:  # the screen comes back; more tags may act
        from .tags import enter_blind_select

        enter_blind_select(game)


def skip_pack(game: Game) -> None:
    if game.run.phase is not Phase.PACK:
        raise IllegalActionError("skip_pack: no pack is open")
    game.each_joker("joker_booster_skipped")
    close_pack(game)


def targets(game: Game, cards: tuple[int, ...]) -> list[Card]:
    hand = game.area(Area.HAND)
    if len(set(cards)) != len(cards) or any(not 0 <= c < len(hand) for c in cards):
        raise IllegalActionError(f"targets {[c + 1 for c in cards]} are not cards in hand")
    return [hand[c] for c in sorted(cards)]


def unusable_reason(game: Game, consumable: Consumable, selected: list[Card]) -> str | None:
    """Why ``consumable`` cannot be used now on ``selected``; ``None`` when it can.

    The plugin's ``consumable_can_use`` answers ``True``, or a reason (a string), or a
    plain no (``False``/``None``).
    """
    _, most = consumable.type.targets
    if most == 0 and selected:
        return f"it takes no selected cards ({len(selected)} selected)"
    rule = game.plugins.impl("consumable_can_use", consumable.key)
    if rule is None:
        return "it has no use"
    answer = rule(game, consumable, selected)
    if answer is True:
        return None
    return answer if isinstance(answer, str) and answer else "its condition is not met"


def can_use(game: Game, consumable: Consumable, selected: list[Card]) -> bool:
    return unusable_reason(game, consumable, selected) is None


def check_use(game: Game, index: int, cards: tuple[int, ...]) -> Consumable:
    """The held consumable at ``index``, if it can be used now on the hand cards ``cards``."""
    if game.run.phase is Phase.GAME_OVER:
        raise IllegalActionError("use: the run is over")
    if not 0 <= index < len(game.consumables):
        raise IllegalActionError(f"use: no consumable in slot {index + 1}")
    item = game.consumables[index]
    reason = unusable_reason(game, item, targets(game, cards))
    if reason is not None:
        raise IllegalActionError(f"use: {item.name} cannot be used now: {reason}")
    return item


def use_held(game: Game, index: int, cards: tuple[int, ...]) -> None:
    """Use the held consumable at ``index``; it is used up."""
    item = check_use(game, index, cards)
    use_consumable(game, item, targets(game, cards))
    if item in game.consumables:
        game.remove_consumable(item)


def use_consumable(game: Game, consumable: Consumable, targets: list[Card]) -> None:
    """Use a consumable: its effect, the run's usage counts, the jokers' reactions."""
    use = game.plugins.impl("consumable_use", consumable.key)
    if use is None:
        raise IllegalActionError(f"use: {consumable.name} has no use yet")
    use(game, consumable, targets)
    run = game.run
    card_set = consumable.type.set
    if card_set == "Tarot":
        run.tarots_used += 1
    elif card_set == "Planet":
        if consumable.key not in run.planets_used:
            run.planets_used.append(consumable.key)
    elif card_set == "Spectral":
        run.spectrals_used += 1
    if card_set in ("Tarot", "Planet") and consumable.key != "c_fool":
        run.last_tarot_planet = consumable.key
    game.record(consumable.name, "used", consumable.key)
    game.each_joker("joker_consumable_used", consumable)


def check_pick(game: Game, index: int, cards: tuple[int, ...]) -> Any:
    if game.run.phase is not Phase.PACK:
        raise IllegalActionError("pick: no pack is open")
    if not 0 <= index < len(game.pack):
        raise IllegalActionError(f"pick: no card {index + 1} in the pack ({len(game.pack)} shown)")
    item = game.pack[index]
    if isinstance(item, Joker):
        if len(game.jokers) >= game.joker_limit + (1 if item.edition == Edition.NEGATIVE else 0):
            raise IllegalActionError(f"pick: no free joker slot for {item.name}")
    elif isinstance(item, Consumable):
        reason = unusable_reason(game, item, targets(game, cards))
        if reason is not None:
            raise IllegalActionError(f"pick: {item.name} cannot be used now: {reason}")
    return item


def pick(game: Game, index: int, cards: tuple[int, ...] = ()) -> None:
    item = check_pick(game, index, cards)
    game.pack.pop(index)
    if isinstance(item, Joker):
        game.add_joker(item)
    elif isinstance(item, Consumable):
        use_consumable(game, item, targets(game, cards))
        game.drop_offer(item)
    else:
        game.take_card(item, Area.DECK, index=0)
        game.each_joker("joker_cards_added", (item,))
    game.pack_picks -= 1
    if game.pack_picks <= 0 or not game.pack:
        close_pack(game)
