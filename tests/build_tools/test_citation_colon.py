"""A citation followed by a colon mid-sentence is a citation (Alea Evangelii §3: "weicht davon ab
[Ludii-alea]: Dort ..."); a markdown reference definition at the start of a line is not."""

from build_tools.pages import transform_body
from build_tools.sources import citations_in


def test_citation_before_colon_counts():
    assert [c.key for c in citations_in("Ludii weicht davon ab [Ludii-alea]: Dort sind 16 Felder vertauscht.", 7)] == ["Ludii-alea"]


def test_reference_definition_is_no_citation():
    assert citations_in("[Ludii-alea]: https://github.com/Ludeme/Ludii", 3) == []


def test_citation_before_colon_is_linked_on_the_page():
    out = transform_body("weicht davon ab [Ludii-alea]: Dort", keys={"Ludii-alea"}, titles={})
    assert "[Ludii-alea](#src-" in out
