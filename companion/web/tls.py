"""A self-signed certificate for ``companion serve --https`` (phones' cameras need HTTPS).

Made once with the ``openssl`` command and kept in the data folder; it names the
LAN address and localhost. Phones show a warning for a self-signed certificate
the first time: accepting it is what lets the page use the live camera.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


class CertificateError(RuntimeError):
    """The certificate could not be made."""


def ensure_certificate(folder: Path, address: str) -> tuple[Path, Path]:
    """The certificate and key files, created on first use."""
    cert, key = folder / "tavolo-cert.pem", folder / "tavolo-key.pem"
    if cert.exists() and key.exists():
        return cert, key
    openssl = shutil.which("openssl")
    if openssl is None:
        raise CertificateError("--https needs the openssl command (Debian package openssl)")
    folder.mkdir(parents=True, exist_ok=True)
    names = f"subjectAltName=IP:{address},IP:127.0.0.1,DNS:localhost"
    cmd = [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "825",
           "-keyout", str(key), "-out", str(cert), "-subj", "/CN=Tavolo", "-addext", names]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise CertificateError(f"openssl failed: {done.stderr.strip()[-300:]}")
    key.chmod(0o600)
    return cert, key
