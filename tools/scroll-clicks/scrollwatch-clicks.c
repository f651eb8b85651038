/*
 * scrollwatch - launch a viewer on an X display, let it settle, then scroll it
 * with the mouse wheel at a steady rate and time how soon the screen answers
 * each wheel click (input-to-paint latency).
 *
 * Build: gcc -O2 -o scrollwatch scrollwatch.c -lX11 -lXdamage -lXtst
 *
 * Usage: scrollwatch [-n CLICKS] [-i MS] [-b BUTTON] [-w SETTLE_MS] [-t SEC] -- program args...
 *   -n   wheel clicks to send (default 120)
 *   -i   interval between clicks, ms (default 33: 30 clicks a second)
 *   -b   X button: 5 = wheel down (default), 4 = up
 *   -w   settle: start scrolling after this long without drawing (default 1500)
 *   -t   give up waiting for the first drawing after SEC seconds (default 30)
 *
 * How it works: an XDamage object on the root window (Xvfb is not composited,
 * so every drawing damages the root) records the X server timestamp of each
 * drawing; the X server's clock is CLOCK_MONOTONIC in ms, the same clock we
 * read when sending each click with XTest.  The latency of a click is the time
 * from sending it to the first drawing after it; a click is "unanswered" when
 * no drawing came before the next click was sent (for the last click: within
 * 500 ms).  Prints "key value" lines: clicks, answered, unanswered, p50_ms,
 * p90_ms, p99_ms, max_ms, then "lat <ms>" for each answered click.
 *
 * This copy (tools/scroll-clicks) also prints "click <k> <sent ms> <first damage ms or -1>" for
 * every click, on CLOCK_MONOTONIC, to line the slow clicks up with the app's frame log.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int damage_base;
static double last_damage_ms = -1;
static double threshold_ms = 1e300, first_after_ms = -1; /* first damage at or after the threshold */

/* drain pending events; remember the X timestamp of the latest damage */
static int drain(Display *d) {
    int seen = 0;
    while (XPending(d)) {
        XEvent ev;
        XNextEvent(d, &ev);
        if (ev.type == damage_base + XDamageNotify) {
            XDamageNotifyEvent *de = (XDamageNotifyEvent *)&ev;
            last_damage_ms = (double)de->timestamp;
            if (first_after_ms < 0 && last_damage_ms >= threshold_ms) first_after_ms = last_damage_ms;
            seen = 1;
        }
    }
    return seen;
}

/* wait up to ms for damage; returns 1 if some arrived */
static int wait_damage(Display *d, double ms) {
    double end = now_ms() + ms;
    struct pollfd p = {.fd = ConnectionNumber(d), .events = POLLIN};
    for (;;) {
        if (drain(d)) return 1;
        double left = end - now_ms();
        if (left <= 0) return 0;
        poll(&p, 1, (int)(left + 1));
    }
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double pct(double *v, int n, double q) {
    if (n == 0) return -1;
    int i = (int)(q * (n - 1) + 0.5);
    return v[i];
}

int main(int argc, char **argv) {
    int clicks = 120, interval = 33, button = 5, settle = 1500, timeout = 30, c;
    while ((c = getopt(argc, argv, "n:i:b:w:t:")) != -1) {
        switch (c) {
        case 'n': clicks = atoi(optarg); break;
        case 'i': interval = atoi(optarg); break;
        case 'b': button = atoi(optarg); break;
        case 'w': settle = atoi(optarg); break;
        case 't': timeout = atoi(optarg); break;
        default: fprintf(stderr, "usage: scrollwatch [-n N] [-i MS] [-b B] [-w MS] [-t S] -- prog...\n"); return 2;
        }
    }
    if (optind >= argc) { fprintf(stderr, "scrollwatch: no program\n"); return 2; }
    Display *d = XOpenDisplay(NULL);
    if (!d) { fprintf(stderr, "scrollwatch: cannot open display\n"); return 1; }
    int err;
    if (!XDamageQueryExtension(d, &damage_base, &err)) { fprintf(stderr, "no XDamage\n"); return 1; }
    Window root = DefaultRootWindow(d);
    XDamageCreate(d, root, XDamageReportRawRectangles);
    XSync(d, False);

    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
        execvp(argv[optind], argv + optind);
        _exit(127);
    }
    setpgid(pid, pid);

    /* first drawing, then settle */
    if (!wait_damage(d, timeout * 1000.0)) { fprintf(stderr, "scrollwatch: nothing drawn\n"); kill(-pid, SIGKILL); return 1; }
    double start = now_ms();
    while (wait_damage(d, settle)) {
        if (now_ms() - start > timeout * 1000.0) break;
    }

    int sw = DisplayWidth(d, DefaultScreen(d)), sh = DisplayHeight(d, DefaultScreen(d));
    XTestFakeMotionEvent(d, -1, sw / 2, sh / 2, CurrentTime);
    XSync(d, False);
    wait_damage(d, 300);

    double *sent = calloc(clicks, sizeof(double));
    double *lat = calloc(clicks, sizeof(double));
    double *firsts = calloc(clicks, sizeof(double));
    int answered = 0;
    for (int k = 0; k < clicks; k++) {
        drain(d);
        sent[k] = now_ms();
        threshold_ms = sent[k] - 1;
        first_after_ms = -1;
        XTestFakeButtonEvent(d, button, True, CurrentTime);
        XTestFakeButtonEvent(d, button, False, CurrentTime);
        XFlush(d);
        double next = sent[k] + (k + 1 < clicks ? interval : 500);
        while (now_ms() < next) wait_damage(d, next - now_ms());
        double first = first_after_ms;
        firsts[k] = first;
        if (first >= 0) lat[answered++] = first - sent[k] < 0 ? 0 : first - sent[k];
    }
    double *sorted = malloc(sizeof(double) * (answered ? answered : 1));
    memcpy(sorted, lat, sizeof(double) * answered);
    qsort(sorted, answered, sizeof(double), cmp);
    printf("clicks %d\nanswered %d\nunanswered %d\n", clicks, answered, clicks - answered);
    printf("p50_ms %.1f\np90_ms %.1f\np99_ms %.1f\nmax_ms %.1f\n", pct(sorted, answered, 0.5),
           pct(sorted, answered, 0.9), pct(sorted, answered, 0.99), answered ? sorted[answered - 1] : -1);
    for (int k = 0; k < answered; k++) printf("lat %.1f\n", lat[k]);
    for (int k = 0; k < clicks; k++) printf("click %d %.1f %.1f\n", k, sent[k], firsts[k]);
    kill(-pid, SIGTERM);
    usleep(300000);
    kill(-pid, SIGKILL);
    waitpid(pid, NULL, 0);
    return 0;
}
