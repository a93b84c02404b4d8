"""The layout check (issue 38, "No circles"): import cycles and long source files.

It reads the sources only (the standard library, nothing imported from pegrace) and prints:

- every import cycle between pegrace's Python modules (src/pegrace): each strongly connected
  component of the import graph, with one concrete cycle through it. Every import counts,
  at module level, inside a function (an import put in a function to dodge a cycle is
  still a cycle) or under `if TYPE_CHECKING:` (a cycle of types is a cycle too: what two
  modules share goes below both, or one names what it needs as a Protocol of its own);
- every cycle between the native core's Rust modules (core/, a module is a file): the paths
  `use crate::...`, `crate::a::b`, `super::...`, `self::...` and a file's own child modules
  (`mod x;` then `x::...`) are followed; code under `#[cfg(test)]` is not;
- every source file (src/**/*.py, src/**/*.js, core/**/*.rs) over 600 lines.

Exit status 1 if anything is found, 0 if not. tests/test_layout.py holds today's findings to a
list that only shrinks.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import deque
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 600
LONG_PATTERNS = ("src/**/*.py", "src/**/*.js", "core/**/*.rs")

Graph = dict[str, dict[str, int]]  # module -> {module it uses: the first line that uses it}


@dataclass(frozen=True)
class Cycle:
    members: tuple[str, ...]  # the strongly connected component, sorted
    path: tuple[str, ...]  # one cycle through it: first == last
    lines: tuple[str, ...]  # where each step of the path is: "file:line"


@dataclass(frozen=True)
class LongFile:
    path: str  # relative to the root, with /
    lines: int


# ---- Python ----


def python_modules(src: Path) -> dict[str, Path]:
    """Every module under src/pegrace by its dotted name (a package by its __init__.py); an
    extension module (pegrace._core) by its stub, .pyi, which imports nothing that counts."""
    modules = {}
    for path in sorted((src / "pegrace").rglob("*.py")) + sorted((src / "pegrace").rglob("*.pyi")):
        parts = path.relative_to(src).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules.setdefault(".".join(parts), path)
    return modules


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import of a module, wherever it is (under `if TYPE_CHECKING:` too), in the
    order of its lines."""
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    return sorted(found, key=lambda node: (node.lineno, node.col_offset))


def _owner(name: str, modules: dict[str, Path]) -> str | None:
    """The module a dotted name lives in: the longest prefix that is a module."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in modules:
            return prefix
    return None


def python_graph(src: Path) -> tuple[Graph, dict[str, Path]]:
    modules = python_modules(src)
    graph: Graph = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        if path.suffix == ".pyi":
            graph[name] = {}  # the extension itself: the stub's imports are types only
            continue
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    base_parts = package.split(".")
                    base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                # `from X import y`: the module X.y if there is one, else X itself
                targets = [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                owner = _owner(target, modules)
                if owner is not None and owner != name:
                    edges.setdefault(owner, node.lineno)
        graph[name] = edges
    return graph, modules


# ---- Rust ----


def _strip_rust(text: str) -> str:
    """The code without comments, strings and character literals (lengths kept: lines hold)."""

    def blank(match: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", match.group(0))

    pattern = (
        r"//[^\n]*|/\*.*?\*/"  # comments
        r'|b?r(#*)".*?"\1'  # raw strings
        r'|b?"(?:\\.|[^"\\])*"'  # strings
        r"|b?'(?:\\.|[^'\\])'"  # characters (lifetimes are left alone)
    )
    return re.sub(pattern, blank, text, flags=re.S)


def _drop_cfg_test(code: str) -> str:
    """The code without the items under #[cfg(test)] (blanked, lines kept)."""
    out = list(code)
    for match in re.finditer(r"#\[cfg\(test\)\]", code):
        start = match.start()
        semicolon = code.find(";", match.end())
        brace = code.find("{", match.end())
        if brace == -1 or (semicolon != -1 and semicolon < brace):
            end = semicolon + 1  # an item without a body: `mod tests;`, `use ...;`
        else:
            depth, end = 0, brace
            while end < len(code):
                depth += {"{": 1, "}": -1}.get(code[end], 0)
                end += 1
                if depth == 0:
                    break
        for i in range(start, end):
            if out[i] != "\n":
                out[i] = " "
    return "".join(out)


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _use_paths(code: str, pos: int, prefix: list[str]) -> tuple[list[list[str]], int]:
    """The paths a use tree (or a plain path) starting at pos names: `a::b::{c, d::e}`."""
    paths: list[list[str]] = []
    path = list(prefix)
    while True:
        while pos < len(code) and code[pos] in " \t\n":
            pos += 1
        if code.startswith("{", pos):
            pos += 1
            while True:
                while pos < len(code) and code[pos] in " \t\n,":
                    pos += 1
                if pos >= len(code) or code[pos] == "}":
                    return paths, pos + 1
                inner, pos = _use_paths(code, pos, path)
                paths.extend(inner)
        match = _IDENT.match(code, pos)
        if match is None:  # `*` or the end of the path
            paths.append(path)
            return paths, pos
        path.append(match.group(0))
        pos = match.end()
        while pos < len(code) and code[pos] in " \t\n":
            pos += 1
        if not code.startswith("::", pos):
            paths.append(path)
            return paths, pos
        pos += 2


