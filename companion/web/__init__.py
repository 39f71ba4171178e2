"""The web layer: thin routes that translate HTTP to service calls."""
