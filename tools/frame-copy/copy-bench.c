// SPDX-License-Identifier: GPL-3.0-or-later
// The 4K frame's trip to the X server, without the app: a 33 MB image (3840×2160×4) written to a
// Unix socket whose other end a reader process drains, once every 16 ms, as cairo's xlib backend
// writes a frame with no shared memory. Prints each write's time (p50 / p99 / max, and how many
// took over 15 ms).
//
//   cc -O2 -o /tmp/copy-bench tools/frame-copy/copy-bench.c
//   /tmp/copy-bench FRAMES FRESH WRITER_CPU READER_CPU
//
// FRESH 1 maps and fills a new image before each write and unmaps it after (fresh pages every
// frame), 0 writes the same image every time. A CPU of -1 leaves the process where the scheduler
// puts it. See README.md for what it showed.
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void pin(int cpu)
{
    if (cpu < 0) return;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    sched_setaffinity(0, sizeof set, &set);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s FRAMES FRESH WRITER_CPU READER_CPU\n", argv[0]);
        return 2;
    }
    const size_t bytes = 3840 * 2160 * 4;
    int frames = atoi(argv[1]), fresh = atoi(argv[2]);
    if (frames < 1 || frames > 100000) return 2;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 1;
    pid_t reader = fork();
    if (reader == 0) {
        // The X server's side: reads the requests in 64 KiB pieces.
        pin(atoi(argv[4]));
        close(sv[0]);
        char *buffer = malloc(1 << 16);
        while (read(sv[1], buffer, 1 << 16) > 0) {}
        _exit(0);
    }
    close(sv[1]);
    pin(atoi(argv[3]));
    char *image = fresh ? NULL : malloc(bytes);
    if (image) memset(image, 2, bytes);
    double *times = calloc(frames, sizeof *times);
    for (int i = 0; i < frames; i++) {
        if (fresh) {
            image = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (image == MAP_FAILED) return 1;
            memset(image, 2, bytes);
        }
        double start = now_ms();
        for (size_t sent = 0; sent < bytes;) {
            ssize_t wrote = write(sv[0], image + sent, bytes - sent);
            if (wrote <= 0) return 1;
            sent += (size_t)wrote;
        }
        times[i] = now_ms() - start;
        if (fresh) munmap(image, bytes);
        usleep(16000);
    }
    close(sv[0]);
    waitpid(reader, NULL, 0);
    int slow = 0;
    for (int i = 0; i < frames; i++) slow += times[i] > 15;
    qsort(times, frames, sizeof *times, by_value);
    printf("%d writes of 33 MB: p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d over 15 ms\n", frames,
           times[frames / 2], times[frames * 99 / 100], times[frames - 1], slow);
    return 0;
}
