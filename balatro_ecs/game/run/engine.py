"""Checking and applying actions.

:func:`verify` raises :class:`~balatro_ecs.kernel.errors.IllegalActionError` naming the problem
and changes nothing; :func:`apply` verifies first, so an illegal action leaves the game
exactly as it was. :func:`legal_actions` lists what may be done now.
"""

from __future__ import annotations

import functools
import itertools
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from threading import get_ident
from typing import TYPE_CHECKING

from ...kernel.components import FORCED_MADE, Area
from ...kernel.errors import ActionTypeError, HookError, IllegalActionError, show
from ...kernel.faults import name_fault
from ...kernel.guard import reentered, watch
from ...kernel.hookspecs import BY_COUNT
from ..actions import (
    ACTION_SPACE,
    Action,
    ActionSpace,
    Buy,
    BuyAndUse,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    Endless,
    EndShop,
    MoveJoker,
    Outcome,
    Pick,
    Play,
    Rearrange,
    Reroll,
    RerollBoss,
    SelectBlind,
    Sell,
    SkipBlind,
    SkipPack,
    SortHand,
    Use,
    card_positions,
)
from ..copying import GameSnapshot
from ..jokers import Consumable
from ..state import Phase
from . import packs, shop
from .flow import run_event
from .invariants import broken, culprit
from .rounds import end_round_if_out_of_cards

if TYPE_CHECKING:
    from ..cards import Card
    from ..game import Game

__all__ = [
    "action_mask",
    "apply",
    "check_preview",
    "forced_positions",
    "legal_actions",
    "legal_parts",
    "verify",
]


#: Whether a card is the one a Cerulean Bell forces (read in C).
_FORCED = operator.attrgetter("_flags.forced_selection")
_NO_POSITIONS: frozenset[int] = frozenset()


def _phase(game: Game, *allowed: Phase, what: str) -> None:
    if game.run.phase not in allowed:
        names = " or ".join(p.value.replace("_", " ") for p in allowed)
        raise IllegalActionError(f"{what}: only during {names}, not {game.run.phase.value}")


