"""The page's types of the WebSocket's messages, made from the one place their shapes are
written: src/pegrace/web/messages.schema.json (JSON Schema) becomes
src/pegrace/web/static/messages.d.ts, a TypeScript declaration file that the page's JSDoc
imports (tsc checks the page against it: `make js`). Each of the schema's definitions becomes
an exported type of its name, and ClientMessages and ServerMessages map every message's
"type" to its type (the page's dispatch table is typed by ServerMessages).

    python tools/message_types.py          write messages.d.ts
    python tools/message_types.py --check  exit 1 if it is not what the schema makes

The schema is read as it is written there: $ref to its own $defs, type (one or a list),
const, enum, properties and required, additionalProperties, items, anyOf and oneOf (a union),
allOf (what an interface extends); descriptions become the types' comments. A keyword that
shapes a type and is not one of these stops it, so no part of the schema is passed over.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "src" / "pegrace" / "web" / "messages.schema.json"
OUTPUT = ROOT / "src" / "pegrace" / "web" / "static" / "messages.d.ts"
HEADER = """\
// The WebSocket's messages as the page reads and sends them, by their "type". Made by
// tools/message_types.py from ../messages.schema.json, the one place their shapes are
// written: change them there and run the tool again (a test fails while this is out of date).
"""
PRIMITIVES = {
    "string": "string",
    "integer": "number",
    "number": "number",
    "boolean": "boolean",
    "null": "null",
}
# keywords that say nothing about a type (annotations, or checks a type cannot hold)
IGNORED = {"description", "errorMessage", "maxItems", "if", "then", "else", "$schema", "title"}
SHAPING = {
    "$ref",
    "type",
    "const",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "oneOf",
    "allOf",
}
WIDTH = 100  # the comments' lines, at most
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")

Schema = dict[str, Any]


def ref_name(schema: Schema) -> str:
    return str(schema["$ref"]).removeprefix("#/$defs/")


def comment(text: str | None, indent: str) -> str:
    """A JSDoc comment of ``text``, its lines at most ``WIDTH`` wide."""
    if not text:
        return ""
    lines = textwrap.wrap(text, WIDTH - len(indent) - 3)
    if len(lines) == 1 and len(indent) + len(lines[0]) + 7 <= WIDTH:
        return f"{indent}/** {lines[0]} */\n"
    return f"{indent}/**\n" + "".join(f"{indent} * {line}\n" for line in lines) + f"{indent} */\n"


def ts_type(schema: Schema | bool, indent: str = "") -> str:
    """The TypeScript type of ``schema``."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    assert isinstance(schema, dict)
    unknown = set(schema) - IGNORED - SHAPING
    if unknown:
        raise ValueError(f"no TypeScript for the keywords {sorted(unknown)} in {schema}")
    if "$ref" in schema:
        return ref_name(schema)
    for union in ("anyOf", "oneOf"):
        if union in schema:
            return " | ".join(ts_type(part, indent) for part in schema[union])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    kinds = schema.get("type", [])
    kinds = kinds if isinstance(kinds, list) else [kinds]
    return " | ".join(one_type(kind, schema, indent) for kind in kinds) or "unknown"


def one_type(kind: str, schema: Schema, indent: str) -> str:
    if kind in PRIMITIVES:
        return PRIMITIVES[kind]
    if kind == "array":
        item = ts_type(schema.get("items", True), indent)
        return f"({item})[]" if " " in item else f"{item}[]"
    if kind == "object":
        if "properties" in schema:
            return "{\n" + members(schema, indent + "  ") + indent + "}"
        values = schema.get("additionalProperties", True)
        return f"Record<string, {ts_type(values, indent)}>"
    raise ValueError(f"no TypeScript for the type {kind!r}")


def key(name: str) -> str:
    """A property's name as an object type writes it."""
    return name if IDENTIFIER.match(name) else json.dumps(name)


def members(schema: Schema, indent: str) -> str:
    """An object type's properties, one a line, each with its description."""
    required = set(schema.get("required", ()))
    lines = []
    for name, sub in schema["properties"].items():
        optional = "" if name in required else "?"
        described = sub.get("description") if isinstance(sub, dict) else None
        lines.append(comment(described, indent))
        lines.append(f"{indent}{key(name)}{optional}: {ts_type(sub, indent)};\n")
    return "".join(lines)


def declaration(name: str, schema: Schema) -> str:
    """The exported type of one definition: an interface where it is an object with its own
    properties (extending what its allOf names), else a type alias."""
    unknown = set(schema) - IGNORED - SHAPING
    if unknown:
        raise ValueError(f"{name}: no TypeScript for the keywords {sorted(unknown)}")
    text = comment(schema.get("description"), "")
    if schema.get("type") == "object" and "properties" in schema:
        bases = [ref_name(part) for part in schema.get("allOf", ())]
        extends = f" extends {', '.join(bases)}" if bases else ""
        return text + f"export interface {name}{extends} {{\n" + members(schema, "  ") + "}\n"
    if "allOf" in schema:
        raise ValueError(f"{name}: allOf only where the definition has properties of its own")
    return text + f"export type {name} = {ts_type(schema)};\n"


def message_types(defs: dict[str, Schema], union: str) -> list[tuple[str, str]]:
    """Each message of a union of messages (ClientMessage, ServerMessage) by its "type"."""
    found = []
    for part in defs[union]["oneOf"]:
        name = ref_name(part)
        kind = defs[name]["properties"]["type"]
        for value in kind["enum"] if "enum" in kind else [kind["const"]]:
            found.append((value, name))
    return found


def render(schema: Schema) -> str:
    defs: dict[str, Schema] = schema["$defs"]
    parts = [HEADER]
    for name, sub in defs.items():
        parts.append("\n" + declaration(name, sub))
    for union, said in (("ClientMessage", "a client sends"), ("ServerMessage", "the server sends")):
        lines = "".join(f"  {key(kind)}: {name};\n" for kind, name in message_types(defs, union))
        parts.append(f'\n/** The messages {said}, by their "type". */\n')
        parts.append(f"export interface {union}s {{\n{lines}}}\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    made = render(json.loads(SCHEMA.read_text(encoding="utf-8")))
    if argv == ["--check"]:
        if OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == made:
            return 0
        print(
            f"{OUTPUT.relative_to(ROOT)} is not what {SCHEMA.relative_to(ROOT)} makes: "
            "run python tools/message_types.py",
            file=sys.stderr,
        )
        return 1
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    OUTPUT.write_text(made, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
