"""Descriptions for players: every vanilla item has one, plainly worded, with live values."""

from __future__ import annotations

import io

import pytest

from balatro_ecs import CardSpec, Edition, Enhancement, Game, Seal, Suit
from balatro_ecs.game.describe import (
    describe,
    describe_card,
    describe_edition,
    fill,
    template,
)
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.content import ContentType, JokerType
from balatro_ecs.tools.terminal import TerminalSession, render
from balatro_ecs.tools.testing.runs import play_blind
from balatro_ecs_vanilla import reference as ref

#: (table, list key, how many) for every family the terminal describes.
TABLES = [
    ("jokers", "joker", 150),
    ("tarots", "tarot", 22),
    ("planets", "planet", 12),
    ("spectrals", "spectral", 18),
    ("vouchers", "voucher", 32),
    ("tags", "tag", 24),
    ("blinds", "blind", 30),
    ("decks", "deck", 16),
    ("stakes", "stake", 8),
    ("boosters", "pack", 32),
]
VANILLA_KEYS = [key for table, list_key, _ in TABLES for key in ref.keys(table, list_key)]
#: Words that mark an implementer's note rather than a player's sentence.
NOTE_MARKERS = ("_", " = ", "unverified", "code", "flag", "{", "}", "[", "]")


def _session(game: Game, *commands: str) -> str:
    queue = [*commands, "quit"]
    out = io.StringIO()
    TerminalSession(game, read=lambda _: queue.pop(0), out=out).run()  # type: ignore[arg-type]
    return out.getvalue()


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(seed="DESCRIBE")


def test_every_vanilla_key_has_a_description_and_no_other_key_does() -> None:
    for table, list_key, count in TABLES:
        assert len(ref.keys(table, list_key)) == count, table
    plugins = Game(seed="DESCRIBE").plugins
    missing = [key for key in VANILLA_KEYS if not plugins.content(key).description]
    assert not missing, f"no description for {missing}"
    written = set(_vanilla_descriptions())  # and the pack's file describes nothing else
    assert written == set(VANILLA_KEYS) | set(_MODIFIERS_AND_STICKERS), written - set(VANILLA_KEYS)


#: The other content the vanilla pack describes: card modifiers (the game keys its seals by
#: name) and stickers.
_MODIFIERS_AND_STICKERS = (
    *("m_bonus", "m_mult", "m_wild", "m_glass", "m_steel", "m_stone", "m_gold", "m_lucky"),
    *("e_foil", "e_holo", "e_polychrome", "e_negative", "Gold", "Red", "Blue", "Purple"),
    *("sticker_eternal", "sticker_perishable", "sticker_rental"),
)


def _vanilla_descriptions() -> dict[str, str]:
    from balatro_ecs_vanilla._describe import _sections

    return {key: text for section in _sections().values() for key, text in section.items()}


@pytest.mark.parametrize("key", VANILLA_KEYS)
def test_descriptions_fill_and_read_as_plain_sentences(game: Game, key: str) -> None:
    text = describe(game, key)
    assert text == text.strip() and text.endswith("."), text
    for marker in NOTE_MARKERS:
        assert marker not in text.lower(), f"{key}: {marker!r} in {text!r}"
    assert len(text) <= 130, text


def test_every_live_joker_and_consumable_fills_its_description() -> None:
    game = Game(seed="DESCRIB2")
    for key in ref.keys("jokers", "joker"):
        joker = game.add_joker(key)
        text = describe(game, joker)
        assert not any(m in text for m in NOTE_MARKERS), f"{key}: {text!r}"
        game.remove_joker(joker)
    for table, list_key in (("tarots", "tarot"), ("planets", "planet"), ("spectrals", "spectral")):
        for key in ref.keys(table, list_key):
            card = game.new_consumable(key)
            assert "{" not in describe(game, card), key


