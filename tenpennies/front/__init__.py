"""The front ends: the table controller, the CLI, the classroom server and its rooms."""
