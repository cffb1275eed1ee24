"""The optional compiled parts: ``balatro_ecs.kernel._rng_c`` (see balatro_ecs/kernel/rng.py)
and ``balatro_ecs.kernel._fill_c`` (see balatro_ecs/kernel/records.py).

Everything else is in pyproject.toml. The extensions are optional: where no C compiler (or
no Python headers) is found, the build says so and the package installs without them,
running the pure-Python forms (the reference: the same bits, the same objects).
``BALATRO_ECS_PURE_PYTHON=1`` at build time skips them.
"""

import os
import sys

from setuptools import Extension, setup

# No fused multiply-add: a*b+c must round twice, as Python computes it.
flags = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]
extensions = []
if os.environ.get("BALATRO_ECS_PURE_PYTHON", "") in ("", "0"):
    extensions.append(
        Extension(
            "balatro_ecs.kernel._rng_c",
            ["balatro_ecs/kernel/_rng_c.c"],
            extra_compile_args=flags,
            optional=True,
        )
    )
    extensions.append(
        Extension(
            "balatro_ecs.kernel._fill_c",
            ["balatro_ecs/kernel/_fill_c.c"],
            extra_compile_args=flags,
            optional=True,
        )
    )

setup(ext_modules=extensions)
