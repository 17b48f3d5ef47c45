"""Studies for designers: many seeded runs of an encounter played by policies, behind an
executor seam (in-process, a process pool, dask.distributed). See docs/simulate.md.

An outer layer, like the CLI: it uses the engine and reads the rulesets' maps and
events; no ruleset knows it. pandas (and dask, matplotlib) come with the ``simulate``
extra and are imported only when a study runs.
"""

from footwork.simulate.executors import Dask, Executor, InProcess, ProcessPool
from footwork.simulate.policies import PolicyError, risk_key
from footwork.simulate.runner import RunError
from footwork.simulate.spec import StudyError, run_seed
from footwork.simulate.study import StudyResult, study
from footwork.simulate.summary import Figure, normal_mean, wilson

__all__ = [
    "Dask",
    "Executor",
    "Figure",
    "InProcess",
    "PolicyError",
    "ProcessPool",
    "RunError",
    "StudyError",
    "StudyResult",
    "normal_mean",
    "risk_key",
    "run_seed",
    "study",
    "wilson",
]
