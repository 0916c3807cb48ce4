"""The real-browser tests (a package, so its conftest is not confused with tests/conftest.py)."""
