"""The product's name and release, in a module of their own that imports nothing: the modules
that name them (the OpenAPI document, the shell's configuration, backups) import it, never the
package `smogpanel`, whose `main` builds the app from those same modules."""

__version__ = "3.8.0"
PRODUCT = "Smogpanel"
