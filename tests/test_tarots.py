"""The 22 Tarot cards, used through the public API (tarots.toml for every number).

Cards that act on selected cards are used in a round on a held hand; the others from the
consumable row, from the shop (Buy and Use) or from an open Arcana pack. An illegal use
raises with the card's reason and leaves the game exactly as it was.
"""

from __future__ import annotations

import pytest

from balatro_ecs import Card, Edition, Enhancement, Game, Seal, Suit
from balatro_ecs.game.actions import BuyAndUse, CashOut, Pick, Use
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.enums import parse_enhancement, parse_suit
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.plugin import reference
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

SEED = "TAROTS01"
HAND = ("AS", "KH", "QC", "JD", "10S", "7H", "4C", "2D")
ENHANCING = ("c_magician", "c_empress", "c_heirophant", "c_lovers", "c_chariot", "c_justice",
             "c_devil", "c_tower")  # fmt: skip
SUITING = ("c_star", "c_moon", "c_sun", "c_world")


def config(key: str) -> dict:
    return dict(reference.tarot(key).config)


def in_round(*cards: str, seed: str = SEED, blind: str | None = None) -> Game:
    game = Game(seed=seed)
    play_blind(game, blind)
    hold(game, *(cards or HAND))
    return game


def in_shop(seed: str = SEED) -> Game:
    game = Game(seed=seed)
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    return game


def use(game: Game, key: str, *positions: int) -> None:
    """Hold the Tarot ``key`` and use it on the hand cards at ``positions``."""
    game.add_consumable(key)
    game.apply(Use(len(game.consumables) - 1, positions))


def refused(game: Game, action: object, reason: str) -> None:
    """The action is illegal for ``reason`` and changes nothing."""
    before = game.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        game.apply(action)
    assert game.to_json() == before


def offer(game: Game, key: str) -> int:
    """Put the Tarot ``key`` on sale in the shop; returns its slot."""
    item = game.new_consumable(key, area=Area.SHOP)
    game.shop.append(item)
    item.zone.slot = len(game.shop) - 1
    return item.zone.slot


def test_every_tarot_has_a_use() -> None:
    game = Game(seed=SEED)
    keys = reference.keys("tarots", "tarot")
    assert len(keys) == 22
    for key in keys:
        assert game.plugins.impl("consumable_use", key) is not None, key
        assert game.plugins.impl("consumable_can_use", key) is not None, key


# ---------------------------------------------------------------------------------------
# cards that act on the selected cards
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ENHANCING)
def test_an_enhancing_tarot_enhances_up_to_its_limit(key: str) -> None:
    most = config(key)["max_highlighted"]
    enhancement = parse_enhancement(config(key)["mod_conv"])
    game = in_round()
    chosen = game.hand[:most]
    before = game.enhancement_counts()[enhancement]
    use(game, key, *range(most))
    assert [card.enhancement for card in chosen] == [enhancement] * most
    assert all(card.enhancement == Enhancement.NONE for card in game.hand[most:])
    assert game.enhancement_counts()[enhancement] == before + most
    assert game.run.tarots_used == 1
    assert not game.consumables


@pytest.mark.parametrize("key", ENHANCING + SUITING)
def test_a_targeted_tarot_needs_one_to_max_selected_cards(key: str) -> None:
    most = config(key)["max_highlighted"]
    game = in_round()
    game.add_consumable(key)
    wanted = "select 1 card" if most == 1 else f"select 1 to {most} cards"
    refused(game, Use(0, tuple(range(most + 1))), wanted)
    refused(game, Use(0, ()), wanted)


@pytest.mark.parametrize("key", ("c_magician", "c_strength", "c_death", "c_star"))
def test_a_targeted_tarot_needs_a_hand(key: str) -> None:
    game = Game(seed=SEED)  # at blind select: no hand
    game.add_consumable(key)
    refused(game, Use(0, ()), "no cards in hand")
    shop = in_shop()
    refused(shop, BuyAndUse(offer(shop, key)), "no cards in hand")


@pytest.mark.parametrize("key", SUITING)
def test_a_suit_tarot_changes_up_to_three_suits(key: str) -> None:
    most = config(key)["max_highlighted"]
    assert most == 3
    suit = parse_suit(config(key)["suit_conv"])
    game = in_round()
    chosen = game.hand[1 : 1 + most]
    use(game, key, *range(1, 1 + most))
    assert [card.suit for card in chosen] == [suit] * most
    assert game.hand[0].suit == Suit.SPADES  # not selected


