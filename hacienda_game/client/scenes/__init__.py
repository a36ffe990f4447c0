"""The client's scenes: menu, setup, maps, settings, play, scoring, overlays."""
