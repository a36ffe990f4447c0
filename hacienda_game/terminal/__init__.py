"""The game in a terminal: text in, text out, no pygame."""
