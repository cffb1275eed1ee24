"""The methods of a round and of the held cards: ``play``, ``discard``, ``sort``,
``rearrange`` and ``use``."""

from __future__ import annotations

from typing import Any

from ....game.actions import Discard, MoveJoker, Play, Rearrange, SortHand, Use
from ....kernel.errors import IllegalActionError
from ..errors import BAD_REQUEST, INVALID_STATE, NOT_ALLOWED, RpcError
from ..gamestate import HIGHLIGHT_LIMIT
from ..params import Param
from ..session import Method, Session

__all__ = ["METHODS"]


def _chosen(session: Session, cards: list[int], verb: str) -> list[int]:
    """The mod's checks of the cards to play or discard, in its order."""
    if not cards:
        raise RpcError(BAD_REQUEST, f"Must provide at least one card to {verb}")
    if len(cards) > HIGHLIGHT_LIMIT:
        raise RpcError(
            BAD_REQUEST,
            f"You can only {verb} {HIGHLIGHT_LIMIT} cards. Provide fewer card indices.",
        )
    hand = session.require_game().hand
    seen: set[int] = set()
    for index in cards:
        if not 0 <= index < len(hand):
            raise RpcError(BAD_REQUEST, f"Invalid card index: {index}")
        if index in seen:
            raise RpcError(BAD_REQUEST, f"Duplicate card index: {index}")
        seen.add(index)
    return cards


def _forced(session: Session) -> list[int]:
    """Hand positions The Cerulean Bell keeps selected."""
    return [i for i, card in enumerate(session.require_game().hand) if card.forced]


