"""Tournament models: added with the party flow."""
