"""One client's game behind the server, and the declaration of a method.

A :class:`Session` holds the run in progress (``None`` at the main menu) and how it is
shown (:class:`~balatro_ecs.tools.server.gamestate.View`); methods read and change it through
the engine's public API (:meth:`Game.apply <balatro_ecs.game.Game.apply>` for every
player action). A :class:`Method` is what the dispatcher knows of a method: its
parameters, the states it needs, and the function that carries it out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...game.actions import Action, Endless
from ...game.game import Game
from ...kernel.errors import ActionError, IllegalActionError
from ...kernel.manager import Plugins
from .errors import BAD_REQUEST, INVALID_STATE, NOT_ALLOWED, RpcError
from .gamestate import View, gamestate, state_name
from .names import KEYS, STYLES
from .params import Param

__all__ = ["RUN_STATES", "Method", "Session"]

#: Every state of a run in progress (what ``save`` needs).
RUN_STATES = (
    "SELECTING_HAND",
    "GAME_OVER",
    "SHOP",
    "BLIND_SELECT",
    "ROUND_EVAL",
    "SMODS_BOOSTER_OPENED",
)


class Session:
    """The game a server plays, and how it shows it.

    :param plugins: The plugin set of every run started (default: vanilla plus installed
        packs).
    :param unlocks: The profile of every run started (``"all"`` or ``"shipped"``).
    :param style: How names are spelled in answers (``"keys"``, as balatrobot 1.5, or
        ``"names"``, as 1.0-1.4).
    :param fair: Hide face-down cards and the draw pile's order (the mod shows them).
    :param save_dir: The directory ``save`` and ``load`` paths are confined to (default:
        the working directory).
    """

    def __init__(
        self,
        *,
        plugins: Plugins | None = None,
        unlocks: str = "all",
        style: str = KEYS,
        fair: bool = False,
        save_dir: str | Path | None = None,
    ) -> None:
        if style not in STYLES:
            raise ValueError(f"Session: style must be one of {STYLES}, got {style!r}")
        self.plugins = plugins if plugins is not None else Plugins.default()
        self.unlocks = unlocks
        self.view = View(style=style, fair=fair)
        self.save_dir = Path(save_dir if save_dir is not None else Path.cwd()).resolve()
        #: The run in progress; ``None`` at the main menu.
        self.game: Game | None = None

    @property
    def state(self) -> str:
        """The mod's name for where the session is (``MENU``, ``SHOP``, ...)."""
        return state_name(self.game)

    def gamestate(self, revealed: frozenset[int] = frozenset()) -> dict[str, Any]:
        """The ``GameState`` now (``revealed``: serials a consumable just showed)."""
        view = self.view
        if revealed:
            view = View(style=view.style, fair=view.fair, revealed=revealed)
        return gamestate(self.game, view)

    def require_game(self) -> Game:
        if self.game is None:
            raise RpcError(INVALID_STATE, "No run in progress. Use `start` to begin one.")
        return self.game

    def apply(self, action: Action) -> None:
        """Apply a player action; one the rules refuse is ``NOT_ALLOWED`` with the
        engine's reason (a malformed one ``BAD_REQUEST``), and leaves the game as it was.

        The API has no call for the win screen's Endless Mode button: once the run is won,
        the next action plays on into endless mode, the button pressed first
        (:class:`~balatro_ecs.game.actions.Endless`; undone if the action is refused)."""
        game = self.require_game()
        try:
            if game.run.win_screen and not isinstance(action, Endless):
                before = game.snapshot()
                game.apply(Endless())
                try:
                    game.apply(action)
                except BaseException:
                    game.restore(before)
                    raise
                return
            game.apply(action)
        except IllegalActionError as err:
            raise RpcError(NOT_ALLOWED, str(err)) from err
        except ActionError as err:
            raise RpcError(BAD_REQUEST, str(err)) from err

    def new_game(self, game: Game | None) -> None:
        """Replace the run (``None``: back to the menu), freeing the old one."""
        old, self.game = self.game, game
        if old is not None and old is not game:
            old.close()

    def close(self) -> None:
        self.new_game(None)


@dataclass(frozen=True)
class Method:
    """A method of the API: checked in the mod's order (its parameters' types, then the
    state, then ``run``'s own checks of values and rules) and carried out by ``run``."""

    name: str
    summary: str
    run: Callable[[Session, dict[str, Any]], Any]
    params: tuple[Param, ...] = ()
    #: The states it may be called in (``None``: any).
    states: tuple[str, ...] | None = None
    #: The error names it may answer with, as the mod documents them.
    errors: tuple[str, ...] = ()
    #: What it answers with: ``GameState``, ``Health`` or ``PathResult``.
    result: str = "GameState"
