# Times PySAT's deletion-based MUS extractor (MUSX, Glucose 3) on WCNF files exported by
# `sattar core --export-wcnf`; prints "<file> <mus size> <milliseconds>" per file. Used by
# benches/cores.rs; PySAT is not a dependency of sattar (`pip install python-sat`).
import sys, time
from pysat.formula import WCNF
from pysat.examples.musx import MUSX

for path in sys.argv[1:]:
    wcnf = WCNF(from_file=path)
    best = None
    for _ in range(5):
        t0 = time.perf_counter()
        mus = MUSX(wcnf, solver='g3', verbosity=0).compute()
        ms = (time.perf_counter() - t0) * 1e3
        best = ms if best is None else min(best, ms)
    print(path, len(mus), f"{best:.3f}")
