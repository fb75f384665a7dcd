# Times PySAT's deletion-based MUS extractor (MUSX, Glucose 3) on WCNF files exported by
# `sattar core --export-wcnf`; prints "<file> <mus size> <search ms> <total ms>" per file, the best
# of --runs runs (default 5). Search: MUSX.compute() (the solver calls); total: the solver's
# construction from the parsed clauses plus the search (file parsing excluded). Used by
# benches/cores.rs and sattar-cli's benches/scale.rs; PySAT is not a dependency of sattar
# (`pip install python-sat`).
import sys, time
from pysat.formula import WCNF
from pysat.examples.musx import MUSX

args = sys.argv[1:]
runs = 5
if args[:1] == ["--runs"]:
    runs, args = int(args[1]), args[2:]
for path in args:
    wcnf = WCNF(from_file=path)
    best = None
    for _ in range(runs):
        t0 = time.perf_counter()
        musx = MUSX(wcnf, solver='g3', verbosity=0)
        t1 = time.perf_counter()
        mus = musx.compute()
        t2 = time.perf_counter()
        run = ((t2 - t1) * 1e3, (t2 - t0) * 1e3)
        best = run if best is None else min(best, run)
        musx.delete()
    print(path, len(mus), f"{best[0]:.3f}", f"{best[1]:.3f}", flush=True)
