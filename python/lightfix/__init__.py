"""lightfix: finds and fixes what makes Lightning crash under DeepSpeed.

The work is done by the native ``lightfix`` binary this wheel installs;
this package only finds it, for ``python -m lightfix``.
"""

import os
import sysconfig

__all__ = ["find_lightfix_bin"]


def _candidates():
    exe = "lightfix" + (sysconfig.get_config_var("EXE") or "")
    # Where pip put the wheel's scripts: this interpreter's scheme, the
    # user's scheme (`pip install --user`), and beside this package for
    # `pip install --prefix` or `--target`.
    yield os.path.join(sysconfig.get_path("scripts"), exe)
    user = sysconfig.get_preferred_scheme("user")
    yield os.path.join(sysconfig.get_path("scripts", scheme=user), exe)
    package = os.path.dirname(os.path.abspath(__file__))
    site = os.path.dirname(package)
    yield os.path.join(os.path.dirname(site), "bin", exe)  # --target: <target>/bin
    prefix = os.path.dirname(os.path.dirname(os.path.dirname(site)))
    yield os.path.join(prefix, "bin", exe)  # --prefix: <prefix>/lib/pythonX.Y/site-packages


def find_lightfix_bin() -> str:
    """The path of the lightfix binary installed with this package."""
    for path in _candidates():
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise FileNotFoundError(
        "lightfix: the lightfix binary is not where pip installs it; "
        "reinstall with `pip install --force-reinstall lightfix`"
    )
