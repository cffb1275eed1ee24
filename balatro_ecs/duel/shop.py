"""The duel's shop: items drawn from the engine's content pools on the duel's own streams.

A shop shows :data:`~balatro_ecs.duel.rules.SHOP_ITEMS` items. Each is a joker or a
Planet card, rolled in the solo shop's proportions (:data:`~.rules.JOKER_WEIGHT` to
:data:`~.rules.PLANET_WEIGHT`) on the game's card-type stream; jokers are listed first.
A joker is drawn as the game draws one (rarity roll, the rarity's pool, resampling over
unavailable entries, the edition roll without Negative, since the duel's joker row is capped
at five); a Planet comes from the Planet pool. Tarot and Spectral cards are left out: they
change cards chosen from a hand, or need a consumable slot, and the duel has neither.

No item is offered that either player owns or that the shop already shows (the solo
game's no-duplicates rule, over both players' rows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..game.pools import consumable_pool, draw_pool, pool_fallback
from ..game.run.cards_for_sale import joker_pool, poll_edition, roll_rarity
from ..kernel.content import ConsumableType, JokerType
from ..kernel.enums import Edition
from .rules import JOKER_WEIGHT, PLANET_WEIGHT, SHOP_ITEMS

if TYPE_CHECKING:
    from ..game.game import Game

__all__ = ["Offer", "roll_offers"]

#: The game's key for a shop's rolls (``key_append``).
_APPEND = "sho"


@dataclass(frozen=True)
class Offer:
    """One shop item: ``kind`` is ``"joker"`` or ``"planet"``."""

    kind: str
    key: str
    name: str
    cost: int
    edition: Edition = Edition.NONE

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "key": self.key,
            "name": self.name,
            "cost": self.cost,
            "edition": self.edition.name.lower(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Offer:
        return cls(
            str(data["kind"]),
            str(data["key"]),
            str(data["name"]),
            int(data["cost"]),
            Edition[str(data["edition"]).upper()],
        )

    def label(self) -> str:
        edition = "" if self.edition == Edition.NONE else f" ({self.edition.name.lower()})"
        kind = "joker" if self.kind == "joker" else "Planet"
        return f"{self.name}{edition}, {kind}, ${self.cost}"


def _joker(house: Game, taken: set[str]) -> Offer:
    ante = house.run.ante
    tier = roll_rarity(house, _APPEND)
    pool, stream = joker_pool(house, tier, _APPEND)
    pool = [key if key not in taken else None for key in pool]
    key = draw_pool(house, pool, stream, pool_fallback(house.plugins, "Joker"), "Joker")
    edition = poll_edition(house, f"edi{_APPEND}{ante}", no_negative=True)
    jtype = house.plugins.find(JokerType, key)
    return Offer("joker", key, jtype.name, house.price(jtype.cost, edition), edition)


def _planet(house: Game, taken: set[str]) -> Offer:
    pool, stream = consumable_pool(house, "Planet", _APPEND)
    pool = [key if key not in taken else None for key in pool]
    key = draw_pool(house, pool, stream, pool_fallback(house.plugins, "Planet"), "Planet")
    ctype = house.plugins.find(ConsumableType, key)
    return Offer("planet", key, ctype.name, house.price(ctype.cost))


def roll_offers(house: Game, owned: set[str], flags: set[str]) -> list[Offer]:
    """Draw a shop on ``house``'s streams. ``owned``: the players' joker keys (not
    offered); ``flags``: the players' run flags (Gros Michel gone lets Cavendish in)."""
    house.run.flags = sorted(flags)
    taken = set(owned)
    offers: list[Offer] = []
    total = JOKER_WEIGHT + PLANET_WEIGHT
    for _ in range(SHOP_ITEMS):
        roll = house.rng.random(f"cdt{house.run.ante}") * total
        offer = _joker(house, taken) if roll < JOKER_WEIGHT else _planet(house, taken)
        taken.add(offer.key)
        offers.append(offer)
    offers.sort(key=lambda o: o.kind != "joker")  # jokers first (a stable sort)
    return offers
