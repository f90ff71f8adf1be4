#!/usr/bin/env python3
"""Ping-pong latency/bandwidth of vmpl vs Open MPI 5 and MPICH 5, one run.

Builds bench/p2p/pingpong.c with each peer's mpicc (PyPI wheels in
bench-venv-<peer>), runs every library `rounds` times interleaved (2 ranks
on this machine), and reports per size the median half round trip with
min..max and vmpl's ratio to the faster peer. Peers run at their defaults.
"""
import argparse
import csv
import io
import os
import random
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from compare_reduce import PEERS, ensure_peer_venv, log, peer_env, run_peer  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--venv-root")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--sizes", default="0,8,64,512,4096,32768,262144,1048576,4194304")
    ap.add_argument("--target-ms", default="150")
    ap.add_argument("--peers", default="openmpi,mpich")
    ap.add_argument("--out")
    args = ap.parse_args()
    out = args.out or os.path.join(args.build, "bench-results", "p2p")
    os.makedirs(out, exist_ok=True)
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pingpong.c")
    vmplrun = os.path.join(args.build, "bin", "vmplrun")
    pingpong = os.path.join(args.build, "bench", "pingpong")
    runs = {"vmpl": ([vmplrun, "-n", "2", pingpong], dict(os.environ)),
            # bound like Open MPI binds its ranks by default
            "vmpl-bound": ([vmplrun, "-n", "2", "--bind-to", "core", pingpong], dict(os.environ))}
    for peer in args.peers.split(","):
        venv = os.path.join(args.venv_root or args.build, f"bench-venv-{peer}")
        ensure_peer_venv(venv, PEERS[peer])
        exe = os.path.join(out, f"pingpong-{peer}")
        subprocess.run([os.path.join(venv, "bin", "mpicc"), "-O2", "-o", exe, src], check=True,
                       env=peer_env(peer))
        launcher = [os.path.join(venv, "bin", "mpirun" if peer == "openmpi" else "mpiexec"),
                    "-n", "2"]
        runs[peer] = (launcher + [exe], peer_env(peer))
    results = {}  # (impl, bytes) -> [usec]
    order = list(runs)
    for _ in range(args.rounds):
        random.shuffle(order)
        for impl in order:
            cmd, env = runs[impl]
            p = run_peer(cmd + ["--sizes", args.sizes, "--target-ms", args.target_ms,
                                "--label", impl], env=env, check=True, capture_output=True,
                         text=True)
            for row in csv.DictReader(io.StringIO(p.stdout)):
                results.setdefault((impl, int(row["bytes"])), []).append(float(row["usec_half_rtt"]))
    sizes = sorted({b for _, b in results})
    rows = []
    print("ping-pong half round trip, 2 ranks, us: median [min..max] over", args.rounds, "rounds")
    for b in sizes:
        line = f"{b:>9} B"
        med = {}
        for impl in runs:
            t = results[(impl, b)]
            med[impl] = statistics.median(t)
            line += f"  {impl} {med[impl]:9.3f} [{min(t):.3f}..{max(t):.3f}]"
            rows.append({"impl": impl, "bytes": b, "median_us": f"{med[impl]:.4f}",
                         "min_us": f"{min(t):.4f}", "max_us": f"{max(t):.4f}"})
        peers = [med[p] for p in runs if not p.startswith("vmpl")]
        if peers:
            line += f"  vmpl/faster {med['vmpl'] / min(peers):.2f}"
            line += f"  bound/faster {med['vmpl-bound'] / min(peers):.2f}"
        print(line)
    with open(os.path.join(out, "p2p.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    log(f"compare-p2p: CSV in {out}/p2p.csv")


if __name__ == "__main__":
    main()
