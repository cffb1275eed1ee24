"""``python -m balatro_ecs.envs [STEPS] [--envs N] [--async]``: the environment's speed."""

from .bench import main

main()
