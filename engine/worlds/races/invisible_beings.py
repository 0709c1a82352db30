"""Invisible Beings (A): their tokens are not on the map; their owner writes down where
they are (rules 003). Their births (at the genesis of their world's controller) go to the
owner's secret page; he moves them in secret after his migration and commits the page;
they are opened where they matter: on a world where a conflict starts, or when their
owner brings them into view to take a world. The steps are engine.worlds.unseen; this
module only registers the race (it has no hook: it is the world's native race that the
genesis and the steps look for). Over the network the page is the card protocol's
(protocol/pages.py: committed world by world, opened world by world, audited at the
end); docs/worlds-rules.md, choice 45."""

from __future__ import annotations

from . import Race, register


@register
class InvisibleBeings(Race):
    key = "invisible_beings"
