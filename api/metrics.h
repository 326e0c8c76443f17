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

/* A route's label by its index (api_req.route - 1): its method ("GET") or
 * its path pattern ("/v1/games/{}"), a static string. */
typedef const char *(*api_route_name_fn)(size_t i);

/* A zeroed set of counters for `nroutes` routes (at most 64 are counted
 * apart), labelled by method(i) and path(i), which are called here only:
 * the server hands over the router's names (api_route_method,
 * api_route_path), so the counters need not call up into the router. */
api_metrics *api_metrics_create(size_t nroutes, api_route_name_fn method, api_route_name_fn path);
void api_metrics_destroy(api_metrics *m);

/* Count one answer: `route` as api_req.route (0: no route), its HTTP
 * status and the nanoseconds from the request line to the answer queued.
 * Any thread; lock-free. */
void api_metrics_count(api_metrics *m, unsigned route, unsigned status, uint64_t ns);

#endif
