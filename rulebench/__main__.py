"""``python -m rulebench``: the same command as the ``rulebench`` console script."""

from rulebench.cli.app import main

main()
