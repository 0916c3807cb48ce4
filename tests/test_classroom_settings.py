"""The classroom server's settings as Voila reads them (no server is started)."""

from __future__ import annotations

import pytest

pytest.importorskip("voila")
from tenpennies.front.classroom import OUTPUT_SECONDS, ClassroomVoila, voila_arguments  # noqa: E402


def settings(**options):
    app = ClassroomVoila()
    app.parse_command_line(voila_arguments("notebooks/room.ipynb", max_players=40, idle_seconds=300,
                                           close_seconds=30, **options))
    return app.config


def test_a_loaded_server_waits_for_a_cells_output_rather_than_drop_the_table():
    # nbclient's own 4 s dropped the table's output from 8 of 32 room pages opened within a
    # minute on two cores: the page kept the notebook's text and never showed a table.
    assert settings().VoilaExecutor.iopub_timeout == OUTPUT_SECONDS >= 60


def test_the_pool_is_asked_of_voila_only_when_kept():
    assert settings(pool=4).VoilaConfiguration.default_pool_size == 4
    assert settings(pool=4).VoilaConfiguration.preheat_kernel is True
    assert "preheat_kernel" not in settings(pool=0).VoilaConfiguration
