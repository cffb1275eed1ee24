"""Analysing a seed: what a run shows when every blind is played and nothing is bought.

:func:`analyze` starts the run, beats every blind without playing a hand (the round ends
as won through the game's own end-of-round systems) and reads what a player would see:

* each ante's boss, voucher and the two skip tags (antes 1 to 8);
* the first shuffle: the draw order of the whole deck, the first hand as drawn and as
  the game sorts it;
* the first shop (after the Small Blind): its cards with editions and prices, the
  voucher, the packs, the cards after one and two rerolls;
* both of that shop's packs opened one after the other (they share streams);
* the joker a Judgement used in that shop makes, and the two jokers a Riff-raff bought
  there makes when the Big Blind is selected.

Each of the what-ifs (rerolls, packs, Judgement, Riff-raff) is played out on a clone of
the game at that shop, so none of them changes the others or the antes that follow; where
one needs money the run does not have (a second reroll, a second pack) the clone is given
just enough first. The draws of later antes do not depend on the shops in between: they
use their own streams.

Every key is the game's (``bl_``, ``v_``, ``tag_``, ``j_``, ``c_``, ``p_``); playing cards
are written ``S_Q``, ``H_T``, ``C_5`` (suit letter, rank with T for ten), top card first.
``balatro-ecs seed SEED`` prints the same report.

>>> report = analyze("S92QQLIC")
>>> report.antes[0].boss, report.antes[0].voucher, report.hand[:3]
('bl_manacle', 'v_planet_merchant', ('D_K', 'D_J', 'C_8'))
>>> [offer.key for offer in report.shop.cards]
['j_blue_joker', 'j_egg']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..game.actions import BuyPack, CashOut, Endless, EndShop, Reroll, SelectBlind, SkipPack
from ..game.game import Game
from ..game.run.flow import run_event
from ..game.state import Phase
from ..kernel.components import ETERNAL, PERISHABLE, RENTAL, Area
from ..kernel.content import BoosterType, JokerType, StickerType
from ..kernel.errors import BalatroError, show
from .trajectory import card_code, snapshot

if TYPE_CHECKING:
    from ..kernel.manager import Plugins

__all__ = [
    "AnteReport",
    "Offer",
    "PackReport",
    "SeedReport",
    "ShopReport",
    "analyze",
    "format_report",
    "game_seed",
]

#: What the game's seed box takes: digits 1-9 and letters (a typed 0 becomes O).
SEED_ALPHABET = frozenset("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: The longest seed the game's seed box takes.
SEED_LENGTH = 8


def game_seed(text: str, *, batch: bool = True) -> str:
    """``text`` as the game takes a typed seed: surrounding spaces dropped, upper-cased
    (the seed box types capitals), a ``0`` read as ``O`` (the box turns a typed zero into
    the letter), then 1 to 8 characters of ``1-9`` and ``A-Z`` -- else a one-line
    :class:`~balatro_ecs.kernel.errors.BalatroError` naming the first character the game
    would not take.

    With ``batch`` (the default), a batch run's seed is taken as well: a game seed, a
    dash and the run's number (``SIM-12``, :func:`balatro_ecs.batch.run_seed`) -- an
    engine seed, which replays that run, but not one the game itself can take.

    >>> game_seed(" abc0def "), game_seed("sim-12")
    ('ABCODEF', 'SIM-12')
    """
    if not isinstance(text, str):
        raise BalatroError(f"seed: expected text, got {show(text)}")
    raw = text.strip()
    prefix, dash, number = raw.rpartition("-") if batch else ("", "", "")
    if dash and prefix and number.isdigit() and number.isascii():
        return f"{game_seed(prefix, batch=False)}-{int(number)}"
    seed = raw.upper().replace("0", "O")
    if not seed:
        raise BalatroError("seed: expected 1 to 8 characters, got none")
    for i, char in enumerate(seed):
        if char not in SEED_ALPHABET:
            raise BalatroError(
                f"seed: {show(raw)} has {show(raw[i])} at position {i + 1}: the game's seeds "
                "are 1 to 8 of the digits 1-9 and the letters A-Z"
            )
    if len(seed) > SEED_LENGTH:
        raise BalatroError(
            f"seed: {show(raw)} has {len(seed)} characters: the game's seeds have at most "
            f"{SEED_LENGTH}"
        )
    return seed


#: The game's stickers by their names in a report (the key without ``sticker_``).
_ETERNAL, _PERISHABLE, _RENTAL = (
    key[len(StickerType.prefix) :] for key in (ETERNAL, PERISHABLE, RENTAL)
)

#: The antes :func:`analyze` reports by default (the run is won at the end of ante 8).
LAST_ANTE = 8
_REROLLS = 2
_PROFILES = {"all": "unlocked", "shipped": "shipped"}


# ---------------------------------------------------------------------------------------
# the report
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnteReport:
    """What an ante offers: its boss, the voucher on sale, the tags for skipping."""

    ante: int
    boss: str
    voucher: str | None
    small_tag: str
    big_tag: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "ante": self.ante,
            "boss": self.boss,
            "voucher": self.voucher,
            "small_tag": self.small_tag,
            "big_tag": self.big_tag,
        }


@dataclass(frozen=True)
class Offer:
    """One card on offer (shop, pack) or made (Judgement, Riff-raff).

    ``set`` is ``Joker``, ``Tarot``, ``Planet``, ``Spectral``, ``Booster``, or for a playing
    card ``Default`` (``key`` ``c_base``) or ``Enhanced`` (``key`` the enhancement, ``m_...``)
    with ``card`` its code and ``seal`` its seal. ``cost`` is the price it has there.
    Boosters carry their ``kind``; jokers their stickers (``stickers``: name -> value, in
    the stickers' order: ``("eternal", True)``, ``("perishable", 5)``, a pack's alike).
    """

    key: str
    set: str
    edition: str | None = None
    cost: int = 0
    card: str | None = None
    seal: str | None = None
    kind: str | None = None
    stickers: tuple[tuple[str, Any], ...] = ()

    @property
    def eternal(self) -> bool:
        """Whether the joker is Eternal."""
        return any(name == _ETERNAL for name, _ in self.stickers)

    @property
    def perishable(self) -> int | None:
        """The rounds a Perishable joker has left; ``None``: not Perishable."""
        return next((v for name, v in self.stickers if name == _PERISHABLE), None)

    @property
    def rental(self) -> bool:
        """Whether the joker is Rental."""
        return any(name == _RENTAL for name, _ in self.stickers)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "set": self.set,
            "edition": self.edition,
            "cost": self.cost,
        }
        if self.card is not None:
            out["card"] = self.card
        if self.seal is not None:
            out["seal"] = self.seal
        if self.kind is not None:
            out["kind"] = self.kind
        out.update(self.stickers)
        return out

    @classmethod
    def from_snapshot(cls, item: Mapping[str, Any], cost: int | None = None) -> Offer:
        """An offer from its :func:`~balatro_ecs.tools.trajectory.snapshot` form (``cost`` given
        for pack cards and jokers, whose snapshot has none)."""
        price = int(item["cost"] if cost is None else cost)
        if item.get("set") == "Playing":
            enhancement = item.get("enhancement")
            return cls(
                key=enhancement or "c_base",
                set="Enhanced" if enhancement else "Default",
                edition=item.get("edition"),
                cost=price,
                card=item["card"],
                seal=item.get("seal"),
            )
        return cls(
            key=item["key"],
            set=item.get("set", "Joker"),
            edition=item.get("edition"),
            cost=price,
            stickers=tuple(
                (name, value)
                for name, value in item.items()
                if name not in StickerType.RESERVED and value is not None and value is not False
            ),
        )


@dataclass(frozen=True)
class ShopReport:
    """The first shop: cards, voucher, packs, then the cards after each reroll."""

    cards: tuple[Offer, ...]
    voucher: tuple[str, ...]
    packs: tuple[Offer, ...]
    rerolls: tuple[tuple[Offer, ...], ...]
    dollars: int
    reroll_cost: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "cards": [o.to_dict() for o in self.cards],
            "voucher": list(self.voucher),
            "packs": [o.to_dict() for o in self.packs],
            "rerolls": [[o.to_dict() for o in row] for row in self.rerolls],
            "dollars": self.dollars,
            "reroll_cost": self.reroll_cost,
        }


@dataclass(frozen=True)
class PackReport:
    """One opened pack: its key and the cards it shows."""

    key: str
    cards: tuple[Offer, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "cards": [o.to_dict() for o in self.cards]}


@dataclass(frozen=True)
class SeedReport:
    """Everything :func:`analyze` finds for one seed, deck, stake and profile.

    ``judgement`` and ``riff_raff`` are ``None`` when the plugin set cannot make them
    (Riff-raff blocked, no room for a joker).
    """

    seed: str
    deck: str
    stake: str
    stake_level: int
    unlocks: str
    antes: tuple[AnteReport, ...]
    first_draw: tuple[str, ...]
    deck_order: tuple[str, ...]
    hand: tuple[str, ...]
    shop: ShopReport
    packs_opened: tuple[PackReport, ...]
    judgement: tuple[Offer, ...] | None
    riff_raff: tuple[Offer, ...] | None
    #: The packs the run was analysed with: pack id -> version, in load order (an
    #: installed pack joins the pools, and so changes what a seed shows).
    packs: dict[str, str] = field(default_factory=dict)

    @property
    def profile(self) -> str:
        """The profile's name as the conformance files write it (``unlocked``, ``shipped``)."""
        return _PROFILES.get(self.unlocks, self.unlocks)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, in the shape of the conformance seed facts."""

        def offers(row: tuple[Offer, ...] | None) -> list[dict[str, Any]] | None:
            return None if row is None else [o.to_dict() for o in row]

        return {
            "seed": self.seed,
            "deck": self.deck,
            "stake": self.stake,
            "stake_level": self.stake_level,
            "unlocks": self.unlocks,
            "profile": self.profile,
            "antes": [a.to_dict() for a in self.antes],
            "first_draw": list(self.first_draw),
            "deck_order": list(self.deck_order),
            "hand": list(self.hand),
            "shop": self.shop.to_dict(),
            "packs_opened": [p.to_dict() for p in self.packs_opened],
            "judgement": offers(self.judgement),
            "riff_raff": offers(self.riff_raff),
            "packs": dict(self.packs),
        }

    def table(self, plugins: Plugins | None = None) -> str:
        """The report as aligned text (names from ``plugins`` where they are known)."""
        return format_report(self, plugins)


# ---------------------------------------------------------------------------------------
# driving the run
# ---------------------------------------------------------------------------------------


def analyze(
    seed: str,
    *,
    deck: str | None = None,
    stake: str | int | None = None,
    unlocks: str = "all",
    plugins: Plugins | None = None,
    last_ante: int = LAST_ANTE,
) -> SeedReport:
    """Analyse ``seed``: the antes, the first shuffle, the first shop and its what-ifs.

    :param deck: The deck, by name or key.
    :param stake: The stake, by name, key or level.
    :param unlocks: ``"all"`` (everything unlocked and discovered) or ``"shipped"``.
    :param plugins: The plugin set (default: vanilla plus installed packs).
    :param last_ante: Report antes 1 to this one.
    :raises BalatroError: an unknown deck or stake, a bad profile, or a run that cannot
        go on without buying anything.
    """
    if not isinstance(seed, str) or not seed:
        raise BalatroError(f"seed: expected a non-empty string, got {show(seed)}")
    if last_ante < 1:
        raise BalatroError(f"last_ante: expected at least 1, got {last_ante}")
    game = Game(deck=deck, stake=stake, seed=seed, plugins=plugins, unlocks=unlocks)
    try:
        assert game.stake is not None
        antes = [_ante(game)]
        deck_order = _shuffled_order(game)
        game.apply(SelectBlind())
        hand = tuple(card_code(c) for c in game.area(Area.HAND))
        first_draw = deck_order[: len(hand)]
        _win(game)
        shop = _shop(game)
        packs = _open_packs(game)
        judgement = _judgement(game)
        riff_raff = _riff_raff(game)
        _leave_shop(game)
        blinds_left = 2  # the Big Blind and the Boss of ante 1
        while game.run.ante < last_ante:
            for _ in range(blinds_left):
                _beat(game)
            blinds_left = 3
            antes.append(_ante(game))
        return SeedReport(
            seed=seed,
            deck=game.deck.name,
            stake=game.stake.name,
            stake_level=game.stake.level,
            unlocks=unlocks,
            antes=tuple(antes),
            first_draw=first_draw,
            deck_order=deck_order,
            hand=hand,
            shop=shop,
            packs_opened=packs,
            judgement=judgement,
            riff_raff=riff_raff,
            packs=dict(game.plugins.packs),
        )
    finally:
        game.close()


def _ante(game: Game) -> AnteReport:
    run = game.run
    return AnteReport(
        ante=run.ante,
        boss=run.boss,
        voucher=run.voucher_offer,
        small_tag=run.tags_offered.get("Small", ""),
        big_tag=run.tags_offered.get("Big", ""),
    )


def _shuffled_order(game: Game) -> tuple[str, ...]:
    """The draw pile after selecting the blind on deck, top card first.

    A clone runs the blind's selection systems up to (not including) the draw, so the
    order is the one the engine's own shuffle makes.
    """
    probe = game.clone()
    try:
        run_event(probe, "select_blind", stop_before="draw")
        return tuple(card_code(c) for c in reversed(probe.area(Area.DECK)))
    finally:
        probe.close()


def _win(game: Game) -> None:
    """The round being played ends as won; cash out into the shop."""
    from .testing.runs import win_round

    win_round(game)
    if game.run.win_screen:
        game.apply(Endless())
    game.apply(CashOut())


def _leave_shop(game: Game) -> None:
    game.apply(EndShop())
    while game.phase is Phase.PACK:  # a pack a held tag opens at blind select
        game.apply(SkipPack())


def _phase(game: Game) -> Phase:
    """The phase now (read afresh after an action, which a type checker cannot see)."""
    return game.run.phase


def _beat(game: Game) -> None:
    """Select the blind on deck, win it, cash out, leave the shop."""
    if game.phase is not Phase.BLIND_SELECT:
        raise BalatroError(
            f"seed analysis: expected blind select, the run is at {game.phase.value}"
        )
    game.apply(SelectBlind())
    if _phase(game) is not Phase.ROUND:
        raise BalatroError(f"seed analysis: the {game.run.blind_on_deck} blind could not be played")
    _win(game)
    _leave_shop(game)


def _afford(game: Game, cost: int) -> None:
    """Give a what-if clone just the money ``cost`` needs."""
    game.run.dollars = max(game.run.dollars, cost)


def _offers(items: Iterable[Mapping[str, Any]]) -> tuple[Offer, ...]:
    return tuple(Offer.from_snapshot(item) for item in items)


def _shop(game: Game) -> ShopReport:
    from ..game.run.shop import reroll_price

    seen = snapshot(game)["shop"]
    packs = tuple(
        Offer(
            key=item["key"],
            set="Booster",
            cost=int(item["cost"]),
            kind=game.plugins.find(BoosterType, item["key"]).kind,
        )
        for item in seen["packs"]
    )
    rerolls: list[tuple[Offer, ...]] = []
    probe = game.clone()
    try:
        for _ in range(_REROLLS):
            _afford(probe, reroll_price(probe))
            probe.apply(Reroll())
            rerolls.append(_offers(snapshot(probe)["shop"]["cards"]))
    finally:
        probe.close()
    return ShopReport(
        cards=_offers(seen["cards"]),
        voucher=tuple(v["key"] for v in seen["vouchers"]),
        packs=packs,
        rerolls=tuple(rerolls),
        dollars=game.run.dollars,
        reroll_cost=int(seen["reroll_cost"]),
    )


def _open_packs(game: Game) -> tuple[PackReport, ...]:
    """Open the shop's packs one after the other (left first) on a clone."""
    from ..game.run.shop import offer_price, pack_price

    opened: list[PackReport] = []
    probe = game.clone()
    try:
        while probe.shop_packs and probe.phase is Phase.SHOP:
            booster = probe.plugins.find(BoosterType, probe.shop_packs[0])
            _afford(probe, pack_price(probe, booster))
            probe.apply(BuyPack(0))
            if _phase(probe) is not Phase.PACK:
                break
            shown = snapshot(probe)["pack"]
            costs = [offer_price(probe, item) for item in probe.pack]
            cards = tuple(
                Offer.from_snapshot(item, cost)
                for item, cost in zip(shown["cards"], costs, strict=True)
            )
            opened.append(PackReport(key=str(shown["key"]), cards=cards))
            probe.apply(SkipPack())
    finally:
        probe.close()
    return tuple(opened)


