# PYTHON_ARGCOMPLETE_OK  (argcomplete: this command completes on Tab)
"""The ``balatro-ecs`` command line.

    balatro-ecs score FILE [--explain]      score scenarios (FILE may be - for stdin)
    balatro-ecs conformance [FILE]          check scored hands against expected results
    balatro-ecs bench [CASE|FILE] [--passes N]
                                            the speed suite (or a scenarios file's scoring)
    balatro-ecs content [FAMILY]            content and its hooks (jokers, stickers,
                                            poker-hands, boosters, ...: every kind)
    balatro-ecs hooks                       the hook specifications
    balatro-ecs schedule [--event EVENT]    the scoring (or a run event's) systems, in order
    balatro-ecs play [--seed S] [--deck D] [--stake K] [--load FILE]
                                            play a run in the terminal (FILE: the engine's
                                            save or the real game's save.jkr)
    balatro-ecs jkr FILE [--engine | --write OUT]
                                            a save.jkr of the real game's as JSON (or the
                                            engine's save of it); write a save.jkr
    balatro-ecs simulate --runs N --policy random|greedy [--seed S] [--json]
                                            play many seeded runs and summarise them
    balatro-ecs seed SEED [--deck D] [--stake K] [--unlocks all|shipped] [--json]
                                            what a seed's run shows: bosses, vouchers, tags,
                                            the first shuffle, the first shop and its packs
    balatro-ecs plugins [show PACK | validate PACK]
                                            installed packs, their content, a check for CI
    balatro-ecs serve [--host H] [--port P] [--names keys|names] [--fair] [--save-dir DIR]
                                            the balatrobot JSON-RPC API over HTTP, for bots
                                            written for the game (default 127.0.0.1:12346)
    balatro-ecs completion [bash|zsh|fish]  the shell code for Tab completion (needs
                                            ``pip install 'balatro-ecs[completion]'``)

Every command that builds games takes ``--block NAME`` and ``--enable``/``--only NAME``
(pack ids, entry-point or distribution names, content keys; see docs/packs.md).

Bad input gets one line on standard error naming the field and the value, and exit
status 2; no traceback.
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ..game.scenario import Scenario, load_scenarios
from ..game.scoring.result import ScoreResult
from ..kernel import hookspecs
from ..kernel.content import ContentType, DeckType, JokerType, StakeType
from ..kernel.errors import BalatroError, show
from ..kernel.manager import CONTENT_FAMILIES, Plugins
from ..kernel.schedule import SCORING_EVENT
from ..kernel.version import __version__
from .batch import BACKENDS
from .bench import default_vectors, main_bench
from .plugins_cli import add_pack_options, plugins_from
from .policies import POLICIES

__all__ = ["main"]


def _command_name(family: type[ContentType]) -> str:
    """A family as ``balatro-ecs content`` spells it: plural, hyphenated (``poker-hands``)."""
    name = family.family.replace(" ", "-")
    return name[:-1] + "ies" if name.endswith("y") else name + "s"


#: ``balatro-ecs content FAMILY``: every kind of content, by its command-line name.
_FAMILIES: dict[str, type[ContentType]] = {_command_name(f): f for f in CONTENT_FAMILIES}


class CliError(BalatroError):
    """A problem with the command line itself (missing file, ...)."""


def _read(path: str) -> str:
    """A file's text (``-``: standard input), read as UTF-8 (a byte-order mark skipped);
    a file that cannot be read, or is not UTF-8, is a one-line :class:`CliError`."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            raw = stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        else:
            raw = Path(path).read_bytes()
        return raw.decode("utf-8-sig")
    except FileNotFoundError:
        raise CliError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{name}: is a directory, not a file") from None
    except UnicodeError as err:
        where = f" (byte {err.start})" if isinstance(err, UnicodeDecodeError) else ""
        raise CliError(f"{name}: not UTF-8 text{where}") from None
    except OSError as err:
        raise CliError(f"{name}: {err.strerror}") from None


