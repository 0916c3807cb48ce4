"""Fuzz every reader of user input with many mutated real inputs, and print a table.

    python benchmarks/fuzz.py                 # 3,000 cases per reader
    python benchmarks/fuzz.py --cases 500 --seed 7

The mutator, the real inputs it starts from and the readers are those of
``tests/test_fuzz.py`` (which runs a few hundred cases in CI); this runs many more.
A case passes when it is read, or refused with a ``TenPenniesError`` (the CLI's parser:
its usage error); any other exception, or no answer within the time bound, is a failure,
printed with its case. Exits 1 if any case failed.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _fuzz_module():
    spec = importlib.util.spec_from_file_location("test_fuzz", ROOT / "tests" / "test_fuzz.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3000, help="cases per reader (default 3000)")
    parser.add_argument("--seed", type=int, default=0, help="the mutator's seed (default 0)")
    parser.add_argument("--seconds", type=float, default=5.0, help="time bound per case (default 5)")
    args = parser.parse_args(argv)
    fuzz = _fuzz_module()
    print(f"{'reader':24} {'cases':>6} {'read':>6} {'refused':>8} {'failed':>7} {'seconds':>8}")
    failed = 0
    for name in fuzz.READERS:
        start = time.perf_counter()
        tally = fuzz.fuzz(name, args.cases, args.seed, args.seconds)
        took = time.perf_counter() - start
        failed += len(tally["failures"])
        print(f"{name:24} {tally['cases']:>6} {tally['ok']:>6} {tally['refused']:>8} "
              f"{len(tally['failures']):>7} {took:>8.1f}", flush=True)
        for case, why in tally["failures"][:5]:
            print(f"    {why}\n      case: {case}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
