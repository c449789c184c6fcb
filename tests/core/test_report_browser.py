"""The report in a real browser: headless Chromium (Debian's package) loads report.html from disk, every
image loads, and the page asks nothing of the network.

The browser is driven through the DevTools protocol over ``--remote-debugging-pipe`` (JSON messages
ended by NUL on file descriptors 3 and 4), so no driver or websocket library is needed. Skipped, with
the reason, where no ``chromium`` is installed.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from tests.core.test_report import Page, sweep_dir  # noqa: F401 (sweep_dir: the fixture)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--disable-default-apps", "--remote-debugging-pipe"]
WIDTH = 1280


class Browser:
    """A headless Chromium in a new empty profile, spoken to over the DevTools pipe."""

    def __init__(self, timeout: float = 60.0):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        to_child, self._out = os.pipe()
        self._in, from_child = os.pipe()

        def fds():  # the child reads commands on fd 3 and writes answers on fd 4
            read, write = os.dup(to_child), os.dup(from_child)  # above 4, so neither dup2 clobbers the other
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
                                     preexec_fn=fds, pass_fds=(3, 4),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._id = 0
        self.events = []

    def _read(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from chromium")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise EOFError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method: str, session: str | None = None, **params) -> dict:
        """Send one command and return its result; events that come first are kept in ``events``."""
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer["result"]
            self.events.append(answer)

    def wait_for(self, method: str) -> dict:
        for event in self.events:
            if event.get("method") == method:
                return event
        while True:
            event = self._read()
            self.events.append(event)
            if event.get("method") == method:
                return event

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (OSError, EOFError, RuntimeError, TimeoutError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._in)
        os.close(self._out)
        shutil.rmtree(self.profile, ignore_errors=True)


LAYOUT = {  # what the page shows a reader, measured in the browser
    "first_image": "document.images.length ? [document.images[0].alt, document.images[0].getBoundingClientRect().top]"
                   " : null",
    "folded": "document.querySelectorAll('details:not([open])').length",
    "visible_tables_in_details": "Array.from(document.querySelectorAll('details table'))"
                                 ".filter(t => t.checkVisibility()).length",
}


def render(page: Path, screenshot: Path | None = None, height: int = 900) -> dict:
    """Open ``page`` in headless Chromium with a ``WIDTH`` × ``height`` window: the state of every image,
    every URL it requested, the page's height, the :data:`LAYOUT` measures, and (if asked) a PNG of the
    window."""
    browser = Browser()
    try:
        target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        browser.call("Network.enable", session)
        browser.call("Page.enable", session)
        browser.call("Emulation.setDeviceMetricsOverride", session, width=WIDTH, height=height,
                     deviceScaleFactor=1, mobile=False)
        browser.call("Page.navigate", session, url=page.resolve().as_uri())
        browser.wait_for("Page.loadEventFired")

        def evaluate(expression: str):
            return browser.call("Runtime.evaluate", session, expression=expression,
                                returnByValue=True)["result"]["value"]

        images = evaluate("Array.from(document.images).map(i => [i.complete, i.naturalWidth, i.naturalHeight])")
        scroll_height = evaluate("Math.ceil(document.body.getBoundingClientRect().bottom)")
        layout = {name: evaluate(expression) for name, expression in LAYOUT.items()}
        if screenshot is not None:
            shot = browser.call("Page.captureScreenshot", session, format="png")
            import base64
            screenshot.write_bytes(base64.b64decode(shot["data"]))
        requests = [e["params"]["request"]["url"] for e in browser.events
                    if e.get("method") == "Network.requestWillBeSent"]
        failed = [e["params"] for e in browser.events if e.get("method") == "Network.loadingFailed"]
        return {"images": images, "requests": requests, "failed": failed, "height": scroll_height} | layout
    finally:
        browser.close()


needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")


def offline(seen: dict) -> bool:
    """Whether the page asked for nothing but itself (a file) and data: URLs, and nothing failed."""
    return not seen["failed"] and all(url.startswith(("data:", "file:")) for url in seen["requests"])


@needs_chromium
def test_report_renders_offline_in_chromium(sweep_dir, tmp_path):
    """Every image loads, nothing comes from the network, the win-rate heat map is the first thing on the
    first screen and the long tables are folded."""
    shot = tmp_path / "top.png"
    seen = render(sweep_dir / "report.html", shot)
    embedded = len(Page((sweep_dir / "report.html").read_text()).images)
    assert embedded == 6 and len(seen["images"]) == embedded
    assert all(complete and width > 0 and height > 0 for complete, width, height in seen["images"])
    assert seen["requests"][0] == (sweep_dir / "report.html").resolve().as_uri()
    assert offline(seen), seen["requests"]
    alt, top = seen["first_image"]
    assert alt.startswith("Player win rate") and top < 900
    assert seen["folded"] == 4 and seen["visible_tables_in_details"] == 0
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@needs_chromium
def test_the_browser_check_sees_a_network_request_and_a_broken_image(tmp_path):
    """The checks above can fail: an image from a (closed) loopback port is a request off the page, and
    it does not load."""
    page = tmp_path / "page.html"
    page.write_text('<!DOCTYPE html><html><body><img alt="x" src="http://127.0.0.1:9/x.png"></body></html>')
    seen = render(page)
    assert "http://127.0.0.1:9/x.png" in seen["requests"] and not offline(seen)
    assert seen["images"] == [[True, 0, 0]]
