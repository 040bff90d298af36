"""A layered drawing of one connected graph, by grandalf's Sugiyama layout: boxes' sizes and the ways
between them in, each box's centre and the bends of each way out.

The one module that imports grandalf (it has no type hints; everything it gives is turned into plain
typed values here). A layered layout is what a map of exits wants: the first room at the top, each room
a layer under the room it is reached from, the ways crossing each other as little as the layout can
manage. grandalf keeps the order it is given, except for the edge sets of its ``Graph``, whose order
follows the objects' addresses in memory: so the graph is built here as one component (``graph_core``)
from nodes and edges in the caller's order, and the same input gives the same drawing in every process.
Checked against grandalf 0.8.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from grandalf.graphs import Edge, Vertex, graph_core  # type: ignore[import-untyped]
from grandalf.layouts import SugiyamaLayout  # type: ignore[import-untyped]

Point = tuple[float, float]


@dataclass(frozen=True)
class Node:
    """A box to place: its name and size."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Drawing:
    """Where the layout put everything, y growing downwards from 0 at the top, x from 0 at the left."""

    centres: dict[str, Point]
    bends: dict[tuple[str, str], tuple[Point, ...]]
    """For each edge (upper, lower), the points it passes between the two boxes' centres."""
    width: float
    height: float


class _View:
    """What grandalf reads a box's size from and writes its place and an edge's path to."""

    def __init__(self, width: float = 0.0, height: float = 0.0) -> None:
        self.w, self.h = width, height
        self.xy: Point = (0.0, 0.0)
        self.path: list[Point] = []

    def setpath(self, points: list[Point]) -> None:
        self.path = [(float(x), float(y)) for x, y in points]


def layered(nodes: Sequence[Node], edges: Sequence[tuple[str, str]], *, xspace: float, yspace: float) -> Drawing:
    """Lay out the connected graph of *nodes* and *edges*, each edge from an upper node to a lower one
    (the edges must make no cycle: the caller orients them), *xspace* between boxes of a layer and
    *yspace* between layers. Every node of a layer has its centre at the layer's height; an edge that
    spans layers bends once in each layer between its ends, at a place kept free for it."""
    vertices = {node.name: Vertex(node.name) for node in nodes}
    for node in nodes:
        vertices[node.name].view = _View(node.width, node.height)
    links = [Edge(vertices[a], vertices[b]) for a, b in edges]
    for link in links:
        link.view = _View()
    graph = graph_core(list(vertices.values()), links)
    sugiyama = SugiyamaLayout(graph)
    sugiyama.xspace, sugiyama.yspace = xspace, yspace
    # a long edge's stand-in in each layer it crosses: as narrow as a line, not as wide as a box
    sugiyama.dw = 2.0
    sugiyama.init_all(roots=[v for v in graph.sV if not v.e_in()], inverted_edges=[])
    sugiyama.draw(N=3.5)
    centres = {node.name: _point(vertices[node.name].view.xy) for node in nodes}
    bends = {(a, b): tuple(link.view.path[1:-1]) for (a, b), link in zip(edges, links, strict=True)}
    left = min(x - node.width / 2 for node, (x, _) in zip(nodes, centres.values(), strict=True))
    top = min(y - node.height / 2 for node, (_, y) in zip(nodes, centres.values(), strict=True))
    points = [p for path in bends.values() for p in path]
    left = min([left, *(x for x, _ in points)])
    top = min([top, *(y for _, y in points)])
    centres = {name: (x - left, y - top) for name, (x, y) in centres.items()}
    bends = {edge: tuple((x - left, y - top) for x, y in path) for edge, path in bends.items()}
    right = max(centres[node.name][0] + node.width / 2 for node in nodes)
    bottom = max(centres[node.name][1] + node.height / 2 for node in nodes)
    points = [p for path in bends.values() for p in path]
    return Drawing(centres, bends, max([right, *(x for x, _ in points)]), max([bottom, *(y for _, y in points)]))


def _point(xy: Sequence[float]) -> Point:
    return (float(xy[0]), float(xy[1]))
