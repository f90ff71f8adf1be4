#!/usr/bin/env bash
# Fails when a folder of src/ or tools/ includes a header of a folder it
# may not use (DESIGN.md section 2): a layer of src/ only the layers below
# it; the launcher and daemon of tools/ only base and the rt wire
# protocol; vmpl-info (tools/info) only the public headers of include/.
# An include is resolved as the compiler would: next to the including
# file first (so "../x/y.h" counts where it lands), else by its first
# folder when that names a layer ("core/comm/comm.h").
# Usage: check-layering.sh [source-dir]
set -u
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)

# folder: the folders it may include (besides itself and include/)
declare -A allowed=(
  [src/base]=""
  [src/op]="src/base"
  [src/dt]="src/base"
  [src/tl]="src/base"
  [src/rt]="src/base"
  [src/core]="src/base src/op src/dt src/tl src/rt"
  [src/mpi]="src/base src/op src/dt src/tl src/rt src/core"
  [src/shmem]="src/base src/op src/dt src/tl src/rt src/core"
  [src/native]="src/base src/op src/dt src/tl src/rt src/core"
  [tools/info]=""
  [tools/common]="src/base src/rt"
  [tools/vmpld]="src/base src/rt tools/common"
  [tools/vmplrun]="src/base src/rt tools/common tools/vmpld"
)

# Sets target to the folder (src/<layer>, tools/<tool>, include) that an
# include NAME of FILE reaches; empty for a header outside the tree (libc).
include_target() { # include_target FILE NAME
  local file=$1 name=$2 path top sub
  target=
  if [ -e "${file%/*}/$name" ]; then
    path=$(realpath -m "${file%/*}/$name")
    path=${path#"$root"/}
    IFS=/ read -r top sub _ <<<"$path"
    case "$top" in
      src | tools) target=$top/$sub ;;
      include) target=include ;;
      *) target=$path ;; # out of the tree by a relative path: never allowed
    esac
  elif [ "${name#*/}" != "$name" ] && [ -n "${allowed[src/${name%%/*}]+set}" ]; then
    target=src/${name%%/*}
  fi
}

violations=0
checked=0
for dir in "$root"/src/*/ "$root"/tools/*/; do
  folder=${dir#"$root"/}
  folder=${folder%/}
  [ -n "$(find "$dir" -name '*.[ch]' -print -quit)" ] || continue # no C (vmplcc, mpih)
  if [ -z "${allowed[$folder]+set}" ]; then
    echo "layering: unknown folder $folder (add it to this script)"
    violations=$((violations + 1))
    continue
  fi
  while IFS= read -r hit; do
    file=${hit%%:*}
    [[ $hit =~ include[[:space:]]*[\"\<]([^\">]+) ]] || continue
    name=${BASH_REMATCH[1]}
    include_target "$file" "$name"
    case "$target" in "" | include | "$folder") continue ;; esac
    case " ${allowed[$folder]} " in
      *" $target "*) ;;
      *) echo "layering: ${file#"$root"/} includes $name, in $target ($folder may use: ${allowed[$folder]:-include/ only})"
         violations=$((violations + 1)) ;;
    esac
  done < <(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$dir" --include='*.[ch]')
  checked=$((checked + 1))
done
# dt's sub-layers: sub: the sub-layers it may include (besides itself)
declare -A dt_allowed=(
  [kernels]=""
  [layout]="type kernels"
  [pack]="type layout kernels"
  [type]="layout pack"
)

# Sets sub to the dt sub-layer that an include NAME of FILE reaches, "dt.h"
# for the public header, empty for anything outside src/dt.
dt_include_sub() { # dt_include_sub FILE NAME
  local file=$1 name=$2 path rest
  sub=
  if [ -e "${file%/*}/$name" ]; then
    path=$(realpath -m "${file%/*}/$name")
    path=${path#"$root"/}
  elif [ "${name#dt/}" != "$name" ]; then
    path=src/$name
  else
    return
  fi
  case "$path" in
    src/dt/dt.h) sub=dt.h ;;
    src/dt/*/*) rest=${path#src/dt/}; sub=${rest%%/*} ;;
    src/dt/*) sub=root ;;
  esac
}

if [ -d "$root/src/dt" ]; then
  while IFS= read -r file; do
    rel=${file#"$root"/src/dt/}
    case "$rel" in
      dt.h) continue ;;
      */*) from=${rel%%/*} ;;
      *) from= ;;
    esac
    if [ -z "$from" ] || [ -z "${dt_allowed[$from]+set}" ]; then
      echo "layering: src/dt/$rel is in no sub-layer of dt (${!dt_allowed[*]})"
      violations=$((violations + 1))
      continue
    fi
    while IFS= read -r hit; do
      [[ $hit =~ include[[:space:]]*[\"\<]([^\">]+) ]] || continue
      name=${BASH_REMATCH[1]}
      dt_include_sub "$file" "$name"
      case "$sub" in "" | dt.h | "$from") continue ;; esac
      case " ${dt_allowed[$from]} " in
        *" $sub "*) ;;
        *) echo "layering: src/dt/$rel includes $name, in dt/$sub (dt/$from may use: ${dt_allowed[$from]:-no other sub-layer})"
           violations=$((violations + 1)) ;;
      esac
    done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]' "$file")
  done < <(find "$root/src/dt" -name '*.[ch]' | sort)
fi

echo "layering: $checked folders checked, $violations violations"
[ "$violations" -eq 0 ] && [ "$checked" -gt 0 ]
