#!/usr/bin/env bash
# Installs every Debian 12 package the build, the tests and the demo need.
# Idempotent: packages already present are skipped, so repeated runs are fast.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config python3 libsodium-dev
  libucx-dev ucx-utils
  gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user
  bochs bochsbios bochs-term grub-pc-bin grub-common xorriso mtools
  linux-perf valgrind
  iproute2 procps openssh-client openssh-server
)

# UCX (libucx-dev, ucx-utils' ucx_perftest for bench/compare-ucx.sh) is the
# host's only: the aarch64 cross build is configured without it (its
# pkg-config sees the folder below alone) and runs one-node jobs.
# libsodium for the aarch64 cross build (cmake/aarch64-linux-gnu.cmake):
# Debian's arm64 libsodium-dev unpacked into a folder of its own, since it
# cannot be installed beside the host's (it is not Multi-Arch: same); the
# cross build links its static archive.
arm64_sodium=/usr/local/lib/vmpl-cross/aarch64

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

# openssh-server is here for its sshd binary only: the ssh tests start
# their own sshd (tests/rt/test-launcher.sh, area ssh). Installing must not
# start the system's service, nor let it start at the next boot: a
# policy-rc.d that refuses every start (exit 101) while apt-get runs,
# removed afterwards unless it was there before (container images ship
# one), and Debian's /etc/ssh/sshd_not_to_be_run, which the ssh unit and
# init script both obey. A system that already runs sshd is left alone.
policy=/usr/sbin/policy-rc.d
policy_ours=""
services_held() {
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# install-deps.sh: no service starts while it installs\nexit 101\n' |
      $sudo tee "$policy" >/dev/null
    $sudo chmod 755 "$policy"
    policy_ours=1
    trap services_released EXIT
  fi
  if ! dpkg-query -W -f='${Status}' openssh-server 2>/dev/null | grep -q "install ok installed"; then
    $sudo mkdir -p /etc/ssh
    $sudo touch /etc/ssh/sshd_not_to_be_run
  fi
}
services_released() {
  [ -z "$policy_ours" ] || $sudo rm -f "$policy"
  policy_ours=""
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  services_held
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
  services_released
fi

if [ ! -f "$arm64_sodium/usr/lib/aarch64-linux-gnu/libsodium.a" ]; then
  echo "install-deps: unpacking libsodium-dev:arm64 into $arm64_sodium"
  dpkg --print-foreign-architectures | grep -qx arm64 || $sudo dpkg --add-architecture arm64
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  debs=$(mktemp -d)
  chmod 777 "$debs" # apt's download user writes there
  (cd "$debs" && apt-get download -qq libsodium-dev:arm64)
  $sudo mkdir -p "$arm64_sodium"
  $sudo dpkg-deb -x "$debs"/libsodium-dev_*_arm64.deb "$arm64_sodium"
  $sudo rm -f "$arm64_sodium/usr/lib/aarch64-linux-gnu/libsodium.so" # the archive, not the .so
  rm -rf "$debs"
fi
