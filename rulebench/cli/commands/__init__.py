"""One module per ``rulebench`` command; each defines ``NAME``, ``HELP`` and ``command``.

The CLI imports every command module to build its help, so a module imports at its top only what
typer reads (the option types) and what is light; ``command`` imports the analysis, the encounter
model, the plugin machinery and the rest when it runs (tests/test_startup_imports.py pins it).
"""
