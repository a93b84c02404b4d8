"""Profiles in the game store (issue 54): a person's name secured by passkeys, their signed-in
sessions and one-time sign-in links (each kept as a hash: the store holds no secret a reader
could use), the WebAuthn ceremonies under way, which seats a profile played, and each
finished game's result and rating for the profiles in it. Written once in SQL that SQLite and
PostgreSQL both read; each store appends ``migration(real)`` to its own migrations."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from pegrace.web.gamestore import GameStore, Migration, Row, token_hash


def migration(real: str) -> Migration:
    """The profiles' tables, with ``real`` the database's name for a float column."""
    return (
        f"""CREATE TABLE profiles (
            id TEXT PRIMARY KEY,
            name TEXT UNIQUE,           -- NULL once deleted: "a former player"
            name_key TEXT UNIQUE,       -- the name's letters and digits, case folded
            email TEXT,                 -- only for notices, if given (and confirmed)
            email_pending TEXT,         -- an address given, not yet confirmed
            confirm TEXT,               -- the token of the confirming link mailed to it
            language TEXT,              -- the notices' language (the page's as it was given)
            base TEXT,                  -- the server's address the notices link to
            unsubscribe TEXT,           -- the token of the notices' "no more" link
            created {real} NOT NULL
        )""",
        f"""CREATE TABLE passkeys (
            id TEXT PRIMARY KEY,        -- the credential's id, base64url
            profile TEXT NOT NULL REFERENCES profiles(id),
            public_key TEXT NOT NULL,   -- COSE, base64url
            sign_count INTEGER NOT NULL,
            created {real} NOT NULL
        )""",
        f"""CREATE TABLE signins (
            token_hash TEXT PRIMARY KEY, -- sha256 of a session cookie or a one-time link
            profile TEXT NOT NULL REFERENCES profiles(id),
            kind TEXT NOT NULL,          -- session | link
            expires {real} NOT NULL
        )""",
        f"""CREATE TABLE ceremonies (
            id TEXT PRIMARY KEY,         -- the page's handle on a passkey ceremony under way
            challenge TEXT NOT NULL,     -- base64url; used once
            name TEXT,                   -- the name a new profile asks for
            expires {real} NOT NULL
        )""",
        """CREATE TABLE profile_seats (
            game TEXT NOT NULL REFERENCES games(id),
            colour TEXT NOT NULL,
            profile TEXT NOT NULL REFERENCES profiles(id),
            PRIMARY KEY (game, colour)
        )""",
        "CREATE INDEX profile_seats_by_profile ON profile_seats (profile)",
        "CREATE TABLE rated_games (game TEXT PRIMARY KEY REFERENCES games(id))",
        f"""CREATE TABLE results (
            game TEXT NOT NULL REFERENCES games(id),
            colour TEXT NOT NULL,
            profile TEXT NOT NULL REFERENCES profiles(id),
            game_name TEXT NOT NULL,
            place INTEGER NOT NULL,
            players INTEGER NOT NULL,
            captures INTEGER NOT NULL,
            people INTEGER NOT NULL,     -- 1: every other seat a person's; 0: computers too
            rated INTEGER NOT NULL,
            mu {real},                   -- the rating after this game (rated games)
            sigma {real},
            ended {real} NOT NULL,
            PRIMARY KEY (game, colour)
        )""",
        "CREATE INDEX results_by_profile ON results (profile, ended)",
    )


@dataclass(frozen=True)
class Profile:
    id: str
    name: str | None  # None: deleted
    email: str | None


@dataclass(frozen=True)
class Passkey:
    id: str
    profile: str
    public_key: str
    sign_count: int


@dataclass(frozen=True)
class Result:
    """One profile's seat in a finished game."""

    game: str
    colour: str
    profile: str
    game_name: str
    place: int
    players: int
    captures: int
    people: bool
    rated: bool
    mu: float | None
    sigma: float | None
    ended: float


RESULT_COLUMNS = (
    "game, colour, profile, game_name, place, players, captures, people, rated, mu, sigma, ended"
)


def new_id() -> str:
    return secrets.token_urlsafe(12)


