/*
 * metrics.h - counters of the HTTP layer and GET /metrics (private to api/).
 *
 * Every answered request adds to three relaxed atomic counters of its route
 * (the requests by status, the latency histogram's bucket, the latency sum):
 * no lock, no allocation, a few nanoseconds.  GET /metrics reads them and
 * asks the match store, the event stream hub and the dictionaries for the
 * rest, and writes the Prometheus text format (version 0.0.4).
 */
#ifndef API_METRICS_H
#define API_METRICS_H

#include <stdint.h>

#include "api_int.h"

/* A zeroed set of counters for the routes of route.c. */
api_metrics *api_metrics_create(void);
void api_metrics_destroy(api_metrics *m);

/* Count one answer: `route` as api_req.route (0: no route), its HTTP
 * status and the nanoseconds from the request line to the answer queued.
 * Any thread; lock-free. */
void api_metrics_count(api_metrics *m, unsigned route, unsigned status, uint64_t ns);

#endif