def _read_bytes(path: str) -> bytes:
    """A file's bytes (``-``: standard input); a file that cannot be read is a one-line
    :class:`CliError`."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise CliError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{name}: is a directory, not a file") from None
    except OSError as err:
        raise CliError(f"{name}: {err.strerror}") from None


def _scenario_of(item: Mapping[str, Any]) -> Mapping[str, Any]:
    """A scenario dict, whether ``item`` is a scenario or a conformance vector."""
    scenario = item.get("scenario")
    return scenario if isinstance(scenario, Mapping) else item


def _plugins(args: argparse.Namespace) -> Plugins:
    return plugins_from(args)


def _locate(err: BalatroError, index: int, item: Mapping[str, Any], many: bool) -> BalatroError:
    if not many:
        return err
    label = item.get("id") if isinstance(item.get("id"), str) else f"item {index}"
    return type(err)(f"{label}: {err}") if isinstance(err, BalatroError) else err


def cmd_score(args: argparse.Namespace) -> int:
    text = _read(args.file)
    items = load_scenarios(text)
    many = text.lstrip().startswith("[")
    plugins = _plugins(args)
    scenarios = []
    for i, item in enumerate(items):
        try:
            scenarios.append(Scenario.from_dict(_scenario_of(item), plugins))
        except BalatroError as err:
            raise _locate(err, i, item, many) from None
    results: list[ScoreResult] = []
    for i, scenario in enumerate(scenarios):
        try:
            results.append(scenario.score())
        except BalatroError as err:
            raise _locate(err, i, items[i], many) from None
    if args.explain:
        for i, (item, result) in enumerate(zip(items, results, strict=True)):
            if many:
                label = item.get("id", f"item {i}")
                print(f"== {label}")
            print(result.breakdown.table())
            print(
                f"{result.hand_name}: {_num(result.chips)} chips x {_num(result.mult)} mult"
                f" = {result.score}"
            )
            if many and i < len(results) - 1:
                print()
        return 0
    payload: Any = [r.to_dict() for r in results] if many else results[0].to_dict()
    print(json.dumps(payload, indent=None if args.compact else 2, ensure_ascii=False))
    return 0


def _num(x: float) -> str:
    if type(x) is int:
        return str(x)
    return str(int(x)) if math.isfinite(x) and x == int(x) else repr(x)


def _matches(got: ScoreResult, expected: Mapping[str, Any], tolerance: float) -> bool:
    try:
        return bool(
            got.hand_name == expected["hand_name"]
            and got.score == expected["score"]
            and abs(got.chips - expected["chips"]) <= tolerance
            and abs(got.mult - expected["mult"]) <= tolerance
        )
    except (KeyError, TypeError):
        raise CliError(
            f"expected result {expected!r} needs hand_name, chips, mult and score"
        ) from None


def cmd_conformance(args: argparse.Namespace) -> int:
    path = args.file
    if path is None:
        found = default_vectors()
        if found is None:
            raise CliError("give a vectors file (no conformance vectors are installed)")
        path = str(found)
    text = _read(path)
    plugins = _plugins(args)
    trajectories = _trajectories_in(text)
    if trajectories is not None:
        return _conformance_trajectories(trajectories, plugins)
    items = load_scenarios(text)
    passed = failed = 0
    for i, item in enumerate(items):
        vid = item.get("id", f"item {i}")
        expected = item.get("expected")
        if not isinstance(expected, Mapping):
            raise CliError(f"{vid}: a conformance vector needs an 'expected' object")
        try:
            got = Scenario.from_dict(_scenario_of(item), plugins).score()
        except BalatroError as err:
            failed += 1
            print(f"{vid}: error: {err}")
            continue
        if _matches(got, expected, args.tolerance):
            passed += 1
            continue
        failed += 1
        exp = {k: expected[k] for k in ("hand_name", "chips", "mult", "score")}
        print(f"{vid}: expected {json.dumps(exp)} got {json.dumps(got.to_dict())}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _trajectories_in(text: str) -> list[dict[str, Any]] | None:
    """The trajectories in a file's text, or ``None`` when it holds scoring vectors."""
    from .trajectory import is_trajectory, load_trajectories

    try:
        found = load_trajectories([text])
    except json.JSONDecodeError:
        return None
    return found if found and all(is_trajectory(t) for t in found) else None


