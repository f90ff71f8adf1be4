#!/usr/bin/env bash
# Two builds of vmpl side by side: 8 B ping-pong latency and 4 MiB
# bandwidth, alternating the builds' order every round (docs/perf/tl-interface.md).
#
# usage: bench/ab-p2p.sh [-r ROUNDS] [-m MODES] [-o CSV] BUILD_A BUILD_B
#   BUILD_X  a build directory (bin/vmplrun, bench/pingpong)
#   -r       rounds (default 10); -m  latency, bw or both (default latency,bw)
#   -o       every run's CSV (default ab-p2p.csv)
# Prints per build the median [min..max] and the median over rounds of
# B / A within one round. Ranks are bound (--bind-to core). The load
# average is recorded with every run: read the ratios next to it.
set -euo pipefail
rounds=10 out=ab-p2p.csv modes=latency,bw
while getopts "r:m:o:h" opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    m) modes=$OPTARG ;;
    o) out=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 2 ] || { sed -n '2,12p' "$0"; exit 2; }
builds=("$(cd "$1" && pwd)" "$(cd "$2" && pwd)")

echo "round,build,mode,bytes,value,load1" >"$out"
for r in $(seq "$rounds"); do
  order="0 1"; [ $((r % 2)) = 0 ] && order="1 0"
  for mode in ${modes//,/ }; do
    size=8 field=4; [ $mode = bw ] && size=4M field=5
    for b in $order; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      line=$(timeout 120 "${builds[$b]}/bin/vmplrun" -n 2 --bind-to core \
             "${builds[$b]}/bench/pingpong" --mode $mode --sizes $size | tail -1)
      echo "$r,$([ "$b" = 0 ] && echo A || echo B),$mode,$size,$(cut -d, -f$field <<<"$line"),$load" >>"$out"
    done
  done
done

python3 - "$out" <<'PY'
import csv, statistics as st, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for mode, unit in (("latency", "us half round trip"), ("bw", "MB/s")):
    if not any(r["mode"] == mode for r in rows):
        continue
    per = {"A": [], "B": []}
    rounds = {}
    for r in rows:
        if r["mode"] == mode and r["value"]:
            per[r["build"]].append(float(r["value"]))
            rounds.setdefault(r["round"], {})[r["build"]] = float(r["value"])
    ratios = [v["B"] / v["A"] for v in rounds.values() if len(v) == 2]
    loads = [float(r["load1"]) for r in rows if r["mode"] == mode]
    cell = lambda v: f"{st.median(v):.3f} [{min(v):.3f}..{max(v):.3f}]"
    print(f"{mode} ({unit}): A {cell(per['A'])}  B {cell(per['B'])}  "
          f"B/A per round {st.median(ratios):.3f}  load {min(loads):.1f}-{max(loads):.1f}")
PY
