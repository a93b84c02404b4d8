"""The ``pegrace`` command's subcommands, one module each: the arguments it takes beside the
run that reads them, as a ``Command`` (common.py) that ``pegrace.cli`` lists in its table."""