def begin_ceremony(store: GameStore, challenge: str, name: str | None, seconds: float) -> str:
    """A ceremony's handle; what expired is cleared first."""
    handle = new_id()
    now = time.time()
    store.query("DELETE FROM ceremonies WHERE expires < ?", (now,))
    store.query(
        "INSERT INTO ceremonies (id, challenge, name, expires) VALUES (?, ?, ?, ?)",
        (handle, challenge, name, now + seconds),
    )
    return handle


def take_ceremony(store: GameStore, handle: str) -> tuple[str, str | None] | None:
    """The ceremony's challenge and name, taken: a second answer to it finds none."""
    with store.transaction():
        rows = store.query(
            "SELECT challenge, name FROM ceremonies WHERE id = ? AND expires >= ?",
            (handle, time.time()),
        )
        store.query("DELETE FROM ceremonies WHERE id = ?", (handle,))
    return (rows[0][0], rows[0][1]) if rows else None


def create_profile(store: GameStore, name: str, key: str, passkey: Passkey) -> str | None:
    """A new profile with its first passkey: its id, or None if the name is taken."""
    profile = new_id()
    with store.transaction():
        if store.query("SELECT 1 FROM profiles WHERE name_key = ?", (key,)):
            return None
        store.query(
            "INSERT INTO profiles (id, name, name_key, created) VALUES (?, ?, ?, ?)",
            (profile, name, key, time.time()),
        )
        add_passkey(store, profile, passkey)
    return profile


def add_passkey(store: GameStore, profile: str, passkey: Passkey) -> None:
    store.query(
        "INSERT INTO passkeys (id, profile, public_key, sign_count, created) "
        "VALUES (?, ?, ?, ?, ?)",
        (passkey.id, profile, passkey.public_key, passkey.sign_count, time.time()),
    )


def name_taken(store: GameStore, key: str) -> bool:
    return bool(store.query("SELECT 1 FROM profiles WHERE name_key = ?", (key,)))


def passkey(store: GameStore, credential: str) -> Passkey | None:
    rows = store.query(
        "SELECT id, profile, public_key, sign_count FROM passkeys WHERE id = ?", (credential,)
    )
    return Passkey(*rows[0]) if rows else None


def count_use(store: GameStore, credential: str, old: int, new: int) -> bool:
    """The passkey's new signature count, if nobody counted a use meanwhile."""
    return bool(
        store.changed(
            "UPDATE passkeys SET sign_count = ? WHERE id = ? AND sign_count = ?",
            (new, credential, old),
        )
    )


def sign_in(store: GameStore, profile: str, kind: str, seconds: float) -> str:
    """A new secret (a session's cookie, a one-time link's token) for ``profile``."""
    token = secrets.token_urlsafe(24)
    now = time.time()
    store.query("DELETE FROM signins WHERE expires < ?", (now,))
    store.query(
        "INSERT INTO signins (token_hash, profile, kind, expires) VALUES (?, ?, ?, ?)",
        (token_hash(token), profile, kind, now + seconds),
    )
    return token


def signed_in(store: GameStore, token: str, kind: str = "session") -> Profile | None:
    """The profile a live secret of ``kind`` belongs to."""
    rows = store.query(
        "SELECT p.id, p.name, p.email FROM signins s JOIN profiles p ON p.id = s.profile "
        "WHERE s.token_hash = ? AND s.kind = ? AND s.expires >= ? AND p.name IS NOT NULL",
        (token_hash(token), kind, time.time()),
    )
    return Profile(*rows[0]) if rows else None


def use_link(store: GameStore, token: str) -> Profile | None:
    """The profile of a one-time sign-in link, the link used up."""
    with store.transaction():
        found = signed_in(store, token, "link")
        store.query("DELETE FROM signins WHERE token_hash = ?", (token_hash(token),))
    return found


def sign_out(store: GameStore, token: str) -> None:
    store.query("DELETE FROM signins WHERE token_hash = ?", (token_hash(token),))


def set_email(
    store: GameStore, profile: str, email: str | None, language: str, base: str
) -> str | None:
    """An address given for notices, to be confirmed (its token returned: the link mailed
    to it), with their language and the server's address for links; None: no more mail."""
    token = new_id() + new_id() if email else None
    if email is None:
        store.query(
            "UPDATE profiles SET email = NULL, email_pending = NULL, confirm = NULL, "
            "unsubscribe = NULL WHERE id = ?",
            (profile,),
        )
    else:
        store.query(
            "UPDATE profiles SET email_pending = ?, confirm = ?, language = ?, base = ? "
            "WHERE id = ?",
            (email, token, language, base, profile),
        )
    return token


