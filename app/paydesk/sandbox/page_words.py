"""The payment page's words in English and Russian, chosen by the browser's Accept-Language.

A buyer scanning the QR at a Russian counter gets the page in Russian; any other
browser, or one that prefers neither, gets English. Only the buyer's pages speak
the buyer's language: the API's JSON replies are for programs and stay English.
"""

from __future__ import annotations

from typing import Literal

Language = Literal["en", "ru"]

#: Every text a page shows, by language; the ``{names}`` are filled in where shown.
WORDS: dict[Language, dict[str, str]] = {
    "en": {
        "order": "Order",
        "pay_by": "Pay by",
        "minutes_left": "{minutes} min left",
        "receipt_to": "Receipt to",
        "email_label": "E-mail for the receipt",
        "pay": "Pay",
        "refuse": "Refuse",
        "note": "PayDesk sandbox: no real money moves.",
        "title": "Pay {amount} to {merchant}",
        "paid_heading": "Payment received",
        "paid_text": "This order is paid. Thank you!",
        "refused_heading": "Payment refused",
        "refused_text": "This payment was refused.",
        "expired_heading": "Payment link expired",
        "expired_text": "The time to pay this order ran out. Ask the cashier for a new one.",
        "closed_heading": "Order closed",
        "closed_text": "This order can no longer be paid.",
        "nothing_changed": "Nothing was changed.",
        "not_found_heading": "Payment link not found",
        "not_found_text": "This link does not lead to any order. Check the QR code.",
        "foreign_heading": "Payment form not accepted",
        "foreign_text": "This form did not come from this payment page, so nothing was paid "
        "or refused. Open the payment link again.",
        "unsupported_heading": "Unsupported form",
        "unsupported_text": "Send the form as {kind}.",
        "unreadable_heading": "Unreadable form",
        "unreadable_text": "The form data could not be read.",
        "refused_request": "Request refused",
        "method_heading": "Method not allowed",
        "choose": "Choose Pay or Refuse.",
        "one_email": "Enter one e-mail address.",
        "email_needed": "Enter your e-mail for the receipt.",
        "email_invalid": "Check the e-mail address.",
        "email_spaces": "An e-mail address cannot contain spaces.",
        "email_control_characters": "An e-mail address cannot contain control characters.",
        "email_at_sign": "An e-mail address has exactly one '@'.",
        "email_no_local_part": "Write the name before the '@'.",
        "email_bad_domain": "The part after '@' must be a domain such as mail.ru.",
        "email_too_long": "An e-mail address has at most {max} characters.",
    },
    "ru": {
        "order": "Заказ",
        "pay_by": "Оплатить до",
        "minutes_left": "осталось {minutes} мин",
        "receipt_to": "Чек на адрес",
        "email_label": "E-mail для чека",
        "pay": "Оплатить",
        "refuse": "Отказаться",
        "note": "Песочница PayDesk: настоящие деньги не списываются.",
        "title": "Оплата {amount}: {merchant}",
        "paid_heading": "Оплата получена",
        "paid_text": "Заказ оплачен. Спасибо!",
        "refused_heading": "Оплата отклонена",
        "refused_text": "От этой оплаты отказались.",
        "expired_heading": "Срок ссылки истёк",
        "expired_text": "Время на оплату этого заказа вышло. Попросите кассира создать новый.",
        "closed_heading": "Заказ закрыт",
        "closed_text": "Этот заказ больше нельзя оплатить.",
        "nothing_changed": "Ничего не изменилось.",
        "not_found_heading": "Ссылка на оплату не найдена",
        "not_found_text": "Эта ссылка не ведёт ни к одному заказу. Проверьте QR-код.",
        "foreign_heading": "Форма оплаты не принята",
        "foreign_text": "Эта форма отправлена не со страницы оплаты, поэтому ничего не оплачено "
        "и не отклонено. Откройте ссылку на оплату ещё раз.",
        "unsupported_heading": "Неподдерживаемая форма",
        "unsupported_text": "Отправьте форму как {kind}.",
        "unreadable_heading": "Форма не прочитана",
        "unreadable_text": "Не удалось прочитать данные формы.",
        "refused_request": "Запрос отклонён",
        "method_heading": "Метод не разрешён",
        "choose": "Выберите «Оплатить» или «Отказаться».",
        "one_email": "Введите один адрес e-mail.",
        "email_needed": "Введите e-mail для чека.",
        "email_invalid": "Проверьте адрес e-mail.",
        "email_spaces": "В адресе e-mail не может быть пробелов.",
        "email_control_characters": "В адресе e-mail не может быть управляющих символов.",
        "email_at_sign": "В адресе e-mail должен быть ровно один знак «@».",
        "email_no_local_part": "Напишите имя перед «@».",
        "email_bad_domain": "После «@» должен быть домен, например mail.ru.",
        "email_too_long": "В адресе e-mail не больше {max} символов.",
    },
}


def choose_language(accept_language: str | None) -> Language:
    """The first of English and Russian the browser accepts, by its ``q`` weights;
    English when it names neither (or sends no header)."""
    best: tuple[float, int, Language] | None = None
    for position, item in enumerate((accept_language or "").split(",")):
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().lower().split("-", 1)[0]
        if primary not in ("en", "ru"):
            continue
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if weight <= 0:
            continue
        candidate = (-weight, position, "ru" if primary == "ru" else "en")
        if best is None or candidate < best:
            best = candidate  # type: ignore[assignment]
    return best[2] if best is not None else "en"


def words(language: Language) -> dict[str, str]:
    return WORDS[language]
