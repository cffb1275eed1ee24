"""A hand size that grows during a round draws at once (the game's ``change_size``).

When the hand size goes up while the game waits for the player or draws (not while a
played hand scores or the round ends), it draws as many cards at once; a hand size that
goes down takes no card back. Each change counts on its own: Crimson Heart re-enabling
its only joker, a Juggler, draws a card even though it debuffs the Juggler again at once.
"""

from __future__ import annotations

from balatro_ecs import Game
from balatro_ecs.game.actions import Play, Sell
from balatro_ecs.kernel.components import Area
from balatro_ecs.tools.testing.runs import play_blind

SEED = "HANDSIZE"


def test_selling_stuntman_mid_round_draws_two_cards_at_once() -> None:
    game = Game(seed=SEED)
    game.add_joker("j_stuntman")
    play_blind(game)
    assert len(game.hand) == game.hand_size == 6
    deck = len(game.area(Area.DECK))
    game.apply(Sell("jokers", 0))
    assert game.hand_size == 8 and len(game.hand) == 8
    assert len(game.area(Area.DECK)) == deck - 2


def test_selling_juggler_mid_round_takes_no_card_back() -> None:
    game = Game(seed=SEED)
    game.add_joker("j_juggler")
    play_blind(game)
    assert len(game.hand) == 9
    game.apply(Sell("jokers", 0))
    assert game.hand_size == 8 and len(game.hand) == 9
    game.run.blind_chips = 10**9
    game.apply(Play((0,)))
    assert len(game.hand) == 8  # the next draw fills to the hand size, no further


def test_each_change_draws_on_its_own() -> None:
    # Juggler goes (-1, nothing drawn), then Stuntman goes (+2: two drawn): three more
    # cards than the net change of one
    game = Game(seed=SEED)
    juggler = game.add_joker("j_juggler")
    stuntman = game.add_joker("j_stuntman")
    play_blind(game)
    assert len(game.hand) == game.hand_size == 7
    game.destroy_joker(juggler)
    game.destroy_joker(stuntman)
    assert game.hand_size == 8 and len(game.hand) == 9


def test_crimson_heart_re_enabling_its_only_joker_draws_a_card() -> None:
    game = Game(seed=SEED)
    juggler = game.add_joker("j_juggler")
    play_blind(game, "Crimson Heart")
    assert juggler.debuffed  # picked at the first draw, after the hand was drawn
    assert game.hand_size == 8 and len(game.hand) == 9
    game.run.blind_chips = 10**9
    game.apply(Play((0,)))
    # refilled to 8 (nothing: 8 left), then Juggler on again (+1: one drawn), off again
    assert juggler.debuffed and game.hand_size == 8 and len(game.hand) == 9


def test_a_played_hand_scoring_draws_nothing_until_the_hand_is_refilled() -> None:
    game = Game(seed=SEED)
    game.add_joker("j_stuntman")
    play_blind(game)
    game.run.blind_chips = 10**9
    before = len(game.area(Area.DECK))
    game.apply(Play((0, 1)))
    assert len(game.hand) == game.hand_size == 6
    assert len(game.area(Area.DECK)) == before - 2


def test_a_change_inside_another_draws_once() -> None:
    # selling Luchador disables The Manacle: the hand size comes back once, one card drawn
    game = Game(seed=SEED)
    game.add_joker("j_luchador")
    play_blind(game, "The Manacle")
    assert len(game.hand) == game.hand_size == 7
    game.apply(Sell("jokers", 0))
    assert game.blind is not None and game.blind.disabled
    assert game.hand_size == 8 and len(game.hand) == 8
