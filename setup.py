"""Packaging beyond what pyproject.toml can say: the repository keeps ``assets/``
and ``maps/`` at its top level, and the wheel carries them inside the package
as ``hacienda_game.assets`` and ``hacienda_game.boards`` (read through
``hacienda_game/resources.py``).  Code packages are found as usual, so a new
room is packed without editing this file."""

from setuptools import find_packages, setup

DATA_FOLDERS = {"hacienda_game.assets": "assets", "hacienda_game.boards": "maps"}
# Folders of data, no code: packed as packages so setuptools keeps their files.
DATA_PACKAGES = [*DATA_FOLDERS, "hacienda_game.assets.sounds", "hacienda_game.locale"]

setup(
    packages=find_packages(include=["hacienda_game", "hacienda_game.*"]) + DATA_PACKAGES,
    package_dir=DATA_FOLDERS,
)
