"""Build the offline classroom site: JupyterLite + the Pyodide kernel + the tutorials + cardwidgets.

Run by ``scripts/lite.sh``, in its own environment ``.venv-lite`` (the package and the ``lite``
dependency group: the kernel extension must not sit beside the tutorials' JupyterLab). The site in
``build/lite/`` needs no server-side Python and no internet: copy the folder anywhere (a USB
stick, a school web space) and open ``index.html`` through any static file server.

Where everything comes from, since the default JupyterLite build loads Pyodide from a CDN:

* **Pyodide** (the WebAssembly Python): npm's ``pyodide`` package, at exactly the version the
  installed ``jupyterlite-pyodide-kernel`` pins (``package.json`` pins it; this script checks).
  It holds the runtime and ``pyodide-lock.json``, but not the packages the lock names.
* **The lock's packages the kernel needs** (micropip, IPython, jedi and their dependencies) are
  pure-Python wheels: they come from PyPI at the lock's versions. Pyodide rebuilds its wheels,
  so their hashes differ from PyPI's files: the lock is rewritten with the hashes of the files
  shipped, and pruned to them (a package the site does not ship is not offered).
* **anywidget, ipywidgets and their dependencies, comm and the cardwidgets wheel** go into the
  site's ``pypi/`` folder, which the kernel's ``piplite`` installs from; the fallback to PyPI is
  disabled. Versions: the Pyodide lock's where it has the package, else the project's
  ``uv.lock``; ``uv pip compile`` resolves them for the Pyodide platform.
* **Front-end extensions**: only the Pyodide kernel, the ipywidgets manager and anywidget, from
  this environment (not everything installed in it).
* **Files**: every ``notebooks/*.ipynb``, each with a first cell that installs cardwidgets from
  the site, and the guides and rules of ``docs/`` that the notebooks link to.

Downloads are cached in ``build/lite-cache/`` (checked against PyPI's sha256), so a rebuild
works offline.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

from packaging.utils import canonicalize_name, parse_wheel_filename

REPO = Path(__file__).resolve().parents[1]
BUILD = REPO / "build"
SOURCE = BUILD / "lite-src"  # the JupyterLite "lite dir", assembled from scratch each build
OUTPUT = BUILD / "lite"
CACHE = BUILD / "lite-cache"
NPM_PYODIDE = REPO / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_FILES_OPTIONAL = ("pyodide.js", "package.json")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"
LABEXTENSIONS = (
    KERNEL_EXTENSION,
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
# What the kernel itself loads when it starts (jupyterlite-pyodide-kernel's worker), besides
# the wheels it ships: micropip from the lock, then ipykernel, comm, pyodide-kernel, jedi and
# ipython through piplite.
KERNEL_FROM_LOCK = ("micropip", "jedi", "ipython")
KERNEL_FROM_SITE = ("comm",)
# Shipped by the kernel extension itself (its own pypi/ folder): never duplicated here.
KERNEL_WHEELS = {"ipykernel", "piplite", "pyodide-kernel", "widgetsnbextension"}
# Tutorials the site leaves out, and why (the site's README says so, in English and German): a
# tutorial that stops at its first cell in front of a class is worse than one that is not there.
# None today: 05-learning's agent and chart are plain Python (its optional OpenSpiel cell says
# the extra is missing).
LEFT_OUT: dict[str, tuple[str, str]] = {}
SIMPLE = "https://pypi.org/simple/{name}/"  # PEP 691 JSON: file names, hashes, URLs
INSTALL_CELL = {
    "cell_type": "code",
    "execution_count": None,
    "id": "classroom-install",
    "metadata": {"tags": ["classroom-site"]},
    "outputs": [],
    "source": [
        "# Classroom site: install cardwidgets from this site's own files (no internet needed).\n",
        "%pip install cardwidgets",
    ],
}


def log(message: str) -> None:
    print(f"lite: {message}", flush=True)


def run(argv: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, check=True, text=True, **kwargs)


# -- Pyodide -----------------------------------------------------------------------------------


def kernel_pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def npm_pyodide_version() -> str:
    package = NPM_PYODIDE / "package.json"
    if not package.is_file():
        sys.exit(
            "lite: node_modules/pyodide is missing: run `npm ci` (scripts/setup.sh does) first"
        )
    return str(json.loads(package.read_text())["version"])


def load_lock() -> dict[str, Any]:
    lock: dict[str, Any] = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text())
    return lock


def lock_closure(lock: dict[str, Any], roots: set[str]) -> set[str]:
    packages = lock["packages"]
    seen: set[str] = set()
    stack = [canonicalize_name(r) for r in roots]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        if name not in packages:
            sys.exit(f"lite: the Pyodide lock has no package {name!r}")
        seen.add(name)
        stack.extend(canonicalize_name(d) for d in packages[name]["depends"])
    return seen


# -- PyPI downloads ----------------------------------------------------------------------------


def pypi_files(name: str, version: str) -> list[dict[str, Any]]:
    """PyPI's files of one release, from the simple JSON index (cached for offline rebuilds)."""
    cached = CACHE / "simple" / f"{canonicalize_name(name)}.json"
    for attempt in ("cache", "network"):
        if attempt == "network" or not cached.is_file():
            request = urllib.request.Request(
                SIMPLE.format(name=canonicalize_name(name)),
                headers={"Accept": "application/vnd.pypi.simple.v1+json"},
            )
            with urllib.request.urlopen(request, timeout=60) as response:
                data = response.read()
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_bytes(data)
        files = []
        for file in json.loads(cached.read_text())["files"]:
            filename = file["filename"]
            if not filename.endswith(".whl") or file.get("yanked"):
                continue
            if str(parse_wheel_filename(filename)[1]) == version:
                files.append(file)
        if files:
            return files
    sys.exit(f"lite: PyPI has no wheel of {name} {version}")


