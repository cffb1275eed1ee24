"""Jokers from Firch's Bunco (``Bunco.lua``)."""
