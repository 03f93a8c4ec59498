"""The compiled observation kernel; everything else is in pyproject.toml.

``boardlab._native.vector`` runs every game's declared observation
(``boardlab.engine.vector``) and knows no game. It is optional: without a C compiler
boardlab installs without it and the learning environments use the Python path, which
gives the same vectors more slowly.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
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