def _jokers(game: Game, start: int) -> tuple[Offer, ...]:
    """The jokers in the row from slot ``start`` on, as offers at their buying price."""
    seen = snapshot(game)["jokers"][start:]
    return tuple(
        Offer.from_snapshot({**item, "set": "Joker"}, joker.buy_cost)
        for item, joker in zip(seen, game.jokers[start:], strict=True)
    )


def _judgement(game: Game) -> tuple[Offer, ...] | None:
    """The joker a Judgement used now makes (the engine's pool draw, append ``jud``)."""
    probe = game.clone()
    try:
        if not probe.has_room_for_joker():
            return None
        before = len(probe.jokers)
        probe.create_joker_from_pool("jud")
        return _jokers(probe, before)
    finally:
        probe.close()


def _riff_raff(game: Game) -> tuple[Offer, ...] | None:
    """The jokers a Riff-raff bought now makes when the next blind is selected."""
    probe = game.clone()
    try:
        try:
            probe.plugins.find(JokerType, "j_riff_raff")
        except BalatroError:
            return None
        if not probe.has_room_for_joker():
            return None
        probe.add_joker("j_riff_raff")
        before = len(probe.jokers)
        _leave_shop(probe)
        probe.apply(SelectBlind())
        return _jokers(probe, before)
    finally:
        probe.close()


