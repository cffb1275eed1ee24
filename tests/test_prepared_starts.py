"""Prepared starts: a new game copies the part of its start every seed shares, shares its
cards and world with the prepared game until first used, and is the game a full start
makes, to the bit."""

from __future__ import annotations

import gc
import tracemalloc
from typing import Any

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game import prepared
from balatro_ecs.game.actions import Play, SelectBlind, Use
from balatro_ecs.game.core import MADE_ON_USE, SHARED_UNTIL_USED, STARTING_VALUES
from balatro_ecs.game.state import Phase, RunState
from balatro_ecs.kernel.content import DeckType, StakeType
from balatro_ecs.kernel.enums import HandType
from balatro_ecs.kernel.schedule import System
from balatro_ecs.plugin import hookimpl
from balatro_ecs.tools.policies import RandomPolicy


def _pending(game: Game) -> bool:
    return "_start_source" in vars(game)


def _play_on(game: Game, seed: str, steps: int) -> Game:
    policy = RandomPolicy(seed)
    for _ in range(steps):
        if game.phase is Phase.GAME_OVER or game.run.won:
            break
        game.apply(policy.choose(game))
    return game


def _pair(monkeypatch: pytest.MonkeyPatch, **options: Any) -> tuple[Game, Game]:
    """The same game made from a prepared start and in full."""
    monkeypatch.setattr(prepared, "enabled", True)
    fast = Game(**options)
    monkeypatch.setattr(prepared, "enabled", False)
    full = Game(**options)
    monkeypatch.setattr(prepared, "enabled", True)
    return fast, full


def test_every_deck_and_stake_starts_as_a_full_start_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plugins = Plugins.default()
    for deck in plugins.all(DeckType):
        for stake in plugins.all(StakeType):
            for seed in ("PREP1", "PREP2"):
                fast, full = _pair(monkeypatch, deck=deck, stake=stake, seed=seed, plugins=plugins)
                assert _pending(fast) == (deck.key != "b_erratic"), (deck.key, stake.key)
                assert fast.to_json() == full.to_json(), (deck.key, stake.key, seed)
                _play_on(fast, seed, 12)
                _play_on(full, seed, 12)
                assert fast.to_json() == full.to_json(), (deck.key, stake.key, seed)


def test_the_shipped_profile_and_a_game_class_have_their_own_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class MyGame(Game):
        pass

    for options in (
        {"seed": "PREPSHIP", "unlocks": "shipped", "stake": "Gold Stake"},
        {"seed": "PREPSHIP", "deck": "Magic Deck"},
    ):
        fast, full = _pair(monkeypatch, **options)
        assert fast.to_json() == full.to_json()
    game = MyGame(seed="PREPCLASS")
    assert type(game) is MyGame and _pending(game)
    assert type(game.clone()) is MyGame


def test_a_new_game_shares_its_cards_until_first_used() -> None:
    game = Game(seed="PREPLAZY")
    assert _pending(game)
    assert not SHARED_UNTIL_USED & set(vars(game))
    assert game.phase is Phase.BLIND_SELECT and game.run.boss  # the seed's draws: made
    assert game.legal_actions()  # (may look at the rows: copied then)
    game.apply(SelectBlind())
    assert not _pending(game) and set(vars(game)) >= SHARED_UNTIL_USED
    assert len(game.hand) == 8 and len(game.playing_cards) == 52
    other = Game(seed="PREPLAZY")
    assert other.playing_cards[0] is not game.playing_cards[0]
    assert other.world is not game.world


def test_a_pending_game_copies_saves_and_closes() -> None:
    game = Game(seed="PREPCOPY")
    assert _pending(game)
    copy = game.clone()  # copies the entities first
    assert not _pending(game)
    assert copy.to_json() == game.to_json()
    fresh = Game(seed="PREPCOPY")
    fresh.close()  # nothing to free yet
    text = Game(seed="PREPCOPY").to_json()
    assert text == game.to_json()
    snapshot = Game(seed="PREPCOPY").snapshot()
    assert Game.from_snapshot(snapshot).to_json() == text


