// One seeded game of every game through openapi-generator's `typescript-fetch` client,
// generated from openapi.yaml into generated/fetch/ (property names as the contract spells
// them) and type-checked with `tsc --strict`: every step, score and problem is read through the
// generated models, with no cast. A choice is made concrete on the entry's JSON (choose.ts) and
// read back by the game's action model. Prints a JSON summary per game on stdout, which
// tests/clients/test_openapi_generator.py compares with the other clients'.
import {
  CalicoActionFromJSON,
  CalicoSetupRequestFromJSON,
  CalicoApi,
  CalicoListedActionToJSONTyped,
  CalicoSimplifiedActionFromJSON,
  CalicoSimplifiedSetupRequestFromJSON,
  CalicoSimplifiedApi,
  CalicoSimplifiedListedActionToJSONTyped,
  CastleComboActionFromJSON,
  CastleComboSetupRequestFromJSON,
  CastleComboApi,
  CastleComboListedActionToJSONTyped,
  Configuration,
  IsleOfCatsActionFromJSON,
  IsleOfCatsSetupRequestFromJSON,
  IsleOfCatsApi,
  IsleOfCatsListedActionToJSONTyped,
  PatchworkActionFromJSON,
  PatchworkSetupRequestFromJSON,
  PatchworkApi,
  PatchworkListedActionToJSONTyped,
  type PatchworkApplyRequest,
  type PatchworkScoreRequest,
  type PatchworkState,
  type IsleOfCatsDraft,
  ProblemFromJSON,
  ResponseError,
} from "../generated/fetch/index";
import { readFileSync } from "fs";
import { firstAction, type Json } from "./choose";

interface Summary {
  steps: number;
  turn: number;
  totals: Record<string, number>;
  ranking: string[];
  problem: { status: number; code: string; type: string };
}

const PLAYERS = ["ann", "bob"];
const SEED = 7;

/** The same entry as the other clients: a fixed stride through the legal actions. */
function pick<T>(items: T[] | undefined, step: number): T {
  const chosen = items?.[(step * 7919) % items.length];
  if (chosen === undefined) throw new Error("no legal action in an unfinished game");
  return chosen;
}

/** A complete entry by its `id` alone, a choice made concrete (as the Python client sends).
 * `entry` is a model's ToJSON, which may hold `undefined` fields: read as the JSON it sends. */
function sent(model: unknown): Json {
  const entry: Json = JSON.parse(JSON.stringify(model));
  if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) {
    const id = entry["id"];
    if (typeof id === "string") return { id };
  }
  return firstAction(entry);
}

function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`a full step without ${what}`);
  return value;
}

async function play<S extends { finished: boolean }>(
  setup: () => Promise<S>,
  apply: (step: S, n: number) => Promise<S>,
): Promise<[S, number]> {
  let step = await setup();
  let steps = 1;
  while (!step.finished) {
    step = await apply(step, steps);
    steps += 1;
  }
  return [step, steps];
}

interface Score {
  players: { player: string; total: number }[];
  ranking: { player: string; rank: number }[];
}

async function summary(steps: number, turn: number, score: Score, refused: () => Promise<unknown>): Promise<Summary> {
  const totals: Record<string, number> = {};
  for (const line of score.players) totals[line.player] = line.total;
  const ranking = [...score.ranking].sort((a, b) => a.rank - b.rank).map((r) => r.player);
  try {
    await refused();
  } catch (error) {
    if (!(error instanceof ResponseError)) throw error;
    const problem = ProblemFromJSON(await error.response.json());
    return { steps, turn, totals, ranking, problem: { status: error.response.status, code: problem.code, type: problem.type } };
  }
  throw new Error("an action after the end must be refused");
}

// Read by each game's model: some hold the players as a Set (`uniqueItems`), some as an array.
const setupJson = { players: PLAYERS, seed: SEED };

async function patchwork(config: Configuration): Promise<Summary> {
  const api = new PatchworkApi(config);
  const [last, steps] = await play(
    () => api.patchworkSetup({ patchworkSetupRequest: PatchworkSetupRequestFromJSON(setupJson) }),
    (step, n) => {
      const entry = PatchworkListedActionToJSONTyped(pick(step.legal_actions, n), false);
      const action = PatchworkActionFromJSON(sent(entry));
      return api.patchworkApply({ patchworkApplyRequest: { state: present(step.state, "state"), action } });
    },
  );
  const state = present(last.state, "state");
  const score = await api.patchworkScore({ patchworkScoreRequest: { state } });
  const after = PatchworkActionFromJSON({ id: "advance" });
  return summary(steps, state.turn, score, () => api.patchworkApply({ patchworkApplyRequest: { state, action: after } }));
}

async function calico(config: Configuration): Promise<Summary> {
  const api = new CalicoApi(config);
  const [last, steps] = await play(
    () => api.calicoSetup({ calicoSetupRequest: CalicoSetupRequestFromJSON(setupJson) }),
    (step, n) => {
      const entry = CalicoListedActionToJSONTyped(pick(step.legal_actions, n), false);
      const action = CalicoActionFromJSON(sent(entry));
      return api.calicoApply({ calicoApplyRequest: { state: present(step.state, "state"), action } });
    },
  );
  const state = present(last.state, "state");
  const score = await api.calicoScore({ calicoScoreRequest: { state } });
  const after = CalicoActionFromJSON({ id: "take:0:pink-dots" });
  return summary(steps, state.turn, score, () => api.calicoApply({ calicoApplyRequest: { state, action: after } }));
}

