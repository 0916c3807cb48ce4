import os

from hypothesis import HealthCheck, settings

# CI is derandomized so a run is reproducible; locally hypothesis explores freely.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
