"""Regenerate docs/hooks.md from the hook specs: ``python tools/gen_hook_docs.py``.

tests/test_docs.py fails when the page and the code disagree, so run this after adding,
removing or changing a hook (and read the diff: the page is the plugin author's manual).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from balatro_ecs.kernel import hookspecs
from balatro_ecs.tools.cli import hook_signatures

INTRO = """\
# Hook reference

Every hook a plugin can implement, in the order the engine calls them, with its exact
signature. This page is generated from `balatro_ecs/kernel/hookspecs.py` by
`tools/gen_hook_docs.py`; `tests/test_docs.py` fails when the two disagree.

Two families:

* **Content hooks** (`joker_*`, `consumable_*`, `blind_*`, `deck_*`, `stake_*`, `voucher_*`)
  are implemented by the plugin that declares the content (through `balatro_content`) and
  are called per instance, in game order: once per joker in slot order, with
  Blueprint/Brainstorm copies resolved and debuffed jokers left out; only for the active
  blind; only for the chosen deck and stakes; only for owned vouchers. `content_describe`
  belongs to whatever content its plugin declares, of any family.
* **Extension hooks** (`balatro_*`) are ordinary pluggy broadcasts.

Content hooks *return* what they do (an `Effect`, a count, a flag); the engine applies it in
the game's order and records it. An implementation may accept any subset of a hook's
parameters, as with every pluggy hook.

A hook's `game` is the `Game`, typed `GameCommands`: what a plugin may read on it and the
commands it may call to change it (`earn`, `add_joker`, `destroy_card`, ...), listed in
[the objects hooks receive](objects.md#gamecommands-what-a-plugin-calls-on-the-game).

When Blueprint or Brainstorm copies a joker, the hook receives a `CopiedJoker`: it reads the
copied joker's `state` and its `copied_by` names the copier. A joker that grows must not grow
when `joker.copied_by` is set (the game's `context.blueprint`).
"""


def sections() -> list[tuple[str, str]]:
    """``(section banner, hook name)`` in module order."""
    out, current = [], ""
    for line in inspect.getsource(hookspecs).splitlines():
        banner = re.match(r"^# (\S.*\S)$", line)
        if banner and not line.startswith("# ---"):
            current = banner.group(1)
        name = re.match(r"^def (\w+)\(", line)
        if name:
            out.append((current, name.group(1)))
    return out


def render() -> str:
    signatures = {name: sig for name, sig, _ in hook_signatures()}
    lines = [INTRO]
    last = None
    for section, name in sections():
        if name not in signatures:
            continue
        if section != last:
            lines += [f"## {section}", ""]
            last = section
        doc = inspect.getdoc(getattr(hookspecs, name)) or ""
        doc = re.sub(r"\.\. versionadded:: ([\d.]+)", r"*Added in \1.*", doc)
        doc = re.sub(r":param (\w+):", r"* `\1`:", doc).replace(":returns:", "* returns:")
        doc = re.sub(r":class:`~?([\w.]+)`", lambda m: "`" + m.group(1).split(".")[-1] + "`", doc)
        # Other roles: ``:func:`~a.b``` shows ``b``, ``:data:`a.b``` shows ``a.b``.
        doc = re.sub(
            r":(?:mod|func|data|meth|attr):`(~?)([\w.]+)`",
            lambda m: "`" + (m.group(2).split(".")[-1] if m.group(1) else m.group(2)) + "`",
            doc,
        )
        doc = doc.replace("``", "`")
        lines += [f"### `{name}`", "", "```python", signatures[name], "```", "", doc, ""]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "docs" / "hooks.md"
    target.write_text(render(), "utf-8")
    print(f"wrote {target}")
