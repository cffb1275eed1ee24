"""``python -m balatro_ecs``: the same command line as ``balatro-ecs``."""

import sys

from .tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