def test_games_of_one_start_each_own_their_run_state_slots() -> None:
    """The seed's part draws each game's round targets into a memory of its own: changing
    one game's slots changes neither another game of the same start nor later ones."""
    first, second = Game(seed="PREPMEM1"), Game(seed="PREPMEM2")
    assert _pending(first) and _pending(second)
    assert first.run.memory is not second.run.memory
    assert first.run.memory != second.run.memory  # (these seeds draw other targets)
    original, before = dict(first.run.memory), dict(second.run.memory)
    first.run.memory["ecto_minus"] = 5
    first.run.memory["idol_rank"] = 2
    assert second.run.memory == before
    assert Game(seed="PREPMEM1").run.memory == original
    assert Game(seed="PREPMEM2").to_json() == second.to_json()


def test_a_new_game_is_small() -> None:
    """A new game holds its run record and random streams, not 52 cards, nor its own copy
    of the start's hand levels and empty containers: under 6 KB (issue 22's target)."""
    seeds = [f"PREPMEM{i}" for i in range(40)]
    warm = [Game(seed=seed) for seed in seeds]  # the process's caches: seed hashes, names
    del warm
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    games = [Game(seed=seed) for seed in seeds]
    size = (tracemalloc.get_traced_memory()[0] - before) / len(games)
    tracemalloc.stop()
    assert all(map(_pending, games))
    assert size < 6 * 1024


#: The game's own system in each phase of the common part (a plugin's runs after it).
_GAME_SYSTEM = {
    "cards": "start_run:starting_cards",
    "deck": "start_run:apply_deck",
    "stakes": "start_run:apply_stakes",
    "counters": "start_run:start_counters",
}


def _start_plugin(phase: str, fn: Any) -> object:
    class Starter:
        @hookimpl
        def balatro_run_systems(self) -> list[System]:
            name = f"start_run:test_{phase}"
            after = (_GAME_SYSTEM[phase],)
            return [System(name, phase, fn, after=after, event="start_run")]

    return Starter()


def test_a_start_that_draws_early_is_made_in_full() -> None:
    """A system of the common part that draws (as the Erratic Deck's cards do): every game
    of that start made in full."""

    def draws(ctx: Any) -> None:
        ctx.game.run.dollars += int(ctx.game.rng.random("test_draw") * 10)

    plugins = Plugins(config=False)
    plugins.register(_start_plugin("deck", draws), "early_draw")
    game = Game(seed="PREPDRAW", plugins=plugins)
    assert not _pending(game)
    assert Game(seed="PREPDRAW", plugins=plugins).to_json() == game.to_json()


def test_a_start_that_reads_the_seed_early_is_made_in_full() -> None:
    def reads_seed(ctx: Any) -> None:
        ctx.game.run.dollars += len(set(ctx.game.seed))

    plugins = Plugins(config=False)
    plugins.register(_start_plugin("stakes", reads_seed), "seed_reader")
    a, b = Game(seed="AAAAAAAA", plugins=plugins), Game(seed="ABCDEFGH", plugins=plugins)
    assert not _pending(a) and not _pending(b)
    assert b.run.dollars - a.run.dollars == 7


def test_a_start_passing_values_on_is_made_in_full() -> None:
    def passes(ctx: Any) -> None:
        ctx["note"] = "kept for a later phase"

    plugins = Plugins(config=False)
    plugins.register(_start_plugin("deck", passes), "passer")
    assert not _pending(Game(seed="PREPPASS", plugins=plugins))


def test_prepared_starts_belong_to_the_plugin_set() -> None:
    plugins = Plugins(config=False)
    first = Game(seed="PREPSET", plugins=plugins)
    assert _pending(first)

    def rich(ctx: Any) -> None:
        ctx.game.run.dollars = 100

    plugins.register(_start_plugin("counters", rich), "rich")  # the set changes
    game = Game(seed="PREPSET", plugins=plugins)
    assert game.run.dollars == 100 and first.run.dollars != 100