def pure_wheel(name: str, version: str, prefer: str | None = None) -> dict[str, Any]:
    """The release's pure-Python wheel on PyPI (``prefer``: an exact file name)."""
    pure = []
    for file in pypi_files(name, version):
        tags = parse_wheel_filename(file["filename"])[3]
        if any(
            t.abi == "none" and t.platform == "any" and t.interpreter.startswith("py3")
            for t in tags
        ):
            pure.append(file)
    if not pure:
        sys.exit(f"lite: {name} {version} has no pure-Python wheel on PyPI")
    for file in pure:
        if file["filename"] == prefer:
            return file
    return pure[0]


def fetch(file: dict[str, Any], dest: Path) -> str:
    """Download a PyPI file into ``dest`` (a folder) through the cache; return its sha256."""
    cached = CACHE / "wheels" / file["filename"]
    expected = file["hashes"]["sha256"]
    if not cached.is_file() or hashlib.sha256(cached.read_bytes()).hexdigest() != expected:
        cached.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(file["url"], timeout=120) as response:
            data = response.read()
        if hashlib.sha256(data).hexdigest() != expected:
            sys.exit(f"lite: {file['filename']} does not match PyPI's sha256")
        cached.write_bytes(data)
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy2(cached, dest / file["filename"])
    return str(expected)


# -- what the browser installs -----------------------------------------------------------------


def project_versions() -> dict[str, str]:
    """Pinned versions of the package's run-time dependencies from uv.lock."""
    done = run(
        [
            *("uv", "export", "--locked", "--no-dev", "--no-hashes", "--no-emit-project"),
            *("--no-annotate", "--no-header", "--format", "requirements-txt"),
        ],
        cwd=REPO,
        capture_output=True,
    )
    versions = {}
    for line in done.stdout.splitlines():
        requirement = line.split(";")[0].strip()
        if "==" in requirement:
            name, version = requirement.split("==", 1)
            versions[canonicalize_name(name)] = version.strip()
    return versions


