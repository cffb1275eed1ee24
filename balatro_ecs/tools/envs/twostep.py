"""An action space for the whole game: select cards, then act on the selection.

The fixed space of :data:`~balatro_ecs.actions.ACTION_SPACE` numbers every play and
discard of 1-5 of the first ten hand cards, and uses consumables and picks pack cards
without targets. :class:`TwoStepSpace` works as the game's own screen does instead: an
agent **selects** hand cards one step at a time (``toggle i``), then **acts** on the
selection: play it, discard it, use a consumable on it, or pick a pack card with it as the
targets. So every hand position is playable, every consumable can be used with its
targets (in a slot, bought and used, or picked from a pack), and a selection limit above
five (``Rules.selection_limit``, for mods) needs no bigger space: the space grows with
the number of hand slots, not with the number of subsets.

Indices (with the default :class:`~balatro_ecs.observe.Layout` of the two-step
environment, ``H`` hand slots, and so on; :meth:`TwoStepSpace.name` spells any index)::

    0 select   1 skip   2 reroll_boss   3 cash_out   4 reroll   5 next   6 skip_pack
    7 sort rank   8 sort suit   9 play (the selection)   10 discard (the selection)
    11 ..        toggle hand card i (select it, or deselect it)          H
    then         buy shop card s; buy and use it (the selection as targets)   S, S
                 buy voucher v; buy pack p; pick pack card k (the selection) V, P, K
                 sell joker j; sell consumable c; use consumable c (the selection)  J, C, C
                 move joker j to slot j + 1                                   J - 1

**The mask agrees with the game.** For an index that is a game action, ``mask[i]`` is
``game.can(space.action(i, game, selection))`` exactly. A consumable or pack card that
takes targets is used on the selected cards (``Use(c, selected)``); one that takes none
ignores the selection. A toggle is legal for a card in one of the first ``H`` positions:
selecting while fewer than the selection limit are selected, deselecting any selected
card but a forced one (Cerulean Bell's card is always selected, as in the game).

**No stalling.** Sorting, moving a joker and deselecting change nothing that matters to
the run; they are *no-ops*, and at most ``max_noops`` of them may follow one another: then
they are masked until a game action (anything else but a toggle) is taken. Selecting is
bounded by the selection limit. So an episode cannot loop without playing on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from ...game.actions import (
    Action,
    ActionSpace,
    BuyAndUse,
    CashOut,
    Discard,
    EndShop,
    Pick,
    Play,
    Reroll,
    RerollBoss,
    SelectBlind,
    SkipBlind,
    SkipPack,
    SortHand,
    Use,
)
from ...game.jokers import Consumable
from ...game.state import Phase
from ...kernel.components import Area
from ...kernel.errors import BalatroError
from ..observe import Layout

if TYPE_CHECKING:
    from ...game.cards import Card
    from ...game.game import Game

__all__ = ["DEFAULT_SELECTION_LIMIT", "Selection", "TwoStepSpace", "selection_limit"]

Mask = npt.NDArray[np.bool_]

#: The game's selection limit when its rules name none: five cards.
DEFAULT_SELECTION_LIMIT = 5


def selection_limit(game: Game) -> int:
    """The most cards one play, discard or use may select: ``game.rules.selection_limit``
    where the rules have one (mods), else 5."""
    limit = getattr(game.rules, "selection_limit", DEFAULT_SELECTION_LIMIT)
    return int(limit) if isinstance(limit, int) and limit > 0 else DEFAULT_SELECTION_LIMIT


class Selection:
    """The selected hand cards of one episode and its count of consecutive no-ops.

    Cards are kept by identity, so sorting the hand keeps them selected; cards the game
    forces (Cerulean Bell) are selected whether or not they were toggled.
    """

    __slots__ = ("cards", "forced", "noops")

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.noops = 0
        #: The forced positions :meth:`positions` found last.
        self.forced: tuple[int, ...] = ()

    def positions(self, game: Game) -> tuple[int, ...]:
        """The selected hand positions, ascending (forced cards included)."""
        hand = game.area(Area.HAND)
        # (``card.forced``, read from its flags component directly: this runs every step)
        forced = self.forced = tuple(
            [i for i, card in enumerate(hand) if card._flags.forced_selection]
        )
        chosen = self.cards
        if not chosen:
            return forced
        if not forced:
            return tuple(sorted([hand.index(card) for card in chosen]))
        return tuple(i for i, card in enumerate(hand) if card.forced or card in chosen)

    def clear(self) -> None:
        """Forget the selection and the no-ops (after a game action)."""
        self.cards.clear()
        self.noops = 0

    def __repr__(self) -> str:
        return f"<Selection {[c.label for c in self.cards]} noops={self.noops}>"


# The fixed actions, in the fixed space's order (its first nine indices).
_FIXED: tuple[Action, ...] = (
    SelectBlind(), SkipBlind(), RerollBoss(), CashOut(), Reroll(), EndShop(), SkipPack(),
    SortHand("rank"), SortHand("suit"),
)  # fmt: skip
_FIXED_NAMES = (
    "select", "skip", "reroll_boss", "cash_out", "reroll", "next", "skip_pack", "sort rank",
    "sort suit",
)  # fmt: skip


class TwoStepSpace:
    """The select-then-act action space (see the module's docs).

    :param layout: Slot counts: ``hand`` toggles, ``shop``/``vouchers``/``packs`` offers,
        ``pack`` cards, ``jokers`` and ``consumables`` (the same layout the observation
        uses, so that every index names something the agent sees).
    :param max_noops: No-op steps (sort, move, deselect) allowed in a row.
    """

    def __init__(self, layout: Layout | None = None, *, max_noops: int = 6) -> None:
        layout = layout if layout is not None else Layout()
        if max_noops < 0:
            raise BalatroError(f"max_noops: expected 0 or more, got {max_noops}")
        self.layout = layout
        self.max_noops = max_noops
        self.hand_slots = layout.hand
        #: The untargeted game actions, in the fixed space's order: their mask is the game's
        #: own (:func:`~balatro_ecs.run.engine.action_mask`) over this smaller space.
        self.untargeted = ActionSpace(
            hand_slots=0,
            shop_slots=layout.shop,
            voucher_slots=layout.vouchers,
            pack_slots=layout.packs,
            pack_cards=layout.pack,
            joker_slots=layout.jokers,
            consumable_slots=layout.consumables,
        )
        self.play = len(_FIXED)
        self.discard = self.play + 1
        self.toggle = self.discard + 1
        start = self.toggle + layout.hand  # where the untargeted space's tenth action lands
        u = self.untargeted
        self._offset = start - len(_FIXED)
        self.buy = u.buy + self._offset
        self.buy_and_use = u.buy_and_use + self._offset
        self.buy_voucher = u.buy_voucher + self._offset
        self.buy_pack = u.buy_pack + self._offset
        self.pick = u.pick + self._offset
        self.sell_joker = u.sell_joker + self._offset
        self.sell_consumable = u.sell_consumable + self._offset
        self.use = u.use + self._offset
        self.move_joker = u.move_joker + self._offset if u.move_joker >= 0 else -1
        self.size = start + u.size - len(_FIXED)
        noop = np.zeros(self.size, dtype=bool)
        noop[7:9] = True
        if self.move_joker >= 0:
            noop[self.move_joker : self.move_joker + layout.jokers - 1] = True
        self._noop = noop
        self._names = self._spell()

    # -- naming --------------------------------------------------------------------------
    def _spell(self) -> tuple[str, ...]:
        names = [*_FIXED_NAMES, "play", "discard"]
        names += [f"toggle {i + 1}" for i in range(self.hand_slots)]
        for action in self.untargeted.actions[len(_FIXED) :]:
            text = action.text()
            if isinstance(action, (BuyAndUse, Pick, Use)):
                text += " (selection)"
            names.append(text)
        return tuple(names)

    def name(self, index: int) -> str:
        """The index in words (1-based positions): ``"toggle 3"``, ``"use 2 (selection)"``."""
        return self._names[index]

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def is_toggle(self, index: int) -> bool:
        return self.toggle <= index < self.toggle + self.hand_slots

    def is_noop(self, index: int, game: Game, selection: Selection) -> bool:
        """Whether taking ``index`` would be a no-op step: a sort, a joker move, or
        deselecting a card."""
        if self._noop[index]:
            return True
        if self.is_toggle(index):
            hand = game.area(Area.HAND)
            i = index - self.toggle
            return i < len(hand) and hand[i] in selection.cards
        return False

    # -- decoding ------------------------------------------------------------------------
    def action(self, index: int, game: Game, selection: Selection) -> Action | None:
        """The game action of ``index`` now (``None`` for a toggle). Raises
        :class:`~balatro_ecs.errors.BalatroError` for an index outside the space."""
        if not 0 <= index < self.size:
            raise BalatroError(f"action index {index}: outside 0..{self.size - 1}")
        if index < len(_FIXED):
            return _FIXED[index]
        if index < self.toggle:
            cards = selection.positions(game)
            return Play(cards) if index == self.play else Discard(cards)
        if index < self.toggle + self.hand_slots:
            return None
        plain = self.untargeted.actions[index - self._offset]
        if isinstance(plain, (Use, Pick)):
            item = _item(game, plain)
            if _takes_targets(item):
                return type(plain)(plain.index, selection.positions(game))
        elif isinstance(plain, BuyAndUse):
            offer = game.shop[plain.slot] if plain.slot < len(game.shop) else None
            if _takes_targets(offer):
                return BuyAndUse(plain.slot, selection.positions(game))
        return plain

    def index_of(self, action: Action) -> int | None:
        """The index that takes ``action`` with the right selection (an untargeted action's
        own index; a Play's, a Discard's and a targeted use's verb index), or ``None`` if
        the space cannot express it."""
        if isinstance(action, Play):
            return self.play
        if isinstance(action, Discard):
            return self.discard
        if isinstance(action, (Use, Pick)):
            plain: Action = type(action)(action.index)
        elif isinstance(action, BuyAndUse):
            plain = BuyAndUse(action.slot)
        else:
            plain = action
        if plain in _FIXED:
            return _FIXED.index(plain)
        found = self.untargeted.encode(plain)
        return None if found is None else found + self._offset

    # -- the mask ------------------------------------------------------------------------
    def untargeted_mask(self, game: Game) -> Mask:
        """The game's mask over :attr:`untargeted`, placed in this space (what
        :meth:`mask` starts from; it depends on the game only, not on the selection)."""
        from ...game.run.engine import action_mask

        out = np.zeros(self.size, dtype=bool)
        if game.run.phase is Phase.GAME_OVER:
            return out
        plain = action_mask(game, self.untargeted)
        fixed = len(_FIXED)
        out[:fixed] = plain[:fixed]
        out[self.toggle + self.hand_slots :] = plain[fixed:]
        return out

    def mask(
        self,
        game: Game,
        selection: Selection,
        plain: Mask | None = None,
        chosen: tuple[int, ...] | None = None,
        limit: int | None = None,
        verdicts: dict[tuple[Any, ...], bool] | None = None,
    ) -> Mask:
        """Legal indices now (see the module's docs for the exact rule). ``plain``: the
        game's :meth:`untargeted_mask`, if the caller kept it since the game last changed;
        ``chosen``: ``selection.positions(game)``, and ``limit``: :func:`selection_limit`,
        if the caller has them. ``verdicts``: the game's verdicts (``game.can``) on the
        targeted actions asked about since the game last changed, kept by the caller (an
        empty dict after each change); the mask reads and adds to it."""
        can = _Verdicts(game, {} if verdicts is None else verdicts)
        run = game.run
        phase = run.phase
        if phase is Phase.GAME_OVER:
            return np.zeros(self.size, dtype=bool)
        out = (plain if plain is not None else self.untargeted_mask(game)).copy()
        hand = game.area(Area.HAND)
        if hand:
            picked = selection.cards
            if chosen is None:
                chosen = selection.positions(game)
            if phase is Phase.ROUND and chosen:
                out[self.play] = can(Play, chosen)
                if run.discards_left > 0:
                    out[self.discard] = can(Discard, chosen)
            room = len(chosen) < (selection_limit(game) if limit is None else limit)
            toggle = self.toggle
            n = min(len(hand), self.hand_slots)
            if room:
                out[toggle : toggle + n] = True
            else:  # the limit reached: only deselecting
                for card in picked:
                    i = hand.index(card)
                    if i < n:
                        out[toggle + i] = True
            for i in selection.forced:
                if i < n:
                    out[toggle + i] = False
            if chosen:
                self._targeted(game, out, chosen, can)
            if selection.noops >= self.max_noops:
                out[self._noop] = False
                for card in picked:
                    i = hand.index(card)
                    if i < self.hand_slots:
                        out[toggle + i] = False
        elif selection.noops >= self.max_noops:
            out[self._noop] = False
        return out

    def _targeted(self, game: Game, out: Mask, chosen: tuple[int, ...], can: _Verdicts) -> None:
        """Uses and picks of items that take targets, on the selection."""
        layout = self.layout
        for i, item in enumerate(game.consumables[: layout.consumables]):
            if _takes_targets(item):
                out[self.use + i] = can(Use, i, chosen)
        if game.run.phase is Phase.PACK:
            for k, offer in enumerate(game.pack[: layout.pack]):
                if _takes_targets(offer):
                    out[self.pick + k] = can(Pick, k, chosen)

    # -- stepping ------------------------------------------------------------------------
    def toggle_card(self, game: Game, selection: Selection, index: int) -> None:
        """Apply a toggle (the caller checked the mask): select the card, or deselect it
        (a no-op step)."""
        card = game.area(Area.HAND)[index - self.toggle]
        if card in selection.cards:
            selection.cards.remove(card)
            selection.noops += 1
        else:
            selection.cards.append(card)

    def encode_legal(self, game: Game, selection: Selection) -> list[int]:
        """The legal indices now, ascending."""
        return [int(i) for i in np.flatnonzero(self.mask(game, selection))]


class _Verdicts:
    """``game.can`` of an action made from its type and fields, remembering the verdicts
    in ``kept`` (valid while the game does not change: toggling cards changes only the
    env's selection)."""

    __slots__ = ("game", "kept")

    def __init__(self, game: Game, kept: dict[tuple[Any, ...], bool]) -> None:
        self.game = game
        self.kept = kept

    def __call__(self, kind: type[Action], *fields: Any) -> bool:
        key = (kind, *fields)
        found = self.kept.get(key)
        if found is None:
            found = self.kept[key] = self.game.can(kind(*fields))
        return found


def _item(game: Game, action: Use | Pick) -> object:
    row: Sequence[Any] = game.consumables if isinstance(action, Use) else game.pack
    return row[action.index] if action.index < len(row) else None


def _takes_targets(item: object) -> bool:
    return isinstance(item, Consumable) and item.type.targets[1] > 0
