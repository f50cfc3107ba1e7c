"""``python -m lightfix ARGS``: runs the lightfix binary with ARGS."""

import os
import sys

from lightfix import find_lightfix_bin


def main() -> None:
    try:
        binary = find_lightfix_bin()
    except FileNotFoundError as error:
        sys.stderr.write(f"{error}\n")
        sys.exit(2)
    os.execv(binary, [binary, *sys.argv[1:]])


if __name__ == "__main__":
    main()
