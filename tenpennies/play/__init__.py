"""A match as it is played: the match and its log, legal actions, views, positions, records, the bot loop, simulations."""
