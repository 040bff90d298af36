"""The session packet: every part rendered (in workers, from the cache), merged with pypdf."""
