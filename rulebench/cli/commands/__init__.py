"""One module per ``rulebench`` command; each defines ``NAME`` and ``command``."""