def test_a_joker_whose_counter_grew_shows_the_new_value() -> None:
    game = Game(seed="DESCRIB3")
    assert "(currently +0 Mult)" in describe(game, "j_green_joker")
    green = game.add_joker("j_green_joker", state={"mult": 5})
    text = describe(game, green)
    assert "+5 Mult" in text
    assert text.startswith("+1 Mult per hand played, -1 Mult per discard")
    runner = game.add_joker("j_runner", state={"extra": {"chips": 45}})
    assert "(currently +45 Chips)" in describe(game, runner)
    vampire = game.add_joker("j_vampire", state={"x_mult": 1.3000000000000003})
    assert "(currently X1.3 Mult)" in describe(game, vampire)


def test_values_worked_out_from_the_game_are_current() -> None:
    game = Game(seed="DESCRIB4")
    game.run.dollars = 23
    assert "(currently +46 Chips)" in describe(game, "j_bull")
    assert "(now +$20)" in describe(game, "c_hermit")
    abstract = game.add_joker("j_abstract")
    assert "(currently +3 Mult)" in describe(game, abstract)
    game.add_joker("j_joker")
    assert "(currently +6 Mult)" in describe(game, abstract)
    game.run.probability = 2
    assert describe(game, "j_8_ball").startswith("Each scored 8 has a 2 in 4 chance")
    from balatro_ecs import HandType

    game.level_up(HandType.PAIR, 2)
    assert "(now level 3)" in describe(game, "c_mercury")


def test_a_plugins_own_description_wins_and_the_effect_is_the_fallback(game: Game) -> None:
    own = JokerType(
        key="j_mypack_seven",
        name="Seven",
        effect="implementation notes",
        description="+{config.mult} Mult[ ({missing})]; {also_missing}.",
        config={"mult": 7},
    )
    assert template(own) == own.description
    assert describe(game, own) == "+7 Mult; {also_missing}."  # never raises
    bare = JokerType(key="j_mypack_bare", name="Bare", effect="Each scored 7 gives +7 Mult.")
    assert template(bare) is None
    assert describe(game, bare) == "Each scored 7 gives +7 Mult."
    assert ContentType(key="x_nothing", name="Nothing").description == ""


def test_fill_never_raises_on_a_broken_template() -> None:
    values = {"a": 1, "t": {"x": 2.5}, "n": None, "s": ""}
    assert fill("{a} {t.x} {t}", values) == "1 2.5 {t}"
    assert fill("[{n}|none] [{s}|empty] [{a}|one]", values) == "none empty 1"
    assert fill("{ unbalanced [ {a", values) == "{ unbalanced [ {a"


def test_playing_cards_and_editions_are_described(game: Game) -> None:
    card = game.new_card(
        CardSpec(
            rank=12,
            suit=Suit.HEARTS,
            enhancement=Enhancement.MULT,
            edition=Edition.FOIL,
            seal=Seal.RED,
        ),
        Area.DECK,
    )
    text = describe_card(game, card)
    assert text.startswith("Queen of Hearts. Mult Card: +4 Mult when scored.")
    assert "Foil: +50 Chips" in text and "Red Seal:" in text
    assert describe(game, card) == text
    assert describe_edition(game, Edition.NONE) == ""


def test_the_terminal_info_command_shows_current_values() -> None:
    game = Game(seed="DESCRIB5")
    game.add_joker("j_green_joker", state={"mult": 5})
    game.add_consumable("c_pluto")
    text = _session(game, "info j1", "info c1", "info The Ox", "info t9")
    assert "Green Joker (Common Joker): +1 Mult per hand played" in text
    assert "(currently +5 Mult)" in text
    assert "sells for $" in text
    assert "Pluto (Planet card): Levels up High Card" in text
    assert "Playing your most played poker hand, High Card" in text
    assert "! info: nothing at 't9'" in text


def test_screens_show_player_descriptions_not_notes() -> None:
    game = Game(seed="DESCRIB6")
    play_blind(game, "The Pillar")
    screen = render(game)
    assert "Cards already played this Ante are debuffed." in screen
    assert "flag" not in screen
    fresh = Game(seed="DESCRIB6")
    assert describe(fresh, fresh.run.boss)[:40] in render(fresh)
