"""The pictures a run draws (the ``plots`` extra: matplotlib, imported only when drawing)."""

from __future__ import annotations

from pegrace.errors import OptionError, saying
from pegrace.i18n import said


def require_plots(flag: str) -> None:
    """Refuses ``flag`` (before any game is played) where matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        # TRANSLATORS: {flag} is an option as typed ("--curve", "--out runs/a"); the pip command
        # is kept as typed
        missing = said(
            "{flag} draws its plots with matplotlib, which is not installed here: "
            "pip install 'pegrace[plots]'",
            flag=flag,
        )
        raise saying(OptionError, missing) from None
