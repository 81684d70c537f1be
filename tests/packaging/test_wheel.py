"""The release: the source archive builds, and what is installed from it works.

The sdist is built as a release is (``python -m build --sdist``), from a copy of
what is committed; the wheel is built from that sdist, the way pip builds it for a
person (an isolated build environment, which brings PySide6-Essentials' lrelease
for the .qm); both carry the resources and the licences. The sdist is installed
into a fresh virtual environment and run from a folder outside the checkout.

The fresh environment does not download PayDesk's dependencies again: a .pth
file puts this environment's site-packages after its own. This test is about
what the wheel carries, not about PyPI, and reinstalling PySide6 (~240 MB) would
make it slow for nothing. That does not let the checkout leak in: paths listed
in a .pth are appended to sys.path after the venv's own site-packages (where the
wheel's paydesk lands), and .pth files inside them (this environment's editable
install of the checkout) are not processed. The run's reported resources folder
is checked to be inside the fresh environment all the same.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.scenario]

ROOT = Path(__file__).resolve().parents[2]
#: What the build reads, copied out so a stale build/ folder in the checkout (old
#: modules that setuptools would pack again) cannot reach the wheel.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "LICENSES",
                "THIRD-PARTY.md", "app", "resources")
LICENCES = ("LICENSE", "LICENSES/LGPL-3.0.txt", "LICENSES/GPL-3.0.txt", "THIRD-PARTY.md")
BUILD_TIMEOUT = 600  # the first build downloads PySide6-Essentials into pip's cache
RUN_TIMEOUT = 60


def _run(command: list[str], *, timeout: float, cwd: Path | None = None,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8",
                          timeout=timeout, cwd=cwd, env=env, check=False)
    assert done.returncode == 0, f"{command} -> {done.returncode}:\n{done.stdout}{done.stderr}"
    return done


def _copy_sources(target: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "*.qm")
    target.mkdir()
    for name in BUILD_INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=ignore)
        else:
            shutil.copy2(source, target / name)
    return target


def _build_sdist(tmp_path: Path) -> Path:
    sources = _copy_sources(tmp_path / "src")
    dist = tmp_path / "dist"
    _run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(sources)],
         timeout=BUILD_TIMEOUT)
    (sdist,) = dist.glob("paydesk-*.tar.gz")
    return sdist


def _build_wheel(sdist: Path, tmp_path: Path) -> Path:
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels),
          str(sdist)], timeout=BUILD_TIMEOUT)
    (wheel,) = wheels.glob("paydesk-*.whl")
    return wheel


def _fresh_venv(tmp_path: Path) -> tuple[Path, Path]:
    """A venv without pip (the outer pip installs into it) that sees our dependencies."""
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], timeout=RUN_TIMEOUT)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    query = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(_run([str(python), "-c", query], timeout=RUN_TIMEOUT).stdout.strip())
    outer = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (site / "zz_outer_site_packages.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    return python, site


def test_the_sdist_builds_a_complete_wheel_and_installs_a_working_paydesk(
    tmp_path: Path,
) -> None:
    sdist = _build_sdist(tmp_path)
    with tarfile.open(sdist) as archive:
        members = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for shipped in (*LICENCES, "resources/icons/paydesk.svg", "resources/sounds/paid.wav",
                    "resources/translations/paydesk_ru.ts", "app/paydesk/launch.py"):
        assert shipped in members, f"{shipped} missing from the sdist"

    wheel = _build_wheel(sdist, tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    assert not {name for name in names if name.endswith(".ts")}, "translation sources shipped"
    assert "paydesk/resources/translations/paydesk_ru.qm" in names
    assert "paydesk/resources/sounds/refused.wav" in names
    assert "paydesk/resources/web/display.js" in names  # the buyer's web screen's page
    licences = {name.split(".dist-info/licenses/", 1)[1] for name in names
                if ".dist-info/licenses/" in name}
    assert set(LICENCES) <= licences
    [metadata] = [name for name in names if name.endswith(".dist-info/METADATA")]
    requires = [line.removeprefix("Requires-Dist: ").lower()  # at run time: not an extra's
                for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist: ") and "extra ==" not in line]
    assert any(name.startswith("qrcode") for name in requires)  # the QR encoder
    assert any(name.startswith("aiohttp") for name in requires)  # the buyer's web screen
    assert not any(name.startswith("zxing") for name in requires)  # the tests' decoder

    python, site = _fresh_venv(tmp_path)
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--quiet", str(sdist)], timeout=BUILD_TIMEOUT)

    resources = site / "paydesk" / "resources"
    assert (resources / "icons" / "paydesk.svg").is_file()
    assert (resources / "icons" / "paydesk.png").is_file()
    assert {wav.name for wav in (resources / "sounds").glob("*.wav")} == {"paid.wav", "refused.wav"}
    assert (resources / "translations" / "paydesk_ru.qm").is_file()

    command = python.parent / ("paydesk.exe" if sys.platform == "win32" else "paydesk")
    env = {name: value for name, value in os.environ.items()
           if not name.startswith(("PYTHON", "PAYDESK_"))}
    env.update(QT_QPA_PLATFORM="offscreen", PAYDESK_DATA_DIR=str(tmp_path / "data"),
               XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONIOENCODING="utf-8",
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    done = _run([str(command), "about", "--check"], cwd=tmp_path, env=env, timeout=RUN_TIMEOUT)

    lines = dict(line.split(":", 1) for line in done.stdout.splitlines())
    assert lines["Resources"].strip() == f"{resources} (installed package)"
    assert lines["Icon"].strip() == f"loaded ({resources / 'icons' / 'paydesk.svg'})"
    assert lines["Russian"].strip().startswith(
        f"loaded ({resources / 'translations' / 'paydesk_ru.qm'};"
    )
    assert "'Paid' -> 'Оплачено'" in lines["Russian"]