def rust_modules(core: Path) -> dict[str, Path]:
    """Every file of the core by its module path (crate, crate::ai, crate::ai::search ...)."""
    modules = {}
    for path in sorted(core.rglob("*.rs")):
        parts = list(path.relative_to(core).with_suffix("").parts)
        if parts == ["lib"]:
            parts = []
        elif parts[-1] == "mod":
            parts = parts[:-1]
        modules["::".join(["crate", *parts])] = path
    return modules


def rust_graph(core: Path) -> tuple[Graph, dict[str, Path]]:
    modules = rust_modules(core)
    graph: Graph = {}
    for name, path in modules.items():
        code = _drop_cfg_test(_strip_rust(path.read_text()))
        children = set(re.findall(r"^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(\w+)\s*;", code, re.M))
        parent = name.rpartition("::")[0] or "crate"
        roots = {"crate": ["crate"], "super": parent.split("::"), "self": name.split("::")}
        roots |= {child: [*name.split("::"), child] for child in children}
        edges: dict[str, int] = {}
        head = r"(?<![\w:])(" + "|".join(sorted(roots)) + r")\s*::"
        for match in re.finditer(head, code):
            paths, _ = _use_paths(code, match.end(), roots[match.group(1)])
            line = code.count("\n", 0, match.start()) + 1
            for parts in paths:
                owner = _owner_rust(parts, modules)
                if owner is not None and owner != name:
                    edges.setdefault(owner, line)
        graph[name] = edges
    return graph, modules


def _owner_rust(parts: list[str], modules: dict[str, Path]) -> str | None:
    for end in range(len(parts), 0, -1):
        prefix = "::".join(parts[:end])
        if prefix in modules:
            return prefix
    return None


# ---- cycles ----


def components(graph: Graph) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), those with a cycle only."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, {}))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, {})))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def shortest_cycle(graph: Graph, members: list[str]) -> list[str]:
    """The shortest cycle through the component's first member, inside the component."""
    start, inside = members[0], set(members)
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node]):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if nxt in inside and nxt not in came_from:
                came_from[nxt] = node
                queue.append(nxt)
    raise AssertionError("a strongly connected component always has a cycle")


def cycles(graph: Graph, files: dict[str, Path], root: Path = ROOT) -> list[Cycle]:
    found = []
    for members in components(graph):
        path = shortest_cycle(graph, members)
        lines = tuple(
            f"{files[a].relative_to(root).as_posix()}:{graph[a][b]}" for a, b in pairwise(path)
        )
        found.append(Cycle(tuple(members), tuple(path), lines))
    return found


def python_cycles(root: Path = ROOT) -> list[Cycle]:
    return cycles(*python_graph(root / "src"), root=root)


def rust_cycles(root: Path = ROOT) -> list[Cycle]:
    return cycles(*rust_graph(root / "core"), root=root)


def long_files(root: Path = ROOT, limit: int = MAX_LINES) -> list[LongFile]:
    found = []
    for pattern in LONG_PATTERNS:
        for path in sorted(root.glob(pattern)):
            count = len(path.read_text().splitlines())
            if count > limit:
                found.append(LongFile(path.relative_to(root).as_posix(), count))
    return found


# ---- the command ----


def _report(title: str, found: list[Cycle], separator: str) -> list[str]:
    lines = [f"{title}: {len(found)}"]
    for cycle in found:
        lines.append(f"  {', '.join(cycle.members)}")
        steps = [f"{a} ({where})" for a, where in zip(cycle.path, cycle.lines, strict=False)]
        lines.append(f"    {separator.join([*steps, cycle.path[-1]])}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/layout_check.py",
        description=(
            "Print every import cycle between pegrace's Python modules (src/pegrace: every "
            "import, in functions and under `if TYPE_CHECKING:` too), every cycle "
            "between the native core's Rust modules (core/, a file a module: crate::, super::, "
            "self:: and child-module paths; not #[cfg(test)] code), and every source file "
            f"(src/**/*.py, src/**/*.js, core/**/*.rs) over {MAX_LINES} lines. Each cycle is "
            "its strongly connected component and one cycle through it, each step with the "
            "file and line of the import. Exit status 1 if anything is found. "
            "tests/test_layout.py holds the findings to a list of known debt that only shrinks."
        ),
    )
    parser.add_argument(
        "--root", type=Path, default=ROOT, help="the repository (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    python, rust, long = python_cycles(args.root), rust_cycles(args.root), long_files(args.root)
    lines = _report("Python import cycles", python, " -> ")
    lines += _report("Rust module cycles", rust, " -> ")
    lines.append(f"Files over {MAX_LINES} lines: {len(long)}")
    lines += [f"  {f.path}  {f.lines}" for f in long]
    print("\n".join(lines))
    return 1 if python or rust or long else 0


if __name__ == "__main__":
    sys.exit(main())