def _play(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    cards = _chosen(session, params["cards"], "play")
    missing = [i for i in _forced(session) if i not in cards]
    if missing:  # the game keeps the forced card selected: it is played with the others
        if len(cards) + len(missing) > HIGHLIGHT_LIMIT:
            raise RpcError(
                BAD_REQUEST,
                f"Card at index {missing[0]} is forced-selected by the boss blind. "
                "Include it in your play.",
            )
        cards = sorted(cards + missing)
    session.apply(Play(tuple(cards)))
    return session.gamestate()


def _discard(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    cards = params["cards"]
    if not cards:
        raise RpcError(BAD_REQUEST, "Must provide at least one card to discard")
    if session.require_game().run.discards_left <= 0:
        raise RpcError(BAD_REQUEST, "No discards left. Play cards using `play` instead.")
    _chosen(session, cards, "discard")
    for index in _forced(session):
        if index not in cards:
            raise RpcError(
                BAD_REQUEST,
                f"Card at index {index} is forced-selected by the boss blind. "
                "Include it in your discard.",
            )
    session.apply(Discard(tuple(cards)))
    return session.gamestate()


def _sort(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    by = params["by"]
    if by not in ("rank", "suit"):
        raise RpcError(BAD_REQUEST, f'Sort \'by\' must be "rank" or "suit", got "{by}"')
    session.apply(SortHand(by))
    return session.gamestate()


_ROWS = ("hand", "jokers", "consumables")


def _rearrange(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    given = [name for name in _ROWS if name in params]
    if not given:
        raise RpcError(BAD_REQUEST, "Must provide exactly one of: hand, jokers, or consumables")
    if len(given) > 1:
        raise RpcError(BAD_REQUEST, "Can only rearrange one type at a time")
    (row,) = given
    game = session.require_game()
    if row == "hand":
        if session.state not in ("SELECTING_HAND", "SMODS_BOOSTER_OPENED"):
            raise RpcError(INVALID_STATE, "Can only rearrange hand during hand selection")
        if not game.hand:
            raise RpcError(
                NOT_ALLOWED,
                "No cards to rearrange. You can only rearrange hand in Arcana and Spectral packs.",
            )
    size = {"hand": len(game.hand), "jokers": len(game.jokers)}.get(row, len(game.consumables))
    order: list[int] = params[row]
    if len(order) != size:
        raise RpcError(BAD_REQUEST, f"Must provide exactly {size} indices for {row}")
    seen: set[int] = set()
    for index in order:
        if not 0 <= index < size:
            raise RpcError(BAD_REQUEST, f"Index out of range for {row}: {index}")
        if index in seen:
            raise RpcError(BAD_REQUEST, f"Duplicate index in {row}: {index}")
        seen.add(index)
    if row == "jokers":
        jokers = list(game.jokers)
        for target, old in enumerate(order):  # each joker dragged to its place in turn
            source = game.jokers.index(jokers[old])
            if source != target:
                session.apply(MoveJoker(source, target))
    else:  # a player action: logged, replayed
        session.apply(Rearrange(row, tuple(order)))
    return session.gamestate()


def _use(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    index = params["consumable"]
    if not 0 <= index < len(game.consumables):
        raise RpcError(BAD_REQUEST, f"Consumable index out of range: {index}")
    item = game.consumables[index]
    least, most = item.type.targets
    cards: list[int] = []
    if most > 0:  # it works on selected cards
        if session.state not in ("SELECTING_HAND", "SMODS_BOOSTER_OPENED"):
            raise RpcError(
                INVALID_STATE,
                f"Consumable '{item.name}' requires card selection and can only be used in "
                "SELECTING_HAND or SMODS_BOOSTER_OPENED state.",
            )
        cards = params.get("cards") or []
        if not cards:
            raise RpcError(
                BAD_REQUEST,
                f"Consumable '{item.name}' requires card selection. Provide target cards via "
                "the `cards` parameter.",
            )
        hand = game.hand
        for card in cards:
            if not 0 <= card < len(hand):
                raise RpcError(BAD_REQUEST, f"Card index out of range: {card}")
        if len(set(cards)) != len(cards):
            raise RpcError(BAD_REQUEST, f"Duplicate card index in {cards}")
        _count(item.name, len(cards), max(1, least), most)
    action = Use(index, tuple(cards))
    try:
        game.verify(action)
    except IllegalActionError as err:
        reason = str(err).split(": ", 1)[-1]
        raise RpcError(
            NOT_ALLOWED, f"Consumable '{item.name}' cannot be used at this time ({reason})"
        ) from err
    revealed = frozenset(game.hand[c].serial for c in cards if game.hand[c].face_down)
    session.apply(action)
    return session.gamestate(revealed)


def _count(name: str, count: int, least: int, most: int) -> None:
    """The mod's card-count checks of a consumable's targets."""
    plural = "" if least == 1 else "s"
    if least == most and count != least:
        raise RpcError(
            BAD_REQUEST,
            f"Consumable '{name}' requires exactly {least} card{plural} (provided: {count}). "
            "Provide the correct number of cards via the `cards` parameter.",
        )
    if count < least:
        raise RpcError(
            BAD_REQUEST,
            f"Consumable '{name}' requires at least {least} card{plural} (provided: {count}). "
            "Provide more cards via the `cards` parameter.",
        )
    if count > most:
        raise RpcError(
            BAD_REQUEST,
            f"Consumable '{name}' requires at most {most} card{'' if most == 1 else 's'} "
            f"(provided: {count}). Provide fewer cards via the `cards` parameter.",
        )


_CARDS = Param("cards", "array", "0-based hand positions (1 to 5)", required=True)
_ROUND = ("SELECTING_HAND",)

METHODS: tuple[Method, ...] = (
    Method("play", "Play cards from the hand", _play, (_CARDS,), _ROUND, (BAD_REQUEST,)),
    Method("discard", "Discard cards from the hand", _discard, (_CARDS,), _ROUND, (BAD_REQUEST,)),
    Method(
        "sort",
        "Sort the hand by rank or suit (the game's buttons)",
        _sort,
        (Param("by", "string", "rank or suit", required=True),),
        _ROUND,
        (BAD_REQUEST, INVALID_STATE),
    ),
    Method(
        "rearrange",
        "Put the hand, the jokers or the consumables in a new order",
        _rearrange,
        (
            Param("hand", "array", "new order of the hand, as present positions"),
            Param("jokers", "array", "new order of the jokers"),
            Param("consumables", "array", "new order of the consumables"),
        ),
        ("SELECTING_HAND", "SHOP", "SMODS_BOOSTER_OPENED", "ROUND_EVAL", "BLIND_SELECT"),
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
    Method(
        "use",
        "Use a consumable, on selected hand cards if it takes them",
        _use,
        (
            Param("consumable", "integer", "0-based consumable slot", required=True),
            Param("cards", "array", "0-based hand positions of its targets"),
        ),
        # The mod: SELECTING_HAND, SHOP, SMODS_BOOSTER_OPENED; the game allows these too.
        ("SELECTING_HAND", "SHOP", "SMODS_BOOSTER_OPENED", "BLIND_SELECT", "ROUND_EVAL"),
        (BAD_REQUEST, INVALID_STATE, NOT_ALLOWED),
    ),
)
