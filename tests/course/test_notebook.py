"""examples/notebooks/tactics.ipynb runs from a clean kernel and shows a DataFrame and a plot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[2] / "examples" / "notebooks"
read: Any = nbformat.read  # nbformat has no type hints


def test_the_notebook_is_stored_without_outputs() -> None:
    notebook = read(NOTEBOOKS / "tactics.ipynb", as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None  # outputs are made by running it


def test_the_notebook_runs_from_a_clean_kernel_with_a_dataframe_and_a_plot() -> None:
    notebook = read(NOTEBOOKS / "tactics.ipynb", as_version=4)
    client = NotebookClient(notebook, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError on the first failing cell, its assertion included
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert any("text/html" in o.get("data", {}) and "<table" in o["data"]["text/html"] for o in outputs)
    assert any("image/png" in o.get("data", {}) for o in outputs)
