"""Art shared by the client and the asset generators (no pygame)."""
