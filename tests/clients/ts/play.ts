// One seeded game of every game through the client generated from openapi.yaml
// (openapi-typescript types, openapi-fetch calls): every step, score and problem is read
// through the generated types, with no cast. Prints a JSON summary per game on stdout,
// which tests/clients/test_generated_clients.py compares with the Python client's.
import { readFileSync } from "node:fs";
import createClient from "openapi-fetch";
import type { Readable, Writable } from "openapi-typescript-helpers"; // openapi-fetch's own
import type { components, paths } from "../generated/schema.js";

type Schemas = components["schemas"];
type Problem = Schemas["Problem"];

interface Summary {
  steps: number;
  turn: number;
  totals: Record<string, number>;
  ranking: string[];
  problem: { status: number; code: string; type: string };
}

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error("usage: node play.js BASE_URL");
const client = createClient<paths>({ baseUrl });
const PLAYERS = ["ann", "bob"];
const SEED = 7;

/** The same entry as the Python side: a fixed stride through the legal actions. */
function pick<T>(items: T[], step: number): T {
  const chosen = items[(step * 7919) % items.length];
  if (chosen === undefined) throw new Error("no legal action in an unfinished game");
  return chosen;
}

// openapi-fetch reads an answer as Readable<…> and takes a body as Writable<…> (each turns a
// `[row, col]` tuple into an array): the entries and actions below are typed the same way.
type Domain = Readable<Schemas["ChoiceDomain"]>;
type Value = Readable<Schemas["ChoiceValue"]>;
type Limit = Readable<Schemas["ChoiceLimit"]>;
type Color = Schemas["IsleOfCatsColor"];

// A choice made concrete as tests/clients/choose.py does it: each field `choose` names, in its
// order, set to the first value of its domain (a subset's first `min` values, the cheapest first
// when the choice's `limit` weighs the field; a placement's first orientation at its first
// offset; a per-item object's first value for each item chosen).

function subsetOf(domain: Domain, name: string, limit: Limit | undefined): Value[] {
  if (domain.domain !== "subset") throw new Error(`${name}: a subset expected`);
  let values = [...domain.values];
  if (limit && limit.sum_of === name) {
    const weight = (v: Value) => limit.weights[String(v)] ?? 0;
    values = values.sort((a, b) => weight(a) - weight(b)); // stable: ties keep their order
  }
  return values.slice(0, domain.min);
}

function eachOf(domain: Domain, name: string): Value[] {
  if (domain.domain !== "each_of") throw new Error(`${name}: an each_of expected`);
  const first = domain.values[0];
  if (first === undefined) throw new Error(`${name}: no value`);
  return Array.from({ length: domain.length }, () => first);
}

function placementOf(domain: Domain, name: string): [number, number][] {
  if (domain.domain !== "placement") throw new Error(`${name}: a placement expected`);
  const orientation = domain.orientations[0];
  const offset = orientation?.offsets[0];
  if (!orientation || !offset) throw new Error(`${name}: no placement`);
  const [dr = 0, dc = 0] = offset; // a run [row, first col, last col]: its first offset
  return orientation.cells.map(([r = 0, c = 0]): [number, number] => [r + dr, c + dc]);
}

function perItemOf(domain: Domain, name: string, chosen: Value[]): Record<string, Value> {
  if (domain.domain !== "per_item") throw new Error(`${name}: a per_item expected`);
  const first = domain.values[0];
  if (first === undefined) throw new Error(`${name}: no value`);
  const out: Record<string, Value> = {};
  for (const v of chosen) if (domain.items.includes(v)) out[String(v)] = first;
  return out;
}

const numbers = (values: Value[]) => values.filter((v): v is number => typeof v === "number");
const strings = (values: Value[]) => values.filter((v): v is string => typeof v === "string");
const COLORS: readonly Color[] = ["blue", "green", "red", "purple", "orange"];
const isColor = (v: Value): v is Color => COLORS.some((c) => c === v);

type IsleOfCatsChoice = Readable<Schemas["IsleOfCatsChoice"]>;
type IsleOfCatsAction = Writable<Schemas["IsleOfCatsAction"]>;

