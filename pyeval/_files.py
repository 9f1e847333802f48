"""The one way pyeval reads input files and writes output files.

* :func:`read_input` reads a file a user named: it must be a regular file (not a folder, a FIFO, a
  device such as ``/dev/zero``) of at most ``limit`` bytes. The size is checked before reading and
  the read itself stops one byte past the limit, so a file that grows while it is read, or one that
  lies about its size, is still refused: no input is read without bound.
* :func:`write_atomic` writes a whole output file or nothing: the bytes go to a temporary file in
  the same folder (same file system, so the rename is atomic), are flushed to disk, and the
  temporary file is renamed over the target with ``os.replace``. A write that fails (disk full,
  permissions, Ctrl-C) leaves the previous file as it was and no temporary file behind. Atomic
  replacement is for regular files only: a character device such as ``/dev/null`` or a terminal is
  written directly (it cannot be replaced, and nothing of it is kept).
* :func:`check_writable` checks before any work that :func:`write_atomic` can write a path (it
  creates and removes a temporary file in the folder), so a bad ``-o`` is said at once.

Both raise the caller's pyeval error class (``error=``) with a one-line message naming the file.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from .errors import PyevalError

__all__ = ["MAX_INPUT_BYTES", "check_writable", "read_input", "write_atomic"]

#: Largest input file read by default (hand histories, PHH files): 256 MiB.
MAX_INPUT_BYTES = 256 << 20


def read_input(path: str | os.PathLike[str], *, limit: int = MAX_INPUT_BYTES, what: str = "input",
               error: type[PyevalError] = PyevalError) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises:
        error: ``path`` is missing, unreadable, not a regular file (a folder, FIFO, device, socket)
            or longer than ``limit`` bytes. Nothing is read from a non-regular file (a FIFO is
            opened without blocking).
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise error(f"cannot read the {what} {p}: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a pipe (FIFO)" if stat.S_ISFIFO(st.st_mode) \
                else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a regular file"
            raise error(f"the {what} {p} is {kind}; name a regular file")
        if st.st_size > limit:
            raise error(f"the {what} {p} is {st.st_size:,} bytes, more than the {limit:,} pyeval reads")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            b = os.read(fd, min(1 << 20, limit + 1 - got))
            if not b:
                break
            chunks.append(b)
            got += len(b)
        if got > limit:
            raise error(f"the {what} {p} is more than the {limit:,} bytes pyeval reads")
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"cannot read the {what} {p}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def _target(path: str | os.PathLike[str], what: str, error: type[PyevalError]) -> Path:
    """The file :func:`write_atomic` writes for ``path`` (through a symbolic link, the file it names)."""
    if not os.fspath(path):
        raise error(f"no file named for the {what} (an empty name); name a file, or - for stdout where a command offers it")
    p = Path(path)
    if p.is_symlink():  # write the file the link names; the link stays
        p = Path(os.path.realpath(p))
    if p.is_dir():
        raise error(f"cannot write the {what} {p}: it is a folder")
    if not p.parent.is_dir():
        raise error(f"cannot write the {what} {p}: no such folder: {p.parent}")
    if p.exists() and not p.is_file() and not p.is_char_device():  # a FIFO, a socket: never renamed over
        raise error(f"cannot write the {what} {p}: not a regular file or a character device such as /dev/null "
                    "(pyeval replaces a regular file whole)")
    return p


def _temp_error(what: str, p: Path, exc: OSError) -> str:
    """Why no temporary file could be made beside ``p``, in words (not a bare "No such file")."""
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOENT and p.parent.is_dir():  # /proc, /sys: files exist but none can be created
        reason = "the folder accepts no new files (a special file system such as /proc or /sys)"
    return (f"cannot write the {what} {p}: cannot create a file in its folder {p.parent}: {reason} "
            "(pyeval writes a temporary file there and renames it over the output)")


def _open_temp(p: Path, what: str, error: type[PyevalError]) -> tuple[int, Path]:
    """A new temporary file beside ``p``: its descriptor and name (O_EXCL: never an existing file)."""
    for _ in range(100):
        name = p.with_name(f".{p.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666), name
        except FileExistsError:
            continue
        except OSError as exc:
            raise error(_temp_error(what, p, exc)) from None
    raise error(f"cannot write the {what} {p}: no free temporary name")  # pragma: no cover - 48 random bits


def check_writable(path: str | os.PathLike[str], *, what: str = "output",
                   error: type[PyevalError] = PyevalError) -> Path:
    """Check, before any work, that :func:`write_atomic` can write ``path``; returns the file it writes.

    A character device must be writable; otherwise a temporary file is created in the folder and
    removed again (nothing else is touched).

    Raises:
        error: an empty name, a folder, a missing folder, a FIFO or socket, or a folder in which no
            file can be created (permissions, a read-only or special file system such as /proc).
    """
    p = _target(path, what, error)
    if p.is_char_device():
        if not os.access(p, os.W_OK):
            raise error(f"cannot write the {what} {p}: permission denied")
        return p
    fd, name = _open_temp(p, what, error)
    os.close(fd)
    os.unlink(name)
    return p


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, what: str = "output",
                 error: type[PyevalError] = PyevalError) -> None:
    """Write ``data`` (``str`` as UTF-8) to ``path`` all at once: a temporary file in the same folder,
    flushed and renamed over ``path`` (``os.replace``; through a symbolic link, over the file it
    names). ``path`` must be a regular file or not exist yet; a character device (``/dev/null``, a
    terminal) is written directly instead, as it cannot be replaced. On any failure the old ``path``
    is intact, the temporary file removed, and ``error`` raised naming the file and the reason."""
    p = _target(path, what, error)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if p.is_char_device():  # atomic replacement is for regular files only
        try:
            with open(p, "wb") as dev:
                dev.write(raw)
        except OSError as exc:
            raise error(f"cannot write the {what} {p}: {exc.strerror or exc}") from None
        return
    fd, name = _open_temp(p, what, error)
    tmp: Path | None = name
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if p.exists():  # keep the old file's permissions (a new one gets 0666 less the umask)
            os.chmod(name, stat.S_IMODE(os.stat(p).st_mode))
        os.replace(name, p)
        tmp = None
    except OSError as exc:
        raise error(f"cannot write the {what} {p}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
