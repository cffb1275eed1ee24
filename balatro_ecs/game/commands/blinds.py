"""Commands on the blind: making one active, ending it, disabling it; the ante's boss and
its blinds' hands; how large blinds are and which pay.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``). A blind's rules reach the playing
cards (its debuffs) and the hand (The Manacle's size: a card drawn when it comes back),
so these sit above the card commands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...kernel import components as C
from ...kernel.content import BlindType
from ...kernel.errors import UnknownNameError, show
from ...kernel.faults import check_whole
from ..blinds import Blind
from ..run import blinds as blind_rules
from ..run.tags import choose_blind_hands
from ..run_rules import ANTE_BASE_CHIPS
from ..state import Phase
from .cards import CardCommands

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["BLIND_CHOICES", "BlindCommands"]

#: The blinds of an ante, as the run names them (``run.blind_on_deck``).
BLIND_CHOICES = ("Small", "Big", "Boss")


class BlindCommands(CardCommands):
    """The active blind: set, cleared, disabled."""

    def set_blind(self, blind: str | BlindType) -> Blind:
        """Make ``blind`` the active blind and apply its card debuffs."""
        btype = blind if isinstance(blind, BlindType) else self.plugins.blind(blind)
        self.clear_blind()
        state = C.BlindState()
        entity = self.world.create(C.BlindKind(btype.key), state)
        self.blind = Blind(entity, btype, state)
        self._refresh_debuffs()
        return self.blind

    def clear_blind(self) -> None:
        """No blind is active any more (the round is over)."""
        if self.blind is not None:
            self.world.delete(self.blind.entity)
            self.blind = None
            for joker in self.jokers:
                if joker._debuff.by_blind:
                    joker.set_debuff(by_blind=False)
                    self._row_changed()
            self._refresh_debuffs()

    def disable_blind(self) -> None:
        """Disable the active blind's ability (Chicot, Luchador); its round effects are undone,
        then the jokers hear of it (``joker_blind_disabled``)."""
        blind = self.blind
        if blind is None or blind.disabled:
            return
        blind._state.disabled = True
        undo = self.plugins.impl("blind_disabled", blind.key)
        with self._hand_size_change():  # The Manacle's card comes back at once
            if undo is not None and self.run.phase == Phase.ROUND:
                undo(self, blind)
            for joker in self.jokers:
                if joker._debuff.by_blind:
                    joker.set_debuff(by_blind=False)
                    self._row_changed()
        self.record(blind, "message", "disabled")
        self._refresh_debuffs()
        if self._planned("joker_blind_disabled"):
            self.each_joker("joker_blind_disabled", blind)

    # -- the ante's blinds ----------------------------------------------------------------------
    def reroll_boss(self, cost: int = 0) -> str:
        """Draw a new boss for this ante, paying ``cost`` (Director's Cut, the Boss Tag's free
        one); it uses up the ante's reroll, as the game marks the boss rerolled whatever
        asked. Returns the new boss's key.

        :raises TypeError: ``cost`` is not a whole number.
        """
        check_whole("reroll_boss: cost", cost)
        return blind_rules.reroll_boss(cast("Game", self), cost)

    def blind_hands(self) -> dict[str, str]:
        """The poker hand of each blind of this ante, by blind (``"Small"``, ``"Big"``,
        ``"Boss"``): the Orbital Tag's hand, drawn the first time the ante's blind select
        screen is built (the game's ``orbital_choices``) and kept for the ante."""
        return choose_blind_hands(cast("Game", self))

    def set_blind_chips(self, chips: float, *, source: object = None) -> None:
        """Set the score needed to beat the blind being played (``run.blind_chips``: The
        Wall disabled needs half; Steamodded's ``G.GAME.blind.chips``).

        :raises TypeError: ``chips`` is not a number.
        :raises ValueError: ``chips`` is below 0 or NaN.
        """
        if isinstance(chips, bool) or not isinstance(chips, (int, float)):
            raise TypeError(f"set_blind_chips: chips must be a number, got {show(chips)}")
        if not chips >= 0:
            raise ValueError(f"set_blind_chips: chips must be >= 0, got {show(chips)}")
        self.run.blind_chips = chips
        self.record(source, "blind chips", chips)

    def set_blind_scaling(
        self, *, factor: float | None = None, table: int | None = None, source: object = None
    ) -> None:
        """Change how large blinds are for the rest of the run: ``factor`` multiplies every
        blind's chips (``run.ante_scaling``: Plasma Deck 2); ``table`` picks the game's table
        of base chips per ante (``run.scaling``: 1, Green Stake 2, Purple Stake 3). The blind
        being played keeps its size. Arguments left ``None`` stay as they are.

        :raises TypeError: ``factor`` is not a number, ``table`` not a whole number.
        :raises ValueError: ``factor`` is not above 0, or no table has that number.
        """
        if factor is not None:
            if isinstance(factor, bool) or not isinstance(factor, (int, float)):
                raise TypeError(f"set_blind_scaling: factor must be a number, got {show(factor)}")
            if not 0 < factor < float("inf"):
                raise ValueError(f"set_blind_scaling: factor must be above 0, got {show(factor)}")
        if table is not None:
            check_whole("set_blind_scaling: table", table, source)
            if f"scaling_{table}" not in ANTE_BASE_CHIPS:
                tables = sorted(k[8:] for k in ANTE_BASE_CHIPS if k.startswith("scaling_"))
                raise ValueError(
                    f"set_blind_scaling: no table {table} (the tables: {', '.join(tables)})"
                )
        run = self.run
        if factor is not None and factor != run.ante_scaling:
            run.ante_scaling = factor
            self.record(source, "blind scaling", factor)
        if table is not None and table != run.scaling:
            run.scaling = table
            self.record(source, "blind table", table)

    def set_blind_reward(self, blind: str, pays: bool, *, source: object = None) -> None:
        """Whether beating a ``"Small"``, ``"Big"`` or ``"Boss"`` blind pays its reward, for
        the rest of the run (``run.no_blind_reward``: Red Stake's Small Blind pays none).

        :raises UnknownNameError: ``blind`` is none of the three.
        :raises TypeError: ``pays`` is not a bool.
        """
        if blind not in BLIND_CHOICES:
            raise UnknownNameError("blind choice", blind, BLIND_CHOICES)
        if type(pays) is not bool:
            raise TypeError(f"set_blind_reward: pays must be True or False, got {show(pays)}")
        unpaid = self.run.no_blind_reward
        if pays and blind in unpaid:
            unpaid.remove(blind)
        elif not pays and blind not in unpaid:
            unpaid.append(blind)
        else:
            return
        self.record(source, "blind reward", pays, blind)
