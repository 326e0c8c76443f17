/*
 * check_fast.h - POST /v1/wibbell/check without building JSON trees.
 *
 * Private to api/.  The common request (a small object of plain ASCII
 * strings: word, cards, used, dictionary) is parsed in place and the
 * verdict written straight into the response body, byte for byte what
 * the Jansson path (h_dict.c) writes.  Anything else (escapes, non-ASCII,
 * other keys, another Content-Type, any error) is left to that path, so
 * every error answer stays as it is.
 */
#ifndef CHECK_FAST_H
#define CHECK_FAST_H

#include "api_int.h"

/* Answer `r` if it is the common case: 1 when answered, 0 to take the
 * general path (nothing set in `r` then). */
int api_check_fast(api_req *r);

#endif