def test_a_changed_card_is_checked_against_the_blind_again() -> None:
    game = in_round("KH", "QC", "7D", "2S", blind="The Club")
    king, queen = game.hand[0], game.hand[1]
    assert (king.debuffed, queen.debuffed) == (False, True)
    use(game, "c_moon", 0)  # the King of Hearts becomes a Club: debuffed
    use(game, "c_star", 1)  # the Queen of Clubs becomes a Diamond: no longer debuffed
    assert (king.debuffed, queen.debuffed) == (True, False)
    assert [c.suit for c in game.hand[:2]] == [Suit.CLUBS, Suit.DIAMONDS]


def test_a_changed_card_stays_in_its_slot_and_sorts_by_its_old_suit_when_tied() -> None:
    game = in_round("7S", "7H", "7D", "2C")
    spade_seven = game.hand[0]
    use(game, "c_star", 0, 1)  # two more Sevens of Diamonds, made from a Spade and a Heart
    assert [c.suit for c in game.hand] == [Suit.DIAMONDS, Suit.DIAMONDS, Suit.DIAMONDS, Suit.CLUBS]
    assert game.hand[0] is spade_seven  # a Tarot does not sort the hand
    game.sort_hand()
    # equal cards: the one born a Spade first, then the Heart, then the born Diamond
    assert [c.original_suit for c in game.hand[:3]] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS]
    assert Game.from_json(game.to_json()).hand[1].original_suit == Suit.HEARTS


def test_a_stone_card_made_by_the_tower_sorts_last() -> None:
    game = in_round("KS", "QH", "2D")
    king = game.hand[0]
    use(game, "c_tower", 0)
    assert game.hand[0] is king and king.enhancement == Enhancement.STONE
    for by in ("rank", "suit"):
        game.sort_hand(by)
        assert game.hand[-1] is king


def test_strength_raises_ranks_and_wraps_an_ace_to_a_two() -> None:
    assert config("c_strength")["max_highlighted"] == 2
    game = in_round()
    ace, king = game.hand[0], game.hand[1]
    use(game, "c_strength", 0, 1)
    assert (ace.rank, king.rank) == (2, 14)
    ten = game.hand[4]
    use(game, "c_strength", 4)
    assert ten.rank == 11
    game.add_consumable("c_strength")
    refused(game, Use(0, (0, 1, 2)), "select 1 to 2 cards")


def test_strength_raises_the_hidden_rank_of_a_stone_card() -> None:
    game = in_round("9S stone", "2H")
    stone = game.hand[0]
    use(game, "c_strength", 0)
    assert stone.base_rank == 10 and stone.enhancement == Enhancement.STONE


def test_the_hanged_man_destroys_the_selected_cards_and_the_jokers_count_them() -> None:
    assert config("c_hanged_man")["max_highlighted"] == 2
    game = in_round("KS glass", "QH", "7C", "2D")
    glass_joker = game.add_joker("j_glass")
    canio = game.add_joker("j_caino")
    before = len(game.playing_cards)
    king, queen = game.hand[0], game.hand[1]
    use(game, "c_hanged_man", 0, 1)
    assert len(game.playing_cards) == before - 2
    assert king not in game.playing_cards and queen not in game.playing_cards
    assert [c.label for c in game.hand] == ["7♣", "2♦"]  # no card is drawn to replace them
    glass = reference.joker("j_glass").config
    assert glass_joker.state["x_mult"] == glass["Xmult"] + glass["extra"]
    assert canio.state["caino_xmult"] == 1 + 2 * reference.joker("j_caino").config["extra"]
    game.add_consumable("c_hanged_man")
    with pytest.raises(ValueError, match="chosen twice"):  # refused when made (ActionError)
        Use(0, (0, 1, 0))


def test_death_makes_the_left_card_a_copy_of_the_right_one() -> None:
    cfg = config("c_death")
    assert (cfg["min_highlighted"], cfg["max_highlighted"]) == (2, 2)
    game = in_round("KS", "QH", "7C", "2D")
    seven = game.hand[2]
    seven.set_enhancement(Enhancement.GLASS)
    seven.set_edition(Edition.HOLO)
    seven.set_seal(Seal.RED)
    seven.add_perma_bonus(5)
    king = game.hand[0]
    glass_before = game.enhancement_counts()[Enhancement.GLASS]
    use(game, "c_death", 0, 2)
    assert (king.rank, king.suit) == (7, Suit.CLUBS)
    assert king.spec() == seven.spec()  # enhancement, edition, seal, permanent chips too
    assert king.enhancement == Enhancement.GLASS and king.seal == Seal.RED
    assert game.hand[0] is king  # it keeps its slot
    assert game.enhancement_counts()[Enhancement.GLASS] == glass_before + 1
    game.add_consumable("c_death")
    refused(game, Use(0, (0,)), "select 2 cards")
    refused(game, Use(0, (0, 1, 2)), "select 2 cards")


