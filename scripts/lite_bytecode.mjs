// Compile the Python of the classroom site's archives to bytecode, with Pyodide's own Python
// (issue 29). Run by scripts/build_lite.py:
//
//   node scripts/lite_bytecode.mjs PYODIDE_DIR IN_ARCHIVE OUT_ARCHIVE [IN OUT ...]
//
// npm's python_stdlib.zip and the PyPI wheels hold only .py files, and Pyodide does not write
// bytecode (sys.dont_write_bytecode), so every page load compiled every module it imported:
// most of the kernel's start-up. Each output archive is its input plus, for every .py file, an
// unchecked hash-based .pyc (PEP 552: loaded without reading or checking the source, whatever
// the files' times), next to the module in a zip on sys.path (zipimport's place) or in
// __pycache__ in a wheel. The .py files stay, for tracebacks. Only this Python (the same
// version and magic number as the browser's) can write bytecode the browser's Python accepts.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...pairs] = process.argv.slice(2);
if (!pyodideDir || pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node lite_bytecode.mjs PYODIDE_DIR IN OUT [IN OUT ...]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/" });
pyodide.FS.mkdirTree("/host");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: "/" }, "/host");
pyodide.globals.set("PAIRS", pairs.map((p, i) => "/host" + (i % 2 ? path.resolve(p) : fs.realpathSync(p))));
pyodide.runPython(`
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

TAG = sys.implementation.cache_tag
SITE = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages/"


def pyc_name(name, wheel):
    if not wheel:
        return name + "c"  # zipimport looks beside the module
    folder, _, file = name.rpartition("/")
    return f"{folder}/__pycache__/{file[:-3]}.{TAG}.pyc".lstrip("/")


def compile_archive(source, target):
    wheel = source.endswith(".whl")
    where = SITE if wheel else "/lib/python%d%d.zip/" % sys.version_info[:2]
    added = []
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        names = set(old.namelist())
        record = None
        for info in old.infolist():
            data = old.read(info)
            if wheel and info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            new.writestr(info, data)
            if not info.filename.endswith(".py") or pyc_name(info.filename, wheel) in names:
                continue
            try:
                code = compile(data, where + info.filename, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                continue  # a template or a test file that is not Python 3.14: left as it is
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            new.writestr(pyc_name(info.filename, wheel), bytes(pyc))
            added.append(pyc_name(info.filename, wheel))
        if record is not None:
            lines = record[1].decode().rstrip("\\n").split("\\n")
            lines[-1:-1] = [f"{name},," for name in added]
            new.writestr(record[0], "\\n".join(lines) + "\\n")
    return len(added)


for source, target in zip(PAIRS[::2], PAIRS[1::2]):
    print(f"lite: {compile_archive(source, target)} modules compiled in {source.rsplit('/', 1)[1]}")
`);
