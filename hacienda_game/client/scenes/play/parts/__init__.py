"""The play screen's parts: each draws one region of the screen."""