# ---------------------------------------------------------------------------------------
# the table
# ---------------------------------------------------------------------------------------


def _namer(plugins: Plugins | None) -> Any:
    def name(key: str | None) -> str:
        if key is None:
            return "-"
        if plugins is None:
            return key
        try:
            return plugins.content(key).name
        except BalatroError:
            return key

    return name


def _describe(offer: Offer, name: Any) -> str:
    if offer.card is not None:
        text = offer.card
        if offer.set == "Enhanced":
            text += f" {name(offer.key)}"
    else:
        text = name(offer.key)
    extras = [e for e in (offer.edition, offer.seal and f"{offer.seal} Seal") if e]
    extras += [name for name, _ in offer.stickers]
    if extras:
        text += f" ({', '.join(extras)})"
    return f"{text} ${offer.cost}"


def format_packs(packs: dict[str, str]) -> str:
    """Packs as a header shows them: ``vanilla 0.1.0, lucky7 1.1.0``."""
    return ", ".join(f"{pack} {version}" for pack, version in packs.items()) or "none"


def format_report(report: SeedReport, plugins: Plugins | None = None) -> str:
    """A :class:`SeedReport` as aligned plain text (names from ``plugins``, else keys)."""
    name = _namer(plugins)
    lines = [
        f"Seed {report.seed}  {report.deck}  {report.stake}  ({report.profile})",
        f"Packs {format_packs(report.packs)}",
        "",
    ]
    header = ("Ante", "Boss", "Voucher", "Small Blind tag", "Big Blind tag")
    rows = [
        (str(a.ante), name(a.boss), name(a.voucher), name(a.small_tag), name(a.big_tag))
        for a in report.antes
    ]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    for cells_in in (header, *rows):
        cells = [cell.ljust(width) for cell, width in zip(cells_in, widths, strict=True)]
        cells[0] = cells_in[0].rjust(widths[0])
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.append(f"First draw   {' '.join(report.first_draw)}")
    lines.append(f"Hand         {' '.join(report.hand)}")
    order = report.deck_order
    for start in range(0, len(order), 13):  # a suit's worth of cards a line
        label = "Deck order" if start == 0 else ""
        lines.append(f"{label:<12} {' '.join(order[start : start + 13])}")
    lines.append("")
    shop = report.shop
    lines.append(f"First shop (${shop.dollars}, reroll ${shop.reroll_cost})")

    def offer_line(label: str, offers: Iterable[Offer]) -> None:
        text = ", ".join(_describe(o, name) for o in offers) or "-"
        lines.append(f"  {label:<10} {text}")

    offer_line("cards", shop.cards)
    lines.append(f"  {'voucher':<10} {', '.join(name(v) for v in shop.voucher) or '-'}")
    offer_line("packs", shop.packs)
    for i, cards in enumerate(shop.rerolls, start=1):
        offer_line(f"reroll {i}", cards)
    lines.append("")
    lines.append("Packs opened")
    for pack in report.packs_opened:
        lines.append(f"  {name(pack.key)}")
        lines.append(f"    {', '.join(_describe(o, name) for o in pack.cards) or '-'}")
    lines.append("")
    for label, made in (("Judgement", report.judgement), ("Riff-raff", report.riff_raff)):
        text = "-" if made is None else ", ".join(_describe(o, name) for o in made) or "-"
        lines.append(f"{label:<12} {text}")
    return "\n".join(lines)
