"""Jokers from MathIsFun0's Cryptid (``items/misc_joker.lua``)."""
