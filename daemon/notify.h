/*
 * notify.h - telling a service manager how the daemon is doing.
 *
 * systemd's notification protocol (sd_notify(3), "Type=notify"), without
 * libsystemd: when $NOTIFY_SOCKET names a unix datagram socket (a path, or
 * "@name" for the abstract namespace), each state is one datagram of
 * newline-separated VAR=value lines sent to it.  wibbelld sends
 * "READY=1" once it is listening, "STATUS=..." while it builds a
 * dictionary, and "STOPPING=1" when it begins to shut down.  Without
 * $NOTIFY_SOCKET every call does nothing.
 */
#ifndef NOTIFY_H
#define NOTIFY_H

/* Send `state` ("READY=1", "STOPPING=1", "STATUS=text") to $NOTIFY_SOCKET.
 * Returns 1 when sent, 0 when there is no socket to send to, -1 on an
 * error (errno set; the daemon goes on: a manager that cannot be told is
 * not a reason to stop serving). */
int notify_send(const char *state);

#endif