def _cards(
    game: Game,
    cards: tuple[int, ...],
    what: str,
    *,
    forced: bool = True,
    limit: int | None = None,
) -> None:
    """1 to the selection limit (5; ``Rules.selection_limit``, or ``limit`` when the caller
    read it already) distinct positions of cards in hand, holding the forced card (Cerulean
    Bell) unless ``forced`` is false."""
    hand = game.area(Area.HAND)
    if limit is None:
        limit = game.rules.selection_limit
    if not 1 <= len(cards) <= limit:
        raise IllegalActionError(f"{what}: choose 1 to {limit} cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        raise IllegalActionError(f"{what}: a card is chosen twice in {[c + 1 for c in cards]}")
    if min(cards) < 0 or max(cards) >= len(hand):  # (then the first one out, named)
        for c in cards:
            if not 0 <= c < len(hand):
                raise IllegalActionError(f"{what}: no card {c + 1} in hand ({len(hand)} cards)")
    if not forced:
        return
    if not FORCED_MADE[0] or not any(map(_FORCED, hand)):  # (usually none is)
        return
    must = [i for i, card in enumerate(hand) if card.forced]
    if not set(must) <= set(cards):
        first = must[0]
        raise IllegalActionError(
            f"{what}: card {first + 1} ({hand[first].label}) must be included (Cerulean Bell)"
        )


def check_preview(game: Game, positions: object, limit: int | None = None) -> tuple[int, ...]:
    """``positions`` as :meth:`Game.preview_play <balatro_ecs.game.Game.preview_play>`
    takes them (any iterable of ints), checked as a :class:`Play`'s cards are: ints, not
    negative, distinct (else :class:`~balatro_ecs.kernel.errors.ActionTypeError` or
    :class:`~balatro_ecs.kernel.errors.ActionError`), 1 to the selection limit (5) of
    them, each a card in hand (else :class:`IllegalActionError`). Neither the phase nor a
    forced card (Cerulean Bell) is required: a preview asks what any hand would score.
    Changes nothing."""
    where = "preview_play.positions"
    if isinstance(positions, (str, bytes, Mapping)) or not isinstance(positions, Iterable):
        raise ActionTypeError(f"{where}: expected card positions (ints), got {show(positions)}")
    cards = card_positions(tuple(positions), where)
    _cards(game, cards, "preview", forced=False, limit=limit)
    return cards


def _boss_reroll_allowed(game: Game) -> bool:
    run = game.run
    if run.blind_states.get("Boss") not in ("Select", "Upcoming"):
        return False
    rules = game.rules
    if rules.boss_reroll_unlimited:
        return True
    return rules.boss_reroll_once_per_ante and "boss_rerolled" not in run.flags


def verify(game: Game, action: Action) -> None:
    """Raise :class:`IllegalActionError` unless ``action`` is legal now. Changes nothing.

    A plugin's hook that raises while the action is checked is raised as a
    :class:`~balatro_ecs.kernel.errors.HookError` naming it
    (:func:`~balatro_ecs.kernel.faults.name_fault`).
    """
    checker = _CHECKS.get(type(action))
    if checker is None:
        raise IllegalActionError(f"unknown action {show(action)}")
    if game.run.win_screen and checker is not _check_endless:
        raise IllegalActionError(
            f"{action.verb}: the run is won and the win screen is up; only endless goes on"
        )
    try:
        checker(game, action)
    except Exception as err:
        named = name_fault(game.plugins, err)
        if named is None:
            raise
        raise named from err


def _check_select(game: Game, action: Action) -> None:
    _phase(game, Phase.BLIND_SELECT, what="select")


def _check_skip(game: Game, action: Action) -> None:
    _phase(game, Phase.BLIND_SELECT, what="skip")
    if game.run.blind_on_deck == "Boss":
        raise IllegalActionError("skip: the Boss Blind cannot be skipped")


def _check_reroll_boss(game: Game, action: Action) -> None:
    _phase(game, Phase.BLIND_SELECT, what="reroll_boss")
    if not _boss_reroll_allowed(game):
        raise IllegalActionError("reroll_boss: needs Director's Cut (once per ante) or Retcon")
    cost = game.rules.boss_reroll_cost
    if not shop.can_afford(game, cost):
        raise IllegalActionError(f"reroll_boss: costs ${cost}, you have ${game.run.dollars}")


def _check_play(game: Game, action: Action) -> None:
    assert isinstance(action, Play)
    _phase(game, Phase.ROUND, what="play")
    _cards(game, action.cards, "play")


def _check_discard(game: Game, action: Action) -> None:
    assert isinstance(action, Discard)
    _phase(game, Phase.ROUND, what="discard")
    if game.run.discards_left <= 0:
        raise IllegalActionError("discard: no discards left this round")
    _cards(game, action.cards, "discard")


def _check_sort(game: Game, action: Action) -> None:
    # Sorting is offered with the hand's buttons, in a round only (as legal_actions lists
    # it); ``by`` was checked when the action was made.
    _phase(game, Phase.ROUND, what="sort")


def _check_move(game: Game, action: Action) -> None:
    assert isinstance(action, MoveJoker)
    if game.run.phase is Phase.GAME_OVER:
        raise IllegalActionError("move: the run is over")
    n = len(game.jokers)
    for name, value in (("from", action.source), ("to", action.target)):
        if not 0 <= value < n:
            raise IllegalActionError(f"move: no joker slot {value + 1} ({name}); there are {n}")
    if action.source == action.target:
        raise IllegalActionError("move: the joker is already there")


def _check_rearrange(game: Game, action: Action) -> None:
    # The server's checks (balatrobot's rearrange): the hand while it is shown to select
    # from (a round, an Arcana or Spectral pack), the consumables whenever they are shown.
    assert isinstance(action, Rearrange)
    phase = game.run.phase
    if action.row == "hand":
        row: Sequence[object] = game.area(Area.HAND)
        if phase is Phase.PACK and not row:
            raise IllegalActionError(
                "rearrange: this pack shows no hand (only Arcana and Spectral packs deal one)"
            )
        if phase is not Phase.ROUND and phase is not Phase.PACK:
            raise IllegalActionError(
                "rearrange: the hand only during a round or an Arcana or Spectral pack, "
                f"not {phase.value.replace('_', ' ')}"
            )
        what = "card"
    else:
        if phase is Phase.GAME_OVER:
            raise IllegalActionError("rearrange: the run is over")
        row, what = game.consumables, "consumable"
    n, order = len(row), action.order
    if len(order) != n:
        raise IllegalActionError(
            f"rearrange: {n} {what}{'' if n == 1 else 's'} in the {action.row}, "
            f"the order names {len(order)}"
        )
    for i in order:
        if i >= n:
            raise IllegalActionError(
                f"rearrange: no {what} {i + 1} in the {action.row} ({n} {what}s)"
            )


def _check_cash_out(game: Game, action: Action) -> None:
    _phase(game, Phase.CASH_OUT, what="cash_out")


def _check_buy(game: Game, action: Action) -> None:
    assert isinstance(action, Buy)
    shop.check_buy(game, action.slot)


def _check_buy_and_use(game: Game, action: Action) -> None:
    assert isinstance(action, BuyAndUse)
    shop.check_buy_and_use(game, action.slot, action.cards)


def _check_voucher(game: Game, action: Action) -> None:
    assert isinstance(action, BuyVoucher)
    shop.check_buy_voucher(game, action.slot)


def _check_pack(game: Game, action: Action) -> None:
    assert isinstance(action, BuyPack)
    shop.check_buy_pack(game, action.slot)


def _check_targets(game: Game, item: object, cards: tuple[int, ...], what: str) -> None:
    """After the item's own check (whose reason comes first): a consumable is used on
    ``least``..``most`` (at most the selection limit, 5) selected cards, or on none if it
    takes none; a joker or playing card in a pack takes no hand cards. So ``can`` accepts
    exactly the choices :func:`legal_actions` lists."""
    if isinstance(item, Consumable):
        least, most = item.type.targets
        most = min(game.rules.selection_limit, most)
        if (cards or least) and not max(1, least) <= len(cards) <= most:
            wanted = "no" if not most else f"{max(1, least)} to {most}"
            raise IllegalActionError(
                f"{what}: {item.name} takes {wanted} selected cards, got {len(cards)}"
            )
    elif cards:
        name = getattr(item, "name", None) or getattr(item, "label", "the card")
        raise IllegalActionError(f"{what}: {name} takes no selected cards, got {len(cards)}")


def _check_pick(game: Game, action: Action) -> None:
    assert isinstance(action, Pick)
    item = packs.check_pick(game, action.index, action.cards)
    _check_targets(game, item, action.cards, "pick")


def _check_skip_pack(game: Game, action: Action) -> None:
    _phase(game, Phase.PACK, what="skip_pack")


def _check_reroll(game: Game, action: Action) -> None:
    _phase(game, Phase.SHOP, what="reroll")
    price = shop.reroll_price(game)
    if not shop.can_afford(game, price):
        raise IllegalActionError(f"reroll: costs ${price}, you have ${game.run.dollars}")


def _check_sell(game: Game, action: Action) -> None:
    assert isinstance(action, Sell)
    shop.check_sell(game, action.area, action.index)


def _check_use(game: Game, action: Action) -> None:
    assert isinstance(action, Use)
    item = packs.check_use(game, action.index, action.cards)
    _check_targets(game, item, action.cards, "use")


def _check_end_shop(game: Game, action: Action) -> None:
    _phase(game, Phase.SHOP, what="next")


def _check_endless(game: Game, action: Action) -> None:
    if not game.run.win_screen:
        raise IllegalActionError("endless: only on the win screen, once the run is won")


_CHECKS: dict[type[Action], Callable[[Game, Action], None]] = {
    SelectBlind: _check_select,
    SkipBlind: _check_skip,
    RerollBoss: _check_reroll_boss,
    Play: _check_play,
    Discard: _check_discard,
    SortHand: _check_sort,
    MoveJoker: _check_move,
    Rearrange: _check_rearrange,
    CashOut: _check_cash_out,
    Buy: _check_buy,
    BuyAndUse: _check_buy_and_use,
    BuyVoucher: _check_voucher,
    BuyPack: _check_pack,
    Pick: _check_pick,
    SkipPack: _check_skip_pack,
    Reroll: _check_reroll,
    Sell: _check_sell,
    Use: _check_use,
    EndShop: _check_end_shop,
    Endless: _check_endless,
}


# ---------------------------------------------------------------------------------------
# applying
# ---------------------------------------------------------------------------------------


def apply(game: Game, action: Action) -> Outcome:
    """Verify, then apply ``action``; record and return what happened.

    All or nothing: if anything raises while the action is applied (a plugin's hook, say),
    the game is put back exactly as it was before and the exception goes on -- as a
    :class:`~balatro_ecs.kernel.errors.HookError` naming the plugin, hook and content key when a
    plugin is to blame (:func:`~balatro_ecs.kernel.faults.name_fault`), the original as its
    cause. An atomic
    game (the default) takes a :meth:`~balatro_ecs.game.Game.snapshot` before each action
    and restores it in place on failure; ``Game(atomic=False)`` skips the snapshot (batch
    runs that drop a failed game anyway). A plugin's hook that raises while the action is
    checked (a consumable's ``consumable_can_use``, a sticker's ``sticker_blocks``) is
    named the same way; checking changes nothing.
    """
    if game._busy:  # a hook calling apply: refused before anything changes
        raise reentered(game.plugins, f"apply({action.text()})")
    game._busy = get_ident()
    game._tick += 1
    if not game._watched:
        watch(game)
    try:
        verify(game, action)
        before = game.snapshot() if game.atomic else None
        try:
            outcome = _apply(game, action)
            checks = game.checks
            if checks or (checks is None and game.plugins.foreign_hooks()):
                problem = broken(game)
                if problem is not None:
                    raise _Broken(problem)
            return outcome
        except BaseException as err:
            game._busy = 0  # the watchdog leaves the rollback alone (no HookTimeout in it)
            if before is not None:
                game.restore(before)
                game._busy = 0  # (the snapshot was taken busy)
            if isinstance(err, _Broken):
                raise _state_error(game, before, action, str(err)) from None
            named = name_fault(game.plugins, err)
            if named is None:
                raise
            raise named from err
    finally:
        game._busy = 0


class _Broken(Exception):
    """An action left the game in a state it cannot save (:mod:`.invariants`)."""


def _state_error(game: Game, before: object, action: Action, problem: str) -> HookError:
    """The error for an action that broke an invariant: naming the hook found by
    replaying it (:func:`~balatro_ecs.game.run.invariants.culprit`) when the game is atomic."""
    origin = culprit(before, action, problem) if isinstance(before, GameSnapshot) else None
    done = f"{action.text()} was undone" if before is not None else "the game is left as it is"
    if origin is None:
        return HookError(f"{action.text()} broke the game's state: {problem} ({done})")
    plugin, hook, key = origin
    what = f"{hook} of {key}" if key else hook
    return HookError(
        f"plugin {plugin}: {what} broke the game's state: {problem} ({done})",
        plugin=plugin,
        hook=hook,
        key=key,
    )


def _apply(game: Game, action: Action) -> Outcome:
    run = game.run
    phase_before, dollars_before = run.phase.value, run.dollars
    game.events = []
    # The action's event, with the action's fields as its values (Buy(2): slot=2).
    score = run_event(game, action.event, **vars(action)).get("result")
    game.run_queued()  # nothing an action queued is left waiting
    game._sync()  # settle what a changed joker row does at once (Drunkard's discard)
    end_round_if_out_of_cards(game)  # no card left to play: the round cannot wait
    outcome = Outcome._made(
        action,
        phase_before,
        run.phase.value,
        dollars_before,
        run.dollars,
        tuple(game.events),
        score,
    )
    game.log.append(outcome)
    if game.plugins.broadcast_has_impls("balatro_action_applied"):
        game.plugins.pm.hook.balatro_action_applied(game=game, action=action, outcome=outcome)
    return outcome


# ---------------------------------------------------------------------------------------
# listing
# ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _card_actions(
    n: int, forced: frozenset[int], limit: int = 5
) -> tuple[tuple[Play, ...], tuple[Discard, ...]]:
    """Every Play and Discard of 1 to ``limit`` (the selection limit) of ``n`` hand cards
    that includes the ``forced`` ones.

    Actions are immutable, so the lists are built once per hand size.
    """
    combos = [
        combo
        for size in range(1, min(limit, n) + 1)
        for combo in itertools.combinations(range(n), size)
        if forced <= set(combo)
    ]
    return tuple(Play(c) for c in combos), tuple(Discard(c) for c in combos)


