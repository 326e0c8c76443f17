/*
 * wb_paths.h - where wibbelld keeps its data when not told otherwise, and
 * making it.  The one place for both: the daemon (daemon/config.c,
 * daemon/main.c), wibbell-dict and the stores below them use these.
 */
#ifndef WB_PATHS_H
#define WB_PATHS_H

/* The default data directory, as a new string the caller frees:
 * $WIBBELLD_DATA_DIR when set and not empty, else $XDG_DATA_HOME/wibbelld
 * when XDG_DATA_HOME is an absolute path (the XDG spec ignores relative
 * ones), else $HOME/.local/share/wibbelld when HOME is set and not empty.
 * NULL when none of them is: there is no home to put it in, and the
 * caller asks for --data-dir.  Works without root. */
char *wb_default_data_dir(void);

/* mkdir -p: create `path` and its missing parents (mode 0755).  WB_OK
 * when `path` is a directory afterwards (made now or before); WB_EIO
 * with errno set when it cannot be made or is something else (ENOTDIR:
 * a file is in the way; ENOENT: an empty path). */
int wb_mkdirs(const char *path);

#endif
