"""The node: the only room with sockets, clocks and files."""
