"""Places an audit found where the engine and Balatro 1.0.1o could differ, tested one by one.

Each test drives a run through the public API (``Game``, ``apply``, the
``balatro_ecs.tools.testing.runs`` helpers) and checks what the game does.
"""

from __future__ import annotations

from balatro_ecs import Card, CardSpec, Edition, Enhancement, Game
from balatro_ecs.game.actions import (
    Buy,
    CashOut,
    Discard,
    EndShop,
    Play,
    RerollBoss,
    Sell,
    SkipBlind,
)
from balatro_ecs.game.jokers import Consumable, Joker
from balatro_ecs.game.run import shop
from balatro_ecs.game.run.blinds import choose_boss, next_voucher
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import BoosterType
from balatro_ecs.tools.terminal import render
from balatro_ecs.tools.testing.runs import hold, play_blind, win_round

SEED = "AUDIT001"


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------


def to_shop(game: Game) -> Game:
    """Play the blind on deck, win it, cash out: the game is in the shop."""
    play_blind(game)
    win_round(game)
    game.apply(CashOut())
    assert game.phase is Phase.SHOP
    return game


def offer(game: Game, item: Joker | Consumable) -> int:
    """Put ``item`` on sale in the shop; returns its slot."""
    item.zone.area = Area.SHOP
    game.shop.append(item)
    game._renumber(game.shop)
    return len(game.shop) - 1


def slot_of(game: Game, key: str) -> int:
    return next(i for i, item in enumerate(game.shop) if getattr(item, "key", None) == key)


# ---------------------------------------------------------------------------------------
# 1. Astronomer
# ---------------------------------------------------------------------------------------


def test_astronomer_reprices_planets_already_on_sale_when_bought_and_sold() -> None:
    game = to_shop(Game(seed=SEED))
    game.run.dollars = 50
    offer(game, game.new_consumable("c_pluto", area=Area.SHOP))
    pluto = game.shop[slot_of(game, "c_pluto")]
    full_price = pluto.buy_cost
    assert full_price > 0
    celestial = next(b for b in game.plugins.all(BoosterType) if b.kind == "Celestial")
    game.shop_packs = [celestial.key]
    assert shop.pack_price(game, celestial) > 0

    game.apply(Buy(offer(game, game.new_joker("j_astronomer", area=Area.SHOP))))
    assert pluto.buy_cost == 0  # on sale already, free at once
    assert shop.pack_price(game, celestial) == 0

    game.apply(Sell("jokers", next(j.slot for j in game.jokers if j.key == "j_astronomer")))
    assert pluto.buy_cost == full_price  # and no longer free once it is sold
    assert shop.pack_price(game, celestial) > 0


# ---------------------------------------------------------------------------------------
# 2. Two Voucher Tags
# ---------------------------------------------------------------------------------------


def test_two_voucher_tags_each_add_a_voucher_drawn_on_voucher_fromtag() -> None:
    game = Game(seed=SEED)
    play_blind(game)
    win_round(game)
    game.run.tags += ["tag_voucher", "tag_voucher"]
    # What the game's stream gives: each extra voucher drawn from Voucher_fromtag, the
    # vouchers on sale left out of the pool.
    probe = game.clone()
    probe.shop_vouchers = [probe.run.voucher_offer]
    for _ in range(2):
        probe.shop_vouchers.append(next_voucher(probe, "Voucher_fromtag"))

    game.apply(CashOut())
    assert game.shop_vouchers == probe.shop_vouchers
    assert len(set(game.shop_vouchers)) == 3
    assert game.run.tags == []


# ---------------------------------------------------------------------------------------
# 3. Boss Tag and Director's Cut
# ---------------------------------------------------------------------------------------


def test_boss_tag_rerolls_the_boss_for_free_and_uses_up_directors_cut() -> None:
    game = Game(seed=SEED)
    shop.redeem_voucher(game, "v_directors_cut")
    game.run.dollars = 20
    assert game.can(RerollBoss())
    game.run.tags_offered["Small"] = "tag_boss"
    expected = choose_boss(game.clone())

    game.apply(SkipBlind())  # the Boss Tag is gained and acts at once
    assert "tag_boss" not in game.run.tags
    assert game.run.boss == expected
    assert game.run.dollars == 20  # free
    # In the game any boss reroll marks the ante's boss rerolled (a Boss Tag's too), so
    # Director's Cut has nothing left this ante; Retcon still rerolls.
    assert not game.can(RerollBoss())
    shop.redeem_voucher(game, "v_retcon")
    assert game.can(RerollBoss())


# ---------------------------------------------------------------------------------------
# 4. Joker Stencil
# ---------------------------------------------------------------------------------------


