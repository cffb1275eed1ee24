"""What the player has not seen: face-down cards, and previews that do not peek.

Two things a fair player (or a search that must not cheat) needs:

* **The unseen cards** (:func:`unseen_cards`): the draw pile and the cards in hand dealt
  face down (The House, The Wheel, The Mark, The Fish). The player's deck view counts
  them together; which face-down card is which, and the pile's order, are unknown.
  :func:`deal_unseen` deals them again on a random stream: each face-down slot gets an
  unseen card that could have been dealt face down there (under The Mark, a face card),
  the rest become the pile, in an order that depends only on which cards are unseen and
  the stream, never on the hidden order or identities.
  (:meth:`Game.determinize <balatro_ecs.game.game.Game.determinize>` uses it.)
* **The player's preview** (:func:`player_previews`, ``Game.preview_plays(...,
  player=True)``): what a play would score *as far as the player can tell*. The plain
  preview runs the real scoring on the real random streams, so it knows whether a Lucky
  card will pay, what Misprint will add, whether Bloodstone triggers, and which cards lie
  face down. The player's preview scores the play in ``samples`` possible worlds instead,
  each with fresh random streams seeded only from what the player knows (how many
  actions were taken, the world's number) and the face-down cards dealt again from the
  unseen ones, and gives the **expected score** (the mean over the worlds), with its
  lowest and highest. A play that neither draws from a random stream nor involves a
  face-down card is scored once: its preview is exact.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..kernel import components as C
from ..kernel.rng import GameRandom
from .copying import PreviewSession
from .scoring.result import ScoreResult

if TYPE_CHECKING:
    from .cards import Card
    from .game import Game

__all__ = [
    "PlayerPreview",
    "could_be_face_down",
    "deal_unseen",
    "player_previews",
    "unseen_cards",
    "world_seed",
]

_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"  # the game's: no 0, no O


def world_seed(*parts: object) -> str:
    """An 8-character game seed made from ``parts`` (SHA-256: unrelated seeds for any two
    different lists of parts)."""
    text = ":".join(f"{type(p).__name__}={p}" for p in parts)
    digest = hashlib.sha256(text.encode()).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:8])


def unseen_cards(game: Game) -> list[Card]:
    """The playing cards the player has not seen: the draw pile, then the face-down cards
    in hand (what the deck view counts as still to come)."""
    out = list(game.area(C.Area.DECK))
    out += [card for card in game.area(C.Area.HAND) if card.face_down]
    return out


class _Probe(GameRandom):
    """Streams whose every roll comes out the lowest way: a "1 in N" chance always hits.
    Asks a blind's face-down rule whether a card *could* be dealt face down."""

    def random(self, key: str) -> float:
        return 0.0

    def randint(self, key: str, low: int, high: int) -> int:
        return low


def could_be_face_down(game: Game, cards: Sequence[Card]) -> list[bool]:
    """For each card, whether it could be one of the face-down cards in hand: whether the
    blind's face-down rule (``blind_face_down``) flips it when every chance comes out its
    way. A rule that flips none of the face-down cards now (The House after the first
    hand, The Fish between hands: the moment of the deal decided, not the card) says
    nothing about which cards they are, so every card could be."""
    rule = game._blind_impl("blind_face_down")
    blind = game.blind
    if rule is None or blind is None:
        return [True] * len(cards)
    real, game.rng = game.rng, _Probe("PROBE")
    try:
        flips = [bool(rule(game, blind, card)) for card in cards]
    finally:
        game.rng = real
    down = [card.face_down for card in cards]
    if not any(f and d for f, d in zip(flips, down, strict=True)):
        return [True] * len(cards)
    return flips


def deal_unseen(game: Game, rng: GameRandom, stream: str) -> tuple[list[Card], list[Card]]:
    """The unseen cards dealt again: ``(face_down, pile)``, the cards for the face-down
    slots of the hand (left to right) and the draw pile's new order (its top last, as the
    game keeps it). Depends only on which cards are unseen (sorted by creation, then
    shuffled on ``stream``), never on their hidden order. Changes nothing."""
    hand = game.area(C.Area.HAND)
    slots = [card for card in hand if card.face_down]
    pool = sorted(unseen_cards(game), key=lambda c: c.serial)
    if not pool:
        return [], []
    fits = dict(zip(map(id, pool), could_be_face_down(game, pool), strict=True))
    rng.shuffle(stream, pool)
    taken: list[Card] = []
    rest = list(pool)
    for _ in slots:
        pick = next((c for c in rest if fits[id(c)]), rest[0])
        rest.remove(pick)
        taken.append(pick)
    return taken, rest