def resolve_for_pyodide(wheel: Path, lock: dict[str, Any], python: str) -> dict[str, str]:
    """Every package the browser needs for cardwidgets and the kernel: name -> version."""
    work = CACHE / "resolve"
    work.mkdir(parents=True, exist_ok=True)
    lock_versions = {canonicalize_name(p["name"]): p["version"] for p in lock["packages"].values()}
    constraints = dict(project_versions())
    constraints.update(lock_versions)  # what Pyodide ships wins
    constraints.pop("cardwidgets", None)
    for name in KERNEL_WHEELS:
        constraints.pop(name, None)
    (work / "requirements.in").write_text(
        "\n".join([f"cardwidgets @ {wheel.resolve().as_uri()}", *KERNEL_FROM_SITE]) + "\n"
    )
    (work / "constraints.txt").write_text(
        "".join(f"{name}=={version}\n" for name, version in sorted(constraints.items()))
    )
    env = {**os.environ, "UV_PYTHON_DOWNLOADS": "never"}
    done = run(
        [
            *("uv", "pip", "compile", str(work / "requirements.in")),
            *("-c", str(work / "constraints.txt")),
            *("--python-platform", "wasm32-pyodide2025", "--python-version", python),
            *("--no-header", "--no-annotate", "--quiet"),
        ],
        cwd=REPO,
        capture_output=True,
        env=env,
    )
    resolved = {}
    for line in done.stdout.splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            resolved[canonicalize_name(name)] = version.strip()
    return resolved


# -- the site ----------------------------------------------------------------------------------


