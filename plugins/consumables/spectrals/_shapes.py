"""Rule shapes shared by several Spectral cards: the same rule with other numbers.

Each function takes the card's :class:`~balatro_ecs.kernel.content.ConsumableType` and returns a
hook implementation, its numbers read from the card's reference config; a spectral module
assigns it to the hook's name, e.g.::

    consumable_can_use = _shapes.whole_hand
    consumable_use = _shapes.destroy_and_create(SPECTRAL, ranks=(14,), stream="grim_create")

Facts (spectrals.toml, and the game's ``Card:can_use_consumeable`` / ``use_consumeable``):

* Familiar, Grim, Incantation, Immolate, Sigil and Ouija act on the whole hand: they need
  more than one card in it (a round, or an open Arcana or Spectral pack).
* Random picks go through ``pseudorandom_element``/``pseudoshuffle``, which sort cards and
  jokers by creation order first; suits are listed S, H, D, C; the enhancements of
  created cards are the Enhanced pool in its order, less Stone (and the packs'
  enhancements without a rank).
* The jokers hear of destroyed cards (``remove_playing_cards``) as the card is used,
  before its Glass cards break, so Glass Joker does not count those (Canio counts faces).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from balatro_ecs.plugin import (
    Area,
    CardSpec,
    ConsumableType,
    Enhancement,
    Suit,
    hookimpl,
    parse_enhancement,
    parse_seal,
)
from balatro_ecs_vanilla import reference

from ..tarots._shapes import change_each

__all__ = [
    "ENHANCEMENTS",
    "SUITS",
    "add_seal",
    "destroy_and_create",
    "editionless_jokers",
    "hand_by_creation",
    "needs_editionless_joker",
    "needs_joker_room",
    "whole_hand",
]

Hook = Callable[..., Any]

#: The suits as the game lists them when it draws one (Familiar & co., Sigil).
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

#: The game's enhancements a created card may get: the Enhanced pool in its order, less
#: Stone (the draw is ``game.random_enhancement``, which adds the packs'
#: enhancements that have a rank).
ENHANCEMENTS: tuple[Enhancement, ...] = tuple(
    parse_enhancement(row["key"])
    for row in sorted(reference.table("enhancements")["enhancement"], key=lambda r: r["order"])
    if row["key"] != Enhancement.STONE.key
)

#: Cards the hand must hold for a card that acts on the whole hand (more than one).
_HAND_NEEDED = 2


def hand_by_creation(game: Any) -> list[Any]:
    """The cards in hand in creation order, as the game sorts them before a random pick."""
    return sorted(game.hand, key=lambda card: card.serial)


@hookimpl
def whole_hand(game: Any, consumable: Any, targets: Any) -> bool | str:
    """``consumable_can_use`` of a card that acts on the whole hand (Familiar & co.)."""
    if len(game.hand) >= _HAND_NEEDED:
        return True
    return f"needs at least {_HAND_NEEDED} cards in hand ({len(game.hand)} held)"


def add_seal(stype: ConsumableType) -> Hook:
    """The selected card gets the seal ``extra`` (Talisman, Deja Vu, Trance, Medium)."""
    seal = parse_seal(stype.config["extra"])
    return change_each(lambda card: card.set_seal(seal))


def destroy_and_create(stype: ConsumableType, ranks: Sequence[int], stream: str) -> Hook:
    """Destroy one random card in hand, then add ``extra`` new cards to the hand.

    The victim is drawn on ``random_destroy``. Each new card draws its rank (when there is
    a choice) then its suit on ``stream``, and its enhancement (never Stone) on
    ``spe_card``. The jokers then hear of the cards added (Hologram). The game makes the
    new cards without asking the blind about them, so none is debuffed this blind (a King
    made under The Plant still scores) until the blind's debuffs are worked out again.
    """
    count = int(stype.config["extra"])

    @hookimpl
    def consumable_use(game: Any, consumable: Any, targets: Any) -> None:
        rng = game.rng
        victim = rng.element("random_destroy", hand_by_creation(game))
        game.destroy_cards((victim,), shatter_seen=False)
        made = []
        for _ in range(count):
            rank = ranks[0] if len(ranks) == 1 else rng.element(stream, ranks)
            suit = rng.element(stream, SUITS)
            enhancement = game.random_enhancement("spe_card", created=True)
            card = game.add_card(CardSpec(rank, suit, enhancement=enhancement), Area.HAND)
            card.set_debuff(by_blind=False)  # made fresh: the blind has not looked at it
            made.append(card)
        game.playing_cards_added(made)

    return consumable_use


@hookimpl
def needs_joker_room(game: Any, consumable: Any, targets: Any) -> bool | str:
    """``consumable_can_use`` of a card that creates a joker (Wraith, The Soul)."""
    return True if game.has_room_for_joker() else "no free joker slot"


def editionless_jokers(game: Any) -> list[Any]:
    """The jokers without an edition, in creation order (Ectoplasm's and Hex's choice)."""
    return sorted((j for j in game.jokers if not j.edition), key=lambda j: j.serial)


@hookimpl
def needs_editionless_joker(game: Any, consumable: Any, targets: Any) -> bool | str:
    """``consumable_can_use`` of Ectoplasm and Hex."""
    return True if editionless_jokers(game) else "no joker without an edition"
