"""Feature extractors for Stable-Baselines3 that embed the categories (needs PyTorch and
Stable-Baselines3: ``pip install 'balatro-ecs[learn]'``).

* :class:`EntityExtractor` reads the ``"entities"`` encoding
  (:mod:`balatro_ecs.tools.envs.encoding`): every entity's categories go through embedding
  tables (one shared table for content keys, small ones for kind, rank, suit,
  enhancement, edition and seal), joined with its numbers and its set's own embedding,
  then a transformer encoder lets the cards, jokers, consumables, offers and a token for
  the run attend to each other (empty slots masked out). The features are the run's
  token, the mean of the entities, and a small vector per slot of every set (so a policy
  head can tell card 3 from card 7: the two-step space's toggles and uses are per slot).
* :class:`FlatExtractor` reads the ``"flat"`` encoding: an MLP over ``features`` and the
  mean of the content keys' embeddings.

Both leave ``action_mask`` out: the mask is never a feature. Use them with sb3-contrib's
MaskablePPO::

    from sb3_contrib import MaskablePPO
    from balatro_ecs.envs.extractor import EntityExtractor

    model = MaskablePPO(
        "MultiInputPolicy", env,
        policy_kwargs={"features_extractor_class": EntityExtractor},
    )

``examples/train_maskable.py`` trains one; ``docs/learning.md`` shows what it learned.
"""

from __future__ import annotations

try:
    import torch
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
    from torch import nn
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "balatro_ecs.envs.extractor needs PyTorch and Stable-Baselines3: "
        "pip install 'balatro-ecs[learn]'"
    ) from err

from gymnasium import spaces

from .encoding import ENTITY_CATEGORIES, ENTITY_INDEX, ENTITY_SETS

__all__ = ["EntityExtractor", "FlatExtractor"]

_PRESENT = ENTITY_INDEX["present"]
_KEY = [c.name for c in ENTITY_CATEGORIES].index("key")


def _shape(space: spaces.Dict, key: str) -> tuple[int, ...]:
    found = space.spaces[key].shape
    if found is None:
        raise ValueError(f"observation {key!r} has no shape")
    return tuple(int(n) for n in found)


def _vocab_size(space: spaces.Dict) -> int:
    """The content-key vocabulary's size, from the key columns' upper bound."""
    for name in ("global_keys", "keys"):
        if name in space.spaces:
            box = space.spaces[name]
            assert isinstance(box, spaces.Box)
            return int(box.high.max()) + 1
    raise ValueError("the observation has no content-key array (global_keys or keys)")


