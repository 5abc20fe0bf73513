"""``python -m tabletop_referee``: what the console script ``tabletop-referee`` does, serve the
API on gunicorn with the packaged settings; arguments go to gunicorn (``--workers 4``)."""

from service.serve import main

if __name__ == "__main__":
    main()
