"""``python -m balatro_blackjack``: the scripted player plays a few hands; ``--play`` to play."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from balatro_ecs.kernel.errors import IllegalActionError

from .state import Rules
from .strategy import basic_strategy
from .table import Table


def main(argv: list[str] | None = None, ask: Callable[[str], str] = input) -> int:
    p = argparse.ArgumentParser(prog="python -m balatro_blackjack", description=__doc__)
    p.add_argument("--play", action="store_true", help="play yourself at the terminal")
    p.add_argument("--hands", type=int, default=5, help="rounds to play (default 5)")
    p.add_argument("--seed", default="BLACKJACK")
    p.add_argument("--decks", type=int, default=6)
    p.add_argument("--bankroll", type=int, default=1000)
    p.add_argument("--no-insurance", action="store_true", help="a table without insurance")
    args = p.parse_args(argv)
    rules = Rules(insurance=not args.no_insurance)
    table = Table(args.decks, args.seed, rules, args.bankroll)
    moves: list[str] = []
    while table.state.round < args.hands and table.state.stage != "over":
        if args.play:
            legal = [a.text() for a in table.legal_actions()]
            if table.state.stage == "betting":
                legal = [f"{legal[0]}..{legal[-1].split()[1]}"]
            else:
                print(table.show())
            try:
                text = ask(f"[{', '.join(legal)}] > ")
            except EOFError:
                break
        else:
            text = basic_strategy(table).text()
        try:
            state = table.apply(text)
        except IllegalActionError as err:
            print(err)
            continue
        moves.append(text)
        if state.stage in ("betting", "over"):
            print(f"{table.show()}\n{', '.join(moves)}: net {state.net:+d}\n")
            moves.clear()
    print(f"bankroll {table.state.bankroll} after {table.state.round} rounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