def _conformance_trajectories(trajectories: list[dict[str, Any]], plugins: Plugins) -> int:
    """Replay each recorded run; print each run's first divergence, then the tally."""
    from .progress import ProgressBar
    from .trajectory import replay

    passed = failed = 0
    bar = ProgressBar(len(trajectories), "runs")
    for trajectory in trajectories:
        bar.advance(1)
        try:
            result = replay(trajectory, plugins)
        except BalatroError as err:
            failed += 1
            print(f"{trajectory.get('seed', '?')}: error: {err}")
            continue
        if result.passed:
            passed += 1
            continue
        failed += 1
        assert result.divergence is not None
        print(
            f"{result.seed} ({result.deck}, {result.stake}): {result.matched}/{result.steps} "
            f"steps match; {result.divergence.describe()}"
        )
    bar.close()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def cmd_bench(args: argparse.Namespace) -> int:
    from .benchsuite import CASES, print_suite

    files = [t for t in args.targets if t not in CASES]
    if files:
        if len(args.targets) != 1:
            raise CliError("bench: give either case names or one scenarios file")
        if not Path(files[0]).is_file():
            raise CliError(
                f"bench: {show(files[0])} is neither a case ({', '.join(CASES)}) nor a file"
            )
        load_scenarios(_read(files[0]))  # a malformed file fails here, with its reason
        return main_bench(files[0], args.passes, args.json)
    if args.passes < 1:
        raise CliError("bench: --passes must be at least 1")
    return print_suite(args.targets, args.passes, args.json)


def cmd_content(args: argparse.Namespace) -> int:
    plugins = _plugins(args)
    families = [args.family] if args.family else list(_FAMILIES)
    rows: list[dict[str, Any]] = []
    for family in families:
        for item in plugins.all(_FAMILIES[family]):
            row: dict[str, Any] = {"family": item.family, "key": item.key, "name": item.name}
            if isinstance(item, JokerType):
                row["rarity"] = item.rarity_name
                row["cost"] = item.cost
            row["hooks"] = plugins.hooks_of(item.key)
            row["effect"] = item.effect
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for row in rows:
        hooks = ", ".join(h for h in row["hooks"]) or "-"
        print(f"{row['key']:<24} {row['name']:<24} {hooks}")
    print(f"{len(rows)} items")
    return 0


def hook_signatures() -> list[tuple[str, str, str]]:
    """``(name, signature, first docstring line)`` of every hook spec, in module order."""
    out = []
    for name, fn in vars(hookspecs).items():
        if callable(fn) and hasattr(fn, f"{hookspecs.PROJECT}_spec"):
            doc = inspect.getdoc(fn) or ""
            signature = str(inspect.signature(fn)).replace("'", "")
            out.append((name, f"{name}{signature}", doc.splitlines()[0] if doc else ""))
    return out


def cmd_hooks(args: argparse.Namespace) -> int:
    for name, signature, summary in hook_signatures():
        print(signature if args.signatures else f"{name:<26} {summary}")
    return 0


def cmd_schedule(args: argparse.Namespace) -> int:
    plugins = _plugins(args)
    if args.list:
        events = plugins.events
        width = max((len(name) for name in events), default=0)
        for name, event in events.items():
            print(f"{name:<{width}}  {' > '.join(event.phases)}    {event.doc}")
        return 0
    print(plugins.schedule(args.event or SCORING_EVENT).describe())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from ..game.game import Game
    from .seeds import game_seed
    from .terminal import TerminalSession, load_file

    plugins = _plugins(args)
    if args.load:  # the engine's JSON save or the game's own save.jkr; any problem: one line
        game = load_file(args.load, plugins)
    else:
        seed = game_seed(args.seed) if args.seed is not None else None
        game = Game(
            deck=args.deck, stake=args.stake, seed=seed, plugins=plugins, unlocks=args.unlocks
        )
    return TerminalSession(game).run()


