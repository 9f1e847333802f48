#!/usr/bin/env bash
# Portability check of the C sources (issue 11), without containers or other machines:
#   1. every csrc/*.c compiles with `zig cc` (pip package `ziglang`) for macOS x86_64 and arm64,
#      Windows x86_64 (MinGW ABI) and Linux glibc 2.17 (x86_64, aarch64), with -Werror;
#      csrc/python/*.c (pe_fastcall.c, pe_eqfast.c) too for the Linux targets (it needs this Python's headers);
#      the objects of csrc/*.c link into a shared library per target (no unresolved symbol);
#      and once more as pedantic C11 with -DPE_COMPAT_PORTABLE=1 -Wvla (what MSVC would compile);
#   2. the C unit tests (tests/c/test_*.c) are built with the portable fallbacks of
#      csrc/pe_compat.h only (-DPE_COMPAT_PORTABLE=1, no builtins, no vector extensions) and run;
#   3. the C unit tests are built for Windows and, when wine is installed, run under wine;
#   4. the C unit tests are built for aarch64 Linux (static, musl) and run under qemu-user
#      (`qemu-aarch64`, Debian's qemu-user): correctness on ARM (the portable paths, the scalar batch
#      kernel and the NEON batch kernel of csrc/pe_eval_neon.c, which tests/c/test_eval.c checks row by row
#      for 5, 6 and 7 cards); PYEVAL_REQUIRE_QEMU=1 (set by .ci/run) makes a missing qemu a failure.
# Usage: tools/check_portability.sh [--no-wine]      (CI runs it with --no-wine)
# Environment: PYTHON (default python3), CC for step 2 (default cc), ZIG (a zig command; default
# "$PYTHON -m ziglang", installing ziglang with pip when it is missing and PYEVAL_NO_PIP is unset).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
run_wine=1
[ "${1:-}" = "--no-wine" ] && run_wine=0

if [ -n "${ZIG:-}" ]; then
    read -r -a zig <<<"$ZIG"
elif "$PY" -m ziglang version >/dev/null 2>&1; then
    zig=("$PY" -m ziglang)
elif command -v zig >/dev/null 2>&1; then
    zig=(zig)
elif [ -z "${PYEVAL_NO_PIP:-}" ]; then
    echo "+ $PY -m pip install ziglang"
    "$PY" -m pip install -q ziglang
    zig=("$PY" -m ziglang)
else
    echo "check_portability: no zig (pip install ziglang)" >&2
    exit 1
fi
echo "zig $("${zig[@]}" version)"

out=$(mktemp -d /tmp/pyeval-portability.XXXXXX)
trap 'rm -rf "$out"' EXIT
warn=(-std=c11 -O2 -Wall -Wextra -Werror -Wno-unused-parameter -Wno-unused-function)
fail=0

