"""Browser play: a Starlette app (app.py) serving the page and a WebSocket per game; the server
is authoritative (session.py) and keeps every game and event in SQLite (store.py)."""
