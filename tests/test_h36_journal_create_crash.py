"""A node that dies while it writes a new journal's header (here for real: a process whose
file-size limit stops its write partway and kills it, SIGXFSZ) leaves no journal under
the seat's name, never one cut inside its header, which nothing can open or resume: the
header is written under a name of its own and linked whole to the journal's name. The
name is free again for the next start, which makes the journal as usual."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from cli.cmd_demo import prepare
from node.journal_file import JournalFile
from protocol.genesis import Genesis
from protocol.journal import parse_journal

ROOT = Path(__file__).resolve().parent.parent

CREATE = """
import resource, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from node.journal_file import JournalFile
from protocol.genesis import Genesis
genesis = Genesis.decode(Path(sys.argv[2]).read_bytes())
signal.signal(signal.SIGXFSZ, signal.SIG_DFL)  # (Python ignores it: the write would fail)
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[4]), int(sys.argv[4])))
JournalFile.create(sys.argv[3], genesis)
"""


def test_a_crash_inside_the_header_leaves_no_journal_cut_in_it(tmp_path: Path) -> None:
    gpath, _ = prepare(3, "create-crash", tmp_path)
    genesis = Genesis.decode(gpath.read_bytes())
    journal = tmp_path / "seat-0.journal"
    r = subprocess.run([sys.executable, "-c", CREATE, str(ROOT), str(gpath), str(journal),
                        "40"], capture_output=True, text=True, timeout=60)
    assert r.returncode == -signal.SIGXFSZ, (r.returncode, r.stderr)  # died mid-write
    assert not journal.exists(), journal.read_bytes()  # never a header cut short
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".new")]  # its own
    with JournalFile.create(journal, genesis) as made:  # the next start
        assert made.records == 0
    contents = parse_journal(journal.read_bytes())
    assert contents.genesis == genesis and not contents.entries and contents.torn is None
    # and what the dead process left beside it is gone with that start
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".new")]
