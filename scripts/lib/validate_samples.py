#!/usr/bin/env python3
"""Validates every machine file in samples/ against docs/fsmviz-machine.schema.json.

The Swift loader is the authority on machine files; this checks that the schema editors use
agrees with it on real files. Exits 1 on any failure.
"""
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import in_venv  # noqa: E402

in_venv.enter()

import jsonschema
import yaml

root = pathlib.Path(__file__).resolve().parents[2]
schema = json.loads((root / "docs/fsmviz-machine.schema.json").read_text())
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
failed = 0
checked = 0
for path in sorted((root / "samples").iterdir()):
    if path.suffix not in {".json", ".yaml", ".yml"}:
        continue
    text = path.read_text()
    document = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors:
        print(f"{path.relative_to(root)}: {error.json_path}: {error.message}")
    failed += bool(errors)
    checked += 1
print(f"schema: {checked - failed} passed, {failed} failed")
sys.exit(1 if failed or checked == 0 else 0)