class EntityExtractor(BaseFeaturesExtractor):  # type: ignore[misc]
    """Embeds and attends over the ``"entities"`` encoding (see the module's docs).

    :param observation_space: The env's ``spaces.Dict`` (the ``"entities"`` encoding,
        with or without ``action_mask``).
    :param d_model: Width of every token.
    :param key_dim: Width of a content key's embedding.
    :param layers: Transformer encoder layers (0: none, the cheapest).
    :param heads: Attention heads.
    :param slot_dim: Width of each slot's own vector in the features.
    """

    def __init__(
        self,
        observation_space: spaces.Dict,
        d_model: int = 64,
        key_dim: int = 24,
        layers: int = 1,
        heads: int = 4,
        slot_dim: int = 8,
    ) -> None:
        shapes = {name: _shape(observation_space, name) for name in ENTITY_SETS}
        slots = {name: shape[0] for name, shape in shapes.items()}
        n_nums = shapes[ENTITY_SETS[0]][1]
        n_global = _shape(observation_space, "global")[0]
        n_slots = sum(slots.values())
        features = 2 * d_model + slot_dim * n_slots
        super().__init__(observation_space, features_dim=features)
        self.slots = slots
        vocab = _vocab_size(observation_space)
        self.key = nn.Embedding(vocab, key_dim, padding_idx=0)
        small = [c for c in ENTITY_CATEGORIES if c.name != "key"]
        self.small = nn.ModuleList(nn.Embedding(c.size, 8) for c in small)
        width = n_nums + key_dim + 8 * len(small)
        self.entity = nn.Sequential(nn.Linear(width, d_model), nn.ReLU())
        self.set_embedding = nn.Embedding(len(ENTITY_SETS), d_model)
        self.run = nn.Sequential(
            nn.Linear(n_global + key_dim, 2 * d_model), nn.ReLU(), nn.Linear(2 * d_model, d_model)
        )
        layer = nn.TransformerEncoderLayer(
            d_model, heads, dim_feedforward=2 * d_model, dropout=0.0, batch_first=True
        )
        # ``layers=0``: no attention (the entities are pooled and kept per slot as they are).
        self.encoder = (
            nn.TransformerEncoder(layer, layers, enable_nested_tensor=False) if layers else None
        )
        self.slot = nn.Linear(d_model, slot_dim)
        set_ids = torch.cat(
            [torch.full((n,), i, dtype=torch.long) for i, n in enumerate(slots.values())]
        )
        self.register_buffer("set_ids", set_ids, persistent=False)

    def forward(self, obs: dict[str, torch.Tensor]) -> torch.Tensor:
        nums = torch.cat([obs[name] for name in ENTITY_SETS], dim=1)  # (B, N, numbers)
        cats = torch.cat([obs[f"{name}_cat"] for name in ENTITY_SETS], dim=1).long()
        present = nums[..., _PRESENT] > 0.5  # (B, N)
        parts = [nums, self.key(cats[..., _KEY])]
        columns = [i for i in range(cats.shape[-1]) if i != _KEY]
        parts += [emb(cats[..., i]) for emb, i in zip(self.small, columns, strict=True)]
        tokens = self.entity(torch.cat(parts, dim=-1)) + self.set_embedding(self.set_ids)
        keys = obs["global_keys"].long()
        held = (keys > 0).float().unsqueeze(-1)
        pooled_keys = (self.key(keys) * held).sum(1) / held.sum(1).clamp(min=1.0)
        run = self.run(torch.cat([obs["global"], pooled_keys], dim=-1)).unsqueeze(1)
        sequence = torch.cat([run, tokens], dim=1)
        # The run's token is never masked, so every row attends to something.
        pad = torch.cat([torch.zeros_like(present[:, :1]), ~present], dim=1)
        out = (
            torch.nan_to_num(self.encoder(sequence, src_key_padding_mask=pad))
            if self.encoder is not None
            else sequence
        )
        entities = out[:, 1:]
        weight = present.float().unsqueeze(-1)
        mean = (entities * weight).sum(1) / weight.sum(1).clamp(min=1.0)
        per_slot = (self.slot(entities) * weight).flatten(1)
        return torch.cat([out[:, 0], mean, per_slot], dim=-1)


class FlatExtractor(BaseFeaturesExtractor):  # type: ignore[misc]
    """An MLP over the ``"flat"`` encoding's ``features``, with the mean embedding of its
    content ``keys``.

    :param observation_space: The env's ``spaces.Dict`` (the ``"flat"`` encoding).
    :param hidden: Width of the MLP's layers (and of the features).
    :param key_dim: Width of a content key's embedding.
    """

    def __init__(self, observation_space: spaces.Dict, hidden: int = 256, key_dim: int = 24):
        super().__init__(observation_space, features_dim=hidden)
        n = _shape(observation_space, "features")[0]
        self.key = nn.Embedding(_vocab_size(observation_space), key_dim, padding_idx=0)
        self.mlp = nn.Sequential(
            nn.Linear(n + key_dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )

    def forward(self, obs: dict[str, torch.Tensor]) -> torch.Tensor:
        keys = obs["keys"].long()
        held = (keys > 0).float().unsqueeze(-1)
        pooled = (self.key(keys) * held).sum(1) / held.sum(1).clamp(min=1.0)
        out: torch.Tensor = self.mlp(torch.cat([obs["features"], pooled], dim=-1))
        return out
