// "Try it out" on every operation of the docs page (Swagger UI at /docs), in headless Chromium:
// expand the operation, press "Try it out", keep the example Swagger fills in, press "Execute",
// and read the status Swagger shows. Prints one line per operation and exits 1 unless every
// operation answered 200. Not part of `make test` (it needs Chromium); docs/api.md says how to
// run it. Usage: node --experimental-websocket tests/contract/try_it_out.mjs http://127.0.0.1:8000
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const base = process.argv[2];
if (!base) throw new Error("usage: try_it_out.mjs BASE_URL");
const profile = mkdtempSync(join(tmpdir(), "try-it-out-"));
const browser = spawn(process.env.CHROMIUM ?? "chromium", [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank",
]);

const wsUrl = await new Promise((resolve, reject) => {
  let seen = "";
  browser.stderr.on("data", (chunk) => {
    seen += chunk;
    const m = seen.match(/DevTools listening on (ws:\/\/\S+)/);
    if (m) resolve(m[1]);
  });
  browser.on("exit", () => reject(new Error(`chromium exited:\n${seen}`)));
});

// A minimal Chrome DevTools Protocol client over one WebSocket.
const ws = new WebSocket(wsUrl);
await new Promise((resolve) => ws.addEventListener("open", resolve, { once: true }));
let nextId = 0;
const waiting = new Map();
ws.addEventListener("message", (event) => {
  const msg = JSON.parse(event.data);
  if (msg.id !== undefined && waiting.has(msg.id)) {
    waiting.get(msg.id)(msg);
    waiting.delete(msg.id);
  }
});
function send(method, params = {}, sessionId = undefined) {
  const id = ++nextId;
  ws.send(JSON.stringify({ id, method, params, sessionId }));
  return new Promise((resolve, reject) =>
    waiting.set(id, (msg) => (msg.error ? reject(new Error(JSON.stringify(msg.error))) : resolve(msg.result))),
  );
}

const { targetId } = await send("Target.createTarget", { url: `${base}/docs` });
const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
// Wait for the page itself (the target starts on about:blank; evaluating then would be lost).
for (let tries = 0; ; tries++) {
  const probe = await send(
    "Runtime.evaluate",
    { expression: "location.pathname + ' ' + document.readyState", returnByValue: true },
    sessionId,
  ).catch(() => null);
  if (probe?.result?.value === "/docs complete") break;
  if (tries > 600) throw new Error("the docs page did not load");
  await new Promise((r) => setTimeout(r, 100));
}

// Runs in the page for operation number `n`, as a person would click: expand it, "Try it out",
// "Execute", read the status shown, then collapse it again (an open operation keeps its
// highlighted answer in the page, and the largest answers are tens of kilobytes).
const inPage = async (n) => {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = async (find, ms = 120000) => {
    for (let waited = 0; waited < ms; waited += 100) {
      const found = find();
      if (found) return found;
      await sleep(100);
    }
    return null;
  };
  await until(() => document.querySelectorAll(".opblock").length > 0);
  const blocks = document.querySelectorAll(".opblock");
  if (n >= blocks.length) return { count: blocks.length };
  const block = blocks[n];
  const method = block.querySelector(".opblock-summary-method")?.textContent.trim();
  const path = block.querySelector(".opblock-summary-path")?.getAttribute("data-path");
  const summary = () =>
    block.querySelector(".opblock-summary-control") ?? block.querySelector(".opblock-summary");
  summary().click();
  let status = "no Try it out button";
  const tryOut = await until(() => block.querySelector(".try-out__btn"));
  if (tryOut) {
    tryOut.click();
    const execute = await until(() => block.querySelector(".btn.execute"));
    status = "no Execute button";
    if (execute) {
      execute.click();
      status =
        (await until(() =>
          block.querySelector(".live-responses-table tr.response .response-col_status")?.textContent.trim(),
        )) ?? "no response shown";
    }
  }
  summary().click();
  return { count: blocks.length, method, path, status };
};
const results = [];
for (let n = 0; ; n++) {
  const evaluated = await send(
    "Runtime.evaluate",
    { expression: `(${inPage.toString()})(${n})`, awaitPromise: true, returnByValue: true },
    sessionId,
  );
  const r = evaluated.result.value;
  if (!r || r.method === undefined) break;
  results.push(r);
  console.log(`${r.status}\t${r.method}\t${r.path}`);
}
const failed = results.filter((r) => r.status !== "200");
console.log(`${results.length} operations, ${results.length - failed.length} answered 200`);
ws.close();
await new Promise((resolve) => {
  browser.once("exit", resolve);
  browser.kill();
});
rmSync(profile, { recursive: true, force: true });
process.exit(results.length > 0 && failed.length === 0 ? 0 : 1);