def _death_pair(game: Game) -> tuple[Card, Card]:
    """The card drawn last and a card placed right of it in the sorted hand."""
    hand = list(game.hand)
    last = next(c for c in hand if c.serial == game.run.hand_layout[-1])
    right = hand[-1] if hand[-1] is not last else hand[-2]
    return last, right


def test_death_copies_the_card_drawn_last_even_when_it_sits_left_in_the_sorted_hand() -> None:
    # the game lays the hand out as each card enters it and sorts it afterwards: the card
    # drawn last lies right of all the others until another card enters (B1HBU5C8)
    game = play_blind(Game(seed=SEED))
    last, other = _death_pair(game)
    assert game.hand.index(last) < game.hand.index(other)  # left on screen
    look = (last.base_rank, last.suit)
    game.add_consumable("c_death")
    game.apply(Use(0, tuple(sorted((game.hand.index(last), game.hand.index(other))))))
    assert (other.base_rank, other.suit) == look
    assert game.rightmost([last, other]) is last


def test_death_copies_the_right_card_of_two_laid_out_in_sorted_order() -> None:
    # neither card was drawn last: their places are their places in the sorted hand
    # (LPW6I7QP, CLG2YNNR, 8V8581ED)
    game = play_blind(Game(seed=SEED))
    last = game.run.hand_layout[-1]
    left, right = [c for c in game.hand if c.serial != last][:2]
    look = (right.base_rank, right.suit)
    game.add_consumable("c_death")
    game.apply(Use(0, (game.hand.index(left), game.hand.index(right))))
    assert (left.base_rank, left.suit) == look


def test_death_in_an_open_arcana_pack_copies_the_card_dealt_last() -> None:
    # the pack deals a hand the same way: the card dealt last is the model (QIDLRL5K)
    game = in_shop()
    open_pack(game, "p_arcana_normal_1")
    assert game.phase is Phase.PACK
    last, other = _death_pair(game)
    assert game.hand.index(last) < game.hand.index(other)  # left on screen
    look = (last.base_rank, last.suit)
    game.pack[0] = game.new_consumable("c_death", area=Area.PACK)
    game.apply(Pick(0, tuple(sorted((game.hand.index(last), game.hand.index(other))))))
    assert (other.base_rank, other.suit) == look


# ---------------------------------------------------------------------------------------
# money
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("dollars", "gain"), [(7, 7), (30, 20), (0, 0), (-3, 0)])
def test_the_hermit_doubles_money_up_to_its_cap(dollars: int, gain: int) -> None:
    assert config("c_hermit")["extra"] == 20
    game = Game(seed=SEED)
    game.run.dollars = dollars
    use(game, "c_hermit")
    assert game.run.dollars == dollars + gain


def test_temperance_pays_the_jokers_sell_values_up_to_its_cap() -> None:
    assert config("c_temperance")["extra"] == 50
    game = Game(seed=SEED)
    game.run.dollars = 0
    use(game, "c_temperance")  # no jokers: nothing
    assert game.run.dollars == 0
    jokers = [game.add_joker("j_joker"), game.add_joker("j_cavendish", edition=Edition.FOIL)]
    use(game, "c_temperance")
    assert game.run.dollars == sum(j.sell_value for j in jokers) > 2
    game.run.dollars = 0
    game.add_joker("j_egg", sell_value=60)
    use(game, "c_temperance")
    assert game.run.dollars == 50


# ---------------------------------------------------------------------------------------
# cards that create cards
# ---------------------------------------------------------------------------------------


def test_the_emperor_creates_tarots_into_free_slots_its_own_included() -> None:
    assert config("c_emperor")["tarots"] == 2
    game = Game(seed=SEED)
    use(game, "c_emperor")  # 2 slots: its own and one more
    assert [c.type.set for c in game.consumables] == ["Tarot", "Tarot"]
    game = Game(seed=SEED)
    game.add_consumable("c_pluto")
    use(game, "c_emperor")
    assert [c.type.set for c in game.consumables] == ["Planet", "Tarot"]


def test_the_emperor_never_creates_itself() -> None:
    made = []
    for n in range(30):
        game = in_shop(seed=f"EMPEROR{n}")
        game.run.dollars = 10
        game.apply(BuyAndUse(offer(game, "c_emperor")))
        made += [c.key for c in game.consumables]
    assert len(made) == 60 and "c_emperor" not in made


def test_the_high_priestess_creates_planets() -> None:
    assert config("c_high_priestess")["planets"] == 2
    game = Game(seed=SEED)
    use(game, "c_high_priestess")
    assert [c.type.set for c in game.consumables] == ["Planet", "Planet"]


