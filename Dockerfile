# syntax=docker/dockerfile:1
#
# Tabletop rules referee: Flask app served by gunicorn.
#
#   docker build -t tabletop-referee .
#   docker run --rm -p 8000:8000 tabletop-referee
#
# Two stages: the builder installs the project and its dependencies into a
# virtualenv at /opt/venv; the runtime stage copies only that virtualenv onto a
# clean base, so no build tooling, source tree or pip cache end up in the image.
# Both stages use the same base so the venv's interpreter path stays valid.

FROM python:3.11-slim-bookworm AS builder

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src

RUN python -m venv /opt/venv

# Only the files the package build needs (see .dockerignore).
# README.m[d] is a wildcard so the build does not fail if the file is absent.
COPY pyproject.toml README.m[d] ./
COPY engines/ engines/
COPY service/ service/

# A regular (non-editable) install: the runtime image holds no source tree. The
# wheel installs one package, tabletop_referee, with engines and service inside.
# `python -I` keeps /src off sys.path, so the import check hits the installed copy.
RUN /opt/venv/bin/pip install --no-cache-dir . \
    && /opt/venv/bin/python -I -c "import tabletop_referee.engines, tabletop_referee.service"


FROM python:3.11-slim-bookworm AS runtime

LABEL org.opencontainers.image.title="tabletop-referee" \
      org.opencontainers.image.description="A stateless rules referee for tabletop games, as a REST API."

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH="/opt/venv/bin:${PATH}" \
    PORT=8000 \
    BIND=0.0.0.0:8000 \
    WEB_CONCURRENCY=2 \
    OPENAPI_PATH=/app/openapi.yaml

# Unprivileged user with a fixed numeric UID/GID, so Kubernetes'
# runAsNonRoot can verify it without a runAsUser override.
RUN groupadd --system --gid 10001 referee \
    && useradd --system --uid 10001 --gid referee --no-create-home \
       --home-dir /nonexistent --shell /usr/sbin/nologin referee

COPY --from=builder /opt/venv /opt/venv

WORKDIR /app
# openapi.yaml sits at the repository root, outside the packages, so the wheel
# does not carry it; the service reads it from OPENAPI_PATH (set above).
COPY openapi.yaml ./

USER 10001:10001

EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ.get('PORT', '8000') + '/healthz', timeout=4)"]

# The console script runs gunicorn with the settings installed in the package,
# loaded as a file, as `make run` does: loading them as a module would import the
# service, and with it prometheus_client, before the settings set
# PROMETHEUS_MULTIPROC_DIR, and /metrics would then miss the workers' samples.
# gunicorn handles SIGTERM as a graceful shutdown (the default stop signal).
CMD ["tabletop-referee"]