# 1. cross-compile every C file
py_inc=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
for target in x86_64-macos aarch64-macos x86_64-windows-gnu x86_64-linux-gnu.2.17 aarch64-linux-gnu.2.17; do
    n=0
    for src in csrc/*.c; do
        if ! "${zig[@]}" cc -target "$target" "${warn[@]}" -Icsrc -c "$src" -o "$out/$(basename "$src" .c).$target.o"; then
            echo "FAIL: $src for $target"
            fail=1
        fi
        n=$((n + 1))
    done
    if [ "$target" = x86_64-linux-gnu.2.17 ] || [ "$target" = aarch64-linux-gnu.2.17 ]; then
        for src in csrc/python/*.c; do  # pe_fastcall.c, pe_eqfast.c
            if ! "${zig[@]}" cc -target "$target" "${warn[@]}" -Icsrc -I"$py_inc" -DPy_LIMITED_API=0x030B0000 \
                    -DPE_SOURCE_HASH='"portability"' -c "$src" -o "$out/py.$(basename "$src" .c).$target.o"; then
                echo "FAIL: $src for $target"
                fail=1
            fi
            n=$((n + 1))
        done
    fi
    # link the C library part (not the Python module) as a shared library: unresolved symbols fail
    case "$target" in
        *windows*) libs=(-lbcrypt) ; ext=dll ;;
        *macos*) libs=() ; ext=dylib ;;
        *) libs=(-lm) ; ext=so ;;
    esac
    objs=()
    for src in csrc/*.c; do objs+=("$out/$(basename "$src" .c).$target.o"); done
    if ! "${zig[@]}" cc -target "$target" -shared "${objs[@]}" -o "$out/libpyeval.$target.$ext" "${libs[@]}"; then
        echo "FAIL: linking csrc/*.c for $target"
        fail=1
    fi
    echo "compiled $n files for $target, linked libpyeval.$ext"
done
# the C an MSVC build sees: no GNU extensions, no VLAs, pedantic C11 (MSVC itself is not available here)
for src in csrc/*.c; do
    if ! "${zig[@]}" cc -target x86_64-windows-gnu "${warn[@]}" -pedantic -Wvla -DPE_COMPAT_PORTABLE=1 -Icsrc \
            -c "$src" -o "$out/$(basename "$src" .c).portable.o"; then
        echo "FAIL: $src as pedantic C11 without GNU extensions"
        fail=1
    fi
done
echo "compiled csrc/*.c as pedantic C11 without GNU extensions (x86_64-windows-gnu, -DPE_COMPAT_PORTABLE=1)"

# 2. the portable fallbacks of pe_compat.h, built and run on this machine
cc=${CC:-cc}
for harness in tests/c/test_*.c; do
    exe="$out/$(basename "$harness" .c)-portable"
    "$cc" "${warn[@]}" -DPE_COMPAT_PORTABLE=1 -Icsrc "$harness" csrc/*.c -o "$exe" -lm
    if "$exe" | tail -n 1 | grep -qx ok; then
        echo "ok: $(basename "$harness") with portable fallbacks ($cc)"
    else
        echo "FAIL: $(basename "$harness") with portable fallbacks ($cc)"
        fail=1
    fi
done

# 3. the C unit tests for Windows, run under wine when present
wine=$(command -v wine64 || command -v wine || true)
for harness in tests/c/test_*.c; do
    exe="$out/$(basename "$harness" .c).exe"
    "${zig[@]}" cc -target x86_64-windows-gnu "${warn[@]}" -Icsrc "$harness" csrc/*.c -o "$exe" -lbcrypt
    if [ "$run_wine" = 0 ] || [ -z "$wine" ]; then
        if [ "$run_wine" = 0 ]; then why="--no-wine"; else why="no wine installed"; fi
        echo "built $(basename "$exe") for Windows (not run: $why)"
        continue
    fi
    if WINEDEBUG=-all "$wine" "$exe" 2>/dev/null | tr -d '\r' | tail -n 1 | grep -qx ok; then
        echo "ok: $(basename "$exe") under $(basename "$wine")"
    else
        echo "FAIL: $(basename "$exe") under $(basename "$wine")"
        fail=1
    fi
done

# 4. the C unit tests on aarch64 Linux, under qemu-user
qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
for harness in tests/c/test_*.c; do
    exe="$out/$(basename "$harness" .c).aarch64"
    if ! "${zig[@]}" cc -target aarch64-linux-musl -static "${warn[@]}" -O2 -Icsrc "$harness" csrc/*.c -o "$exe" -lm; then
        echo "FAIL: building $(basename "$harness") for aarch64-linux-musl"
        fail=1
        continue
    fi
    if [ -z "$qemu" ]; then
        if [ "${PYEVAL_REQUIRE_QEMU:-}" = 1 ]; then
            echo "FAIL: no qemu-aarch64 to run $(basename "$exe") (apt-get install qemu-user)"
            fail=1
        else
            echo "built $(basename "$exe") for aarch64 Linux (not run: no qemu-aarch64; apt-get install qemu-user)"
        fi
        continue
    fi
    # PE_TEST_NO_FORK: qemu-user aborts in a child forked from a process with threads (a qemu
    # limitation: "cpu == current_cpu"), so test_pool.c's fork check runs natively only
    if PE_TEST_NO_FORK=1 "$qemu" "$exe" | tail -n 1 | grep -qx ok; then
        echo "ok: $(basename "$exe") under $(basename "$qemu")"
    else
        echo "FAIL: $(basename "$exe") under $(basename "$qemu")"
        fail=1
    fi
done

[ "$fail" = 0 ] && echo "portability: all checks passed"
exit "$fail"
