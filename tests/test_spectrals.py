"""The 18 Spectral cards, used through the public API as a player uses them.

Every number comes from the reference (spectrals.toml config); every random pick is
checked against the game's own stream for it (a copy of the run's streams, drawn the way
the game draws), so a seeded run picks what the game picks. An illegal use raises
:class:`~balatro_ecs.kernel.errors.IllegalActionError` with the reason and changes nothing.
"""

from __future__ import annotations

import pytest

from balatro_ecs import CardSpec, Edition, Enhancement, Game, Seal, Suit
from balatro_ecs.game.actions import Pick, Use
from balatro_ecs.game.run.packs import open_pack
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.plugin import reference
from balatro_ecs.tools.testing.runs import hold, play_blind

SEED = "SPECTRA1"
HAND = ("KH", "QS", "JC", "9D", "7S", "5H", "3C", "2D")
#: The suits as the game lists them for a random suit (S, H, D, C).
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
NOT_STONE = tuple(e for e in Enhancement if e not in (Enhancement.NONE, Enhancement.STONE))


def config(key: str) -> dict:
    return dict(reference.spectral(key).config)


def in_round(*jokers: str, hand: tuple[str, ...] = HAND, blind: str | None = None) -> Game:
    """A game in its first round holding ``hand``, with these jokers."""
    game = Game(seed=SEED)
    play_blind(game, blind)
    for key in jokers:
        game.add_joker(key)
    hold(game, *hand)
    return game


def use(game: Game, key: str, *cards: int) -> None:
    """Put the spectral ``key`` in the consumable row and use it on hand positions ``cards``."""
    game.add_consumable(key)
    game.apply(Use(len(game.consumables) - 1, cards))


def refused(game: Game, key: str, *cards: int) -> str:
    """Use ``key`` where it cannot be used: the reason, once the game is seen unchanged."""
    game.add_consumable(key)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Use(len(game.consumables) - 1, cards))
    assert game.to_json() == before
    return str(err.value)


def labels(game: Game) -> list[str]:
    return [card.label for card in game.hand]


# ---------------------------------------------------------------------------------------
# Familiar, Grim, Incantation: destroy one random card, add new enhanced cards
# ---------------------------------------------------------------------------------------

CREATORS = {
    "c_familiar": ((11, 12, 13), "familiar_create"),
    "c_grim": ((14,), "grim_create"),
    "c_incantation": (tuple(range(2, 11)), "incantation_create"),
}


@pytest.mark.parametrize("key", sorted(CREATORS))
def test_a_creator_destroys_one_random_card_and_adds_enhanced_cards(key: str) -> None:
    ranks, stream = CREATORS[key]
    count = config(key)["extra"]
    game = in_round("j_hologram")
    held = list(game.hand)
    rng = game.rng.copy()
    victim = rng.element("random_destroy", sorted(held, key=lambda c: c.serial))
    expected = []
    for _ in range(count):
        rank = ranks[0] if len(ranks) == 1 else rng.element(stream, ranks)
        suit = rng.element(stream, SUITS)
        expected.append(CardSpec(rank, suit, enhancement=rng.element("spe_card", NOT_STONE)))
    total = len(game.playing_cards)

    use(game, key)

    kept = [card for card in held if card is not victim]
    assert list(game.hand[: len(kept)]) == kept  # the new cards join at the right
    assert [card.spec() for card in game.hand[len(kept) :]] == expected
    assert all(card.enhancement != Enhancement.STONE for card in game.hand[len(kept) :])
    assert len(game.playing_cards) == total - 1 + count
    assert victim not in game.playing_cards
    hologram = game.jokers[0]
    assert hologram.state["x_mult"] == 1 + count * hologram.state["extra"]


def test_cards_a_creator_makes_are_not_debuffed_by_the_blind_in_play() -> None:
    # The game makes them without asking the blind: Familiar's faces under The Plant score.
    game = in_round(blind="The Plant")
    assert game.hand[0].debuffed  # the King held
    use(game, "c_familiar")
    made = game.hand[len(HAND) - 1 :]
    assert all(card.is_face() and not card.debuffed for card in made)


