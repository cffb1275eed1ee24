"""Measure the order in which LuaJIT visits the game's table of poker hands with ``pairs()``.

``python tools/lua_hand_order.py`` (needs ``pip install lupa``) builds a table shaped like the
game's (the twelve hands as string keys in the game's order, each holding a table) in LuaJIT
2.0 and prints the keys as ``pairs()`` yields them. The result is
``balatro_ecs.kernel.enums.HAND_ITERATION_ORDER``; ``tests/test_hands.py`` checks the two agree when
lupa is installed.
"""

from __future__ import annotations

from balatro_ecs.kernel.enums import VANILLA_HANDS as HAND_NAMES


def measure() -> tuple[str, ...]:
    from lupa import luajit20  # type: ignore[import-not-found]

    lua = luajit20.LuaRuntime()
    entries = ", ".join(
        f'["{name}"] = {{visible = true, order = {i}, level = 1, played = 0}}'
        for i, name in enumerate(HAND_NAMES, start=1)
    )
    visit = lua.eval(
        "function() local t = {" + entries + "}; local out = {}; "
        "for k in pairs(t) do out[#out + 1] = k end; return table.concat(out, '|') end"
    )
    return tuple(visit().split("|"))


if __name__ == "__main__":
    for name in measure():
        print(name)
