"""Passkeys (WebAuthn, with the ``webauthn`` package): the options a page hands its browser's
``navigator.credentials`` to make a profile's passkey or sign in with one, and the checks of
what the browser answers. The relying party is the host the person reached the server by
(a domain name or ``localhost``: browsers take no IP address as one), its origin the page's.
Each ceremony's challenge is random and used once (profilestore keeps it until answered)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import orjson
from starlette.requests import Request
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import (
    InvalidAuthenticationResponse,
    InvalidCBORData,
    InvalidJSONStructure,
    InvalidRegistrationResponse,
)
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from pegrace.errors import OptionError
from pegrace.i18n import said
from pegrace.web.profilestore import Passkey
from pegrace.web.refusals import Forbidden, saying

RP_NAME = "pegrace"
LOG = logging.getLogger("pegrace.web")
CEREMONY_SECONDS = 300.0  # a browser's passkey dialog is answered within this
# what a browser's answer that cannot be read raises in the package
UNREADABLE = (InvalidJSONStructure, InvalidCBORData, ValueError, KeyError, TypeError)


@dataclass(frozen=True)
class Party:
    """Who the passkeys are for: the host's name and the page's origin."""

    rp_id: str
    origin: str

    @classmethod
    def of(cls, request: Request) -> Party:
        host = request.url.hostname or ""
        if not host or host.replace(".", "").isdigit() or ":" in host:
            # TRANSLATORS: passkeys are bound to a web address's name; {host} is an address
            refused = said(
                "passkeys need this server reached by a name, not the address {host}: "
                "open it as localhost or by its domain",
                host=host or "?",
            )
            raise saying(OptionError, refused)
        port = request.url.port
        default = {"http": 80, "https": 443}.get(request.url.scheme)
        shown = host if port in (None, default) else f"{host}:{port}"
        return cls(host, f"{request.url.scheme}://{shown}")


def creation_options(party: Party, name: str, user: bytes) -> tuple[str, dict[str, Any]]:
    """A new passkey's options for the browser (as JSON) and their challenge (base64url)."""
    options = generate_registration_options(
        rp_id=party.rp_id,
        rp_name=RP_NAME,
        user_name=name,
        user_id=user,
        user_display_name=name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,  # signs in without typing the name
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
    )
    return bytes_to_base64url(options.challenge), orjson.loads(options_to_json(options))


def request_options(party: Party) -> tuple[str, dict[str, Any]]:
    """The options that ask the browser for any of this site's passkeys, and the challenge."""
    options = generate_authentication_options(
        rp_id=party.rp_id, user_verification=UserVerificationRequirement.PREFERRED
    )
    return bytes_to_base64url(options.challenge), orjson.loads(options_to_json(options))


def made_passkey(party: Party, credential: Any, challenge: str) -> Passkey:
    """The passkey a browser made, checked against the ceremony; Forbidden if it is not one."""
    try:
        made = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=party.rp_id,
            expected_origin=party.origin,
        )
    except (InvalidRegistrationResponse, *UNREADABLE) as err:
        raise refused(err) from None
    return Passkey(
        bytes_to_base64url(made.credential_id),
        "",
        bytes_to_base64url(made.credential_public_key),
        made.sign_count,
    )


def credential_id(credential: Any) -> str:
    """The id of the passkey a browser's answer names (checked later)."""
    found = credential.get("id") if isinstance(credential, dict) else None
    if not isinstance(found, str) or not 1 <= len(found) <= 1024:
        raise saying(OptionError, said('"credential" must be the browser\'s answer, with its id'))
    return found


def signed_count(party: Party, credential: Any, challenge: str, key: Passkey) -> int:
    """The passkey's new signature count once its answer to the challenge is checked;
    Forbidden for a wrong, forged or replayed answer."""
    try:
        checked = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=party.rp_id,
            expected_origin=party.origin,
            credential_public_key=base64url_to_bytes(key.public_key),
            credential_current_sign_count=key.sign_count,
        )
    except (InvalidAuthenticationResponse, *UNREADABLE) as err:
        raise refused(err) from None
    return int(checked.new_sign_count)


def refused(err: Exception) -> Forbidden:
    """The library's reason is for the log (in English, and of no use to the person)."""
    LOG.info("passkey refused: %s", str(err)[:200])
    return saying(Forbidden, said("the passkey was not accepted: try again, or another one"))
