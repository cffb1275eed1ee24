"""Determinised clones for search: the game as the player knows it, with the unknown
resampled (:meth:`Game.determinize <balatro_ecs.game.Game.determinize>`).

A tree search that plays on a plain :meth:`~balatro_ecs.game.Game.clone` cheats: the
clone draws the same cards and sees the same shops as the real run, because it carries
the run's random streams. :func:`determinize` makes a clone in which everything the
player cannot know is resampled from ``rng_seed``, consistently with what they can see:

* **the unseen cards**: the draw pile and the cards in hand dealt face down (The House,
  The Wheel, The Mark, The Fish) are dealt again (:func:`~balatro_ecs.game.unseen.deal_unseen`):
  sorted by creation, shuffled on a stream of the new seed, each face-down slot given an
  unseen card that could lie there (a face card under The Mark), the rest the pile, so
  neither the order nor a face-down card's identity depends on anything hidden;
* **every future random draw** (shops, packs, bosses and tags of later antes, chance
  effects, the Wheel of Fortune, ...): the clone gets a new run seed derived from
  ``rng_seed`` and fresh streams, so its future is not the run's;
* **the ante's voucher while no shop has shown it yet**: drawn again from the new streams;
* **the order of jokers flipped face down by Amber Acorn**: shuffled among their slots.

Everything visible stays equal: the hand's face-up cards, the jokers and their counters,
consumables, the shop and the pack on display, money, the blind, the tags offered, hand
levels and the composition of the unseen cards (the deck view counts the face-down cards
in hand with the pile; :func:`balatro_ecs.tools.search.player_view` is equal for the game
and its clones).

The same game and ``rng_seed`` always give the same clone. The clone's :attr:`seed` is the
derived seed (a determinised game is one possible world, not the run itself).

>>> from balatro_ecs import Game
>>> from balatro_ecs.tools.search import player_view
>>> game = Game(seed="SEARCH01")
>>> world = game.determinize(1)
>>> player_view(world) == player_view(game), world.seed != game.seed
(True, True)
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from ..kernel.components import Area
from ..kernel.rng import GameRandom
from .run.blinds import next_voucher
from .state import Phase
from .unseen import deal_unseen

if TYPE_CHECKING:
    from .game import Game

__all__ = ["derive_seed", "determinize", "face_down_jokers", "voucher_hidden"]

_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"  # the game's: no 0, no O


def derive_seed(rng_seed: int | str, salt: str = "determinize") -> str:
    """An 8-character game seed derived from ``rng_seed`` (SHA-256: any two rng seeds give
    unrelated seeds).

    >>> derive_seed(1) == derive_seed(1) != derive_seed(2)
    True
    """
    digest = hashlib.sha256(f"{salt}:{type(rng_seed).__name__}:{rng_seed}".encode()).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:8])


def voucher_hidden(game: Game) -> bool:
    """Whether the ante's voucher offer is still unseen: drawn at the run's start and after
    each boss, it is shown by the next shop (and every shop of the ante after it)."""
    run = game.run
    if run.voucher_offer is None:
        return False
    phase = run.phase
    if phase is Phase.SHOP or (phase is Phase.PACK and game.pack_return is Phase.SHOP):
        return False
    if phase is Phase.CASH_OUT and run.boss_defeated:
        return True  # drawn as the boss fell; the shop after this cash-out shows it
    # A shop follows every blind beaten: one was seen once a round before this one ended.
    in_round = phase in (Phase.ROUND, Phase.CASH_OUT, Phase.GAME_OVER)
    return run.round - (1 if in_round else 0) <= 0


def determinize(game: Game, rng_seed: int | str) -> Game:
    """A clone of ``game`` with the hidden information resampled from ``rng_seed`` (see the
    module's docs); ``game`` is not changed."""
    clone = game.clone()
    seed = derive_seed(rng_seed)
    clone.seed = seed
    clone.rng = GameRandom(seed)
    if voucher_hidden(clone):
        clone.run.voucher_offer = next_voucher(clone)
    down = sorted(face_down_jokers(clone))
    if len(down) > 1:
        flipped = sorted((clone.jokers[i] for i in down), key=lambda j: j.serial)
        clone.rng.shuffle("determinize_jokers", flipped)
        row = clone.jokers
        for slot, joker in zip(down, flipped, strict=True):
            row[slot] = joker
        clone._renumber(row)
        clone._row_changed()
    _deal_again(clone)
    return clone


def _deal_again(game: Game) -> None:
    """Deal the unseen cards (the draw pile and the face-down cards in hand) again on the
    game's (new) streams: :func:`~balatro_ecs.game.unseen.deal_unseen`."""
    hand = game.area(Area.HAND)
    slots = [i for i, card in enumerate(hand) if card.face_down]
    taken, pile = deal_unseen(game, game.rng, "determinize")
    if not taken and not pile:
        return
    deck = game.area(Area.DECK)
    renamed = {}
    for i, card in zip(slots, taken, strict=True):
        renamed[hand[i].serial] = card.serial
        hand[i] = card
        card.zone.area, card.zone.slot = Area.HAND, i
        card.set_face_down(True)
    if renamed and game.run.hand_layout:  # the new card lies where the old one lay
        game.run.hand_layout = [renamed.get(s, s) for s in game.run.hand_layout]
    deck[:] = pile
    for i, card in enumerate(pile):
        card.zone.area, card.zone.slot = Area.DECK, i
        card.set_face_down(False)


def face_down_jokers(game: Game) -> frozenset[int]:
    """Slots of the jokers the player sees face down (flipped by Amber Acorn)."""
    blind = game.blind
    if blind is None or blind.disabled:
        return frozenset()
    flipped = blind.memory.get("flipped")
    if isinstance(flipped, list):
        serials = set(flipped)
        return frozenset(i for i, j in enumerate(game.jokers) if j.serial in serials)
    return frozenset(range(len(game.jokers))) if flipped else frozenset()