def card_action_indices(n: int, forced: frozenset[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The mask indices of every legal Play and Discard of ``n`` hand cards (computed once
    per hand size and forced set): :meth:`ActionSpace.card_indices
    <balatro_ecs.actions.ActionSpace.card_indices>` of the default space."""
    return ACTION_SPACE.card_indices(n, forced)


def _legal(game: Game, action: Action) -> bool:
    try:
        _CHECKS[type(action)](game, action)
    except IllegalActionError:
        return False
    return True


def _by_count(game: Game, item: object) -> bool:
    """Whether the consumable's use depends on the selected cards only through how many
    there are: its ``consumable_can_use`` is marked :func:`~balatro_ecs.kernel.hookspecs.by_count`
    (or it has none, and is never usable)."""
    if not isinstance(item, Consumable):
        return False
    rule = game.plugins.impl("consumable_can_use", item.key)
    return rule is None or getattr(rule, BY_COUNT, False) is True


_TARGETED: dict[tuple[type[Action], int, int, int, int], tuple[tuple[Action, ...], ...]] = {}


def _targeted_by_size(
    kind: type[Pick] | type[Use], index: int, n: int, least: int, most: int
) -> tuple[tuple[Action, ...], ...]:
    """``kind(index, cards)`` for every choice of ``least``..``most`` (``most`` already cut
    to the selection limit) of ``n`` hand positions, one group per number of cards (built
    once: actions are immutable)."""
    key = (kind, index, n, least, most)
    groups = _TARGETED.get(key)
    if groups is None:
        if len(_TARGETED) >= 1024:
            _TARGETED.clear()
        groups = _TARGETED[key] = tuple(
            tuple(kind(index, combo) for combo in itertools.combinations(range(n), size))
            for size in range(max(1, least), min(most, n) + 1)
        )
    return groups


def _targeted(
    game: Game, kind: type[Pick] | type[Use], items: Sequence[object], targets: bool = True
) -> list[Action]:
    """The legal ``kind(i)`` for each item, with every choice of hand cards it can be used
    on (a Tarot takes 1 to ``max_highlighted`` selected cards; a card that takes none,
    none); only the untargeted ones when ``targets`` is false.

    A card whose condition depends only on how many cards are selected is checked once per
    number of cards (on the first choice of that many); any other, once per choice."""
    out: list[Action] = []
    if not items:
        return out
    n = len(game.area(Area.HAND)) if targets else 0
    limit = game.rules.selection_limit if n else 0
    for i, item in enumerate(items):
        least, most = item.type.targets if isinstance(item, Consumable) else (0, 0)
        most = min(most, limit)
        if least == 0 or not n:
            action = kind(i, ())
            if _legal(game, action):
                out.append(action)
        if n and most:
            groups = _targeted_by_size(kind, i, n, least, most)
            if _by_count(game, item):
                for group in groups:
                    if _legal(game, group[0]):
                        out += group
            else:
                out += [a for group in groups for a in group if _legal(game, a)]
    return out


def legal_actions(
    game: Game,
    *,
    reorders: bool = True,
    targets: bool = True,
    adjacent_moves: bool = False,
    cards: bool = True,
) -> list[Action]:
    """Every legal action now, in a stable order (``reorders=False`` leaves out joker moves
    and hand sorting, which change nothing but order). A
    :class:`~balatro_ecs.game.actions.Rearrange` is never listed (every order of the hand
    would be): :func:`verify` checks one.

    ``targets=False`` lists uses and picks without hand targets, ``adjacent_moves=True``
    only moves to the next slot, ``cards=False`` leaves out plays and discards."""
    out: list[Action] = []
    for part in legal_parts(
        game, reorders=reorders, targets=targets, adjacent_moves=adjacent_moves, cards=cards
    ):
        out += part
    return out


def legal_parts(
    game: Game,
    *,
    reorders: bool = True,
    targets: bool = True,
    adjacent_moves: bool = False,
    cards: bool = True,
) -> list[Sequence[Action]]:
    """:func:`legal_actions` in parts, in order: what it lists is their concatenation.
    The plays and discards come as the shared tuples of every such action of the hand's
    size (nothing copied), so a caller that picks one legal action by its index (the
    random policy) finds it without building the whole list. Same arguments."""
    run = game.run
    phase = run.phase
    if phase is Phase.GAME_OVER:
        return []
    if run.win_screen:
        return [_ENDLESS_ONLY]
    parts: list[Sequence[Action]] = []
    legal = functools.partial(_legal, game)
    if phase is Phase.BLIND_SELECT:
        parts.append(_blind_actions(game))
    elif phase is Phase.ROUND:
        if cards:
            hand = game.area(Area.HAND)
            plays, discards = _card_actions(
                len(hand), forced_positions(hand), game.rules.selection_limit
            )
            parts.append(plays)
            if run.discards_left > 0:
                parts.append(discards)
        if reorders:
            parts.append(list(filter(legal, _SORTS)))
    elif phase is Phase.CASH_OUT:
        parts.append(list(filter(legal, _CASH_OUT)))
    elif phase is Phase.SHOP:
        candidates: list[Action] = [Buy(i) for i in range(len(game.shop))]
        candidates += [BuyAndUse(i) for i in range(len(game.shop))]
        candidates += [BuyVoucher(i) for i in range(len(game.shop_vouchers))]
        candidates += [BuyPack(i) for i in range(len(game.shop_packs))]
        candidates += _SHOP_END
        parts.append(list(filter(legal, candidates)))
    elif phase is Phase.PACK:
        parts.append(_targeted(game, Pick, game.pack, targets))
        parts.append(list(filter(legal, _SKIP_PACK)))
    jokers, consumables = game.jokers, game.consumables
    if jokers:
        parts.append(list(filter(legal, [Sell("jokers", i) for i in range(len(jokers))])))
    if consumables:
        parts.append(list(filter(legal, [Sell("consumables", i) for i in range(len(consumables))])))
        parts.append(_targeted(game, Use, consumables, targets))
    if reorders and len(jokers) > 1:
        n = len(jokers)
        if adjacent_moves:
            moves = [MoveJoker(i, i + 1) for i in range(n - 1)]
        else:
            moves = [MoveJoker(i, j) for i in range(n) for j in range(n) if i != j]
        parts.append(list(filter(legal, moves)))
    return parts


def forced_positions(hand: Sequence[Card]) -> frozenset[int]:
    """The positions of the hand's forced cards (Cerulean Bell's pick; usually none)."""
    if not any(map(_FORCED, hand)):
        return _NO_POSITIONS
    return frozenset(i for i, card in enumerate(hand) if card.forced)


def _blind_actions(game: Game) -> list[Action]:
    """The legal actions of the blind select, in order: :data:`_BLIND_ACTIONS` filtered
    by their checks, skipping a check that would refuse at once (the Boss is never
    skipped; the boss is rerolled only with Director's Cut or Retcon)."""
    select, skip, reroll = _BLIND_ACTIONS
    out = [select] if _legal(game, select) else []
    if game.run.blind_on_deck != "Boss" and _legal(game, skip):
        out.append(skip)
    if _boss_reroll_allowed(game) and _legal(game, reroll):
        out.append(reroll)
    return out


# Actions without arguments, made once (they are immutable), in the order listed.
_BLIND_ACTIONS: tuple[Action, ...] = (SelectBlind(), SkipBlind(), RerollBoss())
_SORTS: tuple[Action, ...] = (SortHand("rank"), SortHand("suit"))
_CASH_OUT: tuple[Action, ...] = (CashOut(),)
_SHOP_END: tuple[Action, ...] = (Reroll(), EndShop())
_SKIP_PACK: tuple[Action, ...] = (SkipPack(),)
_ENDLESS = Endless()
_ENDLESS_ONLY: tuple[Action, ...] = (_ENDLESS,)


# ---------------------------------------------------------------------------------------
# the action mask
# ---------------------------------------------------------------------------------------

#: Mask templates: what is legal whatever the rest of the state, per phase and row sizes.
_TEMPLATES: dict[tuple[object, ...], tuple[bool, ...]] = {}


def action_mask(game: Game, space: ActionSpace = ACTION_SPACE) -> list[bool]:
    """``[action in legal_actions(game) for action in space.actions]``, computed from the
    phase and the sizes of the rows, without making or hashing action objects.

    A template per phase and row sizes holds what is legal whatever else the state is
    (plays and discards, sorting, selling a consumable, moving a joker, closing the shop or
    the pack); the actions whose legality depends on more (prices, room, a consumable's
    condition, an Eternal joker) are then checked one by one, with the space's own
    action objects.
    """
    run = game.run
    phase = run.phase
    if phase is Phase.GAME_OVER:
        return [False] * space.size
    if run.win_screen:
        mask = [False] * space.size
        mask[space.endless] = True
        return mask
    jokers, consumables = game.jokers, game.consumables
    n_jokers = min(len(jokers), space.joker_slots)
    n_consumables = min(len(consumables), space.consumable_slots)
    key: tuple[object, ...]
    if phase is Phase.ROUND:
        hand = game.area(Area.HAND)
        forced = forced_positions(hand)
        limit = game.rules.selection_limit
        key = (
            space,
            phase,
            n_jokers,
            n_consumables,
            len(hand),
            forced,
            run.discards_left > 0,
            limit,
        )
    else:
        key = (space, phase, n_jokers, n_consumables)
    template = _TEMPLATES.get(key)
    if template is None:
        if len(_TEMPLATES) >= 4096:
            _TEMPLATES.clear()
        template = _TEMPLATES[key] = _mask_template(space, key)
    mask = list(template)
    actions = space.actions
    checked: list[int] = []
    if phase is Phase.BLIND_SELECT:
        checked += (space.skip_blind, space.reroll_boss)
    elif phase is Phase.SHOP:
        n = min(len(game.shop), space.shop_slots)
        checked += range(space.buy, space.buy + n)
        checked += range(space.buy_and_use, space.buy_and_use + n)
        n = min(len(game.shop_vouchers), space.voucher_slots)
        checked += range(space.buy_voucher, space.buy_voucher + n)
        n = min(len(game.shop_packs), space.pack_slots)
        checked += range(space.buy_pack, space.buy_pack + n)
        checked.append(space.reroll)
    elif phase is Phase.PACK:
        n = min(len(game.pack), space.pack_cards)
        checked += range(space.pick, space.pick + n)
    checked += range(space.use, space.use + n_consumables)
    for index in checked:
        mask[index] = _legal(game, actions[index])
    sell = space.sell_joker
    for i in range(n_jokers):
        joker = jokers[i]
        if joker._stickers.values and game.sticker_blocks(joker, "sell") is not None:
            mask[sell + i] = False  # a joker a sticker keeps (Eternal)
    return mask


def _mask_template(space: ActionSpace, key: tuple[object, ...]) -> tuple[bool, ...]:
    phase, n_jokers, n_consumables = key[1], key[2], key[3]
    assert isinstance(phase, Phase) and isinstance(n_jokers, int)
    assert isinstance(n_consumables, int)
    mask = [False] * space.size
    on: list[int] = []
    if phase is Phase.BLIND_SELECT:
        on.append(space.select_blind)
    elif phase is Phase.ROUND:
        n, forced, discards, limit = key[4], key[5], key[6], key[7]
        assert isinstance(n, int) and isinstance(forced, frozenset) and isinstance(limit, int)
        plays, discard_indices = space.card_indices(n, forced, limit)
        on += plays
        if discards:
            on += discard_indices
        on += (space.sort_rank, space.sort_suit)
    elif phase is Phase.CASH_OUT:
        on.append(space.cash_out)
    elif phase is Phase.SHOP:
        on.append(space.end_shop)
    elif phase is Phase.PACK:
        on.append(space.skip_pack)
    on += range(space.sell_joker, space.sell_joker + n_jokers)
    on += range(space.sell_consumable, space.sell_consumable + n_consumables)
    on += range(space.move_joker, space.move_joker + max(0, n_jokers - 1))
    for index in on:
        mask[index] = True
    return tuple(mask)
