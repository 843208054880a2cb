"""Running the panel: periodic jobs and their scheduler, backups, health and metrics."""
