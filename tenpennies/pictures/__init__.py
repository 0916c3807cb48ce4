"""The pictures: where things sit on a table (layout) and the SVG drawn from it."""
