#!/usr/bin/env bash
# Installs every Debian 12 package the build, the tests and the demo need.
# Idempotent: packages already present are skipped, so repeated runs are fast.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3 libsodium-dev
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
  bochs bochsbios bochs-term grub-pc-bin grub-common xorriso mtools
  linux-perf valgrind
  iproute2 procps
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
