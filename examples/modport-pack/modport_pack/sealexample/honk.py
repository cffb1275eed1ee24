"""Honk (Steamodded's SealExample): a Spectral card; adds a Blu Seal to 1 selected card."""

from balatro_ecs.plugin import ConsumableType, change_each, content, select_cards

from .blu_seal import SEAL

CARD = ConsumableType(
    key="c_modport_honk",
    name="Honk",
    set="Spectral",
    cost=4,
    selects=(1, 1),
    config={"max_highlighted": 1, "extra": SEAL.key},
    effect="Select 1 card to apply a Blu Seal.",
)
balatro_content = content(CARD)

consumable_can_use = select_cards(CARD)
consumable_use = change_each(lambda card: card.set_seal(SEAL.kind))