@pytest.mark.parametrize("key", [*sorted(CREATORS), "c_immolate", "c_sigil", "c_ouija"])
def test_a_whole_hand_card_needs_two_cards_in_hand(key: str) -> None:
    game = in_round(hand=("KH",))
    assert "needs at least 2 cards in hand" in refused(game, key)
    shop = Game(seed=SEED)  # no hand at blind select
    assert "needs at least 2 cards in hand" in refused(shop, key)


def test_canio_counts_a_destroyed_face_but_glass_joker_ignores_a_dissolved_glass_card() -> None:
    # Every card in hand is a Glass King: whichever Familiar destroys is a glass face card.
    game = in_round("j_glass", "j_caino", hand=("KH glass", "KS glass", "KD glass"))
    glass, canio = game.jokers
    use(game, "c_familiar")
    # The game tells the jokers before the glass breaks: Glass Joker sees no shattering.
    assert glass.state["x_mult"] == 1
    assert canio.state["caino_xmult"] == 1 + canio.state["extra"]


# ---------------------------------------------------------------------------------------
# The seals: Talisman, Deja Vu, Trance, Medium
# ---------------------------------------------------------------------------------------

SEALS = {
    "c_talisman": Seal.GOLD,
    "c_deja_vu": Seal.RED,
    "c_trance": Seal.BLUE,
    "c_medium": Seal.PURPLE,
}


@pytest.mark.parametrize("key", sorted(SEALS))
def test_a_seal_card_seals_the_one_selected_card(key: str) -> None:
    assert config(key)["max_highlighted"] == 1
    game = in_round()
    target = game.hand[2]
    use(game, key, 2)
    assert target.seal == SEALS[key]
    assert [card.seal for card in game.hand].count(Seal.NONE) == len(HAND) - 1


@pytest.mark.parametrize("key", [*sorted(SEALS), "c_cryptid", "c_aura"])
def test_a_card_for_one_selected_card_needs_exactly_one(key: str) -> None:
    game = in_round()
    assert "select 1 card in hand (0 selected)" in refused(game, key)
    assert "select 1 card in hand (2 selected)" in refused(game, key, 0, 1)
    assert "no cards in hand" in refused(Game(seed=SEED), key)


# ---------------------------------------------------------------------------------------
# Aura, Cryptid
# ---------------------------------------------------------------------------------------


def test_aura_gives_the_selected_card_a_guaranteed_edition_on_its_stream() -> None:
    game = in_round()
    poll = game.rng.copy().random("aura")
    expected = Edition.POLYCHROME if poll > 0.85 else Edition.HOLO if poll > 0.5 else Edition.FOIL
    target = game.hand[0]
    use(game, "c_aura", 0)
    assert target.edition == expected


@pytest.mark.parametrize("seed", ["AURA0001", "AURA0002", "AURA0003", "AURA0004", "AURA0005"])
def test_aura_never_gives_negative_or_nothing(seed: str) -> None:
    game = Game(seed=seed)
    play_blind(game)
    use(game, "c_aura", 0)
    assert game.hand[0].edition in (Edition.FOIL, Edition.HOLO, Edition.POLYCHROME)


def test_aura_needs_a_card_without_an_edition() -> None:
    game = in_round(hand=("KH foil", "QS"))
    assert "already has an edition" in refused(game, "c_aura", 0)


def test_cryptid_adds_exact_copies_of_the_selected_card_to_the_hand() -> None:
    count = config("c_cryptid")["extra"]
    game = in_round("j_hologram", hand=("KH glass polychrome red", "QS", "2D"))
    original = game.hand[0]
    original.add_perma_bonus(5)
    total = len(game.playing_cards)
    use(game, "c_cryptid", 0)
    copies = game.hand[3:]
    assert len(copies) == count
    assert all(copy.spec() == original.spec() for copy in copies)
    assert len(game.playing_cards) == total + count
    hologram = game.jokers[0]
    assert hologram.state["x_mult"] == 1 + count * hologram.state["extra"]


