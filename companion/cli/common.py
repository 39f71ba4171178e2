"""What the companion command's subcommands share: the database to open, named without its password,
and the error a subcommand reports in one line.
"""

from __future__ import annotations

import argparse

DATABASE_HELP = ("a SQLite file or a postgresql:// URL (default $DATABASE_URL, $TAVOLO_DATABASE or "
                 "data/tavolo.sqlite3)")


def database_of(args: argparse.Namespace) -> str:
    from ..storage.eventlog import database_from_env

    return database_from_env(args.database)


def database_shown(args: argparse.Namespace) -> str:
    from ..storage.eventlog import shown

    return shown(database_of(args))


class CliError(Exception):
    """A command that cannot run; the message is printed."""
