"""Judging a played match, its page, its session, luck against skill."""
