"""Journal and key files on disk: the node's durable record of a game, and a seat's key.

Invariants:
- A journal file is exactly the bytes protocol/journal.py describes: a header, then one
  framed record per accepted envelope. JournalFile.append() writes a record and makes
  it durable (write, then os.fsync) before it returns, so a node acts only on what
  survives a crash. Creating a file also fsyncs its directory, so the name survives too;
  the header is made durable under a name of its own first and linked whole to the
  journal's name, so a crash never leaves a journal cut inside its header.
- A crash can tear only the last record. JournalFile.open() cuts a torn tail off (it
  truncates the file to the end of the last intact record and fsyncs) and returns a
  warning; damage anywhere else raises JournalError naming the record, and the file is
  left untouched for a person to look at.
- A key file holds a secret: it is created with O_CREAT | O_EXCL and mode 0600, so it is
  never readable by others, not even for an instant, and never silently overwritten.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path
from types import TracebackType

from protocol.errors import LocalProtocolError
from protocol.genesis import Genesis
from protocol.journal import (
    JournalContents, encode_evidence, encode_header, encode_note, encode_record, parse_journal,
)
from protocol.keys import SigningKey, dump_key_file, load_key_file

__all__ = [
    "JournalBusy", "JournalFile", "write_key_file", "read_key_file", "write_file_atomic", "default_key_path",
]


def _fsync_dir(path: Path) -> None:
    """Make a directory entry (a new or renamed file) durable. Not every platform can."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # e.g. Windows: directories cannot be opened; rename is durable enough there
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse fsync on directories; nothing more can be done
    finally:
        os.close(fd)


class JournalBusy(OSError):
    """Another process has this journal open: one seat, one node at a time."""


def _lock(fd: int, path: Path) -> None:
    """Hold the journal for this process (released when it closes or dies, kill -9
    included). Two nodes of one seat would sign two different histories."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise JournalBusy(f"{path} is in use by another cosmic process (is this seat's "
                          "node still running?)") from None


def _drop_dead_headers(p: Path) -> None:
    """Remove the headers left beside journal `p` by processes that died writing them
    (JournalFile.create: ".NAME.PID.new"); another process's, still alive, stays."""
    try:
        names = [q for q in p.parent.iterdir() if q.name.startswith(f".{p.name}.")
                 and q.name.endswith(".new")]
    except OSError:
        return
    for q in names:
        pid = q.name[len(p.name) + 2:-len(".new")]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
            continue  # alive (or not ours to signal): it may be writing it now
        except ProcessLookupError:
            pass
        except OSError:
            continue
        try:
            q.unlink()
        except OSError:
            pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


