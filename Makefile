# The two commands a new user needs: `make run` and `make test`. Everything else is optional.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck unit contract-live lint-deploy bench bench-hostile render-check fuzz conformance golden mutate load clean clients

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

## Set up and start the service on gunicorn (127.0.0.1:$(PORT); WEB_CONCURRENCY workers).
run: $(STAMP)
	PORT=$(PORT) $(BIN)/gunicorn --config service/gunicorn_conf.py 'service:create_app()'

## Set up and run every check.
test: lint typecheck unit contract-live lint-deploy

lint: $(STAMP)
	$(BIN)/ruff check engines service tests benchmarks
	$(BIN)/ruff format --check engines service tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest -n 2 --dist worksteal -q

## schemathesis `st run` against a real gunicorn on a spare port.
contract-live: $(STAMP)
	$(BIN)/python tests/contract/run_live.py

## Every client generator the contract is tested with (tests/clients/, docs/testing.md): openapi-python-client,
## openapi-typescript with openapi-fetch, and openapi-generator's python and typescript-fetch (all
## also in `make test`).
clients: $(STAMP)
	$(BIN)/pytest -n 2 --dist worksteal -q tests/clients

## Dockerfile lint and Kubernetes manifest validation (no Docker engine needed); the nginx
## ConfigMap must carry deploy/nginx.conf verbatim, which `nginx -t` checks where nginx is installed.
NGINX_T := $(BIN)/python -c 'from tests.load import nginx; nginx.test(nginx.DEPLOYED)'
lint-deploy: $(STAMP)
	$(BIN)/hadolint Dockerfile
	$(BIN)/kubernetes-validate --strict deploy/*.yaml
	$(BIN)/python -c 'import sys, yaml; cm = yaml.safe_load(open("deploy/nginx-configmap.yaml")); \
	  sys.exit(cm["data"]["nginx.conf"] != open("deploy/nginx.conf").read() and \
	  "deploy/nginx-configmap.yaml: data nginx.conf is not deploy/nginx.conf")'
	if command -v nginx >/dev/null || test -x /usr/sbin/nginx; then $(NGINX_T); \
	  else echo "nginx not installed: nginx -t skipped (make load installs it)"; fi

## Benchmarks: every target of every game, in-process and over HTTP (wrk against gunicorn), and
## instructions per request counted by valgrind (benchmarks/instructions.py).
bench: $(STAMP)
	command -v wrk >/dev/null && command -v valgrind >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk valgrind)
	$(BIN)/python -m benchmarks

## Regenerate golden files after a reviewed rules change.
golden: $(STAMP)
	$(BIN)/python -m tests.golden.regenerate

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache

## The conformance suite at full size: 1,000 seeded games per engine and player count.
conformance: $(STAMP)
	CONFORMANCE_GAMES=1000 $(BIN)/pytest -n 2 -q tests/conformance

## Mutation testing of the rule modules (long; docs/testing.md). One module: TARGETS=patchwork.rules
mutate: $(STAMP)
	$(BIN)/python -m tests.mutation.run $(TARGETS)

## Fuzzing: FUZZ_RUNS atheris inputs through the body reader, the request validation and every
## engine (tests/fuzz/), then a longer schemathesis run against gunicorn, coverage phase included.
FUZZ_RUNS ?= 1000000
fuzz: $(STAMP)
	$(BIN)/pytest -n 2 -q -m slow
	$(BIN)/python -m tests.fuzz.run -runs=$(FUZZ_RUNS)
	ST_MAX_EXAMPLES=500 ST_PHASES=examples,coverage,fuzzing,stateful $(BIN)/python tests/contract/run_live.py

## The hostile-input corpus, timed in-process: the worst CPU ms and MiB of any request.
bench-hostile: $(STAMP)
	$(BIN)/python -m tests.load.hostile

## Load and faults (docs/operations.md): whole games of every engine plus 25 % bad requests at
## saturation for LOAD_SECONDS, then a worker and an instance behind nginx SIGKILLed mid-run,
## then 200 idle and 64 slow clients against the production nginx (deploy/nginx.conf) for
## SLOW_SECONDS while /healthz is probed and normal applys are sent.
LOAD_SECONDS ?= 600
SLOW_SECONDS ?= 60
load: $(STAMP)
	command -v wrk >/dev/null && command -v nginx >/dev/null || (apt-get update -qq && apt-get install -y -qq wrk nginx)
	$(NGINX_T)
	LOAD_SECONDS=$(LOAD_SECONDS) $(BIN)/python -m tests.load.soak --slow-seconds $(SLOW_SECONDS)

## Every game's picture (POST /v1/games/{game}/render) drawn by headless Chromium and compared
## with tests/render/reference/ (docs/pictures.md). UPDATE=--update rewrites the references.
render-check: $(STAMP)
	command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)
	$(BIN)/python -m tests.render.browser_check $(UPDATE)
