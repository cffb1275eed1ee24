"""The methods around a run: ``health``, ``gamestate``, ``menu``, ``start``, ``save``,
``load`` and ``screenshot``."""

from __future__ import annotations

from typing import Any

from ....game.game import Game
from ....game.run.jkr.read import load_save
from ....kernel.errors import BalatroError, UnknownNameError
from ..errors import BAD_REQUEST, INTERNAL_ERROR, INVALID_STATE, RpcError
from ..names import deck_type, stake_type
from ..params import Param
from ..saves import confine, read_save, write_save
from ..session import RUN_STATES, Method, Session

__all__ = ["METHODS"]


def _health(session: Session, params: dict[str, Any]) -> dict[str, str]:
    return {"status": "ok"}


def _gamestate(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    return session.gamestate()


def _menu(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    session.new_game(None)
    return session.gamestate()


def _start(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    challenge = params.get("challenge")
    if challenge is not None:
        if "deck" in params or "stake" in params:
            raise RpcError(BAD_REQUEST, "'challenge' cannot be combined with 'deck' or 'stake'")
        raise RpcError(
            BAD_REQUEST,
            f"Expected a c_* challenge id from G.CHALLENGES. Got: {challenge} "
            "(this engine plays no challenge runs)",
        )
    for name in ("deck", "stake"):
        if name not in params:
            raise RpcError(BAD_REQUEST, f"Missing required field '{name}'")
    plugins = session.plugins
    try:
        stake = stake_type(plugins, params["stake"])
    except UnknownNameError:
        raise RpcError(
            BAD_REQUEST,
            "Expected a stake_* key from G.P_STAKES (e.g. stake_white; WHITE also works). "
            f"Got: {params['stake']}",
        ) from None
    try:
        deck = deck_type(plugins, params["deck"])
    except UnknownNameError:
        raise RpcError(
            BAD_REQUEST,
            "Expected a b_* deck key from G.P_CENTERS (e.g. b_red, b_blue; RED also works). "
            f"Got: {params['deck']}",
        ) from None
    seed = params.get("seed") or None
    try:
        game = Game(deck=deck, stake=stake, seed=seed, plugins=plugins, unlocks=session.unlocks)
    except BalatroError as err:
        raise RpcError(INTERNAL_ERROR, f"Failed to start run: {err}") from err
    session.new_game(game)
    return session.gamestate()


def _save(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    game = session.require_game()
    shown = params["path"]
    path = confine(session.save_dir, shown)
    result: dict[str, Any] = {"success": True, "path": shown}
    try:  # a path ending .jkr gets the game's own save file, anything else the engine's
        data: str | bytes = game.to_jkr() if path.suffix == ".jkr" else game.to_json()
    except BalatroError as err:  # the game writes no save here (a pack open, a lost run)
        raise RpcError(INTERNAL_ERROR, f"Failed to save: {err}") from err
    if write_save(path, data, shown):
        result["replaced"] = True
    return result


def _load(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    shown = params["path"]
    data = read_save(confine(session.save_dir, shown), shown)
    try:
        # the engine's JSON save or the game's .jkr
        game = load_save(data, session.plugins, game_class=Game)
    except (BalatroError, ValueError) as err:  # not UTF-8, not JSON, not a save
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise RpcError(INTERNAL_ERROR, f"Invalid save file format: {message}") from err
    session.new_game(game)
    return {"success": True, "path": shown}


def _screenshot(session: Session, params: dict[str, Any]) -> dict[str, Any]:
    raise RpcError(INTERNAL_ERROR, "Screenshots are not available: this engine has no screen")


_PATH = Param("path", "string", "file path, inside the server's save directory", required=True)

METHODS: tuple[Method, ...] = (
    Method("health", "Health check; always succeeds", _health, result="Health"),
    Method("gamestate", "The complete game state, in any state", _gamestate),
    Method("menu", "Return to the main menu (drops the run)", _menu),
    Method(
        "start",
        "Start a run with a deck and a stake (and a seed)",
        _start,
        (
            Param("deck", "string", "deck: b_red (1.5), RED (1.0-1.4) or Red Deck"),
            Param("stake", "string", "stake: stake_white (1.5), WHITE or White Stake"),
            Param("seed", "string", "the run seed (random when omitted)"),
            Param("challenge", "string", "a challenge id (refused: no challenge runs here)"),
        ),
        ("MENU",),
        (BAD_REQUEST, INVALID_STATE, INTERNAL_ERROR),
    ),
    Method(
        "save",
        "Save the run to a file (.jkr: the game's own save.jkr; else the engine's JSON)",
        _save,
        (_PATH,),
        RUN_STATES,
        (BAD_REQUEST, INVALID_STATE, INTERNAL_ERROR),
        "PathResult",
    ),
    Method(
        "load",
        "Load a run saved by `save`, or the game's own save.jkr",
        _load,
        (_PATH,),
        None,
        (BAD_REQUEST, INTERNAL_ERROR),
        "PathResult",
    ),
    Method(
        "screenshot",
        "Not available: answers INTERNAL_ERROR",
        _screenshot,
        (Param("path", "string", "file path for the PNG", required=True),),
        None,
        (INTERNAL_ERROR,),
        "PathResult",
    ),
)