@pytest.mark.parametrize("key", ("c_emperor", "c_high_priestess", "c_fool"))
def test_a_creating_tarot_bought_needs_a_free_slot(key: str) -> None:
    game = in_shop()
    game.run.dollars = 10
    game.run.last_tarot_planet = "c_pluto"
    game.add_consumable("c_mars")
    game.add_consumable("c_venus")
    refused(game, BuyAndUse(offer(game, key)), "no free consumable slot")


def test_the_fool_copies_the_last_tarot_or_planet_used() -> None:
    game = Game(seed=SEED)
    game.add_consumable("c_fool")
    refused(game, Use(0, ()), "no Tarot or Planet card used yet")
    use(game, "c_pluto")
    game.apply(Use(0, ()))  # the Fool: a Pluto
    assert [c.key for c in game.consumables] == ["c_pluto"]
    assert game.run.last_tarot_planet == "c_pluto"  # The Fool is never the last used
    use(game, "c_hermit")
    use(game, "c_fool")
    assert [c.key for c in game.consumables] == ["c_pluto", "c_hermit"]


def test_the_fool_held_in_a_full_row_frees_its_own_slot() -> None:
    game = Game(seed=SEED)
    game.run.last_tarot_planet = "c_mars"
    game.add_consumable("c_pluto")
    game.add_consumable("c_fool")
    game.apply(Use(1, ()))
    assert [c.key for c in game.consumables] == ["c_pluto", "c_mars"]


def test_judgement_creates_a_joker_when_there_is_room() -> None:
    game = Game(seed=SEED)
    use(game, "c_judgement")
    assert len(game.jokers) == 1
    for _ in range(game.run.joker_slots - 1):
        game.add_joker("j_joker")
    game.add_consumable("c_judgement")
    refused(game, Use(0, ()), "no free joker slot")


def test_judgement_draws_on_the_game_streams() -> None:
    one, two = Game(seed=SEED), Game(seed=SEED)
    for game in (one, two):
        use(game, "c_judgement")
    assert one.jokers[0].key == two.jokers[0].key
    assert "rarity1jud" in one.rng.snapshot()


# ---------------------------------------------------------------------------------------
# The Wheel of Fortune
# ---------------------------------------------------------------------------------------


def test_the_wheel_needs_a_joker_without_an_edition() -> None:
    game = Game(seed=SEED)
    game.add_consumable("c_wheel_of_fortune")
    refused(game, Use(0, ()), "no joker without an edition")
    game.add_joker("j_joker", edition=Edition.FOIL)
    refused(game, Use(0, ()), "no joker without an edition")
    game.add_joker("j_egg")
    game.apply(Use(0, ()))


def test_the_wheel_gives_an_edition_when_it_hits() -> None:
    assert config("c_wheel_of_fortune")["extra"] == 4
    game = Game(seed=SEED)
    game.run.probability = 4  # 4 in 4: a sure hit
    joker = game.add_joker("j_joker")
    foil = game.add_joker("j_egg", edition=Edition.FOIL)
    sell = joker.sell_value
    use(game, "c_wheel_of_fortune")
    assert joker.edition in (Edition.FOIL, Edition.HOLO, Edition.POLYCHROME)
    assert foil.edition == Edition.FOIL
    assert joker.sell_value > sell  # the edition raises its price
    assert "wheel_of_fortune" in game.rng.snapshot()


def test_the_wheel_does_nothing_when_it_misses() -> None:
    game = Game(seed=SEED)
    game.run.probability = 0
    joker = game.add_joker("j_joker")
    use(game, "c_wheel_of_fortune")
    assert joker.edition == Edition.NONE
    assert game.run.tarots_used == 1


def test_the_wheel_hits_about_one_time_in_four() -> None:
    game = Game(seed=SEED)
    joker = game.add_joker("j_joker")
    hits = 0
    for _ in range(400):
        use(game, "c_wheel_of_fortune")
        if joker.edition != Edition.NONE:
            hits += 1
            game.set_edition(joker, Edition.NONE)
    assert 70 <= hits <= 130


# ---------------------------------------------------------------------------------------
# jokers that count Tarot cards
# ---------------------------------------------------------------------------------------


def test_fortune_teller_counts_every_tarot_used() -> None:
    per_tarot = reference.joker("j_fortune_teller").config["extra"]
    game = in_round()
    game.add_joker("j_fortune_teller")
    before = game.preview_play((0,)).mult
    for key in ("c_hermit", "c_temperance", "c_emperor"):
        use(game, key)
    use(game, "c_mars")  # a Planet is not a Tarot
    assert game.run.tarots_used == 3
    assert game.preview_play((0,)).mult == before + 3 * per_tarot
