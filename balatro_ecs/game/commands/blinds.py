"""Commands on the blind: making one active, ending it, disabling it.

Part of :class:`~balatro_ecs.game.commands.GameCommands`, the methods plugins call on the
game (listed with the rest in ``docs/objects.md``). A blind's rules reach the playing
cards (its debuffs) and the hand (The Manacle's size: a card drawn when it comes back),
so these sit above the card commands.
"""

from __future__ import annotations

from ...kernel import components as C
from ...kernel.content import BlindType
from ..blinds import Blind
from ..state import Phase
from .cards import CardCommands

__all__ = ["BlindCommands"]


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
