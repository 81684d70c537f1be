"""bench.py's ``sandbox`` part, and the sandbox as a separate program the window's parts talk to."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench_common import CLIENT_ID, SECRET, Sizes, median


class SandboxProcess:
    """``python -m paydesk.sandbox`` on loopback: the service as a separate program.

    The window's figures use this one: a sandbox in the benchmark's own process
    would share the window's interpreter lock, which the real service never does.
    """

    def __init__(self, work: Path, *, latency_ms: int = 0, jitter_ms: int = 0) -> None:
        """``latency_ms``, and a random 0..``jitter_ms`` more, before each /backend reply."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("PAYDESK_")}
        self._stderr = (work / f"sandbox-{latency_ms}+{jitter_ms}ms.log").open(
            "w", encoding="utf-8")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "paydesk.sandbox", "--host", "127.0.0.1", "--port", "0",
             "--client-id", str(CLIENT_ID), "--secret-key", SECRET, "--ttl", "3600",
             "--latency-ms", str(latency_ms), "--latency-jitter-ms", str(jitter_ms)],
            stdout=subprocess.PIPE, stderr=self._stderr, text=True, env=env,
        )
        assert self.process.stdout is not None
        self.base_url = self.process.stdout.readline().strip()
        if not self.base_url.startswith("http://127.0.0.1:"):
            self.stop()
            raise RuntimeError(f"the sandbox did not start: {self.base_url!r}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
        self._stderr.close()

    def __enter__(self) -> SandboxProcess:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


def bench_sandbox(sizes: Sizes, work: Path, sandbox: Any) -> dict[str, Any]:
    """In this process (as the tests and the demo run it), and as a separate program."""
    inside = get_order_times(sizes, sandbox.base_url)
    with SandboxProcess(work) as separate:
        outside = get_order_times(sizes, separate.base_url)
    return {
        "sandbox_p50_ms": median(inside) * 1000,
        "sandbox_p95_ms": inside[int(len(inside) * 0.95) - 1] * 1000,
        "sandbox_process_p50_ms": median(outside) * 1000,
    }


def get_order_times(sizes: Sizes, base_url: str) -> list[float]:
    from paydesk.gateway import GatewayClient

    times: list[float] = []
    with GatewayClient(base_url, CLIENT_ID, SECRET) as client:
        order_id = f"p50-{os.getpid()}"
        client.create_order(order_id, 15000)
        for number in range(20 + sizes.sandbox_calls):
            started = time.perf_counter()
            client.get_order(order_id)
            if number >= 20:
                times.append(time.perf_counter() - started)
    return sorted(times)