def build_wheel(dest: Path) -> Path:
    """The cardwidgets wheel. Offline (a classroom without internet), ``uv build`` cannot ask
    PyPI for the build backend: it is retried with ``UV_OFFLINE=1`` (the backend cached by an
    earlier build), and if that fails too, uv's own messages are shown, not swallowed."""
    dest.mkdir(parents=True, exist_ok=True)
    argv = ["uv", "build", "--wheel", "--out-dir", str(dest), str(REPO)]
    first = subprocess.run(argv, text=True, capture_output=True)
    if first.returncode != 0:
        log("uv build failed; trying again offline (UV_OFFLINE=1)")
        again = subprocess.run(
            argv, text=True, capture_output=True, env={**os.environ, "UV_OFFLINE": "1"}
        )
        if again.returncode != 0:
            sys.exit(
                "lite: `uv build` failed, online and offline (UV_OFFLINE=1):\n"
                + first.stderr
                + again.stderr
                + "lite: build once with internet access, so uv caches the build backend"
            )
    wheels = sorted(dest.glob("cardwidgets-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"lite: expected one cardwidgets wheel, found {wheels}")
    return wheels[0]


def site_pyodide(lock: dict[str, Any], needed: set[str]) -> None:
    """static/pyodide/: the npm runtime, the needed lock wheels from PyPI, the rewritten lock."""
    dest = SOURCE / "static" / "pyodide"
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NPM_PYODIDE / name, dest / name)
    for name in PYODIDE_FILES_OPTIONAL:
        if (NPM_PYODIDE / name).is_file():
            shutil.copy2(NPM_PYODIDE / name, dest / name)
    new_lock = {"info": copy.deepcopy(lock["info"]), "packages": {}}
    for name in sorted(needed):
        package = copy.deepcopy(lock["packages"][name])
        if not package["file_name"].endswith("-none-any.whl"):
            sys.exit(f"lite: {name} is not pure Python in the Pyodide lock; npm does not ship it")
        file = pure_wheel(package["name"], package["version"], prefer=package["file_name"])
        package["sha256"] = fetch(file, dest)
        package["file_name"] = file["filename"]
        new_lock["packages"][name] = package
    (dest / "pyodide-lock.json").write_text(json.dumps(new_lock, indent=1, sort_keys=True) + "\n")


def site_pypi(wheel: Path, resolved: dict[str, str], lock: dict[str, Any]) -> list[str]:
    """pypi/: the cardwidgets wheel and every resolved package that Pyodide does not ship."""
    dest = SOURCE / "pypi"
    shipped = [wheel.name]
    for name, version in sorted(resolved.items()):
        if name == "cardwidgets" or name in KERNEL_WHEELS or name in lock["packages"]:
            continue
        file = pure_wheel(name, version)
        fetch(file, dest)
        shipped.append(file["filename"])
    return shipped


def kernel_wheels() -> list[Path]:
    """The kernel extension's own wheels (ipykernel, piplite, pyodide-kernel, widgetsnbextension),
    the newest version of each."""
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    folder = labextensions / KERNEL_EXTENSION / "static" / "pypi"
    newest: dict[str, tuple[Any, Path]] = {}
    for wheel in folder.glob("*.whl"):
        name, version = parse_wheel_filename(wheel.name)[:2]
        if name not in newest or version > newest[name][0]:
            newest[name] = (version, wheel)
    if set(newest) != KERNEL_WHEELS:
        sys.exit(f"lite: expected the kernel's wheels {sorted(KERNEL_WHEELS)} in {folder}")
    return [wheel for _, wheel in newest.values()]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def top_level(wheel: Path) -> list[str]:
    """The importable top-level names of a wheel (its folders and modules)."""
    with zipfile.ZipFile(wheel) as archive:
        names = {n.split("/")[0] for n in archive.namelist()}
    return sorted(
        n.removesuffix(".py")
        for n in names
        if not n.endswith((".dist-info", ".data")) and (n.endswith(".py") or "." not in n)
    )


def site_preload(wheels: list[Path]) -> list[str]:
    """Add ``wheels`` to static/pyodide/ and its lock; return every package the kernel preloads.

    Start-up (issue 29): without this the kernel's worker installs ipykernel, comm,
    pyodide-kernel, jedi and IPython one after the other through micropip (each a resolution
    and a round of index requests), and the first cell installs cardwidgets, anywidget,
    ipywidgets and psygnal the same way. Listed in ``loadPyodideOptions.packages``, every wheel
    of the lock is fetched in parallel and unpacked by Pyodide itself while it boots, and
    ``%pip install cardwidgets`` finds it installed.
    """
    dest = SOURCE / "static" / "pyodide"
    lock_file = dest / "pyodide-lock.json"
    new_lock = json.loads(lock_file.read_text())
    for wheel in wheels:
        name, version = parse_wheel_filename(wheel.name)[:2]
        shutil.copy2(wheel, dest / wheel.name)
        new_lock["packages"][name] = {
            "name": name,
            "version": str(version),
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": sha256(wheel),
            "package_type": "package",
            "imports": top_level(wheel),
            "depends": [],  # every one is listed in the preload anyway
            "unvendored_tests": False,
        }
    lock_file.write_text(json.dumps(new_lock, indent=1, sort_keys=True) + "\n")
    return sorted(new_lock["packages"])


def site_bytecode() -> None:
    """Compile every archive of static/pyodide/ to bytecode (``scripts/lite_bytecode.mjs``).

    Start-up (issue 29): the stdlib zip and the wheels hold only sources and Pyodide writes no
    bytecode, so every page load compiled each module it imported (IPython alone took seconds).
    Results are cached by the input's sha256, so a rebuild compiles nothing new; the lock gets
    the hashes of the files shipped.
    """
    dest = SOURCE / "static" / "pyodide"
    archives = [dest / "python_stdlib.zip", *sorted(dest.glob("*.whl"))]
    cache = CACHE / "bytecode"
    cache.mkdir(parents=True, exist_ok=True)
    done = {a: cache / f"{sha256(a)[:20]}-{a.name}" for a in archives}
    todo = [str(p) for a, out in done.items() if not out.is_file() for p in (a, out)]
    if todo:
        started = time.monotonic()
        run(["node", str(REPO / "scripts" / "lite_bytecode.mjs"), str(NPM_PYODIDE), *todo])
        log(f"compiled {len(todo) // 2} archives to bytecode in {time.monotonic() - started:.0f} s")
    for archive, out in done.items():
        shutil.copy2(out, archive)
    lock_file = dest / "pyodide-lock.json"
    lock = json.loads(lock_file.read_text())
    for package in lock["packages"].values():
        package["sha256"] = sha256(dest / package["file_name"])
    lock_file.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def site_files() -> list[str]:
    """files/: every tutorial (with the install cell first) and the docs pages they link to."""
    files = SOURCE / "files"
    names = []
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        if notebook.name in LEFT_OUT:
            continue
        data = json.loads(notebook.read_text(encoding="utf-8"))
        data["cells"] = [INSTALL_CELL, *data["cells"]]
        for cell in data["cells"]:
            # A fresh notebook for the class, with every text a plain string: JupyterLite reads
            # the file as it is and would show a list of lines joined by commas.
            cell["source"] = _joined(cell["source"])
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        data["metadata"].pop("widgets", None)
        target = files / "notebooks" / notebook.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        names.append(f"notebooks/{notebook.name}")
    for page in sorted((REPO / "docs").rglob("*.md")):
        relative = page.relative_to(REPO)
        if any(part.startswith(("_", ".")) for part in relative.parts):
            continue
        (files / relative).parent.mkdir(parents=True, exist_ok=True)
        (files / relative).write_text(anchored(page.read_text(encoding="utf-8")), encoding="utf-8")
    return names


def anchored(markdown: str) -> str:
    """``markdown`` with an anchor before each heading, named as GitHub and MyST name them
    (``## Seed rules`` -> ``seed-rules``, ``### T-D9`` -> ``t-d9``): JupyterLab's own heading
    ids keep the case, so the tutorials' links (``tablic.md#t-d9``) found nothing.

    >>> print(anchored("# Tablić\\n\\n### T-D9 and more"))
    <a id="tablić"></a>
    # Tablić
    <BLANKLINE>
    <a id="t-d9-and-more"></a>
    ### T-D9 and more
    """
    out, fenced = [], False
    for line in markdown.split("\n"):
        if line.startswith("```"):
            fenced = not fenced
        if not fenced and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            slug = "".join(ch for ch in title if ch.isalnum() or ch in " -_").replace(" ", "-")
            out.append(f'<a id="{slug}"></a>')
        out.append(line)
    return "\n".join(out)


def _joined(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


def site_extensions() -> None:
    prefix = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    for name in LABEXTENSIONS:
        source = prefix / name
        if not (source / "package.json").is_file():
            sys.exit(f"lite: the front-end extension {name} is not installed in {prefix}")
        shutil.copytree(source, SOURCE / "labextensions" / name)


def site_config(notebooks: list[str], preload: list[str]) -> None:
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "cardwidgets classroom",
            "exposeAppInBrowser": True,  # window.jupyterapp: tests (and teachers) can script it
            "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }
    (SOURCE / "jupyter-lite.json").write_text(json.dumps(config, indent=2) + "\n")
    # The tutorials link to the rules (docs/rules/*.md#decision): open Markdown rendered, where
    # the anchor finds its heading, not as source in the text editor.
    overrides = {
        "@jupyterlab/docmanager-extension:plugin": {
            "defaultViewers": {"markdown": "Markdown Preview"}
        },
        # Every cell stays in the page: with JupyterLab's windowing a board scrolled out of
        # view leaves the page, and comes back re-rendered from scratch when scrolled to.
        "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    }
    (SOURCE / "overrides.json").write_text(json.dumps(overrides, indent=2) + "\n")
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "no_sourcemaps": True,
        },
        "FederatedExtensionAddon": {"extra_labextensions_path": [str(SOURCE / "labextensions")]},
    }
    (SOURCE / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2) + "\n")
    listed = "".join(f"- [{Path(n).stem}]({n})\n" for n in notebooks)
    (SOURCE / "files" / "README.md").write_text(
        "# cardwidgets classroom\n\n"
        "Open a tutorial in `notebooks/` and run its cells from the top: the first cell installs\n"
        "cardwidgets from this site. Everything runs in your browser; nothing is sent anywhere.\n\n"
        + listed
        + "".join(f"\nNot here: {Path(n).stem} {why[0]}.\n" for n, why in LEFT_OUT.items())
        + "\nThe rules of the games are in `docs/rules/`.\n\n"
        "## Auf Deutsch\n\n"
        "Öffnen Sie ein Tutorial in `notebooks/` und führen Sie seine Zellen von oben aus: die\n"
        "erste Zelle installiert cardwidgets von dieser Seite. Alles läuft in Ihrem Browser;\n"
        "nichts wird irgendwohin gesendet.\n\n"
        + listed
        + "".join(f"\nNicht hier: {Path(n).stem} {why[1]}.\n" for n, why in LEFT_OUT.items())
        + "\nDie Regeln der Spiele stehen in `docs/rules/`.\n"
    )


