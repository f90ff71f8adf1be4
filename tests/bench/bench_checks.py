"""Shared by the tests of the benchmark scripts: bench/ on the import path
(no __pycache__ written into the source tree) and a counting check."""
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))


class Checks:
    def __init__(self):
        self.run = self.failed = 0

    def __call__(self, what, got, want):
        self.run += 1
        if got != want:
            print(f"FAIL {what}: got {got!r}, want {want!r}")
            self.failed += 1

    def finish(self):
        """Prints the "N passed, M failed" line ctest matches; exits 1 on a failure."""
        print(f"{self.run - self.failed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
