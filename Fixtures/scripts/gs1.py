"""EAN/UPC encoding from the GS1 tables, shared by the fixture scripts.

Modules as strings of "1" (bar) and "0" (space), guards included, no quiet zone.
"""

L = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
R = ["".join("1" if b == "0" else "0" for b in c) for c in L]
G = [c[::-1] for c in R]
# Left-half parities of an EAN-13, by its first digit.
EAN13_PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]


def check_digit(body):
    """The GS1 check digit of `body` (any length): weights 3, 1, 3 … from the right."""
    s = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return str((10 - s % 10) % 10)


def code(d, kind):
    """Digit `d` as an L or G code."""
    return (L if kind == "L" else G)[int(d)]


def ean13_modules(v):
    """The 95 modules of a 13-digit EAN-13 (a UPC-A is one with a leading 0)."""
    p = EAN13_PARITY[int(v[0])]
    return "101" + "".join(code(d, k) for d, k in zip(v[1:7], p)) + "01010" + "".join(R[int(d)] for d in v[7:]) + "101"


def ean8_modules(v):
    """The 67 modules of an EAN-8."""
    return "101" + "".join(L[int(d)] for d in v[:4]) + "01010" + "".join(R[int(d)] for d in v[4:]) + "101"
