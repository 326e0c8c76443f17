/* wb_err.c - descriptions and stable names of the project-wide error codes. */
#include "wb_err.h"

static const struct {
    const char *name;
    const char *text;
} errtab[WB_ERR_COUNT_] = {
    [WB_OK] = {"ok", "success"},
    [WB_ENOMEM] = {"out_of_memory", "out of memory"},
    [WB_EINVAL] = {"invalid", "invalid argument"},
    [WB_EUTF8] = {"bad_utf8", "input is not valid UTF-8"},
    [WB_ENOTWORD] = {"bad_word", "input is not a word made of letters"},
    [WB_ENOTFOUND] = {"not_found", "not found"},
    [WB_EEXIST] = {"exists", "already exists"},
    [WB_EIO] = {"io_error", "file system error"},
    [WB_ESTORE] = {"storage_error", "storage error"},
    [WB_ECORRUPT] = {"corrupt", "stored data is corrupt or of another format"},
    [WB_ETOOBIG] = {"too_big", "size limit exceeded"},
    [WB_EFULL] = {"full", "capacity exhausted"},
    [WB_ECONFLICT] = {"conflict", "conflicting or stale state"},
    [WB_EDATA] = {"missing_data", "source data is missing"},
    [WB_EILLEGAL] = {"illegal_action", "the rules do not allow this action now"},
    [WB_ENOTTURN] = {"not_your_turn", "this seat may not act now"},
    [WB_EAUTH] = {"unauthorized", "a token is needed"},
    [WB_EFORBIDDEN] = {"forbidden", "this token does not allow that"},
    [WB_ESTALE] = {"stale_version", "the version given is not the current one"},
    [WB_ELIMIT] = {"match_limit", "the daemon holds as many live matches as it may"},
};

const char *wb_strerror(int err)
{
    if (err < 0 || err >= WB_ERR_COUNT_)
        return "unknown error";
    return errtab[err].text;
}

const char *wb_errname(int err)
{
    if (err < 0 || err >= WB_ERR_COUNT_)
        return "unknown";
    return errtab[err].name;
}
