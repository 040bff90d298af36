"""On PYTHONPATH, makes WeasyPrint behave as on a machine without libharfbuzz-subset (fontTools subsetting).

The benchmark measures a packet both ways on a machine that has the library; see tests/benchmarks/run.py.
"""

import importlib.util
import sys


class _HideHarfbuzzSubset:
    def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
        if name != "weasyprint.text.ffi":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):  # type: ignore[no-untyped-def]
            run(module)
            module.harfbuzz_subset = None

        spec.loader.exec_module = exec_module
        return spec


sys.meta_path.insert(0, _HideHarfbuzzSubset())
