"""Table codes: the only key to a seat. Random (136 bits from `secrets`), shown once when the
table is made, stored only as their sha256. A code is 28 letters and digits of base32, written
in groups of four (`abcd-efgh-…`); case, spaces and dashes do not matter when it is typed."""
from __future__ import annotations

import base64
import hashlib
import re
import secrets

CODE_BYTES = 17  # 136 bits
CODE_LENGTH = 28  # base32 letters for 17 bytes, padding dropped
_SHAPE = re.compile(r"[a-z2-7]{%d}" % CODE_LENGTH)


def new_code() -> str:
    """A fresh code, grouped for reading aloud: 7 groups of 4."""
    raw = base64.b32encode(secrets.token_bytes(CODE_BYTES)).decode("ascii").rstrip("=").lower()
    return "-".join(raw[i:i + 4] for i in range(0, len(raw), 4))


def normalise(code: str) -> str | None:
    """The code's 28 letters, or None if it cannot be a code (wrong length or letters)."""
    if not isinstance(code, str):
        return None
    flat = re.sub(r"[\s\-]", "", code).lower()
    return flat if _SHAPE.fullmatch(flat) else None


def code_hash(code: str) -> str | None:
    """What the store keeps of a code: the sha256 of its normalised form (None: malformed)."""
    flat = normalise(code)
    return hashlib.sha256(flat.encode("ascii")).hexdigest() if flat else None
