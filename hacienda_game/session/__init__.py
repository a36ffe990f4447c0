"""A game session apart from its screen: the plan, user folders, settings,
saves and records, the autosave keeper and the map list (no pygame)."""