function isleOfCatsDomain(choice: IsleOfCatsChoice, name: keyof IsleOfCatsChoice["choose"]): Domain {
  const domain = choice.choose[name];
  if (domain === undefined) throw new Error(`a ${choice.type} choice without ${name}`);
  return domain;
}

/** The cards of a draft, buy, rescue_cards or keep choice, and the colours the public lessons
 * among them ask for (a per-item field after the cards it follows). */
function isleOfCatsCards(choice: IsleOfCatsChoice): { cards: number[]; colors?: Record<string, Color> } {
  const cards = numbers(subsetOf(isleOfCatsDomain(choice, "cards"), "cards", choice.limit));
  if (choice.choose.colors === undefined) return { cards };
  const colors: Record<string, Color> = {};
  for (const [card, color] of Object.entries(perItemOf(choice.choose.colors, "colors", cards)))
    if (isColor(color)) colors[card] = color;
  return { cards, colors };
}

function isleOfCatsPiece(choice: IsleOfCatsChoice): Writable<Schemas["IsleOfCatsPiece"]> {
  if (!choice.piece) throw new Error(`a ${choice.type} choice of no piece`);
  return { ...choice.piece, cells: placementOf(isleOfCatsDomain(choice, "piece/cells"), "piece/cells") };
}

const isField = (v: Value): v is "left" | "right" => v === "left" || v === "right";

/** A choice made concrete as the action schema of its type: checking `type` tells which fields
 * the action must have (a draft its `cards`, a rescue its `field`, `tile` and `piece`). */
function isleOfCatsAction(entry: Readable<Schemas["IsleOfCatsListedAction"]>): IsleOfCatsAction {
  if (!("choose" in entry)) return entry;
  const { player } = entry;
  switch (entry.type) {
    case "draft":
      return { type: "draft", player, cards: isleOfCatsCards(entry).cards };
    case "rescue_cards":
      return { type: "rescue_cards", player, cards: isleOfCatsCards(entry).cards };
    case "buy":
      return { type: "buy", player, ...isleOfCatsCards(entry) };
    case "keep":
      return { type: "keep", player, ...isleOfCatsCards(entry) };
    case "rescue": {
      const { field, tile } = entry;
      if (field === undefined || tile === undefined) throw new Error("a rescue names its cat");
      return { type: "rescue", player, field, tile, piece: isleOfCatsPiece(entry) };
    }
    case "place":
      return { type: "place", player, piece: isleOfCatsPiece(entry) };
    case "fields":
      return { type: "fields", player, items: eachOf(isleOfCatsDomain(entry, "items"), "items").filter(isField) };
    case "play": {
      if (entry.cards === undefined) throw new Error("a play names its card");
      const domain = isleOfCatsDomain(entry, "items");
      const items = strings(domain.domain === "each_of" ? eachOf(domain, "items") : subsetOf(domain, "items", entry.limit));
      return { type: "play", player, cards: entry.cards, items };
    }
  }
}

function patchworkAction(
  entry: Readable<Schemas["PatchworkListedAction"]>,
): Writable<Schemas["PatchworkAction"]> {
  if (!("choose" in entry)) return entry;
  const cells = placementOf(entry.choose.cells, "cells");
  if (entry.type === "buy_patch") {
    if (entry.patch === undefined) throw new Error("a patch bought is named");
    return { type: "buy_patch", player: entry.player, patch: entry.patch, cells };
  }
  return { type: "place_leather_patch", player: entry.player, cells };
}

const isGoalId = (v: Value): v is Schemas["CalicoGoalId"] => typeof v === "string";
const isTile = (v: Value | undefined): v is Schemas["CalicoTile"] =>
  typeof v === "object" && !Array.isArray(v);

function calicoAction(
  entry: Readable<Schemas["CalicoListedAction"]>,
): Writable<Schemas["CalicoAction"]> {
  if (!("choose" in entry)) return entry;
  const { choose } = entry;
  if (entry.type === "choose_goals") {
    const goals = choose.goals;
    if (goals?.domain !== "arrangement") throw new Error("goals: an arrangement expected");
    return {
      type: "choose_goals",
      player: entry.player,
      goals: goals.values.slice(0, goals.length).filter(isGoalId),
    };
  }
  const tile = choose.tile?.domain === "one_of" ? choose.tile.values[0] : undefined;
  if (!isTile(tile) || !choose.cells) throw new Error("a tile and its cell expected");
  return { type: "place_tile", player: entry.player, tile, cells: placementOf(choose.cells, "cells") };
}