def confirm_email(store: GameStore, token: str) -> bool:
    """The address whose confirming link this is becomes the profile's for notices."""
    return bool(
        store.changed(
            "UPDATE profiles SET email = email_pending, email_pending = NULL, confirm = NULL, "
            "unsubscribe = ? WHERE confirm = ? AND name IS NOT NULL",
            (new_id() + new_id(), token),
        )
    )


@dataclass(frozen=True)
class Reader:
    """Where a seat's notices go: its profile and that profile's address and language."""

    profile: str
    email: str
    language: str
    base: str
    unsubscribe: str


def reader_of(store: GameStore, game: str, colour: str) -> Reader | None:
    rows = store.query(
        "SELECT p.id, p.email, p.language, p.base, p.unsubscribe FROM profile_seats s "
        "JOIN profiles p ON p.id = s.profile "
        "WHERE s.game = ? AND s.colour = ? AND p.email IS NOT NULL AND p.name IS NOT NULL",
        (game, colour),
    )
    return Reader(*rows[0]) if rows else None


def unsubscribe(store: GameStore, token: str) -> bool:
    """No more mail for the address of this "no more" link: a notice's, or the confirming
    mail's (the address given is forgotten unconfirmed)."""
    return bool(
        store.changed(
            "UPDATE profiles SET email = NULL, unsubscribe = NULL, email_pending = NULL, "
            "confirm = NULL WHERE unsubscribe = ? OR confirm = ?",
            (token, token),
        )
    )


def profile_of(store: GameStore, profile: str) -> Profile | None:
    rows = store.query("SELECT id, name, email FROM profiles WHERE id = ?", (profile,))
    return Profile(*rows[0]) if rows else None


def profile_named(store: GameStore, key: str) -> Profile | None:
    rows = store.query("SELECT id, name, email FROM profiles WHERE name_key = ?", (key,))
    return Profile(*rows[0]) if rows else None


def seat_profile(store: GameStore, game: str, colours: list[str], profile: str) -> None:
    """These seats of the game are the profile's (made or claimed by it, signed in)."""
    store.query_many(
        "INSERT INTO profile_seats (game, colour, profile) VALUES (?, ?, ?) "
        "ON CONFLICT (game, colour) DO NOTHING",
        [(game, colour, profile) for colour in colours],
    )


def seat_profiles(store: GameStore, game: str) -> dict[str, str]:
    """The game's seats that profiles hold: colour -> profile id."""
    rows = store.query("SELECT colour, profile FROM profile_seats WHERE game = ?", (game,))
    return {colour: profile for colour, profile in rows}


def mark_rated(store: GameStore, game: str) -> None:
    store.query("INSERT INTO rated_games (game) VALUES (?) ON CONFLICT DO NOTHING", (game,))


def is_rated(store: GameStore, game: str) -> bool:
    return bool(store.query("SELECT 1 FROM rated_games WHERE game = ?", (game,)))


def add_results(store: GameStore, results: list[Result]) -> bool:
    """The game's results, all or none; False (nothing stored) if they were stored already
    (another server saw the game end too)."""
    marks = ", ".join("?" * len(RESULT_COLUMNS.split(", ")))
    with store.transaction():
        if results and store.query("SELECT 1 FROM results WHERE game = ?", (results[0].game,)):
            return False
        store.query_many(
            f"INSERT INTO results ({RESULT_COLUMNS}) VALUES ({marks})",
            [result_row(r) for r in results],
        )
    return True


def result_row(result: Result) -> Row:
    r = result
    return (r.game, r.colour, r.profile, r.game_name, r.place, r.players, r.captures,
            int(r.people), int(r.rated), r.mu, r.sigma, r.ended)  # fmt: skip


def results_of(store: GameStore, profile: str, limit: int = 500) -> list[Result]:
    """The profile's newest results first."""
    rows = store.query(
        f"SELECT {RESULT_COLUMNS} FROM results WHERE profile = ? ORDER BY ended DESC LIMIT ?",
        (profile, limit),
    )
    return [read_result(row) for row in rows]


def read_result(row: Row) -> Result:
    game, colour, profile, name, place, players, captures, people, rated, mu, sigma, ended = row
    return Result(game, colour, profile, name, int(place), int(players), int(captures),
                  bool(people), bool(rated), mu, sigma, float(ended))  # fmt: skip


