"""What the hostile-input tests type (tests/reliability): text a person, a barcode
scanner or a paste can put in a field, for the typed values and the service's words."""

from __future__ import annotations

from hypothesis import strategies as st

# Text a person (or a barcode scanner, or a paste) can put in a field: any
# Unicode, the nasty ASCII ones over-represented.
NASTY = "@.+&=%#?;:/\\'\"<>` \t\n\r\x00\x7f\u00a0\u2028\u200b\u202e"
typed_text = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.sampled_from(NASTY + "ab1"), max_size=30),
)
