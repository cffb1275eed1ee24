"""Regenerate docs/hooks.md from the hook specs: ``python tools/gen_hook_docs.py``.

tests/test_docs.py fails when the page and the code disagree, so run this after adding,
removing or changing a hook (and read the diff: the page is the plugin author's manual).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from balatro_ecs.game.dispatch import JOKER_HOOKS
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
when `joker.copied_by` is set (the game's `context.blueprint`). A copier declared
`JokerType(copies_and_acts=True)` (Cryptid's Old Blueprint) also runs its own hooks, each
just before the copy's in its slot.

Each hook below says **who is called**: for joker hooks, whether copies and debuffed jokers
take part. The last section maps every Steamodded calculation context to its hook.
"""

#: Who is called for the content hooks that are not planned per joker in slot order.
_OWN: dict[str, str] = {
    "joker_rules": "each joker's own (never a copy), left out while debuffed; again "
    "whenever the row, the vouchers, the plugin set or its counters change",
    "joker_copy_target": "each copier, when the row's call plans are compiled",
    "joker_created": "the new instance (never a copy)",
    "joker_added": "the instance added (never a copy; not when it comes in debuffed)",
    "joker_removed": "the instance leaving (never a copy; not while debuffed)",
    "joker_game_over": "each joker in slot order, itself (never a copy), debuffed ones left "
    "out; the first that saves the run stops the pass",
    "joker_cash_out": "each joker in slot order, itself (never a copy), debuffed ones left out",
    "joker_reset_round": "every joker type of the plugin set that implements it, held or "
    "not, in the game's order of jokers (the type, never an instance: no copies, no debuffs)",
    "content_describe": "the described content's own plugin (content of any family), once "
    "per description",
    "joker_check_enhancement": "each joker in slot order, itself only: never a Blueprint or "
    "Brainstorm copy (Steamodded's `no_blueprint`); a debuffed joker is left out",
    "joker_sold": "the joker sold, as what it copies when it is a copier (its own first when "
    "it copies and acts); not when it is debuffed",
}

#: Who is called for the other families' content hooks, by hook-name prefix.
_FAMILY: dict[str, str] = {
    "consumable_set_": "the set of the consumable used",
    "consumable_": "the consumable concerned (held, bought, or picked from a pack)",
    "blind_": "the active blind only, never while it is disabled",
    "deck_": "the chosen deck only",
    "stake_": "each stake the run applies, lowest first",
    "voucher_": "each owned voucher",
    "tag_": "each held tag, oldest first",
    "enhancement_": "the card's own enhancement",
    "edition_": "the card's or joker's own edition",
    "seal_": "the card's own seal",
    "poker_hand_": "every poker hand of the plugin set, best first",
    "booster_": "the pack being opened",
    "sticker_": "each sticker concerned, in the stickers' order",
}

_PLANNED = (
    "each joker in slot order, through the row's call plans: a Blueprint or Brainstorm "
    "copy calls the copied joker's hook (`joker.copied_by` is the copier; a copy stops at "
    "a joker that is not `blueprint_compat`, is debuffed, or loops); a debuffed joker is "
    "left out; a joker that copies and acts runs its own hook first"
)


def who(name: str) -> str:
    """The "who is called" line of a hook."""
    if name in _OWN:
        return _OWN[name]
    if name in JOKER_HOOKS:
        return _PLANNED
    for prefix, text in _FAMILY.items():
        if name.startswith(prefix):
            return text
    return "every plugin that implements it (a pluggy broadcast), in registration order"