def jupyter_lite_build() -> None:
    run(
        [
            *(sys.executable, "-m", "jupyterlite_core", "build"),
            *("--lite-dir", str(SOURCE), "--output-dir", str(OUTPUT)),
        ],
        cwd=SOURCE,
        env={**os.environ, "JUPYTERLITE_NO_LIBARCHIVE": "1"},
        capture_output=True,
    )


FILE_PAGE = """<script>
/* Opened as a file (a double click on index.html): browsers run no module scripts or web
   workers from file://, so the site would stay blank. Say what to do instead. */
if (location.protocol === "file:") {
  document.addEventListener("DOMContentLoaded", function () {
    document.body.innerHTML =
      '<main style="font: 16px/1.5 sans-serif; max-width: 40em; margin: 3em auto">' +
      "<h1>cardwidgets classroom</h1>" +
      "<p>This site has to come from a web server; a double click on index.html is not " +
      "enough. In a terminal, in the folder that holds this site: " +
      "<code>python3 -m http.server 8000</code>, then open " +
      '<a href="http://localhost:8000">http://localhost:8000</a>.</p>' +
      '<p lang="de">Diese Seite muss von einem Webserver kommen; ein Doppelklick auf ' +
      "index.html reicht nicht. Im Terminal, im Ordner dieser Seite: " +
      "<code>python3 -m http.server 8000</code>, dann " +
      '<a href="http://localhost:8000">http://localhost:8000</a> öffnen.</p></main>';
  });
}
</script>
"""


