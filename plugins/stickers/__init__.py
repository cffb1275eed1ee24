"""The game's three stake stickers, one plugin module each, named by key: Eternal
(``sticker_eternal``), Rental (``sticker_rental``) and Perishable
(``sticker_perishable``). The stakes allow them (Black, Gold and Orange Stake set the
run's ``eternals_in_shop``, ``rentals_in_shop`` and ``perishables_in_shop``)."""

balatro_plugins = tuple(
    f"{__name__}.{key}" for key in ("sticker_eternal", "sticker_rental", "sticker_perishable")
)
