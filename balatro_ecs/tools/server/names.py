"""The names the balatrobot API uses for decks, stakes and card modifiers, in every
spelling its 1.x versions used, and the spelling the server answers with.

Versions 1.0 to 1.4 of the mod spell decks and stakes as bare upper-case words (``RED``,
``WHITE``) and modifiers the same way (seal ``RED``, edition ``FOIL``, enhancement
``BONUS``); 1.5 uses the game's own keys (``b_red``, ``stake_white``, seal ``Red``,
``e_foil``, ``m_bonus``). The server accepts all of them (any case, and the display
names ``Red Deck`` / ``White Stake`` too) and answers in one style, :data:`KEYS` (1.5,
the default) or :data:`NAMES` (1.0-1.4).

>>> from balatro_ecs import Game
>>> game = Game(seed="NAMES")
>>> deck_type(game.plugins, "RED").key, stake_type(game.plugins, "stake_gold").level
('b_red', 8)
>>> edition_name(parse_modifier("edition", "FOIL"), KEYS), seal_name(2, NAMES)
('e_foil', 'RED')
"""

from __future__ import annotations

from ...kernel.content import DeckType, StakeType
from ...kernel.enums import Edition, Enhancement, Seal, parse_edition, parse_enhancement, parse_seal
from ...kernel.errors import UnknownNameError
from ...kernel.manager import Plugins

__all__ = [
    "KEYS",
    "NAMES",
    "STYLES",
    "deck_name",
    "deck_type",
    "edition_name",
    "enhancement_name",
    "parse_modifier",
    "seal_name",
    "stake_name",
    "stake_type",
]

#: Answer with the game's keys (``b_red``, ``stake_white``, ``e_foil``), as 1.5 does.
KEYS = "keys"
#: Answer with upper-case words (``RED``, ``WHITE``, ``FOIL``), as 1.0-1.4 did.
NAMES = "names"
STYLES = (KEYS, NAMES)


def _word(name: str, suffix: str) -> str:
    """``"Red Deck"`` -> ``"RED"``, ``"White Stake"`` -> ``"WHITE"``."""
    text = name.strip()
    if text.lower().endswith(" " + suffix):
        text = text[: -len(suffix) - 1]
    return text.upper().replace(" ", "_")


def _spellings(key: str, name: str, suffix: str) -> set[str]:
    return {key.lower(), name.lower(), _word(name, suffix).lower()}


def deck_type(plugins: Plugins, text: str) -> DeckType:
    """The deck spelled ``text``: its key (``b_red``), its name (``Red Deck``) or the
    1.x word (``RED``), in any case.

    :raises UnknownNameError: when no deck is spelled so.
    """
    wanted = text.strip().lower()
    for deck in plugins.all(DeckType):
        if wanted in _spellings(deck.key, deck.name, "deck"):
            return deck
    raise UnknownNameError("deck", text, [d.key for d in plugins.all(DeckType)])


def stake_type(plugins: Plugins, text: str) -> StakeType:
    """The stake spelled ``text``: ``stake_white``, ``White Stake`` or ``WHITE``.

    :raises UnknownNameError: when no stake is spelled so.
    """
    wanted = text.strip().lower()
    for stake in plugins.all(StakeType):
        if wanted in _spellings(stake.key, stake.name, "stake"):
            return stake
    raise UnknownNameError("stake", text, [s.key for s in plugins.all(StakeType)])


def deck_name(deck: DeckType, style: str) -> str:
    return deck.key if style == KEYS else _word(deck.name, "deck")


def stake_name(stake: StakeType, style: str) -> str:
    return stake.key if style == KEYS else _word(stake.name, "stake")


_PARSERS = {"seal": parse_seal, "edition": parse_edition, "enhancement": parse_enhancement}


def parse_modifier(kind: str, text: str) -> int:
    """A seal, edition or enhancement in any 1.x spelling (``Red``/``RED``,
    ``e_foil``/``FOIL``, ``m_bonus``/``BONUS``); never "none".

    :raises UnknownNameError: for anything else (an empty string included).
    """
    value = int(_PARSERS[kind](text)) if text.strip() else 0
    if not value:
        raise UnknownNameError(kind, text, [])
    return value


def seal_name(seal: int, style: str) -> str:
    name = Seal(seal).name
    return name.title() if style == KEYS else name


def edition_name(edition: int, style: str) -> str:
    kind = Edition(edition)
    return kind.key if style == KEYS else kind.name


def enhancement_name(enhancement: int, style: str) -> str:
    kind = Enhancement(enhancement)
    return kind.key if style == KEYS else kind.name
