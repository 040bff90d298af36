"""On PYTHONPATH, makes WeasyPrint behave as on a machine without libharfbuzz-subset (fontTools subsetting).

The benchmark measures a packet both ways on a machine that has the library; see tests/benchmarks/run.py.
"""

import importlib.util
import sys
from collections.abc import Sequence
from importlib.abc import Loader
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any


class _WithoutSubset(Loader):
    """Loads WeasyPrint's FFI module as its own loader does, then takes the subsetter away; the rest of what a
    loader answers (its source, its file) is the own loader's."""

    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loader, name)

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        vars(module)["harfbuzz_subset"] = None


class _HideHarfbuzzSubset:
    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name != "weasyprint.text.ffi":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.loader is not None, name
        spec.loader = _WithoutSubset(spec.loader)
        return spec


sys.meta_path.insert(0, _HideHarfbuzzSubset())
