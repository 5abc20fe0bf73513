// One seeded game of every game through the client generated from openapi.yaml
// (openapi-typescript types, openapi-fetch calls): every step, score and problem is read
// through the generated types, with no cast. Prints a JSON summary per game on stdout,
// which tests/clients/test_generated_clients.py compares with the Python client's.
import createClient from "openapi-fetch";
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

/** The same choice as the Python side: a fixed stride through the legal actions. */
function pick<T>(items: T[], step: number): T {
  const chosen = items[(step * 7919) % items.length];
  if (chosen === undefined) throw new Error("no legal action in an unfinished game");
  return chosen;
}

function fail(what: string, problem: Problem | undefined): never {
  throw new Error(`${what}: ${problem ? `${problem.code} ${problem.detail}` : "no body"}`);
}

function scoreSummary(score: Schemas["ScoreBreakdown"]) {
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
    if (!step.state || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = pick(step.legal_actions, steps);
    const next = await client.POST("/v1/games/patchwork/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!step.state) throw new Error("the last step has a state");
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
    if (!step.state || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = pick(step.legal_actions, steps);
    const next = await client.POST("/v1/games/calico/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!step.state) throw new Error("the last step has a state");
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

async function castleCombo(): Promise<Summary> {
  const setup = await client.POST("/v1/games/castle_combo/setup", {
    body: { players: PLAYERS, seed: SEED },
  });
  if (!setup.data) fail("setup", setup.error);
  let step = setup.data;
  let steps = 1;
  while (!step.finished) {
    if (!step.state || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = pick(step.legal_actions, steps);
    const next = await client.POST("/v1/games/castle_combo/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!step.state) throw new Error("the last step has a state");
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
    if (!step.state || !step.legal_actions) throw new Error("a full step has a state and actions");
    const action = pick(step.legal_actions, steps);
    const next = await client.POST("/v1/games/isle_of_cats/apply", {
      body: { state: step.state, action },
    });
    if (!next.data) fail("apply", next.error);
    step = next.data;
    steps += 1;
  }
  if (!step.state) throw new Error("the last step has a state");
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

/** Every game this client plays; a registered game missing here fails the Python test. */
const GAMES: Record<string, () => Promise<Summary>> = {
  calico,
  castle_combo: castleCombo,
  isle_of_cats: isleOfCats,
  patchwork,
};

const summaries: Record<string, Summary> = {};
for (const [game, play] of Object.entries(GAMES)) summaries[game] = await play();
process.stdout.write(JSON.stringify(summaries) + "\n");
