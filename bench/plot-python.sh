# Sourced by the compare scripts: plot_python BUILD ARGS... prints a python
# that can import matplotlib, for the plots: BUILD/bench-venv (made by
# compare-reduce.sh) or the bench-venv of a --venv-root DIR in ARGS, else
# python3 (the scripts then skip their plots).
plot_python() {
  local build=$1 venv_root=$1 i j py
  shift
  for ((i = 1; i <= $#; i++)); do
    if [[ ${!i} == --venv-root ]]; then j=$((i + 1)); venv_root=${!j}; fi
  done
  for py in "$build/bench-venv/bin/python" "$venv_root/bench-venv/bin/python"; do
    if [[ -x $py ]] && "$py" -c 'import matplotlib' 2>/dev/null; then echo "$py"; return; fi
  done
  echo python3
}
