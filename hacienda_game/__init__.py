"""Hacienda: Wolfgang Kramer's board game as a retro pixel-art game."""

__version__ = "0.1.0"
