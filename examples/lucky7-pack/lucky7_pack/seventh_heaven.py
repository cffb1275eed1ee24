"""Seventh Heaven: a poker hand. Three or more 7s, with anything; the 7s score.

It ranks between Straight and Three of a Kind (``order`` 8.5): three 7s beat a Straight,
four 7s are still Four of a Kind. Every Seventh Heaven holds a Three of a Kind and a Pair,
so jokers that ask for those act on it too. Saves name it (``"Seventh Heaven"``) and the
pack it comes from.
"""

from balatro_ecs.plugin import PokerHandType, content, hookimpl

HAND = PokerHandType(
    key="h_lucky7_seventh_heaven",
    name="Seventh Heaven",
    chips=77,
    mult=7,
    level_chips=30,
    level_mult=3,
    order=8.5,  # the game's: ... Straight 8, Three of a Kind 9
    effect="Three or more 7s, with anything.",
)
balatro_content = content(HAND)


@hookimpl
def poker_hand_detect(cards, parts):
    sevens = [pos for pos, card in enumerate(cards) if card[0] == 7]
    return sevens if len(sevens) >= 3 else None
