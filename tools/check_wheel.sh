#!/usr/bin/env bash
# Install a built wheel the way a user without a compiler would, and run the test suite against it
# from outside the source tree.
# Usage: tools/check_wheel.sh WHEEL SDIST [pytest args...]
#   - a fresh virtual environment; PATH holds no C compiler (cc, gcc, clang, zig ... are hidden) and
#     CC is unset, so nothing can be compiled and the sanitizer tests skip;
#   - `pip install WHEEL[test]` (dependencies from the index, as wheels);
#   - the sdist is unpacked for its tests, which run from another folder with the `pytest` command
#     (not `python -m pytest`, which would put the current folder first on sys.path), so `pyeval` is
#     the installed one; the script checks that before running.
# Environment: PYTHON (default python3); PYEVAL_SHARED is passed through (tests that need ../shared).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 WHEEL SDIST [pytest args...]" >&2; exit 2; }
wheel=$(realpath "$1")
sdist=$(realpath "$2")
shift 2
PY=$(command -v "${PYTHON:-python3}")

work=$(mktemp -d /tmp/pyeval-wheelcheck.XXXXXX)
trap 'rm -rf "$work"' EXIT
"$PY" -m venv "$work/venv"

# a PATH of the usual tools minus every compiler
mkdir "$work/bin"
for dir in /usr/local/bin /usr/bin /bin; do
    [ -d "$dir" ] || continue
    for tool in "$dir"/*; do
        name=$(basename "$tool")
        case "$name" in
            cc|c89|c99|gcc|gcc-*|*-gcc|*-gcc-*|clang|clang-*|*-clang|tcc|zig|cpp|cpp-*|c++|g++|g++-*|*-g++*|ld|ld.*|*-ld) continue ;;
        esac
        [ -e "$work/bin/$name" ] || ln -s "$tool" "$work/bin/$name"
    done
done
export PATH="$work/venv/bin:$work/bin"
unset CC CXX LDSHARED
if command -v cc gcc clang >/dev/null 2>&1; then echo "a compiler is still on PATH" >&2; exit 1; fi

python -m pip install -q --upgrade pip
python -m pip install -q "$wheel[test]"
mkdir "$work/src" "$work/elsewhere"
tar -xzf "$sdist" -C "$work/src"
src=$(echo "$work"/src/*)
cd "$work/elsewhere"
where=$(python -c 'import pyeval, os; print(os.path.dirname(pyeval.__file__))')
case "$where" in
    "$work/venv/"*) echo "pyeval imported from the installed wheel: $where" ;;
    *) echo "pyeval was imported from $where, not from the wheel" >&2; exit 1 ;;
esac
pytest "$src/tests" -p no:cacheprovider "$@"
