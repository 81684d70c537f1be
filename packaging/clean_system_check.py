"""Does the Linux bundle start on a clean system? ``sudo python packaging/clean_system_check.py``.

The bundle leaves the desktop's own libraries to the system (X11/xcb, fonts,
GLib, D-Bus, CUPS, libstdc++, GL: packaging/paydesk.spec). This proves the list
of packages a counter PC needs (packaging/linux/runtime-packages.txt) is
complete: a minimal Debian root made with ``debootstrap --variant=minbase``, plus
only those packages, runs the smoke check (packaging/smoke_check.py) with the
window on a real X server (Xvfb), every program inside the root (``chroot``).

Needs root (debootstrap, chroot, bind mounts), ``debootstrap`` and ``Xvfb``
(``apt-get install debootstrap xvfb``), and a Debian mirror. The root is kept
(``--root``, ``/var/tmp/paydesk-clean-root`` by default) so a second run skips
debootstrap; ``--fresh`` makes it again. Exit code: the smoke check's.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PACKAGES = HERE / "linux" / "runtime-packages.txt"
DEFAULT_BUNDLE = ROOT / "dist" / "PayDesk"
DEFAULT_ROOT = Path("/var/tmp/paydesk-clean-root")  # noqa: S108 (root-only, kept on purpose)


def _run(*command: str) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True)  # noqa: S603 (fixed commands)


def runtime_packages() -> list[str]:
    lines = PACKAGES.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


@contextmanager
def bind_mounts(root: Path) -> Iterator[None]:
    """/proc and /dev for apt and Qt; /tmp for the smoke check's folders and X's socket."""
    mounted: list[Path] = []
    try:
        for folder in ("/proc", "/dev", "/tmp"):  # noqa: S108 (bind-mounted, not written)
            target = root / folder.lstrip("/")
            target.mkdir(exist_ok=True)
            _run("mount", "--bind", folder, str(target))
            mounted.append(target)
        yield
    finally:
        for target in reversed(mounted):
            subprocess.run(["umount", "--lazy", str(target)], check=False)  # noqa: S603,S607


@contextmanager
def x_server(display: int) -> Iterator[str]:
    socket = Path(f"/tmp/.X11-unix/X{display}")  # noqa: S108 (where X puts its socket)
    server = subprocess.Popen(  # noqa: S603
        ["Xvfb", f":{display}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],  # noqa: S607
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not socket.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"Xvfb :{display} did not start")
            time.sleep(0.1)
        yield f":{display}"
    finally:
        server.terminate()
        server.wait(10)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start the bundle on a minimal Debian.")
    parser.add_argument("bundle", nargs="?", type=Path, default=DEFAULT_BUNDLE)
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--suite", default="bookworm")
    parser.add_argument("--mirror", default="http://deb.debian.org/debian")
    parser.add_argument("--fresh", action="store_true", help="debootstrap the root again")
    parser.add_argument("--display", type=int, default=97)
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("needs root: debootstrap, chroot and bind mounts", file=sys.stderr)
        return 2
    if not (args.bundle / "PayDesk").is_file():
        print(f"no bundle at {args.bundle}: python packaging/build_bundle.py", file=sys.stderr)
        return 2
    if args.fresh and args.root.exists():
        shutil.rmtree(args.root)
    if not (args.root / "usr" / "bin" / "apt-get").exists():
        _run("debootstrap", "--variant=minbase", args.suite, str(args.root), args.mirror)
    target = args.root / "opt" / "PayDesk"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(args.bundle, target, symlinks=True)
    with bind_mounts(args.root):
        _run("chroot", str(args.root), "apt-get", "update", "-q")
        _run("chroot", str(args.root), "env", "DEBIAN_FRONTEND=noninteractive", "apt-get",
             "install", "-y", "-q", "--no-install-recommends", *runtime_packages())
        with x_server(args.display) as display:
            env = dict(os.environ, DISPLAY=display)
            checked = subprocess.run(  # noqa: S603
                [sys.executable, str(HERE / "smoke_check.py"), "--platform", "xcb",
                 "--root", str(args.root)], env=env, check=False,
            )
    print(f"clean {args.suite} with {len(runtime_packages())} packages from "
          f"{PACKAGES.relative_to(ROOT)}: smoke check exit code {checked.returncode}")
    return checked.returncode


if __name__ == "__main__":
    raise SystemExit(main())