def latest_ratings(store: GameStore, profiles: list[str], game_name: str) -> dict[str, Any]:
    """Each profile's newest (mu, sigma) in ``game_name``'s rated games."""
    found: dict[str, Any] = {}
    for profile in profiles:
        rows = store.query(
            "SELECT mu, sigma FROM results WHERE profile = ? AND game_name = ? AND rated = 1 "
            "ORDER BY ended DESC LIMIT 1",
            (profile, game_name),
        )
        if rows:
            found[profile] = (float(rows[0][0]), float(rows[0][1]))
    return found


def leaderboard(store: GameStore, game_name: str, limit: int = 100) -> list[Row]:
    """(name, mu, sigma, rated games) of every live profile rated in ``game_name``, each by
    its newest rating."""
    return store.query(
        "SELECT p.name, r.mu, r.sigma, c.n FROM results r "
        "JOIN profiles p ON p.id = r.profile "
        "JOIN (SELECT profile, MAX(ended) AS last, COUNT(*) AS n FROM results "
        "      WHERE game_name = ? AND rated = 1 GROUP BY profile) c "
        "  ON c.profile = r.profile AND c.last = r.ended "
        "WHERE r.game_name = ? AND r.rated = 1 AND p.name IS NOT NULL "
        "ORDER BY r.mu - 3 * r.sigma DESC LIMIT ?",
        (game_name, game_name, limit),
    )


def export(store: GameStore, profile: str) -> dict[str, Any]:
    """Everything the store keeps of the profile, as JSON."""
    rows = store.query("SELECT name, email, created FROM profiles WHERE id = ?", (profile,))
    name, email, created = rows[0]
    keys = store.query("SELECT id, created FROM passkeys WHERE profile = ?", (profile,))
    seats = store.query("SELECT game, colour FROM profile_seats WHERE profile = ?", (profile,))
    return {
        "name": name,
        "email": email,
        "created": created,
        "passkeys": [{"id": key, "created": made} for key, made in keys],
        "seats": [{"game": game, "colour": colour} for game, colour in seats],
        "results": [result_json(r) for r in results_of(store, profile, 100_000)],
    }


def result_json(result: Result) -> dict[str, Any]:
    return {
        "game": result.game,
        "colour": result.colour,
        "game_name": result.game_name,
        "place": result.place,
        "players": result.players,
        "captures": result.captures,
        "against": "people" if result.people else "computers",
        "rated": result.rated,
        "rating": None if result.mu is None else {"mu": result.mu, "sigma": result.sigma},
        "ended": result.ended,
    }


def delete_profile(store: GameStore, profile: str) -> None:
    """The profile forgets its name, e-mail, passkeys and sign-ins, and its seats the names
    typed for them; its games and results stay, nobody's now (a former player's)."""
    with store.transaction():
        store.query(
            "UPDATE seats SET name = NULL WHERE EXISTS (SELECT 1 FROM profile_seats p "
            "WHERE p.game = seats.game AND p.colour = seats.colour AND p.profile = ?)",
            (profile,),
        )
        store.query("DELETE FROM passkeys WHERE profile = ?", (profile,))
        store.query("DELETE FROM signins WHERE profile = ?", (profile,))
        store.query(
            "UPDATE profiles SET name = NULL, name_key = NULL, email = NULL, "
            "email_pending = NULL, confirm = NULL, unsubscribe = NULL WHERE id = ?",
            (profile,),
        )


# what a store copy takes of the profiles, in an order their references allow (the sign-ins
# too, so nobody is signed out; the ceremonies under way are a few minutes' and stay behind)
COPIED_TABLES = (
    "profiles", "passkeys", "signins", "profile_seats", "rated_games", "results", "turn_due",
    "notices",
)  # fmt: skip


def copy_profiles(source: GameStore, target: GameStore) -> int:
    """Every profile's rows from ``source`` into ``target`` (inside the caller's transaction,
    after the games); the profiles copied."""
    for table in COPIED_TABLES:
        rows = source.query(f"SELECT * FROM {table}")
        if rows:
            marks = ", ".join("?" * len(rows[0]))
            target.query_many(f"INSERT INTO {table} VALUES ({marks})", rows)
    return len(source.query("SELECT id FROM profiles"))
