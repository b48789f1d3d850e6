#!/usr/bin/env bash
# Install the local servers the remote-state tests start on 127.0.0.1 (issue 30), exactly as CI does.
# Idempotent: what is already installed at the pinned version is kept.
#
#   tests/remote-state/setup.sh          from the repository root (or anywhere: paths are the clone's)
#
# - PostgreSQL from Debian (`apt-get install postgresql`): initdb/pg_ctl for a throwaway cluster
# - azurite 3.35.0 from npm into target/rs-node (azurite-blob: Azure Blob storage)
# - a venv target/rs-venv with moto[server] 5.2.5 (S3, DynamoDB, STS, IAM), gcp-storage-emulator
#   2026.7.19 (GCS), boto3 (snapshots of moto) and pytest (the suite)
# Prints the paths the suite uses (RS_PYTHON=..., AZURITE_BLOB=...) and the seconds it took.
set -euo pipefail
SECONDS=0
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/rs-venv"
node_dir="$root/target/rs-node"

# PostgreSQL: Debian's package (server programs in /usr/lib/postgresql/N/bin).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null
fi
command -v openssl >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq openssl >/dev/null; }

# azurite (npm), pinned.
if [ ! -x "$node_dir/node_modules/.bin/azurite-blob" ] ||
   ! grep -q '"version": "3.35.0"' "$node_dir/node_modules/azurite/package.json" 2>/dev/null; then
    command -v npm >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq nodejs npm >/dev/null; }
    mkdir -p "$node_dir"
    (cd "$node_dir" && npm install --silent --no-audit --no-fund --no-save azurite@3.35.0 >/dev/null)
fi

# Python servers and the suite's tools, pinned, in their own venv.
want="moto[server]==5.2.5 gcp-storage-emulator==2026.7.19 boto3 pytest"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" - <<'PY' 2>/dev/null
import importlib.metadata as m, sys
v = {d: m.version(d) for d in ("moto", "gcp-storage-emulator", "boto3", "pytest")}
sys.exit(0 if v["moto"] == "5.2.5" and v["gcp-storage-emulator"] == "2026.7.19" else 1)
PY
then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check $want
fi

echo "RS_PYTHON=$venv/bin/python"
echo "AZURITE_BLOB=$node_dir/node_modules/.bin/azurite-blob"
echo "PG_BINDIR=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")"
echo "remote-state setup: ${SECONDS} s"
