"""The exit functions of :mod:`atexit`, run while the interpreter goes on, so that a command can end its
process with ``os._exit`` once they have run and its output is flushed, without taking every object apart.

Checked against CPython 3.11.7, whose ``atexit._run_exitfuncs`` runs (and forgets) the registered
functions and takes no argument. Where it is not there, :func:`run_exit_functions` says so and the caller
ends the process as Python does (``sys.exit``), slower by the time the objects take to be taken apart.
"""

from __future__ import annotations

import atexit
import functools
import types

#: The versions the reach below was checked against.
CHECKED_AGAINST = "CPython 3.11.7"


@functools.cache
def exit_functions_usable() -> bool:
    """Whether ``atexit._run_exitfuncs`` is there, the C function (of no argument) CPython's is."""
    return isinstance(getattr(atexit, "_run_exitfuncs", None), types.BuiltinFunctionType)


def run_exit_functions() -> bool:
    """Run the registered exit functions now, as Python runs them at its end; whether they could be."""
    if not exit_functions_usable():
        return False
    atexit._run_exitfuncs()
    return True