def _json_ready(value: Any) -> Any:
    """A save's table as JSON holds it: keys as text, an infinity or NaN as
    ``{"float": "inf"}`` (as the engine's saves write them)."""
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_ready(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return {"float": "nan" if value != value else ("inf" if value > 0 else "-inf")}
    return value


def cmd_jkr(args: argparse.Namespace) -> int:
    from ..game.game import Game
    from ..game.run.jkr import load_save, read_table

    data = _read_bytes(args.file)
    if args.write:
        game = load_save(data, _plugins(args), game_class=Game)
        written = game.to_jkr()
        try:
            Path(args.write).write_bytes(written)
        except OSError as err:
            raise CliError(f"{args.write}: cannot write: {err.strerror}") from None
        what = f"{len(written)} bytes, {game.phase.value}, ante {game.run.ante}"
        print(f"wrote {args.write} ({what})")
        return 0
    if args.engine:
        print(Game.from_jkr(data, _plugins(args)).to_json())
        return 0
    table = read_table(data)
    print(json.dumps(_json_ready(table), indent=None if args.compact else 1, ensure_ascii=False))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .batch import RecordSink, plot_records
    from .progress import ProgressBar
    from .seeds import format_packs, game_seed
    from .simulate import simulate

    path = args.records if isinstance(args.records, str) else None
    if args.resume and path is None:
        raise CliError("simulate: --resume needs --records FILE (the runs recorded so far)")
    block = _plugins(args).selection()
    sink = RecordSink(path, resume=args.resume) if path is not None else None
    bar = ProgressBar(args.runs, "runs", enabled=args.progress)
    finished = [0]

    def advance(n: int) -> None:
        finished[0] += n
        bar.advance(n)

    try:
        summary = simulate(
            args.runs,
            policy=args.policy,
            seed=game_seed(args.seed, batch=False),
            deck=args.deck,
            stake=args.stake,
            block=block,
            workers=args.workers,
            backend=args.backend,
            endless=args.endless,
            max_ante=args.max_ante,
            on_progress=advance,
            unlocks=args.unlocks,
            action_log=args.action_log,
            sink=sink,
        )
    except KeyboardInterrupt:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # leaving: more Ctrl-C change nothing
        bar.close()
        kept = f"; {len(sink.done)} records in {path} (--resume goes on)" if sink else ""
        print(
            f"balatro-ecs: interrupted after {finished[0]} of {args.runs} runs{kept}",
            file=sys.stderr,
        )
        return 130
    finally:
        bar.close()
    if sink is not None:
        sink.close()
    if args.plot:
        title = f"{summary.runs} runs, {summary.policy}, {summary.deck}, {summary.stake}"
        plot_records(summary.records, args.plot, title)
    if args.json:
        with_records = args.records is True
        print(json.dumps(summary.to_dict(records=with_records), ensure_ascii=False))
        return 0
    print(
        f"{summary.runs} runs  policy {summary.policy}  {summary.deck}  {summary.stake}  "
        f"seed {summary.seed}"
    )
    print(f"packs          {format_packs(summary.packs)}")
    print(f"wins           {summary.wins} ({summary.win_rate:.1%})")
    print(f"mean ante      {summary.mean_ante:.2f}")
    print(f"mean final     {summary.mean_final_score:,.0f} chips in the last round")
    print(f"mean best hand {summary.mean_best_hand:,.0f}")
    print("ante reached")
    top = max(summary.ante_reached.values())
    for ante, count in sorted(summary.ante_reached.items()):
        bar_text = "#" * max(1, round(30 * count / top))
        print(f"  {ante:>3}  {bar_text:<30} {count}")
    if summary.truncated:
        print(f"{summary.truncated} runs stopped at the action limit")
    if summary.failures:
        failed = [r for r in summary.records if r.failure is not None]
        print(f"{summary.failures} runs failed, e.g. {failed[0].seed}: {failed[0].failure}")
    print(f"{summary.runs_per_second:,.1f} runs/s ({summary.seconds:.2f} s)")
    return 0


def cmd_seed(args: argparse.Namespace) -> int:
    from .seeds import analyze, game_seed

    seed = game_seed(args.seed)
    plugins = _plugins(args)
    report = analyze(seed, deck=args.deck, stake=args.stake, unlocks=args.unlocks, plugins=plugins)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False))
    else:
        print(report.table(plugins))
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {show(text)}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


