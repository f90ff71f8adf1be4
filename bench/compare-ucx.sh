#!/usr/bin/env bash
# vmpl across two virtual nodes against raw UCX (ucx_perftest, Debian's
# ucx-utils) in one run: 8 B latency (tag_lat) and 4 MiB bandwidth
# (tag_bw) next to vmpl's 2-rank ping-pong and streaming bandwidth with
# the ranks on 2 virtual nodes (vmplrun --nodes 2), on the same UCX
# transports (docs/perf/ucx.md).
#
# usage: bench/compare-ucx.sh [-r ROUNDS] [-o CSV] [BUILD]
#   BUILD  a build directory with bin/vmplrun and bench/pingpong (default build)
#   -r     rounds (default 5); each round runs every case once
#   -o     every run's CSV (default compare-ucx.csv)
# Cases (UCX transports as UCX picks them, then UCX_TLS=tcp):
#   peer   vmpl as built (endpoints in UCX's peer error mode) against
#          ucx_perftest -e (the same mode, so the same transports)
#   nopeer VMPL_UCX_PEER_ERRORS=0 against ucx_perftest without -e
# Prints per case the median of each side and the median over rounds of
# the ratio within a round: latency vmpl/ucx (target <= 1.15), bandwidth
# vmpl/ucx (target >= 0.9). ucx_perftest's MB/s are MiB/s; they are
# converted to vmpl's 1e6 B/s. Latencies are both means (ucx: "overall";
# its median goes to the CSV as lat8_median).
set -euo pipefail
rounds=5 out=compare-ucx.csv
while getopts "r:o:h" opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    o) out=$OPTARG ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
build=$(cd "${1:-build}" && pwd)
command -v ucx_perftest >/dev/null || { echo "compare-ucx: ucx_perftest not found (ucx-utils)"; exit 1; }

# ucx_perftest TEST BYTES EXTRA...: prints "latency_us,mb_per_s,latency_median_us"
# (server and client on this host)
perftest() {
  local test=$1 bytes=$2 port=$((20000 + RANDOM % 20000)) iters=20000 line
  shift 2
  [ "$test" = tag_bw ] && iters=400
  timeout 120 ucx_perftest -t "$test" -s "$bytes" -n $iters -p $port "$@" >/dev/null 2>&1 &
  local server=$!
  sleep 0.3
  line=$(timeout 120 ucx_perftest 127.0.0.1 -t "$test" -s "$bytes" -n $iters -p $port "$@" 2>&1 |
         grep '^Final:') || true
  wait $server 2>/dev/null || true
  # Final: iterations, latency 50%, average, overall (us), bandwidth average, overall (MiB/s), ...
  awk '{printf "%s,%.1f,%s\n", $5, $7 * 1.048576, $3}' <<<"$line"
}

# vmpl MODE BYTES: prints the pingpong's latency (us) or bandwidth (1e6 B/s)
vmpl() {
  local mode=$1 bytes=$2 line
  line=$(timeout 120 "$build/bin/vmplrun" -n 2 --nodes 2 --bind-to core \
         "$build/bench/pingpong" --mode "$mode" --sizes "$bytes" | tail -1)
  [ "$mode" = latency ] && cut -d, -f4 <<<"$line" || cut -d, -f5 <<<"$line"
}

echo "round,case,tls,side,metric,value,load1" >"$out"
for r in $(seq "$rounds"); do
  for tls in default tcp; do
    for case in peer nopeer; do
      (
        [ "$tls" = tcp ] && export UCX_TLS=tcp
        e=(); [ "$case" = peer ] && e=(-e)
        [ "$case" = nopeer ] && export VMPL_UCX_PEER_ERRORS=0
        load=$(cut -d' ' -f1 /proc/loadavg)
        lat=$(perftest tag_lat 8 "${e[@]}")
        bw=$(perftest tag_bw 4194304 "${e[@]}" | cut -d, -f2)
        echo "$r,$case,$tls,ucx,lat8,$(cut -d, -f1 <<<"$lat"),$load"
        echo "$r,$case,$tls,ucx,lat8_median,$(cut -d, -f3 <<<"$lat"),$load"
        echo "$r,$case,$tls,ucx,bw4M,$bw,$load"
        echo "$r,$case,$tls,vmpl,lat8,$(vmpl latency 8),$load"
        echo "$r,$case,$tls,vmpl,bw4M,$(vmpl bw 4M),$load"
      ) >>"$out"
    done
  done
done

python3 - "$out" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
val = {}
for r in rows:
    try:
        val[(r["round"], r["case"], r["tls"], r["side"], r["metric"])] = float(r["value"])
    except ValueError:
        pass
print(f"{'case':8} {'UCX_TLS':8} {'metric':6} {'ucx':>10} {'vmpl':>10} {'vmpl/ucx':>9} target")
for case in ("peer", "nopeer"):
    for tls in ("default", "tcp"):
        for metric, target in (("lat8", "<= 1.15"), ("bw4M", ">= 0.9")):
            rounds = sorted({k[0] for k in val})
            u = [val[k] for k in val if k[1:] == (case, tls, "ucx", metric)]
            v = [val[k] for k in val if k[1:] == (case, tls, "vmpl", metric)]
            ratios = [val[(r, case, tls, "vmpl", metric)] / val[(r, case, tls, "ucx", metric)]
                      for r in rounds if (r, case, tls, "vmpl", metric) in val
                      and val.get((r, case, tls, "ucx", metric))]
            if u and v and ratios:
                print(f"{case:8} {tls:8} {metric:6} {statistics.median(u):10.2f} "
                      f"{statistics.median(v):10.2f} {statistics.median(ratios):9.2f} {target}")
PY
