"""Regenerate every golden file (``make golden``); review the diff before committing it."""

from __future__ import annotations

import importlib
import pkgutil

import tests.golden


def main() -> None:
    for module in pkgutil.iter_modules(tests.golden.__path__):
        if module.name.endswith("_golden") and not module.name.startswith("test_"):
            importlib.import_module(f"tests.golden.{module.name}").regenerate()
            print(f"regenerated {module.name}")


if __name__ == "__main__":
    main()
