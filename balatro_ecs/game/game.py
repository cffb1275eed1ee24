"""A game: one run of Balatro, and the player's protocol on it.

:class:`Game` owns everything about one run. The playing cards, jokers, consumables, shop
offers, the blind and the deck are entities in its :class:`~balatro_ecs.kernel.world.World`;
the order of every area (draw pile, hand, play, discard, jokers, consumables, shop) is kept
as an explicit row, because slot order decides outcomes
(:class:`~balatro_ecs.game.core.GameCore`).

This module is the *player's* side: what may be done now (:meth:`Game.legal_actions`,
:meth:`Game.can`, :meth:`Game.verify`, :meth:`Game.action_mask`), doing it
(:meth:`Game.apply`), asking what a play would score (:meth:`Game.preview_play`), and
copying the game (:meth:`Game.snapshot`, :meth:`Game.clone`, :meth:`Game.to_json`,
:meth:`Game.replay`). The rest has its own place:

* what plugins call to change the game: :mod:`balatro_ecs.game.commands`
  (:class:`~balatro_ecs.game.commands.GameCommands`), which :class:`Game` inherits;
* what happens when an action is applied: the events of :mod:`balatro_ecs.game.events`;
* how a game is copied: :mod:`balatro_ecs.game.copying` (and
  :mod:`balatro_ecs.game.run.save` for the text);
* the rules and call plans kept in step with the jokers: :mod:`balatro_ecs.game.sync`.

Two ways to make one:

* ``Game(deck=..., stake=..., seed=...)`` starts a run: the deck is built, the first
  blinds are drawn, and the game waits for the player's first action.
* :meth:`Game.empty` makes a bare game with nothing in it, which scenarios fill in.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..kernel.content import DeckType, StakeType
from ..kernel.errors import IllegalActionError
from ..kernel.faults import name_fault
from ..kernel.manager import Plugins
from . import copying, unseen
from .actions import Action, Outcome
from .commands import Commands, GameCommands
from .copying import GameSnapshot
from .core import DEFAULT, Default, check_unlocks
from .determinize import determinize
from .prepared import prepared_start
from .run import binary, engine, jkr, save
from .run.flow import run_event
from .scoring.result import ScoreResult

__all__ = ["DEFAULT_SEED", "Game", "random_seed"]

#: The seed scenarios use when none is given (any fixed string keeps them reproducible).
DEFAULT_SEED = "BALATRO1"
_SEED_ALPHABET = "ABCDEFGHIJKLMNPQRSTUVWXYZ123456789"  # the game's: no 0, no O


def random_seed() -> str:
    """A fresh 8-character seed in the game's alphabet (from the OS, not from a game stream)."""
    return "".join(secrets.choice(_SEED_ALPHABET) for _ in range(8))


