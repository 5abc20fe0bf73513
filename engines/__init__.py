"""Pure game rules: one package per game, and `core` for what they share."""