async function calicoSimplified(config: Configuration): Promise<Summary> {
  const api = new CalicoSimplifiedApi(config);
  const [last, steps] = await play(
    () => api.calicoSimplifiedSetup({ calicoSimplifiedSetupRequest: CalicoSimplifiedSetupRequestFromJSON(setupJson) }),
    (step, n) => {
      const entry = CalicoSimplifiedListedActionToJSONTyped(pick(step.legal_actions, n), false);
      const action = CalicoSimplifiedActionFromJSON(sent(entry));
      return api.calicoSimplifiedApply({
        calicoSimplifiedApplyRequest: { state: present(step.state, "state"), action },
      });
    },
  );
  const state = present(last.state, "state");
  const score = await api.calicoSimplifiedScore({ calicoSimplifiedScoreRequest: { state } });
  const after = CalicoSimplifiedActionFromJSON({ id: "place:0,3" });
  return summary(steps, state.turn, score, () =>
    api.calicoSimplifiedApply({ calicoSimplifiedApplyRequest: { state, action: after } }),
  );
}

/** Castle Combo's game starts from this table (run from tests/clients/), whose first answer
 * lists a Steward's choice. */
const castleComboTable = JSON.parse(readFileSync("castle_combo_table.json", "utf-8"));

async function castleCombo(config: Configuration): Promise<Summary> {
  const api = new CastleComboApi(config);
  const castleComboSetup = { ...setupJson, options: { table: castleComboTable } };
  const [last, steps] = await play(
    () => api.castleComboSetup({ castleComboSetupRequest: CastleComboSetupRequestFromJSON(castleComboSetup) }),
    (step, n) => {
      const entry = CastleComboListedActionToJSONTyped(pick(step.legal_actions, n), false);
      const action = CastleComboActionFromJSON(sent(entry));
      return api.castleComboApply({ castleComboApplyRequest: { state: present(step.state, "state"), action } });
    },
  );
  const state = present(last.state, "state");
  const score = await api.castleComboScore({ castleComboScoreRequest: { state } });
  const after = CastleComboActionFromJSON({ id: "move_messenger:castle" });
  return summary(steps, state.turn, score, () =>
    api.castleComboApply({ castleComboApplyRequest: { state, action: after } }),
  );
}

async function isleOfCats(config: Configuration): Promise<Summary> {
  const api = new IsleOfCatsApi(config);
  const [last, steps] = await play(
    () => api.isleOfCatsSetup({ isleOfCatsSetupRequest: IsleOfCatsSetupRequestFromJSON(setupJson) }),
    (step, n) => {
      const entry = IsleOfCatsListedActionToJSONTyped(pick(step.legal_actions, n), false);
      const action = IsleOfCatsActionFromJSON(sent(entry));
      return api.isleOfCatsApply({ isleOfCatsApplyRequest: { state: present(step.state, "state"), action } });
    },
  );
  const state = present(last.state, "state");
  const score = await api.isleOfCatsScore({ isleOfCatsScoreRequest: { state } });
  const after = IsleOfCatsActionFromJSON({ id: "draft:ann:4,7" });
  return summary(steps, state.turn, score, () =>
    api.isleOfCatsApply({ isleOfCatsApplyRequest: { state, action: after } }),
  );
}

/** Compile-time checks, never called: bodies the contract refuses do not type-check (each
 * `@ts-expect-error` fails the compilation if the line after it has no error). */
export function refusedBodies(state: PatchworkState): void {
  // @ts-expect-error: neither `state` nor `state_token`
  const empty: PatchworkScoreRequest = {};
  // @ts-expect-error: a state and neither `action` nor `actions`
  const noAction: PatchworkApplyRequest = { state };
  // @ts-expect-error: a draft names the cards kept
  const draft: IsleOfCatsDraft = { type: "draft", player: "ann" };
  void [empty, noAction, draft];
}

/** Every game this client plays; a registered game missing here fails the test. */
const GAMES: Record<string, (config: Configuration) => Promise<Summary>> = {
  calico,
  calico_simplified: calicoSimplified,
  castle_combo: castleCombo,
  isle_of_cats: isleOfCats,
  patchwork,
};

async function main(baseUrl: string | undefined): Promise<void> {
  if (!baseUrl) throw new Error("usage: node play.js BASE_URL");
  const config = new Configuration({ basePath: baseUrl });
  const summaries: Record<string, Summary> = {};
  for (const [game, playOne] of Object.entries(GAMES)) summaries[game] = await playOne(config);
  process.stdout.write(JSON.stringify(summaries) + "\n");
}

main(process.argv[2]).catch(async (error: unknown) => {
  console.error(error instanceof ResponseError ? await error.response.text() : error);
  process.exit(1);
});
