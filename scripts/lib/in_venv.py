"""Runs the calling script again under the Python of .build/venv, where `scripts/setup --test`
installs the test tools' packages (Selenium, jsonschema, PyYAML, python-statemachine, sismic):
Debian's and Ubuntu's own Python refuses `pip install` (PEP 668), so they never go there.
"""
import os
import pathlib
import sys

VENV = pathlib.Path(__file__).resolve().parents[2] / ".build" / "venv"


def enter():
    """Re-executes this process under the virtual environment's Python, unless it already runs
    there or there is none (a Python that has the packages by other means then still works)."""
    python = VENV / "bin" / "python3"
    if python.exists() and pathlib.Path(sys.prefix).resolve() != VENV.resolve():
        os.execv(str(python), [str(python)] + sys.argv)
