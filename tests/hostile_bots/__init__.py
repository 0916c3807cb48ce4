"""Bots that attack the tournament, one attack each (issue 35), played by
``tests/test_tournament_sandbox.py`` in every sandbox layer this machine has.

Each does its attack at its first decision, then raises an exception whose words say what
the attack achieved: the seat forfeits with that report as its reason, and a stand-in
plays the seat from its first decision, so the honest bots' results can be compared with a
match where the stand-in sat there from the start. Nothing runs when a file is imported.
"""
