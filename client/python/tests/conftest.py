"""Fixtures: the real Go server, a loopback landing page, a scripted stub server."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterator, List, Tuple

import pytest

REPO = Path(__file__).resolve().parents[3]  # tests/ -> python/ -> client/ -> the checkout

LANDING_PAGE = b"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Ledgerly - bookkeeping that does itself</title>
<meta name="description" content="Ledgerly reconciles your bank feeds and sends invoices for you. Plans from $19/month.">
</head>
<body>
<header><nav><a href="/">Home</a> <a href="/login">Log in</a></nav></header>
<main>
<h1>Close your books in ten minutes a month</h1>
<p class="lead">Ledgerly matches every bank transaction to a receipt and chases unpaid invoices, so you can get back to your customers.</p>
<p>Small businesses spend six hours a week on bookkeeping. Ledgerly connects to over 2,000 banks, sorts your expenses into the right categories and flags anything that looks wrong before your accountant ever sees it.</p>
<ul>
<li>Automatic bank reconciliation every night</li>
<li>Invoices that remind your customers for you</li>
<li>Reports your accountant can open in one click</li>
</ul>
<h2>One simple plan</h2>
<p class="price">$19/month, billed monthly. Cancel any time.</p>
<p>Every plan comes with a 30-day money-back guarantee.</p>
<a class="cta" href="https://ledgerly.example/signup">Start your free trial</a>
</main>
<footer><p>&copy; 2025 Ledgerly Inc.</p></footer>
</body>
</html>
"""


def _go() -> str:
    go = shutil.which("go")
    if go is None:
        pytest.skip("the Go toolchain is needed to build the server")
    return go


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Build cmd/mfork, serve it on a free loopback port with a temporary
    SQLite store, yield its base URL, and stop it afterwards."""
    tmp = tmp_path_factory.mktemp("mfork")
    binary = tmp / ("mfork.exe" if os.name == "nt" else "mfork")
    build = subprocess.run(
        [_go(), "build", "-o", str(binary), "./cmd/mfork"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if build.returncode != 0:
        pytest.fail(f"go build failed:\n{build.stdout}\n{build.stderr}")

    stderr = open(tmp / "server.log", "wb")
    proc = subprocess.Popen(
        [
            str(binary),
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            f"sqlite:{tmp / 'mfork.db'}",
            "--allow-private",
            "--forks-per-minute",
            "3",
        ],
        cwd=tmp,
        stdout=subprocess.PIPE,
        stderr=stderr,
    )
    try:
        first: List[bytes] = []
        reader = threading.Thread(target=lambda: first.append(proc.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(30)
        line = first[0].decode() if first else ""
        m = re.search(r"listening on (https?://\S+)", line)
        if not m:
            proc.kill()
            pytest.fail(f"server did not start: {line!r}\n{(tmp / 'server.log').read_text(errors='replace')}")
        # keep draining stdout so the server never blocks on a full pipe
        threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()  # type: ignore[union-attr]
        yield m.group(1).rstrip("/")
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
        stderr.close()


def _serve(handler: type) -> Tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host, port = httpd.server_address[:2]
    return httpd, f"http://{host}:{port}"


class _PageHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(LANDING_PAGE)))
        self.end_headers()
        self.wfile.write(LANDING_PAGE)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def landing_page() -> Iterator[str]:
    """The URL of a small landing page (headline, $19/month, a CTA) on loopback."""
    httpd, base = _serve(_PageHandler)
    try:
        yield base + "/ledgerly.html"
    finally:
        httpd.shutdown()
        httpd.server_close()


# A reply is (status, headers, body).
Reply = Tuple[int, dict, bytes]


class Stub:
    """A scripted HTTP server: answers the queued replies in order (the last
    one repeats) and records every request's method, path and headers."""

    def __init__(self, replies: List[Reply]) -> None:
        self.replies = list(replies)
        self.requests: List[Tuple[str, str, dict]] = []
        self.lock = threading.Lock()
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                n = int(self.headers.get("Content-Length") or 0)
                if n:
                    self.rfile.read(n)
                with stub.lock:
                    stub.requests.append((self.command, self.path, dict(self.headers)))
                    status, headers, body = stub.replies[0] if len(stub.replies) == 1 else stub.replies.pop(0)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer  # noqa: N815

            def log_message(self, *args: object) -> None:
                pass

        self.httpd, self.url = _serve(Handler)

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def stub() -> Iterator[Callable[[List[Reply]], Stub]]:
    made: List[Stub] = []

    def make(replies: List[Reply]) -> Stub:
        s = Stub(replies)
        made.append(s)
        return s

    yield make
    for s in made:
        s.close()
