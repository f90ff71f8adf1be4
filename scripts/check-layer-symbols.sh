#!/usr/bin/env bash
# Fails when an object of a layer calls or reads a symbol that only a
# layer it does not use defines (DESIGN.md section 2): what the include
# check cannot see, such as a call through a public <vmpl.h> declaration.
# The build runs it on every layer's objects before it archives libvmpl.a.
# Usage: check-layer-symbols.sh NM LAYER|USES|OBJECTS...
#   LAYER  a layer's name; USES: the layers it may use, comma-separated;
#   OBJECTS: its object files, colon-separated.
set -u
nm=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

declare -A uses may_use
layers=()
for spec in "$@"; do
  IFS='|' read -r layer use objects <<<"$spec"
  layers+=("$layer")
  uses[$layer]=" ${use//,/ } "
  may_use[$layer]=${use//,/ }
  IFS=: read -r -a files <<<"$objects"
  if [ "${#files[@]}" -eq 0 ] || ! "$nm" -P -g "${files[@]}" >"$work/$layer.nm"; then
    echo "layer symbols: cannot read the objects of $layer"
    exit 1
  fi
  # nm -P: "name type value size"; objects' own "file.o:" headers have one field
  awk 'NF >= 2 && $2 == "U" { print $1 }' "$work/$layer.nm" | sort -u >"$work/$layer.undef"
  awk 'NF >= 2 && $2 ~ /^[A-TV-Z]$/ { print $1 }' "$work/$layer.nm" | sort -u >"$work/$layer.def"
done

violations=0
for layer in "${layers[@]}"; do
  for other in "${layers[@]}"; do
    [ "$other" = "$layer" ] && continue
    case "${uses[$layer]}" in *" $other "*) continue ;; esac
    while IFS= read -r symbol; do
      echo "layer symbols: $layer uses $symbol of $other (it may use: ${may_use[$layer]:-libc only})"
      violations=$((violations + 1))
    done < <(comm -12 "$work/$layer.undef" "$work/$other.def")
  done
done
echo "layer symbols: ${#layers[@]} layers checked, $violations violations"
[ "$violations" -eq 0 ] && [ "${#layers[@]}" -gt 0 ]