# ---------------------------------------------------------------------------------------
# Sigil, Ouija, Immolate
# ---------------------------------------------------------------------------------------


def test_sigil_turns_the_hand_into_one_random_suit_and_the_blind_sees_it() -> None:
    game = in_round(blind="The Club")
    suit = game.rng.copy().element("sigil", SUITS)
    ranks = [card.base_rank for card in game.hand]
    use(game, "c_sigil")
    assert {card.suit for card in game.hand} == {suit}
    assert [card.base_rank for card in game.hand] == ranks
    assert all(card.debuffed == (suit == Suit.CLUBS) for card in game.hand)


def test_ouija_turns_the_hand_into_one_random_rank_for_one_hand_size() -> None:
    game = in_round()
    rank = game.rng.copy().element("ouija", tuple(range(2, 15)))
    suits = [card.suit for card in game.hand]
    size = game.hand_size
    use(game, "c_ouija")
    assert {card.base_rank for card in game.hand} == {rank}
    assert [card.suit for card in game.hand] == suits
    assert game.hand_size == size - 1


def test_immolate_destroys_shuffled_hand_cards_and_pays() -> None:
    extra = config("c_immolate")["extra"]
    game = in_round("j_caino")
    cards = sorted(game.hand, key=lambda c: c.serial)
    game.rng.copy().shuffle("immolate", cards)
    gone = cards[: extra["destroy"]]
    dollars = game.run.dollars
    use(game, "c_immolate")
    assert len(game.hand) == len(HAND) - extra["destroy"]
    assert not set(gone) & set(game.playing_cards)
    assert game.run.dollars == dollars + extra["dollars"]
    canio = game.jokers[0]
    faces = sum(card.rank in (11, 12, 13) for card in gone)
    assert canio.state.get("caino_xmult", 1) == 1 + faces * canio.state["extra"]


def test_immolate_destroys_the_whole_hand_when_it_is_smaller() -> None:
    game = in_round(hand=("KH", "QS", "2D"))
    use(game, "c_immolate")
    assert game.hand == ()


# ---------------------------------------------------------------------------------------
# Jokers: Wraith, The Soul, Ectoplasm, Hex, Ankh
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dollars", [37, -4])
def test_wraith_makes_a_rare_joker_and_empties_the_purse(dollars: int) -> None:
    game = in_round()
    game.run.dollars = dollars
    use(game, "c_wraith")
    (joker,) = game.jokers
    assert joker.rarity == 3
    assert game.run.dollars == 0


def test_the_soul_makes_a_legendary_from_the_one_legendary_stream() -> None:
    game = in_round()
    use(game, "c_soul")
    (joker,) = game.jokers
    assert joker.rarity == 4
    assert "Joker4" in game.rng.snapshot()
    assert not [key for key in game.rng.snapshot() if key.startswith("Joker4sou")]


@pytest.mark.parametrize("key", ["c_wraith", "c_soul"])
def test_a_joker_maker_needs_a_free_slot(key: str) -> None:
    game = in_round(*["j_joker"] * 5)
    assert "no free joker slot" in refused(game, key)


def test_ectoplasm_makes_an_editionless_joker_negative_at_a_growing_hand_size_cost() -> None:
    game = in_round("j_joker", "j_hologram", "j_baron")
    game.jokers[1].set_edition(Edition.FOIL)
    slots, size = game.joker_limit, game.hand_size
    for taken in (1, 2):
        plain = sorted((j for j in game.jokers if not j.edition), key=lambda j: j.serial)
        chosen = game.rng.copy().element("ectoplasm", plain)
        use(game, "c_ectoplasm")
        assert chosen.edition == Edition.NEGATIVE
        slots += 1
        size -= taken
        assert (game.joker_limit, game.hand_size) == (slots, size)
    assert game.run.memory["ecto_minus"] == 3
    assert Game.from_json(game.to_json()).run.memory["ecto_minus"] == 3


@pytest.mark.parametrize("key", ["c_ectoplasm", "c_hex"])
def test_ectoplasm_and_hex_need_a_joker_without_an_edition(key: str) -> None:
    game = in_round()
    assert "no joker without an edition" in refused(game, key)
    game.add_joker("j_joker", edition=Edition.HOLO)
    assert "no joker without an edition" in refused(game, key)


