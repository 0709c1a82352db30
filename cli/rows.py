"""Text in a terminal's rows: a line broken between words at a width, with what a person
copies (a command to type, a quoted command, a named phrase) kept on one row.

Light on purpose (re, textwrap, shutil): `cosmic verify` and other commands that only
print use it without loading the game's client."""

from __future__ import annotations

import re

__all__ = ["GLUE", "wrap_words", "to_terminal", "terminal_width", "journal_words",
           "not_on_path_words"]

GLUE = "\u00a0"  # joins words that a row must not part (no space to textwrap)
# A command to type (cosmic verify PATH) and the words that open a parenthesis to
# introduce it ("(check it:"): one row, the words never alone at the end of the row above.
_COMMAND = re.compile(r"(\(\w+ \w+: )?(cosmic (?:verify|replay|resume|play|host|"
                      r"join|node|demo|keygen|campaign|scenario|simulate)) (\S+)")
# A command quoted in the words ('launch blue.1 3'), not an apostrophe (yellow's).
_QUOTED = re.compile(r"(?<!\w)'[^'\n]{1,40}'(?!\w)")


def wrap_words(text: str, width: int, indent: str = "  ",
               whole: tuple[str, ...] = ()) -> list[str]:
    """`text` (one line) in rows of `width` at most, broken between words, continued
    rows indented by `indent`. Kept on one row: a command to type (`cosmic verify PATH`)
    with the words before it that introduce it when they fit one row together, a quoted
    command, and each phrase of `whole`; a word or phrase longer than a row stays whole
    on a row of its own, to be copied in one piece (a long path), unless it is a list
    (cards to give), broken after its commas."""
    room = max(8, width - len(indent))

    def glue(phrase: str) -> str:
        return phrase.replace(" ", GLUE) if len(phrase) <= room else phrase

    def command(m: re.Match[str]) -> str:
        lead, verb, path = m.group(1) or "", m.group(2), m.group(3)
        if len(f"{lead}{verb} {path}") <= room:
            return glue(f"{lead}{verb} {path}")
        if len(f"{verb} {path}") <= room:  # the command whole, its words on the row above
            return f"{glue(lead.rstrip())} {glue(f'{verb} {path}')}".lstrip()
        return f"{glue(lead + verb)} {path}"  # too long for a row: the path on its own

    text = _QUOTED.sub(lambda m: glue(m.group(0)), _COMMAND.sub(command, text))
    for phrase in filter(None, whole):  # (a command in it may be glued already)
        found = re.compile("[ {}]".format(GLUE).join(map(re.escape, phrase.split(" "))))
        text = found.sub(lambda m: glue(m.group(0).replace(GLUE, " ")), text)
    import textwrap
    rows = textwrap.wrap(text, max(8, width), subsequent_indent=indent,
                         break_on_hyphens=False, break_long_words=False)
    out: list[str] = []
    for row in rows:  # a command longer than a row (nine cards to give): after a comma
        while len(row) > width and "/" not in row and "," in row[len(indent) + 1:width]:
            cut = row.rindex(",", len(indent) + 1, width) + 1
            out.append(row[:cut])
            row = indent + row[cut:].lstrip(" " + GLUE)
        out.append(row)
    return [row.replace(GLUE, " ") for row in out] or [text.replace(GLUE, " ")]


def terminal_width() -> int | None:
    """The columns a row of stdout may take (the terminal's less one, at least 40), or
    None when stdout is no terminal (a pipe, a file: a reader there wraps as it likes)."""
    import shutil
    import sys
    try:
        tty = sys.stdout.isatty()
    except (AttributeError, ValueError):
        tty = False
    return max(40, shutil.get_terminal_size().columns - 1) if tty else None


def to_terminal(text: str, whole: tuple[str, ...] = ()) -> str:
    """`text` as `wrap_words` breaks it at the terminal's width (terminal_width), each of
    its lines on its own; as it is when stdout is no terminal."""
    width = terminal_width()
    if width is None:
        return text
    return "\n".join("\n".join(wrap_words(line, width, whole=whole)) if len(line) > width
                     else line for line in text.split("\n"))


def journal_words(path: object) -> tuple[str, tuple[str, ...]]:
    """The last words on a finished game's journal: where it is, how to check it and how
    to watch it again (the viewer, and the page to share); with the phrases `wrap_words`
    keeps whole on a row (its `whole`). One definition: the end in the game's log
    (cli/client.py), the last lines after leaving it (cli/netgame.py), and what `cosmic
    resume` and `cosmic node` say of a game already over (cli/cmd_resume.py, cmd_node.py)."""
    page = f"cosmic replay {path} --html game.html"
    return (f"Your journal: {path} (check it: cosmic verify {path}; watch it again: "
            f"cosmic replay {path}, or as a web page: {page}).",
            ("watch it again:", "as a web page:", page))


def not_on_path_words() -> tuple[str, tuple[str, ...]]:
    """("", ()) when the `cosmic` a shell finds on PATH is this program (or this program was
    not started as `cosmic`: `python -m cli.main`; or stdout is no terminal); else where
    it is, for the hints that name it `cosmic` (after `make play`, `.venv/bin/cosmic` is
    not on PATH: a `cosmic resume ...` copied from the last lines was "command not
    found"); with the commands in it that `wrap_words` keeps whole (its `whole`)."""
    import os
    import shutil
    import sys
    me = sys.argv[0] if sys.argv else ""
    if os.path.basename(me) != "cosmic" or terminal_width() is None:
        return "", ()  # (piped: a script, not a person copying a command)
    found = shutil.which("cosmic")
    if found is not None and os.path.realpath(found) == os.path.realpath(me):
        return "", ()
    activate = f"`. {os.path.join(os.path.dirname(me) or '.', 'activate')}`"
    return (f"(`cosmic` is not on your PATH: type {me} instead, or first run {activate}.)",
            (activate,))