function calicoSimplifiedAction(
  entry: Readable<Schemas["CalicoSimplifiedListedAction"]>,
): Writable<Schemas["CalicoSimplifiedAction"]> {
  if (!("choose" in entry)) return entry;
  const cells = placementOf(entry.choose.cells, "cells");
  return { type: "place_patch", player: entry.player, cells };
}

function castleComboAction(
  entry: Readable<Schemas["CastleComboListedAction"]>,
): Writable<Schemas["CastleComboAction"]> {
  if (!("choose" in entry)) return entry;
  const { choose, ...fixed } = entry;
  const purses = subsetOf(choose.purses, "purses", undefined)
    .filter((v): v is number[] => Array.isArray(v))
    .map(([r = 0, c = 0]): [number, number] => [r, c]);
  return { ...fixed, face_down: fixed.face_down ?? false, purses };
}

function fail(what: string, problem: Problem | undefined): never {
  throw new Error(`${what}: ${problem ? `${problem.code} ${problem.detail}` : "no body"}`);
}

/** What every game's score has: a total per player and a ranking. */
interface Score {
  players: { player: string; total: number }[];
  ranking: Schemas["ScoreRanking"];
}

function scoreSummary(score: Score) {
  const totals: Record<string, number> = {};
  for (const line of score.players) totals[line.player] = line.total;
  const ranking = [...score.ranking].sort((a, b) => a.rank - b.rank).map((r) => r.player);
  return { totals, ranking };
}

