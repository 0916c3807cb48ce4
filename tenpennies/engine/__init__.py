"""The ground: cards, rule sets, melds, actions and the phases of a turn, errors, seeds, counts in words."""
