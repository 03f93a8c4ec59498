"""The compiled observation code; everything else is in pyproject.toml.

``boardlab._native.vector`` runs every declared observation (``boardlab.engine.vector``)
and knows no game; Compounded keeps its own encoder until its observation is declared
too.
Each is optional: without a C compiler boardlab installs without them and the learning
environments use the Python path, which gives the same vectors more slowly.
"""

from setuptools import Extension, setup

GAMES = ("compounded",)

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
