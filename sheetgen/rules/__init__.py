"""Built-in rule packs, one YAML file each."""
