"""What kind of "no" a ``status: false`` reply is: from its HTTP code, else its words.

The contract gives refusals HTTP codes (400 parameter, 401/403 credentials, 404
unknown order, 409 order id reused), and the sandbox uses them: such a code
decides. The real service is believed to answer every refusal with HTTP 200,
and then only its words tell what went wrong: the sandbox's sentences and the
usual ways to say the same in English and Russian are recognised. Words that
name none of them give a plain :class:`ServiceRefused` carrying the service's
own sentence.
"""

from __future__ import annotations

import re
from typing import Any

from paydesk.domain.failures import WITH_SERVICE_WORDS
from paydesk.gateway.errors import (
    CredentialsRefused,
    GatewayError,
    OrderConflict,
    OrderNotFound,
    ParameterRefused,
    ServiceRefused,
    ServiceUnavailable,
    message_for,
)

_CREDENTIALS = re.compile(
    r"\b(?:wrong|bad|invalid|incorrect)\s+(?:sign|signature)\b"
    r"|\bsignature\s+(?:mismatch|is\s+(?:wrong|invalid|incorrect)|does\s+not\s+match)"
    r"|\bunknown\s+client|\bclient(?:_id)?\s+(?:is\s+)?not\s+found"
    r"|\bunauthori[sz]ed|\bnot\s+authori[sz]ed|\bforbidden\b|\baccess\s+denied"
    r"|(?:неверн|некорректн|ошибочн)\w*\s+подпис|подпис\w*\s+не\s+(?:верн|совпада)"
    r"|неизвестн\w*\s+(?:клиент|магазин)|клиент\w*\s+не\s+найден|доступ\s+запрещ",
    re.IGNORECASE,
)
_NOT_FOUND = re.compile(
    r"\bnot\s+found\b|\bno\s+such\s+order|\bdoes\s+not\s+exist|\bunknown\s+order"
    r"|не\s+найден|не\s+существует|нет\s+такого\s+заказа",
    re.IGNORECASE,
)
_CONFLICT = re.compile(
    r"\balready\s+(?:exists|used|taken|created)|\bduplicate"
    r"|уже\s+(?:существует|использ|создан|есть)|дубл",
    re.IGNORECASE,
)
_PARAMETER = re.compile(
    r"\bparameters?\b|\bmissing\b|\brequired\b|\binvalid\b|\bnot\s+valid\b|\bmalformed\b"
    r"|\bmust\s+be\b|параметр|обязательн|некорректн|неверн|недопустим|должн",
    re.IGNORECASE,
)

#: Most specific first: "client not found" is about credentials, and a sentence
#: about a wrong signature mentions "parameters" too.
_WORDS: tuple[tuple[re.Pattern[str], type[ServiceRefused]], ...] = (
    (_CREDENTIALS, CredentialsRefused),
    (_NOT_FOUND, OrderNotFound),
    (_CONFLICT, OrderConflict),
    (_PARAMETER, ParameterRefused),
)
_CODES: dict[int, type[ServiceRefused]] = {
    400: ParameterRefused,
    401: CredentialsRefused,
    403: CredentialsRefused,
    404: OrderNotFound,
    409: OrderConflict,
}
_WHAT = {
    CredentialsRefused: "credentials refused",
    OrderNotFound: "no such order",
    OrderConflict: "order id already used differently",
    ParameterRefused: "a parameter refused",
    ServiceRefused: "refused",
}


def refusal(
    where: str, code: int, body: str, message: str | None, words: str | None
) -> GatewayError:
    """The error for a ``status: false`` reply of ``where`` (an endpoint) with ``code``.

    ``message`` is the service's text as shown (secrets masked), ``words`` the same
    before masking, to be read (a masked "wrong" must still read as "wrong").
    """
    kwargs: dict[str, Any] = {"http_status": code, "body": body, "service_message": message}
    if 500 <= code <= 599:
        return ServiceUnavailable(f"{where}: the service reported a fault", **kwargs)
    kind = _kind(where, code, words)
    if message and kind.default_code in WITH_SERVICE_WORDS:
        # Its own words are the most useful thing to show: which value, what is wrong.
        kwargs["user_message"] = message_for(kind.default_code, message)
    return kind(f"{where}: {_WHAT[kind]}", **kwargs)


def _kind(where: str, code: int, words: str | None) -> type[ServiceRefused]:
    if code in _CODES:
        kind = _CODES[code]
        return kind if _fits(kind, where) else ServiceRefused
    for pattern, kind in _WORDS:
        if words and pattern.search(words) and _fits(kind, where):
            return kind
    return ServiceRefused


def _fits(kind: type[ServiceRefused], where: str) -> bool:
    # Only get_order asks about an existing order; a create is never "not found".
    return kind is not OrderNotFound or where == "get_order"
