"""The pictures a run draws (the ``plots`` extra: matplotlib, imported only when drawing)."""

from __future__ import annotations

from pegrace.errors import OptionError


def require_plots(flag: str) -> None:
    """Refuses ``flag`` (before any game is played) where matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise OptionError(
            f"{flag} draws its plots with matplotlib, which is not installed here: "
            "pip install 'pegrace[plots]'"
        ) from None
