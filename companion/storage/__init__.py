"""The event log on SQLite and on PostgreSQL, and the live channels that wake the streams.

Nothing here knows a game or a web request: a table is its setup and its events.
"""
