"""The terminal game for a first-time player: fitted to the terminal's width, with line
history, a deck view, reasons for refused hands, the source of every change of money,
and an offer to save before leaving."""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from balatro_ecs import Game
from balatro_ecs.tools.terminal import TerminalSession, colour_wanted, render
from balatro_ecs.tools.testing.runs import hold, play_blind


def _reader(
    commands: Iterable[str | type[BaseException]], out: io.StringIO | None = None
) -> Callable[[str], str]:
    queue = list(commands)

    def read(prompt: str) -> str:
        item = queue.pop(0) if queue else EOFError
        if out is not None:  # as a terminal shows it: the prompt, what was typed, Enter
            out.write(prompt + (item if isinstance(item, str) else "") + "\n")
        if isinstance(item, type):
            raise item
        return item

    return read


def _session(game: Game, *commands: str | type[BaseException], width: int = 80) -> str:
    out = io.StringIO()
    TerminalSession(game, read=_reader(commands, out), out=out, width=width).run()
    return out.getvalue()


@pytest.mark.parametrize("width", [50, 80])
def test_screens_fit_the_terminal_s_width(width: int, monkeypatch) -> None:
    game = Game(seed="WIDTH")
    for key in ("j_blueprint", "j_brainstorm", "j_mr_bones", "j_invisible", "j_ancient"):
        game.add_joker(key)
    play_blind(game, "The Psychic")
    for screen in (render(game, width=width), _session(game, "info j1", "quit", width=width)):
        longest = max(len(line) for line in screen.splitlines())
        assert longest <= width, screen
    monkeypatch.setenv("COLUMNS", str(width))
    assert max(len(line) for line in render(game).splitlines()) <= width


def test_typed_commands_have_line_editing_and_history() -> None:
    pytest.importorskip("readline")
    sys.modules.pop("readline", None)
    TerminalSession(Game(seed="READLINE"), out=io.StringIO())
    assert "readline" in sys.modules  # input() now edits lines, Up recalls commands


def test_the_deck_view_shows_the_cards_left_to_draw_by_suit() -> None:
    game = Game(seed="DECKVIEW")
    play_blind(game)
    text = _session(game, "deck", "quit")
    assert "Deck: 44 of 52 cards left to draw" in text
    suits = re.findall(r"^  (Spades|Hearts|Clubs|Diamonds) +\( ?(\d+)\)", text, flags=re.M)
    assert [s for s, _ in suits] == ["Spades", "Hearts", "Clubs", "Diamonds"]
    assert sum(int(n) for _, n in suits) == 44
    assert "in hand 8, discarded 0" in text


def test_a_hand_the_boss_refuses_says_why() -> None:
    game = Game(seed="PSYCHIC")
    play_blind(game, "The Psychic")
    text = _session(game, "play 1", "quit", "")
    assert "refused by The Psychic (You must play 5 cards.): scores 0" in text
    assert "0 x 0 = 0" not in text


def test_every_change_of_money_names_its_source() -> None:
    game = Game(seed="MONEY")
    game.add_joker("j_rough_gem")  # +$1 per scored Diamond
    play_blind(game)
    hold(game, "KD", "KD", "2S", "3S", "4C", "5H", "7H", "9C")
    text = _session(game, "play 1 2", "quit", "")  # a Pair of Diamonds: $1 each
    assert text.count("+$1 Rough Gem") == 2
    game = Game(seed="MONEY2")
    game.add_joker("j_joker")
    text = _session(game, "sell j1", "quit", "")
    assert re.search(r"\+\$\d+ Joker\n", text)
    assert re.search(r"money \+\$\d+ \(now \$\d+\)", text)


def test_leaving_offers_to_save_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "run.json"
    game = Game(seed="LEAVE")
    text = _session(game, "select", "quit", str(path), width=1000)
    assert "Save the run first?" in text and f"saved to {path}" in text
    assert json.loads(path.read_text())["format"] == "balatro_ecs.save/1"
    assert len(Game.from_json(path.read_text()).log) == 1
    # Ctrl-C at the prompt offers the same; nothing new since the save: no question
    path.unlink()
    game = Game(seed="LEAVE")
    _session(game, "select", KeyboardInterrupt, str(path))
    assert path.exists()
    text = _session(Game.from_json(path.read_text()), "quit")
    assert "Save the run first?" not in text
    # Enter leaves without saving; a second Ctrl-C at the question leaves too
    assert _session(Game(seed="LEAVE"), "select", "quit", "").endswith("unsaved): \n")
    # "n" is no (not a file named n); "y" asks for the file name
    monkeypatch.chdir(tmp_path)
    assert _session(Game(seed="LEAVE"), "select", "quit", "n").endswith("unsaved): n\n")
    assert not Path("n").exists()
    text = _session(Game(seed="LEAVE"), "select", "quit", "y", str(path))
    assert "give the file name" in text and f"saved to {path}" in text
    assert "Save the run" in _session(
        Game(seed="LEAVE"), "select", KeyboardInterrupt, KeyboardInterrupt
    )


def test_no_color_turns_colour_off() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("NO_COLOR", raising=False)
        assert colour_wanted(Tty())
        assert not colour_wanted(io.StringIO())
        patch.setenv("NO_COLOR", "1")
        assert not colour_wanted(Tty())
        out = Tty()
        TerminalSession(Game(seed="NOCOLOR"), read=_reader(["quit"]), out=out).run()
        assert "\033[" not in out.getvalue()


def test_money_a_plugin_pays_without_naming_itself_is_named_for_it() -> None:
    from balatro_ecs import Plugins
    from balatro_ecs.plugin import JokerType
    from balatro_ecs.tools.testing.modules import plugin_module

    def joker_main(ctx, joker):  # pays straight into the run, naming no source
        ctx.game.earn(3)

    declared = JokerType(key="j_t_payer", name="Payer", rarity=1, cost=1)
    module = plugin_module("t_payer", declared, joker_main=joker_main)
    game = Game(seed="PAYER", plugins=Plugins(plugins=[module], entry_points=False))
    game.add_joker("j_t_payer")
    play_blind(game)
    text = _session(game, "play 1", "quit", "")
    assert "+$3 Payer" in text and "no source" not in text
