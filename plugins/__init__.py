"""Built-in domain plugins (each a pluggy plugin registered under `smogpanel.plugins`)."""
