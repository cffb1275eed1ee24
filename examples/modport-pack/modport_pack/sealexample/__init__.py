"""The Steamodded examples' SealExample (``Mods/SealExample``): the Blu Seal and Honk."""
