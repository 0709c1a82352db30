"""`cosmic verify JOURNAL... [--json] [--audit] [--partial] [--serial]`: check a game
from its journal (or every game of a campaign file, cli/cmd_campaign.py, and its
standings).

Verifying means the whole game: a journal that stops before the game's end or before its
end-of-game audit, or whose last record is torn, fails and says where it stops, unless
--partial accepts a game in progress (it then says how far the records go).

Several journals of one game (one seat's each, say) are also compared with each other
(protocol/agreement.py): they must hold the same envelope wherever two of them hold one
(author, seq). Two different envelopes of one seat and seq, both signed by that seat,
prove that it showed its peers two versions of its chain (a fork); one journal alone
cannot show it. A line per game, after the journals' own results, says which.

Evidence records (a refused envelope an honest node kept, protocol/evidence.py) are
judged one by one and listed: what each proves against the seat that signed it, or that
it proves nothing against anyone. They never change the exit status: the game is the
envelope records'.

Exit status: 0 when every check holds for every journal; 1 when a check fails (the
first failing record and check are named), a journal does not hold the whole game, or
journals of one game differ; 2 when a file cannot be read, is not a journal, or holds a
game this build cannot check (the worst status wins).

While a long journal is checked, progress is shown on stderr when it is a terminal (and
without --json), in place on one line that is cleared before the result is printed:
stdout and JSON output never hold it.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from protocol.errors import JournalError, LocalProtocolError, ProtocolError, RemoteProtocolError

if TYPE_CHECKING:
    from node.verify import VerifyResult
    from protocol.evidence import Finding
    from protocol.agreement import Agreement, Difference
    from protocol.game import Verdict
    from protocol.genesis import Genesis
    from protocol.journal import JournalContents

__all__ = ["add_parser", "run", "result_data", "result_text", "exit_code", "evidence_text"]


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "verify", help="check a game from its journal: signatures, chains, every move",
        description="Check one or more journals: every signature, hash chain, sequence "
        "number, canonical encoding and game id, every move's legality by replaying the "
        "engine, every state hash, commitment and card protocol proof, and every hidden "
        "claim by the end-of-game audit. A journal must hold the whole game, to its end "
        "and its end-of-game audit: one that stops earlier, or whose last record is "
        "torn, fails with where it stops (see --partial). Journals of one game (each "
        "seat's, say) are also compared: a seat that signed two different envelopes "
        "with one sequence number showed its peers two histories, and the pair proves "
        "it. A campaign file (cosmic campaign) is checked game by game and its standings "
        "printed.")
    p.add_argument("journals", nargs="+", type=Path, metavar="JOURNAL")
    p.add_argument("--json", action="store_true", help="one JSON object per journal (then one per game whose "
                   "journals were compared)")
    p.add_argument("--audit", action="store_true",
                   help="require the claims audit (fail if the faces are not all known) "
                   "and list every hidden claim")
    p.add_argument("--partial", action="store_true",
                   help="accept a game in progress (a journal that stops before the end, "
                   "or whose last record is torn) and say how far it was verified")
    p.add_argument("--serial", action="store_true",
                   help="check signatures in this process (no worker process)")
    p.set_defaults(func=run)
    return p


def exit_code(result: VerifyResult, audit: bool = False, partial: bool = False) -> int:
    """0 all holds, 1 a check failed or (without `partial`) the journal does not hold the
    whole game, 2 unreadable, not a journal, or not checkable here."""
    err = result.error
    if err is None:
        if audit and (result.verdict is None or not result.verdict.audited):
            return 1
        if result.verdict is None or (result.incomplete is not None and not partial):
            return 1
        return 0
    if isinstance(err, JournalError) and err.index is None and err.offset == 0:
        return 2  # bad magic, or too short to be a journal
    if isinstance(err, LocalProtocolError) and err.check == "unsupported":
        return 2
    return 1


def _error_data(err: ProtocolError) -> dict[str, Any]:
    out: dict[str, Any] = {"check": err.check, "message": err.message, "text": str(err)}
    if isinstance(err, RemoteProtocolError):
        out.update(record=err.record, author=err.author, seq=err.seq, proven=err.proven)
    elif isinstance(err, JournalError):
        out.update(record=err.index, offset=err.offset)
    return out


def _seats(genesis: Genesis) -> list[dict[str, Any]]:
    return [{"seat": s.index, "name": s.name, "colour": s.colour, "key": s.key.hex()}
            for s in genesis.seats]


def result_data(result: VerifyResult, audit: bool = False,
                partial: bool = False) -> dict[str, Any]:
    """A verify result as JSON-able data."""
    v: Verdict | None = result.verdict
    code = exit_code(result, audit, partial)
    out: dict[str, Any] = {
        "path": result.path, "ok": code == 0, "exit": code,
        "complete": result.complete, "incomplete": result.incomplete,
        "awaited": result.awaited, "last_record": result.last_record,
        "error": None if result.error is None else _error_data(result.error),
        "torn": None if result.torn is None else {
            "record": result.torn.index, "offset": result.torn.offset,
            "dropped": result.torn.dropped, "reason": result.torn.reason},
    }
    g = result.genesis
    out["evidence"] = [{"record": f.record, "proven": f.proven, "author": f.author,
                        "seq": f.seq, "kind": f.kind, "check": f.check,
                        "message": f.message, "text": evidence_text(f, g)}
                       for f in result.evidence]
    if g is not None:
        out.update({
            "game_id": g.game_id.hex(), "mode": g.option("mode"),
            "engine_version": g.engine_version, "variants": list(g.rules), "seats": _seats(g),
        })
    if v is not None:
        names = [s.name for s in v.genesis.seats]
        out.update({
            "outcome": None if v.outcome is None else {
                "reason": v.outcome.reason, "winners": list(v.outcome.winners),
                "winner_names": [names[w] for w in v.outcome.winners]},
            "records": v.records, "actions": v.actions, "turn": v.state.turns,
            "claims": len(v.claims), "audited": v.audited, "checked": list(v.checked),
        })
        if audit:
            # "true": null for a claim not audited (unknown), never false (a false claim
            # fails the audit: it is the error).
            out["claim_list"] = [{"record": r, "seat": s, "kind": k,
                                  "true": True if v.audited else None}
                                 for r, s, k in v.claims]
    return out


# What each kind of hidden claim says of its seat's cards (engine/cosmic/audit.py and the
# map game's engine/worlds: the kinds their audits check); "KIND:ARG" kinds take an argument.
_CLAIMS = {
    "has_encounter": "says it holds an encounter card",
    "no_encounter": "says it holds no encounter card",
    "none_of": "says it holds no {} card",
    "has_all": "says it holds a card of each kind: {}",
    "lacks_any": "says it lacks a card of one of these kinds: {}",
    "facedown": "keeps an encounter card face down",
    "playable": "says no encounter card it holds keeps these rules: {}",
    "no_force": "says it holds no force card",
    "not_force": "says the random card picked is no force card",
    "born": "places unseen tokens",
    "unveil": "brings unseen tokens into view",
}


def claim_words(kind: str) -> str:
    """A hidden claim's kind in words ("no_encounter": "says it holds no encounter card");
    an unknown kind as it is."""
    name, _, arg = kind.partition(":")
    words = _CLAIMS.get(name)
    if words is None:
        return f"claims {kind}"
    return words.format(arg.replace(",", ", ").replace(";", "; ")) if "{}" in words else words


def _who(genesis: Genesis | None, seat: int | str | None) -> str:
    if genesis is not None and isinstance(seat, int) and 0 <= seat < genesis.n_seats:
        s = genesis.seats[seat]
        return f"seat {seat} {s.name} ({s.colour})"
    return "unknown author" if seat is None else f"author {seat}"


# Checks made before or at the signature (docs/journal-format.md 5.2): a record failing
# one of them is not signed by the seat it names, so it says nothing of that seat.
_UNSIGNED = frozenset({"size", "canonical", "version", "schema", "author", "game-id",
                       "point", "signature"})


# A message that came before what it waits for: valid, and taken later by a node that
# gets it early (5.2, section 9: recoverable). In a journal, which holds envelopes in the
# order its node accepted them, it shows a journal out of order, not its author's fault.
_EARLY = frozenset({"too-early", "seq-gap"})


def _not_proven(err: RemoteProtocolError, genesis: Genesis | None) -> str:
    """Why an unproven failure blames no seat (security.md: a damaged or forged record is
    its journal's failure, never its author's)."""
    author = err.author if isinstance(err.author, int) else None
    if author is None or genesis is None or not 0 <= author < genesis.n_seats:
        return (" (a damaged or forged record, or one of another game: it names no seat "
                "of this one)") if err.check in _UNSIGNED else ""
    who = genesis.seats[author].name
    if err.check in _UNSIGNED:
        return (f" (not {who}'s doing: its signature does not cover this record, "
                "a damaged or forged one)")
    return (f" (this proves nothing against {who}: the journal itself may lack, repeat or "
            "misplace a record)")


# A proven fault of an evidence record in a few words (the check's name otherwise).
_FAULTS = {
    "illegal": "an illegal move",
    "state-hash": "a false state hash",
    "commitment": "a reveal that does not open its commitment",
    "face": "a card face the card protocol refutes",
    "chain": "an envelope that leaves its own chain",
    "equivocation": "a second version of one of its envelopes",
    "schema": "a message no seat may sign",
    "kind": "a message of no known kind",
}
# The card protocol's proofs and points (docs/card-protocol.md names each check).
_PROOFS = frozenset({"key-proof", "key-share", "shuffle-proof", "remask-proof", "share-proof",
                     "point", "pick"})


def evidence_text(f: Finding, genesis: Genesis | None) -> str:
    """What an evidence record shows, for people: the seat and its fault, or that it
    proves nothing against anyone (never naming a seat for bytes it did not sign)."""
    if f.author is None:
        return (f"record {f.record} proves nothing against anyone: {f.message} (a forged "
                "or damaged record, or no fault at its place)")
    fault = _FAULTS.get(f.check, f"a card message whose proof fails ('{f.check}')"
                        if f.check in _PROOFS else f"a message that fails check '{f.check}'")
    local = genesis is not None and genesis.option("mode") == "local"
    return (f"record {f.record}: {_who(genesis, f.author)} signed {fault} at its seq "
            f"{f.seq}: {f.message}; kept as evidence"
            + (" (a local game: its keys are public, so it proves nothing of a player)"
               if local else ""))


def error_text(err: ProtocolError, genesis: Genesis | None) -> str:
    """A failure in words for people, saying who is and is not to blame (verify and
    replay say it alike)."""
    if isinstance(err, RemoteProtocolError) and err.record is not None:
        seq = "" if err.seq is None else f", seq {err.seq}"
        blame = "" if err.proven and err.check not in _EARLY else _not_proven(err, genesis)
        return (f"record {err.record} ({_who(genesis, err.author)}{seq}) failed check "
                f"'{err.check}': {err.message}{blame}")
    if isinstance(err, JournalError):
        where = "the header" if err.index is None else f"record {err.index}"
        at = "" if err.offset is None else f" at byte {err.offset}"
        return f"{where}{at} failed check '{err.check}': {err.message}"
    return f"failed check '{err.check}': {err.message}"


def result_text(result: VerifyResult, audit: bool = False, partial: bool = False) -> str:
    """A verify result in a few lines for people."""
    from protocol.keys import fingerprint

    v, genesis = result.verdict, result.genesis
    code = exit_code(result, audit, partial)
    lines: list[str] = []
    incomplete = result.incomplete
    if result.error is not None:
        head = "CANNOT CHECK" if code == 2 else "FAILED"
        lines.append(f"{result.path}: {head}: {error_text(result.error, genesis)}")
    elif incomplete is not None and not partial:
        lines.append(f"{result.path}: FAILED: incomplete: {incomplete} (--partial "
                     "checks a game in progress)")
    elif v is not None and code != 0:
        why = (f" (a network game's faces are known once every seat's end-of-game key "
               f"share is in; {incomplete})" if incomplete is not None else "")
        lines.append(f"{result.path}: FAILED: the claims audit needs every face, "
                     f"and they are not all known{why}")
    elif incomplete is not None and v is not None:
        upto = "no record" if result.last_record is None else f"records 0..{result.last_record}"
        lines.append(f"{result.path}: OK (partial): {upto} verified, up to turn "
                     f"{v.state.turns}")
        lines.append(f"  incomplete: {incomplete}")
    else:
        lines.append(f"{result.path}: OK")
    awaited = result.awaited
    if awaited is not None and genesis is not None and 0 <= awaited < genesis.n_seats:
        waited = genesis.seats[awaited]
        lines.append(f"  next      an envelope of seat {awaited}, {waited.name} ({waited.colour}): "
                     "the game waited for it here (its node stopped or held it back, or "
                     "the journal was cut)")
    if result.torn is not None:
        t = result.torn
        lines.append(f"  warning: the last record is torn ({t.reason}): record {t.index} at "
                     f"byte {t.offset}, {t.dropped} bytes not counted; the records before "
                     "it were checked")
    evidence = [f"  evidence  {evidence_text(f, genesis)}" for f in result.evidence]
    if v is None:
        if genesis is not None:
            lines += [f"  seat {s.index}    {s.name} ({s.colour})  key {fingerprint(s.key)}"
                      for s in genesis.seats]
        return "\n".join(lines + evidence)
    g = v.genesis
    mode = "local (cards from the public seed: not secret)" if v.mode == "local" else v.mode
    lines.append(f"  game      {g.game_id.hex()[:16]}  {mode}, {g.engine_version}"
                 + (f", variants {', '.join(g.rules)}" if g.rules else ""))
    for s in g.seats:
        lines.append(f"  seat {s.index}    {s.name} ({s.colour})  key {fingerprint(s.key)}")
    if v.outcome is None:
        lines.append("  outcome   not over")
    else:
        winners = ", ".join(f"{g.seats[w].name} ({g.seats[w].colour})"
                            for w in v.outcome.winners) or "nobody"
        lines.append(f"  outcome   {v.outcome.reason}: won by {winners}")
    audited = f", {len(v.claims)} hidden claims " + ("audited" if v.audited else "not audited")
    lines.append(f"  records   {v.records} ({v.actions} actions), turn {v.state.turns}{audited}")
    if audit:
        for record, seat, kind in v.claims:
            who = _who(v.genesis, seat)
            lines.append(f"    claim at record {record}: {who} {claim_words(kind)} ({kind}): "
                         + ("true" if v.audited else "not audited"))
    lines.append(f"  checked   {', '.join(v.checked)}")
    return "\n".join(lines + evidence)


CLEAR_LINE = "\r\x1b[K"  # back to the start of the line and erase it
# verify_journal's progress: given the number of records, a callback told each record read
Progress = Callable[[int], Callable[[int], None] | None]


def _progress(args: argparse.Namespace) -> Progress | None:
    """Progress for verify_journal: only for a person watching stderr, never with --json."""
    if args.json or not sys.stderr.isatty():
        return None
    from .replay_app import stderr_progress  # the viewer shows the same while it verifies
    return functools.partial(stderr_progress, end="")


def _verify(path: Path, args: argparse.Namespace, progress: Progress | None,
            seen: dict[bytes, VerifyResult]) -> VerifyResult:
    """One journal's result. The journals of a finished game are often one file byte for
    byte (every seat's, or copies): a verification is a function of the bytes alone, so
    a file met before in this run is not verified again (`seen`, by its SHA-256)."""
    import dataclasses
    import hashlib

    from node.verify import verify_journal

    data = path.read_bytes()
    digest = hashlib.sha256(data).digest()
    if digest in seen:
        return dataclasses.replace(seen[digest], path=str(path))
    try:
        result = verify_journal(data, parallel=False if args.serial else None,
                                progress=progress)
    finally:
        if progress is not None:  # also when a fault or an exception ended it early
            sys.stderr.write(CLEAR_LINE)
            sys.stderr.flush()
    seen[digest] = result
    return dataclasses.replace(result, path=str(path))


_LABEL = re.compile(r" {2}\w[\w ]*? {2,}")  # "  checked   ": a result's row label


def _shown(text: str) -> str:
    """`text` for stdout: at a terminal, a row longer than it is broken between words,
    continued under its value (after a row's label) or indented; else as it is."""
    from .rows import terminal_width, wrap_words
    width = terminal_width()
    if width is None:
        return text
    rows: list[str] = []
    for line in text.split("\n"):
        label = _LABEL.match(line)
        indent = " " * label.end() if label and label.end() < width // 2 else "  "
        rows += wrap_words(line, width, indent=indent) if len(line) > width else [line]
    return "\n".join(rows)


def _campaign(path: Path, args: argparse.Namespace) -> int:
    """A campaign file: every game checked again, then the standings."""
    from .cmd_campaign import CampaignError, standings_data, standings_text, verify_campaign
    try:
        campaign = verify_campaign(path, say=(lambda _: None) if args.json else print)
    except CampaignError as exc:
        if args.json:
            print(json.dumps({"path": str(path), "ok": False, "exit": exc.code,
                              "error": {"check": "campaign", "message": str(exc),
                                        "text": str(exc)}}))
        else:
            print(f"{path}: FAILED: {exc}")
        return exc.code
    if args.json:
        print(json.dumps({"path": str(path), "ok": True, "exit": 0,
                          **standings_data(campaign)}, sort_keys=True))
    else:
        print(f"{path}: OK: a campaign of {len(campaign.results)} games, each verified")
        print(standings_text(campaign))
    return 0


def _difference_text(d: Difference, paths: list[Path], genesis: Genesis) -> str:
    first = f"record {d.first.record} of {paths[d.first.journal]}"
    second = f"record {d.second.record} of {paths[d.second.journal]}"
    who = f"{_who(genesis, d.author)}, seq {d.seq}"
    if d.proven and genesis.option("mode") == "local":
        return (f"  {who}: {first} and {second} are two different envelopes (a local "
                "game: its keys come from its public seed, so they prove nothing of a "
                "player)")
    if d.proven:
        return (f"  {who}: {first} and {second} are two different envelopes, both signed "
                "by this seat: proof that it showed its peers two versions of its chain")
    return (f"  {who}: {second} differs from {first}, and one of the two is not signed "
            "by this seat (a damaged or forged record: its journal's own check fails)")


def agreement_text(a: Agreement, paths: list[Path], genesis: Genesis) -> str:
    """What the comparison of one game's journals found, for people."""
    head = f"journals of game {a.game_id.hex()[:16]}"
    n = len(a.journals)
    if a.agree:
        return (f"{head}: AGREE: {n} journals, one history (every one of the {a.shared} "
                "envelopes that two or more of them hold is the same in each)")
    forks = len(a.forks)
    if genesis.option("mode") == "local":
        what = "two histories of one game"
    else:
        what = (f"two histories of one game ({forks} fork{'s' if forks > 1 else ''} proven)"
                if forks else "they differ where a record is not signed by its seat")
    lines = [f"{head}: FAILED: {what}"]
    lines += [_difference_text(d, paths, genesis) for d in a.differences]
    if a.more:
        lines.append(f"  ... and {a.more} more difference(s)")
    return "\n".join(lines)


def agreement_data(a: Agreement, paths: list[Path], genesis: Genesis) -> dict[str, Any]:
    """The comparison of one game's journals as JSON-able data (it has "journals", where
    a journal's result has "path"). "proven": both signatures hold ("local": true says
    the keys are public, so a signature proves nothing of a player)."""
    def place(p: Any) -> dict[str, Any]:
        return {"path": str(paths[p.journal]), "record": p.record}
    return {
        "game_id": a.game_id.hex(), "journals": [str(paths[j]) for j in a.journals],
        "local": genesis.option("mode") == "local",
        "envelopes": list(a.envelopes), "agree": a.agree, "exit": 0 if a.agree else 1,
        "shared": a.shared, "more": a.more,
        "differences": [{"author": d.author, "seq": d.seq, "proven": d.proven,
                         "first": place(d.first), "second": place(d.second)}
                        for d in a.differences],
    }


def _compare(paths: list[Path], args: argparse.Namespace) -> int:
    """Compare the journals of each game given more than once; 1 if any differ."""
    from protocol.agreement import compare_journals
    from protocol.journal import parse_journal

    read: list[Path] = []
    contents: list[JournalContents] = []
    for path in paths:
        try:
            contents.append(parse_journal(path.read_bytes()))
        except (OSError, ProtocolError):
            continue  # its own result says why
        read.append(path)
    worst = 0
    for a in compare_journals(contents):
        genesis = contents[a.journals[0]].genesis
        if args.json:
            print(json.dumps(agreement_data(a, read, genesis), sort_keys=True))
        else:
            print(_shown(agreement_text(a, read, genesis)))
        worst = max(worst, 0 if a.agree else 1)
    return worst


def run(args: argparse.Namespace) -> int:
    from .cmd_campaign import is_campaign_file
    worst = 0
    progress = _progress(args)
    journals: list[Path] = []
    seen: dict[bytes, VerifyResult] = {}  # results by the SHA-256 of their bytes
    for path in args.journals:
        if is_campaign_file(path):
            worst = max(worst, _campaign(path, args))
            continue
        try:
            result = _verify(path, args, progress, seen)
        except (OSError, ValueError) as exc:
            code = 2
            why = getattr(exc, "strerror", None) or str(exc)
            if path.is_dir():  # a game's folder: what to type instead
                found = sorted(path.glob("*.journal"))
                why = ("a folder, not a journal: " + (
                    f"name its journals, `cosmic verify {path}/*.journal` ({len(found)} "
                    f"there)" if found else "it holds no journal (*.journal)"))
            if args.json:  # the keys of any other result (result_data), for programs
                print(json.dumps({
                    "path": str(path), "ok": False, "exit": 2, "complete": False,
                    "awaited": None, "incomplete": None, "last_record": None, "torn": None,
                    "evidence": [],
                    "error": {"check": "file", "message": why, "offset": None,
                              "record": None, "text": f"cannot read: {why}"}},
                    sort_keys=True))
            else:
                print(f"{path}: CANNOT READ: {why}", file=sys.stderr)
            worst = max(worst, code)
            continue
        code = exit_code(result, args.audit, args.partial)
        worst = max(worst, code)
        if args.json:
            print(json.dumps(result_data(result, args.audit, args.partial), sort_keys=True))
        else:
            print(_shown(result_text(result, args.audit, args.partial)))
        if result.genesis is not None:
            journals.append(path)
    if len(journals) > 1:
        worst = max(worst, _compare(journals, args))
    return worst
