/*
 * wb_paths.h - where wibbelld keeps its data when not told otherwise.
 */
#ifndef WB_PATHS_H
#define WB_PATHS_H

/* The default data directory, as a new string the caller frees:
 * $WIBBELLD_DATA_DIR, else $XDG_DATA_HOME/wibbelld, else
 * $HOME/.local/share/wibbelld, else ./wibbelld-data.  Works without root. */
char *wb_default_data_dir(void);

/* Create `path` and its missing parents (mode 0755).  WB_OK or WB_EIO. */
int wb_mkdirs(const char *path);

#endif
