"""The fast action mask and legal-action list agree with the plain definitions.

``Game.action_mask()`` is computed from the phase and the sizes of the rows, and
``legal_actions()`` checks a consumable whose condition depends only on how many cards are
selected once per number of cards. Both must give exactly what checking every action one
by one gives: the mask ``[a in set(legal_actions()) for a in ACTION_SPACE.actions]``, the
list the candidates in their order, each kept if :func:`verify` accepts it. Checked on
states reached by real play (random and greedy policies, many seeds), and on copies of
them given what play reaches rarely: targeted Tarots and Spectrals in hand, Eternal
jokers, more than ten cards in hand, Cerulean Bell's forced card, a full joker row.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import pytest

from balatro_ecs import Game, Plugins
from balatro_ecs.game.actions import (
    ACTION_SPACE,
    Action,
    ActionSpace,
    Buy,
    BuyAndUse,
    BuyPack,
    BuyVoucher,
    CashOut,
    Discard,
    EndShop,
    MoveJoker,
    Pick,
    Play,
    Reroll,
    RerollBoss,
    SelectBlind,
    Sell,
    SkipBlind,
    SkipPack,
    SortHand,
    Use,
)
from balatro_ecs.game.jokers import Consumable
from balatro_ecs.game.run.engine import action_mask, legal_actions, verify
from balatro_ecs.game.state import Phase
from balatro_ecs.kernel.components import Area
from balatro_ecs.kernel.enums import Edition
from balatro_ecs.kernel.errors import IllegalActionError
from balatro_ecs.tools.policies import GreedyPolicy, RandomPolicy

PLUGINS = Plugins.default()

#: Consumables that take selected cards (count-only conditions, and Aura's, which looks
#: at the card), and some that take none.
TARGETED = ("c_magician", "c_death", "c_hanged_man", "c_aura", "c_cryptid", "c_talisman")
UNTARGETED = ("c_fool", "c_emperor", "c_familiar", "c_wraith", "c_hex", "c_pluto")


def _subsets(n: int, least: int, most: int) -> list[tuple[int, ...]]:
    return [
        combo
        for size in range(max(1, least), min(5, most, n) + 1)
        for combo in itertools.combinations(range(n), size)
    ]


def _targeted(
    game: Game, kind: type[Pick] | type[Use], items: Sequence[object], targets: bool
) -> list[Action]:
    n = len(game.area(Area.HAND)) if targets else 0
    out: list[Action] = []
    for i, item in enumerate(items):
        least, most = item.type.targets if isinstance(item, Consumable) else (0, 0)
        if least == 0 or not n:
            out.append(kind(i, ()))
        if n and most:
            out += [kind(i, cards) for cards in _subsets(n, least, most)]
    return out


def reference_legal_actions(
    game: Game, *, reorders: bool = True, targets: bool = True
) -> list[Action]:
    """The plain definition: every candidate, in order, kept if ``verify`` accepts it."""
    run = game.run
    phase = run.phase
    out: list[Action] = []
    if phase is Phase.GAME_OVER:
        return out
    candidates: list[Action] = []
    if phase is Phase.BLIND_SELECT:
        candidates += [SelectBlind(), SkipBlind(), RerollBoss()]
    elif phase is Phase.ROUND:
        hand = game.area(Area.HAND)
        forced = {i for i, card in enumerate(hand) if card.forced}
        combos = [c for c in _subsets(len(hand), 1, 5) if forced <= set(c)]
        out += [Play(c) for c in combos]
        if run.discards_left > 0:
            out += [Discard(c) for c in combos]
        if reorders:
            candidates += [SortHand("rank"), SortHand("suit")]
    elif phase is Phase.CASH_OUT:
        candidates.append(CashOut())
    elif phase is Phase.SHOP:
        candidates += [Buy(i) for i in range(len(game.shop))]
        candidates += [BuyAndUse(i) for i in range(len(game.shop))]
        candidates += [BuyVoucher(i) for i in range(len(game.shop_vouchers))]
        candidates += [BuyPack(i) for i in range(len(game.shop_packs))]
        candidates += [Reroll(), EndShop()]
    elif phase is Phase.PACK:
        candidates += _targeted(game, Pick, game.pack, targets)
        candidates.append(SkipPack())
    candidates += [Sell("jokers", i) for i in range(len(game.jokers))]
    candidates += [Sell("consumables", i) for i in range(len(game.consumables))]
    candidates += _targeted(game, Use, game.consumables, targets)
    if reorders:
        n = len(game.jokers)
        candidates += [MoveJoker(i, j) for i in range(n) for j in range(n) if i != j]
    for action in candidates:
        try:
            verify(game, action)
        except IllegalActionError:
            continue
        out.append(action)
    return out


def reference_mask(game: Game, space: ActionSpace = ACTION_SPACE) -> list[bool]:
    legal = set(reference_legal_actions(game))
    return [action in legal for action in space.actions]


def check(game: Game) -> None:
    """The fast mask and lists equal the plain definitions."""
    assert game.action_mask() == reference_mask(game)
    small = ActionSpace(hand_slots=6, shop_slots=1, pack_cards=2, joker_slots=3)
    assert action_mask(game, small) == reference_mask(game, small)
    for reorders in (True, False):
        assert game.legal_actions(reorders=reorders) == reference_legal_actions(
            game, reorders=reorders
        )
    assert legal_actions(game, targets=False) == reference_legal_actions(game, targets=False)


def _variants(game: Game) -> Iterator[Game]:
    """Copies of ``game`` given what play reaches rarely (each checked, then dropped)."""
    if game.phase is Phase.GAME_OVER:
        return
    copy = game.clone()
    for key in TARGETED[:3]:
        copy.add_consumable(key)
    yield copy
    copy = game.clone()
    for key in (*TARGETED[3:], *UNTARGETED[:2]):
        copy.add_consumable(key)
    if copy.hand:  # Aura takes only a card without an edition
        copy.hand[0].set_edition(Edition.FOIL)
    yield copy
    copy = game.clone()
    for key in UNTARGETED[2:]:
        copy.add_consumable(key)
    copy.add_joker("j_joker", eternal=True)
    for _ in range(6):
        copy.add_joker("j_greedy_joker")
    yield copy
    if game.phase is Phase.ROUND and game.hand:
        copy = game.clone()
        copy.draw(5)  # more cards than the space numbers
        copy.hand[-1].set_forced(True)
        copy.add_consumable("c_magician")
        yield copy
        copy = game.clone()
        copy.hand[len(copy.hand) // 2].set_forced(True)  # Cerulean Bell
        copy.add_consumable("c_death")
        yield copy


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_mask_and_lists_equal_the_plain_definitions_over_seeded_runs(policy: str) -> None:
    states = 0
    for run in range(12 if policy == "random" else 3):
        seed = f"MASK{policy[0].upper()}{run}"
        game = Game(seed=seed, plugins=PLUGINS, atomic=False)
        chooser = RandomPolicy(seed) if policy == "random" else GreedyPolicy(seed)
        for step in range(150):
            check(game)
            states += 1
            if step % 7 == 0:
                for variant in _variants(game):
                    check(variant)
                    variant.close()
            if game.phase is Phase.GAME_OVER or game.run.won:
                break
            game.apply(chooser.choose(game))
        game.close()
    assert states > 100


@pytest.mark.parametrize("pack", ["p_arcana_mega_1", "p_spectral_mega_1"])
def test_a_pack_with_targeted_cards_lists_every_choice(pack: str) -> None:
    """An open Arcana or Spectral pack deals a hand: picks with every choice of targets."""
    from balatro_ecs.game.run import packs

    for run in range(6):
        game = Game(seed=f"MASKPACK{run}", plugins=PLUGINS)
        game.run.phase = Phase.SHOP
        packs.open_pack(game, pack)
        assert game.phase is Phase.PACK and game.hand
        check(game)
        for variant in _variants(game):
            check(variant)


def test_by_count_marks_only_count_only_conditions() -> None:
    from balatro_ecs.kernel.hookspecs import BY_COUNT

    def marked(key: str) -> bool:
        rule = PLUGINS.impl("consumable_can_use", key)
        return getattr(rule, BY_COUNT, False) is True

    assert marked("c_magician") and marked("c_death") and marked("c_cryptid")
    assert not marked("c_aura")  # looks at the card: it must have no edition
