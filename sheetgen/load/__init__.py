"""Read and check the input files: YAML in, validated models (or every problem at once) out."""
