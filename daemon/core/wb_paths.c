/* wb_paths.c - the default data directory and directory creation. */
#include "wb_paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "wb_err.h"
#include "wb_mem.h"

char *wb_default_data_dir(void)
{
    const char *s = getenv("WIBBELLD_DATA_DIR");
    if (s && *s)
        return wb_strdup(s);
    s = getenv("XDG_DATA_HOME");
    if (s && s[0] == '/') /* the XDG spec ignores relative paths */
        return wb_asprintf("%s/wibbelld", s);
    s = getenv("HOME");
    if (s && *s)
        return wb_asprintf("%s/.local/share/wibbelld", s);
    return NULL;
}

int wb_mkdirs(const char *path)
{
    if (!path || !*path) {
        errno = ENOENT;
        return WB_EIO;
    }
    char *p = wb_strdup(path);
    int rc = WB_OK, e = 0;
    /* each parent in turn ("a", "a/b", ...), then the whole path */
    for (char *s = p + 1; *s && !rc; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST) {
            e = errno;
            rc = WB_EIO;
        }
        *s = '/';
    }
    if (!rc && mkdir(p, 0755) != 0 && errno != EEXIST) {
        e = errno;
        rc = WB_EIO;
    }
    if (!rc) { /* EEXIST says only that something is there */
        struct stat st;
        if (stat(p, &st) != 0) {
            e = errno;
            rc = WB_EIO;
        } else if (!S_ISDIR(st.st_mode)) {
            e = ENOTDIR;
            rc = WB_EIO;
        }
    }
    free(p);
    if (rc)
        errno = e;
    return rc;
}
