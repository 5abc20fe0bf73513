// A choice made concrete, on the JSON of a legal-actions entry: tests/clients/choose.py in
// TypeScript (each field `choose` names, in its order, set to the first value of its domain).
// The typescript-fetch client reads the result back through the game's generated action model.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function object(v: Json | undefined, what: string): JsonObject {
  if (!isObject(v)) throw new Error(`${what}: an object expected`);
  return v;
}

function list(v: Json | undefined, what: string): Json[] {
  if (!Array.isArray(v)) throw new Error(`${what}: a list expected`);
  return v;
}

function count(v: Json | undefined, what: string): number {
  if (typeof v !== "number") throw new Error(`${what}: a number expected`);
  return v;
}

function first(values: Json[], what: string): Json {
  const value = values[0];
  if (value === undefined) throw new Error(`${what}: no value`);
  return value;
}

const same = (a: Json, b: Json) => JSON.stringify(a) === JSON.stringify(b);

function firstValue(name: string, domain: JsonObject, chosen: JsonObject, limit: Json | undefined): Json {
  const kind = domain["domain"];
  const values = domain["values"] === undefined ? [] : list(domain["values"], name);
  if (kind === "one_of") return first(values, name);
  if (kind === "subset") {
    let ordered = values;
    if (isObject(limit) && limit["sum_of"] === name) {
      const weights = object(limit["weights"], "weights");
      const weight = (v: Json) => count(weights[String(v)], "weight");
      ordered = [...values].sort((a, b) => weight(a) - weight(b)); // stable: ties keep order
    }
    return ordered.slice(0, count(domain["min"], name));
  }
  if (kind === "each_of") {
    const value = first(values, name);
    return Array.from({ length: count(domain["length"], name) }, () => value);
  }
  if (kind === "arrangement") return values.slice(0, count(domain["length"], name));
  if (kind === "per_item") {
    const items = list(domain["items"], name);
    const out: JsonObject = {};
    for (const v of list(chosen[String(domain["of"])], name))
      if (items.some((item) => same(item, v))) out[String(v)] = first(values, name);
    return out;
  }
  if (kind === "placement") {
    const orientation = object(first(list(domain["orientations"], name), name), name);
    const offset = list(first(list(orientation["offsets"], name), name), name);
    const dr = count(offset[0], name); // a run [row, first col, last col]: its first offset
    const dc = count(offset[1], name);
    return list(orientation["cells"], name).map((cell) => {
      const [r, c] = list(cell, name);
      return [count(r, name) + dr, count(c, name) + dc];
    });
  }
  throw new Error(`unknown domain ${String(kind)}`);
}

/** The action a client sends for `entry`: the entry itself, or a choice made concrete. */
export function firstAction(entry: Json): Json {
  const listed = object(entry, "entry");
  if (listed["choose"] === undefined) return listed;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(listed)) if (key !== "choose" && key !== "limit") out[key] = value;
  const chosen: JsonObject = {};
  for (const [name, domain] of Object.entries(object(listed["choose"], "choose"))) {
    const value = firstValue(name, object(domain, name), chosen, listed["limit"]);
    chosen[name] = value;
    const path = name.split("/");
    const last = path.pop();
    if (last === undefined) throw new Error("an empty field name");
    let inner = out;
    for (const parent of path) {
      const next: JsonObject = { ...(isObject(inner[parent]) ? object(inner[parent], parent) : {}) };
      inner[parent] = next;
      inner = next;
    }
    inner[last] = value;
  }
  return out;
}
