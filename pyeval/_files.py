"""The one way pyeval reads input files and writes output files.

* :func:`read_input` reads a file a user named: it must be a regular file (not a folder, a FIFO, a
  device such as ``/dev/zero``) of at most ``limit`` bytes. The size is checked before reading and
  the read itself stops one byte past the limit, so a file that grows while it is read, or one that
  lies about its size, is still refused: no input is read without bound.
* :func:`write_atomic` writes a whole output file or nothing: the bytes go to a temporary file in
  the same folder (same file system, so the rename is atomic), are flushed to disk, and the
  temporary file is renamed over the target with ``os.replace``. A write that fails (disk full,
  permissions, Ctrl-C) leaves the previous file as it was and no temporary file behind.

Both raise the caller's pyeval error class (``error=``) with a one-line message naming the file.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from .errors import PyevalError

__all__ = ["MAX_INPUT_BYTES", "read_input", "write_atomic"]

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


def write_atomic(path: str | os.PathLike[str], data: bytes | str, *, what: str = "output",
                 error: type[PyevalError] = PyevalError) -> None:
    """Write ``data`` (``str`` as UTF-8) to ``path`` all at once: a temporary file in the same folder,
    flushed and renamed over ``path`` (``os.replace``; through a symbolic link, over the file it
    names). ``path`` must be a regular file or not exist yet. On any failure the old ``path`` is intact,
    the temporary file removed, and ``error`` raised naming the file and the reason."""
    p = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if p.is_symlink():  # write the file the link names; the link stays
        p = Path(os.path.realpath(p))
    if p.is_dir():
        raise error(f"cannot write the {what} {p}: it is a folder")
    if p.exists() and not p.is_file():  # /dev/null, a FIFO: never renamed over
        raise error(f"cannot write the {what} {p}: not a regular file (pyeval replaces the whole file)")
    tmp: Path | None = None
    try:
        for _ in range(100):  # a fresh name; O_EXCL: never an existing file or a planted link
            name = p.with_name(f".{p.name}.{secrets.token_hex(6)}.tmp")
            try:
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
            except FileExistsError:
                continue
            tmp = name
            break
        else:  # pragma: no cover - 100 collisions of 48 random bits
            raise FileExistsError(errno.EEXIST, "no free temporary name")
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if p.exists():  # keep the old file's permissions (a new one gets 0666 less the umask)
            os.chmod(tmp, stat.S_IMODE(os.stat(p).st_mode))
        os.replace(tmp, p)
        tmp = None
    except OSError as exc:
        raise error(f"cannot write the {what} {p}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
