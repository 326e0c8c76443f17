/*
 * tests/bench/sync_delay.c - a disk of known flush latency, for the games
 * benchmark (bench_games.sh with SYNC_US=N): an LD_PRELOAD library that
 * makes every flush to stable storage take SYNC_US microseconds of wall
 * time and no CPU, on top of what the real call costs.  With the data on
 * tmpfs (where the real flushes cost nothing) both the LMDB commit loop
 * and the daemon then meet the same disk, whatever the machine's own disk
 * is doing: fdatasync(), fsync(), msync(MS_SYNC) and each write to a file
 * opened with O_DSYNC or O_SYNC (LMDB writes its meta page so) are delayed.
 * Not part of the daemon; built by the benchmark only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

static long delay_us(void)
{
    static long us = -1;
    if (us < 0) {
        const char *s = getenv("SYNC_US");
        us = s ? atol(s) : 0;
    }
    return us;
}

static void wait_disk(void)
{
    long us = delay_us();
    struct timespec t = {us / 1000000, (us % 1000000) * 1000};
    if (us > 0)
        while (clock_nanosleep(CLOCK_MONOTONIC, 0, &t, &t) != 0)
            ;
}

static int synced_fd(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl >= 0 && (fl & (O_DSYNC | O_SYNC));
}

#define REAL(name) \
    static __typeof__(name) *real; \
    if (!real) \
        real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name)

int fdatasync(int fd)
{
    REAL(fdatasync);
    int rc = real(fd);
    wait_disk();
    return rc;
}

int fsync(int fd)
{
    REAL(fsync);
    int rc = real(fd);
    wait_disk();
    return rc;
}

int msync(void *addr, size_t len, int flags)
{
    REAL(msync);
    int rc = real(addr, len, flags);
    if (flags & MS_SYNC)
        wait_disk();
    return rc;
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    REAL(pwrite);
    ssize_t rc = real(fd, buf, n, off);
    if (synced_fd(fd))
        wait_disk();
    return rc;
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t off)
{
    REAL(pwrite64);
    ssize_t rc = real(fd, buf, n, off);
    if (synced_fd(fd))
        wait_disk();
    return rc;
}

ssize_t write(int fd, const void *buf, size_t n)
{
    REAL(write);
    ssize_t rc = real(fd, buf, n);
    if (synced_fd(fd))
        wait_disk();
    return rc;
}