#: Each Steamodded calculation context (the Steamodded wiki's "Calculate Functions"), and
#: where a balatro_ecs plugin handles it: a hook, or another mechanism.
STEAMODDED: tuple[tuple[str, str, str], ...] = (
    ("before", "`joker_before`", ""),
    ("initial_scoring_step", "`joker_initial_scoring_step`", ""),
    (
        "main_scoring (cards)",
        "`enhancement_scored`, `seal_scored`, `edition_scored`",
        "a card's own modifiers",
    ),
    ("individual (played cards)", "`joker_individual`", ""),
    ("individual (held cards)", "`joker_held_individual`", ""),
    ("repetition (played cards)", "`joker_repetition`", "seals: `SealType.retriggers`"),
    ("repetition (held cards)", "`joker_held_repetition`", "also at the end of the round"),
    ("pre_joker / post_joker", "`edition_scored`", "a joker's edition, before and after it"),
    ("joker_main", "`joker_main`", ""),
    ("other_joker / other_consumeable", "`joker_other_joker`", "`other` may be a consumable"),
    (
        "main_scoring (blind, deck, stake, mod)",
        "`balatro_scoring_systems`",
        "a scoring system of your own, in any phase of the `score` event",
    ),
    ("final_scoring_step", "`joker_final_scoring_step`", "`deck_final_scoring_step` for a deck"),
    (
        "destroy_card / destroying_card",
        "`joker_destroying_card`",
        "`enhancement_destroy` for an enhancement",
    ),
    ("remove_playing_cards", "`joker_cards_destroyed`", ""),
    ("after", "`joker_after`", ""),
    ("debuffed_hand", "`joker_debuffed_hand`", ""),
    ("end_of_round", "`joker_end_of_round`", "`game.run.boss_defeated` is `beat_boss`"),
    (
        "end_of_round (individual, held cards)",
        "`joker_held_end_of_round`",
        "`enhancement_end_of_round`, `seal_end_of_round` for modifiers",
    ),
    ("end_of_round (repetition)", "`joker_held_repetition`", "`ctx` is `None` then"),
    ("end_of_round: saved", "`joker_game_over`", "return `True` to save the run"),
    ("setting_blind", "`joker_setting_blind`", "`blind_set` for a blind"),
    ("drawing_cards", "`joker_drawing_cards`", "`blind_draw_count` for a blind"),
    (
        "hand_drawn / other_drawn",
        "`joker_hand_drawn`",
        "`game.run.phase` tells a round's draw from a pack's",
    ),
    ("first_hand_drawn", "`joker_first_hand_drawn`", ""),
    ("pre_discard", "`joker_pre_discard`", ""),
    ("discard", "`joker_discard`", "`seal_discard` for a seal"),
    ("press_play", "`joker_press_play`", "`blind_press_play` for a blind"),
    (
        "evaluate_poker_hand",
        "`joker_evaluate_poker_hand`",
        "`replace_scoring_name`: a chain; `poker_hand_detect` declares a hand of your own",
    ),
    (
        "modify_scoring_hand",
        "`joker_modify_scoring_hand`",
        "`True` is `add_to_hand`, `False` `remove_from_hand`; `Rules.all_played_score` "
        "is Splash's rule",
    ),
    (
        "debuff_hand",
        "`joker_debuff_hand`",
        "`True` is `debuff`, `False` `prevent_debuff`; `blind_debuff_hand` for a blind",
    ),
    ("modify_hand", "`joker_initial_scoring_step`", "`blind_modify_hand` for a blind"),
    (
        "debuff_card",
        "`joker_debuff_card`",
        "`True` is `debuff`, `False` `prevent_debuff`; `blind_debuff_card` for a blind; "
        "jokers are debuffed with `game.set_joker_debuff` (Bunco's Conquest)",
    ),
    (
        "stay_flipped",
        "`joker_stay_flipped`",
        "`True` is `stay_flipped`, `False` `prevent_stay_flipped`; `blind_face_down` for "
        "a blind; draws to the hand",
    ),
    ("blind_disabled", "`joker_blind_disabled`", "`blind_disabled` for the blind itself"),
    ("blind_defeated", "`joker_end_of_round`", "called only for a won round"),
    ("round_eval", "`joker_cash_out`", "a payout line"),
    ("modify_final_cashout", "`joker_money`", 'its `source` is `"cash out"`'),
    (
        "modify_ante / ante_change",
        "`joker_ante_change`",
        "every change of the ante; `ante_end` as Steamodded's",
    ),
    ("starting_shop", "`joker_shop_opened`", ""),
    ("ending_shop", "`joker_leaving_shop`", ""),
    ("open_booster", "`joker_booster_opened`", ""),
    ("skipping_booster", "`joker_booster_skipped`", ""),
    ("ending_booster", "`joker_booster_closed`", ""),
    (
        "buying_card / buying_self",
        "`joker_card_bought`",
        "`item is joker` for buying_self; packs too (Steamodded's leaves them out)",
    ),
    ("selling_card", "`joker_card_sold`", ""),
    ("selling_self", "`joker_sold`", ""),
    ("using_consumeable", "`joker_consumable_used`", "`consumable_set_used` for a set"),
    ("reroll_shop", "`joker_reroll`", ""),
    (
        "create_shop_card",
        "`tag_apply`",
        "a tag's `store_joker_create`; a joker offers with `game.offer`",
    ),
    ("modify_shop_card", "`joker_shop_card`", "a tag's `store_joker_modify` too"),
    ("create_booster_card / modify_booster_card", "`booster_card`", "the pack's own"),
    ("money_altered", "`joker_money`", "before the change, which it may alter"),
    ("poker_hand_changed", "`joker_hand_levelled`", ""),
    ("skip_blind", "`joker_blind_skipped`", ""),
    ("tag_added", "`joker_tag_gained`", ""),
    ("tag_triggered", "`joker_tag_used`", ""),
    (
        "prevent_tag_trigger",
        "`joker_prevent_tag_trigger`",
        "`True` is `prevent_trigger`; `trigger` is `other_context.type`",
    ),
    ("playing_card_added", "`joker_cards_added`", ""),
    ("card_added", "`joker_card_added`", "jokers and consumables"),
    (
        "joker_type_destroyed",
        "`joker_type_destroyed`",
        "`True` is `no_destroy`; jokers destroyed by an effect; `joker_removed` is the "
        "joker's own, `sticker_blocks` Eternal's veto",
    ),
    (
        "change_suit / change_rank / setting_ability",
        "`joker_card_changed`",
        "`before` and `after` specs (rank, suit, enhancement, edition, seal); every "
        "`game.card_changed` and `ctx.set_enhancement`",
    ),
    (
        "scaling_card / resetting_card",
        "`joker.state`",
        "Steamodded helpers, not game events: counters change in place",
    ),
    (
        "mod_probability / fix_probability",
        "`joker_mod_probability`, `joker_fix_probability`",
        "every roll of `game.chance` / `ctx.chance`, `key` its `identifier`, `source` its "
        "`trigger_obj`; `Rules.probability_scale` is Oops! All 6s",
    ),
    (
        "pseudorandom_result",
        "`joker_pseudorandom_result`",
        "just after the roll (Steamodded: after the effect that rolled)",
    ),
    ("check_eternal", "`sticker_blocks`", "a sticker's"),
    ("blueprint", "`CopiedJoker`", "`joker.copied_by`"),
    ("retrigger_joker_check", "`joker_retrigger_joker`", "every scoring context, by name"),
    (
        "post_trigger",
        "`joker_post_trigger`",
        "after every joker effect of a scoring context (`other_context` is `context`); "
        "run events' hooks are not followed by it",
    ),
    (
        "check_enhancement",
        "`joker_check_enhancement`",
        "quantum enhancements: scored and held effects, `game.enhancements_of`; a card's "
        "rank, suit, destruction and the deck's tally read its own",
    ),
    (
        "modify_weights",
        "`joker_modify_weights`",
        "`pool` is the `pool_types` name (`Joker`, a set, `Voucher`, `Tag`, `Blind`, "
        "`Booster`), `items` and `weights` the `pool` table (weights from 1, a pack's "
        "own); returns the weights instead of changing them in place; the game's roll on "
        "each pool's own stream, no `object_weights` needed; card modifiers and the rarity "
        "roll keep their kinds' `weight`",
    ),
)