# ---------------------------------------------------------------------------------------
# the player's preview
# ---------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class PlayerPreview(ScoreResult):
    """A play's score as the player can know it (:func:`player_previews`).

    ``score``, ``chips``, ``mult`` and ``dollars`` are means over the possible worlds
    (``samples`` of them), ``hand_name`` the poker hand found most often; ``low`` and
    ``high`` bound the scores seen. ``exact`` is true when no chance and no face-down card
    was involved: then every field is the one true outcome (``samples`` is 1). The
    ``scoring``, ``destroyed`` and ``events`` are the first world's.
    """

    exact: bool = True
    samples: int = 1
    low: float = 0.0
    high: float = 0.0


class _World:
    """One possible world for the player's preview: fresh streams and, when cards lie
    face down, another dealing of the unseen cards."""

    __slots__ = ("deal", "rng")

    def __init__(self, game: Game, index: int, down: bool) -> None:
        self.rng = GameRandom(world_seed("player-preview", len(game.log), index))
        self.deal: tuple[list[Card], list[Card]] | None = None
        if down:
            dealer = GameRandom(world_seed("player-preview-deal", len(game.log), index))
            self.deal = deal_unseen(game, dealer, "deal")

    def enter(self, game: Game) -> list[Any]:
        """Put this world's streams in place and, if cards lie face down, its cards in the
        face-down slots (the cards they replace go to the pile). Returns what
        :meth:`leave` needs."""
        self.rng.restore({})
        game.rng = self.rng
        if self.deal is None:
            return []
        hand = game._areas[C.Area.HAND]
        deck = game._areas[C.Area.DECK]
        saved = [list(deck)]
        taken, rest = self.deal
        slots = [i for i, card in enumerate(hand) if card.face_down]
        renamed = {}
        for i, card in zip(slots, taken, strict=True):
            renamed[hand[i].serial] = card.serial
            hand[i] = card
            card.zone.area, card.zone.slot = C.Area.HAND, i
        run = game.run
        if run.hand_layout:  # (the preview state puts the layout back)
            run.hand_layout = [renamed.get(s, s) for s in run.hand_layout]
        deck[:] = rest
        for i, card in enumerate(rest):
            card.zone.area, card.zone.slot = C.Area.DECK, i
        return saved

    @staticmethod
    def leave(game: Game, saved: list[Any]) -> None:
        """Put the pile back (the hand and the play area are the preview state's)."""
        if not saved:
            return
        deck = game._areas[C.Area.DECK]
        deck[:] = saved[0]
        for i, card in enumerate(deck):
            card.zone.area, card.zone.slot = C.Area.DECK, i


def player_previews(
    game: Game, plays: Sequence[Sequence[int]], samples: int = 16
) -> list[PlayerPreview]:
    """What each play (checked, sorted hand positions) would score as far as the player
    can tell (see the module's docs); the game is left exactly as it was."""

    if samples < 1:
        raise ValueError(f"samples: expected at least 1, got {samples}")
    hand = game.area(C.Area.HAND)
    down = any(card.face_down for card in hand)
    worlds: list[_World] = []
    real = game.rng
    out: list[PlayerPreview] = []
    with PreviewSession(game) as session:
        # The unseen cards a world deals into the hand are not cards the preview made.
        session.also_known(unseen_cards(game))
        try:
            for positions in plays:
                results: list[ScoreResult] = []
                for k in range(samples):
                    if k == len(worlds):
                        worlds.append(_World(game, k, down))
                    world = worlds[k]
                    pile = world.enter(game)
                    try:
                        results.append(session.score(list(positions)))
                        drew = bool(world.rng._state)
                    finally:
                        game.rng = real
                        session.put_back()
                        world.leave(game, pile)
                    if k == 0 and not drew and not down:
                        break  # no chance, no hidden card: the one true outcome
                out.append(_combine(results, exact=len(results) == 1))
        finally:
            game.rng = real
    return out


def _combine(results: Sequence[ScoreResult], *, exact: bool) -> PlayerPreview:
    first = results[0]
    n = len(results)
    scores = [float(r.score) for r in results]
    names = Counter(r.hand_name for r in results)
    return PlayerPreview(
        hand_name=names.most_common(1)[0][0] if not exact else first.hand_name,
        chips=first.chips if exact else sum(r.chips for r in results) / n,
        mult=first.mult if exact else sum(r.mult for r in results) / n,
        score=first.score if exact else sum(scores) / n,
        debuffed=first.debuffed if exact else all(r.debuffed for r in results),
        dollars=first.dollars if exact else round(sum(r.dollars for r in results) / n),
        scoring=first.scoring,
        destroyed=first.destroyed,
        events=first.events,
        exact=exact,
        samples=n,
        low=min(scores),
        high=max(scores),
    )
