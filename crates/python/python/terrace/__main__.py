"""The ``terrace`` command: the console, ``-e``, ``fmt``, ``check``, exactly as the
Rust binary (``python -m terrace`` too). ``pip install`` puts it on the PATH.
"""

import signal
import sys


def main() -> None:
    """Run ``terrace`` with this process's arguments and exit with its status."""
    from ._terrace import run_command_line

    # As in the Rust binary: Ctrl-C is the console's to handle (it stops an evaluation
    # and keeps the session); elsewhere it ends the process, with no Python traceback.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    status = run_command_line(sys.argv[1:])
    sys.stdout.flush()
    sys.exit(status)


if __name__ == "__main__":
    main()