class JournalFile:
    """An open journal file, positioned at its end, for appending records durably."""

    def __init__(self, path: Path, fd: int, genesis: Genesis, records: int, size: int) -> None:
        self.path = path
        self.genesis = genesis
        self.records = records  # records in the file (envelopes and notes)
        self.size = size
        self._fd: int | None = fd

    @classmethod
    def create(cls, path: str | os.PathLike[str], genesis: Genesis) -> JournalFile:
        """A new journal holding only the header. Raises FileExistsError if path exists.

        The header is written and made durable under a name of its own beside the
        journal, then linked to the journal's name (a link never replaces a file: the
        one that was there first stays, FileExistsError here): so the journal's name
        only ever holds a whole header, whenever the process dies (a crash while the
        header was being written once left a journal that nothing could open or resume).
        """
        p = Path(path)
        if os.path.lexists(p):
            raise FileExistsError(errno.EEXIST, "File exists", str(p))
        _drop_dead_headers(p)
        tmp = p.with_name(f".{p.name}.{os.getpid()}.new")
        fd = os.open(tmp, os.O_CREAT | os.O_TRUNC | os.O_WRONLY | getattr(os, "O_BINARY", 0),
                     0o644)
        try:
            _lock(fd, p)  # (a name of this process's own: nobody else holds it)
        except BaseException:
            os.unlink(tmp)
            raise
        try:
            header = encode_header(genesis)
            _write_all(fd, header)
            os.fsync(fd)
            os.link(tmp, p)  # the lock is the file's: it holds under the new name too
        except BaseException:
            os.close(fd)
            raise
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        _fsync_dir(p.parent)
        return cls(p, fd, genesis, 0, len(header))

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> tuple[JournalFile, JournalContents, str | None]:
        """Open an existing journal for appending: the file, its contents, and a warning
        when a torn last record was cut off (None otherwise).

        Raises JournalError for damage other than a torn tail (the file is not changed),
        OSError if it cannot be read or written.
        """
        p = Path(path)
        fd = os.open(p, os.O_RDWR | getattr(os, "O_BINARY", 0))
        _lock(fd, p)
        try:
            data = _read_all(fd)
            contents = parse_journal(data)
            warning = None
            if contents.torn is not None:
                t = contents.torn
                os.ftruncate(fd, t.offset)
                os.fsync(fd)
                warning = (f"{p}: cut off a torn last record ({t.reason}): record {t.index} "
                           f"at byte {t.offset}, {t.dropped} bytes dropped")
            os.lseek(fd, contents.end, os.SEEK_SET)
        except BaseException:
            os.close(fd)
            raise
        return cls(p, fd, contents.genesis, len(contents.entries), contents.end), contents, warning

    def _fileno(self) -> int:
        if self._fd is None:
            raise LocalProtocolError("record", f"{self.path} is closed")
        return self._fd

    def append(self, envelope: bytes) -> None:
        """Append one envelope record and make it durable before returning.

        Raises LocalProtocolError for bytes that cannot be a record, OSError on failure
        (then the file may hold a torn record, which the next open() cuts off).
        """
        self._append(encode_record(envelope))

    def append_many(self, envelopes: list[bytes]) -> None:
        """Append envelope records in one write and one fsync: a crash leaves a prefix of
        them, the first torn one cut off at the next open()."""
        self._append(b"".join(encode_record(e) for e in envelopes), len(envelopes))

    def cut(self, offset: int, records: int) -> None:
        """Drop everything from byte `offset` on, leaving `records` records (a restart
        dropping records it never sent: see NodeRunner)."""
        fd = self._fileno()
        os.ftruncate(fd, offset)
        os.fsync(fd)
        os.lseek(fd, offset, os.SEEK_SET)
        self.size, self.records = offset, records

    def append_note(self, note: bytes) -> None:
        """Append a node-local note (never a secret: journals are shared), durably."""
        self._append(encode_note(note))

    def append_evidence(self, envelope: bytes) -> None:
        """Append an evidence record (a refused envelope's exact bytes), durably."""
        self._append(encode_evidence(envelope))

    def _append(self, framed: bytes, count: int = 1) -> None:
        fd = self._fileno()
        _write_all(fd, framed)
        os.fsync(fd)
        self.records += count
        self.size += len(framed)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> JournalFile:
        return self

    def __exit__(self, t: type[BaseException] | None, e: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def _read_all(fd: int) -> bytes:
    chunks: list[bytes] = []
    while True:
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def write_file_atomic(path: str | os.PathLike[str], data: bytes, mode: int = 0o644) -> Path:
    """Write data to path as a whole: a temporary file, fsync, rename over path, fsync
    the directory. A reader sees the old file or the new one, never a part."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_BINARY", 0), mode)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    os.close(fd)
    try:
        os.replace(tmp, p)
    except BaseException:
        tmp.unlink(missing_ok=True)  # never leave the bytes (a key, perhaps) behind
        raise
    _fsync_dir(p.parent)
    return p


# --- key files -------------------------------------------------------------------------------


def default_key_path() -> Path:
    """The player's key file: $COSMIC_HOME/key, else ~/.cosmic/key (the one every
    command uses by default: keygen, play, host, join, resume)."""
    return Path(os.environ.get("COSMIC_HOME", Path.home() / ".cosmic")) / "key"


def write_key_file(path: str | os.PathLike[str], key: SigningKey, *, force: bool = False) -> Path:
    """Write key to a new file readable only by its owner (mode 0600).

    Creates missing parent directories (mode 0700). Raises FileExistsError if path
    exists, unless force: then the old file is replaced atomically.
    """
    p = Path(path)
    p.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    data = dump_key_file(key)
    if force:
        return write_file_atomic(p, data, 0o600)
    fd = os.open(p, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    try:
        _write_all(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    _fsync_dir(p.parent)
    return p


def read_key_file(path: str | os.PathLike[str]) -> SigningKey:
    """The signing key in a key file.

    Raises LocalProtocolError("key-file") for a file others may read (on POSIX) or
    one that is not a key file, OSError if it cannot be read.
    """
    p = Path(path)
    with open(p, "rb") as f:
        shared = os.name == "posix" and bool(stat.S_IMODE(os.fstat(f.fileno()).st_mode) & 0o077)
        data = f.read(4096)
    key = load_key_file(data)  # a file that is no key is told so first, whoever may read it
    if shared:
        raise LocalProtocolError(
            "key-file", f"{p} is readable by others; make it private (chmod 600 {p})")
    return key
