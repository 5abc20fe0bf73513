from pathlib import Path
import schemathesis
from schemathesis.config import SchemathesisConfig
from service import create_app
ROOT = Path("/work/main")
app = create_app()
config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
schema = schemathesis.openapi.from_wsgi("/openapi.yaml", app, config=config)

@schema.parametrize()
def test_api(case):
    case.call_and_validate()
