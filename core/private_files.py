"""Files only the panel's own system user may read, whatever the umask: the SQLite database
(password hashes, residents' addresses), the development mail folder's .eml files (live
password-reset links) and the payload inside a backup archive. Files are created 0600, the
folders made for them 0700.

SQLite creates the database's -wal and -shm files with the database file's own mode, so a
database created 0600 keeps them 0600 too. Files and folders that already exist are left as the
operator made them (docs/deployment.md says how to tighten an older installation's).
"""

import os
from pathlib import Path

FILE_MODE = 0o600
FOLDER_MODE = 0o700


def private_folder(path):
    """The folder `path`, with every missing folder on the way created 0700."""
    path = Path(path)
    missing, folder = [], path
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=FOLDER_MODE)
        except FileExistsError:  # made meanwhile by another process
            pass
    return path


def create_private_file(path):
    """Creates `path` empty and 0600 (and its folders 0700) unless it exists."""
    path = Path(path)
    private_folder(path.parent)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass
    return path


def write_private_file(path, data):
    """Writes the new file `path` (never an existing one) 0600."""
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE), "wb") as file:
        file.write(data)
