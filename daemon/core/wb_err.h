/*
 * wb_err.h - the one project-wide error enum.
 *
 * Every module returns these codes; foreign codes (LMDB, ICU, Hunspell,
 * errno) are translated at the edge of the module that calls the foreign
 * library.  The mapping from a code to an HTTP status and a problem `code`
 * lives in one table in api/.
 */
#ifndef WB_ERR_H
#define WB_ERR_H

typedef enum wb_err {
    WB_OK = 0,
    WB_ENOMEM,     /* out of memory */
    WB_EINVAL,     /* invalid argument or malformed input */
    WB_EUTF8,      /* input is not valid UTF-8 */
    WB_ENOTWORD,   /* input is not a single word of letters */
    WB_ENOTFOUND,  /* no such key, dictionary or object */
    WB_EEXIST,     /* already exists */
    WB_EIO,        /* file system error */
    WB_ESTORE,     /* storage (LMDB) error */
    WB_ECORRUPT,   /* stored data does not have the expected shape */
    WB_ETOOBIG,    /* a size limit was exceeded */
    WB_EFULL,      /* storage or capacity is full */
    WB_ECONFLICT,  /* stale version or conflicting state */
    WB_EDATA,      /* source data (dictionaries, word lists) missing */
    WB_EILLEGAL,   /* a game action the rules do not allow now */
    WB_ENOTTURN,   /* a game action from a seat that may not act now */
    WB_EAUTH,      /* no credentials where they are needed */
    WB_EFORBIDDEN, /* credentials that do not allow this */
    WB_ESTALE,     /* the caller's version is not the current one */
    WB_ELIMIT,     /* a configured cap is reached (live matches) */
    WB_ERR_COUNT_
} wb_err;

/* A static, human-readable description of `err`; never NULL. */
const char *wb_strerror(int err);

/* The stable machine-readable name of `err` ("not_found", ...); never NULL. */
const char *wb_errname(int err);

#endif
