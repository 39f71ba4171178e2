"""The table service: what a phone can ask of a table (create, join, act, undo, views),
practice tables, scans, joining and limits. Below the web layer, above games and storage."""
