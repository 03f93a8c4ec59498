"""The compiled observation encoders (C, one per game); everything else is in pyproject.toml.

Each is optional: without a C compiler boardlab installs without them and the learning
environments use the Python encoders, which give the same vectors more slowly.
"""

from setuptools import Extension, setup

GAMES = ("compounded", "linnaeus", "scythe")

setup(
    ext_modules=[
        Extension(
            f"boardlab.games.{game}._observe",
            [f"src/boardlab/games/{game}/_observe.c"],
            include_dirs=["src/boardlab/_native"],
            depends=["src/boardlab/_native/observe.h"],
            extra_compile_args=["-O2"],
            optional=True,
        )
        for game in GAMES
    ]
    + [
        Extension(
            "boardlab._native.vector",
            ["src/boardlab/_native/vector.c"],
            include_dirs=["src/boardlab/_native"],
            depends=["src/boardlab/_native/observe.h"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