# -- the run record's containers and poker hands, shared until used -----------------------


def _start_run(game: Game) -> Any:
    """The run record of the prepared start ``game`` was made from."""
    source = vars(game).get("_start_source")
    assert source is not None
    return source.snapshot.run


def test_games_of_one_start_share_its_hands_and_containers_until_used() -> None:
    game = Game(seed="PREPRUN1")
    run = game.run
    assert type(run) is not RunState and isinstance(run, RunState)  # still sharing
    assert run.peek("hands") is _start_run(game).hands  # read without copying
    full = RunState.from_tuple(run.to_tuple())  # (reads every field: copies them)
    assert type(run) is RunState  # every field its own: a plain run again
    assert run == full and run.hands is not _start_run(game).hands
    played = Game(seed="PREPRUN1", atomic=False)  # (no snapshot before each action)
    assert type(played.run) is not RunState
    played.apply(SelectBlind())  # uses its entities: its run's own copies are made then
    assert type(played.run) is RunState and played.run.hands is not _start_run(game).hands


def test_two_games_of_one_start_never_write_into_each_other() -> None:
    """A Planet's level-up, a hand played and direct writes in one game of a prepared
    start change neither another game of that start, nor the start, nor later games."""
    first, second = Game(seed="PREPRUN2"), Game(seed="PREPRUN2")
    start = _start_run(first)
    assert _start_run(second) is start
    start_before = start.to_tuple()
    second_before = second.to_json()

    first.add_consumable("c_pluto")  # High Card's Planet
    first.apply(Use(0))
    assert first.run.hands[HandType.HIGH_CARD].level == 2
    first.apply(SelectBlind())
    first.apply(Play((0,)))
    assert sum(row.played for row in first.run.hands) == 1
    first.run.hands[HandType.PAIR].level = 7  # through the public record, too
    first.run.vouchers.append("v_grabber")
    first.run.flags.append("gros_michel_extinct")

    assert second.to_json() == second_before
    assert second.run.hands[HandType.HIGH_CARD].level == 1
    assert second.run.hands[HandType.PAIR].level == 1
    assert all(row.played == 0 for row in second.run.hands)
    assert second.run.vouchers == [] and second.run.flags == []
    assert start.to_tuple() == start_before
    assert Game(seed="PREPRUN2").to_json() == second_before

    # The other way round: the second game levelled and played, the first unchanged.
    first_after = first.to_json()
    second.add_consumable("c_mercury")  # Pair's Planet
    second.apply(Use(0))
    second.apply(SelectBlind())
    second.apply(Play((0, 1)))
    assert second.run.hands[HandType.PAIR].level == 2
    assert first.to_json() == first_after
    assert start.to_tuple() == start_before


def test_a_run_sharing_its_start_copies_restores_and_compares() -> None:
    game = Game(seed="PREPRUN3")
    snapshot = game.snapshot()  # taken while the run shares
    assert type(Game(seed="PREPRUN3").run) is not RunState
    shared = Game(seed="PREPRUN3").run
    assert shared == game.run and game.run == shared  # either side still sharing
    assert repr(shared) == repr(game.run)
    game.run.hands[HandType.FLUSH].level = 4
    game.run.tags.append("tag_double")
    game.restore(snapshot)
    assert game.run.hands[HandType.FLUSH].level == 1 and game.run.tags == []
    fresh = Game(seed="PREPRUN3")
    fresh.run.assign(game.run)  # into a run still sharing
    assert type(fresh.run) is RunState and fresh.run == game.run
    assert fresh.to_json() == Game(seed="PREPRUN3").to_json()
    assert Game.from_bytes(Game(seed="PREPRUN3").to_bytes()).to_json() == fresh.to_json()


