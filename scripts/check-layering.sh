#!/usr/bin/env bash
# Fails when a layer of src/ includes a header of a layer above it
# (DESIGN.md section 2). Usage: check-layering.sh [source-dir]
set -u
src="${1:-$(dirname "$0")/..}/src"

# layer: the layers it may include (besides itself)
declare -A allowed=(
  [base]=""
  [op]="base"
  [dt]="base"
  [tl]="base"
  [rt]="base"
  [core]="base op dt tl rt"
  [mpi]="base op dt tl rt core"
  [shmem]="base op dt tl rt core"
  [native]="base op dt tl rt core"
)

violations=0
checked=0
for dir in "$src"/*/; do
  layer=$(basename "$dir")
  if [ -z "${allowed[$layer]+set}" ]; then
    echo "layering: unknown layer folder src/$layer (add it to this script)"
    violations=$((violations + 1))
    continue
  fi
  while IFS= read -r hit; do
    file=${hit%%:*}
    target=$(sed -E 's/.*#[[:space:]]*include[[:space:]]*["<]([a-z]+)\/.*/\1/' <<<"${hit#*:}")
    [ -n "${allowed[$target]+set}" ] || continue # not a layer (e.g. sys/)
    [ "$target" = "$layer" ] && continue
    case " ${allowed[$layer]} " in
      *" $target "*) ;;
      *) echo "layering: ${file#$src/} includes $target/ (src/$layer may use: ${allowed[$layer]:-libc only})"
         violations=$((violations + 1)) ;;
    esac
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<][a-z]+/' "$dir" --include='*.[ch]' | cut -d: -f1,3-)
  checked=$((checked + 1))
done
echo "layering: $checked layers checked, $violations violations"
[ "$violations" -eq 0 ] && [ "$checked" -gt 0 ]