class Game(Commands):
    """One run of Balatro.

    :param deck: The deck (back), by name or key (default: the plugin set's first, the
        game's Red Deck).
    :param stake: The stake, by name, key or level (1-8); lower stakes apply too (default:
        the lowest, the game's White Stake).
    :param seed: The run seed; every random draw derives from it. A fresh one is made
        when omitted (read it back from :attr:`seed`).
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param atomic: Make every action all-or-nothing (default): the game takes a
        :meth:`snapshot` before each action and restores it in place if the action raises.
        ``False`` saves that snapshot (some tens of microseconds) where a failed game is
        thrown away.
    :param budget: Seconds one action may run before a runaway hook in it is stopped
        and named (:mod:`balatro_ecs.kernel.guard`; default
        :data:`~balatro_ecs.kernel.guard.DEFAULT_BUDGET`, 10 s); ``None`` for no limit.
    :param checks: Check after each action that the game is still one that saves (money
        whole and in range, counts not negative, each entity in one row) and, if not,
        undo the action and name the hook that broke it (:mod:`balatro_ecs.game.run.invariants`):
        ``None`` (default) when a plugin outside the vanilla pack implements a hook,
        ``True`` always, ``False`` never.
    :param unlocks: The profile: ``"all"`` (default: everything unlocked and discovered,
        the convention of seed tools and bots) or ``"shipped"`` (the game's shipped unlock
        flags, so 40 jokers never appear and some tags are not offered).

    The commands plugins call (``earn``, ``add_joker``, ``destroy_card``, ...) are
    inherited: see :class:`~balatro_ecs.game.commands.GameCommands`.

    >>> game = Game(deck="Red Deck", stake="White Stake", seed="EXAMPLE1")  # the defaults
    >>> game.phase
    <Phase.BLIND_SELECT: 'blind_select'>
    >>> game.legal_actions()[:2]
    [SelectBlind(), SkipBlind()]
    """

    def __init__(
        self,
        *,
        deck: str | DeckType | None = None,
        stake: str | int | StakeType | None = None,
        seed: str | None = None,
        plugins: Plugins | None = None,
        unlocks: str = "all",
        atomic: bool = True,
        budget: float | Default | None = DEFAULT,
        checks: bool | None = None,
        start: bool = True,
    ) -> None:
        seed = seed if seed is not None else random_seed()
        if start:
            # Most starts copy the part every seed shares (game/prepared.py).
            plugins = plugins if plugins is not None else Plugins.default()
            deck_type = deck if isinstance(deck, DeckType) else plugins.deck(deck)
            stake_type = stake if isinstance(stake, StakeType) else plugins.stake(stake)
            check_unlocks(unlocks)
            prepared = prepared_start(type(self), deck_type, stake_type, plugins, unlocks)
            if prepared is not None:
                prepared.begin(self, seed, atomic=atomic, budget=budget, checks=checks)
                self._start(skip=prepared.done)
                return
            deck, stake = deck_type, stake_type
        super().__init__(
            deck=deck,
            seed=seed,
            plugins=plugins,
            unlocks=unlocks,
            atomic=atomic,
            budget=budget,
            checks=checks,
        )
        if start:
            self.stake = self._stake(stake)
            self._start()

    #: The engine's own ``__init__`` (a subclass that replaces it is built through its own
    #: by :func:`~balatro_ecs.game.copying.build`).
    _engine_init = __init__

    def _start(self, skip: tuple[str, ...] = ()) -> None:
        """The ``start_run`` event (less the phases a prepared start did already)."""
        try:
            run_event(self, "start_run", skip=skip)
        except Exception as err:  # a plugin's fault while setting up: name it
            named = name_fault(self.plugins, err)
            if named is None:
                raise
            raise named from err

    @classmethod
    def empty(
        cls,
        *,
        deck: str | DeckType | None = None,
        seed: str = DEFAULT_SEED,
        plugins: Plugins | None = None,
    ) -> Game:
        """A game with no cards, no jokers and no run in progress (what scenarios fill in)."""
        return cls(deck=deck, seed=seed, plugins=plugins, start=False)

    def _stake(self, stake: str | int | StakeType | None) -> StakeType:
        return stake if isinstance(stake, StakeType) else self.plugins.stake(stake)

    # -- the action API ------------------------------------------------------------------
    def legal_actions(self, *, reorders: bool = True) -> list[Action]:
        """Every action that may be applied now, in a stable order.

        ``reorders=False`` leaves out joker moves and hand sorting, which change only order.
        A :class:`~balatro_ecs.actions.Rearrange` of the hand or the consumables is never
        listed (a hand has thousands of orders): :meth:`can` checks one.
        """
        return engine.legal_actions(self, reorders=reorders)

    def action_mask(self) -> list[bool]:
        """A fixed-size mask over :data:`~balatro_ecs.actions.ACTION_SPACE` (legal = True):
        ``[a in set(self.legal_actions()) for a in ACTION_SPACE.actions]``, computed from
        the phase and the sizes of the rows (:func:`~balatro_ecs.game.run.engine.action_mask`)."""
        return engine.action_mask(self)

    def verify(self, action: Action) -> None:
        """Raise :class:`~balatro_ecs.kernel.errors.IllegalActionError` if ``action`` is
        illegal now.

        Changes nothing.
        """
        engine.verify(self, action)

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now (changes nothing).

        The three views agree: an action of :data:`~balatro_ecs.actions.ACTION_SPACE` is
        marked in :meth:`action_mask` exactly when ``can`` is true, exactly when it is in
        :meth:`legal_actions` (which also lists, in the same form, the legal actions the
        space cannot express: any joker move, cards past the tenth). The one action of
        neither is :class:`~balatro_ecs.actions.Rearrange`: ``can`` alone answers for it.
        """
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action) -> Outcome:
        """Apply an action (its event: :attr:`Action.event
        <balatro_ecs.game.actions.Action.event>`); an illegal one raises and leaves the game
        exactly as it was."""
        return engine.apply(self, action)

    # -- what a play would score -----------------------------------------------------------
    def preview_play(
        self, positions: Iterable[int], *, player: bool = False, samples: int = 16
    ) -> ScoreResult:
        """What playing these hand cards would score now, without changing the game.

        ``positions`` are checked as a :class:`~balatro_ecs.actions.Play`'s cards are: 1 to
        5 distinct ints, each a card in hand (:func:`~balatro_ecs.game.run.engine.check_preview`;
        a bad one raises :class:`~balatro_ecs.kernel.errors.ActionError` or
        :class:`~balatro_ecs.kernel.errors.IllegalActionError`). Scoring changes hand counts,
        joker counters, cards (Vampire, Midas Mask, Hiker, DNA's copy), money and the
        random streams; a preview puts all of that back afterwards.

        The plain preview scores the play on the run's own random streams and cards: it
        knows what chance will give (a Lucky card, Misprint, Bloodstone) and which cards
        lie face down. ``player=True`` gives what the player can know instead: the
        :class:`~balatro_ecs.game.unseen.PlayerPreview` of the play, its expected score
        over ``samples`` possible worlds (fresh streams, face-down cards dealt again from
        the unseen ones), exact when neither chance nor a hidden card is involved
        (:func:`~balatro_ecs.game.unseen.player_previews`).
        """
        return self.preview_plays([positions], player=player, samples=samples)[0]

    def preview_plays(
        self, plays: Iterable[Iterable[int]], *, player: bool = False, samples: int = 16
    ) -> list[ScoreResult]:
        """What each of these plays would score now: ``[preview_play(p) for p in plays]``,
        with what scoring can change saved once for all of them (a policy comparing the
        plays of one hand). Every play is checked before any is scored; a plugin's hook
        that raises (or gives what the engine cannot apply, or runs past the budget) is
        raised as a :class:`~balatro_ecs.kernel.errors.HookError` naming it, the game
        unchanged. ``player`` and ``samples`` as for :meth:`preview_play` (the same
        possible worlds for every play)."""
        limit = self.rules.selection_limit
        checked = [sorted(engine.check_preview(self, cards, limit)) for cards in plays]
        if player:
            return list(unseen.player_previews(self, checked, samples))
        return copying.preview_plays(self, checked)

    # -- copies --------------------------------------------------------------------------
    def snapshot(self) -> GameSnapshot:
        """The game's state now, copied directly (no save in between): give it to
        :meth:`restore` to go back to this moment, as often as you like, or to
        :meth:`from_snapshot` to start a copy from it.

        What never changes during a run is shared, not copied (the plugins, content types,
        compiled call plans, the frozen value components); the action log is kept as a
        tuple of its (immutable) outcomes. See :mod:`balatro_ecs.game.copying`.

        >>> game = Game(seed="SNAPSHOT")
        >>> saved = game.snapshot()
        >>> from balatro_ecs.actions import SelectBlind
        >>> _ = game.apply(SelectBlind())
        >>> game.restore(saved)
        >>> game.phase
        <Phase.BLIND_SELECT: 'blind_select'>
        """
        return copying.take(self)

    def restore(self, snapshot: GameSnapshot) -> None:
        """Put the game back exactly as it was when ``snapshot`` was taken (it saves to
        the same bytes).

        Restoring a snapshot of this game works in place: its handles (cards, jokers,
        consumables, the blind), the run record and every list stay the same objects and
        hold the saved values again; entities made since are gone and entities deleted
        since are back under their ids. A snapshot of another game makes this game a copy
        of it (new handles, that game's plugins). The snapshot stays valid.
        """
        copying.restore(self, snapshot)

    @classmethod
    def from_snapshot(cls, snapshot: GameSnapshot) -> Game:
        """A new, independent game in the state of ``snapshot`` (same plugins, same entity
        ids; it saves to the same bytes as the game did when the snapshot was taken)."""
        return copying.build(snapshot)

    def clone(self) -> Game:
        """An independent copy of the game (same plugins): ``from_snapshot(snapshot())``."""
        return copying.clone(self)

    def determinize(self, rng_seed: int | str) -> Game:
        """A clone in which what the player cannot know (the draw pile's order, future
        shops, packs and draws, an unseen voucher) is resampled from ``rng_seed``, and all
        they see is kept: for tree search that cannot read the future
        (:func:`balatro_ecs.game.determinize.determinize`)."""
        return determinize(self, rng_seed)

    # -- saves ---------------------------------------------------------------------------
    def to_json(self) -> str:
        """A lossless save: the run, every entity, every row, the random streams, the log."""
        return save.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes, plugins: Plugins | None = None) -> Game:
        """Load a save made by :meth:`to_json` (checks that its plugins are present)."""
        return save.loads(text, plugins, game_class=cls)

    @classmethod
    def from_data(cls, data: dict[str, Any], plugins: Plugins | None = None) -> Game:
        """Load a save already read as data (``json.loads`` of :meth:`to_json`, or
        :func:`balatro_ecs.game.run.save.to_data`), checked as :meth:`from_json` checks."""
        return save.from_data(data, plugins, game_class=cls)

    def to_bytes(self, key: bytes | str | None = None) -> bytes:
        """The game as trusted bytes: loaded back by :meth:`from_bytes` through the clone
        path, unchecked, only by this engine at this version with this plugin set and
        ``key`` (default: :func:`~balatro_ecs.game.run.binary.save_key`). A fast save for
        caches, checkpoints and worker pipes; :meth:`to_json` is the interchange format
        (see :mod:`balatro_ecs.game.run.binary`)."""
        return binary.dumps(self, key)

    @classmethod
    def from_bytes(
        cls, data: bytes, plugins: Plugins | None = None, *, key: bytes | str | None = None
    ) -> Game:
        """Load bytes written by :meth:`to_bytes` (a new game, saving to the same JSON
        text as the game they were written from).

        :raises SaveError: bytes this engine did not write with this key, this plugin set
            and this version (refused before anything in them is read), naming which.
        """
        return binary.loads(data, plugins, game_class=cls, key=key)

    def to_jkr(self) -> bytes:
        """The run as a save of the real game's own (the bytes of a ``save.jkr`` the game
        loads: its run table as Lua text, raw DEFLATE), see :mod:`balatro_ecs.game.run.jkr`.

        :raises SaveError: at a moment the game never saves (an open pack, a lost run).
        """
        return jkr.to_jkr(self)

    @classmethod
    def from_jkr(cls, data: bytes | Mapping[str, Any], plugins: Plugins | None = None) -> Game:
        """Continue a run saved by the real game (the bytes of its ``save.jkr``, or its run
        table already read): every random stream, counter, sticker, tag, the blind, the shop
        and the vouchers as the game saved them, and the steps the game takes when it
        continues a run (see :mod:`balatro_ecs.game.run.jkr`). The file is read as data,
        never run.

        :raises SaveError: not a save of the game's, or one the engine cannot continue,
            with a one-line message naming the problem.
        """
        return jkr.from_jkr(data, plugins, game_class=cls)

    @classmethod
    def replay(
        cls,
        actions: Iterable[Action],
        *,
        deck: str | None = None,
        stake: str | int | None = None,
        seed: str,
        plugins: Plugins | None = None,
    ) -> Game:
        """A new run with this seed, with ``actions`` applied in order."""
        game = cls(deck=deck, stake=stake, seed=seed, plugins=plugins)
        for action in actions:
            game.apply(action)
        return game

    # -- lifecycle -----------------------------------------------------------------------
    def close(self) -> None:
        """Free the game's esper world now (also done when the game is collected)."""
        world = self.__dict__.get("world")  # (none yet: a new game never used)
        if world is not None:
            world.close()

    def __repr__(self) -> str:
        return (
            f"<Game {self.deck.name} ante {self.run.ante} {self.run.phase.value} "
            f"${self.run.dollars} jokers={[j.name for j in self.jokers]}>"
        )


if TYPE_CHECKING:

    def _game_gives_the_commands(game: Game) -> GameCommands:
        """mypy checks here that a :class:`Game` is the :class:`GameCommands` hooks get."""
        return game
