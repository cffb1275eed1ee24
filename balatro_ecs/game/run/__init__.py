"""The run engine: blinds, rounds, the shop and the economy, as ordered systems."""
