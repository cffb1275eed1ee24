"""Every method of the balatrobot API, by name (``rpc.discover`` is the dispatcher's)."""

from __future__ import annotations

from ..session import Method
from . import blinds, debug, hand, run, shop

__all__ = ["METHODS"]

#: The methods, by name, in the order the API documents them.
METHODS: dict[str, Method] = {
    method.name: method for module in (run, blinds, hand, shop, debug) for method in module.METHODS
}
