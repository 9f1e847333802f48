"""Build: the cffi module ``pyeval._native`` (API mode) from ``csrc/``; metadata in pyproject.toml."""
from setuptools import setup

setup(
    cffi_modules=["pyeval/_build.py:ffibuilder"],
    options={"bdist_wheel": {"py_limited_api": "cp311"}},
)
