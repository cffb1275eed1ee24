"""Booster packs: opening one, picking cards from it, skipping it.

What a pack holds is its plugin's: the ``booster_card`` hook of the booster's plugin
makes each card in turn (the game's five kinds are the vanilla modules
``balatro_ecs_vanilla.boosters.*``, following boosters.toml); :func:`pack_joker`,
:func:`pack_consumable` and :func:`pack_playing_card` make them the way the game makes a
pack's cards. A pack that ``deals_hand`` deals a hand first, so its cards have targets.
Consumables picked from a pack are used at once; a card that cannot be used now cannot be
picked. Using a consumable counts it for its set (the set's ``consumable_set_used``).

The systems of the ``open_pack``, ``pick``, ``skip_pack`` and ``use`` events are here;
their order is :mod:`balatro_ecs.game.events`'. :func:`open_pack`, :func:`pick`, ... run
an event whole.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...kernel.components import Area
from ...kernel.content import BoosterType
from ...kernel.enums import Edition, Seal
from ...kernel.errors import ContentError, IllegalActionError
from ..cards import Card
from ..jokers import Consumable, Joker
from ..pools import consumable_sets
from ..state import Phase
from .cards_for_sale import make_consumable, make_joker, make_playing_card
from .flow import EventContext, run_event
from .tags import enter_blind_select

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "check_pick",
    "check_use",
    "close_pack",
    "open_pack",
    "pack_consumable",
    "pack_joker",
    "pack_playing_card",
    "pick",
    "skip_pack",
    "use_consumable",
    "use_held",
]


# ---------------------------------------------------------------------------------------
# what packs hold (for booster plugins)
# ---------------------------------------------------------------------------------------


def pack_joker(game: Game, append: str = "buf") -> Joker:
    """A random joker for a pack, made as the shop makes one (rarity roll on
    ``rarity<ante><append>``, the rarity's pool, edition, the stake's stickers drawn on the
    pack's streams); the game's Buffoon packs use ``append`` ``"buf"``."""
    return make_joker(game, Area.PACK, append)


def pack_consumable(
    game: Game,
    card_set: str,
    append: str,
    *,
    soulable: bool = True,
    forced: str | None = None,
) -> Consumable:
    """A card of the consumable set ``card_set`` (its name) for a pack: ``forced`` (a key),
    or drawn from the set's pool on ``<set><append><ante>``, where (``soulable``) one of the
    set's souls may replace it first (The Soul, Black Hole)."""
    return make_consumable(game, card_set, Area.PACK, append, soulable=soulable, forced=forced)


def pack_playing_card(
    game: Game,
    append: str,
    *,
    enhanced: bool = False,
    edition: Edition = Edition.NONE,
    seal: Seal = Seal.NONE,
) -> Card:
    """A random playing card for a pack (front on ``front<append><ante>``; ``enhanced``:
    an enhancement from the Enhanced pool on ``Enhanced<append><ante>``)."""
    return make_playing_card(game, Area.PACK, append, enhanced, edition, seal)


def _pack_card(game: Game, booster: BoosterType, index: int) -> Joker | Consumable | Card:
    make = game.plugins.impl("booster_card", booster.key)
    if make is None:
        raise ContentError(
            f"booster {booster.key!r} has no booster_card hook: its plugin must say what "
            "the pack holds"
        )
    item = make(game, booster, index)
    if not isinstance(item, (Joker, Consumable, Card)):
        raise ContentError(
            f"booster {booster.key!r}: booster_card returned {item!r}, expected a Joker, "
            "a Consumable or a Card"
        )
    return item


def open_pack(game: Game, key: str) -> None:
    """Open a booster pack: its cards are shown and the player picks (the ``open_pack``
    event).

    A pack that ``deals_hand`` (Arcana, Spectral) first deals a full hand from the deck,
    so its cards have targets; the hand goes back to the deck when the pack closes.
    """
    run_event(game, "open_pack", key=key)


def start_pack(ctx: EventContext) -> None:
    """The pack opened (``booster``), and the phase to go back to when it closes."""
    game = ctx.game
    ctx["booster"] = game.plugins.find(BoosterType, ctx["key"])
    game.pack_key = ctx["key"]
    game.pack_return = game.run.phase


def deals_hand(ctx: EventContext) -> bool:
    """Run condition: the pack deals a hand first (Arcana, Spectral)."""
    return bool(ctx["booster"].deals_hand)


def deal_pack_hand(ctx: EventContext) -> None:
    game = ctx.game
    game.draw(game.hand_size)


def fill_pack(ctx: EventContext) -> None:
    """The pack's cards, made one by one: each is in play for the next one's draw."""
    game, booster = ctx.game, ctx["booster"]
    game.pack = []
    for slot in range(booster.cards):
        item = _pack_card(game, booster, slot)
        item.zone.area = Area.PACK
        item.zone.slot = slot
        game.pack.append(item)


def show_pack(ctx: EventContext) -> None:
    game, booster = ctx.game, ctx["booster"]
    game.pack_picks = booster.choose
    game.run.phase = Phase.PACK
    game.record(booster.name, "opened", ctx["key"])


def jokers_pack_opened(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_booster_opened", ctx["key"])


def close_pack(game: Game) -> None:
    """The pack closes: what was not picked is gone, a dealt hand goes back to the deck,
    and play goes back to where the pack was opened (the blind select screen comes back,
    and more tags may act)."""
    key = game.pack_key
    for item in game.pack:
        game.drop_offer(item)
    for card in reversed(game.area(Area.HAND)):  # from the right, each under the last
        game.move_card(card, Area.DECK, index=0)
    game.pack = []
    game.pack_key = None
    game.pack_picks = 0
    game.run.phase = game.pack_return
    if key is not None and game._planned("joker_booster_closed"):
        game.each_joker("joker_booster_closed", key)
    if game.run.phase is Phase.BLIND_SELECT:
        enter_blind_select(game)


def skip_pack(game: Game) -> None:
    """Close the open pack without picking more (the ``skip_pack`` event)."""
    if game.run.phase is not Phase.PACK:
        raise IllegalActionError("skip_pack: no pack is open")
    run_event(game, "skip_pack")


def jokers_pack_skipped(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_booster_skipped")


def close_skipped_pack(ctx: EventContext) -> None:
    close_pack(ctx.game)


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
    """Use the held consumable at ``index``; it is used up (the ``use`` event)."""
    run_event(game, "use", index=index, cards=cards)


def use_consumable(game: Game, consumable: Consumable, targets: list[Card]) -> None:
    """Use a consumable that is not held (a pack's, a shop's): its effect, the run's usage
    counts, the jokers' reactions (the ``use`` event)."""
    run_event(game, "use", item=consumable, targets=targets)


def held_consumable(ctx: EventContext) -> bool:
    """Run condition: the consumable used is a held one, chosen by its slot (``index``)."""
    return "index" in ctx.values


def choose_held(ctx: EventContext) -> None:
    """The held consumable chosen (``item``) and the hand cards it is used on
    (``targets``)."""
    game, cards = ctx.game, ctx.get("cards", ())
    ctx["item"] = check_use(game, ctx["index"], cards)
    ctx["targets"] = targets(game, cards)


def consumable_effect(ctx: EventContext) -> None:
    """The consumable's own effect (its plugin's ``consumable_use``)."""
    game, consumable = ctx.game, ctx["item"]
    use = game.plugins.impl("consumable_use", consumable.key)
    if use is None:
        raise IllegalActionError(f"use: {consumable.name} has no use yet")
    use(game, consumable, ctx["targets"])


def count_use(ctx: EventContext) -> None:
    """The consumable's set counts the use (Fortune Teller reads Tarots used)."""
    game, consumable = ctx.game, ctx["item"]
    card_set = consumable_sets(game.plugins).find(consumable.type.set)
    if card_set is not None:
        used = game.plugins.impl("consumable_set_used", card_set.key)
        if used is not None:
            used(game, card_set, consumable)
    game.record(consumable.name, "used", consumable.key)


def jokers_consumable_used(ctx: EventContext) -> None:
    ctx.game.each_joker("joker_consumable_used", ctx["item"])


def used_up(ctx: EventContext) -> None:
    """A held consumable is used up."""
    game, item = ctx.game, ctx["item"]
    if item in game.consumables:
        game.remove_consumable(item)


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
    """Take the pack's card at ``index`` (a consumable is used at once on ``cards``): the
    ``pick`` event."""
    run_event(game, "pick", index=index, cards=cards)


def choose_pick(ctx: EventContext) -> None:
    """The card picked (``item``) leaves the pack."""
    game = ctx.game
    ctx["item"] = check_pick(game, ctx["index"], ctx.get("cards", ()))
    game.pack.pop(ctx["index"])


def picked_consumable(ctx: EventContext) -> bool:
    """Run condition: the card picked is a consumable (used at once)."""
    return isinstance(ctx["item"], Consumable)


def picked_to_keep(ctx: EventContext) -> bool:
    """Run condition: the card picked is kept (a joker or a playing card)."""
    return not isinstance(ctx["item"], Consumable)


def take_pick(ctx: EventContext) -> None:
    """A joker joins the row, a playing card the bottom of the draw pile (and the jokers
    hear of it)."""
    game, item = ctx.game, ctx["item"]
    if isinstance(item, Joker):
        game.add_joker(item)
    else:
        game.take_card(item, Area.DECK, index=0)
        game.each_joker("joker_cards_added", (item,))


def use_pick(ctx: EventContext) -> None:
    """A consumable is used at once (the ``use`` event), then gone."""
    game, item = ctx.game, ctx["item"]
    use_consumable(game, item, targets(game, ctx.get("cards", ())))
    game.drop_offer(item)


def count_pick(ctx: EventContext) -> None:
    ctx.game.pack_picks -= 1


def pack_done(ctx: EventContext) -> bool:
    """Run condition: no pick left, or no card left to pick."""
    game = ctx.game
    return game.pack_picks <= 0 or not game.pack


def close_picked_pack(ctx: EventContext) -> None:
    close_pack(ctx.game)
