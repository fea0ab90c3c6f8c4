"""The installed version of rulebench, recorded in every result's provenance."""

__version__ = "0.1.0"
