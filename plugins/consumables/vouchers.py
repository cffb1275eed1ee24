"""The 32 vouchers (declared; Observatory's scoring effect lives on the Planet cards)."""

from balatro_ecs.plugin import reference

from ._declared import Declared

balatro_plugins = tuple(
    Declared(reference.voucher(key)) for key in reference.keys("vouchers", "voucher")
)
