"""``paydesk cashier add|list|remove|pin``: the shop's cashiers, managed by an owner.

The first cashier added is the owner (``--owner``) and needs nobody's PIN; after that an
owner (``--by NAME``) signs each change with their PIN. PINs are read from a hidden prompt
or ``--stdin`` (paydesk/cli/pin_prompt.py): with ``--stdin``, the owner's PIN comes first,
then the new PIN.
"""

from __future__ import annotations

import argparse

from paydesk.cli import exit_codes
from paydesk.cli.formats import add_format, print_json
from paydesk.cli.pin_prompt import add_stdin, read_pin
from paydesk.core.runtime import Runtime
from paydesk.core.shifts import Cashier, Cashiers


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cashier = sub.add_parser(
        "cashier", help="the shop's cashiers and their PINs (an owner manages them)",
        description="Cashiers sign in by name and a 4-6 digit PIN when shifts are on "
        "(paydesk config set shifts on). The first cashier added is the owner; an owner "
        "adds, removes and sets PINs with their own PIN (--by NAME). Exit codes: 0 done, "
        "9 refused (a wrong or locked PIN, not an owner, a name taken), 5 the order book.")
    actions = cashier.add_subparsers(dest="cashier_action", metavar="ACTION", required=True)

    add = actions.add_parser("add", help="add a cashier (the first one: the owner)")
    add.add_argument("name")
    add.add_argument("--owner", action="store_true", help="an owner: manages the cashiers, "
                     "changes settings, closes another's shift")
    add.add_argument("--by", metavar="OWNER", help="the owner adding them (not for the first)")
    add_stdin(add)
    add.set_defaults(run=_add)

    listing = actions.add_parser("list", help="the cashiers and their roles")
    add_format(listing, "table", "json", default="table")
    listing.set_defaults(run=_list)

    remove = actions.add_parser("remove", help="remove a cashier (their orders keep the name)")
    remove.add_argument("name")
    remove.add_argument("--by", metavar="OWNER", required=True, help="the owner removing them")
    add_stdin(remove)
    remove.set_defaults(run=_remove)

    pin = actions.add_parser("pin", help="set a cashier's PIN (their own, or an owner's)")
    pin.add_argument("name")
    pin.add_argument("--by", metavar="NAME", help="who changes it: the cashier (the default, "
                     "with the current PIN) or an owner")
    add_stdin(pin)
    pin.set_defaults(run=_pin)


def signed_in(cashiers: Cashiers, name: str, args: argparse.Namespace) -> Cashier:
    """``name`` signed in with the PIN read now (ShiftError when wrong or locked)."""
    return cashiers.sign_in(name, read_pin(args, f"PIN of {name} (not shown): "))


def _new_pin(args: argparse.Namespace, name: str) -> str:
    return read_pin(args, f"New PIN for {name}, 4 to 6 digits (not shown): ")


def _add(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store() as store:
        cashiers = Cashiers(store)
        by = signed_in(cashiers, args.by, args) if args.by else None
        added = cashiers.add(args.name, _new_pin(args, args.name), owner=args.owner, by=by)
    print(f"added {added.role} {added.name}")
    return exit_codes.OK


def _list(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store_for_reading() as store:
        every = Cashiers(store).all()
    if args.format == "json":
        print_json([{"name": c.name, "role": c.role.value} for c in every])
    elif not every:
        print("No cashiers yet: paydesk cashier add NAME --owner")
    else:
        for cashier in every:
            print(f"{cashier.name}  {cashier.role.value}")
    return exit_codes.OK


def _remove(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store() as store:
        cashiers = Cashiers(store)
        cashiers.remove(args.name, by=signed_in(cashiers, args.by, args))
    print(f"removed {args.name.strip()}")
    return exit_codes.OK


def _pin(args: argparse.Namespace, runtime: Runtime) -> int:
    with runtime.open_store() as store:
        cashiers = Cashiers(store)
        by = signed_in(cashiers, args.by or args.name, args)
        cashiers.change_pin(args.name, _new_pin(args, args.name), by=by)
    print(f"new PIN saved for {args.name.strip()}")
    return exit_codes.OK
