"""The tools over the game: the command line, the terminal game, seeds, benchmarks, batch
runs and simulations, policies, observations and search, the learning environments
(:mod:`balatro_ecs.tools.envs`), trajectories and the testing kit for mod authors
(:mod:`balatro_ecs.tools.testing`). Nothing below them imports them.
"""