def explain_file_open() -> None:
    """index.html opened as a file shows how to serve the site instead of a blank page."""
    page = OUTPUT / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("<head>", "<head>\n" + FILE_PAGE, 1), encoding="utf-8")


def check_offline() -> None:
    """The built configuration must not point at a CDN."""
    config = json.loads((OUTPUT / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    if not settings.get("pyodideUrl", "").startswith("./"):
        sys.exit(f"lite: pyodideUrl is not local: {settings.get('pyodideUrl')!r}")
    if settings.get("disablePyPIFallback") is not True:
        sys.exit("lite: the PyPI fallback is not disabled")


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    start = time.monotonic()
    pinned, npm = kernel_pyodide_version(), npm_pyodide_version()
    if pinned != npm:
        sys.exit(
            f"lite: jupyterlite-pyodide-kernel needs Pyodide {pinned}, but node_modules has "
            f'{npm}: set "pyodide": "{pinned}" in package.json and run npm install'
        )
    lock = load_lock()
    python = ".".join(lock["info"]["python"].split(".")[:2])
    log(f"Pyodide {npm} (Python {python}) from npm")
    for folder in (SOURCE, OUTPUT):
        shutil.rmtree(folder, ignore_errors=True)
    SOURCE.mkdir(parents=True)
    wheel = build_wheel(SOURCE / "pypi")
    resolved = resolve_for_pyodide(wheel, lock, python)
    from_lock = {n for n in resolved if n in lock["packages"]} | set(KERNEL_FROM_LOCK)
    needed = lock_closure(lock, from_lock)
    site_pyodide(lock, needed)
    log(f"{len(needed)} packages of the Pyodide lock from PyPI: {', '.join(sorted(needed))}")
    shipped = site_pypi(wheel, resolved, lock)
    log(f"pypi/: {', '.join(shipped)}")
    preload = site_preload([*kernel_wheels(), *sorted((SOURCE / "pypi").glob("*.whl"))])
    log(f"preloaded when the kernel starts: {', '.join(preload)}")
    site_bytecode()
    notebooks = site_files()
    site_extensions()
    site_config(notebooks, preload)
    jupyter_lite_build()
    explain_file_open()
    check_offline()
    size = folder_size(OUTPUT) / 1e6
    log(f"built in {time.monotonic() - start:.0f} s, {size:.0f} MB: {OUTPUT}/index.html")
    log("serve the folder with any static file server, e.g. python3 -m http.server -d build/lite")


if __name__ == "__main__":
    main()