async function patchwork(): Promise<Summary> {
  const setup = await client.POST("/v1/games/patchwork/setup", {
    body: { players: PLAYERS, seed: SEED },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!("state" in step) || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = patchworkAction(pick(step.legal_actions, steps));
    const next = await client.POST("/v1/games/patchwork/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!("state" in step)) throw new Error("the last step has a state");
  const score = await client.POST("/v1/games/patchwork/score", { body: { state: step.state } });
  if (!score.data) fail("score", score.error);
  const refused = await client.POST("/v1/games/patchwork/apply", {
    body: { state: step.state, action: { id: "advance" } },
  });
  if (!refused.error) throw new Error("an action after the end must be refused");
  return {
    steps,
    turn: step.state.turn,
    ...scoreSummary(score.data),
    problem: {
      status: refused.response.status,
      code: refused.error.code,
      type: refused.error.type,
    },
  };
}

async function calico(): Promise<Summary> {
  const setup = await client.POST("/v1/games/calico/setup", {
    body: { players: PLAYERS, seed: SEED },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!("state" in step) || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = calicoAction(pick(step.legal_actions, steps));
    const next = await client.POST("/v1/games/calico/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!("state" in step)) throw new Error("the last step has a state");
  const score = await client.POST("/v1/games/calico/score", { body: { state: step.state } });
  if (!score.data) fail("score", score.error);
  const refused = await client.POST("/v1/games/calico/apply", {
    body: { state: step.state, action: { id: "take:0:pink-dots" } },
  });
  if (!refused.error) throw new Error("an action after the end must be refused");
  return {
    steps,
    turn: step.state.turn,
    ...scoreSummary(score.data),
    problem: {
      status: refused.response.status,
      code: refused.error.code,
      type: refused.error.type,
    },
  };
}

async function calicoSimplified(): Promise<Summary> {
  const setup = await client.POST("/v1/games/calico_simplified/setup", {
    body: { players: PLAYERS, seed: SEED },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!("state" in step) || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = calicoSimplifiedAction(pick(step.legal_actions, steps));
    const next = await client.POST("/v1/games/calico_simplified/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!("state" in step)) throw new Error("the last step has a state");
  const score = await client.POST("/v1/games/calico_simplified/score", {
    body: { state: step.state },
  });
  if (!score.data) fail("score", score.error);
  const refused = await client.POST("/v1/games/calico_simplified/apply", {
    body: { state: step.state, action: { id: "place:0,3" } },
  });
  if (!refused.error) throw new Error("an action after the end must be refused");
  return {
    steps,
    turn: step.state.turn,
    ...scoreSummary(score.data),
    problem: {
      status: refused.response.status,
      code: refused.error.code,
      type: refused.error.type,
    },
  };
}

/** Castle Combo's game starts from this table (run from tests/clients/), whose first answer
 * lists a Steward's choice. */
const castleComboTable = JSON.parse(readFileSync("castle_combo_table.json", "utf-8"));

async function castleCombo(): Promise<Summary> {
  const setup = await client.POST("/v1/games/castle_combo/setup", {
    // the options' defaults spelled out: openapi-typescript types a property with a default
    // as required
    body: {
      players: PLAYERS,
      seed: SEED,
      options: { table: castleComboTable, randomness: "seeded", record_log: false },
    },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!("state" in step) || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = castleComboAction(pick(step.legal_actions, steps));
    const next = await client.POST("/v1/games/castle_combo/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!("state" in step)) throw new Error("the last step has a state");
  const score = await client.POST("/v1/games/castle_combo/score", { body: { state: step.state } });
  if (!score.data) fail("score", score.error);
  const refused = await client.POST("/v1/games/castle_combo/apply", {
    body: { state: step.state, action: { id: "move_messenger:castle" } },
  });
  if (!refused.error) throw new Error("an action after the end must be refused");
  return {
    steps,
    turn: step.state.turn,
    ...scoreSummary(score.data),
    problem: {
      status: refused.response.status,
      code: refused.error.code,
      type: refused.error.type,
    },
  };
}

async function isleOfCats(): Promise<Summary> {
  const setup = await client.POST("/v1/games/isle_of_cats/setup", {
    body: { players: PLAYERS, seed: SEED },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!("state" in step) || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = isleOfCatsAction(pick(step.legal_actions, steps));
    const next = await client.POST("/v1/games/isle_of_cats/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!("state" in step)) throw new Error("the last step has a state");
  const score = await client.POST("/v1/games/isle_of_cats/score", { body: { state: step.state } });
  if (!score.data) fail("score", score.error);
  const refused = await client.POST("/v1/games/isle_of_cats/apply", {
    body: { state: step.state, action: { id: "draft:ann:4,7" } },
  });
  if (!refused.error) throw new Error("an action after the end must be refused");
  return {
    steps,
    turn: step.state.turn,
    ...scoreSummary(score.data),
    problem: {
      status: refused.response.status,
      code: refused.error.code,
      type: refused.error.type,
    },
  };
}

/** Compile-time checks, never called: bodies the contract refuses do not type-check (each
 * `@ts-expect-error` fails the compilation if the line after it has no error). */
export function refusedBodies(state: Schemas["PatchworkState"], token: string): void {
  // @ts-expect-error: neither `state` nor `state_token`
  void client.POST("/v1/games/patchwork/score", { body: {} });
  // @ts-expect-error: an action with no state to apply it to
  void client.POST("/v1/games/patchwork/apply", { body: { action: { id: "advance" } } });
  // @ts-expect-error: a state and neither `action` nor `actions`
  void client.POST("/v1/games/patchwork/apply", { body: { state } });
  // (A body with both `state` and `state_token`, or `action` and `actions`, type-checks: a
  // union of object types lets an object literal carry another branch's property; the service
  // refuses it.)
  const sealed: Schemas["PatchworkScoreRequest"] = { state_token: token };
  const given: Schemas["PatchworkScoreRequest"] = { state };
  // @ts-expect-error: a draft names the cards kept
  const draft: Schemas["IsleOfCatsDraft"] = { type: "draft", player: "ann" };
  void [sealed, given, draft];
}

/** Every game this client plays; a registered game missing here fails the Python test. */
const GAMES: Record<string, () => Promise<Summary>> = {
  calico,
  calico_simplified: calicoSimplified,
  castle_combo: castleCombo,
  isle_of_cats: isleOfCats,
  patchwork,
};

const summaries: Record<string, Summary> = {};
for (const [game, play] of Object.entries(GAMES)) summaries[game] = await play();
process.stdout.write(JSON.stringify(summaries) + "\n");