def test_hex_makes_one_joker_polychrome_and_destroys_the_others_but_eternals() -> None:
    game = in_round("j_joker", "j_hologram", "j_baron")
    game.add_joker("j_egg", eternal=True, edition=Edition.FOIL)
    plain = sorted((j for j in game.jokers if not j.edition), key=lambda j: j.serial)
    chosen = game.rng.copy().element("hex", plain)
    eternal = game.jokers[3]
    use(game, "c_hex")
    assert chosen.edition == Edition.POLYCHROME
    assert set(game.jokers) == {chosen, eternal}


def test_ankh_copies_a_random_joker_and_destroys_the_others_but_eternals() -> None:
    game = in_round("j_joker", "j_hologram")
    game.add_joker("j_egg", eternal=True)
    game.jokers[1].state["x_mult"] = 2.5
    chosen = game.rng.copy().element("ankh_choice", list(game.jokers), sort_key=lambda j: j.serial)
    eternal = game.jokers[2]
    use(game, "c_ankh")
    survivors = [chosen] if chosen is eternal else [eternal, chosen]
    assert game.jokers[:-1] == sorted(survivors, key=lambda j: j.slot)
    copy = game.jokers[-1]
    assert copy.key == chosen.key and copy is not chosen
    assert copy.state == chosen.state
    assert copy.eternal == chosen.eternal


def test_ankh_copy_loses_negative() -> None:
    game = in_round()
    game.add_joker("j_joker", edition=Edition.NEGATIVE)
    use(game, "c_ankh")
    original, copy = game.jokers
    assert original.edition == Edition.NEGATIVE
    assert copy.key == original.key and copy.edition == Edition.NONE


def test_ankh_needs_a_joker_and_more_than_one_slot() -> None:
    game = in_round()
    assert "no joker to copy" in refused(game, "c_ankh")
    single = in_round("j_joker")
    single.run.joker_slots = 1
    assert "more than one joker slot" in refused(single, "c_ankh")


def test_ankh_is_used_with_every_joker_slot_full() -> None:
    # the game asks for a joker and more than one slot, not a free one: the others are
    # destroyed before the copy is added (a hidden recorded run used it so)
    full = in_round("j_joker", "j_hologram", "j_baron", "j_egg", "j_runner")
    assert len(full.jokers) == full.joker_limit
    use(full, "c_ankh")
    assert len(full.jokers) == 2 and full.jokers[0].key == full.jokers[1].key
    eternal = in_round()
    for key in ("j_joker", "j_hologram", "j_baron", "j_egg", "j_runner"):
        eternal.add_joker(key, eternal=True)
    use(eternal, "c_ankh")  # nothing can go: the copy makes the row one over its limit
    assert len(eternal.jokers) == eternal.joker_limit + 1


# ---------------------------------------------------------------------------------------
# Black Hole; Spectral packs; usage counts
# ---------------------------------------------------------------------------------------


def test_black_hole_levels_up_every_poker_hand_secret_ones_too() -> None:
    game = Game(seed=SEED)
    use(game, "c_black_hole")  # usable any time: here at blind select
    assert [stats.level for stats in game.run.hands] == [2] * 12  # the game's twelve
    assert game.run.spectrals_used == 1


def test_a_spectral_picked_from_a_pack_acts_on_the_hand_the_pack_deals() -> None:
    game = Game(seed=SEED)
    open_pack(game, "p_spectral_normal_1")
    assert game.phase is Phase.PACK and len(game.hand) == game.hand_size
    game.drop_offer(game.pack[0])
    game.pack[0] = game.new_consumable("c_deja_vu", area=Area.PACK)
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="select 1 card"):
        game.apply(Pick(0))
    assert game.to_json() == before
    target = game.hand[3]
    game.apply(Pick(0, (3,)))
    assert target.seal == Seal.RED
    assert game.phase is Phase.BLIND_SELECT and game.hand == ()
    assert target in game.cards(Area.DECK)
