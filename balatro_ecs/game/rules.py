"""Rule parameters that content can change: the knobs behind Four Fingers, Juggler, Credit Card...

The engine never asks "is Four Fingers owned?". It rebuilds one :class:`Rules` record
whenever the joker row, the vouchers or the plugin set change, by letting every active
joker's ``joker_rules`` hook (and every owned voucher's ``voucher_rules`` hook) adjust a
fresh record; the mechanisms read the record. Passive effects are therefore *declared*,
never added and removed by hand: a debuffed or sold joker simply stops declaring them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["Rules"]

#: How many times any game's rules were derived (``RulesSync._derive``, the one place
#: where content writes a game's rules): while it stays the same, no game's rules changed
#: (``copying.restore_scored`` skips comparing them then).
DERIVED = [0]


@dataclass(slots=True)
class Rules:
    """Rule parameters in force for one game.

    Hooks mutate a fresh instance; nothing else writes to it.
    """

    # -- hand detection and scoring ---------------------------------------------------
    #: Cards a flush needs (Four Fingers: 4).
    flush_size: int = 5
    #: Cards a straight needs (Four Fingers: 4).
    straight_size: int = 5
    #: A straight may skip single missing ranks (Shortcut).
    straight_skips: bool = False
    #: Hearts/Diamonds and Spades/Clubs count as one suit each (Smeared Joker).
    smeared_suits: bool = False
    #: Every card counts as a face card (Pareidolia).
    all_faces: bool = False
    #: Every played card scores (Splash).
    all_played_score: bool = False
    #: Multiplier on every "1 in N" chance (Oops! All 6s doubles it).
    probability_scale: float = 1.0

    # -- the round ----------------------------------------------------------------------
    #: Added to the hand size (Juggler +1, Troubadour +2, Stuntman -2, Turtle Bean, ...).
    hand_size_delta: int = 0
    #: Added to the hands of every round (Troubadour -1).
    hands_delta: int = 0
    #: Added to the discards of every round (Drunkard +1, Merry Andy +3).
    discards_delta: int = 0

    # -- selecting cards ------------------------------------------------------------------
    #: The most cards that may be selected at once: to play, to discard, as a consumable's
    #: targets (Cryptid's Fractal Fingers: +2). The fixed action space's mask covers 5;
    #: ``Game.legal_actions()`` lists every legal selection (see ``docs/learning.md``).
    selection_limit: int = 5

    # -- money and the shop -------------------------------------------------------------
    #: How far below $0 purchases may go (Credit Card: 20).
    debt_limit: int = 0
    #: Extra dollars of interest per $5 (To the Moon: +1 each).
    interest_bonus: int = 0
    #: Free shop rerolls each round (Chaos the Clown: +1 each).
    free_rerolls: int = 0
    #: Consumable sets whose cards cost $0 in the shop, by set name (Astronomer: Planet).
    free_consumable_sets: frozenset[str] = frozenset()
    #: Booster pack kinds that cost $0 in the shop (Astronomer: Celestial).
    free_booster_kinds: frozenset[str] = frozenset()
    #: Owned jokers and consumables may appear again in pools (Showman).
    allow_duplicates: bool = False
    #: Added to the shop's card slots (the run's own, ``run.shop_slots``, grow with
    #: Overstock); a slot gained mid-visit is stocked at once.
    shop_slots_delta: int = 0
    #: Booster packs the shop offers each visit (Cryptid's Booster Joker: +1); a slot
    #: gained mid-visit gets a pack at once.
    booster_slots: int = 2

    # -- vouchers ------------------------------------------------------------------------
    #: The Boss Blind may be rerolled once per ante (Director's Cut).
    boss_reroll_once_per_ante: bool = False
    #: The Boss Blind may be rerolled any number of times (Retcon).
    boss_reroll_unlimited: bool = False
    #: What rerolling the Boss Blind costs (Director's Cut and Retcon: $10).
    boss_reroll_cost: int = 0
    #: A Celestial pack's first card is the Planet of the most played hand (Telescope).
    celestial_most_played: bool = False
    #: Each card of an Arcana pack may be a Spectral card: it is when a draw on the
    #: ``omen_globe`` stream exceeds this (Omen Globe: 0.8); ``None``: never (no draw).
    arcana_spectral_above: float | None = None
    #: Playing cards in the shop may be enhanced, have an edition or a seal (Illusion).
    shop_card_modifiers: bool = False

    def reset(self) -> None:
        """Back to the vanilla defaults, in place (handles keep a reference to this object)."""
        for name, value in _DEFAULTS:
            setattr(self, name, value)

    def detection_key(self) -> tuple[int, int, bool, bool]:
        """The parameters that hand detection depends on (suit merging is folded into cards)."""
        return (self.flush_size, self.straight_size, self.straight_skips, self.smeared_suits)


#: Every field and its default, in order (what :meth:`Rules.reset` puts back).
_DEFAULTS: tuple[tuple[str, object], ...] = tuple((f.name, f.default) for f in fields(Rules))
