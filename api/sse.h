/*
 * sse.h - the part of sse.c that server.c calls: it knows libmicrohttpd,
 * so only server.c and sse.c include it.
 *
 * A hub holds the event streams of one server: it counts them against the
 * cap, wakes idle ones for heartbeats from one thread of its own, and ends
 * them all when the server stops.  A stream's body comes from a content
 * reader that suspends the connection (MHD_suspend_connection) when there
 * is nothing to send; the match store's subscription callback, the
 * heartbeat thread and the shutdown resume it.  No worker thread ever
 * waits for an event, so open streams cost no threads.
 */
#ifndef API_SSE_H
#define API_SSE_H

#include <microhttpd.h>

#include "api_int.h"

#define API_SSE_MAX_DEFAULT 256u      /* open streams per server */
#define API_SSE_HEARTBEAT_DEFAULT 15u /* seconds between keep-alive comments */

/* Create the hub of a server serving `ms` (borrowed): at most
 * `max_streams` open streams, a comment every `heartbeat_s` seconds on an
 * idle stream.  Starts the heartbeat thread.  WB_OK, or WB_EIO when the
 * thread cannot start. */
int api_sse_hub_create(match_store *ms, unsigned max_streams, unsigned heartbeat_s,
                       api_sse_hub **out);

/* Refuse new streams and end the open ones: each sends what it has and
 * closes, and no connection stays suspended.  Call before
 * MHD_stop_daemon(), which must not find a suspended connection. */
void api_sse_hub_shutdown(api_sse_hub *h);

/* Free the hub once the MHD daemon has stopped (every stream closed).
 * NULL accepted. */
void api_sse_hub_destroy(api_sse_hub *h);

/* The response that sends stream `st` (taken from a request's r->stream)
 * on connection `c`.  On NULL (out of memory) the stream was released. */
struct MHD_Response *api_sse_response(api_stream *st, struct MHD_Connection *c);

/* The request carrying `st` completed (MHD's completion callback): stop
 * its subscription and forget it.  The memory goes with the response. */
void api_sse_close(api_stream *st);

#endif
