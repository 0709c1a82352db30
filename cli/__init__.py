"""The cosmic command line: the `cosmic` entry point and its subcommands."""
