# Cross build for AArch64 with Debian's gcc-aarch64-linux-gnu; ctest runs the
# binaries under qemu-aarch64 (scripts/install-deps.sh installs both).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
find_program(VMPL_QEMU_AARCH64 qemu-aarch64 REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${VMPL_QEMU_AARCH64} -L /usr/aarch64-linux-gnu)
# pkg-config must describe arm64 libraries, never the host's: libsodium's
# arm64 package unpacked by scripts/install-deps.sh (its static archive).
# UCX is not there, so the cross build has no ucx transport (one-node jobs
# under qemu need none).
set(VMPL_AARCH64_SODIUM /usr/local/lib/vmpl-cross/aarch64)
set(ENV{PKG_CONFIG_LIBDIR} "${VMPL_AARCH64_SODIUM}/usr/lib/aarch64-linux-gnu/pkgconfig")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${VMPL_AARCH64_SODIUM}")
