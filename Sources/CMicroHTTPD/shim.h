#ifndef SLEEVESCAN_CMICROHTTPD_SHIM_H
#define SLEEVESCAN_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <stddef.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

/* MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call:
   these fixed-argument wrappers pass the options the status server uses. */

/// Starts a daemon with its own polling thread (epoll/poll chosen by MHD_USE_AUTO) on
/// `address` (IPv4, port inside; port 0 picks a free one). Every limit is explicit:
/// a slow or hostile client runs into one of them instead of into the station.
static inline struct MHD_Daemon *sleevescan_mhd_start(
    const struct sockaddr_in *address,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    MHD_NotifyConnectionCallback notify, void *notify_context,
    unsigned int connection_limit, unsigned int per_ip_limit,
    unsigned int timeout_seconds, size_t memory_limit, unsigned int threads)
{
    unsigned int flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD;
    return MHD_start_daemon(flags, ntohs(address->sin_port), NULL, NULL, handler, handler_context,
        MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_NOTIFY_CONNECTION, notify, notify_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_END);
}

/// The port the daemon listens on (the one the system chose when asked for port 0).
static inline uint16_t sleevescan_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// The socket of a connection (MHD_get_connection_info is variadic), or -1.
static inline int sleevescan_mhd_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

#endif