def steamodded_section() -> list[str]:
    lines = [
        "## Steamodded contexts",
        "",
        "Every context of the Steamodded calculation guide ('Calculate Functions') and where a",
        "balatro_ecs plugin handles it. A context with no hook of its own names the mechanism",
        "that does the same work.",
        "",
        "| Steamodded context | balatro_ecs | note |",
        "|---|---|---|",
    ]
    for context, ours, note in STEAMODDED:
        lines.append(f"| `{context}` | {ours} | {note} |")
    lines.append("")
    return lines


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
        doc = re.sub(
            r"\.\. versionchanged:: ([\d.]+)\n((?:   .*\n?)+)",
            lambda m: f"*Changed in {m.group(1)}:* " + " ".join(m.group(2).split()) + "\n",
            doc,
        )
        doc = re.sub(r":param (\w+):", r"* `\1`:", doc).replace(":returns:", "* returns:")
        doc = re.sub(r":class:`~?([\w.]+)`", lambda m: "`" + m.group(1).split(".")[-1] + "`", doc)
        # Other roles: ``:func:`~a.b``` shows ``b``, ``:data:`a.b``` shows ``a.b``.
        doc = re.sub(
            r":(?:mod|func|data|meth|attr):`(~?)([\w.]+)`",
            lambda m: "`" + (m.group(2).split(".")[-1] if m.group(1) else m.group(2)) + "`",
            doc,
        )
        doc = doc.replace("``", "`")
        lines += [f"### `{name}`", "", "```python", signatures[name], "```", ""]
        lines += [f"**Who is called:** {who(name)}.", "", doc, ""]
    lines += steamodded_section()
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "docs" / "hooks.md"
    target.write_text(render(), "utf-8")
    print(f"wrote {target}")
