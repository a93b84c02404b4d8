"""A software passkey authenticator, for the attacks that sign in (identity.py) and the API
tests (the browser tests use Chromium's own virtual one): an ES256 key pair per credential,
answering WebAuthn's registration and authentication as a browser would hand them to the
server (the JSON of ``PublicKeyCredential.toJSON()``), so the server's checks run on real
signatures. Its packages (cbor2, cryptography) are the ``webauthn`` package's own."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT = 0x01, 0x04, 0x40  # authenticator data flags: user present, verified, key attached


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Credential:
    id: bytes
    key: ec.EllipticCurvePrivateKey
    user: bytes
    count: int = 0


@dataclass
class Authenticator:
    origin: str = "http://testserver"
    credentials: dict[str, Credential] = field(default_factory=dict)

    def client_data(self, kind: str, challenge: str) -> bytes:
        data = {"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}
        return json.dumps(data).encode()

    def create(self, options: dict[str, Any]) -> dict[str, Any]:
        """A new credential for the creation ``options`` the server gave."""
        rp_id = options["rp"]["id"]
        credential = Credential(
            secrets.token_bytes(16), ec.generate_private_key(ec.SECP256R1()),
            unb64(options["user"]["id"]),
        )  # fmt: skip
        self.credentials[b64(credential.id)] = credential
        numbers = credential.key.public_key().public_numbers()
        cose = {1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                -3: numbers.y.to_bytes(32, "big")}  # fmt: skip
        attested = bytes(16) + len(credential.id).to_bytes(2, "big") + credential.id
        auth_data = (
            hashlib.sha256(rp_id.encode()).digest() + bytes([UP | UV | AT])
            + (0).to_bytes(4, "big") + attested + cbor2.dumps(cose)
        )  # fmt: skip
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self.client_data("webauthn.create", options["challenge"])
        return {
            "id": b64(credential.id),
            "rawId": b64(credential.id),
            "type": "public-key",
            "response": {"clientDataJSON": b64(client_data), "attestationObject": b64(attestation)},
            "clientExtensionResults": {},
        }

    def get(self, options: dict[str, Any], which: str | None = None) -> dict[str, Any]:
        """An assertion of a credential (``which``, else the only one) for the request
        ``options``; its signature count goes up by one."""
        name = which or next(iter(self.credentials))
        credential = self.credentials[name]
        credential.count += 1
        auth_data = (
            hashlib.sha256(options["rpId"].encode()).digest() + bytes([UP | UV])
            + credential.count.to_bytes(4, "big")
        )  # fmt: skip
        client_data = self.client_data("webauthn.get", options["challenge"])
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = credential.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return {
            "id": name,
            "rawId": name,
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(credential.user),
            },
            "clientExtensionResults": {},
        }