def test_joker_stencil_counts_every_stencil_as_an_empty_slot() -> None:
    """Already right: xMult = empty slots + Joker Stencils owned (jokers.toml)."""
    game = play_blind(Game(seed=SEED))
    for key in ("j_stencil", "j_stencil", "j_joker"):
        game.add_joker(key)
    hold(game, "AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
    result = game.preview_play([0, 1])
    stencils = [e.value for e in result.breakdown if e.source == "Joker Stencil"]
    assert stencils == [5 - 3 + 2] * 2  # 2 empty slots of 5, plus the 2 Stencils


# ---------------------------------------------------------------------------------------
# 5. Selling a copier
# ---------------------------------------------------------------------------------------


def test_selling_blueprint_runs_the_selling_effect_of_the_joker_it_copies() -> None:
    """The game copies every context, selling_self too: a Blueprint sold while it copies
    Luchador disables the boss, one copying Diet Cola gives a Double Tag. Invisible Joker
    is not blueprint_compat, so a copier of it does nothing."""
    game = play_blind(Game(seed=SEED), "The Club")
    game.add_joker("j_blueprint")
    game.add_joker("j_luchador")
    game.add_joker("j_brainstorm")
    game.add_joker("j_invisible", state={"invis_rounds": 2})
    game.apply(Sell("jokers", 0))  # Blueprint, copying Luchador
    assert game.blind is not None and game.blind.disabled
    assert [j.key for j in game.jokers] == ["j_luchador", "j_brainstorm", "j_invisible"]

    game.move_joker(game.jokers[2], 0)  # Brainstorm now copies the Invisible Joker
    game.apply(
        Sell("jokers", game.jokers.index(next(j for j in game.jokers if j.key == "j_brainstorm")))
    )
    assert [j.key for j in game.jokers] == ["j_invisible", "j_luchador"]

    game.add_joker("j_diet_cola", index=0)
    game.add_joker("j_brainstorm")
    game.apply(Sell("jokers", 3))  # Brainstorm, copying Diet Cola (leftmost)
    assert game.run.tags == ["tag_double"]
    assert [j.key for j in game.jokers] == ["j_diet_cola", "j_invisible", "j_luchador"]


# ---------------------------------------------------------------------------------------
# 6. Amber Acorn
# ---------------------------------------------------------------------------------------


def test_amber_acorn_flips_then_shuffles_three_times_on_aajk_after_the_jokers_act() -> None:
    """The jokers held when the blind is set are flipped; the game's queued shuffle comes
    after the jokers' own queued events (Riff-raff's two new jokers are shuffled in, face
    up): three shuffles on ``aajk``, each of the row sorted by creation. Once the blind is
    over the jokers are face up again."""
    game = Game(seed=SEED)
    held = [game.add_joker(key) for key in ("j_riff_raff", "j_joker", "j_greedy_joker")]
    probe = game.clone()  # the aajk stream as it was
    play_blind(game, "Amber Acorn")

    assert len(game.jokers) == 5
    row = sorted(game.jokers, key=lambda j: j.serial)
    for _ in range(3):
        order = sorted(row, key=lambda j: j.serial)
        probe.rng.shuffle("aajk", order)
    assert game.jokers == order
    assert game.blind is not None
    assert game.blind.memory["flipped"] == [j.serial for j in held]  # not Riff-raff's
    assert "(face down)" in render(game)

    win_round(game)
    assert game.blind is None
    assert "(face down)" not in render(game)


# ---------------------------------------------------------------------------------------
# 8. Riff-raff
# ---------------------------------------------------------------------------------------


def test_riff_raff_counts_room_with_queued_jokers_and_makes_them_after_the_pass() -> None:
    # Blueprint copying Riff-raff promises 2 jokers; Riff-raff then has room for 1.
    game = Game(seed=SEED)
    for key in ("j_blueprint", "j_riff_raff"):
        game.add_joker(key)
    play_blind(game)
    assert len(game.jokers) == 5
    assert all(j.rarity == 1 for j in game.jokers[2:])

    # The new jokers come after the pass: a Ceremonial Dagger at the end of the row has
    # nothing to its right when it acts, so none of them is sliced.
    game = Game(seed=SEED)
    for key in ("j_riff_raff", "j_ceremonial"):
        game.add_joker(key)
    play_blind(game)
    assert len(game.jokers) == 4
    assert game.jokers[1].key == "j_ceremonial" and game.jokers[1].state["mult"] == 0

    # Madness's victim keeps its slot until the pass is over: a full row leaves
    # Riff-raff no room.
    game = Game(seed=SEED)
    for key in ("j_madness", "j_riff_raff", "j_joker", "j_greedy_joker", "j_lusty_joker"):
        game.add_joker(key, eternal=key == "j_riff_raff")  # Madness takes another
    play_blind(game)  # the Small Blind: Madness destroys one
    assert len(game.jokers) == 4
    assert [j.key for j in game.jokers][:2] == ["j_madness", "j_riff_raff"]


# ---------------------------------------------------------------------------------------
# 7. Cerulean Bell after Certificate
# ---------------------------------------------------------------------------------------


def test_cerulean_bell_picks_after_certificate_adds_its_card() -> None:
    """The blind's drawn_to_hand comes after the first-hand-drawn jokers: the forced card
    is drawn (``cerulean_bell``) among the 9 cards held, Certificate's card included."""
    game = Game(seed="AUDIT002")
    game.add_joker("j_certificate")
    probe = game.clone()  # the cerulean_bell stream as it was
    play_blind(game, "Cerulean Bell")
    held = sorted(game.hand, key=lambda c: c.serial)
    assert len(held) == 9
    expected = probe.clone().rng.element("cerulean_bell", held, sort_key=lambda c: c.serial)
    before = probe.clone().rng.element("cerulean_bell", held[:-1], sort_key=lambda c: c.serial)
    assert expected is not before  # this seed tells the two orders apart
    assert [c for c in game.hand if c.forced] == [expected]


# ---------------------------------------------------------------------------------------
# 9. Invisible Joker
# ---------------------------------------------------------------------------------------


def play_round(game: Game) -> None:
    to_shop(game)
    game.apply(EndShop())


def test_invisible_joker_counts_its_own_rounds_and_its_copy_starts_afresh() -> None:
    game = Game(seed=SEED)
    first = game.add_joker("j_invisible")
    second = game.add_joker("j_invisible", edition=Edition.NEGATIVE)
    play_round(game)
    assert game.can(Sell("jokers", 0))
    probe = game.clone()
    probe.apply(Sell("jokers", 0))  # one round only: nothing is duplicated
    assert [j.key for j in probe.jokers] == ["j_invisible"]

    play_round(game)
    assert first.state["invis_rounds"] == second.state["invis_rounds"] == 2
    game.apply(Sell("jokers", 0))  # duplicates the only other joker (stream "invisible")
    assert game.jokers[0] is second
    copy = game.jokers[1]
    assert copy.key == "j_invisible"
    assert copy.edition == Edition.NONE  # a Negative joker's copy is not Negative
    assert copy.state["invis_rounds"] == 0  # the game restarts a copied counter
    assert second.state["invis_rounds"] == 2
    copy.state["invis_rounds"] += 1
    assert second.state["invis_rounds"] == 2  # not shared


# ---------------------------------------------------------------------------------------
# 10. The Manacle disabled mid-round
# ---------------------------------------------------------------------------------------


def test_manacle_disabled_mid_round_gives_the_hand_size_back_and_draws_a_card() -> None:
    game = play_blind(Game(seed=SEED), "The Manacle")
    assert game.hand_size == 7 and len(game.hand) == 7
    game.add_joker("j_luchador")
    top = game.cards(Area.DECK)[-1]
    game.apply(Sell("jokers", 0))
    assert game.blind is not None and game.blind.disabled
    assert game.hand_size == 8
    assert len(game.hand) == 8 and top in game.hand  # the game draws one card at once


def test_chicot_disables_the_manacle_before_the_first_draw_which_fills_the_hand() -> None:
    game = Game(seed=SEED)
    game.add_joker("j_chicot")
    play_blind(game, "The Manacle")
    assert game.hand_size == 8 and len(game.hand) == 8


# ---------------------------------------------------------------------------------------
# 11. Coupon Tag
# ---------------------------------------------------------------------------------------


def test_coupon_tag_makes_playing_cards_on_sale_free_but_not_vouchers() -> None:
    game = Game(seed=SEED)
    play_blind(game)
    win_round(game)
    run = game.run
    run.joker_rate = run.tarot_rate = run.planet_rate = 0
    run.playing_card_rate = 4  # every shop card a playing card (as with Magic Trick)
    run.tags.append("tag_coupon")
    game.apply(CashOut())

    assert game.shop and all(isinstance(item, Card) for item in game.shop)
    assert all(shop.offer_price(game, item) == 0 for item in game.shop)
    for slot in range(len(game.shop_packs)):
        booster = shop.check_buy_pack(game, slot)
        assert shop.pack_price(game, booster) == 0
    assert game.shop_vouchers
    assert all(shop.voucher_price(game, key) > 0 for key in game.shop_vouchers)

    saved = Game.from_json(game.to_json())  # the coupon is kept in a save
    assert all(shop.offer_price(saved, item) == 0 for item in saved.shop)
    dollars = game.run.dollars
    game.apply(Buy(0))
    assert game.run.dollars == dollars


# ---------------------------------------------------------------------------------------
# 12. Mr. Bones with Rental
# ---------------------------------------------------------------------------------------


def test_rental_mr_bones_saves_the_run_pays_its_rent_then_burns_up() -> None:
    """rules.toml end_of_round_order: each joker's end-of-round effect, then its rental
    charge; Mr. Bones saving the run is its end-of-round effect and it dissolves after the
    pass, so its own rent is still charged."""
    game = Game(seed=SEED)
    game.add_joker("j_mr_bones", rental=True)
    game.add_joker("j_joker", rental=True)
    play_blind(game)
    hold(game, "AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
    run = game.run
    run.hands_left = 1
    run.chips = run.blind_chips * 0.3
    dollars = run.dollars
    out = game.apply(Play((0, 1)))
    assert run.chips < run.blind_chips  # lost, but over 25%
    assert game.phase is Phase.CASH_OUT  # saved
    assert [j.key for j in game.jokers] == ["j_joker"]  # Mr. Bones burnt up
    assert run.dollars == dollars - 2 * run.rental_rate  # both rents charged
    charged = [e[1] for e in out.events if e[2] == "dollars" and e[3] == -run.rental_rate]
    assert [j.key for j in charged] == ["j_mr_bones", "j_joker"]


# ---------------------------------------------------------------------------------------
# 13. DNA and Hologram
# ---------------------------------------------------------------------------------------


def test_dna_copy_added_to_the_hand_grows_hologram_before_it_scores() -> None:
    game = play_blind(Game(seed=SEED))
    dna = game.add_joker("j_dna")
    hologram = game.add_joker("j_hologram")
    hold(game, "AS", "AH", "KC", "QD", "2S", "3H", "4C", "7D")
    x_mult = hologram.state["x_mult"]
    preview = game.preview_play([0])
    assert hologram.state["x_mult"] == x_mult  # a preview changes nothing
    out = game.apply(Play((0,)))
    grown = x_mult + hologram.state["extra"]
    assert hologram.state["x_mult"] == grown
    assert [e.value for e in out.score.breakdown if e.source == "Hologram"] == [grown]
    assert preview.score == out.score.score
    assert dna in game.jokers


# ---------------------------------------------------------------------------------------
# 14. Out of cards mid-round
# ---------------------------------------------------------------------------------------


def test_round_ends_when_hand_and_deck_are_both_empty() -> None:
    game = play_blind(Game(seed=SEED))
    for card in list(game.cards(Area.DECK)):
        game.move_card(card, Area.DISCARD)
    game.apply(Discard((0, 1, 2, 3, 4)))
    assert game.phase is Phase.ROUND and len(game.hand) == 3
    game.apply(Discard((0, 1, 2)))  # nothing left to play: lost, not stuck
    assert game.phase is Phase.GAME_OVER

    game = Game(seed=SEED)
    game.add_joker("j_mr_bones")
    play_blind(game)
    for card in list(game.cards(Area.DECK)):
        game.move_card(card, Area.DISCARD)
    game.run.chips = game.run.blind_chips / 2
    game.apply(Discard((0, 1, 2, 3, 4)))
    game.apply(Discard((0, 1, 2)))
    assert game.phase is Phase.CASH_OUT  # Mr. Bones saves it, as at the end of hands


# ---------------------------------------------------------------------------------------
# 15. A card changed during play
# ---------------------------------------------------------------------------------------


def test_card_changed_during_play_has_the_blind_debuff_checked_again() -> None:
    """A Stone card has no suit, so The Goad leaves a Stone King of Spades alone; once
    Vampire strips it, it is a Spade, and the game's boss debuffs it on the spot: it does
    not score. A preview puts the debuff back as it was."""
    game = Game(seed=SEED)
    game.add_joker("j_vampire")
    play_blind(game, "The Goad")
    stone = CardSpec.parse("KS").replace(enhancement=Enhancement.STONE)
    card = hold(game, stone, "AH", "KC", "QD", "2D", "3H", "4C", "7D")[0]
    assert not card.debuffed

    preview = game.preview_play([0])
    assert not card.debuffed and card.enhancement == Enhancement.STONE
    out = game.apply(Play((0,)))
    assert card.enhancement == Enhancement.NONE and card.debuffed
    kinds = [e.kind for e in out.score.breakdown if e.phase == "scored cards"]
    assert kinds == ["debuffed"]  # neither the Stone's 50 chips nor the King's 10
    assert out.score.chips == 5  # High Card, level 1
    assert preview.score == out.score.score
