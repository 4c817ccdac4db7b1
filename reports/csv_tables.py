"""Every table of a page as CSV (`<stem>_tables/NN-title.csv` beside `<stem>.html`): read
back from the rendered HTML, so each page's tables (balance report, sweep, tournament,
tuning, compare) come out the same way, cell for cell as the page shows them."""

from __future__ import annotations

import csv
import io
import re
from html.parser import HTMLParser

_SLUG = re.compile(r"[^a-z0-9]+")


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title, self.heading, self.in_heading = "", [], False
        self.tables: list[tuple[str, list[list[str]]]] = []
        self.rows: list[list[str]] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag in ("h2", "h3") and self.rows is None:
            self.in_heading, self.heading = True, []
        elif tag == "table":
            self.rows = []
        elif tag == "tr" and self.rows is not None:
            self.rows.append([])
        elif tag in ("td", "th") and self.rows is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("h2", "h3") and self.in_heading:
            self.in_heading = False
            self.title = " ".join("".join(self.heading).split())
        elif tag in ("td", "th") and self.cell is not None and self.rows:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table" and self.rows is not None:
            self.tables.append((self.title, [r for r in self.rows if r]))
            self.rows = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        elif self.in_heading:
            self.heading.append(data)


def tables_from_html(html: str) -> dict[str, bytes]:
    """File name -> CSV bytes (UTF-8), one per <table>, named by its heading."""
    p = _Tables()
    p.feed(html)
    out = {}
    for i, (title, rows) in enumerate(p.tables, 1):
        slug = _SLUG.sub("-", title.lower()).strip("-")[:80] or "table"
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(rows)
        out[f"{i:02d}-{slug}.csv"] = buf.getvalue().encode("utf-8")
    return out
