"""Packaging as users expect it: the license, the typing marker, the metadata, a clear
message when an optional package is missing, and the built wheel working in a fresh virtual
environment on a machine without Node.js."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from pathlib import Path

import pytest

from cardwidgets import extras, lab

REPO = Path(__file__).resolve().parents[1]
LESSONS = REPO / "cardwidgets" / "lessons" / "examples"
tomllib = pytest.importorskip("tomllib")  # Python 3.11+; 3.10 skips the metadata checks


def test_license_file_is_the_declared_mit_license() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (REPO / "LICENSE").read_text()
    assert text.startswith("MIT License\n")
    assert "Permission is hereby granted, free of charge" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_metadata_names_audience_and_python_versions() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    classifiers = set(project["classifiers"])
    assert "Framework :: Jupyter :: JupyterLab :: 4" in classifiers
    assert "Intended Audience :: Education" in classifiers
    assert "Typing :: Typed" in classifiers
    versions = {c.rsplit(" ", 1)[-1] for c in classifiers if c.startswith("Programming Language")}
    assert {"3.10", "3.11", "3.12", "3.13"} <= versions
    assert project["requires-python"] == ">=3.10"
    assert (REPO / "cardwidgets" / "py.typed").is_file()


# Addresses invented for a repository and a site that do not exist: no page, no
# metadata may send a reader there. A real address, once there is one, goes in [project.urls].
PLACEHOLDER_HOSTS = ("github.com/cardwidgets", "cardwidgets.github.io")


def test_no_placeholder_project_urls_in_metadata_readme_or_docs() -> None:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    for url in project.get("urls", {}).values():
        assert not any(host in url for host in PLACEHOLDER_HOSTS), url
    sources = [REPO / "pyproject.toml", REPO / "README.md", *sorted((REPO / "docs").glob("*.*"))]
    sources = [path for path in sources if path.is_file()]
    sources += sorted((REPO / "notebooks").glob("*.ipynb"))
    for path in sources:
        text = path.read_text(encoding="utf-8")
        for host in PLACEHOLDER_HOSTS:
            assert host not in text, f"{path.relative_to(REPO)} names the placeholder {host}"


def test_tutorial_environment_holds_no_jupyterlite_kernel_extension() -> None:
    """JupyterLab loads every front-end extension of its environment.

    The Pyodide kernel's, beside a real JupyterLab, logs errors on every page: only the
    classroom build's own .venv-lite (scripts/lite.sh) may hold the `lite` group.
    """
    from importlib import metadata

    for name in ("jupyterlite-pyodide-kernel", "jupyterlite-core"):
        with pytest.raises(metadata.PackageNotFoundError):
            metadata.version(name)
    extensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    assert not list(extensions.glob("@jupyterlite/*/package.json"))


def test_missing_pandas_names_the_lab_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` fail
    results = lab.simulate("pazaak", games=2, seed=1)
    with pytest.raises(extras.MissingExtra) as caught:
        results.to_pandas()
    assert str(caught.value) == (
        'to_pandas() needs pandas, which is not installed. It comes with the "lab" extra: '
        'pip install "cardwidgets[lab]"'
    )
    assert caught.value.text("de") == (
        "to_pandas() braucht pandas, das nicht installiert ist. Es gehört zum Extra „lab“: "
        'pip install "cardwidgets[lab]"'
    )
    assert isinstance(caught.value, ImportError) and caught.value.name == "pandas"


def test_missing_matplotlib_names_the_lab_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    results = lab.simulate("pazaak", games=2, seed=1)
    with pytest.raises(ImportError, match=r'plot\(\) needs matplotlib.*"cardwidgets\[lab\]"'):
        results.plot()


def _uv() -> str:
    """The uv binary (``uv run`` says where it is; a pyenv shim on PATH would need a shell)."""
    found = os.environ.get("UV") or shutil.which("uv")
    if not found:
        pytest.fail("uv is needed to build the wheel (scripts/setup.sh installs it)")
    return found


# The render check run inside the fresh environment: a widget, its static picture, and the
# missing-extra message (the fresh environment has no pandas).
FRESH_CHECK = textwrap.dedent(
    """
    import shutil
    import cardwidgets
    from cardwidgets import lab
    from cardwidgets.widgets import TablicWidget

    assert shutil.which("node") is None, "node is on PATH"
    assert cardwidgets.__file__.find("site-packages") > 0, cardwidgets.__file__
    widget = TablicWidget(seed=1)
    data, _ = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert 'class="cw-root' in data["text/html"], data["text/html"][:300]
    assert widget._esm and "cw-root" in str(widget._esm)
    try:
        lab.simulate("tablic", games=1, seed=1).to_pandas()
    except ImportError as error:
        print("MISSING:", error)
    from cardwidgets import lessons

    names = lessons.examples()
    assert lessons.load("tablic-captures").exercises, names
    print("LESSONS", len(names))
    page = lessons.load("pazaak-odds").to_html(locale="de")
    assert lessons.page.read_page(page)["locale"] == "de"  # the installed lesson.js inside
    print("LESSON PAGE", len(page))
    print("RENDERED", len(data["text/html"]), repr(widget))
    from cardwidgets.widgets import PositionEditor

    editor = PositionEditor("pazaak")
    assert "cw-editor" in str(editor._esm) and "cw-editor" in str(editor._css)
    print("EDITOR", editor.code[:1])
    """
)


@pytest.mark.timeout(300)
def test_built_wheel_installs_and_renders_in_a_fresh_venv_without_node(tmp_path: Path) -> None:
    uv = _uv()
    dist = tmp_path / "dist"
    subprocess.run(
        [uv, "build", "--sdist", "--wheel", "--out-dir", str(dist), str(REPO)],
        check=True,
        capture_output=True,
    )
    (wheel,) = dist.glob("cardwidgets-*.whl")
    (sdist,) = dist.glob("cardwidgets-*.tar.gz")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cardwidgets/py.typed" in names
    assert "cardwidgets/static/widget.js" in names
    assert "cardwidgets/static/replay.js" in names  # the kernel-free replay player
    catalogs = {f"cardwidgets/locales/{code}.po" for code in ("en", "de", "hr")}
    assert catalogs <= set(names)  # the sentences, read as they are (no compiled MO files)
    assert "cardwidgets/static/lesson.js" in names  # the kernel-free lesson page
    assert "cardwidgets/static/editor.js" in names  # the position editor's front end
    assert "cardwidgets/widgets/editor.css" in names
    lessons = {f"cardwidgets/lessons/examples/{p.name}" for p in LESSONS.glob("*.md")}
    assert len(lessons) == 6 and lessons <= set(names)  # lessons.load finds them installed
    license_name = next(n for n in names if n.endswith(".dist-info/licenses/LICENSE"))
    assert zipfile.ZipFile(wheel).read(license_name) == (REPO / "LICENSE").read_bytes()
    with tarfile.open(sdist) as archive:
        members = {m.name.split("/", 1)[1] for m in archive.getmembers() if "/" in m.name}
    assert {"LICENSE", "cardwidgets/py.typed", "cardwidgets/static/widget.js"} <= members
    assert "cardwidgets/static/replay.js" in members
    assert catalogs <= members
    assert "cardwidgets/static/lesson.js" in members
    assert "cardwidgets/static/editor.js" in members

    # The same versions as the project's lock (fast from uv's cache; PyPI otherwise).
    constraints = tmp_path / "constraints.txt"
    export = [uv, "export", "--locked", "--no-dev", "--all-extras", "--no-hashes"]
    export += ["--no-emit-project", "--format", "requirements-txt", "-o", str(constraints)]
    subprocess.run(export, cwd=REPO, check=True, capture_output=True)
    venv = tmp_path / "fresh"
    subprocess.run([uv, "venv", "--python", sys.executable, str(venv)], check=True)
    bindir = venv / "bin"
    # No Node anywhere: PATH holds only the fresh environment's own scripts.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}
    env.update(PATH=str(bindir), VIRTUAL_ENV=str(venv), HOME=str(tmp_path))
    env["UV_CACHE_DIR"] = os.environ.get("UV_CACHE_DIR") or str(Path.home() / ".cache" / "uv")
    install = subprocess.run(
        [uv, "pip", "install", "--python", str(bindir / "python"), "-c", str(constraints), wheel],
        env=env,
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stderr
    run = subprocess.run(
        [str(bindir / "python"), "-c", FRESH_CHECK],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert (
        'MISSING: to_pandas() needs pandas, which is not installed. It comes with the "lab" '
        in (run.stdout)
    )
    assert "RENDERED" in run.stdout
    assert "LESSONS 6" in run.stdout
    assert "LESSON PAGE" in run.stdout
    assert "EDITOR Z" in run.stdout