def _run_options(p: argparse.ArgumentParser, default_seed: str | None = None) -> None:
    p.add_argument(
        "--seed",
        default=default_seed,
        help="run seed: 1 to 8 of 1-9 and A-Z, taken as the game's seed box takes it "
        "(upper-cased, 0 read as O)"
        + (f"; default {default_seed}" if default_seed else "; default: random"),
    )
    _profile_options(p)


def _names(family: type[ContentType]) -> Callable[..., list[str]]:
    """A Tab completer: the names of one family's content (decks, stakes) in the plugin
    set a command would play with."""

    def complete(**_: Any) -> list[str]:
        return [item.name for item in Plugins.default().all(family)]

    return complete


def _profile_options(p: argparse.ArgumentParser) -> None:
    """``--deck``, ``--stake`` and ``--unlocks``: what a run is played with."""
    deck = p.add_argument(
        "--deck", default=None, help="deck name or key (default: the first, Red Deck)"
    )
    deck.completer = _names(DeckType)  # type: ignore[attr-defined]
    stake = p.add_argument(
        "--stake", default=None, help="stake name, key or level 1-8 (default: the lowest, White)"
    )
    stake.completer = _names(StakeType)  # type: ignore[attr-defined]
    p.add_argument(
        "--unlocks",
        choices=("all", "shipped"),
        default="all",
        help="profile: everything unlocked (default) or the game's shipped unlocks",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="balatro-ecs",
        description="Score Balatro hands exactly, and extend the game with plugins.",
    )
    parser.add_argument("--version", action="version", version=f"balatro-ecs {__version__}")
    parser.add_argument(
        "--block",
        action="append",
        default=[],
        metavar="NAME",
        help="block a pack (id, entry-point or distribution name) or content key "
        "(repeatable; also BALATRO_ECS_BLOCK)",
    )
    parser.add_argument(
        "--enable",
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="load only these installed packs (repeatable; also BALATRO_ECS_ENABLE)",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("score", help="score scenarios and print {hand_name, chips, mult, score}")
    p.add_argument(
        "file", help="a JSON scenario, a list of them, or conformance vectors; - for stdin"
    )
    p.add_argument("--explain", action="store_true", help="print the breakdown of every step")
    p.add_argument("--compact", action="store_true", help="one-line JSON")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser(
        "conformance",
        help="score conformance vectors, or replay recorded runs, and report mismatches",
    )
    p.add_argument(
        "file",
        nargs="?",
        help="scoring vectors or trajectories (default: the 356 vectors installed with "
        "the package)",
    )
    p.add_argument("--tolerance", type=float, default=1e-9, help="allowed chips/mult difference")
    p.set_defaults(func=cmd_conformance)

    p = sub.add_parser(
        "bench", help="the speed suite: games, clones, saves, masks, scoring, policies, memory"
    )
    p.add_argument(
        "targets",
        nargs="*",
        metavar="CASE|FILE",
        help="cases to run (default: all), or one scenarios file to time its scoring",
    )
    p.add_argument("--passes", type=int, default=5, help="timed passes per case (default 5)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("content", help="list registered content and the hooks it implements")
    p.add_argument("family", nargs="?", choices=sorted(_FAMILIES))
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_content)

    p = sub.add_parser("hooks", help="list the hook specifications")
    p.add_argument("--signatures", action="store_true", help="full signatures")
    p.set_defaults(func=cmd_hooks)

    p = sub.add_parser("schedule", help="print the scoring systems (or any event's) in order")
    p.add_argument("--event", help="an event of the run instead of scoring (see --list)")
    p.add_argument("--list", action="store_true", help="list the events and their phases")
    p.set_defaults(func=cmd_schedule)

    p = sub.add_parser("play", help="play a run in the terminal")
    _run_options(p)
    p.add_argument(
        "--load",
        metavar="FILE",
        help="continue a saved game: the engine's JSON save, or the real game's save.jkr",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser(
        "jkr",
        help="print a save of the real game's (save.jkr) as JSON, or write one",
        description="Print the run table of a save.jkr written by Balatro as JSON (read as "
        "data, never run); --engine prints the engine's own JSON save of the run continued "
        "from it; --write OUT writes FILE (a save.jkr or the engine's JSON save) as a "
        "save.jkr the game loads.",
    )
    p.add_argument("file", metavar="FILE", help="a save.jkr (- for standard input)")
    what = p.add_mutually_exclusive_group()
    what.add_argument(
        "--engine", action="store_true", help="the engine's JSON save of the continued run"
    )
    what.add_argument("--write", metavar="OUT", help="write FILE as a save.jkr to OUT")
    p.add_argument("--compact", action="store_true", help="JSON on one line")
    p.set_defaults(func=cmd_jkr)

    p = sub.add_parser("simulate", help="play many seeded runs with a policy and summarise them")
    p.add_argument("--runs", type=_positive, default=100, help="runs to play (default 100)")
    p.add_argument(
        "--policy",
        default="random",
        help=f"{' or '.join(sorted(POLICIES))} (default random), or module:callable, a "
        "factory called with each run's seed",
    )
    _run_options(p, default_seed="SIM")
    p.add_argument("--workers", type=_positive, default=1, help="workers (default 1)")
    p.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="where workers run: process (default), dask, ray ('pip install "
        "balatro-ecs[dask]' / '[ray]'), or serial",
    )
    p.add_argument("--endless", action="store_true", help="play on after winning")
    p.add_argument("--max-ante", type=_positive, help="stop each run at this ante")
    p.add_argument(
        "--action-log",
        action="store_true",
        help="keep every run's actions in its record (the action_log column)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object, nothing else")
    p.add_argument(
        "--records",
        nargs="?",
        const=True,
        metavar="FILE",
        help="write every run's record to FILE (.jsonl, .csv or .parquet) as it finishes; "
        "without FILE, with --json: put them in the JSON",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="keep the runs already in the --records FILE and play only the others",
    )
    p.add_argument("--plot", metavar="FILE.png", help="draw antes reached and score per blind")
    p.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser(
        "seed",
        help="analyse a seed: each ante's boss, voucher and tags, the first shuffle and shop",
    )
    p.add_argument(
        "seed",
        help="the run seed: 1 to 8 of 1-9 and A-Z (upper-cased, 0 read as O, as the game "
        "takes it), or a batch run's SEED-N",
    )
    _profile_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_seed)

    from ..duel.terminal import add_parser as add_duel_parser  # balatro-ecs duel

    add_duel_parser(sub)
    from .server.http import add_parser as add_serve_parser  # balatro-ecs serve

    add_serve_parser(sub)
    for name in (
        "score",
        "conformance",
        "content",
        "schedule",
        "play",
        "jkr",
        "simulate",
        "seed",
        "serve",
    ):
        add_pack_options(sub.choices[name])
    from .plugins_cli import add_parser as add_plugins_parser  # balatro-ecs plugins

    add_plugins_parser(sub)

    p = sub.add_parser(
        "completion",
        help='print the shell code for Tab completion: eval "$(balatro-ecs completion)"',
    )
    p.add_argument(
        "shell", nargs="?", choices=_SHELLS, default="bash", help="the shell (default bash)"
    )
    p.set_defaults(func=cmd_completion)
    return parser


#: The shells ``balatro-ecs completion`` writes code for (argcomplete's).
_SHELLS = ("bash", "zsh", "fish", "tcsh", "powershell")


def cmd_completion(args: argparse.Namespace) -> int:
    try:
        from argcomplete.shell_integration import shellcode
    except ImportError:
        raise CliError(
            "completion: needs argcomplete: pip install 'balatro-ecs[completion]'"
        ) from None
    print(shellcode(["balatro-ecs"], shell=args.shell))
    return 0


def _complete(parser: argparse.ArgumentParser) -> None:
    """Answer the shell's Tab (argcomplete sets ``_ARGCOMPLETE``, then this exits);
    nothing at all is imported for an ordinary command."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    try:
        import argcomplete
    except ImportError:
        return
    argcomplete.autocomplete(parser)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    if argv is None:
        _complete(parser)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BalatroError as err:
        print(f"balatro-ecs: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except KeyboardInterrupt:  # pragma: no cover
        print("balatro-ecs: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
