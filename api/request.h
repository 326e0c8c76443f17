/*
 * request.h - the part of request.c that server.c shares with it: the
 * state of a deferred answer.  Private to api/; it knows libmicrohttpd's
 * connection only by name, and handlers see api_wait only as the opaque
 * type of api_int.h.
 */
#ifndef API_REQUEST_H
#define API_REQUEST_H

#include <pthread.h>
#include <stdatomic.h>

#include "api_int.h"

struct MHD_Connection;

/* A deferred answer (api_defer, api_resume): one per connection, in the
 * server's closure of it. */
struct api_wait {
    pthread_mutex_t mu;
    struct MHD_Connection *c;
    atomic_uint *pending; /* the server's count of answers deferred, not resumed */
    int deferred;  /* the handler deferred its answer */
    int done;      /* the answer is in the request */
    int suspended; /* the connection waits for it */
};

#endif