def test_a_new_game_holds_only_what_it_changed_until_used() -> None:
    """The starting values are the class's and the empty containers are made on use, each
    the game's own; once the game uses its entities it holds every attribute itself."""
    game, other = Game(seed="PREPATTR"), Game(seed="PREPATTR")
    assert not set(vars(game)) & {"shop_packs", "log", "_queued", "blind", "pack_picks"}
    assert game.shop_packs == [] and game.shop_packs is not other.shop_packs
    assert "shop_packs" in vars(game)
    game.shop_packs.append("p_arcana_normal_1")  # (the game's own: not the other's)
    game.pack_picks = 3
    assert other.shop_packs == [] and other.pack_picks == 0
    assert Game(seed="PREPATTR").shop_packs == []
    del game.shop_packs[0]
    game.pack_picks = 0
    assert game.to_json() == other.to_json()
    other.apply(SelectBlind())
    assert set(vars(other)) >= set(STARTING_VALUES) | set(MADE_ON_USE)
    assert other.log and other.blind is not None and game.blind is None
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        _ = game.no_such_thing  # type: ignore[attr-defined]


def test_a_game_s_class_has_no_getattr() -> None:
    """What a new game does not hold yet is found by a descriptor per name
    (``core._OnFirstUse``): a ``__getattr__`` would slow every attribute read on 3.11."""
    assert not hasattr(Game, "__getattr__")
    game = Game(seed="PREPDESC")
    assert _pending(game) and "log" not in vars(game)
    assert game.log == [] and "log" in vars(game) and _pending(game)
    assert game.jokers == [] and not _pending(game)
    with pytest.raises(AttributeError, match="'Game' object has no attribute 'nothing'"):
        game.nothing  # noqa: B018


def _card_slots(card: Any) -> tuple[Any, ...]:
    """Everything a card holds (its slots), the game's own objects by identity."""
    own = ("zone", "_rules", "_tally")
    held = [(name, getattr(card, name, "unset")) for name in type(card).__slots__]
    return (*[pair for pair in held if pair[0] not in own], (card.zone.area, card.zone.slot))


def _materialized(game: Game) -> Game:
    game.playing_cards  # noqa: B018  (first use: the entities copied)
    assert not _pending(game)
    return game


def test_a_start_s_columns_copy_what_the_general_path_copies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A start of cards alone is copied from its columns (``copying.StartCopy``): the same
    world, in the same order, the same cards (every slot, each holding the game's own rules
    and tally), rows and saves as the general path, and the same game after 12 actions."""
    from balatro_ecs.game import copying

    plugins = Plugins.default()
    columns = 0
    for deck in plugins.all(DeckType):
        for stake in ("White Stake", "Gold Stake"):
            start = prepared.prepared_start(Game, deck, plugins.stake(stake), plugins, "all")
            if start is None:
                continue
            columns += start.columns is not None
            for seed in ("COLS1", "COLS2"):
                games = []
                for on in (True, False):
                    monkeypatch.setattr(copying, "start_copies", on)
                    games.append(
                        _materialized(Game(deck=deck, stake=stake, seed=seed, plugins=plugins))
                    )
                fast, full = games
                where = (deck.key, stake, seed)
                assert list(fast.world.entities()) == list(full.world.entities()), where
                for game in games:
                    for card in game.playing_cards:
                        assert card._rules is game._rules and card._tally is game._tally
                        assert game.world.get(card.entity, type(card.zone)) is card.zone
                assert [_card_slots(c) for c in fast.playing_cards] == [
                    _card_slots(c) for c in full.playing_cards
                ], where
                assert fast._tally == full._tally and fast.jokers == full.jokers == []
                assert fast.to_json() == full.to_json(), where
                _play_on(fast, seed, 12)
                _play_on(full, seed, 12)
                assert fast.to_json() == full.to_json(), where
    assert columns >= 10  # (most decks start with cards alone; Magic, Ghost... have more)
